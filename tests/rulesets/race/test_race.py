# The race plugs in through the ruleset seam and runs through the rules API, the controller
# (gestures on the mock board), the serial link, `pomme sim` and the HIL suite.
import os
import re
import subprocess
import sys

from firmware.app import find_map
from firmware.hosts.bench import Bench
from firmware.bots import RandomBot, play_game
from firmware.board.light_codes import L_DEST, L_ORIGIN, L_WRONG
from firmware.rng import Rng
from firmware.rules import registry

from . import K_RUN, K_SPEED, RULESET

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
registry.plug("tests.rulesets.race")


def _game(players=2):
    board = RULESET.make_board(find_map(RULESET.map_name))
    st = RULESET.new_game(board, players)
    st.apply(0)   # chance: player 0 starts
    return st


def test_the_registry_finds_the_plugged_ruleset_by_name_and_by_id():
    assert registry.load("race") is RULESET and registry.load(250) is RULESET
    st = _game()
    assert registry.of_game(st) is RULESET
    assert RULESET.from_bytes(st.board, st.to_bytes()).hash() == st.hash()


def test_a_runner_moves_at_most_its_speed_and_the_first_on_the_goal_wins():
    st = _game(3)
    assert st.decision() == K_SPEED and st.legal_actions() == [1, 2]
    st.apply(1)
    one = st.legal_actions()
    assert one == sorted(st.board.neighbours(0))
    st.undo()
    st.apply(2)
    assert set(one) < set(st.legal_actions()) and 0 not in st.legal_actions()
    rng = Rng(3)
    play_game(st, [RandomBot(rng) for _ in range(3)], rng)
    (w,) = st.winners()
    assert st.runner(w) == st.goal()
    assert all(st.runner(p) != st.goal() for p in range(3) if p != w)


def test_lifting_a_runner_lights_its_legal_spaces_and_a_wrong_placement_changes_nothing():
    st = _game()
    bench = Bench(find_map("mls"), st, Rng(1))
    assert bench.sensors.tags(bench.channel[0]) == (0, 1)   # both runners stacked on space 0
    bench.choose(0, 1)                                        # speed 1
    assert st.decision() == K_RUN
    bench.lift(0, 0)
    assert bench.lit(L_ORIGIN) == [0] and bench.lit(L_DEST) == st.legal_actions()
    far = [x for x in range(st.board.n_spaces) if x not in st.legal_actions() and x != 0][0]
    before = bytes(st.s)
    bench.place(0, 0, far)
    assert bench.lit(L_WRONG) == [far] and bytes(st.s) == before
    bench.lift(0, 0)
    dest = st.legal_actions()[-1]
    bench.place(0, 0, dest)
    assert st.runner(0) == dest and st.decision() == K_SPEED and st.active_player() == 1


def test_a_bot_plays_a_whole_race_through_gestures_only():
    st = _game(4)
    bench = Bench(find_map("mls"), RULESET.new_game(st.board, 4), Rng(2))
    bench.ctl.play_chance()
    bot = RandomBot(Rng(5))
    for _ in range(2000):
        if bench.st.is_terminal():
            break
        bench.bot_turn(bot, Rng(6))
    assert bench.st.is_terminal() and bench.st.runner(bench.st.winners()[0]) == bench.st.goal()


def test_pomme_sim_plays_a_race_over_the_serial_protocol_to_its_winner():
    r = subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "--plugin", "tests.rulesets.race", "sim", "--game", "race",
         "--bots", "3", "--seed", "4"],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert "Race (test ruleset), 3 players" in r.stdout
    assert "The winner is: seat" in r.stdout


def test_the_hil_suite_passes_against_a_simulated_race_board():
    r = subprocess.run(
        [sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "tests/hil", "--game", "race",
         "--plugin", "tests.rulesets.race"],
        cwd=ROOT, capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-2000:]
    passed = re.search(r"(\d+) passed", r.stdout)
    assert passed and int(passed.group(1)) >= 8 and " failed" not in r.stdout, r.stdout[-2000:]
