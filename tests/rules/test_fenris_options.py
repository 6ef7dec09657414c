# The Rise of Fenris as options of the Scythe ruleset (docs/fenris.md section 2 and step 1):
# each module an on/off option; the combinations the rulebook forbids refused with its reason
# (../shared/rules/scythe-rise-of-fenris.txt, quoted at each test); a module whose rules are not
# played yet refused as such; the module block in the state only when a module is on; a module
# game's save read back. CPython and the MicroPython unix port.
from firmware.rules import registry
from firmware.rules.errors import CorruptStateError, SetupError
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.engine import State, new_game
from firmware.text import set_language
from tests.rules.scythe_support import board
from tests.rules.support import raises

RS = registry.load("scythe")


def _refused(options, players=3):
    e = raises(SetupError, RS.new_game, board(), players, options)
    assert e.code == "bad_setup"
    return str(e)


def _on(*words):
    return {w: [1] for w in words}


def test_every_module_is_an_on_off_option_named_as_docs_fenris_md_says():
    assert fenris.WORDS == C.MODULES and len(C.MODULES) == C.N_MODULES
    for i in range(C.N_MODULES):
        assert RS.new_options[C.MODULES[i]] == (0, 1)
        assert getattr(C, "MOD_" + C.MODULES[i].upper()) == 1 << i
    assert "model" not in C.MODULES and "printed" not in C.MODULES   # the deck's aliases


def test_rivals_and_peace_are_refused_with_the_module_charts_reason():
    # Module Chart: "Rivals is incompatible with the Peace Triumph Track."
    said = _refused(_on("rivals", "peace"))
    assert said == ("these game options are not allowed: rivals+peace: Rivals is incompatible with "
                    "the Peace Triumph Track (Module Chart)"), said


def test_two_triumph_tracks_are_refused():
    # "Overlay the War Triumph Track on top of the Triumph Track"; "Overlay the Peace Triumph
    # Track on top of the Triumph Track"; Triumph Tiles: "place them on all 10 slots of the
    # Triumph Track": one track, one overlay.
    for pair, named in ((("war", "peace"), "war+peace"), (("war", "tiles"), "war+tiles"),
                        (("peace", "tiles"), "peace+tiles")):
        said = _refused(_on(*pair))
        assert ": %s: the War and Peace Triumph Tracks and the Triumph Tiles" % named in said, said


def test_the_desolation_refuses_what_its_setup_says_not_to_use():
    # Desolation Setup: "Do not use alternative Triumph Tracks, Rivals, Mad Tesla, or
    # resolution tiles."
    for other in ("war", "peace", "rivals", "madtesla"):
        said = _refused(_on("desolation", other))
        assert said.endswith("desolation+%s: Desolation: do not use alternative Triumph Tracks, Rivals, "
                             "or Mad Tesla" % other), said
    # "Randomize the 21 Triumph Tiles, including the 5 tiles that can only be used with this module"
    assert _refused(_on("desolation", "tiles")).endswith(
        "desolation+tiles: Desolation already uses the Triumph Tiles (all 21 of them)")


def test_one_tesla_miniature():
    # Mad Tesla: "Place the Tesla miniature on the Factory."; Desolation: "as well as the Tesla
    # miniature" on a territory around the Factory: one miniature, one use.
    for other in ("madtesla", "desolation"):
        assert ": tesla+%s: there is one Tesla miniature" % other in _refused(_on("tesla", other))


def test_harder_needs_the_desolation():
    # Variants: "Harder: Whenever a Desolation unit displaces a worker ..."
    assert _refused(_on("harder")).endswith("harder: harder is the Desolation's variant: add desolation")


def test_the_search_for_tesla_needs_tesla():
    # Episode 7's rules (the `search` module, fenris_search.py) search for Tesla: played with `tesla`.
    assert _refused(_on("search")).endswith("search: search is Episode 7's Search for Tesla: add tesla")
    assert fenris.modules(_on("search", "tesla")) == C.MOD_SEARCH | C.MOD_TESLA
    for other in ("madtesla", "desolation"):   # Tesla's own refusals stand
        assert "there is one Tesla miniature" in _refused(_on("tesla", "search", other))


def test_a_module_not_played_yet_is_refused_as_such():
    # Every module is played now (fenris.unplayed() is empty): the refusal, with one taken out.
    from firmware.rules.scythe import fenris_options as O   # the options' module (fenris re-exports it)

    assert fenris.unplayed() == ()
    saved = O.IMPLEMENTED
    try:
        O.IMPLEMENTED = saved & ~(C.MOD_DESOLATION | C.MOD_HARDER)
        assert fenris.unplayed() == ("desolation", "harder")
        said = _refused(_on("desolation"))
        assert said.endswith(": desolation: this module of The Rise of Fenris is not implemented yet"), said
        # with a module that is played: only the one not played yet is named
        assert _refused(_on("desolation", "vesna")).endswith(
            ": desolation: this module of The Rise of Fenris is not implemented yet")
    finally:
        O.IMPLEMENTED = saved


def test_an_option_other_than_0_or_1_is_refused():
    assert _refused({"war": [2]}) == "these game options are not allowed: war"
    assert _refused({"peace": [0, 1]}) == "these game options are not allowed: peace"


def test_the_refusal_in_spanish():
    set_language("es")
    try:
        said = _refused(_on("rivals", "peace"))
    finally:
        set_language("en")
    assert said == ("estas opciones de juego no están permitidas: rivals+peace: Rivales es incompatible "
                    "con el Marcador de Triunfos de la Paz (tabla de módulos)"), said


def test_modules_off_are_the_base_game_byte_for_byte():
    off = {w: [0] for w in C.MODULES}
    for cards in ([0], [1]):
        off["cards"] = cards
        st = RS.new_game(board(), 4, off)
        plain = new_game(board(), 4, cards == [1])
        assert type(st) is State and st.s == plain.s and len(st.s) == L.size(board().n_spaces)
        assert RS.setup_of(st) == (4, {"cards": [1]} if cards == [1] else {})


def test_player_counts():
    # Desolation: "1 player" among its player counts (cooperative, no Automa needed), once its
    # 1-player setup is played (fenris.desolation_played: 5 tiles, no 5-star tile, ...).
    assert RS.player_range({}) == (2, 5) and RS.player_range(_on("war")) == (2, 5)
    assert fenris.desolation_played() and RS.player_range(_on("desolation")) == (1, 5)


def _module_game(mods=C.MOD_WAR, model=True, players=3):
    return fenris.new_game(board(), players, model, mods)


def test_the_module_block_sits_between_the_resources_and_the_tail():
    st = _module_game(C.MOD_WAR | C.MOD_MECHMODS)
    plain = new_game(board(), 3, True)
    n = board().n_spaces
    assert len(st.s) == L.size(n, 1) == len(plain.s) + L.F_SIZE
    assert fenris.f0(st) == L.RES0 + 4 * n
    assert st.s[:fenris.f0(st)] == plain.s[:fenris.f0(st)]   # head, players, resources
    assert st.s[-L.TAIL:] == plain.s[-L.TAIL:] and st.model_cards()   # the tail is last
    assert st.mods() == C.MOD_WAR | C.MOD_MECHMODS
    assert st.s[fenris.f0(st) + L.F_MODS] == C.MOD_WAR | C.MOD_MECHMODS
    assert st.check() is None and type(st.clone()) is fenris.FenrisState


def test_a_module_game_is_saved_and_read_back_with_its_modules():
    st = _module_game(C.MOD_PEACE | C.MOD_ALLIANCES, model=False)
    while st.current_player() < 0:
        st.apply(st.legal_actions()[0])
    st.apply(st.legal_actions()[0])
    back = RS.from_bytes(board(), st.to_bytes())
    assert type(back) is fenris.FenrisState and back.s == st.s and back.hash() == st.hash()
    assert back.mods() == C.MOD_PEACE | C.MOD_ALLIANCES and not back.model_cards()
    assert RS.setup_of(back) == (3, {"peace": [1], "alliances": [1]})
    assert type(RS.from_bytes(board(), new_game(board(), 3).to_bytes())) is State   # a base save


def test_a_block_with_no_module_or_a_forbidden_pair_does_not_load():
    # (bits 16-23: F_MODS_HI; a bit past N_MODULES names no module)
    for mods in (0, C.MOD_RIVALS | C.MOD_PEACE, C.MOD_HARDER, C.MOD_SEARCH,
                 C.MOD_NEWERA | C.MOD_TILES | C.MOD_TESLA | C.MOD_SEARCH, C.MOD_WARSETUP,
                 C.MOD_EXTRAOBJ | C.MOD_WAR, C.MOD_MECHMODS | (1 << C.N_MODULES)):
        st = _module_game()
        x = fenris.f0(st)
        st.s[x + L.F_MODS] = mods & 0xFF
        st.s[x + L.F_MODS + 1] = (mods >> 8) & 0xFF
        st.s[x + L.F_MODS_HI] = mods >> 16
        assert "modules" in raises(CorruptStateError, RS.from_bytes, board(), st.to_bytes()).args[1]


def test_a_state_holds_the_flags_of_its_modules_only_and_its_copies_share_one_secret_tuple():
    # (the heap: a look-ahead copy's attribute table stays at most 29 entries, docs/performance.md)
    sets = (("mechmods", "infra", "war", "rivals", "alliances", "vesna", "fenris", "tesla"),
            ("mechmods", "infra", "war", "rivals", "alliances", "vesna", "fenris", "madtesla"),
            ("mechmods", "infra", "alliances", "vesna", "fenris", "desolation", "harder"),
            ("peace", "tesla"), ("tiles",))
    for words in sets:
        st = RS.new_game(board(), 5, _on(*words))
        mods = st.mods()
        held = st.__dict__
        for name, bit in fenris.FLAGS:
            assert getattr(st, name) == mods & bit, (words, name)
            assert (name in held) == bool(mods & bit), (words, name)
        assert len(held) <= 29, (words, sorted(held))
        copy = st.clone()
        assert copy.SECRET is st.SECRET and sorted(copy.__dict__) == sorted(held)
        assert set(st.SECRET) >= set(State(board()).SECRET[:4])
        rivals_in = len(st.s) - L.TAIL - L.F_SIZE + L.F_RIVAL_IN
        assert bool(set(st.SECRET) & set(range(rivals_in, rivals_in + 15))) == ("rivals" in words)


def _past_setup(seed, base_pick):
    """A 4-player Vesna and Fenris game at its first turn (chance by Rng(seed), every other
    decision its first option; each home base dealt: the legal_actions()[base_pick]), yielded
    before each decision and at the end."""
    from firmware.rng import Rng

    st = RS.new_game(board(), 4, _on("vesna", "fenris"))
    rng = Rng(seed)
    while st.decision() != L.K_SECTION:
        yield st
        if st.decision() == L.K_DEAL_BASE:
            st.apply(st.legal_actions()[base_pick])
        else:
            st.apply(rng.weighted(st.chance_outcomes()) if st.current_player() < 0 else st.legal_actions()[0])
    yield st


def test_a_copy_shares_the_board_of_vesnas_and_fenriss_bases_once_both_are_dealt_and_only_then():
    seen_before = dealt = False
    st = copy = None
    for st in _past_setup(3, 0):
        dealt = fenris.F._undealt(st) < 0
        copy = st.clone()
        assert (copy.board is st.board) == dealt
        seen_before = seen_before or not dealt
    assert st is not None and copy is not None
    assert seen_before and dealt and copy.board.home[7:9] == st.board.home[7:9]
    # another game's board: its bases are not this game's, so a state read onto it gets its own
    other = list(_past_setup(3, -1))[-1]
    assert other.board.home[7:9] != st.board.home[7:9]
    back = RS.from_bytes(st.board, other.to_bytes())
    assert back.board is not st.board and back.board.home[7:9] == other.board.home[7:9]
