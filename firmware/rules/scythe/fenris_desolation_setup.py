# The Desolation's setup, its bytes' check, its steps in the state's tables and the cooperative
# rules over the base ones (docs/fenris.md 1.12): fenris_desolation.py has its turn,
# fenris_desolation_combat.py its combats.
# Loaded by the first game with the Desolation only (fenris_tables.py).
#
# Setup: "Place the Desolation's 4 mechs and 1 character, as well as the Tesla miniature, on each
# of the 6 territories surrounding the Factory."; "Place the Desolation's popularity token at 18
# popularity"; its first combat card drawn face up (D10: "There is only 1 such card at the
# beginning of the game"; no setup step places it). Cooperation: "the game views all players as the
# same faction for purposes of control"; "You can spend resources controlled by any player (with
# their consent)" (S14: no consent asked); "Multiple players can have units on the same territory";
# "You cannot engage in combat (or any conflict) with other players."; "any player may move units
# through any Mine"; but "Each player may only achieve objectives, and the 'control 16 resources'
# Triumph Tile, using standard competitive rules" (own_control). The 6th star ends nothing (D9:
# "you place your 6th star on it immediately after you place your 5th star"); the game ends as
# "Desolation End of Game" says.
import sys

from ..compat import const
from . import common
from . import engine as E
from . import fenris_desolation as D
from . import fenris_desolation_bot  # noqa: F401  (the rule bot's choices in its combats)
from . import fenris_desolation_combat as DC
from . import fenris_track as T
from . import move as M
from .fenris_hooks import install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_DOMINATE = const(4)
_ACTIVE = const(4)
_CAT_5STARS = const(16)
_CAT_OBJECTIVE = const(7)
_DES_POP = const(18)
_DES_STARS = const(6)
_DES_UNITS = const(6)
_DES_WON = const(4)
_END_STARS = const(6)
_F_DES = const(147)
_F_DES_POP = const(153)
_F_DES_POWER = const(155)
_F_DES_STARS = const(154)
_F_DES_STEP = const(158)
_F_SIZE = const(189)
_F_TILES = const(22)
_F_TUNNEL = const(2)
_K_COMBAT_AT = const(24)
_K_DEAL_TILE = const(5)
_K_DES_CARD = const(62)
_K_DES_COMBAT_AT = const(65)
_K_DES_DIAL = const(61)
_K_DES_DIALER = const(63)
_K_DES_DIE = const(60)
_K_DES_DIRECTION = const(59)
_K_DES_STAR = const(64)
_K_OVER = const(32)
_K_SEEN_CARD = const(55)
_N = const(0)
_NOWHERE = const(255)
_N_KINDS = const(78)
_N_STAGES = const(65)
_P_OBJ_STARS = const(16)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_DES_CARD = const(51)
_ST_DES_DIAL = const(50)
_ST_DES_DIALER = const(49)
_ST_DES_DIE = const(52)
_ST_DES_SETUP = const(55)
_ST_DES_STAR = const(54)
_ST_DES_TURN = const(48)
_ST_DES_WON = const(53)
_ST_END_TURN = const(29)
_ST_OVER = const(30)
_TAIL = const(20)
_WINNER_MASK = const(62)
# -- end of private copies --

_CHANCE = const(255)
_FIGHTER = const(0x40)   # its bit in control_map's fighters (the seats are bits 0-4; Mad Tesla 0x80)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def _on(st):
    return getattr(st, "DESOLATION", 0)


# ---- setup --------------------------------------------------------------------------------------
def _no_setup(st, i):
    pass


_AFTER = [_no_setup]   # fenris._setup_from (tables()): the other modules' setup steps, after its own


def deal_tile(st, a):
    """The structure bonus tile's deal (engine.do_tile), then its setup: its 6 units around the
    Factory, 18 popularity, then its first card (K_SEEN_CARD); then the other modules' setup."""
    E.do_tile(st, a)
    s = st.s
    f = _f(st)
    around = sorted(y for y, _e in st.board.neighbours(st.board.factory))
    for i in range(_DES_UNITS):
        s[f + _F_DES + i] = around[i]
    s[f + _F_DES_POP] = _DES_POP
    s[_STAGE] = _ST_DES_SETUP


def pending_setup(st):
    return _K_SEEN_CARD, _CHANCE


def after_card(st):
    _AFTER[0](st, 0)


def check(st):
    """A problem with the Desolation's bytes, else None."""
    s = st.s
    f = _f(st)
    seen = []
    for x in D.units(st):
        if x != _NOWHERE and (x >= st.board.n_spaces or x in seen):
            return "desolation units"
        seen.append(x)
    if s[f + _F_DES_POP] > _DES_POP or s[f + _F_DES_STARS] > _DES_STARS:
        return "desolation track"
    if s[f + _F_DES_POWER] != min(16, sum((2 + i) * D.tile_cards(st, i) for i in range(4))):
        return "desolation power"
    if s[_N] == 1:   # alone: 5 tiles, not the 5-star one, not 2 objective tiles (fenris_tiles._legal_tile)
        from .fenris_track import TILES

        cats = [TILES[i - 1] for i in s[f + _F_TILES:f + _F_TILES + 5] if i]
        if _CAT_5STARS in cats or cats.count(_CAT_OBJECTIVE) > 1:
            return "desolation tiles"
    return None


# ---- the rules over the base ones (installed below) ---------------------------------------------
def controlled(st):
    """common.control_map: every player's territory is every player's (the active player's, who
    may pay from it, produce there, move through it); its units control theirs (nobody's) and are
    the only fighters another player's meet. (Not the 16 resources tile's: own_control.)"""
    ctrl, fighters = _PLAIN[0](st)
    if not _on(st):
        return ctrl, fighters
    n = st.s[_N]
    act = st.s[_ACTIVE]
    for x in range(len(ctrl)):
        if ctrl[x] < n:
            ctrl[x] = act
        fighters[x] &= 1 << act
    for x in D.units(st):
        if x != _NOWHERE:
            ctrl[x] = _NOWHERE
            fighters[x] |= _FIGHTER
    return ctrl, fighters


def own_control(st):
    """The controllers by standard competitive rules, for the "control 16 resources" tile ("Each
    player may only achieve objectives, and the 'control 16 resources' Triumph Tile, using standard
    competitive rules"): base control (each player's own units; its structures where no other
    player's unit stands; a territory several players' units share: one of them, as base
    control_map gives it, S24); its units' territories nobody's."""
    ctrl = _PLAIN[0](st)[0]
    for x in D.units(st):
        if x != _NOWHERE:
            ctrl[x] = _NOWHERE
    return ctrl


T._own_control = own_control   # (fenris_track.res_control's, for the 16 resources tile)


def enemy_units(st, p, x):
    """move._enemy_units: only its units are anyone's opponents ("You cannot engage in combat (or
    any conflict) with other players")."""
    if not _on(st):
        return _PLAIN[1](st, p, x)
    return 0, 1 if D.unit_at(st, x) >= 0 else 0


def star_for(st, p, field, limit):
    """common.star_for; a 6th star ends nothing (D9)."""
    if not _on(st):
        return _PLAIN[2](st, p, field, limit)
    o = common.po(p) + field
    if (field == _P_OBJ_STARS or not common.has_ability(st, p, _AB_DOMINATE)) and st.s[o] >= limit:
        return False
    if common.stars(st, p) >= _END_STARS:
        return False
    st.s[o] += 1
    st.s[_STARS_DIRTY] = 1
    return False


def deck_size(st):
    """common.deck_size: the cards next to its tile are out of the deck."""
    k = _PLAIN[3](st)
    if _on(st):
        k -= sum(D.tile_cards(st, i) for i in range(4))
    return k


def steps(st, p, u, x, ab, ctrl):
    """move.steps: "any player may move units through any Mine": from a tunnel or a Mine, every
    player's Mine too."""
    out = _PLAIN[4](st, p, u, x, ab, ctrl)
    if not _on(st):
        return out
    mines = [common.mine_space(st, q) for q in range(st.s[_N])]
    mines = [y for y in mines if y != _NOWHERE]
    if st.board.flags[x] & _F_TUNNEL or x in mines:
        out += [t for t in st.board.tunnels if t != x and t not in out]
        out += [y for y in mines if y != x and y not in out]
    return out


_PLAIN = (getattr(common.control_map, "plain", common.control_map), M._enemy_units, common.star_for,
          common.deck_size, M.steps)


def over(pending):
    """The end: the players all win (at least 1 star on each tile, or all 6 units destroyed), or
    none does (6 stars on its tile, or its popularity at 0). No coins are counted."""

    def end(st):
        if not _on(st):
            return pending(st)
        s = st.s
        won = s[_f(st) + _F_DES_STEP] & _DES_WON
        s[_WINNER_MASK] = (1 << s[_N]) - 1 if won else 0
        return _K_OVER, _CHANCE
    return end


def do_combat_at(do):
    """A combat a player's Move began with one of its units (the only combats there are)."""

    def combat_at(st, a):
        if D.unit_at(st, a) >= 0:
            D.start(st, a, False)
        else:
            do(st, a)
    return combat_at


def tables(cls, setup_from):
    """(PENDING, LEGAL, DO) of a game with the Desolation: cls's with its steps in (setup_from:
    the other modules' setup, fenris._setup_from)."""
    pending = list(cls.PENDING)
    legal = list(cls.LEGAL)
    do = list(cls.DO)
    pending[_ST_END_TURN] = D.end_turn(pending[_ST_END_TURN])
    pending[_ST_OVER] = over(pending[_ST_OVER])
    while len(pending) < _N_STAGES:
        pending.append(None)
    pending[_ST_DES_TURN] = D.pending_turn
    pending[_ST_DES_DIALER] = DC.pending_dialer
    pending[_ST_DES_DIAL] = DC.pending_dial
    pending[_ST_DES_CARD] = DC.pending_card
    pending[_ST_DES_DIE] = DC.pending_die
    pending[_ST_DES_WON] = DC.pending_won
    pending[_ST_DES_STAR] = DC.pending_star
    pending[_ST_DES_SETUP] = pending_setup
    while len(legal) < _N_KINDS:
        legal.append(None)
        do.append(None)
    do[_K_COMBAT_AT] = do_combat_at(do[_K_COMBAT_AT])
    _AFTER[0] = setup_from
    DC._AFTER_SETUP[0] = after_card
    do[_K_DEAL_TILE] = deal_tile
    legal[_K_SEEN_CARD], do[_K_SEEN_CARD] = DC.legal_seen, DC.do_seen
    legal[_K_DES_DIRECTION], do[_K_DES_DIRECTION] = D.legal_direction, D.do_direction
    legal[_K_DES_DIE], do[_K_DES_DIE] = DC.legal_die, DC.do_die
    legal[_K_DES_DIAL], do[_K_DES_DIAL] = DC.legal_dial, DC.do_dial
    legal[_K_DES_CARD], do[_K_DES_CARD] = DC.legal_card, DC.do_card
    legal[_K_DES_DIALER], do[_K_DES_DIALER] = DC.legal_dialer, DC.do_dialer
    legal[_K_DES_STAR], do[_K_DES_STAR] = DC.legal_star, DC.do_star
    legal[_K_DES_COMBAT_AT], do[_K_DES_COMBAT_AT] = D.legal_combat_at, D.do_combat_at
    return tuple(pending), tuple(legal), tuple(do)


install((("control_map", _PLAIN[0], controlled), ("_enemy_units", _PLAIN[1], enemy_units),
         ("star_for", _PLAIN[2], star_for), ("deck_size", _PLAIN[3], deck_size), ("steps", _PLAIN[4], steps)))

# The Scythe ruleset's piece methods with its units (its module, loaded before this one).
_rs = sys.modules.get(__name__[:__name__.rfind(".")] + ".ruleset")
if _rs is not None:
    from .fenris_desolation_table import install as _table

    _table(_rs.Scythe, D)
