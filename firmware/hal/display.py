# The OLED behind the display seam (display.show(lines), firmware/hal/__init__.py): a 128x64
# SSD1306 on I2C, drawn with micropython-lib's ssd1306 driver (frozen with the firmware by
# firmware/manifest.py, never copied here) in framebuf's 8x8 font: 8 rows of 16 characters.
#
# lines[0] is the title: one row, drawn inverted (light bar, dark letters). Every further line
# is a paragraph starting on a row of its own, word-wrapped at spaces (a word longer than a row
# is broken); "" takes no row. What does not fit in the 8 rows is dropped and the last row then
# ends with ".." (a title too long for its row too). docs/display.md.
# framebuf's font has ASCII only (it draws a UTF-8 character's every byte as a checked box), so
# the Spanish letters are drawn here from a glyph table kept in flash (a bytes constant): 8
# column bytes a character, least significant bit at the top, as framebuf's own font, each made
# from that font's letter with its mark in the two rows above it. Capitals with an accent are
# drawn as their plain letter; any other character past ASCII as "?".
from firmware.rules.compat import const

_CELL = const(8)     # framebuf's font: 8x8 pixels per character
# a e i o u with an acute accent, n with a tilde, u with a diaeresis, the inverted ? and !
_GLYPH_CHARS = "\u00e1\u00e9\u00ed\u00f3\u00fa\u00f1\u00fc\u00bf\u00a1"
_GLYPHS = (b"\x00\x20\x74\x56\x55\x7c\x78\x00\x00\x38\x7c\x56\x55\x5c\x58\x00\x00\x00\x00\x7c\x7e\x01\x00\x00"
           b"\x00\x38\x7c\x46\x45\x7c\x38\x00\x00\x3c\x7c\x42\x41\x7c\x3c\x00\x00\x7e\x7d\x05\x06\x7e\x79\x00"
           b"\x00\x3c\x7d\x40\x40\x7d\x3c\x00\x00\x30\x78\x4d\x45\x60\x20\x00\x00\x00\x00\x79\x79\x00\x00\x00")
_CAPITALS = "\u00c1\u00c9\u00cd\u00d3\u00da\u00d1\u00dc"   # drawn as "AEIOUNU"
_PLAIN = "AEIOUNU"


def draw_glyph(fb, c, x, y, colour):
    """One character past ASCII at (x, y): its glyph from the table, else its plain capital,
    else "?"."""
    k = _GLYPH_CHARS.find(c)
    if k < 0:
        k = _CAPITALS.find(c)
        fb.text(_PLAIN[k] if k >= 0 else "?", x, y, colour)
        return
    k *= _CELL
    for col in range(_CELL):
        bits = _GLYPHS[k + col]
        row = 0
        while bits:
            if bits & 1:
                fb.pixel(x + col, y + row, colour)
            bits >>= 1
            row += 1


class TextDisplay:
    """Lines of text on a framebuffer device: anything with fill, fill_rect, text and show
    (ssd1306.SSD1306 is a framebuf.FrameBuffer with show()). Redraws only when the lines
    differ from those last drawn. An OSError from the device (a wire come loose) is kept in
    `error` in words and the display goes quiet; the board runs on without it."""

    def __init__(self, fb, width=128, height=64):
        self.fb = fb
        # a framebuffer draws pixels (glyphs past ASCII from the table above); a text grid
        # (the page's, firmware/hosts/web_board.py) takes any character as it is
        self.pixels = hasattr(fb, "pixel")
        self.plain = True      # the line being drawn is ASCII (or the device takes any text)
        self.cols = width // _CELL
        self.rows = height // _CELL
        self.lines = None      # the lines last drawn
        self.draws = 0
        self.error = ""

    def show(self, lines):
        if lines == self.lines or self.fb is None:
            return False
        self.lines = lines
        fb = self.fb
        fb.fill(0)
        n = len(lines)
        row = 0
        for i in range(n):
            more = False                       # does a later paragraph have text?
            for j in range(i + 1, n):
                if lines[j]:
                    more = True
                    break
            # ASCII is drawn by framebuf as it is; one check a line (its UTF-8 is longer otherwise)
            self.plain = not self.pixels or len(lines[i]) == len(lines[i].encode())
            if i == 0:
                fb.fill_rect(0, 0, self.cols * _CELL, _CELL, 1)
                self._row(lines[0], 0, len(lines[0]), 0, 0, False)
                row = 1
            else:
                row = self._paragraph(lines[i], row, more)
            if row >= self.rows:
                break
        try:
            fb.show()
        except OSError as e:
            self.error = "display: no answer on I2C (%s): the board runs without it" % e
            self.fb = None
            return False
        self.draws += 1
        return True

    def _row(self, s, a, b, row, colour, cut):
        """Draw s[a:b] on a row; `cut`: text follows that will not be shown."""
        fb = self.fb
        if fb is None:
            return
        cols = self.cols
        if b - a > cols:
            b = a + cols
            cut = True
        if cut:
            if b - a > cols - 2:
                b = a + cols - 2
            self._text(s, a, b, row * _CELL, colour)
            fb.text("..", (b - a) * _CELL, row * _CELL, colour)
        else:
            self._text(s, a, b, row * _CELL, colour)

    def _text(self, s, a, b, y, colour):
        """s[a:b] from the row's start: framebuf's font for ASCII, the glyph table past it."""
        fb = self.fb
        if fb is None:
            return
        if self.plain:
            fb.text(s[a:b] if a or b < len(s) else s, 0, y, colour)
            return
        x = 0
        i = a
        while i < b:
            j = i
            while j < b and ord(s[j]) < 127:
                j += 1
            if j > i:
                fb.text(s[i:j], x, y, colour)
                x += (j - i) * _CELL
            if j < b:
                draw_glyph(fb, s[j], x, y, colour)
                x += _CELL
                j += 1
            i = j

    def _paragraph(self, s, row, more):
        """Word-wrap s from `row` on; the next free row."""
        n = len(s)
        cols = self.cols
        rows = self.rows
        a = 0
        while row < rows:
            while a < n and s[a] == " ":
                a += 1
            if a >= n:
                break
            b = a + cols
            if b >= n:
                b = n
            elif s[b] != " ":
                k = b - 1
                while k > a and s[k] != " ":
                    k -= 1
                if k > a:
                    b = k                          # break at the last space in the row
            e = b
            while e > a and s[e - 1] == " ":
                e -= 1
            rest = b
            while rest < n and s[rest] == " ":
                rest += 1
            self._row(s, a, e, row, 1, row == rows - 1 and (rest < n or more))
            row += 1
            a = b
        return row


def make_display(pinmap, machine, driver=None):
    """(display, "") for the pin map's "display" entry ({"i2c", "sda", "scl", "address"},
    optional "width", "height"), or (None, the reason in words) when there is none, nothing
    answers at its address, or the firmware lacks the ssd1306 driver. `driver` stands in for
    the ssd1306 module (tests)."""
    d = pinmap.get("display")
    if not d:
        return None, "display: none in the pin map"
    addr = d.get("address", 0x3C)
    where = "I2C %d (sda %d, scl %d) address 0x%02x" % (d["i2c"], d["sda"], d["scl"], addr)
    try:
        i2c = machine.I2C(d["i2c"], scl=machine.Pin(d["scl"]), sda=machine.Pin(d["sda"]), freq=400000)
        found = addr in i2c.scan()
    except (OSError, ValueError) as e:
        return None, "display: %s cannot be used (%s): the board runs without it" % (where, e)
    if not found:
        return None, "display: nothing answers on %s: the board runs without it" % where
    if driver is None:
        try:
            import ssd1306 as driver  # type: ignore  # micropython-lib, frozen by firmware/manifest.py
        except ImportError:
            return None, "display: this firmware has no ssd1306 driver: the board runs without it"
    w = d.get("width", 128)
    h = d.get("height", 64)
    try:
        fb = driver.SSD1306_I2C(w, h, i2c, addr)
    except OSError as e:
        return None, "display: no answer on %s (%s): the board runs without it" % (where, e)
    return TextDisplay(fb, w, h), ""
