# Episode 5 of The Rise of Fenris, "Factory Fortress" (the `fortress` module, docs/campaign.md),
# at the table: its nine Influence tokens are tagged pieces, a worker sent home from the Factory
# is moved home by hand, and the combat with the Annihilator takes the player's secret dial alone.
# The rules themselves: tests/rules/test_fenris_fortress.py.
from firmware.board.light_codes import L_FIX
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
    rig.choose(0, 3)                 # the Annihilator's power: the first die
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
