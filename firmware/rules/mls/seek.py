# Seek: the four search dice are rolled (chance, or at the table), then each discovered
# token is put on a space of the die's region, in roll order. A token with nowhere to go
# (or none left in the supply) is ignored. A die is good * 8 + region (layout.die).
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_A_SEEK_1 = const(1)
_FR = const(0)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_SEEK_PLACE = const(20)
_K_SEEK_ROLL = const(19)
_NONE = const(255)
_P0 = const(148)
_PSZ = const(24)
_SEEK = const(37)
_SEEK_I = const(36)
_STAGE = const(1)
_ST_END = const(13)
_ST_SEEK_PLACE = const(12)
_ST_SEEK_ROLL = const(11)
_SUP = const(10)
# -- end of private copies --


def pending(st):
    """ST_SEEK_ROLL: the next die to roll; ST_SEEK_PLACE: the next token to place."""
    s = st.s
    if s[_STAGE] == _ST_SEEK_ROLL:
        if s[_SEEK_I] < 4:
            return _K_SEEK_ROLL, _NONE
        s[_SEEK_I] = 0
        s[_STAGE] = _ST_SEEK_PLACE
        return None
    if s[_SEEK_I] >= 4:
        s[_STAGE] = _ST_END
        return None
    if _targets(st):
        return _K_SEEK_PLACE, s[_ACTIVE]
    s[_SEEK_I] += 1   # nowhere to put it (or the supply is out): ignored
    return None


def legal(st):
    """K_SEEK_ROLL: the faces of the die being rolled (Seek 1 and Seek 2 roll different
    dice); K_SEEK_PLACE: the spaces for its token."""
    s = st.s
    if s[_KIND] == _K_SEEK_PLACE:
        return _targets(st)
    c = st.content
    dice = c.seek_dice[0 if st.last_action(s[_ACTIVE]) == _A_SEEK_1 else 1]
    goods = (_G_APPLE, _G_GEM, _G_QUEST) if dice is None else (dice[s[_SEEK_I]],)
    out = []
    for g in goods:
        faces = c.dice_faces[g]
        for r in (range(len(st.board.regions)) if faces is None else faces):
            out.append(g * 8 + r)
    return out


def _targets(st):
    """Any space of the die's region; a quest token only where there is no token nor
    Seeker; none when the supply is out of that good."""
    s = st.s
    die = s[_SEEK + s[_SEEK_I]]
    good = die >> 3
    if not s[_SUP + good]:
        return []
    spaces = st.board.region_spaces[die & 7]
    if good != _G_QUEST:
        return list(spaces)
    return [x for x in spaces if not st.quest_token(x) and not st.occupants(x)]


def do(st, a):
    s = st.s
    if s[_KIND] == _K_SEEK_ROLL:
        s[_SEEK + s[_SEEK_I]] = a
        s[_SEEK_I] += 1
        return
    # K_SEEK_PLACE: the token goes from the supply onto space a; one on an opponent's
    # space earns +1 friendship.
    good = s[_SEEK + s[_SEEK_I]] >> 3
    st.move_goods(good, _HOLD_SUPPLY, a, 1)
    act = s[_ACTIVE]
    if good != _G_QUEST and st.occupants(a) & ~(1 << act):
        o = _P0 + act * _PSZ + _FR
        s[o] = min(255, s[o] + 1)
    s[_SEEK_I] += 1
