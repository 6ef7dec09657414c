# Pie in the Sky, the expansion of My Little Scythe, as an option of its ruleset: a game
# with the expansion on is a PitsState, a State whose bytes carry a block after the base
# game's (layout.X_*) and whose tables add the expansion's stages and decision kinds.
# This module is imported only when the expansion is on (a new game with the option, or a
# save whose length says so): a base game never loads it. docs/pie-in-the-sky.md.
#
# What it adds: setup (airship mats by kingdom or dealt at random, the airship on the portal
# closest to the last player's base camp); the cargo holds (holders HOLD_CARGO + p: counted
# as controlled, spendable for Make actions, quests and deliveries, conserved); Seek with
# Air Support (the airship die, the airship's move, an apple or gem into the cargo hold or
# the kingdom's ability); the Unstable Portal; 5 trophies to win (layout.XOPT).
from ..compat import const, release
from . import move, quest, turns
from .engine import State

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_UNKNOWN = const(0)
_AB_UNSTABLE_PORTAL = const(1)
_ACTIVE = const(4)
_AIR_BOOST = const(1)
_AIR_BOOST_RANGE = const(6)
_AIR_DECLINE = const(63)
_AIR_FRIENDSHIP_LOSS = const(2)
_AIR_TROPHY = const(0)
_AM_DROPPER = const(0)
_AM_NOT_PLACED = const(63)
_AT_CAMP = const(63)
_A_MOVE = const(0)
_A_SEEK_1 = const(1)
_A_SEEK_2 = const(2)
_CARRY_FROM_HOLD = const(31)
_CUR_APPLES = const(142)
_CUR_DEST = const(15)
_CUR_SEEKER = const(14)
_DELIVERY = const(4)
_DELIV_COUNT = const(17)
_DELIV_GOOD = const(16)
_E_GIVE_APPLES = const(5)
_E_PAY_APPLES = const(1)
_FX_AIR_TRANSPORT = const(2)
_GOODS = const(292)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HELD = const(63)
_HOLD_CARGO = const(66)
_HOLD_HAND = const(65)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_AIR_DIE = const(30)
_K_AIR_MOVE = const(31)
_K_AIR_SUPPORT = const(32)
_K_AIR_TRANSPORT = const(38)
_K_AM_DIRECTION = const(34)
_K_CARRY = const(9)
_K_CARRY_GEMS = const(26)
_K_DROP_JUMP = const(37)
_K_FIRST_PLAYER = const(5)
_K_MOVE = const(8)
_K_PAY_FROM = const(17)
_K_PORTAL_SWAP = const(33)
_K_REJUVENATE = const(11)
_K_SEEK_PLACE = const(20)
_K_STATE_TERM = const(16)
_K_TROPHY = const(7)
_MAX_PLAYERS = const(6)
_MOVED = const(13)
_N = const(0)
_NONE = const(255)
_N_DROPS = const(5)
_N_KINDS = const(29)
_N_KINDS_PITS = const(39)
_N_STAGES = const(16)
_N_STAGES_PITS = const(18)
_OPS = const(45)
_OPS_I = const(44)
_OPS_N = const(43)
_OPS_RET = const(62)
_OP_DONE = const(61)
_P0 = const(148)
_PSZ = const(24)
_SEEK = const(37)
_SEEK_I = const(36)
_SK = const(5)
_STAGE = const(1)
_ST_ACTION = const(3)
_ST_AIR = const(17)
_ST_END = const(13)
_ST_MOVE = const(4)
_ST_OPS = const(10)
_ST_PITS_SETUP = const(16)
_ST_QUEST_TERMS = const(9)
_ST_SEEK_PLACE = const(12)
_ST_TURN_START = const(2)
_SUP = const(10)
_SUP_ABILITY = const(2)
_SUP_APPLE = const(0)
_SUP_GEM = const(1)
_SUP_NONE = const(3)
_S_MAKE = const(1)
_S_MOVE = const(0)
_TERM = const(146)
_TERMS_CANCEL = const(201)
_TERMS_DONE = const(200)
_TILE = const(7)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_T_APPLES = const(4)
_T_GEMS = const(5)
_XOPT = const(147)
_XPSZ = const(4)
_X_AM = const(33)
_X_AM_QUESTS = const(35)
_X_AM_SIDE = const(34)
_X_AM_STEP = const(36)
_X_CARGO = const(2)
_X_DIE = const(1)
_X_DROPS = const(37)
_X_GADGET = const(1)
_X_MAT = const(0)
_X_PL = const(9)
_X_SHIP = const(0)
_X_SIZE = const(42)
_X_STEP = const(2)
_X_SWAP = const(6)
# -- end of private copies --
_NO_PORTALS = const(254)   # _PortalBoard without portals (the EMP Device on one)
_TRANSPORT = const(8)      # X_STEP during a Move: 8 + k, K_AIR_TRANSPORT asked for Seeker k
_STATING_ABILITY = const(5)   # X_STEP while an unknown airship ability's terms are stated
_STATING_TILE = const(6)      # X_STEP while a new power-up tile's terms are stated
_TILE_STATED = const(4)       # X_AM_STEP: this turn's new tile was stated
_NEW_TILES = const(4)         # the expansion's power-up tiles: the content's last 4


_CONTENT = None
_SOLO_CONTENT = None


def _setup():
    from . import pits_setup

    return pits_setup


def contents(solo=False):
    """(Content, Pits) of the shipped expansion, built once (pits_setup.contents); solo: the
    Content of a game against Automountie (Copy Cat removed)."""
    global _CONTENT, _SOLO_CONTENT
    if solo:
        if _SOLO_CONTENT is None:
            _SOLO_CONTENT = _setup().contents(True)
        return _SOLO_CONTENT
    if _CONTENT is None:
        _CONTENT = _setup().contents()
    return _CONTENT


def new_game(board, players=2, content=None, camp_sites=None, kingdoms=None, random_mats=False,
             pits=None, automountie=None):
    """A new game with Pie in the Sky: as engine.new_game, with kingdoms 0..8 (7 Fox, 8 Owl;
    distinct: a kingdom's airship mat is its own) and the airship mats by kingdom, or dealt
    at random (chance decisions) when random_mats. pits: a pits_setup.Pits (tests).
    players=1: a solo game against Automountie (seat 1; automountie: her mat's side,
    AM_DROPPER or AM_EMP); kingdoms then names the player's and hers."""
    if players == 1 and content is None:
        content = contents(True)[0]   # solo: Copy Cat removed
    return _setup().new_game(PitsState, board, players, content, camp_sites, kingdoms, random_mats, pits,
                             automountie)


def _solo():
    from . import solo

    return solo


class _PortalBoard:
    """The board as player p's Seekers see it when p's Unstable Portal stands on space g:
    g is one more portal (for move.reach)."""

    def __init__(self, board, g):
        self.g = g
        self.n_spaces = board.n_spaces
        self.castle = board.castle
        self.steps = board.steps
        self.next_to_castle = board.next_to_castle
        self.camp_fronts = board.camp_fronts
        kind = bytearray(board.kind)
        if g == _NO_PORTALS:   # the EMP Device on a portal: no portal jumps
            for i in board.portals:
                kind[i] = 0
            self.portals = b""
        else:
            kind[g] = 1
            self.portals = board.portals if g in board.portals else board.portals + bytes((g,))
        self.kind = kind


class PitsState(State):
    """A game of My Little Scythe with Pie in the Sky."""

    def __init__(self, board, content=None, data=None, pits=None):
        if content is None or pits is None:
            c, x = contents(data is not None and data[_GOODS + 3 * board.n_spaces + _X_AM] != 0)
            content = c if content is None else content
            pits = x if pits is None else pits
        self.pits = pits
        self.x0 = _GOODS + 3 * board.n_spaces
        self._pb = None
        State.__init__(self, board, content, data)
        if data is None:
            s = self.s
            x = self.x0
            s[_XOPT] = 1
            s[x + _X_SHIP] = _NONE
            s[x + _X_DIE] = _NONE
            s[x + _X_SWAP] = _NONE
            for p in range(_MAX_PLAYERS):
                o = x + _X_PL + p * _XPSZ
                s[o + _X_MAT] = _NONE
                s[o + _X_GADGET] = _NONE

    @staticmethod
    def size(board):
        return _GOODS + 3 * board.n_spaces + _X_SIZE

    def _with_bytes(self, data):
        return PitsState(self.board, self.content, data, self.pits)

    def _interrupt(self):
        s = self.s
        if s[self.x0 + _X_SWAP] != _NONE:   # goods came through the Unstable Portal
            return _K_PORTAL_SWAP, s[_ACTIVE]
        if s[_STAGE] == _ST_MOVE and s[self.x0 + _X_STEP] >= _TRANSPORT:
            return _K_AIR_TRANSPORT, s[_ACTIVE]
        if s[self.x0 + _X_AM]:   # Automountie's trophy checkpoints
            return _solo().events(self)
        return turns.events(self)

    def chance_outcomes(self):
        if self.s[_KIND] == _K_AIR_DIE:
            w = self.pits.air_die
            return [(a, w[a]) for a in (_AIR_TROPHY, _AIR_BOOST) if w[a]]
        return State.chance_outcomes(self)

    def check(self):
        from . import loading

        return loading.check(self) or _setup().check(self)

    def _load_check(self):
        problem = self.check()
        release(__name__.rsplit(".", 1)[0] + ".loading")
        if self.s[_STAGE] != _ST_PITS_SETUP:
            release(__name__ + "_setup")   # a board resumes once: the checks are not kept
        return problem

    # ---- reading the expansion --------------------------------------------------------
    def airship(self):
        """The airship's space (NONE until placed at setup)."""
        return self.s[self.x0 + _X_SHIP]

    def air_die(self):
        """The airship die of the Seek being resolved (AIR_*), else NONE."""
        return self.s[self.x0 + _X_DIE]

    def air_range(self):
        """How far the airship may fly this Seek: 6 on a boost, else the trophies left on the
        active player's player mat: it holds 4 (the 5th, on the airship mat, is the last
        placed), so 4 - earned, 0 once 4 are earned (a move of 0: Air Support only from the
        airship's own space)."""
        if self.air_die() == _AIR_BOOST:
            return _AIR_BOOST_RANGE
        return max(0, _TROPHIES_TO_WIN - self.trophy_count(self.s[_ACTIVE]))

    def mat(self, p):
        """Player p's airship mat (its kingdom number), NONE before it is dealt."""
        return self.s[self.x0 + _X_PL + p * _XPSZ + _X_MAT]

    def gadget(self, p):
        """The space of player p's gadget, NONE while it is on the mat."""
        return self.s[self.x0 + _X_PL + p * _XPSZ + _X_GADGET]

    def cargo(self, p, good):
        """Apples (G_APPLE), gems (G_GEM) or quest tokens (G_QUEST: Automountie's only) in
        player p's cargo hold."""
        if good < 2:
            return self.s[self.x0 + _X_PL + p * _XPSZ + _X_CARGO + good]
        return self.s[self.x0 + _X_AM_QUESTS] if self.automountie(p) else 0

    def automountie(self, p):
        """Whether seat p is played by Automountie (a solo game)."""
        return bool(self.s[self.x0 + _X_AM] & (1 << p))

    def am_side(self):
        """Automountie's airship mat side (AM_DROPPER, AM_EMP), NONE without her."""
        return self.s[self.x0 + _X_AM_SIDE] if self.s[self.x0 + _X_AM] else _NONE

    def dropped(self):
        """The spaces of the trophies Automountie dropped (Trophy Dropper)."""
        o = self.x0 + _X_DROPS
        return [x for x in self.s[o:o + _N_DROPS] if x != _NONE]

    def trophy_count(self, p):
        """Trophies earned: on the track, and Automountie's on the map (Trophy Dropper)."""
        n = State.trophy_count(self, p)
        if self.automountie(p):
            n += len(self.dropped())
        return n

    def ability(self, p):
        """Player p's airship ability (AB_*), AB_UNKNOWN when its text is unknown."""
        m = self.mat(p)
        return _AB_UNKNOWN if m == _NONE else self.pits.mat_ability[m]

    def swap_pending(self):
        """(space, apples, gems) carried through the Unstable Portal, waiting for the swap."""
        o = self.x0 + _X_SWAP
        s = self.s
        return None if s[o] == _NONE else (s[o], s[o + 1], s[o + 2])

    def _portal(self, p):
        """The space of player p's Unstable Portal, else NONE."""
        return self.gadget(p) if self.ability(p) == _AB_UNSTABLE_PORTAL else _NONE

    # ---- where goods are held: the cargo holds are holders HOLD_CARGO + p -------------------
    def _index(self, x, good):
        if x < _HOLD_SUPPLY:
            return _GOODS + good * self.board.n_spaces + x
        if x == _HOLD_SUPPLY:
            return _SUP + good
        if x == _HOLD_HAND:
            return _HELD
        if good == _G_QUEST:   # only Automountie's hold takes quest tokens
            return self.x0 + _X_AM_QUESTS
        return self.x0 + _X_PL + (x - _HOLD_CARGO) * _XPSZ + _X_CARGO + good

    def goods_at(self, x, good):
        if x >= _HOLD_CARGO:
            return self.cargo(x - _HOLD_CARGO, good)
        return State.goods_at(self, x, good)

    def move_goods(self, good, src, dst, k):
        s = self.s
        s[self._index(src, good)] -= k
        s[self._index(dst, good)] += k

    def holders(self):
        return State.holders(self) + tuple(_HOLD_CARGO + p for p in range(self.s[_N]))

    def controlled(self, p, good):
        """On the spaces of p's Seekers and in p's cargo hold."""
        return State.controlled(self, p, good) + self.cargo(p, good)

    def carry_options(self, k, d):
        """move.carry_options; onto the castle also carrying nothing while the cargo hold pays
        a whole delivery (CARRY_FROM_HOLD as the apples, or as the gems)."""
        opts = move.carry_options(self, k, d)
        goods = _hold_goods(self, self.s[_ACTIVE]) if d == self.board.castle else ()
        if goods and not _carries_to_castle(self, k):
            opts = []   # 2 steps away: it may only go there carrying nothing
        for g in goods:
            opts.append(_CARRY_FROM_HOLD if g == _G_APPLE else 32 * _CARRY_FROM_HOLD)
        return opts

    def reach(self, p, k, carrying):
        """move.reach, with p's Unstable Portal as one more portal for p's Seekers; no portal
        jumps at all while Automountie's EMP Device stands on a portal."""
        g = self._portal(p)
        if self.s[self.x0 + _X_AM] and _solo().emp_on_portal(self):
            g = _NO_PORTALS
        elif g == _NONE:
            return move.reach(self, p, k, carrying)
        if self._pb is None or self._pb.g != g:
            self._pb = _PortalBoard(self.board, g)
        board = self.board
        self.board = self._pb
        try:
            return move.reach(self, p, k, carrying)
        finally:
            self.board = board


# ---- the rules --------------------------------------------------------------------------
def _air_targets(st):
    """The spaces the airship may fly to: within air_range() steps between neighbouring
    spaces (flying over Seekers, never into the castle, no portal jumps), holding an apple
    or a gem; its own space (a move of 0) only when it holds one."""
    board = st.board
    ns = board.n_spaces
    castle = board.castle
    steps = board.steps
    dist = bytearray(b"\xff" * ns)
    start = st.airship()
    dist[start] = 0
    frontier = [start]
    r = st.air_range()
    d = 0
    while frontier and d < r:
        d += 1
        nxt = []
        for x in frontier:
            for i in range(x * 6, x * 6 + 6):
                y = steps[i]
                if y == 255:
                    break
                if y != castle and dist[y] == 255:
                    dist[y] = d
                    nxt.append(y)
        frontier = nxt
    return [x for x in range(ns) if dist[x] != 255 and (st.goods_at(x, _G_APPLE) or st.goods_at(x, _G_GEM))]


def _gadget_on(st, x):
    """Whether any gadget stands on space x."""
    for p in range(st.s[_N]):
        if st.gadget(p) == x:
            return True
    return False


def _swap_range(st):
    space, a, g = st.swap_pending()
    return a - min(a, st.supply(_G_GEM)), a + min(g, st.supply(_G_APPLE))


def pending(st):
    """ST_PITS_SETUP: pits_setup.pending (released once it is over); ST_AIR: the airship
    die, its move, Air Support, then the turn's end."""
    s = st.s
    x = st.x0
    if s[_STAGE] == _ST_PITS_SETUP:
        r = _setup().pending(st)
        if s[_STAGE] != _ST_PITS_SETUP:
            release(__name__ + "_setup")   # set up: its code is not needed again this game
        return r
    i = s[x + _X_STEP]
    if i == 4:   # Automountie's airship after her Seek
        return _solo().air_pending(st)
    if i == 0:
        return _K_AIR_DIE, _NONE
    if i == 1:
        return _K_AIR_MOVE, s[_ACTIVE]
    if i == 2:
        return _K_AIR_SUPPORT, s[_ACTIVE]
    s[x + _X_DIE] = _NONE
    s[x + _X_STEP] = 0
    s[_STAGE] = _ST_END
    return None


def legal(st):
    """At setup, pits_setup.legal (K_DEAL_MAT, the airship's portal). K_AIR_DIE: its faces;
    K_AIR_MOVE: the airship's targets and AIR_DECLINE; K_AIR_SUPPORT: an apple or a gem from
    the airship's space, the ability when it can be used, nothing; K_PORTAL_SWAP: how many of
    the goods carried through the Unstable Portal are apples."""
    s = st.s
    kind = s[_KIND]
    x = st.x0
    if s[_STAGE] == _ST_PITS_SETUP:
        return _setup().legal(st)
    if kind >= _K_AM_DIRECTION:
        return [0, 1] if kind == _K_AIR_TRANSPORT else _solo().legal(st)
    if kind == _K_AIR_DIE:
        return [a for a, w in st.chance_outcomes()]
    if kind == _K_AIR_MOVE:
        return _air_targets(st) + [_AIR_DECLINE]
    if kind == _K_AIR_SUPPORT:
        ship = s[x + _X_SHIP]
        if s[x + _X_AM] and _solo().emp_zone(st, ship):
            return [_SUP_NONE]   # no Air Support in the EMP Device's region
        opts = [g for g in (_SUP_APPLE, _SUP_GEM) if st.goods_at(ship, g)]
        ab = st.ability(s[_ACTIVE])
        if (ab == _AB_UNSTABLE_PORTAL and not _gadget_on(st, ship)
                or ab == _AB_UNKNOWN and st.mat(s[_ACTIVE]) != _NONE):
            opts.append(_SUP_ABILITY)   # an unknown ability: its effect is stated (K_STATE_TERM)
        opts.append(_SUP_NONE)
        return opts
    lo, hi = _swap_range(st)   # _K_PORTAL_SWAP
    return list(range(lo, hi + 1))


def do(st, a):
    s = st.s
    kind = s[_KIND]
    x = st.x0
    act = s[_ACTIVE]
    if s[_STAGE] == _ST_PITS_SETUP:
        _setup().apply(st, a)
    elif kind == _K_AIR_TRANSPORT:
        if a:   # the airship goes with the Seeker (X_STEP: _TRANSPORT + the Seeker)
            s[x + _X_SHIP] = s[_P0 + act * _PSZ + _SK + s[x + _X_STEP] - _TRANSPORT]
        s[x + _X_STEP] = 0
    elif kind >= _K_AM_DIRECTION:
        _solo().do(st, a)
    elif kind == _K_AIR_DIE:
        s[x + _X_DIE] = a
        s[x + _X_STEP] = 1
    elif kind == _K_AIR_MOVE:
        if a == _AIR_DECLINE:
            s[x + _X_STEP] = 3
        else:
            s[x + _X_SHIP] = a
            s[x + _X_STEP] = 2
    elif kind == _K_AIR_SUPPORT:
        ship = s[x + _X_SHIP]
        if a == _SUP_APPLE or a == _SUP_GEM:
            st.move_goods(a, ship, _HOLD_CARGO + act, 1)
            if st.occupants(ship) & ~(1 << act):   # taken from another player
                quest.lose_friendship(st, act, _AIR_FRIENDSHIP_LOSS)
        elif a == _SUP_ABILITY and st.ability(act) == _AB_UNKNOWN:
            _state_effect(st, _STATING_ABILITY)   # the mat's text, read at the table: stated
            return
        elif a == _SUP_ABILITY:   # the Unstable Portal onto the airship's space
            s[x + _X_PL + act * _XPSZ + _X_GADGET] = ship
        s[x + _X_STEP] = 3
    else:   # _K_PORTAL_SWAP: a = the apples among the goods carried through
        space, apples, gems = st.swap_pending()
        if a > apples:
            st.move_goods(_G_GEM, space, _HOLD_SUPPLY, a - apples)
            st.move_goods(_G_APPLE, _HOLD_SUPPLY, space, a - apples)
        elif a < apples:
            st.move_goods(_G_APPLE, space, _HOLD_SUPPLY, apples - a)
            st.move_goods(_G_GEM, _HOLD_SUPPLY, space, apples - a)
        s[x + _X_SWAP] = _NONE


_BASE_FIRST = State.DO[_K_FIRST_PLAYER]
_BASE_SEEK_PLACE = State.PENDING[_ST_SEEK_PLACE]
_BASE_TURN_START = State.PENDING[_ST_TURN_START]
_BASE_END = State.PENDING[_ST_END]
_BASE_STATE_TERM = State.DO[_K_STATE_TERM]
_BASE_ACTION = State.PENDING[_ST_ACTION]
_BASE_LEGAL_SEEK = State.LEGAL[_K_SEEK_PLACE]
_BASE_DO_SEEK = State.DO[_K_SEEK_PLACE]
_BASE_REJUVENATE = State.DO[_K_REJUVENATE]
_BASE_TROPHY = State.LEGAL[_K_TROPHY]


def _first_player(st, a):
    """The base setup's last decision; then the expansion's setup."""
    _BASE_FIRST(st, a)
    st.s[st.x0 + _X_STEP] = 0
    st.s[_STAGE] = _ST_PITS_SETUP


def _hold_goods(st, p):
    """The goods whose whole delivery p's cargo hold pays (a Seeker carrying nothing onto the
    castle): 4 or more in the hold, that delivery's trophy not earned, no delivery under way."""
    s = st.s
    if s[_DELIV_COUNT]:
        return ()
    tro = s[_P0 + p * _PSZ + _TRO]
    return [g for g in (_G_APPLE, _G_GEM)
            if st.cargo(p, g) >= _DELIVERY and not tro & (1 << (_T_APPLES if g == _G_APPLE else _T_GEMS))]


def _carries_to_castle(st, k):
    """Whether Seeker k of the active player may carry goods onto the castle (one carried step)."""
    p = st.s[_ACTIVE]
    return st.s[_P0 + p * _PSZ + _SK + k] != _AT_CAMP and st.board.castle in st.reach(p, k, True)


def _move_legal(st):
    """move.legal (K_MOVE, K_CARRY, K_CARRY_GEMS), and: while the cargo hold pays a whole
    delivery, the castle for a Seeker carrying nothing (within its 2 steps: st.reach's
    carrying 2), and CARRY_FROM_HOLD among the carry answers there."""
    opts = move.legal(st)
    s = st.s
    p = s[_ACTIVE]
    goods = _hold_goods(st, p)
    if not goods:
        return opts
    castle = st.board.castle
    kind = s[_KIND]
    if kind == _K_MOVE:
        for k in range(2):
            a = k * 64 + castle
            if not s[_MOVED] & (1 << k) and a not in opts and castle in st.reach(p, k, 2):
                opts.append(a)
    elif s[_CUR_DEST] == castle:
        apples = s[_CUR_APPLES]
        if kind == _K_CARRY_GEMS and apples == _CARRY_FROM_HOLD:
            return [0]   # the hold's apples: no gems
        if not _carries_to_castle(st, s[_CUR_SEEKER]):
            opts = []    # 2 steps away: it may only go there carrying nothing
        for g in goods:
            v = _NONE
            if kind == _K_CARRY:
                v = _CARRY_FROM_HOLD if g == _G_APPLE else 0
            elif g == _G_GEM and apples == 0:
                v = _CARRY_FROM_HOLD
            if v != _NONE and v not in opts:
                opts.append(v)
    return opts


def _carry_gems(st, a):
    """The base game's move, then: a delivery completed from the cargo hold (the rest of one
    under way, or all of it: CARRY_FROM_HOLD, the Seeker carrying nothing); goods carried
    through p's Unstable Portal (a move that
    starts or ends on its space and does not go to a neighbouring space: a portal jump) may
    be swapped (K_PORTAL_SWAP). Deliveries onto the castle are not swapped."""
    s = st.s
    p = s[_ACTIVE]
    k = s[_CUR_SEEKER]
    d = s[_CUR_DEST]
    loc = s[_P0 + p * _PSZ + _SK + k]
    apples = s[_CUR_APPLES]
    castle = st.board.castle
    hold = _NONE
    if d == castle and (apples == _CARRY_FROM_HOLD or a == _CARRY_FROM_HOLD):
        hold = _G_APPLE if apples == _CARRY_FROM_HOLD else _G_GEM
        s[_CUR_APPLES] = 0
        a = 0
    move.do(st, a)
    if hold != _NONE:
        s[_DELIV_GOOD] = hold   # nothing carried: the good is the one the hold delivers
    if loc == st.airship() and d != castle and _air_transport(st, p, k, loc, d):
        s[st.x0 + _X_STEP] = _TRANSPORT + k   # K_AIR_TRANSPORT: the airship may go along
    rest = _DELIVERY - s[_DELIV_COUNT]
    if d == castle and (rest < _DELIVERY or hold != _NONE) and st.cargo(p, s[_DELIV_GOOD]) >= rest:
        # A delivery under way: the cargo hold pays the rest at once when it holds it.
        st.move_goods(s[_DELIV_GOOD], _HOLD_CARGO + p, castle, rest)
        s[_DELIV_COUNT] = _DELIVERY
        move._complete_delivery(st, p)
        return
    g = st._portal(p)
    if g == _NONE or not (apples or a) or d == loc or d == _AT_CAMP or d == st.board.castle:
        return
    if s[_P0 + p * _PSZ + _SK + k] != d or (loc != g and d != g):
        return
    steps = st.board.steps
    near = loc if d == g else d
    for i in range(g * 6, g * 6 + 6):
        if steps[i] == near:
            return   # a step to a neighbour, not through the portal
    o = st.x0 + _X_SWAP
    s[o] = d
    s[o + 1] = apples
    s[o + 2] = a


def _air_transport(st, p, k, loc, d):
    """Whether p's Air Transport may take the airship from loc along with a Seeker that moved
    to d: p holds the tile, and d is a space one or two steps between neighbouring spaces
    away (the airship never goes through a portal, into the castle or onto a camp)."""
    t = st.s[_P0 + p * _PSZ + _TILE + _S_MOVE]
    if t == _NONE or st.content.tile_effect[t] != _FX_AIR_TRANSPORT or d == _AT_CAMP or d == loc:
        return False
    if st.s[_P0 + p * _PSZ + _SK + k] != d:
        return False
    steps = st.board.steps
    for i in range(loc * 6, loc * 6 + 6):
        y = steps[i]
        if y == d:
            return True
        if y != _NONE and d in steps[y * 6:y * 6 + 6]:
            return True
    return False


def _pay_from(st):
    """The base game's holders to pay from, and the cargo hold: it pays quests, Make
    actions and gifts like the goods on the map (gains still go onto Seekers' spaces)."""
    opts = quest.legal(st)
    s = st.s
    act = s[_ACTIVE]
    term = s[_OPS + 2 * s[_OPS_I]]
    if st.cargo(act, _G_APPLE if term == _E_PAY_APPLES or term == _E_GIVE_APPLES else _G_GEM):
        opts.append(_HOLD_CARGO + act)
    return opts


def _seek_place(st):
    """The base game's Seek placement; once every token is placed, Air Support follows
    (for the Seek actions whose overlay rolls the airship die); Automountie's airship flies
    after every Seek of hers."""
    r = _BASE_SEEK_PLACE(st)
    s = st.s
    if s[_STAGE] != _ST_END:
        return r
    if st.automountie(s[_ACTIVE]):
        s[st.x0 + _X_STEP] = 4
        s[_STAGE] = _ST_AIR
    elif st.pits.air_seeks[0 if st.last_action(s[_ACTIVE]) == _A_SEEK_1 else 1]:
        s[st.x0 + _X_STEP] = 0
        s[_STAGE] = _ST_AIR
    return r


def _seek_spaces(st):
    """The base game's spaces for a Seek's token; for Automountie's quest token also
    AM_NOT_PLACED: her card put it on a Seeker, so it is not placed."""
    opts = _BASE_LEGAL_SEEK(st)
    s = st.s
    if st.automountie(s[_ACTIVE]) and s[_SEEK + s[_SEEK_I]] >> 3 == _G_QUEST:
        for x in st.board.region_spaces[s[_SEEK + s[_SEEK_I]] & 7]:
            if st.occupants(x) and not st.quest_token(x):
                opts.append(_AM_NOT_PLACED)
                break
    return opts


def _seek_token(st, a):
    if a == _AM_NOT_PLACED:
        st.s[_SEEK_I] += 1
    else:
        _BASE_DO_SEEK(st, a)


def _state_effect(st, what):
    """An effect whose text the engine does not know (an airship ability, a new power-up
    tile), played the physical way: the player states its terms (K_STATE_TERM, then
    K_TERM_AMOUNT, as for a quest card), and they run; X_STEP says what is stated."""
    s = st.s
    s[_OPS_N] = 0
    s[_TERM] = _NONE
    s[st.x0 + _X_STEP] = what
    s[_STAGE] = _ST_QUEST_TERMS


def _state_term(st, a):
    """K_STATE_TERM: for a stated ability or tile, TERMS_DONE runs the terms and ends the
    turn's part (Air Support, the action), TERMS_CANCEL goes back to the Air Support choice
    (an ability) or states nothing (a tile); a quest card's terms as in the base game."""
    s = st.s
    x = st.x0
    what = s[x + _X_STEP]
    if what != _STATING_ABILITY and what != _STATING_TILE or a != _TERMS_DONE and a != _TERMS_CANCEL:
        return _BASE_STATE_TERM(st, a)
    s[x + _X_STEP] = 0
    if a == _TERMS_CANCEL:
        s[_OPS_N] = 0
        if what == _STATING_ABILITY:
            s[x + _X_STEP] = 2
            s[_STAGE] = _ST_AIR
            return
    s[x + _X_DIE] = _NONE
    s[_OPS_I] = 0
    s[_OP_DONE] = 0
    s[_OPS_RET] = _ST_END
    s[_STAGE] = _ST_OPS


def _new_tile(st, p):
    """The expansion's power-up tile p holds for the section of the action just taken (Move:
    the Move tile; Bake, Conjure, Power Up: the Make tile) when its effect is unknown, else NONE."""
    s = st.s
    last = st.last_action(p)
    if last == _NONE or last == _A_SEEK_1 or last == _A_SEEK_2:
        return _NONE
    t = s[_P0 + p * _PSZ + _TILE + (_S_MOVE if last == _A_MOVE else _S_MAKE)]
    c = st.content
    if t == _NONE or t < len(c.power_ups) - _NEW_TILES or c.tile_effect[t] or c.power_ups[t][0] is not None:
        return _NONE
    return t


def _end(st):
    """The end of an action: a new power-up tile whose text is unknown, held for that action's
    section, is stated once (its bonus, or nothing: TERMS_DONE at once)."""
    s = st.s
    p = s[_ACTIVE]
    if not s[st.x0 + _X_AM_STEP] & _TILE_STATED and not st.automountie(p) and _new_tile(st, p) != _NONE:
        s[st.x0 + _X_AM_STEP] |= _TILE_STATED
        _state_effect(st, _STATING_TILE)
        return None
    return _BASE_END(st)


def _turn_start(st):
    """A new turn: Trophy Dropper's move may be offered again."""
    st.s[st.x0 + _X_AM_STEP] = 0
    return _BASE_TURN_START(st)


def _action(st):
    """Before a player's action in a solo game with dropped trophies: K_DROP_JUMP."""
    s = st.s
    if s[st.x0 + _X_AM] and s[st.x0 + _X_AM_SIDE] == _AM_DROPPER and _solo().offer_jump(st):
        return _K_DROP_JUMP, s[_ACTIVE]
    return _BASE_ACTION(st)


def _rejuvenate(st, a):
    """K_REJUVENATE; in a solo game Automountie's 2-pie bonus may defer her 8-Pie trophy."""
    if st.s[st.x0 + _X_AM]:
        _solo().rejuvenate(st, a, _BASE_REJUVENATE)
    else:
        _BASE_REJUVENATE(st, a)


def _trophy_options(st):
    """K_TROPHY: the base game's; in a solo game without Automountie's deferred 8-Pie trophy."""
    return _solo().trophy_options(st) if st.s[st.x0 + _X_AM] else _BASE_TROPHY(st)


def _table(base, extra, wrap):
    t = list(base) + list(extra)
    for i, f in wrap:
        t[i] = f
    return tuple(t)


PitsState.LEGAL = _table(State.LEGAL, (legal,) * (_N_KINDS_PITS - _N_KINDS),
                         ((_K_PAY_FROM, _pay_from), (_K_SEEK_PLACE, _seek_spaces), (_K_MOVE, _move_legal),
                          (_K_CARRY, _move_legal), (_K_CARRY_GEMS, _move_legal),
                          (_K_TROPHY, _trophy_options)))
PitsState.DO = _table(State.DO, (do,) * (_N_KINDS_PITS - _N_KINDS),
                      ((_K_FIRST_PLAYER, _first_player), (_K_CARRY_GEMS, _carry_gems),
                       (_K_SEEK_PLACE, _seek_token), (_K_STATE_TERM, _state_term),
                       (_K_REJUVENATE, _rejuvenate)))
PitsState.PENDING = _table(State.PENDING, (pending,) * (_N_STAGES_PITS - _N_STAGES),
                           ((_ST_SEEK_PLACE, _seek_place), (_ST_TURN_START, _turn_start),
                            (_ST_ACTION, _action), (_ST_END, _end)))
