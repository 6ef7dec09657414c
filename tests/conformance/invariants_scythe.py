# Scythe's invariants for the conformance suite (tests/conformance/games.py finds this module by
# the ruleset's name). After every decision the engine's own st.check() (run by the suite)
# already checks the 42 combat cards (deck + discard pile + hands + behind the dials), the 23
# objectives, power 0-16, popularity 0-18, units on real spaces, one star per achievement,
# upgrade cubes and recruits. Here what it does not: resources change only through Produce,
# Trade and payments (never in a Move, a combat or an upgrade); every goal met has its star at
# once (Rivals: while the player has a star in its supply); the table's snapshot hides the dials
# and cards of a combat (and Rivals' secret run at setup) and nothing else; at the end a 6th
# star (or a module's own end) and the winners counted again from units and structures, apart
# from score.py (Alliances: a flipped token's -$10; Fenris: -$1 an Influence token held); an
# Alliance token once switched or flipped stays so.
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe.common import achievements, coins, po
from firmware.rules.scythe.score import structure_count
from firmware.rules.scythe.board import T_HOME, T_LAKE
from firmware.rules.scythe.content import (AB_SWIM, CAT_CARDS8, FA_ABILITY, FACTION_FENRIS, FACTION_SIZE,
                                          FACTION_VESNA, S_POWER, TA_MOVE)

_EDGE_RIVER = 1   # (board.EDGES' index of a river)

# Decisions that never change a resource on the map.
_KEEP_RES = (L.K_MOVE_UNIT, L.K_MOVE_TO, L.K_CARRY, L.K_COMBAT_AT, L.K_DIAL, L.K_CARD,
             L.K_SECTION, L.K_UPGRADE_TOP, L.K_UPGRADE_BOTTOM, L.K_DEPLOY_MECH, L.K_DEPLOY_AT,
             L.K_BUILD_WHICH, L.K_BUILD_AT, L.K_ENLIST_SECTION, L.K_ENLIST_BONUS, L.K_OBJECTIVE,
             L.K_RETREAT)


def _stars(st, p):
    """p's stars counted here, apart from common.stars: the track's (a bit each), its combat and
    objective stars, and its star on Episode 1's revealed objective (fenris_extraobj.py)."""
    s = st.s
    o = po(p)
    k = bin(s[o + L.P_STARS]).count("1") + s[o + L.P_COMBAT_STARS] + s[o + L.P_OBJ_STARS]
    if getattr(st, "EXTRAOBJ", 0):
        k += (s[len(s) - L.TAIL - L.F_SIZE + L.F_EXTRA_STARS] >> p) & 1
    return k


def step(st, before, kind):
    s = st.s
    goals = getattr(st, "goals", None)   # The Rise of Fenris: the track in play (fenris.py)
    if kind in _KEEP_RES:
        end = L.RES0 + 4 * st.board.n_spaces
        assert sum(s[L.RES0:end]) == sum(before[L.RES0:end]), ("resources changed by kind", kind)
    # (Horrify's tokens are asked before the track's stars: FenrisState._interrupt)
    if not st.is_terminal() and not s[L.DEFER] and st.decision() != L.K_HORRIFY and (
            L.ST_SECTION <= s[L.STAGE] != L.ST_RIVALS):
        supply = ctrl = None
        if getattr(st, "RIVALS", 0) or getattr(st, "NEWERA", 0):
            from firmware.rules.scythe.fenris_rivals import supply
        for p in range(s[L.N]):   # every goal met has its star (none left to place)
            if supply is not None and supply(st, p) <= 0:   # Rivals: its other stars are on bases
                continue                                    # (Episode 8a: or on the map)
            if goals is None:
                assert not achievements(st, p) & ~s[po(p) + L.P_STARS], ("a star not placed", p)
                continue
            if getattr(st, "DESOLATION", 0) and _stars(st, p) >= 6:   # (its 6 stars placed: no more)
                continue
            from firmware.rules.scythe.fenris import goal_mask, met

            mask = goal_mask(st, p)
            ach = None
            for i in range(len(goals)):   # those of the end of a turn wait for it
                if (mask >> i) & 1:   # (its star placed: nothing to ask)
                    continue
                c = goals[i]
                if c <= S_POWER:
                    if ach is None:   # (met's answer for the 7 achievements, asked once)
                        ach = achievements(st, p)
                    now = (ach >> c) & 1
                elif c == CAT_CARDS8 and st.tiles and st.current_player() != p:
                    # (the tile's 8 cards "on your turn": checked before each of the player's own
                    # decisions, docs/fenris.md D2; a card taken in its combat's start may be gone
                    # again by then)
                    now = 0
                else:
                    if ctrl is None and st.res16:   # (one control map a decision, for the 16 resources:
                        # in the Desolation each player's own, not the shared one)
                        from firmware.rules.scythe.fenris_track import res_control

                        ctrl = res_control(st)
                    now = met(st, p, c, False, ctrl)
                assert not now, ("a star", p, i)
    if getattr(st, "ALLIANCES", 0):   # a token switched stays switched, a token flipped stays flipped
        x = len(s) - L.TAIL - L.F_SIZE + L.F_ALLY
        for p in range(s[L.N]):
            was, now = before[x + p], s[x + p]
            assert not was or now & 0x7F == was & 0x7F and now & L.ALLY_FLIPPED >= was & L.ALLY_FLIPPED, (
                "alliance token", p, was, now)
    if not getattr(st, "DESOLATION", 0):   # (the Desolation's players share territories)
        shared_territories(st)
    public = bytes(st.public_bytes())[7:-4]
    assert public[L.C_DIAL] == public[L.C_DIAL + 1] == 0   # no pending dial shows
    # (Mad Tesla's die, the Annihilator's cards: the player's side sealed)
    if s[L.STAGE] not in (L.ST_DIAL, L.ST_CARD, L.ST_RIVALS, L.ST_MT_DIE, L.ST_ANN_DRAW):
        assert public == bytes(s)   # nothing else is secret


def shared_territories(st):
    """Two players' units share a territory only as the active player's Move leaves them ("After
    you've completed all Move actions, if any of your mechs or your character share a territory
    with an opponent's character or mechs, combat happens"), until its combats send the losers
    home: so the active player is always one of the two, and never three share one. (A retreat
    onto another player's lake broke this: combat.retreats.)"""
    s = st.s
    b = st.board
    seen = bytearray(b.n_spaces)   # per space: a bit a player with a unit there
    for p in range(s[L.N]):
        o = po(p) + L.P_UNITS
        for u in range(13):
            x = s[o + u]
            if x != 255:
                seen[x] |= 1 << p
    act = 1 << s[L.ACTIVE]
    for x in range(b.n_spaces):
        m = seen[x]
        if m & (m - 1) and b.terrain[x] != 0:   # two players or more, on a territory
            assert m & act and not (m & ~act) & ((m & ~act) - 1), (
                "players' units share a territory", x, [p for p in range(s[L.N]) if m >> p & 1])


def independent_winners(st):
    """The winners counted again from the units and structures, apart from score.py."""
    s = st.s
    n = s[L.N]
    b = st.board
    owner = {}
    for p in range(n):
        for i in range(4):
            x = s[po(p) + L.P_STRUCT + i]
            if x != 255:
                owner[x] = p
    units = {}
    for p in range(n):
        for u in range(13):
            x = s[po(p) + L.P_UNITS + u]
            if x != 255:
                units.setdefault(x, set()).add(p)
    f = len(s) - L.TAIL - L.F_SIZE
    if getattr(st, "TESLA", 0) and s[f + L.F_TESLA + 1] != 255:   # Tesla found: a unit of his finder's
        units.setdefault(s[f + L.F_TESLA], set()).add(s[f + L.F_TESLA + 1])
    for x, ps in units.items():
        # Two players' units on one territory (the 6th star placed mid-move, before the combat):
        # "The opponent still temporarily controls that territory" (not the active player).
        others = sorted(ps - {s[L.ACTIVE]})
        assert len(others) <= 1 or b.terrain[x] == 0, ("three players' units on one territory", x, ps)
        owner[x] = others[0] if others else s[L.ACTIVE]
    if getattr(st, "MADTESLA", 0):   # Mad Tesla "controls territories like any other unit": nobody's
        mad = s[len(s) - L.TAIL - L.F_SIZE + L.F_TESLA]
        owner.pop(mad, None)
    keys = []
    for p in range(n):
        pop = s[po(p) + L.P_POP]
        t = 0 if pop <= 6 else (1 if pop <= 12 else 2)
        mine = [x for x, q in owner.items() if q == p and b.terrain[x] != 0]
        terr = sum(3 if b.terrain[x] == 7 else 1 for x in mine)
        res = sum(s[L.RES0 + 4 * x + r] for x in mine for r in range(4))
        f = coins(st, p) + (3, 4, 5)[t] * _stars(st, p) + (2, 3, 4)[t] * terr + (1, 2, 3)[t] * (res // 2)
        f += TB.structure_bonus_coins(s[L.TILE], structure_count(st, p, s[L.TILE]))
        if getattr(st, "SEARCH", 0):   # Episode 7: encounter territories, the Factory's too, +1 territory
            f += (2, 3, 4)[t] * sum(1 for x in mine if x in b.encounters or b.terrain[x] == 7)
        lose = 0
        if getattr(st, "ALLIANCES", 0) and s[len(s) - L.TAIL - L.F_SIZE + L.F_ALLY + p] & L.ALLY_FLIPPED:
            lose = 10   # Alliances: "lose $10"
        if getattr(st, "FENRIS", 0) or getattr(st, "FORTRESS", 0):   # Fenris, Episode 5: -$1 an Influence
            # token held (Fenris: its supply)
            mine = L.INFL_SUPPLY if s[po(p) + L.P_FACTION] == 8 else L.INFL_HELD + p
            x = len(s) - L.TAIL - L.F_SIZE + L.F_INFL
            lose += sum(1 for v in s[x:x + 16] if v == mine)
        f = max(0, f - lose)   # a score never below $0
        on_board = sum(1 for u in range(1, 13) if s[po(p) + L.P_UNITS + u] != 255)
        on_board += sum(1 for i in range(4) if s[po(p) + L.P_STRUCT + i] != 255)
        if getattr(st, "TESLA", 0) and s[len(s) - L.TAIL - L.F_SIZE + L.F_TESLA + 1] == p:
            on_board += 1   # (Tesla, found: a mech of his finder's, docs/fenris.md S11)
        keys.append((f, on_board, s[po(p) + L.P_POWER], pop, res, terr, _stars(st, p)))
    best = max(keys)
    return tuple(p for p in range(n) if keys[p] == best)


def desolation_end(st):
    """The Desolation (cooperative): every player wins or none does, as "Desolation End of Game"
    says, counted here apart from fenris_desolation.py: its 6 units destroyed or a star on each
    Triumph Tile (its combat and objective tiles by the stars all players placed for them) wins;
    its 6th star or its popularity at 0 loses."""
    s = st.s
    n = st.n_players()
    f = len(s) - L.TAIL - L.F_SIZE
    lost = s[f + L.F_DES_POP] == 0 or s[f + L.F_DES_STARS] == 6
    goals = st.goals
    union = 0
    for p in range(n):
        x = f + L.F_TILE_STARS + 2 * p
        union |= s[x] | (s[x + 1] << 8)
    counted = [sum(min(s[po(p) + field], k) for p in range(n)) >= k
               for field, k in ((L.P_COMBAT_STARS, st.COMBAT_STARS), (L.P_OBJ_STARS, st.OBJECTIVE_STARS))]
    won = all(v == 255 for v in s[f + L.F_DES:f + L.F_DES + 6]) or (
        union == (1 << len(goals)) - 1 and all(counted))
    assert won != lost, (won, lost)
    assert st.winners() == (tuple(range(n)) if won else ()), st.winners()


def end(st):
    if getattr(st, "DESOLATION", 0):
        desolation_end(st)
        return
    n = st.n_players()
    destroyed = getattr(st, "MADTESLA", 0) and not st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_MT_HEALTH]
    # (Episode 7: or Tesla found)
    found = getattr(st, "SEARCH", 0) and st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_TESLA + 1] != 255
    # (Episode 4: or all 8 Fenris agents subdued, a nibble each, 0 while on the map)
    a = len(st.s) - L.TAIL - L.F_SIZE + L.F_AGENTS
    subdued = getattr(st, "AGENTS", 0) and all(b & 15 and b >> 4 for b in st.s[a:a + 4])
    # (Episode 5: or the Annihilator defeated, its F_ANN byte ANN_GONE)
    beaten = getattr(st, "FORTRESS", 0) and st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_ANN] == L.ANN_GONE
    assert max(_stars(st, p) for p in range(n)) == 6 or destroyed or found or subdued or beaten
    assert st.winners() == independent_winners(st), (st.winners(), independent_winners(st))


# ---- a Rivals game no rule can end (docs/fenris.md S19) -----------------------------------------
# The modules whose movement move.steps and the abilities hold entirely; Vesna and Fenris too
# while no seat plays the faction (their own moves are its units'), and Alliances (an ally's
# faction ability: of those only Nordic's Swim moves a unit, assumed for every player while a seat
# has it). With any other (Tesla, Mad Tesla, the Desolation, the campaign's modules) no proof is
# attempted.
_PROVABLE = ("rivals", "war", "tiles", "mechmods", "infra", "alliances")
_UNSEATED = (("vesna", FACTION_VESNA), ("fenris", FACTION_FENRIS))


def _provable(st):
    """True if every module in play is one the proof holds (Vesna and Fenris: while no seat
    plays the faction)."""
    from firmware.rules.scythe.fenris_options import WORDS

    mods = st.mods()
    seated = set(st.s[po(p) + L.P_FACTION] for p in range(st.n_players()))
    for i in range(len(WORDS)):
        if (mods >> i) & 1 and WORDS[i] not in _PROVABLE:
            if not any(WORDS[i] == w and f not in seated for w, f in _UNSEATED):
                return False
    return True


def _swim_for_all(st):
    """Alliances: a seat holds Nordic's Swim, which an Alliance token may give any player."""
    row = [FACTION_SIZE * st.s[po(p) + L.P_FACTION] for p in range(st.n_players())]
    return bool(getattr(st, "ALLIANCES", 0)) and any(TB.FACTIONS[r + FA_ABILITY] == AB_SWIM for r in row)


def _gates(st, p, area):
    """The spaces joined by tunnels for p's units, more rather than fewer: the tunnels, its Mine's
    space, and while its Mine is not built every space of `area` with no structure, no home base
    and no lake (it may be built there)."""
    s = st.s
    b = st.board
    out = set(b.tunnels)
    m = s[po(p) + L.P_STRUCT + TA_MOVE]
    if m != 255:
        out.add(m)
        return out
    built = set()   # (a structure stays where it is built)
    for q in range(st.n_players()):
        built.update(x for x in s[po(q) + L.P_STRUCT:po(q) + L.P_STRUCT + 4] if x != 255)
    out.update(x for x in area if x not in built and not b.is_home(x) and b.terrain[x] != T_LAKE)
    return out


def _reach(st, p):
    """Every space p's units could ever stand on, more rather than fewer: from each of its units,
    its structures and its home base, every step a mech or a worker of p could take (move.steps
    with p's abilities; a worker across a river too while _swim_for_all), p controlling every
    space it may reach (Township and Underpass: a unit or a structure of p there; a territory p
    cannot reach it cannot control), and to every tunnel while p's Mine is not built and a space
    it reaches has no structure (it may be built there). None while a mech of p is not deployed
    (its abilities would grow)."""
    from firmware.rules.scythe import move

    s = st.s
    b = st.board
    o = po(p) + L.P_UNITS
    if any(x == 255 for x in s[o + L.U_MECH:o + L.U_WORKER]):
        return None
    ab = move.abilities(st, p)
    swim = _swim_for_all(st)
    seen = set(x for x in s[o:o + 13] if x != 255)
    seen.update(x for x in s[po(p) + L.P_STRUCT:po(p) + L.P_STRUCT + 4] if x != 255)
    seen.add(b.home[s[po(p) + L.P_FACTION]])
    while True:   # (until no space is added: more spaces, more control)
        ctrl = bytes(p if y in seen else 255 for y in range(b.n_spaces))
        gates = _gates(st, p, seen)
        size = len(seen)

        def more(x, ctrl=ctrl, gates=gates):   # (this round's control and gates)
            out = move.steps(st, p, L.U_MECH, x, ab, ctrl) + move.steps(st, p, L.U_WORKER, x, ab, ctrl)
            if swim:
                out += [y for y, e in b.neighbours(x) if e == _EDGE_RIVER and b.terrain[y] != T_HOME]
            return out + list(gates) if x in gates else out
        seen = _closure(seen, more)
        if len(seen) == size:
            return seen


def _fighters(st, p, area):
    """Every space p's character and mechs could ever stand on while no combat happens, more
    rather than fewer: from where they stand, every step of theirs (move.steps), p controlling
    every space of `area` (_reach), the gates of _gates joined. Only they fight: a worker never
    enters a territory with an opponent's unit (move.destinations), and a character or mech
    entering one with only workers sends them home."""
    from firmware.rules.scythe import move

    s = st.s
    o = po(p) + L.P_UNITS
    ab = move.abilities(st, p)
    ctrl = bytes(p if y in area else 255 for y in range(st.board.n_spaces))
    gates = _gates(st, p, area)

    def more(x):
        out = move.steps(st, p, L.U_MECH, x, ab, ctrl)
        return out + list(gates) if x in gates else out
    return _closure(set(x for x in s[o:o + L.U_WORKER] if x != 255), more)


def _closure(start, more):
    """The spaces of `start` and every space more(x) gives from one of them, again and again."""
    seen = set(start)
    todo = list(seen)
    while todo:
        for y in more(todo.pop()):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def stalemate(st):
    """Why no star can be placed again in st (a game of modules _provable holds, Rivals among
    them), else None: every player's 6 stars are on the track or on home bases (Rivals: "Stars on
    an opponent's base may only be retrieved and placed on the Triumph Track through combat"),
    and no two players' characters and mechs can ever stand on one territory, so no combat can
    happen. The game then has no end in the rules: the 6th star is the only one."""
    from firmware.rules.scythe.fenris_rivals import supply

    if not getattr(st, "RIVALS", 0) or st.is_terminal() or not _provable(st):
        return None
    n = st.n_players()
    if any(supply(st, p) > 0 for p in range(n)):
        return None
    areas = []
    for p in range(n):
        a = _reach(st, p)
        if a is None:
            return None
        areas.append(_fighters(st, p, a))
    for p in range(n):
        for q in range(p + 1, n):
            if areas[p] & areas[q]:
                return None
    return ("no star can be placed: every star of every player is on the track or on a home base, "
            "and no two players' characters and mechs can ever meet in a combat")
