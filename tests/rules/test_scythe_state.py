# A Scythe state read back (its round trip at every decision: tests/conformance/): a state
# whose numbers cannot be
# true (power above 16, a combat card too many) is refused with a typed error; the table's
# snapshot hides the attacker's dial while the defender chooses, and outside a combat is the
# whole state (hands are counts: nothing else is secret); a bad decision changes nothing.
from firmware.rules.errors import CorruptStateError, IllegalDecisionError
from firmware.rules.framing import frame
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import hand_size, po
from firmware.rules.scythe.engine import State
from tests.rules.scythe_support import (INDUSTRIAL, MECHANICAL, NORDIC, SAXONY, H, begin_turn,
                                        board, put, set_player, started, take_top)


def _refused(data):
    try:
        State.from_bytes(board(), data)
    except CorruptStateError:
        return True
    return False


def test_impossible_numbers_are_refused():
    st = started((NORDIC, SAXONY))
    s = bytearray(st.s)
    s[po(0) + L.P_POWER] = 17
    assert _refused(frame(State.RULESET, board().n_spaces, s))
    s = bytearray(st.s)
    s[L.DISCARD + 3] = 7                       # a 5 more than the six printed
    assert _refused(frame(State.RULESET, board().n_spaces, s))
    s = bytearray(st.s)
    s[po(1) + L.P_NCARDS] = 43 - hand_size(st, 0)   # 43 cards in hands
    assert _refused(frame(State.RULESET, board().n_spaces, s))
    s = bytearray(st.s)
    s[L.C_COMMIT + 1] = 1                      # a card behind a dial with no combat
    assert _refused(frame(State.RULESET, board().n_spaces, s))
    s = bytearray(st.s)
    s[po(0) + L.P_UNITS] = 200                 # the character on no space
    assert _refused(frame(State.RULESET, board().n_spaces, s))


def _saxony_attacks_42(hands):
    """Saxony's character (player 0, from 41) onto Nordic's mech on 42, the Move ended: the
    attacker's dial is asked. hands: each side's combat cards (counts); power 6 each."""
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(42))
    put(st, 0, L.U_CHARACTER, H(41))
    set_player(st, 0, power=6, hand=hands[0])
    set_player(st, 1, power=6, hand=hands[1])
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(42), 0)
    st.apply_checked(L.MOVE_DONE, 0)
    return st


def test_the_snapshot_hides_the_attackers_dial_from_the_defender():
    st = _saxony_attacks_42((0, 0))
    st.apply_checked(5, 0)
    assert st.current_player() == 1 and st.s[L.C_DIAL] == 5
    public = State.from_bytes(board(), st.public_bytes())
    assert public.s[L.C_DIAL] == 0 and public.legal_actions() == st.legal_actions()


def test_an_illegal_decision_changes_nothing():
    st = started((NORDIC, SAXONY))
    set_player(st, 0, last=1)
    begin_turn(st, 0)
    before = bytes(st.s)
    for bad in (1, 9, -1):
        try:
            st.apply_checked(bad, 0)
        except IllegalDecisionError:
            pass
        else:
            raise AssertionError("accepted %d" % bad)
    assert bytes(st.s) == before


def _hand_mid_combat():
    """Saxony (player 0) attacks with a 4 behind dial 2; Nordic, with 2 cards, has dialled 3
    and is to add a card."""
    st = _saxony_attacks_42((1, 2))
    st.apply_checked(2, 0)          # the attacker's dial
    st.apply_checked(4, 0)          # and its card
    st.apply_checked(3, 1)          # the defender's dial: its card next
    assert st.current_player() == 1 and st.decision() == L.K_CARD
    return st


def _body(st):
    return bytes(st.public_bytes())[7:-4]


def test_outside_a_combat_the_snapshot_is_the_whole_state():
    st = started((NORDIC, SAXONY))
    assert _body(st) == bytes(st.s)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_BOLSTER, L.O_SECOND)   # a card drawn: a count, seen by all
    assert _body(st) == bytes(st.s) and hand_size(st, 0) == 2


def test_in_a_combat_the_snapshot_blanks_exactly_the_dials_and_the_cards_behind_them():
    st = _hand_mid_combat()
    full = bytes(st.s)
    public = _body(st)
    differ = set(i for i in range(len(full)) if full[i] != public[i])
    assert differ == set((L.C_DIAL, L.C_DIAL + 1, L.C_CARDS, L.C_COMMIT + 2, L.C_USED))
    assert all(public[i] == 0 for i in st.SECRET) and differ <= set(st.SECRET)
    back = State.from_bytes(board(), st.public_bytes())   # decodes: its own check passes
    # the hands keep their sizes (the 4 is behind the dial, not yet discarded)
    assert hand_size(back, 0) == 1 and hand_size(back, 1) == 2
    assert bytes(back.s[L.DISCARD:L.DISCARD + 4]) == bytes(4)
    assert back.legal_actions() == st.legal_actions() == [0, 2, 3, 4, 5]
