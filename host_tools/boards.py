"""Loading board definitions and the rules engine on the host."""

import json
import os

from firmware.rules.board import Board

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def map_file(name):
    return os.path.join(ROOT, "hardware", "maps", name + ".json")


def load_map_json(name=None):
    """A board definition by map name ("mls") or by path; None: the default game's map."""
    if name is None:
        from firmware.rules import registry

        name = registry.load(registry.default()).map_name
    path = name if name.endswith(".json") else map_file(name)
    with open(path) as f:
        return json.load(f)


def load_board(name=None, ruleset=None):
    """The Board object a ruleset plays on (its map, built by its make_board)."""
    if ruleset is not None:
        return ruleset.make_board(load_map_json(ruleset.map_name))
    return Board(load_map_json(name))
