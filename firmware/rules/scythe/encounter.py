# An encounter, played the physical way: the encounter cards' texts are not in the sources,
# so the player draws the printed card, chooses an option and states its terms (what it
# costs, what it gives) one at a time with a small vocabulary (layout.TERM_*), each with an
# amount; the board offers only what can be paid, and applies each term. Benefits go on the
# character's territory; no recruit bonus follows (rulebook "Encounters").
from . import content as C
from . import layout as L
from .common import add_coins, add_pop, add_power, add_res, coins, owe_cards, po, workers_on_board


def _room(st, p, term):
    """The most of `term` p may state now (0: not offered)."""
    s = st.s
    o = po(p)
    if term == L.TERM_PAY_COINS:
        return coins(st, p)
    if term == L.TERM_PAY_POPULARITY:
        return s[o + L.P_POP]
    if term == L.TERM_PAY_POWER:
        return s[o + L.P_POWER]
    if term == L.TERM_GAIN_POPULARITY:
        return C.MAX_POPULARITY - s[o + L.P_POP]
    if term == L.TERM_GAIN_POWER:
        return C.MAX_POWER - s[o + L.P_POWER]
    if term == L.TERM_GAIN_WORKERS:
        return C.N_WORKERS - workers_on_board(st, p)
    return C.MAX_DIAL


def pending_term(st):
    s = st.s
    return L.K_TERM, s[L.ACTIVE]


def legal_term(st):
    s = st.s
    if not s[L.TERMS_LEFT]:
        return [L.TERM_DONE]
    p = s[L.ACTIVE]
    return [L.TERM_DONE] + [t for t in range(1, L.N_TERMS) if _room(st, p, t)]


def do_term(st, a):
    s = st.s
    if a == L.TERM_DONE:
        s[L.STAGE] = L.ST_BOTTOM
        return
    s[L.TERM] = a
    s[L.TERMS_LEFT] -= 1
    s[L.STAGE] = L.ST_AMOUNT


def pending_amount(st):
    return L.K_AMOUNT, st.s[L.ACTIVE]


def legal_amount(st):
    s = st.s
    return list(range(1, min(C.MAX_DIAL, _room(st, s[L.ACTIVE], s[L.TERM])) + 1))


def do_amount(st, a):
    s = st.s
    p = s[L.ACTIVE]
    t = s[L.TERM]
    x = s[po(p) + L.P_UNITS + L.U_CHARACTER]
    if t == L.TERM_PAY_COINS:
        add_coins(st, p, -a)
    elif t == L.TERM_PAY_POPULARITY:
        add_pop(st, p, -a)
    elif t == L.TERM_PAY_POWER:
        add_power(st, p, -a)
    elif t == L.TERM_GAIN_COINS:
        add_coins(st, p, a)
    elif t == L.TERM_GAIN_POPULARITY:
        add_pop(st, p, a)
    elif t == L.TERM_GAIN_POWER:
        add_power(st, p, a)
    elif t == L.TERM_GAIN_CARDS:
        owe_cards(st, p, a)
    elif t == L.TERM_GAIN_WORKERS:
        o = po(p) + L.P_UNITS + L.U_WORKER
        for i in range(C.N_WORKERS):
            if a and s[o + i] == L.NOWHERE:
                s[o + i] = x
                a -= 1
    else:
        add_res(st, x, t - L.TERM_GAIN_RESOURCE, a)
    s[L.STAGE] = L.ST_TERM
