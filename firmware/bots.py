# Simple players that use only a game's public decision API (any ruleset): the simulator's
# and the tests' opponents, and the chance player that rolls dice and draws cards from an Rng.
from firmware.rules.compat import const

_CHANCE = const(-1)


def chance_step(st, rng):
    """Apply the pending chance decision, drawn with its weights."""
    st.apply(rng.weighted(st.chance_outcomes()))


class RandomBot:
    """Picks uniformly among the legal options, unless the ruleset's nudge (a function
    nudge(st, options, rng) -> option or None, Ruleset.bot) picks one first."""

    def __init__(self, rng, nudge=None):
        self.rng = rng
        self.nudge = nudge

    def choose(self, st):
        opts = st.legal_actions()
        if self.nudge is not None:
            a = self.nudge(st, opts, self.rng)
            if a is not None:
                return a
        return self.rng.choice(opts)


def play_game(st, bots, rng, max_decisions=20000, on_step=None):
    """Play st to the end. bots[p] chooses for player p; rng decides chance. Returns the
    number of decisions taken; raises RuntimeError if the game does not end in time."""
    n = 0
    while not st.is_terminal():
        p = st.current_player()
        if p == _CHANCE:
            chance_step(st, rng)
        else:
            st.apply(bots[p].choose(st))
        n += 1
        if on_step is not None:
            on_step(st)
        if n >= max_decisions:
            raise RuntimeError("game did not end after %d decisions" % n)
    return n
