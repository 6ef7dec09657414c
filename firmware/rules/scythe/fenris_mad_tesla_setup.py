# Mad Tesla's setup, his bytes' check and his steps in the state's tables (docs/fenris.md 1.11):
# the rules are fenris_mad_tesla.py's. Loaded by the first game with Mad Tesla only
# (fenris_tables.py).
import sys

from ..compat import const
from . import common
from . import engine as E
from . import fenris_mad_tesla as MT
from . import fenris_mad_tesla_bot  # noqa: F401  (installs the rule bot's dial against him)
from . import tables as TB

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_DISCARD = const(12)
_F_MT_HEALTH = const(146)
_F_SIZE = const(189)
_F_TESLA = const(141)
_F_TOP2 = const(145)
_K_COMBAT_AT = const(24)
_K_DEAL_TILE = const(5)
_K_MT_DIE = const(57)
_K_MT_DIRECTION = const(56)
_K_MT_RETREAT = const(58)
_K_RETREAT = const(34)
_K_RIVAL_STAR = const(38)
_K_SEEN_CARD = const(55)
_MAD_TESLA = const(254)
_MT_BACK_DUE = const(64)
_MT_HEALTH = const(16)
_MT_LOST = const(128)
_MT_SOURCING = const(32)
_N = const(0)
_NOWHERE = const(255)
_N_KINDS = const(78)
_N_STAGES = const(65)
_STAGE = const(1)
_ST_END_TURN = const(29)
_ST_MT_DIE = const(46)
_ST_MT_RETREAT = const(47)
_ST_MT_SETUP = const(44)
_ST_MT_TURN = const(45)
_TAIL = const(20)
# -- end of private copies --

_CHANCE = const(255)
_FIGHT = const(4)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def _t(st):
    return _f(st) + _F_TESLA


# ---- setup --------------------------------------------------------------------------------------------
def _no_setup(st, i):
    pass


_AFTER = [_no_setup]   # fenris._setup_from (tables()): the other modules' setup steps, after his


def deal_tile(st, a):
    """The structure bonus tile's deal (engine.do_tile), then his setup: on the Factory, 16 health,
    the top 2 combat cards of the deck discarded (K_SEEN_CARD, twice); then the other modules'
    setup (pending_setup)."""
    E.do_tile(st, a)
    s = st.s
    t = _t(st)
    s[t] = st.board.factory
    s[t + 1] = _MAD_TESLA
    s[t + 2] = 0
    s[_f(st) + _F_MT_HEALTH] = _MT_HEALTH
    s[_STAGE] = _ST_MT_SETUP


def pending_setup(st):
    s = st.s
    if common.deck_size(st) and sum(s[_DISCARD:_DISCARD + 4]) < 2:
        return _K_SEEN_CARD, _CHANCE
    _AFTER[0](st, 0)
    return None


def legal_seen(st):
    """The values a card turned up may have: those not all in the discard pile."""
    s = st.s
    return [i for i in range(4) if s[_DISCARD + i] < TB.COMBAT_CARDS[i]]


def seen_weights(st):
    """(outcome, weight): a value in proportion to its cards not in the discard pile (the hands'
    values are unseen)."""
    s = st.s
    return [(i, TB.COMBAT_CARDS[i] - s[_DISCARD + i]) for i in legal_seen(st)]


def do_seen(st, a):
    st.s[_DISCARD + a] += 1
    MT._push(st, 2 + a)


def check(st):
    """A problem with Mad Tesla's bytes, else None."""
    s = st.s
    t = _t(st)
    x, owner, step_ = s[t], s[t + 1], s[t + 2]
    if owner != _MAD_TESLA or (x != _NOWHERE and x >= st.board.n_spaces):
        return "mad tesla"
    if s[_f(st) + _F_MT_HEALTH] > _MT_HEALTH or (x == _NOWHERE) != (not s[_f(st) + _F_MT_HEALTH]):
        return "mad tesla health"
    top = s[_f(st) + _F_TOP2]
    for v in (top & 15, top >> 4):
        if v and not 2 <= v <= 5:
            return "mad tesla discards"
    if step_ & _FIGHT and s[t + 3] >= s[_N]:
        return "mad tesla fight"
    return None




def tables(cls, setup_from):
    """(PENDING, LEGAL, DO) of a game with Mad Tesla: cls's with his steps in (after_setup: the
    other modules' setup, fenris._do_deal_tile)."""
    pending = list(cls.PENDING)
    legal = list(cls.LEGAL)
    do = list(cls.DO)
    pending[_ST_END_TURN] = MT.end_turn(pending[_ST_END_TURN])
    while len(pending) < _N_STAGES:
        pending.append(None)
    pending[_ST_MT_SETUP] = pending_setup
    pending[_ST_MT_TURN] = MT.pending_turn
    pending[_ST_MT_DIE] = MT.pending_die
    pending[_ST_MT_RETREAT] = MT.pending_retreat
    while len(legal) < _N_KINDS:
        legal.append(None)
        do.append(None)
    legal[_K_COMBAT_AT] = MT.legal_combat_at(legal[_K_COMBAT_AT])
    do[_K_RIVAL_STAR] = do_rival_star(do[_K_RIVAL_STAR])
    do[_K_RETREAT] = do_retreat(do[_K_RETREAT])
    do[_K_COMBAT_AT] = MT.do_combat_at(do[_K_COMBAT_AT])
    _AFTER[0] = setup_from
    do[_K_DEAL_TILE] = deal_tile
    legal[_K_SEEN_CARD], do[_K_SEEN_CARD] = legal_seen, do_seen
    legal[_K_MT_DIRECTION], do[_K_MT_DIRECTION] = MT.legal_direction, MT.do_direction
    legal[_K_MT_DIE], do[_K_MT_DIE] = MT.legal_die, MT.do_die
    legal[_K_MT_RETREAT], do[_K_MT_RETREAT] = MT.legal_retreat, MT.do_retreat
    return tuple(pending), tuple(legal), tuple(do)


def do_rival_star(do):
    """fenris_rivals.do_rival_star; after a fight with him (MT_SOURCING), his turn goes on, and he
    is back on the Factory if the fight left him there (MT_BACK_DUE)."""

    def source(st, a):
        t = MT._t(st)
        step = st.s[t + 2]
        do(st, a)
        if step & _MT_SOURCING:
            st.s[t + 2] = step & ~(_MT_SOURCING | _MT_BACK_DUE)
            st.s[_STAGE] = _ST_MT_TURN
            if step & _MT_BACK_DUE:
                MT._back(st)
    return source


def do_retreat(do):
    """combat.do_retreat; the player who lost to him (MT_LOST) retreats where it chose."""

    def retreat(st, a):
        if st.s[MT._t(st) + 2] & _MT_LOST:
            MT.lost(st, a)
        else:
            do(st, a)
    return retreat


# The Scythe ruleset's piece methods with his miniature (its module, loaded before this one).
_rs = sys.modules.get(__name__[:__name__.rfind(".")] + ".ruleset")
if _rs is not None:
    from .fenris_mad_tesla_table import install as _table

    _table(_rs.Scythe, MT)
