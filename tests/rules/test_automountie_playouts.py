# Random solo games against Automountie (Pie in the Sky, both sides of her mat) from fixed
# seeds: every decision drawn at random, hers (her card's entries) included. After every
# decision: goods conserved (quest tokens in her cargo hold too), at most one gadget a space,
# the airship never on the castle, her trophies on the map on spaces and with her track's 5
# at most, clone and save round-trips equal. Every game ends with someone holding 5 trophies.
import os

from firmware.bots import RandomBot, chance_step
from firmware.rng import Rng
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.codes import CHANCE, K_AM_DIRECTION, K_AM_PAY
from firmware.rules.mls.pits import PitsState
from firmware.rules.mls.ruleset import RULESET

from .support import MICROPYTHON, board
from .test_pits_playouts import _check_invariants

GAMES = int(os.getenv("PLAYOUTS") or (6 if MICROPYTHON else 60))
CASTLE = 18


def play_solo(seed, full_checks=True):
    rng = Rng(seed)
    st = RULESET.new_game(board(), 1, {"pits": [1], "automountie": [seed % 2], "mats": [seed // 2 % 2]})
    assert isinstance(st, PitsState)
    bots = [RandomBot(rng, nudge) for _ in range(2)]
    seen = {K_AM_DIRECTION: 0, K_AM_PAY: 0}
    decisions = 0
    while not st.is_terminal():
        if st.decision() in seen:
            seen[st.decision()] += 1
        if st.current_player() == CHANCE:
            chance_step(st, rng)
        else:
            st.apply(bots[st.current_player()].choose(st))
        decisions += 1
        assert decisions < 20000, "seed %d: no end" % seed
        _check_invariants(st)
        drops = st.dropped()
        assert CASTLE not in drops and st.trophy_count(1) <= 5
        if full_checks:
            c = st.clone()
            assert bytes(c.s) == bytes(st.s) and c.legal_actions() == st.legal_actions()
            back = RULESET.from_bytes(board(), st.to_bytes())
            assert bytes(back.s) == bytes(st.s)
    assert max(st.trophy_count(0), st.trophy_count(1)) == 5
    assert st.winners()
    return seen


def test_random_solo_games_against_automountie_end_with_the_invariants_kept():
    total = {K_AM_DIRECTION: 0, K_AM_PAY: 0}
    for seed in range(1, GAMES + 1):
        seen = play_solo(seed, full_checks=seed <= (2 if MICROPYTHON else 20))
        for k in total:
            total[k] += seen[k]
    assert total[K_AM_DIRECTION] > 0 and total[K_AM_PAY] > 0   # her flights and trophies were played


def test_the_rule_bot_plays_both_seats_of_a_solo_game_to_the_end():
    from firmware.rules.mls.rule_bot import RuleBot

    for seed in range(1, 3 if MICROPYTHON else 6):
        rng = Rng(seed)
        st = RULESET.new_game(board(), 1, {"pits": [1], "automountie": [seed % 2]})
        bots = [RuleBot(rng) for _ in range(2)]
        decisions = 0
        while not st.is_terminal():
            if st.current_player() == CHANCE:
                chance_step(st, rng)
            else:
                st.apply(bots[st.current_player()].choose(st))
            decisions += 1
            assert decisions < 20000, "seed %d: no end" % seed
        assert st.check() is None and st.winners()
