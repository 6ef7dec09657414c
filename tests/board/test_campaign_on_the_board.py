# The Rise of Fenris campaign without a laptop (docs/campaign.md, section 5, "On the board's dial"):
# between games (the table's game over, the campaign not playing its episode's) the campaign's
# decisions are taken on the board's dial 1 and shown on its display: the episode, the seat
# deciding and what, the option the dial points at (a vote: never its value); a push takes it and
# the campaign file keeps it; once the campaign waits for its episode's game a push starts it on the
# table, and the end of that game puts the rewards on the dial again. A campaign just made asks
# first beside a game no one has touched; one loaded (the page, at every opening) waits for the
# game's end. CPython and the unix port.
import os

from firmware.board.campaign_file import CampaignFile
from firmware.board.campaign_hook import keeper_of
from firmware.board.screens import prompt, screen
from firmware.board.storage import SaveFile
from firmware.hosts.bench import Bench
from firmware.rng import Rng
from firmware.rules.scythe import campaign_log as G
from firmware.rules.scythe.common import faction
from firmware.rules.scythe.ruleset import RULESET
from firmware.text import set_language

from ..rules.scythe_support import board, started
from .test_scythe_gestures import board_def

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")
CAP = 30000   # decisions of a random game (they end long before)


def _to_the_end(ctl, rng):
    """The table's game played to its end with random options (the board's dice for chance)."""
    n = 0
    while not ctl.st.is_terminal() and n < CAP:
        opts = ctl.st.legal_actions()
        ctl.commit(opts[rng.below(len(opts))], ctl.st.current_player())
        n += 1
    assert ctl.st.is_terminal(), n


def _board(name, over=True):
    """A Scythe board whose game is over (over=False: just set up), its campaign of two seats
    (Saxony, Nordic) just made."""
    game, camp = "%s/pomme-test-%s.sav" % (TMP, name), "%s/pomme-test-%s.camp" % (TMP, name)
    SaveFile(game).abort()
    CampaignFile(camp).abort()
    b = Bench(board_def(), started(), Rng(1), SaveFile(game))
    if over:
        _to_the_end(b.ctl, Rng(2))
        b.table.flush()
    opener = keeper_of(b.table, camp)
    assert opener is not None
    k = opener()
    assert k is not None and not k.asks()              # no campaign yet: the dials are the game's
    k.new([3, 0])
    b.settle()
    return b, k, camp


def _shown(b):
    return " | ".join(b.display.lines)


def _a_vote_in(text):
    """Whether text names a vote's value ("2 for War": campaign_text's option words)."""
    return any(("%d for War" % n) in text for n in range(32))


def test_between_games_the_campaigns_decisions_are_taken_on_dial_1_and_shown():
    b, k, camp = _board("dial-perks")
    assert k.asks()
    assert b.display.lines == ["Episode 1: A New Era", "Seat 1 (Saxony)", "Perk for this episode",
                               "Dial 1: no Perk"], b.display.lines
    assert prompt(b.ctl) == ("Perk for this episode", "Dial 1: no Perk")
    b.turn(0, 1)
    assert b.display.lines[-1] == "Dial 1: +2 resources", b.display.lines
    count = k.count
    b.press(0)                                           # seat 1 takes the Perk shown
    assert G.perk_now(k.c, 0) == 0 and k.count == count + 1
    on_flash = CampaignFile(camp).load(board(), RULESET)[0]
    assert on_flash.s == k.c.s                           # on the flash at once
    assert b.display.lines[1] == "Seat 2 (Nordic)" and b.display.lines[-1] == "Dial 1: no Perk"
    set_language("es")
    try:
        assert screen(b.ctl)[:2] == ("Episodio 1: Una nueva era", "Jugador 2 (Nordic)"), screen(b.ctl)
    finally:
        set_language("en")
    b.press(0)                                           # seat 2: no Perk; the episode's game waits
    assert k.c.is_terminal() and not k.c.in_game()
    assert b.display.lines == ["Episode 1: A New Era", "Goals: Earn Influence tokens. Win the game.",
                               "Push dial 1: the episode's game begins"], b.display.lines
    b.turn(1, 2)
    b.press(1)                                           # dial 2 asks nothing between games
    assert k.c.is_terminal() and not k.c.in_game()
    b.press(0)                                           # the episode's game starts on the table
    st = b.ctl.st
    assert k.c.in_game() and not st.is_terminal() and [faction(st, p) for p in range(2)] == [3, 0]
    assert not k.asks() and b.display.lines[0] == "Seat %d" % (st.current_player() + 1), b.display.lines
    decided = st.decision()
    b.turn(0, 1)                                         # the dials are the game's again
    assert b.ctl.sel[0] == 1 % max(1, len(b.ctl.options(0))) and st.decision() == decided


def test_an_episodes_end_puts_its_rewards_on_the_dial_and_a_vote_stays_secret():
    b, k, camp = _board("dial-rewards")
    for _ in range(2):
        b.press(0)                                       # no Perks
    assert k.c.is_terminal()
    b.press(0)
    assert k.c.in_game()
    _to_the_end(b.ctl, Rng(7))
    b.table.flush()                                      # the last decision saved: the episode recorded
    b.settle()
    c = k.c
    assert not c.in_game() and k.asks() and G.episode(c) == 0
    votes = asked = 0
    while not c.is_terminal():
        asked += 1
        assert asked < 40, _shown(b)                     # each push takes a decision
        shown = _shown(b)
        p = c.current_player()
        if c.decision() == G.K_VOTE:
            votes += 1
            assert not _a_vote_in(shown) and shown.endswith("Dial 1: choosing"), shown
            b.turn(0, 1)
            assert not _a_vote_in(_shown(b)), _shown(b)
            b.press(0)
            assert not (c.decision() == G.K_VOTE and c.current_player() == p)   # its vote is cast
        else:   # Episode 1's rewards, then the next episode's Perks
            assert shown.startswith("Episode ") and "Dial 1: " in shown, shown
            b.press(0)
    assert votes == 2
    assert G.episode(c) in (1, 2) and not c.in_game()    # Episode 2a or 2b waits for its game
    assert b.display.lines[-1] == "Push dial 1: the episode's game begins", b.display.lines
    assert CampaignFile(camp).load(board(), RULESET)[0].s == c.s


def test_a_campaign_just_made_asks_first_until_the_tables_game_moves():
    b, k, camp = _board("dial-fresh", over=False)
    st = b.ctl.st
    assert not st.is_terminal() and k.asks() and b.display.lines[0] == "Episode 1: A New Era"
    b.press(0)                                           # seat 1's Perk on the dial, the game untouched
    assert k.c.current_player() == 1 and k.asks() and st.decision() == b.ctl.st.decision()
    b.ctl.commit(st.legal_actions()[0], st.current_player())   # a decision in the table's game
    b.settle()
    assert not k.asks() and b.display.lines[0] == "Seat %d" % (b.ctl.st.current_player() + 1)
    assert k.c.current_player() == 1                     # the campaign waits for the game's end


def test_a_campaign_loaded_beside_a_game_just_set_up_leaves_the_dials_to_the_game():
    # (the page loads its kept campaign each time it opens a game: that game's first push is the game's)
    b, k, camp = _board("dial-loaded", over=False)
    data = bytes(k.c.to_bytes())
    other, _k, camp2 = _board("dial-loader", over=False)
    _k.load(data)
    assert _k.c.s == k.c.s and not _k.asks()
    commits = other.ctl.commits
    other.press(0)                                       # dial 1 takes the game's first option
    assert other.ctl.commits > commits and _k.c.s == k.c.s
    assert CampaignFile(camp2).load(board(), RULESET)[0].s == k.c.s
