# What a committed decision owes, in order (firmware/board/table.py Table._pay and flush): the
# LED frame of the new position first (the players see the answer before the flash is
# written), then the next scan, one period later (a save never delays it), then at that quiet
# scan one save (the decision and the dice the board rolled after it), then the decision
# reported to the listeners (the serial link's `dec`): a decision the link reports is always
# saved.
import os

from firmware.bots import RandomBot
from firmware.link.device import DeviceLink
from firmware.link.protocol import encode
from firmware.rng import Rng
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.codes import A_MOVE
from firmware.rules.mls.ruleset import RULESET
from firmware.board.storage import SaveFile

from ..rules.support import CAMP, board, scenario, started
from .rig import Rig

TMP = "/tmp" if os.getenv("TMPDIR") is None else os.getenv("TMPDIR")


class Journal:
    """Records the order of frames, saves and reports of a rig."""

    def __init__(self, rig):
        self.events = []
        self.saved = []     # commit counts saved, in order
        self.rig = rig
        leds = rig.leds
        show = leds.show
        save = rig.table.save
        write = save.save

        def shown(frame):
            if bytes(frame) != bytes(leds.frame):
                self.events.append("frame")
            show(frame)

        def saving(st, x, count):
            write(st, x, count)
            self.events.append("save")
            self.saved.append(count)

        sensors = rig.table.sensors
        scan = sensors.scan

        def scanning(raw):
            self.events.append("scan")
            scan(raw)

        leds.show = shown
        save.save = saving
        sensors.scan = scanning
        rig.table.listeners.append(self.told)

    def order(self):
        """The events without the scans that only repeat the one before them."""
        out = []
        for e in self.events:
            if not (e == "scan" and out and out[-1] == "scan"):
                out.append(e)
        return out

    def told(self, action):
        self.events.append("report")


def _rig(name, st):
    path = "%s/pomme-test-order-%s.sav" % (TMP, name)
    SaveFile(path).abort()
    return Rig(st, save_path=path), path


def test_a_placement_lights_the_next_decision_before_it_is_saved_and_reported():
    rig, path = _rig("place", scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    j = Journal(rig)
    commits = rig.ctl.commits
    rig.lift(0, 0)
    assert "save" not in j.events             # a lift commits nothing
    del j.events[:]
    rig.place(0, 0, 32)
    assert rig.ctl.commits > commits
    order = j.order()
    first = order.index("frame")
    assert order[first:first + 4] == ["frame", "scan", "save", "report"], order
    st, _, count = SaveFile(path).load(board(), RULESET)
    assert count == rig.ctl.commits and bytes(st.s) == bytes(rig.st.s)


def test_every_reported_decision_is_already_saved_and_dice_share_their_decisions_save():
    rig, path = _rig("game", started(3))
    j = Journal(rig)
    reported = []
    rig.table.listeners.append(lambda a: reported.append(rig.table.reported[1]))
    bot_rng = Rng(4)
    bot = RandomBot(bot_rng, nudge)
    for _ in range(150):
        if rig.st.is_terminal():
            break
        rig.bot_turn(bot, bot_rng)
        saved_so_far = j.saved[-1] if j.saved else 0
        assert all(c <= saved_so_far for c in reported)   # nothing reported ahead of the flash
    assert reported and reported == sorted(reported)
    assert len(j.saved) < rig.ctl.commits                # some saves held several commits
    assert j.saved == sorted(set(j.saved)) and j.saved[-1] == rig.ctl.commits


def test_a_linked_decide_is_saved_then_reported_then_acknowledged():
    rig, path = _rig("link", scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    lines = []
    j = Journal(rig)
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, rig.table.save)
    del j.events[:]
    link.on_line(encode({"c": "decide", "s": 1, "a": A_MOVE}))
    assert j.events.index("save") < j.events.index("report")
    kinds = [x.split('"e":"')[1].split('"')[0] for x in lines if '"e":"' in x]
    assert kinds[-2:] == ["dec", "ack"], kinds
    _, _, count = SaveFile(path).load(board(), RULESET)
    assert count == rig.ctl.commits


def _abort(st):
    rig, _ = _rig("abort", st)
    lines = []
    link = DeviceLink(rig.table, lines.append, {"sim": 1}, 1, "power-on", rig, rig.table.save)
    link.on_line(encode({"c": "abort", "s": 1}))
    assert '"ok":1' in lines[-1], lines[-3:]
    return rig.st


def test_abort_of_a_pie_in_the_sky_game_starts_a_pie_in_the_sky_game():
    from ..rules.support import pits_started

    st = _abort(pits_started(3))
    assert RULESET.setup_of(st) == (3, {"pits": [1]})
    assert RULESET.setup_of(_abort(started(2))) == (2, {})        # a base game stays a base game


def test_abort_of_a_solo_game_keeps_automountie_and_her_side():
    from firmware.rules.mls.codes import AM_EMP

    from ..rules.support import pits_started

    st = _abort(pits_started(1, automountie=AM_EMP))
    assert st.am_side() == AM_EMP and RULESET.setup_of(st) == (1, {"pits": [1], "automountie": [AM_EMP]})


def test_a_setup_of_many_dice_is_saved_every_few_decisions_not_held_in_memory():
    from firmware.rules.mls.engine import new_game
    from firmware.board.table import OWED_MAX

    counts = []

    class Counting(SaveFile):
        def save(self, st, rng_x, count):
            SaveFile.save(self, st, rng_x, count)
            counts.append(count)

    path = "%s/pomme-test-order-setup.sav" % TMP
    save = Counting(path)
    save.abort()
    rig = Rig(new_game(board(), 6))   # the board rolls the whole setup at power-up
    rig.table.save = save
    rig.table.replace_game(new_game(board(), 6))
    assert rig.ctl.commits > 2 * OWED_MAX and not rig.table._owed
    assert counts[-1] == rig.ctl.commits
    assert all(b - a <= OWED_MAX for a, b in zip([0] + counts, counts))   # never more owed


def test_the_scan_after_a_commits_frame_is_one_period_later_and_the_save_follows_it():
    # Table.step by step: the step whose scan commits draws the frame and saves nothing; the
    # next step's scan runs first and, being quiet, the save follows it in the same step.
    from firmware.main_loop import SCAN_MS

    rig, path = _rig("period", scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    rig.lift(0, 0)
    j = Journal(rig)
    table = rig.table
    prompt = table.prompt

    def prompting():
        j.events.append("prompt")
        prompt()

    table.prompt = prompting
    tag = rig.rs.tag_of(0, 0)
    rig.sensors.put(rig.channel[32], tag)
    commits = rig.ctl.commits
    steps = 0
    while rig.ctl.commits == commits:     # the debouncer's scans, then the one that commits
        rig.now += SCAN_MS
        table.step(rig.now)
        steps += 1
        assert steps < 10
    assert "frame" in j.events and "save" not in j.events and table._owed
    assert j.events[-1] == "frame", j.events    # nothing after the frame: the prompt waits too
    committed_at = rig.now
    del j.events[:]
    rig.now += SCAN_MS
    table.step(rig.now)
    assert rig.now - committed_at == SCAN_MS
    assert j.events[:3] == ["scan", "save", "report"] and j.events[-1] == "prompt", j.events
    assert not table._owed
    _, _, count = SaveFile(path).load(board(), RULESET)
    assert count == rig.ctl.commits


def test_a_busy_table_keeps_the_save_waiting_until_a_quiet_scan():
    # A second piece lifted right after a commit: the scans that see it change are not quiet,
    # so the save waits (the decision is not reported), and comes at the first quiet one.
    from firmware.main_loop import SCAN_MS

    rig, path = _rig("busy", scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    rig.lift(0, 0)
    table = rig.table
    j = Journal(rig)
    rig.sensors.put(rig.channel[32], rig.rs.tag_of(0, 0))
    commits = rig.ctl.commits
    while rig.ctl.commits == commits:
        rig.now += SCAN_MS
        table.step(rig.now)
    rig.sensors.lift(rig.channel[0], rig.rs.tag_of(1, 0))   # another piece moves at once
    rig.now += SCAN_MS
    table.step(rig.now)
    assert not table.quiet and table._owed and "save" not in j.events and "report" not in j.events
    for _ in range(5):
        rig.now += SCAN_MS
        table.step(rig.now)
    assert "save" in j.events and not table._owed
    assert j.events.index("save") < j.events.index("report")
