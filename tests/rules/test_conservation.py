# Conservation of every card and tile, checked by loading.check (State.check() and
# State.from_bytes): spells by class, quest cards, power-up tiles per pile, personality
# cards. Each test corrupts one value of a consistent state and expects it refused.
from firmware.bots import RandomBot, chance_step
from firmware.rules.mls.bot import nudge
from firmware.rng import Rng
from firmware.rules.errors import CorruptStateError, SetupError
from firmware.rules.mls import editing as ed
from firmware.rules.mls import view
from firmware.rules.mls.codes import (
    A_MOVE,
    A_POWER_UP,
    CHANCE,
    K_DRAW_QUEST,
    K_DRAW_TILE,
    NONE,
    S_MAKE,
    S_MOVE,
)
from firmware.rules.mls.engine import State, new_game

from .support import CAMP, board, move, raises, scenario, started

# The engine's state layout (engine.py, private there); _layout_ok() checks them against
# view.py so a layout change fails here loudly rather than corrupting the wrong byte.
QUEST_CARD = 41
PU_SEC = 64
PU_N = 65
PU_DRAWN = 66
QDECK = 71
QBOT_N = 73
QBOT = 74
SDECK = 90
SDISC = 99
PUDECK = 108
PUBOT_N = 112
PUBOT = 114
PERS = 138
P0 = 148
PSZ = 24
TILE = 7
PERSONA = 9
QMASK = 10
SPELLS = 14
UNKNOWN = 8   # the spell class of the shipped cards


def _layout_ok(st):
    s = st.s
    assert bytes(s[SDECK:SDECK + 9]) == view.spell_deck(st)
    assert bytes(s[SDISC:SDISC + 9]) == view.spell_discard(st)
    for p in range(st.n_players()):
        o = P0 + p * PSZ
        assert bytes(s[o + SPELLS:o + SPELLS + 9]) == view.spell_hand(st, p)
        assert (s[o + TILE], s[o + TILE + 1]) == view.tiles(st, p)
        assert s[o + PERSONA] == view.personality(st, p)
    assert s[QUEST_CARD] == view.current_quest(st)
    m = s[QDECK] | (s[QDECK + 1] << 8)
    assert bin(m).count("1") + s[QBOT_N] == view.quest_deck_size(st)


def _refused(st, word):
    """st is inconsistent: check() says so and from_bytes refuses its bytes."""
    msg = st.check()
    assert msg is not None and word in msg, msg
    e = raises(CorruptStateError, State.from_bytes, board(), st.to_bytes(), st.content)
    assert word in str(e), str(e)


def _accepted(st):
    assert st.check() is None, st.check()
    back = State.from_bytes(board(), st.to_bytes(), st.content)
    assert bytes(back.s) == bytes(st.s)


def _dealt(players=4):
    st = started(players)
    _layout_ok(st)
    _accepted(st)
    return st


def _mask(st, o):
    return st.s[o] | (st.s[o + 1] << 8)


def _set_mask(st, o, m):
    st.s[o] = m & 0xFF
    st.s[o + 1] = m >> 8


def _power_up_drawing(drawn=2):
    """P0 in the middle of a Make power up, `drawn` tiles drawn and not yet kept."""
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={31: (1, 1)})
    st.apply_checked(A_POWER_UP)
    st.apply_checked(S_MAKE)
    for _ in range(drawn):
        assert st.decision() == K_DRAW_TILE
        st.apply_checked(st.legal_actions()[0])
    assert st.s[PU_SEC] == S_MAKE and st.s[PU_N] == drawn
    return st


def _resolving_quest():
    """P0 has drawn a quest card and is choosing its option."""
    st = scenario(seekers={0: (31, CAMP), 1: (CAMP, CAMP)}, goods={32: (0, 0, 1)})
    st.apply_checked(A_MOVE)
    move(st, 0, 32)
    move(st, 1, CAMP)                 # the token under the Seeker is taken at once
    assert st.decision() == K_DRAW_QUEST
    st.apply_checked(7)
    assert view.current_quest(st) == 7
    return st


def test_played_games_keep_every_card_conserved():
    rng = Rng(11)
    for players in (2, 3, 4, 5, 6):
        st = new_game(board(), players)
        bots = [RandomBot(rng, nudge) for _ in range(players)]
        for _ in range(250):
            if st.is_terminal():
                break
            if st.current_player() == CHANCE:
                chance_step(st, rng)
            else:
                st.apply(bots[st.current_player()].choose(st))
            assert st.check() is None, st.check()
        _layout_ok(st)
        _accepted(st)


# ---- spells ---------------------------------------------------------------------------
def test_a_spell_taken_out_of_a_hand_is_refused():
    st = _dealt()
    o = P0 + 2 * PSZ + SPELLS + UNKNOWN
    assert st.s[o] == 1
    st.s[o] = 0
    _refused(st, "spells")


def test_a_spell_added_to_the_discard_is_refused():
    st = _dealt()
    st.s[SDISC + UNKNOWN] += 1
    _refused(st, "spells")


def test_a_spell_moved_to_another_class_is_refused():
    st = _dealt()
    st.s[SDECK + UNKNOWN] -= 1
    st.s[SDECK + 3] += 1          # same number of cards, wrong classes
    _refused(st, "spells")


# ---- quest cards ----------------------------------------------------------------------
def test_a_quest_card_both_in_the_deck_and_resolved_is_refused():
    st = _dealt()
    assert _mask(st, QDECK) & (1 << 4)
    _set_mask(st, P0 + PSZ + QMASK, 1 << 4)
    _refused(st, "quest card 4")


def test_a_quest_card_missing_from_the_deck_is_refused():
    st = _dealt()
    _set_mask(st, QDECK, _mask(st, QDECK) & ~(1 << 9))
    _refused(st, "quest cards missing")


def test_a_quest_card_put_back_at_the_bottom_twice_is_refused():
    st = _dealt()
    _set_mask(st, QDECK, _mask(st, QDECK) & ~(1 << 5))
    st.s[QBOT] = 5
    st.s[QBOT_N] = 1
    _accepted(st)                 # card 5 moved to the bottom: still there once
    st.s[QBOT + 1] = 5
    st.s[QBOT_N] = 2
    _refused(st, "quest card 5")


def test_the_quest_card_being_resolved_counts_exactly_once():
    st = _resolving_quest()
    _accepted(st)
    dup = st.clone()
    _set_mask(dup, QDECK, _mask(dup, QDECK) | (1 << 7))
    _refused(dup, "quest card 7")
    lost = st.clone()
    lost.s[QUEST_CARD] = NONE
    _refused(lost, "quest cards missing")


# ---- power-up tiles -------------------------------------------------------------------
def test_a_held_tile_still_in_its_pile_is_refused():
    st = _dealt()
    ed.set_tile(st, 1, S_MOVE, 3)
    _accepted(st)
    _set_mask(st, PUDECK, _mask(st, PUDECK) | (1 << 3))
    _refused(st, "tile 3")


def test_a_tile_lost_from_a_pile_is_refused():
    st = _dealt()
    _set_mask(st, PUDECK + 2, _mask(st, PUDECK + 2) & ~1)
    _refused(st, "tiles missing in pile 1")


def test_a_tile_of_the_other_pile_is_refused():
    st = _dealt()
    st.s[P0 + TILE + S_MAKE] = 0   # tile 0 belongs to the Move pile
    _refused(st, "tile 0")


def test_drawn_tiles_waiting_to_be_kept_count_once():
    st = _power_up_drawing(2)
    _accepted(st)
    lost = st.clone()
    lost.s[PU_N] = 1
    _refused(lost, "tiles missing in pile 1")
    dup = st.clone()
    first = dup.s[PU_DRAWN]
    dup.s[PUBOT + 12] = first      # also put back at the bottom of the Make pile
    dup.s[PUBOT_N + 1] = 1
    _refused(dup, "tile %d" % first)


def test_tiles_put_back_at_the_bottom_count():
    st = _power_up_drawing(3)
    keep = st.legal_actions()[0]
    st.apply_checked(keep)
    assert view.tiles(st, 0)[S_MAKE] == keep and st.s[PUBOT_N + 1] == 2
    _accepted(st)
    st.s[PUBOT_N + 1] = 1
    _refused(st, "tiles missing in pile 1")


# ---- personality cards ----------------------------------------------------------------
def test_a_dealt_personality_still_undealt_is_refused():
    st = _dealt()
    card = view.personality(st, 2)
    assert card != NONE and not st.s[PERS] & (1 << card)
    st.s[PERS] |= 1 << card
    _refused(st, "personality %d" % card)


def test_a_personality_card_lost_is_refused():
    st = _dealt()
    st.s[P0 + PERSONA] = NONE
    _refused(st, "personalities missing")


def test_two_players_with_one_personality_card_are_refused():
    st = _dealt()
    st.s[P0 + PSZ + PERSONA] = st.s[P0 + PERSONA]
    _refused(st, "personality")


# ---- editing keeps the counts ---------------------------------------------------------
def test_set_tile_on_a_held_slot_puts_the_old_tile_back_in_its_pile():
    st = _dealt()
    ed.set_tile(st, 0, S_MOVE, 1)
    before = _mask(st, PUDECK)
    assert not before & (1 << 1)
    ed.set_tile(st, 0, S_MOVE, 2)
    assert view.tiles(st, 0)[S_MOVE] == 2
    assert _mask(st, PUDECK) == (before | (1 << 1)) & ~(1 << 2)
    _accepted(st)
    ed.set_tile(st, 0, S_MOVE, NONE)
    assert view.tiles(st, 0)[S_MOVE] == NONE and _mask(st, PUDECK) == 0xFF
    _accepted(st)


def test_set_tile_refuses_a_tile_held_by_another_player():
    st = _dealt()
    ed.set_tile(st, 1, S_MAKE, 9)
    raises(SetupError, ed.set_tile, st, 0, S_MAKE, 9)
    raises(SetupError, ed.set_tile, st, 0, S_MAKE, 0)    # a Move tile
    assert view.tiles(st, 0)[S_MAKE] == NONE and view.tiles(st, 1)[S_MAKE] == 9
    _accepted(st)


def test_set_personality_returns_the_old_card():
    st = _dealt()
    old = view.personality(st, 0)
    undealt = [c for c in range(8) if st.s[PERS] & (1 << c)]
    ed.set_personality(st, 0, undealt[0])
    assert view.personality(st, 0) == undealt[0] and st.s[PERS] & (1 << old)
    _accepted(st)
    raises(SetupError, ed.set_personality, st, 0, view.personality(st, 1))
    ed.set_personality(st, 0, NONE)
    _accepted(st)


def test_set_quest_deck_keeps_every_card_somewhere():
    st = _dealt()
    ed.set_quests_resolved(st, 1, [2])
    ed.set_quest_deck(st, [0, 1], bottom=[6])
    assert view.quest_deck_size(st) == 3 and view.quests_resolved(st, 1) == 1
    assert view.quests_resolved(st, 0) == 0      # cards set aside are not resolved
    _accepted(st)
    ed.set_quest_deck(st, [2, 3])                # a set-aside or resolved card comes back
    assert view.quest_deck_size(st) == 2
    _accepted(st)
    raises(SetupError, ed.set_quest_deck, st, [3, 3])
