# Runs under the MicroPython unix port (time.sleep_ms) for tests/host/test_power_cut.py:
# pyright: reportAttributeAccessIssue=false
#   power_cut_runner.py play SAVE SEED   play a 3-player bot game at the table (gestures
#                                          only), resuming from SAVE if it exists; print
#                                          "saved N HASH" after each save is on disk
#   power_cut_runner.py check SAVE       print "loaded N HASH" for the game in SAVE
import json
import sys
import time

from firmware.hosts.bench import Bench
from firmware.bots import RandomBot
from firmware.rules.mls.bot import nudge
from firmware.rng import Rng
from firmware.rules.board import Board
from firmware.rules.mls.ruleset import RULESET
from firmware.board.storage import SaveFile
from tests.rules.support import started


class ReportingSave(SaveFile):
    pace = 0

    def save(self, st, rng_x, count):
        SaveFile.save(self, st, rng_x, count)
        print("saved %d %08x" % (count, st.hash()))
        if self.pace:
            time.sleep_ms(self.pace)   # let the test's kill land anywhere in the game


def main(argv):
    with open("hardware/maps/mls.json") as f:
        board_def = json.load(f)
    board = Board(board_def)
    save = ReportingSave(argv[2])
    save.pace = int(argv[4]) if len(argv) > 4 else 0
    if argv[1] == "check":
        st, _, count = save.load(board, RULESET)
        print("loaded %d %08x" % (count, st.hash()))
        return
    seed = int(argv[3])
    rng = Rng(seed)
    count = 0
    if save.exists():
        st, x, count = save.load(board, RULESET)
        rng.x = x
        print("resumed %d %08x" % (count, st.hash()))
    else:
        st = started(3)
    bench = Bench(board_def, st, rng, save, commits=count)
    bot_rng = Rng(seed * 7919 + count)
    bot = RandomBot(bot_rng, nudge)
    for _ in range(3000):
        if bench.st.is_terminal():
            break
        bench.bot_turn(bot, bot_rng)
    print("done %d" % bench.ctl.commits)


main(sys.argv)
