# The board keeps The Rise of Fenris campaign (docs/campaign.md, section 5): the campaign file
# beside the game save (campaign_file.py, the same power-safe scheme), its decisions taken from
# the link, each episode's game started with the deals the campaign fixes, and that game's end
# recorded in the Campaign Log as soon as it is saved (a listener of the table: the decision
# that ends the game is on the flash before the campaign records it; a cut between the two is
# caught up at the next power-up). Loaded only on a board whose ruleset has a campaign (Scythe).
# Between games the campaign's turn is on the board's own dial and display too (asks(): the
# controller's `between`), so a table without a laptop plays the rewards, the next episode's
# setup and starts its game.
from firmware.board.campaign_file import CampaignFile
from firmware.board.storage import SaveError


class CampaignKeeper:
    def __init__(self, table, path):
        self.table = table
        self.file = CampaignFile(path)
        self.c = None
        self.count = 0        # campaign decisions and episodes saved (the file's count)
        self.aside = None     # why a campaign file could not be read (it stays on the flash)
        self.starts = None    # starts the episode's game at dial 1's push (the page's), else start_episode
        self.fresh = None     # (the table's game, its commits) when a campaign was made here (new)
        self._mod = table.ctl.rs.campaign
        table.listeners.append(self._decided)
        if self.file.exists():
            try:
                c, _x, self.count = self.file.load(table.ctl.st.board, table.ctl.rs)
                self._hold(c)
            except SaveError as e:
                self.aside = str(e)
        c = self.c
        if c is not None and self._episode().in_game(c) and not self._episode().matches(c, table.ctl.st):
            # a power cut in the episode's setup: the board started another game; the episode
            # waits to be started again
            self._episode().abandon(c)
            self._save()
        self._arm()
        self._moved = False   # Episode 1's Influence tokens moved since the last save (_follow)
        ctl = table.ctl
        before = ctl.on_commit

        def committed(action):   # each decision as it is taken: who placed a star first
            if before is not None:
                before(action)
            self._follow()
        ctl.on_commit = committed
        self._follow()      # a star saved before a power cut, its token not yet
        self._decided(-3)   # an episode's game that ended before a power cut: recorded now
        ctl.between = self  # the dials and the display between games (asks())
        self._bots()        # a bot seat's decision not yet taken at a power cut

    def _episode(self):
        return self._mod().episode

    # ---- the campaign's turn on the board's dial 1 and display, between games ---------------
    def asks(self):
        """True while the dials and the display are the campaign's: it holds a campaign that is
        not playing its episode's game, and the table's game is over (the episode's, just
        recorded, or another) or untouched since the campaign was made here (new: its Perks come
        before any game; not a campaign loaded, which the page does each time it opens)."""
        c = self.c   # (the game first: during a game a dial turn costs a test, no import)
        if c is None:
            return False
        ctl = self.table.ctl
        return (ctl.st.is_terminal() or self._untouched()) and not self._episode().in_game(c)

    def _untouched(self):
        """A campaign just made asks first: until a decision is taken in the table's game (or
        another game replaces it)."""
        f = self.fresh
        ctl = self.table.ctl
        return f is not None and f[0] == id(ctl.st) and f[1] == ctl.commits

    def _made(self):
        ctl = self.table.ctl
        self.fresh = (id(ctl.st), ctl.commits)

    def options(self, dial):
        """What a dial offers while asks() (the controller's dial_options): dial 1 the pending
        decision's options (the Mod drawn: as the table enters the token), the one "start" once
        the campaign waits for its episode's game; nothing on dial 2, nor once it is over."""
        c = self.c
        if c is None or dial or c.over():
            return []
        return [0] if c.is_terminal() else c.legal_actions()

    def take(self, a):
        """Dial 1 pushed on option a while asks(): the seat deciding takes it; once the campaign
        waits for its episode's game, the game starts on the table (the printed cards, the same
        bot seats)."""
        c = self.need()
        if c.is_terminal():
            if self.starts is not None:
                self.starts()
            else:
                self.start_episode(self.table.save)
        else:
            self.decide(a, c.current_player())

    def lines(self, sel):
        """The display's lines while asks() (the ruleset's campaign_lines: board_lines)."""
        from firmware.rules import registry

        return registry.module(self.table.ctl.rs.campaign_lines).board_lines(self.c, sel)

    def _hold(self, c):
        """Keep campaign c: no undo snapshots nor history in RAM (the link offers no campaign
        undo; the file holds the campaign, and a decision's past is in the host's record)."""
        c.undo_depth = 0
        c.keep_history = False
        self.c = c

    def _arm(self):
        """Fix the deals of the episode's game while it is played; else the board's dice."""
        c = self.c
        ctl = self.table.ctl
        if c is not None and self._episode().in_game(c):
            E = self._episode()
            ctl.deal = lambda st: E.forced(c, st)
        else:
            ctl.deal = None

    def _save(self):
        self.count += 1
        self.file.save(self.c, self.table.rng.x, self.count)

    def _follow(self):
        """The game's last decision in the campaign's own rules (Episode 1's Influence tokens:
        campaign_results.follow); saved with the game's save (_decided)."""
        c = self.c
        if c is not None and self._episode().in_game(c) and self._episode().follow(c, self.table.ctl.st):
            self._moved = True

    def _decided(self, action):
        """A decision on the flash: the campaign's own follow-up saved, and the game's end
        recorded."""
        c = self.c
        if c is None or action == -2:
            return
        E = self._episode()
        st = self.table.ctl.st
        if E.in_game(c) and st.is_terminal():
            E.record(c, st)
            self._moved = False
            self._save()
            self._arm()
            self._bots()
        elif self._moved:
            self._moved = False
            self._save()

    def need(self):
        """The campaign, else ValueError (none on the board)."""
        if self.c is None:
            why = "" if self.aside is None else ": " + self.aside
            raise ValueError("no campaign on this board" + why)
        return self.c

    def new(self, factions):
        self._hold(self._mod().new_campaign(self.table.ctl.st.board, factions))
        self.aside = None
        self._save()
        self._arm()
        self._made()
        self._bots()

    def decide(self, a, p=None):
        self.need().apply_checked(a, p)
        self._save()
        self._bots()

    def _bots(self):
        """While the campaign has the dials (asks()), the board's bot seats take their own
        decisions at once, each saved (the ruleset's bot_choice, its generator seeded from the
        campaign's bytes: the same choice after a power cut); a Mod drawn (the table enters the
        token) and a person's decision wait for dial 1. A vote taken so is never shown."""
        c = self.c
        ctl = self.table.ctl
        while c is not None and not c.is_terminal() and self.asks():
            p = c.current_player()
            seats = c.seats_in()
            if p < 0 or p not in seats or not ctl.is_bot(seats.index(p)):
                return
            from firmware.rng import Rng

            c.apply_checked(self._mod().bot_choice(c, Rng((c.hash() * 2654435761 + 1) & 0xFFFFFFFF or 1)), p)
            self._save()

    def from_menu(self, choice, rng):
        """The power-up menu's campaign choice (app.choose_campaign), once the table's new game
        is set up: 0 none; 1 the campaign kept on the board, else a new one; 2 a new one, the
        kept one set aside as <path>.old. A new campaign has the table's players, their factions
        dealt by the board's dice ("selecting/randomizing faction mats"). Either asks first."""
        if not choice:
            return
        c = self.c
        if choice == 1 and c is not None and not c.over():
            self._made()
            self._bots()
            return
        if self.file.exists():
            self.file.set_aside()
        self.count = 0
        self.new(self._mod().deal_factions(rng, self.table.ctl.st.n_players()))

    def set_away(self, p, on):
        self.need().set_away(p, on)
        self._save()

    def join(self, faction):
        self.need().join(faction)
        self._save()

    def load(self, data):
        """Replace the campaign with the one framed in `data` (ValueError, nothing changed, if it
        cannot be trusted); its episode in progress, if any, waits to be started again."""
        c = self._mod().Campaign.from_bytes(self.table.ctl.st.board, data)
        self._episode().abandon(c)
        self._hold(c)
        self.aside = None
        self.fresh = None   # (loaded: it waits for the table's game to end, as at a power-up)
        self._save()
        self._arm()

    def episode_game(self, cards=None):
        """The episode's game, the campaign marked as playing it and its deals armed; ValueError if
        the campaign is not waiting for one. The caller puts it on the table (start_episode)."""
        c = self.need()
        E = self._episode()
        E.start(c)
        seats = len(c.seats_in())   # (the seats away play no game)
        old = self.table.ctl.st
        st = self.table.ctl.rs.new_game(old.board, seats, E.options(c, cards))
        st.keep_history = old.keep_history   # the board's memory policy (app.py: no history in RAM)
        st.undo_depth = old.undo_depth
        self._save()
        self._arm()
        return st

    def start_episode(self, save, bots=None, cards=None):
        """The episode's game replaces the board's game (its save too); ValueError if the campaign
        is not waiting for one."""
        st = self.episode_game(cards)
        if save is not None:
            save.abort()
        self.table.replace_game(st, bots)

    def game_replaced(self):
        """Another game replaced the episode's (`new`, `abort`): the episode waits again."""
        c = self.c
        if c is not None and self._episode().in_game(c):
            self._episode().abandon(c)
            self._save()
            self._arm()
