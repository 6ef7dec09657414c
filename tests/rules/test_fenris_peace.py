# pyright: reportAttributeAccessIssue=false, reportArgumentType=false
# pyright: reportOptionalIterable=false, reportOptionalSubscript=false
# The Peace Triumph Track (docs/fenris.md 1.4, D1, D5, D15; the rulebook's "Peace Triumph
# Track", ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): Objective 23 out,
# Saxony's 3 objective cards, a draw after each objective star (printed cards: a count; the
# model deck: a chance deal), 2 objective stars, 4 mechs OR 4 recruits, 3 encounter tokens, 13
# popularity, a Factory card (at the end of the turn), 16 resources, no combat or power stars,
# the game's end at a 6th star; random Peace games keep every count. CPython and the
# MicroPython unix port.
from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import content_model as CM
from firmware.rules.scythe import fenris
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import held_objectives, po, stars
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, POLANIA, SAXONY, H, begin_turn, build,
                                        play_out, put, set_player, set_res, started, take_top,
                                        win_attack)
from tests.rules.test_scythe_card_modes import _raise

PEACE = C.MOD_PEACE
# Peace's categories placed by bits (fenris.FenrisState.goals): P_STARS bit i is the i-th.
MECHS_OR_RECRUITS, UPGRADES, STRUCTURES, WORKERS, ENC3, POP13, FACTORY, RES16 = 1, 2, 4, 8, 16, 32, 64, 128


def _dirty(st, p=0):
    """Something a star counts changed: p's turn starts and the stars are placed."""
    st.s[L.STARS_DIRTY] = 1
    begin_turn(st, p)


def _end_turn(st, p):
    """p skips the rest of its turn (the bottom row, an objective) until the next player's."""
    while st.active_player() == p and not st.is_terminal():
        assert st.decision() in (L.K_BOTTOM, L.K_END), st.decision()
        st.apply_checked(L.O_SKIP, p)


def _reveal(st, p, card):
    """p (its turn begun, section 0 taken) reveals the objective numbered `card`."""
    st.apply_checked(L.O_OBJ1, p)
    st.apply_checked(card, p)


def test_the_peace_track_is_its_ten_slots_no_combat_two_objectives():
    st = started((NORDIC, POLANIA), mods=PEACE)
    assert len(fenris.PEACE) == 10 and fenris.track(PEACE) is fenris.PEACE
    assert list(st.goals) == [C.CAT_MECHS_OR_RECRUITS, C.S_UPGRADES, C.S_STRUCTURES, C.S_WORKERS,
                              C.CAT_ENC3, C.CAT_POP13, C.CAT_FACTORY, C.CAT_RES16]
    assert st.COMBAT_STARS == 0 and len([c for c in st.track if c == C.CAT_OBJECTIVE]) == 2


def test_objective_23_is_removed_printed_and_model():
    # "When using the Peace Triumph Track, remove Objective 23 from the Objective deck."
    st = started((NORDIC, POLANIA), mods=PEACE)
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_OBJ1, 0)
    assert st.decision() == L.K_OBJECTIVE and st.legal_actions() == list(range(22)) + [L.OBJ_NOT_MET]
    assert st.check() is None
    from firmware.rules import registry

    rs = registry.load("scythe")
    for seed in range(6):   # the model deck: never dealt
        st = rs.new_game(st.board, 5, {"peace": [1], "cards": [1]})
        rng = Rng(seed)
        while st.decision() != L.K_SECTION:
            if st.decision() == L.K_MODEL_OBJECTIVE:
                assert C.OBJ_23 not in st.legal_actions() and len(st.legal_actions()) >= 11
            st.apply(rng.weighted(st.chance_outcomes()))
        assert all(C.OBJ_23 not in held_objectives(st, p) for p in range(5))


def test_saxony_starts_with_three_objective_cards():
    # "Saxony starts with 3 objective cards instead of 2 (this compensates for the removal of
    # combat stars)."
    st = started((SAXONY, NORDIC), mods=PEACE)
    assert st.s[po(0) + L.P_OBJ_HELD] == 3 and st.s[po(1) + L.P_OBJ_HELD] == 2
    st = started((NORDIC, SAXONY), mods=PEACE, model=True)
    assert held_objectives(st, 1) == [2, 3, 4] and held_objectives(st, 0) == [0, 1]
    assert st.s[po(1) + L.P_OBJ_HELD] == 3 and st.check() is None
    body = st.public_bytes()[7:-4]   # the third card is as secret as the others
    assert all(body[i] == 0 for i in st.SECRET)
    base = started((NORDIC, SAXONY))   # the base game: 2, as before
    assert base.s[po(1) + L.P_OBJ_HELD] == 2


def test_after_an_objective_star_another_card_is_drawn_printed():
    # "After you place your objective star, instead of discarding your other objective card,
    # draw another objective card (if available; do not reshuffle discarded objectives)."
    st = started((NORDIC, POLANIA), mods=PEACE)
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    _reveal(st, 0, 7)
    assert st.s[po(0) + L.P_OBJ_STARS] == 1 and st.s[po(0) + L.P_OBJ_HELD] == 2   # kept 1, drew 1
    assert st.check() is None
    # none available: of the 22 in play, 3 held (1 + 2) and 19 revealed once 0 is (the numbers
    # out set by hand: no check of the stars they would need)
    st = started((NORDIC, POLANIA), mods=PEACE)
    for c in range(4, 22):
        st.s[L.OBJ_OUT + c // 8] |= 1 << (c % 8)
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    _reveal(st, 0, 0)
    assert st.s[po(0) + L.P_OBJ_STARS] == 1 and st.s[po(0) + L.P_OBJ_HELD] == 1   # nothing drawn


def test_after_an_objective_star_a_model_card_is_dealt():
    # "... draw another objective card (if available; do not reshuffle discarded objectives)":
    # the model deck deals it by chance from the cards neither held nor revealed.
    st = started((NORDIC, POLANIA), (INDUSTRIAL, MECHANICAL), mods=PEACE, model=True)
    held = held_objectives(st, 0)
    g = held[0]
    goal = CM.MODEL_OBJECTIVES[4 * g:4 * g + 4]
    for m, at_least in ((goal[0], goal[1]), (goal[2], goal[3])):
        _raise(st, 0, m, at_least)
    st.changed()
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    st.apply_checked(L.O_OBJ1, 0)
    if st.decision() == L.K_OBJECTIVE:
        st.apply_checked(g, 0)
    assert st.s[po(0) + L.P_OBJ_STARS] == 1
    assert st.decision() == L.K_MODEL_OBJECTIVE and st.current_player() == -1
    pool = st.legal_actions()
    taken = set(held_objectives(st, 0) + held_objectives(st, 1))
    assert g not in pool and C.OBJ_23 not in pool and not taken & set(pool) and len(pool) == 22 - 1 - 3
    st.apply_checked(pool[0], -1)
    assert sorted(held_objectives(st, 0)) == sorted([held[1], pool[0]])
    assert st.s[po(0) + L.P_OBJ_HELD] == 2   # (no st.check(): the goal was met by hand)
    assert st.decision() != L.K_MODEL_OBJECTIVE and st.current_player() == 0


def test_two_objective_stars_for_all_saxony_no_limit():
    # "All players may place stars for 2 Objectives." Saxony: no limit (docs/fenris.md D1, D15:
    # its 3 cards "compensate for the removal of combat stars").
    st = started((NORDIC, SAXONY), mods=PEACE)
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    _reveal(st, 0, 3)
    assert L.O_OBJ1 in st.legal_actions()
    _reveal(st, 0, 4)
    assert st.s[po(0) + L.P_OBJ_STARS] == 2 and L.O_OBJ1 not in st.legal_actions()   # a 3rd refused
    st = started((SAXONY, NORDIC), mods=PEACE)
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    for card in (3, 4, 5):
        _reveal(st, 0, card)
    assert st.s[po(0) + L.P_OBJ_STARS] == 3 and st.s[po(0) + L.P_OBJ_HELD] == 3
    assert L.O_OBJ1 in st.legal_actions() and st.check() is None


def test_four_mechs_or_four_recruits_one_star_not_both():
    # "Place a star for 4 mechs OR 4 recruits, but not both."
    st = started((NORDIC, POLANIA), mods=PEACE)
    for i in range(4):
        put(st, 0, L.U_MECH + i, H(20 + i))
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == MECHS_OR_RECRUITS and stars(st, 0) == 1
    st.s[po(0) + L.P_RECRUITS] = 0x0F
    st.s[po(0) + L.P_ONETIME] = 0x0F
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == MECHS_OR_RECRUITS and stars(st, 0) == 1


def test_three_encounter_tokens_claimed():
    # "Place a star for claiming 3 encounter tokens."
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL), mods=PEACE)
    assert fenris.encounters(st, 0) == 0
    st.s[fenris.f0(st) + L.F_ENC] = 2            # 2 claimed before
    put(st, 0, L.U_CHARACTER, H(41))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(42), 0)                   # an encounter token
    assert st.s[po(0) + L.P_STARS] == 0
    st.apply_checked(L.MOVE_DONE, 0)
    assert st.decision() == L.K_TERM             # claimed: the star before the encounter's terms
    assert fenris.encounters(st, 0) == 3 and fenris.encounters(st, 1) == 0
    assert st.s[po(0) + L.P_STARS] == ENC3 and stars(st, 0) == 1


def test_thirteen_popularity():
    # "Place a star for achieving 13 popularity."
    st = started((NORDIC, POLANIA), mods=PEACE)
    set_player(st, 0, pop=12)
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == 0
    set_player(st, 0, pop=13)
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == POP13


def test_a_factory_card_star_at_the_end_of_the_turn():
    # "Place a star for gaining a Factory card (place your star on the same turn that you gain
    # the Factory card)." At the end of that turn (docs/fenris.md D5).
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL), mods=PEACE)
    put(st, 0, L.U_CHARACTER, H(37))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(30), 0)                   # the Factory
    st.apply_checked(L.MOVE_DONE, 0)
    st.apply_checked(4, 0)                       # its card
    assert st.s[po(0) + L.P_FACTORY] == 4 and st.decision() == L.K_BOTTOM
    assert st.s[po(0) + L.P_STARS] == 0
    _end_turn(st, 0)
    assert st.s[po(0) + L.P_STARS] == FACTORY and st.active_player() == 1


def test_sixteen_resources_on_several_territories():
    # "Place a star for controlling 16 total resources (these resources do not need to be on the
    # same territory)." Placed as soon as it is met, whatever changed it.
    st = started((NORDIC, POLANIA), mods=PEACE)
    put(st, 0, L.U_WORKER + 2, H(22))
    put(st, 0, L.U_WORKER + 3, H(23))
    set_res(st, H(22), oil=8)
    set_res(st, H(23), wood=7)
    begin_turn(st, 0)
    assert st.s[po(0) + L.P_STARS] == 0 and fenris.resources(st, 0) == 15
    set_res(st, H(23), wood=8)
    begin_turn(st, 0)                            # no STARS_DIRTY: control is looked at anyway
    assert st.s[po(0) + L.P_STARS] == RES16


def test_no_stars_for_combat_victories_or_sixteen_power():
    # "No stars are placed for combat victories or 16 power." Saxony too: its 3rd objective card
    # "compensates for the removal of combat stars".
    for fac in (NORDIC, SAXONY):
        st = started((fac, POLANIA), (MECHANICAL, INDUSTRIAL), mods=PEACE)
        win_attack(st)
        assert st.s[po(0) + L.P_UNITS] == H(28)   # won: the character stayed
        assert st.s[po(0) + L.P_COMBAT_STARS] == 0 and stars(st, 0) == 0, fac
        assert st.check() is None
    st = started((NORDIC, POLANIA), mods=PEACE)
    set_player(st, 0, power=16)
    _dirty(st)
    assert stars(st, 0) == 0


def test_the_game_ends_at_the_sixth_star_on_the_peace_track():
    # "The game ends immediately when a player places their 6th star on the Peace Triumph Track."
    st = started((NORDIC, POLANIA), mods=PEACE)
    st.s[po(0) + L.P_STARS] = MECHS_OR_RECRUITS | UPGRADES | STRUCTURES
    st.s[po(0) + L.P_OBJ_STARS] = 2
    st.s[po(0) + L.P_OBJ_HELD] = 2
    for c in (0, 1):
        st.s[L.OBJ_OUT] |= 1 << c
    set_player(st, 0, pop=13)
    _dirty(st)
    assert st.is_terminal() and stars(st, 0) == 6 and st.winners()


def test_the_base_game_keeps_its_objective_rules():
    # Base: "the Saxon player, who can achieve up to 2 objective stars" (D1: Dominate "no limit"
    # gives the same games: Saxony holds 2 cards and never draws).
    st = started((SAXONY, NORDIC))
    begin_turn(st, 0)
    st.apply_checked(0, 0)
    _reveal(st, 0, 3)
    _reveal(st, 0, 4)
    assert st.s[po(0) + L.P_OBJ_STARS] == 2 and st.s[po(0) + L.P_OBJ_HELD] == 0
    assert L.O_OBJ1 not in st.legal_actions()


def test_random_peace_games_keep_every_count_and_end():
    from firmware.rules import registry

    rs = registry.load("scythe")

    def redrawn(st, n):   # the others' cards, drawn again
        if st.decision() == L.K_SECTION:
            me = st.current_player()
            copy = rs.determinise(st, me, Rng(n))
            assert held_objectives(copy, me) == held_objectives(st, me)
            for q in range(st.n_players()):
                assert len(held_objectives(copy, q)) == len(held_objectives(st, q))
                assert C.OBJ_23 not in held_objectives(copy, q)

    for seed, cards in ((1, 1), (2, 0)):
        st = rs.new_game(started().board, 1 + 2 * seed - cards, {"peace": [1], "cards": [cards]})
        play_out(rs, st, seed, 8000, 29, redrawn if cards else None)
        for p in range(st.n_players()):
            assert st.s[po(p) + L.P_COMBAT_STARS] == 0
            assert st.s[po(p) + L.P_OBJ_STARS] <= 2 or st.s[po(p) + L.P_FACTION] == SAXONY
        assert max(stars(st, p) for p in range(st.n_players())) == 6
        assert st.check() is None


def test_structures_and_workers_keep_their_base_stars():
    # Peace changes only the categories it lists: "4 mechs OR 4 recruits", objectives, encounters,
    # popularity, Factory card, resources; upgrades, structures and workers stay.
    st = started((NORDIC, POLANIA), mods=PEACE)
    for i in range(4):
        build(st, 0, i, H(20 + i))
    for i in range(8):
        put(st, 0, L.U_WORKER + i, H(5))
    _dirty(st)
    assert st.s[po(0) + L.P_STARS] == STRUCTURES | WORKERS
