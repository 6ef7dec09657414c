# The My Little Scythe rules engine (base game): one State, a decision API in the
# OpenSpiel shape, and every rule of the rulebook. Pure: no I/O, no random.
#
#   st = new_game(board, players=4)
#   while not st.is_terminal():
#       if st.current_player() == CHANCE: st.apply(pick(st.chance_outcomes()))
#       else: st.apply_checked(choice, player)
#
# The whole game is one bytearray (layout below): clone, save, hash and undo copy bytes.
# Decisions with a single legal option (but a Seeker's move) are applied automatically; history() lists only the
# decisions that were taken, and replaying it on a new game reproduces the state exactly.
from array import array

from . import movement
from .codes import (
    A_BAKE,
    A_CONJURE,
    A_MOVE,
    A_POWER_UP,
    A_SEEK_1,
    A_SEEK_2,
    AT_CAMP,
    CHANCE,
    E_GAIN_APPLES,
    E_GAIN_FRIENDSHIP,
    E_GAIN_GEMS,
    E_GAIN_PIES,
    E_GAIN_SPELLS,
    E_GIVE_APPLES,
    E_GIVE_GEMS,
    E_LOSE_FRIENDSHIP,
    E_LOSE_PIES,
    E_LOSE_SPELLS,
    E_PAY_APPLES,
    E_PAY_GEMS,
    E_POWER_UP,
    FX_PORTAL_EXPRESS,
    G_APPLE,
    G_GEM,
    G_QUEST,
    K_ACTION,
    K_CARRY,
    K_DEAL_PERSONALITY,
    K_DEAL_SPELL,
    K_DISCARD_SPELL,
    K_DRAW_QUEST,
    K_DRAW_SPELL,
    K_DRAW_TILE,
    K_FIGHT_BID,
    K_FIRST_PLAYER,
    K_MOVE,
    K_OVER,
    K_PAY_FROM,
    K_PLACE_ON,
    K_PU_KEEP,
    K_PU_SECTION,
    K_QUEST_OPTION,
    K_QUEST_PICK,
    K_REJUVENATE,
    K_SEEK_PLACE,
    K_SEEK_ROLL,
    K_SETUP_SPACE,
    K_SETUP_TILE,
    K_STATE_TERM,
    K_TROPHY,
    MAX_PLAYERS,
    MAX_STATED,
    MAX_TERMS,
    N_ACTIONS,
    N_SPELL_CLASSES,
    N_TERMS,
    N_TROPHIES,
    NONE,
    QUEST_DONE,
    QUEST_NO_THANKS,
    S_MAKE,
    S_MOVE,
    SPELL_UNKNOWN,
    T_APPLES,
    T_FRIENDSHIP,
    T_GEMS,
    T_PIE_FIGHT,
    T_PIES,
    T_POWER_UPS,
    T_QUESTS,
    T_SPELLS,
    TERMINAL,
    TERMS_CANCEL,
    TERMS_DONE,
    TROPHIES_TO_WIN,
    TROPHY_DECLINE,
    bid_parts,
    spell_slot_class,
    spell_slot_value,
)
from .compat import const, crc32
from .content import base_content
from .errors import CorruptStateError, IllegalDecisionError, NotYourDecisionError, SetupError

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
_DELIV_GOOD = const(16)    # NONE or the good being delivered this turn
_DELIV_COUNT = const(17)
_TFLAGS = const(18)
_TROPHIES_TURN = const(19)
_REJUV = const(20)         # bit p: player p was rejuvenated this turn
_FIGHTS_N = const(21)
_FIGHTS = const(22)        # 2 spaces, in the order they were attacked
_FIGHT_DEF = const(24)     # defender of the fight being resolved, or NONE
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
_P0 = const(142)
_PSZ = const(24)
# per player
_FR = const(0)
_PIES = const(1)
_LAST = const(2)           # previous action, NONE when free (rejuvenated / first turn)
_TRO = const(3)            # trophy mask
_CAMP = const(4)
_SK = const(5)             # 2 Seeker locations: space or AT_CAMP
_TILE = const(7)           # 2: Move tile, Make tile (NONE or tile id)
_PERSONA = const(9)
_QMASK = const(10)         # 2 bytes: resolved quest cards held
_QDONE = const(12)
_KINGDOM = const(13)
_SPELLS = const(14)        # 9: spell cards in hand by class
_REVEALED = const(23)
_GOODS = const(286)        # _P0 + MAX_PLAYERS * _PSZ: apples[n], gems[n], quests[n]


def _popcount(x):
    n = 0
    while x:
        x &= x - 1
        n += 1
    return n


def new_game(board, players=2, content=None, camp_sites=None, kingdoms=None):
    """A new game in setup: the pending decisions are chance ones (setup tile, deals,
    first player) until the first player chooses an action."""
    if not 2 <= players <= MAX_PLAYERS:
        raise SetupError("bad_players", players)
    if camp_sites is None:
        camp_sites = board.camp_sites_by_players.get(players)
        if camp_sites is None:
            raise SetupError("bad_camps", players)
    camp_sites = tuple(camp_sites)
    if len(camp_sites) != players or len(set(camp_sites)) != players:
        raise SetupError("bad_camps", camp_sites)
    for c in camp_sites:
        if not 0 <= c < len(board.camp_fronts):
            raise SetupError("bad_camps", camp_sites)
    if kingdoms is None:
        kingdoms = tuple(range(players))
    if len(kingdoms) != players:
        raise SetupError("bad_kingdoms", kingdoms)
    st = State(board, content)
    st._setup(players, camp_sites, kingdoms)
    return st


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

    # ---- public: decision API --------------------------------------------------------
    def current_player(self):
        d = self.s[_DECIDER]
        if self.s[_KIND] == K_OVER:
            return TERMINAL
        return CHANCE if d == NONE else d

    def decision(self):
        """The kind of the pending decision (codes.K_*)."""
        return self.s[_KIND]

    def is_chance(self):
        return self.s[_DECIDER] == NONE and self.s[_KIND] != K_OVER

    def is_terminal(self):
        return self.s[_KIND] == K_OVER

    def legal_actions(self):
        if self._legal_cache is None:
            self._legal_cache = self._legal(self.s[_KIND])
        return self._legal_cache

    def chance_outcomes(self):
        """(outcome, weight) pairs of the pending chance decision."""
        kind = self.s[_KIND]
        s = self.s
        if kind == K_DEAL_SPELL or kind == K_DRAW_SPELL:
            return [(c, s[_SDECK + c]) for c in range(N_SPELL_CLASSES) if s[_SDECK + c]]
        return [(a, 1) for a in self.legal_actions()]

    def apply(self, action):
        """Apply a legal decision, unchecked (fast path for search and trusted callers)."""
        if len(self._snaps) >= self.undo_depth:
            self._snaps.pop(0)
        self._snaps.append(bytes(self.s))
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

    def is_legal(self, action):
        return action in self.legal_actions()

    def undo(self):
        """Take back the last decision taken (with the automatic ones it caused)."""
        if not self._history:
            raise IllegalDecisionError("nothing_to_undo")
        self._history = self._history[:-1]   # MicroPython arrays have no pop()
        if self._snaps:
            self.s[:] = self._snaps.pop()
            self._legal_cache = None
            return
        if self._initial is None:   # resumed from bytes: the history before is not here
            raise IllegalDecisionError("nothing_to_undo")
        self.s[:] = self._initial
        self._legal_cache = None
        self._advance()
        for a in self._history:
            self._do(a)
            self._advance()

    def history(self):
        return self._history

    def clone(self):
        st = State(self.board, self.content, bytearray(self.s))
        st._history = array("H", self._history)
        st._snaps = list(self._snaps)
        st._initial = self._initial
        st.undo_depth = self.undo_depth
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
        if len(data) < 11 or data[0] != _MAGIC0 or data[1] != _MAGIC1:
            raise CorruptStateError("corrupt_state", "not a Pomme state")
        if data[2] != FORMAT:
            raise CorruptStateError("corrupt_state", "format %d, this firmware reads %d" % (data[2], FORMAT))
        if data[3] != RULESET_MLS or data[4] != board.n_spaces:
            raise CorruptStateError("corrupt_state", "another ruleset or board")
        n = data[5] | (data[6] << 8)
        if len(data) != 7 + n + 4 or n != _GOODS + 3 * board.n_spaces:
            raise CorruptStateError("corrupt_state", "length %d" % len(data))
        body = bytearray(data[7:7 + n])
        c = data[7 + n] | (data[8 + n] << 8) | (data[9 + n] << 16) | (data[10 + n] << 24)
        if c != crc32(body) & 0xFFFFFFFF:
            raise CorruptStateError("corrupt_state", "checksum")
        st = cls(board, content, body)
        problem = st.check()
        if problem:
            raise CorruptStateError("corrupt_state", problem)
        st._initial = None
        return st

    def hash(self):
        return crc32(self.s) & 0xFFFFFFFF

    def check(self):
        """None if the state is consistent, else a short description of what is not."""
        s = self.s
        n = s[_N]
        if not 2 <= n <= MAX_PLAYERS:
            return "players %d" % n
        if not _ST_SETUP <= s[_STAGE] <= _ST_OVER:
            return "stage %d" % s[_STAGE]
        c = self.content
        ns = self.board.n_spaces
        for good, total, base in ((0, c.apples, self._ga), (1, c.gems, self._gg), (2, c.quest_tokens, self._gq)):
            on_map = s[_SUP + good] + self._held_goods(good)
            for i in range(ns):
                on_map += s[base + i]
            if on_map != total:
                return "goods %d: %d of %d" % (good, on_map, total)
        for i in range(ns):
            if s[self._gq + i] > 1:
                return "two quest tokens on %d" % i
        for p in range(n):
            o = _P0 + p * _PSZ
            if s[o + _PIES] > c.pies_max:
                return "pies %d" % s[o + _PIES]
            if _popcount(s[o + _TRO]) > TROPHIES_TO_WIN:
                return "trophies"
            for k in range(2):
                loc = s[o + _SK + k]
                if loc != AT_CAMP and loc >= ns:
                    return "seeker at %d" % loc
        return None

    # ---- public: reading the game -----------------------------------------------------
    def n_players(self):
        return self.s[_N]

    def active_player(self):
        return self.s[_ACTIVE]

    def turn(self):
        return self.s[_TURN] | (self.s[_TURN + 1] << 8)

    def in_finale(self):
        return self.s[_FINALE] == 1

    def pies(self, p):
        return self.s[_P0 + p * _PSZ + _PIES]

    def friendship(self, p):
        return self.s[_P0 + p * _PSZ + _FR]

    def trophies(self, p):
        """Bit mask of the trophies player p has earned."""
        return self.s[_P0 + p * _PSZ + _TRO]

    def trophy_count(self, p):
        return _popcount(self.trophies(p))

    def seekers(self, p):
        o = _P0 + p * _PSZ + _SK
        return self.s[o], self.s[o + 1]

    def camp_site(self, p):
        return self.s[_P0 + p * _PSZ + _CAMP]

    def kingdom(self, p):
        return self.s[_P0 + p * _PSZ + _KINGDOM]

    def last_action(self, p):
        return self.s[_P0 + p * _PSZ + _LAST]

    def spells(self, p):
        """Number of magic spell cards in player p's hand."""
        o = _P0 + p * _PSZ + _SPELLS
        return sum(self.s[o:o + N_SPELL_CLASSES])

    def spell_hand(self, p):
        o = _P0 + p * _PSZ + _SPELLS
        return bytes(self.s[o:o + N_SPELL_CLASSES])

    def tiles(self, p):
        """(Move tile, Make tile): tile ids or NONE."""
        o = _P0 + p * _PSZ + _TILE
        return self.s[o], self.s[o + 1]

    def personality(self, p):
        return self.s[_P0 + p * _PSZ + _PERSONA]

    def personality_revealed(self, p):
        return self.s[_P0 + p * _PSZ + _REVEALED] == 1

    def quests_resolved(self, p):
        return self.s[_P0 + p * _PSZ + _QDONE]

    def apples(self, space):
        return self.s[self._ga + space]

    def gems(self, space):
        return self.s[self._gg + space]

    def quest_token(self, space):
        return self.s[self._gq + space]

    def supply(self, good):
        return self.s[_SUP + good]

    def goods_held(self, good):
        """Goods picked up and not yet put down (a gift in progress)."""
        return self._held_goods(good)

    def spell_deck(self):
        return bytes(self.s[_SDECK:_SDECK + N_SPELL_CLASSES])

    def spell_discard(self):
        return bytes(self.s[_SDISC:_SDISC + N_SPELL_CLASSES])

    def quest_deck_size(self):
        s = self.s
        return _popcount(s[_QDECK] | (s[_QDECK + 1] << 8)) + s[_QBOT_N]

    def pending_fights(self):
        s = self.s
        return tuple(s[_FIGHTS:_FIGHTS + s[_FIGHTS_N]])

    def fight_defender(self):
        return self.s[_FIGHT_DEF]

    def last_fight(self):
        """(attacker total, defender total, winner) of the last pie fight, or None."""
        s = self.s
        if s[_LAST_FIGHT + 2] == NONE:
            return None
        return s[_LAST_FIGHT], s[_LAST_FIGHT + 1], s[_LAST_FIGHT + 2]

    def current_quest(self):
        return self.s[_QUEST_CARD]

    def moving_seeker(self):
        """(seeker, destination) of a move waiting for its carry decision, else None."""
        if self.s[_KIND] != K_CARRY:
            return None
        return self.s[_CUR_SEEKER], self.s[_CUR_DEST]

    def seek_dice(self):
        return tuple(self.s[_SEEK:_SEEK + 4])

    def seek_index(self):
        return self.s[_SEEK_I]

    def stated_terms(self):
        s = self.s
        return tuple((s[_OPS + 2 * i], s[_OPS + 2 * i + 1]) for i in range(s[_OPS_N]))

    def drawn_tiles(self):
        return tuple(self.s[_PU_DRAWN:_PU_DRAWN + self.s[_PU_N]])

    def controlled(self, p, good):
        """Apples or gems on the spaces where player p has a Seeker (each space once)."""
        a, b = self.seekers(p)
        base = self._ga if good == G_APPLE else self._gg
        n = 0
        if a != AT_CAMP:
            n += self.s[base + a]
        if b != AT_CAMP and b != a:
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
        n = self.s[_N]
        cands = [p for p in range(n) if self.trophy_count(p) >= TROPHIES_TO_WIN]
        for key in (self.friendship, self._goods_controlled):
            best = max(key(p) for p in cands)
            cands = [p for p in cands if key(p) == best]
        return tuple(cands)

    def returns(self):
        w = self.winners()
        return [1.0 if p in w else 0.0 for p in range(self.s[_N])]

    def _goods_controlled(self, p):
        return self.controlled(p, G_APPLE) + self.controlled(p, G_GEM)

    # ---- public: editing a position (scenarios, tests, a board set up by hand) -----------
    # Each edit keeps every count conserved (goods come from and go to the supply, cards
    # from and to their decks) and raises SetupError when it cannot. begin_turn() then
    # starts a turn from the edited position, which becomes the new start for undo.
    def set_goods(self, space, apples=None, gems=None, quest=None):
        s = self.s
        for good, v in ((G_APPLE, apples), (G_GEM, gems), (G_QUEST, quest)):
            if v is None:
                continue
            base = self._goods_base(good)
            delta = v - s[base + space]
            if delta > s[_SUP + good] or (good == G_QUEST and v > 1) or v < 0:
                raise SetupError("bad_setup", "goods %d on %d" % (v, space))
            s[_SUP + good] -= delta
            s[base + space] = v
        self._legal_cache = None

    def set_seeker(self, p, k, loc):
        if loc != AT_CAMP and not 0 <= loc < self.board.n_spaces:
            raise SetupError("bad_setup", "seeker location %s" % loc)
        self.s[_P0 + p * _PSZ + _SK + k] = loc
        self._legal_cache = None

    def set_pies(self, p, v):
        if not 0 <= v <= self.content.pies_max:
            raise SetupError("bad_setup", "pies %s" % v)
        self.s[_P0 + p * _PSZ + _PIES] = v

    def set_friendship(self, p, v):
        if not 0 <= v <= 255:
            raise SetupError("bad_setup", "friendship %s" % v)
        self.s[_P0 + p * _PSZ + _FR] = v

    def set_spells(self, p, cls, count):
        s = self.s
        o = _P0 + p * _PSZ + _SPELLS + cls
        delta = count - s[o]
        if delta > s[_SDECK + cls] or count < 0:
            raise SetupError("bad_setup", "spells %s of class %s" % (count, cls))
        s[_SDECK + cls] -= delta
        s[o] = count

    def set_trophies(self, p, mask):
        if _popcount(mask) > TROPHIES_TO_WIN:
            raise SetupError("bad_setup", "trophies %s" % mask)
        self.s[_P0 + p * _PSZ + _TRO] = mask

    def set_tile(self, p, section, tile):
        """Give player p power-up tile `tile` (taken out of its pile's unseen part)."""
        s = self.s
        pile = self.content.piles[section]
        if tile not in pile:
            raise SetupError("bad_setup", "tile %s" % tile)
        bit = 1 << pile.index(tile)
        m = s[_PUDECK + 2 * section] | (s[_PUDECK + 2 * section + 1] << 8)
        if not m & bit:
            raise SetupError("bad_setup", "tile %s is not in its pile" % tile)
        m &= ~bit
        s[_PUDECK + 2 * section] = m & 0xFF
        s[_PUDECK + 2 * section + 1] = m >> 8
        s[_P0 + p * _PSZ + _TILE + section] = tile

    def set_last_action(self, p, a):
        self.s[_P0 + p * _PSZ + _LAST] = a

    def set_personality(self, p, card):
        self.s[_P0 + p * _PSZ + _PERSONA] = card

    def set_quests_resolved(self, p, cards):
        """Player p has resolved these quest cards (taken from the unseen deck)."""
        s = self.s
        o = _P0 + p * _PSZ
        m = s[_QDECK] | (s[_QDECK + 1] << 8)
        for c in cards:
            if not m & (1 << c):
                raise SetupError("bad_setup", "quest card %s is not in the deck" % c)
            m &= ~(1 << c)
            q = s[o + _QMASK] | (s[o + _QMASK + 1] << 8) | (1 << c)
            s[o + _QMASK] = q & 0xFF
            s[o + _QMASK + 1] = q >> 8
            s[o + _QDONE] += 1
        s[_QDECK] = m & 0xFF
        s[_QDECK + 1] = m >> 8

    def set_quest_deck(self, unseen, bottom=()):
        """Keep only these cards in the deck (others leave the game for the scenario)."""
        s = self.s
        m = 0
        for c in unseen:
            m |= 1 << c
        s[_QDECK] = m & 0xFF
        s[_QDECK + 1] = m >> 8
        for i, c in enumerate(bottom):
            s[_QBOT + i] = c
        s[_QBOT_N] = len(bottom)

    def begin_turn(self, p):
        """Start player p's turn from the current (edited) position."""
        s = self.s
        if s[_STAGE] == _ST_SETUP:
            raise SetupError("bad_setup", "finish the setup decisions first")
        s[_ACTIVE] = p
        s[_EV_N] = 0
        s[_STAGE] = _ST_TURN_START
        self._history = array("H")
        self._snaps = []
        self._advance()
        self._initial = bytes(s)

    # ---- setup -----------------------------------------------------------------------
    def _setup(self, n, camp_sites, kingdoms):
        s = self.s
        c = self.content
        s[_N] = n
        s[_STAGE] = _ST_SETUP
        s[_SUP] = c.apples
        s[_SUP + 1] = c.gems
        s[_SUP + 2] = c.quest_tokens
        s[_FIGHT_DEF] = NONE
        s[_CUR_SEEKER] = NONE
        s[_DELIV_GOOD] = NONE
        s[_QUEST_CARD] = NONE
        s[_PU_SEC] = NONE
        s[_LAST_FIGHT + 2] = NONE
        s[_FINALE_LAST] = NONE
        s[_ACTIVE] = NONE
        s[_FIRST] = NONE
        m = (1 << len(c.quest_cards)) - 1
        s[_QDECK] = m & 0xFF
        s[_QDECK + 1] = m >> 8
        s[_SDECK:_SDECK + N_SPELL_CLASSES] = c.spell_deck
        for sec in (S_MOVE, S_MAKE):
            m = (1 << len(c.piles[sec])) - 1
            s[_PUDECK + 2 * sec] = m & 0xFF
            s[_PUDECK + 2 * sec + 1] = m >> 8
        s[_PERS] = (1 << len(c.personalities)) - 1
        for p in range(n):
            o = _P0 + p * _PSZ
            s[o + _FR] = c.start_friendship
            s[o + _PIES] = c.start_pies
            s[o + _LAST] = NONE
            s[o + _CAMP] = camp_sites[p]
            s[o + _SK] = AT_CAMP
            s[o + _SK + 1] = AT_CAMP
            s[o + _TILE] = NONE
            s[o + _TILE + 1] = NONE
            s[o + _PERSONA] = NONE
            s[o + _KINGDOM] = kingdoms[p]
        self._advance()
        self._initial = bytes(self.s)

    def _setup_step(self):
        """The pending setup decision, from _SETUP_I: 0 the tile's orientation; 1..3n what
        the tile shows on each active front space (only when the tile is unknown); then a
        spell and a personality card for each player; then the first player."""
        s = self.s
        n = s[_N]
        i = s[_SETUP_I]
        if i == 0:
            return K_SETUP_TILE
        if i <= 3 * n:
            return K_SETUP_SPACE
        if i <= 4 * n:
            return K_DEAL_SPELL
        if i <= 5 * n:
            return K_DEAL_PERSONALITY
        return K_FIRST_PLAYER

    def _front_space(self, i):
        """The front space the i-th setup statement is about (i from 1)."""
        p = (i - 1) // 3
        return self.board.camp_fronts[self.s[_P0 + p * _PSZ + _CAMP]][(i - 1) % 3]

    def _put_setup_goods(self, space, what):
        if what == 0:
            return
        good = what - 1
        if self.s[_SUP + good] == 0:
            return
        if good == G_QUEST and self.s[self._gq + space]:
            return
        self._add_goods(good, space, 1)

    def _do_setup(self, kind, a):
        s = self.s
        n = s[_N]
        c = self.content
        if kind == K_SETUP_TILE:
            s[_ORIENT] = a
            if c.setup_tile is not None:
                for p in range(n):
                    camp = s[_P0 + p * _PSZ + _CAMP]
                    wedge = c.setup_tile[(camp - a) % 6]
                    front = self.board.camp_fronts[camp]
                    for k in range(3):
                        self._put_setup_goods(front[k], wedge[k])
                s[_SETUP_I] = 3 * n + 1
            else:
                s[_SETUP_I] = 1
            return
        i = s[_SETUP_I]
        if kind == K_SETUP_SPACE:
            self._put_setup_goods(self._front_space(i), a)
        elif kind == K_DEAL_SPELL:
            p = i - 3 * n - 1
            s[_SDECK + a] -= 1
            s[_P0 + p * _PSZ + _SPELLS + a] += 1
        elif kind == K_DEAL_PERSONALITY:
            p = i - 4 * n - 1
            s[_PERS] &= ~(1 << a)
            s[_P0 + p * _PSZ + _PERSONA] = a
        elif kind == K_FIRST_PLAYER:
            s[_FIRST] = a
            s[_ACTIVE] = a
            s[_STAGE] = _ST_TURN_START
        s[_SETUP_I] = i + 1

    # ---- the flow --------------------------------------------------------------------
    def _advance(self):
        """Run automatic steps until a decision is pending; apply forced single options."""
        while True:
            kind, decider = self._next_decision()
            self.s[_KIND] = kind
            self.s[_DECIDER] = decider
            self._legal_cache = None
            if kind == K_OVER:
                return
            opts = self._legal(kind)
            if len(opts) == 1 and kind != K_MOVE:   # a Seeker is always moved by hand
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
                return self._setup_step(), NONE
            if st == _ST_TURN_START:
                self._start_turn()
                continue
            if st == _ST_ACTION:
                return K_ACTION, act
            if st == _ST_MOVE:
                if s[_MOVED] == 3:
                    s[_STAGE] = _ST_FIGHT
                    continue
                return (K_CARRY if s[_CUR_SEEKER] != NONE else K_MOVE), act
            if st == _ST_FIGHT:
                r = self._fight_decision()
                if r:
                    return r
                continue
            if st == _ST_QUESTS:
                if self._quest_spaces():
                    return K_QUEST_PICK, act
                s[_STAGE] = _ST_END
                continue
            if st == _ST_QUEST_DRAW:
                self._refill_quests()
                return K_DRAW_QUEST, NONE
            if st == _ST_QUEST_OPTION:
                return K_QUEST_OPTION, act
            if st == _ST_QUEST_TERMS:
                return K_STATE_TERM, act
            if st == _ST_OPS:
                r = self._op_decision()
                if r:
                    return r
                continue
            if st == _ST_SEEK_ROLL:
                if s[_SEEK_I] < 4:
                    return K_SEEK_ROLL, NONE
                s[_SEEK_I] = 0
                s[_STAGE] = _ST_SEEK_PLACE
                continue
            if st == _ST_SEEK_PLACE:
                if s[_SEEK_I] >= 4:
                    s[_STAGE] = _ST_END
                    continue
                if self._seek_targets():
                    return K_SEEK_PLACE, act
                s[_SEEK_I] += 1  # nowhere to put it (or the supply is out): ignored
                continue
            if st == _ST_END:
                self._push_event(_EV_TROPHY, act, _CTX_TURN)
                s[_STAGE] = _ST_NEXT
                continue
            if st == _ST_NEXT:
                self._next_turn()
                continue
            return K_OVER, NONE

    def _start_turn(self):
        s = self.s
        s[_MOVED] = 0
        s[_CUR_SEEKER] = NONE
        s[_DELIV_GOOD] = NONE
        s[_DELIV_COUNT] = 0
        s[_TFLAGS] = 0
        s[_TROPHIES_TURN] = 0
        s[_REJUV] = 0
        s[_FIGHTS_N] = 0
        s[_FIGHT_DEF] = NONE
        s[_STAGE] = _ST_ACTION
        # A player who meets a trophy's criteria must place it (one per turn).
        self._push_event(_EV_TROPHY, s[_ACTIVE], _CTX_TURN)

    def _next_turn(self):
        s = self.s
        n = s[_N]
        act = s[_ACTIVE]
        if not s[_FINALE]:
            for p in range(n):
                if self.trophy_count(p) >= TROPHIES_TO_WIN:
                    s[_FINALE] = 1
                    s[_FINALE_LAST] = act
                    break
        p = (act + 1) % n
        if s[_FINALE]:
            # Final turns: each player without 4 trophies, in turn order, once.
            while p != s[_FINALE_LAST] and self.trophy_count(p) >= TROPHIES_TO_WIN:
                p = (p + 1) % n
            if p == s[_FINALE_LAST]:
                s[_STAGE] = _ST_OVER
                return
        t = self.turn() + 1
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
            return K_REJUVENATE, p
        if ev == _EV_SPELL:
            self._refill_spells()
            return K_DRAW_SPELL, NONE
        must, may = self._eligible(p, s[_EV + 1])
        if must | may:
            return K_TROPHY, p
        self._pop_event()
        return None

    def _eligible(self, p, ctx):
        """(mandatory, optional) masks of the trophies p may earn at this checkpoint."""
        s = self.s
        o = _P0 + p * _PSZ
        tro = s[o + _TRO]
        if _popcount(tro) >= TROPHIES_TO_WIN or s[o + _FR] < self.content.trophy_friendship_min:
            return 0, 0
        if ctx == _CTX_DEFENDER:
            # Only the pie-fight trophy may be earned off-turn; the defender may decline it.
            return 0, (0 if tro & (1 << T_PIE_FIGHT) else 1 << T_PIE_FIGHT)
        if not s[_FINALE] and s[_TROPHIES_TURN] >= 1:
            return 0, 0
        must = 0
        may = 0
        persona = s[o + _PERSONA]
        tf = s[_TFLAGS]
        for t in range(N_TROPHIES):
            if tro & (1 << t):
                continue
            if t == T_APPLES:
                if tf & _TF_APPLES:
                    must |= 1 << t
                continue
            if t == T_GEMS:
                if tf & _TF_GEMS:
                    must |= 1 << t
                continue
            if t == T_PIE_FIGHT:
                if tf & _TF_FIGHT:
                    must |= 1 << t
                continue
            have = self._trophy_measure(p, t)
            req, eased = self.content.requirement(t, persona if persona != NONE else None)
            if have >= req:
                if eased and have < self.content.requirement(t, None)[0]:
                    may |= 1 << t   # only met through the personality card: revealing is optional
                else:
                    must |= 1 << t
        return must, may

    def _trophy_measure(self, p, t):
        s = self.s
        o = _P0 + p * _PSZ
        if t == T_FRIENDSHIP:
            return s[o + _FR]
        if t == T_POWER_UPS:
            return (s[o + _TILE] != NONE) + (s[o + _TILE + 1] != NONE)
        if t == T_SPELLS:
            return self.spells(p)
        if t == T_QUESTS:
            return s[o + _QDONE]
        return s[o + _PIES]  # T_PIES

    def _earn_trophy(self, p, t):
        s = self.s
        o = _P0 + p * _PSZ
        if t != T_APPLES and t != T_GEMS and t != T_PIE_FIGHT:
            req, eased = self.content.requirement(t, s[o + _PERSONA] if s[o + _PERSONA] != NONE else None)
            if eased and self._trophy_measure(p, t) < self.content.requirement(t, None)[0]:
                s[o + _REVEALED] = 1
        s[o + _TRO] |= 1 << t
        if p == s[_ACTIVE] and s[_EV + 1] == _CTX_TURN:
            s[_TROPHIES_TURN] += 1

    def _rejuvenate(self, p, choice):
        s = self.s
        o = _P0 + p * _PSZ
        s[_REJUV] |= 1 << p
        s[o + _LAST] = NONE   # the action token leaves the mat: any action next turn
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
        for c in range(N_SPELL_CLASSES):
            if s[_SDECK + c] or s[_SDISC + c]:
                return True
        return False

    def _refill_spells(self):
        """An empty spell deck takes the discard pile back (the rulebook is silent here)."""
        s = self.s
        if any(s[_SDECK:_SDECK + N_SPELL_CLASSES]):
            return
        for c in range(N_SPELL_CLASSES):
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
                if loc != AT_CAMP:
                    b[loc] = 1

    def _has_portal_express(self, p):
        t = self.s[_P0 + p * _PSZ + _TILE + S_MOVE]
        return t != NONE and self.content.tile_effect[t] == FX_PORTAL_EXPRESS

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
            self.board, self._blocked, -1 if loc == AT_CAMP else loc, self.board.camp_fronts[camp],
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
            if loc == AT_CAMP:
                dests.append(AT_CAMP)
            elif s[self._ga + loc] or s[self._gg + loc]:
                carry = self.reach(p, k, True)
                for d in carry:
                    if d not in dests and (d != castle or self._delivery_options(k, loc)):
                        dests.append(d)
            for d in dests:
                opts.append(k * 64 + d)
        return opts

    def carry_options(self, k, d):
        """What Seeker k of the active player may carry when it moves to d (carry codes:
        apples + 32 * gems). [0] when nothing can be carried there."""
        s = self.s
        p = s[_ACTIVE]
        loc = s[_P0 + p * _PSZ + _SK + k]
        if d == self.board.castle:
            return self._delivery_options(k, loc)
        if loc == AT_CAMP or d == loc or d not in self.reach(p, k, True):
            return [0]
        na = s[self._ga + loc]
        ng = s[self._gg + loc]
        return [a + 32 * g for g in range(ng + 1) for a in range(na + 1)]

    def _delivery_options(self, k, loc):
        """Carry codes that move Seeker k onto the castle as part of an exact delivery."""
        s = self.s
        p = s[_ACTIVE]
        o = _P0 + p * _PSZ
        opts = []
        if loc == AT_CAMP:
            return opts
        count = s[_DELIV_COUNT]
        left = DELIVERY - count
        other = 1 - k
        other_free = not (s[_MOVED] & (1 << other))
        oloc = s[o + _SK + other]
        for good in (G_APPLE, G_GEM):
            if s[o + _TRO] & (1 << (T_APPLES if good == G_APPLE else T_GEMS)):
                continue  # no repeat of a delivery type once its trophy is earned
            if s[_DELIV_GOOD] != NONE and s[_DELIV_GOOD] != good:
                continue
            base = self._ga if good == G_APPLE else self._gg
            have = s[base + loc]
            for c in range(1, min(have, left) + 1):
                if c < left:
                    # Only if the other Seeker can still bring exactly the rest this turn.
                    if not other_free or oloc == AT_CAMP or count:
                        continue
                    avail = s[base + oloc] - (c if oloc == loc else 0)
                    if avail < left - c or self.board.castle not in self.reach(p, other, True):
                        continue
                opts.append(c if good == G_APPLE else 32 * c)
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
        s[_CUR_SEEKER] = NONE
        s[_MOVED] |= 1 << k
        if d == AT_CAMP or d == loc:
            return
        if a:
            s[self._ga + loc] -= a
            s[self._ga + d] += a
        if g:
            s[self._gg + loc] -= g
            s[self._gg + d] += g
        s[o + _SK + k] = d
        if d == self.board.castle:
            s[_DELIV_GOOD] = G_APPLE if a else G_GEM
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
        base = self._ga if good == G_APPLE else self._gg
        s[_SUP + good] += s[base + castle]
        s[base + castle] = 0
        o = _P0 + p * _PSZ + _SK
        for k in range(2):
            if s[o + k] == castle:
                s[o + k] = AT_CAMP
        s[_TFLAGS] |= _TF_APPLES if good == G_APPLE else _TF_GEMS
        s[_DELIV_GOOD] = NONE
        s[_DELIV_COUNT] = 0
        self._push_event(_EV_TROPHY, p, _CTX_TURN)   # the trophy, then home and rejuvenated
        self._push_event(_EV_REJUV, p, 0)

    # ---- pie fights ------------------------------------------------------------------
    def _fight_decision(self):
        s = self.s
        act = s[_ACTIVE]
        if s[_FIGHT_DEF] == NONE:
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
            self._lose_friendship(act, 1)   # the attacker loses 1 friendship at once
            return K_FIGHT_BID, act
        if s[_ATT_BID] == 0xFF and s[_ATT_BID + 1] == 0xFF:
            return K_FIGHT_BID, act
        return K_FIGHT_BID, s[_FIGHT_DEF]

    def _pop_fight(self):
        s = self.s
        s[_FIGHTS] = s[_FIGHTS + 1]
        s[_FIGHTS_N] -= 1

    def _seekers_on(self, p, space):
        o = _P0 + p * _PSZ + _SK
        return (self.s[o] == space) + (self.s[o + 1] == space)

    def _bid_options(self, p):
        s = self.s
        o = _P0 + p * _PSZ
        space = s[_FIGHTS]
        slots = self._seekers_on(p, space)
        max_pies = min(7, s[o + _PIES])
        hand = s[o + _SPELLS:o + _SPELLS + N_SPELL_CLASSES]
        # Spell slot codes this hand can pay: known values 1..8, stated unknown 9..16.
        codes = [0]
        for v in range(8):
            if hand[v]:
                codes.append(1 + v)
        if hand[SPELL_UNKNOWN]:
            for v in range(MAX_STATED + 1):
                codes.append(9 + v)
        pairs = []
        for i, c1 in enumerate(codes):
            pairs.append((c1, 0))
            if slots < 2 or c1 == 0:
                continue
            for c2 in codes[i:]:
                if c2 == 0:
                    continue
                cls1 = spell_slot_class(c1)
                if cls1 == spell_slot_class(c2) and hand[cls1] < 2:
                    continue
                pairs.append((c1, c2))
        opts = []
        for c1, c2 in pairs:
            for pies in range(max_pies + 1):
                opts.append(pies + 8 * c1 + 136 * c2)
        return opts

    def _spend_bid(self, p, code):
        s = self.s
        o = _P0 + p * _PSZ
        pies, c1, c2 = bid_parts(code)
        s[o + _PIES] -= pies
        for c in (c1, c2):
            if c:
                cls = spell_slot_class(c)
                s[o + _SPELLS + cls] -= 1
                s[_SDISC + cls] += 1
        return pies + spell_slot_value(c1) + spell_slot_value(c2)

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
                s[o + k] = AT_CAMP   # goods stay on the space
        self._pop_fight()
        s[_FIGHT_DEF] = NONE
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
            if s[o + _TRO] & (1 << T_QUESTS) and (s[o + _QMASK] or s[o + _QMASK + 1]):
                return True
        return False

    def _quest_spaces(self):
        s = self.s
        if not self._quest_cards_left():
            return []
        a, b = self.seekers(s[_ACTIVE])
        out = []
        for loc in (a, b):
            if loc != AT_CAMP and s[self._gq + loc] and loc not in out:
                out.append(loc)
        return out

    def _refill_quests(self):
        """An empty quest deck takes back the resolved cards of the 2-Quests trophy holders."""
        s = self.s
        if s[_QDECK] or s[_QDECK + 1] or s[_QBOT_N]:
            return
        for p in range(s[_N]):
            o = _P0 + p * _PSZ
            if s[o + _TRO] & (1 << T_QUESTS):
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
            if term == E_PAY_APPLES or term == E_GIVE_APPLES:
                need[0] += amount
            elif term == E_PAY_GEMS or term == E_GIVE_GEMS:
                need[1] += amount
            elif term == E_LOSE_PIES:
                need[2] += amount
            elif term == E_LOSE_SPELLS:
                need[3] += amount
            if term == E_GIVE_APPLES or term == E_GIVE_GEMS:
                give = True
        if need[0] > self.controlled(p, G_APPLE) or need[1] > self.controlled(p, G_GEM):
            return False
        if need[2] > self.pies(p) or need[3] > self.spells(p):
            return False
        return not give or bool(self._other_seeker_spaces(p))

    def _stated_terms_list(self):
        s = self.s
        return [(s[_OPS + 2 * i], s[_OPS + 2 * i + 1]) for i in range(s[_OPS_N])]

    def _set_ops(self, terms, ret):
        s = self.s
        for i, (term, amount) in enumerate(terms):
            s[_OPS + 2 * i] = term
            s[_OPS + 2 * i + 1] = amount
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
        s[_QUEST_CARD] = NONE
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
            if term == E_PAY_APPLES or term == E_PAY_GEMS:
                if done < amount:
                    return K_PAY_FROM, act
            elif term == E_GIVE_APPLES or term == E_GIVE_GEMS:
                if done < amount:
                    return K_PAY_FROM, act
                if s[_HELD]:
                    return K_PLACE_ON, act
            elif term == E_GAIN_APPLES or term == E_GAIN_GEMS:
                good = G_APPLE if term == E_GAIN_APPLES else G_GEM
                if done < amount and s[_SUP + good] and self._own_spaces(act):
                    return K_PLACE_ON, act
            elif term == E_GAIN_SPELLS:
                if done < amount:
                    self._refill_spells()
                    if any(s[_SDECK:_SDECK + N_SPELL_CLASSES]):
                        return K_DRAW_SPELL, NONE
            elif term == E_LOSE_SPELLS:
                if done < amount and self.spells(act):
                    return K_DISCARD_SPELL, act
            elif term == E_POWER_UP:
                r = self._power_up_decision()
                if r:
                    return r
            elif term == E_GAIN_PIES:
                self._gain_pies(act, amount)
            elif term == E_LOSE_PIES:
                o = _P0 + act * _PSZ + _PIES
                s[o] = max(0, s[o] - amount)
            elif term == E_GAIN_FRIENDSHIP:
                o = _P0 + act * _PSZ + _FR
                s[o] = min(255, s[o] + amount)
            elif term == E_LOSE_FRIENDSHIP:
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
        if a != AT_CAMP:
            out.append(a)
        if b != AT_CAMP and b != a:
            out.append(b)
        return out

    def _other_seeker_spaces(self, p):
        s = self.s
        out = []
        for q in range(s[_N]):
            if q == p:
                continue
            for loc in self.seekers(q):
                if loc != AT_CAMP and loc not in out:
                    out.append(loc)
        return out

    def _pile_size(self, sec):
        s = self.s
        return _popcount(s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)) + s[_PUBOT_N + sec]

    def _power_up_sections(self, p):
        o = _P0 + p * _PSZ + _TILE
        return [sec for sec in (S_MOVE, S_MAKE) if self.s[o + sec] == NONE and self._pile_size(sec)]

    def _power_up_decision(self):
        s = self.s
        if s[_PU_SEC] == NONE:
            return K_PU_SECTION, s[_ACTIVE]
        if s[_PU_N] < 3 and self._pile_size(s[_PU_SEC]):
            return K_DRAW_TILE, NONE
        return K_PU_KEEP, s[_ACTIVE]

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
        s[_PU_SEC] = NONE
        s[_PU_N] = 0
        s[_OPS_I] += 1
        s[_OP_DONE] = 0

    # ---- seek ------------------------------------------------------------------------
    def _seek_roll_outcomes(self):
        s = self.s
        c = self.content
        dice = c.seek_dice[0 if self.last_action(s[_ACTIVE]) == A_SEEK_1 else 1]
        goods = (G_APPLE, G_GEM, G_QUEST) if dice is None else (dice[s[_SEEK_I]],)
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
        if good != G_QUEST:
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
        if good != G_QUEST and self.occupants(space) & ~(1 << act):
            o = _P0 + act * _PSZ + _FR
            s[o] = min(255, s[o] + 1)   # +1 friendship for a token on an opponent's space
        s[_SEEK_I] += 1

    # ---- goods -----------------------------------------------------------------------
    def _goods_base(self, good):
        return self._ga if good == G_APPLE else (self._gg if good == G_GEM else self._gq)

    def _add_goods(self, good, space, k):
        self.s[_SUP + good] -= k
        self.s[self._goods_base(good) + space] += k

    def _held_goods(self, good):
        s = self.s
        if not s[_HELD] or s[_OPS_I] >= s[_OPS_N]:
            return 0
        term = s[_OPS + 2 * s[_OPS_I]]
        if (term == E_GIVE_APPLES and good == G_APPLE) or (term == E_GIVE_GEMS and good == G_GEM):
            return s[_HELD]
        return 0

    # ---- legal options per decision kind ----------------------------------------------
    def _legal(self, kind):
        s = self.s
        n = s[_N]
        act = s[_ACTIVE]
        if kind == K_MOVE:
            return self._move_options()
        if kind == K_CARRY:
            return self.carry_options(s[_CUR_SEEKER], s[_CUR_DEST])
        if kind == K_FIGHT_BID:
            return self._bid_options(s[_DECIDER])
        if kind == K_ACTION:
            return self._action_options(act)
        if kind == K_TROPHY:
            p = s[_EV] & 7
            must, may = self._eligible(p, s[_EV + 1])
            opts = [t for t in range(N_TROPHIES) if (must | may) & (1 << t)]
            if not must:
                opts.append(TROPHY_DECLINE)
            return opts
        if kind == K_REJUVENATE:
            return [0, 1] if self._spells_available() else [1]
        if kind == K_DRAW_SPELL or kind == K_DEAL_SPELL:
            return [c for c in range(N_SPELL_CLASSES) if s[_SDECK + c]]
        if kind == K_PAY_FROM:
            term = self._current_op()[0]
            base = self._ga if term == E_PAY_APPLES or term == E_GIVE_APPLES else self._gg
            return [x for x in self._own_spaces(act) if s[base + x]]
        if kind == K_PLACE_ON:
            term = self._current_op()[0]
            if term == E_GIVE_APPLES or term == E_GIVE_GEMS:
                return self._other_seeker_spaces(act)
            return self._own_spaces(act)
        if kind == K_QUEST_PICK:
            return self._quest_spaces() + [QUEST_DONE]
        if kind == K_DRAW_QUEST:
            m = s[_QDECK] | (s[_QDECK + 1] << 8)
            if m:
                return [c for c in range(16) if m & (1 << c)]
            return [s[_QBOT]]
        if kind == K_QUEST_OPTION:
            card = self.content.quest_cards[s[_QUEST_CARD]]
            opts = [i for i in (0, 1) if self._quest_option_ok(card[1 + i])]
            opts.append(QUEST_NO_THANKS)
            return opts
        if kind == K_STATE_TERM:
            opts = []
            if s[_OPS_N] < MAX_TERMS:
                for term in range(1, N_TERMS):
                    for amount in range(1, 8):
                        opts.append(term * 8 + amount)
            if self._affordable(self._stated_terms_list()):
                opts.append(TERMS_DONE)
            opts.append(TERMS_CANCEL)
            return opts
        if kind == K_SEEK_ROLL:
            return self._seek_roll_outcomes()
        if kind == K_SEEK_PLACE:
            return self._seek_targets()
        if kind == K_PU_SECTION:
            return self._power_up_sections(act)
        if kind == K_DRAW_TILE:
            return self._pile_top(s[_PU_SEC])
        if kind == K_PU_KEEP:
            return list(self.drawn_tiles())
        if kind == K_DISCARD_SPELL:
            o = _P0 + act * _PSZ + _SPELLS
            return [c for c in range(N_SPELL_CLASSES) if s[o + c]]
        if kind == K_SETUP_TILE:
            return [0, 1, 2, 3, 4, 5]
        if kind == K_SETUP_SPACE:
            return [0, 1, 2, 3]
        if kind == K_DEAL_PERSONALITY:
            return [c for c in range(len(self.content.personalities)) if s[_PERS] & (1 << c)]
        if kind == K_FIRST_PLAYER:
            return list(range(n))
        return []

    def _action_options(self, p):
        last = self.last_action(p)
        opts = []
        for a in range(N_ACTIONS):
            if a != last and self._action_possible(p, a):
                opts.append(a)
        return opts

    def _action_possible(self, p, a):
        """Move and Seek are always possible; a Make action needs its full cost on the
        player's spaces and its full benefit available."""
        if a == A_BAKE:
            return self.controlled(p, G_APPLE) >= 2 and self.pies(p) + 2 <= self.content.pies_max
        if a == A_CONJURE:
            return self.controlled(p, G_GEM) >= 2 and self._spells_available()
        if a == A_POWER_UP:
            return (self.controlled(p, G_APPLE) >= 1 and self.controlled(p, G_GEM) >= 1
                    and bool(self._power_up_sections(p)))
        return True

    # ---- applying one decision ---------------------------------------------------------
    def _do(self, a):
        s = self.s
        kind = s[_KIND]
        act = s[_ACTIVE]
        self._legal_cache = None
        if kind == K_MOVE:
            s[_CUR_SEEKER] = a >> 6
            s[_CUR_DEST] = a & 63
        elif kind == K_CARRY:
            self._do_move(a)
        elif kind == K_FIGHT_BID:
            self._do_bid(a)
        elif kind == K_ACTION:
            self._do_action(act, a)
        elif kind == K_TROPHY:
            p = s[_EV] & 7
            if a == TROPHY_DECLINE:
                self._pop_event()
            else:
                self._earn_trophy(p, a)
                if not (s[_FINALE] and s[_EV + 1] == _CTX_TURN):
                    self._pop_event()   # in the grand finale the checkpoint offers more
        elif kind == K_REJUVENATE:
            self._rejuvenate(s[_EV] & 7, a)
        elif kind == K_DRAW_SPELL:
            s[_SDECK + a] -= 1
            if s[_EV_N] and s[_EV] >> 3 == _EV_SPELL:
                p = s[_EV] & 7
                self._pop_event()
            else:
                p = act
                s[_OP_DONE] += 1
            s[_P0 + p * _PSZ + _SPELLS + a] += 1
        elif kind == K_PAY_FROM:
            term = self._current_op()[0]
            good = G_APPLE if term == E_PAY_APPLES or term == E_GIVE_APPLES else G_GEM
            s[self._goods_base(good) + a] -= 1
            if term == E_PAY_APPLES or term == E_PAY_GEMS:
                s[_SUP + good] += 1
            else:
                s[_HELD] += 1
            s[_OP_DONE] += 1
        elif kind == K_PLACE_ON:
            term = self._current_op()[0]
            if term == E_GIVE_APPLES or term == E_GIVE_GEMS:
                base = self._ga if term == E_GIVE_APPLES else self._gg
                s[base + a] += s[_HELD]
                s[_HELD] = 0
            else:
                self._add_goods(G_APPLE if term == E_GAIN_APPLES else G_GEM, a, 1)
                s[_OP_DONE] += 1
        elif kind == K_QUEST_PICK:
            if a == QUEST_DONE:
                s[_STAGE] = _ST_END
            else:
                s[self._gq + a] -= 1
                s[_SUP + G_QUEST] += 1
                s[_STAGE] = _ST_QUEST_DRAW
        elif kind == K_DRAW_QUEST:
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
        elif kind == K_QUEST_OPTION:
            self._do_quest_option(a)
        elif kind == K_STATE_TERM:
            if a == TERMS_DONE:
                self._keep_quest()
            elif a == TERMS_CANCEL:
                s[_OPS_N] = 0
                s[_STAGE] = _ST_QUEST_OPTION
            else:
                i = s[_OPS_N]
                s[_OPS + 2 * i] = a >> 3
                s[_OPS + 2 * i + 1] = a & 7
                s[_OPS_N] = i + 1
        elif kind == K_SEEK_ROLL:
            s[_SEEK + s[_SEEK_I]] = a
            s[_SEEK_I] += 1
        elif kind == K_SEEK_PLACE:
            self._do_seek_place(a)
        elif kind == K_PU_SECTION:
            s[_PU_SEC] = a
            s[_PU_N] = 0
        elif kind == K_DRAW_TILE:
            self._draw_tile(a)
        elif kind == K_PU_KEEP:
            self._keep_tile(a)
        elif kind == K_DISCARD_SPELL:
            s[_P0 + act * _PSZ + _SPELLS + a] -= 1
            s[_SDISC + a] += 1
            s[_OP_DONE] += 1
        elif kind <= K_FIRST_PLAYER:
            self._do_setup(kind, a)

    def _do_action(self, p, a):
        s = self.s
        s[_P0 + p * _PSZ + _LAST] = a
        if a == A_MOVE:
            s[_STAGE] = _ST_MOVE
        elif a == A_SEEK_1 or a == A_SEEK_2:
            s[_SEEK_I] = 0
            s[_STAGE] = _ST_SEEK_ROLL
        elif a == A_BAKE:
            self._set_ops(((E_PAY_APPLES, 2), (E_GAIN_PIES, 2)), _ST_END)
            s[_STAGE] = _ST_OPS
        elif a == A_CONJURE:
            self._set_ops(((E_PAY_GEMS, 2), (E_GAIN_SPELLS, 1)), _ST_END)
            s[_STAGE] = _ST_OPS
        elif a == A_POWER_UP:
            self._set_ops(((E_PAY_APPLES, 1), (E_PAY_GEMS, 1), (E_POWER_UP, 1)), _ST_END)
            s[_STAGE] = _ST_OPS

    def _do_quest_option(self, a):
        s = self.s
        if a == QUEST_NO_THANKS:
            # Not resolved: back to the bottom of the quest deck, face down.
            s[_QBOT + s[_QBOT_N]] = s[_QUEST_CARD]
            s[_QBOT_N] += 1
            s[_QUEST_CARD] = NONE
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
