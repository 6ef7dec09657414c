# An encounter. The encounter cards' texts are not in the sources, so it is played one of two
# ways (docs/scythe.md, "Printed cards or the model deck"):
# - the printed cards, the physical way: the player draws the printed card, chooses an option
#   and states its terms (what it costs, what it gives) one at a time with a small vocabulary
#   (layout.TERM_*), each with an amount (K_TERM, K_AMOUNT: on a bot's seat the table reads
#   them in, Ruleset.reads_card); the board offers only what can be paid, and applies each term;
# - the model deck: the model card drawn is a chance decision (K_MODEL_ENCOUNTER), the player
#   chooses one of its affordable options (K_ENC_OPTION) and the engine applies its terms
#   (content_model.py), with no term stated. A model Factory card's top row likewise.
# Benefits go on the character's territory; no recruit bonus follows (rulebook "Encounters").
from ..framing import popcount
from .common import (add_coins, add_pop, add_power, add_res, coins, controlled_res, draw_cards,
                     hand_size, has_ability, model_cards, po, workers_on_board, x0)
from .bottom_row import bottom_room, free_place, legal_build_which, legal_deploy_mech

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_MEANDER = const(5)
_ACTIVE = const(4)
_AFTER_PAY = const(41)
_DEFER = const(42)
_ENC_DONE = const(3)
_FACTORY_OPT = const(3)
_K_AMOUNT = const(30)
_K_ENC_OPTION = const(35)
_K_MODEL_ENCOUNTER = const(28)
_K_TERM = const(29)
_MAX_DIAL = const(7)
_MAX_POPULARITY = const(18)
_MAX_POWER = const(16)
_NOWHERE = const(255)
_N_ENCOUNTER_CARDS = const(28)
_N_TERMS = const(22)
_N_WORKERS = const(8)
_PAY_LEFT = const(40)
_PAY_TYPE = const(39)
_P_FACTORY = const(17)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_AMOUNT = const(33)
_ST_BOTTOM = const(15)
_ST_BUILD_WHICH = const(20)
_ST_DEPLOY_MECH = const(18)
_ST_ENC_OPTION = const(38)
_ST_END_TURN = const(29)
_ST_ENLIST_SECTION = const(22)
_ST_PAY = const(14)
_ST_TERM = const(32)
_ST_UPGRADE_TOP = const(16)
_TERM = const(54)
_TERMS_LEFT = const(55)
_TERM_BUILD = const(20)
_TERM_DEPLOY = const(19)
_TERM_DONE = const(0)
_TERM_ENLIST = const(21)
_TERM_GAIN_CARDS = const(7)
_TERM_GAIN_COINS = const(4)
_TERM_GAIN_POPULARITY = const(5)
_TERM_GAIN_POWER = const(6)
_TERM_GAIN_RESOURCE = const(8)
_TERM_GAIN_WORKERS = const(12)
_TERM_PAY_CARDS = const(17)
_TERM_PAY_COINS = const(1)
_TERM_PAY_POPULARITY = const(2)
_TERM_PAY_POWER = const(3)
_TERM_PAY_RESOURCE = const(13)
_TERM_UPGRADE = const(18)
_TF_FACTORY_BOTTOM = const(2)
_TF_FREE = const(128)
_TURN_FLAGS = const(61)
_U_CHARACTER = const(0)
_U_WORKER = const(5)
_X_CARD = const(1)
_X_CHOSEN = const(3)
_X_ENC_OUT = const(4)
_X_OPT = const(2)
# -- end of private copies --


_FREE_STAGES = (_ST_UPGRADE_TOP, _ST_DEPLOY_MECH, _ST_BUILD_WHICH, _ST_ENLIST_SECTION)


def _room(st, p, term):
    """The most of `term` p may state now (0: not offered)."""
    s = st.s
    o = po(p)
    if term == _TERM_PAY_COINS:
        return coins(st, p)
    if term == _TERM_PAY_POPULARITY:
        return s[o + _P_POP]
    if term == _TERM_PAY_POWER:
        return s[o + _P_POWER]
    if term == _TERM_GAIN_POPULARITY:
        return _MAX_POPULARITY - s[o + _P_POP]
    if term == _TERM_GAIN_POWER:
        return _MAX_POWER - s[o + _P_POWER]
    if term == _TERM_GAIN_WORKERS:
        return _N_WORKERS - workers_on_board(st, p)
    if _TERM_PAY_RESOURCE <= term < _TERM_PAY_CARDS:
        return controlled_res(st, p, term - _TERM_PAY_RESOURCE)
    if term == _TERM_PAY_CARDS:
        return hand_size(st, p)
    if term == _TERM_UPGRADE:
        return 1 if s[o + _P_TOPUP] != 0x3F and bottom_room(st, p) else 0
    if term == _TERM_DEPLOY:
        return 1 if legal_deploy_mech(st) and free_place(st, p, False) else 0
    if term == _TERM_BUILD:
        return 1 if legal_build_which(st) and free_place(st, p, True) else 0
    if term == _TERM_ENLIST:
        return 1 if s[o + _P_RECRUITS] != 0x0F else 0
    return _MAX_DIAL


def pending_term(st):
    s = st.s
    if model_cards(st):
        _model_step(st)
        return None
    return _K_TERM, s[_ACTIVE]


def legal_term(st):
    s = st.s
    if not s[_TERMS_LEFT]:
        return [_TERM_DONE]
    p = s[_ACTIVE]
    return [_TERM_DONE] + [t for t in range(1, _N_TERMS) if _room(st, p, t)]


def do_term(st, a):
    s = st.s
    if a == _TERM_DONE:
        s[_STAGE] = _ST_END_TURN if s[_TURN_FLAGS] & _TF_FACTORY_BOTTOM else _ST_BOTTOM
        return
    s[_TERMS_LEFT] -= 1
    if a >= _TERM_UPGRADE:   # an action, free: no cost, coins or recruit bonuses; then back
        s[_TURN_FLAGS] |= _TF_FREE
        s[_DEFER] = 1        # its stars once it is complete, as for a bottom-row action
        s[_STAGE] = _FREE_STAGES[a - _TERM_UPGRADE]
        return
    s[_TERM] = a
    s[_STAGE] = _ST_AMOUNT


def pending_amount(st):
    return _K_AMOUNT, st.s[_ACTIVE]


def legal_amount(st):
    s = st.s
    return list(range(1, min(_MAX_DIAL, _room(st, s[_ACTIVE], s[_TERM])) + 1))


def do_amount(st, a):
    s = st.s
    p = s[_ACTIVE]
    t = s[_TERM]
    x = s[po(p) + _P_UNITS + _U_CHARACTER]
    if t == _TERM_PAY_COINS:
        add_coins(st, p, -a)
    elif t == _TERM_PAY_POPULARITY:
        add_pop(st, p, -a)
    elif t == _TERM_PAY_POWER:
        add_power(st, p, -a)
    elif t == _TERM_GAIN_COINS:
        add_coins(st, p, a)
    elif t == _TERM_GAIN_POPULARITY:
        add_pop(st, p, a)
    elif t == _TERM_GAIN_POWER:
        add_power(st, p, a)
    elif t == _TERM_GAIN_CARDS:
        draw_cards(st, p, a)
    elif t == _TERM_GAIN_WORKERS:
        s[_STARS_DIRTY] = 1
        o = po(p) + _P_UNITS + _U_WORKER
        for i in range(_N_WORKERS):
            if a and s[o + i] == _NOWHERE:
                s[o + i] = x
                a -= 1
    elif t >= _TERM_PAY_RESOURCE:   # paid a token (a card) at a time: where (which) chosen
        s[_PAY_TYPE] = t - _TERM_PAY_RESOURCE   # TERM_PAY_CARDS: PAY_CARDS_TYPE
        s[_PAY_LEFT] = a
        s[_AFTER_PAY] = _ST_TERM
        s[_STAGE] = _ST_PAY
        return
    else:
        add_res(st, x, t - _TERM_GAIN_RESOURCE, a)
    s[_STAGE] = _ST_TERM


# ---- the model deck (content_model.py) -------------------------------------------------------
def _model_terms(st):
    """The terms being applied: the model encounter card's option, or the model Factory
    card's top row."""
    from .content_model import encounter, factory

    s = st.s
    x = x0(st)
    if s[x + _X_OPT] == _FACTORY_OPT:
        return factory(s[po(s[_ACTIVE]) + _P_FACTORY])
    return encounter(s[x + _X_CARD], s[x + _X_OPT])


def affordable(st, p, terms):
    """True if p can pay every cost of a model option (coins, popularity, power)."""
    for t, a in terms:
        pay = t == _TERM_PAY_COINS or t == _TERM_PAY_POPULARITY or t == _TERM_PAY_POWER
        if pay and _room(st, p, t) < a:
            return False
    return True


def start_model_terms(st, opt):
    """Apply the model terms of option `opt` (0-2, or FACTORY_OPT) from the next step on."""
    s = st.s
    s[x0(st) + _X_OPT] = opt
    s[_TERMS_LEFT] = len(_model_terms(st))
    s[_STAGE] = _ST_TERM


def _model_step(st):
    """The next model term, applied without a decision (its cost; its gain up to the room
    there is, the rulebook's "you may gain as much of the benefit as you'd like"; an action
    with no room is not taken); once the option is done, a second option (Meander) or on."""
    s = st.s
    p = s[_ACTIVE]
    terms = _model_terms(st)
    left = s[_TERMS_LEFT]
    if not left:
        x = x0(st)
        if (s[x + _X_OPT] != _FACTORY_OPT and has_ability(st, p, _AB_MEANDER)
                and popcount(s[x + _X_CHOSEN]) < 2):
            s[_STAGE] = _ST_ENC_OPTION   # Polania: a second option, or none
            return
        do_term(st, _TERM_DONE)
        return
    t, a = terms[len(terms) - left]
    room = _room(st, p, t)
    if not room:
        s[_TERMS_LEFT] -= 1   # nothing to gain there: not taken
        return
    do_term(st, t)
    if s[_STAGE] == _ST_AMOUNT:
        do_amount(st, min(a, room))



def pending_enc_draw(st):
    return _K_MODEL_ENCOUNTER, 255


def legal_enc_draw(st):
    """The model encounter cards not drawn yet (a card drawn goes to the bottom of the deck)."""
    s = st.s
    x = x0(st) + _X_ENC_OUT
    out = [c for c in range(_N_ENCOUNTER_CARDS) if not (s[x + c // 8] >> (c % 8)) & 1]
    return out or list(range(_N_ENCOUNTER_CARDS))


def do_enc_draw(st, a):
    s = st.s
    x = x0(st)
    if all((s[x + _X_ENC_OUT + c // 8] >> (c % 8)) & 1 for c in range(_N_ENCOUNTER_CARDS)):
        for i in range(4):
            s[x + _X_ENC_OUT + i] = 0   # the whole deck seen: it goes round again
    s[x + _X_ENC_OUT + a // 8] |= 1 << (a % 8)
    s[x + _X_CARD] = a
    s[x + _X_CHOSEN] = 0
    s[_STAGE] = _ST_ENC_OPTION


def pending_enc_option(st):
    return _K_ENC_OPTION, st.s[_ACTIVE]


def legal_enc_option(st):
    """The model card's options not taken yet whose costs p can pay (the first costs nothing);
    after one (Meander), ENC_DONE too."""
    from .content_model import encounter

    s = st.s
    x = x0(st)
    p = s[_ACTIVE]
    chosen = s[x + _X_CHOSEN]
    out = [o for o in range(3)
           if not (chosen >> o) & 1 and affordable(st, p, encounter(s[x + _X_CARD], o))]
    return out + [_ENC_DONE] if chosen else out


def do_enc_option(st, a):
    s = st.s
    if a == _ENC_DONE:
        do_term(st, _TERM_DONE)
        return
    s[x0(st) + _X_CHOSEN] |= 1 << a
    start_model_terms(st, a)
