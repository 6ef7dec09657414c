# pyright: reportAttributeAccessIssue=false
# A campaign episode's Perks (the `perks` module; docs/campaign.md section 3; the Campaign Log's
# Perks of ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test). CPython and the
# MicroPython unix port.
from firmware.rng import Rng
from firmware.rules.scythe import common
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.scythe_support import board, play_out

RESOURCES, WORKER = 0, 1   # campaign_data.PERK_RESOURCES, PERK_WORKER


def _setup(options, perks, choose=None, players=2, seed=1):
    """The game's setup, each seat's Perk perks[seat] (L.PERK_NONE: none), other chance by weight,
    a decision by choose(st) or the first option. Returns (the game, the decisions of the Perks'
    stage as (kind, decider))."""
    st = RULESET.new_game(board(), players, options)
    rng = Rng(seed)
    asked = []
    while st.s[L.STAGE] != L.ST_SECTION or st.current_player() < 0:
        k = st.decision()
        if st.s[L.STAGE] == L.ST_PERK:
            asked.append((k, st.current_player()))
        if k == L.K_PERK:
            st.apply_checked(perks[st.s[L.SETUP_I]], -1)
        elif st.current_player() < 0:
            st.apply(rng.weighted(st.chance_outcomes()))
        else:
            a = choose(st) if choose is not None else None
            st.apply_checked(a if a is not None else st.legal_actions()[0], st.current_player())
        assert st.check() is None, st.check()
    return st, asked


def _starts(st, p):
    f = common.faction(st, p)
    return sorted((st.board.start[2 * f], st.board.start[2 * f + 1]))


def test_the_two_resources_perk_puts_the_chosen_resources_on_a_starting_territory():
    # "For the +2 resources Perk, place the resources you choose on one of your starting
    # territories." ("immediately gain the benefit": at the setup)
    picks = {L.K_PERK_RES: [3, 1]}

    def choose(st):
        if st.decision() == L.K_PERK_RES:
            return picks[L.K_PERK_RES].pop(0)
        if st.decision() == L.K_PERK_AT:
            assert st.legal_actions() == _starts(st, st.current_player())
            return st.legal_actions()[1]
        return None

    st, asked = _setup({"perks": [1]}, [RESOURCES, L.PERK_NONE], choose)
    assert asked == [(L.K_PERK, -1), (L.K_PERK_RES, 0), (L.K_PERK_RES, 0), (L.K_PERK_AT, 0), (L.K_PERK, -1)]
    x = _starts(st, 0)[1]
    assert [st.s[L.RES0 + 4 * x + r] for r in range(4)] == [0, 1, 0, 1]
    plain, _ = _setup({"perks": [1]}, [L.PERK_NONE, L.PERK_NONE])
    assert sum(plain.s[L.RES0:L.RES0 + 4 * st.board.n_spaces]) == 0


def test_the_worker_perk_puts_a_worker_on_a_starting_territory():
    # "For the +1 Worker Perk, place it on one of your starting territories."
    seen = []

    def choose(s):
        seen.append(s.s[L.ACTIVE])   # the seat asked is the active one (its words, its line)
        return None

    st, asked = _setup({"perks": [1]}, [L.PERK_NONE, WORKER], choose)
    assert asked == [(L.K_PERK, -1), (L.K_PERK, -1), (L.K_PERK_AT, 1)] and seen[-1] == 1
    assert st.s[L.ACTIVE] == min(range(2), key=lambda p: common.mat_byte(st, p, 0))   # then the first player
    o = po(1) + L.P_UNITS
    workers = [x for x in st.s[o + L.U_WORKER:o + L.N_UNITS] if x != L.NOWHERE]
    assert sorted(workers) == sorted(_starts(st, 1) + [_starts(st, 1)[0]])
    o = po(0) + L.P_UNITS + L.U_WORKER
    assert len([x for x in st.s[o:o + 8] if x != L.NOWHERE]) == 2


def test_the_check_refuses_a_resource_byte_that_names_no_resource():
    st = RULESET.new_game(board(), 2, {"perks": [1]})
    rng = Rng(1)
    while st.decision() != L.K_PERK:
        st.apply(rng.weighted(st.chance_outcomes()))
    st.apply_checked(RESOURCES, -1)
    st.apply_checked(2, 0)
    assert st.check() is None
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_PERK_RES
    for bad in (0, 5, 0x23):   # none taken, a 5th kind, two taken at the first step
        keep = st.s[x]
        st.s[x] = bad
        assert st.check() == "perk resources", bad
        st.s[x] = keep


def test_the_unprinted_perks_are_played_at_the_table():
    # Perks 3 to 7 (gap C3): nothing the board does; the game is the plain one.
    st, asked = _setup({"perks": [1]}, [2, 6])
    plain, _ = _setup({"perks": [1]}, [L.PERK_NONE, L.PERK_NONE])
    assert [k for k, _p in asked] == [L.K_PERK, L.K_PERK]
    assert bytes(st.s) == bytes(plain.s)


def test_perks_come_after_the_setup_bonuses_and_before_rivals_stars():
    order = []
    st = RULESET.new_game(board(), 2, {"perks": [1], "bonuses": [1], "war": [1], "rivals": [1]})
    rng = Rng(3)
    while st.s[L.STAGE] != L.ST_SECTION or st.current_player() < 0:
        stage = st.s[L.STAGE]
        if stage in (L.ST_BONUS, L.ST_PERK, L.ST_RIVALS) and (not order or order[-1] != stage):
            order.append(stage)
        opts = st.legal_actions()
        chance = st.current_player() < 0
        st.apply(rng.weighted(st.chance_outcomes()) if chance else opts[rng.below(len(opts))])
    assert order == [L.ST_BONUS, L.ST_PERK, L.ST_RIVALS]


def test_the_log_names_the_perk_and_its_choices():
    from firmware.rules.scythe.narrate import narrate
    from firmware.rules.scythe.narrate_words import hex_words

    st = RULESET.new_game(board(), 2, {"perks": [1]})
    rng = Rng(1)
    while st.decision() != L.K_PERK:
        st.apply(rng.weighted(st.chance_outcomes()))
    before = st.clone()
    st.apply_checked(WORKER, -1)
    said = narrate(before, WORKER, st)
    assert said.startswith("Seat 1 (") and said.endswith("'s Perk: +1 Worker."), said
    x = st.legal_actions()[0]
    before = st.clone()
    st.apply_checked(x, 0)   # the worker's starting territory
    assert narrate(before, x, st).endswith(": " + hex_words(before, x) + "."), narrate(before, x, st)
    before = st.clone()
    st.apply_checked(L.PERK_NONE, -1)
    assert narrate(before, L.PERK_NONE, st).endswith("'s Perk: no Perk."), narrate(before, L.PERK_NONE, st)


def test_random_games_with_perks_keep_their_checks():
    for seed in (1, 2):
        st = RULESET.new_game(board(), 3, {"perks": [1], "cards": [1]})
        play_out(RULESET, st, seed, 20000, 25)
        assert st.is_terminal()
