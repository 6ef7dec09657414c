# A Move at the table: lifting a Seeker lights its space and every legal destination;
# putting it on a lit space commits the move; on an unlit space that space blinks red and
# nothing changes until it is put right; putting it back is an undo.
from firmware.board.light_codes import L_DEST, L_FIX, L_ORIGIN, L_WRONG
from firmware.rules.mls.codes import A_MOVE, K_ACTION, K_CARRY, K_MOVE, K_REJUVENATE

from ..rules.support import CAMP, dests, scenario
from .rig import Rig

WHITE = (90, 90, 90)
GREEN = (0, 110, 0)
RED = (160, 0, 0)


def _moving(**kw):
    kw.setdefault("seekers", {0: (31, CAMP), 1: (CAMP, CAMP)})
    rig = Rig(scenario(**kw))
    rig.choose(0, A_MOVE)
    assert rig.st.decision() == K_MOVE
    return rig


def test_lifting_a_seeker_lights_its_space_and_every_legal_destination():
    rig = _moving()
    legal = [d for d in dests(rig.st, 0) if d not in (31, CAMP)]
    rig.lift(0, 0)
    assert rig.lit(L_ORIGIN) == [31]
    assert rig.lit(L_DEST) == legal
    assert rig.rgb(31) == WHITE and rig.rgb(legal[0]) == GREEN
    far = [x for x in range(37) if x not in legal and x != 31][0]
    assert rig.rgb(far) == (0, 0, 0)


def test_putting_it_on_a_lit_space_commits_the_move():
    rig = _moving()
    rig.move(0, 0, 32)
    assert rig.st.seekers(0)[0] == 32
    assert rig.st.decision() == K_MOVE and rig.lit(L_ORIGIN) == []


def test_an_unlit_space_blinks_red_and_nothing_changes_until_put_right():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.move(0, 0, 0)                 # far away: not a legal destination
    assert bytes(rig.st.s) == before
    assert rig.lit(L_WRONG) == [0]
    seen = set()
    for _ in range(6):
        rig.run(130)
        seen.add(rig.rgb(0))
    assert RED in seen and (0, 0, 0) in seen     # it blinks
    rig.move(0, 0, 32)                # corrected
    assert rig.st.seekers(0)[0] == 32 and rig.lit(L_WRONG) == []


def test_putting_it_back_is_an_undo():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.lift(0, 0)
    assert rig.lit(L_DEST)
    rig.place(0, 0, 31)
    assert bytes(rig.st.s) == before
    assert rig.lit(L_ORIGIN) == [] and rig.lit(L_DEST) == []


def test_a_full_move_turn_ends_with_the_dial_for_a_seeker_that_stays():
    rig = _moving()
    rig.move(0, 0, 32)
    rig.press(0)                      # the Seeker at camp stays there
    assert rig.st.active_player() == 1 and rig.st.decision() == K_ACTION


def test_the_board_asks_what_was_carried():
    rig = _moving(goods={31: (2, 0)})
    rig.move(0, 0, 32)
    assert rig.st.decision() == K_CARRY and rig.ctl.options(0) == [0, 1, 2]
    rig.choose(0, 2)
    assert rig.st.apples(32) == 2 and rig.st.apples(31) == 0


def test_a_delivery_sends_the_seeker_home_and_its_space_blinks_until_lifted():
    rig = _moving(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (4, 0)})
    rig.move(0, 0, 18)
    assert rig.st.seekers(0)[0] == CAMP and rig.st.apples(18) == 0
    assert rig.st.decision() == K_REJUVENATE
    rig.run(700)                      # settle time
    camp = rig.expected()[0]
    assert camp >= 37 and rig.lit(L_FIX) == [18, camp]   # the Seeker must go from the castle to its camp
    rig.lift(0, 0)                    # (the bench carries a piece sent home to its camp)
    rig.run(100)
    assert rig.lit(L_FIX) == []


def test_another_players_piece_moved_is_shown_after_the_settle_time():
    rig = _moving(seekers={0: (31, CAMP), 1: (0, CAMP)})
    rig.lift(1, 0)                    # not their turn
    assert rig.lit(L_FIX) == []       # not at once: hands are still moving
    rig.run(700)
    assert rig.lit(L_FIX) == [0]
    rig.place(1, 0, 0)
    rig.run(50)
    assert rig.lit(L_FIX) == []


def test_a_bot_plays_a_whole_game_through_gestures_only():
    from firmware.bots import RandomBot
    from firmware.rules.mls.bot import nudge
    from firmware.rng import Rng

    from ..rules.support import started

    rig = Rig(started(3), seed=7)
    rng = Rng(7)
    bot = RandomBot(rng, nudge)
    for _ in range(4000):
        if rig.st.is_terminal():
            break
        before = bytes(rig.st.s)
        rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, rig.st.decision()   # every gesture decided something
    assert rig.st.is_terminal() and rig.st.winners()


def test_the_undo_button_takes_a_move_back_and_shows_where_the_piece_goes():
    rig = _moving()
    before = bytes(rig.st.s)
    rig.move(0, 0, 32)
    assert rig.st.seekers(0)[0] == 32
    rig.press_undo()
    assert bytes(rig.st.s) == before
    rig.run(700)
    assert rig.lit(L_FIX) == [31, 32]     # the Seeker must go back from 32 to 31
    rig.move(0, 0, 31)
    rig.run(50)
    assert rig.lit(L_FIX) == []


def test_an_undo_has_the_tag_readers_read_every_space_again():
    rig = _moving()
    sweeps = []
    rig.table.sensors.sweep = lambda: sweeps.append(rig.st.seekers(0)[0])  # pyright: ignore[reportAttributeAccessIssue]  (a reader that can sweep)
    rig.move(0, 0, 32)
    rig.press_undo()
    assert sweeps == [31]                # once, after the game went back
    while rig.table.undo():
        pass
    done = len(sweeps)
    assert rig.table.undo() is False and len(sweeps) == done   # nothing undone: no sweep


def test_a_make_turn_pays_from_the_space_chosen_with_the_wand():
    from firmware.rules.mls.codes import A_BAKE, K_PAY_FROM

    rig = Rig(scenario(seekers={0: (31, 36), 1: (CAMP, CAMP)}, goods={31: (1, 0), 36: (1, 0)}))
    rig.choose(0, A_BAKE)
    assert rig.st.decision() == K_PAY_FROM and rig.lit(2) == [] and sorted(rig.st.legal_actions()) == [31, 36]
    rig.wand(36)
    assert rig.st.pies(0) == 5 and rig.st.apples(31) == 0 and rig.st.apples(36) == 0
    assert rig.st.active_player() == 1


def test_the_display_shows_whose_decision_it_is():
    rig = Rig(scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}))
    rig.settle()
    assert rig.display.lines == ["Seat 1", "Choose an action, push the dial", "Dial 1: Move"]
