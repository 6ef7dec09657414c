# The bench (firmware/bench.py) with the shipped board definition and a save file.
import json

from firmware.bench import Bench
from firmware.rng import Rng
from firmware.storage import SaveFile
from tests.rules.support import repo_path

_DEF = None


def board_def():
    global _DEF
    if _DEF is None:
        with open(repo_path("hardware/maps/mls.json")) as f:
            _DEF = json.load(f)
    return _DEF


class Rig(Bench):
    def __init__(self, st, seed=1, save_path=None, table_dice=False, scans=3, settle_ms=600):
        save = SaveFile(save_path) if save_path else None
        Bench.__init__(self, board_def(), st, Rng(seed), save, table_dice, scans, settle_ms)
