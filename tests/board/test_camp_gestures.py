# The base camps are sensed like spaces (hardware/wiring.md "Base camps"): a Seeker standing
# in its camp is expected there, so lifting it lights its legal moves exactly as from a
# space, putting it back undoes the lift, a wrong placement blinks red and commits nothing,
# and a Seeker the game sends home is expected back at its camp.
from firmware.board.light_codes import L_DEST, L_FIX, L_ORIGIN, L_WRONG
from firmware.rules.mls.codes import A_MOVE, K_ACTION, K_MOVE, K_REJUVENATE

from ..rules.support import CAMP, dests, scenario
from .rig import Rig

WHITE = (90, 90, 90)
GREEN = (0, 110, 0)
RED = (160, 0, 0)
N = 37            # spaces; camp site s is place N + s
CAMP_0 = N + 0    # seat 1's camp (site 0 in a 2-player game)
CAMP_1 = N + 3    # seat 2's camp (site 3)


def _moving(**kw):
    kw.setdefault("seekers", {0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    rig = Rig(scenario(**kw))
    rig.choose(0, A_MOVE)
    assert rig.st.decision() == K_MOVE
    return rig


def test_a_seeker_in_its_camp_is_sensed_there():
    rig = _moving()
    assert rig.expected()[0] == CAMP_0 and rig.expected()[2] == CAMP_1
    assert rig.sensors.tags(rig.place_channel[CAMP_0]) == (0, 1)
    assert rig.lit(L_FIX) == [] and rig.ctl.gestures.mismatch is False


def test_lifting_a_seeker_from_its_camp_lights_its_camp_and_every_legal_destination():
    rig = _moving()
    legal = [d for d in dests(rig.st, 0) if d != CAMP]
    assert legal
    rig.lift(0, 0)
    assert rig.lit(L_ORIGIN) == [CAMP_0]
    assert rig.lit(L_DEST) == legal
    assert rig.leds.rgb(41) == WHITE              # camp site 0's LED, after the 4 status LEDs
    assert rig.rgb(legal[0]) == GREEN


def test_putting_it_down_on_a_lit_space_commits_the_move_from_camp():
    rig = _moving()
    dest = [d for d in dests(rig.st, 0) if d != CAMP][0]
    rig.move(0, 0, dest)
    assert rig.st.seekers(0)[0] == dest and rig.lit(L_ORIGIN) == []
    assert rig.lit(L_FIX) == []


def test_putting_it_back_in_its_camp_undoes_the_lift():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.lift(0, 0)
    assert rig.lit(L_DEST)
    rig.place(0, 0, CAMP_0)
    assert bytes(rig.st.s) == before and rig.ctl.gestures.lifted == -1
    assert rig.lit(L_ORIGIN) == [] and rig.lit(L_DEST) == []


def test_a_wrong_placement_from_camp_blinks_red_and_commits_nothing():
    rig = _moving()
    legal = dests(rig.st, 0)
    wrong = [x for x in range(N) if x not in legal][0]
    commits = rig.ctl.commits
    before = bytes(rig.st.s)
    rig.move(0, 0, wrong)
    assert bytes(rig.st.s) == before and rig.ctl.commits == commits
    assert rig.lit(L_WRONG) == [wrong]
    seen = set()
    for _ in range(6):
        rig.run(130)
        seen.add(rig.rgb(wrong))
    assert RED in seen and (0, 0, 0) in seen
    rig.sensors.lift(rig.channel[wrong], 0)       # picked up again
    rig.place(0, 0, legal[0])                     # (sorted: a space before CAMP)
    assert rig.st.seekers(0)[0] == legal[0] and rig.lit(L_WRONG) == []


def test_another_seats_camp_is_a_wrong_place():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.lift(0, 0)
    rig.place(0, 0, CAMP_1)
    assert bytes(rig.st.s) == before and rig.lit(L_WRONG) == [CAMP_1]


def test_staying_in_camp_is_still_chosen_on_the_dial():
    rig = _moving(seekers={0: (31, CAMP), 1: (CAMP, CAMP)})
    rig.move(0, 0, 32)
    assert rig.ctl.options(0)                      # the Seeker in camp may stay
    rig.press(0)
    assert rig.st.seekers(0)[1] == CAMP and rig.st.active_player() == 1 and rig.st.decision() == K_ACTION


def test_a_seeker_sent_home_is_expected_in_its_camp_until_put_there():
    rig = _moving(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (4, 0)})
    rig.move(0, 0, 18)                             # a delivery: the Seeker goes home
    assert rig.st.seekers(0)[0] == CAMP and rig.st.decision() == K_REJUVENATE
    rig.run(700)
    assert rig.lit(L_FIX) == [18, CAMP_0]
    rig.sensors.lift(rig.channel[18], 0)
    rig.sensors.put(rig.place_channel[CAMP_1], 0)  # put in the other seat's camp
    rig.run(700)
    assert rig.lit(L_FIX) == [CAMP_0, CAMP_1]
    rig.sensors.lift(rig.place_channel[CAMP_1], 0)
    rig.sensors.put(rig.place_channel[CAMP_0], 0)  # its own camp
    rig.run(100)
    assert rig.lit(L_FIX) == [] and rig.ctl.gestures.mismatch is False


def test_a_whole_game_plays_with_the_camps_sensed():
    from firmware.bots import RandomBot
    from firmware.rng import Rng
    from firmware.rules.mls.bot import nudge

    from ..rules.support import started

    rig = Rig(started(3), seed=11)
    lifted = []
    put = []
    lift, place = rig.sensors.lift, rig.sensors.put

    def spy_lift(ch, tag):
        lifted.append(ch)
        lift(ch, tag)

    def spy_put(ch, tag):
        put.append(ch)
        place(ch, tag)

    rig.sensors.lift = spy_lift   # pyright: ignore[reportAttributeAccessIssue]
    rig.sensors.put = spy_put     # pyright: ignore[reportAttributeAccessIssue]
    rng = Rng(11)
    bot = RandomBot(rng, nudge)
    for _ in range(4000):
        if rig.st.is_terminal():
            break
        before = bytes(rig.st.s)
        rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, rig.st.decision()
    assert rig.st.is_terminal() and rig.st.winners()
    camps = set(rig.place_channel[N:])
    assert [c for c in lifted if c in camps], "no Seeker was lifted from a camp"
    assert [c for c in put if c in camps], "no Seeker was put back in a camp"


def test_the_self_test_lights_and_reads_every_camp():
    from firmware.board import selftest
    from firmware.hal.mock import MockLeds, MockSensors

    from .rig import board_def

    d = board_def()
    sensors = MockSensors(43)
    sensors.put(d["camps"][2]["sensor"], 4)
    sensors.stuck(d["camps"][5]["sensor"])
    shown = []
    leds = MockLeds(47)

    class Spy:
        def show(self, frame):
            shown.append(bytes(frame))
            leds.show(frame)

    lines = []
    readings = selftest.run(d, sensors, Spy(), lambda ms: None, lines.append, 47)
    assert len(readings) == 43 and readings[N + 2] == (4,) and readings[N + 5] is None
    assert "camp  2" in lines[N + 2] and "tags 4" in lines[N + 2] and "FAIL" in lines[N + 5]
    for site in range(6):
        lit = [i // 3 for i in range(len(shown[N + site])) if shown[N + site][i]]
        assert lit == [N + 4 + site] * 3           # that camp's LED alone
    assert lines[-1] == "Self-test: 42 of 43 spaces and camps pass; red places failed."
