# Reading a game: the accessors a host, a test or a display needs beyond what the engine
# itself uses. Functions over a State, kept out of engine.py so a board in play does not
# hold them in RAM (the host decodes the device's state bytes with these same functions).
from ..compat import const
from ..framing import popcount

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_CAMP = const(4)
_DECIDER = const(3)
_FIGHTS = const(22)
_FIGHTS_N = const(21)
_FIGHT_DEF = const(24)
_FINALE = const(8)
_FR = const(0)
_HOLD_HAND = const(65)
_KIND = const(2)
_KINGDOM = const(13)
_K_OVER = const(25)
_N = const(0)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_P0 = const(148)
_PERSONA = const(9)
_PSZ = const(24)
_QBOT_N = const(73)
_QDECK = const(71)
_QDONE = const(12)
_QUEST_CARD = const(41)
_REVEALED = const(23)
_SDECK = const(90)
_SDISC = const(99)
_SEEK = const(37)
_SEEK_I = const(36)
_SPELLS = const(14)
_TILE = const(7)
_TRO = const(3)
# -- end of private copies --


def in_finale(st):
    return st.s[_FINALE] == 1


def friendship(st, p):
    return st.s[_P0 + p * _PSZ + _FR]


def trophies(st, p):
    """Bit mask of the trophies player p has earned."""
    return st.s[_P0 + p * _PSZ + _TRO]


def camp_site(st, p):
    return st.s[_P0 + p * _PSZ + _CAMP]


def kingdom(st, p):
    return st.s[_P0 + p * _PSZ + _KINGDOM]


def spell_hand(st, p):
    o = _P0 + p * _PSZ + _SPELLS
    return bytes(st.s[o:o + _N_SPELL_CLASSES])


def tiles(st, p):
    """(Move tile, Make tile): tile ids or _NONE."""
    o = _P0 + p * _PSZ + _TILE
    return st.s[o], st.s[o + 1]


def personality(st, p):
    return st.s[_P0 + p * _PSZ + _PERSONA]


def personality_revealed(st, p):
    return st.s[_P0 + p * _PSZ + _REVEALED] == 1


def quests_resolved(st, p):
    return st.s[_P0 + p * _PSZ + _QDONE]


def goods_held(st, good):
    """Goods picked up and not yet put down (a gift in progress)."""
    return st.goods_at(_HOLD_HAND, good)


def spell_deck(st):
    return bytes(st.s[_SDECK:_SDECK + _N_SPELL_CLASSES])


def spell_discard(st):
    return bytes(st.s[_SDISC:_SDISC + _N_SPELL_CLASSES])


def quest_deck_size(st):
    s = st.s
    return popcount(s[_QDECK] | (s[_QDECK + 1] << 8)) + s[_QBOT_N]


def pending_fights(st):
    s = st.s
    return tuple(s[_FIGHTS:_FIGHTS + s[_FIGHTS_N]])


def fight_defender(st):
    return st.s[_FIGHT_DEF]




def current_quest(st):
    return st.s[_QUEST_CARD]


def seek_dice(st):
    return tuple(st.s[_SEEK:_SEEK + 4])


def seek_index(st):
    return st.s[_SEEK_I]


def returns(st):
    w = st.winners()
    return [1.0 if p in w else 0.0 for p in range(st.s[_N])]


def is_chance(st):
    return st.s[_DECIDER] == _NONE and st.s[_KIND] != _K_OVER


def is_legal(st, action):
    return action in st.legal_actions()


def history(st):
    return st.history
