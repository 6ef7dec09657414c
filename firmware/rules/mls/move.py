# The Move action and what it leads to. Each Seeker moves once (or stays), by hand on the
# board, then the goods it carried are chosen on the dial (apples, then gems). A Seeker
# carrying onto the castle makes (part of) a delivery of exactly 4 apples or 4 gems: trophy
# checkpoint, Seekers home, rejuvenation. A Seeker entering an opponent's space starts a
# pie fight, resolved after the Move in the order the spaces were attacked: the attacker
# loses 1 friendship at once; both players bid in secret on the dials (pies, then a spell
# slot per own Seeker in the fight: codes.bid_code); ties go to the attacker. Then, in the
# rulebook's order: pies and spells spent, the loser's Seekers home (goods stay), the
# winner's trophy checkpoint, the loser's rejuvenation.
from ..compat import const
from .quest import lose_friendship
from .turns import push_event

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ATT_BID = const(25)
_AT_CAMP = const(63)
_BID = const(144)
_BID_STEP = const(143)
_CAMP = const(4)
_CTX_DEFENDER = const(1)
_CTX_TURN = const(0)
_CUR_APPLES = const(142)
_CUR_DEST = const(15)
_CUR_SEEKER = const(14)
_DECIDER = const(3)
_DELIVERY = const(4)
_DELIV_COUNT = const(17)
_DELIV_GOOD = const(16)
_EV_REJUV = const(1)
_EV_TROPHY = const(2)
_FIGHTS = const(22)
_FIGHTS_N = const(21)
_FIGHT_DEF = const(24)
_FX_PORTAL_EXPRESS = const(1)
_G_APPLE = const(0)
_G_GEM = const(1)
_HOLD_CARGO = const(66)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_BID_SPELL = const(27)
_K_CARRY = const(9)
_K_CARRY_GEMS = const(26)
_K_FIGHT_BID = const(10)
_K_MOVE = const(8)
_LAST_FIGHT = const(139)
_MAX_STATED = const(7)
_MOVED = const(13)
_N = const(0)
_NONE = const(255)
_P0 = const(148)
_PIES = const(1)
_PSZ = const(24)
_SDISC = const(99)
_SK = const(5)
_SPELLS = const(14)
_SPELL_UNKNOWN = const(8)
_STAGE = const(1)
_ST_FIGHT = const(5)
_ST_MOVE = const(4)
_ST_QUESTS = const(6)
_S_MOVE = const(0)
_TFLAGS = const(18)
_TF_APPLES = const(1)
_TF_FIGHT = const(4)
_TF_GEMS = const(2)
_TILE = const(7)
_TRO = const(3)
_T_APPLES = const(4)
_T_GEMS = const(5)
_XOPT = const(147)
# -- end of private copies --


def pending(st):
    """ST_MOVE: a Seeker to move, or what the moving one carried; once both have moved,
    ST_FIGHT: the next bid of the fight at hand (starting it), then on to the quests."""
    s = st.s
    act = s[_ACTIVE]
    if s[_STAGE] == _ST_MOVE:
        if s[_MOVED] == 3:
            s[_STAGE] = _ST_FIGHT
            return None
        if s[_CUR_SEEKER] == _NONE:
            return _K_MOVE, act
        return (_K_CARRY if s[_CUR_APPLES] == _NONE else _K_CARRY_GEMS), act
    if s[_FIGHT_DEF] == _NONE:
        if not s[_FIGHTS_N]:
            s[_STAGE] = _ST_QUESTS
            return None
        here = st.occupants(s[_FIGHTS])
        others = here & ~(1 << act)
        if not others or not here & (1 << act):
            s[_FIGHTS] = s[_FIGHTS + 1]   # nobody left to fight there
            s[_FIGHTS_N] -= 1
            return None
        d = 0
        while not others & (1 << d):
            d += 1
        s[_FIGHT_DEF] = d
        s[_ATT_BID] = 0xFF   # the attacker has not bid yet
        s[_ATT_BID + 1] = 0xFF
        s[_BID_STEP] = 0
        s[_BID] = 0
        s[_BID + 1] = 0
        lose_friendship(st, act, 1)   # the attacker loses 1 friendship at once
    kind = _K_FIGHT_BID if s[_BID_STEP] == 0 else _K_BID_SPELL
    if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
        return kind, act
    return kind, s[_FIGHT_DEF]


def legal(st):
    """K_MOVE: move_action(seeker, destination) for each Seeker not moved yet; K_CARRY:
    how many apples the moving Seeker carried; K_CARRY_GEMS: then how many gems.
    K_FIGHT_BID: 0-7 pies, no more than the pie track; K_BID_SPELL: 0 (none), a card of
    known value v (1 + v), or a card of unknown value (9), whose value is then stated from
    the printed card (BID_STEP 3 or 4: 9 + v for value v; Ruleset.reads_card: a bot seat's
    is read in by the table); a card already attached in the first slot must be in hand
    twice to fill the second."""
    s = st.s
    kind = s[_KIND]
    if kind == _K_FIGHT_BID or kind == _K_BID_SPELL:
        o = _P0 + s[_DECIDER] * _PSZ
        if kind == _K_FIGHT_BID:
            return list(range(min(7, s[o + _PIES]) + 1))
        if s[_BID_STEP] > 2:   # the value of the unknown card just attached, read from it
            return list(range(9, 10 + _MAX_STATED))
        o += _SPELLS
        first = (s[_BID] | (s[_BID + 1] << 8)) // 8 % 17 if s[_BID_STEP] == 2 else 0
        used = -1 if not first else (first - 1 if first <= 8 else _SPELL_UNKNOWN)
        opts = [0]
        for v in range(8):
            if s[o + v] > (1 if used == v else 0):
                opts.append(1 + v)
        if s[o + _SPELL_UNKNOWN] > (1 if used == _SPELL_UNKNOWN else 0):
            opts.append(9)   # a card of unknown value: its value is the next step
        return opts
    if kind != _K_MOVE:
        k = s[_CUR_SEEKER]
        loc, how = _carry_kind(st, k, s[_CUR_DEST])
        if how == 2:   # onto the castle: a delivery
            apples = s[_CUR_APPLES]
            out = []
            for c in _deliveries(st, k, loc):
                if kind == _K_CARRY:
                    if (c & 31) not in out:
                        out.append(c & 31)
                elif c & 31 == apples:
                    out.append(c >> 5)
            return out
        if not how:
            return [0]
        return list(range(st.goods_at(loc, _G_APPLE if kind == _K_CARRY else _G_GEM) + 1))
    p = s[_ACTIVE]
    o = _P0 + p * _PSZ
    opts = []
    castle = st.board.castle
    for k in range(2):
        if s[_MOVED] & (1 << k):
            continue
        loc = s[o + _SK + k]
        if s[_DELIV_COUNT]:
            # The other Seeker is on the castle with part of a delivery: this one completes it.
            opts.append(k * 64 + castle)
            continue
        dests = st.reach(p, k, False)
        if loc == _AT_CAMP:
            dests.append(_AT_CAMP)
        elif st.goods_at(loc, _G_APPLE) or st.goods_at(loc, _G_GEM):
            for d in st.reach(p, k, True):
                if d not in dests and (d != castle or _deliveries(st, k, loc)):
                    dests.append(d)
        for d in dests:
            opts.append(k * 64 + d)
    return opts


def do(st, a):
    """K_MOVE: the Seeker and its destination; K_CARRY: the apples; K_CARRY_GEMS: the gems,
    and the move is made: the Seeker and its goods go; a fight or a delivery follows.
    K_FIGHT_BID, K_BID_SPELL: one step of a bid (the pies, then a spell slot for each own
    Seeker involved, a card of unknown value followed by its value); the fight is resolved
    once both bids are complete."""
    s = st.s
    kind = s[_KIND]
    if kind == _K_MOVE:
        s[_CUR_SEEKER] = a >> 6
        s[_CUR_DEST] = a & 63
        s[_CUR_APPLES] = _NONE
        return
    if kind == _K_CARRY:
        s[_CUR_APPLES] = a
        return
    if kind == _K_CARRY_GEMS:
        p = s[_ACTIVE]
        k = s[_CUR_SEEKER]
        d = s[_CUR_DEST]
        o = _P0 + p * _PSZ
        loc = s[o + _SK + k]
        apples = s[_CUR_APPLES]
        s[_CUR_SEEKER] = _NONE
        s[_CUR_APPLES] = _NONE
        s[_MOVED] |= 1 << k
        if d == _AT_CAMP or d == loc:
            return
        if apples:
            st.move_goods(_G_APPLE, loc, d, apples)
        if a:
            st.move_goods(_G_GEM, loc, d, a)
        s[o + _SK + k] = d
        if d == st.board.castle:
            s[_DELIV_GOOD] = _G_APPLE if apples else _G_GEM
            s[_DELIV_COUNT] += apples + a
            if s[_DELIV_COUNT] == _DELIVERY:   # (Pie in the Sky: else its cargo hold may pay the rest)
                _complete_delivery(st, p)
            return
        if st.occupants(d) & ~(1 << p):
            n = s[_FIGHTS_N]
            if not (n and s[_FIGHTS] == d):   # both Seekers onto one space: one fight
                s[_FIGHTS + n] = d
                s[_FIGHTS_N] = n + 1
        return
    code = s[_BID] | (s[_BID + 1] << 8)
    step = s[_BID_STEP]
    if kind == _K_FIGHT_BID:
        code = a
    elif step > 2:   # the unknown card's value: its slot becomes 9 + v
        step -= 2
        code += (a - 9) * (8 if step == 1 else 136)
    elif a == 9:     # a card of unknown value attached: its value next (step 3 or 4)
        code += 9 * (8 if step == 1 else 136)
        s[_BID_STEP] = step + 2
        s[_BID] = code & 0xFF
        s[_BID + 1] = code >> 8
        return
    else:
        code += a * (8 if step == 1 else 136)
    step += 1
    if step == 2 and a:
        o = _P0 + s[_DECIDER] * _PSZ + _SK
        if (s[o] == s[_FIGHTS]) + (s[o + 1] == s[_FIGHTS]) < 2:
            step = 0   # one own Seeker in the fight: one spell slot
    elif step >= 2:
        step = 0   # this player's bid is complete
    s[_BID_STEP] = step
    if step:
        s[_BID] = code & 0xFF
        s[_BID + 1] = code >> 8
        return
    s[_BID] = 0
    s[_BID + 1] = 0
    if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
        s[_ATT_BID] = code & 0xFF
        s[_ATT_BID + 1] = code >> 8
        return
    _resolve(st, code)


# ---- moving -----------------------------------------------------------------------------
def reach(st, p, k, carrying):
    """The spaces Seeker k of player p can end on this Move (without or with carrying);
    for carrying, the castle is included when it is within one carried step. carrying 2
    (Pie in the Sky): without carrying, the castle included within the 2 steps (the cargo
    hold pays the whole delivery)."""
    s = st.s
    b = st._blocked   # where a Seeker of another player stands
    for i in range(len(b)):
        b[i] = 0
    for q in range(s[_N]):
        if q != p:
            o = _P0 + q * _PSZ + _SK
            for j in range(2):
                if s[o + j] != _AT_CAMP:
                    b[s[o + j]] = 1
    out = st._scratch
    for i in range(len(out)):
        out[i] = 0
    o = _P0 + p * _PSZ
    loc = s[o + _SK + k]
    t = s[o + _TILE + _S_MOVE]
    board = st.board
    mark_reach(
        board, b, -1 if loc == _AT_CAMP else loc, board.camp_fronts[s[o + _CAMP]],
        1 if carrying == 1 else 2, t != _NONE and st.content.tile_effect[t] == _FX_PORTAL_EXPRESS,
        carrying, out,
    )
    return [i for i in range(len(out)) if out[i]]


# ---- where a Seeker can go: pure functions over the board tables ---------------------
# A Seeker moves up to `steps` spaces (2 without carrying, 1 carrying). A step goes to a
# neighbouring space or, from a portal, to any other portal (a portal jump). The castle is
# never crossed; it is a destination only for a carrying Seeker completing a delivery
# (from a space next to it, or by a portal jump). Entering a space where an opponent's
# Seeker stands ends the move. With Portal Express one portal jump per Seeker is free.
def mark_reach(board, blocked, origin, front, steps, free_jump, with_castle, out):
    """Set out[x] = 1 for every space reachable from origin (a space, or a camp whose front
    spaces are `front` when origin < 0). out[castle] = 1 means the castle is reachable
    (only when with_castle). `blocked[x]` is nonzero where an opponent stands. out must be
    zeroed by the caller. Allocates nothing but the recursion frames."""
    if origin < 0:
        for y in front:
            out[y] = 1
            if (steps > 1 or free_jump) and not blocked[y]:
                _walk(board, blocked, y, steps - 1, free_jump, with_castle, out)
        return
    out[origin] = 1
    _walk(board, blocked, origin, steps, free_jump, with_castle, out)


def _walk(board, blocked, x, left, jump, with_castle, out):
    castle = board.castle
    if left > 0:
        steps = board.steps
        for i in range(x * 6, x * 6 + 6):
            y = steps[i]
            if y == 255:
                break
            out[y] = 1
            if (left > 1 or jump) and not blocked[y]:
                _walk(board, blocked, y, left - 1, jump, with_castle, out)
        if with_castle and board.next_to_castle[x]:
            out[castle] = 1
    if board.kind[x] == 1:   # a portal: every other portal is one step (a jump)
        if with_castle and (left > 0 or jump):
            out[castle] = 1
        for y in board.portals:
            if y == x:
                continue
            if jump:  # the free jump first: it keeps every step for later
                out[y] = 1
                if not blocked[y]:
                    _walk(board, blocked, y, left, False, with_castle, out)
            elif left > 0:
                out[y] = 1
                if left > 1 and not blocked[y]:
                    _walk(board, blocked, y, left - 1, False, with_castle, out)


def _carry_kind(st, k, d):
    """(location, 0 nothing / 1 any goods / 2 a delivery) for Seeker k moving to d."""
    s = st.s
    p = s[_ACTIVE]
    loc = s[_P0 + p * _PSZ + _SK + k]
    if d == st.board.castle:
        return loc, 2
    if loc == _AT_CAMP or d == loc or d not in st.reach(p, k, True):
        return loc, 0
    return loc, 1


def carry_options(st, k, d):
    """Every carry (carry_code(apples, gems)) Seeker k of the active player may bring to
    d; [0] when nothing can be carried there. The board asks apples, then gems."""
    loc, how = _carry_kind(st, k, d)
    if how == 2:
        return _deliveries(st, k, loc)
    if not how:
        return [0]
    return [a + 32 * g for a in range(st.goods_at(loc, _G_APPLE) + 1)
            for g in range(st.goods_at(loc, _G_GEM) + 1)]


def _deliveries(st, k, loc):
    """Carry codes that move Seeker k onto the castle as part of an exact delivery. A first
    Seeker may bring part of it only if the other, unmoved one can still bring the rest."""
    s = st.s
    p = s[_ACTIVE]
    o = _P0 + p * _PSZ
    opts = []
    if loc == _AT_CAMP:
        return opts
    count = s[_DELIV_COUNT]
    left = _DELIVERY - count
    other = 1 - k
    other_free = not (s[_MOVED] & (1 << other))
    oloc = s[o + _SK + other]
    for good in (_G_APPLE, _G_GEM):
        if s[o + _TRO] & (1 << (_T_APPLES if good == _G_APPLE else _T_GEMS)):
            continue  # no repeat of a delivery type once its trophy is earned
        if s[_DELIV_GOOD] != _NONE and s[_DELIV_GOOD] != good:
            continue
        have = st.goods_at(loc, good)
        # Pie in the Sky: the cargo hold may pay the rest of the delivery.
        cargo = st.goods_at(_HOLD_CARGO + p, good) if s[_XOPT] else 0
        for c in range(1, min(have, left) + 1):
            if c + cargo < left:
                # Only if the other Seeker can still bring exactly the rest this turn.
                if not other_free or oloc == _AT_CAMP or count:
                    continue
                avail = st.goods_at(oloc, good) - (c if oloc == loc else 0)
                if avail < left - c or st.board.castle not in st.reach(p, other, True):
                    continue
            opts.append(c if good == _G_APPLE else 32 * c)
    return opts


def _complete_delivery(st, p):
    """The goods go to the supply; the Seekers on the castle home; the trophy checkpoint,
    then rejuvenation."""
    s = st.s
    castle = st.board.castle
    good = s[_DELIV_GOOD]
    st.move_goods(good, castle, _HOLD_SUPPLY, st.goods_at(castle, good))
    o = _P0 + p * _PSZ + _SK
    for k in range(2):
        if s[o + k] == castle:
            s[o + k] = _AT_CAMP
    s[_TFLAGS] |= _TF_APPLES if good == _G_APPLE else _TF_GEMS
    s[_DELIV_GOOD] = _NONE
    s[_DELIV_COUNT] = 0
    push_event(st, _EV_TROPHY, p, _CTX_TURN)   # the trophy, then home and rejuvenated
    push_event(st, _EV_REJUV, p, 0)


# ---- pie fights ---------------------------------------------------------------------------
def _spend_bid(st, p, code):
    """Spend a bid's pies and spells (discarded); its total."""
    s = st.s
    o = _P0 + p * _PSZ
    pies = code % 8                                   # codes.bid_parts
    s[o + _PIES] -= pies
    total = pies
    for slot in (code // 8 % 17, code // 136):
        if slot:
            cls = slot - 1 if slot <= 8 else _SPELL_UNKNOWN   # codes.spell_slot_class
            s[o + _SPELLS + cls] -= 1
            s[_SDISC + cls] += 1
            total += (slot - 1) % 8                   # codes.spell_slot_value
    return total


def _resolve(st, code):
    s = st.s
    act = s[_ACTIVE]
    d = s[_FIGHT_DEF]
    space = s[_FIGHTS]
    att = _spend_bid(st, act, s[_ATT_BID] | (s[_ATT_BID + 1] << 8))
    dfn = _spend_bid(st, d, code)
    winner, loser = (act, d) if att >= dfn else (d, act)   # ties go to the attacker
    s[_LAST_FIGHT] = att
    s[_LAST_FIGHT + 1] = dfn
    s[_LAST_FIGHT + 2] = winner
    o = _P0 + loser * _PSZ + _SK
    for k in range(2):
        if s[o + k] == space:
            s[o + k] = _AT_CAMP   # goods stay on the space
    s[_FIGHTS] = s[_FIGHTS + 1]
    s[_FIGHTS_N] -= 1
    s[_FIGHT_DEF] = _NONE
    s[_ATT_BID] = 0
    s[_ATT_BID + 1] = 0
    # Rulebook order: the winner's trophy, then the loser rejuvenated at camp.
    if winner == act:
        s[_TFLAGS] |= _TF_FIGHT
        push_event(st, _EV_TROPHY, act, _CTX_TURN)
    else:
        push_event(st, _EV_TROPHY, d, _CTX_DEFENDER)
    push_event(st, _EV_REJUV, loser, 0)
