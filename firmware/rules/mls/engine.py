# The My Little Scythe rules engine (base game): one State, a decision API in the
# OpenSpiel shape, and every rule of the rulebook. Pure: no I/O, no random.
#
#   st = new_game(board, players=4)
#   while not st.is_terminal():
#       if st.current_player() == CHANCE: st.apply(pick(st.chance_outcomes()))
#       else: st.apply_checked(choice, player)
#
# The whole game is one bytearray (layout below): clone, save, hash and undo copy bytes.
# Decisions with a single legal option (but a Seeker's move) are applied automatically;
# view.history() lists only the decisions that were taken, and replaying it on a new game
# reproduces the state exactly.
from array import array

from . import movement
from ..compat import const, crc32, release
from .content import base_content
from ..errors import CorruptStateError, IllegalDecisionError, NotYourDecisionError

# Private copies of codes.py numbers: MicroPython inlines _NAME = const(v) at compile time
# (no RAM, no global lookup). tests/host/test_codes_match.py checks they equal codes.py.
_A_BAKE = const(3)
_A_CONJURE = const(4)
_A_MOVE = const(0)
_A_POWER_UP = const(5)
_A_SEEK_1 = const(1)
_A_SEEK_2 = const(2)
_AT_CAMP = const(63)
_CHANCE = const(-1)
_E_GAIN_APPLES = const(3)
_E_GAIN_FRIENDSHIP = const(9)
_E_GAIN_GEMS = const(4)
_E_GAIN_PIES = const(7)
_E_GAIN_SPELLS = const(11)
_E_GIVE_APPLES = const(5)
_E_GIVE_GEMS = const(6)
_E_LOSE_FRIENDSHIP = const(10)
_E_LOSE_PIES = const(8)
_E_LOSE_SPELLS = const(12)
_E_PAY_APPLES = const(1)
_E_PAY_GEMS = const(2)
_E_POWER_UP = const(13)
_FX_PORTAL_EXPRESS = const(1)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_K_ACTION = const(6)
_K_CARRY = const(9)
_K_DEAL_PERSONALITY = const(4)
_K_DEAL_SPELL = const(3)
_K_DISCARD_SPELL = const(24)
_K_DRAW_QUEST = const(14)
_K_DRAW_SPELL = const(12)
_K_DRAW_TILE = const(22)
_K_FIGHT_BID = const(10)
_K_FIRST_PLAYER = const(5)
_K_MOVE = const(8)
_K_OVER = const(25)
_K_CARRY_GEMS = const(26)
_K_BID_SPELL = const(27)
_K_TERM_AMOUNT = const(28)
_K_PAY_FROM = const(17)
_K_PLACE_ON = const(18)
_K_PU_KEEP = const(23)
_K_PU_SECTION = const(21)
_K_QUEST_OPTION = const(15)
_K_QUEST_PICK = const(13)
_K_REJUVENATE = const(11)
_K_SEEK_PLACE = const(20)
_K_SEEK_ROLL = const(19)
_K_SETUP_SPACE = const(2)
_K_SETUP_TILE = const(1)
_K_STATE_TERM = const(16)
_K_TROPHY = const(7)
_MAX_PLAYERS = const(6)
_MAX_STATED = const(7)
_MAX_TERMS = const(8)
_N_ACTIONS = const(6)
_N_SPELL_CLASSES = const(9)
_N_TERMS = const(13)
_N_TROPHIES = const(8)
_NONE = const(255)
_QUEST_DONE = const(63)
_QUEST_NO_THANKS = const(2)
_S_MAKE = const(1)
_S_MOVE = const(0)
_SPELL_UNKNOWN = const(8)
_T_APPLES = const(4)
_T_FRIENDSHIP = const(0)
_T_GEMS = const(5)
_T_PIE_FIGHT = const(6)
_T_PIES = const(7)
_T_POWER_UPS = const(1)
_T_QUESTS = const(3)
_T_SPELLS = const(2)
_TERMINAL = const(-4)
_TERMS_CANCEL = const(201)
_TERMS_DONE = const(200)
_TROPHIES_TO_WIN = const(4)
_TROPHY_DECLINE = const(8)

FORMAT = const(1)          # version of the serialised state; bump on any layout change
RULESET_MLS = const(1)
_MAGIC0 = const(0x50)      # "P"
_MAGIC1 = const(0x42)      # "B"
DELIVERY = const(4)        # a delivery is exactly 4 apples or 4 gems

# Stages of a turn (what happens next once no decision is pending).
_ST_SETUP = const(1)
_ST_TURN_START = const(2)
_ST_ACTION = const(3)
_ST_MOVE = const(4)
_ST_FIGHT = const(5)
_ST_QUESTS = const(6)
_ST_QUEST_DRAW = const(7)
_ST_QUEST_OPTION = const(8)
_ST_QUEST_TERMS = const(9)
_ST_OPS = const(10)
_ST_SEEK_ROLL = const(11)
_ST_SEEK_PLACE = const(12)
_ST_END = const(13)
_ST_NEXT = const(14)
_ST_OVER = const(15)

# Events: what a move or a fight triggers, resolved before the turn goes on.
_EV_REJUV = const(1)       # a player returned Seekers to camp: offer rejuvenation
_EV_TROPHY = const(2)      # a trophy checkpoint for a player
_EV_SPELL = const(3)       # a spell is drawn for a player (rejuvenation)
_CTX_TURN = const(0)       # checkpoint of the active player
_CTX_DEFENDER = const(1)   # a defender who won: the pie-fight trophy only, optional

# Turn flags.
_TF_APPLES = const(1)      # delivered 4 apples this turn
_TF_GEMS = const(2)        # delivered 4 gems this turn
_TF_FIGHT = const(4)       # the active player won a pie fight this turn

# --- layout of the state bytearray -------------------------------------------------------
_N = const(0)
_STAGE = const(1)
_KIND = const(2)
_DECIDER = const(3)
_ACTIVE = const(4)
_FIRST = const(5)
_TURN = const(6)           # 2 bytes
_FINALE = const(8)
_FINALE_LAST = const(9)
_SUP = const(10)           # supply: apples, gems, quest tokens
_MOVED = const(13)         # bit k: Seeker k has moved this turn
_CUR_SEEKER = const(14)
_CUR_DEST = const(15)
_DELIV_GOOD = const(16)    # _NONE or the good being delivered this turn
_DELIV_COUNT = const(17)
_TFLAGS = const(18)
_TROPHIES_TURN = const(19)
_REJUV = const(20)         # bit p: player p was rejuvenated this turn
_FIGHTS_N = const(21)
_FIGHTS = const(22)        # 2 spaces, in the order they were attacked
_FIGHT_DEF = const(24)     # defender of the fight being resolved, or _NONE
_ATT_BID = const(25)       # 2 bytes; 0xFFFF while the attacker has not bid
_EV_N = const(27)
_EV = const(28)            # 4 events x (type * 8 + player, context)
_SEEK_I = const(36)
_SEEK = const(37)          # 4 dice: good * 8 + region
_QUEST_CARD = const(41)
_QUEST_OPT = const(42)
_OPS_N = const(43)
_OPS_I = const(44)
_OPS = const(45)           # 8 x (term, amount)
_OP_DONE = const(61)
_OPS_RET = const(62)
_HELD = const(63)
_PU_SEC = const(64)
_PU_N = const(65)
_PU_DRAWN = const(66)      # 3
_SETUP_I = const(69)
_ORIENT = const(70)
_QDECK = const(71)         # 2 bytes: mask of quest cards not yet seen (shuffled part)
_QBOT_N = const(73)
_QBOT = const(74)          # 16: cards put back at the bottom, top first
_SDECK = const(90)         # 9: spell cards in the deck by class
_SDISC = const(99)         # 9: discarded spells by class
_PUDECK = const(108)       # 2 x 2 bytes: unseen tiles per pile (bit = index in the pile)
_PUBOT_N = const(112)      # 2
_PUBOT = const(114)        # 2 x 12 tile ids put back at the bottom
_PERS = const(138)         # personality cards not dealt
_LAST_FIGHT = const(139)   # attacker total, defender total, winner
_CUR_APPLES = const(142)   # apples the moving Seeker carries, once chosen (else NONE)
_BID_STEP = const(143)     # 0: pies, 1: first spell slot, 2: second spell slot
_BID = const(144)          # 2 bytes: the bid being entered (bid code so far)
_TERM = const(146)         # the stated term waiting for its amount, else NONE
_P0 = const(148)
_PSZ = const(24)
# per player
_FR = const(0)
_PIES = const(1)
_LAST = const(2)           # previous action, _NONE when free (rejuvenated / first turn)
_TRO = const(3)            # trophy mask
_CAMP = const(4)
_SK = const(5)             # 2 Seeker locations: space or _AT_CAMP
_TILE = const(7)           # 2: Move tile, Make tile (_NONE or tile id)
_PERSONA = const(9)
_QMASK = const(10)         # 2 bytes: resolved quest cards held
_QDONE = const(12)
_KINGDOM = const(13)
_SPELLS = const(14)        # 9: spell cards in hand by class
_REVEALED = const(23)
_GOODS = const(292)        # _P0 + _MAX_PLAYERS * _PSZ: apples[n], gems[n], quests[n]


def _bid_parts(code):
    return code % 8, (code // 8) % 17, code // 136


def _slot_value(slot):
    return 0 if slot == 0 else (slot - 1) % 8


def _slot_class(slot):
    return slot - 1 if slot <= 8 else _SPELL_UNKNOWN


def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def new_game(board, players=2, content=None, camp_sites=None, kingdoms=None):
    """A new game in setup: the pending decisions are chance ones (setup tile, deals,
    first player) until the first player chooses an action."""
    from . import setup

    return setup.new_game(State(board, content), players, camp_sites, kingdoms)


class State:
    """A game of My Little Scythe. Players are 0..n-1 in clockwise order."""

    def __init__(self, board, content=None, data=None):
        self.board = board
        self.content = content if content is not None else base_content()
        ns = board.n_spaces
        self._ga = _GOODS
        self._gg = _GOODS + ns
        self._gq = _GOODS + 2 * ns
        self.s = bytearray(_GOODS + 3 * ns) if data is None else data
        self._scratch = bytearray(ns)   # reach marks
        self._blocked = bytearray(ns)   # opponent occupancy for the mover
        self._legal_cache = None
        self._history = array("H")
        self._snaps = []
        self._initial = None
        self.undo_depth = 8
        # Keep the decision history in RAM (for undo past the snapshots and replay). A board
        # logs decisions to flash instead and turns this off to save RAM.
        self.keep_history = True

    # ---- public: decision API --------------------------------------------------------
    def current_player(self):
        d = self.s[_DECIDER]
        if self.s[_KIND] == _K_OVER:
            return _TERMINAL
        return _CHANCE if d == _NONE else d

    def decision(self):
        """The kind of the pending decision (codes.K_*)."""
        return self.s[_KIND]

    def is_terminal(self):
        return self.s[_KIND] == _K_OVER

    def legal_actions(self):
        if self._legal_cache is None:
            self._legal_cache = self._legal(self.s[_KIND])
        return self._legal_cache

    def chance_outcomes(self):
        """(outcome, weight) pairs of the pending chance decision."""
        kind = self.s[_KIND]
        s = self.s
        if kind == _K_DEAL_SPELL or kind == _K_DRAW_SPELL:
            return [(c, s[_SDECK + c]) for c in range(_N_SPELL_CLASSES) if s[_SDECK + c]]
        return [(a, 1) for a in self.legal_actions()]

    def apply(self, action):
        """Apply a legal decision, unchecked (fast path for search and trusted callers)."""
        if len(self._snaps) >= self.undo_depth:
            self._snaps.pop(0)
        self._snaps.append(bytes(self.s))
        if self.keep_history:
            self._history.append(action)
        self._do(action)
        self._advance()

    def apply_checked(self, action, player=None):
        """Apply a decision from the outside world (wire, sensor, person): raises a typed
        error naming the problem and changes nothing if it is not legal now."""
        if self.is_terminal():
            raise IllegalDecisionError("game_over", action)
        if player is not None and player != self.current_player():
            raise NotYourDecisionError("not_your_decision", player, self.current_player())
        if not isinstance(action, int) or action not in self.legal_actions():
            raise IllegalDecisionError("illegal", self.s[_KIND], action)
        self.apply(action)

    def undo(self):
        """Take back the last decision taken (with the automatic ones it caused)."""
        if self._snaps:
            self.s[:] = self._snaps.pop()
            if self._history:
                self._history = self._history[:-1]   # MicroPython arrays have no pop()
            self._legal_cache = None
            return
        if not self._history or self._initial is None:
            raise IllegalDecisionError("nothing_to_undo")
        self._history = self._history[:-1]
        self.s[:] = self._initial
        self._legal_cache = None
        self._advance()
        for a in self._history:
            self._do(a)
            self._advance()

    def clone(self):
        st = State(self.board, self.content, bytearray(self.s))
        st._history = array("H", self._history)
        st._snaps = list(self._snaps)
        st._initial = self._initial
        st.undo_depth = self.undo_depth
        st.keep_history = self.keep_history
        return st

    # ---- public: serialisation --------------------------------------------------------
    def to_bytes(self):
        """A short, versioned form: magic, format, ruleset, spaces, length, state, crc32."""
        s = self.s
        head = bytes((_MAGIC0, _MAGIC1, FORMAT, RULESET_MLS, self.board.n_spaces, len(s) & 0xFF, len(s) >> 8))
        c = crc32(s) & 0xFFFFFFFF
        return head + bytes(s) + bytes((c & 0xFF, (c >> 8) & 0xFF, (c >> 16) & 0xFF, c >> 24))

    @classmethod
    def from_bytes(cls, board, data, content=None):
        """A State read back from to_bytes(); CorruptStateError if it cannot be trusted."""
        from . import loading

        st = cls(board, content, loading.body(board, data))
        problem = loading.check(st)
        release(loading.__name__)
        if problem:
            raise CorruptStateError("corrupt_state", problem)
        return st

    def check(self):
        """None if the state is consistent, else a short description of what is not."""
        from . import loading

        return loading.check(self)

    def public_bytes(self):
        """to_bytes() with what the table must not see yet blanked: a bid entered by the
        attacker while the defender still bids."""
        c = State(self.board, self.content, bytearray(self.s))
        s = c.s
        s[_ATT_BID] = s[_ATT_BID + 1] = 0
        s[_BID] = s[_BID + 1] = 0
        return c.to_bytes()

    def hash(self):
        return crc32(self.s) & 0xFFFFFFFF

    # ---- public: reading the game -----------------------------------------------------
    def active_player(self):
        return self.s[_ACTIVE]

    def n_players(self):
        return self.s[_N]

    def last_fight(self):
        """(attacker total, defender total, winner) of the last pie fight, or None."""
        s = self.s
        if s[_LAST_FIGHT + 2] == _NONE:
            return None
        return s[_LAST_FIGHT], s[_LAST_FIGHT + 1], s[_LAST_FIGHT + 2]

    def fight_space(self):
        """The space of the pie fight being bid for, or NONE."""
        s = self.s
        return s[_FIGHTS] if s[_FIGHTS_N] and s[_FIGHT_DEF] != _NONE else _NONE

    def turn(self):
        return self.s[_TURN] | (self.s[_TURN + 1] << 8)

    def pies(self, p):
        return self.s[_P0 + p * _PSZ + _PIES]

    def trophy_count(self, p):
        return _popcount(self.s[_P0 + p * _PSZ + _TRO])

    def seekers(self, p):
        o = _P0 + p * _PSZ + _SK
        return self.s[o], self.s[o + 1]

    def last_action(self, p):
        return self.s[_P0 + p * _PSZ + _LAST]

    def spells(self, p):
        """Number of magic spell cards in player p's hand."""
        o = _P0 + p * _PSZ + _SPELLS
        return sum(self.s[o:o + _N_SPELL_CLASSES])

    def apples(self, space):
        return self.s[self._ga + space]

    def gems(self, space):
        return self.s[self._gg + space]

    def quest_token(self, space):
        return self.s[self._gq + space]

    def supply(self, good):
        return self.s[_SUP + good]

    def moving_seeker(self):
        """(seeker, destination) of a move waiting for its carry decision, else None."""
        if self.s[_STAGE] != _ST_MOVE or self.s[_CUR_SEEKER] == _NONE:
            return None
        return self.s[_CUR_SEEKER], self.s[_CUR_DEST]

    def stated_terms(self):
        s = self.s
        return tuple((s[_OPS + 2 * i], s[_OPS + 2 * i + 1]) for i in range(s[_OPS_N]))

    def drawn_tiles(self):
        return tuple(self.s[_PU_DRAWN:_PU_DRAWN + self.s[_PU_N]])

    def controlled(self, p, good):
        """Apples or gems on the spaces where player p has a Seeker (each space once)."""
        a, b = self.seekers(p)
        base = self._ga if good == _G_APPLE else self._gg
        n = 0
        if a != _AT_CAMP:
            n += self.s[base + a]
        if b != _AT_CAMP and b != a:
            n += self.s[base + b]
        return n

    def occupants(self, space):
        """Bit mask of the players with a Seeker on space."""
        s = self.s
        m = 0
        for p in range(s[_N]):
            o = _P0 + p * _PSZ + _SK
            if s[o] == space or s[o + 1] == space:
                m |= 1 << p
        return m

    def winners(self):
        """The players crowned at the end: 4 trophies, then most friendship, then most apples
        and gems controlled on the map; all still tied share the win. () until the end."""
        if not self.is_terminal():
            return ()
        s = self.s
        cands = [p for p in range(s[_N]) if self.trophy_count(p) >= _TROPHIES_TO_WIN]
        for tie_break in (0, 1):
            if tie_break == 0:
                score = [s[_P0 + p * _PSZ + _FR] for p in cands]
            else:
                score = [self.controlled(p, _G_APPLE) + self.controlled(p, _G_GEM) for p in cands]
            best = max(score)
            cands = [p for i, p in enumerate(cands) if score[i] == best]
        return tuple(cands)

    # ---- setup -----------------------------------------------------------------------
    # ---- the flow --------------------------------------------------------------------
    def _advance(self):
        """Run automatic steps until a decision is pending; apply forced single options."""
        while True:
            kind, decider = self._next_decision()
            self.s[_KIND] = kind
            self.s[_DECIDER] = decider
            self._legal_cache = None
            if kind == _K_OVER:
                return
            opts = self._legal(kind)
            if len(opts) == 1 and kind != _K_MOVE:   # a Seeker is always moved by hand
                self._do(opts[0])
                continue
            if not opts:
                raise IllegalDecisionError("no_options", kind)
            self._legal_cache = opts
            return

    def _next_decision(self):
        s = self.s
        while True:
            if s[_EV_N]:
                r = self._event_decision()
                if r:
                    return r
                continue
            st = s[_STAGE]
            act = s[_ACTIVE]
            if st == _ST_SETUP:
                from . import setup

                return setup.pending(self), _NONE
            if st == _ST_TURN_START:
                self._start_turn()
                continue
            if st == _ST_ACTION:
                return _K_ACTION, act
            if st == _ST_MOVE:
                if s[_MOVED] == 3:
                    s[_STAGE] = _ST_FIGHT
                    continue
                if s[_CUR_SEEKER] == _NONE:
                    return _K_MOVE, act
                return (_K_CARRY if s[_CUR_APPLES] == _NONE else _K_CARRY_GEMS), act
            if st == _ST_FIGHT:
                r = self._fight_decision()
                if r:
                    return r
                continue
            if st == _ST_QUESTS:
                if self._quest_spaces():
                    return _K_QUEST_PICK, act
                s[_STAGE] = _ST_END
                continue
            if st == _ST_QUEST_DRAW:
                self._refill_quests()
                return _K_DRAW_QUEST, _NONE
            if st == _ST_QUEST_OPTION:
                return _K_QUEST_OPTION, act
            if st == _ST_QUEST_TERMS:
                return (_K_STATE_TERM if s[_TERM] == _NONE else _K_TERM_AMOUNT), act
            if st == _ST_OPS:
                r = self._op_decision()
                if r:
                    return r
                continue
            if st == _ST_SEEK_ROLL:
                if s[_SEEK_I] < 4:
                    return _K_SEEK_ROLL, _NONE
                s[_SEEK_I] = 0
                s[_STAGE] = _ST_SEEK_PLACE
                continue
            if st == _ST_SEEK_PLACE:
                if s[_SEEK_I] >= 4:
                    s[_STAGE] = _ST_END
                    continue
                if self._seek_targets():
                    return _K_SEEK_PLACE, act
                s[_SEEK_I] += 1  # nowhere to put it (or the supply is out): ignored
                continue
            if st == _ST_END:
                self._push_event(_EV_TROPHY, act, _CTX_TURN)
                s[_STAGE] = _ST_NEXT
                continue
            if st == _ST_NEXT:
                self._next_turn()
                continue
            return _K_OVER, _NONE

    def _start_turn(self):
        s = self.s
        s[_MOVED] = 0
        s[_CUR_SEEKER] = _NONE
        s[_DELIV_GOOD] = _NONE
        s[_DELIV_COUNT] = 0
        s[_TFLAGS] = 0
        s[_TROPHIES_TURN] = 0
        s[_REJUV] = 0
        s[_FIGHTS_N] = 0
        s[_FIGHT_DEF] = _NONE
        s[_STAGE] = _ST_ACTION
        # A player who meets a trophy's criteria must place it (one per turn).
        self._push_event(_EV_TROPHY, s[_ACTIVE], _CTX_TURN)

    def _next_turn(self):
        s = self.s
        n = s[_N]
        act = s[_ACTIVE]
        if not s[_FINALE]:
            for p in range(n):
                if self.trophy_count(p) >= _TROPHIES_TO_WIN:
                    s[_FINALE] = 1
                    s[_FINALE_LAST] = act
                    break
        p = (act + 1) % n
        if s[_FINALE]:
            # Final turns: each player without 4 trophies, in turn order, once.
            while p != s[_FINALE_LAST] and self.trophy_count(p) >= _TROPHIES_TO_WIN:
                p = (p + 1) % n
            if p == s[_FINALE_LAST]:
                s[_STAGE] = _ST_OVER
                return
        t = min(self.turn() + 1, 0xFFFF)
        s[_TURN] = t & 0xFF
        s[_TURN + 1] = t >> 8
        s[_ACTIVE] = p
        s[_STAGE] = _ST_TURN_START

    # ---- events: rejuvenation and trophies -------------------------------------------
    def _push_event(self, ev, p, ctx):
        s = self.s
        i = s[_EV_N]
        s[_EV + 2 * i] = ev * 8 + p
        s[_EV + 2 * i + 1] = ctx
        s[_EV_N] = i + 1

    def _pop_event(self):
        s = self.s
        n = s[_EV_N] - 1
        s[_EV:_EV + 2 * n] = s[_EV + 2:_EV + 2 + 2 * n]
        s[_EV_N] = n

    def _event_decision(self):
        s = self.s
        ev = s[_EV] >> 3
        p = s[_EV] & 7
        if ev == _EV_REJUV:
            if s[_REJUV] & (1 << p):
                self._pop_event()
                return None
            return _K_REJUVENATE, p
        if ev == _EV_SPELL:
            self._refill_spells()
            return _K_DRAW_SPELL, _NONE
        must, may = self._eligible(p, s[_EV + 1])
        if must | may:
            return _K_TROPHY, p
        self._pop_event()
        return None

    def _eligible(self, p, ctx):
        """(mandatory, optional) masks of the trophies p may earn at this checkpoint."""
        s = self.s
        o = _P0 + p * _PSZ
        tro = s[o + _TRO]
        if _popcount(tro) >= _TROPHIES_TO_WIN or s[o + _FR] < self.content.trophy_friendship_min:
            return 0, 0
        if ctx == _CTX_DEFENDER:
            # Only the pie-fight trophy may be earned off-turn; the defender may decline it.
            return 0, (0 if tro & (1 << _T_PIE_FIGHT) else 1 << _T_PIE_FIGHT)
        if not s[_FINALE] and s[_TROPHIES_TURN] >= 1:
            return 0, 0
        must = 0
        may = 0
        persona = s[o + _PERSONA]
        tf = s[_TFLAGS]
        for t in range(_N_TROPHIES):
            if tro & (1 << t):
                continue
            if t == _T_APPLES:
                if tf & _TF_APPLES:
                    must |= 1 << t
                continue
            if t == _T_GEMS:
                if tf & _TF_GEMS:
                    must |= 1 << t
                continue
            if t == _T_PIE_FIGHT:
                if tf & _TF_FIGHT:
                    must |= 1 << t
                continue
            have = self._trophy_measure(p, t)
            req, eased = self.content.requirement(t, persona if persona != _NONE else None)
            if have >= req:
                if eased and have < self.content.requirement(t, None)[0]:
                    may |= 1 << t   # only met through the personality card: revealing is optional
                else:
                    must |= 1 << t
        return must, may

    def _trophy_measure(self, p, t):
        s = self.s
        o = _P0 + p * _PSZ
        if t == _T_FRIENDSHIP:
            return s[o + _FR]
        if t == _T_POWER_UPS:
            return (s[o + _TILE] != _NONE) + (s[o + _TILE + 1] != _NONE)
        if t == _T_SPELLS:
            return self.spells(p)
        if t == _T_QUESTS:
            return s[o + _QDONE]
        return s[o + _PIES]  # _T_PIES

    def _earn_trophy(self, p, t):
        s = self.s
        o = _P0 + p * _PSZ
        if t != _T_APPLES and t != _T_GEMS and t != _T_PIE_FIGHT:
            req, eased = self.content.requirement(t, s[o + _PERSONA] if s[o + _PERSONA] != _NONE else None)
            if eased and self._trophy_measure(p, t) < self.content.requirement(t, None)[0]:
                s[o + _REVEALED] = 1
        s[o + _TRO] |= 1 << t
        if p == s[_ACTIVE] and s[_EV + 1] == _CTX_TURN:
            s[_TROPHIES_TURN] += 1

    def _rejuvenate(self, p, choice):
        s = self.s
        o = _P0 + p * _PSZ
        s[_REJUV] |= 1 << p
        s[o + _LAST] = _NONE   # the action token leaves the mat: any action next turn
        if choice == 0:
            s[_EV] = _EV_SPELL * 8 + p   # the event becomes "draw a spell for p"
            return
        self._gain_pies(p, 2)
        self._pop_event()

    def _gain_pies(self, p, k):
        o = _P0 + p * _PSZ + _PIES
        self.s[o] = min(self.content.pies_max, self.s[o] + k)

    def _lose_friendship(self, p, k):
        o = _P0 + p * _PSZ + _FR
        self.s[o] = max(0, self.s[o] - k)

    def _spells_available(self):
        s = self.s
        for c in range(_N_SPELL_CLASSES):
            if s[_SDECK + c] or s[_SDISC + c]:
                return True
        return False

    def _refill_spells(self):
        """An empty spell deck takes the discard pile back (the rulebook is silent here)."""
        s = self.s
        if any(s[_SDECK:_SDECK + _N_SPELL_CLASSES]):
            return
        for c in range(_N_SPELL_CLASSES):
            s[_SDECK + c] = s[_SDISC + c]
            s[_SDISC + c] = 0

    # ---- movement --------------------------------------------------------------------
    def _mark_blocked(self, p):
        """_blocked[x] = 1 where a Seeker of another player than p stands."""
        s = self.s
        b = self._blocked
        for i in range(len(b)):
            b[i] = 0
        for q in range(s[_N]):
            if q == p:
                continue
            o = _P0 + q * _PSZ + _SK
            for k in range(2):
                loc = s[o + k]
                if loc != _AT_CAMP:
                    b[loc] = 1

    def _has_portal_express(self, p):
        t = self.s[_P0 + p * _PSZ + _TILE + _S_MOVE]
        return t != _NONE and self.content.tile_effect[t] == _FX_PORTAL_EXPRESS

    def reach(self, p, k, carrying):
        """The spaces Seeker k of player p can end on this Move (without or with carrying);
        for carrying, the castle is included when it is within one carried step."""
        s = self.s
        self._mark_blocked(p)
        out = self._scratch
        for i in range(len(out)):
            out[i] = 0
        loc = s[_P0 + p * _PSZ + _SK + k]
        camp = s[_P0 + p * _PSZ + _CAMP]
        movement.mark_reach(
            self.board, self._blocked, -1 if loc == _AT_CAMP else loc, self.board.camp_fronts[camp],
            1 if carrying else 2, self._has_portal_express(p), carrying, out,
        )
        return [i for i in range(len(out)) if out[i]]

    def _move_options(self):
        s = self.s
        p = s[_ACTIVE]
        o = _P0 + p * _PSZ
        opts = []
        castle = self.board.castle
        for k in range(2):
            if s[_MOVED] & (1 << k):
                continue
            loc = s[o + _SK + k]
            if s[_DELIV_COUNT]:
                # The other Seeker is on the castle with part of a delivery: this one completes it.
                opts.append(k * 64 + castle)
                continue
            dests = self.reach(p, k, False)
            if loc == _AT_CAMP:
                dests.append(_AT_CAMP)
            elif s[self._ga + loc] or s[self._gg + loc]:
                carry = self.reach(p, k, True)
                for d in carry:
                    if d not in dests and (d != castle or self._delivery_options(k, loc)):
                        dests.append(d)
            for d in dests:
                opts.append(k * 64 + d)
        return opts

    def carry_options(self, k, d):
        """Every carry (apples + 32 * gems) Seeker k of the active player may bring to d;
        [0] when nothing can be carried there. The board asks apples, then gems."""
        loc, how = self._carry_kind(k, d)
        if how == 2:
            return self._delivery_options(k, loc)
        if not how:
            return [0]
        s = self.s
        return [a + 32 * g for a in range(s[self._ga + loc] + 1) for g in range(s[self._gg + loc] + 1)]

    def _carry_kind(self, k, d):
        """(location, 0 nothing / 1 any goods / 2 a delivery) for Seeker k moving to d."""
        loc = self.s[_P0 + self.s[_ACTIVE] * _PSZ + _SK + k]
        if d == self.board.castle:
            return loc, 2
        if loc == _AT_CAMP or d == loc or d not in self.reach(self.s[_ACTIVE], k, True):
            return loc, 0
        return loc, 1

    def _carry_apples(self, k, d):
        loc, how = self._carry_kind(k, d)
        if how == 2:
            out = []
            for c in self._delivery_options(k, loc):
                if (c & 31) not in out:
                    out.append(c & 31)
            return out
        return list(range(self.s[self._ga + loc] + 1)) if how else [0]

    def _carry_gems(self, k, d, apples):
        loc, how = self._carry_kind(k, d)
        if how == 2:
            return [c >> 5 for c in self._delivery_options(k, loc) if c & 31 == apples]
        return list(range(self.s[self._gg + loc] + 1)) if how else [0]

    def _delivery_options(self, k, loc):
        """Carry codes that move Seeker k onto the castle as part of an exact delivery."""
        s = self.s
        p = s[_ACTIVE]
        o = _P0 + p * _PSZ
        opts = []
        if loc == _AT_CAMP:
            return opts
        count = s[_DELIV_COUNT]
        left = DELIVERY - count
        other = 1 - k
        other_free = not (s[_MOVED] & (1 << other))
        oloc = s[o + _SK + other]
        for good in (_G_APPLE, _G_GEM):
            if s[o + _TRO] & (1 << (_T_APPLES if good == _G_APPLE else _T_GEMS)):
                continue  # no repeat of a delivery type once its trophy is earned
            if s[_DELIV_GOOD] != _NONE and s[_DELIV_GOOD] != good:
                continue
            base = self._ga if good == _G_APPLE else self._gg
            have = s[base + loc]
            for c in range(1, min(have, left) + 1):
                if c < left:
                    # Only if the other Seeker can still bring exactly the rest this turn.
                    if not other_free or oloc == _AT_CAMP or count:
                        continue
                    avail = s[base + oloc] - (c if oloc == loc else 0)
                    if avail < left - c or self.board.castle not in self.reach(p, other, True):
                        continue
                opts.append(c if good == _G_APPLE else 32 * c)
        return opts

    def _do_move(self, carry):
        s = self.s
        p = s[_ACTIVE]
        k = s[_CUR_SEEKER]
        d = s[_CUR_DEST]
        o = _P0 + p * _PSZ
        loc = s[o + _SK + k]
        a = carry & 31
        g = carry >> 5
        s[_CUR_SEEKER] = _NONE
        s[_CUR_APPLES] = _NONE
        s[_MOVED] |= 1 << k
        if d == _AT_CAMP or d == loc:
            return
        if a:
            s[self._ga + loc] -= a
            s[self._ga + d] += a
        if g:
            s[self._gg + loc] -= g
            s[self._gg + d] += g
        s[o + _SK + k] = d
        if d == self.board.castle:
            s[_DELIV_GOOD] = _G_APPLE if a else _G_GEM
            s[_DELIV_COUNT] += a + g
            if s[_DELIV_COUNT] == DELIVERY:
                self._complete_delivery(p)
            return
        if self.occupants(d) & ~(1 << p):
            n = s[_FIGHTS_N]
            if not (n and s[_FIGHTS] == d):   # both Seekers onto one space: one fight
                s[_FIGHTS + n] = d
                s[_FIGHTS_N] = n + 1

    def _complete_delivery(self, p):
        s = self.s
        castle = self.board.castle
        good = s[_DELIV_GOOD]
        base = self._ga if good == _G_APPLE else self._gg
        s[_SUP + good] += s[base + castle]
        s[base + castle] = 0
        o = _P0 + p * _PSZ + _SK
        for k in range(2):
            if s[o + k] == castle:
                s[o + k] = _AT_CAMP
        s[_TFLAGS] |= _TF_APPLES if good == _G_APPLE else _TF_GEMS
        s[_DELIV_GOOD] = _NONE
        s[_DELIV_COUNT] = 0
        self._push_event(_EV_TROPHY, p, _CTX_TURN)   # the trophy, then home and rejuvenated
        self._push_event(_EV_REJUV, p, 0)

    # ---- pie fights ------------------------------------------------------------------
    def _fight_decision(self):
        s = self.s
        act = s[_ACTIVE]
        if s[_FIGHT_DEF] == _NONE:
            if not s[_FIGHTS_N]:
                s[_STAGE] = _ST_QUESTS
                return None
            space = s[_FIGHTS]
            others = self.occupants(space) & ~(1 << act)
            if not others or not self.occupants(space) & (1 << act):
                self._pop_fight()
                return None
            d = 0
            while not others & (1 << d):
                d += 1
            s[_FIGHT_DEF] = d
            s[_ATT_BID] = 0xFF
            s[_ATT_BID + 1] = 0xFF
            s[_BID_STEP] = 0
            s[_BID] = 0
            s[_BID + 1] = 0
            self._lose_friendship(act, 1)   # the attacker loses 1 friendship at once
        kind = _K_FIGHT_BID if s[_BID_STEP] == 0 else _K_BID_SPELL
        if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
            return kind, act
        return kind, s[_FIGHT_DEF]

    def _pop_fight(self):
        s = self.s
        s[_FIGHTS] = s[_FIGHTS + 1]
        s[_FIGHTS_N] -= 1

    def _seekers_on(self, p, space):
        o = _P0 + p * _PSZ + _SK
        return (self.s[o] == space) + (self.s[o + 1] == space)

    def _bid_spell_options(self, p):
        """Spell slot codes player p can attach next: 0 (none), a card of known value v
        (1 + v), or an unknown card stated as v (9 + v); a card already attached in the
        first slot must be in hand twice to fill the second."""
        s = self.s
        o = _P0 + p * _PSZ + _SPELLS
        first = (s[_BID] | (s[_BID + 1] << 8)) // 8 % 17 if s[_BID_STEP] == 2 else 0
        used = _slot_class(first) if first else -1
        opts = [0]
        for v in range(8):
            if s[o + v] > (1 if used == v else 0):
                opts.append(1 + v)
        if s[o + _SPELL_UNKNOWN] > (1 if used == _SPELL_UNKNOWN else 0):
            for v in range(_MAX_STATED + 1):
                opts.append(9 + v)
        return opts

    def _spend_bid(self, p, code):
        s = self.s
        o = _P0 + p * _PSZ
        pies, c1, c2 = _bid_parts(code)
        s[o + _PIES] -= pies
        for c in (c1, c2):
            if c:
                cls = _slot_class(c)
                s[o + _SPELLS + cls] -= 1
                s[_SDISC + cls] += 1
        return pies + _slot_value(c1) + _slot_value(c2)

    def _do_bid_step(self, kind, a):
        """One step of a bid: the pies, then a spell slot for each own Seeker involved."""
        s = self.s
        p = s[_DECIDER]
        code = s[_BID] | (s[_BID + 1] << 8)
        step = s[_BID_STEP]
        if kind == _K_FIGHT_BID:
            code = a
        else:
            code += a * (8 if step == 1 else 136)
        step += 1
        if step == 2 and (a == 0 or self._seekers_on(p, s[_FIGHTS]) < 2) or step == 3:
            step = 0   # this player's bid is complete
        s[_BID] = code & 0xFF
        s[_BID + 1] = code >> 8
        s[_BID_STEP] = step
        if step == 0:
            s[_BID] = 0
            s[_BID + 1] = 0
            self._do_bid(code)

    def _do_bid(self, code):
        s = self.s
        if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
            s[_ATT_BID] = code & 0xFF
            s[_ATT_BID + 1] = code >> 8
            return
        act = s[_ACTIVE]
        d = s[_FIGHT_DEF]
        space = s[_FIGHTS]
        att = self._spend_bid(act, s[_ATT_BID] | (s[_ATT_BID + 1] << 8))
        dfn = self._spend_bid(d, code)
        winner, loser = (act, d) if att >= dfn else (d, act)   # ties go to the attacker
        s[_LAST_FIGHT] = att
        s[_LAST_FIGHT + 1] = dfn
        s[_LAST_FIGHT + 2] = winner
        o = _P0 + loser * _PSZ + _SK
        for k in range(2):
            if s[o + k] == space:
                s[o + k] = _AT_CAMP   # goods stay on the space
        self._pop_fight()
        s[_FIGHT_DEF] = _NONE
        s[_ATT_BID] = 0
        s[_ATT_BID + 1] = 0
        # Rulebook order: the winner's trophy, then the loser rejuvenated at camp.
        if winner == act:
            s[_TFLAGS] |= _TF_FIGHT
            self._push_event(_EV_TROPHY, act, _CTX_TURN)
        else:
            self._push_event(_EV_TROPHY, d, _CTX_DEFENDER)
        self._push_event(_EV_REJUV, loser, 0)

    # ---- quests ----------------------------------------------------------------------
    def _quest_cards_left(self):
        s = self.s
        if s[_QDECK] or s[_QDECK + 1] or s[_QBOT_N]:
            return True
        for p in range(s[_N]):
            o = _P0 + p * _PSZ
            if s[o + _TRO] & (1 << _T_QUESTS) and (s[o + _QMASK] or s[o + _QMASK + 1]):
                return True
        return False

    def _quest_spaces(self):
        s = self.s
        if not self._quest_cards_left():
            return []
        a, b = self.seekers(s[_ACTIVE])
        out = []
        for loc in (a, b):
            if loc != _AT_CAMP and s[self._gq + loc] and loc not in out:
                out.append(loc)
        return out

    def _refill_quests(self):
        """An empty quest deck takes back the resolved cards of the 2-Quests trophy holders."""
        s = self.s
        if s[_QDECK] or s[_QDECK + 1] or s[_QBOT_N]:
            return
        for p in range(s[_N]):
            o = _P0 + p * _PSZ
            if s[o + _TRO] & (1 << _T_QUESTS):
                s[_QDECK] |= s[o + _QMASK]
                s[_QDECK + 1] |= s[o + _QMASK + 1]
                s[o + _QMASK] = 0
                s[o + _QMASK + 1] = 0

    def _quest_option_ok(self, opt):
        if opt is None:
            return True
        return self._affordable(opt[1])

    def _affordable(self, terms):
        s = self.s
        p = s[_ACTIVE]
        need = [0, 0, 0, 0]   # apples, gems, pies, spells
        give = False
        for term, amount in terms:
            if term == _E_PAY_APPLES or term == _E_GIVE_APPLES:
                need[0] += amount
            elif term == _E_PAY_GEMS or term == _E_GIVE_GEMS:
                need[1] += amount
            elif term == _E_LOSE_PIES:
                need[2] += amount
            elif term == _E_LOSE_SPELLS:
                need[3] += amount
            if term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
                give = True
        if need[0] > self.controlled(p, _G_APPLE) or need[1] > self.controlled(p, _G_GEM):
            return False
        if need[2] > self.pies(p) or need[3] > self.spells(p):
            return False
        return not give or bool(self._other_seeker_spaces(p))

    def _stated_terms_list(self):
        s = self.s
        return [(s[_OPS + 2 * i], s[_OPS + 2 * i + 1]) for i in range(s[_OPS_N])]

    def _set_ops(self, terms, ret):
        s = self.s
        o = _OPS
        for term, amount in terms:
            s[o] = term
            s[o + 1] = amount
            o += 2
        s[_OPS_N] = len(terms)
        s[_OPS_I] = 0
        s[_OP_DONE] = 0
        s[_OPS_RET] = ret

    def _keep_quest(self):
        s = self.s
        o = _P0 + s[_ACTIVE] * _PSZ
        c = s[_QUEST_CARD]
        if c < 8:
            s[o + _QMASK] |= 1 << c
        else:
            s[o + _QMASK + 1] |= 1 << (c - 8)
        s[o + _QDONE] += 1
        s[_QUEST_CARD] = _NONE
        s[_OPS_I] = 0
        s[_OP_DONE] = 0
        s[_OPS_RET] = _ST_QUESTS
        s[_STAGE] = _ST_OPS

    # ---- effects (Make actions and card options) --------------------------------------
    def _op_decision(self):
        s = self.s
        act = s[_ACTIVE]
        while s[_OPS_I] < s[_OPS_N]:
            i = _OPS + 2 * s[_OPS_I]
            term = s[i]
            amount = s[i + 1]
            done = s[_OP_DONE]
            if term == _E_PAY_APPLES or term == _E_PAY_GEMS:
                if done < amount:
                    return _K_PAY_FROM, act
            elif term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
                if done < amount:
                    return _K_PAY_FROM, act
                if s[_HELD]:
                    return _K_PLACE_ON, act
            elif term == _E_GAIN_APPLES or term == _E_GAIN_GEMS:
                good = _G_APPLE if term == _E_GAIN_APPLES else _G_GEM
                if done < amount and s[_SUP + good] and self._own_spaces(act):
                    return _K_PLACE_ON, act
            elif term == _E_GAIN_SPELLS:
                if done < amount:
                    self._refill_spells()
                    if any(s[_SDECK:_SDECK + _N_SPELL_CLASSES]):
                        return _K_DRAW_SPELL, _NONE
            elif term == _E_LOSE_SPELLS:
                if done < amount and self.spells(act):
                    return _K_DISCARD_SPELL, act
            elif term == _E_POWER_UP:
                r = self._power_up_decision()
                if r:
                    return r
            elif term == _E_GAIN_PIES:
                self._gain_pies(act, amount)
            elif term == _E_LOSE_PIES:
                o = _P0 + act * _PSZ + _PIES
                s[o] = max(0, s[o] - amount)
            elif term == _E_GAIN_FRIENDSHIP:
                o = _P0 + act * _PSZ + _FR
                s[o] = min(255, s[o] + amount)
            elif term == _E_LOSE_FRIENDSHIP:
                self._lose_friendship(act, amount)   # friendship stays at 0 at worst
            s[_OPS_I] += 1
            s[_OP_DONE] = 0
        s[_OPS_N] = 0
        s[_OPS_I] = 0
        s[_STAGE] = s[_OPS_RET]
        return None

    def _current_op(self):
        s = self.s
        i = _OPS + 2 * s[_OPS_I]
        return s[i], s[i + 1]

    def _own_spaces(self, p):
        a, b = self.seekers(p)
        out = []
        if a != _AT_CAMP:
            out.append(a)
        if b != _AT_CAMP and b != a:
            out.append(b)
        return out

    def _other_seeker_spaces(self, p):
        s = self.s
        out = []
        for q in range(s[_N]):
            if q == p:
                continue
            for loc in self.seekers(q):
                if loc != _AT_CAMP and loc not in out:
                    out.append(loc)
        return out

    def _pile_size(self, sec):
        s = self.s
        return _popcount(s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)) + s[_PUBOT_N + sec]

    def _power_up_sections(self, p):
        o = _P0 + p * _PSZ + _TILE
        return [sec for sec in (_S_MOVE, _S_MAKE) if self.s[o + sec] == _NONE and self._pile_size(sec)]

    def _power_up_decision(self):
        s = self.s
        if s[_PU_SEC] == _NONE:
            return _K_PU_SECTION, s[_ACTIVE]
        if s[_PU_N] < 3 and self._pile_size(s[_PU_SEC]):
            return _K_DRAW_TILE, _NONE
        return _K_PU_KEEP, s[_ACTIVE]

    def _pile_top(self, sec):
        """Outcomes of drawing the top tile: any unseen tile, else the first put back."""
        s = self.s
        m = s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)
        pile = self.content.piles[sec]
        if m:
            return [pile[i] for i in range(len(pile)) if m & (1 << i)]
        return [s[_PUBOT + 12 * sec]]

    def _draw_tile(self, tile):
        s = self.s
        sec = s[_PU_SEC]
        m = s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)
        if m:
            m &= ~(1 << self.content.piles[sec].index(tile))
            s[_PUDECK + 2 * sec] = m & 0xFF
            s[_PUDECK + 2 * sec + 1] = m >> 8
        else:
            b = _PUBOT + 12 * sec
            n = s[_PUBOT_N + sec] - 1
            s[b:b + n] = s[b + 1:b + 1 + n]
            s[_PUBOT_N + sec] = n
        s[_PU_DRAWN + s[_PU_N]] = tile
        s[_PU_N] += 1

    def _keep_tile(self, tile):
        s = self.s
        sec = s[_PU_SEC]
        s[_P0 + s[_ACTIVE] * _PSZ + _TILE + sec] = tile
        b = _PUBOT + 12 * sec
        for i in range(s[_PU_N]):
            t = s[_PU_DRAWN + i]
            if t != tile:   # the others go back face down to the bottom
                s[b + s[_PUBOT_N + sec]] = t
                s[_PUBOT_N + sec] += 1
        s[_PU_SEC] = _NONE
        s[_PU_N] = 0
        s[_OPS_I] += 1
        s[_OP_DONE] = 0

    # ---- seek ------------------------------------------------------------------------
    def _seek_roll_outcomes(self):
        s = self.s
        c = self.content
        dice = c.seek_dice[0 if self.last_action(s[_ACTIVE]) == _A_SEEK_1 else 1]
        goods = (_G_APPLE, _G_GEM, _G_QUEST) if dice is None else (dice[s[_SEEK_I]],)
        out = []
        for g in goods:
            faces = c.dice_faces[g]
            for r in (range(len(self.board.regions)) if faces is None else faces):
                out.append(g * 8 + r)
        return out

    def _seek_targets(self):
        s = self.s
        die = s[_SEEK + s[_SEEK_I]]
        good = die >> 3
        if not s[_SUP + good]:
            return []
        spaces = self.board.region_spaces[die & 7]
        if good != _G_QUEST:
            return list(spaces)
        out = []
        for x in spaces:
            if not s[self._gq + x] and not self.occupants(x):
                out.append(x)
        return out

    def _do_seek_place(self, space):
        s = self.s
        die = s[_SEEK + s[_SEEK_I]]
        good = die >> 3
        self._add_goods(good, space, 1)
        act = s[_ACTIVE]
        if good != _G_QUEST and self.occupants(space) & ~(1 << act):
            o = _P0 + act * _PSZ + _FR
            s[o] = min(255, s[o] + 1)   # +1 friendship for a token on an opponent's space
        s[_SEEK_I] += 1

    # ---- goods -----------------------------------------------------------------------
    def _goods_base(self, good):
        return self._ga if good == _G_APPLE else (self._gg if good == _G_GEM else self._gq)

    def _add_goods(self, good, space, k):
        self.s[_SUP + good] -= k
        self.s[self._goods_base(good) + space] += k

    def _held_goods(self, good):
        s = self.s
        if not s[_HELD] or s[_OPS_I] >= s[_OPS_N]:
            return 0
        term = s[_OPS + 2 * s[_OPS_I]]
        if (term == _E_GIVE_APPLES and good == _G_APPLE) or (term == _E_GIVE_GEMS and good == _G_GEM):
            return s[_HELD]
        return 0

    # ---- legal options per decision kind ----------------------------------------------
    def _legal(self, kind):
        s = self.s
        n = s[_N]
        act = s[_ACTIVE]
        if kind == _K_MOVE:
            return self._move_options()
        if kind == _K_CARRY:
            return self._carry_apples(s[_CUR_SEEKER], s[_CUR_DEST])
        if kind == _K_FIGHT_BID:
            return list(range(min(7, s[_P0 + s[_DECIDER] * _PSZ + _PIES]) + 1))
        if kind == _K_BID_SPELL:
            return self._bid_spell_options(s[_DECIDER])
        if kind == _K_CARRY_GEMS:
            return self._carry_gems(s[_CUR_SEEKER], s[_CUR_DEST], s[_CUR_APPLES])
        if kind == _K_TERM_AMOUNT:
            return [1, 2, 3, 4, 5, 6, 7]
        if kind == _K_ACTION:
            return self._action_options(act)
        if kind == _K_TROPHY:
            p = s[_EV] & 7
            must, may = self._eligible(p, s[_EV + 1])
            opts = [t for t in range(_N_TROPHIES) if (must | may) & (1 << t)]
            if not must:
                opts.append(_TROPHY_DECLINE)
            return opts
        if kind == _K_REJUVENATE:
            return [0, 1] if self._spells_available() else [1]
        if kind == _K_DRAW_SPELL or kind == _K_DEAL_SPELL:
            return [c for c in range(_N_SPELL_CLASSES) if s[_SDECK + c]]
        if kind == _K_PAY_FROM:
            term = self._current_op()[0]
            base = self._ga if term == _E_PAY_APPLES or term == _E_GIVE_APPLES else self._gg
            return [x for x in self._own_spaces(act) if s[base + x]]
        if kind == _K_PLACE_ON:
            term = self._current_op()[0]
            if term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
                return self._other_seeker_spaces(act)
            return self._own_spaces(act)
        if kind == _K_QUEST_PICK:
            return self._quest_spaces() + [_QUEST_DONE]
        if kind == _K_DRAW_QUEST:
            m = s[_QDECK] | (s[_QDECK + 1] << 8)
            if m:
                return [c for c in range(16) if m & (1 << c)]
            return [s[_QBOT]]
        if kind == _K_QUEST_OPTION:
            card = self.content.quest_cards[s[_QUEST_CARD]]
            opts = [i for i in (0, 1) if self._quest_option_ok(card[1 + i])]
            opts.append(_QUEST_NO_THANKS)
            return opts
        if kind == _K_STATE_TERM:
            opts = list(range(1, _N_TERMS)) if s[_OPS_N] < _MAX_TERMS else []
            if self._affordable(self._stated_terms_list()):
                opts.append(_TERMS_DONE)
            opts.append(_TERMS_CANCEL)
            return opts
        if kind == _K_SEEK_ROLL:
            return self._seek_roll_outcomes()
        if kind == _K_SEEK_PLACE:
            return self._seek_targets()
        if kind == _K_PU_SECTION:
            return self._power_up_sections(act)
        if kind == _K_DRAW_TILE:
            return self._pile_top(s[_PU_SEC])
        if kind == _K_PU_KEEP:
            return list(self.drawn_tiles())
        if kind == _K_DISCARD_SPELL:
            o = _P0 + act * _PSZ + _SPELLS
            return [c for c in range(_N_SPELL_CLASSES) if s[o + c]]
        if kind == _K_SETUP_TILE:
            return [0, 1, 2, 3, 4, 5]
        if kind == _K_SETUP_SPACE:
            return [0, 1, 2, 3]
        if kind == _K_DEAL_PERSONALITY:
            return [c for c in range(len(self.content.personalities)) if s[_PERS] & (1 << c)]
        if kind == _K_FIRST_PLAYER:
            return list(range(n))
        return []

    def _action_options(self, p):
        last = self.last_action(p)
        opts = []
        for a in range(_N_ACTIONS):
            if a != last and self._action_possible(p, a):
                opts.append(a)
        return opts

    def _action_possible(self, p, a):
        """Move and Seek are always possible; a Make action needs its full cost on the
        player's spaces and its full benefit available."""
        if a == _A_BAKE:
            return self.controlled(p, _G_APPLE) >= 2 and self.pies(p) + 2 <= self.content.pies_max
        if a == _A_CONJURE:
            return self.controlled(p, _G_GEM) >= 2 and self._spells_available()
        if a == _A_POWER_UP:
            return (self.controlled(p, _G_APPLE) >= 1 and self.controlled(p, _G_GEM) >= 1
                    and bool(self._power_up_sections(p)))
        return True

    # ---- applying one decision ---------------------------------------------------------
    def _do(self, a):
        s = self.s
        kind = s[_KIND]
        act = s[_ACTIVE]
        self._legal_cache = None
        if kind == _K_MOVE:
            s[_CUR_SEEKER] = a >> 6
            s[_CUR_DEST] = a & 63
            s[_CUR_APPLES] = _NONE
        elif kind == _K_CARRY:
            s[_CUR_APPLES] = a
        elif kind == _K_CARRY_GEMS:
            self._do_move(s[_CUR_APPLES] + 32 * a)
        elif kind == _K_FIGHT_BID or kind == _K_BID_SPELL:
            self._do_bid_step(kind, a)
        elif kind == _K_TERM_AMOUNT:
            i = s[_OPS_N]
            s[_OPS + 2 * i] = s[_TERM]
            s[_OPS + 2 * i + 1] = a
            s[_OPS_N] = i + 1
            s[_TERM] = _NONE
        elif kind == _K_ACTION:
            self._do_action(act, a)
        elif kind == _K_TROPHY:
            p = s[_EV] & 7
            if a == _TROPHY_DECLINE:
                self._pop_event()
            else:
                self._earn_trophy(p, a)
                if not (s[_FINALE] and s[_EV + 1] == _CTX_TURN):
                    self._pop_event()   # in the grand finale the checkpoint offers more
        elif kind == _K_REJUVENATE:
            self._rejuvenate(s[_EV] & 7, a)
        elif kind == _K_DRAW_SPELL:
            s[_SDECK + a] -= 1
            if s[_EV_N] and s[_EV] >> 3 == _EV_SPELL:
                p = s[_EV] & 7
                self._pop_event()
            else:
                p = act
                s[_OP_DONE] += 1
            s[_P0 + p * _PSZ + _SPELLS + a] += 1
        elif kind == _K_PAY_FROM:
            term = self._current_op()[0]
            good = _G_APPLE if term == _E_PAY_APPLES or term == _E_GIVE_APPLES else _G_GEM
            s[self._goods_base(good) + a] -= 1
            if term == _E_PAY_APPLES or term == _E_PAY_GEMS:
                s[_SUP + good] += 1
            else:
                s[_HELD] += 1
            s[_OP_DONE] += 1
        elif kind == _K_PLACE_ON:
            term = self._current_op()[0]
            if term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
                base = self._ga if term == _E_GIVE_APPLES else self._gg
                s[base + a] += s[_HELD]
                s[_HELD] = 0
            else:
                self._add_goods(_G_APPLE if term == _E_GAIN_APPLES else _G_GEM, a, 1)
                s[_OP_DONE] += 1
        elif kind == _K_QUEST_PICK:
            if a == _QUEST_DONE:
                s[_STAGE] = _ST_END
            else:
                s[self._gq + a] -= 1
                s[_SUP + _G_QUEST] += 1
                s[_STAGE] = _ST_QUEST_DRAW
        elif kind == _K_DRAW_QUEST:
            m = s[_QDECK] | (s[_QDECK + 1] << 8)
            if m:
                m &= ~(1 << a)
                s[_QDECK] = m & 0xFF
                s[_QDECK + 1] = m >> 8
            else:
                n = s[_QBOT_N] - 1
                s[_QBOT:_QBOT + n] = s[_QBOT + 1:_QBOT + 1 + n]
                s[_QBOT_N] = n
            s[_QUEST_CARD] = a
            s[_STAGE] = _ST_QUEST_OPTION
        elif kind == _K_QUEST_OPTION:
            self._do_quest_option(a)
        elif kind == _K_STATE_TERM:
            if a == _TERMS_DONE:
                self._keep_quest()
            elif a == _TERMS_CANCEL:
                s[_OPS_N] = 0
                s[_STAGE] = _ST_QUEST_OPTION
            else:
                s[_TERM] = a
        elif kind == _K_SEEK_ROLL:
            s[_SEEK + s[_SEEK_I]] = a
            s[_SEEK_I] += 1
        elif kind == _K_SEEK_PLACE:
            self._do_seek_place(a)
        elif kind == _K_PU_SECTION:
            s[_PU_SEC] = a
            s[_PU_N] = 0
        elif kind == _K_DRAW_TILE:
            self._draw_tile(a)
        elif kind == _K_PU_KEEP:
            self._keep_tile(a)
        elif kind == _K_DISCARD_SPELL:
            s[_P0 + act * _PSZ + _SPELLS + a] -= 1
            s[_SDISC + a] += 1
            s[_OP_DONE] += 1
        elif kind <= _K_FIRST_PLAYER:
            from . import setup

            setup.apply(self, kind, a)
            if s[_STAGE] != _ST_SETUP:
                release(setup.__name__)   # setup code is not needed again this game

    def _do_action(self, p, a):
        s = self.s
        s[_P0 + p * _PSZ + _LAST] = a
        if a == _A_MOVE:
            s[_STAGE] = _ST_MOVE
        elif a == _A_SEEK_1 or a == _A_SEEK_2:
            s[_SEEK_I] = 0
            s[_STAGE] = _ST_SEEK_ROLL
        elif a == _A_BAKE:
            self._set_ops(((_E_PAY_APPLES, 2), (_E_GAIN_PIES, 2)), _ST_END)
            s[_STAGE] = _ST_OPS
        elif a == _A_CONJURE:
            self._set_ops(((_E_PAY_GEMS, 2), (_E_GAIN_SPELLS, 1)), _ST_END)
            s[_STAGE] = _ST_OPS
        elif a == _A_POWER_UP:
            self._set_ops(((_E_PAY_APPLES, 1), (_E_PAY_GEMS, 1), (_E_POWER_UP, 1)), _ST_END)
            s[_STAGE] = _ST_OPS

    def _do_quest_option(self, a):
        s = self.s
        if a == _QUEST_NO_THANKS:
            # Not resolved: back to the bottom of the quest deck, face down.
            s[_QBOT + s[_QBOT_N]] = s[_QUEST_CARD]
            s[_QBOT_N] += 1
            s[_QUEST_CARD] = _NONE
            s[_STAGE] = _ST_QUESTS
            return
        s[_QUEST_OPT] = a
        opt = self.content.quest_cards[s[_QUEST_CARD]][1 + a]
        terms = () if opt is None else opt[1]
        self._set_ops(terms, _ST_QUESTS)
        if opt is not None and opt[2]:
            self._keep_quest()   # fully known option: applied as printed
        else:
            s[_STAGE] = _ST_QUEST_TERMS   # the player states (the rest of) the card's option
