# The ruleset seam, in the shape of OpenSpiel's Game object: everything the board, the link
# and the host tools need to know about a game, so that none of them imports a ruleset's
# engine. A ruleset package (firmware/rules/mls/, a plug-in elsewhere) has a module-level
# RULESET, an instance of a Ruleset subclass; firmware/rules/registry.py finds it by name or
# by id. docs/rules-engine.md ("Adding a ruleset") walks through writing one.
from .compat import const

# How a decision kind is entered at the table (Ruleset.entry[kind]).
ENTRY_DIAL = const(0)     # the deciding player's dial (active player: dial 0, another: dial 1)
ENTRY_PIECE = const(1)    # lift a piece and put it down (options decode to (tag, space))
ENTRY_SPACE = const(2)    # the wand on a space (options are space ids; the dial works too)
ENTRY_SECRET = const(3)   # both dials at once, secret until both lock (pie fights, combat)
ENTRY_CHANCE = const(4)   # the board's own dice / shuffles
ENTRY_ROLL = const(5)     # chance the players may roll at the table and enter on the dial

OFF_BOARD = const(255)    # a piece's place when it stands on no sensed space (camp, supply)


class Ruleset:
    """Defaults for a ruleset; a subclass sets the attributes and the game functions."""

    id = 0                 # the ruleset byte in saves and on the wire (1..250)
    name = ""              # short name: `pomme sim --game NAME`, caps.ruleset in the handshake
    title = ""
    players = (2, 6)       # the player counts it takes
    map_name = ""          # its board definition: hardware/maps/<map_name>.json
    board_kind = "hexmap"  # the kind of board definition it reads
    max_stack = 8          # tags one space may report at once
    entry = b""            # ENTRY_* per decision kind
    new_options = {}       # optional list fields of the `new` command: name -> (lo, hi)
    option_names = {}      # decision kind -> catalogue group naming its options ("action")
    catalogue = ""         # module of its English names and prompts (MESSAGES dict)
    host_view = ""         # host-side (CPython) module: render(st, snap, board_def), describe(st, a)
    bot = ""               # module with nudge(st, options, rng) for the random bot (firmware/bots.py)
    strong_bot = ""        # "module:Class" of a bot that plays to win: Class(rng).choose(st)
    host_search = ""       # host-side (CPython) module with the search bot's HOOKS (host_tools/search_bot.py)
    aliases = ()           # game-name words that set a `new` option: (word, option, value) ("solo")
    solo_option = ""       # the `new` option that makes a game solo (one player, the other seat the rules')
    deck_option = ""       # the `new` option that plays cards whose text is unknown from a model deck
                           # ([1]: the page, the simulator, the laptop) instead of the printed cards
                           # read at the table ([0] or absent: the board); reads_card() below
    page_panel = ""        # module with panel(st): what the page's panels show (firmware/hosts/web_board.py)
    campaign_panel = ""    # module with panel(c), document(c): a campaign on the page (web_campaign.py)
    campaign_lines = ""    # module with board_lines(c, sel): a campaign on the board's display
    narrator = ""          # module with narrate(before, a, after): a decision as a sentence, for the
                           # log of the page and the laptop (firmware/rules/narrate.py); a board never
                           # imports it. "": the plain sentence of narrate.line()
    infoset = ""           # module with determinise(st, observer, rng): what a player cannot see,
                           # resampled (docs/rulesets.md, "Information sets"); "": nothing hidden

    # ---- games ----------------------------------------------------------------------------
    def player_range(self, options):
        """The player counts a new game with these setup options takes (the `new` command's)."""
        return self.players

    def reads_card(self, st):
        """True when the pending decision reads a printed card whose text the software does
        not know (its terms stated at the table): the table enters it, a bot seat's too (the
        board's bot seats do not plan it; the laptop asks its person). Default: none."""
        return False

    def option_words(self, st, kind, option):
        """An option of decision `kind` in words when neither option_names nor the catalogue's
        "dials" format can say it (a packed option); "" for those ways."""
        return ""

    def make_board(self, board_def):
        from .board import Board

        return Board(board_def)

    def new_game(self, board, players, options=None):
        raise NotImplementedError

    def setup_of(self, st):
        """(players, new_options) that set up a new game like st (the link's `abort`: a game
        of the same kind and size)."""
        return st.n_players(), {}

    def from_bytes(self, board, data):
        """A State read back from st.to_bytes(); CorruptStateError when it cannot be trusted."""
        raise NotImplementedError

    def determinise(self, st, observer, rng):
        """A copy of st in which everything seat `observer` cannot see is drawn again (with
        rng, a firmware.rng.Rng) from what it could be, everything it has seen kept; st is
        not touched. Two states that differ only in what `observer` cannot see give the same
        copy for the same rng. Bots decide on such copies only (firmware/bot_kinds.py). The
        copy has no history (the decisions taken hold the chance draws and the sealed
        entries) and no undo: a look-ahead copy."""
        st = st.clone(False)
        st.history = st.history[:0]
        st.keep_history = False
        st._initial = None
        if self.infoset:
            from .registry import module

            module(self.infoset).determinise(st, observer, rng)
        return st

    def observation(self, st, observer):
        """What seat `observer` sees of st, as bytes: equal for two states that differ only
        in what it cannot see, different otherwise (the tests' measure of what a seat saw)."""
        if self.infoset:
            from .registry import module

            return module(self.infoset).observation(st, observer)
        return bytes(st.s)

    # ---- what the link shows of the hidden values (docs/protocol.md) ---------------------
    def view(self, st, seat, out=None):
        """Seat `seat`'s view of st, framed as st.public_bytes(out): the table's bytes with the
        SECRET offsets it sees kept (own_secrets): still a state (from_bytes). A ruleset whose
        table's bytes put cards in hand in a canonical form keeps the seat's own (My Little
        Scythe's)."""
        from .framing import frame

        own = self.own_secrets(st, seat)
        return frame(st.RULESET, st.board.n_spaces, st.s, [o for o in st.SECRET if o not in own], out)

    def own_secrets(self, st, seat):
        """The offsets of st.SECRET that seat `seat` sees (its own cards, the entry it makes)."""
        return ()

    def face_down(self, st):
        """True when st's pending chance decision deals a card face down: its outcome is seen
        by one seat at most (a card into a hand). The link names it only to a host holding every
        seat (`holds`)."""
        return False

    # ---- pieces: the piece registry ------------------------------------------------------
    def pieces(self, n_players):
        """((kind name, owner, tag), ...) of every sensed piece in a game of n players."""
        raise NotImplementedError

    def tag_of(self, owner, k):
        """The tag of piece k of player `owner` (the protocol's lift/place p, k)."""
        raise NotImplementedError

    def n_tags(self, n_players):
        """Tag ids 0..n_tags-1 are pieces (the wand is hal.WAND_TAG)."""
        raise NotImplementedError

    def game_pieces(self, st):
        """The piece registry of game `st`: pieces(n) and the pieces its options add."""
        return self.pieces(st.n_players())

    def option_pieces(self):
        """((kind name, owner, tag), ...) of pieces only a game option uses (paired too)."""
        return ()

    def game_tags(self, st):
        """Tag ids 0..game_tags(st)-1 may be pieces of game `st` (ids of seats it does not
        have are expected OFF_BOARD)."""
        return self.n_tags(st.n_players())

    def max_tags(self):
        """The most tag ids any game of this ruleset uses (the controller's tables)."""
        return self.n_tags(self.players[1])

    def own_colour(self, tag):
        """True when piece `tag`'s legal spaces light in its own colour, not the movers' green."""
        return False

    def tokens(self, st, light, code):
        """Set light[d] = code where a token the engine tracks stands, unsensed (Pie in the
        Sky's gadgets), on spaces nothing else lights. Default: none."""
        return

    def expected(self, st, at):
        """Fill at[tag] with the space each piece must stand on, or OFF_BOARD."""
        raise NotImplementedError

    def not_on_the_board(self, st):
        """None when the board plays game `st`, else why not (a setup the controller and
        screens do not know yet): a board refuses such a save as it refuses a corrupt one."""
        return None

    def home(self, st, tag):
        """The base-camp site (an index into the board definition's camps) where piece `tag`
        stands while expected() says OFF_BOARD, or -1 (off the board, not at a camp). A board
        that senses its camps expects the piece there."""
        return -1

    def movers(self, st):
        """The tags that may be lifted for the pending ENTRY_PIECE decision."""
        raise NotImplementedError

    def piece_move(self, st, a):
        """(tag, space or OFF_BOARD) of an ENTRY_PIECE option."""
        raise NotImplementedError

    def as_one(self, st):
        """True when every mover of the pending piece decision goes to the one place its option
        names (Scythe's retreat): movers lifted together are one lift, and the first put
        down makes the gesture for all (the others then follow as pieces the game moved)."""
        return False

    # The two hooks below run on every lift and placement: a ruleset may replace these
    # generic versions (one piece_move() per option) with arithmetic of its own.
    def light_destinations(self, st, tag, origin, light, code):
        """Set light[d] = code on every space d an option puts piece `tag` on, but its
        origin: a lifted piece's legal destinations."""
        for a in st.legal_actions():
            t, d = self.piece_move(st, a)
            if t == tag and d != origin and d != OFF_BOARD:
                light[d] = code

    def piece_action(self, st, tag, space):
        """The option that puts piece `tag` on `space`, or -1."""
        for a in st.legal_actions():
            t, d = self.piece_move(st, a)
            if t == tag and d == space:
                return a
        return -1

    def focus(self, st):
        """The space a pending ENTRY_SECRET decision is about (lit), else OFF_BOARD."""
        return OFF_BOARD

    def revealed(self, st):
        """A short line after a secret decision is revealed ("" for none)."""
        return ""

    def status(self, st):
        """A short line of what the table tracks off the map (cargo holds), "" for none."""
        return ""

