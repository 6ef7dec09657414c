# The lights policy: what each place shows, from the game and the other parts of the
# controller (a lifted piece, a bot seat's plan, a question, a secret run, what to fix).
# Codes only: firmware/board/render.py turns them into an LED frame.
from firmware.rules.compat import const

L_OFF = const(0)
L_ORIGIN = const(1)      # the lifted piece's place: white
L_DEST = const(2)        # a legal destination: green
L_WRONG = const(3)       # a piece put where it may not go: blinking red
L_FIX = const(4)         # the sensed position disagrees here: blinking amber
L_TARGET = const(5)      # a place to choose (wand or dial): blue
L_SELECTED = const(6)    # the option the dial points at: bright blue
L_WINNER = const(7)      # the pie-fight winner / the game's winner: their colour
L_BOT_LIFT = const(8)    # a bot seat's move: the piece to lift stands here: violet
L_BOT_DEST = const(9)    # a bot seat's move: put it here / touch the wand here: cyan
L_OWN_DEST = const(10)   # a legal place of a piece with its own colour (the airship): gold
L_TOKEN = const(11)      # a token the engine tracks stands here (a gadget): dim gold

_OFF_BOARD = const(255)
_ENTRY_PIECE = const(1)
_ENTRY_SPACE = const(2)
_ENTRY_SECRET = const(3)


class Lights:
    def __init__(self, n_places):
        self.light = bytearray(n_places)           # the code of each place
        self.winner_colour = bytearray(n_places)   # the player whose colour a L_WINNER place shows
        self.drawn = 0   # counts each draw() (render.py redraws the places then)
        self._zeros = bytes(n_places)

    def draw(self, ctl):
        """Set every place's code from the controller's parts now."""
        self.drawn += 1
        st = ctl.st
        rs = ctl.rs
        g = ctl.gestures
        seats = ctl.seats
        q = ctl.questions
        light = self.light
        light[:] = self._zeros   # every place L_OFF
        entry = rs.entry[st.decision()]
        at = g.expected_at
        if st.is_terminal():
            w = st.winners()
            for i in range(len(light)):
                light[i] = L_WINNER
                self.winner_colour[i] = w[0] if w else 0
        elif seats.plan >= 0:
            if seats.plan_tag >= 0 and seats.plan_dial < 0 and seats.plan_from != _OFF_BOARD:
                light[seats.plan_from] = L_BOT_LIFT
            if seats.plan_dest != _OFF_BOARD:
                light[seats.plan_dest] = L_BOT_DEST
        elif entry == _ENTRY_PIECE and q is not None and q.asking() >= 0:
            tr = q.tracker   # "which piece?": their places blue, the dial's brighter
            for j in range(tr.n_cands):
                light[at[tr.cands[j]]] = L_TARGET
            light[at[q.candidate(ctl.sel[0])]] = L_SELECTED
            light[tr.ask_at] = L_DEST
        elif entry == _ENTRY_PIECE and g.lifted >= 0:
            origin = at[g.lifted]
            if origin != _OFF_BOARD:
                light[origin] = L_ORIGIN
            own = rs.own_colour(g.lifted)
            rs.light_destinations(st, g.lifted, origin, light, L_OWN_DEST if own else L_DEST)
            if q is not None:     # occupied destinations: blue, the dial's brighter
                joins = q.joins(ctl)
                for j in range(len(joins)):
                    d = g.place_of(st, g.lifted, rs.piece_move(st, joins[j])[1])
                    light[d] = L_SELECTED if j == ctl.sel[0] % len(joins) else L_TARGET
        elif entry == _ENTRY_PIECE:
            movers = rs.movers(st)     # a piece with its own colour alone to move (the
            if len(movers) == 1 and rs.own_colour(movers[0]):   # airship): its places at once
                t = movers[0]
                rs.light_destinations(st, t, at[t], light, L_OWN_DEST)
        elif entry == _ENTRY_SPACE:
            opts = st.legal_actions()
            n = g.n_spaces
            for d in opts:
                if d < n:
                    light[d] = L_TARGET
            s = ctl.sel[ctl.dial_of(st.current_player())] % len(opts)
            if opts[s] < n:
                light[opts[s]] = L_SELECTED
        elif entry == _ENTRY_SECRET:
            space = rs.focus(st)
            if space != _OFF_BOARD:
                light[space] = L_TARGET
        if not st.is_terminal():
            rs.tokens(st, light, L_TOKEN)   # on places nothing else lights
        if g.mismatch:
            fix = g.fix
            for i in range(len(light)):
                shown = light[i] in (L_ORIGIN, L_DEST, L_BOT_LIFT, L_BOT_DEST, L_OWN_DEST)
                if fix[i] and not (g.lifted >= 0 and shown):
                    light[i] = L_FIX
        if g.wrong >= 0:
            light[g.wrong] = L_WRONG
        if g.wand_wrong >= 0:
            light[g.wand_wrong] = L_WRONG

    def turn_colour(self, ctl):
        """The seat whose colour the turn LED shows (asking which piece: the owner of the
        one the dial points at)."""
        q = ctl.questions
        if q is not None and q.asking() >= 0:
            return q.tracker.kind[q.candidate(ctl.sel[0])] >> 4
        p = ctl.st.active_player()
        return p if p < ctl.rs.players[1] else 0
