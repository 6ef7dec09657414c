# Episode 3 of The Rise of Fenris campaign, "A Plea from Vesna" (docs/campaign.md, section 3): the
# `plea` module, the search of the Factory for the Vesna card. Loaded only by a game with it on
# (fenris_tables.plea_tables): it installs its hooks then, so every other game keeps its code and heap.
#
# The rulebook's lines: Setup: "Shuffle the Vesna card, plus 4 ADDITIONAL Factory cards into the
# Factory deck (so, if you have 5 players, you'll have 6 Factory cards + 1 Vesna + 4 more random
# cards, for a total of 11 Factory cards)." "Place the Influence tokens near the board." Special
# Rules: "When your character moves onto the Factory, your character's movement ends. Before
# continuing (combat, trigger Trap, etc.), do the following in order: a. Gain 1 Influence token and
# shuffle the Factory deck. b. Draw X random Factory cards, where X is the number of your Influence
# tokens. Reveal those cards to all players. If the Vesna card is among the revealed cards, gain that
# card. Vesna herself is not considered a Factory card. If Vesna is not among the revealed cards and
# if you don't already have a Factory card, you may select 1 of the revealed Factory cards to gain.
# c. Return the Factory cards to their designated place on the board, face down. d. Complete your
# Move action". "If your character is on the Factory at the beginning of your turn, you do not gain
# an Influence token (and you may not search the Factory). However, you may use Speed or a Factory
# card Move action to leave the Factory and re-enter it". "In this episode, you never look at the
# entire deck of Factory cards (unlike regular games)." "Once Vesna is 'found,' players may continue
# gaining Influence and searching the Factory in the same way."
#
# As built (Guess where the text is silent, docs/campaign.md): the draw is one chance decision,
# whether the Vesna card is among the X drawn (K_PLEA_DRAW: weights X and the rest of the deck: the
# n + 5 Factory cards less those taken, and Vesna while in it); the Factory card taken from the
# revealed ones is stated by its number (their texts are unknown, as the base game's), or none
# (K_PLEA_CARD). A search happens on the character's arrival on the Factory (its stop), before the
# Move's other units; the end of the Move gives no Factory card (no first visit's look at the deck).
# The Influence tokens are counts on the faction mats, not pieces the board senses.
from ..compat import const
from ..framing import popcount
from . import common
from . import move as M
from .fenris_hooks import grown, install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_FACTORY_OUT = const(20)
_F_ANN = const(180)
_F_PLEA_INFL = const(180)
_F_PLEA_STEP = const(184)
_F_PLEA_VESNA = const(183)
_F_SIZE = const(189)
_K_PLEA_CARD = const(76)
_K_PLEA_DRAW = const(75)
_N = const(0)
_NOWHERE = const(255)
_N_FACTORY_CARDS = const(12)
_N_KINDS = const(78)
_N_STAGES = const(65)
_PLEA_CARD = const(2)
_PLEA_DRAW = const(1)
_P_FACTORY = const(17)
_P_UNITS = const(18)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_AFTER_MOVE = const(28)
_ST_BOTTOM = const(15)
_ST_CARRY = const(10)
_ST_END_TURN = const(29)
_ST_FACTORY = const(34)
_ST_MOVE_UNIT = const(8)
_ST_PLEA = const(64)
_TAIL = const(20)
_TF_FACTORY_BOTTOM = const(2)
_TURN_FLAGS = const(61)
_UNIT = const(28)
_U_CHARACTER = const(0)
# -- end of private copies --

_CHANCE = const(255)
_EXTRA = const(5)   # the Factory deck: n + 1 cards "+ 4 more random cards" (and the Vesna card)
_W_TOKEN = const(20)   # the rule bot: an Influence token held, in tenths of a coin ...
_W_VESNA = const(200)  # ... the Vesna card found
_W_STEP = const(15)    # ... a step from its character to the Factory while she is in the deck

_PLAIN = (M._stops,)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def tokens(st, p):
    """p's Influence tokens."""
    return (st.s[_f(st) + _F_PLEA_INFL + p // 2] >> (4 * (p & 1))) & 15


def finder(st):
    """The seat that found the Vesna card, or -1."""
    return st.s[_f(st) + _F_PLEA_VESNA] - 1


def deck(st):
    """The cards in the Factory deck now: its Factory cards (n + 5, less those taken), and Vesna's."""
    s = st.s
    taken = popcount(s[_FACTORY_OUT] | (s[_FACTORY_OUT + 1] << 8))
    return max(0, s[_N] + _EXTRA - taken) + (0 if finder(st) >= 0 else 1)


# ---- the hooks --------------------------------------------------------------------------------
def stops(st, p, u, y):
    """move._stops; "When your character moves onto the Factory, your character's movement ends"."""
    if _PLAIN[0](st, p, u, y):
        return True
    return u == _U_CHARACTER and bool(getattr(st, "PLEA", 0)) and y == st.board.factory


def on_arrive(pending):
    """The unit's arrival (move.pending_carry): the character on the Factory searches it."""

    def arrive(st):
        got = pending(st)
        if got is not None:
            return got
        s = st.s
        p = s[_ACTIVE]
        if s[_UNIT] != _U_CHARACTER or s[common.po(p) + _P_UNITS + _U_CHARACTER] != st.board.factory:
            return None
        x = _f(st) + _F_PLEA_INFL + p // 2   # "a. Gain 1 Influence token"
        if tokens(st, p) < 15:
            s[x] += 1 << (4 * (p & 1))
        if finder(st) < 0:
            s[_f(st) + _F_PLEA_STEP] = _PLEA_DRAW
            s[_STAGE] = _ST_PLEA
        else:
            _offer(st)
        return None
    return arrive


def _offer(st):
    """"if you don't already have a Factory card, you may select 1 of the revealed Factory cards"."""
    s = st.s
    p = s[_ACTIVE]
    if s[common.po(p) + _P_FACTORY] == _NOWHERE and deck(st) - (0 if finder(st) >= 0 else 1) > 0:
        s[_f(st) + _F_PLEA_STEP] = _PLEA_CARD
        s[_STAGE] = _ST_PLEA
        return
    _done(st)


def _done(st):
    """"d. Complete your Move action"."""
    st.s[_f(st) + _F_PLEA_STEP] = 0
    st.s[_STAGE] = _ST_MOVE_UNIT


def after_move(pending):
    """The Move's end: "you never look at the entire deck of Factory cards" (no first visit's card)."""

    def after(st):
        s = st.s
        r = pending(st)
        if s[_STAGE] == _ST_FACTORY:
            s[_STAGE] = _ST_END_TURN if s[_TURN_FLAGS] & _TF_FACTORY_BOTTOM else _ST_BOTTOM
        return r
    return after


# ---- the search ----------------------------------------------------------------------------------
def pending_search(st):
    s = st.s
    if s[_f(st) + _F_PLEA_STEP] == _PLEA_DRAW:
        return _K_PLEA_DRAW, _CHANCE
    return _K_PLEA_CARD, s[_ACTIVE]


def draw_weights(st):
    """(outcome, weight): 1 the Vesna card among the X drawn (X the searcher's tokens, at most the
    deck), 0 not."""
    d = deck(st)
    x = min(tokens(st, st.s[_ACTIVE]), d)
    return [(a, w) for a, w in ((0, d - x), (1, x)) if w > 0]


def legal_draw(st):
    return [a for a, _w in draw_weights(st)]


def do_draw(st, a):
    """"If the Vesna card is among the revealed cards, gain that card" (not a Factory card)."""
    if a:
        st.s[_f(st) + _F_PLEA_VESNA] = st.s[_ACTIVE] + 1
        _done(st)
        return
    _offer(st)


def legal_card(st):
    """The Factory cards not taken (the one the player took from those revealed: its number), or
    SPACE_DONE, none."""
    s = st.s
    out = [c for c in range(_N_FACTORY_CARDS) if not (s[_FACTORY_OUT + c // 8] >> (c % 8)) & 1]
    return out + [_SPACE_DONE]


def do_card(st, a):
    s = st.s
    if a != _SPACE_DONE:
        s[common.po(s[_ACTIVE]) + _P_FACTORY] = a
        s[_FACTORY_OUT + a // 8] |= 1 << (a % 8)
    _done(st)


# ---- the rule bot, the check ----------------------------------------------------------------------
def value(st, p):
    """For the rule bot (fenris_track.pursued), in tenths of a coin: W_TOKEN an Influence token (a
    Setup Bonus per 2), W_VESNA the Vesna card (the faction), less W_STEP a step of its character
    to the Factory while she is in the deck."""
    v = _W_TOKEN * tokens(st, p) + (_W_VESNA if finder(st) == p else 0)
    if finder(st) < 0:
        b = st.board
        x = st.s[common.po(p) + _P_UNITS + _U_CHARACTER]
        if x < b.n_spaces and x != b.factory:
            near = [y for y, _e in b.neighbours(b.factory)]
            v -= _W_STEP * (1 if x in near else 3)
    return v


def check(st):
    """A problem with the search's bytes, else None."""
    s = st.s
    f = _f(st)
    n = s[_N]
    if any(tokens(st, p) for p in range(n, 5)) or s[f + _F_PLEA_INFL + 2] >> 4:
        return "plea influence"
    if s[f + _F_PLEA_VESNA] > n:
        return "plea vesna"
    step = s[f + _F_PLEA_STEP]
    if step > _PLEA_CARD or bool(step) != (s[_STAGE] == _ST_PLEA) or (step == _PLEA_DRAW and finder(st) >= 0):
        return "plea step"
    for i in range(5, 9):   # (Episode 5's bytes: unused)
        if s[f + _F_ANN + i]:
            return "plea bytes"
    return None


def tables(cls):
    """cls's (PENDING, LEGAL, DO) with Episode 3's search."""
    pending, legal, do = grown(cls, _N_STAGES, _N_KINDS)
    pending[_ST_CARRY] = on_arrive(pending[_ST_CARRY])
    pending[_ST_AFTER_MOVE] = after_move(pending[_ST_AFTER_MOVE])
    pending[_ST_PLEA] = pending_search
    legal[_K_PLEA_DRAW], do[_K_PLEA_DRAW] = legal_draw, do_draw
    legal[_K_PLEA_CARD], do[_K_PLEA_CARD] = legal_card, do_card
    return tuple(pending), tuple(legal), tuple(do)


install((("_stops", _PLAIN[0], stops),))
