# The bench (firmware/hosts/bench.py) with the shipped board definition (or another: `definition`)
# and a save file; with presence=True, a board built without readers (hardware/presence-only.md).
from firmware.hosts.bench import Bench
from firmware.rng import Rng
from firmware.rules.ruleset import ENTRY_SPACE, OFF_BOARD
from firmware.board.storage import SaveFile
from tests.rules.support import map_def


def board_def():
    """The shipped map, found beside the test suite (tests.rules.support.repo_path), not
    in the working folder."""
    return map_def()


class Rig(Bench):
    def __init__(self, st, seed=1, save_path=None, table_dice=False, scans=3, settle_ms=600,
                 presence=False, confirm=True, bots=None, definition=None):
        save = SaveFile(save_path) if save_path else None
        Bench.__init__(self, definition or board_def(), st, Rng(seed), save, table_dice, scans, settle_ms,
                       bots=bots, presence=presence)
        if presence and confirm:
            self.confirm_setup()

    def confirming(self):
        """A board without readers waits for the push that says the pieces are in place."""
        q = self.ctl.questions
        return q is not None and q.confirm

    def confirm_setup(self):
        """A board without readers, at power-up or after undo: the players' push that says
        the pieces stand where the game has them."""
        assert self.confirming(), self.display.lines
        self.press(0)

    def answer(self, tag):
        """The "which piece?" question: turn dial 1 to piece `tag` (or the piece alike that
        stands for it), push."""
        tr = self.table.tracker
        assert tr is not None and self.ctl.asking() >= 0
        cands = list(tr.cands[:tr.n_cands])
        if tag not in cands:
            at = self.ctl.expected_at
            tag = [c for c in cands if tr.kind[c] == tr.kind[tag] and at[c] == at[tag]][0]
        steps = (cands.index(tag) - self.ctl.sel[0]) % len(cands)
        if steps:
            self.turn(0, steps)
        self.press(0)

    def bot_turn(self, bot, bots_rng):
        """As Bench.bot_turn; a board without readers takes no wand (its magnet cannot be
        told from a stray one): "which space?" is answered on the dial."""
        st = self.st
        if self.table.tracker is None or self.rs.entry[st.decision()] != ENTRY_SPACE:
            return Bench.bot_turn(self, bot, bots_rng)
        self.tidy()
        a = self.ctl.bot_choice()
        if a < 0:
            a = bot.choose(st)
        self.choose(0 if st.current_player() == st.active_player() else 1, a)

    def piece_gesture(self, a):
        """As Bench.piece_gesture; on a board without readers, then answering what it asks:
        which piece it was, or (a piece put onto another) the move on the dial."""
        tr = self.table.tracker
        if tr is None:
            return Bench.piece_gesture(self, a)
        tag, dest = self.rs.piece_move(self.st, a)
        dest = self.ctl.place_of(tag, dest)
        if dest == self.expected()[tag]:
            self.choose(0, a)
            return
        commits = self.ctl.commits
        self.lift_tag(tag)
        if dest == OFF_BOARD:
            return
        onto = tr.occupied(dest)
        self.place_tag(tag, dest)
        if self.ctl.commits == commits and self.ctl.asking() >= 0:
            self.answer(tag)
        elif self.ctl.commits == commits and onto:
            opts = self.ctl.options(0)
            if a not in opts:         # its twin's move stands for it
                d = self.rs.piece_move(self.st, a)[1]
                a = [o for o in opts if self.rs.piece_move(self.st, o)[1] == d][0]
            self.choose(0, a)
        self._relabel()

    def _relabel(self):
        """Pieces alike (two Seekers of a seat) are interchangeable: where the board took one
        for the other, swap their tags on the mock board so that it follows the game."""
        tr = self.table.tracker
        if tr is None:
            return
        at = self.expected()
        ch = self.place_channel
        for t in range(len(at)):
            lt = self.where_tag(t)
            if lt == at[t] or lt < 0 or at[t] == OFF_BOARD:
                continue
            for u in range(len(at)):
                if u != t and tr.kind[u] == tr.kind[t] and self.where_tag(u) == at[t] and at[u] == lt:
                    self.sensors.lift(ch[lt], t)
                    self.sensors.lift(ch[at[t]], u)
                    self.sensors.put(ch[at[t]], t)
                    self.sensors.put(ch[lt], u)
                    break
