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
# Here: the state (its bytes, readers, holders, reach) and its tables; the expansion's own
# stages and decisions are pits_airship.py's, its changes to the base game's turn
# pits_turn.py's, its setup and save checks pits_setup.py's, Automountie's solo.py's.
from ..compat import const, release
from . import move, pits_airship, pits_turn, turns
from .engine import State

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_UNKNOWN = const(0)
_AB_UNSTABLE_PORTAL = const(1)
_ACTIVE = const(4)
_AIR_BOOST = const(1)
_AIR_BOOST_RANGE = const(6)
_AIR_TROPHY = const(0)
_GOODS = const(292)
_G_QUEST = const(2)
_HELD = const(63)
_HOLD_CARGO = const(66)
_HOLD_HAND = const(65)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_AIR_DIE = const(30)
_K_AIR_TRANSPORT = const(38)
_K_AM_DIRECTION = const(34)
_K_AM_TROPHY = const(36)
_K_PORTAL_SWAP = const(33)
_MAX_PLAYERS = const(6)
_N = const(0)
_NONE = const(255)
_N_DROPS = const(5)
_STAGE = const(1)
_ST_MOVE = const(4)
_ST_PITS_SETUP = const(16)
_SUP = const(10)
_TROPHIES_TO_WIN = const(4)
_XOPT = const(147)
_XPSZ = const(4)
_XS_TRANSPORT = const(8)
_X_AM = const(33)
_X_AM_QUESTS = const(35)
_X_AM_SIDE = const(34)
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


_CONTENT = None
_SOLO_CONTENT = None


def contents(solo=False):
    """(Content, Pits) of the shipped expansion, built once (pits_setup.contents); solo: the
    Content of a game against Automountie (Copy Cat removed)."""
    global _CONTENT, _SOLO_CONTENT
    if solo:
        if _SOLO_CONTENT is None:
            _SOLO_CONTENT = pits_airship.setup_rules().contents(True)
        return _SOLO_CONTENT
    if _CONTENT is None:
        _CONTENT = pits_airship.setup_rules().contents()
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
    return pits_airship.setup_rules().new_game(PitsState, board, players, content, camp_sites, kingdoms,
                                               random_mats, pits, automountie)


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
        if s[_STAGE] == _ST_MOVE and s[self.x0 + _X_STEP] >= _XS_TRANSPORT:
            return _K_AIR_TRANSPORT, s[_ACTIVE]
        if s[self.x0 + _X_AM]:   # Automountie's trophy checkpoints
            return pits_airship.solo_rules().events(self)
        return turns.events(self)

    def chance_outcomes(self):
        kind = self.s[_KIND]
        if kind == _K_AIR_DIE:
            w = self.pits.air_die
            return [(a, w[a]) for a in (_AIR_TROPHY, _AIR_BOOST) if w[a]]
        if _K_AM_DIRECTION <= kind <= _K_AM_TROPHY:   # a model-deck game: her model card
            return pits_airship.solo_rules().model_outcomes(self)
        return State.chance_outcomes(self)

    def check(self):
        from . import loading

        return loading.check(self) or pits_airship.setup_rules().check(self)

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

    carry_options = pits_turn.carry_options   # a Seeker carrying nothing onto the castle too

    def reach(self, p, k, carrying):
        """move.reach, with p's Unstable Portal as one more portal for p's Seekers; no portal
        jumps at all while Automountie's EMP Device stands on a portal."""
        g = self._portal(p)
        if self.s[self.x0 + _X_AM] and pits_airship.solo_rules().emp_on_portal(self):
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


PitsState.LEGAL = pits_turn.LEGAL
PitsState.DO = pits_turn.DO
PitsState.PENDING = pits_turn.PENDING
