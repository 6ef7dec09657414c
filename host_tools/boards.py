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
    """The Board object a ruleset plays on (its map, built by its make_board). The ruleset's
    host view may speed its engine up on the laptop (a speed_up() function: memoised pure
    functions; the games stay the same, a board never runs it): done here, once."""
    if ruleset is not None:
        speed_up(ruleset)
        return ruleset.make_board(load_map_json(ruleset.map_name))
    return Board(load_map_json(name))


_sped_up = set()


def speed_up(ruleset):
    """Call the ruleset's host view's speed_up() once (if it has one)."""
    if ruleset.name in _sped_up or not ruleset.host_view:
        return
    _sped_up.add(ruleset.name)
    import importlib

    fn = getattr(importlib.import_module(ruleset.host_view), "speed_up", None)
    if fn is not None:
        fn()
