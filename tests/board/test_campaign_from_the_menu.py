# A campaign of The Rise of Fenris begun and played without a laptop (docs/campaign.md, section 5):
# a Scythe board's power-up menu asks first for the campaign (none, the one kept on the flash or a
# new one, the kept one then set aside), a new one gets the table's players with their factions
# dealt by the board's dice ("Set up the game as usual, selecting/randomizing faction mats"), and
# between games the board's bot seats take their own campaign decisions at once (the simulator's
# bot, campaign_bot.choose), seeded from the campaign's bytes so a power cut changes none; people
# decide theirs on dial 1. CPython and the unix port.
import os

from firmware import app
from firmware.board.campaign_file import CampaignFile
from firmware.board.campaign_hook import keeper_of
from firmware.board.storage import SaveFile
from firmware.hal.mock import MockDial
from firmware.hosts.bench import Bench
from firmware.rng import Rng
from firmware.rules.scythe import campaign as C
from firmware.rules.scythe import campaign_log as G
from firmware.rules.scythe.campaign_bot import choose
from firmware.rules.scythe.ruleset import RULESET

from ..rules.scythe_support import board
from .test_campaign_on_the_board import _a_vote_in, _shown, _to_the_end
from .test_scythe_gestures import board_def

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")


def _paths(name):
    game, camp = "%s/pomme-menu-%s.sav" % (TMP, name), "%s/pomme-menu-%s.camp" % (TMP, name)
    SaveFile(game).abort()
    for p in (camp, camp + ".old"):
        CampaignFile(p).abort()
    return game, camp


def _keeper(table, camp):
    """The board's campaign keeper, made as at a power-up (it loads the file on the flash)."""
    opener = keeper_of(table, camp)
    assert opener is not None
    k = opener()
    assert k is not None
    return k


def _table(game, camp, players, bots, seed=1):
    """A Scythe board at power-up, its new game set up (no decision taken) and its keeper made."""
    st = RULESET.new_game(board(), players)
    b = Bench(board_def(), st, Rng(seed), SaveFile(game), bots=bots)
    return b, _keeper(b.table, camp)


def _menu(kept, turns):
    """choose_campaign with dial 1 turned `turns` steps, then pushed and released."""
    dial = MockDial()
    steps = []
    shown = []

    def wait(ms):
        steps.append(ms)
        if len(steps) == 1:
            dial.turn(turns)
        elif len(steps) == 2:
            dial.down = True
        elif len(steps) == 4:
            dial.down = False

    k = app.choose_campaign(dial, wait, shown.append, kept)
    assert not dial.down                                  # returned once the push was released
    return k, shown


def test_scythes_power_up_menu_offers_no_campaign_a_campaign_or_a_new_one_beside_a_kept_one():
    assert _menu(0, 1) == (1, [0, 1, 1])
    assert _menu(0, 2)[0] == 0                            # two choices without a kept campaign
    assert _menu(3, 2) == (2, [0, 2, 2])                  # three beside one
    assert _menu(3, 3)[0] == 0


def test_a_new_campaign_from_the_menu_deals_factions_and_its_bot_seats_take_their_perks_at_once():
    game, camp = _paths("new")
    b, k = _table(game, camp, 3, 0b110)                   # seats 2 and 3: the board's bot
    k.from_menu(1, Rng(5))
    c = k.c
    assert c is not None and c.s[0] == 3 and G.episode(c) == 0
    want = C.deal_factions(Rng(5), 3)
    assert [G.faction(c, p) for p in range(3)] == want and len(set(want)) == 3
    assert k.asks() and c.current_player() == 0           # the bots wait for seat 1's Perk: in order
    b.settle()
    assert b.display.lines[1].startswith("Seat 1 ("), b.display.lines
    b.press(0)                                            # seat 1: no Perk; seats 2 and 3 decide at once
    assert c.is_terminal() and not c.in_game()
    # the simulator's bot takes the first Perk when it can (Episode 1's is free); seat 1 took none
    assert [G.perk_now(c, p) for p in range(3)] == [-1, 0, 0]
    assert CampaignFile(camp).load(board(), RULESET)[0].s == c.s
    assert b.display.lines[-1] == "Push dial 1: the episode's game begins", b.display.lines


def test_between_episodes_the_bot_seats_decide_at_once_and_dial_1_asks_only_the_people():
    # Episode 1 with seat 2 the board's bot: after its game, the rewards and votes ask seat 1 (and
    # the table, for a Mod drawn) only, a vote's value never shown; a keeper made again from the
    # flash goes on alike.
    game, camp = _paths("bots")
    b, k = _table(game, camp, 2, 0b10)
    k.from_menu(1, Rng(9))
    b.press(0)
    for _ in range(3):
        if k.c.is_terminal():
            break
        b.press(0)
    assert k.c.is_terminal()
    c = k.c
    b.press(0)                                            # the episode's game
    assert c.in_game()
    _to_the_end(b.ctl, Rng(11))
    b.table.flush()
    b.settle()
    assert not c.in_game() and k.asks()
    # every decision now pending is seat 1's (a person's) or the table's (a Mod drawn): the bot's
    # were taken, none shown as a vote's value
    assert c.current_player() != 1 or c.decision() == G.K_DRAW, (c.decision(), c.current_player())
    hand = C.Campaign.from_bytes(board(), CampaignFile(camp).load(board(), RULESET)[0].to_bytes())
    assert hand.s == c.s
    cut = _keeper(b.table, camp)                      # the board powered up again here
    assert cut.c.s == c.s and b.ctl.between is cut
    c = cut.c                                             # the dial is the new keeper's now
    seen = 0
    while not c.is_terminal() and seen < 60:
        seen += 1
        shown = _shown(b)
        assert not _a_vote_in(shown), shown
        p = c.current_player()
        if p == 1:                                        # only a bot's own decision left: none
            raise AssertionError("seat 2's decision %d waits for the dial" % c.decision())
        b.press(0)
    assert c.is_terminal() and G.episode(c) in (1, 2)
    assert CampaignFile(camp).load(board(), RULESET)[0].s == c.s


def test_a_bot_seats_choice_is_its_seeded_generators_and_is_taken_again_after_a_power_cut():
    game, camp = _paths("seeded")
    b, k = _table(game, camp, 2, 0b10)
    k.from_menu(1, Rng(3))
    before = C.Campaign.from_bytes(board(), k.c.to_bytes())
    b.press(0)                                            # seat 1's Perk: none; seat 2's follows
    before.apply_checked(0, 0)
    pending = bytes(before.to_bytes())                    # the file between the two, had power failed
    a = choose(before, Rng((before.hash() * 2654435761 + 1) & 0xFFFFFFFF or 1))
    before.apply_checked(a, 1)
    assert before.s == k.c.s
    # the cut: the flash holds seat 1's decision, not yet seat 2's; the board comes up with its
    # finished game (no campaign from the menu: the saved game resumes) and the bot decides alike
    CampaignFile(camp).save(C.Campaign.from_bytes(board(), pending), 1, 7)
    _to_the_end(b.ctl, Rng(2))
    b.table.flush()
    again = _keeper(b.table, camp)
    assert again.c.s == before.s and CampaignFile(camp).load(board(), RULESET)[0].s == before.s


def test_the_menus_kept_campaign_is_continued_and_a_new_one_sets_it_aside():
    game, camp = _paths("kept")
    b, k = _table(game, camp, 2, 0)
    k.from_menu(1, Rng(1))
    b.press(0)                                            # seat 1's Perk taken: the file has it
    kept = bytes(k.c.to_bytes())
    assert app.kept_campaign(board(), RULESET, camp) == 2
    b2, k2 = _table(game, camp, 2, 0, seed=2)             # powered up again: "the kept one"
    assert k2.c.to_bytes() == kept and not k2.asks()      # (loaded: waits for the game, as before)
    k2.from_menu(1, Rng(4))
    assert k2.asks() and k2.c.to_bytes() == kept and k2.c.current_player() == 1
    b3, k3 = _table(game, camp, 3, 0, seed=3)             # again: "a new one", with 3 players
    k3.from_menu(2, Rng(4))
    assert k3.c.s[0] == 3 and k3.asks() and k3.c.current_player() == 0
    assert CampaignFile(camp + ".old").load(board(), RULESET)[0].to_bytes() == kept   # nothing lost
    assert CampaignFile(camp).load(board(), RULESET)[0].s == k3.c.s
    b4, k4 = _table(game, camp, 3, 0, seed=4)
    k4.from_menu(0, Rng(4))                               # "none": the kept one waits for the game
    assert k4.c.s == k3.c.s and not k4.asks()


def test_the_menu_offers_no_kept_campaign_when_there_is_none_or_it_cannot_be_read():
    game, camp = _paths("none")
    assert app.kept_campaign(board(), RULESET, camp) == 0
    with open(camp, "wb") as f:
        f.write(b"PBCP not a campaign")
    assert app.kept_campaign(board(), RULESET, camp) == 0
    os.remove(camp)
