# My Little Scythe as a ruleset: what the board, the link and the host need to know about
# it (firmware/rules/ruleset.py). The engine itself is imported only when a game is made.
from ..compat import const
from ..errors import SetupError
from ..ruleset import ENTRY_CHANCE, ENTRY_PIECE, ENTRY_ROLL, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD, Ruleset

_AT_CAMP = const(63)
_CAMP = const(4)
_P0 = const(148)
_PSZ = const(24)
_K_ACTION = const(6)
_K_TROPHY = const(7)
_N_KINDS = const(29)
_N_KINDS_PITS = const(39)
_N_KINGDOMS_BASE = const(7)
_X_SIZE = const(42)
_XOPT = const(147)


def _entries(n):
    e = bytearray(n)   # ENTRY_DIAL (0) unless set below; kinds 29.. are Pie in the Sky's
    for k in (1, 2, 3, 4, 12, 14, 22, 29):    # setup deals, spell/quest/tile draws, airship mats
        if k < n:
            e[k] = ENTRY_CHANCE
    for k in (5, 19, 30):                      # first player, a search die, the airship die: at the table too
        if k < n:
            e[k] = ENTRY_ROLL
    e[8] = ENTRY_PIECE                         # a Seeker's move
    for k in (13, 17, 18, 20, 34):             # quest pick, pay from, place on, seek place, her path
        if k < n:
            e[k] = ENTRY_SPACE
    for k in (10, 27):                         # a pie-fight bid: pies, then spells
        e[k] = ENTRY_SECRET
    return bytes(e)


class MyLittleScythe(Ruleset):
    id = 1
    name = "mls"
    title = "My Little Scythe"
    # new_game() also takes 1 player with Pie in the Sky (solo against Automountie, who plays
    # seat 1 of the game made); `players` stays 2-6 until the board's `new` plays the expansion.
    players = (2, 6)
    map_name = "mls"
    max_stack = 8
    entry = _entries(_N_KINDS)
    # The entry modes with Pie in the Sky's kinds (29-38; 34-38: Automountie's and Air
    # Transport's, entered on the dial). Not yet `entry`: the board's
    # screens and controller do not know these kinds yet (docs/pie-in-the-sky.md).
    pits_entry = _entries(_N_KINDS_PITS)
    # The setup options the board takes on the wire (the protocol's `new`). Pie in the Sky's
    # are not among them until the board plays its decision kinds (docs/pie-in-the-sky.md):
    # new_game() takes them (engine_options), the `new` command refuses them.
    new_options = {"camps": (0, 5), "kingdoms": (0, 6)}
    # pits: [1] plays Pie in the Sky (kingdoms up to 8: 7 Fox, 8 Owl); mats: [1] deals its
    # airship mats at random (else each kingdom's own); automountie: [side] her mat's side in
    # a solo game (1 player, seat 1 is hers: 0 Trophy Dropper, 1 EMP Device)
    engine_options = {"camps": (0, 5), "kingdoms": (0, 8), "pits": (0, 1), "mats": (0, 1),
                      "automountie": (0, 1)}
    option_names = {_K_ACTION: "action", _K_TROPHY: "trophy"}
    catalogue = "firmware.text.en"
    host_view = "host_tools.views.mls"   # the laptop's view (CPython only)
    bot = "firmware.rules.mls.bot"
    strong_bot = "firmware.rules.mls.rule_bot:RuleBot"

    def new_game(self, board, players, options=None):
        from .engine import new_game

        options = options or {}
        kingdoms = options.get("kingdoms")
        side = options.get("automountie")
        if side not in (None, [], [0], [1]):
            raise SetupError("bad_setup", "automountie")
        if options.get("pits") == [1]:
            from .pits import new_game as pits_game

            return pits_game(board, players, None, options.get("camps"), kingdoms,
                             options.get("mats") == [1], None, side[0] if side else None)
        if options.get("pits") not in (None, [], [0]) or options.get("mats") not in (None, [], [0]):
            raise SetupError("bad_setup", "pits")
        if side or players == 1:
            raise SetupError("bad_players", players)   # solo: against Automountie, with Pie in the Sky
        if kingdoms and max(kingdoms) >= _N_KINGDOMS_BASE:
            raise SetupError("bad_kingdoms", kingdoms)   # Fox and Owl: Pie in the Sky only
        return new_game(board, players, None, options.get("camps"), kingdoms)

    def from_bytes(self, board, data):
        from .engine import State

        if len(data) > 7 and data[5] | (data[6] << 8) == State.size(board) + _X_SIZE:
            from .pits import PitsState   # a longer state: Pie in the Sky (layout.XOPT)

            return PitsState.from_bytes(board, data)
        return State.from_bytes(board, data)

    # Seeker k of player p is tag 2p + k.
    def pieces(self, n_players):
        return tuple(("seeker", p, 2 * p + k) for p in range(n_players) for k in range(2))

    def tag_of(self, owner, k):
        return 2 * owner + k if 0 <= k < 2 else -1

    def n_tags(self, n_players):
        return 2 * n_players

    def expected(self, st, at):
        for p in range(st.n_players()):
            a, b = st.seekers(p)
            at[2 * p] = OFF_BOARD if a == _AT_CAMP else a
            at[2 * p + 1] = OFF_BOARD if b == _AT_CAMP else b
        moving = st.moving_seeker()   # a move waiting for "what did it carry?": already put down
        if moving is not None and moving[1] != _AT_CAMP:
            at[2 * st.active_player() + moving[0]] = moving[1]

    def not_on_the_board(self, st):
        if st.s[_XOPT]:   # Pie in the Sky: kinds 29-38 have no entry on the board yet
            return "Pie in the Sky is not played on the board yet (docs/pie-in-the-sky.md)"
        return None

    def home(self, st, tag):
        return st.s[_P0 + (tag >> 1) * _PSZ + _CAMP]   # the camp site of the Seeker's seat

    def movers(self, st):
        p = st.active_player()
        return (2 * p, 2 * p + 1)

    def piece_move(self, st, a):
        dest = a & 63
        return 2 * st.active_player() + (a >> 6), OFF_BOARD if dest == _AT_CAMP else dest

    # The lift and placement hooks without a piece_move() per option. A K_MOVE option is
    # seeker * 64 + destination (layout.move_action).
    def light_destinations(self, st, tag, origin, light, code):
        k = tag - 2 * st.active_player()
        for a in st.legal_actions():
            d = a & 63
            if a >> 6 == k and d != origin and d != _AT_CAMP:
                light[d] = code

    def piece_action(self, st, tag, space):
        k = tag - 2 * st.active_player()
        a = k * 64 + space
        return a if 0 <= k < 2 and a in st.legal_actions() else -1

    def focus(self, st):
        return st.fight_space()

    def revealed(self, st):
        fight = st.last_fight()
        return "" if fight is None else "pie fight: %d against %d" % (fight[0], fight[1])


RULESET = MyLittleScythe()
