"""Loading board definitions and the rules engine on the host."""

import json

from firmware.rules.board import Board

from . import resources


def map_file(name):
    """The board definition of map `name` (hardware/maps/NAME.json, checkout or package)."""
    return resources.path("hardware/maps/%s.json" % name)


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
