# firmware/board/gestures.py on its own, on a My Little Scythe position (no controller): where
# the game expects each piece, which mover is away from its place, what disagrees, the wand's
# one-touch-one-answer, and the settle clock of a disagreement.
from firmware.board.gestures import MOVED_MANY, MOVED_NONE, Gestures
from firmware.hal import NO_TAG, UNREADABLE, WAND_TAG
from firmware.rules.mls.codes import A_MOVE
from firmware.rules.mls.ruleset import RULESET as RS
from firmware.rules.ruleset import OFF_BOARD

from ..rules.support import CAMP, scenario

N = 37


def _at_move():
    st = scenario(seekers={0: (31, 30), 1: (0, CAMP)})
    st.apply(A_MOVE)
    g = Gestures(RS, N, 0)
    g.expect(st)
    return st, g


def _sense(g, where):
    """The sensed position: {place: [tags]}."""
    w = g.stack
    g.sensed[:] = bytes((NO_TAG,)) * len(g.sensed)
    for place, tags in where.items():
        for j, t in enumerate(tags):
            g.sensed[place * w + j] = t


def _as_expected(g, st):
    where = {}
    for t in range(RS.game_tags(st)):
        e = g.expected_at[t]
        if e != OFF_BOARD:
            where.setdefault(e, []).append(t)
    return where


def test_expect_puts_every_piece_where_the_game_has_it():
    st, g = _at_move()
    assert g.expected_at[0] == 31 and g.expected_at[1] == 30 and g.expected_at[2] == 0
    assert g.expected_at[3] == OFF_BOARD        # at camp, and no camp is sensed here


def test_nothing_moved_when_the_sensed_position_is_the_games():
    st, g = _at_move()
    _sense(g, _as_expected(g, st))
    assert g.moved(st, RS.movers(st)) == MOVED_NONE
    assert not g.differs(st) and sum(g.fix) == 0


def test_a_mover_away_from_its_place_is_the_one_that_moved():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[31].remove(0)                          # seat 1's first Seeker lifted
    _sense(g, where)
    assert g.moved(st, RS.movers(st)) == 0 and g.sensed_at[0] == OFF_BOARD
    assert g.others_ok()                         # everything else stands where it should
    where[32] = [0]                              # and put down on 32
    _sense(g, where)
    assert g.moved(st, RS.movers(st)) == 0 and g.sensed_at[0] == 32


def test_two_movers_away_at_once_are_no_gesture():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[31].remove(0)
    where[30].remove(1)
    _sense(g, where)
    assert g.moved(st, RS.movers(st)) == MOVED_MANY


def test_an_unreadable_place_and_a_stranger_tag_are_marked_to_fix():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[5] = [UNREADABLE]
    where[6] = [RS.game_tags(st)]                # a tag that is no piece of this game
    _sense(g, where)
    g.survey(st)
    assert g.differs(st) and not g.others_ok()
    assert [i for i in range(N) if g.fix[i]] == [5, 6]


def test_a_tag_sensed_on_two_places_marks_both():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[10] = [2]                               # seat 2's Seeker also read on 10
    _sense(g, where)
    g.survey(st)
    assert g.fix[0] and g.fix[10]


def test_one_wand_touch_gives_one_answer_until_the_wand_is_lifted():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[12] = [WAND_TAG]
    _sense(g, where)
    assert g.wand() == 12
    assert g.wand() == -1                         # still touching: no second answer
    del where[12]
    _sense(g, where)
    assert g.wand() == -1                         # lifted: armed again
    where[13] = [WAND_TAG]
    _sense(g, where)
    assert g.wand() == 13


def test_a_disagreement_shows_only_once_it_has_been_stable_for_the_settle_time():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[30].remove(1)                           # seat 1's other Seeker gone: not the lifted one
    where[31].remove(0)
    _sense(g, where)
    g.settle(st, 1000)
    assert g.tick(1000, 600) and not g.mismatch   # drawn once (dirty), not shown yet
    assert not g.tick(1500, 600)
    assert g.tick(1600, 600) and g.mismatch       # 600 ms later: shown
    _sense(g, _as_expected(g, st))
    g.settle(st, 1700)
    assert g.tick(1700, 600) and not g.mismatch


def test_a_lifted_mover_is_no_disagreement():
    st, g = _at_move()
    where = _as_expected(g, st)
    where[31].remove(0)
    _sense(g, where)
    g.lifted = g.moved(st, RS.movers(st))
    g.settle(st, 0, True)
    assert g.mismatch_since == -1
