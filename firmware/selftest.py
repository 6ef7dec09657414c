# Self-test for makers: light each space in turn (in space order, so a miswired LED shows
# up out of place) and report what every sensor channel reads, naming the space it should
# belong to. Runs without a game.
from firmware.hal import UNREADABLE


def light_one(frame, led):
    for i in range(len(frame)):
        frame[i] = 0
    frame[3 * led] = frame[3 * led + 1] = frame[3 * led + 2] = 60


def run(board_def, sensors, leds, wait_ms, out=print, n_leds=None):
    """Step through every space: light it alone, then scan and report. wait_ms(ms) pauses
    between steps (time.sleep_ms on a board, a no-op in tests). Returns the readings by
    space (tag mask, or None where the sensor is unreadable)."""
    spaces = board_def["spaces"]
    n_channels = max(sp["sensor"] for sp in spaces) + 1
    frame = bytearray(3 * (n_leds or len(spaces)))
    raw = [0] * n_channels
    readings = []
    for sp in spaces:
        light_one(frame, sp["led"])
        leds.show(frame)
        wait_ms(400)
        sensors.scan(raw)
        v = raw[sp["sensor"]]
        readings.append(None if v == UNREADABLE else v)
        out("space %2d (%2d,%2d) led %2d sensor %2d: %s" % (
            sp["id"], sp["q"], sp["r"], sp["led"], sp["sensor"],
            "UNREADABLE" if v == UNREADABLE else ("tags 0x%04x" % v if v else "empty")))
    for i in range(len(frame)):
        frame[i] = 0
    leds.show(frame)
    return readings
