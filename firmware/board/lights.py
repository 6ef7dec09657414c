# The lights policy: what each place shows, from the game and the other parts of the
# controller (a lifted piece, a bot seat's plan, a question, a secret run, what to fix), into
# the controller's light codes (ctl.light, ctl.winner_colour; ctl.lights_drawn counts the
# draws). Codes only: firmware/board/render.py turns them into an LED frame. Functions, not a
# class, and the codes private (inlined): a board holds no class object or globals for them
# (docs/performance.md, "The controller as parts"). Their public names, for tests and hosts:
# firmware/board/light_codes.py (tests/host/test_private_copies.py checks the copies).
from firmware.rules.compat import const

_L_OFF = const(0)
_L_ORIGIN = const(1)      # the lifted piece's place: white
_L_DEST = const(2)        # a legal destination: green
_L_WRONG = const(3)       # a piece put where it may not go: blinking red
_L_FIX = const(4)         # the sensed position disagrees here: blinking amber
_L_TARGET = const(5)      # a place to choose (wand or dial): blue
_L_SELECTED = const(6)    # the option the dial points at: bright blue
_L_WINNER = const(7)      # the pie-fight winner / the game's winner: their colour
_L_BOT_LIFT = const(8)    # a bot seat's move: the piece to lift stands here: violet
_L_BOT_DEST = const(9)    # a bot seat's move: put it here / touch the wand here: cyan
_L_OWN_DEST = const(10)   # a legal place of a piece with its own colour (the airship): gold
_L_TOKEN = const(11)      # a token the engine tracks stands here (a gadget): dim gold

_OFF_BOARD = const(255)
_ENTRY_PIECE = const(1)
_ENTRY_SPACE = const(2)
_ENTRY_SECRET = const(3)


def draw(ctl):
    """Set every place's code from the controller's parts now."""
    ctl.lights_drawn += 1
    st = ctl.st
    rs = ctl.rs
    g = ctl.gestures
    seats = ctl.seats
    q = ctl.questions
    light = ctl.light
    light[:] = ctl.gestures.zeros   # every place _L_OFF
    entry = rs.entry[st.decision()]
    at = g.expected_at
    if st.is_terminal():
        w = st.winners()
        for i in range(len(light)):   # (no winner, a cooperative game lost: all off)
            light[i] = _L_WINNER if w else light[i]
            ctl.winner_colour[i] = w[0] if w else 0
    elif seats.plan >= 0:
        if seats.plan_tag >= 0 and seats.plan_dial < 0 and seats.plan_from != _OFF_BOARD:
            light[seats.plan_from] = _L_BOT_LIFT
        if seats.plan_dest != _OFF_BOARD:
            light[seats.plan_dest] = _L_BOT_DEST
    elif entry == _ENTRY_PIECE and q is not None and q.asking() >= 0:
        tr = q.tracker   # "which piece?": their places blue, the dial's brighter
        for j in range(tr.n_cands):
            light[at[tr.cands[j]]] = _L_TARGET
        light[at[q.candidate(ctl.sel[0])]] = _L_SELECTED
        light[tr.ask_at] = _L_DEST
    elif entry == _ENTRY_PIECE and g.lifted >= 0:
        origin = at[g.lifted]
        if origin != _OFF_BOARD:
            light[origin] = _L_ORIGIN
        own = rs.own_colour(g.lifted)
        rs.light_destinations(st, g.lifted, origin, light, _L_OWN_DEST if own else _L_DEST)
        if q is not None:     # occupied destinations: blue, the dial's brighter
            joins = q.joins(ctl)
            for j in range(len(joins)):
                d = g.place_of(st, g.lifted, rs.piece_move(st, joins[j])[1])
                light[d] = _L_SELECTED if j == ctl.sel[0] % len(joins) else _L_TARGET
    elif entry == _ENTRY_PIECE:
        movers = rs.movers(st)     # a piece with its own colour alone to move (the
        if len(movers) == 1 and rs.own_colour(movers[0]):   # airship): its places at once
            t = movers[0]
            rs.light_destinations(st, t, at[t], light, _L_OWN_DEST)
    elif entry == _ENTRY_SPACE:
        opts = st.legal_actions()
        n = g.n_spaces
        for d in opts:
            if d < n:
                light[d] = _L_TARGET
        s = ctl.sel[ctl.dial_of(st.current_player())] % len(opts)
        if opts[s] < n:
            light[opts[s]] = _L_SELECTED
    elif entry == _ENTRY_SECRET:
        space = rs.focus(st)
        if space != _OFF_BOARD:
            light[space] = _L_TARGET
    if not st.is_terminal():
        rs.tokens(st, light, _L_TOKEN)   # on places nothing else lights
    if g.mismatch:
        fix = g.fix
        for i in range(len(light)):
            shown = light[i] in (_L_ORIGIN, _L_DEST, _L_BOT_LIFT, _L_BOT_DEST, _L_OWN_DEST)
            if fix[i] and not (g.lifted >= 0 and shown):
                light[i] = _L_FIX
    if g.wrong >= 0:
        light[g.wrong] = _L_WRONG
    if g.wand_wrong >= 0:
        light[g.wand_wrong] = _L_WRONG


def turn_colour(ctl):
    """The seat whose colour the turn LED shows (asking which piece: the owner of the
    one the dial points at); after the game's end the winner's, -1 (off) for a shared win."""
    st = ctl.st
    if st.is_terminal():
        w = st.winners()
        return w[0] if len(w) == 1 else -1
    q = ctl.questions
    if q is not None and q.asking() >= 0:
        return q.tracker.kind[q.candidate(ctl.sel[0])] >> 4
    p = ctl.st.active_player()
    return p if p < ctl.rs.players[1] else 0
