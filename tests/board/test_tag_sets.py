# A space senses a set of tags (firmware/hal/__init__.py): sorted slots per channel, so a
# stack of pieces fits and two readings of one set are equal byte for byte; a tag that is no
# piece of the game is shown as a disagreement and never moves anything.
from firmware.board.light_codes import L_FIX
from firmware.hal import NO_TAG, add_tag, has_tag, position, remove_tag, set_tags, tags_at
from firmware.hal.debounce import Debouncer
from firmware.rules.mls.codes import A_MOVE, AT_CAMP, K_MOVE
from firmware.rules.mls.layout import move_action

from ..rules.support import CAMP, dests, scenario
from .rig import Rig


def test_tags_are_kept_sorted_and_a_full_space_refuses_one_more():
    pos = position(3, 4)
    for t in (200, 7, 1, 99):
        assert add_tag(pos, 1, t, 4)
    assert tags_at(pos, 1, 4) == (1, 7, 99, 200) and tags_at(pos, 0, 4) == ()
    assert not add_tag(pos, 1, 5, 4)                     # four slots, all taken
    assert add_tag(pos, 1, 7, 4)                         # already there: nothing to add
    assert remove_tag(pos, 1, 7, 4) and not has_tag(pos, 1, 7, 4)
    assert tags_at(pos, 1, 4) == (1, 99, 200) and pos[4 + 3] == NO_TAG
    set_tags(pos, 2, None, 4)
    assert tags_at(pos, 2, 4) is None and not add_tag(pos, 2, 3, 4)   # unreadable


def test_the_same_set_read_in_another_order_is_the_same_reading():
    a = position(2)
    b = position(2)
    for t in (3, 1, 2):
        add_tag(a, 0, t)
    for t in (2, 3, 1):
        add_tag(b, 0, t)
    assert a == b


def test_a_changed_set_counts_after_n_identical_scans():
    d = Debouncer(2, scans=3, stack=4)
    raw = position(2, 4)
    add_tag(raw, 0, 9, 4)
    assert [d.update(raw) for _ in range(3)] == [False, False, True]
    add_tag(raw, 0, 4, 4)                                # a second piece joins the stack
    assert [d.update(raw) for _ in range(3)] == [False, False, True]
    assert tags_at(d.stable, 0, 4) == (4, 9)


def test_a_tag_that_is_no_piece_of_this_game_is_shown_and_moves_nothing():
    rig = Rig(scenario(seekers={0: (31, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    before = bytes(rig.st.s)
    rig.sensors.put(rig.channel[20], 11)                 # a Seeker of seat 6 in a 2-player game
    rig.run(700)
    assert bytes(rig.st.s) == before and rig.lit(L_FIX) == [20]
    rig.sensors.lift(rig.channel[20], 11)
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_a_stack_of_eight_tags_fits_on_one_space():
    rig = Rig(scenario(seekers={0: (31, 31), 1: (31, 31)}))
    for t in (200, 201, 202, 203):                       # pieces of no game: the space disagrees
        rig.sensors.put(rig.channel[31], t)
    assert rig.sensors.tags(rig.channel[31]) == (0, 1, 2, 3, 200, 201, 202, 203)
    rig.run(700)
    assert rig.lit(L_FIX) == [31]


def test_the_bench_keeps_the_seeker_the_bot_chose_to_stay_not_the_first():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (0, CAMP)}))
    rig.choose(0, A_MOVE)
    assert rig.st.decision() == K_MOVE
    stay = move_action(1, AT_CAMP)
    assert rig.ctl.options(0) == [move_action(0, AT_CAMP), stay]
    rig.piece_gesture(stay)                              # Seeker 1 stays at camp
    assert list(rig.st.history)[-1] == stay
    dest = [d for d in dests(rig.st, 0) if d != CAMP][0]
    rig.move(0, 0, dest)                                 # then Seeker 0 still moves
    assert rig.st.seekers(0) == (dest, AT_CAMP) and rig.st.decision() != K_MOVE
