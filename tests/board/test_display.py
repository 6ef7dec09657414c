# The display: every screen drawn by micropython-lib's ssd1306 driver (the real module, from the
# MicroPython tree) over a fake I2C bus, and read back from the bytes the panel received: each
# 8x8 cell is compared with the glyphs framebuf itself draws. Under MicroPython the real
# built-in framebuf draws; on CPython tests/fakes/framebuf.py does, and a test below checks that
# it draws byte for byte what the real framebuf draws. The driver is found in $MICROPY_DIR or
# ../shared/vendor/micropython beside the repository (the Makefile's MICROPY_DIR).
import sys

from firmware.board import screens
from firmware.hal.display import TextDisplay, make_display
from firmware.rules import registry
from firmware.rules.mls.codes import (
    A_MOVE,
    A_SEEK_1,
    E_GAIN_PIES,
    K_ACTION,
    K_FIGHT_BID,
    K_QUEST_OPTION,
    K_QUEST_PICK,
    K_SEEK_PLACE,
    K_SEEK_ROLL,
    K_STATE_TERM,
    TERMS_DONE,
)
from firmware.rules.ruleset import ENTRY_CHANCE
from firmware.text import set_language, use_catalogue
from tests import skip
from tests.fakes import framebuf as fake_framebuf
from tests.fakes import machine

from ..rules.support import CAMP, ROOT, scenario, started
from .rig import Rig

MICROPYTHON = sys.implementation.name == "micropython"
ADDR = 0x3C
DRIVER_DIR = "/lib/micropython-lib/micropython/drivers/display/ssd1306"
_ssd1306 = None
_glyphs = None


def _exists(path):
    try:
        open(path).close()
        return True
    except OSError:
        return False


def _driver():
    """micropython-lib's ssd1306 module, imported from the MicroPython tree."""
    global _ssd1306
    if _ssd1306 is not None:
        return _ssd1306
    import os

    tree = os.getenv("MICROPY_DIR") or (ROOT or "") + "../shared/vendor/micropython"
    folder = tree + DRIVER_DIR
    if not _exists(folder + "/ssd1306.py"):
        raise OSError("micropython-lib's ssd1306 driver is not at %s: set MICROPY_DIR to a MicroPython "
                      "tree (the Makefile's MICROPY_DIR)" % folder)
    saved = {}
    if not MICROPYTHON:   # CPython: the stand-ins the driver imports, for the import only
        import types

        mp = types.ModuleType("micropython")
        mp.const = lambda x: x  # type: ignore
        for k, v in (("micropython", mp), ("framebuf", fake_framebuf)):
            saved[k] = sys.modules.get(k)
            sys.modules[k] = v
    sys.path.insert(0, folder)
    try:
        import ssd1306  # type: ignore

        _ssd1306 = ssd1306
    finally:
        sys.path.remove(folder)
        sys.modules.pop("ssd1306", None)
        for k, v in saved.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v
    return _ssd1306


def _framebuf():
    """The framebuf module the driver draws with."""
    return _driver().framebuf


def _panel(present=True):
    """(TextDisplay, bus): the real driver on a fake bus with a panel at 0x3C."""
    bus = machine.I2C(0, devices=(ADDR,) if present else (0x50,))
    fb = _driver().SSD1306_I2C(128, 64, bus, ADDR)
    return TextDisplay(fb), bus


def _glyph_table(spanish=False):
    """{8 column bytes: character} for ASCII 32..126, drawn by framebuf itself; spanish: and
    the Spanish letters of the display's own table (their shapes: the test below)."""
    global _glyphs
    if _glyphs is None:
        fbm = _framebuf()
        _glyphs = {}
        for c in range(32, 127):
            buf = bytearray(8)
            fbm.FrameBuffer(buf, 8, 8, fbm.MONO_VLSB).text(chr(c), 0, 0, 1)
            _glyphs[bytes(buf)] = chr(c)
    if not spanish:
        return _glyphs
    from firmware.hal import display

    fbm = _framebuf()
    table = dict(_glyphs)
    for c in display._GLYPH_CHARS:
        buf = bytearray(8)
        display.draw_glyph(fbm.FrameBuffer(buf, 8, 8, fbm.MONO_VLSB), c, 0, 0, 1)
        table[bytes(buf)] = c
    return table


def _frames(bus):
    """Every frame the panel received: the data writes (control byte 0x40) to its address."""
    return [w[1][1:] for w in bus.writes if w[0] == ADDR and w[1][0] == 0x40]


def decode(frame, cols=16, rows=8):
    """The text of a 128x64 MONO_VLSB frame: one string per row, each 8x8 cell matched with a
    glyph (row 0, the title, in inverse); NUL for a cell that is no glyph."""
    glyphs = _glyph_table(spanish=True)
    out = []
    for r in range(rows):
        s = ""
        for c in range(cols):
            o = r * cols * 8 + c * 8
            cell = bytes(frame[o:o + 8])
            if r == 0:
                cell = bytes(b ^ 0xFF for b in cell)
            s += glyphs.get(cell, "\x00")
        out.append(s.rstrip())
    return out


def _text(bus):
    frames = _frames(bus)
    assert frames, "nothing was sent to the panel"
    return decode(frames[-1])


def _shown(ctl):
    """The screen for the controller's state, drawn on a fresh panel and read back."""
    d, bus = _panel()
    d.show(screens.screen(ctl))
    return _text(bus)


def _body(rows):
    """The rows below the title, as one string (rows joined by spaces)."""
    return " ".join(r for r in rows[1:] if r)


def _english():
    set_language("en")
    use_catalogue(None)


# ---- the panel and the font ------------------------------------------------------------


def test_the_panel_gets_the_drivers_setup_and_a_blank_frame_at_its_address():
    d, bus = _panel()
    cmds = [w[1] for w in bus.writes if w[1][0] == 0x80]
    assert cmds[0] == b"\x80\xae" and b"\x80\xaf" in cmds          # display off ... display on
    assert all(w[0] == ADDR for w in bus.writes)
    assert _frames(bus) == [bytes(1024)]


def test_decoding_reads_back_the_text_drawn_and_a_wrong_text_is_detected():
    d, bus = _panel()
    d.show(("Seat 3", "Bake Pies ~09!"))
    rows = _text(bus)
    assert rows == ["Seat 3", "Bake Pies ~09!", "", "", "", "", "", ""], rows
    assert rows[1] != "Bake Pies ~08!"
    frame = bytearray(_frames(bus)[-1])
    frame[128 + 8 * 2 + 3] ^= 0x10                                # one pixel of the "k"
    assert decode(frame)[1] == "Ba\x00e Pies ~09!"
    frame = bytearray(_frames(bus)[-1])
    frame[0] ^= 0xFF                                              # the title's bar broken
    assert decode(frame)[0] == "\x00eat 3"


def test_the_stand_in_framebuf_draws_byte_for_byte_as_the_real_one():
    text = "".join(chr(c) for c in range(32, 128)) + "\x01\xe9"
    if MICROPYTHON:
        import framebuf  # type: ignore

        real = bytearray(16 * 8 * 8)
        framebuf.FrameBuffer(real, 128, 64, framebuf.MONO_VLSB).text(text, -3, 5, 1)
        fb = framebuf.FrameBuffer(real, 128, 64, framebuf.MONO_VLSB)
        fb.fill_rect(10, 3, 20, 9, 1)
        fb.text("Ab", 11, 4, 0)
        fb.pixel(127, 63, 1)
    else:
        import subprocess

        script = ("import framebuf\nb=bytearray(1024)\nf=framebuf.FrameBuffer(b,128,64,framebuf.MONO_VLSB)\n"
                  "f.text(%r,-3,5,1)\nf.fill_rect(10,3,20,9,1)\nf.text('Ab',11,4,0)\nf.pixel(127,63,1)\n"
                  "print(b.hex())\n" % text)
        mp = (ROOT or "") + ".venv/bin/micropython"
        r = subprocess.run([mp, "-c", script], capture_output=True, text=True, check=True)
        real = bytes.fromhex(r.stdout.strip())
    mine = bytearray(1024)
    fb = fake_framebuf.FrameBuffer(mine, 128, 64, fake_framebuf.MONO_VLSB)
    fb.text(text, -3, 5, 1)
    fb.fill_rect(10, 3, 20, 9, 1)
    fb.text("Ab", 11, 4, 0)
    fb.pixel(127, 63, 1)
    assert bytes(mine) == bytes(real)


def test_every_printable_character_has_its_own_glyph():
    assert len(_glyph_table()) == 126 - 32 + 1


def test_spanish_letters_take_one_cell_each_drawn_from_the_glyph_table():
    # framebuf's font is ASCII: a UTF-8 letter would be drawn as two checked boxes. The display
    # draws a e i o u with an acute, n with a tilde, u with a diaeresis and the inverted ? and !
    # from its own table: each the font's letter with a mark in the two rows above it.
    d, bus = _panel()
    d.show(("A\u00f1o", "\u00bfQu\u00e9? \u00a1s\u00ed! \u00c1"))
    frame = _frames(bus)[-1]
    glyphs = _glyph_table()
    font = {v: k for k, v in glyphs.items()}

    def cell(row, col):
        return bytes(frame[row * 128 + 8 * col: row * 128 + 8 * col + 8])

    body = [cell(1, c) for c in range(16)]
    shown = [glyphs.get(body[c]) for c in (1, 2, 4, 5, 7, 9, 10, 11)]
    assert shown == ["Q", "u", "?", " ", "s", "!", " ", "A"]

    def marked(c, letter):   # the letter's pixels, and more only in the two rows above it
        return c not in glyphs and all(x & y == y and (x ^ y) & ~0x03 == 0 for x, y in zip(c, font[letter]))

    assert marked(body[3], "e") and body[3] != font["e"]
    flipped = bytes(sum(1 << (6 - k) for k in range(7) if b >> k & 1) for b in reversed(body[0]))
    assert flipped == font["?"]                                   # the inverted ?
    assert bytes(sum(1 << (6 - k) for k in range(7) if b >> k & 1) for b in reversed(body[6])) == font["!"]
    assert body[8] not in glyphs and body[8][4] & 0x7c == 0x7c    # i with its accent, no dot
    title = [bytes(b ^ 0xFF for b in cell(0, c)) for c in range(3)]
    assert glyphs.get(title[0]) == "A" and glyphs.get(title[2]) == "o" and marked(title[1], "n")
    assert all(b == 0 for c in range(12, 16) for b in body[c])    # nothing after the text


# ---- layout ------------------------------------------------------------------------------


def test_paragraphs_wrap_at_spaces_and_a_long_word_is_broken():
    d, bus = _panel()
    d.show(("T", "Lift a Seeker and put it on a lit space", "", "Supercalifragilistic!"))
    assert _text(bus) == ["T", "Lift a Seeker", "and put it on a", "lit space", "Supercalifragili", "stic!",
                          "", ""]


def test_text_that_does_not_fit_is_cut_and_the_last_row_ends_in_dots():
    d, bus = _panel()
    d.show(("A title longer than the row", "one two three four five six seven eight nine ten eleven twelve "
            "thirteen fourteen fifteen sixteen seventeen eighteen", "never shown"))
    rows = _text(bus)
    assert rows[0] == "A title longer.."
    assert rows[7].endswith("..") and len(rows[7]) <= 16 and "never" not in " ".join(rows)
    d.show(("T", "1", "2", "3", "4", "5", "6", "7", "8"))
    assert _text(bus)[7] == "7.."


def test_the_title_is_drawn_light_on_a_bar_and_the_rest_dark():
    d, bus = _panel()
    d.show(("Seat 1", "x"))
    frame = _frames(bus)[-1]
    assert frame[8 * 15] == 0xFF          # the title bar spans the row, past its text
    assert frame[128 + 8 * 15] == 0       # the body is dark beside its text


def test_the_display_redraws_only_when_the_lines_change():
    d, bus = _panel()
    assert d.show(("Seat 1", "Dial 1: Move"))
    n = len(_frames(bus))
    assert not d.show(("Seat 1", "Dial 1: " + "Move"))      # equal lines, new strings
    assert len(_frames(bus)) == n and d.draws == 1
    assert d.show(("Seat 1", "Dial 1: Bake Pies"))
    assert len(_frames(bus)) == n + 1


# ---- a missing display ---------------------------------------------------------------------


def _pinmap(**display):
    d = {"i2c": 0, "sda": 0, "scl": 1, "address": ADDR}
    d.update(display)
    return {"display": d}


def test_make_display_builds_the_oled_from_the_pin_map():
    machine.I2C.present = [ADDR]
    try:
        d, why = make_display(_pinmap(), machine, _driver())
    finally:
        machine.I2C.present = []
    bus = machine.I2C.last
    assert bus is not None
    assert why == "" and isinstance(d, TextDisplay)
    assert bus.bus_id == 0 and bus.sda is machine.Pin.registry[0] and bus.scl is machine.Pin.registry[1]
    d.show(("Seat 2", "hello"))
    assert _text(bus)[:2] == ["Seat 2", "hello"]


def test_a_display_that_does_not_answer_is_reported_in_words_and_the_board_runs_without():
    machine.I2C.present = [0x50]               # something else on the bus, no panel
    try:
        d, why = make_display(_pinmap(), machine, _driver())
    finally:
        machine.I2C.present = []
    assert d is None
    assert "nothing answers" in why and "0x3c" in why and "without it" in why, why
    d, why = make_display({}, machine, _driver())
    assert d is None and "none in the pin map" in why


def test_a_panel_that_acks_the_scan_but_not_the_setup_is_reported():
    class Flaky(machine.I2C):
        def writeto(self, addr, buf, stop=True):
            raise OSError(5)

    class FlakyMachine:
        Pin = machine.Pin

        @staticmethod
        def I2C(*a, **kw):
            return Flaky(*a, devices=(ADDR,), **kw)

    d, why = make_display(_pinmap(), FlakyMachine, _driver())
    assert d is None and "no answer" in why and "0x3c" in why, why


def test_a_display_lost_while_playing_goes_quiet_with_the_reason():
    d, bus = _panel()
    d.show(("Seat 1", "a"))
    bus.devices.discard(ADDR)                   # the wire comes loose: NACK from now on
    assert not d.show(("Seat 2", "b"))          # no exception reaches the game
    assert "no answer" in d.error and "without it" in d.error
    assert not d.show(("Seat 1", "c"))


# ---- screens of a game -------------------------------------------------------------------


def test_the_action_prompt_names_the_seat_and_the_dials_option_in_words():
    rig = Rig(started(2))
    assert rig.st.decision() == K_ACTION
    rows = _shown(rig.ctl)
    assert rows[0] == "Seat 1"
    assert _body(rows) == "Choose an action, push the dial Dial 1: Move", rows
    rig.turn(0, 2)
    assert rig.ctl.options(0)[rig.ctl.sel[0]] == A_SEEK_1 + 1
    assert _body(_shown(rig.ctl)).endswith("Dial 1: Seek (second)")


def test_the_display_follows_the_dial_when_the_table_asks_on_every_change():
    rig = Rig(started(2))
    d, bus = _panel()
    watch = screens.Watch()
    assert watch.changed(rig.ctl)
    d.show(screens.screen(rig.ctl))
    assert not watch.changed(rig.ctl)           # nothing happened: no redraw
    rig.turn(0, 1)
    assert watch.changed(rig.ctl)
    d.show(screens.screen(rig.ctl))
    assert _text(bus)[-1] == "" and "Dial 1: Seek (first)" in _body(_text(bus))


def test_watching_for_changes_allocates_nothing():
    if not MICROPYTHON:
        skip("heap_lock is MicroPython's: allocation is checked under MicroPython (make test-micropython)")
    micropython = __import__("micropython")
    rig = Rig(started(2))
    watch = screens.Watch()
    watch.changed(rig.ctl)
    micropython.heap_lock()
    try:
        for _ in range(20):
            watch.changed(rig.ctl)
    finally:
        micropython.heap_unlock()


def test_a_seeker_move_lift_and_wrong_placement_in_words():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}))
    rig.choose(0, A_MOVE)
    rows = _shown(rig.ctl)
    assert rig.ctl.options(0) == [31, 127] and rig.ctl.sel[0] == 0    # the dial on Seeker 1's "stay"
    assert _body(rows) == "Lift a Seeker and put it on a lit space Dial 1: it stays on space 31", rows
    rig.turn(0, 1)                              # Seeker 2's "stay": it is at camp
    assert _body(_shown(rig.ctl)) == "Lift a Seeker and put it on a lit space Dial 1: it stays at camp"
    rig.turn(0, 1)
    rig.lift(0, 0)
    assert "Now put it on a lit space" in _body(_shown(rig.ctl))
    lit = rig.lit(2)                            # L_DEST
    wrong = [s for s in range(37) if s not in lit and s != 31][0]
    rig.place(0, 0, wrong)
    rows = _shown(rig.ctl)
    assert _body(rows).startswith("Not there: space %d is not lit" % wrong), rows


def test_pieces_out_of_place_are_reported_once_settled():
    rig = Rig(started(2))
    rig.sensors.put(rig.channel[5], 0)           # a Seeker put down where the game has none
    rig.run(700)
    rows = _shown(rig.ctl)
    assert rows[1].startswith("Fix the "), rows
    assert "blinking spaces" in _body(rows)


def _fight():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, pies={0: 4, 1: 4}, friendship={0: 5, 1: 2}))
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.press(0)
    assert rig.st.decision() == K_FIGHT_BID
    return rig


def test_a_pie_fight_shows_which_dials_are_locked_and_never_a_bid():
    rig = _fight()
    rows = _shown(rig.ctl)
    assert rows[0] == "Pie fight"
    assert "Dial 1: choosing" in rows and "Dial 2: choosing" in rows, rows
    seen = set()
    for _ in range(5):                          # every bid the attacker's dial can point at
        rig.turn(0, 1)
        seen.add(tuple(_shown(rig.ctl)))
    assert seen == {tuple(rows)}                # turning the dial changes nothing on screen
    rig.choose(1, 3)
    rows = _shown(rig.ctl)
    assert "Dial 1: choosing" in rows and "Dial 2: locked" in rows, rows
    assert "3" not in "".join(rows[1:])


def _point(rig, dial, value):
    """Turn the dial until it points at `value` (Rig.choose without the push)."""
    opts = rig.ctl.options(dial)
    steps = (opts.index(value) - rig.ctl.sel[dial]) % len(opts)
    while steps:
        step = min(steps, 3)
        rig.turn(dial, step)
        steps -= step
    assert opts[rig.ctl.sel[dial]] == value


def test_wand_spaces_show_the_space_the_dial_points_at():
    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1), 35: (0, 0, 1)})
    rig = Rig(st)
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.move(0, 1, 35)
    assert rig.st.decision() == K_QUEST_PICK
    assert _body(_shown(rig.ctl)) == "Take a quest: wand on a lit space Dial 1: space 32"
    rig.wand(7)                                 # not a choice
    assert _shown(rig.ctl)[1] == "Space 7 is not a"
    rig.wand(35)
    assert rig.st.decision() == K_QUEST_OPTION
    assert _body(_shown(rig.ctl)).endswith("Dial 1: option 1")
    rig.choose(0, 0)
    assert rig.st.decision() == K_STATE_TERM
    _point(rig, 0, E_GAIN_PIES)
    assert _body(_shown(rig.ctl)).endswith("Dial 1: gain pies")
    rig.choose(0, E_GAIN_PIES)
    rig.choose(0, 2)
    assert TERMS_DONE in rig.ctl.options(0)
    _point(rig, 0, TERMS_DONE)
    assert _body(_shown(rig.ctl)).endswith("Dial 1: done")


def test_dice_rolled_at_the_table_are_prompted_with_the_face_on_the_dial():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), table_dice=True)
    rig.choose(0, A_SEEK_1)
    assert rig.st.decision() == K_SEEK_ROLL
    rows = _shown(rig.ctl)
    assert rows[0] == "Dice"
    assert _body(rows) == "Roll the search die, enter it on the dial Dial 1: face %d" % rig.ctl.options(0)[0]


def test_seek_placement_prompts_the_wand():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), seed=3)
    rig.choose(0, A_SEEK_1)
    assert rig.st.decision() == K_SEEK_PLACE
    assert _body(_shown(rig.ctl)).startswith("Wand on where the found token goes Dial 1: space ")


def test_undo_with_nothing_to_undo_says_so():
    rig = Rig(started(2))
    for _ in range(30):
        if rig.ctl.message:
            break
        rig.press_undo()
    rows = _shown(rig.ctl)
    assert rows[-1] == "" and "nothing to undo" in _body(rows), rows


def test_a_bot_seats_move_is_shown_as_what_the_person_carries_out_and_its_bid_stays_secret():
    from firmware.rules.mls.codes import K_ACTION
    from firmware.text import name

    rig = Rig(started(2))
    p = rig.st.current_player()
    assert rig.st.decision() == K_ACTION
    rig.table.set_bots(1 << p)             # the seat to move is the bot's
    rig.settle()
    plan = rig.ctl.bot_choice()
    rows = _shown(rig.ctl)
    assert rows[0] == "Bot seat %d" % (p + 1)
    assert _body(rows).startswith("press dial 1: ") and name("action", plan) in _body(rows)
    assert plan in rig.st.legal_actions() and rig.st.decision() == K_ACTION   # shown, not done
    rig = _fight()
    rig.table.set_bots(1)                  # the attacker's dial locks the bot's bid unseen
    rig.settle()
    rows = _shown(rig.ctl)
    assert "bot bid locked" in _body(rows)
    assert rig.ctl.bid_locks() == (True, False)


class _Over:
    """A finished game's public face (a full game takes minutes under MicroPython)."""

    def __init__(self, winners):
        self.w = winners

    def is_terminal(self):
        return True

    def winners(self):
        return self.w


class _Gestures:
    """firmware/board/gestures.py's public fields: nothing lifted, wrong or to fix."""

    def __init__(self):
        self.lifted = self.wrong = self.wand_wrong = -1
        self.mismatch = self.hold = False
        self.fix = bytearray(37)


class _Seats:
    """firmware/board/bot_seats.py's public fields: no bot seat decides."""

    def __init__(self):
        self.plan = -1
        self.bid = False


class _Secret:
    """No secret run under way (firmware/board/secrets.py's face the screens read)."""
    sides = ()
    locked = ()
    entries = ()


class _Ctl:
    """The controller's face that firmware/board/screens.py reads, with the pending decision's
    options given."""

    def __init__(self, st, rs=None, options=()):
        self.st = st
        self.rs = rs
        self.is_bot = lambda p: False   # every seat a person's
        self.message = ""
        self.sel = [0, 0]
        self.n_spaces = 37
        self.gestures = _Gestures()
        self.seats = _Seats()
        self.questions = None
        self.secret = _Secret()
        self.between = None   # no campaign between games
        self.opts = list(options)

    def options(self, dial):
        return self.opts if dial == 0 else []

    def bid_locks(self):
        return False, False

    def bot_choice(self):
        return self.seats.plan

    def status(self):
        return ""


def test_game_over_names_the_winners():
    assert _shown(_Ctl(_Over([1]))) == ["Game over", "Winner: seat 2", "", "", "", "", "", ""]
    assert _body(_shown(_Ctl(_Over([0, 2])))) == "Winners: seats 1, 3"


class _Pending:
    """A game waiting for decision `kind` of seat 1 (the active player)."""

    def __init__(self, kind, player=0):
        self.kind = kind
        self.p = player
        self.s = bytearray(256)   # the state's bytes, all 0 (a printed-card game)

    def is_terminal(self):
        return False

    def decision(self):
        return self.kind

    def current_player(self):
        return self.p

    def active_player(self):
        return 0

    def legal_actions(self):
        return [0]


def test_every_decision_kind_has_a_prompt_that_fits_the_screen_in_both_languages():
    rs = registry.load("mls")
    try:
        for lang in ("en", "es"):
            set_language(lang)
            for kind in range(1, len(rs.entry)):
                chance = rs.entry[kind] == ENTRY_CHANCE
                ctl = _Ctl(_Pending(kind, -1 if chance else 0), rs, () if chance else (1,))
                ctl.gestures.wrong = 30                      # an error too: the longest screens
                rows = _shown(ctl)
                assert "\x00" not in "".join(rows), (lang, kind, rows)
                assert not rows[7].endswith(".."), (lang, kind, rows)   # nothing cut
                hint = message_of(lang, "hints")[kind]
                assert _body(rows).startswith(message_of(lang, "screen.wrong") % 30), (lang, kind, rows)
                assert hint.split(" ")[0] in _body(rows), (lang, kind, rows)
    finally:
        _english()


def message_of(lang, key):
    from firmware.text import message

    set_language(lang)
    return message(key)


def test_spanish_prompts_are_shown_in_spanish():
    try:
        set_language("es")
        rig = Rig(started(2))
        rows = _shown(rig.ctl)
        assert rows[0] == "Jugador 1"
        assert _body(rows) == "Elige una acción, pulsa el dial Dial 1: Mover", rows
        rig = _fight()
        rows = _shown(rig.ctl)
        assert rows[0] == "Pelea de tartas" and "Dial 1 eligiendo" in rows, rows
        assert _shown(_Ctl(_Over([0])))[:2] == ["Fin de partida", "Gana: jugador 1"]
    finally:
        _english()


def test_a_ruleset_without_hints_gets_generic_words_for_its_decisions():
    from tests.rulesets.race import RULESET as race

    try:
        use_catalogue(race.catalogue)
        ctl = _Ctl(_Pending(2), race, (1, 2))
        rows = _shown(ctl)
        assert rows[0] == "Seat 1"
        assert _body(rows) == "set your speed Turn the dial, push to choose Dial 1: 1", rows
        ctl = _Ctl(_Pending(3), race, ())
        assert _body(_shown(ctl)) == "move your runner Lift a piece, put it on a lit space"
    finally:
        _english()


def test_the_mock_display_counts_only_changed_screens_like_the_panel():
    from firmware.hal.mock import MockDisplay

    m = MockDisplay()
    assert m.show(("Seat 1", "a")) and not m.show(("Seat 1", "a")) and m.show(("Seat 2", "a"))
    assert m.draws == 2 and m.lines == ["Seat 2", "a"]
