# The rule-based bot (firmware/rules/mls/rule_bot.py RuleBot): only legal options, games that
# end, a delivery taken when it is there, and a small seeded match it wins against the
# random bot. Plain functions: they run under pytest and under MicroPython.
from firmware.bots import RandomBot, chance_step, play_game
from firmware.rng import Rng
from firmware.rules.mls import view
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.rule_bot import RuleBot
from firmware.rules.mls.codes import A_MOVE, CHANCE, K_ACTION, K_MOVE, T_APPLES, T_GEMS
from firmware.rules.mls.engine import new_game

from .support import CAMP, board, scenario

CASTLE = 18


def _game(players, seed, rule_seats):
    rng = Rng(seed)
    bots = [RuleBot(rng) if p in rule_seats else RandomBot(rng, nudge) for p in range(players)]
    return new_game(board(), players), bots, rng


def test_only_legal_options_and_games_end():
    for players, seed in ((2, 11), (3, 12), (6, 13)):
        st, bots, rng = _game(players, seed, range(players))
        n = 0
        while not st.is_terminal():
            p = st.current_player()
            if p == CHANCE:
                chance_step(st, rng)
            else:
                a = bots[p].choose(st)
                assert a in st.legal_actions(), (st.decision(), a)
                st.apply(a)
            n += 1
            assert n < 20000
        assert st.winners()


def test_same_rng_same_game():
    ends = []
    for _ in range(2):
        st, bots, rng = _game(2, 5, (0,))
        play_game(st, bots, rng)
        ends.append(st.to_bytes())
    assert ends[0] == ends[1]


def test_delivers_four_apples_next_to_the_castle():
    # Seeker 0 on space 11 (next to the castle) with 4 apples; the other one at camp.
    st = scenario(seekers={0: (11, CAMP), 1: (CAMP, CAMP)}, goods={11: (4, 0)})
    bot = RuleBot(Rng(1))
    assert st.decision() == K_ACTION
    a = bot.choose(st)
    assert a == A_MOVE
    st.apply_checked(a)
    assert st.decision() == K_MOVE
    a = bot.choose(st)
    assert a == CASTLE   # Seeker 0 (0 * 64 + destination) onto the castle
    st.apply_checked(a)
    while st.moving_seeker() is not None:
        st.apply_checked(bot.choose(st))
    # Delivered: the apples went to the supply, the Seeker home, the trophy earned.
    assert st.apples(11) == 0 and st.apples(CASTLE) == 0
    assert st.seekers(0)[0] == CAMP
    assert view.trophies(st, 0) & (1 << T_APPLES)


def test_carries_a_stack_toward_the_castle():
    # Four gems on space 1 (one carried move from a space next to the castle or a portal):
    # the bot moves them one step closer rather than leaving them.
    bot = RuleBot(Rng(1))
    st = scenario(seekers={0: (1, CAMP), 1: (CAMP, CAMP)}, goods={1: (0, 4)})
    bot.build(st.board)
    assert bot.castle[1] == 1
    st.apply_checked(A_MOVE)
    a = bot.choose(st)
    st.apply_checked(a)
    while st.moving_seeker() is not None:
        st.apply_checked(bot.choose(st))
    k, d = a >> 6, a & 63
    assert k == 0 and bot.castle[d] == 0 and st.gems(d) == 4
    assert not view.trophies(st, 0) & (1 << T_GEMS)


def test_beats_the_random_bot():
    games = 12
    wins = 0
    for g in range(games):
        seat = g % 2
        st, bots, rng = _game(2, 100 + g, (seat,))
        play_game(st, bots, rng)
        w = st.winners()
        wins += seat in w and len(w) == 1
    assert wins >= games * 3 // 4, wins


def test_make_bot_gives_the_rulesets_strong_bot_or_the_nudged_random_one():
    from firmware.bot_kinds import make_bot
    from firmware.rules import registry

    mls = registry.load("mls")
    assert isinstance(make_bot(mls, Rng(1)), RuleBot)
    rnd = make_bot(mls, Rng(1), "random")
    assert isinstance(rnd, RandomBot) and rnd.nudge is nudge
    try:
        make_bot(mls, Rng(1), "clever")
        raise AssertionError("an unknown bot kind was accepted")
    except ValueError as e:
        assert "clever" in str(e)


def test_a_ruleset_without_a_strong_bot_gets_the_random_one():
    from firmware.bot_kinds import make_bot
    from firmware.rules import registry

    race = registry.plug("tests.rulesets.race")
    bot = make_bot(race, Rng(1))
    assert isinstance(bot, RandomBot) and bot.nudge is None
