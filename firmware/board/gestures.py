# Gestures: what moved and where it may go. The sensed position (a set of tags per place,
# firmware/hal) is compared whole with the one the game expects, as picochess matches whole
# positions: a mover missing from its place is lifted, found elsewhere it was put there, and
# anything else that disagrees is marked to fix (shown once it has been stable for settle_ms).
# Nothing here changes the game: the controller (controller.py) turns what this part sees
# into decisions.
#
# Places: the board's spaces 0..n-1, then the base camps it senses (place n + site): a piece
# the ruleset puts OFF_BOARD at its camp (Ruleset.home) is expected on its camp's place.
from firmware.hal import position
from firmware.rules.compat import const

# Private copies of firmware/hal's tag codes and firmware/rules/ruleset.py's, inlined by
# MicroPython's compiler (the lift's path reads them per place):
# tests/host/test_private_copies.py checks them against their sources.
_NO_TAG = const(0xFF)
_UNREADABLE = const(0xFE)
_CROWDED = const(0xF8)    # a place holding more pieces than it can report (firmware/hal)
_WAND_TAG = const(0xFD)
_ASKING = const(0xFA)
_OFF_BOARD = const(255)
_SEVERAL = const(254)    # a tag sensed on more than one place at once
_DIFFERS = const(1)      # bits: the sensed position differs from the game's
_OTHERS_OK = const(2)    # bits: every piece but the movers is where the game says
MOVED_NONE = const(-1)   # moved(): no mover is away from its place
MOVED_MANY = const(-2)   # moved(): movers in several places: no gesture


class Gestures:
    def __init__(self, rs, n_spaces, camps):
        self.rs = rs
        self.n_spaces = n_spaces
        self.camps = camps              # base-camp sites sensed: places n_spaces .. n_spaces + camps - 1
        n = n_spaces + camps
        self.stack = rs.max_stack
        tags = rs.max_tags()
        self.expected_at = bytearray(tags)   # tag -> the place the game says, or OFF_BOARD
        self.sensed_at = bytearray(tags)     # tag -> where it is sensed: a place, OFF_BOARD, _SEVERAL
        self.fix = bytearray(n)              # 1 where the sensed position disagrees with the game
        # Copied over expected_at, sensed_at and fix at once instead of a Python loop per byte:
        # every tag nowhere; every place zero (nothing to fix).
        self.nowhere = bytes((_OFF_BOARD,)) * tags
        self.zeros = bytes(n)
        self.sensed = position(n, self.stack)
        self.lifted = -1                # the tag of the piece in the air (a piece decision)
        self.wrong = -1                 # a place where a piece was put wrongly
        self.crowded = -1               # the last survey: a place with more pieces than the stack
        self.wand_armed = True
        self.wand_wrong = -1            # an unlit place the wand touched (until the next touch)
        self.mismatch_since = -1        # ms when the sensed position last stopped matching
        self.mismatch = False
        self.dirty = True               # the lights must be drawn again at the next tick
        self.bits = _OTHERS_OK          # the last survey(): _DIFFERS | _OTHERS_OK
        # After power-up or an undo, the pieces must first stand where the engine says
        # before any gesture counts (otherwise a piece left on its old destination would
        # replay the move just taken back).
        self.hold = True

    def place_of(self, st, tag, space):
        """The place piece `tag` stands on when the ruleset says `space`: its camp's place
        for OFF_BOARD at a sensed camp, else `space` itself."""
        if space == _OFF_BOARD and self.camps:
            h = self.rs.home(st, tag)
            if 0 <= h < self.camps:
                return self.n_spaces + h
        return space

    def action(self, st, tag, where):
        """The piece option that puts `tag` on place `where` (a camp only if it is its own:
        the ruleset's OFF_BOARD), or -1."""
        if where >= self.n_spaces:
            if where != self.place_of(st, tag, _OFF_BOARD):
                return -1
            where = _OFF_BOARD
        return self.rs.piece_action(st, tag, where)

    def stays(self, st):
        """The options of a piece decision that leave a piece where it stands."""
        rs = self.rs
        out = []
        for a in st.legal_actions():
            t, d = rs.piece_move(st, a)
            if self.place_of(st, t, d) == self.expected_at[t]:
                out.append(a)
        return out

    def expect(self, st):
        """The game changed: where it says every piece stands; no piece lifted or wrong."""
        at = self.expected_at
        at[:] = self.nowhere
        self.rs.expected(st, at)
        if self.camps:
            for t in range(len(at)):
                if at[t] == _OFF_BOARD:
                    at[t] = self.place_of(st, t, _OFF_BOARD)
        self.lifted = -1
        self.wrong = -1
        self.wand_wrong = -1

    def where(self, tag):
        """The place where tag is sensed: -1 nowhere, -2 on several places."""
        found = -1
        w = self.stack
        sensed = self.sensed
        for i in range(len(self.fix)):
            for j in range(i * w, i * w + w):
                t = sensed[j]
                if t == tag:
                    if found >= 0:
                        return -2
                    found = i
                if t == _NO_TAG:
                    break
        return found

    def survey(self, st, movers=()):
        """One pass over the sensed position: where every piece is (sensed_at), which places
        disagree with the game (fix), whether anything differs at all (bit _DIFFERS of bits)
        and whether everything but the movers is in place (bit _OTHERS_OK)."""
        w = self.stack
        sensed = self.sensed
        sa = self.sensed_at
        at = self.expected_at
        fix = self.fix
        n_tags = self.rs.game_tags(st)
        sa[:] = self.nowhere
        fix[:] = self.zeros
        others_ok = True
        differs = False
        self.crowded = -1
        o = -w
        for i in range(len(fix)):
            o += w
            t = sensed[o]
            if t == _NO_TAG:
                continue   # an empty place (most of them): one read
            if t == _UNREADABLE or t == _CROWDED:
                if t == _CROWDED and self.crowded < 0:
                    self.crowded = i   # its pieces cannot be known: take one off
                fix[i] = 1
                others_ok = False
                differs = True
                continue
            for j in range(o, o + w):
                t = sensed[j]
                if t == _NO_TAG:
                    break
                if t == _WAND_TAG or t == _ASKING:   # (ASKING: the players are asked which piece)
                    continue
                if t >= n_tags:        # a tag that is no piece of this game
                    fix[i] = 1
                    others_ok = False
                    differs = True
                    continue
                if sa[t] == _OFF_BOARD:
                    sa[t] = i
                else:
                    if sa[t] != _SEVERAL:
                        fix[sa[t]] = 1
                    fix[i] = 1
                    sa[t] = _SEVERAL
        n = len(fix)
        for t in range(n_tags):
            e = at[t]
            v = sa[t]
            if v != e:
                differs = True
                if e != _OFF_BOARD:
                    fix[e] = 1
                if v < n:
                    fix[v] = 1
                if t not in movers:
                    others_ok = False
        self.bits = (_DIFFERS if differs else 0) | (_OTHERS_OK if others_ok else 0)

    def differs(self, st):
        """Whether the sensed position disagrees with the game anywhere (a survey)."""
        self.survey(st)
        return self.bits & _DIFFERS

    def others_ok(self):
        """The last survey: every piece but the movers stands where the game says."""
        return self.bits & _OTHERS_OK

    def moved(self, st, movers):
        """Survey, then the mover away from its place: its tag, MOVED_NONE, or MOVED_MANY.
        Movers that go together (Ruleset.as_one): a piece put down speaks for those still
        lifted; two places are no gesture."""
        self.survey(st, movers)
        moved = MOVED_NONE
        one = len(movers) > 1 and self.rs.as_one(st)
        sa = self.sensed_at
        at = self.expected_at
        for t in movers:
            if sa[t] == at[t]:
                continue
            if moved == MOVED_NONE:
                moved = t
            elif moved >= 0 and one:
                if sa[moved] == _OFF_BOARD:
                    moved = t
                elif sa[t] != _OFF_BOARD and sa[t] != sa[moved]:
                    moved = MOVED_MANY
            else:
                moved = MOVED_MANY
        return moved

    def wand(self):
        """The place a wand touch newly picks, else -1 (one touch, one answer: the wand is
        lifted before the next)."""
        where = self.where(_WAND_TAG)
        if where < 0:
            self.wand_armed = True
            return -1
        if not self.wand_armed:
            return -1
        self.wand_armed = False
        self.wand_wrong = -1
        return where

    def settle(self, st, now_ms, surveyed=False):
        """Start (or stop) the settle clock of a sensed position that disagrees with the
        game; a lifted piece of the player moving is not a disagreement."""
        if not surveyed:
            self.survey(st)
        differs = self.bits & _DIFFERS
        if self.lifted >= 0 and self.bits & _OTHERS_OK:
            differs = False
        if not differs:
            self.mismatch_since = -1
            self.mismatch = False
        elif self.mismatch_since < 0:
            self.mismatch_since = now_ms
        self.dirty = True

    def tick(self, now_ms, settle_ms):
        """Time passes: a mismatch shows once it has been stable for settle_ms. True when
        the lights must be drawn again. Allocation-free (it runs on every scan)."""
        m = self.mismatch_since >= 0 and now_ms - self.mismatch_since >= settle_ms
        if m != self.mismatch or self.dirty:
            self.mismatch = m
            self.dirty = False
            return True
        return False
