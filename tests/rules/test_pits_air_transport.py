# Air Transport (Pie in the Sky's Move power-up, named in its rulebook): during a Move action
# the airship may go with a Seeker that leaves its space (K_AIR_TRANSPORT: 0 stays, 1 goes),
# carrying goods as in any move. It never goes into the castle or onto a camp, nor through a
# portal jump (the airship cannot teleport): only to a space one or two neighbouring steps away.
# Without the tile the airship never moves with a Move action.
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import A_MOVE, A_SEEK_1, K_AIR_TRANSPORT, K_MOVE, S_MOVE

from .support import CAMP, move, pits_scenario

SHIP = 19


def _air_transport_tile(st):
    return [t for t, tile in enumerate(st.content.power_ups) if tile[0] == "Air Transport"][0]


def _game(tile=True, seekers=None, goods=None):
    st = pits_scenario(2, seekers=seekers or {0: (SHIP, CAMP), 1: (35, CAMP)}, goods=goods,
                       airship=SHIP, last={0: A_SEEK_1})
    if tile:
        ed.set_tile(st, 0, S_MOVE, _air_transport_tile(st))
        ed.begin_turn(st, 0)
    st.apply_checked(A_MOVE)
    return st


def test_air_transport_takes_the_airship_with_a_seeker_leaving_its_space():
    st = _game()
    move(st, 0, 21)   # two steps east
    assert st.decision() == K_AIR_TRANSPORT and st.current_player() == 0
    assert st.legal_actions() == [0, 1]
    st.apply_checked(1)
    assert st.airship() == 21 and st.decision() == K_MOVE


def test_the_seeker_carries_goods_onto_the_airships_new_space():
    st = _game(goods={SHIP: (2, 0, 0)})
    move(st, 0, 20, 2)
    st.apply_checked(1)
    assert st.airship() == 20 and st.apples(20) == 2 and st.apples(SHIP) == 0


def test_the_airship_may_stay():
    st = _game()
    move(st, 0, 20)
    st.apply_checked(0)
    assert st.airship() == SHIP


def test_without_air_transport_the_airship_never_moves_with_a_move_action():
    st = _game(tile=False)
    move(st, 0, 20)
    assert st.decision() != K_AIR_TRANSPORT and st.airship() == SHIP


def test_only_a_seeker_leaving_the_airships_space_takes_it():
    st = _game(seekers={0: (20, CAMP), 1: (35, CAMP)})
    move(st, 0, 21)
    assert st.decision() != K_AIR_TRANSPORT and st.airship() == SHIP


def test_the_airship_does_not_go_through_a_portal_jump():
    st = _game(seekers={0: (13, CAMP), 1: (35, CAMP)})
    st.s[st.x0] = 13   # the airship on the portal 13 with the Seeker
    move(st, 0, 30)    # a portal jump
    assert st.decision() != K_AIR_TRANSPORT and st.airship() == 13
