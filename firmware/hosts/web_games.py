# The page's games (docs/web.md): every ruleset the registry has, with the options of its
# `new` command, named as the host names them (`mls+pits+solo`: host_tools/games.py's grammar),
# and what the page draws of each, all through the ruleset seam: the map file (map_name), the
# drawing of its spaces, trays and pieces (the ruleset's page_panel module's layout()), the
# panels (its panel(st)). The page's scripts name no game (tests/host/test_layering.py).
import json

from firmware.rules import registry


def parse(game):
    """(ruleset, options, solo) of a game name: "scythe" -> (Scythe, {}, False),
    "mls+pits+solo" -> (MyLittleScythe, {"pits": [1], "automountie": [0]}, True). ValueError
    for a word that is no on/off option nor alias of the ruleset."""
    parts = (game or registry.default()).split("+")
    rs = registry.load(parts[0])
    options = {}
    for word in parts[1:]:
        hit = None
        for w, option, value in rs.aliases:
            if w == word:
                hit = (option, value)
        if hit is not None:
            options[hit[0]] = [hit[1]]
        elif tuple(rs.new_options.get(word) or ()) == (0, 1):
            options[word] = [1]
        else:
            raise ValueError("%s has no option %s" % (rs.name, word))
    if rs.deck_option and rs.deck_option not in options:
        options[rs.deck_option] = [1]   # the page has no printed cards: the model deck
    return rs, options, bool(rs.solo_option and rs.solo_option in options)


def player_range(game):
    """[lo, hi]: the players a game name takes, its options together (scythe+desolation: 1 to
    5; with alliances too: 2 to 5); a ruleset with solo words plays its games of 1 through them
    (mls+pits: 2 to 6, mls+pits+solo: 1), JSON."""
    rs, options, solo = parse(game)
    if solo:
        return "[1, 1]"
    lo, hi = rs.player_range(options)
    if rs.solo_option:
        lo = max(lo, 2)
    return json.dumps([lo, hi])


def games():
    """Every ruleset for the new-game form, JSON: [{name, title, players: [lo, hi], options:
    [[option, [lo, hi] with it on]], solo: [[word, [lo, hi]]]}], the default first."""
    out = []
    names = registry.names()
    d = registry.default()
    for n in [d] + [x for x in names if x != d]:
        rs = registry.load(n)
        opts = []
        unplayed = rs.unplayed_options() if hasattr(rs, "unplayed_options") else ()
        unplayed += getattr(rs, "campaign_options", ())   # an episode's rules: the campaign panel's
        for k in sorted(rs.new_options):
            if (tuple(rs.new_options[k]) == (0, 1) and k != rs.solo_option and k != rs.deck_option
                    and k not in unplayed):
                opts.append([k, list(rs.player_range({k: [1]}))])
        solo = [[w, value] for w, option, value in rs.aliases if option == rs.solo_option]
        out.append({"name": rs.name, "title": rs.title, "players": list(rs.player_range({})),
                    "options": opts, "solo": solo, "words": option_words(rs)})
    return json.dumps(out)


def option_words(rs):
    """The form's words for the ruleset's options and solo words (its page_panel module's
    OPTION_WORDS in the language in use; else the words themselves)."""
    from firmware.text import language

    mod = registry.module(rs.page_panel) if rs.page_panel else None
    words = getattr(mod, "OPTION_WORDS", {}) if mod else {}
    return words.get(language(), words.get("en", {}))


_seats = {}


def seats(game, players):
    """The seats a new game of `game` for `players` has (a solo game: the rules' own seat too)."""
    key = (game, players)
    if key not in _seats:
        rs, options, _ = parse(game)
        with open(map_file(game)) as f:
            board = rs.make_board(json.load(f))
        _seats[key] = rs.new_game(board, players, options).n_players()
    return _seats[key]


def default_game():
    """The game the page plays when its address names none (firmware/rules/registry.py)."""
    return registry.default()


def ruleset_name(game):
    """The ruleset a game name plays ("mls+pits" -> "mls"), as the registry knows it."""
    return parse(game)[0].name


def map_file(game=""):
    """The page's path of the board definition `game` plays on (its ruleset's map_name)."""
    return "/hardware/maps/%s.json" % parse(game)[0].map_name


def layout(map_json, game=""):
    """What the page draws of the ruleset's board, JSON (the page_panel module's layout(def)):
    spaces (id, x, y, fill, mark, label), borders, trays, pieces' shapes, tokens' looks."""
    rs = parse(game)[0]
    board_def = json.loads(map_json)
    if rs.page_panel:
        mod = registry.module(rs.page_panel)
        if hasattr(mod, "layout"):
            return json.dumps(mod.layout(board_def))
    return json.dumps(plain_layout(board_def))


def plain_layout(board_def):
    """A ruleset without a layout of its own: its spaces in a row of hexes, numbered."""
    spaces = []
    for i, sp in enumerate(board_def.get("spaces", ())):
        spaces.append({"id": sp.get("id", i), "x": 80 * (i % 10), "y": 70 * (i // 10), "fill": "#ddd",
                       "mark": "", "label": str(sp.get("id", i))})
    return {"hex": 40, "spaces": spaces, "borders": [], "trays": [], "pieces": {}, "tokens": {},
            "slots": [[-12, 0], [12, 0], [-12, 18], [12, 18]], "tray_for": "seat"}


def panels(rs, st, out):
    """The page's panels: what the ruleset shows of the game (its page_panel module's panel(st),
    named through the seam: seats, tokens per space, pieces' labels), else the seats only."""
    if rs.page_panel:
        out.update(registry.module(rs.page_panel).panel(st))
    else:
        out["seats"] = [{"name": "", "lines": [], "tray": p} for p in range(st.n_players())]
    return out


def view(map_json, state_hex, game=""):
    """A real board's game from its snapshot (docs/protocol.md: the state's hex) in the summary's
    shape, for the page's mirror: the pieces where the game puts them (a snapshot carries no
    sensed position). The same rules engine decodes it (Ruleset.from_bytes); `game` is the
    ruleset the board names in its hello (caps.ruleset)."""
    import binascii

    from firmware.rules.ruleset import OFF_BOARD
    from firmware.text import name

    rs = registry.load(game or registry.default())
    board = rs.make_board(json.loads(map_json))
    st = rs.from_bytes(board, binascii.unhexlify(state_hex))
    n = st.n_players()
    at = bytearray(rs.game_tags(st))
    for t in range(len(at)):
        at[t] = OFF_BOARD
    rs.expected(st, at)
    kind = st.decision()
    out = {"players": n, "hash": st.public_hash(), "decision": kind, "kind": name("kind", kind),
           "entry": rs.entry[kind], "player": st.current_player(), "active": st.active_player(),
           "over": st.is_terminal(), "winners": list(st.winners()),
           "tags": [-1 if x == OFF_BOARD else x for x in at],
           "expected": [-1 if x == OFF_BOARD else x for x in at],
           "pieces": [[k, o, t] for k, o, t in rs.game_pieces(st)],
           "legal": [] if st.is_terminal() else list(st.legal_actions())}
    return json.dumps(panels(rs, st, out))
