# A campaign episode's Setup Bonuses (docs/campaign.md, section 3): the `bonuses` module. "Gain all
# bonuses earned under Setup Bonuses on your Campaign Log" (Episodes 4 to 8a's Setup); "Setup
# Bonus ... Mark an X for the item you wish to obtain (e.g., $1, 1 Power, or 1 Popularity), as it
# will serve as a permanent addition to your setup for all subsequent episodes". Each seat's three
# bonuses are chance decisions of the game's setup (K_SETUP_BONUS, SETUP_I = 3 * seat + 0 coins, 1
# power, 2 popularity), after the Mods and before Rivals' stars, so the game replays from its
# history: the campaign's keeper fixes them from the Campaign Log (campaign_episode.forced). The
# module is the campaign's (the page offers no box for it): a game named with it by hand gets its
# bonuses from the board's dice (every chance outcome is drawn with a weight). Coins 0-31 (more
# than the campaign's rewards can give: 8 from Episode 3's Influence, 4 from 4's agents, 12 from
# 7's Encounter tokens), power and popularity 0-5 (the Campaign Log's limits).
# Here too the dispatchers of Episode 2a's setup (fenris_warsetup.py, loaded only while it is asked).
from ..compat import const
from . import common

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_K_SETUP_BONUS = const(67)
_N = const(0)
_SETUP_I = const(5)
_STAGE = const(1)
_ST_BONUS = const(56)
_ST_WARSETUP = const(58)
# -- end of private copies --

_RANGE = b"\x20\x06\x06"   # the outcomes of each bonus: 0-31 coins, 0-5 power, 0-5 popularity


def begin(st):
    st.s[_STAGE] = _ST_BONUS
    st.s[_SETUP_I] = 0


def pending_bonus(st, then):
    """Each seat's coins, power and popularity bonus in seat order; then `then(st)`."""
    s = st.s
    if s[_SETUP_I] < 3 * s[_N]:
        return _K_SETUP_BONUS, 255
    then(st)
    return None


def legal_bonus(st):
    return list(range(_RANGE[st.s[_SETUP_I] % 3]))


def do_bonus(st, a):
    i = st.s[_SETUP_I]
    p = i // 3
    if i % 3 == 0:
        common.add_coins(st, p, a)
    elif i % 3 == 1:
        common.add_power(st, p, a)
    else:
        common.add_pop(st, p, a)
    st.s[_SETUP_I] = i + 1


# ---- Episode 2a's setup (fenris_warsetup.py): its stage and the base kinds it asks -----------
def begin_warsetup(st):
    from .fenris_warsetup import begin

    begin(st)


def begin_perks(st):
    from .fenris_perks import begin

    begin(st)


def _lazy(load, i, setup_from):
    """A setup stage's pending: load()'s (a module loaded only then), then the i-th setup step
    (setup_from(st, i): fenris._STEPS)."""

    def after(st):
        setup_from(st, i)

    def pending(st):
        return load()(st, after)
    return pending


def _warsetup_pending():
    from .fenris_warsetup import pending_setup

    return pending_setup


def _perks_pending():
    from .fenris_perks import pending

    return pending


def warsetup(setup_from):
    """The pending of ST_WARSETUP: fenris_warsetup's, then the 6th setup step (fenris._STEPS)."""
    return _lazy(_warsetup_pending, 6, setup_from)


def perks(setup_from):
    """The pending of ST_PERK: fenris_perks', then the 5th setup step (fenris._STEPS)."""
    return _lazy(_perks_pending, 5, setup_from)


def setup_kind(name, plain):
    """A base kind's legal (or do) asked by Episode 2a's setup (fenris_warsetup's `name` then: its
    structures and upgrades), else the base game's."""

    def f(st, *a):
        if st.s[_STAGE] == _ST_WARSETUP:
            from . import fenris_warsetup

            return getattr(fenris_warsetup, name)(st, *a)
        return plain(st, *a)
    return f


# ---- a campaign episode's Perks (fenris_perks.py): its kinds -------------------------------------
def perks_kind(name):
    """fenris_perks' `name` (a legal or a do of its kinds), loaded when first asked."""

    def f(st, *a):
        from . import fenris_perks

        return getattr(fenris_perks, name)(st, *a)
    return f
