# Simple players that use only the engine's public decision API: the simulator's and the
# tests' opponents, and the chance player that rolls dice and draws cards from an Rng.
from firmware.rules.codes import (
    A_BAKE,
    A_CONJURE,
    A_POWER_UP,
    CHANCE,
    K_ACTION,
    K_FIGHT_BID,
    K_SEEK_PLACE,
    K_QUEST_OPTION,
    K_STATE_TERM,
    K_TROPHY,
    TERMS_CANCEL,
    TERMS_DONE,
    TROPHY_DECLINE,
)


def chance_step(st, rng):
    """Apply the pending chance decision, drawn with its weights."""
    st.apply(rng.weighted(st.chance_outcomes()))


class RandomBot:
    """Picks uniformly among the legal options, with nudges that keep games short: it
    states short card options, does not decline trophies, bids at most one spell, makes
    something when it can, and half the time puts discovered goods on an opponent's
    space (friendship, without which it could never earn a trophy again)."""

    def __init__(self, rng):
        self.rng = rng

    def choose(self, st):
        opts = st.legal_actions()
        kind = st.decision()
        rng = self.rng
        if kind == K_STATE_TERM:
            if TERMS_DONE in opts and (len(st.stated_terms()) >= 2 or rng.below(3) == 0):
                return TERMS_DONE
            if TERMS_DONE not in opts and len(st.stated_terms()) >= 3:
                return TERMS_CANCEL
            terms = [a for a in opts if a < TERMS_DONE]
            if terms:
                return rng.choice(terms)
        if kind == K_TROPHY and len(opts) > 1 and TROPHY_DECLINE in opts:
            return rng.choice([a for a in opts if a != TROPHY_DECLINE])
        if kind == K_QUEST_OPTION and len(opts) > 1 and rng.below(4):
            return rng.choice(opts[:-1])
        if kind == K_ACTION and rng.below(2):
            make = [a for a in opts if a in (A_BAKE, A_CONJURE, A_POWER_UP)]
            if make:
                return rng.choice(make)
        if kind == K_SEEK_PLACE and rng.below(2):
            me = st.current_player()
            friendly = [x for x in opts if st.occupants(x) & ~(1 << me)]
            if friendly:
                return rng.choice(friendly)
        if kind == K_FIGHT_BID:
            small = [a for a in opts if a < 136]   # at most one spell: bids stay readable
            return rng.choice(small)
        return rng.choice(opts)


def play_game(st, bots, rng, max_decisions=20000, on_step=None):
    """Play st to the end. bots[p] chooses for player p; rng decides chance. Returns the
    number of decisions taken; raises RuntimeError if the game does not end in time."""
    n = 0
    while not st.is_terminal():
        p = st.current_player()
        if p == CHANCE:
            chance_step(st, rng)
        else:
            st.apply(bots[p].choose(st))
        n += 1
        if on_step is not None:
            on_step(st)
        if n >= max_decisions:
            raise RuntimeError("game did not end after %d decisions" % n)
    return n
