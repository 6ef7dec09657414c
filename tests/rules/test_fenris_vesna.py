# pyright: reportAttributeAccessIssue=false
# The Vesna faction (docs/fenris.md 1.8, D12; "Vesna Faction" of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): mixed into the faction deal,
# a random unused home base, 3 starting Factory cards used once each (Technophile), 6 mech
# ability tokens of which 2-4 (with her Mech Mods) go on her mat, the blank spaces first, and
# her Riverwalk. CPython and the MicroPython unix port.
from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_mods as MM
from firmware.rules.scythe import fenris_vesna as V
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.move import destinations
from firmware.rules.scythe.narrate import narrate
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, begin_turn, board, build, play_out,
                                        put, started)

MODS = C.MOD_VESNA
VESNA = C.FACTION_VESNA


def _f(st):
    return len(st.s) - L.TAIL - L.F_SIZE


def _at_slots(mods, model=False, mat=(3, 2)):
    """Set up to Vesna's first K_VESNA_SLOT (chance outcomes: the first legal; her cards 1-3,
    her tokens the first 6 model tokens; the printed parts: her mat's numbers `mat` entered)."""
    st = started((VESNA, NORDIC), (INDUSTRIAL, ENGINEERING), mods=mods, model=model)
    if not model:
        st.apply_checked(mat[0], 0)
        st.apply_checked(mat[1], 0)
        while st.current_player() < 0:
            st.apply_checked(st.legal_actions()[0])
    assert st.decision() == L.K_VESNA_SLOT and st.current_player() == 0
    return st


def _game(place=(1, 3), mods=MODS, model=False):
    """Vesna (seat 0, Industrial) against Nordic, past setup: her i-th token on slot place[i]
    (MOD_SKIP past the tuple's end)."""
    st = _at_slots(mods, model)
    i = 0
    while st.decision() == L.K_VESNA_SLOT:
        st.apply_checked(place[i] if i < len(place) else L.MOD_SKIP, 0)
        i += 1
    assert st.current_player() >= 0 and st.s[L.STAGE] == L.ST_SECTION
    return st


def test_vesna_is_mixed_into_the_faction_deal_and_takes_an_unused_base():
    # Module Chart: "Mix in Vesna with the other factions for every game"; Setup: "select a random
    # home base tile from those unused by other players".
    from firmware.rules.scythe.fenris import new_game

    st = new_game(board(), 2, True, MODS)
    assert VESNA in st.legal_actions() and C.FACTION_FENRIS not in st.legal_actions()
    st.apply_checked(NORDIC)
    st.apply_checked(VESNA)
    while st.decision() == L.K_DEAL_MAT:
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == L.K_DEAL_BASE and 0 not in st.legal_actions()
    st.apply_checked(3)   # Saxony's base
    assert st.s[po(1) + L.P_UNITS + L.U_CHARACTER] == board().home[3]
    assert st.s[po(1) + L.P_POWER] == 3   # the model Vesna mat (G7)


def test_her_mat_numbers_are_entered_with_the_printed_parts():
    # G7: "Vesna has only 2 latent mech abilities" is printed, her mat's start power and combat
    # cards are not: with the printed parts the table enters them (the model Vesna mat: 3 and 2).
    st = started((VESNA, NORDIC), (INDUSTRIAL, ENGINEERING), mods=MODS)
    assert st.decision() == L.K_VESNA_POWER and st.current_player() == 0
    assert st.legal_actions() == list(range(8)) and RULESET.reads_card(st)
    st.apply_checked(5, 0)
    assert st.decision() == L.K_VESNA_CARDS and st.legal_actions() == list(range(5))
    assert RULESET.reads_card(st)
    st.apply_checked(1, 0)
    assert st.s[po(0) + L.P_POWER] == 5 and common.hand_size(st, 0) == 1
    assert st.s[po(1) + L.P_POWER] == 4 and common.hand_size(st, 1) == 1   # Nordic's printed row
    assert st.check() is None
    model = _game(model=True)
    assert model.s[po(0) + L.P_POWER] == 3 and common.hand_size(model, 0) == 2


def test_three_factory_cards_drawn_from_those_not_in_use():
    # Setup: "randomly draw 3 Factory cards from those not in use. Place them face up".
    st = _at_slots(MODS)
    assert V.cards(st) == [0, 1, 2]
    from firmware.rules.scythe.fenris import new_game

    st2 = new_game(board(), 2, True, MODS)
    while st2.decision() != L.K_VESNA_CARD:
        k = st2.decision()
        opts = st2.legal_actions()
        st2.apply_checked(VESNA if k == L.K_DEAL_FACTION and VESNA in opts else opts[0])
    st2.apply_checked(7)
    assert st2.decision() == L.K_VESNA_CARD and 7 not in st2.legal_actions()
    assert len(st2.legal_actions()) == 11
    assert st2.current_player() == -1


def test_six_tokens_drawn_and_the_blank_spaces_filled_first():
    # "a. Randomly select 6 mech ability tokens"; "Place 2 of those tokens on the blank spaces on
    # your faction mat; if you choose a 3rd or 4th token, place them over your printed mech
    # abilities (Riverwalk and Speed)."
    st = _at_slots(MODS)
    assert V.drawn(st) == list(V.TOKENS[:6])
    assert st.legal_actions() == [1, 3, L.MOD_SKIP]   # the blank spaces first
    st.apply_checked(3, 0)
    assert st.legal_actions() == [1, L.MOD_SKIP]
    st.apply_checked(1, 0)
    assert st.legal_actions() == [0, 2, L.MOD_SKIP]   # then over Riverwalk and Speed
    st.apply_checked(0, 0)                            # a 3rd token over Riverwalk
    assert st.legal_actions() == [2, L.MOD_SKIP]
    st.apply_checked(L.MOD_SKIP, 0)
    st.apply_checked(L.MOD_SKIP, 0)
    st.apply_checked(L.MOD_SKIP, 0)
    assert st.s[L.STAGE] == L.ST_SECTION
    assert [MM.slot(st, 0, j) for j in range(4)] == [V.TOKENS[2], V.TOKENS[1], -1, V.TOKENS[0]]
    for j in range(4):
        put(st, 0, L.U_MECH + j, board().home[0])
    ab = common.abilities(st, 0)
    assert ab & C.M_SPEED and not ab & C.M_RIVERWALK   # Riverwalk covered, Speed printed
    assert ab & (1 << V.TOKENS[0]) and ab & (1 << V.TOKENS[1]) and ab & (1 << V.TOKENS[2])
    assert st.check() is None


def test_at_least_two_tokens_are_chosen():
    # "you may choose 2-4 tokens": not placing is refused once fewer than 2 could be placed.
    st = _at_slots(MODS)
    for _ in range(4):
        st.apply_checked(L.MOD_SKIP, 0)
    assert st.legal_actions() == [1, 3]   # 2 tokens left, none placed: both must go
    st.apply_checked(1, 0)   # the last token has one place left: taken without asking
    assert st.s[L.STAGE] == L.ST_SECTION and st.check() is None
    assert [MM.slot(st, 0, j) for j in range(4)] == [-1, V.TOKENS[4], -1, V.TOKENS[5]]


def _kept(st):
    """Her own Mech Mods kept so far in her step (their bits)."""
    x = _f(st) + L.F_DRAW
    return [v - 1 for v in st.s[x:x + 4] if v]


def _to_her_step(st):
    """The Mech Mods step played (the other seats' mods set aside); Vesna's seat 0 never asked."""
    while st.s[L.STAGE] == L.ST_MODS:
        p = st.current_player()
        assert p != 0
        st.apply_checked(L.MOD_SKIP if st.decision() == L.K_MOD_SLOT else st.legal_actions()[0], p)
    assert st.s[L.STAGE] == L.ST_VESNA


def test_her_mech_mods_are_kept_before_her_tokens_and_placed_only_with_them():
    # "this selection happens after Mech Mods are selected (in a non-campaign game) but before any
    # Mods/abilities are placed on Vesna's faction mat"; "b. From your mech ability tokens and Mech
    # Mods, you may choose 2-4 tokens. Place 2 of those tokens on the blank spaces on your faction
    # mat; if you choose a 3rd or 4th token, place them over your printed mech abilities".
    st = started((VESNA, NORDIC), (INDUSTRIAL, ENGINEERING), mods=MODS | C.MOD_MECHMODS, model=True)
    _to_her_step(st)
    kinds = []   # her 4 mods drawn, each kept or not ("place up to 2", D12) before any token
    said = []
    while st.decision() != L.K_VESNA_CARD:
        assert V.drawn(st) == [] and [MM.slot(st, 0, j) for j in range(4)] == [-1] * 4
        kinds.append(st.decision())
        before = st.clone()
        a = 1 if st.decision() == L.K_VESNA_MOD else st.legal_actions()[0]
        st.apply_checked(a, st.current_player())
        if kinds[-1] == L.K_VESNA_MOD:
            said.append(narrate(before, a, st))
    assert kinds == [L.K_MOD_DRAWN] * 4 + [L.K_VESNA_MOD] * 2   # (2 kept: the other 2 not asked)
    kept = _kept(st)
    assert [x[x.index(": ") + 2:] for x in said] == [   # the log names each mod kept
        "%s kept for her choice with her tokens." % C.MECH_NAMES[b] for b in kept], said
    assert len(kept) == 2 and all(b in MM.PLAYED for b in kept)
    while st.decision() != L.K_VESNA_SLOT:   # her cards, her tokens
        st.apply_checked(st.legal_actions()[0])
    assert [MM.slot(st, 0, j) for j in range(4)] == [-1] * 4   # nothing placed before the tokens
    tokens = V.drawn(st)
    assert st.legal_actions() == [1, 3, L.MOD_SKIP]   # her 1st kept mod: a blank space, or set aside
    st.apply_checked(L.MOD_SKIP, 0)
    st.apply_checked(1, 0)                            # her 2nd: a blank space
    assert st.legal_actions() == [3, L.MOD_SKIP]      # her 1st token: the other blank space
    st.apply_checked(3, 0)
    assert st.legal_actions() == [0, 2, L.MOD_SKIP]   # the 2nd: over Riverwalk or Speed, or not
    st.apply_checked(0, 0)
    while st.decision() == L.K_VESNA_SLOT:            # each later one not on her mat: over Speed or
        b = V.drawn(st)[st.s[_f(st) + L.F_DRAW_I] - 8 - 4]   # not (the set-aside mod's ability too)
        assert b != kept[1] and st.legal_actions() == [2, L.MOD_SKIP]
        st.apply_checked(2 if b == kept[0] else L.MOD_SKIP, 0)
    assert st.s[L.STAGE] == L.ST_SECTION and st.check() is None
    assert [MM.slot(st, 0, j) for j in range(4)] == [tokens[1], kept[1], kept[0], tokens[0]]


def test_a_token_that_is_her_mod_is_not_counted_toward_the_two():
    # "From your mech ability tokens and Mech Mods, you may choose 2-4 tokens": with 1 Mech Mod
    # placed and her last token that same ability (not placed again), setting aside the 5th
    # token would leave her 1: refused. (Soak seed 836 of scythe+madtesla+mechmods+vesna.)
    st = started((VESNA, NORDIC), (INDUSTRIAL, ENGINEERING), mods=MODS | C.MOD_MECHMODS, model=True)
    _to_her_step(st)
    keep = [1, 0, 0, 0]   # her first mod kept, the others set aside
    while st.decision() != L.K_VESNA_CARD:
        st.apply_checked(keep.pop(0) if st.decision() == L.K_VESNA_MOD else st.legal_actions()[0],
                         st.current_player())
    assert keep == [] and len(_kept(st)) == 1
    mod = _kept(st)[0]
    assert mod in V.TOKENS
    while st.decision() != L.K_VESNA_SLOT:   # her cards; her tokens, with her mod's ability drawn last
        if st.decision() == L.K_VESNA_TOKEN:
            others = [b for b in st.legal_actions() if b != mod]
            st.apply_checked(others[0] if len(V.drawn(st)) < 5 else mod)
        else:
            st.apply_checked(st.legal_actions()[0])
    assert V.drawn(st)[5] == mod
    st.apply_checked(1, 0)   # her mod, on a blank space
    for _ in range(4):   # tokens 1-4 set aside: her mod and the 5th still make 2
        assert st.decision() == L.K_VESNA_SLOT and L.MOD_SKIP in st.legal_actions()
        st.apply_checked(L.MOD_SKIP, 0)
    # the 5th token had one choice left, the blank space 3 (taken without asking), the 6th none
    assert st.s[L.STAGE] == L.ST_SECTION and st.check() is None
    assert [MM.slot(st, 0, j) for j in range(4)] == [-1, mod, -1, V.drawn(st)[4]]


def test_her_three_cards_are_sections_each_used_once_then_returned_to_the_box():
    # Technophile: "The 3 selected Factory cards are available to you from the start of the
    # game"; "Every time you use a Factory card ..., return it to the box."
    st = _game()
    begin_turn(st, 0)
    assert st.legal_actions() == [0, 1, 2, 3, 5, 6, 7]
    st.apply_checked(6, 0)   # her second card
    assert st.s[L.SECTION] == L.FACTORY_SECTION   # played as a Factory card's rows
    assert st.check() is None
    begin_turn(st, 0)
    assert st.legal_actions() == [0, 1, 2, 3, 5, 7]   # a different card next turn; the used one gone
    st.apply_checked(5, 0)
    begin_turn(st, 0)
    assert st.legal_actions() == [0, 1, 2, 3, 7]
    assert st.check() is None


def test_the_card_acquired_from_the_factory_is_used_once_and_only_one_is_acquired():
    # Technophile: "(including one acquired from the Factory), return it to the box. You may
    # still only acquire 1 card from the Factory over the course of each game."
    st = _game()
    st.s[po(0) + L.P_FACTORY] = 9
    st.s[L.FACTORY_OUT + 1] |= 1 << 1
    st.changed()
    begin_turn(st, 0)
    assert L.FACTORY_SECTION in st.legal_actions()
    st.apply_checked(L.FACTORY_SECTION, 0)
    begin_turn(st, 0)
    assert L.FACTORY_SECTION not in st.legal_actions() and 5 in st.legal_actions()
    assert st.s[po(0) + L.P_FACTORY] == 9   # still hers: no second card at the Factory (move.py)
    assert st.check() is None


def test_no_one_takes_her_cards_at_the_factory():
    # "draw 3 Factory cards from those not in use": hers are not on the Factory.
    st = _game()
    st.s[L.ACTIVE] = 1
    assert [c for c in V.cards(st) if c in st.LEGAL[L.K_FACTORY_CARD](st)] == []
    assert 3 in st.LEGAL[L.K_FACTORY_CARD](st)


def test_the_model_deck_plays_the_starting_card_in_use():
    # "They are used like normal Factory cards": the model Factory card's top row is hers.
    from firmware.rules.scythe import content_model as CM
    from firmware.rules.scythe import encounter as EN

    st = _game(model=True)
    begin_turn(st, 0)
    st.apply_checked(7, 0)   # her third card: number 3 (index 2)
    assert V.card_in_use(st, 0) == 2 and st.s[po(0) + L.P_FACTORY] == L.NOWHERE
    st.s[common.x0(st) + L.X_OPT] = L.FACTORY_OPT
    assert EN._model_terms(st) == CM.factory(2)
    assert st.s[po(0) + L.P_FACTORY] == L.NOWHERE   # put back
    begin_turn(st, 1)
    st.apply_checked(0, 1)
    assert st.s[_f(st) + L.F_VUSED] >> L.VESNA_IN_USE == 0   # the next section chosen: none in use


def _river(b):
    """(x, y): adjacent territories across a river, both primary terrain."""
    for x in range(b.n_spaces):
        if not 1 <= b.terrain[x] <= 5:
            continue
        for y, e in b.neighbours(x):
            if e == 1 and 1 <= b.terrain[y] <= 5:
                return x, y
    raise AssertionError("no river")


def test_riverwalk_across_a_river_to_or_from_a_structure():
    # Riverwalk: "You may move your character and mechs across rivers to/from an adjacent
    # territory containing any player's structure."
    b = board()
    x, y = _river(b)
    st = _game()
    for u in range(L.N_UNITS):
        st.s[po(0) + L.P_UNITS + u] = L.NOWHERE
        st.s[po(1) + L.P_UNITS + u] = L.NOWHERE
    put(st, 0, L.U_MECH, b.home[0])   # mech 1 deployed: Riverwalk (slot 0)
    put(st, 0, L.U_CHARACTER, x)
    assert y not in destinations(st, 0, L.U_CHARACTER)   # no structure on either side
    build(st, 1, 0, y)   # an opponent's structure across the river
    assert y in destinations(st, 0, L.U_CHARACTER)
    build(st, 1, 0, L.NOWHERE)
    build(st, 0, 1, x)   # her own structure where she stands
    assert y in destinations(st, 0, L.U_CHARACTER)
    put(st, 0, L.U_WORKER, x)
    assert y not in destinations(st, 0, L.U_WORKER)   # "your character and mechs"
    put(st, 0, L.U_MECH, L.NOWHERE)
    assert y not in destinations(st, 0, L.U_CHARACTER)   # no mech deployed: no Riverwalk


def test_random_vesna_games_keep_the_check_and_round_trip():
    from firmware.rules.scythe.fenris import new_game

    used = 0
    for seed, n, model, more in ((0, 2, True, 0), (5, 3, False, C.MOD_MECHMODS | C.MOD_FENRIS),
                                 (2, 5, True, C.MOD_INFRA | C.MOD_WAR)):
        st = new_game(board(), n, model, MODS | more)
        st.apply_checked(VESNA)
        play_out(RULESET, st, seed, 40000, 5)
        assert V.vesna_seat(st) == 0 and len(V.cards(st)) == 3 and len(V.drawn(st)) == 6
        used += bin(st.s[_f(st) + L.F_VUSED] & 7).count("1")
    assert used >= 1
