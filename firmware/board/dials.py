# The dials: what each offers for the pending decision (the active player's decisions on dial
# 1, another player's on dial 2; a secret run's sides, secrets.py; a bot seat's plan only; the
# table's dice when the players roll them), and their readings: turning moves a dial's
# selection through the options (any number of them, 8 positions per turn), a push enters the
# selected option.
from firmware.rules.compat import const

_CHANCE = const(-1)
_ENTRY_PIECE = const(1)
_ENTRY_SECRET = const(3)


class Dials:
    def __init__(self):
        self.sel = [0, 0]               # the option each dial points at
        self.last_pos = [0, 0]
        self.last_down = [False, False]

    def options(self, ctl, dial=0):
        """The options the dial offers now (for the host and display)."""
        st = ctl.st
        entry = ctl.entry_kind()
        if entry == _ENTRY_SECRET:
            sec = ctl.secret
            if not sec.sides:
                sec.start(st, ctl.commits)
            return sec.options(st, dial)
        if st.current_player() == _CHANCE:
            return st.legal_actions() if ctl.table_dice else []
        if dial != ctl.dial_of(st.current_player()):
            return []
        seats = ctl.seats
        if seats.plan >= 0:   # a bot seat: its choice only
            return [seats.plan] if dial == seats.plan_dial and seats.ready(ctl) else []
        if entry == _ENTRY_PIECE:
            q = ctl.questions
            if q is not None and ctl.gestures.lifted >= 0:
                return q.joins(ctl) + q.picks(ctl)   # no readers: onto which occupied place it went
            if q is not None:
                return self.stays(ctl) + q.joins(ctl)    # and a piece of a stack onto a piece
            return self.stays(ctl)   # moves are made with the pieces; the dial keeps one in place
        return st.legal_actions()

    def stays(self, ctl):
        """The options of a piece decision that leave a piece where it stands."""
        st = ctl.st
        rs = ctl.rs
        g = ctl.gestures
        out = []
        for a in st.legal_actions():
            t, d = rs.piece_move(st, a)
            if g.place_of(st, t, d) == g.expected_at[t]:
                out.append(a)
        return out

    def on_dial(self, ctl, dial, position, pressed, now_ms=0):
        """A dial reading: turning moves its selection through the options (any number of
        them, 8 positions per turn); a push locks the selected option."""
        delta = (position - self.last_pos[dial]) % 8
        if delta > 4:
            delta -= 8
        self.last_pos[dial] = position
        click = pressed and not self.last_down[dial]
        self.last_down[dial] = pressed
        q = ctl.questions
        if q is not None and q.on_dial(ctl, dial, delta, click, now_ms):
            return
        opts = self.options(ctl, dial)
        st = ctl.st
        if not opts:
            return
        if delta:
            self.sel[dial] = (self.sel[dial] + delta) % len(opts)
            ctl.gestures.dirty = True
            ctl.draw()
        if not click:
            return
        choice = opts[self.sel[dial] % len(opts)]
        self.sel[dial] = 0
        if ctl.entry_kind() == _ENTRY_SECRET:
            ctl.enter_secret(dial, choice)
        else:
            ctl.commit(choice, None if st.current_player() == _CHANCE else st.current_player())

