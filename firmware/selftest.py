# Self-test for makers: light each space in turn (in space order, so a miswired LED shows
# up out of place) and report what every sensor channel reads, naming the space it should
# belong to. Runs without a game.
from firmware.hal import STACK, position, tags_at


def light_one(frame, led):
    for i in range(len(frame)):
        frame[i] = 0
    frame[3 * led] = frame[3 * led + 1] = frame[3 * led + 2] = 60


def run(board_def, sensors, leds, wait_ms, out=print, n_leds=None, stack=STACK):
    """Step through every space: light it alone, then scan and report. wait_ms(ms) pauses
    between steps (time.sleep_ms on a board, a no-op in tests). Returns the readings by
    space (a tuple of tags, or None where the sensor is unreadable)."""
    spaces = board_def["spaces"]
    n_channels = max(sp["sensor"] for sp in spaces) + 1
    frame = bytearray(3 * (n_leds or len(spaces)))
    raw = position(n_channels, stack)
    readings = []
    for sp in spaces:
        light_one(frame, sp["led"])
        leds.show(frame)
        wait_ms(400)
        sensors.scan(raw)
        v = tags_at(raw, sp["sensor"], stack)
        readings.append(v)
        out("space %2d (%2d,%2d) led %2d sensor %2d: %s" % (
            sp["id"], sp["q"], sp["r"], sp["led"], sp["sensor"],
            "UNREADABLE" if v is None else ("tags " + " ".join(str(t) for t in v) if v else "empty")))
    for i in range(len(frame)):
        frame[i] = 0
    leds.show(frame)
    return readings
