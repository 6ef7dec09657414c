# The Scythe board definition is generated from the shared map data: the committed file
# must be exactly what the generator makes, with the wiring tables and the map's features.
import json
from pathlib import Path

import pytest

from firmware.rules.scythe.board import T_FACTORY, T_HOME, T_LAKE, ScytheBoard
from host_tools.views import scythe_map as mapgen_scythe

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "data" / "scythe-map.json"
MAP = ROOT / "hardware" / "maps" / "scythe.json"


@pytest.mark.skipif(not SHARED.exists(), reason="shared/ map data not beside this checkout")
def test_committed_scythe_board_file_is_what_the_generator_makes():
    made = mapgen_scythe.render(mapgen_scythe.build(json.loads(SHARED.read_text())))
    assert made == MAP.read_text()


def test_every_hex_and_home_base_has_a_distinct_sensor_and_led():
    data = json.loads(MAP.read_text())
    assert data["n_spaces"] == 54 == len(data["spaces"])
    assert sorted(sp["sensor"] for sp in data["spaces"]) == list(range(54))
    assert sorted(sp["led"] for sp in data["spaces"]) == list(range(54))


def test_led_chain_follows_rows_so_consecutive_leds_share_a_row():
    data = json.loads(MAP.read_text())
    by_led = sorted(range(54), key=lambda i: data["spaces"][i]["led"])
    rows = [data["row"][i] for i in by_led]
    assert rows == sorted(rows)


def test_board_has_the_printed_features():
    b = ScytheBoard(json.loads(MAP.read_text()))
    assert sum(1 for t in b.terrain if t == T_HOME) == 7
    assert len(b.lakes) == 7 and all(b.terrain[x] == T_LAKE for x in b.lakes)
    assert b.terrain[b.factory] == T_FACTORY
    assert len(b.tunnels) == 6
    assert len(b.encounters) == 11
    assert sum(1 for t in b.terrain if t not in (T_HOME, T_LAKE)) == 40


def test_each_home_base_borders_its_two_start_territories_by_land():
    b = ScytheBoard(json.loads(MAP.read_text()))
    for f in range(7):
        home = b.home[f]
        land = [j for j, e in b.neighbours(home) if e == 0]
        assert sorted(b.start[2 * f:2 * f + 2]) == sorted(land), f


def test_a_border_that_differs_from_its_two_sides_is_refused():
    data = json.loads(MAP.read_text())
    assert data["edges"][9 * 6] == "r"                # hex 10 east: a river to hex 11
    data["edges"] = data["edges"][:9 * 6] + "l" + data["edges"][9 * 6 + 1:]
    with pytest.raises(ValueError):
        ScytheBoard(data)


def test_neighbours_sit_in_opposite_direction_slots():
    b = ScytheBoard(json.loads(MAP.read_text()))
    for x in range(b.n_spaces):
        for d in range(6):
            y = b.adj[x * 6 + d]
            if y != 255:
                assert b.adj[y * 6 + (d + 3) % 6] == x, (x, d, y)
