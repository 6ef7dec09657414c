# A board built without tag readers (hardware/presence-only.md, pin map sensors.reader.chip
# "none"): its hall switches say only *that* a place is occupied. The engine knows where
# every piece stands, so, as on a reed-switch chess board, identity follows from tracking:
# PresenceTracker turns the occupied places and the position the controller expects into a
# sensed position of tags (firmware/hal/__init__.py) that the controller reads as if
# readers had sensed it.
#
# - an occupied place where pieces are expected: those pieces (a board without readers
#   cannot see one of several lifted, nor a piece swapped by hand);
# - an empty place: nothing there (a piece expected there is lifted);
# - an occupied place where none is expected (an arrival): the piece the players named for it
#   on the dial; else the one piece lifted (its place emptied); else, among the pieces lifted
#   (or, when none was seen lifted, the active player's pieces on places holding several),
#   the one that may legally go there. Pieces of one owner and kind standing together are
#   alike (My Little Scythe: "both Seekers are functionally identical"): the lowest tag is
#   taken. Several left: ASKING is reported there and the controller asks which by lights
#   and dial (ask_at, cands); none: STRAY (the spaces blink amber, nothing is committed).
#
# Imported only for such a board (firmware/board/table.py). infer() runs when the stable position
# changed, and after a commit or an undo; it writes its preallocated buffers only (the
# legality checks ask the engine, which allocates, as any stable change does).
from firmware.hal import ASKING, NO_TAG, STRAY, add_tag, clear, position
from firmware.rules.ruleset import ENTRY_PIECE


class PresenceTracker:
    def __init__(self, ctl, places):
        self.ctl = ctl
        self.places = places              # the debounced position by place: occupied = slot 0 used
        self.w = w = ctl.stack
        n = len(ctl.light)
        tags = len(ctl.expected_at)
        self.pos = position(n, w)         # the sensed position made
        self.count = bytearray(n)         # pieces expected on each place
        self.arrived = bytearray(n)       # the piece an arrival is taken for (NO_TAG: none)
        self.answer = bytearray(n)        # the piece the players named for a place (the dial)
        self.taken = bytearray(tags)      # 1: the piece is taken for an arrival elsewhere
        self.cands = bytearray(tags)      # the pieces the question offers (the first n_cands)
        self.n_cands = 0
        self.ask_at = -1                  # the place asked about, or -1
        self.kind = bytearray(tags)       # owner * 16 + kind: pieces alike have the same
        kinds = []
        for k, owner, tag in ctl.rs.pieces(ctl.rs.players[1]) + ctl.rs.option_pieces():
            if k not in kinds:
                kinds.append(k)
            if tag < tags:
                self.kind[tag] = owner * 16 + kinds.index(k)
        for i in range(n):
            self.answer[i] = NO_TAG
        self.seen = -1                    # the controller's commit count at the last inference

    def occupied(self, place):
        return self.places[place * self.w] != NO_TAG

    def name(self, place, tag):
        """The players' answer: the piece that arrived on `place` is `tag`."""
        self.answer[place] = tag

    def infer(self):
        """The sensed position now (self.pos)."""
        ctl = self.ctl
        at = ctl.expected_at
        w = self.w
        places = self.places
        pos = self.pos
        count = self.count
        arrived = self.arrived
        answer = self.answer
        taken = self.taken
        n = len(count)
        n_tags = ctl.rs.game_tags(ctl.st)
        if ctl.commits != self.seen:      # a new position of the game: the answers are spent
            self.seen = ctl.commits
            for i in range(n):
                answer[i] = NO_TAG
        lifted = -1
        n_lifted = 0
        for i in range(n):
            count[i] = 0
        for t in range(len(taken)):
            taken[t] = 0
            q = at[t]
            if t < n_tags and q < n:
                count[q] += 1
                if places[q * w] == NO_TAG:
                    n_lifted += 1
                    lifted = t
        self.ask_at = -1
        self.n_cands = 0
        for i in range(n):                # arrivals first: who they are
            arrived[i] = NO_TAG
            if places[i * w] == NO_TAG:
                answer[i] = NO_TAG
                continue
            if count[i]:
                continue
            t = answer[i]
            if t == NO_TAG:
                t = lifted if n_lifted == 1 else self._identify(i, n_lifted, n_tags)
            arrived[i] = t
            if t < len(taken):
                taken[t] = 1
        for i in range(n):
            clear(pos, i, w)
            if places[i * w] == NO_TAG:
                continue
            if arrived[i] != NO_TAG:
                add_tag(pos, i, arrived[i], w)
                continue
            for t in range(n_tags):
                if at[t] == i and not taken[t]:
                    add_tag(pos, i, t, w)
        return pos

    def _identify(self, place, n_lifted, n_tags):
        """The piece that arrived on an unexpected place when no single piece was lifted."""
        ctl = self.ctl
        if ctl.rs.entry[ctl.st.decision()] != ENTRY_PIECE or ctl.st.is_terminal():
            return STRAY                  # no piece may move now: a stray magnet or a stuck switch
        at = ctl.expected_at
        w = self.w
        count = self.count
        cands = self.cands
        n = 0
        for t in ctl.rs.movers(ctl.st):
            if self.taken[t] or t >= n_tags:
                continue
            q = at[t]
            if q >= len(count):           # off the board (the airship before setup places it)
                if not n_lifted and ctl.action(t, place) >= 0:
                    cands[n] = t
                    n += 1
                continue
            gone = self.places[q * w] == NO_TAG
            # lifted pieces when some were seen lifted, else those on places holding several
            if (gone if n_lifted else count[q] >= 2) and ctl.action(t, place) >= 0:
                twin = False
                for j in range(n):
                    c = cands[j]
                    if at[c] == q and self.kind[c] == self.kind[t]:
                        twin = True       # alike and together: the lower tag stands for both
                        break
                if not twin:
                    cands[n] = t
                    n += 1
        if n == 1 or (n and ctl.rs.as_one(ctl.st)):   # (movers that go together: any is all)
            return cands[0]
        if n == 0 or self.ask_at >= 0:
            return STRAY
        self.ask_at = place
        self.n_cands = n
        return ASKING
