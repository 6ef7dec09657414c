# Move: each Seeker up to 2 spaces without carrying or 1 space carrying; stop on entering an
# opponent's space; portal to portal is one step; the castle only for a delivery.
from firmware.rules.mls import view
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import A_MOVE, K_CARRY, K_CARRY_GEMS, K_MOVE, S_MOVE
from firmware.rules.mls.layout import carry_code, move_action, move_seeker
from firmware.rules.errors import IllegalDecisionError

from .support import CAMP, board, dests, move, raises, scenario

CASTLE = 18
PORTALS = [6, 10, 13, 23, 26, 30]


def _within(origin, steps):
    """Independent oracle: spaces at most `steps` from origin on an empty board (castle excluded)."""
    table = board().distance_table()
    return sorted(x for x in range(board().n_spaces) if table[origin][x] <= steps)


def _moving(st):
    st.apply_checked(A_MOVE)
    return st


def test_map_has_37_spaces_6_portals_and_the_castle_in_the_middle():
    b = board()
    assert b.n_spaces == 37
    assert sorted(b.portals) == PORTALS
    assert b.castle == CASTLE
    assert [len(r) for r in b.region_spaces] == [5, 5, 5, 5, 5, 5]


def test_move_without_carrying_reaches_every_space_within_two_steps():
    st = _moving(scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}))
    assert dests(st, 0) == _within(31, 2)


def test_move_carrying_reaches_only_one_step():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (2, 1)}))
    st.apply_checked(move_action(0, 5))   # one step: the board asks what it carried
    assert st.decision() == K_CARRY and st.legal_actions() == [0, 1, 2]      # apples
    st.apply_checked(2)
    assert st.decision() == K_CARRY_GEMS and st.legal_actions() == [0, 1]    # then gems
    st.apply_checked(1)
    assert st.apples(5) == 2 and st.gems(5) == 1 and st.apples(11) == 0
    st2 = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (2, 1)}))
    far = [d for d in _within(11, 2) if d not in _within(11, 1)][0]
    move(st2, 0, far)   # two steps: nothing can have been carried, so nothing is asked
    assert st2.decision() == K_MOVE
    assert st2.apples(11) == 2 and st2.apples(far) == 0


def test_carried_goods_move_with_the_seeker():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (2, 1)}))
    move(st, 0, 12, carry=carry_code(1, 1))
    assert (st.apples(11), st.gems(11)) == (1, 0)
    assert (st.apples(12), st.gems(12)) == (1, 1)
    assert st.seekers(0)[0] == 12


def test_carrying_more_than_the_space_holds_is_illegal():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (2, 0)}))
    st.apply_checked(move_action(0, 12))
    raises(IllegalDecisionError, st.apply_checked, 3)
    assert st.apples(11) == 2


def test_seekers_leave_camp_through_the_three_front_spaces():
    st = _moving(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}))
    front = board().camp_fronts[view.camp_site(st, 0)]
    one = set(front)
    two = set(one)
    for f in front:
        two.update(_within(f, 1))
    assert dests(st, 0) == sorted(two) + [CAMP]


def test_stop_on_entering_an_opponents_space():
    # 15 is a corner: its three neighbours hold opponents, so the Seeker can only reach them.
    st = _moving(scenario(seekers={0: (15, CAMP), 1: (16, 9)}, players=3, goods={}))
    assert 22 in dests(st, 0)
    st = _moving(scenario(players=3, seekers={0: (15, CAMP), 1: (16, 9), 2: (22, CAMP)}))
    assert dests(st, 0) == [9, 15, 16, 22]


def test_portal_to_portal_is_one_step():
    st = _moving(scenario(seekers={0: (10, CAMP), 1: (CAMP, CAMP)}, goods={10: (1, 0)}))
    one_step = [d for d in dests(st, 0)]
    for p in PORTALS:
        assert p in one_step
    assert st.carry_options(0, 30) == [0, 1]   # a portal jump is one step: carrying is allowed


def test_castle_is_never_entered_without_a_delivery():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (3, 3)}))
    assert CASTLE not in dests(st, 0)
    raises(IllegalDecisionError, st.apply_checked, move_action(0, CASTLE))


def test_castle_is_not_crossed_on_the_way_elsewhere():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}))
    # 25 is two steps through the castle but farther around it.
    assert board().distance_table()[11][25] > 2
    assert 25 not in dests(st, 0)


def test_portal_express_gives_each_seeker_one_free_portal_jump():
    st = scenario(seekers={0: (4, CAMP), 1: (CAMP, CAMP)}, goods={4: (1, 0)})
    plain = _moving(st.clone())
    ed.set_tile(st, 0, S_MOVE, 0)   # tile 0 is Portal Express in the shipped data
    ed.begin_turn(st, 0)
    st = _moving(st)
    # Carrying: one step to portal 10, then the free jump to portal 26.
    assert plain.carry_options(0, 26) == [0]
    assert st.carry_options(0, 26) == [0, 1]
    # Without carrying: 4 -> 10 -> (free) 26 -> 31 is two paid steps.
    assert board().distance_table()[4][31] == 3
    assert 31 not in dests(plain, 0) and 31 in dests(st, 0)


def test_perft_both_seekers_from_camp():
    # 8 spaces within two steps of the camp plus staying: 9 each, either Seeker first.
    st = _moving(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}))
    assert len(st.legal_actions()) == 18
    assert move_combinations(st) == 2 * 9 * 9


def test_perft_carrying_multiplies_one_step_destinations():
    st = _moving(scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (1, 1)}))
    d2 = len(_within(11, 2))
    one_step = len(_within(11, 1)) - 1            # without staying
    per_seeker0 = d2 - one_step + one_step * 4     # (0..1 apples) x (0..1 gems) on one step
    assert len([a for a in st.legal_actions() if move_seeker(a) == 0]) == d2
    assert move_combinations(st) == 2 * per_seeker0 * 9


def move_combinations(st):
    """Number of distinct decision sequences of the Move until the Seekers have both moved."""
    if st.decision() not in (K_MOVE, K_CARRY, K_CARRY_GEMS):
        return 1
    total = 0
    for a in st.legal_actions():
        c = st.clone()
        c.apply(a)
        total += move_combinations(c)
    return total
