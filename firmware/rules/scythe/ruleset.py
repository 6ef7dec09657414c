# Scythe (the base game) as a ruleset: what the board, the link and the host need to know
# about it (firmware/rules/ruleset.py). The engine is imported only when a game is made.
# 2-5 players: solo play needs the Automa deck, which the sources do not have.
from ..compat import const
from ..ruleset import (ENTRY_CHANCE, ENTRY_DIAL, ENTRY_PIECE, ENTRY_ROLL, ENTRY_SECRET, ENTRY_SPACE,
                       OFF_BOARD, Ruleset)

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DEF = const(44)
_C_DIAL = const(46)
_C_SIDE = const(45)
_C_SPACE = const(43)
_C_USED = const(51)
_DES_OWNER = const(7)
_DES_TAG = const(86)
_DISCARD = const(12)
_F_RIVAL_IN = const(51)
_F_SIZE = const(189)
_INFL_OWNER = const(6)
_INFL_TAG = const(91)
_K_ALLY_COINS = const(41)
_K_AMOUNT = const(30)
_K_CARD = const(26)
_K_DIAL = const(25)
_K_FACTORY_CARD = const(31)
_K_MODEL_OBJECTIVE = const(3)
_K_MOVE_TO = const(9)
_K_MOVE_UNIT = const(8)
_K_OBJECTIVE = const(4)
_K_RETREAT = const(34)
_K_TERM = const(29)
_K_VESNA_CARDS = const(54)
_K_VESNA_POWER = const(53)
_MOVE_DONE = const(13)
_N_INFL = const(16)
_N_KINDS = const(78)
_N_UNITS = const(13)
_P0 = const(72)
_PER_PLAYER = const(17)
_PSZ = const(39)
_P_FACTION = const(0)
_P_NCARDS = const(37)
_P_OBJ_HELD = const(38)
_P_UNITS = const(18)
_SHUFFLED = const(58)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_CARRY = const(10)
_ST_SECTION = const(6)
_TAIL = const(20)
_TESLA_TAG = const(85)
_TO = const(30)
_UNIT = const(28)
_U_MECH = const(1)
_U_WORKER = const(5)
_X_OBJ = const(8)
# -- end of private copies --

_ON_OFF = (0, 1)


def _entries():
    e = bytearray(_N_KINDS)
    for k in range(_N_KINDS):
        e[k] = ENTRY_DIAL
    for k in (1, 2, 3, 5, 28, 36, 42, 44, 46, 50, 51, 66, 67, 70):   # deals: faction and player mats, the
        e[k] = ENTRY_CHANCE                     # bonus tile, the model deck's objective and
                                                # encounter cards, a Triumph Tile, a Mech or an
                                                # Infrastructure Mod, Fenris's (Vesna's) home base,
                                                # Vesna's Factory cards and tokens, Tesla's finder
                                                # in Episode 8a, a campaign's Setup Bonuses and
                                                # Perks (The Rise of Fenris)
    for k in (12, 13, 14, 19, 21, 24, 48, 72):  # a space: place, produce, pay, deploy, build, combat,
                                                # Fenris's second Influence token, a Perk's territory
        e[k] = ENTRY_SPACE
    e[_K_MOVE_UNIT] = ENTRY_PIECE               # lift a unit, put it on a lit space: the unit
    e[_K_MOVE_TO] = ENTRY_PIECE                 # and its destination, from one gesture
    e[_K_RETREAT] = ENTRY_PIECE                 # the loser's units lifted onto a lit place
    for k in (25, 26, 37):                      # the power dial and combat cards; Rivals' stars on
        e[k] = ENTRY_SECRET                     # home bases (all players at once, The Rise of Fenris)
    for k in (55, 56, 57, 59, 60, 69, 73, 75):  # Mad Tesla, the Desolation: the cards turned up,
        e[k] = ENTRY_ROLL                       # their directions and combat dice, entered at the table;
                                                # Episode 1's objective revealed, Episode 5's
                                                # Annihilator's dice, Episode 3's Vesna card
                                                # drawn or not (The Rise of Fenris)
    e[58] = ENTRY_SPACE                         # Mad Tesla beaten on the Factory: where he goes
    e[65] = ENTRY_SPACE                         # the Desolation: which of its combats next
    return bytes(e)


def _own_sides(s, seat):
    """The sides of a combat being entered that are seat's, as bits (1 the attacker's: the
    active player's, 2 the defender's: C_DEF's; both for one player fighting Mad Tesla, whose
    bytes are on both sides), or 0 (none, or its dials revealed: C_SIDE > 1), as
    infoset._hidden reads the sides."""
    if s[_C_SIDE] > 1:
        return 0
    return (1 if seat == s[_ACTIVE] else 0) | (2 if seat == s[_C_DEF] else 0)


def _view(rs, st, seat, out):
    """As Ruleset.view; in a combat being entered, the cards seat put behind its dial are kept
    (C_COMMIT holds both sides' counts, a nibble each: the other side's is blanked)."""
    sides = _own_sides(st.s, seat)
    if sides == 0 or sides == 3:
        return Ruleset.view(rs, st, seat, out)
    s = st.s
    kept = bytes(s[_C_COMMIT:_C_COMMIT + 4])
    for i in range(4):
        s[_C_COMMIT + i] &= 15 if sides == 1 else 0xF0
    try:
        return Ruleset.view(rs, st, seat, out)
    finally:
        s[_C_COMMIT:_C_COMMIT + 4] = kept


class Scythe(Ruleset):
    id = 2
    name = "scythe"
    title = "Scythe"
    players = (2, 5)
    map_name = "scythe"
    board_kind = "scythe"
    max_stack = 16     # a territory may hold 8 workers, 4 mechs, a character and a structure
    entry = _entries()
    strong_bot = "firmware.rules.scythe.rule_bot:RuleBot"   # greedy look-ahead (docs/scythe.md)
    infoset = "firmware.rules.scythe.infoset"   # the sealed side of a combat (Ruleset.determinise)
    host_search = "host_tools.views.scythe_search"   # the search bot's hooks (CPython only)
    host_campaign = "host_tools.views.scythe_campaign"   # `pomme campaign` (CPython only; docs/campaign.md)
    option_names = {_K_MOVE_UNIT: "unit"}
    # The setup option the board takes on the wire (the protocol's `new`): cards: [0] the
    # printed cards at the table (the default: the encounter and Factory cards' terms and the
    # objectives met are read in, a bot seat's too), [1] the model deck (content_model.py;
    # docs/scythe.md, "Printed cards or the model deck").
    # The Rise of Fenris: each module an on/off option (docs/fenris.md section 2; fenris.py).
    new_options = {"cards": _ON_OFF, "mechmods": _ON_OFF, "infra": _ON_OFF, "war": _ON_OFF,
                   "peace": _ON_OFF, "tiles": _ON_OFF, "rivals": _ON_OFF, "alliances": _ON_OFF,
                   "vesna": _ON_OFF, "fenris": _ON_OFF, "tesla": _ON_OFF, "madtesla": _ON_OFF,
                   "desolation": _ON_OFF, "harder": _ON_OFF, "search": _ON_OFF,
                   "newera": _ON_OFF, "bonuses": _ON_OFF, "agents": _ON_OFF, "fortress": _ON_OFF,
                   "plea": _ON_OFF,
                   "warsetup": _ON_OFF, "extraobj": _ON_OFF,
                   "perks": _ON_OFF, "owned": _ON_OFF}
    engine_options = new_options
    # Options that are a campaign episode's own rules (docs/campaign.md, section 3): the page's
    # new-game form offers no box for them (its campaign panel starts those games; the laptop's
    # game names take them: scythe+war+rivals+tesla+search).
    campaign_options = ("search", "newera", "bonuses", "agents", "warsetup", "extraobj", "perks", "fortress",
                        "plea", "owned")
    aliases = (("model", "cards", 1), ("printed", "cards", 0))
    deck_option = "cards"
    catalogue = "firmware.rules.scythe.text"
    host_view = "host_tools.views.scythe"   # the laptop's view (CPython only)
    page_panel = "firmware.rules.scythe.panel"   # the page's map and panels (a board never imports it)
    campaign_panel = "firmware.rules.scythe.campaign_panel"   # the campaign on the page (docs/campaign.md)
    campaign_lines = "firmware.rules.scythe.campaign_lines"   # ... and on the board's display
    narrator = "firmware.rules.scythe.narrate"   # the log in words (a board never imports it)

    def make_board(self, board_def):
        from .board import ScytheBoard

        return ScytheBoard(board_def)

    def campaign(self):
        """The Rise of Fenris campaign's module (campaign.py: new_campaign, Campaign), loaded only
        when a campaign is played (docs/campaign.md)."""
        from . import campaign

        return campaign

    def unplayed_options(self):
        """The module options whose rules are not played yet (the page offers no box for them)."""
        from .fenris import unplayed

        return unplayed()

    def player_range(self, options):
        """1 to 5 with the Desolation (cooperative: 1 player needs no Automa) once it is
        played (fenris.IMPLEMENTED) and without Alliances (between 2 players), else 2 to 5."""
        if options and options.get("desolation") == [1] and options.get("alliances") != [1]:
            from .fenris import desolation_played

            if desolation_played():
                return (1, 5)
        return self.players

    def new_game(self, board, players, options=None):
        options = options or {}
        cards = options.get("cards")
        if cards not in (None, [], [0], [1]):
            from ..errors import SetupError

            raise SetupError("bad_setup", "cards")
        for k in options:
            if k != "cards" and options[k] not in (None, [], [0]):   # a module of The Rise of Fenris
                from . import fenris

                mods = fenris.modules(options)   # refuses what may not be played (yet)
                if mods:
                    return fenris.new_game(board, players, cards == [1], mods)
        from .engine import new_game

        return new_game(board, players, cards == [1])

    def setup_of(self, st):
        """The same number of players, the same deck (the model deck stays) and modules."""
        opts = {"cards": [1]} if st.model_cards() else {}
        mods = getattr(st, "mods", None)   # a FenrisState's
        if mods:
            from .fenris import words

            opts.update(words(mods()))
        return st.n_players(), opts

    def own_secrets(self, st, seat):
        """Its own model objective cards (Peace: its third too; Rivals: the stars it entered in
        the setup's secret run); its side of a combat being entered."""
        n = len(st.s)
        x = n - _TAIL + _X_OBJ + 2 * seat
        own = (x, x + 1)
        if st.OBJ_DRAW:
            own += (st.OBJ_DRAW + seat,)
        if getattr(st, "RIVALS", 0):
            r = n - _TAIL - _F_SIZE + _F_RIVAL_IN + 3 * seat
            own += (r, r + 1, r + 2)
        sides = _own_sides(st.s, seat)
        for side in (0, 1):   # its dial, its cards' sum and count, the cards (view() blanks the other's)
            if sides >> side & 1:
                own += (_C_DIAL + side, _C_CARDS + side, _C_USED + side)
        if sides:
            own += (_C_COMMIT, _C_COMMIT + 1, _C_COMMIT + 2, _C_COMMIT + 3)
        return own

    def view(self, st, seat, out=None):
        return _view(self, st, seat, out)

    def face_down(self, st):
        """A model objective card dealt, while the cards held are secret (not the Desolation's)."""
        return st.decision() == _K_MODEL_OBJECTIVE and len(st.s) - _TAIL + _X_OBJ in st.SECRET

    def reads_card(self, st):
        """A printed card is being read (the printed cards, not the model deck): an encounter's
        or a Factory card's top row's terms (K_TERM, K_AMOUNT), which Factory card is taken
        (K_FACTORY_CARD), which objective is met (K_OBJECTIVE, or OBJ_NOT_MET), the coins on an
        Alliance token received (K_ALLY_COINS, The Rise of Fenris), Vesna's mat numbers
        (K_VESNA_POWER, K_VESNA_CARDS). The table enters it, a bot
        seat's too: a bot never states a printed term nor claims an objective."""
        k = st.decision()
        return ((k == _K_TERM or k == _K_AMOUNT or k == _K_FACTORY_CARD or k == _K_OBJECTIVE
                 or k == _K_ALLY_COINS or k == _K_VESNA_POWER or k == _K_VESNA_CARDS)
                and not st.model_cards())

    def from_bytes(self, board, data):
        from .engine import State

        if len(data) > 7 and data[5] | (data[6] << 8) == State.size(board) + _F_SIZE:
            from .fenris import FenrisState   # a longer state: The Rise of Fenris (layout.F_*)

            return FenrisState.from_bytes(board, data)
        return State.from_bytes(board, data)

    # Piece k of player p is tag 17p + k: 0 the character, 1-4 the mechs, 5-12 the workers,
    # 13-16 the structures. Piece k < 13 is the engine's unit k (layout.U_*): every worker
    # is its own unit, so a worker tag is always the same worker in the engine.
    def pieces(self, n_players):
        names = ("character",) + ("mech",) * 4 + ("worker",) * 8 + ("structure",) * 4
        return tuple((names[k], p, _PER_PLAYER * p + k) for p in range(n_players) for k in range(_PER_PLAYER))

    def tag_of(self, owner, k):
        if owner == 5:   # Tesla's miniature (The Rise of Fenris: fenris_tesla_table.py)
            return _TESLA_TAG if k == 0 else -1
        if owner == _INFL_OWNER:   # Fenris's Influence tokens (fenris_influence_table.py)
            return _INFL_TAG + k if 0 <= k < _N_INFL else -1
        if owner == _DES_OWNER:   # the Desolation's units (fenris_desolation_table.py)
            return _DES_TAG + k if 0 <= k < 5 else -1
        return _PER_PLAYER * owner + k if 0 <= k < _PER_PLAYER else -1

    def option_pieces(self):
        tokens = tuple(("influence", _INFL_OWNER, _INFL_TAG + k) for k in range(_N_INFL))
        des = tuple(("desolation", _DES_OWNER, _DES_TAG + k) for k in range(5))
        return (("tesla", 5, _TESLA_TAG),) + des + tokens

    def max_tags(self):
        return _INFL_TAG + _N_INFL

    def n_tags(self, n_players):
        return _PER_PLAYER * n_players

    def expected(self, st, at):
        s = st.s
        for p in range(st.n_players()):
            o = _P0 + _PSZ * p + _P_UNITS     # the structures follow the units
            for k in range(_PER_PLAYER):
                x = s[o + k]
                at[_PER_PLAYER * p + k] = OFF_BOARD if x == 255 else x
        if s[_STAGE] == _ST_CARRY:   # what it carries is asked with the unit already put down
            at[_PER_PLAYER * s[_ACTIVE] + s[_UNIT]] = s[_TO]
        elif st.decision() == _K_RETREAT:
            q = st.current_player()
            home = st.board.home[s[_P0 + _PSZ * q + _P_FACTION]]
            for t in self._retreating(st, False):   # they go home whatever the loser chooses
                at[t] = home

    # ---- a retreat (Seaworthy): the loser's units go to one place it chooses --------------
    # K_RETREAT's options are the places (its home base, the lakes next to the combat). Any
    # of the units that go there may be lifted (each lights those places) and put on one;
    # several lifted at once count as one (as_one). Workers with no mech among them go home
    # whatever is chosen (the engine's rule): the table asks them home at once (expected).
    def _retreating(self, st, follow=True):
        """The loser's tags that follow its choice (follow=True: its characters and mechs on
        the combat territory, and its workers there with a mech), or those that go home
        whatever it chooses (follow=False: its workers there without a mech)."""
        s = st.s
        q = st.current_player()
        x = s[_C_SPACE]
        o = _P0 + _PSZ * q + _P_UNITS
        mech = False
        for u in range(_U_MECH, _U_WORKER):
            if s[o + u] == x:
                mech = True
        out = []
        for u in range(_N_UNITS):
            if s[o + u] == x and (u < _U_WORKER or mech) == follow:
                out.append(_PER_PLAYER * q + u)
        return out

    def as_one(self, st):
        return st.decision() == _K_RETREAT

    # ---- Move: one gesture for the unit and its destination ------------------------------
    # K_MOVE_UNIT's option u is the unit; the table makes it by lifting unit u's tag (its
    # legal destinations light) and putting it on a lit space: that commits u, and the
    # placement, still sensed there, then commits K_MOVE_TO's option (the space). A unit
    # chosen on the dial (piece_move: it "stays" until its destination) is then moved with
    # its piece. MOVE_DONE is a dial choice (the character stays).
    def movers(self, st):
        base = _PER_PLAYER * st.s[_ACTIVE]
        if st.decision() == _K_RETREAT:
            return tuple(self._retreating(st))
        if st.decision() == _K_MOVE_TO:
            return (base + st.s[_UNIT],)
        return tuple(base + u for u in st.legal_actions() if u < _N_UNITS)

    def piece_move(self, st, a):
        s = st.s
        p = s[_ACTIVE]
        if st.decision() == _K_RETREAT:    # the first of the units that go there
            return self._retreating(st)[0], a
        if st.decision() == _K_MOVE_TO:
            if a == _SPACE_DONE:   # Speed's second step declined: the unit stays where it stands
                return _PER_PLAYER * p + s[_UNIT], s[_P0 + _PSZ * p + _P_UNITS + s[_UNIT]]
            return _PER_PLAYER * p + s[_UNIT], a
        u = 0 if a == _MOVE_DONE else a
        x = s[_P0 + _PSZ * p + _P_UNITS + u]
        return _PER_PLAYER * p + u, OFF_BOARD if x == 255 else x

    def _unit(self, st, tag):
        """The engine's unit of the active player's piece `tag` if it may move now, else -1."""
        u = tag - _PER_PLAYER * st.s[_ACTIVE]
        return u if 0 <= u < _N_UNITS and u in st.legal_actions() else -1

    def light_destinations(self, st, tag, origin, light, code):
        if st.decision() == _K_RETREAT:
            if tag in self._retreating(st):
                for d in st.legal_actions():
                    if d != origin:
                        light[d] = code
            return
        if st.decision() != _K_MOVE_UNIT:
            Ruleset.light_destinations(self, st, tag, origin, light, code)
            return
        u = self._unit(st, tag)
        if u >= 0:
            from .move import destinations

            for d in destinations(st, st.s[_ACTIVE], u):
                if d != origin:
                    light[d] = code

    def piece_action(self, st, tag, space):
        if st.decision() == _K_RETREAT:
            return space if tag in self._retreating(st) and space in st.legal_actions() else -1
        if st.decision() != _K_MOVE_UNIT:
            return Ruleset.piece_action(self, st, tag, space)
        u = self._unit(st, tag)
        if u < 0 or space == st.s[_P0 + _PSZ * st.s[_ACTIVE] + _P_UNITS + u]:
            return -1
        from .move import destinations

        return u if space in destinations(st, st.s[_ACTIVE], u) else -1

    def status(self, st):
        """The combat cards the table cannot see at a glance: the deck, the discard pile, the
        deciding player's hand and objectives; that the discard pile was shuffled into the deck
        (this turn), for the players to do it with the cards."""
        from firmware.text import message
        from .common import deck_size

        s = st.s
        if s[_STAGE] < _ST_SECTION:
            return ""
        p = st.current_player()
        if p < 0:
            p = s[_ACTIVE]
        o = _P0 + _PSZ * p
        line = message("scythe.status", deck_size(st), sum(s[_DISCARD:_DISCARD + 4]), s[o + _P_NCARDS],
                       s[o + _P_OBJ_HELD])
        return message("scythe.shuffled") + ". " + line if s[_SHUFFLED] else line

    def focus(self, st):
        return st.s[_C_SPACE] if st.decision() in (_K_DIAL, _K_CARD) else OFF_BOARD   # the combat's


RULESET = Scythe()
