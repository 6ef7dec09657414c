"""Loading board definitions and the rules engine on the host."""

import json
import os

from firmware.rules.board import Board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MLS_MAP = os.path.join(ROOT, "hardware", "maps", "mls.json")


def load_map_json(path=MLS_MAP):
    with open(path) as f:
        return json.load(f)


def load_board(path=MLS_MAP):
    return Board(load_map_json(path))
