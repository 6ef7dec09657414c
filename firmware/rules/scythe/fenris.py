# The Rise of Fenris modules as options of the Scythe ruleset (docs/fenris.md): a game with a
# module on is a FenrisState, a State whose bytes carry the module block (layout.F_*: F_SIZE
# bytes between the resources and the tail, so the tail stays the last bytes and every base
# offset holds). This module is imported only when a module is on (a new game with one of its
# options, or a save whose length says so): a base game never loads it and keeps its bytes,
# digests and heap.
#
# Here: the state and its check (the options and their refusals are fenris_options.py's,
# re-exported); the tracks' rules are fenris_track.py's.
import sys

from ..compat import const
from .engine import State, new_game as _base_game
from .common import po, seats, x0
from .fenris_tiles import _do_tile, _legal_tile, _pending_deal
from .fenris_track import (_do_model_objective, _do_objective, _legal_model_objective,
                           _pending_after_move, _pending_end_turn, _pending_obj,
                           _pending_objective, f0, goal_mask, place_goals, res_control, track)
from .fenris_track import PEACE, TILES, WAR, encounters, met, resources  # noqa: F401  (fenris.X for hosts, tests)
from . import combat as CB
from . import engine as E
from . import fenris_rivals as R
from . import fenris_alliances as A
from . import fenris_mods as MM
from . import fenris_infra as I
from . import fenris_faction as F
from . import fenris_combat as FC
from . import fenris_vesna as V
from . import fenris_bonuses as B
from .fenris_hooks import install
from .fenris_options import (FLAGS, WORDS, IMPLEMENTED, CLASHES, clash, desolation_played,  # noqa: F401
                             modules, refuse, unplayed, words)
from .fenris_tables import (agents_tables, des_tables, extra_tables, figure_check, fortress_gone,
                            fortress_tables, mad_tables, plea_tables, seen_weights, tesla_tables)
from . import move as M
from . import turn as T

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CAT_CARDS8 = const(10)
_CAT_COMBAT = const(8)
_CAT_OBJECTIVE = const(7)
_CAT_RES16 = const(15)
_DEFER = const(42)
_ENC = const(22)
_FACTION_FENRIS = const(8)
_FACTION_VESNA = const(7)
_F_DES = const(147)
_F_ENC_WAIT = const(6)
_F_EXTRA = const(176)
_F_INFL = const(111)
_F_MODS = const(0)
_F_MODS_HI = const(167)
_F_MT_HEALTH = const(146)
_F_OBJ3 = const(7)
_F_RIVAL_IN = const(51)
_F_SIZE = const(189)
_F_TESLA = const(141)
_K_BOTTOM = const(15)
_K_BUILD_WHICH = const(20)
_K_CARD = const(26)
_K_COMBAT_AT = const(24)
_K_DEAL_FACTION = const(1)
_K_DEAL_TILE = const(5)
_K_DIAL = const(25)
_K_END = const(33)
_K_FACTORY_CARD = const(31)
_K_MODEL_OBJECTIVE = const(3)
_K_OBJECTIVE = const(4)
_K_PERK_AT = const(72)
_K_PLEA_DRAW = const(75)
_K_PRODUCE_AT = const(13)
_K_RETREAT = const(34)
_K_SECTION = const(6)
_K_SEEN_CARD = const(55)
_K_SETUP_BONUS = const(67)
_K_TOP = const(7)
_K_UPGRADE_BOTTOM = const(17)
_K_UPGRADE_TOP = const(16)
_K_VESNA_CARDS = const(54)
_K_VESNA_MOD = const(77)
_MAD_TESLA = const(254)
_MOD_ALLIANCES = const(64)
_MOD_DESOLATION = const(2048)
_MOD_FENRIS = const(256)
_MOD_FORTRESS = const(1048576)
_MOD_MADTESLA = const(1024)
_MOD_NEWERA = const(16384)
_MOD_PEACE = const(8)
_MOD_RIVALS = const(32)
_MOD_SEARCH = const(8192)
_MOD_TESLA = const(512)
_MOD_VESNA = const(128)
_MOD_WARSETUP = const(131072)
_MT_HEALTH = const(16)
_N = const(0)
_NOWHERE = const(255)
_N_MODULES = const(23)
_OBJ_23 = const(22)
_OBJ_OUT = const(16)
_P_FACTION = const(0)
_P_STARS = const(14)
_RES0 = const(267)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_AFTER_MOVE = const(28)
_ST_BONUS = const(56)
_ST_BOTTOM = const(15)
_ST_CARD = const(27)
_ST_CARRY = const(10)
_ST_DES_SETUP = const(55)
_ST_END_TURN = const(29)
_ST_EXTRA = const(59)
_ST_FACTION = const(1)
_ST_INFRA = const(42)
_ST_MODS = const(41)
_ST_MT_SETUP = const(44)
_ST_OBJ = const(4)
_ST_OBJECTIVE = const(36)
_ST_OVER = const(30)
_ST_PERK = const(60)
_ST_RIVALS = const(39)
_ST_SECTION = const(6)
_ST_START = const(3)
_ST_VESNA = const(43)
_ST_WARSETUP = const(58)
_TAIL = const(20)
_X_OBJ = const(8)
# -- end of private copies --

# The module-aware has_ability and abilities (fenris_hooks.py), seats, move's steps and stops
# (fenris_faction.py), in place of common's and move's; Fenris's row in the faction tables.
install((("seats", F._PLAIN[2], F.seats), ("steps", F._PLAIN[1], V.steps), ("_stops", F._PLAIN[0], F.stops),
         ("_retreat_workers", FC._PLAIN[0], FC.retreat_workers), ("_retreat_to", FC._PLAIN[1], FC.retreat_to),
         ("_slots", FC._PLAIN[2], FC.slots), ("_model_terms", V._PLAIN_TERMS, V.model_terms),
         ("faction_byte", V._PLAIN_FB, V.faction_byte)))
F.extend_tables()
# The Influence tokens are pieces of the table (fenris_influence_table.py): the Scythe ruleset's
# module, loaded before this one (it imports this one lazily: no import cycle).
_rs = sys.modules.get(__name__[:__name__.rfind(".")] + ".ruleset")
if _rs is not None:
    from .fenris_influence_table import install as _table

    _table(_rs.Scythe)

def new_game(board, players, model, mods):
    """A new game with the modules `mods` on (not checked here: modules() refuses)."""
    # 1 player: the Desolation alone, without Alliances (an alliance is between 2 players)
    alone = mods & _MOD_DESOLATION and not mods & _MOD_ALLIANCES
    base = _base_game(board, players, model, 1 if alone else 2)
    n = len(base.s)
    t = n - _TAIL   # the module block's offset
    data = bytearray(n + _F_SIZE)
    data[:t] = base.s[:t]
    data[t + _F_SIZE:] = base.s[t:]
    data[t + _F_MODS] = mods & 0xFF
    data[t + _F_MODS + 1] = (mods >> 8) & 0xFF
    data[t + _F_MODS_HI] = mods >> 16
    # "Place all 16 Influence tokens in your supply" (a Vesna game too: its home-base state is
    # checked with Fenris's, fenris_faction.check, where no Fenris means every token in supply)
    if mods & (_MOD_FENRIS | _MOD_VESNA):
        data[t + _F_INFL:t + _F_INFL + 16] = b"\xff" * 16
    if mods & _MOD_MADTESLA:   # on the Factory (fenris_mad_tesla_setup.deal_tile puts him there again)
        data[t + _F_TESLA:t + _F_TESLA + 4] = bytes((board.factory, _MAD_TESLA, 0, _NOWHERE))
        data[t + _F_MT_HEALTH] = _MT_HEALTH
    if mods & _MOD_DESOLATION:   # its units: on the map at its setup (fenris_desolation_setup.py)
        data[t + _F_DES:t + _F_DES + 6] = b"\xff" * 6
    if mods & _MOD_TESLA:   # not found yet: no space, no finder (fenris_tesla.py)
        data[t + _F_TESLA:t + _F_TESLA + 2] = b"\xff\xff"
    if mods & _MOD_SEARCH:   # Episode 7: "Place the 12th encounter token ... on the Factory"
        i = len(board.encounters)
        data[_ENC + i // 8] |= 1 << (i % 8)
    if mods & _MOD_NEWERA:   # Episode 8a: "Place 1 star from every player on each of the 3 land
        from .fenris_newera import put   # territories adjacent to the Factory"

        put(data, t, players)
    if mods & _MOD_FORTRESS:   # Episode 5: "Place 1 Influence token on each tunnel ... and on each of the
        from .fenris_fortress import put as tokens   # three land territories adjacent to the Factory"

        tokens(data, t, board)
    if mods & _MOD_WARSETUP:   # Episode 2a: "Remove Objectives 7, 13, 15, 20, 22, 23, and 27"
        from .fenris_warsetup import put as removed

        removed(data)
    if mods & _MOD_PEACE:   # "remove Objective 23 from the Objective deck": as if revealed
        data[_OBJ_OUT + _OBJ_23 // 8] |= 1 << (_OBJ_23 % 8)
    st = FenrisState(board, data)
    st.begin()
    return st


def _do_deal_tile(st, a):
    """engine.do_tile; then the setup steps of the modules on (_STEPS), then the first turn."""
    E.do_tile(st, a)
    _setup_from(st, 0)


def _begin_extra(st):
    st.s[_STAGE] = _ST_EXTRA


# The modules' setup steps in their order (the state's flag, the step's begin; the index is the
# step's: each one's end goes on from the next): 0 Mech Mods, 1 Vesna's tokens and cards (when she
# is dealt), 2 Infrastructure Mods, 3 a campaign's Setup Bonuses, 4 its Perks, 5 Episode 2a's setup,
# 6 Episode 1's revealed objective, 7 Rivals' stars ("After all other setup steps are complete").
_STEPS = (("MECHMODS", MM.begin), ("VESNA", V.begin), ("INFRA", I.begin), ("BONUSES", B.begin),
          ("PERKS", B.begin_perks), ("WARSETUP", B.begin_warsetup), ("EXTRAOBJ", _begin_extra),
          ("RIVALS", R.begin))


def _setup_from(st, i):
    """The first module setup step from the i-th (_STEPS) whose module is on, else the first turn
    (engine's ST_SECTION)."""
    for j in range(i, len(_STEPS)):
        flag, begin = _STEPS[j]
        if getattr(st, flag) and (j != 1 or V.vesna_seat(st) >= 0):
            begin(st)
            return
    st.s[_STAGE] = _ST_SECTION


def _step(pending, i):
    """The pending of a module's setup stage (pending(st, after)), then the i-th step (_STEPS)."""

    def after(st):
        _setup_from(st, i)

    def f(st):
        return pending(st, after)
    return f


def _legal_faction(st):
    """engine's faction deal; Fenris mixed in ("Mix in ... with the other factions")."""
    out = E.legal_deal_faction(st)
    dealt = E._dealt(st, _P_FACTION)
    if st.VESNA and _FACTION_VESNA not in dealt:
        out.append(_FACTION_VESNA)
    if st.FENRIS and _FACTION_FENRIS not in dealt:
        out.append(_FACTION_FENRIS)
    return out


def _penalty(st, p, ctrl):
    """The coins a module takes at the end: a flipped Alliance token, Fenris's Influence; less
    the coins Episode 7's encounter territories give (fenris_search.bonus)."""
    k = A.penalty(st, p) + F.penalty(st, p)
    if st.SEARCH:
        from .fenris_search import bonus

        k -= bonus(st, p, ctrl)
    return k


def _replace(table, changes):
    return tuple(changes.get(i, table[i]) for i in range(len(table)))


_SECRETS = {}   # FenrisState.SECRET by the state's size and the modules it depends on


class FenrisState(State):
    """A game of Scythe with The Rise of Fenris modules on (F_MODS)."""

    SECRET = ()   # set by __init__ (State's is a property)
    # The modules on: set by __init__ only when on (a look-ahead copy's attribute table then
    # stays small: docs/performance.md); tiles: the Triumph Tiles laid (with the Desolation too),
    # BASES: Vesna or Fenris, INFLUENCE: Influence tokens on the map (Fenris, the Fortress).
    FENRIS = VESNA = BASES = DESOLATION = tiles = RIVALS = ALLIANCES = MECHMODS = INFRA = TESLA = 0
    SEARCH = NEWERA = BONUSES = WARSETUP = PERKS = EXTRAOBJ = AGENTS = FORTRESS = INFLUENCE = PLEA = 0
    MADTESLA = 0
    track = goals = None   # (_set_track)
    always = res16 = False

    PENDING = _replace(State.PENDING, {_ST_END_TURN: F.influence_first(_pending_end_turn),
                                       _ST_OBJ: _pending_obj,
                                       _ST_OBJECTIVE: _pending_objective,
                                       _ST_AFTER_MOVE: _pending_after_move, _ST_FACTION: _pending_deal,
                                       _ST_START: F.pending_start(V.pending_mat(State.PENDING[_ST_START])),
                                       _ST_BOTTOM: F.influence_first(State.PENDING[_ST_BOTTOM]),
                                       _ST_CARD: R.pending_card(CB.pending_card),
                                       _ST_SECTION: A.pending_section(T.pending_section),
                                       _ST_CARRY: F.on_arrive(A.on_arrive(M.pending_carry)),
                                       _ST_OVER: A.over(State.PENDING[_ST_OVER], _penalty)}) + (
        R.pending_rivals, R.pending_rival_star, _step(MM.pending_mods, 1), _step(I.pending_infra, 3),
        _step(V.pending_vesna, 2)) + (None,) * (_ST_BONUS - _ST_VESNA - 1) + (
        _step(B.pending_bonus, 4), None, B.warsetup(_setup_from), None, B.perks(_setup_from))
    # (Mad Tesla's, the Desolation's, the agents': theirs)
    LEGAL = _replace(State.LEGAL, {_K_MODEL_OBJECTIVE: _legal_model_objective,
                                   _K_DEAL_FACTION: _legal_faction,
                                   _K_SECTION: V.legal_section(State.LEGAL[_K_SECTION]),
                                   _K_FACTORY_CARD: V.legal_factory(State.LEGAL[_K_FACTORY_CARD]),
                                   _K_CARD: FC.legal_card(State.LEGAL[_K_CARD]),
                                   _K_TOP: R.no_objective(I.top_legal(V.with_card(State.LEGAL[_K_TOP]))),
                                   _K_BOTTOM: R.no_objective(I.bottom_legal(State.LEGAL[_K_BOTTOM])),
                                   _K_END: R.no_objective(State.LEGAL[_K_END]),
                                   _K_BUILD_WHICH: B.setup_kind("legal_build", State.LEGAL[_K_BUILD_WHICH]),
                                   _K_UPGRADE_TOP: B.setup_kind("legal_top", State.LEGAL[_K_UPGRADE_TOP]),
                                   _K_UPGRADE_BOTTOM: B.setup_kind("legal_bottom",
                                                                   State.LEGAL[_K_UPGRADE_BOTTOM])}) + (
        _legal_tile, R.legal_rival, R.legal_rival_star, A.legal_propose, A.legal_answer, A.legal_coins,
        MM.legal_drawn, MM.legal_slot, I.legal_drawn, I.legal_keep, F.legal_base, F.legal_influence,
        F.legal_influence_at, FC.legal_horrify, V.legal_card, V.legal_token, V.legal_slot, V.legal_power,
        V.legal_mat_cards) + (None,) * (_K_SETUP_BONUS - _K_VESNA_CARDS - 1) + (
        B.legal_bonus, None, None) + tuple(B.perks_kind(k) for k in ("legal_perk", "legal_res", "legal_at")
                                           ) + (None,) * (_K_VESNA_MOD - _K_PERK_AT - 1) + (I.legal_keep,)
    DO = _replace(State.DO, {_K_MODEL_OBJECTIVE: _do_model_objective, _K_OBJECTIVE: _do_objective,
                             _K_DEAL_TILE: _do_deal_tile, _K_DIAL: R.after_combat(CB.do_dial),
                             _K_CARD: R.after_combat(CB.do_card),
                             _K_RETREAT: R.after_combat(CB.do_retreat),
                             _K_SECTION: V.do_section(A.do_section(T.do_section)),
                             _K_COMBAT_AT: A.on_attack(MM.on_attack(CB.do_combat_at)),
                             _K_TOP: I.top_do(State.DO[_K_TOP]), _K_BOTTOM: I.bottom_do(State.DO[_K_BOTTOM]),
                             _K_PRODUCE_AT: F.on_produce(I.produce_do(State.DO[_K_PRODUCE_AT])),
                             _K_BUILD_WHICH: B.setup_kind("do_build", State.DO[_K_BUILD_WHICH]),
                             _K_UPGRADE_TOP: B.setup_kind("do_top", State.DO[_K_UPGRADE_TOP]),
                             _K_UPGRADE_BOTTOM: B.setup_kind("do_bottom", State.DO[_K_UPGRADE_BOTTOM])}) + (
        _do_tile, R.do_rival, R.do_rival_star, A.do_propose, A.do_answer, A.do_coins, MM.do_drawn,
        MM.do_slot, I.do_drawn, I.do_keep, F.do_base, F.do_influence, F.do_influence_at,
        FC.do_horrify, V.do_card, V.do_token, V.do_slot, V.do_mat, V.do_mat) + (
        None,) * (_K_SETUP_BONUS - _K_VESNA_CARDS - 1) + (B.do_bonus, None, None) + tuple(
        B.perks_kind(k) for k in ("do_perk", "do_res", "do_at")
    ) + (None,) * (_K_VESNA_MOD - _K_PERK_AT - 1) + (V.do_keep,)

    def __init__(self, board, data=None):
        given = board
        board = getattr(board, "base", board)   # a ModuleBoard's own board (fenris_faction.py)
        State.__init__(self, board, data)
        mods = self.mods()
        for name, bit in FLAGS:   # (the class's 0 when off)
            if mods & bit:
                setattr(self, name, mods & bit)
        if self.BASES:   # the home bases Vesna and Fenris took: board.home[7..8], start territories
            # (a copy's state shares its game's once every base is dealt: shares(), no more sync())
            self.board = given if given is not board and given.shares(self) else F.ModuleBoard(board, self)
        if self.AGENTS:   # (never with Tesla, Mad Tesla or the Desolation: fenris_options.CLASHES)
            self.PENDING, self.LEGAL, self.DO = agents_tables(FenrisState)
        if self.FORTRESS:   # (never with Fenris, Rivals, the agents or a figure: fenris_options.CLASHES)
            self.PENDING, self.LEGAL, self.DO = fortress_tables(FenrisState)
        if self.PLEA:   # (Episode 3: never with Vesna, Fenris, 5 nor a figure)
            self.PENDING, self.LEGAL, self.DO = plea_tables(FenrisState)
        if self.TESLA:
            self.PENDING, self.LEGAL, self.DO = tesla_tables(FenrisState, self.SEARCH, self.NEWERA)
        if self.MADTESLA:
            self.PENDING, self.LEGAL, self.DO = mad_tables(FenrisState, _setup_from)
        if self.DESOLATION:
            self.PENDING, self.LEGAL, self.DO = des_tables(FenrisState, _setup_from)
        if self.EXTRAOBJ:   # over a figure's or the agents' (never Episodes 3, 5 or the Desolation: CLASHES)
            self.PENDING, self.LEGAL, self.DO = extra_tables(self, _setup_from)
        self._set_track()
        if mods & _MOD_PEACE:
            self.OBJ_DRAW = f0(self) + _F_OBJ3
        # State.SECRET (the dials, the model objective cards held; Peace: the third slots; Rivals: the
        # stars on bases entered so far in the setup's secret run; the Desolation: "Objectives and
        # combat cards are public knowledge", the dials only): one tuple for the games alike.
        key = len(self.s) << 12 | (mods & (_MOD_RIVALS | _MOD_PEACE | _MOD_DESOLATION))
        sec = _SECRETS.get(key)
        if sec is None:
            x = x0(self) + _X_OBJ
            r = f0(self) + _F_RIVAL_IN
            sec = _SECRETS[key] = E._DIALS + (tuple(range(x, x + 10)) if not self.DESOLATION else ()) + (
                tuple(range(self.OBJ_DRAW, self.OBJ_DRAW + 5)) if self.OBJ_DRAW else ()) + (
                tuple(range(r, r + 15)) if self.RIVALS else ())
        self.SECRET = sec  # pyright: ignore[reportAttributeAccessIssue]

    def _set_track(self):
        """The track in play (track()), the categories placed by bits (goal_mask bit i: the i-th)
        and the combat and objective stars allowed (Peace: none and 2; the tiles: their count)."""
        t = track(self.mods(), self)
        if t is None and self.track is None:
            return   # (the class's: no attribute more on the instance)
        self.track = t
        self.goals = None
        self.always = self.res16 = False
        if t is not None:
            self.goals = bytes([c for c in t if c != _CAT_OBJECTIVE and c != _CAT_COMBAT])
            self.COMBAT_STARS = len([c for c in t if c == _CAT_COMBAT])
            self.OBJECTIVE_STARS = len([c for c in t if c == _CAT_OBJECTIVE])
            # Categories that change without STARS_DIRTY: control (16 resources), the hand
            # during the player's turn (the 8-card tile): looked at before every decision.
            self.res16 = self.goals.find(bytes((_CAT_RES16,))) + 1   # (its slot + 1, 0: none)
            self.always = self.res16 or (self.tiles and _CAT_CARDS8 in self.goals)

    def _interrupt(self):
        """State._interrupt with the track in play: its categories' stars before any decision
        (the active player first, then clockwise; not while a bottom-row action is resolved)."""
        if self.FENRIS:   # Horrify's tokens, asked at once (fenris_faction.py)
            r = FC.interrupt(self)
            if r is not None:
                return r
        if self.goals is None:
            return State._interrupt(self)
        s = self.s
        if self.DESOLATION and s[_STAGE] != _ST_OVER:   # "Players win the game immediately if there is
            from .fenris_desolation import covered, end   # at least 1 star on each Triumph Tile"
            if covered(self):
                end(self, True)
                return None
        stage = s[_STAGE]
        if (stage < _ST_SECTION or stage == _ST_OVER or stage == _ST_RIVALS or stage == _ST_MODS
                or stage == _ST_INFRA or stage == _ST_VESNA or stage == _ST_MT_SETUP or stage == _ST_DES_SETUP
                or stage == _ST_BONUS or stage == _ST_WARSETUP or stage == _ST_EXTRA or stage == _ST_PERK
                or s[_DEFER]):
            return None
        x = f0(self) + _F_ENC_WAIT
        if s[x] and (stage == _ST_BOTTOM or stage == _ST_END_TURN):   # the encounter is complete
            s[x] = 0
            s[_STARS_DIRTY] = 1
        # 16 resources: control changes with almost any decision, the hand too: looked at
        # before each one (a control map only while the map holds 16 resources; one for every
        # player: a star placed changes no control).
        quick = not s[_STARS_DIRTY]   # (only the categories that change without it: place_goals)
        if quick and not self.always:
            return None
        ctrl = None
        r = self.res16 - 1
        if r >= 0 and sum(s[_RES0:f0(self)]) >= 16:
            for p in range(s[_N]):   # (a control map only if a player still lacks the star)
                if not (goal_mask(self, p) >> r) & 1:
                    ctrl = res_control(self)
                    break
        s[_STARS_DIRTY] = 0
        order = seats(self)
        i = order.index(s[_ACTIVE])
        for k in range(len(order)):
            if place_goals(self, order[(i + k) % len(order)], False, ctrl, quick):
                return None
        if self.DESOLATION:   # (the stars just placed may cover the last tile: the game ends at once)
            from .fenris_desolation import covered, end
            if covered(self):
                end(self, True)
        return None

    @staticmethod
    def size(board):
        return _RES0 + 4 * board.n_spaces + _F_SIZE + _TAIL

    def _with_bytes(self, data):
        return FenrisState(self.board, data)

    def mods(self):
        """The modules on (content.MOD_*)."""
        x = f0(self)
        return self.s[x + _F_MODS] | (self.s[x + _F_MODS + 1] << 8) | (self.s[x + _F_MODS_HI] << 16)

    def objectives_gone(self):
        """The objective cards out of the deck and of every hand but not revealed by a star
        (check.py): Episode 2a's 6 removed, Episode 1's revealed one, Episode 5's 3."""
        gone = (6 if self.WARSETUP else 0) + (1 if self.EXTRAOBJ and self.s[f0(self) + _F_EXTRA] else 0)
        return gone + (fortress_gone(self) if self.FORTRESS else 0)   # (Episode 5's 5, 7 and 22)

    def check(self):
        # Fenris's home base (K_DEAL_BASE) is asked at ST_START, before the units stand on the map.
        problem = None if self.s[_STAGE] == _ST_START else State.check(self)
        if problem:
            return problem
        mods = self.mods()
        if not mods or mods >> _N_MODULES or clash(mods):
            return "modules %d" % mods
        if self.goals is not None:
            for p in range(self.n_players()):
                m = goal_mask(self, p)
                k = 0
                while m:
                    k += m & 1
                    m >>= 1
                if goal_mask(self, p) >> len(self.goals) or (
                        self.tiles and self.s[po(p) + _P_STARS] != (1 << k) - 1):
                    return "stars of player %d" % p
        elif self.tiles and self.s[_STAGE] >= _ST_SECTION:
            return "Triumph Tiles not dealt"
        if self.RIVALS:
            problem = R.check(self)
        if not problem and self.ALLIANCES:
            problem = A.check(self)
        if not problem and self.MECHMODS:
            problem = MM.check(self)
        if not problem and self.INFRA:
            problem = I.check(self)
        if not problem and self.BASES:
            problem = F.check(self)
        if not problem and self.VESNA:
            problem = V.check(self)
        if not problem and self.WARSETUP:
            from .fenris_warsetup import check

            problem = check(self)
        if not problem and self.EXTRAOBJ:
            from .fenris_extraobj import check as extra

            problem = extra(self)
        return problem or figure_check(self)

    def chance_outcomes(self):
        """Uniform, but a combat card turned up from the deck (Mad Tesla's setup): by the cards of
        each value not in the discard pile; Episode 3's draw: by the Factory cards drawn and not."""
        if self.decision() == _K_SEEN_CARD or self.decision() == _K_PLEA_DRAW:
            return seen_weights(self)
        return State.chance_outcomes(self)
