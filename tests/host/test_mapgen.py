# The board definition the firmware loads is generated from the shared map data: the
# committed file must be exactly what the generator makes, and carry the wiring tables.
import json
from pathlib import Path

import pytest

from host_tools.views import mls_map as mapgen

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "mls-map.json"


@pytest.mark.skipif(not SHARED.exists(), reason="shared/ map data not beside this checkout")
def test_committed_board_file_is_what_the_generator_makes():
    made = mapgen.render(mapgen.build(json.loads(SHARED.read_text())))
    assert made == (ROOT / "hardware" / "maps" / "mls.json").read_text()


def test_every_space_has_a_distinct_sensor_channel_and_led():
    board = json.loads((ROOT / "hardware" / "maps" / "mls.json").read_text())
    spaces = board["spaces"]
    assert sorted(s["sensor"] for s in spaces) == list(range(37))
    assert sorted(s["led"] for s in spaces) == list(range(37))
    # The wiring order differs from the map order (that is why the tables exist).
    assert [s["led"] for s in spaces] != list(range(37))
    assert [s["sensor"] for s in spaces] != [s["led"] for s in spaces]


def test_led_chain_is_serpentine_so_consecutive_leds_are_neighbours():
    board = json.loads((ROOT / "hardware" / "maps" / "mls.json").read_text())
    by_led = sorted(board["spaces"], key=lambda s: s["led"])
    for a, b in zip(by_led, by_led[1:]):
        assert b["id"] in a["neighbours"], (a["id"], b["id"])


def test_camp_sites_face_three_spaces_of_their_corner_region():
    board = json.loads((ROOT / "hardware" / "maps" / "mls.json").read_text())
    spaces = board["spaces"]
    for camp in board["camps"]:
        assert len(camp["front"]) == 3
        assert all(spaces[i]["region"] == camp["region"] for i in camp["front"])


def test_camps_are_sensed_after_the_spaces_and_lit_after_the_status_leds():
    board = json.loads((ROOT / "hardware" / "maps" / "mls.json").read_text())
    n = len(board["spaces"])
    camps = board["camps"]
    assert [c["sensor"] for c in camps] == list(range(n, n + 6))       # channels 37-42
    assert [c["led"] for c in camps] == list(range(n + 4, n + 10))     # LEDs 41-46
    pins = json.loads((ROOT / "hardware" / "boards" / "pico.json").read_text())
    assert pins["sensors"]["channels"] == n + 6 and pins["leds"]["count"] == n + 10


def test_the_generator_gives_each_camp_site_its_own_channel_and_led():
    cells = [{"q": 0, "r": 0, "kind": "castle"}, {"q": 1, "r": 0, "kind": "region", "region": "a"}]
    shared = {"cells": cells, "regions": ["a"], "region_colours": {"a": "red"},
              "base_camp_sites_inferred": {"sites": [{"region": "a", "front": [[1, 0]]},
                                                     {"region": "a", "front": [[1, 0]]}]}}
    camps = mapgen.build(shared)["camps"]
    assert [(c["sensor"], c["led"]) for c in camps] == [(2, 6), (3, 7)]
