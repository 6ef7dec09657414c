# The Triumph Tracks of The Rise of Fenris (docs/fenris.md C4, 1.3-1.5): the War and Peace
# tracks and the Triumph Tiles as slots of categories (content.CAT_*), when a category is met,
# the stars placed on them, and the rules each brings into the engine's tables: Peace's objectives
# (#23 out, Saxony's 3rd card, a draw after each objective star), the encounter tokens claimed (the
# tiles dealt at setup: fenris_tiles.py). FenrisState (fenris.py) puts these in its tables; only
# in a module game.
from ..compat import const
from . import engine as E
from . import move as M
from . import turn as T
from .fenris_rivals import on_bases
from .common import (achievements, control_map, faction, game_over, hand_size, model_cards,
                     objective_limit, objective_options, po, star_for, stars, x0)

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CAT_5STARS = const(16)
_CAT_CARDS8 = const(10)
_CAT_COMBAT = const(8)
_CAT_ENC3 = const(12)
_CAT_FACTORY = const(14)
_CAT_MECHS_OR_RECRUITS = const(11)
_CAT_OBJECTIVE = const(7)
_CAT_POP13 = const(13)
_CAT_RES16 = const(15)
_CAT_UP_OR_STRUCT = const(9)
_DES_TURN = const(2)
_ENC = const(22)
_END_STARS = const(6)
_F_DES_STEP = const(158)
_F_ENC = const(2)
_F_ENC_WAIT = const(6)
_F_OBJ_DRAW = const(5)
_F_SIZE = const(189)
_F_TILES = const(22)
_F_TILE_STARS = const(12)
_K_MODEL_OBJECTIVE = const(3)
_K_OBJECTIVE = const(4)
_MOD_DESOLATION = const(2048)
_MOD_PEACE = const(8)
_MOD_RIVALS = const(32)
_MOD_TILES = const(16)
_MOD_WAR = const(4)
_N = const(0)
_NOWHERE = const(255)
_N_OBJECTIVES = const(23)
_OBJ_BACK = const(57)
_OBJ_NOT_MET = const(31)
_OBJ_OUT = const(16)
_P_FACTORY = const(17)
_P_OBJ_HELD = const(38)
_P_OBJ_STARS = const(16)
_P_POP = const(3)
_P_STARS = const(14)
_RES0 = const(267)
_SETUP_I = const(5)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_DES_TURN = const(48)
_ST_OBJ = const(4)
_ST_OVER = const(30)
_ST_TILE = const(5)
_S_MECHS = const(1)
_S_POPULARITY = const(5)
_S_POWER = const(6)
_S_RECRUITS = const(3)
_S_STRUCTURES = const(2)
_S_UPGRADES = const(0)
_S_WORKERS = const(4)
_TAIL = const(20)
_TF_ENDED = const(32)
_TURN_FLAGS = const(61)
_T_HOME = const(0)
_X_OBJ = const(8)
# -- end of private copies --

# The Triumph Tracks (docs/fenris.md C4, 1.3; content.CAT_*): each slot a category, left to
# right. Derived from each module's list of changes (the rulebook prints no layout, gap G5).
# War: "Place a star for 6 Upgrades OR 4 Structures"; "up to 4 combat stars"; "8 Combat Cards
# in your hand at the end of your turn"; "no stars for placing all 8 workers or maximizing
# Popularity".
WAR = bytes((_CAT_UP_OR_STRUCT, _S_MECHS, _S_RECRUITS, _CAT_OBJECTIVE, _CAT_COMBAT, _CAT_COMBAT,
             _CAT_COMBAT, _CAT_COMBAT, _S_POWER, _CAT_CARDS8))
# Peace: "Place a star for 4 mechs OR 4 recruits, but not both"; "stars for 2 Objectives";
# "claiming 3 encounter tokens"; "achieving 13 popularity"; "gaining a Factory card"; "controlling
# 16 total resources"; "No stars are placed for combat victories or 16 power" (so the base
# track's upgrades, structures and workers stay). 8 slots placed by bits: P_STARS' 8 bits.
PEACE = bytes((_CAT_MECHS_OR_RECRUITS, _S_UPGRADES, _S_STRUCTURES, _S_WORKERS, _CAT_OBJECTIVE,
               _CAT_OBJECTIVE, _CAT_ENC3, _CAT_POP13, _CAT_FACTORY, _CAT_RES16))
# The Triumph Tiles (docs/fenris.md 1.5, G3): "Triumph Tiles (16 total)"; the text names 4 of
# them. Guess: the 16 categories of the three printed tracks as their rewards sections list them
# (the base track's 9, War's 2, Peace's 5: its second objective is an objective tile). The board
# deals 10 of them at setup (K_TRIUMPH_TILE, chance), as it deals the structure bonus tile, and
# the table lays the tiles it names; a tile's index is what the state keeps (F_TILES).
TILES = bytes((_S_UPGRADES, _S_MECHS, _S_STRUCTURES, _S_RECRUITS, _S_WORKERS, _S_POPULARITY, _S_POWER,
               _CAT_OBJECTIVE, _CAT_COMBAT, _CAT_UP_OR_STRUCT, _CAT_CARDS8, _CAT_MECHS_OR_RECRUITS,
               _CAT_OBJECTIVE, _CAT_ENC3, _CAT_FACTORY, _CAT_RES16,
               _CAT_5STARS))   # the Desolation's only known tile of its 5 (G4): in its games only
# The Desolation: "reveal a number of tiles based on player count" (1 player: 5, ..., 5 players: 14).
DES_SLOTS = b"\x00\x05\x08\x0a\x0c\x0e"
# The base track as categories (Rivals without War or the Tiles: the stars on bases limit what
# the other categories place, place_goals): P_STARS' bits as common.achievements' (S_*).
BASE = bytes((_S_UPGRADES, _S_MECHS, _S_STRUCTURES, _S_RECRUITS, _S_WORKERS, _S_POPULARITY, _S_POWER,
              _CAT_OBJECTIVE, _CAT_COMBAT, _CAT_COMBAT))
_N_SLOTS = const(10)


def slots(st):
    """The Triumph Tiles laid: 10 ("fill all 10 slots"), the Desolation's by player count."""
    return DES_SLOTS[st.s[_N]] if getattr(st, "DESOLATION", 0) else _N_SLOTS


def f0(st):
    """The offset of the module block (layout.F_*)."""
    return len(st.s) - _TAIL - _F_SIZE


# ---- the Triumph Track (C4) -----------------------------------------------------------------
def track(mods, st=None):
    """The track in play (a bytes of content.CAT_*), or None: the base track (common.py's; the
    Triumph Tiles: until the 10 are dealt, from st's F_TILES)."""
    if mods & _MOD_WAR:
        return WAR
    if mods & (_MOD_TILES | _MOD_DESOLATION):
        x = f0(st) + _F_TILES
        n = slots(st)
        dealt = st.s[x:x + n]  # pyright: ignore[reportOptionalMemberAccess]
        if not dealt[n - 1]:
            return None
        return bytes([TILES[i - 1] for i in dealt])
    if mods & _MOD_PEACE:
        return PEACE
    return BASE if mods & _MOD_RIVALS else None


def goal_mask(st, p):
    """p's stars on the track's categories placed by bits (bit i: the i-th; P_STARS, or with
    the Triumph Tiles F_TILE_STARS: 10 such tiles may be dealt, P_STARS has 8 bits)."""
    if st.tiles:
        x = f0(st) + _F_TILE_STARS + 2 * p
        return st.s[x] | (st.s[x + 1] << 8)
    return st.s[po(p) + _P_STARS]


def _set_goal(st, p, b):
    """Star bit b of p (goal_mask); the Triumph Tiles: P_STARS holds their count (low bits),
    so common.stars counts them unchanged."""
    s = st.s
    if st.tiles:
        x = f0(st) + _F_TILE_STARS + 2 * p
        m = goal_mask(st, p) | b
        s[x] = m & 0xFF
        s[x + 1] = m >> 8
        o = po(p) + _P_STARS
        s[o] = (s[o] << 1) | 1
    else:
        s[po(p) + _P_STARS] |= b


def reached(st, p):
    """For the rule bot (rule_plan.py): the base achievements (common.achievements' S_* bits)
    worth nothing more to p on the track in play: each one whose slot holds p's star or that no
    slot of the track counts (War: the workers, popularity; a combined slot, "6 Upgrades OR 4
    Structures", counts both until its star). The base track (a module game with no track of its
    own: Mech Mods, Alliances) reads P_STARS, as a base game."""
    goals = st.goals
    if goals is None:
        return st.s[po(p) + _P_STARS] & 0x7F
    have = goal_mask(st, p)
    wanted = 0
    for i in range(len(goals)):
        if (have >> i) & 1:
            continue
        c = goals[i]
        if c <= _S_POWER:
            wanted |= 1 << c
        elif c == _CAT_UP_OR_STRUCT:
            wanted |= 1 << _S_UPGRADES | 1 << _S_STRUCTURES
        elif c == _CAT_MECHS_OR_RECRUITS:
            wanted |= 1 << _S_MECHS | 1 << _S_RECRUITS
    return 0x7F & ~wanted


# The rule bot's pull toward the module categories the base value does not see (tenths of a
# coin a unit, up to the category's threshold): a popularity point toward 13, an encounter token
# claimed toward 3, a Factory card held, a resource controlled toward 16, a combat card in hand
# toward 8. Without them, rule-bot games of Peace stalled at 5 stars each (the conformance
# suite's scythe+alliances+peace seed 102: 894 turns).
_PULL = {_CAT_POP13: (40, 13), _CAT_ENC3: (150, 3), _CAT_FACTORY: (300, 1), _CAT_RES16: (15, 16),
         _CAT_CARDS8: (20, 8)}


def pursued(st, p, ctrl):
    """For the rule bot (rule_plan.value): p's progress, in tenths of a coin, toward each
    category of the track in play that holds no star of p's and that the base value does not
    count (_PULL); less the Influence tokens p holds (Fenris's -$1 each)."""
    goals = st.goals
    have = goal_mask(st, p)
    v = 0
    for i in range(len(goals) if goals is not None else 0):
        c = goals[i]
        if (have >> i) & 1 or c not in _PULL:
            continue
        w, top = _PULL[c]
        if c == _CAT_POP13:
            k = st.s[po(p) + _P_POP]
        elif c == _CAT_ENC3:
            k = encounters(st, p)
        elif c == _CAT_FACTORY:
            k = st.s[po(p) + _P_FACTORY] != _NOWHERE
        elif c == _CAT_RES16:
            k = resources(st, p, ctrl)
        else:
            k = hand_size(st, p)
        v += w * min(k, top)
    if getattr(st, "INFLUENCE", 0):   # Fenris, Episode 5: -$1 an Influence token held at the end
        from .fenris_faction import penalty

        v -= 10 * penalty(st, p)
    if getattr(st, "TESLA", 0):   # the encounters that find Tesla, then him
        from .fenris_tesla_bot import value

        v += value(st, p)
    if getattr(st, "NEWERA", 0):   # Episode 8a: its stars on the map, to claim
        from .fenris_newera import value as stars_left

        v += stars_left(st, p)
    if getattr(st, "PLEA", 0):   # Episode 3: the Influence tokens, the Vesna card
        from .fenris_plea import value as plea

        v += plea(st, p)
    if getattr(st, "AGENTS", 0):   # Episode 4: the Fenris agents subdued
        from .fenris_agents import value as agents

        v += agents(st, p)
    return v


def encounters(st, p):
    """The encounter tokens p claimed (F_ENC, a nibble a player)."""
    return (st.s[f0(st) + _F_ENC + p // 2] >> (4 * (p & 1))) & 15


_own_control = None   # fenris_desolation_setup.own_control, set as that module loads (every
# Desolation game loads it: fenris_tables.des_tables); not imported here, which would be a cycle


def res_control(st):
    """The controllers the 16 resources are counted by: control_map's; the Desolation's shared
    control is not theirs ("the 'control 16 resources' Triumph Tile, using standard competitive
    rules"): each player's own (fenris_desolation_setup.own_control)."""
    if getattr(st, "DESOLATION", 0) and _own_control is not None:   # (always set in its games)
        return _own_control(st)
    return control_map(st)[0]


def resources(st, p, ctrl=None):
    """The resources on the territories p controls, all kinds (Peace: "controlling 16 total
    resources (these resources do not need to be on the same territory)"); ctrl: res_control's."""
    if ctrl is None:
        ctrl = res_control(st)
    s = st.s
    terrain = st.board.terrain
    k = 0
    for x in range(st.board.n_spaces):   # (controlled_res's territories, the 4 kinds at once)
        if ctrl[x] == p and terrain[x] != _T_HOME:
            o = _RES0 + 4 * x
            k += s[o] + s[o + 1] + s[o + 2] + s[o + 3]
    return k


def met(st, p, cat, end, ctrl=None):
    """True if p meets category `cat` now (end: at the end of p's own turn, when the
    end-of-turn categories count; ctrl: res_control's, if known)."""
    if cat <= _S_POWER:
        return (achievements(st, p) >> cat) & 1
    if cat == _CAT_UP_OR_STRUCT:
        return achievements(st, p) & (1 << _S_UPGRADES | 1 << _S_STRUCTURES)
    if cat == _CAT_CARDS8:   # War: "at the end of your turn"; the tile: "on your turn" (D2)
        if st.tiles:   # (the Desolation's turn, its combats too, is no player's: its first is active)
            s = st.s
            return p == s[_ACTIVE] and hand_size(st, p) >= 8 and not (getattr(st, "DESOLATION", 0) and (
                s[_STAGE] == _ST_DES_TURN or s[f0(st) + _F_DES_STEP] & _DES_TURN))
        return end and hand_size(st, p) >= 8
    if cat == _CAT_MECHS_OR_RECRUITS:
        return achievements(st, p) & (1 << _S_MECHS | 1 << _S_RECRUITS)
    if cat == _CAT_ENC3:   # the tile: "Place the star after completing the encounter"
        return encounters(st, p) >= 3 and not (st.tiles and st.s[f0(st) + _F_ENC_WAIT])
    if cat == _CAT_POP13:
        return st.s[po(p) + _P_POP] >= 13
    if cat == _CAT_FACTORY:   # "place your star on the same turn": at its end (D5)
        return end and st.s[po(p) + _P_FACTORY] != _NOWHERE
    if cat == _CAT_RES16:
        return sum(st.s[_RES0:f0(st)]) >= 16 and resources(st, p, ctrl) >= 16
    if cat == _CAT_5STARS:   # "you place your 6th star on it immediately after you place your 5th"
        return stars(st, p) >= 5
    return False


def place_goals(st, p, end=False, ctrl=None, quick=False):
    """Place p's stars for the categories it meets (once each; objective and combat: star_for);
    True if the game ended. quick: only 16 resources, the tile's 8 cards (no STARS_DIRTY) changed."""
    have = goal_mask(st, p)
    new = 0
    goals = st.goals
    for i in range(len(goals) if quick else 0):   # (a loop: nothing allocated before a decision)
        c = goals[i]
        if (c == _CAT_RES16 or c == _CAT_CARDS8) and not (have >> i) & 1 and met(st, p, c, end, ctrl):
            quick = False
    if quick:
        return False
    ach = achievements(st, p)   # (met's answer for the 7 achievements, asked once)
    five = 0   # the 5-star tile's bit while p has no star on it (the Desolation's only)
    for i in range(len(goals)):
        c = goals[i]
        if (have >> i) & 1:
            continue
        if c == _CAT_5STARS:
            five = 1 << i
        if (ach >> c) & 1 if c <= _S_POWER else met(st, p, c, end, ctrl):
            new |= 1 << i
    if not new:
        return False
    room = _END_STARS - (on_bases(st, p) if st.RIVALS else 0)   # Rivals: stars on bases are not in supply
    if st.NEWERA:   # Episode 8a: nor those still on the map
        from .fenris_newera import on_map

        room -= on_map(st, p)
    k = stars(st, p)
    while k < room:   # slot order; but "you place your 6th star on it immediately after you place
        b = five if k == 5 and five else new & -new   # your 5th star": the 6th on the 5-star tile
        if not b:
            break
        _set_goal(st, p, b)
        new &= ~b
        five &= ~b
        k += 1
    if getattr(st, "DESOLATION", 0):   # no end by a 6th star (D9)
        return False
    if k >= _END_STARS:
        game_over(st)
        return True
    return False


def _pending_end_turn(st):
    """turn.pending_end_turn; before the turn passes, the stars of the end of the turn (War:
    "8 Combat Cards in your hand at the end of your turn")."""
    s = st.s
    p = s[_ACTIVE]
    if st.goals is not None and (s[_TURN_FLAGS] & _TF_ENDED or not objective_options(st, p)):
        if place_goals(st, p, True):
            return None
    return T.pending_end_turn(st)


# ---- Peace's objectives (1.4): #23 out, Saxony's 3rd card, a draw after each objective star --
def _pending_obj(st):
    """engine.pending_obj; Peace: "Saxony starts with 3 objective cards instead of 2" (the
    model deck: its 3rd dealt last, into its F_OBJ3 slot)."""
    if not st.OBJ_DRAW:
        return E.pending_obj(st)
    s = st.s
    n = s[_N]
    sax = [p for p in range(n) if faction(st, p) == 3]
    if model_cards(st):
        if s[_SETUP_I] < 2 * n + len(sax):
            return _K_MODEL_OBJECTIVE, 255
        s[_SETUP_I] = 0
    for p in range(n):
        s[po(p) + _P_OBJ_HELD] = 3 if p in sax else 2
    s[_STAGE] = _ST_TILE
    return None


def _held_slots(st):
    """Every model objective slot (X_OBJ, 2 a player; Peace: F_OBJ3, 1 a player)."""
    x = x0(st) + _X_OBJ
    return list(range(x, x + 10)) + list(range(st.OBJ_DRAW, st.OBJ_DRAW + 5))


def _model_pool(st):
    """The model objective cards still in the deck: not held, not revealed (nor #23); Peace:
    "do not reshuffle discarded objectives" (none is discarded: the other cards are kept)."""
    s = st.s
    held = [s[i] for i in _held_slots(st)]
    return [c for c in range(_N_OBJECTIVES)
            if c + 1 not in held and not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1]


def _legal_model_objective(st):
    """The model objective cards dealt: Peace's pool, else engine's less those out of the game
    (Episode 2a's removed)."""
    if st.OBJ_DRAW:
        return _model_pool(st)
    s = st.s
    return [c for c in E.legal_model_objective(st) if not (s[_OBJ_OUT + c // 8] >> (c % 8)) & 1]


def _do_model_objective(st, a):
    """A model objective card dealt: at setup (the 2 of each player, then Saxony's 3rd), or
    Peace's draw after an objective star (into the drawer's free slot)."""
    s = st.s
    if not st.OBJ_DRAW:
        return E.do_model_objective(st, a)
    n = s[_N]
    if s[_STAGE] == _ST_OBJ:
        i = s[_SETUP_I]
        s[_SETUP_I] = i + 1
        if i < 2 * n:
            s[x0(st) + _X_OBJ + i] = a + 1
        else:
            s[st.OBJ_DRAW + [p for p in range(n) if faction(st, p) == 3][0]] = a + 1
        return
    x = f0(st) + _F_OBJ_DRAW
    p = s[x] - 1
    s[x] = 0
    o = x0(st) + _X_OBJ + 2 * p
    for i in (o, o + 1, st.OBJ_DRAW + p):
        if not s[i]:
            s[i] = a + 1
            break
    s[po(p) + _P_OBJ_HELD] += 1
    s[_STAGE] = s[_OBJ_BACK]


def _pending_objective(st):
    """engine.pending_objective; Peace, the model deck: the card drawn after the star (chance)."""
    if st.OBJ_DRAW and st.s[f0(st) + _F_OBJ_DRAW]:
        return _K_MODEL_OBJECTIVE, 255
    return _K_OBJECTIVE, st.s[_ACTIVE]


def _do_objective(st, a):
    """engine.do_objective; Peace: "After you place your objective star, instead of discarding
    your other objective card, draw another objective card (if available; do not reshuffle
    discarded objectives)." Printed cards: a count (+1 while the deck has cards); the model
    deck: a chance deal (_pending_objective)."""
    if not st.OBJ_DRAW or a == _OBJ_NOT_MET:
        return E.do_objective(st, a)
    s = st.s
    p = s[_ACTIVE]
    s[_OBJ_OUT + a // 8] |= 1 << (a % 8)
    s[po(p) + _P_OBJ_HELD] -= 1
    model = model_cards(st)
    if model:
        o = x0(st) + _X_OBJ + 2 * p
        for i in (o, o + 1, st.OBJ_DRAW + p):
            if s[i] == a + 1:
                s[i] = 0
    star_for(st, p, _P_OBJ_STARS, objective_limit(st, p))
    if s[_STAGE] == _ST_OVER:
        return
    if model:
        if _model_pool(st):
            s[f0(st) + _F_OBJ_DRAW] = p + 1   # the stage stays: the draw is next
            return
    elif _N_OBJECTIVES - _revealed(s) - sum(s[po(q) + _P_OBJ_HELD] for q in range(s[_N])) > 0:
        s[po(p) + _P_OBJ_HELD] += 1
    s[_STAGE] = s[_OBJ_BACK]


def _revealed(s):
    k = 0
    for i in range(_N_OBJECTIVES):
        k += (s[_OBJ_OUT + i // 8] >> (i % 8)) & 1
    return k


# ---- Peace's encounters (1.4): "Place a star for claiming 3 encounter tokens" ----------------
def _pending_after_move(st):
    """move.pending_after_move; an encounter token claimed counts for its player (F_ENC; the
    Triumph Tiles: its star waits for the encounter's end, F_ENC_WAIT)."""
    s = st.s
    before = s[_ENC] | s[_ENC + 1] << 8
    r = M.pending_after_move(st)
    if (s[_ENC] | s[_ENC + 1] << 8) != before:
        claimed(st, s[_ACTIVE])
    return r


def claimed(st, p):
    """p claimed an encounter token: it counts (F_ENC) for the stars, Tesla's search."""
    s = st.s
    x = f0(st) + _F_ENC + p // 2
    if encounters(st, p) < 15:
        s[x] += 1 << (4 * (p & 1))
    s[_STARS_DIRTY] = 1
    if st.tiles:
        s[f0(st) + _F_ENC_WAIT] = 1
