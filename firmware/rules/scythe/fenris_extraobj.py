# Episode 1 of The Rise of Fenris campaign, "A New Era (March 1921)" (docs/campaign.md, section 3):
# the `extraobj` module, the objective card revealed beside the Triumph Track. Loaded only by a game
# with it on (fenris_tables.extra_tables): it installs its hooks then, so every other game keeps
# its code and heap.
#
# The rulebook's lines: "Reveal 1 random objective card from the deck and place it next to the
# Triumph Track. Players may achieve the revealed objective (place a star on it) in addition to the
# objective on the Triumph Track." "Place 1 Influence Token ... on the objective card revealed"
# (the campaign's: campaign_results.follow). "The game ends immediately when a player places their
# 6th star on the Triumph Track."
#
# As built: the card is a chance decision at the setup (K_EXTRA_OBJ, after the objectives are dealt:
# a number not revealed; the model deck: a model card no one holds; at the table the players enter
# the card they turned up), then out of the deck (OBJ_OUT). Each player may place one star on it
# (F_EXTRA_STARS), asked as the objectives are (O_OBJ1, then K_OBJECTIVE: the card's number among
# the options; the model deck: offered only while its goal is met), whether or not that player
# still holds or may score its own. Decided where the text is silent (Guess): its star counts among
# the 6 that end the game and in the end-game coins, as every star placed.
from ..compat import const
from . import common
from .fenris_hooks import grown, install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_END_STARS = const(6)
_F_EXTRA = const(176)
_F_EXTRA_STARS = const(177)
_F_SIZE = const(189)
_K_EXTRA_OBJ = const(69)
_K_OBJECTIVE = const(4)
_N = const(0)
_N_KINDS = const(78)
_N_OBJECTIVES = const(23)
_N_STAGES = const(65)
_OBJ_BACK = const(57)
_OBJ_NOT_MET = const(31)
_OBJ_OUT = const(16)
_O_OBJ1 = const(3)
_STAGE = const(1)
_ST_EXTRA = const(59)
_ST_OVER = const(30)
_TAIL = const(20)
_X_NOT_MET = const(18)
_X_OBJ = const(8)
# -- end of private copies --

_CHANCE = const(255)
_PLAIN = (common.stars, common.objective_options)
def _no_setup(st):
    return None


_AFTER = [_no_setup]   # the next setup step (fenris._setup_from's), set by tables()


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def card(st):
    """The objective card revealed beside the track (its number), or -1 before it is."""
    return st.s[_f(st) + _F_EXTRA] - 1


def starred(st, p):
    """1 if p placed a star on the revealed objective."""
    return (st.s[_f(st) + _F_EXTRA_STARS] >> p) & 1


def _met(st, p):
    """True if p may place its star on the revealed objective now."""
    c = card(st)
    if c < 0 or starred(st, p) or _PLAIN[0](st, p) >= _END_STARS:
        return False
    s = st.s
    if common.model_cards(st):
        from .content_model import goal_met

        return goal_met(st, p, c)
    return not s[len(s) - _TAIL + _X_NOT_MET]   # the printed card: the table judges


# ---- the hooks ------------------------------------------------------------------------------
def stars(st, p):
    """common.stars, with p's star on the revealed objective."""
    k = _PLAIN[0](st, p)
    if getattr(st, "EXTRAOBJ", 0):
        k += starred(st, p)
    return k


def objective_options(st, p):
    """common.objective_options; [O_OBJ1] too while p may place a star on the revealed objective."""
    out = _PLAIN[1](st, p)
    if out or not getattr(st, "EXTRAOBJ", 0):
        return out
    return [_O_OBJ1] if _met(st, p) else []


def legal_objective(legal):
    """K_OBJECTIVE's options: the revealed card's number first when p may star it, then the base
    game's while p may reveal one of its own (else, the printed cards: OBJ_NOT_MET alone, the
    table judging the revealed one not met)."""

    def objective(st):
        p = st.s[_ACTIVE]
        if _PLAIN[1](st, p):
            out = legal(st)
        else:
            out = [] if common.model_cards(st) else [_OBJ_NOT_MET]
        return ([card(st)] if _met(st, p) else []) + out
    return objective


def do_objective(do):
    """K_OBJECTIVE's do: the revealed card's number is p's star on it (p keeps its own cards)."""

    def objective(st, a):
        s = st.s
        if a != card(st):
            do(st, a)
            return
        p = s[_ACTIVE]
        s[_f(st) + _F_EXTRA_STARS] |= 1 << p
        if stars(st, p) >= _END_STARS:
            common.game_over(st)
        if s[_STAGE] != _ST_OVER:
            s[_STAGE] = s[_OBJ_BACK]
    return objective


# ---- the setup --------------------------------------------------------------------------------
def begin(st):
    st.s[_STAGE] = _ST_EXTRA


def pending_setup(st):
    if card(st) < 0:
        return _K_EXTRA_OBJ, _CHANCE
    _AFTER[0](st)
    return None


def legal_extra(st):
    """The cards it may be: not revealed (nor out of the game); the model deck: none held either."""
    s = st.s
    out = common.unrevealed_objectives(st)
    if common.model_cards(st):
        x = len(s) - _TAIL + _X_OBJ
        held = list(s[x:x + 10])
        out = [c for c in out if c + 1 not in held]
    return out


def do_extra(st, a):
    s = st.s
    s[_f(st) + _F_EXTRA] = a + 1
    s[_OBJ_OUT + a // 8] |= 1 << (a % 8)


def check(st):
    """A problem with the revealed objective's bytes, else None."""
    s = st.s
    c = card(st)
    if c >= _N_OBJECTIVES or s[_f(st) + _F_EXTRA_STARS] >> s[_N]:
        return "revealed objective"
    if c >= 0 and not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1:
        return "revealed objective in the deck"
    if c < 0 and s[_f(st) + _F_EXTRA_STARS]:
        return "revealed objective's stars"
    return None


def tables(cls, after):
    """cls's (PENDING, LEGAL, DO) with Episode 1's revealed objective (after: the next setup step);
    cls: the class, or another module's tables (Tesla's, Mad Tesla's, the agents')."""
    _AFTER[0] = after
    pending, legal, do = grown(cls, _N_STAGES, _N_KINDS)
    pending[_ST_EXTRA] = pending_setup
    legal[_K_EXTRA_OBJ], do[_K_EXTRA_OBJ] = legal_extra, do_extra
    legal[_K_OBJECTIVE] = legal_objective(legal[_K_OBJECTIVE])
    do[_K_OBJECTIVE] = do_objective(do[_K_OBJECTIVE])
    return tuple(pending), tuple(legal), tuple(do)


install((("stars", _PLAIN[0], stars), ("objective_options", _PLAIN[1], objective_options)))
