# The board's serial line on USB stdin/stdout, for the asyncio main loop. Lines are read a
# byte at a time as they arrive (on rp2, read() after poll can block while read(1) does not),
# kept to MAX_LINE (the rest of a longer line is dropped and the line reported too long),
# and Ctrl-C (0x03) is made an ordinary byte so no peer can stop the game with it.
import select
import sys

from firmware.link.protocol import MAX_LINE


def no_keyboard_interrupt():
    try:
        import micropython

        kbd_intr = getattr(micropython, "kbd_intr", None)   # MicroPython only
        if kbd_intr is not None:
            kbd_intr(-1)
    except (ImportError, AttributeError):
        pass


class LineReader:
    def __init__(self, stream=None):
        self.stream = stream or sys.stdin.buffer
        self.poll = select.poll()
        self.poll.register(self.stream, select.POLLIN)
        self.buf = bytearray(MAX_LINE + 1)
        self.n = 0
        self.overflow = False

    def read_lines(self, handle, budget=256):
        """Read what is waiting (up to budget bytes) and pass each complete line to handle."""
        while budget and self.poll.poll(0):
            b = self.stream.read(1)
            if not b:
                return
            budget -= 1
            c = b[0]
            if c == 10:
                if self.overflow:
                    handle(b"x" * (MAX_LINE + 1))   # reported as too long, content dropped
                else:
                    handle(bytes(self.buf[:self.n]))
                self.n = 0
                self.overflow = False
            elif self.n < MAX_LINE:
                self.buf[self.n] = c
                self.n += 1
            else:
                self.overflow = True
