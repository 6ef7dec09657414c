# Scythe's rule bot (firmware/rules/scythe/rule_bot.py RuleBot, the ruleset's strong_bot;
# its values: rule_plan.py): only legal options, games that end, the same game from the same
# seed, a position's value that counts what the game scores, a star taken where a section
# gives one, the least power on a combat's dial that wins whatever the opponent shows (else
# all it may), nothing read of what the other side locked, steps toward a unit it may beat,
# no objective claimed (it cannot know one is met), a Trade that buys what the bottom-row
# action needs, progress toward its own model objective valued (never another's), a seeded
# match it wins against the random bot, and seeded rule-bot games that end by a sixth star
# within a bound.
# Plain functions: they run under pytest and under MicroPython (fewer games there).
from firmware.bots import RandomBot, play_game
from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, stars
from firmware.rules.scythe.engine import new_game
from firmware.rules.scythe.rule_bot import RuleBot
from firmware.rules.scythe.rule_plan import nearest, value
from tests.rules.scythe_support import (MECHANICAL, INDUSTRIAL, NORDIC, SAXONY, H, attack, begin_turn, board,
                                        put, set_player, set_res, started, take_top)

from .support import MICROPYTHON


def _game(players, seed, rule_seats):
    rng = Rng(seed)
    bots = [RuleBot(rng) if p in rule_seats else RandomBot(rng) for p in range(players)]
    st = new_game(board(), players)
    st.keep_history = False
    return st, bots, rng


class _Watched:
    """A RuleBot whose every choice is checked: legal, and never an objective claimed while
    the decision has another option."""

    def __init__(self, rng):
        self.bot = RuleBot(rng)
        self.choices = 0

    def choose(self, st):
        before = bytes(st.s)
        opts = list(st.legal_actions())
        a = self.bot.choose(st)
        assert a in opts, (st.decision(), a, opts)
        assert bytes(st.s) == before, "the bot wrote the state it was given"
        if st.decision() in (L.K_TOP, L.K_BOTTOM, L.K_END) and a >= L.O_OBJ1:
            assert all(o >= L.O_OBJ1 for o in opts), ("objective claimed", st.decision(), opts)
        self.choices += 1
        return a


def test_only_legal_options_no_objective_claimed_and_the_game_ends():
    rng = Rng(7)
    bots = [_Watched(rng), _Watched(rng)]
    st = new_game(board(), 2)
    st.keep_history = False
    n = play_game(st, bots, rng)
    assert st.is_terminal() and st.winners()
    assert bots[0].choices > 100 and bots[1].choices > 100, (n, bots[0].choices, bots[1].choices)


def test_rule_bots_finish_the_game_that_once_had_no_end():
    # 2 players, seed 3 (pomme playout --bot strong's first game from seed 3): with a star
    # worth 2 coins more than its fortune (W_STAR 20), both seats reached 16 power and 18
    # popularity and kept trading for 20,000 decisions; a star is now worth 15 coins more.
    st, bots, rng = _game(2, 3, (0, 1))
    n = play_game(st, bots, rng)     # raises RuntimeError past 20,000 decisions
    assert st.is_terminal() and n < 5000, n


def test_same_seed_same_game():
    ends = []
    for _ in range(2):
        st, bots, rng = _game(2, 5, (0,))
        play_game(st, bots, rng)
        ends.append(bytes(st.s))
    assert ends[0] == ends[1]


def test_value_counts_coins_stars_and_units_on_the_board():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    v = value(st, 0)
    set_player(st, 0, coins=coins(st, 0) + 5)
    assert value(st, 0) == v + 50                     # a coin is 10
    v = value(st, 0)
    put(st, 0, L.U_MECH, H(30))                       # a mech deployed (and a territory)
    assert value(st, 0) > v + 20
    v = value(st, 0)
    st.s[L.P0 + L.P_STARS] |= 1 << C.S_MECHS          # a star
    st.changed()
    assert value(st, 0) > v + 20
    assert value(st, 1) < value(st, 0)


def _combat(attacker_power, defender_power):
    """Saxony's character (player 0, Mechanical) moves onto Nordic's mech (player 1), both
    with empty hands: the attacker's dial is asked."""
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    attack(st, 41, 42, (attacker_power, defender_power))
    assert st.decision() == L.K_DIAL and st.current_player() == 0
    return st


def _defender_asked(st, dial):
    st.apply_checked(dial, 0)
    while st.decision() == L.K_CARD and st.current_player() == 0:
        st.apply_checked(0, 0)
    assert st.decision() == L.K_DIAL and st.current_player() == 1


def test_dials_the_least_power_that_wins_whatever_the_opponent_shows_else_all_it_may():
    # No cards in either hand: a dial shows at most the power track (7 at most).
    st = _combat(5, 9)
    assert RuleBot(Rng(1)).choose(st) == 5            # the attacker cannot be sure: all 5
    _defender_asked(st, 5)
    assert RuleBot(Rng(1)).choose(st) == 6            # the attacker shows at most 5: 6 wins
    st = _combat(9, 3)
    assert RuleBot(Rng(1)).choose(st) == 3            # the defender shows at most 3; ties win


def test_the_defender_dials_the_same_whatever_the_attacker_locked():
    # The attacker's dial and cards are its secret until the reveal: the defender's bot
    # decides from the public tracks and hand counts only.
    chosen = []
    for dial in (0, 2, 5):
        st = _combat(5, 9)
        set_player(st, 0, hand=2)
        set_player(st, 1, hand=1)
        st.apply_checked(dial, 0)
        while st.decision() == L.K_CARD and st.current_player() == 0:
            st.apply_checked(st.legal_actions()[-1 if dial else 0], 0)
        assert st.decision() == L.K_DIAL and st.current_player() == 1
        chosen.append(RuleBot(Rng(3)).choose(st.clone()))
    assert chosen[0] == chosen[1] == chosen[2], chosen


def test_takes_the_section_whose_bottom_row_action_gives_a_star():
    # Saxony on Mechanical: section 1 is Bolster / Deploy (3 metal). With three mechs out
    # and 3 metal, its Deploy places the fourth mech: the mechs' star.
    for seed in range(4):
        st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
        for i in range(3):
            put(st, 0, L.U_MECH + i, H(41))
        set_res(st, H(48), metal=3)
        begin_turn(st, 0)
        before = stars(st, 0)
        bot = RuleBot(Rng(seed))
        assert bot.choose(st) == 1, seed
        while st.current_player() == 0 and not st.is_terminal():
            st.apply(bot.choose(st))
        assert stars(st, 0) == before + 1, seed


def test_steps_toward_an_opponent_it_may_beat_and_none_toward_a_stronger_one():
    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    put(st, 1, L.U_MECH, H(42))
    put(st, 0, L.U_CHARACTER, H(41))
    n = st.board.n_spaces
    near, queue = bytearray(n), bytearray(n)
    set_player(st, 0, power=9, hand=0)
    set_player(st, 1, power=3, hand=0)
    assert nearest(st, 0, near, queue)
    assert near[H(42)] == 0 and near[H(41)] == 1
    close = value(st, 0, near)
    put(st, 0, L.U_CHARACTER, st.board.home[SAXONY])
    assert near[st.board.home[SAXONY]] > 1
    assert value(st, 0, near) < close               # farther from the weaker mech: worth less
    set_player(st, 1, power=12)
    assert not nearest(st, 0, near, queue)          # a stronger one is no target


def _ends_by_a_sixth_star(players, seed):
    """Rule bots in every seat: the turns a player took, once some player has 6 stars."""
    st, bots, rng = _game(players, seed, range(players))
    play_game(st, bots, rng)
    assert st.is_terminal() and max(stars(st, p) for p in range(players)) == 6
    return (st.s[L.TURN] | st.s[L.TURN + 1] << 8) / players


def test_beats_the_random_bot():
    # One rule-bot seat among random ones, the seat turning: by chance it would win a third
    # of 3-player games (measured 12 of 12 on CPython, seeds 1000-1011). The games are the
    # same on both interpreters (the same Rng): MicroPython plays the first one.
    games = 1 if MICROPYTHON else 6
    wins = 0
    for g in range(games):
        seat = g % 3
        st, bots, rng = _game(3, 1000 + g, (seat,))
        play_game(st, bots, rng)
        wins += seat in st.winners()
    assert wins >= games - games // 6, wins    # by chance: 5 or more of 6 in 1 of 56


def test_seeded_rule_bot_games_end_by_a_sixth_star_within_a_bound():
    # Measured (CPython, the bot as committed): these printed-card games took 26.5 and 27.0
    # turns a player (2 players, seeds 1 and 2) and 20.0 (4 players, seed 1); the model deck's
    # seeds 1-8 are in docs/bots.md. The bound leaves room for a change of the bot's weights:
    # 36 (2 players), 32 (4 players).
    # MicroPython plays the first 2-player game (the same game: the same Rng).
    for seed in (1,) if MICROPYTHON else (1, 2):
        turns = _ends_by_a_sixth_star(2, seed)
        assert turns <= 36, (seed, turns)
    if not MICROPYTHON:
        turns = _ends_by_a_sixth_star(4, 1)
        assert turns <= 32, turns


def test_a_trade_buys_what_the_bottom_row_action_needs_and_takes_it():
    # Saxony on Industrial: section 3 is Trade / Enlist (4 food). With 2 food, a Trade's two
    # resources are food and the Enlist follows. The resource was once chosen by its value
    # alone, equal for the four: at random (a Trade bought metal for an Enlist).
    for seed in range(4):
        st = started((SAXONY, NORDIC), (INDUSTRIAL, MECHANICAL))
        set_res(st, st.s[L.P0 + L.P_UNITS + L.U_WORKER], food=2)
        begin_turn(st, 0)
        take_top(st, 0, C.TA_TRADE)
        bot = RuleBot(Rng(seed))
        for _ in range(2):
            assert st.decision() == L.K_TRADE_RES
            assert bot.choose(st) == C.R_FOOD, seed
            st.apply(C.R_FOOD)
            while st.decision() == L.K_PLACE:
                st.apply(bot.choose(st))
        recruits = st.s[L.P0 + L.P_RECRUITS]
        while st.current_player() == 0 and not st.is_terminal():
            st.apply(bot.choose(st))
        assert st.s[L.P0 + L.P_RECRUITS] != recruits, seed


def test_values_progress_toward_its_own_model_objective_only():
    # The model deck: a card held is its holder's secret; the value reads only p's own. Card
    # 21 (index 20) is popularity 9 and power 8 (content_model: the 21 pairs, then 2 singles).
    from firmware.rules.scythe.content_model import MODEL_OBJECTIVES

    g = 20
    assert tuple(MODEL_OBJECTIVES[4 * g:4 * g + 4]) == (5, 9, 6, 8)
    st = started((SAXONY, NORDIC), (INDUSTRIAL, MECHANICAL))
    x = len(st.s) - L.TAIL
    st.s[x + L.X_CARDS] = L.CARDS_MODEL
    set_player(st, 0, pop=2, power=1)
    plain = value(st, 0)
    st.s[x + L.X_OBJ + 2] = g + 1                    # player 1 holds it: nothing to player 0
    st.changed()
    assert value(st, 0) == plain
    st.s[x + L.X_OBJ + 2] = 0
    st.s[x + L.X_OBJ] = g + 1                        # player 0 holds it
    st.changed()
    near = value(st, 0)
    assert near > plain
    set_player(st, 0, pop=7, power=6)
    closer = value(st, 0)
    st.s[x + L.X_OBJ] = 0
    st.changed()
    assert closer - value(st, 0) > near - plain       # closer to its goal: worth more
