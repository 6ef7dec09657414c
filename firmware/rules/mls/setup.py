# Setting up a new game: players, camps, supplies and decks, then the setup decisions
# (the setup tile's orientation and, when its print is unknown, what it shows on each
# front space; a spell and a personality card for each player; the first player). Used
# until the first turn starts, then released (apply).
from ..compat import const, release

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_AT_CAMP = const(63)
_CAMP = const(4)
_CUR_APPLES = const(142)
_CUR_SEEKER = const(14)
_DELIV_GOOD = const(16)
_FIGHT_DEF = const(24)
_FINALE_LAST = const(9)
_FIRST = const(5)
_FR = const(0)
_G_QUEST = const(2)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_KINGDOM = const(13)
_K_DEAL_PERSONALITY = const(4)
_K_DEAL_SPELL = const(3)
_K_FIRST_PLAYER = const(5)
_K_SETUP_SPACE = const(2)
_K_SETUP_TILE = const(1)
_LAST = const(2)
_LAST_FIGHT = const(139)
_MAX_PLAYERS = const(6)
_N = const(0)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_ORIENT = const(70)
_P0 = const(148)
_PERS = const(138)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_PUDECK = const(108)
_PU_SEC = const(64)
_QDECK = const(71)
_QUEST_CARD = const(41)
_SDECK = const(90)
_SETUP_I = const(69)
_SK = const(5)
_SPELLS = const(14)
_STAGE = const(1)
_ST_SETUP = const(1)
_ST_TURN_START = const(2)
_SUP = const(10)
_S_MAKE = const(1)
_S_MOVE = const(0)
_TERM = const(146)
_TILE = const(7)
# -- end of private copies --


def _bad(code, value):
    from ..errors import SetupError   # imported only to refuse: errors.py stays out of the heap

    raise SetupError(code, value)


def new_game(st, players, camp_sites, kingdoms):
    """Set up the empty State st for a new game (see engine.new_game)."""
    board = st.board
    if not 2 <= players <= _MAX_PLAYERS:
        _bad("bad_players", players)
    if camp_sites is None:
        camp_sites = board.camp_sites_by_players.get(players)
        if camp_sites is None:
            _bad("bad_camps", players)
    camp_sites = tuple(camp_sites)
    if len(camp_sites) != players or len(set(camp_sites)) != players:
        _bad("bad_camps", camp_sites)
    for c in camp_sites:
        if not 0 <= c < len(board.camp_fronts):
            _bad("bad_camps", camp_sites)
    if kingdoms is None:
        kingdoms = tuple(range(players))
    if len(kingdoms) != players:
        _bad("bad_kingdoms", kingdoms)
    _setup(st, players, camp_sites, kingdoms)
    return st


def _setup(st, n, camp_sites, kingdoms):
    s = st.s
    c = st.content
    s[_N] = n
    s[_STAGE] = _ST_SETUP
    s[_SUP] = c.apples
    s[_SUP + 1] = c.gems
    s[_SUP + 2] = c.quest_tokens
    s[_FIGHT_DEF] = _NONE
    s[_CUR_SEEKER] = _NONE
    s[_CUR_APPLES] = _NONE
    s[_TERM] = _NONE
    s[_DELIV_GOOD] = _NONE
    s[_QUEST_CARD] = _NONE
    s[_PU_SEC] = _NONE
    s[_LAST_FIGHT + 2] = _NONE
    s[_FINALE_LAST] = _NONE
    s[_ACTIVE] = _NONE
    s[_FIRST] = _NONE
    m = (1 << len(c.quest_cards)) - 1
    s[_QDECK] = m & 0xFF
    s[_QDECK + 1] = m >> 8
    s[_SDECK:_SDECK + _N_SPELL_CLASSES] = c.spell_deck
    for sec in (_S_MOVE, _S_MAKE):
        m = (1 << len(c.piles[sec])) - 1
        s[_PUDECK + 2 * sec] = m & 0xFF
        s[_PUDECK + 2 * sec + 1] = m >> 8
    s[_PERS] = (1 << len(c.personalities)) - 1
    for p in range(n):
        o = _P0 + p * _PSZ
        s[o + _FR] = c.start_friendship
        s[o + _PIES] = c.start_pies
        s[o + _LAST] = _NONE
        s[o + _CAMP] = camp_sites[p]
        s[o + _SK] = _AT_CAMP
        s[o + _SK + 1] = _AT_CAMP
        s[o + _TILE] = _NONE
        s[o + _TILE + 1] = _NONE
        s[o + _PERSONA] = _NONE
        s[o + _KINGDOM] = kingdoms[p]
    st.begin()


def legal(st):
    """The options of the pending setup decision."""
    s = st.s
    kind = s[_KIND]
    if kind == _K_SETUP_TILE:
        return [0, 1, 2, 3, 4, 5]
    if kind == _K_SETUP_SPACE:
        return [0, 1, 2, 3]   # nothing, an apple, a gem, a quest token
    if kind == _K_DEAL_SPELL:
        return [c for c in range(_N_SPELL_CLASSES) if s[_SDECK + c]]
    if kind == _K_DEAL_PERSONALITY:
        return [c for c in range(len(st.content.personalities)) if s[_PERS] & (1 << c)]
    return list(range(s[_N]))   # _K_FIRST_PLAYER


def pending(st):
    """The pending setup decision, from _SETUP_I: 0 the tile's orientation; 1..3n what
    the tile shows on each active front space (only when the tile is unknown); then a
    spell and a personality card for each player; then the first player."""
    s = st.s
    n = s[_N]
    i = s[_SETUP_I]
    if i == 0:
        kind = _K_SETUP_TILE
    elif i <= 3 * n:
        kind = _K_SETUP_SPACE
    elif i <= 4 * n:
        kind = _K_DEAL_SPELL
    elif i <= 5 * n:
        kind = _K_DEAL_PERSONALITY
    else:
        kind = _K_FIRST_PLAYER
    return kind, _NONE   # all chance


def _front_space(st, i):
    """The front space the i-th setup statement is about (i from 1)."""
    p = (i - 1) // 3
    return st.board.camp_fronts[st.s[_P0 + p * _PSZ + _CAMP]][(i - 1) % 3]


def _put_setup_goods(st, space, what):
    if what == 0:
        return
    good = what - 1
    if st.s[_SUP + good] == 0:
        return
    if good == _G_QUEST and st.quest_token(space):
        return
    st.move_goods(good, _HOLD_SUPPLY, space, 1)


def apply(st, a):
    """Apply the pending setup decision; once the first player is known, this module is
    released (its code is not needed again this game)."""
    s = st.s
    kind = s[_KIND]
    n = s[_N]
    c = st.content
    if kind == _K_SETUP_TILE:
        s[_ORIENT] = a
        if c.setup_tile is not None:
            for p in range(n):
                camp = s[_P0 + p * _PSZ + _CAMP]
                wedge = c.setup_tile[(camp - a) % 6]
                front = st.board.camp_fronts[camp]
                for k in range(3):
                    _put_setup_goods(st, front[k], wedge[k])
            s[_SETUP_I] = 3 * n + 1
        else:
            s[_SETUP_I] = 1
        return
    i = s[_SETUP_I]
    if kind == _K_SETUP_SPACE:
        _put_setup_goods(st, _front_space(st, i), a)
    elif kind == _K_DEAL_SPELL:
        p = i - 3 * n - 1
        s[_SDECK + a] -= 1
        s[_P0 + p * _PSZ + _SPELLS + a] += 1
    elif kind == _K_DEAL_PERSONALITY:
        p = i - 4 * n - 1
        s[_PERS] &= ~(1 << a)
        s[_P0 + p * _PSZ + _PERSONA] = a
    elif kind == _K_FIRST_PLAYER:
        s[_FIRST] = a
        s[_ACTIVE] = a
        s[_STAGE] = _ST_TURN_START
        release(__name__)
    s[_SETUP_I] = i + 1
