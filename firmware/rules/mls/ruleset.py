# My Little Scythe as a ruleset: what the board, the link and the host need to know about
# it (firmware/rules/ruleset.py). The engine itself is imported only when a game is made.
from ..compat import const
from ..ruleset import ENTRY_CHANCE, ENTRY_PIECE, ENTRY_ROLL, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD, Ruleset

_AT_CAMP = const(63)
_CAMP = const(4)
_P0 = const(148)
_PSZ = const(24)
_K_ACTION = const(6)
_K_AIR_MOVE = const(31)
_K_TROPHY = const(7)
_N_KINDS_PITS = const(39)
_AIRSHIP = const(12)        # the airship's tag: piece 0 of "seat 7" (tag_of(6, 0)), after 6 seats' Seekers
_AIR_DECLINE = const(63)
_K_DROP_JUMP = const(37)
_DROP_DECLINE = const(127)
_MAX_PLAYERS = const(6)
_N_KINGDOMS_BASE = const(7)
_X_SIZE = const(42)
_XOPT = const(147)
_NONE = const(255)   # codes.NONE: no Automountie
_CARDS = const(42)             # layout.CARDS
_CARDS_MODEL = const(2)        # codes.CARDS_MODEL
_K_STATE_TERM = const(16)
_K_TERM_AMOUNT = const(28)
_K_BID_SPELL = const(27)
_K_DISCARD_SPELL = const(24)
_K_DEAL_SPELL = const(3)
_K_DEAL_PERSONALITY = const(4)
_K_DRAW_SPELL = const(12)
_K_AM_DIRECTION = const(34)
_K_AM_TROPHY = const(36)
_BID_STEP = const(143)         # layout.BID_STEP
_SDECK = const(90)             # layout.SDECK
_N_SPELL_CLASSES = const(9)


def _refuse(code, value):
    from ..errors import SetupError   # only to refuse a setup: errors.py stays out of the heap

    raise SetupError(code, value)


def _entries(n):
    e = bytearray(n)   # ENTRY_DIAL (0) unless set below; kinds 29.. are Pie in the Sky's
    for k in (1, 2, 3, 4, 12, 14, 22, 29):    # setup deals, spell/quest/tile draws, airship mats
        if k < n:
            e[k] = ENTRY_CHANCE
    for k in (5, 19, 30):                      # first player, a search die, the airship die: at the table too
        if k < n:
            e[k] = ENTRY_ROLL
    e[8] = ENTRY_PIECE                         # a Seeker's move
    e[_K_AIR_MOVE] = ENTRY_PIECE               # the airship's move: lift it, put it on a lit space
    for k in (13, 17, 18, 20, 34):             # quest pick, pay from, place on, seek place, her path
        e[k] = ENTRY_SPACE
    for k in (10, 27):                         # a pie-fight bid: pies, then spells
        e[k] = ENTRY_SECRET
    return bytes(e)


class MyLittleScythe(Ruleset):
    id = 1
    name = "mls"
    title = "My Little Scythe"
    # With Pie in the Sky a game also takes 1 player (solo against Automountie, who plays
    # seat 1 of the game made): player_range(); `players` (the power-up choice) stays 2-6.
    players = (2, 6)
    map_name = "mls"
    max_stack = 8
    # Kinds 0-28 the base game's, 29-38 Pie in the Sky's (a base game never reaches them).
    entry = _entries(_N_KINDS_PITS)
    # The setup options the board takes on the wire (the protocol's `new`): Pie in the Sky's
    # too (docs/pie-in-the-sky.md).
    new_options = {"camps": (0, 5), "kingdoms": (0, 8), "pits": (0, 1), "mats": (0, 1),
                   "automountie": (0, 1), "cards": (0, 1)}
    # pits: [1] plays Pie in the Sky (kingdoms up to 8: 7 Fox, 8 Owl); mats: [1] deals its
    # airship mats at random (else each kingdom's own); automountie: [side] her mat's side in
    # a solo game (1 player, seat 1 is hers: 0 Trophy Dropper, 1 EMP Device); cards: [0] the
    # printed cards at the table (the default: their unknown texts are read into the board,
    # a bot seat's too), [1] the model deck (content_model.py; docs/content.md)
    engine_options = new_options   # the same dict: one fewer in RAM
    option_names = {_K_ACTION: "action", _K_TROPHY: "trophy"}
    catalogue = "firmware.text.en"
    host_view = "host_tools.views.mls"   # the laptop's view (CPython only)
    host_search = "host_tools.views.mls_search"
    aliases = (("solo", "automountie", 0), ("emp", "automountie", 1),   # Automountie's sides
               ("model", "cards", 1), ("printed", "cards", 0))          # the deck (deck_option)
    solo_option = "automountie"
    deck_option = "cards"
    page_panel = "firmware.rules.mls.panel"   # the page's panels (a board never imports it)
    narrator = "firmware.rules.mls.narrate"   # the log in words (a board never imports it)
    bot = "firmware.rules.mls.bot"
    strong_bot = "firmware.rules.mls.rule_bot:RuleBot"
    infoset = "firmware.rules.mls.infoset"   # what a seat cannot see (Ruleset.determinise)

    def player_range(self, options):
        return (1, _MAX_PLAYERS) if options and options.get("pits") == [1] else self.players

    def new_game(self, board, players, options=None):
        options = options or {}
        cards = options.get("cards")
        if cards not in (None, [], [0], [1]):
            _refuse("bad_setup", "cards")
        st = self._new_game(board, players, options)
        if cards == [1]:
            from .content_model import spell_deck

            st.s[_CARDS] = _CARDS_MODEL
            st.s[_SDECK:_SDECK + _N_SPELL_CLASSES] = spell_deck(st.content)   # nothing dealt yet
            st.begin()   # the game starts with its deck chosen (history, replay)
        return st

    def view(self, st, seat, out=None):
        """Its own spell cards and personality card kept too (unknown.py)."""
        return st.public_bytes(out, seat)

    def own_secrets(self, st, seat):
        from .unknown import own_bid

        return own_bid(st.s, seat)

    def face_down(self, st):
        """A spell card dealt or drawn, a personality card dealt: into one hand."""
        k = st.decision()
        return k == _K_DEAL_SPELL or k == _K_DRAW_SPELL or k == _K_DEAL_PERSONALITY

    def reads_card(self, st):
        """A printed card's terms are being stated (a quest option, Pie in the Sky's airship
        ability or power-up tile whose text is unknown), the value of a spell card of unknown
        value attached to a bid (K_BID_SPELL's value step, layout.BID_STEP 3 or 4), or what
        Automountie's card (or the trophy track) shows (K_AM_DIRECTION, K_AM_PAY,
        K_AM_TROPHY), or any other decision of Automountie's seat (her card and the base game's
        Automountie rules decide them; neither is in the sources): the table reads it from the
        card, a bot seat's too. A model-deck game never reads any (its spell cards have model
        values; her card's entries are chance decisions, her other entries the strong bot's:
        docs/content.md)."""
        s = st.s
        if s[_CARDS] == _CARDS_MODEL:
            return False
        k = st.decision()
        if (k == _K_STATE_TERM or k == _K_TERM_AMOUNT or _K_AM_DIRECTION <= k <= _K_AM_TROPHY
                or k == _K_BID_SPELL and s[_BID_STEP] > 2):
            return True
        p = st.current_player()
        return bool(s[_XOPT]) and p >= 0 and st.automountie(p)

    def _new_game(self, board, players, options):
        from .engine import new_game

        kingdoms = options.get("kingdoms")
        side = options.get("automountie")
        if side not in (None, [], [0], [1]):
            _refuse("bad_setup", "automountie")
        if options.get("pits") == [1]:
            from .pits import new_game as pits_game

            return pits_game(board, players, None, options.get("camps"), kingdoms,
                             options.get("mats") == [1], None, side[0] if side else None)
        if options.get("pits") not in (None, [], [0]) or options.get("mats") not in (None, [], [0]):
            _refuse("bad_setup", "pits")
        if side or players == 1:
            _refuse("bad_players", players)   # solo: against Automountie, with Pie in the Sky
        if kingdoms and max(kingdoms) >= _N_KINGDOMS_BASE:
            _refuse("bad_kingdoms", kingdoms)   # Fox and Owl: Pie in the Sky only
        return new_game(board, players, None, options.get("camps"), kingdoms)

    def setup_of(self, st):
        """Pie in the Sky when st plays it; a solo game (Automountie holds seat 2) is set up
        as 1 player with her mat's side; the model deck stays. Kingdoms, camps and mats are
        dealt afresh."""
        cards = {"cards": [1]} if st.s[_CARDS] == _CARDS_MODEL else {}
        if not st.s[_XOPT]:
            return st.n_players(), cards
        side = st.am_side()
        if side != _NONE:
            return 1, dict(cards, pits=[1], automountie=[side])
        return st.n_players(), dict(cards, pits=[1])

    def from_bytes(self, board, data):
        from .engine import State

        if len(data) > 7 and data[5] | (data[6] << 8) == State.size(board) + _X_SIZE:
            from .pits import PitsState   # a longer state: Pie in the Sky (layout.XOPT)

            return PitsState.from_bytes(board, data)
        return State.from_bytes(board, data)

    # Seeker k of player p is tag 2p + k. With Pie in the Sky the airship is tag 12 (piece 0
    # of owner 6, no seat: tag_of(6, 0)), whatever the player count: one miniature, paired once.
    def pieces(self, n_players):
        return tuple(("seeker", p, 2 * p + k) for p in range(n_players) for k in range(2))

    def game_pieces(self, st):
        out = self.pieces(st.n_players())
        return out + (("airship", _MAX_PLAYERS, _AIRSHIP),) if st.s[_XOPT] else out

    def option_pieces(self):
        return (("airship", _MAX_PLAYERS, _AIRSHIP),)

    def tag_of(self, owner, k):
        if owner == _MAX_PLAYERS:
            return _AIRSHIP if k == 0 else -1
        return 2 * owner + k if 0 <= k < 2 else -1

    def n_tags(self, n_players):
        return 2 * n_players

    def game_tags(self, st):
        return _AIRSHIP + 1 if st.s[_XOPT] else 2 * st.n_players()

    def max_tags(self):
        return _AIRSHIP + 1

    def own_colour(self, tag):
        return tag == _AIRSHIP

    def expected(self, st, at):
        for p in range(st.n_players()):
            a, b = st.seekers(p)
            at[2 * p] = OFF_BOARD if a == _AT_CAMP else a
            at[2 * p + 1] = OFF_BOARD if b == _AT_CAMP else b
        moving = st.moving_seeker()   # a move waiting for "what did it carry?": already put down
        if moving is not None and moving[1] != _AT_CAMP:
            at[2 * st.active_player() + moving[0]] = moving[1]
        if st.s[_XOPT]:
            at[_AIRSHIP] = st.airship()   # NONE (OFF_BOARD) until it is placed at setup

    def tokens(self, st, light, code):
        if st.s[_XOPT]:
            for p in range(st.n_players()):
                g = st.gadget(p)   # NONE while on its airship mat
                if g < len(light) and light[g] == 0:
                    light[g] = code

    def home(self, st, tag):
        if tag >= 2 * st.n_players():
            return -1    # the airship (and a seat the game does not have) has no camp
        return st.s[_P0 + (tag >> 1) * _PSZ + _CAMP]   # the camp site of the Seeker's seat

    def movers(self, st):
        if st.decision() == _K_AIR_MOVE:
            return (_AIRSHIP,)
        p = st.active_player()
        return (2 * p, 2 * p + 1)

    def piece_move(self, st, a):
        if st.decision() == _K_AIR_MOVE:   # a space, or AIR_DECLINE: it stays where it is
            return _AIRSHIP, st.airship() if a == _AIR_DECLINE else a
        dest = a & 63
        return 2 * st.active_player() + (a >> 6), OFF_BOARD if dest == _AT_CAMP else dest

    # The lift and placement hooks without a piece_move() per option. A K_MOVE option is
    # seeker * 64 + destination (layout.move_action); a K_AIR_MOVE option the airship's space.
    def light_destinations(self, st, tag, origin, light, code):
        if st.decision() == _K_AIR_MOVE:
            if tag == _AIRSHIP:
                for d in st.legal_actions():
                    if d != origin and d != _AIR_DECLINE:
                        light[d] = code
            return
        k = tag - 2 * st.active_player()
        for a in st.legal_actions():
            d = a & 63
            if a >> 6 == k and d != origin and d != _AT_CAMP:
                light[d] = code

    def piece_action(self, st, tag, space):
        if st.decision() == _K_AIR_MOVE:
            ok = tag == _AIRSHIP and space != _AIR_DECLINE and space in st.legal_actions()
            return space if ok else -1
        k = tag - 2 * st.active_player()
        a = k * 64 + space
        return a if 0 <= k < 2 and a in st.legal_actions() else -1

    def status(self, st):
        """Pie in the Sky: the deciding seat's cargo hold and airship ability, for the display;
        in a solo game, for Automountie's seat, her name, side, hold and trophies."""
        if not st.s[_XOPT]:
            return ""
        from firmware.text import message

        p = st.current_player()
        if p >= 0 and st.automountie(p):   # solo: her decision, entered from her card
            return message("pits.am_status", message("pits.automountie"),
                           message("pits.am_sides")[st.am_side() & 1], st.cargo(p, 0), st.cargo(p, 1),
                           st.cargo(p, 2), st.trophy_count(p))
        p = st.active_player()
        if p >= st.n_players():   # the setup, before a first player (also after an undo back into it)
            return ""
        ab = st.ability(p)
        names = message("pits.abilities")
        return "%s. %s" % (message("pits.cargo", st.cargo(p, 0), st.cargo(p, 1)),
                           message("pits.ability", names[ab if ab < len(names) else 0]))

    def option_words(self, st, kind, option):
        """Trophy Dropper's move (K_DROP_JUMP: good * 128 + seeker * 64 + space; 127 declines);
        in a model-deck game a spell card discarded or attached to a bid, named a model."""
        from firmware.text import message

        if (kind == _K_DISCARD_SPELL and option < 8 or kind == _K_BID_SPELL and 0 < option <= 8) \
                and st.s[_CARDS] == _CARDS_MODEL:
            return message("model_spell", option - (kind == _K_BID_SPELL))
        if kind != _K_DROP_JUMP or option == _DROP_DECLINE:
            return ""

        good = message("pits.goods")[option >> 7]
        return message("pits.drop_jump", good, (option >> 6 & 1) + 1, option & 63)

    def focus(self, st):
        return st.fight_space()

    def revealed(self, st):
        fight = st.last_fight()
        return "" if fight is None else "pie fight: %d against %d" % (fight[0], fight[1])


RULESET = MyLittleScythe()
