# Random playouts: complete games over 2-6 players from fixed seeds, checking after every
# decision that goods and cards (spells, quest cards, power-up tiles, personalities) are
# conserved, pies stay 0-10, no player holds more than 4 trophies, clone and serialised
# forms round-trip equal; every game ends with the winners the rules name.
import os

from firmware.rules.mls import view
from firmware.bots import RandomBot, chance_step
from firmware.rules.mls.bot import nudge
from firmware.rng import Rng
from firmware.rules.mls.codes import (
    CHANCE,
    G_APPLE,
    G_GEM,
    G_QUEST,
    K_OVER,
    N_SPELL_CLASSES,
    NONE,
    TERMINAL,
    TROPHIES_TO_WIN,
)
from firmware.rules.mls.engine import State, new_game

from .support import MICROPYTHON, board

GAMES = int(os.getenv("PLAYOUTS") or (40 if MICROPYTHON else 1000))
TOTALS = ((G_APPLE, 24), (G_GEM, 24), (G_QUEST, 12))
SPELLS = 30         # the shipped spell cards, all of unknown value (class 8)
PERSONALITIES = 8


def _check_invariants(st):
    n = st.n_players()
    for good, total in TOTALS:
        on_map = 0
        for x in range(37):
            on_map += (st.apples, st.gems, st.quest_token)[good](x)
        assert on_map + st.supply(good) + view.goods_held(st, good) == total, (good, on_map)
    # Cards, counted here from view.py; loading.check (below) counts them all, each by id.
    spells = [0] * N_SPELL_CLASSES
    for hand in [view.spell_deck(st), view.spell_discard(st)] + [view.spell_hand(st, p) for p in range(n)]:
        for c in range(N_SPELL_CLASSES):
            spells[c] += hand[c]
    assert spells == [0] * 8 + [SPELLS], spells
    dealt = [view.personality(st, p) for p in range(n) if view.personality(st, p) != NONE]
    assert len(set(dealt)) == len(dealt) and all(c < PERSONALITIES for c in dealt), dealt
    held = [t for p in range(n) for t in view.tiles(st, p) if t != NONE]
    assert len(set(held)) == len(held), held
    problem = st.check()
    assert problem is None, problem
    for p in range(n):
        assert 0 <= st.pies(p) <= 10
        assert bin(view.trophies(st, p)).count("1") <= TROPHIES_TO_WIN
    for x in range(37):
        assert st.quest_token(x) <= 1


def _expected_winners(st):
    """The rulebook's winner, computed here independently of State.winners()."""
    n = st.n_players()
    four = [p for p in range(n) if bin(view.trophies(st, p)).count("1") == TROPHIES_TO_WIN]
    assert four, "the game ended without a player holding 4 trophies"

    def goods(p):
        spaces = {loc for loc in st.seekers(p) if loc != 63}
        return sum(st.apples(x) + st.gems(x) for x in spaces)

    best = max(view.friendship(st, p) for p in four)
    four = [p for p in four if view.friendship(st, p) == best]
    best = max(goods(p) for p in four)
    return tuple(p for p in four if goods(p) == best)


def play_checked(seed, players=None, full_checks=True):
    """One random game to its end, every invariant checked after every decision; then its
    end: terminal, nothing left to decide, winners as the rulebook names them."""
    if players is None:
        players = 2 + seed % 5
    rng = Rng(seed)
    st = new_game(board(), players)
    bots = [RandomBot(rng, nudge) for _ in range(players)]
    decisions = 0
    while not st.is_terminal():
        if st.current_player() == CHANCE:
            chance_step(st, rng)
        else:
            st.apply(bots[st.current_player()].choose(st))
        decisions += 1
        assert decisions < 20000, "seed %d: no end" % seed
        _check_invariants(st)
        if full_checks:
            c = st.clone()
            assert bytes(c.s) == bytes(st.s) and c.legal_actions() == st.legal_actions()
            back = State.from_bytes(board(), st.to_bytes())
            assert bytes(back.s) == bytes(st.s)
    assert st.n_players() == players
    assert st.current_player() == TERMINAL and st.decision() == K_OVER and st.legal_actions() == []
    winners = st.winners()
    assert winners and winners == _expected_winners(st), (seed, winners)
    return st, decisions


def test_random_playouts_keep_every_invariant_and_end_with_the_right_winners():
    for seed in range(GAMES):
        play_checked(seed)


def test_every_player_count_plays_a_game_to_its_winners():
    for players in (2, 3, 4, 5, 6):
        st, decisions = play_checked(1000 + players, players, full_checks=False)
        assert decisions > 10 * players, (players, decisions)   # a game, not a stub
        for p in st.winners():
            assert bin(view.trophies(st, p)).count("1") == TROPHIES_TO_WIN
