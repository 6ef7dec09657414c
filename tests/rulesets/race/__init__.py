# A tiny ruleset used only by the tests: the proof that a game plugs into the board through
# the ruleset seam (firmware/rules/ruleset.py) with no line changed outside its own modules.
#
# Race: 2-4 runners (one tagged miniature each) start stacked on space 0 of the My Little
# Scythe map. A chance decision (rolled at the table or by the board) picks who starts.
# On a turn the runner's player sets a speed of 1 or 2 on the dial, then lifts the runner
# and puts it on a space at most that many steps away (the lit spaces). The first runner on
# the goal, the space farthest from the start, wins.
from firmware.rules.compat import const
from firmware.rules.ruleset import ENTRY_DIAL, ENTRY_PIECE, ENTRY_ROLL, Ruleset

K_FIRST = const(1)   # chance: who starts (a player index)
K_SPEED = const(2)   # the dial: 1 or 2
K_RUN = const(3)     # the runner's destination space
K_OVER = const(4)


class Race(Ruleset):
    id = 250
    name = "race"
    title = "Race (test ruleset)"
    players = (2, 4)
    map_name = "mls"
    max_stack = 8
    entry = bytes((ENTRY_DIAL, ENTRY_ROLL, ENTRY_DIAL, ENTRY_PIECE, ENTRY_DIAL))
    catalogue = "tests.rulesets.race.text"

    def new_game(self, board, players, options=None):
        from .state import new_game

        return new_game(board, players)

    def from_bytes(self, board, data):
        from .state import RaceState

        return RaceState.from_bytes(board, data)

    def pieces(self, n_players):
        return tuple(("runner", p, p) for p in range(n_players))

    def tag_of(self, owner, k):
        return owner if k == 0 else -1

    def n_tags(self, n_players):
        return n_players

    def expected(self, st, at):
        for p in range(st.n_players()):
            at[p] = st.runner(p)

    def movers(self, st):
        return (st.active_player(),)

    def piece_move(self, st, a):
        return st.active_player(), a


RULESET = Race()
