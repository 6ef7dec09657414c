# Tesla for Scythe's rule bot (docs/fenris.md 1.10, step 10): what finding him is worth, read by
# fenris_track.pursued in a game with the `tesla` module (loaded then only).
from ..compat import const
from . import common

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ENC = const(22)
_F_ENC = const(2)
_F_SIZE = const(189)
_F_TESLA = const(141)
_N = const(0)
_NOWHERE = const(255)
_P_UNITS = const(18)
_TAIL = const(20)
_T_HOME = const(0)
_U_CHARACTER = const(0)
# -- end of private copies --

# "the following number of Encounter tokens, based on player count" (solo .. 7 players; 0 unused)
_FIND = b"\x06\x06\x06\x05\x05\x04\x04\x03"
_W_FIND = const(150)
_W_TESLA = const(100)
_W_STEP = const(40)
_FAR = const(3)
# Episode 7 (`search`): finding him ends the game and opens Episode 8a, so the hunt weighs more
# and pulls from farther (measured, 30 four-player rule-bot games of scythe+war+rivals+tesla+search,
# seeds 0-29: found in 1 with the plain weights, 6 with these; docs/campaign.md, Episode 7).
_W_HUNT = const(1000)
_W_HUNT_STEP = const(120)
_FAR_HUNT = const(8)


def needed(st):
    """The encounter tokens that find Tesla in this game (its player count)."""
    return _FIND[st.s[_N]]


def value(st, p):
    """For the rule bot (fenris_track.pursued), in tenths of a coin: W_FIND an encounter token
    toward him while no one has found him, less W_STEP a step from p's character to the nearest
    encounter token; his finder keeps W_FIND a token needed (its tokens are discarded) and
    W_TESLA more, a unit that moves and fights. Episode 7: W_HUNT a token, W_HUNT_STEP a step,
    up to FAR_HUNT steps."""
    s = st.s
    f = len(s) - _TAIL - _F_SIZE
    q = s[f + _F_TESLA + 1]
    hunt = getattr(st, "SEARCH", 0)
    w = _W_HUNT if hunt else _W_FIND
    if q != _NOWHERE:   # (never less than the tokens it took: they are discarded)
        return w * needed(st) + _W_TESLA if q == p else 0
    k = (s[f + _F_ENC + p // 2] >> (4 * (p & 1))) & 15
    x = s[common.po(p) + _P_UNITS + _U_CHARACTER]
    d = _steps_to_encounters(st, _FAR_HUNT if hunt else _FAR)[x] if x != _NOWHERE else 0
    return w * min(k, needed(st)) - (_W_HUNT_STEP if hunt else _W_STEP) * d


def land_steps(b, sources, far, barred):
    """Per space of board b, the steps (at most far) to the nearest of `sources`, across no river
    or lake edge and through no territory of terrain `barred`."""
    d = bytearray([far] * b.n_spaces)
    todo = list(sources)
    for x in todo:
        d[x] = 0
    while todo:
        x = todo.pop(0)
        for y, e in b.neighbours(x):
            if e == 0 and b.terrain[y] != barred and d[y] > d[x] + 1:
                d[y] = d[x] + 1
                todo.append(y)
    return d


_NEAR = [None, None]   # (the encounter tokens' bits and the reach, the board) of the steps below
_STEPS = [None]


def _steps_to_encounters(st, far):
    """Per space, the steps (at most far) to the nearest encounter token still on the board, by
    land (no river, no lake, no home base): made again only when the tokens change. (A token
    claimed makes the next one farther: far * the step's weight < the token's, so claiming one
    is worth it.)"""
    s = st.s
    b = getattr(st.board, "base", st.board)   # (a ModuleBoard per state in a Vesna or Fenris game)
    key = s[_ENC] | (s[_ENC + 1] << 8) | (far << 16)
    if _NEAR[0] == key and _NEAR[1] is b:
        return _STEPS[0]
    d = land_steps(b, [b.encounters[i] for i in range(len(b.encounters)) if (key >> i) & 1],
                   far, _T_HOME)
    _NEAR[0] = key
    _NEAR[1] = b
    _STEPS[0] = d
    return d
