# The frame of a turn: its start (a trophy checkpoint), the action chosen on the mat (a
# Make action only when possible), the Seek action, the end (another checkpoint), the next
# player and the grand finale; and the events a turn queues, resolved before it goes on:
# trophy checkpoints (with the trophies' criteria), rejuvenation, a spell drawn for a
# player. The Move action is move.py's; the effects of Bake, Conjure and Power Up run as
# quest.py's ops.
from ..compat import const
from ..framing import popcount
from . import quest
from .quest import gain_pies, refill_spells, spells_available

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_A_BAKE = const(3)
_A_CONJURE = const(4)
_A_MOVE = const(0)
_A_POWER_UP = const(5)
_A_SEEK_1 = const(1)
_A_SEEK_2 = const(2)
_CTX_DEFENDER = const(1)
_CTX_TURN = const(0)
_CUR_SEEKER = const(14)
_DELIV_COUNT = const(17)
_DELIV_GOOD = const(16)
_EV = const(28)
_EV_N = const(27)
_EV_REJUV = const(1)
_EV_SPELL = const(3)
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
_FR = const(0)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_ACTION = const(6)
_K_DRAW_SPELL = const(12)
_K_OVER = const(25)
_K_REJUVENATE = const(11)
_K_SEEK_PLACE = const(20)
_K_SEEK_ROLL = const(19)
_K_TROPHY = const(7)
_LAST = const(2)
_MOVED = const(13)
_N = const(0)
_NONE = const(255)
_N_ACTIONS = const(6)
_N_SPELL_CLASSES = const(9)
_N_TROPHIES = const(8)
_OP_DONE = const(61)
_P0 = const(148)
_PERSONA = const(9)
_PIES = const(1)
_PSZ = const(24)
_QDONE = const(12)
_REJUV = const(20)
_REVEALED = const(23)
_SDECK = const(90)
_SEEK = const(37)
_SEEK_I = const(36)
_SPELLS = const(14)
_STAGE = const(1)
_ST_ACTION = const(3)
_ST_END = const(13)
_ST_MOVE = const(4)
_ST_NEXT = const(14)
_ST_OPS = const(10)
_ST_OVER = const(15)
_ST_SEEK_PLACE = const(12)
_ST_SEEK_ROLL = const(11)
_ST_TURN_START = const(2)
_SUP = const(10)
_TFLAGS = const(18)
_TF_APPLES = const(1)
_TF_FIGHT = const(4)
_TF_GEMS = const(2)
_TILE = const(7)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_TROPHIES_TURN = const(19)
_TROPHY_DECLINE = const(8)
_TURN = const(6)
_T_APPLES = const(4)
_T_FRIENDSHIP = const(0)
_T_GEMS = const(5)
_T_PIES = const(7)
_T_PIE_FIGHT = const(6)
_T_POWER_UPS = const(1)
_T_QUESTS = const(3)
_T_SPELLS = const(2)
_XOPT = const(147)
# -- end of private copies --


def pending(st):
    """ST_TURN_START: a fresh turn, whose player must first place a trophy met; ST_ACTION:
    the action; ST_SEEK_ROLL, ST_SEEK_PLACE: Seek's dice and tokens; ST_END: the end-of-turn
    checkpoint; ST_NEXT: the next player's turn (once a player has 4 trophies, the final
    turns go to each player without 4, in turn order, once); ST_OVER: the game is over."""
    s = st.s
    stage = s[_STAGE]
    if stage == _ST_ACTION:
        return _K_ACTION, s[_ACTIVE]
    if stage == _ST_SEEK_ROLL:
        if s[_SEEK_I] < 4:
            return _K_SEEK_ROLL, _NONE
        s[_SEEK_I] = 0
        s[_STAGE] = _ST_SEEK_PLACE
        return None
    if stage == _ST_SEEK_PLACE:
        if s[_SEEK_I] >= 4:
            s[_STAGE] = _ST_END
        elif _seek_targets(st):
            return _K_SEEK_PLACE, s[_ACTIVE]
        else:
            s[_SEEK_I] += 1   # nowhere to put it (or the supply is out): ignored
        return None
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
    win = _TROPHIES_TO_WIN + s[_XOPT]   # Pie in the Sky: 5
    if not s[_FINALE]:
        for p in range(n):
            if st.trophy_count(p) >= win:
                s[_FINALE] = 1
                s[_FINALE_LAST] = act
                break
    p = (act + 1) % n
    if s[_FINALE]:
        while p != s[_FINALE_LAST] and st.trophy_count(p) >= win:
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
    """K_ACTION: every action but the exact previous one; a Make action needs its full cost
    on the player's spaces and its full benefit available (Bake up to the pie maximum,
    Conjure a spell card left, Power Up a pile with a tile for a free section).
    K_SEEK_ROLL: the faces of the die being rolled (Seek 1 and Seek 2 roll different dice);
    K_SEEK_PLACE: the spaces for its token. K_TROPHY: the trophies the event's player may
    earn (and TROPHY_DECLINE when none is mandatory); K_REJUVENATE: 0 a spell (while any is
    left), 1 two pies; K_DRAW_SPELL: the spell classes left in the deck."""
    s = st.s
    kind = s[_KIND]
    p = s[_ACTIVE]
    if kind == _K_TROPHY:
        must, may = eligible(st, s[_EV] & 7, s[_EV + 1])
        opts = [t for t in range(_N_TROPHIES) if (must | may) & (1 << t)]
        if not must:
            opts.append(_TROPHY_DECLINE)
        return opts
    if kind == _K_REJUVENATE:
        return [0, 1] if spells_available(st) else [1]
    if kind == _K_DRAW_SPELL:
        return [c for c in range(_N_SPELL_CLASSES) if s[_SDECK + c]]
    if kind == _K_SEEK_PLACE:
        return _seek_targets(st)
    if kind == _K_SEEK_ROLL:
        c = st.content
        dice = c.seek_dice[0 if st.last_action(p) == _A_SEEK_1 else 1]
        goods = (_G_APPLE, _G_GEM, _G_QUEST) if dice is None else (dice[s[_SEEK_I]],)
        out = []
        for g in goods:
            faces = c.dice_faces[g]
            for r in (range(len(st.board.regions)) if faces is None else faces):
                out.append(g * 8 + r)
        return out
    last = st.last_action(p)
    opts = []
    for a in range(_N_ACTIONS):
        if a == last:
            continue
        if a == _A_BAKE:
            ok = st.controlled(p, _G_APPLE) >= 2 and st.pies(p) + 2 <= st.content.pies_max
        elif a == _A_CONJURE:
            ok = st.controlled(p, _G_GEM) >= 2 and spells_available(st)
        elif a == _A_POWER_UP:
            ok = (st.controlled(p, _G_APPLE) >= 1 and st.controlled(p, _G_GEM) >= 1
                  and bool(quest.sections(st, p)))
        else:
            ok = True   # Move and Seek are always possible
        if ok:
            opts.append(a)
    return opts


def do(st, a):
    s = st.s
    kind = s[_KIND]
    if kind == _K_SEEK_ROLL:
        s[_SEEK + s[_SEEK_I]] = a
        s[_SEEK_I] += 1
        return
    if kind == _K_SEEK_PLACE:
        # The token goes from the supply onto space a; one on an opponent's space earns
        # +1 friendship.
        good = s[_SEEK + s[_SEEK_I]] >> 3
        st.move_goods(good, _HOLD_SUPPLY, a, 1)
        act = s[_ACTIVE]
        if good != _G_QUEST and st.occupants(a) & ~(1 << act):
            o = _P0 + act * _PSZ + _FR
            s[o] = min(255, s[o] + 1)
        s[_SEEK_I] += 1
        return
    if kind == _K_ACTION:
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
        return
    if kind == _K_DRAW_SPELL:
        # A spell drawn for a rejuvenated player, or for the active player's card option.
        s[_SDECK + a] -= 1
        if s[_EV_N] and s[_EV] >> 3 == _EV_SPELL:
            p = s[_EV] & 7
            pop_event(st)
        else:
            p = s[_ACTIVE]
            s[_OP_DONE] += 1
        s[_P0 + p * _PSZ + _SPELLS + a] += 1
        return
    p = s[_EV] & 7
    o = _P0 + p * _PSZ
    if kind == _K_REJUVENATE:
        s[_REJUV] |= 1 << p
        s[o + _LAST] = _NONE   # the action token leaves the mat: any action next turn
        if a == 0:
            s[_EV] = _EV_SPELL * 8 + p   # the event becomes "draw a spell for p"
            return
        gain_pies(st, p, 2)
        pop_event(st)
        return
    # K_TROPHY
    if a == _TROPHY_DECLINE:
        pop_event(st)
        return
    content = st.content
    if a != _T_APPLES and a != _T_GEMS and a != _T_PIE_FIGHT:
        req, eased = content.requirement(a, s[o + _PERSONA] if s[o + _PERSONA] != _NONE else None)
        if eased and _measure(st, p, a) < content.requirement(a, None)[0]:
            s[o + _REVEALED] = 1   # earned through the personality card: it is shown
    s[o + _TRO] |= 1 << a
    if p == s[_ACTIVE] and s[_EV + 1] == _CTX_TURN:
        s[_TROPHIES_TURN] += 1
    if not (s[_FINALE] and s[_EV + 1] == _CTX_TURN):
        pop_event(st)   # in the grand finale the checkpoint offers more


def _seek_targets(st):
    """Any space of the die's region; a quest token only where there is no token nor
    Seeker; none when the supply is out of that good. (A die: layout.die(good, region).)"""
    s = st.s
    die = s[_SEEK + s[_SEEK_I]]
    good = die >> 3
    if not s[_SUP + good]:
        return []
    spaces = st.board.region_spaces[die & 7]
    if good != _G_QUEST:
        return list(spaces)
    return [x for x in spaces if not st.quest_token(x) and not st.occupants(x)]


# ---- events: trophy checkpoints, rejuvenation, a spell drawn for a player -------------
# The queue holds (type * 8 + player, context) pairs.
def push_event(st, ev, p, ctx):
    s = st.s
    i = s[_EV_N]
    s[_EV + 2 * i] = ev * 8 + p
    s[_EV + 2 * i + 1] = ctx
    s[_EV_N] = i + 1


def pop_event(st):
    s = st.s
    n = s[_EV_N] - 1
    s[_EV:_EV + 2 * n] = s[_EV + 2:_EV + 2 + 2 * n]
    s[_EV_N] = n


def events(st):
    """The decision the first event asks for; events that ask nothing are dropped. None
    once the queue is empty (the stage goes on)."""
    s = st.s
    while s[_EV_N]:
        ev = s[_EV] >> 3
        p = s[_EV] & 7
        if ev == _EV_REJUV:
            if not s[_REJUV] & (1 << p):
                return _K_REJUVENATE, p
        elif ev == _EV_SPELL:
            refill_spells(st)
            return _K_DRAW_SPELL, _NONE
        else:
            must, may = eligible(st, p, s[_EV + 1])
            if must | may:
                return _K_TROPHY, p
        pop_event(st)
    return None


# ---- trophies -------------------------------------------------------------------------
def eligible(st, p, ctx):
    """(mandatory, optional) masks of the trophies p may earn at this checkpoint."""
    s = st.s
    o = _P0 + p * _PSZ
    tro = s[o + _TRO]
    content = st.content
    if popcount(tro) >= _TROPHIES_TO_WIN + s[_XOPT] or s[o + _FR] < content.trophy_friendship_min:
        return 0, 0
    if ctx == _CTX_DEFENDER:
        # Only the pie-fight trophy may be earned off-turn; the defender may decline it.
        return 0, (0 if tro & (1 << _T_PIE_FIGHT) else 1 << _T_PIE_FIGHT)
    if not s[_FINALE] and s[_TROPHIES_TURN] >= 1:
        return 0, 0
    must = 0
    may = 0
    persona = s[o + _PERSONA]
    tf = s[_TFLAGS]
    for t in range(_N_TROPHIES):
        if tro & (1 << t):
            continue
        if t == _T_APPLES:
            if tf & _TF_APPLES:
                must |= 1 << t
            continue
        if t == _T_GEMS:
            if tf & _TF_GEMS:
                must |= 1 << t
            continue
        if t == _T_PIE_FIGHT:
            if tf & _TF_FIGHT:
                must |= 1 << t
            continue
        have = _measure(st, p, t)
        req, eased = content.requirement(t, persona if persona != _NONE else None)
        if have >= req:
            if eased and have < content.requirement(t, None)[0]:
                may |= 1 << t   # only met through the personality card: revealing is optional
            else:
                must |= 1 << t
    return must, may


def _measure(st, p, t):
    s = st.s
    o = _P0 + p * _PSZ
    if t == _T_FRIENDSHIP:
        return s[o + _FR]
    if t == _T_POWER_UPS:
        return (s[o + _TILE] != _NONE) + (s[o + _TILE + 1] != _NONE)
    if t == _T_SPELLS:
        return st.spells(p)
    if t == _T_QUESTS:
        return s[o + _QDONE]
    return s[o + _PIES]  # _T_PIES
