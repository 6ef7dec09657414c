# Starting the board: resume, a corrupt save kept aside with a fresh start, abort on
# purpose, the players menu, safe mode at boot, the self-test, and the main loop with its
# watchdog fed only while the tasks make progress.
import os

from firmware import app, bootstate
from firmware.board import selftest
from firmware.hal.mock import MockDial, MockLeds, MockSensors
from firmware.rng import Rng
from firmware.rules.mls.codes import A_MOVE
from firmware.board.storage import SaveFile
from tests.fakes import machine

from ..rules.support import CAMP, board, scenario
from .rig import Rig, board_def

TMP = os.getenv("TMPDIR") or "/tmp"


def _save(name):
    s = SaveFile("%s/pomme-start-%s.sav" % (TMP, name))
    s.abort()
    for p in (s.path + ".bad",):
        try:
            os.remove(p)
        except OSError:
            pass
    return s


def test_a_saved_game_is_resumed_with_its_dice():
    save = _save("resume")
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), save_path=save.path)
    rig.choose(0, A_MOVE)
    msgs = []
    rng = Rng(99)
    st, count = app.open_game(board(), save, 4, rng, out=msgs.append)
    assert bytes(st.s) == bytes(rig.st.s) and count == rig.ctl.commits
    assert rng.x == rig.table.rng.x and "Resuming" in msgs[0]


def test_a_corrupt_save_is_kept_aside_and_a_new_game_starts():
    save = _save("corrupt")
    with open(save.path, "wb") as f:
        f.write(b"PBSV garbage")
    msgs = []
    st, count = app.open_game(board(), save, 3, Rng(1), out=msgs.append)
    assert st.n_players() == 3 and count == 0
    assert "cannot be used" in msgs[0] and ".bad" in msgs[0]
    with open(save.path + ".bad", "rb") as f:
        assert f.read() == b"PBSV garbage"       # nothing is lost


def test_a_saved_game_can_be_aborted():
    save = _save("abort")
    Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}), save_path=save.path).choose(0, A_MOVE)
    msgs = []
    st, count = app.open_game(board(), save, 5, Rng(1), abort=True, out=msgs.append)
    assert st.n_players() == 5 and count == 0 and "aborted" in msgs[0]


def test_the_players_menu_takes_two_to_six_on_the_dial():
    dial = MockDial()
    dial.turn(3)
    shown = []

    def wait(ms):
        dial.down = True

    assert app.choose_players(dial, wait, shown.append) == 5
    assert shown[-1] == 5


def test_the_bot_seats_menu_gives_the_last_seats_to_the_board_bot():
    dial = MockDial()
    dial.down = True          # still held from the players menu
    steps = []

    def wait(ms):
        steps.append(ms)
        if len(steps) == 1:
            dial.down = False     # released: the bot menu starts from here
        elif len(steps) == 2:
            dial.turn(2)
        elif len(steps) == 3:
            dial.down = True

    shown = []
    assert app.choose_bots(dial, wait, shown.append, 4) == 0b1100   # seats 3 and 4
    assert shown == [0, 2, 2]
    dial = MockDial()

    def push(ms):
        dial.down = True

    assert app.choose_bots(dial, push, shown.append, 4) == 0   # no turn: no bot


def test_holding_the_safe_button_at_power_up_skips_the_game():
    def pinmap(path):
        return {"buttons": {"safe": 27}}

    machine.Pin.registry.clear()
    real_init = machine.Pin.__init__

    def held(self, n, mode=0, pull=None, value=None):
        real_init(self, n, mode, pull, value)
        self.v = 0 if n == 27 else 1

    machine.Pin.__init__ = held
    try:
        assert bootstate.check(machine, "rp2", pinmap) is True
    finally:
        machine.Pin.__init__ = real_init
    assert bootstate.check(machine, "rp2", pinmap) is False
    assert bootstate.check(machine, "linux", pinmap) is False


def test_self_test_lights_each_space_alone_and_reports_each_sensor():
    d = board_def()
    sensors = MockSensors(37)
    sensors.put(d["spaces"][5]["sensor"], 0)     # both Seekers of player 0
    sensors.put(d["spaces"][5]["sensor"], 1)
    sensors.stuck(d["spaces"][9]["sensor"])
    leds = MockLeds(41)
    shown = []

    class Spy:
        def show(self, frame):
            shown.append(bytes(frame))
            leds.show(frame)

    lines = []
    readings = selftest.run(d, sensors, Spy(), lambda ms: None, lines.append, 41)
    assert len(lines) == 38 and "tags 0 1" in lines[5] and "UNREADABLE" in lines[9]
    assert readings[5] == (0, 1) and readings[9] is None and readings[0] == ()
    for sp, frame in zip(d["spaces"], shown):
        lit = [i // 3 for i in range(len(frame)) if frame[i]]
        assert lit == [sp["led"]] * 3            # only that space's LED
    assert not any(shown[-1])                    # all off at the end


def test_self_test_shows_pass_or_fail_on_each_space_led():
    d = board_def()
    sensors = MockSensors(37)
    sensors.stuck(d["spaces"][9]["sensor"])
    shown = []

    class Spy:
        def show(self, frame):
            shown.append(bytes(frame))

    lines = []
    verdicts = []
    selftest.run(d, sensors, Spy(), lambda ms: None, lines.append, 41, verdicts=verdicts)
    assert verdicts[9] == selftest.FAIL and verdicts.count(selftest.PASS) == 36
    assert "FAIL" in lines[9] and "PASS" in lines[0]
    assert lines[-1] == "Self-test: 36 of 37 spaces pass; red spaces failed."
    result = shown[-2]                           # the verdicts, before all goes off
    for sp in d["spaces"]:
        rgb = tuple(result[3 * sp["led"]:3 * sp["led"] + 3])
        assert rgb == ((60, 0, 0) if sp["id"] == d["spaces"][9]["id"] else (0, 60, 0))


def _run_loop(table, wdt, ms):
    from firmware.main_loop import asyncio, run_for

    asyncio.run(run_for(table, wdt, ms))


def test_the_main_loop_scans_renders_and_feeds_the_watchdog():
    from firmware.main_loop import WATCHDOG_MS

    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}))
    table = rig.table
    scans, renders = table.scans, table.renders
    wdt = machine.WDT()
    _run_loop(table, wdt, 2 * WATCHDOG_MS + 300)
    assert table.scans - scans > 50 and table.renders - renders > 20
    assert wdt.feeds >= 1


def test_a_stalled_task_starves_the_watchdog():
    from firmware.main_loop import WATCHDOG_MS

    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}))
    table = rig.table
    table.render = lambda now: None  # pyright: ignore  (the render task is stuck: no frames)
    wdt = machine.WDT()
    _run_loop(table, wdt, 2 * WATCHDOG_MS + 300)
    assert wdt.feeds == 0


def test_the_self_test_runs_before_start_up_needs_the_reader():
    # A board whose reader cannot be set up (here: a pin map naming no known chip) still
    # runs the self-test on its LEDs and hall switches when undo is held; without undo,
    # start-up stops for the reader.
    import json
    import sys

    from firmware.hal.tag_reader import ReaderNotConfigured
    from tests.fakes import neopixel

    from ..rules.support import repo_path

    with open(repo_path("hardware/boards/pico.json")) as f:
        pm = json.load(f)
    pm["sensors"]["reader"]["chip"] = "pn532"   # no driver ("none" is a board without readers)
    path = "%s/pomme-start-pins.json" % TMP
    with open(path, "w") as f:
        json.dump(pm, f)
    undo = pm["buttons"]["undo"]
    held = []
    saved_modules = {k: sys.modules.get(k) for k in ("machine", "neopixel")}  # (and time, below)
    saved = (bootstate.pinmap_path, selftest.run, machine.Pin.__init__)
    real_init = machine.Pin.__init__
    calls = []

    def pin_init(self, n, mode=0, pull=None, value=None):
        real_init(self, n, mode, pull, value)
        if n == undo and held:
            self.v = 0

    def fake_run(board_def, sensors, leds, *args, **kw):
        calls.append(sensors)

    import time

    class BoardTime:                     # CPython's time has no sleep_ms (MicroPython's has)
        sleep_ms = staticmethod(getattr(time, "sleep_ms", lambda ms: None))

    saved_modules["time"] = time
    sys.modules["machine"] = machine
    sys.modules["neopixel"] = neopixel
    sys.modules["time"] = BoardTime   # pyright: ignore
    bootstate.pinmap_path = lambda platform=None: path   # pyright: ignore
    selftest.run = fake_run   # pyright: ignore
    machine.Pin.__init__ = pin_init
    try:
        held.append(True)
        app.main()
        assert len(calls) == 1 and calls[0].reader is None and calls[0].n == 43
        held.clear()
        try:
            app.main()
            raise AssertionError("start-up went on without a reader")
        except ReaderNotConfigured as e:
            assert "mfrc522" in str(e)
        assert len(calls) == 1
    finally:
        bootstate.pinmap_path, selftest.run, machine.Pin.__init__ = saved
        for k, v in saved_modules.items():
            if v is None:
                sys.modules.pop(k, None)
            else:
                sys.modules[k] = v


def test_the_part_of_the_map_a_board_keeps_builds_the_same_table():
    # A board keeps only table_def(map) once its rules board is built (firmware/app.py,
    # sim_board.py): the table built from it must sense, light and save the same.
    from firmware.hosts.bench import Bench
    from firmware.board.table import table_def

    full = board_def()
    kept = table_def(full)
    n, sensor, led = kept["wiring"]   # the spaces, then the sensed camps: their channels and LEDs
    assert n == len(full["spaces"]) and len(sensor) == len(led) == n + 6
    assert list(sensor[:n]) == [sp["sensor"] for sp in full["spaces"]]
    assert list(led[n:]) == [c["led"] for c in full["camps"] if "sensor" in c]
    a = Bench(full, scenario(seekers={0: (CAMP, 5), 1: (CAMP, CAMP)}), Rng(1))
    b = Bench(kept, scenario(seekers={0: (CAMP, 5), 1: (CAMP, CAMP)}), Rng(1))
    ta, tb = a.table, b.table
    assert ta.channel_of_space == tb.channel_of_space and ta.n_channels == tb.n_channels == 43
    assert bytes(ta.renderer.led_of_space) == bytes(tb.renderer.led_of_space)
    assert bytes(ta.renderer.frame) == bytes(tb.renderer.frame)
    assert bytes(a.sensors.pos) == bytes(b.sensors.pos)


def test_a_saved_pie_in_the_sky_game_resumes_on_the_board():
    # The board plays the expansion's decision kinds: its save resumes like a base game's.
    from firmware.rules.mls.ruleset import RULESET

    s = _save("pits")
    st = RULESET.new_game(board(), 2, {"pits": [1]})
    s.save(st, 1, 0)
    out = []
    got, count = app.open_game(board(), s, 2, Rng(2), out=out.append, ruleset=RULESET)
    assert out[0].startswith("Resuming") and got.s[147] == 1 and got.to_bytes() == st.to_bytes()
    assert s.exists() and not SaveFile(s.path + ".bad").exists()
