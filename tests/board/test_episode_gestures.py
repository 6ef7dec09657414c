# The Rise of Fenris campaign's episode rules at the table (docs/campaign.md). Episode 5, "Factory
# Fortress" (the `fortress` module): its nine Influence tokens are tagged pieces, a worker sent home
# from the Factory is moved home by hand, and the combat with the Annihilator takes the player's
# secret dial alone. A campaign's Perks (the `perks` module): the territory touched with the wand,
# the new worker put there. Episode 2a (the `warsetup` module): the structures chosen on the dial
# and the extra workers set down. The rules themselves: tests/rules/test_fenris_fortress.py,
# test_fenris_perks.py, test_fenris_warsetup.py.
from firmware.board.light_codes import L_FIX, L_SELECTED, L_TARGET
from firmware.hosts.bench import Bench
from firmware.rng import Rng
from firmware.rules.ruleset import OFF_BOARD
from firmware.rules.scythe import common
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.board import T_LAKE
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET

from ..rules.scythe_support import begin_turn, put, take_top
from ..rules.test_fenris_fortress import _game, _tokens, _tunnel
from ..rules.test_fenris_perks import _starts
from .test_scythe_gestures import board_def


def _moving(st, p, u, x):
    """p's Move taken, its unit u on x: the table's turn to lift it."""
    put(st, p, u, x)
    st.s[po(p) + L.P_LAST] = 255
    begin_turn(st, p)
    take_top(st, p, C.TA_MOVE)
    return Bench(board_def(), st, Rng(1))


def _next_to_factory(st):
    b = st.board
    return [z for z, e in b.neighbours(b.factory) if e == 0 and b.terrain[z] != T_LAKE][0]


def test_the_nine_tokens_are_pieces_and_a_token_gained_is_lifted_off_the_board():
    # "Place 1 Influence token on each tunnel (6 total) and on each of the three land territories
    # adjacent to the Factory (3 total)." "Whenever a unit ... moves to a territory containing an
    # Influence token, the unit's movement ends and you gain the Influence token".
    st = _game()
    on = _tokens(st)
    y, x = _tunnel()
    rig = _moving(st, 0, L.U_WORKER, x)
    for k in range(9):
        assert rig.expected()[L.INFL_TAG + k] == on[k] and rig.where_tag(L.INFL_TAG + k) == on[k]
    tok = L.INFL_TAG + on.index(y)
    t = RULESET.tag_of(0, L.U_WORKER)
    rig.lift_tag(t)
    rig.place_tag(t, y)
    assert rig.expected()[tok] == OFF_BOARD   # gained: the game has it off the board
    rig.run(1000)
    assert rig.ctl.gestures.mismatch and y in rig.lit(L_FIX)   # still standing on y
    before = bytes(rig.st.s)
    rig.lift_tag(tok)
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch and rig.lit(L_FIX) == [] and bytes(rig.st.s) == before


def test_a_worker_sent_home_from_the_factory_blinks_until_the_table_moves_it_home():
    # "If you moved a worker onto the Factory by itself, it returns to your base." The board rolls
    # the two dice of Box C; the finder chooses one on the dial; the worker is then home in the
    # game, and its piece on the Factory and its home blink until it is put there.
    st = _game()
    b = st.board
    rig = _moving(st, 0, L.U_WORKER + 1, _next_to_factory(st))
    t = RULESET.tag_of(0, L.U_WORKER + 1)
    rig.lift_tag(t)
    rig.place_tag(t, b.factory)
    assert rig.st.decision() == L.K_ANN_DIE and rig.st.current_player() == 0   # the dice rolled
    rig.choose(0, rig.st.legal_actions()[0])
    home = b.home[common.faction(rig.st, 0)]
    assert rig.st.s[po(0) + L.P_UNITS + L.U_WORKER + 1] == home
    rig.run(3000)
    assert rig.lit(L_FIX) == sorted((home, b.factory))
    after = bytes(rig.st.s)
    rig.lift_tag(t)
    rig.place_tag(t, home)
    rig.run(3000)
    assert rig.lit(L_FIX) == [] and not rig.ctl.gestures.mismatch and bytes(rig.st.s) == after


def test_the_annihilators_combat_takes_the_players_secret_dial_alone():
    # "draw the top 4 cards from the combat card deck and add them to the Annihilator's power" (it
    # has no dial): the player's power and card go on its dial, secret until it locks; then the
    # board draws the Annihilator's cards and the combat is over.
    st = _game()
    b = st.board
    o = po(0)
    st.s[o + L.P_POWER] = 7
    st.s[o + L.P_NCARDS] = 2
    st.changed()
    rig = _moving(st, 0, L.U_CHARACTER, _next_to_factory(st))
    t = RULESET.tag_of(0, L.U_CHARACTER)
    rig.lift_tag(t)
    rig.place_tag(t, b.factory)
    assert rig.st.decision() == L.K_ANN_DIE   # the board rolled the two dice
    rig.choose(0, rig.st.legal_actions()[0])   # the Annihilator's power: one of them
    rig.choose(0, L.MOVE_DONE)
    if rig.st.decision() == L.K_COMBAT_AT:
        rig.choose(0, b.factory)
    assert rig.st.decision() == L.K_DIAL and rig.st.current_player() == 0
    before = bytes(rig.st.s)
    rig.choose(0, 7)
    assert bytes(rig.st.s) == before                     # held by the dial, not committed
    assert rig.ctl.options(0) == [0, 2, 3, 4, 5]         # then a card of any plausible value
    rig.choose(0, 5)                 # a card of 5 (the character's one slot): locked, committed
    rig.run(3000)
    st = rig.st
    assert st.s[o + L.P_POWER] == 0                      # the 7 spent
    assert sum(st.s[L.DISCARD:L.DISCARD + 4]) == 5        # the card of 5 and its 4, drawn by the board
    if st.is_terminal():                                   # won: the card spent
        assert st.s[o + L.P_NCARDS] == 1
    else:                                                  # lost: home, and a card drawn
        assert st.s[o + L.P_UNITS + L.U_CHARACTER] == b.home[common.faction(st, 0)]
        assert st.s[o + L.P_NCARDS] == 2


def _to_perk_territory(perks):
    """A 2-player game with Perks (the `perks` module) set up by the rules up to the first
    K_PERK_AT: seat p's Perk perks[p], the first option elsewhere (the +2 resources: wood, then
    metal)."""
    from firmware.rules.scythe.ruleset import RULESET as R

    from ..rules.scythe_support import board

    st = R.new_game(board(), 2, {"perks": [1]})
    rng = Rng(1)
    picks = [3, 1]
    while st.decision() != L.K_PERK_AT:
        k = st.decision()
        if k == L.K_PERK:
            st.apply_checked(perks[st.s[L.SETUP_I]], -1)
        elif st.current_player() < 0:
            st.apply(rng.weighted(st.chance_outcomes()))
        elif k == L.K_PERK_RES:
            st.apply_checked(picks.pop(0), st.current_player())
        else:
            st.apply_checked(st.legal_actions()[0], st.current_player())
    return st


def test_the_worker_perks_territory_is_touched_with_the_wand_and_its_worker_put_there():
    # "For the +1 Worker Perk, place it on one of your starting territories." At the table: the
    # two starting territories lit blue, the wand touches one, and the new worker is expected there
    # until the table puts it down.
    st = _to_perk_territory([L.PERK_NONE, 1])
    p = st.current_player()
    starts = _starts(st, p)
    rig = Bench(board_def(), st, Rng(1))
    assert sorted(rig.lit(L_TARGET) + rig.lit(L_SELECTED)) == starts   # (the dial points at one)
    o = po(p) + L.P_UNITS + L.U_WORKER
    before = [rig.st.s[o + i] for i in range(8)]
    rig.wand(starts[1])
    after = [rig.st.s[o + i] for i in range(8)]
    new = [i for i in range(8) if before[i] == L.NOWHERE and after[i] == starts[1]]
    assert len(new) == 1 and rig.st.decision() != L.K_PERK_AT
    t = RULESET.tag_of(p, L.U_WORKER + new[0])
    assert rig.expected()[t] == starts[1] and rig.where_tag(t) == -1   # (not on the table yet)
    rig.run(1000)
    assert rig.ctl.gestures.mismatch and starts[1] in rig.lit(L_FIX)
    rig.place_tag(t, starts[1])
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch and rig.lit(L_FIX) == []


def test_the_resources_perk_goes_on_the_territory_the_wand_touches():
    # "For the +2 resources Perk, place the resources you choose on one of your starting
    # territories." The two resources chosen on the dial (here by the rules, before the board),
    # then the territory by the wand; resources are not pieces: nothing is expected to move.
    st = _to_perk_territory([0, L.PERK_NONE])
    p = st.current_player()
    starts = _starts(st, p)
    rig = Bench(board_def(), st, Rng(1))
    assert sorted(rig.lit(L_TARGET) + rig.lit(L_SELECTED)) == starts   # (the dial points at one)
    rig.wand(starts[0])
    x = starts[0]
    assert [rig.st.s[L.RES0 + 4 * x + r] for r in range(4)] == [0, 1, 0, 1]
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch


def test_episode_2a_extra_workers_and_a_structure_chosen_on_the_dial_are_put_down_by_the_table():
    # "Place 1 additional worker on each of your starting territories." "Place 1 structure on each
    # of your starting territories." (each seat in turn, docs/campaign.md) At the table: the
    # structure is chosen on the dial, then expected on the territory, blinking until the table
    # puts it down; the next seat's extra workers are tagged pieces expected on its starting
    # territories, blinking until put there.
    from ..rules.scythe_support import board

    st = RULESET.new_game(board(), 2, {"war": [1], "rivals": [1], "warsetup": [1]})
    rig = Bench(board_def(), st, Rng(3))   # the board deals factions and mats, then asks
    assert rig.st.decision() == L.K_BUILD_WHICH
    p = rig.st.current_player()
    q = 1 - p
    workers = [RULESET.tag_of(p, L.U_WORKER + i) for i in range(8)]
    on = sorted(rig.where_tag(t) for t in workers if rig.where_tag(t) >= 0)
    assert on == sorted(_starts(rig.st, p) * 2)
    first = rig.st.board.start[2 * common.faction(rig.st, p)]
    which = 3 if 3 in rig.st.legal_actions() else rig.st.legal_actions()[0]
    rig.choose(rig.ctl.dial_of(p), which)
    t = RULESET.tag_of(p, L.N_UNITS + which)   # a structure's tag: after the player's 13 units
    assert rig.st.s[po(p) + L.P_STRUCT + which] == first and rig.expected()[t] == first
    rig.run(1000)
    assert rig.ctl.gestures.mismatch and first in rig.lit(L_FIX)
    rig.place_tag(t, first)
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch and rig.lit(L_FIX) == []
    structures = [RULESET.tag_of(p, L.N_UNITS + k) for k in range(4)]
    while rig.st.current_player() == p:   # the rest of p's setup: its second structure, its upgrades
        rig.choose(rig.ctl.dial_of(p), rig.st.legal_actions()[0])
        for t in structures:   # (put down by hand; rig.tidy() would set q's new workers down too)
            if rig.expected()[t] != OFF_BOARD and rig.where_tag(t) != rig.expected()[t]:
                rig.place_tag(t, rig.expected()[t])
    assert rig.st.s[L.STAGE] == L.ST_WARSETUP
    theirs = [RULESET.tag_of(q, L.U_WORKER + i) for i in range(8)]
    waiting = [t for t in theirs if rig.expected()[t] != OFF_BOARD and rig.where_tag(t) < 0]
    starts = _starts(rig.st, q)
    assert sorted(rig.expected()[t] for t in waiting) == starts   # one more on each
    rig.run(1000)
    assert rig.ctl.gestures.mismatch and all(x in rig.lit(L_FIX) for x in starts)
    rig.tidy()   # the table sets them down
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch and rig.lit(L_FIX) == []
