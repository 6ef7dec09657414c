# Perft-style counts of movement: the number of distinct sequences of movement decisions from
# a fixed position, to a depth (a sequence that leaves the movement decisions sooner, the Move
# ended, is one leaf where it ends), as chess engines count legal move sequences.
#
# 1. Every game form with movement (a decision kind entered with a piece, ENTRY_PIECE): from
#    seeded positions (the first piece decision after decision 20 and after decision 60 of a
#    random game), the count to depth 3 computed twice: through clone() and apply(), and
#    through the serialised form (every node read back with rs.from_bytes, every option applied
#    with apply_checked). A ruleset added later is counted here without a line changed.
# 2. Scythe, fixed seeded positions: each player's first Move of a game whose factions and mats
#    were dealt from a seed (2, 3 and 5 players), and hand-built ones (a worker on a tunnel, a
#    Nordic worker by a river). The counts to depth 2 (the unit, its destination) and 3 (and
#    the second unit) are written below, and each is checked again by an independent slower
#    enumeration written here from the rulebook ("Move": one territory to an adjacent one; no
#    unit crosses a river or enters a lake or a home base (Nordic workers swim across rivers);
#    tunnels are adjacent to each other; up to 2 units, or none) on the map's data alone
#    (hardware/maps/scythe.json parsed here, not the engine's ScytheBoard).
# The numbers in SCYTHE_COUNTS were obtained by that enumeration (_independent below) and agree
# with the engine's count: both are asserted.
import json

from firmware.rng import Rng
from firmware.rules.ruleset import ENTRY_PIECE

from tests.rules.support import repo_path

from .games import add_tests, chance_pick, forms, game, played

_CHANCE = -1


def perft(st, kinds, depth):
    """Leaf sequences of decisions of `kinds` from st, to `depth` (clone and apply)."""
    if depth == 0 or st.is_terminal() or st.decision() not in kinds:
        return 1
    total = 0
    for a in st.legal_actions():
        c = st.clone(False)
        c.apply(a)
        total += perft(c, kinds, depth - 1)
    return total


def perft_through_bytes(rs, board, data, kinds, depth):
    """The same count, every node read back from its serialised form and every option
    applied with apply_checked (the slower path a board resuming a save takes)."""
    st = rs.from_bytes(board, data)
    if depth == 0 or st.is_terminal() or st.decision() not in kinds:
        return 1
    total = 0
    for a in list(st.legal_actions()):
        c = rs.from_bytes(board, data)
        c.apply_checked(a)
        total += perft_through_bytes(rs, board, c.to_bytes(), kinds, depth - 1)
    return total


def _piece_kinds(rs):
    return tuple(k for k in range(len(rs.entry)) if rs.entry[k] == ENTRY_PIECE)


def _at_piece_decision(g, seed, after):
    """The first piece decision of a random game of g after `after` decisions, or None."""
    kinds = _piece_kinds(g.rs)
    st = played(g, seed, after)
    rng = Rng(seed + 1)
    for _ in range(2000):
        if st.is_terminal():
            return None
        if st.decision() in kinds and st.current_player() != _CHANCE:
            return st
        opts = st.legal_actions()
        st.apply(chance_pick(st, rng) if st.current_player() == _CHANCE else opts[rng.below(len(opts))])
    return None


def _two_ways_agree(g):
    kinds = _piece_kinds(g.rs)
    counted = 0
    # (two positions; more seeds for a form whose random games may end before any Move: a
    # Desolation game of 2 or 3 random players is over in about 100 decisions)
    for seed, after in ((1, 20), (2, 60), (3, 20), (4, 60)):
        if counted == 2:
            break
        st = _at_piece_decision(g, seed, after)
        if st is None:
            continue
        n = perft(st, kinds, 3)
        assert n >= len(st.legal_actions()) > 0
        assert perft_through_bytes(g.rs, g.board(), st.to_bytes(), kinds, 3) == n, (g.name, seed)
        counted += 1
    assert counted, "no piece decision reached in %s" % g.name


add_tests(globals(), "perft_through_clones_and_through_bytes_agree", _two_ways_agree,
          [g for g in forms() if _piece_kinds(g.rs)])


# ---- Scythe: fixed positions, counted again from the rulebook ---------------------------------
_MAP = None


def _map():
    global _MAP
    if _MAP is None:
        with open(repo_path("hardware/maps/scythe.json")) as f:
            _MAP = json.load(f)
    return _MAP


def _independent_destinations(m, faction, worker, x, occupied_by_others):
    """Where one unit standing on x may move, from the map's data and the rulebook only."""
    t = m["terrain_letters"]
    e = m["edge_letters"]
    out = set()
    for d in range(6):
        y = m["adj"][6 * x + d]
        if y < 0 or m["terrain"][y] == t["home_base"]:
            continue
        edge = m["edges"][6 * x + d]
        if edge == e["lake"] or m["terrain"][y] == t["lake"]:
            continue   # (no mech deployed: neither Seaworthy nor Submerge)
        if edge == e["river"] and not (worker and faction == "Nordic"):
            continue   # Nordic's faction ability Swim: its workers cross rivers
        out.add(y)
    if x in m["tunnels"]:
        out.update(m["tunnels"])
    out.discard(x)
    if worker:   # workers never enter a territory with an opponent's units
        out = set(y for y in out if y not in occupied_by_others)
    return out


def _independent(st):
    """(depth 2, depth 3) counts of the active player's Move in a position with no mech,
    structure or resource of theirs on the map and no opponent next to their units,
    enumerated from the rulebook: a Move is up to 2 units (or none), each to one territory;
    the board asks the unit (or none), then its destination; a question with one answer is
    not asked (firmware/rules/core.py applies a lone option), so it takes no depth."""
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.common import po

    m = _map()
    s = st.s
    p = s[L.ACTIVE]
    faction = _faction_name(st, p)
    others = set()
    for q in range(s[L.N]):
        if q != p:
            for u in range(13):
                if s[po(q) + L.P_UNITS + u] != 255:
                    others.add(s[po(q) + L.P_UNITS + u])
    dests = []   # destinations of each unit on the map that has any
    for u in range(13):
        x = s[po(p) + L.P_UNITS + u]
        if x != 255:
            assert not 1 <= u < 5, "a mech on the map: the enumeration does not know its abilities"
            n = len(_independent_destinations(m, faction, u >= 5, x, others))
            if n:
                dests.append(n)

    def unit_node(unmoved, left, depth):
        if left == 0:
            return 1                      # the Move is over: a leaf
        opts = [("to", i) for i in unmoved] + [("none", -1)]
        return node(opts, unmoved, left, depth)

    def node(opts, unmoved, left, depth):
        if depth == 0:
            return 1
        if len(opts) == 1:                # not asked: no depth taken
            return child(opts[0], unmoved, left, depth)
        return sum(child(o, unmoved, left, depth - 1) for o in opts)

    def child(o, unmoved, left, depth):
        kind, i = o
        if kind == "none":
            return 1                      # no more units: the Move is over
        if kind == "to":                  # the unit chosen: its destination next
            rest = tuple(j for j in unmoved if j != i)
            return node([("at", rest)] * dests[i], rest, left, depth)
        return unit_node(i, left - 1, depth)   # ("at", rest): moved, the next unit

    start = tuple(range(len(dests)))
    return unit_node(start, 2, 2), unit_node(start, 2, 3)


def _faction_name(st, p):
    from firmware.rules.scythe.board import FACTIONS
    from firmware.rules.scythe.common import faction

    return FACTIONS[faction(st, p)]


def _move_kinds():
    from firmware.rules.scythe import layout as L

    return (L.K_MOVE_UNIT, L.K_MOVE_TO, L.K_CARRY)


def _first_move(players, seed):
    """A Scythe game dealt from `seed` (factions, mats, tile), its first player in the Move."""
    from firmware.rules.scythe import content as C
    from tests.rules.scythe_support import take_top

    g = game("scythe")
    rng = Rng(seed)
    st = g.new(players)
    while st.current_player() == _CHANCE:
        st.apply(chance_pick(st, rng))
    take_top(st, st.current_player(), C.TA_MOVE)
    return st


def _hand_built(name):
    from firmware.rules.scythe import content as C
    from firmware.rules.scythe import layout as L
    from tests.rules.scythe_support import NORDIC, SAXONY, H, begin_turn, put, started, take_top

    if name == "saxony worker on the tunnel 44":
        st = started((SAXONY, NORDIC))
        put(st, 0, L.U_WORKER, H(44))
    else:   # "nordic workers by rivers"
        st = started((NORDIC, SAXONY))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    return st


def _enumerable(st):
    """True when the active player's Move is one _independent() counts: the Move's first
    unit, no mech or structure of theirs on the map, no resource under their units, no
    opponent on or next to them (none of the rulebook's stopping, carrying, mech-ability or
    tunnel-mine rules applies)."""
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.common import po

    m = _map()
    s = st.s
    p = s[L.ACTIVE]
    if st.decision() != L.K_MOVE_UNIT or s[L.MOVED] or s[L.MOVED + 1] or s[L.MOVES_LEFT] != 2:
        return False
    mine = [s[po(p) + L.P_UNITS + u] for u in range(13)]
    if any(mine[u] != 255 for u in range(1, 5)) or any(s[po(p) + L.P_STRUCT + i] != 255 for i in range(4)):
        return False
    others = set(s[po(q) + L.P_UNITS + u] for q in range(s[L.N]) if q != p for u in range(13))
    for x in mine:
        if x == 255:
            continue
        if sum(s[L.RES0 + 4 * x:L.RES0 + 4 * x + 4]) or x in others:
            return False
        for d in range(6):
            if m["adj"][6 * x + d] in others:
                return False
    return True


def _mid_game(seed):
    """The first Move after decision 150 of a random Scythe game (seed, 2 + seed % 4 players;
    one generator for chance and choices) that _enumerable() accepts."""
    g = game("scythe")
    rng = Rng(seed)
    st = g.new(2 + seed % 4)
    n = 0
    while not st.is_terminal():
        if n > 150 and _enumerable(st):
            return st
        opts = st.legal_actions()
        st.apply(chance_pick(st, rng) if st.current_player() == _CHANCE else opts[rng.below(len(opts))])
        n += 1
    raise AssertionError("no such Move in the game of seed %d" % seed)


# (position): (perft depth 2, perft depth 3), as _independent() enumerates them. "dealt":
# players, seed of the deals: the first player's first Move (character on the home base, a
# worker on each start territory: 3 + 2 + 2 destinations at depth 2 = 7 with moving none).
# "mid": the Move of _mid_game(seed): seed 8, Rusviet, 8 workers; seed 40, Crimea, 5 workers
# (seed 29, Saxony's 8 workers, until K_OBJECTIVE took OBJ_NOT_MET: its random game changed).
SCYTHE_COUNTS = (
    (("dealt", 2, 1), (7, 19)),
    (("dealt", 5, 3), (7, 19)),
    (("mid", 0, 8), (19, 163)),
    (("mid", 0, 40), (13, 73)),
    (("hand", 2, "saxony worker on the tunnel 44"), (13, 37)),
    (("hand", 2, "nordic workers by rivers"), (11, 31)),
)


def _scythe_position(where):
    if where[0] == "dealt":
        return _first_move(where[1], where[2])
    if where[0] == "mid":
        return _mid_game(where[2])
    return _hand_built(where[2])


def test_scythe_perft_of_the_move_from_fixed_positions():
    kinds = _move_kinds()
    for where, (d2, d3) in SCYTHE_COUNTS:
        st = _scythe_position(where)
        assert _enumerable(st), where
        assert _independent(st) == (d2, d3), (where, _independent(st))
        counted = (perft(st, kinds, 2), perft(st, kinds, 3))
        assert counted == (d2, d3), (where, counted)
