# A whole campaign of The Rise of Fenris as one game for the flash-cut runner (flash_cut_runner.py
# game=campaign): each campaign decision is a decision, and each episode's end is one too (its
# outcome, a number, makes the episode's results), so the runner plays it with random choices,
# saves it after every step in the campaign file (firmware/board/campaign_file.py) and cuts power
# at every program and erase of that file.
from firmware.board.campaign_file import CampaignFile
from firmware.rng import Rng
from firmware.rules.scythe.campaign import new_campaign

OUTCOMES = 16   # the episode outcomes a cut run draws from


def results(c, k):
    """Episode results made from outcome k: each seat's coins, columns, stars, tokens, units and
    events, and the winner (the same for the same k and campaign)."""
    r = Rng(k * 131 + c.s[4] + 1)
    n = c.s[0]
    out = [(r.below(90), r.below(512), r.below(3), r.below(6), r.below(5), r.below(8)) for _ in range(n)]
    return [r.below(n)], out


class CampaignPlay:
    """The campaign in the shape of a game state: what the runner calls."""

    def __init__(self, c):
        self.c = c

    def is_terminal(self):
        return self.c.over()

    def current_player(self):
        c = self.c
        return -1 if c.is_terminal() else c.current_player()

    def chance_outcomes(self):
        c = self.c
        if c.is_terminal():
            return [(k, 1) for k in range(OUTCOMES)]
        return c.chance_outcomes()

    def legal_actions(self):
        return self.c.legal_actions()

    def apply(self, a):
        c = self.c
        if c.is_terminal():
            c.end_episode(*results(c, a))
        else:
            c.apply(a)

    def hash(self):
        return self.c.hash()

    def to_bytes(self, out=None):
        return self.c.to_bytes(out)

    def n_players(self):
        return self.c.s[0]


class CampaignRuleset:
    name = "campaign"
    map_name = "scythe"
    id = 32

    def make_board(self, board_def):
        from firmware.rules.scythe.board import ScytheBoard

        return ScytheBoard(board_def)

    def new_game(self, board, players, options=None):
        c = new_campaign(board, list(range(players)))
        c.undo_depth = 1
        c.keep_history = False
        return CampaignPlay(c)


class RandomChooser:
    def __init__(self, rng):
        self.rng = rng

    def choose(self, st):
        return self.rng.choice(st.legal_actions())


class CampaignSave:
    """The campaign file (CampaignFile) holding the campaign of a CampaignPlay."""

    def __init__(self, path):
        self.file = CampaignFile(path)

    def save(self, st, rng_x, count):
        self.file.save(st.c, rng_x, count)

    def load(self, board, ruleset=None):
        from firmware.rules.scythe.ruleset import RULESET

        c, x, count = self.file.load(board, RULESET)
        c.undo_depth = 1
        c.keep_history = False
        return CampaignPlay(c), x, count


class DirectCampaignSave(CampaignSave):
    """The campaign file written over the old one in place (what campaign_file.py must not do)."""

    def __init__(self, path):
        CampaignSave.__init__(self, path)
        self.file.tmp = path
