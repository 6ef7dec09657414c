# Boards whose cards dealt face down are chosen (docs/protocol.md, "Cards dealt face down"): the
# controller's `deal` hook fixes those chance outcomes, the board's dice the rest, so two boards
# differ only in what no one at the table has seen (tests/board/test_hands_on_the_link.py,
# tests/web/device/test_web_face_down.py). Plain Python: runs on CPython and the unix port.


def dealer(rs, pick, spare=-1):
    """A `ctl.deal` for ruleset rs: each card dealt face down the `pick`-th of its options, but
    those seat `spare` sees (its own) the first; None (the board's dice) for every other chance
    decision."""

    def deal(st):
        if not rs.face_down(st):
            return None
        opts = st.legal_actions()
        if spare >= 0 and seen_by(rs, st, opts[0], opts[pick], spare):
            return opts[0]
        return opts[pick]
    return deal


def seen_by(rs, st, a, b, seat):
    """Whether `seat` can tell outcome a of st's chance decision from b."""
    x, y = st.clone(False), st.clone(False)
    x.apply(a)
    y.apply(b)
    return rs.observation(x, seat) != rs.observation(y, seat)
