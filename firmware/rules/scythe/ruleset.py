# Scythe (the base game) as a ruleset: what the board, the link and the host need to know
# about it (firmware/rules/ruleset.py). The engine is imported only when a game is made.
# 2-5 players: solo play needs the Automa deck, which the sources do not have.
from ..ruleset import ENTRY_CHANCE, ENTRY_DIAL, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD, Ruleset

_N_KINDS = 34
_PER_PLAYER = 17      # character, 4 mechs, 8 workers, 4 structures


def _entries():
    e = bytearray(_N_KINDS)
    for k in range(_N_KINDS):
        e[k] = ENTRY_DIAL
    for k in (1, 2, 3, 4, 5, 28):               # deals and draws, Scout's card
        e[k] = ENTRY_CHANCE
    for k in (9, 12, 13, 14, 19, 21, 24):       # a space: move to, place, produce, pay, deploy, build, combat
        e[k] = ENTRY_SPACE
    for k in (25, 26):                          # the power dial and combat cards
        e[k] = ENTRY_SECRET
    return bytes(e)


class Scythe(Ruleset):
    id = 2
    name = "scythe"
    title = "Scythe"
    players = (2, 5)
    map_name = "scythe"
    board_kind = "scythe"
    max_stack = 16     # a territory may hold 8 workers, 4 mechs, a character and a structure
    entry = _entries()
    catalogue = "firmware.rules.scythe.text"
    host_view = "host_tools.views.scythe"   # the laptop's view (CPython only)

    def make_board(self, board_def):
        from .board import ScytheBoard

        return ScytheBoard(board_def)

    def new_game(self, board, players, options=None):
        from .engine import new_game

        return new_game(board, players)

    def from_bytes(self, board, data):
        from .engine import State

        return State.from_bytes(board, data)

    # Piece k of player p is tag 17p + k: 0 the character, 1-4 the mechs, 5-12 the workers,
    # 13-16 the structures.
    def pieces(self, n_players):
        names = ("character",) + ("mech",) * 4 + ("worker",) * 8 + ("structure",) * 4
        return tuple((names[k], p, _PER_PLAYER * p + k) for p in range(n_players) for k in range(_PER_PLAYER))

    def tag_of(self, owner, k):
        return _PER_PLAYER * owner + k if 0 <= k < _PER_PLAYER else -1

    def n_tags(self, n_players):
        return _PER_PLAYER * n_players

    def expected(self, st, at):
        from .common import po

        for p in range(st.n_players()):
            o = po(p) + 24     # layout.P_UNITS; the structures follow the units
            for k in range(_PER_PLAYER):
                x = st.s[o + k]
                at[_PER_PLAYER * p + k] = OFF_BOARD if x == 255 else x

    def movers(self, st):
        return ()

    def piece_move(self, st, a):
        return -1, OFF_BOARD


RULESET = Scythe()
