# The CircuitPython / Raspberry Pi LED backend through Adafruit Blinka (`board` and
# `neopixel` from adafruit-circuitpython-neopixel). CPython-side: checked with the host code,
# where the MicroPython stubs installed in the same venv shadow Adafruit's `neopixel`:
# pyright: reportCallIssue=false, reportAttributeAccessIssue=false
from firmware.hal.leds import DEFAULT_BUDGET_UA, limit_current


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
        limit_current(frame, self.budget_ua)
        for i in range(self.n):
            self.np[i] = (frame[3 * i], frame[3 * i + 1], frame[3 * i + 2])
        self.np.show()
