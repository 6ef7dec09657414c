# pyright: reportOptionalMemberAccess=false
"""Scythe on the laptop, faster: the engine's pure functions that search and playouts ask
most, remembered by what they read or answered by host versions that read the state's bytes
as the engine does (CPython only; a board never loads this module and runs the engine
unchanged). host_tools/boards.load_board installs it through the ruleset's host view
(views/scythe.py: speed_up). Every host version gives the engine's answer for every state
(tests/host/test_host_speed.py asks both on the states of seeded games), so the games are the
same (tests/host/test_game_digests.py).

control_map(st) depends on the number of players, the active player and every player's
units and structures (17 bytes a player): its answer for those bytes is kept (as bytes, so
no caller can change what another is given) and looked up by them. The rule bot's
look-ahead and the legal options of a turn ask it many times for the same pieces.

legal_move_unit(st): whether a unit has somewhere to go is decided without building its
destinations: the opponents' pieces read once for the 13 units, a worker's answer shared by
the workers on its space. left(st, p), right(st, p): the seat order without sorting it.
objective_options(st, p): the held model objectives read without lists."""

import sys

from firmware.rules.scythe import layout as L

_PIECES = L.N_UNITS + 4   # a player's units, then its 4 structures (layout: P_UNITS, P_STRUCT)
_LIMIT = 200000           # remembered answers before the memo starts again
_LOOK_LIMIT = 50000       # the rule bot's look-ahead memos (positions of about 250 bytes)
assert L.P_STRUCT == L.P_UNITS + L.N_UNITS   # the 17 bytes a player are one run


def _memo(board, name, limit):
    """The memo `name` kept on a board object: a dict, made empty again once it holds `limit`
    answers."""
    memo = board.__dict__.get(name)
    if memo is None or len(memo) >= limit:
        memo = {}
        setattr(board, name, memo)
    return memo


def memoised_control_map(plain):
    """control_map with a memo a board object (the map's spaces are part of the answer)."""
    p0, psz, units, active = L.P0, L.PSZ, L.P_UNITS, L.ACTIVE

    def control_map(st):
        if getattr(st, "TESLA", 0):   # Tesla's bytes count too: the module's own, not remembered
            from firmware.rules.scythe.fenris_tesla import controlled

            return controlled(st)
        if getattr(st, "MADTESLA", 0):   # Mad Tesla's too
            from firmware.rules.scythe.fenris_mad_tesla import controlled as mad

            return mad(st)
        if getattr(st, "DESOLATION", 0):   # the Desolation's units, and all players as one
            from firmware.rules.scythe.fenris_desolation_setup import controlled as des

            return des(st)
        s = st.s
        n = s[0]
        o = p0 + units
        key = b"".join([s[o + q * psz:o + q * psz + _PIECES] for q in range(n)]) + bytes((s[active],))
        memo = _memo(st.board, "_control_memo", _LIMIT)
        r = memo.get(key)
        if r is None:
            ctrl, fighters = plain(st)
            r = memo[key] = (bytes(ctrl), bytes(fighters))
        return r

    control_map.plain = plain  # pyright: ignore[reportFunctionMemberAccess]
    return control_map


def _printed(board):
    """The printed board under a game's board: a Vesna or Fenris game's states each carry a
    ModuleBoard made from the printed one and the state's bytes (the bases dealt), so what
    depends on it and the bytes may be remembered on the printed board, for every copy."""
    return board.__dict__.get("base", board)


def memoised_value(plain):
    """rule_plan.value (the rule bot's worth of a position to p) with a memo a board: its
    answer depends only on the state's class and bytes, p and the steps to a unit p may beat
    (`near`, fixed for a decision), and the rule bot's look-ahead values the same position
    again through other orders of the same decisions (about half its calls in 2-5 player
    games). The memo keeps no object a caller could change (ints, bytes)."""

    def value(st, p, near=None):
        key = (type(st), bytes(st.s), p, None if near is None else bytes(near))
        memo = _memo(_printed(st.board), "_value_memo", _LOOK_LIMIT)
        v = memo.get(key)
        if v is None:
            v = memo[key] = plain(st, p, near)
        return v

    value.plain = plain  # pyright: ignore[reportFunctionMemberAccess]
    return value


def best(self, st, p, opts, i, deep):
    """rule_bot.RuleBot._best, with what an option does to a position remembered a board: a
    player's decision is a function of the state's class and bytes (chance is a decision of
    its own), so the look-ahead's copy takes the remembered bytes and options in place of the
    engine's apply when the same position and option come again (another order of the same
    decisions). The same options are valued in the same order with the same random
    tie-breaks, so the bot picks as the plain one does."""
    memo = _memo(_printed(st.board), "_apply_memo", _LOOK_LIMIT)
    base = (type(st), bytes(st.s))
    use = self._use
    pick = opts[0]
    best_v = None
    for a in opts:
        c = self._copy(st, i)
        key = (base, a)
        r = memo.get(key)
        if r is None:
            c.apply(a)
            legal = c._legal_cache
            memo[key] = (bytes(c.s), None if legal is None else tuple(legal))
        else:
            c.s[:] = r[0]
            c._legal_cache = None if r[1] is None else list(r[1])
        v = self._follow(c, p, i + 1) if deep else _rule_bot.value(c, p, use)
        v = 4 * v + self.rng.below(4)   # ties broken at random
        if best_v is None or v > best_v:
            pick, best_v = a, v
    return pick


def legal_move_unit(st):
    """move.legal_move_unit: the units of the active player that have a destination
    (move.destinations not empty), then MOVE_DONE."""
    if (getattr(st, "TESLA", 0) or getattr(st, "MADTESLA", 0) or getattr(st, "DESOLATION", 0)
            or getattr(st, "AGENTS", 0) or getattr(st, "FORTRESS", 0)):
        # units that are no seat's pieces (Tesla, Mad Tesla, the Desolation's), the Desolation's
        # players who are no one's opponents, Episode 4's agents (no worker alone onto them), Episode
        # 5's Annihilator (an enemy on the Factory): the engine's answer
        return legal_move_unit.plain(st)  # pyright: ignore[reportFunctionMemberAccess]
    s = st.s
    p = s[L.ACTIVE]
    moved = s[L.MOVED] | (s[L.MOVED + 1] << 8)
    o = L.P0 + p * L.PSZ + L.P_UNITS
    tf = s[L.TURN_FLAGS]
    one = tf & L.TF_ONE_UNIT
    ctrl = None
    # per space: 1 an opponent's worker, 2 an opponent's character or mech; for workers,
    # 4 once asked, 8 when a worker there can move
    occ = None
    out = []
    for u in range(L.N_UNITS):
        x = s[o + u]
        if x == _NOWHERE:
            continue
        if one and moved:
            if not (moved >> u) & 1 or tf & L.TF_STOPPED:
                continue
        elif (moved >> u) & 1:
            continue
        if ctrl is None:
            ctrl = _move.control_map(st)[0]
        if u < L.U_WORKER:
            # destinations(): Speed adds only steps from where a first step goes
            if _move.steps(st, p, u, x, _common.abilities(st, p), ctrl):
                out.append(u)
            continue
        if occ is None:
            occ = bytearray(st.board.n_spaces)
            for q in range(s[L.N]):
                if q != p:
                    oq = L.P0 + q * L.PSZ + L.P_UNITS
                    for v in range(L.N_UNITS):
                        y = s[oq + v]
                        if y != _NOWHERE:
                            occ[y] |= 1 if v >= L.U_WORKER else 2
        k = occ[x]
        if not k & 4:
            k |= 4
            if not k & 2:   # not away from an opponent's fighter, nor onto any opponent
                for y in _move.steps(st, p, u, x, 0, ctrl):
                    if not occ[y] & 3:
                        k |= 8
                        break
            occ[x] = k
        if k & 8:
            out.append(u)
    out.append(L.MOVE_DONE)
    return out


def _beside(s, p, d):
    """common.seats()'s neighbour of p (d 1: the next, on p's left; -1: the one before):
    the seats are in (faction, player) order."""
    k = d * (s[L.P0 + p * L.PSZ + L.P_FACTION] * 8 + p)
    near = wrap = -1
    kn = kw = 1000
    for q in range(s[L.N]):
        kq = d * (s[L.P0 + q * L.PSZ + L.P_FACTION] * 8 + q)
        if kq < kw:
            kw = kq
            wrap = q
        if k < kq < kn:
            kn = kq
            near = q
    return near if near >= 0 else wrap


def _around(st, p, d):
    """common.left (d 1) or right (d -1) by common.seats: in a game with Vesna or Fenris the
    seats follow the home bases clockwise (fenris_faction.seats, C5), not the faction order."""
    from firmware.rules.scythe import common

    order = common.seats(st)
    return order[(order.index(p) + d) % len(order)]


def left(st, p):
    """common.left."""
    return _around(st, p, 1) if getattr(st, "BASES", 0) else _beside(st.s, p, 1)


def right(st, p):
    """common.right."""
    return _around(st, p, -1) if getattr(st, "BASES", 0) else _beside(st.s, p, -1)


def objective_options(st, p):
    """common.objective_options (Episode 1's revealed objective: the engine's, fenris_extraobj's
    hook, whether it went over this one or under it)."""
    if getattr(st, "EXTRAOBJ", 0):
        return objective_options.plain(st, p)  # pyright: ignore[reportFunctionMemberAccess]
    s = st.s
    o = L.P0 + p * L.PSZ
    y = st.OBJ_DRAW   # The Rise of Fenris's Peace: 2 objective stars, a third card (fenris.py)
    if not s[o + L.P_OBJ_HELD] or s[o + L.P_OBJ_STARS] >= _common.objective_limit(st, p):
        return []
    x = len(s) - L.TAIL
    if s[x + L.X_CARDS] == L.CARDS_MODEL:
        x += L.X_OBJ + 2 * p
        if (s[x] and _goal_met(st, p, s[x] - 1) or s[x + 1] and _goal_met(st, p, s[x + 1] - 1)
                or y and s[y + p] and _goal_met(st, p, s[y + p] - 1)):
            return [L.O_OBJ1]
        return []
    if s[x + L.X_NOT_MET]:
        return []
    return [L.O_OBJ1] if _common.unrevealed_objectives(st) else []


def _goal_met(st, p, g):
    """content_model.goal_met."""
    goal = _model.MODEL_OBJECTIVES
    g *= 4
    return (_model.measure(st, p, goal[g]) >= goal[g + 1]
            and _model.measure(st, p, goal[g + 2]) >= goal[g + 3])


_NOWHERE = L.NOWHERE
_move = _common = _model = _rule_bot = None


def _replace(plain, fast, prefix="firmware.rules.scythe."):
    """fast in place of plain in every module under prefix that holds it by any name, and in
    the engine's tables. Idempotent: fast.plain keeps plain."""
    plain = getattr(plain, "plain", plain)
    fast.plain = plain  # pyright: ignore[reportFunctionMemberAccess]
    for name, mod in list(sys.modules.items()):
        if name.startswith(prefix):
            for attr, v in list(vars(mod).items()):
                if v is plain:
                    setattr(mod, attr, fast)
    from firmware.rules.scythe.engine import State

    for table in ("LEGAL", "DO", "PENDING"):
        t = getattr(State, table)
        if plain in t:
            setattr(State, table, tuple(fast if f is plain else f for f in t))


def install():
    """Put the memoised and host functions in every engine module that holds the plain ones
    (the modules import them by name) and in the engine's tables. Idempotent."""
    global _move, _common, _model, _rule_bot
    from firmware.rules.scythe import common
    from firmware.rules.scythe import content_model
    from firmware.rules.scythe import engine  # noqa: F401  (loads every phase module)
    from firmware.rules.scythe import move

    _move, _common, _model = move, common, content_model
    plain = getattr(common.control_map, "plain", common.control_map)
    fast = memoised_control_map(plain)
    for name, mod in list(sys.modules.items()):
        if name.startswith("firmware.rules.scythe.") and getattr(mod, "control_map", None) in (
                plain, common.control_map):
            mod.control_map = fast  # pyright: ignore[reportAttributeAccessIssue]
    _replace(move.legal_move_unit, legal_move_unit)
    _replace(common.left, left)
    _replace(common.right, right)
    _replace(common.objective_options, objective_options)
    from firmware.rules.scythe import rule_plan

    plain_value = getattr(rule_plan.value, "plain", rule_plan.value)
    fast_value = memoised_value(plain_value)
    _replace(plain_value, fast_value)
    _replace(plain_value, fast_value, prefix="host_tools.")   # the search's evaluation
    from firmware.rules.scythe import rule_bot

    _rule_bot = rule_bot
    plain_best = getattr(rule_bot.RuleBot._best, "plain", rule_bot.RuleBot._best)
    best.plain = plain_best  # pyright: ignore[reportFunctionMemberAccess]
    rule_bot.RuleBot._best = best
