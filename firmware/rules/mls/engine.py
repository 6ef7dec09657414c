# The My Little Scythe rules engine (base game): State, the GameState of this ruleset.
# Pure: no I/O, no random.
#
#   st = new_game(board, players=4)
#   while not st.is_terminal():
#       if st.current_player() == CHANCE: st.apply(pick(st.chance_outcomes()))
#       else: st.apply_checked(choice, player)
#
# The generic half (decision API, undo, clone, hash, the serialised form, the loop of
# automatic steps) is firmware/rules/core.py. Here: the tables that tell it, per decision
# kind, what is legal and what applying does, and per stage what is pending, taken from
# the phase modules (turns: the turn, actions, Seek, events, trophies, rejuvenation; move:
# Move, deliveries, pie fights; quest: quests and the effects of cards and Make actions;
# setup while the game is set up); and the public reading API. The state layout is
# layout.py.
from ..compat import const, release
from ..core import GameState
from ..framing import FORMAT, popcount  # noqa: F401  (FORMAT: the serialised state's version)
from . import move, quest, turns
from .content import base_content

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ATT_BID = const(25)
_AT_CAMP = const(63)
_BID = const(144)
_CARDS = const(42)
_CARDS_MODEL = const(2)
_CUR_DEST = const(15)
_CUR_SEEKER = const(14)
_DELIVERY = const(4)
_E_GIVE_APPLES = const(5)
_E_GIVE_GEMS = const(6)
_FIGHTS = const(22)
_FIGHTS_N = const(21)
_FIGHT_DEF = const(24)
_FR = const(0)
_GOODS = const(292)
_G_APPLE = const(0)
_G_GEM = const(1)
_HELD = const(63)
_HOLD_HAND = const(65)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_DEAL_SPELL = const(3)
_K_DRAW_SPELL = const(12)
_K_MOVE = const(8)
_K_OVER = const(25)
_LAST = const(2)
_LAST_FIGHT = const(139)
_N = const(0)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_OPS = const(45)
_OPS_I = const(44)
_OPS_N = const(43)
_P0 = const(148)
_PIES = const(1)
_PSZ = const(24)
_PU_DRAWN = const(66)
_PU_N = const(65)
_RULESET_MLS = const(1)
_SDECK = const(90)
_SK = const(5)
_SPELLS = const(14)
_STAGE = const(1)
_ST_MOVE = const(4)
_SUP = const(10)
_TRO = const(3)
_TROPHIES_TO_WIN = const(4)
_TURN = const(6)
_XOPT = const(147)
# -- end of private copies --

RULESET_MLS = _RULESET_MLS
DELIVERY = _DELIVERY


def new_game(board, players=2, content=None, camp_sites=None, kingdoms=None):
    """A new game in setup: the pending decisions are chance ones (setup tile, deals,
    first player) until the first player chooses an action."""
    from . import setup

    return setup.new_game(State(board, content), players, camp_sites, kingdoms)


class State(GameState):
    """A game of My Little Scythe. Players are 0..n-1 in clockwise order."""

    RULESET = _RULESET_MLS
    TERMINAL_KIND = _K_OVER
    MANUAL = (_K_MOVE,)            # a Seeker is always moved by hand
    # public_bytes() blanks the bids: one entered by the attacker while the defender still bids.
    SECRET = (_ATT_BID, _ATT_BID + 1, _BID, _BID + 1)
    # LEGAL, DO and PENDING: below the class.

    def __init__(self, board, content=None, data=None):
        self.content = content if content is not None else base_content()
        ns = board.n_spaces
        self._scratch = bytearray(ns)   # reach marks
        self._blocked = bytearray(ns)   # opponent occupancy for the mover
        GameState.__init__(self, board, data)

    @staticmethod
    def size(board):
        return _GOODS + 3 * board.n_spaces

    def _with_bytes(self, data):
        return State(self.board, self.content, data)

    _interrupt = turns.events   # events (trophies, rejuvenation) come before the stage

    def chance_outcomes(self):
        """(outcome, weight) pairs of the pending chance decision: a spell class weighs
        its cards in the deck; everything else is uniform."""
        kind = self.s[_KIND]
        if kind == _K_DEAL_SPELL or kind == _K_DRAW_SPELL:
            s = self.s
            return [(c, s[_SDECK + c]) for c in range(_N_SPELL_CLASSES) if s[_SDECK + c]]
        return [(a, 1) for a in self.legal_actions()]

    # The table's bytes and hash: the cards in hand and the unrevealed personality cards in a
    # canonical form (unknown.py); player: that seat's view, its own cards kept.
    def public_bytes(self, out=None, player=-1):
        from .unknown import public_bytes

        return public_bytes(self, out, player)

    def public_hash(self):
        from .unknown import public_hash

        return public_hash(self)

    def check(self):
        from . import loading

        return loading.check(self)

    def _load_check(self):
        from . import loading

        problem = loading.check(self)
        release(loading.__name__)   # a board resumes once: the checks are not kept in RAM
        return problem


    # ---- reading the game ---------------------------------------------------------------
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
        return popcount(self.s[_P0 + p * _PSZ + _TRO])

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
        return self.s[_GOODS + space]

    def gems(self, space):
        return self.s[_GOODS + self.board.n_spaces + space]

    def quest_token(self, space):
        return self.s[_GOODS + 2 * self.board.n_spaces + space]

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

    def model_cards(self):
        """True in a game played with the model deck (no printed cards: layout.CARDS)."""
        return self.s[_CARDS] == _CARDS_MODEL

    def quest_card(self, c):
        """Quest card c as this game plays it: (name, option 1, option 2) as printed
        (content), or in a model-deck game the model card (content_model.py)."""
        if self.s[_CARDS] == _CARDS_MODEL:
            from .content_model import quest_card

            return quest_card(self.content, c)
        return self.content.quest_cards[c]

    def drawn_tiles(self):
        return tuple(self.s[_PU_DRAWN:_PU_DRAWN + self.s[_PU_N]])

    reach = move.reach                  # reach(p, k, carrying): where Seeker k can end
    carry_options = move.carry_options  # carry_options(k, d): what it may carry there

    def occupants(self, space):
        """Bit mask of the players with a Seeker on space."""
        s = self.s
        m = 0
        for p in range(s[_N]):
            o = _P0 + p * _PSZ + _SK
            if s[o] == space or s[o + 1] == space:
                m |= 1 << p
        return m

    # ---- where goods are held: a space, the supply, a gift in hand (layout.HOLD_*) ----------
    def goods_at(self, x, good):
        """How many of a good (G_*) holder x holds."""
        s = self.s
        if x < _HOLD_SUPPLY:
            return s[_GOODS + good * self.board.n_spaces + x]
        if x == _HOLD_SUPPLY:
            return s[_SUP + good]
        # _HOLD_HAND holds the good of the gift being made (the current term), if any.
        if s[_HELD] and s[_OPS_I] < s[_OPS_N]:
            term = s[_OPS + 2 * s[_OPS_I]]
            if term == _E_GIVE_APPLES and good == _G_APPLE or term == _E_GIVE_GEMS and good == _G_GEM:
                return s[_HELD]
        return 0

    def move_goods(self, good, src, dst, k):
        """Move k of a good from holder src to holder dst."""
        base = _GOODS + good * self.board.n_spaces
        s = self.s
        s[base + src if src < _HOLD_SUPPLY else (_SUP + good if src == _HOLD_SUPPLY else _HELD)] -= k
        s[base + dst if dst < _HOLD_SUPPLY else (_SUP + good if dst == _HOLD_SUPPLY else _HELD)] += k

    def holders_of(self, p):
        """The holders player p controls: the spaces of its Seekers (each once)."""
        a, b = self.seekers(p)
        out = []
        if a != _AT_CAMP:
            out.append(a)
        if b != _AT_CAMP and b != a:
            out.append(b)
        return out

    def holders(self):
        """Every holder: the spaces, then the stores off the map (conservation)."""
        return tuple(range(self.board.n_spaces)) + (_HOLD_SUPPLY, _HOLD_HAND)

    def controlled(self, p, good):
        """Apples or gems player p controls (on the spaces of its Seekers, each once)."""
        n = 0
        for h in self.holders_of(p):
            n += self.goods_at(h, good)
        return n

    def winners(self):
        """The players crowned at the end: 4 trophies (5 with Pie in the Sky), then most
        friendship, then most apples and gems controlled (on the map; with Pie in the Sky
        the cargo hold too); all still tied share the win. () until the end."""
        if not self.is_terminal():
            return ()
        s = self.s
        win = _TROPHIES_TO_WIN + s[_XOPT]   # Pie in the Sky: 5
        cands = [p for p in range(s[_N]) if self.trophy_count(p) >= win]
        for tie_break in (0, 1):
            if tie_break == 0:
                score = [s[_P0 + p * _PSZ + _FR] for p in cands]
            else:
                score = [self.controlled(p, _G_APPLE) + self.controlled(p, _G_GEM) for p in cands]
            best = max(score)
            cands = [p for i, p in enumerate(cands) if score[i] == best]
        return tuple(cands)


# ---- setup: its code is imported while a game is set up; it releases itself after -------
def _setup():
    from . import setup

    return setup


# ---- the tables: per decision kind (codes.K_*), what is legal and what applying does; per
# stage (layout.ST_*), what is pending. A phase module registers one legal and one do
# function for all its kinds (they read the kind from the state): fewer function objects
# and names, less RAM on MicroPython.
State.LEGAL = (None,) + (lambda st: _setup().legal(st),) * 5 + (   # K_SETUP_TILE..K_FIRST_PLAYER
    turns.legal,    # K_ACTION
    turns.legal,    # K_TROPHY
    move.legal,     # K_MOVE
    move.legal,     # K_CARRY
    move.legal,     # K_FIGHT_BID
    turns.legal,    # K_REJUVENATE
    turns.legal,    # K_DRAW_SPELL
    quest.legal,    # K_QUEST_PICK
    quest.legal,    # K_DRAW_QUEST
    quest.legal,    # K_QUEST_OPTION
    quest.legal,    # K_STATE_TERM
    quest.legal,    # K_PAY_FROM
    quest.legal,    # K_PLACE_ON
    turns.legal,    # K_SEEK_ROLL
    turns.legal,    # K_SEEK_PLACE
    quest.legal,    # K_PU_SECTION
    quest.legal,    # K_DRAW_TILE
    quest.legal,    # K_PU_KEEP
    quest.legal,    # K_DISCARD_SPELL
    None,           # K_OVER
    move.legal,     # K_CARRY_GEMS
    move.legal,     # K_BID_SPELL
    quest.legal,    # K_TERM_AMOUNT
)
State.DO = (None,) + (lambda st, a: _setup().apply(st, a),) * 5 + (   # K_SETUP_TILE..K_FIRST_PLAYER
    turns.do,       # K_ACTION
    turns.do,       # K_TROPHY
    move.do,        # K_MOVE
    move.do,        # K_CARRY
    move.do,        # K_FIGHT_BID
    turns.do,       # K_REJUVENATE
    turns.do,       # K_DRAW_SPELL
    quest.do,       # K_QUEST_PICK
    quest.do,       # K_DRAW_QUEST
    quest.do,       # K_QUEST_OPTION
    quest.do,       # K_STATE_TERM
    quest.do,       # K_PAY_FROM
    quest.do,       # K_PLACE_ON
    turns.do,       # K_SEEK_ROLL
    turns.do,       # K_SEEK_PLACE
    quest.do,       # K_PU_SECTION
    quest.do,       # K_DRAW_TILE
    quest.do,       # K_PU_KEEP
    quest.do,       # K_DISCARD_SPELL
    None,           # K_OVER
    move.do,        # K_CARRY_GEMS
    move.do,        # K_BID_SPELL
    quest.do,       # K_TERM_AMOUNT
)
State.PENDING = (
    None,
    lambda st: _setup().pending(st),   # ST_SETUP
    turns.pending,    # ST_TURN_START
    turns.pending,    # ST_ACTION
    move.pending,     # ST_MOVE
    move.pending,     # ST_FIGHT
    quest.pending,    # ST_QUESTS
    quest.pending,    # ST_QUEST_DRAW
    quest.pending,    # ST_QUEST_OPTION
    quest.pending,    # ST_QUEST_TERMS
    quest.pending,    # ST_OPS
    turns.pending,    # ST_SEEK_ROLL
    turns.pending,    # ST_SEEK_PLACE
    turns.pending,    # ST_END
    turns.pending,    # ST_NEXT
    turns.pending,    # ST_OVER
)
