# pyright: reportAttributeAccessIssue=false
# Mech Mods (docs/fenris.md 1.1, S15; the Module Chart and "Mech Mods" of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): 4 drawn at setup without
# duplicates, up to 2 placed over the faction mat's printed abilities, the rest discarded; a
# deployed mech gives the mod's ability instead of the printed one. CPython and the MicroPython
# unix port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_mods as MM
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import common
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from firmware.rules.scythe.tables import MECH_ABILITIES
from tests.rules.scythe_support import (CRIMEA, INDUSTRIAL, MECHANICAL, NORDIC, RUSVIET, H, attack, board,
                                        play_out, put, started)

MODS = C.MOD_MECHMODS
BITS = {"Township": 4, "Underpass": 5, "Artillery": 7, "Scout": 9, "Camaraderie": 11, "Sword": 14}


def _game(factions=(NORDIC, RUSVIET), mods=MODS):
    """Past the draws of seat 0 (the board's first 4 options: started() takes them)."""
    return started(factions, (MECHANICAL, INDUSTRIAL, 0, 3, 6)[:len(factions)], mods=mods)


def _draws(st, p):
    """Seat p's 4 draws, the first option each time; then its K_MOD_SLOT is next."""
    for _ in range(4):
        assert st.decision() == L.K_MOD_DRAWN and st.current_player() == -1
        st.apply_checked(st.legal_actions()[0])
    assert st.decision() == L.K_MOD_SLOT and st.current_player() == p


def test_four_are_drawn_without_duplicates_of_the_draw_or_the_mat():
    # Module Chart: "draw 4 Mech Mods at random (redraw duplicates)"; Mech Mods: "discard any
    # duplicates (e.g., from your draw, Mods you already have, and abilities on your current
    # faction mat)". Nordic's mat prints Artillery: never drawn; each draw differs.
    from firmware.rules.scythe.fenris import new_game

    st = new_game(board(), 2, True, MODS)
    while st.decision() != L.K_MOD_DRAWN:
        k = st.decision()
        st.apply((NORDIC, RUSVIET)[st.s[L.SETUP_I]] if k == L.K_DEAL_FACTION else st.legal_actions()[0])
    assert st.s[L.STAGE] == L.ST_MODS and st.s[po(0) + L.P_FACTION] == NORDIC
    seen = []
    for _ in range(4):
        opts = st.legal_actions()
        assert BITS["Artillery"] not in opts and not set(seen) & set(opts), (opts, seen)
        assert sorted(opts) == sorted(b for b in MM.PLAYED if b != BITS["Artillery"] and b not in seen)
        assert len(st.chance_outcomes()) == len(opts)
        st.apply_checked(opts[-1])
        seen.append(opts[-1])
    assert sorted(MM.drawn(st)) == sorted(seen) and len(set(seen)) == 4


def test_up_to_two_are_placed_over_printed_abilities_and_the_rest_discarded():
    # "place up to 2 of them on your faction mat. Discard all Mech Mods you neither choose nor
    # place."
    st = _game()
    got = MM.drawn(st)
    assert st.legal_actions() == [0, 1, 2, 3, L.MOD_SKIP]
    st.apply_checked(1, 0)                   # the first drawn over slot 1
    assert st.legal_actions() == [0, 2, 3, L.MOD_SKIP]   # a slot holds one mod
    st.apply_checked(L.MOD_SKIP, 0)          # the second discarded
    st.apply_checked(3, 0)                   # the third over slot 3: two placed, no third asked
    assert st.decision() == L.K_MOD_DRAWN and st.s[L.SETUP_I] == 1
    assert [MM.slot(st, 0, j) for j in range(4)] == [-1, got[0], -1, got[2]]
    assert MM.drawn(st) == [] and MM.placed(st, 0) == 2   # the others discarded
    assert st.check() is None


def test_none_may_be_placed():
    # "place up to 2": none is allowed; the printed abilities stay.
    st = _game()
    for _ in range(4):
        st.apply_checked(L.MOD_SKIP, 0)
    assert MM.placed(st, 0) == 0 and st.decision() == L.K_MOD_DRAWN and st.s[L.SETUP_I] == 1


def _placed(slots):
    """Seat 0 (Nordic) placed its first drawn mods over the slots given; seat 1 none; the first
    turn next."""
    st = _game()
    drawn = MM.drawn(st)
    for j in slots:
        st.apply_checked(j, 0)
    while st.decision() == L.K_MOD_SLOT and st.current_player() == 0:
        st.apply_checked(L.MOD_SKIP, 0)
    _draws(st, 1)
    while st.decision() == L.K_MOD_SLOT:
        st.apply_checked(L.MOD_SKIP, 1)
    assert st.decision() == L.K_SECTION
    return st, drawn


def test_a_deployed_mech_gives_the_mod_not_the_printed_ability():
    # "These 41 tokens provide variable mech abilities that replace the abilities on your
    # faction mat." Nordic's slot 2 prints Speed; with a mod over it, mech 3 gives the mod.
    st, drawn = _placed((2,))
    row = 4 * NORDIC
    assert MECH_ABILITIES[row + 2] == C.M_SPEED
    put(st, 0, L.U_MECH + 2, st.s[po(0) + L.P_UNITS + L.U_CHARACTER])
    assert common.abilities(st, 0) == 1 << drawn[0] and not common.abilities(st, 0) & C.M_SPEED
    put(st, 0, L.U_MECH + 0, st.s[po(0) + L.P_UNITS + L.U_CHARACTER])
    assert common.abilities(st, 0) == (1 << drawn[0]) | MECH_ABILITIES[row]   # slot 0: printed Riverwalk
    assert common.abilities(st, 1) == 0
    put(st, 1, L.U_MECH + 2, st.s[po(1) + L.P_UNITS + L.U_CHARACTER])
    assert common.abilities(st, 1) == MECH_ABILITIES[4 * RUSVIET + 2]   # no mod: the printed Speed


def _ready(factions):
    """Every seat skipped its mods: the first turn next."""
    st = _game(factions)
    while st.decision() != L.K_SECTION:
        k = st.decision()
        st.apply_checked(L.MOD_SKIP if k == L.K_MOD_SLOT else st.legal_actions()[0], st.current_player())
    return st


def test_sword_makes_the_defender_lose_2_power():
    # Sword (data, medium: Invaders from Afar's text): "as attacker, defender loses 2 power"
    # (docs/fenris.md 1.1: at the start of the combat, as Disarm). Nordic's slot 3 prints
    # Artillery (not used: the attacker has no power to pay).
    for sword, deployed, power in ((True, True, 3), (True, False, 5), (False, True, 5)):
        st = _ready((NORDIC, CRIMEA))
        x = len(st.s) - L.TAIL - L.F_SIZE + L.F_MECH
        if sword:
            st.s[x + 3] = BITS["Sword"] + 1
        if deployed:
            put(st, 0, L.U_MECH + 3, H(27))   # stays behind: the ability is the faction's units'
        attack(st, 27, 28, (0, 5))
        assert st.decision() == L.K_DIAL, st.decision()
        assert st.s[po(1) + L.P_POWER] == power, (sword, deployed)


def test_random_mech_mod_games_keep_the_check_and_round_trip():
    # The slots stay within the played mods, 2 at most, never a printed ability of the mat.
    from firmware.rules.scythe.fenris import new_game

    placed = 0
    for seed, n, model in ((0, 2, True), (1, 3, False), (2, 5, True)):
        st = new_game(board(), n, model, MODS | (C.MOD_WAR if seed == 2 else 0))
        play_out(RULESET, st, seed, 40000, 5)
        placed += sum(MM.placed(st, p) for p in range(n))
    assert placed >= 4
