# The frame of a turn: its start (a trophy checkpoint), the action chosen on the mat, its
# end (another checkpoint), the next player and the grand finale.
from ..compat import const
from . import make, quest
from .trophies import push_event

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_A_BAKE = const(3)
_A_CONJURE = const(4)
_A_MOVE = const(0)
_A_POWER_UP = const(5)
_A_SEEK_1 = const(1)
_A_SEEK_2 = const(2)
_CTX_TURN = const(0)
_CUR_SEEKER = const(14)
_DELIV_COUNT = const(17)
_DELIV_GOOD = const(16)
_EV_TROPHY = const(2)
_E_GAIN_PIES = const(7)
_E_GAIN_SPELLS = const(11)
_E_PAY_APPLES = const(1)
_E_PAY_GEMS = const(2)
_E_POWER_UP = const(13)
_FIGHTS_N = const(21)
_FIGHT_DEF = const(24)
_FINALE = const(8)
_FINALE_LAST = const(9)
_K_ACTION = const(6)
_K_OVER = const(25)
_LAST = const(2)
_MOVED = const(13)
_N = const(0)
_NONE = const(255)
_N_ACTIONS = const(6)
_P0 = const(148)
_PSZ = const(24)
_REJUV = const(20)
_SEEK_I = const(36)
_STAGE = const(1)
_ST_ACTION = const(3)
_ST_END = const(13)
_ST_MOVE = const(4)
_ST_NEXT = const(14)
_ST_OPS = const(10)
_ST_OVER = const(15)
_ST_SEEK_ROLL = const(11)
_ST_TURN_START = const(2)
_TFLAGS = const(18)
_TROPHIES_TO_WIN = const(4)
_TROPHIES_TURN = const(19)
_TURN = const(6)
# -- end of private copies --


def pending(st):
    """ST_TURN_START: a fresh turn, whose player must first place a trophy met; ST_ACTION:
    the action; ST_END: the end-of-turn checkpoint; ST_NEXT: the next player's turn (once a
    player has 4 trophies, the final turns go to each player without 4, in turn order,
    once); ST_OVER: the game is over."""
    s = st.s
    stage = s[_STAGE]
    if stage == _ST_ACTION:
        return _K_ACTION, s[_ACTIVE]
    if stage == _ST_OVER:
        return _K_OVER, _NONE
    if stage == _ST_TURN_START:
        s[_MOVED] = 0
        s[_CUR_SEEKER] = _NONE
        s[_DELIV_GOOD] = _NONE
        s[_DELIV_COUNT] = 0
        s[_TFLAGS] = 0
        s[_TROPHIES_TURN] = 0
        s[_REJUV] = 0
        s[_FIGHTS_N] = 0
        s[_FIGHT_DEF] = _NONE
        s[_STAGE] = _ST_ACTION
        push_event(st, _EV_TROPHY, s[_ACTIVE], _CTX_TURN)
        return None
    if stage == _ST_END:
        push_event(st, _EV_TROPHY, s[_ACTIVE], _CTX_TURN)
        s[_STAGE] = _ST_NEXT
        return None
    # _ST_NEXT
    n = s[_N]
    act = s[_ACTIVE]
    if not s[_FINALE]:
        for p in range(n):
            if st.trophy_count(p) >= _TROPHIES_TO_WIN:
                s[_FINALE] = 1
                s[_FINALE_LAST] = act
                break
    p = (act + 1) % n
    if s[_FINALE]:
        while p != s[_FINALE_LAST] and st.trophy_count(p) >= _TROPHIES_TO_WIN:
            p = (p + 1) % n
        if p == s[_FINALE_LAST]:
            s[_STAGE] = _ST_OVER
            return None
    t = min(st.turn() + 1, 0xFFFF)
    s[_TURN] = t & 0xFF
    s[_TURN + 1] = t >> 8
    s[_ACTIVE] = p
    s[_STAGE] = _ST_TURN_START
    return None


def legal(st):
    """K_ACTION: every action but the exact previous one; a Make action only when possible."""
    p = st.s[_ACTIVE]
    last = st.last_action(p)
    return [a for a in range(_N_ACTIONS) if a != last and (a < _A_BAKE or make.possible(st, p, a))]


def do(st, a):
    s = st.s
    s[_P0 + s[_ACTIVE] * _PSZ + _LAST] = a
    if a == _A_MOVE:
        s[_STAGE] = _ST_MOVE
        return
    if a == _A_SEEK_1 or a == _A_SEEK_2:
        s[_SEEK_I] = 0
        s[_STAGE] = _ST_SEEK_ROLL
        return
    if a == _A_BAKE:
        ops = ((_E_PAY_APPLES, 2), (_E_GAIN_PIES, 2))
    elif a == _A_CONJURE:
        ops = ((_E_PAY_GEMS, 2), (_E_GAIN_SPELLS, 1))
    else:   # _A_POWER_UP
        ops = ((_E_PAY_APPLES, 1), (_E_PAY_GEMS, 1), (_E_POWER_UP, 1))
    quest.set_ops(st, ops, _ST_END)
    s[_STAGE] = _ST_OPS
