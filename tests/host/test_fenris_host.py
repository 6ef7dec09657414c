# The Rise of Fenris on the host (docs/fenris.md section 2, step 1): a game name turns modules on
# (`scythe+war+rivals`, host_tools/games.py and the page's firmware/hosts/web_games.py), the page's
# form names every module in English and Spanish, and `pomme playout` says why a combination is
# refused.
import os
import subprocess
import sys

from firmware.hosts import web_games
from firmware.rules.scythe import content as C
from firmware.rules.scythe import panel
from host_tools import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_game_name_turns_modules_on():
    rs, options = games.parse("scythe+war")
    assert rs.name == "scythe" and options == {"war": [1], "cards": [1]}
    assert games.parse("scythe+war+rivals+printed")[1] == {"war": [1], "rivals": [1], "cards": [0]}
    assert web_games.parse("scythe+peace+alliances")[1] == {"peace": [1], "alliances": [1], "cards": [1]}
    for word in C.MODULES:
        assert games.parse("scythe+" + word)[1][word] == [1]


def test_the_page_names_every_module_in_english_and_spanish():
    for lang in ("en", "es"):
        assert sorted(panel.OPTION_WORDS[lang]) == sorted(C.MODULES), lang
        assert all(panel.OPTION_WORDS[lang].values())


def test_pomme_playout_says_why_a_combination_is_refused():
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "playout", "--game", "scythe+rivals+peace",
                        "--players", "3", "--games", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode != 0
    assert "Rivals is incompatible with the Peace Triumph Track" in r.stdout + r.stderr, r.stderr[-2000:]


def test_the_page_and_the_host_view_show_the_war_track():
    # War Triumph Track: "Place a star for 6 Upgrades OR 4 Structures"; "up to 4 combat stars";
    # "8 Combat Cards in your hand at the end of your turn".
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.common import po
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import NORDIC, POLANIA, started

    st = started((NORDIC, POLANIA), mods=C.MOD_WAR)
    st.s[po(0) + L.P_STARS] = 1 | 16     # upgrades or structures, 8 combat cards
    st.s[po(0) + L.P_COMBAT_STARS] = 3
    line = "War Triumph Track: upgrades or structures, 8 combat cards; combat 3/4; objective 0/1"
    assert panel.track_line(st, 0) == line and panel.panel(st)["seats"][0]["lines"][-1] == line
    assert "    " + line in view.seat_lines(st)
    set_language("es")
    try:
        assert panel.track_line(st, 0).startswith("Marcador de Triunfos de la Guerra: mejoras o estructuras")
    finally:
        set_language("en")
    base = started()
    assert panel.track_line(base, 0) == "" and len(view.seat_lines(base)) == 2   # the base game as before


def test_the_page_and_the_host_view_show_the_peace_track():
    # Peace Triumph Track: "No stars are placed for combat victories" (no combat count shown);
    # "stars for 2 Objectives"; "Place a star for claiming 3 encounter tokens" (the count shown).
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.common import po
    from firmware.rules.scythe.fenris import f0
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import NORDIC, POLANIA, started

    st = started((NORDIC, POLANIA), mods=C.MOD_PEACE)
    st.s[po(0) + L.P_STARS] = 1 | 32     # mechs or recruits, 13 popularity
    st.s[po(0) + L.P_OBJ_STARS] = 1
    st.s[f0(st) + L.F_ENC] = 0x12        # player 0: 2 encounters, player 1: 1
    line = "Peace Triumph Track: mechs or recruits, 13 popularity; objective 1/2; encounters 2/3"
    assert panel.track_line(st, 0) == line and panel.panel(st)["seats"][0]["lines"][-1] == line
    assert panel.track_line(st, 1) == "Peace Triumph Track: -; objective 0/2; encounters 1/3"
    assert "    " + line in view.seat_lines(st)
    set_language("es")
    try:
        assert panel.track_line(st, 0) == ("Marcador de Triunfos de la Paz: mecas o reclutas,"
                                           " 13 de popularidad; objetivo 1/2; encuentros 2/3")
    finally:
        set_language("en")


def test_the_page_shows_the_triumph_tiles_and_the_log_names_a_tile():
    # Triumph Tiles: "randomly select 10 Triumph Tiles and place them on all 10 slots"; the log
    # names each tile dealt.
    from firmware.rules.scythe import fenris_track, narrate_words
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.fenris import new_game
    from tests.rules.scythe_support import NORDIC, POLANIA, started

    st = started((NORDIC, POLANIA), mods=C.MOD_TILES)   # tiles 0-9 dealt in order
    fenris_track._set_goal(st, 0, 1 | 1 << 7)            # the 1st and 8th tiles placed by bits
    line = "Triumph Tiles: upgrades, upgrades or structures; combat 0/1; objective 0/1"
    assert panel.track_line(st, 0) == line and panel.panel(st)["seats"][0]["lines"][-1] == line
    g = new_game(st.board, 2, False, C.MOD_TILES)
    assert g.decision() == L.K_TRIUMPH_TILE
    assert narrate_words.option(g, 13) == "the Triumph Tile 3 encounters"


def test_every_tile_has_its_name_in_both_languages_the_desolations_5_stars_too():
    # The Desolation: "place your 6th star on it immediately after you place your 5th star": the
    # 5-star tile (fenris_track.TILES' last) is named in the log and on the panel like the others
    # (it had no name in either language: an IndexError, found at stop 61).
    from firmware.rules.scythe import fenris_track
    from firmware.text import set_language

    en = [panel.category_name(c) for c in fenris_track.TILES]
    assert en[-1] == "5 stars" and en[-2] == "16 resources" and all(en)
    set_language("es")
    try:
        es = [panel.category_name(c) for c in fenris_track.TILES]
    finally:
        set_language("en")
    assert es[-1] == "5 estrellas" and len(set(es)) == len(set(en))


def test_the_page_and_the_host_view_show_the_stars_on_home_bases_once_revealed():
    # Rivals: "placing 1 or more of your stars on other players' home bases ... All players do
    # this simultaneously": nothing shown while the run is entered, each seat's stars on bases
    # after (the base track by its name, with the Spanish words too).
    from firmware.rules.scythe import layout as L
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import NORDIC, POLANIA, started

    st = started((NORDIC, POLANIA), mods=C.MOD_RIVALS)
    st.apply_checked(1, 0)
    assert "home bases" not in panel.track_line(st, 0)   # seat 0's entry is secret until the reveal
    st.apply_checked(1, 0)
    st.apply_checked(L.RIVAL_DONE, 1)
    line = "Triumph Track: -; combat 0/2; objective 0/1; on home bases: seat 2 x2"
    assert panel.track_line(st, 0) == line and "    " + line in view.seat_lines(st)
    assert panel.track_line(st, 1).endswith("on home bases: -")
    set_language("es")
    try:
        assert panel.track_line(st, 0).endswith("en bases: jugador 2 x2")
    finally:
        set_language("en")


def test_the_page_the_host_view_and_the_log_show_the_alliance_tokens():
    # Alliances: "switch tokens with that player"; "you must flip over the token you have" (the
    # -$10 side); "the moment you become the 'odd man out,' gain $5" (English and Spanish).
    from firmware.rules.scythe import fenris_alliances as A
    from firmware.rules.scythe import narrate, narrate_words
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import CRIMEA, NORDIC, POLANIA, started

    st = started((NORDIC, POLANIA, CRIMEA), (5, 0, 6), mods=C.MOD_ALLIANCES, model=True)
    assert [panel.track_line(st, p) for p in range(3)] == ["Alliance token: its own"] * 3
    p = st.active_player()
    q = (p + 1) % 3
    assert narrate_words.option(st, q).startswith("propose an alliance to Seat %d" % (q + 1))
    st.apply_checked(q, p)
    before = st.clone()
    st.apply_checked(1, q)
    said = narrate.narrate(before, 1, st)
    assert "yes: switch Alliance tokens" in said and "is the odd man out: +$5." in said, said
    other = C.FACTION_NAMES[(NORDIC, POLANIA, CRIMEA)[q]]
    assert panel.track_line(st, p) == "Alliance token: %s's" % other
    assert "    Alliance token: %s's" % other in view.seat_lines(st)
    before = st.clone()
    A._flip(st, p, q)
    assert panel.track_line(st, p) == "Alliance token: %s's, flipped (-$10)" % other
    set_language("es")
    try:
        assert panel.track_line(st, p) == "ficha de Alianza: la de %s, volteada (-10 $)" % other
    finally:
        set_language("en")
    assert "flips" in " ".join(narrate.alliances(before, st))


def test_the_page_the_host_view_and_the_log_show_the_mech_mods():
    # Mech Mods: "place up to 2 of them on your faction mat": the seat's line names each mod and
    # the printed ability it covers; the log names the mod drawn and where it goes (English and
    # Spanish).
    from firmware.rules.scythe import fenris_mods as MM
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import NORDIC, POLANIA, started

    st = started((NORDIC, POLANIA), (5, 0), mods=C.MOD_MECHMODS)   # seat 0's 4 mods drawn
    assert panel.track_line(st, 0) == "Mech Mods: none"
    first = MM.drawn(st)[0]
    name = ("Riverwalk", "Speed", "Seaworthy", "Submerge", "Township", "Underpass", "Wayfare", "Artillery",
            "Disarm", "Scout", "People's Army", "Camaraderie", "Burrow", "Rally", "Sword")[first]
    assert narrate_words.option(st, 2) == "over mech 3 (Speed)"   # Nordic's slot 2
    assert narrate_words.option(st, L.MOD_SKIP) == "not placed (discarded)"
    st.apply_checked(2, 0)
    line = "Mech Mods: %s over Speed" % name
    assert panel.track_line(st, 0) == line and "    " + line in view.seat_lines(st)
    set_language("es")
    try:
        assert panel.track_line(st, 0) == "Mejoras de meca: %s sobre Speed" % name
    finally:
        set_language("en")
    while st.decision() == L.K_MOD_SLOT:
        st.apply_checked(L.MOD_SKIP, 0)
    assert st.decision() == L.K_MOD_DRAWN
    assert narrate_words.option(st, st.legal_actions()[0]).startswith("the Mech Mod ")


def test_infrastructure_mods_on_the_panel_the_host_view_and_the_log():
    # Each seat's kept mods, a used one marked; the log names the draw, the keep, the cost-free
    # bottom-row action and Automachines' Produce (English, Spanish).
    from firmware.rules.scythe import content as C
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words, panel
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import NORDIC, SAXONY, begin_turn, section_of, set_player, started

    st = started((NORDIC, SAXONY), (0, 1), mods=C.MOD_INFRA)   # seat 0's 4 mods drawn: 0-3
    assert panel.track_line(st, 0) == "Infrastructure Mods: none"
    assert narrate_words.option(st, 1) == "kept face up" and narrate_words.option(st, 0) == "discarded"
    st.apply_checked(1, 0)   # Machinery kept
    while st.decision() in (L.K_INFRA_DRAWN, L.K_INFRA_KEEP):
        if st.decision() == L.K_INFRA_DRAWN:
            assert narrate_words.option(st, 4) == "the Infrastructure Mod Automachines"
        keep = st.decision() == L.K_INFRA_KEEP
        st.apply_checked(0 if keep else st.legal_actions()[-1], st.current_player())
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFRA
    st.s[x] |= 1 << C.INFRA_AUTOMACHINES   # (F_INFRA: kept, then flipped)
    st.s[x + 1] = 1 << C.INFRA_AUTOMACHINES
    assert panel.track_line(st, 0) == "Infrastructure Mods: Machinery, Automachines (used)"
    assert "    Infrastructure Mods: Machinery, Automachines (used)" in view.seat_lines(st)
    set_player(st, 0, last=255)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)   # Industrial: Upgrade below Bolster
    st.apply_checked(L.O_SKIP, 0)
    assert narrate_words.option(st, L.O_INFRA) == "Upgrade without its cost (Machinery, flipped)"
    set_language("es")
    try:
        assert panel.track_line(st, 0) == "Mejoras de infraestructura: Machinery, Automachines (usada)"
        assert narrate_words.option(st, L.O_INFRA) == "Mejorar sin su coste (Machinery, volteada)"
    finally:
        set_language("en")
    st.s[x + 1] = C.INFRA_AUTOMACHINES + 1
    set_player(st, 0, last=255)
    begin_turn(st, 0)
    st.apply_checked(section_of(st, 0, C.TA_PRODUCE), 0)
    said = narrate_words.option(st, L.O_INFRA)
    assert said.startswith("Produce: ") and said.endswith(", each output twice (Automachines, flipped)"), said


def test_fenris_influence_on_the_panel_the_host_view_and_the_log():
    # Fenris's supply and tokens on the board, another seat's tokens held; the log names the
    # base dealt, the Influence choice and Horrify's gift (English, Spanish).
    from firmware.rules.scythe import content as C
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words, panel
    from firmware.rules.scythe.fenris import new_game
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import board

    st = new_game(board(), 2, True, C.MOD_FENRIS)
    st.apply_checked(C.FACTION_FENRIS)
    st.apply_checked(0)   # Nordic
    while st.decision() == L.K_DEAL_MAT:
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == L.K_DEAL_BASE and narrate_words.option(st, 6) == "Togawa's home base"
    st.apply_checked(6)
    while st.current_player() == -1:
        st.apply_checked(st.legal_actions()[0])
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFL
    st.s[x] = 30        # on the map's territory 31
    st.s[x + 1] = L.INFL_HELD + 1   # held by Nordic
    assert panel.track_line(st, 0) == "Influence: 14 in supply (-$14); on the board: 31"
    assert panel.track_line(st, 1) == "Influence tokens: 1 (-$1)"
    assert "    Influence: 14 in supply (-$14); on the board: 31" in view.seat_lines(st)
    out = panel.panel(st)   # the page: the tokens are pieces labelled "I" (tags 91-106)
    assert out["labels"][L.INFL_TAG:] == ["I"] * 16
    assert out["tints"][L.INFL_TAG] == 0 and out["tints"][L.INFL_TAG + 1] == 1   # Fenris's, Nordic's
    assert out["tints"][L.INFL_TAG + 2:] == [0] * 14 and set(out["tints"][:L.INFL_TAG]) == {-1}
    assert not any(k == "influence" for t in out["tokens"] for k, _n, _o in t)   # no token drawn twice
    st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_HORRIFY] = (1 + 1) | (2 << 3)
    st.begin()
    assert st.decision() == L.K_HORRIFY and st.legal_actions() == [0, 1, 2]
    assert narrate_words.option(st, 2) == "2 Influence tokens to Seat 2 (Nordic) (Horrify)"
    set_language("es")
    try:
        assert panel.track_line(st, 1) == "fichas de Influencia: 1 (-1 $)"
        assert narrate_words.option(st, 1) == "1 ficha de Influencia a Jugador 2 (Nordic) (Horrify)"
    finally:
        set_language("en")


def test_vesna_on_the_panel_the_host_view_and_the_log():
    # Vesna's Factory cards (a used one marked) and the abilities on her mat; the log names her
    # cards and tokens drawn, where a token goes and her card chosen as a section (English,
    # Spanish).
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words, panel
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import ENGINEERING, INDUSTRIAL, NORDIC, begin_turn, started

    st = started((C.FACTION_VESNA, NORDIC), (INDUSTRIAL, ENGINEERING), mods=C.MOD_VESNA)
    assert st.decision() == L.K_VESNA_POWER and narrate_words.option(st, 3) == "3 power"
    st.apply_checked(3, 0)
    assert narrate_words.option(st, 2) == "2 combat cards"
    st.apply_checked(2, 0)
    while st.current_player() < 0:
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == L.K_VESNA_SLOT   # her tokens: Seaworthy, Submerge, ... (the first 6)
    assert narrate_words.option(st, 1) == "over mech 2"
    assert narrate_words.option(st, 0) == "over mech 1 (Riverwalk)"
    assert narrate_words.option(st, L.MOD_SKIP) == "not placed (set aside)"
    assert panel.track_line(st, 0) == "Factory cards: 1, 2, 3; mech abilities: none"
    st.apply_checked(1, 0)
    st.apply_checked(3, 0)
    st.apply_checked(0, 0)
    while st.decision() == L.K_VESNA_SLOT:
        st.apply_checked(L.MOD_SKIP, 0)
    line = ("Factory cards: 1, 2, 3; mech abilities: Township over Riverwalk, Seaworthy on a blank space, "
            "Submerge on a blank space")   # her mat's order
    assert panel.track_line(st, 0) == line and "    " + line in view.seat_lines(st)
    assert panel.track_line(st, 1) == ""
    begin_turn(st, 0)
    assert narrate_words.option(st, 6) == "Vesna's Factory card 2 (then returned to the box)"
    st.apply_checked(6, 0)
    assert panel.track_line(st, 0).startswith("Factory cards: 1, 2 (used), 3;")
    set_language("es")
    try:
        assert panel.track_line(st, 0).startswith("cartas de Fábrica: 1, 2 (usada), 3; habilidades de meca: "
                                                  "Township sobre Riverwalk, Seaworthy en un espacio vacío")
        assert narrate_words.option(st, L.O_SKIP).endswith("la carta de Fábrica")
    finally:
        set_language("en")
    from firmware.rules.scythe.fenris import new_game
    from tests.rules.scythe_support import board

    st = new_game(board(), 2, True, C.MOD_VESNA)
    st.apply_checked(C.FACTION_VESNA)
    while st.decision() != L.K_VESNA_CARD:
        st.apply_checked(st.legal_actions()[0])
    assert narrate_words.option(st, 11) == "Factory card 12"
    for _ in range(3):
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == L.K_VESNA_TOKEN
    assert narrate_words.option(st, 20) == "the mech ability token Leap"


def test_tesla_on_the_panel_the_host_view_and_the_log():
    # Before he is found each seat's encounter tokens toward him; then his finder's line says
    # where he is, the page labels his miniature and the log names him as a unit (en, es).
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words, panel
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.scythe_support import begin_turn, take_top
    from tests.rules.test_fenris_tesla import BESIDE, _game, _set_encounters, _tesla_at

    st = _game()
    _set_encounters(st, 1, 3)
    assert panel.track_line(st, 0) == "Tesla: encounter tokens 0/6"
    assert panel.track_line(st, 1) == "Tesla: encounter tokens 3/6"
    _tesla_at(st, 0, BESIDE)
    assert panel.track_line(st, 0) == "Tesla: yours, on hex %d" % (BESIDE + 1)
    assert panel.track_line(st, 1) == ""
    assert "    Tesla: yours, on hex %d" % (BESIDE + 1) in view.seat_lines(st)
    assert panel.panel(st)["labels"][L.TESLA_TAG] == "T"
    st.s[L.P0 + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    assert narrate_words.option(st, L.U_TESLA).startswith("Tesla on hex %d" % (BESIDE + 1))
    set_language("es")
    try:
        assert panel.track_line(st, 0) == "Tesla: tuyo, en el hexágono %d" % (BESIDE + 1)
        assert narrate_words.option(st, L.U_TESLA).startswith("Tesla en")
    finally:
        set_language("en")


def test_mad_tesla_on_the_panel_the_table_and_the_log():
    # The line of the player whose turn it is says where he is, his health and base power (the
    # discard pile's top 2); his miniature (Tesla's tag) is expected where he stands and labelled
    # "T"; the log names his direction, where it takes him, his die and strength (en, es).
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words, panel
    from firmware.rules.scythe.ruleset import RULESET
    from firmware.rules.ruleset import OFF_BOARD
    from firmware.text import set_language
    from tests.rules.test_fenris_mad_tesla import FACTORY, _game, _his_turn, _top

    st = _game()
    _top(st, 3, 2)
    _his_turn(st, FACTORY)
    line = "Mad Tesla: hex 30, health 16, base power 5 (3 and 2 on the discard pile)"
    assert line in panel.track_line(st, 0) and line not in panel.track_line(st, 1)
    assert panel.panel(st)["labels"][L.TESLA_TAG] == "T"
    assert RULESET.game_tags(st) == L.TESLA_TAG + 1
    at = bytearray([OFF_BOARD] * RULESET.game_tags(st))
    RULESET.expected(st, at)
    assert at[L.TESLA_TAG] == FACTORY
    assert ("tesla", 5, L.TESLA_TAG) in RULESET.game_pieces(st)
    assert narrate_words.option(st, 0) == "Mad Tesla goes east, to hex 31 (mountain)"
    set_language("es")
    try:
        assert narrate_words.option(st, 3).startswith("Tesla Loco va al oeste, a ")
        assert "Tesla Loco: hexágono 30, salud 16" in panel.track_line(st, 0)
    finally:
        set_language("en")


def test_the_log_says_mad_teslas_moves_and_fights():
    # The log: where his die takes him, and a fight's reveal with both strengths, the winner and
    # his health.
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate
    from tests.rules.scythe_support import put, set_player
    from tests.rules.test_fenris_mad_tesla import EAST, FACTORY, _game, _his_turn, _top

    st = _game()
    put(st, 1, L.U_MECH, EAST)
    set_player(st, 1, power=7, pop=4, hand=0)
    _top(st, 3, 2)
    _his_turn(st, FACTORY)
    said = []
    for a, p in ((0, -1), (7, 1), (2, -1)):
        before = st.clone(False)
        st.apply_checked(a, p)
        said.append(narrate.narrate(before, a, st))
    assert said[0] == "Mad Tesla goes east, to hex 31 (mountain)."
    assert said[2] == ("Mad Tesla's die: 2 (his strength 7). Combat with Mad Tesla on hex 31 (mountain): "
                       "Seat 2 (Rusviet) with 7 power against his 7; Mad Tesla wins. His health: 16.")


def test_the_desolation_on_the_panel_and_in_the_log():
    """The Desolation (docs/fenris.md 1.12): its line on the panel of the player whose turn it is;
    the log names its card, its direction, its die, and a combat's dial, cards, dialer and star;
    a game every player lost says no player wins."""
    from firmware.rules import narrate
    from firmware.rules.scythe import fenris_desolation as D
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe import narrate_words
    from firmware.text import set_language
    from tests.rules.test_fenris_desolation import _fight, _game, _its_turn

    st = _game()
    p = st.s[L.ACTIVE]
    line = panel.track_line(st, p)
    assert "Desolation: popularity 18 (it moves at 12, wins at 0), stars 0/6, power 2, units on " in line
    assert ", ".join(str(x + 1) for x in D.units(st)) in line
    out = panel.panel(st)
    assert out["labels"][L.TESLA_TAG:L.TESLA_TAG + 6] == ["T"] + ["D"] * 5
    _its_turn(st, 10)
    assert st.decision() == L.K_DES_DIRECTION
    assert narrate_words.option(st, 0) == "the Desolation goes east"
    set_language("es")
    try:
        assert narrate_words.option(st, 3) == "la Desolación va al oeste"
        assert "Desolación: popularidad 9" in panel.track_line(st, st.s[L.ACTIVE])
    finally:
        set_language("en")
    st = _game()
    _fight(st)   # player 0 attacks its unit
    assert narrate_words.option(st, 3) == "3 power"
    st.apply_checked(3, 0)
    assert narrate_words.option(st, 2) == "a combat card of 2"
    assert narrate_words.option(st, 0) == "no more cards"
    st.apply_checked(0, 0)
    assert narrate_words.option(st, 4) == "the Desolation's die: 4 (its strength 6)"
    st = _game()
    _its_turn(st, 1)   # its timer at 0
    assert st.is_terminal() and st.winners() == ()
    assert narrate.game_over(st) == "Game over: no player wins."


def test_fenris_agents_on_the_panel_and_the_host_view():
    # Each seat's agents subdued; the player whose turn it is sees where those left stand (en, es).
    from firmware.rules.scythe import fenris_agents as FA
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.test_fenris_agents import _game

    st = _game()
    FA._take(st, 0, 1)
    st.changed()
    left = sorted(FA.space(st.board, i) + 1 for i in range(1, 8))
    line = "Fenris agents subdued: 0; on the map: hex %s" % ", ".join(map(str, left))
    assert panel.track_line(st, 0) == line
    assert panel.track_line(st, 1) == "Fenris agents subdued: 1"
    assert "    Fenris agents subdued: 1" in view.seat_lines(st)
    set_language("es")
    try:
        assert panel.track_line(st, 1) == "Agentes de Fenris sometidos: 1"
    finally:
        set_language("en")


def test_the_revealed_objective_on_the_panel_and_the_host_view():
    # The card on the line of the player whose turn it is; a star on it on each line that has one.
    from firmware.rules.scythe import layout as L
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules.test_fenris_extraobj import POP_POWER, _f, _game

    st = _game()
    st.s[_f(st) + L.F_EXTRA_STARS] = 2
    st.s[L.ACTIVE] = 0
    assert panel.track_line(st, 0) == "Revealed objective: model objective card %d" % (POP_POWER + 1)
    assert panel.track_line(st, 1) == "a star on the revealed objective"
    assert "    a star on the revealed objective" in view.seat_lines(st)
    set_language("es")
    try:
        assert panel.track_line(st, 1) == "una estrella en el objetivo revelado"
    finally:
        set_language("en")


def test_episode_5_and_3_on_the_panel_and_the_host_view():
    # Episode 5: a seat's Influence tokens (-$1 each); the Annihilator on the line of the player whose
    # turn it is. Episode 3: each seat's tokens; the Vesna card in the deck or found (en, es).
    from firmware.rules.scythe import layout as L
    from firmware.text import set_language
    from host_tools.views import scythe as view
    from tests.rules import test_fenris_fortress as T5
    from tests.rules import test_fenris_plea as T3

    st = T5._game()
    st.s[L.ACTIVE] = 0
    assert panel.track_line(st, 0) == "Annihilator: in Box C (the first unit onto the Factory opens it)"
    T5._reveal(st, 1, L.U_WORKER + 1, die=4)
    x = len(st.s) - L.TAIL - L.F_SIZE
    st.s[x + L.F_INFL] = L.INFL_HELD + 1
    st.s[L.ACTIVE] = 1
    assert panel.track_line(st, 1) == ("Influence tokens: 1 (-$1); Annihilator: on the Factory, power 4,"
                                       " controlled by seat 2")
    assert view.seat_lines(st)[-1] == ("    Influence tokens: 1 (-$1); Annihilator: on the Factory, power 4,"
                                       " controlled by seat 2")
    st = T3._game()
    st.s[x + L.F_PLEA_INFL] = 3 << 4
    st.s[L.ACTIVE] = 1
    assert panel.track_line(st, 1) == "Influence tokens: 3; the Vesna card: in the Factory deck (8 cards)"
    assert panel.track_line(st, 0) == "Influence tokens: 0"
    set_language("es")
    try:
        assert panel.track_line(st, 1) == ("Fichas de Influencia: 3; la carta de Vesna: en el mazo de Fábrica"
                                           " (8 cartas)")
    finally:
        set_language("en")


def test_the_laptop_s_question_names_the_mod_or_token_it_asks_to_place_or_keep():
    # Mech Mods: "draw 4 ... and choose up to 2 of them to place on your faction mat"; Vesna's
    # tokens and kept mods, each placed or set aside; Infrastructure Mods, each kept or discarded:
    # the question names the item, and the answer places or keeps the item named.
    from firmware.rng import Rng
    from firmware.rules.scythe import fenris_infra, fenris_mods
    from firmware.rules.scythe import layout as L
    from host_tools import view
    from tests.conformance.games import board_of

    asked = set()
    for word in ("mechmods+vesna", "infra"):
        rs, options = games.parse("scythe+" + word)
        st = rs.new_game(board_of(rs), 3, options)
        rng = Rng(5)
        while st.decision() != L.K_SECTION:   # the setup, to the first turn
            k = st.decision()
            p = st.current_player()
            opts = st.legal_actions()
            a = opts[0] if p >= 0 else rng.weighted(st.chance_outcomes())
            if k in (L.K_MOD_SLOT, L.K_VESNA_SLOT, L.K_INFRA_KEEP):
                item = view.question(st).rsplit(": ", 1)[1]
                a = opts[-1] if k == L.K_INFRA_KEEP else opts[0]   # kept; placed on the first slot
                st.apply_checked(a, p)
                if k == L.K_INFRA_KEEP:
                    assert C.INFRA_NAMES.index(item) in [i for i, _ in fenris_infra.kept(st, p)], item
                else:
                    assert fenris_mods.slot(st, p, a) == C.MECH_NAMES.index(item), (k, item)
                asked.add(k)
                continue
            st.apply_checked(a, p)
    assert asked == {L.K_MOD_SLOT, L.K_VESNA_SLOT, L.K_INFRA_KEEP}
