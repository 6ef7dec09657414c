# The bench (firmware/bench.py) with the shipped board definition and a save file.
from firmware.bench import Bench
from firmware.rng import Rng
from firmware.storage import SaveFile
from tests.rules.support import map_def


def board_def():
    """The shipped map, found beside the test suite (tests.rules.support.repo_path), not
    in the working folder."""
    return map_def()


class Rig(Bench):
    def __init__(self, st, seed=1, save_path=None, table_dice=False, scans=3, settle_ms=600):
        save = SaveFile(save_path) if save_path else None
        Bench.__init__(self, board_def(), st, Rng(seed), save, table_dice, scans, settle_ms)
