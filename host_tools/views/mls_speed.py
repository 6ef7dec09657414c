# pyright: reportPossiblyUnboundVariable=false, reportOptionalCall=false
"""My Little Scythe on the laptop, faster: host versions of the rule bot's hottest functions
(CPython only; a board never loads this module and runs firmware/rules/mls/rule_bot.py as it
is). host_tools/boards.load_board installs it through the ruleset's host view (views/mls.py:
speed_up). Each gives rule_bot's answer for every state and bot (tests/host/test_host_speed.py
asks both on the decisions of seeded games), so the games are the same
(tests/host/test_game_digests.py).

rule_bot.move and rule_bot.lures read the goods, Seekers, pies and spells through the State's
accessors, a method call a byte (about 45 calls an option of a Move); here they read the
state's bytes where those accessors do (engine.State: apples, gems, quest_token, seekers,
occupants, pies, spells; Pie in the Sky's State keeps them), and the pile value is inline."""

from firmware.rules.mls import layout as L

_P0, _PSZ, _SK, _GOODS = L.P0, L.PSZ, L.SK, L.GOODS
_AT_CAMP = 63                 # codes.AT_CAMP
_APPLES_BIT = 1 << 4          # codes.T_APPLES
_GEMS_BIT = 1 << 5            # codes.T_GEMS
_QUESTS_BIT = 1 << 3          # codes.T_QUESTS
_FIGHT_BIT = 1 << 6           # codes.T_PIE_FIGHT
_N_SPELL_CLASSES = 9


def lures(bot, st, p, trophy):
    """rule_bot.lures."""
    board = st.board
    s = st.s
    n = board.n_spaces
    castle = board.castle
    na = not trophy & _APPLES_BIT
    ng = not trophy & _GEMS_BIT
    tq = 12 if trophy & _QUESTS_BIT else 30
    at = bot.lure_at
    worth = bot.lure_w
    ga = _GOODS
    gg = _GOODS + n
    gq = _GOODS + 2 * n
    rivals = _rival_spaces(s, p)
    bot.lure_memo = {}   # what lure_at / lure_w give each destination (_lure)
    k = 0
    for y in range(n):
        if y == castle:
            continue
        w = 0
        if na:
            a = s[ga + y]
            w += 6 * (a if a < 4 else 4)
        if ng:
            g = s[gg + y]
            w += 6 * (g if g < 4 else 4)
        if s[gq + y] and y not in rivals:
            w += tq
        if w:
            at[k] = y
            worth[k] = w
            k += 1
    return k


def _rival_spaces(s, p):
    """The spaces where a Seeker of a player other than p stands (occupants(y) & ~(1 << p))."""
    out = []
    for q in range(s[L.N]):
        if q != p:
            o = _P0 + q * _PSZ + _SK
            out.append(s[o])
            out.append(s[o + 1])
    return out


def move(bot, st, p, k, d, trophy, lured, near=None):
    """rule_bot.move."""
    board = st.board
    if d == board.castle:
        c = st.carry_options(k, d)
        return 1000, max(c) if c else 0
    s = st.s
    n = board.n_spaces
    ga = _GOODS
    gg = _GOODS + n
    need_a = not trophy & _APPLES_BIT
    need_g = not trophy & _GEMS_BIT
    bc_tab = bot.castle
    o = _P0 + p * _PSZ + _SK
    loc = s[o + k]
    carries = [0]
    if loc != _AT_CAMP and d != loc and (s[ga + loc] or s[gg + loc]):
        if near is None:
            near = [None, None]
        if near[k] is None:
            near[k] = st.reach(p, k, True)
        c = st.carry_options(k, d) if d in near[k] else (0,)
        if len(c) > 1:
            na = s[ga + loc]
            ng = s[gg + loc]
            carries = [0, c[-1]]
            if na and na in c:
                carries.append(na)
            if ng and 32 * ng in c:
                carries.append(32 * ng)
    base = 0
    if d != _AT_CAMP:
        other = s[o + 1 - k]
        region = board.region
        if other != _AT_CAMP and region[other] == region[d] and region[d] != 255:
            base = -15
        m = 0
        for q in range(s[L.N]):
            if q != p:
                oq = _P0 + q * _PSZ + _SK
                if s[oq] == d or s[oq + 1] == d:
                    m |= 1 << q
        if m:
            q = 0
            while not m & (1 << q):
                q += 1
            mine = min(7, s[_P0 + p * _PSZ + L.PIES])
            oq = _P0 + q * _PSZ + L.SPELLS
            if trophy & _FIGHT_BIT or s[_P0 + p * _PSZ + L.FR] < 5 or mine < 3 \
                    or mine < min(7, s[_P0 + q * _PSZ + L.PIES]) + (
                        2 if sum(s[oq:oq + _N_SPELL_CLASSES]) else 0):
                return -500, 0
            base = 60
        if s[_GOODS + 2 * n + d] and d != loc:
            base += 30 if trophy & _QUESTS_BIT else 70
    best = -10000
    bc = 0
    if d != _AT_CAMP:
        here = d == loc
        ad = s[ga + d]
        gd = s[gg + d]
        if not here and loc != _AT_CAMP:
            al = s[ga + loc]
            gl = s[gg + loc]
            cx_l = bc_tab[loc]
            cl = 40 + 40 * (3 - (cx_l if cx_l < 3 else 3))
        cx_d = bc_tab[d]
        cd = 40 + 40 * (3 - (cx_d if cx_d < 3 else 3))
    for c in carries:
        v = 0
        if d != _AT_CAMP:
            if here:
                i = ad
                j = gd
            else:
                i = ad + (c & 31)
                j = gd + (c >> 5)
            # pile(x, i, a): 0 if not a or not i else 10 * min(i, 4) + (castle bonus if i >= 4)
            if need_a and i:
                v += 10 * (i if i < 4 else 4) + (cd if i >= 4 else 0)
            if need_g and j:
                v += 10 * (j if j < 4 else 4) + (cd if j >= 4 else 0)
            if not here and loc != _AT_CAMP:
                i = al - (c & 31)
                j = gl - (c >> 5)
                if need_a and i:
                    v -= (10 * (i if i < 4 else 4) + (cl if i >= 4 else 0)) // 2
                if need_g and j:
                    v -= (10 * (j if j < 4 else 4) + (cl if j >= 4 else 0)) // 2
            if c == 0:
                v += _lure(bot, d, n, lured)
        if v > best:
            best = v
            bc = c
    return base + best, bc


def _lure(bot, d, n, lured):
    """The best target seen from d (rule_bot.move's lure): a function of d and of what the
    last lures() call left in bot.lure_at / lure_w, so kept for the decision (lures() starts
    the memo again; both Seekers' options ask it for the same spaces)."""
    memo = bot.__dict__.get("lure_memo")
    key = lured * 64 + d
    if memo is not None:
        v = memo.get(key)
        if v is not None:
            return v
    lure = 0
    dn = d * n
    steps = bot.steps
    at = bot.lure_at
    worth = bot.lure_w
    for i in range(lured):
        x = worth[i] - 8 * steps[dn + at[i]]
        if x > lure:
            lure = x
    if memo is not None:
        memo[key] = lure
    return lure


_LIMIT = 100000   # remembered reaches a board before its memo starts again


def reach(st, p, k, carrying):
    """move.reach, remembered a board (Pie in the Sky: the portal board its State.reach
    passes) by what it reads: the other players' Seekers, Seeker k's space, p's camp,
    whether p's Move tile is Portal Express, and carrying. A new list each call (move.reach
    also writes st._scratch and st._blocked, which only it reads)."""
    s = st.s
    o = _P0 + p * _PSZ
    key = bytearray()
    for q in range(s[L.N]):
        if q != p:
            oq = _P0 + q * _PSZ + _SK
            key += s[oq:oq + 2]
    t = s[o + L.TILE + _S_MOVE]
    key.append(s[o + _SK + k])
    key.append(s[o + L.CAMP])
    key.append(t != _NONE and st.content.tile_effect[t] == _FX_PORTAL_EXPRESS)
    key.append(1 if carrying == 1 else (2 if carrying == 2 else 0))
    key = bytes(key)
    board = st.board
    memo = board.__dict__.get("_reach_memo")
    if memo is None:
        memo = board._reach_memo = {}
    r = memo.get(key)
    if r is None:
        if len(memo) >= _LIMIT:
            memo.clear()
        r = memo[key] = tuple(_plain_reach(st, p, k, carrying))
    return list(r)


_S_MOVE = 0                   # codes.S_MOVE
_NONE = 255                   # codes.NONE
_FX_PORTAL_EXPRESS = 1        # codes.FX_PORTAL_EXPRESS
_plain_reach = None


def install():
    """The host versions in rule_bot's module (choose() calls them by their names there) and
    move.reach where the engine holds it (move's module, State.reach). Idempotent: each keeps
    the plain one as .plain."""
    global _plain_reach
    from firmware.rules.mls import engine, move as mv, rule_bot

    for name, fast in (("move", move), ("lures", lures)):
        plain = getattr(rule_bot, name)
        fast.plain = getattr(plain, "plain", plain)  # pyright: ignore[reportFunctionMemberAccess]
        setattr(rule_bot, name, fast)
    _plain_reach = reach.plain = getattr(mv.reach, "plain", mv.reach)  # pyright: ignore
    mv.reach = reach
    engine.State.reach = reach
