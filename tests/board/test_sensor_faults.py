# Sensor faults never commit a false move: bouncing readings, a one-scan glitch on an
# untouched space, a stuck (unreadable) sensor.
from firmware.board.light_codes import L_FIX
from firmware.rules.mls.ruleset import RULESET
from firmware.rules.mls.codes import A_MOVE, K_MOVE

from ..rules.support import CAMP, scenario
from .rig import Rig

seeker_tag = RULESET.tag_of


def _moving():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    return rig


def test_bouncing_readings_settle_before_a_move_counts():
    rig = _moving()
    rig.lift(0, 0)
    ch = rig.channel[32]
    rig.sensors.put(ch, seeker_tag(0, 0))
    rig.sensors.bounce(ch, 6, ())      # 6 scans flickering between empty and the Seeker
    before = bytes(rig.st.s)
    rig.table.scan(rig.now + 10)
    rig.table.scan(rig.now + 20)
    assert bytes(rig.st.s) == before  # not yet: the readings have not been stable
    rig.run(200)
    assert rig.st.seekers(0)[0] == 32  # once stable, the move counts exactly once
    assert rig.st.decision() == K_MOVE


def test_a_glitch_on_an_untouched_space_changes_nothing():
    rig = _moving()
    before = bytes(rig.st.s)
    for _ in range(5):
        rig.sensors.glitch(rig.channel[5], (seeker_tag(0, 0),))   # one scan shows a Seeker
        rig.run(30)
    assert bytes(rig.st.s) == before
    assert rig.lit(L_FIX) == []


def test_a_stuck_sensor_is_shown_and_never_commits():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.sensors.stuck(rig.channel[32])   # unreadable
    rig.lift(0, 0)
    rig.place(0, 0, 32)               # onto the stuck space: the board cannot see it
    rig.run(700)
    assert bytes(rig.st.s) == before
    assert 32 in rig.lit(L_FIX)
    rig.sensors.unstuck(rig.channel[32])
    rig.run(100)
    assert rig.st.seekers(0)[0] == 32


def test_a_tag_read_on_two_spaces_at_once_commits_nothing():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.sensors.put(rig.channel[32], seeker_tag(0, 0))   # slid: both spaces in one scan
    rig.run(100)
    assert bytes(rig.st.s) == before
    rig.sensors.lift(rig.channel[31], seeker_tag(0, 0))
    rig.run(100)
    assert rig.st.seekers(0)[0] == 32
