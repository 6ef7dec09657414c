# The board keeps The Rise of Fenris campaign (firmware/board/campaign_keeper.py; docs/campaign.md,
# section 5): over the link a campaign is made, decided, shown and loaded; an episode's game starts
# with the factions the campaign fixes; its end is recorded in the Campaign Log as soon as it is
# saved, after a power cut too; a refused command changes nothing. CPython and the unix port.
import os
from binascii import hexlify, unhexlify

from firmware.board.campaign_file import CampaignFile
from firmware.board.campaign_hook import keeper_of
from firmware.board.storage import SaveFile
from firmware.hosts.bench import Bench
from firmware.link.device import DeviceLink
from firmware.link.protocol import decode, encode
from firmware.rng import Rng
from firmware.rules.scythe import campaign_data as D
from firmware.rules.scythe import campaign_log as G
from firmware.rules.scythe.campaign import Campaign
from firmware.rules.scythe import content as K
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import faction, po
from firmware.rules.scythe.ruleset import RULESET

from ..rules.scythe_support import board, started
from ..rules.test_campaign_results import first_stars
from .test_scythe_gestures import board_def

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")


class _Board:
    """A Scythe board with its save and campaign files in TMP (power_up: as after a cut)."""

    def __init__(self, name):
        self.game = "%s/pomme-test-%s.sav" % (TMP, name)
        self.camp = "%s/pomme-test-%s.camp" % (TMP, name)
        SaveFile(self.game).abort()
        CampaignFile(self.camp).abort()
        self.seq = 0
        self.power_up(started())

    def power_up(self, st):
        self.save = SaveFile(self.game)
        self.bench = Bench(board_def(), st, Rng(1), self.save)
        self.lines = []
        self.link = DeviceLink(self.bench.table, self.lines.append, {"sim": 1}, 1, "power-on", self.bench,
                               self.save, keeper_of(self.bench.table, self.camp))

    def send(self, c, **fields):
        """The ack of command c (the lines it sent are in self.lines)."""
        self.seq += 1
        del self.lines[:]
        fields.update({"c": c, "s": self.seq})
        self.link.on_line(encode(fields))
        acks = [decode(x) for x in self.received() if '"e":"ack"' in x]
        return acks[-1]

    def received(self):
        """The whole lines sent since the last command (the link writes a line in pieces)."""
        return [x for x in "".join(self.lines).split("\n") if x]

    def campaign(self):
        ack = self.send("campaign")
        assert ack["ok"], ack
        ev = [decode(x) for x in self.received() if '"e":"campaign"' in x][-1]
        return ev, Campaign.from_bytes(board(), unhexlify(ev["state"]))


def _perks_none(b):
    while True:
        ev, c = b.campaign()
        if ev["waiting"]:
            return ev, c
        assert b.send("campaign_decide", a=0)["ok"]


def test_a_campaign_made_over_the_link_is_on_the_flash_and_its_decisions_are_checked():
    b = _Board("link-new")
    assert b.send("campaign")["err"] == "rejected"    # none yet: a clear refusal
    assert b.send("campaign_new", factions=[1, 3])["ok"]
    ev, c = b.campaign()
    assert not ev["waiting"] and ev["decider"] == 0 and ev["kind"] == G.K_PERK
    assert G.faction(c, 0) == 1 and G.faction(c, 1) == 3
    ack = b.send("campaign_decide", a=9)              # no Perk 9
    assert ack["ok"] == 0 and ack["err"] == "illegal"
    assert b.campaign()[1].s == c.s                   # nothing changed
    assert b.send("campaign_decide", a=4)["ok"]
    on_flash, _x, count = CampaignFile(b.camp).load(board(), RULESET)
    assert G.perk_now(on_flash, 0) == 3 and count == 2


def test_malformed_campaign_commands_are_refused_and_change_nothing():
    b = _Board("link-bad")
    assert b.send("campaign_new", factions=[0, 2])["ok"]
    before = b.campaign()[1].s
    for c, fields in (("campaign_new", {"factions": []}), ("campaign_new", {"factions": [0, 9]}),
                      ("campaign_new", {"factions": "01"}), ("campaign_decide", {"a": -1}),
                      ("campaign_load", {"state": "xyz"}), ("campaign_load", {"state": "0"}),
                      ("episode", {"cards": 2})):
        ack = b.send(c, **fields)
        assert ack["ok"] == 0 and ack["err"] == "bad_field", (c, fields, ack)
    assert b.send("campaign_new", factions=[0, 0])["err"] == "bad_setup"      # one faction, two seats
    assert b.send("campaign_load", state="00" * 40)["err"] == "corrupt_state"
    assert b.send("episode")["err"] == "illegal"                                 # its Perks first
    assert b.campaign()[1].s == before


def test_a_campaign_loaded_over_the_link_replaces_the_boards():
    b = _Board("link-load")
    assert b.send("campaign_new", factions=[0, 1, 2])["ok"]
    other = Campaign.from_bytes(board(), bytes(b.campaign()[1].to_bytes()))
    other.apply_checked(7)
    assert b.send("campaign_load", state=hexlify(bytes(other.to_bytes())).decode())["ok"]
    assert b.campaign()[1].s == other.s


def test_an_episode_starts_with_the_campaigns_factions_and_its_end_is_recorded():
    # "Each player will use the same faction until the rulebook indicates otherwise."
    b = _Board("link-episode")
    assert b.send("campaign_new", factions=[3, 0])["ok"]
    _perks_none(b)
    assert b.send("episode", cards=1)["ok"]
    st = b.bench.table.ctl.st
    assert [faction(st, p) for p in range(2)] == [3, 0]
    ev, c = b.campaign()
    assert ev["in_game"] == 1 and ev["waiting"] == 0
    # The game is played to its end over the link (the board's rule bot choosing for both seats).
    from firmware.bot_kinds import make_bot

    bot = make_bot(RULESET, Rng(3), "strong")
    n = 0
    first = [-1] * G.N_TOKENS   # (the track's spots and Episode 1's revealed objective)
    seen = [0, 0]
    while not st.is_terminal() and n < 4000:
        assert b.send("decide", a=bot.choose(st), p=st.current_player())["ok"]
        st = b.bench.table.ctl.st
        first_stars(st, first, seen)
        if not st.is_terminal():
            # Episode 1's Influence tokens: each decision's first star takes its token, on the flash
            # with the decision (the campaign file as a power-up would read it)
            c = CampaignFile(b.camp).load(board(), RULESET)[0]
            assert [G.holder(c, i) for i in range(G.N_TOKENS)] == first, n
        n += 1
    assert st.is_terminal() and sum(1 for h in first if h >= 0) >= 3, first
    ev, c = b.campaign()
    assert ev["in_game"] == 0 and G.episode(c) == D.E1
    # the rewards of Episode 1 wait (the vote), the coins are in the Wealth
    assert [G.wealth(c, p) for p in range(2)] == [st.fortune(p) for p in range(2)]
    assert c.s[G.lo(st.winners()[0]) + G.L_VICTORIES] == 1
    # (a star on the revealed objective is "for any 1 category": its column asked first)
    while c.decision() != G.K_VOTE:
        assert c.decision() == G.K_FREE, c.decision()
        assert b.send("campaign_decide", a=c.legal_actions()[0])["ok"]
        ev, c = b.campaign()
    # the tokens taken, and the 1 Influence token given to each player, are what each votes with
    for p in range(2):
        assert c.s[G.ro(p) + G.R_TOKENS] == 1 + sum(1 for h in first if h == p)


def _stars(st):
    return [st.s[po(p) + f] for p in range(2) for f in (L.P_STARS, L.P_COMBAT_STARS, L.P_OBJ_STARS)]


def test_a_token_taken_before_a_power_cut_or_an_undo_follows_the_saved_game():
    # The star's decision is on the flash before the campaign's token (the game's save, then the
    # campaign's): a cut between them finds the star at power-up and gives the token then; the undo
    # button takes the star back and the token returns to the track.
    b = _Board("link-tokens")
    assert b.send("campaign_new", factions=[0, 1])["ok"]
    _perks_none(b)
    assert b.send("episode", cards=1)["ok"]
    st = b.bench.table.ctl.st.clone()
    st.s[po(1) + L.P_STARS] |= 1 << K.S_POWER   # seat 2's power star, as a decision would place it
    st.changed()
    b.save.save(st, 1, 999)                        # saved; the power goes before the campaign's save
    assert CampaignFile(b.camp).load(board(), RULESET)[0].s[G.TOKENS:G.TOKENS + 5] == bytes(5)
    game, _x, _count = SaveFile(b.game).load(board(), RULESET)
    b.power_up(game)
    c = CampaignFile(b.camp).load(board(), RULESET)[0]
    assert G.holder(c, K.S_POWER) == 1
    assert b.campaign()[1].s[G.TOKENS:G.TOKENS + 5] == c.s[G.TOKENS:G.TOKENS + 5]
    # an undo that takes a star back: the token goes back with it
    st = b.bench.table.ctl.st
    from firmware.bot_kinds import make_bot

    bot = make_bot(RULESET, Rng(5), "strong")
    before = None
    while not st.is_terminal():
        stars = _stars(st)
        assert b.send("decide", a=bot.choose(st), p=st.current_player())["ok"]
        st = b.bench.table.ctl.st
        if _stars(st) != stars:
            before = [G.holder(b.campaign()[1], i) for i in range(G.N_SPOTS)]
            break
    assert before is not None
    power_only = [1 if i == K.S_POWER else -1 for i in range(G.N_SPOTS)]
    assert before != power_only   # the decision's star took a token
    assert b.send("undo")["ok"]
    assert [G.holder(b.campaign()[1], i) for i in range(G.N_SPOTS)] == power_only
    c = CampaignFile(b.camp).load(board(), RULESET)[0]   # on the flash too
    assert [G.holder(c, i) for i in range(G.N_SPOTS)] == power_only


def test_an_episode_ended_before_a_power_cut_is_recorded_at_the_next_power_up():
    b = _Board("link-cut")
    assert b.send("campaign_new", factions=[0, 1])["ok"]
    _perks_none(b)
    assert b.send("episode", cards=1)["ok"]
    st = b.bench.table.ctl.st
    # The game's last decision is saved, then the power goes before the campaign is written: the
    # board powers up with the finished game and the campaign still waiting for it.
    from firmware.bot_kinds import make_bot

    bot = make_bot(RULESET, Rng(4), "strong")
    end = st.clone()
    while not end.is_terminal():   # (the model deck's draws by chance, the seats by the bot)
        end.apply(bot.choose(end) if end.current_player() >= 0 else end.chance_outcomes()[0][0])
    b.save.save(end, 1, 999)
    assert CampaignFile(b.camp).load(board(), RULESET)[0].in_game()
    game, _x, _count = SaveFile(b.game).load(board(), RULESET)
    b.power_up(game)
    ev, c = b.campaign()
    assert ev["in_game"] == 0 and G.wealth(c, 0) == end.fortune(0) and G.wealth(c, 1) == end.fortune(1)


def test_a_new_game_in_place_of_the_episodes_leaves_the_episode_to_play_again():
    b = _Board("link-replaced")
    assert b.send("campaign_new", factions=[0, 1])["ok"]
    _perks_none(b)
    assert b.send("episode")["ok"]
    assert b.send("new", players=2)["ok"]
    ev, _c = b.campaign()
    assert ev["waiting"] == 1 and ev["in_game"] == 0


def test_a_board_of_another_game_has_no_campaign():
    from tests.board.rig import Rig
    from tests.rules.support import CAMP, scenario

    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    lines = []
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, None,
                      keeper_of(rig.table, "%s/pomme-test-mls.camp" % TMP))
    link.on_line(encode({"c": "campaign_new", "s": 1, "factions": [0, 1]}))
    ack = decode("".join(lines).split("\n")[-2])
    assert ack["ok"] == 0 and ack["err"] == "not_here"


def test_a_power_cut_in_the_episodes_setup_leaves_the_episode_to_start_again():
    # The campaign says its episode is being played, but the board powered up with another game
    # (the cut came before the episode's game was saved: the board starts a game of its own).
    b = _Board("link-setup-cut")
    assert b.send("campaign_new", factions=[3, 4])["ok"]
    _perks_none(b)
    assert b.send("episode", cards=1)["ok"]
    assert b.campaign()[0]["in_game"] == 1
    other = started((0, 1))                   # Nordic and Rusviet: not the campaign's seats
    b.power_up(other)
    ev, _c = b.campaign()
    assert ev["in_game"] == 0 and ev["waiting"] == 1
    assert b.send("episode", cards=1)["ok"]
    st = b.bench.table.ctl.st
    assert [faction(st, p) for p in range(2)] == [3, 4]


def test_a_seat_sits_out_and_a_player_joins_over_the_link():
    # protocol 1.3: campaign_seat, campaign_join (docs/protocol.md)
    b = _Board("link-seats")
    assert b.send("campaign_new", factions=[0, 1, 2])["ok"]
    _perks_none(b)
    assert b.send("campaign_seat", p=1, away=1)["ok"]
    assert b.send("episode", cards=1)["ok"]
    st = b.bench.table.ctl.st
    assert st.n_players() == 2 and [faction(st, p) for p in range(2)] == [0, 2]
    ev, c = b.campaign()
    for bad in ({"p": 1, "away": 0}, {"p": 9, "away": 1}, {"p": 0}):
        ack = b.send("campaign_seat", **bad)
        assert not ack["ok"], bad
        assert b.campaign()[1].public_bytes() == c.public_bytes()   # nothing changed
    ack = b.send("campaign_join", faction=3)   # not while the episode's game is played
    assert not ack["ok"] and ack["err"] == "illegal" and b.campaign()[1].public_bytes() == c.public_bytes()
    assert b.send("new", players=2)["ok"]   # the episode waits again
    assert b.send("campaign_join", faction=3)["ok"]
    ack = b.send("campaign_join", faction=3)
    assert not ack["ok"] and ack["err"] == "illegal"
    ev, c = b.campaign()
    assert c.s[0] == 4 and G.faction(c, 3) == 3 and G.seats_in(c) == [0, 2, 3]
    c = CampaignFile(b.camp).load(board(), RULESET)[0]   # on the flash
    assert c.s[0] == 4 and G.away(c, 1)


def test_the_episodes_game_keeps_the_boards_memory_policy():
    # A board keeps no decision history in RAM (firmware/app.py: the save holds the game) and a few
    # undo snapshots: the episode's game, which replaces the board's, keeps to the same (a 5-player
    # episode of 2,570 decisions otherwise held its history and 8 snapshots in the heap).
    b = _Board("link-memory")
    st = b.bench.table.ctl.st
    st.keep_history = False
    st.undo_depth = 3
    assert b.send("campaign_new", factions=[0, 1])["ok"]
    _perks_none(b)
    assert b.send("episode", cards=1)["ok"]
    st = b.bench.table.ctl.st
    assert not st.keep_history and st.undo_depth == 3 and not len(st.history)
