# Scythe setup (rulebook "Setup"): 2-5 players (solo needs the Automa deck, not in the
# sources), faction and player mats dealt, starting power, combat cards, popularity and
# coins, the character on its home base and a worker on each start territory, two
# objective cards each, encounter tokens, the lowest mat number starts.
from firmware.rules.errors import SetupError
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, deck_size, hand_size, po
from firmware.rules.scythe.engine import new_game
from tests.rules.scythe_support import (AGRICULTURAL, CRIMEA, ENGINEERING, INDUSTRIAL,
                                        MECHANICAL, NORDIC, PATRIOTIC, POLANIA, RUSVIET,
                                        SAXONY, H, board, started)


def test_setup_takes_two_to_five_players():
    for n in (1, 6):
        try:
            new_game(board(), n)
        except SetupError:
            continue
        raise AssertionError("%d players accepted" % n)
    assert new_game(board(), 5).current_player() == -1


def test_factions_and_mats_are_dealt_by_chance_without_repeats():
    st = new_game(board(), 3)
    assert st.decision() == L.K_DEAL_FACTION
    assert st.legal_actions() == [0, 1, 2, 3, 4]      # the base game's five factions
    st.apply(SAXONY)
    assert SAXONY not in st.legal_actions()
    st.apply(NORDIC)
    st.apply(POLANIA)
    assert st.decision() == L.K_DEAL_MAT
    assert st.legal_actions() == [INDUSTRIAL, ENGINEERING, PATRIOTIC, MECHANICAL, AGRICULTURAL]


def test_starting_power_cards_popularity_and_coins_come_from_the_mats():
    st = started((SAXONY, CRIMEA, NORDIC), (AGRICULTURAL, INDUSTRIAL, PATRIOTIC))
    s = st.s
    assert [s[po(p) + L.P_POWER] for p in range(3)] == [1, 5, 4]
    assert [hand_size(st, p) for p in range(3)] == [4, 0, 1]
    assert [s[po(p) + L.P_POP] for p in range(3)] == [4, 2, 2]
    assert [coins(st, p) for p in range(3)] == [7, 4, 6]


def test_character_on_home_base_and_a_worker_on_each_start_territory():
    st = started((RUSVIET, POLANIA), (MECHANICAL, ENGINEERING))
    s = st.s
    assert s[po(0) + L.P_UNITS + L.U_CHARACTER] == H(4)     # Rusviet's home base
    assert sorted(s[po(0) + L.P_UNITS + L.U_WORKER:po(0) + L.P_UNITS + L.U_WORKER + 2]) == [H(26), H(33)]
    assert sorted(s[po(1) + L.P_UNITS + L.U_WORKER:po(1) + L.P_UNITS + L.U_WORKER + 2]) == [H(21), H(27)]
    assert all(s[po(0) + L.P_UNITS + L.U_WORKER + i] == L.NOWHERE for i in range(2, 8))
    assert all(s[po(0) + L.P_UNITS + L.U_MECH + i] == L.NOWHERE for i in range(4))


def test_the_lowest_player_mat_number_starts():
    st = started((NORDIC, RUSVIET, CRIMEA), (AGRICULTURAL, ENGINEERING, MECHANICAL))
    assert st.current_player() == 1 and st.decision() == L.K_SECTION


def test_each_player_holds_two_objectives_and_every_encounter_has_a_token():
    st = started((NORDIC, SAXONY))
    s = st.s
    assert [s[po(p) + L.P_OBJ_HELD] for p in range(2)] == [2, 2]   # counts: numbers unknown
    assert bytes(s[L.OBJ_OUT:L.OBJ_OUT + 3]) == bytes(3)          # none revealed
    assert s[L.ENC] == 0xFF and s[L.ENC + 1] == 0x07      # 11 tokens


def test_starting_combat_cards_are_counts_drawn_without_a_decision():
    st = new_game(board(), 2)
    st.apply(SAXONY)
    st.apply(NORDIC)
    st.apply(INDUSTRIAL)
    st.apply(ENGINEERING)
    assert st.decision() == L.K_DEAL_TILE                 # the only deal left
    assert hand_size(st, 0) == 4 and hand_size(st, 1) == 1 and deck_size(st) == 42 - 5
