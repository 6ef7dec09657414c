# The page's games through the seam (firmware/hosts/web_games.py, the page_panel modules'
# layout() and panel()), on CPython and on the MicroPython unix port: every registered ruleset
# offered with its options, game names parsed as the host parses them, every space of each
# board file drawn, and the turn LED after the end.
import json

from firmware.board.render import PLAYER_COLOURS
from firmware.hosts import web_board, web_games
from firmware.rules import registry

from ...rules.support import repo_path

FORMS = (("mls", 2), ("mls+pits", 3), ("mls+pits+solo", 1), ("scythe", 3))


def _map(game):
    with open(repo_path(web_games.map_file(game)[1:])) as f:
        return f.read()


def test_the_player_counts_the_form_offers_are_the_game_s_with_its_options_together():
    # The Desolation: "1 player: 5 tiles"; an alliance needs 2; My Little Scythe's games of 1
    # are its solo words' (a seat for Automountie).
    pr = web_games.player_range
    assert json.loads(pr("scythe")) == [2, 5] and json.loads(pr("scythe+desolation")) == [1, 5]
    assert json.loads(pr("scythe+alliances+desolation")) == [2, 5]
    assert json.loads(pr("mls+pits")) == [2, 6] and json.loads(pr("mls+pits+solo")) == [1, 1]
    assert json.loads(pr("mls")) == [2, 6]


def test_every_registered_ruleset_is_offered_with_its_on_off_options_and_solo_words():
    games = json.loads(web_games.games())
    assert [g["name"] for g in games][0] == registry.default()
    assert sorted(g["name"] for g in games) == sorted(registry.names())
    for g in games:
        rs = registry.load(g["name"])
        assert g["players"] == list(rs.player_range({}))
        # (a module whose rules are not played yet gets no box: Scythe's unplayed Fenris modules)
        unplayed = rs.unplayed_options() if hasattr(rs, "unplayed_options") else ()
        # (nor an option that is a campaign episode's rules: the campaign panel starts those games)
        unplayed += getattr(rs, "campaign_options", ())
        assert all(k in rs.new_options for k in getattr(rs, "campaign_options", ()))
        on_off = sorted(k for k, v in rs.new_options.items()
                        if tuple(v) == (0, 1) and k != rs.solo_option and k != rs.deck_option
                        and k not in unplayed)
        assert "desolation" in on_off or g["name"] != "scythe"    # played since step 12
        assert "madtesla" in on_off or g["name"] != "scythe"      # played since step 11
        assert "tesla" in on_off or g["name"] != "scythe"         # played since step 10
        assert "search" not in on_off and "newera" not in on_off  # Episodes 7 and 8a: the campaign's
        assert "vesna" in on_off or g["name"] != "scythe"       # played since step 9
        assert [o[0] for o in g["options"]] == on_off
        assert [w for w, _ in g["solo"]] == [w for w, o, _ in rs.aliases if o == rs.solo_option]
        for word in [o[0] for o in g["options"]] + [w for w, _ in g["solo"]]:
            assert g["words"].get(word), "%s: no words for %s" % (g["name"], word)


def test_a_game_name_turns_on_its_options_and_a_solo_word_makes_one_player():
    rs, options, solo = web_games.parse("mls+pits+solo")
    # the page has no printed cards: the model deck unless the name says "printed"
    assert rs.name == "mls" and options == {"pits": [1], rs.solo_option: [0], "cards": [1]} and solo
    assert web_games.parse("mls+printed")[1] == {"cards": [0]}
    assert web_games.parse("scythe")[1:] == ({"cards": [1]}, False)   # Scythe's model deck too
    assert web_games.parse("scythe+printed")[1] == {"cards": [0]}
    assert web_games.parse("")[0].name == registry.default()
    for bad in ("mls+nope", "mls+kingdoms", "scythe+solo"):
        try:
            web_games.parse(bad)
        except ValueError:
            continue
        raise AssertionError("%s taken" % bad)
    b = web_board.start(_map("mls+pits+solo"), 1, 1, 2, "en", "mls+pits+solo")
    assert b.table.ctl.st.n_players() == 2 and json.loads(b.summary())["bots"] == 2


def test_each_ruleset_draws_every_space_of_its_board_file_and_a_tray_per_seat():
    for game, _ in FORMS:
        text = _map(game)
        lay = json.loads(web_games.layout(text, game))
        rs = web_games.parse(game)[0]
        board = rs.make_board(json.loads(text))
        assert [sp["id"] for sp in lay["spaces"]] == list(range(board.n_spaces))
        centres = set((sp["x"], sp["y"]) for sp in lay["spaces"])
        assert len(centres) == board.n_spaces, "two spaces drawn on one place"
        assert len(lay["trays"]) >= rs.players[1] or game.startswith("mls")
        kinds = set(k for k, _, _ in rs.pieces(rs.players[1]))
        assert kinds <= set(lay["pieces"]), "%s: pieces without a shape" % game


def test_scythe_draws_its_rivers_tunnels_encounters_factory_and_home_bases():
    text = _map("scythe")
    d = json.loads(text)
    lay = json.loads(web_games.layout(text, "scythe"))
    rivers = sum(1 for i in range(d["n_spaces"]) for k in range(6)
                 if d["edges"][6 * i + k] == "r" and d["adj"][6 * i + k] > i)
    assert rivers > 10 and len(lay["borders"]) == rivers
    marks = [sp["mark"] for sp in lay["spaces"]]
    assert sum(1 for i in d["encounters"] if marks[i]) == len(d["encounters"])
    assert all(marks[i] for i in d["tunnels"]) and marks[d["factory"]]
    for faction, x in d["home_bases"].items():
        assert lay["spaces"][x]["label"] == faction
    assert len(set(sp["fill"] for sp in lay["spaces"])) == len(set(d["terrain"]))


def test_the_panels_label_every_piece_and_list_every_spaces_tokens():
    for game, players in FORMS:
        b = web_board.start(_map(game), players, 1, 0, "en", game)
        for _ in range(30):
            b.step(10)
        s = json.loads(b.summary())
        assert len(s["tokens"]) == b.n_spaces and len(s["seats"]) == s["players"]
        for _, _, tag in s["pieces"]:
            assert s["labels"][tag], "%s: piece %d has no label" % (game, tag)


def test_after_the_end_the_turn_led_shows_the_winners_colour():
    seed = 1
    while True:   # a game that ends with the winner not the active player (else the check is void)
        b = web_board.start(_map("mls"), 2, seed, 3, "en", "mls")
        while not b.table.ctl.st.is_terminal():
            assert b.auto_fast(10 ** 6, 500)
        st = b.table.ctl.st
        if len(st.winners()) == 1 and st.winners()[0] != st.active_player():
            break
        seed += 1
    frame = b.step(10).split("|")[1]
    j = 6 * b.n_spaces   # the status LEDs follow the spaces: turn first
    c = st.winners()[0]
    assert frame[j:j + 6] == "%02x%02x%02x" % tuple(PLAYER_COLOURS[3 * c:3 * c + 3])


def test_the_bots_hand_moves_the_airship_automountie_flew():
    # Automountie's flight path moves the shared airship on her turn: no seat owns it, so the
    # hand of the seat whose turn it is puts it where the game says (her flight from the model
    # Automountie deck is a chance decision the board plays at once). Both seats bots: the solo
    # game plays to its end with no gesture left to a person, the page's airship where the game
    # has it.
    b = web_board.start(_map("mls+pits+solo"), 1, 1, 3, "en", "mls+pits+solo")
    ctl = b.table.ctl
    airship = [t for k, _, t in ctl.rs.game_pieces(ctl.st) if k == "airship"][0]
    while not ctl.st.is_terminal():
        assert b.auto_fast(10 ** 6, 1), "the bots' hands stopped: %s" % json.loads(b.summary())["kind"]
    b.auto_fast(10 ** 6, 5)   # the hands put back what the last decisions moved
    assert b.bench.where_tag(airship) == ctl.st.airship()
    # her flights, told again on the game's decisions: the check is not void
    rs, options, _ = web_games.parse("mls+pits+solo")
    st = rs.new_game(rs.make_board(json.loads(_map("mls+pits+solo"))), 1, options)
    flown = 0
    for a in json.loads(b.decisions()):
        if a < 0:
            continue
        her = st.current_player() == -1 and st.automountie(st.active_player()) or \
            st.current_player() >= 0 and st.automountie(st.current_player())
        where = st.airship()
        st.apply(a)
        flown += her and st.airship() != where
    assert flown, "Automountie never flew the airship: the check is void"
