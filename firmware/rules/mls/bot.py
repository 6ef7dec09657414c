# The My Little Scythe nudges of the random bot (firmware/bots.py): choices that keep bot
# games short. It states short card options, does not decline trophies, often keeps its
# spells, makes something when it can, and half the time puts discovered goods on an
# opponent's space (friendship, without which it could never earn a trophy again).
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_A_BAKE = const(3)
_A_CONJURE = const(4)
_A_POWER_UP = const(5)
_K_ACTION = const(6)
_K_BID_SPELL = const(27)
_K_QUEST_OPTION = const(15)
_K_SEEK_PLACE = const(20)
_K_STATE_TERM = const(16)
_K_TROPHY = const(7)
_TERMS_CANCEL = const(201)
_TERMS_DONE = const(200)
_TROPHY_DECLINE = const(8)
# -- end of private copies --


def nudge(st, opts, rng):
    """An option for the random bot to take instead of a uniform pick, or None."""
    kind = st.decision()
    if kind == _K_STATE_TERM:
        if _TERMS_DONE in opts and (len(st.stated_terms()) >= 2 or rng.below(3) == 0):
            return _TERMS_DONE
        if _TERMS_DONE not in opts and len(st.stated_terms()) >= 3:
            return _TERMS_CANCEL
        terms = [a for a in opts if a < _TERMS_DONE]
        if terms:
            return rng.choice(terms)
    if kind == _K_TROPHY and len(opts) > 1 and _TROPHY_DECLINE in opts:
        return rng.choice([a for a in opts if a != _TROPHY_DECLINE])
    if kind == _K_QUEST_OPTION and len(opts) > 1 and rng.below(4):
        return rng.choice(opts[:-1])
    if kind == _K_ACTION and rng.below(2):
        make = [a for a in opts if a in (_A_BAKE, _A_CONJURE, _A_POWER_UP)]
        if make:
            return rng.choice(make)
    if kind == _K_SEEK_PLACE and rng.below(2):
        me = st.current_player()
        friendly = [x for x in opts if st.occupants(x) & ~(1 << me)]
        if friendly:
            return rng.choice(friendly)
    if kind == _K_BID_SPELL and opts[0] == 0 and rng.below(2):
        return 0   # keep spells for later half the time (a spell slot, not a stated value)
    return None
