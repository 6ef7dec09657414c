# A stand-in for MicroPython's `neopixel` (micropython-lib): same buf layout (GRB) and write().
class NeoPixel:
    ORDER = (1, 0, 2, 3)

    def __init__(self, pin, n, bpp=3):
        self.pin = pin
        self.n = n
        self.bpp = bpp
        self.buf = bytearray(n * bpp)
        self.written = []

    def write(self):
        self.written.append(bytes(self.buf))
