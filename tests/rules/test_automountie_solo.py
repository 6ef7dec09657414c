# Automountie, Pie in the Sky's solo opponent (the Automountie section of the expansion's
# rulebook): setup (Copy Cat removed, a quest token in her cargo hold), her airship's flight
# after her Seek (straight lines to the edge or the castle; valid paths hold a token she does
# not control; the direction first in her card's Move section is entered; the first token on
# it taken into her hold, quest -> gem -> apple, without friendship loss; else a quest token
# from the supply), her trophies by paying tokens (Seekers' first, then her hold), Trophy
# Dropper, the EMP Device, and the clarifications. Positions on the shipped map: the airship
# on 19 (next to the castle, 18) has the lines 20 21; 13 8; 12 6 1; 25 30 34; 26 32 (and the
# castle's). Her Seeker 0 stands on 36 (region 3) where her Seek's apples go.
from firmware.rules.errors import SetupError
from firmware.rules.mls.codes import (
    A_MOVE,
    A_SEEK_1,
    AB_UNSTABLE_PORTAL,
    AIR_BOOST,
    AM_DROPPER,
    AM_EMP,
    AM_NOT_PLACED,
    DROP_DECLINE,
    G_APPLE,
    G_GEM,
    G_QUEST,
    K_ACTION,
    K_AIR_DIE,
    K_AIR_MOVE,
    K_AIR_SUPPORT,
    K_AM_DIRECTION,
    K_AM_PAY,
    K_AM_TROPHY,
    K_DRAW_SPELL,
    K_DROP_JUMP,
    K_REJUVENATE,
    K_SEEK_PLACE,
    K_TROPHY,
    NONE,
    SUP_NONE,
    T_PIE_FIGHT,
    T_PIES,
    T_QUESTS,
    T_SPELLS,
)
from firmware.rules.mls import editing as ed
from firmware.rules.mls import turns
from firmware.rules.mls.layout import HOLD_CARGO, X_DROPS, X_GADGET, X_PL, XPSZ, die
from firmware.rules.mls.pits import PitsState
from firmware.rules.mls.pits_setup import Pits
from firmware.rules.mls.ruleset import RULESET

from .support import CAMP, MICROPYTHON, bid, board, dests, move, pits_scenario, raises

HER = 1
SHIP = 19
HOME = 36   # her Seeker's space in region 3


def solo(side=AM_DROPPER, seekers=None, goods=None, active=HER, **kw):
    seats = {0: (CAMP, CAMP), HER: (HOME, CAMP)}
    seats.update(seekers or {})
    return pits_scenario(1, seekers=seats, goods=goods, airship=SHIP, active=active,
                         automountie=side, **kw)


def no_trophy(st):
    """Her trophy checkpoint: she pays nothing now (the card's condition is not met)."""
    while st.decision() == K_AM_PAY:
        st.apply_checked(0)


def her_seek(st):
    """Her Seek from her card: 4 apples, all onto her Seeker's space (not a path's token)."""
    no_trophy(st)
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_APPLE, 3))
    for _ in range(4):
        st.apply_checked(HOME)


def new_solo(players=1, options=None):
    """A new game from the ruleset's options (Pie in the Sky on), as a PitsState."""
    opts = {"pits": [1]}
    opts.update(options or {})
    st = RULESET.new_game(board(), players, opts)
    assert isinstance(st, PitsState)
    return st


def tiles(st):
    """(the Move pile, the Make pile, every tile's name) of a game's content."""
    c = st.content
    return c.piles[0], c.piles[1], [t[0] for t in c.power_ups]  # pyright: ignore[reportAttributeAccessIssue]


def tokens_at(st, x):
    return (st.apples(x), st.gems(x), st.quest_token(x))


# ---- setup ------------------------------------------------------------------------------
def test_solo_is_one_player_against_automountie_and_needs_pie_in_the_sky():
    e = raises(SetupError, RULESET.new_game, board(), 1)
    assert e.args[0] == "bad_players"
    e = raises(SetupError, RULESET.new_game, board(), 2, {"pits": [1], "automountie": [0]})
    assert e.args[0] == "bad_setup"
    st = new_solo(1, {"automountie": [1]})
    assert st.n_players() == 2 and not st.automountie(0) and st.automountie(1)
    assert st.am_side() == AM_EMP
    fox = new_solo(1, {"kingdoms": [7]})   # the player's kingdom; hers is the first other one
    assert fox.s[148 + 13] == 7 and fox.s[148 + 24 + 13] == 0   # the kingdom bytes


def test_solo_setup_removes_copy_cat_from_the_make_pile():
    moves2, makes2, names2 = tiles(new_solo(2))
    moves, makes, names = tiles(new_solo(1))
    assert len(makes) == len(makes2) - 1 and len(moves) == len(moves2)
    assert names.count(None) == names2.count(None) - 1   # Copy Cat: an unnamed tile in the data


def test_a_quest_token_starts_in_her_cargo_hold_and_she_has_no_airship_mat():
    st = new_solo()
    assert st.cargo(HER, G_QUEST) == 1 and st.supply(G_QUEST) == 11
    assert st.goods_at(HOLD_CARGO + HER, G_QUEST) == 1
    assert st.mat(HER) == NONE


def test_a_solo_game_reads_back_from_its_bytes_with_the_solo_content():
    st = solo(goods={21: (1, 0, 0)})
    back = RULESET.from_bytes(board(), st.to_bytes())
    assert isinstance(back, PitsState)
    assert bytes(back.s) == bytes(st.s) and back.automountie(HER)
    assert len(tiles(back)[1]) == len(tiles(st)[1])


# ---- her airship ------------------------------------------------------------------------
def test_her_airship_flies_in_a_straight_line_to_the_first_token_and_takes_it():
    st = solo(goods={21: (1, 0, 0), 8: (0, 0, 0)})
    her_seek(st)
    assert st.airship() == 21 and tokens_at(st, 21) == (0, 0, 0)
    assert st.cargo(HER, G_APPLE) == 1
    assert st.decision() != K_AIR_DIE   # she rolls no airship die


def test_a_path_ends_at_the_castle():
    st = solo(goods={16: (1, 0, 0)})   # line 3 from 19 runs into the castle before 16
    her_seek(st)
    assert st.airship() == SHIP and st.apples(16) == 1
    assert st.cargo(HER, G_QUEST) == 2   # no valid path: a quest token from the supply


def test_tokens_on_her_seekers_spaces_do_not_make_a_path_valid():
    st = solo(seekers={HER: (HOME, 20)}, goods={20: (2, 0, 0)})
    her_seek(st)
    assert st.airship() == SHIP and st.apples(20) == 2


def test_a_token_beyond_her_seekers_space_makes_the_path_valid():
    st = solo(seekers={HER: (HOME, 20)}, goods={20: (2, 0, 0), 21: (0, 1, 0)})
    her_seek(st)
    assert st.airship() == 21 and st.cargo(HER, G_GEM) == 1 and st.apples(20) == 2


def test_she_takes_from_a_players_seeker_without_losing_friendship():
    st = solo(seekers={0: (21, CAMP)}, goods={21: (0, 1, 0)}, friendship={HER: 3})
    her_seek(st)
    assert st.airship() == 21 and st.cargo(HER, G_GEM) == 1
    assert st.s[148 + HER * 24] == 3


def test_she_takes_a_quest_token_before_a_gem_before_an_apple():
    st = solo(goods={20: (1, 1, 1)})
    her_seek(st)
    assert st.airship() == 20 and tokens_at(st, 20) == (1, 1, 0) and st.cargo(HER, G_QUEST) == 2
    st2 = solo(goods={20: (1, 1, 0)})
    her_seek(st2)
    assert tokens_at(st2, 20) == (1, 0, 0) and st2.cargo(HER, G_GEM) == 1


def test_two_valid_paths_ask_the_direction_first_on_her_card():
    st = solo(goods={21: (1, 0, 0), 32: (0, 1, 0)})
    her_seek(st)
    assert st.decision() == K_AM_DIRECTION and st.current_player() == HER
    assert st.legal_actions() == [21, 32]   # each valid path by the space she would fly to
    st.apply_checked(32)
    assert st.airship() == 32 and st.cargo(HER, G_GEM) == 1 and st.apples(21) == 1


def test_she_stops_on_the_first_token_of_the_chosen_path():
    st = solo(goods={12: (1, 0, 0), 1: (0, 1, 0)})
    her_seek(st)
    assert st.airship() == 12 and st.cargo(HER, G_APPLE) == 1 and st.gems(1) == 1


def test_without_a_valid_path_she_takes_a_token_from_the_airships_space():
    st = solo(goods={SHIP: (0, 1, 0)})
    her_seek(st)
    assert st.airship() == SHIP and st.cargo(HER, G_GEM) == 1 and st.cargo(HER, G_QUEST) == 1


def test_her_quest_token_that_would_land_on_a_seeker_is_not_placed():
    st = solo(seekers={0: (25, CAMP)})
    no_trophy(st)
    st.apply_checked(A_SEEK_1)
    st.apply_checked(die(G_QUEST, 3))
    for _ in range(3):
        st.apply_checked(die(G_APPLE, 3))
    assert st.decision() == K_SEEK_PLACE and AM_NOT_PLACED in st.legal_actions()
    supply = st.supply(G_QUEST)
    st.apply_checked(AM_NOT_PLACED)
    assert st.supply(G_QUEST) == supply and st.quest_token(25) == 0
    assert st.decision() == K_SEEK_PLACE and AM_NOT_PLACED not in st.legal_actions()


def test_a_players_seek_still_rolls_the_airship_die():
    st = solo(active=0, last={0: A_MOVE})
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_APPLE, 3))
    for _ in range(4):
        st.apply_checked(35)
    assert st.decision() == K_AIR_DIE


# ---- her trophies -----------------------------------------------------------------------
def test_her_trophy_check_counts_the_tokens_in_her_cargo_hold():
    st = solo(goods={HOME: (1, 0, 0)})
    assert st.decision() == K_AM_PAY and st.current_player() == HER
    assert st.legal_actions() == [0, 1, 2]   # an apple with her Seeker, the quest token in her hold


def test_she_pays_her_seekers_tokens_before_her_hold_quest_gem_apple():
    st = solo(goods={HOME: (2, 1, 1)}, cargo={HER: (1, 1)})
    st.apply_checked(3)   # the card asks 3 tokens: her Seeker's quest token, gem, then an apple
    assert tokens_at(st, HOME) == (1, 0, 0)
    assert (st.cargo(HER, G_QUEST), st.cargo(HER, G_GEM), st.cargo(HER, G_APPLE)) == (1, 1, 1)
    st2 = solo(goods={HOME: (1, 0, 0)}, cargo={HER: (1, 1)})
    st2.apply_checked(3)   # then her hold: quest token, gem
    assert tokens_at(st2, HOME) == (0, 0, 0)
    assert (st2.cargo(HER, G_QUEST), st2.cargo(HER, G_GEM), st2.cargo(HER, G_APPLE)) == (0, 0, 1)


def test_trophy_dropper_puts_her_trophy_on_the_airships_space_and_it_counts():
    st = solo(AM_DROPPER, trophies={HER: (1 << T_PIES) | (1 << T_SPELLS)})
    st.apply_checked(1)
    assert st.dropped() == [SHIP] and st.trophy_count(HER) == 3
    assert st.decision() == K_ACTION   # one trophy a turn


def test_with_the_track_unknown_her_paid_trophys_space_is_entered():
    st = solo(AM_EMP, trophies={HER: 1 << T_PIES})
    st.apply_checked(1)
    assert st.decision() == K_AM_TROPHY and st.current_player() == HER
    assert T_PIES not in st.legal_actions() and len(st.legal_actions()) == 7
    st.apply_checked(T_QUESTS)
    assert st.trophy_count(HER) == 2 and st.dropped() == [] and st.decision() == K_ACTION


def test_a_known_track_takes_the_top_row_left_to_right_then_the_bottom_rows_leftmost():
    track = Pits(None, TROPHY_TRACK=(T_QUESTS, T_PIES, 0, 1, 2, 4, 5, 6))   # a test track: unknown print
    st = solo(AM_EMP, trophies={HER: (1 << T_QUESTS) | (1 << 0) | (1 << 1)}, pits=track)
    st.apply_checked(1)
    assert st.trophy_count(HER) == 4 and st.s[148 + HER * 24 + 3] & (1 << T_PIES)
    st2 = solo(AM_EMP, trophies={HER: (1 << T_QUESTS) | (1 << T_PIES) | 1 | 2}, pits=track)
    st2.apply_checked(1)   # the top row is full: the bottom row's leftmost free space
    assert st2.s[148 + HER * 24 + 3] & (1 << 2)


def test_she_earns_nothing_by_paying_once_she_has_five_trophies():
    st = solo(AM_DROPPER, trophies={HER: 0x0F}, active=HER)
    st.s[st.x0 + X_DROPS] = 20   # a dropped trophy: 5 in all
    ed.begin_turn(st, HER)
    assert st.trophy_count(HER) == 5
    assert st.decision() == K_ACTION


def test_the_8_pie_trophy_comes_at_her_turns_start_and_rules_out_a_paid_trophy_that_turn():
    st = solo(pies={HER: 8})   # she holds a quest token: a paid trophy would be asked
    assert st.s[148 + HER * 24 + 3] == 1 << T_PIES   # the one trophy she must take, taken
    assert st.decision() == K_ACTION
    assert turns.eligible(st, HER, 0) == (0, 0)   # nor the pie fight's, later this turn


def test_the_8_pie_trophy_waits_for_her_next_turn_and_needs_8_pies_then():
    st = solo(pies={HER: 8}, active=0)
    assert st.decision() != K_TROPHY   # not on the player's turn
    ed.set_pies(st, HER, 6)
    ed.begin_turn(st, HER)
    assert st.decision() == K_AM_PAY   # no 8-Pie trophy: she has 6 pies now


def _her_fight_lost_to_8_pies():
    """Her turn: she attacks the player's Seeker on 35 from 36 with 7 pies, bids 1 and loses
    (the player bids 2); rejuvenated, she takes the 2 pies: 8. Her Seeker 1 waits on 31; her
    friendship stays 3 or more (5, 1 lost attacking), so she may earn trophies."""
    st = solo(pies={HER: 7, 0: 5}, friendship={HER: 5}, seekers={0: (35, CAMP), HER: (HOME, 31)})
    no_trophy(st)   # her turn's start: nothing paid
    st.apply_checked(A_MOVE)
    move(st, 0, 35)
    move(st, 1, 31)   # stays
    bid(st, HER, 1)
    bid(st, 0, 2)
    assert st.seekers(HER)[0] == CAMP
    if st.decision() == K_TROPHY and st.current_player() == 0:
        st.apply_checked(T_PIE_FIGHT)   # the defender's trophy
    assert st.decision() == K_REJUVENATE and st.current_player() == HER
    st.apply_checked(1)   # 2 pies
    assert st.pies(HER) == 8
    return st


def test_her_rejuvenation_to_8_pies_gives_the_8_pie_trophy_at_her_next_turn_not_this_one():
    # Rulebook (Automountie, Clarifications): "If the 2-pie rejuvenation bonus takes
    # Automountie to 8 or more pies, she'll gain the 8-Pie trophy during the Gain Pies step of
    # her next turn" (her next turn's start checkpoint: docs/pie-in-the-sky.md).
    st = _her_fight_lost_to_8_pies()
    assert not st.s[148 + HER * 24 + 3] & (1 << T_PIES)
    assert st.decision() == K_AM_PAY and st.current_player() == HER   # her turn's end: no 8-Pie trophy
    no_trophy(st)
    assert not st.s[148 + HER * 24 + 3] & (1 << T_PIES)
    assert st.decision() == K_ACTION and st.active_player() == 0
    st.apply_checked(A_MOVE)   # the player's turn: both Seekers stay
    move(st, 0, 35)
    move(st, 1, CAMP)
    assert st.active_player() == HER
    assert st.s[148 + HER * 24 + 3] == 1 << T_PIES   # her next turn's start: 8 pies, the trophy
    assert st.decision() == K_ACTION and st.check() is None


def test_her_rejuvenation_to_8_pies_gives_no_trophy_if_she_has_fewer_at_her_next_turn():
    # Rulebook (Automountie, Clarifications): "... she'll gain the 8-Pie trophy during the Gain
    # Pies step of her next turn—assuming she still has 8 pies at that time."
    st = _her_fight_lost_to_8_pies()
    no_trophy(st)
    assert st.active_player() == 0
    st.apply_checked(A_MOVE)   # the player attacks her Seeker on 31; she bids a pie and loses
    move(st, 0, 31)
    move(st, 1, CAMP)
    bid(st, 0, 2)
    bid(st, HER, 1)
    assert st.pies(HER) == 7 and st.seekers(HER)[1] == CAMP
    assert st.decision() == K_REJUVENATE and st.current_player() == HER
    st.apply_checked(0)   # a magic spell, not the pies
    if st.decision() == K_DRAW_SPELL:
        st.apply_checked(st.legal_actions()[0])
    while st.active_player() == 0:
        assert st.decision() in (K_TROPHY, K_DRAW_SPELL), st.decision()
        st.apply_checked(st.legal_actions()[0])
    assert st.pies(HER) == 7
    assert not st.s[148 + HER * 24 + 3] & (1 << T_PIES)   # her next turn: 7 pies, no 8-Pie trophy
    assert st.decision() == K_AM_PAY and st.check() is None


# ---- Trophy Dropper: a player's Seeker onto a dropped trophy ------------------------------
def test_a_player_pays_one_good_to_move_a_seeker_onto_a_dropped_trophy():
    st = solo(AM_DROPPER, active=0, seekers={0: (0, CAMP)}, goods={0: (1, 0, 0)})
    st.s[st.x0 + X_DROPS] = 27
    ed.begin_turn(st, 0)
    assert st.decision() == K_DROP_JUMP and st.current_player() == 0
    opts = st.legal_actions()
    assert DROP_DECLINE in opts and G_APPLE * 128 + 1 * 64 + 27 in opts
    assert all(a >> 7 == G_APPLE for a in opts if a != DROP_DECLINE)   # no gem to pay with
    st.apply_checked(G_APPLE * 128 + 1 * 64 + 27)
    assert st.seekers(0) == (0, 27) and st.apples(0) == 0
    assert st.decision() == K_ACTION


def test_no_trophy_move_without_a_good_to_pay():
    st = solo(AM_DROPPER, active=0)
    st.s[st.x0 + X_DROPS] = 27
    ed.begin_turn(st, 0)
    assert st.decision() == K_ACTION


# ---- the EMP Device ---------------------------------------------------------------------
def _emp_game(**kw):
    pits = Pits(None, MAT_ABILITY=(AB_UNSTABLE_PORTAL,) + (None,) * 8)
    return solo(AM_EMP, pits=pits, mats={0: 0}, **kw)


def test_the_emp_device_follows_her_airship_and_removes_other_gadgets_in_its_region():
    st = _emp_game(goods={21: (1, 0, 0)}, gadgets={0: 27})   # 21 and 27: region 2
    her_seek(st)
    assert st.airship() == 21 and st.gadget(HER) == 21 and st.gadget(0) == NONE


def test_the_emp_device_leaves_gadgets_of_other_regions():
    st = _emp_game(goods={21: (1, 0, 0)}, gadgets={0: 35})
    her_seek(st)
    assert st.gadget(HER) == 21 and st.gadget(0) == 35


def test_no_air_support_by_a_player_in_the_emp_devices_region():
    st = _emp_game(active=0, goods={20: (1, 1, 0)}, last={0: A_MOVE})
    st.s[st.x0 + X_PL + HER * XPSZ + X_GADGET] = 27
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_APPLE, 3))
    for _ in range(4):
        st.apply_checked(35)
    st.apply_checked(AIR_BOOST)
    assert st.decision() == K_AIR_MOVE and 20 in st.legal_actions()   # it still flies there
    st.apply_checked(20)   # Air Support: nothing is left to choose, so nothing is taken
    assert st.airship() == 20 and tokens_at(st, 20) == (1, 1, 0)
    assert st.cargo(0, G_APPLE) + st.cargo(0, G_GEM) == 0
    assert st.decision() != K_AIR_SUPPORT and st.active_player() == HER


def test_a_player_has_air_support_outside_the_emp_devices_region():
    st = _emp_game(active=0, goods={20: (1, 1, 0)}, last={0: A_MOVE})
    st.s[st.x0 + X_PL + HER * XPSZ + X_GADGET] = 35
    st.apply_checked(A_SEEK_1)
    for _ in range(4):
        st.apply_checked(die(G_APPLE, 3))
    for _ in range(4):
        st.apply_checked(31)
    st.apply_checked(AIR_BOOST)
    st.apply_checked(20)
    assert st.decision() == K_AIR_SUPPORT and SUP_NONE in st.legal_actions() and len(st.legal_actions()) > 1


def test_the_emp_device_on_a_portal_stops_portal_jumps():
    st = solo(AM_EMP, active=0, seekers={0: (6, CAMP)}, last={0: A_SEEK_1})
    st.apply_checked(A_MOVE)
    assert 30 in dests(st, 0)   # a portal jump from 6
    st = solo(AM_EMP, active=0, seekers={0: (6, CAMP)}, last={0: A_SEEK_1})
    st.s[st.x0 + X_PL + HER * XPSZ + X_GADGET] = 13
    st.apply_checked(A_MOVE)
    assert not {23, 26, 30} & set(dests(st, 0))   # portals out of reach on foot


def test_a_game_without_automountie_does_not_load_her_rules():
    if MICROPYTHON:
        return   # no subprocess there
    import subprocess
    import sys

    code = ("import sys\nfrom tests.rules.support import board\n"
            "from firmware.rules.mls.ruleset import RULESET\n"
            "st = RULESET.new_game(board(), 2, {'pits': [1]})\n"
            "RULESET.from_bytes(board(), st.to_bytes())\n"
            "print('firmware.rules.mls.solo' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_straight_lines_from_adjacency_match_the_maps_hex_coordinates():
    from firmware.rules.hexlines import line

    from .support import map_def

    spaces = map_def()["spaces"]
    at = {(sp["q"], sp["r"]): sp["id"] for sp in spaces}
    b = board()
    for x in range(b.n_spaces):
        if x == b.castle:
            continue
        got = sorted(tuple(line(b, x, i)) for i in range(6) if b.steps[x * 6 + i] != 255)
        want = []
        for dq, dr in ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)):
            q, r = spaces[x]["q"] + dq, spaces[x]["r"] + dr
            out = []
            while (q, r) in at and at[(q, r)] != b.castle:
                out.append(at[(q, r)])
                q, r = q + dq, r + dr
            if out:
                want.append(tuple(out))
        assert got == sorted(want), (x, got, want)
