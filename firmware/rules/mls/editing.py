# Editing a position by hand: scenarios, tests, a board set up by its owner, and the
# simulator. Each edit keeps every count conserved (goods come from and go to the supply,
# cards from and to their decks) and raises SetupError when it cannot. begin_turn() then
# starts a turn from the edited position, which becomes the new start for undo.
# Kept out of engine.py so a board in play does not hold this code in RAM.
from ..compat import const
from ..errors import SetupError
from ..framing import popcount

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_AT_CAMP = const(63)
_EV_N = const(27)
_FR = const(0)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HOLD_SUPPLY = const(64)
_LAST = const(2)
_N = const(0)
_NONE = const(255)
_P0 = const(148)
_PERS = const(138)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_PUDECK = const(108)
_QBOT = const(74)
_QBOT_N = const(73)
_QDECK = const(71)
_QDONE = const(12)
_QMASK = const(10)
_QUEST_CARD = const(41)
_SDECK = const(90)
_SK = const(5)
_SPELLS = const(14)
_STAGE = const(1)
_ST_SETUP = const(1)
_ST_TURN_START = const(2)
_TILE = const(7)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_T_QUESTS = const(3)
_XOPT = const(147)
# -- end of private copies --


def set_goods(st, space, apples=None, gems=None, quest=None):
    for good, v in ((_G_APPLE, apples), (_G_GEM, gems), (_G_QUEST, quest)):
        if v is None:
            continue
        delta = v - st.goods_at(space, good)
        if delta > st.goods_at(_HOLD_SUPPLY, good) or (good == _G_QUEST and v > 1) or v < 0:
            raise SetupError("bad_setup", "goods %d on %d" % (v, space))
        st.move_goods(good, _HOLD_SUPPLY, space, delta)
    st.changed()


def set_seeker(st, p, k, loc):
    if loc != _AT_CAMP and not 0 <= loc < st.board.n_spaces:
        raise SetupError("bad_setup", "seeker location %s" % loc)
    st.s[_P0 + p * _PSZ + _SK + k] = loc
    st.changed()


def set_pies(st, p, v):
    if not 0 <= v <= st.content.pies_max:
        raise SetupError("bad_setup", "pies %s" % v)
    st.s[_P0 + p * _PSZ + _PIES] = v


def set_friendship(st, p, v):
    if not 0 <= v <= 255:
        raise SetupError("bad_setup", "friendship %s" % v)
    st.s[_P0 + p * _PSZ + _FR] = v


def set_spells(st, p, cls, count):
    s = st.s
    o = _P0 + p * _PSZ + _SPELLS + cls
    delta = count - s[o]
    if delta > s[_SDECK + cls] or count < 0:
        raise SetupError("bad_setup", "spells %s of class %s" % (count, cls))
    s[_SDECK + cls] -= delta
    s[o] = count


def set_trophies(st, p, mask):
    if popcount(mask) > _TROPHIES_TO_WIN + st.s[_XOPT]:
        raise SetupError("bad_setup", "trophies %s" % mask)
    st.s[_P0 + p * _PSZ + _TRO] = mask


def set_tile(st, p, section, tile):
    """Give player p power-up tile `tile` (taken out of its pile's unseen part), or none
    (_NONE). A tile p held in that section goes back to its pile's unseen part."""
    s = st.s
    pile = st.content.piles[section]
    o = _P0 + p * _PSZ + _TILE + section
    d = _PUDECK + 2 * section
    m = _get16(s, d)
    if tile != _NONE:
        if tile not in pile:
            raise SetupError("bad_setup", "tile %s" % tile)
        if not m & (1 << pile.index(tile)) and tile != s[o]:
            raise SetupError("bad_setup", "tile %s is not in its pile" % tile)
        m &= ~(1 << pile.index(tile))
    if s[o] != _NONE and s[o] != tile:
        m |= 1 << pile.index(s[o])
    _put16(s, d, m)
    s[o] = tile


def set_last_action(st, p, a):
    st.s[_P0 + p * _PSZ + _LAST] = a


def set_personality(st, p, card):
    """Deal player p personality card `card` (out of the undealt ones), or none (_NONE).
    The card p held goes back to the undealt ones."""
    s = st.s
    o = _P0 + p * _PSZ + _PERSONA
    m = s[_PERS]
    if card != _NONE:
        if card >= len(st.content.personalities) or (not m & (1 << card) and card != s[o]):
            raise SetupError("bad_setup", "personality %s is not undealt" % card)
        m &= ~(1 << card)
    if s[o] != _NONE and s[o] != card:
        m |= 1 << s[o]
    s[_PERS] = m
    s[o] = card


def set_quests_resolved(st, p, cards):
    """Player p has resolved these quest cards (taken from the unseen deck)."""
    s = st.s
    o = _P0 + p * _PSZ
    m = _get16(s, _QDECK)
    for c in cards:
        if not m & (1 << c):
            raise SetupError("bad_setup", "quest card %s is not in the deck" % c)
        m &= ~(1 << c)
        _put16(s, o + _QMASK, _get16(s, o + _QMASK) | (1 << c))
        s[o + _QDONE] += 1
    _put16(s, _QDECK, m)


def set_quest_deck(st, unseen, bottom=()):
    """Keep only these cards in the quest deck: `unseen` shuffled, `bottom` put back at its
    bottom (top first). A listed card is taken from wherever it is (a player's resolved
    cards keep their count); the card being resolved cannot be listed. The deck's other
    cards are set aside among the resolved cards of the first player without the
    2-Quests trophy, not counted as resolved (view.quests_resolved): every card is still
    somewhere exactly once, and no refill brings them back while that player has no
    2-Quests trophy."""
    s = st.s
    total = len(st.content.quest_cards)
    cur = s[_QUEST_CARD]
    listed = 0
    for c in tuple(unseen) + tuple(bottom):
        if c >= total or c == cur or listed & (1 << c):
            raise SetupError("bad_setup", "quest card %s" % c)
        listed |= 1 << c
    left = ((1 << total) - 1) & ~listed
    if cur != _NONE:
        left &= ~(1 << cur)
    aside = None
    for p in range(s[_N]):
        o = _P0 + p * _PSZ + _QMASK
        m = _get16(s, o) & ~listed
        left &= ~m
        _put16(s, o, m)
        if aside is None and not s[o - _QMASK + _TRO] & (1 << _T_QUESTS):
            aside = o
    if left:
        if aside is None:
            raise SetupError("bad_setup", "nowhere to set quest cards aside")
        _put16(s, aside, left | _get16(s, aside))
    m = 0
    for c in unseen:
        m |= 1 << c
    _put16(s, _QDECK, m)
    for i, c in enumerate(bottom):
        s[_QBOT + i] = c
    s[_QBOT_N] = len(bottom)


def begin_turn(st, p):
    """Start player p's turn from the current (edited) position."""
    s = st.s
    if s[_STAGE] == _ST_SETUP:
        raise SetupError("bad_setup", "finish the setup decisions first")
    s[_ACTIVE] = p
    s[_EV_N] = 0
    s[_STAGE] = _ST_TURN_START
    st.begin()


def _get16(s, o):
    return s[o] | (s[o + 1] << 8)


def _put16(s, o, m):
    s[o] = m & 0xFF
    s[o + 1] = m >> 8
