# Bot seats on the physical board: when a seat played by the board's bot is to decide, the
# board computes the bot's choice once and shows it (the piece to lift in violet and where it
# goes in cyan, the dial to press, the wand's space), and a person carries it out; anything
# else is flagged as for a person and nothing is committed. A pie-fight bid of a bot seat
# locks its dial at once, unseen.
from firmware.hosts.bench import Bench
from firmware.bots import RandomBot
from firmware.board.light_codes import L_BOT_DEST, L_BOT_LIFT, L_DEST, L_WRONG
from firmware.board.render import BOT_DIAL
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.codes import A_MOVE, K_ACTION, K_FIGHT_BID, K_MOVE
from firmware.rules.ruleset import ENTRY_SECRET, OFF_BOARD
from firmware.board.storage import SaveError, SaveFile

from ..rules.support import CAMP, raises, scenario, started
from .rig import Rig, board_def

VIOLET = (120, 0, 150)
CYAN = (0, 110, 110)


def _bench(st, bots, seed=1, save=None):
    return Bench(board_def(), st, Rng(seed), save, bots=bots)


def _committed(rig):
    seen = []
    rig.table.listeners.append(seen.append)
    return seen


def _bot_move(**kw):
    """Seat 2 (index 1) chose Move; from then on seat 2 is a bot seat: the bot decides
    which Seeker goes where."""
    kw.setdefault("seekers", {0: (CAMP, CAMP), 1: (31, CAMP)})
    rig = Rig(scenario(**kw))
    rig.choose(0, A_MOVE)
    rig.press(0)
    rig.press(0)                      # seat 0's Seekers both stay at camp: seat 1's turn
    assert rig.st.active_player() == 1 and rig.st.decision() == K_ACTION
    rig.choose(0, A_MOVE)
    assert rig.st.decision() == K_MOVE
    rig.table.set_bots(2)             # seat 2 (index 1) is the bot's from now on
    rig.settle()
    return rig


def _piece_plan(rig):
    """Play seat 1's decisions as the board shows them until the bot's plan is a Move of a
    Seeker on the map to another space; its (tag, from, to)."""
    ctl = rig.ctl
    while rig.st.decision() == K_MOVE and rig.st.active_player() == 1:
        if ctl.seats.plan_tag >= 0 and ctl.seats.plan_dial < 0 and ctl.seats.plan_from != OFF_BOARD:
            return ctl.seats.plan_tag, ctl.seats.plan_from, ctl.seats.plan_dest
        carry_out(rig)
    raise AssertionError("the bot made no Move on the map")


def carry_out(bench):
    """A person carries out a bot seat's decision from what the board shows only: a violet
    dial LED: press that dial; a violet space: lift the moving seat's piece standing there
    and put it on the cyan space; a cyan space alone: the wand there, or (the display says
    which) a piece of that seat from off the map onto it."""
    bench.tidy()
    n = len(bench.channel)
    st = bench.st
    for d in (0, 1):
        if bench.leds.rgb(n + 2 + d) == BOT_DIAL:
            bench.press(d)
            return "dial"
    lift = [sp for sp in range(n) if bench.rgb(sp) == VIOLET]
    dest = [sp for sp in range(n) if bench.rgb(sp) == CYAN]
    assert len(dest) == 1 and len(lift) <= 1, (lift, dest, bench.display.lines)
    movers = bench.rs.movers(st)
    if lift:
        tag = [t for t in bench.sensors.tags(bench.channel[lift[0]]) if t in movers][0]
        bench.lift_tag(tag)
        bench.place_tag(tag, dest[0])
        return "piece"
    if bench.display.lines[1].startswith("wand"):
        bench.wand(dest[0])
        return "wand"
    tag = [t for t in movers if not 0 <= bench.where_tag(t) < n][0]   # off the map: at its camp
    bench.place_tag(tag, dest[0])
    return "piece"


def test_a_bot_seats_move_lights_the_piece_to_lift_and_its_space_and_the_person_carries_it_out():
    rig = _bot_move()
    tag, src, dest = _piece_plan(rig)
    plans = rig.ctl.seats.plans
    assert rig.lit(L_BOT_LIFT) == [src] and rig.lit(L_BOT_DEST) == [dest]
    assert rig.rgb(src) == VIOLET and rig.rgb(dest) == CYAN
    assert rig.display.lines[0] == "Bot seat 2"
    assert rig.display.lines[1] == "lift from %d, put on %d" % (src, dest)
    seen = _committed(rig)
    rig.lift_tag(tag)
    rig.run(200)                      # lifted: the plan is still shown, nothing else lights
    assert rig.lit(L_BOT_LIFT) == [src] and rig.lit(L_BOT_DEST) == [dest] and rig.lit(L_DEST) == []
    assert rig.ctl.seats.plans == plans     # scans do not compute the plan again
    rig.place_tag(tag, dest)
    assert rig.st.seekers(1)[tag - 2] == dest and len(seen) >= 1


def test_a_wrong_placement_for_a_bot_seats_move_is_flagged_and_nothing_is_committed():
    rig = _bot_move()
    tag, src, dest = _piece_plan(rig)
    before = bytes(rig.st.s)
    seen = _committed(rig)
    other = [a & 63 for a in rig.st.legal_actions() if a >> 6 == tag - 2 and a & 63 not in (src, dest, CAMP)]
    assert other, "no other legal destination to try"
    rig.lift_tag(tag)
    rig.place_tag(tag, other[0])      # legal for a person, not the bot's choice
    assert rig.lit(L_WRONG) == [other[0]] and bytes(rig.st.s) == before and seen == []
    rig.lift_tag(tag)
    rig.place_tag(tag, dest)          # put right
    assert rig.st.seekers(1)[tag - 2] == dest and rig.lit(L_WRONG) == [] and len(seen) >= 1


def test_lifting_a_piece_the_bot_does_not_move_is_flagged():
    rig = _bot_move(seekers={0: (CAMP, CAMP), 1: (31, 36)})
    tag, src, dest = _piece_plan(rig)
    twin = 5 - tag                    # seat 2's other Seeker (tags 2 and 3)
    assert rig.expected()[twin] not in (src, OFF_BOARD), "both Seekers on one space"
    before = bytes(rig.st.s)
    rig.lift_tag(twin)
    assert rig.lit(L_WRONG) == [rig.expected()[twin]] and bytes(rig.st.s) == before


def test_a_bot_seats_dial_decision_offers_only_its_choice_and_a_press_commits_it():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    rig = _bench(st, bots=1)
    assert rig.st.decision() == K_ACTION
    plan = rig.ctl.bot_choice()
    assert plan in rig.st.legal_actions()
    assert rig.ctl.options(0) == [plan] and rig.ctl.options(1) == []
    n = len(rig.channel)
    assert rig.leds.rgb(n + 2) == BOT_DIAL and rig.leds.rgb(n + 3) != BOT_DIAL
    assert rig.display.lines[0] == "Bot seat 1"
    assert rig.display.lines[1].startswith("press dial 1: ")
    seen = _committed(rig)
    rig.turn(0, 2)                    # turning offers nothing else
    assert rig.ctl.options(0) == [plan] and seen == []
    rig.press(0)
    assert seen[0] == plan


def test_a_bot_seats_wand_decision_lights_only_its_space_and_another_space_is_wrong():
    from firmware.rules.mls.codes import A_BAKE, K_PAY_FROM

    st = scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={31: (1, 0), 36: (1, 0)})
    rig = _bench(st, bots=0)
    rig.choose(0, A_BAKE)
    assert rig.st.decision() == K_PAY_FROM
    rig.table.set_bots(1)
    rig.settle()
    plan = rig.ctl.bot_choice()
    other = 31 if plan == 36 else 36
    assert plan in (31, 36) and rig.lit(L_BOT_DEST) == [plan] and rig.lit(5) == []
    before = bytes(rig.st.s)
    rig.wand(other)
    assert bytes(rig.st.s) == before and rig.lit(L_WRONG) == [other]
    assert carry_out(rig) == "wand"
    assert rig.st.decision() != K_PAY_FROM and rig.st.pies(0) == 5


def _fight(bots):
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (32, CAMP)}, pies={0: 4, 1: 4}, friendship={0: 5, 1: 2}))
    rig.choose(0, A_MOVE)
    rig.move(0, 0, 32)
    rig.press(0)
    assert rig.st.decision() == K_FIGHT_BID
    rig.table.set_bots(bots)
    rig.settle()
    return rig


def test_a_bot_seats_bid_locks_its_dial_at_once_without_showing_it():
    rig = _fight(bots=1)              # the attacker (seat 1) is the bot's
    assert rig.ctl.bid_locks() == (True, False)
    assert rig.ctl.options(0) == [] and rig.ctl.options(1) == [0, 1, 2, 3, 4]
    assert rig.ctl.bot_choice() == -1                                 # never shown
    assert rig.st.decision() == K_FIGHT_BID and rig.st.pies(0) == 4   # nothing applied
    assert "bot bid locked" in rig.display.lines
    n = len(rig.channel)
    assert rig.leds.rgb(n + 2) == (0, 90, 0) and rig.leds.rgb(n + 3) == (0, 0, 0)   # locked, no value
    rig.choose(1, 3)                  # the person at the other dial bids as usual
    attack, defence, _ = rig.st.last_fight()
    assert defence == 3 and 0 <= attack <= 4 and rig.st.pies(0) == 4 - attack


def test_when_both_fighters_are_bot_seats_both_dials_lock_and_the_fight_is_revealed():
    rig = _fight(bots=3)
    assert rig.st.last_fight() is not None and rig.st.decision() != K_FIGHT_BID


def test_a_bot_seats_plan_is_the_same_after_a_power_cut_and_the_seats_are_kept():
    import os

    path = "bot-seats-test.sav"
    try:
        st = started(3)
        rig = _bench(st, bots=6, save=SaveFile(path))
        rng = Rng(4)
        person = RandomBot(rng, nudge)
        for _ in range(400):
            if rig.ctl.bot_choice() >= 0 and rig.ctl.commits > 5:
                break
            if rig.ctl.bot_choice() >= 0:
                carry_out(rig)
            else:
                rig.bot_turn(person, rng)
        plan, h = rig.ctl.bot_choice(), rig.st.hash()
        assert plan >= 0
        save = SaveFile(path)
        st2, x, count = save.load(rig.st.board, rig.rs)
        assert save.seats == 6 and st2.hash() == h
        again = _bench(st2, bots=None, seed=9, save=save)   # the seats come from the save
        assert again.ctl.seats.mask == 6 and again.ctl.bot_choice() == plan
    finally:
        for p in (path, path + ".tmp"):
            try:
                os.remove(p)
            except OSError:
                pass


def test_bot_seats_a_game_does_not_have_are_refused_and_nothing_changes():
    rig = _bench(scenario(), bots=0)
    h = rig.st.hash()
    raises(ValueError, rig.table.set_bots, 4)     # a 2-player game has no seat 3
    raises(ValueError, rig.table.set_bots, -1)
    assert rig.ctl.seats.mask == 0 and rig.st.hash() == h and rig.ctl.bot_choice() == -1


def test_a_save_whose_bot_seats_name_a_missing_seat_is_refused_clearly():
    import os

    from firmware.rules.compat import crc32

    path = "bot-seats-bad.sav"
    try:
        st = scenario()
        save = SaveFile(path)
        save.seats = 1
        save.save(st, 1, 1)
        with open(path, "rb") as f:
            data = bytearray(f.read())
        data[13] = 0x80                              # seat 8 in a 2-player game
        data[-4:] = (crc32(bytes(data[:-4])) & 0xFFFFFFFF).to_bytes(4, "little")
        with open(path, "wb") as f:
            f.write(data)
        save = SaveFile(path)
        e = raises(SaveError, save.load, st.board, registry.of_game(st))
        assert "bot seats" in str(e) and save.seats is None
    finally:
        os.remove(path)


def play_with_bots(bench, person, rng, limit):
    """Play to the end: the bot seats' decisions carried out from the lights, the person's
    seat with random legal gestures. The number of decisions of each."""
    counts = [0, 0]
    rs = bench.rs
    for _ in range(limit):
        st = bench.st
        if st.is_terminal():
            break
        before = (bytes(st.to_bytes()), bench.ctl.bid_locks())
        if bench.ctl.bot_choice() >= 0:
            assert not rs.reads_card(st)     # a bot never plans a printed card's terms
            carry_out(bench)
            counts[0] += 1
        elif rs.entry[st.decision()] == ENTRY_SECRET:
            bench.bot_turn(person, rng)      # the person's dial bids (a bot's dial is locked)
            counts[1] += 1
        else:   # a person's, or a bot seat's printed card read in at the table (Ruleset.reads_card)
            assert not bench.ctl.is_bot(st.current_player()) or rs.reads_card(st)
            bench.bot_turn(person, rng)
            counts[1] += 1
        assert (bytes(bench.st.to_bytes()), bench.ctl.bid_locks()) != before, bench.display.lines
    return counts


def test_a_whole_my_little_scythe_game_one_person_and_two_bot_seats_through_gestures_only():
    bench = _bench(started(3), bots=6, seed=7)
    rng = Rng(7)
    bots, person = play_with_bots(bench, RandomBot(rng, nudge), rng, 4000)
    assert bench.st.is_terminal() and bench.st.winners()
    assert bots > 20 and person > 10


def test_a_whole_race_one_person_and_two_bot_seats_through_gestures_only():
    rs = registry.plug("tests.rulesets.race")
    from firmware.app import find_map

    bd = find_map(rs.map_name)
    bench = Bench(bd, rs.new_game(rs.make_board(bd), 3), Rng(2), bots=5)
    rng = Rng(6)
    bots, person = play_with_bots(bench, RandomBot(rng), rng, 2000)
    st = bench.st
    assert st.is_terminal() and st.runner(st.winners()[0]) == st.goal()
    assert bots > 4 and person > 2


def _link(bench):
    from firmware.link.device import DeviceLink
    from firmware.link.protocol import decode, encode

    out = []
    seq = [0]
    link = DeviceLink(bench.table, out.append, {}, 1, "power-on", bench)

    def ask(**fields):
        """The lines the board answers a command with (its ack, then any events); the board
        writes a line in pieces, so they are joined up to each newline."""
        del out[:]
        seq[0] += 1
        link.on_line(encode(dict(fields, s=seq[0])))
        return [decode(x) for x in "".join(out).splitlines(True)]

    return ask


def test_the_link_sets_bot_seats_and_refuses_a_seat_the_game_does_not_have():
    bench = _bench(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), bots=0)
    ask = _link(bench)
    h = bench.st.hash()
    ack = ask(c="seats", bots=4)[-1]              # seat 3 in a 2-player game
    assert ack["ok"] == 0 and ack["err"] == "bad_field" and ack["msg"] == "bots"
    assert bench.ctl.seats.mask == 0 and bench.st.hash() == h
    ack = ask(c="seats", bots=1)[-1]
    assert ack["ok"] == 1 and bench.ctl.seats.mask == 1 and bench.ctl.bot_choice() >= 0
    snap = [e for e in ask(c="snapshot") if e.get("e") == "snap"][0]
    assert snap["bots"] == 1 and snap["bot"] == bench.ctl.bot_choice()
    ack = ask(c="new", players=3, bots=8)[-1]     # seat 4 in a 3-player game: nothing changes
    assert ack["ok"] == 0 and ack["msg"] == "bots" and bench.st.n_players() == 2 and bench.st.hash() == h
    ack = [e for e in ask(c="new", players=3, bots=6) if e.get("e") == "ack"][0]
    assert ack["ok"] == 1 and bench.st.n_players() == 3 and bench.ctl.seats.mask == 6


def test_after_an_undo_and_the_same_decision_again_the_bot_seat_plans_the_same():
    bench = _bench(started(3), bots=6, seed=7)
    rng = Rng(7)
    person = RandomBot(rng, nudge)
    seen = _committed(bench)
    for _ in range(400):
        c0 = bench.ctl.commits
        if bench.ctl.bot_choice() >= 0:
            carry_out(bench)
        else:
            bench.bot_turn(person, rng)
        if bench.ctl.commits == c0 + 1 and bench.ctl.bot_choice() >= 0 and bench.st.current_player() >= 0:
            break                     # one decision, no dice after it, and a bot seat's turn now
    plan, h, a = bench.ctl.bot_choice(), bench.st.hash(), seen[-1]
    assert plan >= 0
    bench.press_undo()
    assert bench.st.hash() != h
    p = bench.st.current_player()
    bench.ctl.commit(a, p)            # the same decision again (as the link's `decide`)
    assert bench.st.hash() == h and bench.ctl.bot_choice() == plan


def test_a_board_without_bot_seats_does_not_load_the_bot_seats_module():
    # Every seat a person's: the controller's seats are a NoSeats (no plan), and bot_seats.py
    # is loaded only once a seat is given to the bot.
    import sys

    sys.modules.pop("firmware.board.bot_seats", None)
    rig = Rig(started(2))
    assert "firmware.board.bot_seats" not in sys.modules
    assert rig.ctl.bot_choice() == -1 and not rig.ctl.is_bot(1)
    rig.table.set_bots(0b10)
    assert "firmware.board.bot_seats" in sys.modules
    assert rig.ctl.seats.mask == 0b10 and rig.ctl.is_bot(1)
    rig.table.set_bots(0)
    assert rig.ctl.seats.mask == 0 and rig.ctl.bot_choice() == -1
