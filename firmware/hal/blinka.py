# The CircuitPython / Raspberry Pi LED backend through Adafruit Blinka (`board` and
# `neopixel` from adafruit-circuitpython-neopixel). CPython-side: checked with the host code,
# where the MicroPython stubs installed in the same venv shadow Adafruit's `neopixel`:
# pyright: reportCallIssue=false, reportAttributeAccessIssue=false
from firmware.hal.leds import DEFAULT_BUDGET_UA, current_scale


class BlinkaLeds:
    """WS2812 chain on CircuitPython or a Raspberry Pi through Adafruit Blinka
    (`board` + `neopixel` from adafruit-circuitpython-neopixel)."""

    def __init__(self, pin_name, n, budget_ua=DEFAULT_BUDGET_UA):
        import board
        import neopixel

        self.np = neopixel.NeoPixel(getattr(board, pin_name), n, auto_write=False, brightness=1.0,
                                    pixel_order=neopixel.GRB)
        self.n = n
        self.budget_ua = budget_ua

    def show(self, frame):
        f = current_scale(frame, self.budget_ua)   # the frame itself is left as it is
        for i in range(self.n):
            self.np[i] = ((frame[3 * i] * f) >> 8, (frame[3 * i + 1] * f) >> 8, (frame[3 * i + 2] * f) >> 8)
        self.np.show()
