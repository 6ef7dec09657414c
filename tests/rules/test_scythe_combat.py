# Scythe combat (rulebook "Combat"): after the Move, where the attacker's character or mech
# shares a territory with an opponent's; secret power on the dial (0-7, at most the power
# track), a combat card per character and mech; the attacker wins ties; the loser's units go
# home, their resources stay; the loser who revealed power draws a card; the winner's star
# (2 at most, Saxony without limit); the attacker who wins loses 1 popularity per worker sent
# home; several combats in the order the attacker chooses. Combat cards are counts: a card
# added behind the dial is a value the player states, refused with an empty hand or when no
# card of that value can be left in a hand; at the reveal the cards go to the discard pile
# by value.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import hand_size, po
from firmware.rules.errors import IllegalDecisionError
from tests.rules.support import raises
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, PATRIOTIC, POLANIA, RUSVIET, SAXONY,
                                        H, begin_turn, put, set_player, set_res, started, take_top)


def _attack(st, moves):
    """Player 0 (Mechanical mat) moves (unit, space) pairs and ends the Move."""
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    for u, x in moves:
        st.apply_checked(u, 0)
        st.apply_checked(x, 0)
        while st.decision() == L.K_CARRY:
            st.apply_checked(0, 0)                    # nothing carried
    if st.decision() == L.K_MOVE_UNIT:
        st.apply_checked(L.MOVE_DONE, 0)


def _nordic_defends_42(st):
    put(st, 1, L.U_MECH, H(42))
    put(st, 1, L.U_WORKER, H(42))
    set_res(st, H(42), food=2)
    put(st, 0, L.U_CHARACTER, H(41))


def test_the_attacker_wins_ties_the_loser_goes_home_and_its_resources_stay():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_defends_42(st)
    set_player(st, 0, power=5, pop=4, hand=0)
    set_player(st, 1, power=6, hand=0)
    _attack(st, [(L.U_CHARACTER, H(42))])
    assert st.decision() == L.K_DIAL and st.current_player() == 0
    assert st.legal_actions() == [0, 1, 2, 3, 4, 5]          # at most the power track
    st.apply_checked(3, 0)
    assert st.current_player() == 1 and st.legal_actions() == [0, 1, 2, 3, 4, 5, 6]
    st.apply_checked(3, 1)
    s = st.s
    assert s[po(1) + L.P_UNITS + L.U_MECH] == H(2) and s[po(1) + L.P_UNITS + L.U_WORKER] == H(2)
    assert s[L.RES0 + 4 * H(42) + C.R_FOOD] == 2
    assert s[po(0) + L.P_POWER] == 2 and s[po(1) + L.P_POWER] == 3
    assert s[po(0) + L.P_COMBAT_STARS] == 1
    assert s[po(0) + L.P_POP] == 3                           # one worker sent home
    assert hand_size(st, 1) == 1                             # the loser revealed power: a card
    assert st.current_player() == 0                          # drawn: no chance decision names it


def test_the_defender_wins_with_combat_cards_and_a_loser_who_revealed_nothing_draws_none():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_defends_42(st)
    set_player(st, 0, power=5, hand=0)
    set_player(st, 1, power=0, hand=1)
    _attack(st, [(L.U_CHARACTER, H(42))])
    st.apply_checked(0, 0)
    # the defender's dial has one option (power 0): set for it; its card is the choice
    assert st.decision() == L.K_CARD and st.current_player() == 1 and st.legal_actions() == [0, 2, 3, 4, 5]
    st.apply_checked(4, 1)
    s = st.s
    assert s[po(0) + L.P_UNITS + L.U_CHARACTER] == H(5)      # Saxony's home base
    assert s[po(1) + L.P_COMBAT_STARS] == 1
    assert s[L.DISCARD + 2] == 1 and hand_size(st, 1) == 0
    assert st.decision() == L.K_BOTTOM and hand_size(st, 0) == 0


def test_one_combat_card_per_character_and_mech_in_the_combat():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_defends_42(st)
    put(st, 0, L.U_MECH, H(41))
    set_player(st, 0, power=1, hand=3)
    set_player(st, 1, power=1, hand=0)
    _attack(st, [(L.U_CHARACTER, H(42)), (L.U_MECH, H(42))])
    st.apply_checked(0, 0)
    st.apply_checked(2, 0)
    st.apply_checked(2, 0)
    assert st.current_player() == 1 and st.decision() == L.K_DIAL   # two cards: no third
    assert st.s[L.C_CARDS] == 4


def test_several_combats_in_the_order_the_attacker_chooses():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_defends_42(st)
    put(st, 1, L.U_MECH + 1, H(48))
    set_player(st, 0, hand=0)
    set_player(st, 1, hand=0)
    put(st, 0, L.U_MECH, H(41))
    _attack(st, [(L.U_CHARACTER, H(42)), (L.U_MECH, H(48))])
    assert st.decision() == L.K_COMBAT_AT and st.legal_actions() == [H(42), H(48)]
    st.apply_checked(H(48), 0)
    assert st.s[L.C_SPACE] == H(48)


def test_camaraderie_keeps_popularity_when_winning_against_workers():
    st = started((POLANIA, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(28))
    put(st, 1, L.U_WORKER, H(28))
    put(st, 1, L.U_WORKER + 1, H(28))
    put(st, 0, L.U_MECH + 3, H(21))            # Polania's Camaraderie
    set_player(st, 0, power=2, pop=5, hand=0)
    set_player(st, 1, power=0, hand=0)
    _attack(st, [(L.U_MECH + 3, H(28))])
    st.apply_checked(1, 0)
    assert st.s[po(0) + L.P_POP] == 5 and st.s[po(1) + L.P_UNITS + L.U_WORKER] == H(2)


def test_combat_stars_stop_at_two_except_for_saxony():
    for fac, expect in ((NORDIC, 2), (SAXONY, 3)):
        other = POLANIA
        st = started((fac, other), (MECHANICAL, INDUSTRIAL))
        st.s[po(0) + L.P_COMBAT_STARS] = 2
        put(st, 1, L.U_MECH, H(28))
        put(st, 0, L.U_CHARACTER, H(27))
        set_player(st, 0, power=0, hand=0)
        set_player(st, 1, power=0, hand=0)
        _attack(st, [(L.U_CHARACTER, H(28))])
        assert st.s[po(0) + L.P_COMBAT_STARS] == expect, fac


def test_artillery_pays_one_power_for_the_opponent_to_lose_two():
    st = started((NORDIC, SAXONY), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(12))
    put(st, 0, L.U_MECH + 3, H(11))            # Nordic's Artillery
    set_player(st, 0, power=5, hand=0)
    set_player(st, 1, power=4, hand=0)
    _attack(st, [(L.U_MECH + 3, H(12))])
    assert st.decision() == L.K_ARTILLERY and st.current_player() == 0
    st.apply_checked(1, 0)
    assert st.s[po(0) + L.P_POWER] == 4 and st.s[po(1) + L.P_POWER] == 2
    assert st.decision() == L.K_DIAL


def test_scout_takes_one_of_the_opponents_cards_at_random():
    st = started((2, SAXONY), (MECHANICAL, INDUSTRIAL))     # Crimea
    put(st, 1, L.U_MECH, H(54))
    put(st, 0, L.U_MECH + 3, H(50))            # Crimea's Scout
    set_player(st, 0, hand=0)
    set_player(st, 1, hand=3)
    _attack(st, [(L.U_MECH + 3, H(54))])
    assert hand_size(st, 0) == 1 and hand_size(st, 1) == 2  # a card moved, unseen: no decision
    assert st.decision() == L.K_DIAL


def test_disarm_costs_the_opponent_two_power_on_a_tunnel():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(44))
    put(st, 0, L.U_MECH + 3, H(43))            # Saxony's Disarm
    set_player(st, 1, power=5, hand=0)
    _attack(st, [(L.U_MECH + 3, H(44))])
    assert st.s[po(1) + L.P_POWER] == 3


def test_the_attackers_artillery_comes_before_the_defenders_disarm():
    # "Attacker Advantage: If the attacking player has a mech ability that impacts combat, they
    # use that ability first, followed by the defending player." Nordic (Artillery, 2 power)
    # attacks Saxony (Disarm) on a tunnel: Nordic pays 1 for Saxony to lose 2, then Disarm takes
    # Nordic's last power (Disarm first would leave Nordic no power to pay for Artillery).
    st = started((NORDIC, SAXONY), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH + 3, H(44))            # Saxony's Disarm, on a tunnel
    put(st, 0, L.U_MECH + 3, H(43))            # Nordic's Artillery
    set_player(st, 0, power=2, hand=0)
    set_player(st, 1, power=4, hand=0)
    _attack(st, [(L.U_MECH + 3, H(44))])
    assert st.decision() == L.K_ARTILLERY and st.current_player() == 0
    st.apply_checked(1, 0)
    assert st.s[po(0) + L.P_POWER] == 0 and st.s[po(1) + L.P_POWER] == 2
    assert st.decision() == L.K_DIAL


def test_peoples_army_adds_a_card_with_a_worker_in_the_combat():
    st = started((RUSVIET, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(32))
    put(st, 0, L.U_MECH + 3, H(33))            # Rusviet's People's Army, a worker on 33
    set_player(st, 0, power=0, hand=3)
    set_player(st, 1, hand=0)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_MECH + 3, 0)
    st.apply_checked(H(32), 0)
    st.apply_checked(1, 0)                     # the mech carries the worker into the combat
    st.apply_checked(L.MOVE_DONE, 0)
    assert st.decision() == L.K_CARD           # power 0: the dial is set for it
    st.apply_checked(2, 0)
    st.apply_checked(2, 0)                     # the mech's card and People's Army's
    assert st.current_player() == 1 and st.s[L.C_CARDS] == 4


def _nordic_seaworthy_loses_42(st, mech=True):
    """Nordic (Seaworthy deployed) holds 42, by the lake 49, with a worker; Saxony's character
    attacks from 41 and wins."""
    put(st, 1, L.U_MECH + 1, H(42) if mech else H(12))      # Nordic's Seaworthy
    if not mech:
        put(st, 1, L.U_CHARACTER, H(42))
    put(st, 1, L.U_WORKER, H(42))
    set_res(st, H(42), food=2)
    put(st, 0, L.U_CHARACTER, H(41))
    set_player(st, 0, power=5, pop=4, hand=0)
    set_player(st, 1, power=6, hand=0)
    _attack(st, [(L.U_CHARACTER, H(42))])
    st.apply_checked(3, 0)
    st.apply_checked(1, 1)


def test_seaworthy_retreats_onto_an_adjacent_lake_with_its_workers():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_seaworthy_loses_42(st)
    # the loser chooses: its home base (2) or the lake next to the combat (49)
    assert st.decision() == L.K_RETREAT and st.current_player() == 1
    assert st.legal_actions() == [H(2), H(49)]
    st.apply_checked(H(49), 1)
    o = po(1) + L.P_UNITS
    assert st.s[o + L.U_MECH + 1] == H(49) and st.s[o + L.U_WORKER] == H(49)
    assert st.s[po(0) + L.P_POP] == 3                     # a worker forced away: 1 popularity
    assert st.s[L.RES0 + 4 * H(42) + C.R_FOOD] == 2        # its resources stay


def test_a_seaworthy_retreat_is_not_onto_a_lake_another_player_holds():
    # "retreat onto adjacent lakes (you may still also retreat those units to your home base)";
    # a retreat is no move and starts no combat (docs/scythe.md): the lake 49, held by Polania's
    # mech (Submerge), is not offered; the home base is. (Soak seed 817 of
    # scythe+fenris+rivals+vesna ended with a loser's units retreated onto another's lake.)
    st = started((SAXONY, NORDIC, POLANIA), (MECHANICAL, INDUSTRIAL, PATRIOTIC))
    _nordic_seaworthy_loses_42(st)   # the lake empty: offered
    assert st.decision() == L.K_RETREAT and st.legal_actions() == [H(2), H(49)]
    st = started((SAXONY, NORDIC, POLANIA), (MECHANICAL, INDUSTRIAL, PATRIOTIC))
    put(st, 2, L.U_MECH, H(49))
    _nordic_seaworthy_loses_42(st)   # held: the home base alone, taken without asking
    o = po(1) + L.P_UNITS
    assert st.decision() != L.K_RETREAT and st.check() is None
    assert st.s[o + L.U_MECH + 1] == H(2) and st.s[o + L.U_WORKER] == H(2)
    assert st.s[po(2) + L.P_UNITS + L.U_MECH] == H(49)


def test_workers_retreat_onto_a_lake_only_with_a_mech():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_seaworthy_loses_42(st, mech=False)             # the character and a worker
    st.apply_checked(H(49), 1)
    o = po(1) + L.P_UNITS
    assert st.s[o + L.U_CHARACTER] == H(49) and st.s[o + L.U_WORKER] == H(2)


def test_a_sixth_star_with_combats_left_sends_their_units_back():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(42))
    put(st, 1, L.U_MECH + 2, H(48))
    put(st, 0, L.U_CHARACTER, H(41))
    put(st, 0, L.U_MECH, H(41))
    set_res(st, H(41))
    st.s[po(0) + L.P_STARS] = 0x1F                          # five stars
    set_player(st, 0, power=6, hand=0)
    set_player(st, 1, power=6, hand=0)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(42), 0)
    st.apply_checked(L.U_MECH, 0)
    st.apply_checked(H(48), 0)
    assert st.decision() == L.K_CARRY
    st.apply_checked(1, 0)                                  # the worker of 41 goes along
    assert st.decision() == L.K_COMBAT_AT and st.legal_actions() == [H(42), H(48)]
    st.apply_checked(H(42), 0)
    st.apply_checked(3, 0)
    st.apply_checked(1, 1)                                  # Saxony wins: its 6th star
    assert st.is_terminal()
    o = po(0) + L.P_UNITS
    assert st.s[o + L.U_CHARACTER] == H(42)                 # the combat it won: it stays
    assert st.s[o + L.U_MECH] == H(41)                      # the combat left: back to 41
    assert sum(1 for u in range(L.U_WORKER, L.N_UNITS) if st.s[o + u] == H(48)) == 0


def _saxony_attacks_42(st, attacker_hand, defender_hand):
    """Saxony (player 0, character and a mech) attacks Nordic's mech on hex 42: the dials
    are next."""
    put(st, 1, L.U_MECH, H(42))
    put(st, 0, L.U_CHARACTER, H(41))
    put(st, 0, L.U_MECH, H(41))
    set_player(st, 0, power=3, hand=attacker_hand)
    set_player(st, 1, power=3, hand=defender_hand)
    _attack(st, [(L.U_CHARACTER, H(42)), (L.U_MECH, H(42))])


def test_a_card_added_needs_a_card_in_hand_not_yet_behind_the_dial():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _saxony_attacks_42(st, 1, 0)
    st.apply_checked(0, 0)
    st.apply_checked(5, 0)                     # two slots, but one card in hand
    assert st.current_player() == 1 and st.decision() == L.K_DIAL
    st.apply_checked(0, 1)                     # the defender holds none: no card asked
    assert st.decision() != L.K_CARD and st.s[L.DISCARD + 3] == 1


def test_a_value_no_hand_can_hold_is_refused():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[L.DISCARD + 3] = 5                    # five of the six 5s are face up
    _saxony_attacks_42(st, 2, 1)
    st.apply_checked(0, 0)
    assert st.legal_actions() == [0, 2, 3, 4, 5]
    st.apply_checked(5, 0)                     # the sixth 5, behind the attacker's dial
    assert st.legal_actions() == [0, 2, 3, 4]  # no second 5 behind it
    before = bytes(st.s)
    raises(IllegalDecisionError, st.apply_checked, 5, 0)
    assert bytes(st.s) == before
    st.apply_checked(0, 0)
    st.apply_checked(0, 1)
    # the defender's options do not depend on the attacker's secret cards
    assert st.legal_actions() == [0, 2, 3, 4, 5]


def test_two_last_cards_of_a_value_shown_at_once_keep_the_42_cards():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    st.s[L.DISCARD + 3] = 5
    _saxony_attacks_42(st, 1, 1)
    st.apply_checked(0, 0)
    st.apply_checked(5, 0)
    st.apply_checked(0, 1)
    st.apply_checked(5, 1)                     # one of the two was entered wrong
    assert st.s[L.DISCARD + 3] == 6 and st.s[L.DISCARD] == 1   # the extra counted as a 2
    assert st.check() is None


def test_the_cards_shown_stay_in_hand_until_the_reveal_then_go_to_the_discard_by_value():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _saxony_attacks_42(st, 3, 1)
    st.apply_checked(1, 0)
    st.apply_checked(5, 0)
    st.apply_checked(2, 0)
    st.apply_checked(0, 1)
    # before the reveal the table sees the hands and the discard pile as they were
    assert hand_size(st, 0) == 3 and bytes(st.s[L.DISCARD:L.DISCARD + 4]) == bytes(4)
    st.apply_checked(3, 1)                     # the defender's card: the reveal
    assert bytes(st.s[L.DISCARD:L.DISCARD + 4]) == bytes((1, 1, 0, 1))
    assert hand_size(st, 0) == 1 and hand_size(st, 1) == 1  # the loser revealed a card: drew one
    assert bytes(st.s[L.C_COMMIT:L.C_COMMIT + 4]) == bytes(4)


def test_a_draw_from_an_empty_deck_shuffles_the_discard_pile_back():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_defends_42(st)
    set_player(st, 0, power=5, hand=20)
    set_player(st, 1, power=1, hand=1)
    st.s[L.DISCARD:L.DISCARD + 4] = bytes((10, 5, 4, 2))     # 21 face up: the deck is empty
    _attack(st, [(L.U_CHARACTER, H(42))])
    st.apply_checked(5, 0)
    st.apply_checked(0, 0)                     # no card
    st.apply_checked(1, 1)
    st.apply_checked(3, 1)                     # the defender loses with power and a 3
    # its 3 went face up, then the pile was shuffled into the deck for its card
    assert bytes(st.s[L.DISCARD:L.DISCARD + 4]) == bytes(4)
    assert hand_size(st, 1) == 1 and st.check() is None
    assert st.s[L.SHUFFLED] == 1               # the display says so (ruleset.status) this turn
    from firmware.rules.scythe.ruleset import RULESET
    from firmware import text

    text.use_catalogue(RULESET.catalogue)
    try:
        assert RULESET.status(st).startswith("Shuffle the discard pile into the deck. Deck 21, discard 0")
    finally:
        text.use_catalogue(None)


def test_with_no_deck_and_no_discard_pile_no_card_is_drawn():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _nordic_defends_42(st)
    set_player(st, 0, power=5, hand=41)
    set_player(st, 1, power=1, hand=1)
    st.s[L.DISCARD:L.DISCARD + 4] = bytes(4)
    _attack(st, [(L.U_CHARACTER, H(42))])
    st.apply_checked(5, 0)
    st.apply_checked(0, 0)                     # no card
    st.apply_checked(1, 1)
    st.apply_checked(0, 1)                     # power revealed, no card: nothing to draw
    assert hand_size(st, 1) == 1 and st.check() is None


def test_a_sides_view_keeps_its_own_dial_and_cards_and_blanks_the_others():
    # The link's view of a seat (docs/protocol.md, "What a snapshot shows"): in a combat being
    # entered, the attacker sees its dial and the cards behind it, the defender sees neither
    # (and the table neither); once the defender has dialled, the same the other way round.
    from firmware.rules.scythe.ruleset import RULESET as rs

    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _saxony_attacks_42(st, 2, 1)
    st.apply_checked(3, 0)                     # the attacker dials 3 and adds a 4
    st.apply_checked(4, 0)
    assert st.decision() == L.K_CARD and st.current_player() == 0

    def seen(q):
        v = rs.from_bytes(st.board, st.public_bytes() if q < 0 else rs.view(st, q)).s
        return v[L.C_DIAL], v[L.C_CARDS], v[L.C_USED], v[L.C_COMMIT + 2], v[L.C_DIAL + 1]

    real = bytes(st.s)
    assert seen(0) == (3, 4, 1, 1, 0)
    assert seen(1) == seen(-1) == (0, 0, 0, 0, 0)
    assert bytes(st.s) == real                 # view() put the cards behind the dials back
    st.apply_checked(0, 0)
    st.apply_checked(2, 1)                     # the defender dials 2, a card of its own next
    assert st.decision() == L.K_CARD and st.current_player() == 1
    assert seen(1) == (0, 0, 0, 0, 2)
    assert seen(0) == (3, 4, 1, 1, 0)
    assert seen(-1) == (0, 0, 0, 0, 0)
