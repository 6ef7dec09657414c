# The text schematic (tools/schematic.py) is generated from the pin maps: the committed
# hardware/schematic-*.txt must be exactly what it prints, and the pin maps must keep clear
# of the pins each microcontroller reserves (ESP32-S3: flash, octal PSRAM, USB, strapping).
import copy
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import schematic  # noqa: E402


def _load(name):
    return json.loads((ROOT / "hardware" / "boards" / ("%s.json" % name)).read_text())


BOARD = json.loads((ROOT / "hardware" / "maps" / "mls.json").read_text())


def test_committed_schematics_are_what_the_tool_prints():
    for name in ("pico", "esp32s3"):
        made = schematic.render(_load(name), BOARD)
        assert made == (ROOT / "hardware" / ("schematic-%s.txt" % name)).read_text()


def test_both_pin_maps_avoid_reserved_and_shared_pins():
    assert schematic.check(_load("pico")) == []
    assert schematic.check(_load("esp32s3")) == []


def test_octal_psram_pins_strapping_pins_and_doubles_are_flagged():
    pm = copy.deepcopy(_load("esp32s3"))
    pm["display"]["sda"] = 35
    pm["buttons"]["safe"] = 0
    pm["dials"][0]["a"] = pm["leds"]["pin"]
    problems = schematic.check(pm)
    assert any("GPIO 35 (display SDA) is reserved: octal flash/PSRAM" in p for p in problems)
    assert any("GPIO 0 (safe button) is reserved: strapping" in p for p in problems)
    assert any("GPIO 48 is used twice" in p for p in problems)
    pico = copy.deepcopy(_load("pico"))
    pico["leds"]["pin"] = 25
    assert any("on-board LED" in p for p in schematic.check(pico))


def test_every_space_and_camp_has_its_channel_mux_line_and_shift_register_input():
    text = schematic.render(_load("pico"), BOARD)
    for sp in BOARD["spaces"]:
        ch = sp["sensor"]
        line = [ln for ln in text.splitlines() if ln.startswith("%4d  #" % ch)][0]
        assert "mux %d Y%-2d" % (ch // 16, ch % 16) in line and "space %2d " % sp["id"] in line
        assert "LED %2d" % sp["led"] in line
    assert text.count("base camp site") == 6
    assert "74AHCT125" in text and "RFID_MISO" in text


def test_the_cli_checks_and_reports_a_missing_file_without_a_traceback(capsys):
    assert schematic.main(["--check", str(ROOT / "hardware" / "boards" / "pico.json")]) == 0
    assert schematic.main(["/nonexistent/pins.json"]) == 2
    err = capsys.readouterr().err
    assert "schematic: /nonexistent/pins.json" in err and "Traceback" not in err
