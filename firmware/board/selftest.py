# Self-test for makers: light each space, then each base camp, in turn (in space order, so a
# miswired LED shows up out of place) and report what every sensor channel reads, naming the
# place it should belong to; then show a verdict per place on its own LED: green pass, red fail, amber a
# tag that is not paired, blue a magnet seen on a board without readers. Runs without a
# game, and without a reader (LEDs and hall switches only) when none could be set up.
from firmware.hal import STACK, position, tags_at
from firmware.hal.mfrc522 import UNKNOWN_TAG

PASS = "PASS"
FAIL = "FAIL"
UNKNOWN = "UNKNOWN TAG"
MAGNET = "MAGNET"
EMPTY = "EMPTY"
COLOURS = {PASS: (0, 60, 0), FAIL: (60, 0, 0), UNKNOWN: (60, 30, 0), MAGNET: (0, 0, 60), EMPTY: (0, 60, 0)}


def verdict(tags, present, has_reader=True):
    """(verdict, why) of one space: its tags (a tuple, None when unreadable) and what its
    hall switch says (1, 0, or None when the board cannot tell)."""
    if not has_reader:
        return (MAGNET, "hall switch sees a magnet") if present else (EMPTY, "hall switch sees nothing")
    if tags is None:
        return FAIL, "the reader does not answer"
    if present is not None and bool(present) != bool(tags):
        if tags:
            return FAIL, "a tag but no magnet: hall switch, or the magnet's polarity"
        return FAIL, "a magnet but no tag: the tag, or the reader's antenna"
    if UNKNOWN_TAG in tags:
        return UNKNOWN, "a tag that is not paired"
    return PASS, ""


def light_one(frame, led):
    for i in range(len(frame)):
        frame[i] = 0
    frame[3 * led] = frame[3 * led + 1] = frame[3 * led + 2] = 60


def run(board_def, sensors, leds, wait_ms, out=print, n_leds=None, stack=STACK, verdicts=None):
    """Step through every space, then every camp: light it alone, then scan and report.
    wait_ms(ms) pauses between steps (time.sleep_ms on a board, a no-op in tests). Returns
    the readings by place (spaces in order, then camps: a tuple of tags, or None where the
    sensor is unreadable); `verdicts`, a list, gets each place's verdict."""
    spaces = board_def["spaces"]
    frame = bytearray(3 * (n_leds or len(spaces)))
    # The base camps too, where the pin map gives them channels and LEDs (hardware/wiring.md).
    n_sensed = getattr(sensors, "n", 0)
    camps = [c for c in board_def.get("camps", ()) if "sensor" in c and c["sensor"] < n_sensed
             and 3 * c["led"] < len(frame)]
    places = spaces + camps
    n_channels = max(sp["sensor"] for sp in places) + 1
    raw = position(n_channels, stack)
    check = getattr(sensors, "check", None)     # the real board: read this space's tags now
    has_reader = getattr(sensors, "reader", True) is not None
    readings = []
    results = []
    for sp in places:
        light_one(frame, sp["led"])
        leds.show(frame)
        wait_ms(400)
        sensors.scan(raw)
        present = check(sp["sensor"], raw) if check is not None else None
        v = tags_at(raw, sp["sensor"], stack)
        readings.append(v)
        res, why = verdict(v, present, has_reader)
        results.append(res)
        if has_reader:
            seen = "UNREADABLE" if v is None else ("tags " + " ".join(str(t) for t in v) if v else "empty")
        else:
            seen = "no reader"
        where = ("space %2d (%2d,%2d)" % (sp["id"], sp["q"], sp["r"]) if "id" in sp
                 else "camp  %d        " % sp["site"])
        out("%s led %2d sensor %2d: %s%s  %s%s" % (
            where, sp["led"], sp["sensor"], seen,
            "" if present is None else ", hall %d" % present, res, (": " + why) if why else ""))
    for i in range(len(frame)):
        frame[i] = 0
    for sp, res in zip(places, results):
        r, g, b = COLOURS[res]
        o = 3 * sp["led"]
        frame[o] = r
        frame[o + 1] = g
        frame[o + 2] = b
    leds.show(frame)
    failed = sum(1 for r in results if r == FAIL)
    what = "spaces and camps" if camps else "spaces"
    red = "" if not failed else "; red %s failed" % ("places" if camps else "spaces")
    out("Self-test: %d of %d %s pass%s." % (len(places) - failed, len(places), what, red))
    wait_ms(10000)                               # the verdicts stay lit for 10 s
    for i in range(len(frame)):
        frame[i] = 0
    leds.show(frame)
    if verdicts is not None:
        verdicts.extend(results)
    return readings
