# Seek: 4 dice give regions; apples and gems go on any space of the region; quest tokens only
# where there is no Seeker and no quest; portals are no region; +1 friendship per apple or
# gem put on an opponent's space; exhausted supplies place nothing.
from firmware.rules.mls import view
from firmware.rules.mls import editing as ed
from firmware.rules.mls.codes import (
    A_SEEK_1,
    A_SEEK_2,
    G_APPLE,
    G_GEM,
    G_QUEST,
    K_ACTION,
    K_SEEK_PLACE,
    K_SEEK_ROLL,
)
from firmware.rules.mls.layout import die, die_good
from firmware.rules.errors import IllegalDecisionError

from .support import CAMP, board, content_with, raises, scenario

TUNDRA = 0
PORTALS = (6, 10, 13, 23, 26, 30)


def _seek(rolls, **kw):
    kw.setdefault("seekers", {0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    st = scenario(**kw)
    st.apply_checked(A_SEEK_1)
    for r in rolls:
        assert st.decision() == K_SEEK_ROLL
        st.apply_checked(r)
    return st


def test_four_dice_are_rolled_then_placed():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    st.apply_checked(A_SEEK_2)
    for _ in range(4):
        assert st.decision() == K_SEEK_ROLL
        assert len(st.legal_actions()) == 18      # dice unknown: any good, any region
        st.apply_checked(die(G_APPLE, TUNDRA))
    assert st.decision() == K_SEEK_PLACE


def test_an_apple_goes_on_any_space_of_its_region():
    st = _seek([die(G_APPLE, TUNDRA), die(G_GEM, 3), die(G_APPLE, 5), die(G_GEM, 1)])
    assert sorted(st.legal_actions()) == sorted(board().region_spaces[TUNDRA])
    for p in PORTALS:
        assert p not in st.legal_actions()
    raises(IllegalDecisionError, st.apply_checked, board().region_spaces[3][0])
    st.apply_checked(board().region_spaces[TUNDRA][2])
    assert st.apples(board().region_spaces[TUNDRA][2]) == 1


def test_all_four_tokens_are_placed_then_the_turn_ends():
    st = _seek([die(G_APPLE, 0), die(G_GEM, 1), die(G_APPLE, 2), die(G_GEM, 3)])
    for r in (0, 1, 2, 3):
        st.apply_checked(board().region_spaces[r][0])
    assert st.decision() == K_ACTION and st.active_player() == 1
    assert st.supply(G_APPLE) == 22 and st.supply(G_GEM) == 22


def test_quest_tokens_avoid_seekers_and_other_quests():
    tundra = board().region_spaces[TUNDRA]
    st = _seek([die(G_QUEST, TUNDRA)] * 4, seekers={0: (tundra[0], CAMP), 1: (tundra[1], CAMP)},
               goods={tundra[2]: (0, 0, 1)})
    assert sorted(st.legal_actions()) == sorted(tundra[3:])
    st.apply_checked(tundra[3])
    # The last free space takes the second token (no choice left: placed without asking);
    # the third and fourth tokens have nowhere to go and are ignored.
    assert st.quest_token(tundra[4]) == 1
    assert st.decision() == K_ACTION
    assert st.supply(G_QUEST) == 12 - 3


def test_friendship_for_each_apple_or_gem_on_an_opponents_space():
    sp = board().region_spaces[TUNDRA][0]
    mine = board().region_spaces[TUNDRA][1]
    st = _seek([die(G_APPLE, TUNDRA), die(G_GEM, TUNDRA), die(G_APPLE, TUNDRA), die(G_QUEST, 1)],
               seekers={0: (mine, CAMP), 1: (sp, CAMP)})
    f = view.friendship(st, 0)
    st.apply_checked(sp)
    st.apply_checked(sp)
    assert view.friendship(st, 0) == f + 2
    st.apply_checked(mine)                   # own Seeker's space: no friendship
    assert view.friendship(st, 0) == f + 2


def test_an_exhausted_supply_places_nothing():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    ed.set_goods(st, board().region_spaces[3][0], apples=24)
    assert st.supply(G_APPLE) == 0
    ed.begin_turn(st, 0)
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_APPLE, TUNDRA))
    assert st.decision() == K_ACTION and st.supply(G_APPLE) == 0


def test_known_dice_limit_the_rolls():
    c = content_with(SEEK_DICE=((G_APPLE, G_APPLE, G_GEM, G_QUEST), None),
                     DICE_FACES=((0, 1, 2, 3, 4, 5), None, None))
    st = scenario(content=c, seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    st.apply_checked(A_SEEK_1)
    assert sorted(st.legal_actions()) == [die(G_APPLE, r) for r in range(6)]
    st.apply_checked(die(G_APPLE, 2))
    st.apply_checked(die(G_APPLE, 3))
    assert len(st.legal_actions()) == 6 and die_good(st.legal_actions()[0]) == G_GEM
