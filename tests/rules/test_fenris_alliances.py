# pyright: reportAttributeAccessIssue=false
# Alliances (docs/fenris.md 1.7, D11, D17, S7; the rulebook's "Alliances",
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): tokens switched, the ally's
# faction ability gained, the token flipped on an attack or workers forced off, $5 to the odd
# man out, -$10 at the end for a flipped token. CPython and the MicroPython unix port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_alliances as A
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import common
from firmware.rules.scythe.common import coins, po
from firmware.rules.scythe.ruleset import RULESET
from firmware.rules.scythe.turn import legal_section
from tests.rules.scythe_support import (AGRICULTURAL, CRIMEA, INDUSTRIAL, MECHANICAL, NORDIC, PATRIOTIC,
                                        RUSVIET, SAXONY, H, begin_turn, board, play_out, put, set_player,
                                        started, take_top, win_attack)

ALLIANCES = C.MOD_ALLIANCES
MATS = (MECHANICAL, INDUSTRIAL, AGRICULTURAL, PATRIOTIC, 1)


def _game(factions=(NORDIC, RUSVIET, CRIMEA), model=True, mods=ALLIANCES):
    return started(factions, MATS[:len(factions)], mods=mods, model=model)


def _ally(st, p, q):
    """p (active, at the start of its turn) proposes to q, who agrees (printed tokens: $0 read
    for both)."""
    _step(st, L.ALLY_ASK)
    begin_turn(st, p)
    assert st.decision() == L.K_ALLY_PROPOSE and st.current_player() == p
    st.apply_checked(q, p)
    assert st.decision() == L.K_ALLY_ANSWER and st.current_player() == q
    st.apply_checked(1, q)
    while st.decision() == L.K_ALLY_COINS:
        st.apply_checked(0, st.current_player())


def _step(st, v):
    """The turn's proposal step (set before begin_turn, which asks the pending decision)."""
    st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_ALLY_STEP] = v


def test_a_proposal_accepted_switches_tokens_and_pays_the_coins_on_the_token_received():
    # "If they agree, switch tokens with that player and gain the coin bonus on the token you
    # receive from the general supply." The model tokens: $5 each (docs/fenris.md G6).
    st = _game(model=True)
    p = st.active_player()
    q = (p + 1) % 3
    assert st.decision() == L.K_ALLY_PROPOSE and st.current_player() == p
    assert sorted(st.legal_actions()) == sorted([r for r in range(3) if r != p] + [L.ALLY_NONE])
    before = [coins(st, r) for r in range(3)]
    st.apply_checked(q, p)
    assert st.decision() == L.K_ALLY_ANSWER and st.current_player() == q
    assert st.legal_actions() == [0, 1]
    st.apply_checked(1, q)
    assert A.held(st, p) == (q, False) and A.held(st, q) == (p, False)
    assert coins(st, p) == before[p] + 5 and coins(st, q) == before[q] + 5
    assert st.decision() == L.K_SECTION and st.current_player() == p and st.check() is None


def test_the_printed_tokens_coins_are_read_at_the_table_proposer_first():
    # "a coin amount on the front": not printed in the sources, so the table enters the
    # amount on each token received (Ruleset.reads_card, a bot seat's too).
    st = _game(model=False)
    p = st.active_player()
    q = (p + 2) % 3
    st.apply_checked(q, p)
    st.apply_checked(1, q)
    before = [coins(st, r) for r in range(3)]
    assert st.decision() == L.K_ALLY_COINS and st.current_player() == p and RULESET.reads_card(st)
    assert st.legal_actions() == list(range(16))
    st.apply_checked(7, p)
    assert st.decision() == L.K_ALLY_COINS and st.current_player() == q
    st.apply_checked(3, q)
    assert coins(st, p) == before[p] + 7 and coins(st, q) == before[q] + 3
    assert st.decision() == L.K_SECTION and st.check() is None
    assert not RULESET.reads_card(st)


def test_a_refused_proposal_changes_nothing_and_is_not_asked_again_that_turn():
    # "If they agree, switch tokens": a "no" leaves both tokens and every coin; one proposal a
    # turn, at its start (docs/fenris.md 1.7: "at any time during your turn" narrowed to then).
    st = _game()
    p = st.active_player()
    q = (p + 1) % 3
    before = bytes(st.s)
    st.apply_checked(q, p)
    st.apply_checked(0, q)
    step = len(st.s) - L.TAIL - L.F_SIZE + L.F_ALLY_STEP
    changed = [i for i in range(len(before)) if before[i] != st.s[i]]
    assert set(changed) <= {L.KIND, L.DECIDER, step, step + 1}, changed   # the step, the proposed seat
    assert A.held(st, p) == (-1, False) and A.held(st, q) == (-1, False)
    assert st.decision() == L.K_SECTION and st.current_player() == p
    st.apply_checked(st.legal_actions()[0], p)   # the section: the proposal is over for this turn
    assert st.decision() != L.K_ALLY_PROPOSE


def test_only_a_player_holding_its_own_token_proposes_and_only_to_one_holding_its_own():
    # "if you have your faction's Alliance token, you may propose an alliance with another
    # player who has their own Alliance token."
    st = _game(factions=(NORDIC, RUSVIET, CRIMEA, SAXONY, 4), model=True)
    _ally(st, 0, 1)
    _step(st, L.ALLY_ASK)
    begin_turn(st, 2)
    assert sorted(st.legal_actions()) == [3, 4, L.ALLY_NONE]   # not the allied seats 0 and 1
    for p in (0, 1):
        _step(st, L.ALLY_ASK)
        begin_turn(st, p)
        assert st.decision() == L.K_SECTION   # no proposal: it holds another's token


def test_the_ally_s_faction_ability_is_gained_in_addition_to_one_s_own():
    # "You now have their faction ability as noted on the token in addition to the ability on
    # your faction mat." A Nordic player allied with Rusviet (Relentless) may choose last
    # turn's section; Rusviet gains Swim and keeps Relentless.
    alone = _game()
    _step(alone, L.ALLY_ASKED)
    begin_turn(alone, 0)
    set_player(alone, 0, last=2)
    assert 2 not in legal_section(alone)
    assert not common.has_ability(alone, 0, C.AB_RELENTLESS) and not common.has_ability(alone, 1, C.AB_SWIM)
    st = _game()
    _ally(st, 0, 1)
    assert common.has_ability(st, 0, C.AB_RELENTLESS) and common.has_ability(st, 0, C.AB_SWIM)
    assert common.has_ability(st, 1, C.AB_SWIM) and common.has_ability(st, 1, C.AB_RELENTLESS)
    assert not common.has_ability(st, 2, C.AB_SWIM) and not common.has_ability(st, 0, C.AB_COERCION)
    set_player(st, 0, last=2)
    assert st.decision() == L.K_SECTION and 2 in st.legal_actions()


def test_the_odd_man_out_gains_5_once():
    # "In games with an odd number of players, the moment you become the 'odd man out,' gain
    # $5." (docs/fenris.md S7: the one player left holding its own token.)
    st = _game(model=True)
    c2 = coins(st, 2)
    _ally(st, 0, 1)
    assert coins(st, 2) == c2 + 5 and A.odd_paid(st) and st.check() is None
    # 5 players: only after the second alliance; 4 players: never.
    st = _game(factions=(NORDIC, RUSVIET, CRIMEA, SAXONY, 4), model=False)
    c = [coins(st, p) for p in range(5)]
    _ally(st, 0, 1)
    assert [coins(st, p) for p in range(5)] == c and not A.odd_paid(st)
    _ally(st, 2, 3)
    assert coins(st, 4) == c[4] + 5 and [coins(st, p) for p in range(4)] == c[:4]
    st = _game(factions=(NORDIC, RUSVIET, CRIMEA, SAXONY), model=False)
    c = [coins(st, p) for p in range(4)]
    _ally(st, 0, 1)
    assert [coins(st, p) for p in range(4)] == c and not A.odd_paid(st)


def _allied_pair():
    """2 players, Nordic (seat 0, Mechanical) and Rusviet (seat 1) allied."""
    st = _game(factions=(NORDIC, RUSVIET))
    _ally(st, 0, 1)
    return st


def test_attacking_the_ally_flips_the_attacker_s_token_and_loses_its_ability():
    # "If you ever attack a player who has your faction's Alliance token ... you must flip over
    # the token you have. You no longer have that faction ability". The ally keeps its token.
    st = _allied_pair()
    assert common.has_ability(st, 0, C.AB_RELENTLESS)
    win_attack(st)   # seat 0's character onto seat 1's mech
    assert A.held(st, 0) == (1, True) and A.held(st, 1) == (0, False)
    assert not common.has_ability(st, 0, C.AB_RELENTLESS) and common.has_ability(st, 1, C.AB_SWIM)
    assert st.check() is None


def test_forcing_the_ally_s_workers_off_flips_the_token():
    # "... or force their workers off a territory, you must flip over the token you have."
    st = _allied_pair()
    home = board().home[RUSVIET]
    put(st, 1, L.U_WORKER, H(28))
    put(st, 0, L.U_CHARACTER, H(27))
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(28), 0)
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)
    assert st.s[po(1) + L.P_UNITS + L.U_WORKER] == home   # sent home
    assert A.held(st, 0) == (1, True) and A.held(st, 1) == (0, False) and st.check() is None


def test_an_attack_on_a_player_who_is_not_the_ally_flips_nothing():
    # The flip is for "a player who has your faction's Alliance token" only.
    st = _game()
    _ally(st, 0, 2)
    win_attack(st)   # seat 0 beats seat 1, not its ally
    assert A.held(st, 0) == (2, False) and A.held(st, 2) == (0, False)


def test_a_betrayed_ally_who_attacks_back_flips_too():
    # D17: the text has no exception: seat 1 attacked by its ally, then attacking it, holds the
    # token of a player who has seat 1's token, so it flips the token it has.
    st = _allied_pair()
    win_attack(st)
    assert A.held(st, 1) == (0, False)
    A._flip(st, 1, 0)   # seat 1 attacks seat 0, who still holds seat 1's token (flipped)
    assert A.held(st, 1) == (0, True) and A.held(st, 0) == (1, True)


def test_a_betrayed_ally_who_wins_the_defence_flips_nothing_though_the_betrayer_s_workers_go_home():
    # D18: "If you ever attack a player who has your faction's Alliance token or force their
    # workers off a territory, you must flip over the token you have ... (i.e., you broke the
    # alliance)": seat 0's mech carries a worker onto its ally's mech and loses; its mech and
    # worker retreat home, which is the combat's loser retreating, not seat 1 forcing them off.
    st = _allied_pair()
    home = board().home[NORDIC]
    put(st, 1, L.U_MECH, H(28))
    put(st, 0, L.U_MECH, H(27))
    put(st, 0, L.U_WORKER, H(27))
    set_player(st, 0, power=0, hand=0)
    set_player(st, 1, power=1, hand=0)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_MECH, 0)
    st.apply_checked(H(28), 0)
    assert st.decision() == L.K_CARRY
    st.apply_checked(1, 0)   # the worker rides along
    st.apply_checked(L.MOVE_DONE, 0)
    while st.decision() in (L.K_DIAL, L.K_CARD):
        st.apply_checked(max(st.legal_actions()), st.current_player())   # seat 1 dials 1: it wins
    units = po(0) + L.P_UNITS
    assert st.s[units + L.U_MECH] == home and st.s[units + L.U_WORKER] == home
    assert A.held(st, 0) == (1, True) and A.held(st, 1) == (0, False) and st.check() is None


def _end_bare(st, c0, c1, worker_at=None):
    """Nothing on the board, no star, popularity 5: fortune = coins (c0, c1); then the end.
    worker_at: a space where player 0 keeps one worker."""
    set_player(st, 0, coins=c0, pop=5)
    set_player(st, 1, coins=c1, pop=5)
    for p in (0, 1):
        st.s[po(p) + L.P_COMBAT_STARS] = st.s[po(p) + L.P_STARS] = 0
        for u in range(L.N_UNITS):
            put(st, p, u, L.NOWHERE)
        for i in range(4):
            st.s[po(p) + L.P_STRUCT + i] = L.NOWHERE
    if worker_at is not None:
        put(st, 0, L.U_WORKER, worker_at)
    f = len(st.s) - L.TAIL - L.F_SIZE
    st.s[L.RES0:f] = bytes(f - L.RES0)
    st.s[L.STAGE] = L.ST_OVER
    st.s[L.WINNER_MASK] = 0
    st.begin()
    assert st.is_terminal()


def test_a_flipped_token_loses_10_at_the_end_never_below_0():
    # "During end-game scoring, if the token you have is showing -$10 (i.e., you broke the
    # alliance), lose $10." D11: "Your end-game score can never be less than $0".
    plain = _allied_pair()
    _end_bare(plain, 30, 25)
    assert plain.fortune(0) == 30 and plain.fortune(1) == 25 and plain.winners() == (0,)
    st = _allied_pair()
    win_attack(st)
    _end_bare(st, 30, 25)
    assert st.fortune(0) == 20 and st.fortune(1) == 25 and st.winners() == (1,)
    low = _allied_pair()
    win_attack(low)
    _end_bare(low, 4, 0)
    assert low.fortune(0) == 0 and low.fortune(1) == 0 and low.winners() == (0, 1)


def test_random_alliance_games_keep_the_check_and_round_trip():
    # The tokens stay a matching pair or the owner's own, through random games of 2, 3 and 5
    # players, model and printed tokens; every game ends.
    from firmware.rules.scythe.fenris import new_game

    formed = flipped = 0
    for seed, n, model in ((0, 2, True), (2, 3, False), (1, 5, False)):
        st = new_game(board(), n, model, ALLIANCES)
        play_out(RULESET, st, seed, 40000, 5)
        formed += sum(1 for p in range(n) if A.held(st, p)[0] >= 0)
        flipped += sum(1 for p in range(n) if A.held(st, p)[1])
    assert formed >= 2 and flipped >= 1


def test_a_corrupt_alliance_token_is_refused_at_load_even_with_combat_stars_over_the_limit():
    # Bad input changes nothing: a saved game whose token names a seat that is not in it, with a
    # player's combat stars over the limit (so the check asks whether the token gives Dominate),
    # is refused with the state's reason, never an IndexError.
    from firmware.rules.errors import CorruptStateError

    st = _game()
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_ALLY
    st.s[po(0) + L.P_COMBAT_STARS] = st.COMBAT_STARS + 1
    for bad in (0x7F, 0x80, 0x80 | 9, 4):   # seats 126, none, 8 (flipped), 3 of 3 players
        st.s[x] = bad
        problem = st.check()
        assert problem is not None and "player 0" in problem, (bad, problem)
        try:
            type(st).from_bytes(st.board, bytes(st.to_bytes()))
        except CorruptStateError as e:
            assert "player 0" in str(e.args), e.args
        else:
            raise AssertionError("loaded")
