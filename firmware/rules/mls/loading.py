# Checking a state read back (a save file, a snapshot from the wire; framing.unframe has
# checked its frame): the consistency of every value, and every good, card and tile
# conserved. Used by State.check() and when a game is resumed (State.from_bytes), then
# released.
from ..compat import const
from ..framing import popcount

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AT_CAMP = const(63)
_CARDS = const(42)
_CARDS_MODEL = const(2)
_GOODS = const(292)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_MAX_PLAYERS = const(6)
_N = const(0)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_P0 = const(148)
_PERS = const(138)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_PUBOT = const(114)
_PUBOT_N = const(112)
_PUDECK = const(108)
_PU_DRAWN = const(66)
_PU_N = const(65)
_PU_SEC = const(64)
_QBOT = const(74)
_QBOT_N = const(73)
_QDECK = const(71)
_QMASK = const(10)
_QUEST_CARD = const(41)
_SDECK = const(90)
_SDISC = const(99)
_SK = const(5)
_SPELLS = const(14)
_STAGE = const(1)
_ST_SETUP = const(1)
_TILE = const(7)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_XOPT = const(147)
# -- end of private copies --


def check(st):
    """None if the state is consistent, else a short description of what is not."""
    s = st.s
    n = s[_N]
    if not 2 <= n <= _MAX_PLAYERS:
        return "players %d" % n
    if not _ST_SETUP <= s[_STAGE] < len(st.PENDING):   # Pie in the Sky adds stages
        return "stage %d" % s[_STAGE]
    c = st.content
    ns = st.board.n_spaces
    if s[_XOPT] != (len(s) > _GOODS + 3 * ns):   # 1 exactly when Pie in the Sky's block follows
        return "expansion %d" % s[_XOPT]
    for good, total in ((_G_APPLE, c.apples), (_G_GEM, c.gems), (_G_QUEST, c.quest_tokens)):
        held = 0
        for h in st.holders():   # the spaces, the supply, a gift in hand
            held += st.goods_at(h, good)
        if held != total:
            return "goods %d: %d of %d" % (good, held, total)
    for i in range(ns):
        if st.quest_token(i) > 1:
            return "two quest tokens on %d" % i
    for p in range(n):
        o = _P0 + p * _PSZ
        if s[o + _PIES] > c.pies_max:
            return "pies %d" % s[o + _PIES]
        if popcount(s[o + _TRO]) > _TROPHIES_TO_WIN + s[_XOPT]:
            return "trophies"
        for k in range(2):
            loc = s[o + _SK + k]
            if loc != _AT_CAMP and loc >= ns:
                return "seeker at %d" % loc
    return _cards(s, n, c)


def _once(seen, card, total):
    # seen: bit mask of the cards met so far; None when `card` is not new or not a card
    if card >= total or seen & (1 << card):
        return None
    return seen | (1 << card)


def _cards(s, n, c):
    # Every card and tile exactly once: spells by class, quest cards, power-up tiles per
    # pile, personality cards. A model-deck game's spell cards have the model's values.
    deck = c.spell_deck
    if s[_CARDS] == _CARDS_MODEL:
        from .content_model import spell_deck

        deck = spell_deck(c)
    for k in range(_N_SPELL_CLASSES):
        t = s[_SDECK + k] + s[_SDISC + k]
        for p in range(n):
            t += s[_P0 + p * _PSZ + _SPELLS + k]
        if t != deck[k]:
            return "spells %d: %d of %d" % (k, t, deck[k])
    total = len(c.quest_cards)
    seen = s[_QDECK] | (s[_QDECK + 1] << 8)
    if seen >> total or s[_QBOT_N] > total:
        return "quest deck"
    cards = list(s[_QBOT:_QBOT + s[_QBOT_N]])
    if s[_QUEST_CARD] != _NONE:
        cards.append(s[_QUEST_CARD])
    for p in range(n):
        o = _P0 + p * _PSZ + _QMASK
        m = s[o] | (s[o + 1] << 8)
        for i in range(16):
            if m >> i & 1:
                cards.append(i)
    for card in cards:
        seen = _once(seen, card, total)
        if seen is None:
            return "quest card %d" % card
    if seen != (1 << total) - 1:
        return "quest cards missing"
    if s[_PU_SEC] != _NONE and (s[_PU_SEC] > 1 or s[_PU_N] > 3):
        return "power up"
    for sec in range(2):
        pile = c.piles[sec]
        total = len(pile)
        seen = s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)
        if seen >> total or s[_PUBOT_N + sec] > 12:
            return "tile pile %d" % sec
        tiles = list(s[_PUBOT + 12 * sec:_PUBOT + 12 * sec + s[_PUBOT_N + sec]])
        if s[_PU_SEC] == sec:
            tiles += s[_PU_DRAWN:_PU_DRAWN + s[_PU_N]]
        for p in range(n):
            t = s[_P0 + p * _PSZ + _TILE + sec]
            if t != _NONE:
                tiles.append(t)
        for t in tiles:
            seen = _once(seen, pile.index(t) if t in pile else 255, total)
            if seen is None:
                return "tile %d" % t
        if seen != (1 << total) - 1:
            return "tiles missing in pile %d" % sec
    total = len(c.personalities)
    seen = s[_PERS]
    if seen >> total:
        return "personalities"
    for p in range(n):
        card = s[_P0 + p * _PSZ + _PERSONA]
        if card != _NONE:
            seen = _once(seen, card, total)
            if seen is None:
                return "personality %d" % card
    if seen != (1 << total) - 1:
        return "personalities missing"
    return None
