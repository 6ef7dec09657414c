# The dials: what each offers for the pending decision (the active player's decisions on dial
# 1, another player's on dial 2; a secret run's sides, secrets.py; a bot seat's plan only; the
# table's dice when the players roll them), and their readings: turning moves a dial's
# selection through the options (any number of them, 8 positions per turn), a push enters the
# selected option. Functions, not a class: the dials' state (sel, last_pos, last_down) is the
# controller's, and a board holds no class object for them.
from firmware.rules.compat import const

_CHANCE = const(-1)
_ENTRY_PIECE = const(1)
_ENTRY_SECRET = const(3)


def options(ctl, dial=0):
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
            return stays(ctl) + q.joins(ctl)    # and a piece of a stack onto a piece
        return stays(ctl)   # moves are made with the pieces; the dial keeps one in place
    return st.legal_actions()


def stays(ctl):
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


def on_dial(ctl, dial, position, pressed, now_ms=0):
    """A dial reading: turning moves its selection through the options (any number of
    them, 8 positions per turn); a push locks the selected option."""
    delta = (position - ctl.last_pos[dial]) % 8
    if delta > 4:
        delta -= 8
    ctl.last_pos[dial] = position
    click = pressed and not ctl.last_down[dial]
    ctl.last_down[dial] = pressed
    q = ctl.questions
    if q is not None and q.on_dial(ctl, dial, delta, click, now_ms):
        return
    opts = options(ctl, dial)
    st = ctl.st
    if not opts:
        return
    if delta:
        ctl.sel[dial] = (ctl.sel[dial] + delta) % len(opts)
        ctl.gestures.dirty = True
        ctl.draw()
    if not click:
        return
    choice = opts[ctl.sel[dial] % len(opts)]
    ctl.sel[dial] = 0
    if ctl.entry_kind() == _ENTRY_SECRET:
        ctl.enter_secret(dial, choice)
    else:
        ctl.commit(choice, None if st.current_player() == _CHANCE else st.current_player())

