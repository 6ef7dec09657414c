# Episode 7 of The Rise of Fenris campaign, "The Search for Tesla" (docs/campaign.md, section 3):
# the `search` module, played with `tesla` (fenris_tesla.py finds him). Loaded only by a game with
# it on (fenris_tables.search_tables): it installs its hooks then, so every other game keeps its
# code and heap.
#
# The rulebook's lines: "Place the 12th encounter token (or a substitute, if necessary) on the
# Factory." "The first player to gain the number of Encounter tokens listed above takes the
# following steps: a. Discard all Encounter tokens you have acquired. b. Open Box E. c. The game
# ends immediately." (fenris_tesla.found) "Encounter territories (territories that started the
# game with Encounter tokens on them, including the Factory this game) are worth +1 territory for
# end-game scoring."
#
# Decided where the text is silent (Guess, docs/campaign.md): the 12th token is bit
# len(board.encounters) of the encounter tokens' bits; a character (or Tesla) ending its Move on the
# Factory takes the Factory card first when it is its first visit, then the token and its
# encounter; the game that ends when Tesla is found ends before that encounter's card is read;
# the +1 territory counts in the coins, not in the territories tie-breaker.
from ..compat import const
from . import common
from . import move as M
from . import tables as TB
from .fenris_hooks import install
from .score import tier

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ENC = const(22)
_K_FACTORY_CARD = const(31)
_P_POP = const(3)
_P_UNITS = const(18)
_STAGE = const(1)
_ST_OVER = const(30)
_U_CHARACTER = const(0)
# -- end of private copies --

_PLAIN = (M._encounter_token, M._take_token)


def _bit(st):
    return len(st.board.encounters)


def put(st):
    """The 12th encounter token on the Factory (the game's setup)."""
    i = _bit(st)
    st.s[_ENC + i // 8] |= 1 << (i % 8)


def on_factory(st):
    """True if the 12th token is still on the Factory."""
    i = _bit(st)
    return bool((st.s[_ENC + i // 8] >> (i % 8)) & 1)


def encounter_token(st, y):
    """move._encounter_token; the Factory's in a game of Episode 7."""
    if y == st.board.factory and getattr(st, "SEARCH", 0):
        return on_factory(st)
    return _PLAIN[0](st, y)


def take_token(st, y):
    """move._take_token; the Factory's in a game of Episode 7."""
    if y == st.board.factory and getattr(st, "SEARCH", 0):
        i = _bit(st)
        st.s[_ENC + i // 8] &= ~(1 << (i % 8))
        return
    _PLAIN[1](st, y)


def factory_card(do):
    """The Factory card's do: then the 12th token and its encounter, if the character (or Tesla,
    in his turn after it) stands on the Factory with it; Tesla found by it ends the game."""

    def after(st, a):
        do(st, a)
        s = st.s
        p = s[_ACTIVE]
        x = s[common.po(p) + _P_UNITS + _U_CHARACTER]   # Tesla's, in his turn (fenris_tesla._swap)
        if x != st.board.factory or not on_factory(st) or s[_STAGE] == _ST_OVER:
            return
        from .fenris_tesla import found
        from .fenris_track import claimed

        take_token(st, x)
        claimed(st, p)
        if not found(st, p):
            M.start_encounter(st, p)
    return after


def territories(st, p, ctrl):
    """The encounter territories p controls (the 11 printed and the Factory), each +1 territory."""
    b = st.board
    k = 1 if ctrl[b.factory] == p else 0
    for x in b.encounters:
        if ctrl[x] == p:
            k += 1
    return k


def bonus(st, p, ctrl):
    """The coins the +1 territories give p at the end (its popularity tier's coins a territory)."""
    return TB.COINS_TERRITORY[tier(st.s[common.po(p) + _P_POP])] * territories(st, p, ctrl)


def tables(tesla):
    """(PENDING, LEGAL, DO) of a game of Episode 7: Tesla's (tesla) with the Factory's token."""
    pending, legal, do = tesla
    do = list(do)
    do[_K_FACTORY_CARD] = factory_card(do[_K_FACTORY_CARD])
    return pending, legal, tuple(do)


install((("_encounter_token", _PLAIN[0], encounter_token), ("_take_token", _PLAIN[1], take_token)))
