"""Game names with options on the host's command line: `RULESET+OPTION[+OPTION...]` is the
ruleset RULESET with each named option of its `new` command turned on ({"OPTION": [1]}).
`mls+pits` is My Little Scythe with Pie in the Sky (docs/pie-in-the-sky.md). The simulated
board plays the ruleset; the host's `new` command (or the engine, for playouts) turns the
options on; a game log keeps the whole name, so its replay plays the same game.

A ruleset may name words that set an option to a value (Ruleset.aliases): My Little Scythe's
`solo` is a solo game against Automountie (Pie in the Sky: `mls+pits+solo`, her Trophy Dropper
side, {"automountie": [0]}) and `emp` the same on her EMP Device side ({"automountie": [1]});
a game with the ruleset's solo_option set has 1 player (players()).

A name that is no game is refused with every name there is (forms(): each ruleset's on/off
options in every combination its rules accept, and the solo games), and --players's help
gives each ruleset's player counts (player_ranges()): both from the rulesets themselves, a
plugged one too."""

from firmware.rules import registry

from .text import t


def parse(game):
    """(ruleset, options) of a game name: "mls" -> (mls, {"cards": [1]}), "mls+pits" -> (mls,
    {"pits": [1], "cards": [1]}): the host plays cards whose text is unknown from the model deck
    (Ruleset.deck_option) unless the name says "printed" ("mls+printed": read at the table).
    ValueError, naming every game there is (described()), for a ruleset that is not here, an
    option the ruleset does not have, one that is not an on/off option (a range 0..1), or a
    solo game of a ruleset without one."""
    from firmware.rules.errors import UnknownRuleset

    name, _, rest = game.partition("+")
    try:
        rs = registry.load(name)
    except UnknownRuleset:
        raise ValueError(t("games.unknown", name, described())) from None
    options = {}
    for opt in rest.split("+") if rest else ():
        alias = _alias(rs, opt)
        if alias is not None:
            options[alias[0]] = [alias[1]]
            continue
        if opt in _solo_words():   # a solo word of another ruleset: this one has no solo game
            raise ValueError(t("games.no_solo", rs.title, described(solo_only=True)))
        if tuple(rs.new_options.get(opt) or ()) != (0, 1):
            raise ValueError(t("games.no_option", opt, rs.name, described()))
        options[opt] = [1]
    if rs.deck_option and rs.deck_option not in options:
        options[rs.deck_option] = [1]   # the laptop has no printed cards: the model deck
    return rs, options


def _alias(rs, word):
    """(option, value) the word sets in a game of rs (Ruleset.aliases), or None."""
    for w, option, value in rs.aliases:
        if w == word:
            return option, value
    return None


def _solo_words():
    """The words that make a solo game, of every ruleset."""
    out = set()
    for name in registry.names():
        rs = registry.load(name)
        out.update(w for w, option, _ in rs.aliases if option == rs.solo_option)
    return out


def _on_off(rs):
    """The ruleset's on/off options that a game name turns on (not its solo option)."""
    return [k for k, v in rs.new_options.items()
            if tuple(v) == (0, 1) and k != rs.solo_option and k != rs.deck_option]


def _combinations(names):
    """Every combination of `names`, in their order (each alone when there are many)."""
    if len(names) > 4:
        return [()] + [(n,) for n in names]
    out = [()]
    for n in names:
        out += [c + (n,) for c in out]
    return sorted(out, key=len)


def forms():
    """(games, solos): every game name the host takes, as the rules take them. games: each
    ruleset's name and the combinations of its on/off options a new game accepts ("mls",
    "mls+pits", "mls+pits+mats"; not "mls+mats": mats need pits); solos: those with a solo
    game against Automountie ("mls+pits+solo"). Each is tried with a new game in this process
    (said after an error only: it loads every ruleset's board)."""
    from firmware.rules.errors import RulesError

    from .boards import load_board

    def accepted(rs, board, players, options):
        try:
            rs.new_game(board, players, options)
            return True
        except RulesError:
            return False

    games, solos = [], []
    for name in registry.names():
        rs = registry.load(name)
        try:
            board = load_board(ruleset=rs)
        except (OSError, ValueError):   # no board to try it on: its plain name only
            games.append(name)
            continue
        for combo in _combinations(_on_off(rs)):
            options = {k: [1] for k in combo}
            game = "+".join((name,) + combo)
            lo, hi = rs.player_range(options)
            if accepted(rs, board, min(max(lo, 2), hi), options):
                games.append(game)
            solo = [(w, value) for w, option, value in rs.aliases if option == rs.solo_option]
            if solo and accepted(rs, board, 1, dict(options, **{rs.solo_option: [solo[0][1]]})):
                solos.append(game + "+" + solo[0][0])
    return games, solos


def described(solo_only=False):
    """forms() in words, for an error: "mls, mls+pits, ...; solo against Automountie: ..."."""
    games, solos = forms()
    solo = t("games.solos", ", ".join(solos)) if solos else t("games.no_solos")
    return solo if solo_only else ", ".join(games) + "; " + solo


def player_ranges():
    """The player counts of every ruleset, through the seam (player_range), for --players's
    help: "My Little Scythe 2 to 6 (mls+pits: 1 to 6), Scythe 2 to 5"."""
    parts = []
    for name in registry.names():
        rs = registry.load(name)
        base = tuple(rs.player_range({}))
        extra = [t("games.range_with", name + "+" + opt, *rs.player_range({opt: [1]}))
                 for opt in _on_off(rs) if tuple(rs.player_range({opt: [1]})) != base]
        parts.append(t("games.range", rs.title, *base) + (" (%s)" % ", ".join(extra) if extra else ""))
    return ", ".join(parts)


def players(rs, options, default):
    """The players of a new game of rs with these options: 1 in a solo game (its other seat
    is the rules' own: Automountie's), else `default`."""
    return 1 if rs.solo_option and rs.solo_option in options else default


def ruleset_name(game):
    """The ruleset part of a game name ("mls+pits" -> "mls")."""
    return game.partition("+")[0]


def title(game):
    """A game name in words: the ruleset's title and its options' words, as the page's
    new-game form says them ("My Little Scythe, Pie in the Sky, solo against Automountie
    (Trophy Dropper)" for mls+pits+solo)."""
    from firmware.hosts.web_games import option_words

    rs = registry.load(ruleset_name(game))
    words = option_words(rs)
    return ", ".join([rs.title] + [words.get(w, w) for w in game.split("+")[1:]])
