# LED output: a frame is a bytearray of (r, g, b) per LED in chain order. Before it is
# shown, its total current is kept inside a budget (USB: ~500 mA for the whole board) by
# scaling every channel with integer maths (floats allocate on MicroPython).
from firmware.rules.compat import const

UA_PER_UNIT = const(78)        # a WS2812 channel draws ~20 mA at 255: ~78 uA per step
DEFAULT_BUDGET_UA = const(400000)   # 400 mA for LEDs, leaving ~100 mA for the rest


def frame_current_ua(frame):
    total = 0
    for v in frame:
        total += v
    return total * UA_PER_UNIT


def current_scale(frame, budget_ua=DEFAULT_BUDGET_UA):
    """The scale (0-256, 256 = unchanged) that keeps frame inside budget_ua. Allocation-free."""
    total = 0
    for v in frame:
        total += v
    need = total * UA_PER_UNIT
    if need <= budget_ua:
        return 256
    return budget_ua * 256 // need


def limit_current(frame, budget_ua=DEFAULT_BUDGET_UA):
    """Scale frame in place so it draws at most budget_ua; returns the scale used (0-256,
    256 = unchanged). Allocation-free."""
    f = current_scale(frame, budget_ua)
    if f < 256:
        for i in range(len(frame)):
            frame[i] = (frame[i] * f) >> 8
    return f


class NeoPixelLeds:
    """WS2812 chain on MicroPython (`neopixel` + `machine`): writes the frame straight into
    the driver's GRB buffer, scaled to the current budget, so showing a frame allocates
    nothing. The frame itself is left as it is (the renderer draws only what changed in it)."""

    def __init__(self, pin, n, budget_ua=DEFAULT_BUDGET_UA):
        import machine
        import neopixel

        self.np = neopixel.NeoPixel(machine.Pin(pin, machine.Pin.OUT), n)
        self.n = n
        self.budget_ua = budget_ua

    def show(self, frame):
        f = current_scale(frame, self.budget_ua)
        buf = self.np.buf
        for i in range(self.n):
            j = 3 * i
            buf[j] = (frame[j + 1] * f) >> 8       # G
            buf[j + 1] = (frame[j] * f) >> 8       # R
            buf[j + 2] = (frame[j + 2] * f) >> 8   # B
        self.np.write()
