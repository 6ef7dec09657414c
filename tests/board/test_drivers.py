# The reference drivers (RP2040 / MicroPython) and the Blinka backend, on fake hardware:
# `machine` and `neopixel` stand-ins from tests/fakes, put where the drivers import them.
# (pyright types `neopixel` from the MicroPython stubs, not the fakes:)
# pyright: reportAttributeAccessIssue=false
import json
import sys

from firmware.hal import position, tags_at
from firmware.hal.leds import NeoPixelLeds
from firmware.hal.rp2040 import MuxTagSensors, QuadratureDial, ShiftRegisterPresence, build
from tests import skip
from tests.fakes import machine
from tests.fakes import neopixel as fake_neopixel

from ..rules.support import repo_path


def _with_fakes(fn):
    """Run fn with the fake machine and neopixel modules importable (then restore)."""
    saved = {k: sys.modules.get(k) for k in ("machine", "neopixel")}
    sys.modules["machine"] = machine
    sys.modules["neopixel"] = fake_neopixel
    try:
        return fn()
    finally:
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def _pinmap(name):
    with open(repo_path("hardware/boards/%s.json" % name)) as f:
        return json.load(f)


class Chain:
    """A chain of 74HC165 shift registers: latches `present` on load, shifts one bit a clock."""

    def __init__(self, load, clock, data, present):
        self.present = present
        self.i = 0
        load.source = None
        data.source = self.bit
        self.clock = clock
        self._clock_writes = 0

    def bit(self):
        # Each rising clock (a write of 1) moves to the next bit.
        ups = sum(1 for v in self.clock.writes if v == 1)
        i = ups % len(self.present)
        return 0 if self.present[i] else 1


class Reader:
    def __init__(self, select, enables, tags_by_channel):
        self.select = select
        self.enables = enables
        self.tags = tags_by_channel
        self.reads = 0

    def read_tags(self, buf):
        self.reads += 1
        line = sum(self.select[b].v << b for b in range(4))
        mux = [m for m in range(len(self.enables)) if self.enables[m].v == 0][0]
        tags = self.tags.get(16 * mux + line, ())
        if tags is None:
            return -1
        for i, t in enumerate(tags):
            buf[i] = t
        return len(tags)


def test_shift_register_presence_reads_every_switch():
    Pin = machine.Pin
    load, clock, data = Pin(2, Pin.OUT), Pin(3, Pin.OUT), Pin(4, Pin.IN)
    present = [1 if i in (0, 5, 36) else 0 for i in range(37)]
    Chain(load, clock, data, present)
    out = bytearray(37)
    ShiftRegisterPresence(load, clock, data, 37).read(out)
    assert [i for i in range(37) if out[i]] == [0, 5, 36]


def test_identity_is_read_only_where_presence_changed():
    Pin = machine.Pin
    load, clock, data = Pin(2, Pin.OUT), Pin(3, Pin.OUT), Pin(4, Pin.IN)
    present = [0] * 37
    present[20] = 1
    present[33] = 1
    Chain(load, clock, data, present)
    select = [Pin(6 + b, Pin.OUT) for b in range(4)]
    enables = [Pin(10 + m, Pin.OUT) for m in range(3)]
    reader = Reader(select, enables, {20: (1, 0), 33: None})
    sensors = MuxTagSensors(select, enables, reader, ShiftRegisterPresence(load, clock, data, 37), 37)
    out = position(37)
    sensors.scan(out)
    assert tags_at(out, 20) == (0, 1) and tags_at(out, 33) is None and tags_at(out, 0) == ()
    reads = reader.reads
    sensors.scan(out)
    assert reader.reads == reads          # nothing changed: no slow identity read
    assert tags_at(out, 20) == (0, 1)


def test_quadrature_dial_counts_eight_positions_and_reads_the_push():
    Pin = machine.Pin
    a, b, sw = Pin(13, Pin.IN), Pin(14, Pin.IN), Pin(15, Pin.IN)
    a.v, b.v, sw.v = 0, 0, 1
    dial = QuadratureDial(a, b, sw)
    for _ in range(3):                    # three detents forward (4 transitions each)
        for av, bv in ((1, 0), (1, 1), (0, 1), (0, 0)):
            a.v, b.v = av, bv
            dial.poll()
    assert dial.read() == (3, False)
    sw.v = 0
    assert dial.read() == (3, True)
    for av, bv in ((0, 1), (1, 1), (1, 0), (0, 0)):   # one detent back
        a.v, b.v = av, bv
        dial.poll()
    assert dial.read()[0] == 2


def test_neopixel_driver_writes_grb_inside_the_budget():
    leds = _with_fakes(lambda: NeoPixelLeds(22, 2))
    leds.show(bytearray([10, 20, 30, 1, 2, 3]))
    assert leds.np.written[-1] == bytes([20, 10, 30, 2, 1, 3])
    big = _with_fakes(lambda: NeoPixelLeds(22, 41, budget_ua=100000))
    big.show(bytearray([255] * 123))
    assert sum(big.np.written[-1]) * 78 <= 100000


def test_neopixel_driver_scales_what_it_sends_and_leaves_the_frame_alone():
    big = _with_fakes(lambda: NeoPixelLeds(22, 41, budget_ua=100000))
    frame = bytearray([255] * 123)
    big.show(frame)
    assert frame == bytearray([255] * 123)            # the renderer redraws only what changed in it
    assert 0 < sum(big.np.written[-1]) * 78 <= 100000


def _wiring(pm, sensors, dials, buttons):
    """Every GPIO of a board, one per role: those build() wired (read back from the objects
    it made), then those of the parts it does not build (LED chain, reader bus, display)."""
    p = sensors.presence
    w = {"presence load": p.load.n, "presence clock": p.clock.n, "presence data": p.data.n}
    for i, x in enumerate(sensors.select):
        w["mux select %d" % i] = x.n
    for i, x in enumerate(sensors.enables):
        w["mux enable %d" % i] = x.n
    for i, d in enumerate(dials):
        for part, pin in (("a", d.a), ("b", d.b), ("switch", d.switch)):
            w["dial %d %s" % (i + 1, part)] = pin.n
    for k in buttons.pins:
        w["button " + k] = buttons.pins[k].n
    w["leds"] = pm["leds"]["pin"]
    for k in ("bus", "sck", "mosi", "miso", "cs"):
        w["reader " + k] = pm["sensors"]["reader"][k]
    w["display sda"] = pm["display"]["sda"]
    w["display scl"] = pm["display"]["scl"]
    return w


def _parts(pm):
    """What a pin map says beside GPIO numbers: the parts and their settings."""
    r = dict(pm["sensors"]["reader"])
    for k in ("bus", "sck", "mosi", "miso", "cs"):
        del r[k]
    return (pm["leds"]["count"], pm["leds"]["budget_ma"], pm["sensors"]["channels"], sorted(r.items()),
            [d["name"] for d in pm["dials"]], sorted(pm["buttons"]), pm["display"]["i2c"],
            pm["display"]["address"], pm["watchdog_ms"])


def test_both_pin_maps_build_a_board_and_differ():
    # The ESP32-S3 map is the same parts on other GPIO numbers: every role's pin differs.
    wiring = {}
    for name in ("pico", "esp32s3"):
        pm = _pinmap(name)
        s = pm["sensors"]
        sensors, dials, buttons = build(pm, Reader([], [], {}), machine)
        assert len(dials) == 2 and sensors.n == 43   # 37 spaces and 6 camps
        assert not buttons.pressed("safe") and not buttons.pressed("nonexistent")
        w = wiring[name] = _wiring(pm, sensors, dials, buttons)
        # build() wired the map's pins, each to its role
        assert [w["presence load"], w["presence clock"], w["presence data"]] == [
            s["presence_load"], s["presence_clock"], s["presence_data"]]
        assert [w["mux select %d" % i] for i in range(4)] == s["mux_select"]
        assert [w["mux enable %d" % i] for i in range(3)] == s["mux_enable"]
        for i, d in enumerate(pm["dials"]):
            assert [w["dial %d %s" % (i + 1, k)] for k in ("a", "b", "switch")] == [
                d["a"], d["b"], d["switch"]], (name, d)
        assert {k: w["button " + k] for k in pm["buttons"]} == pm["buttons"]
    pico, esp = wiring["pico"], wiring["esp32s3"]
    assert sorted(pico) == sorted(esp) and len(pico) == 27
    same = [role for role in sorted(pico) if pico[role] == esp[role]]
    assert not same, "the two pin maps wire these alike: %s" % ", ".join(same)
    assert _parts(_pinmap("pico")) == _parts(_pinmap("esp32s3"))


def test_blinka_backend_shows_frames_through_adafruit_neopixel():
    if sys.implementation.name == "micropython":
        skip("Blinka is the CPython / Raspberry Pi backend: checked under CPython (pytest)")
    import os

    os.environ["BLINKA_OS_AGNOSTIC"] = "1"
    from firmware.hal.blinka import BlinkaLeds

    leds = BlinkaLeds("NEOPIXEL", 2)
    sent = []
    leds.np._transmit = lambda buf: sent.append(bytes(buf))   # the one hardware method
    leds.show(bytearray([10, 20, 30, 1, 2, 3]))
    assert sent == [bytes([20, 10, 30, 2, 1, 3])]              # GRB order on the wire
