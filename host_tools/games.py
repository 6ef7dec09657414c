"""Game names with options on the host's command line: `RULESET+OPTION[+OPTION...]` is the
ruleset RULESET with each named option of its `new` command turned on ({"OPTION": [1]}).
`mls+pits` is My Little Scythe with Pie in the Sky (docs/pie-in-the-sky.md). The simulated
board plays the ruleset; the host's `new` command (or the engine, for playouts) turns the
options on; a game log keeps the whole name, so its replay plays the same game.

A ruleset may name words that set an option to a value (Ruleset.aliases): My Little Scythe's
`solo` is a solo game against Automountie (Pie in the Sky: `mls+pits+solo`, her Trophy Dropper
side, {"automountie": [0]}) and `emp` the same on her EMP Device side ({"automountie": [1]});
a game with the ruleset's solo_option set has 1 player (players())."""

from firmware.rules import registry

from .text import t


def parse(game):
    """(ruleset, options) of a game name: "mls" -> (mls, {}), "mls+pits" -> (mls, {"pits": [1]}).
    ValueError (errors.UnknownRuleset for the ruleset) for an option the ruleset does not
    have, or one that is not an on/off option (a range 0..1)."""
    name, _, rest = game.partition("+")
    rs = registry.load(name)
    options = {}
    for opt in rest.split("+") if rest else ():
        alias = rs.aliases.get(opt)
        if alias is not None:
            options[alias[0]] = [alias[1]]
            continue
        if tuple(rs.new_options.get(opt) or ()) != (0, 1):
            on_off = [k for k, v in rs.new_options.items() if tuple(v) == (0, 1)]
            raise ValueError(t("games.no_option", opt, rs.name, ", ".join(sorted(on_off)) or "-"))
        options[opt] = [1]
    return rs, options


def players(rs, options, default):
    """The players of a new game of rs with these options: 1 in a solo game (its other seat
    is the rules' own: Automountie's), else `default`."""
    return 1 if rs.solo_option and rs.solo_option in options else default


def ruleset_name(game):
    """The ruleset part of a game name ("mls+pits" -> "mls")."""
    return game.partition("+")[0]
