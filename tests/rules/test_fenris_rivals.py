# pyright: reportAttributeAccessIssue=false
# Rivals (docs/fenris.md 1.6, D3, D4; the rulebook's "Rivals" and the Module Chart,
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): the stars on other players'
# home bases placed at setup in a secret run, taken back only by winning combats, $5 from a
# rival's base. CPython and the MicroPython unix port.
from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_rivals as R
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, po, stars
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.scythe_support import (AGRICULTURAL, CRIMEA, INDUSTRIAL, MECHANICAL, NORDIC, POLANIA, board,
                                        play_out, set_player, started, win_attack)

RIVALS = C.MOD_RIVALS
WAR = C.MOD_WAR


def _game(mods=RIVALS, n=3):
    return started((NORDIC, POLANIA, CRIMEA)[:n], (MECHANICAL, INDUSTRIAL, AGRICULTURAL)[:n], mods=mods)


def _enter(st, bases):
    """The secret run: player i puts a star on each seat of bases[i] (in order), then is done
    (unless its last star ended its run)."""
    for p in range(len(bases)):
        assert st.decision() == L.K_RIVAL and st.current_player() == p
        for q in bases[p]:
            st.apply_checked(q, p)
        if st.decision() == L.K_RIVAL and st.current_player() == p:
            st.apply_checked(L.RIVAL_DONE, p)


def test_rivals_come_after_every_other_setup_step():
    # "After all other setup steps are complete, you may declare "rivals" by placing 1 or more
    # of your stars on other players' home bases."
    st = _game()
    assert st.s[L.STAGE] == L.ST_RIVALS and st.s[L.TILE] == 0 and st.s[po(2) + L.P_FACTION] == CRIMEA
    assert st.decision() == L.K_RIVAL and st.current_player() == 0
    assert sorted(st.legal_actions()) == [1, 2, L.RIVAL_DONE]   # not its own base
    _enter(st, ((), (), ()))
    assert st.decision() == L.K_SECTION and st.check() is None


def test_up_to_four_stars_with_war_and_multiple_on_one_base():
    # "You may place up to 4 of your stars this way, and you may place multiple stars on the
    # same home base."
    st = _game(RIVALS | WAR)
    for k in range(3):
        st.apply_checked(1, 0)
        assert st.current_player() == 0 and 1 in st.legal_actions(), k
    st.apply_checked(2, 0)
    assert st.current_player() == 1   # a 5th is never offered: player 0's run is over
    for p in (1, 2):
        st.apply_checked(L.RIVAL_DONE, p)
    assert [R.on_base(st, 0, q) for q in range(3)] == [0, 3, 1] and R.on_bases(st, 0) == 4
    assert R.supply(st, 0) == 2 and st.check() is None


def test_only_two_stars_without_war():
    # Module Chart: "Rivals is designed to be used with the War Triumph Track, but it can be
    # used without it ... only place up to 2 stars on opponent(s) home bases instead of 4."
    st = _game()
    st.apply_checked(1, 0)
    st.apply_checked(1, 0)
    assert st.current_player() == 1 and R.on_base(st, 0, 1) == 0   # not shown yet: the run goes on
    st.apply_checked(0, 1)
    st.apply_checked(2, 1)
    st.apply_checked(0, 2)
    st.apply_checked(L.RIVAL_DONE, 2)
    assert [[R.on_base(st, p, q) for q in range(3)] for p in range(3)] == [[0, 2, 0], [1, 0, 1], [1, 0, 0]]
    assert st.decision() == L.K_SECTION


def test_all_players_place_at_once_in_secret():
    # "All players do this simultaneously": the run is a secret entry (every side enters on the
    # dials and all is shown at once); the table's bytes and what another seat sees do not
    # change with a side's entries; a side's options do not depend on another's.
    from firmware.rules.ruleset import ENTRY_SECRET

    assert RULESET.entry[L.K_RIVAL] == ENTRY_SECRET
    a = _game()
    b = _game()
    a.apply_checked(2, 0)
    a.apply_checked(1, 0)
    b.apply_checked(L.RIVAL_DONE, 0)
    assert a.s != b.s and a.current_player() == b.current_player() == 1
    assert a.public_bytes() == b.public_bytes() and a.public_hash() == b.public_hash()
    for q in (1, 2):
        assert RULESET.observation(a, q) == RULESET.observation(b, q)
        assert RULESET.determinise(a, q, Rng(4)).s == RULESET.determinise(b, q, Rng(4)).s
    assert RULESET.observation(a, 0) != RULESET.observation(b, 0)
    assert a.legal_actions() == b.legal_actions()
    # A copy for seat 1 keeps seat 1's options and draws seat 0's stars again (up to 2).
    seen = set()
    for k in range(12):
        c = RULESET.determinise(a, 1, Rng(k))
        assert c.legal_actions() == a.legal_actions() and c.check() is None
        seen.add(R.on_bases(c, 0, L.F_RIVAL_IN))
    assert seen == {0, 1, 2}
    # Shown once every player is done.
    for st in (a, b):
        st.apply_checked(L.RIVAL_DONE, 1)
        st.apply_checked(L.RIVAL_DONE, 2)
    assert R.on_base(a, 0, 2) == 1 and R.on_base(a, 0, 1) == 1 and R.on_bases(b, 0) == 0
    assert a.public_bytes() != b.public_bytes()
    assert bytes(a.s[len(a.s) - L.TAIL - L.F_SIZE + L.F_RIVAL_IN:][:15]) == bytes(15)


def _rivals_of_nordic(bases, mods=RIVALS):
    """A 3-player game past the run: Nordic (seat 0) put stars on `bases`."""
    st = _game(mods)
    _enter(st, (bases, (), ()))
    return st


def test_a_win_over_a_rival_takes_the_star_from_its_base_and_gives_5():
    # "If you win a combat against a rival, remove 1 of your stars from that player's home
    # base, place it on the Triumph Track, then gain $5."
    st = _rivals_of_nordic((1, 1))
    set_player(st, 0, coins=10)
    win_attack(st)   # seat 0 beats seat 1
    assert st.s[po(0) + L.P_COMBAT_STARS] == 1 and R.on_base(st, 0, 1) == 1
    assert coins(st, 0) == 15 and stars(st, 0) == 1
    assert st.check() is None


def test_a_win_may_take_a_star_from_any_base_but_5_only_from_the_loser():
    # "Whenever you win combat, you may remove 1 of your stars from ANY opponent's base and
    # place it on the Triumph Track, but you only gain the $5 bonus if the star comes from the
    # base of the defeated opponent."
    for choice in (2, L.RIVAL_SUPPLY):
        st = _rivals_of_nordic((2,))
        set_player(st, 0, coins=10)
        win_attack(st)   # seat 0 beats seat 1, its rival is seat 2
        assert st.decision() == L.K_RIVAL_STAR and st.current_player() == 0
        assert sorted(st.legal_actions()) == [2, L.RIVAL_SUPPLY]
        st.apply_checked(choice, 0)
        assert st.s[po(0) + L.P_COMBAT_STARS] == 1 and coins(st, 0) == 10
        assert R.on_base(st, 0, 2) == (0 if choice == 2 else 1) and st.check() is None
        assert st.decision() != L.K_RIVAL_STAR


def test_with_no_star_in_supply_the_combat_star_comes_from_a_base():
    # A star on a base is out of the supply: "Stars on an opponent's base may only be retrieved
    # and placed on the Triumph Track through combat" - with 4 on bases and 2 placed, the next
    # combat star can only come from a base (here the only one: no decision).
    st = _rivals_of_nordic((2, 2, 2, 2), RIVALS | WAR)
    st.s[po(0) + L.P_STARS] = 0b11   # 2 stars placed: the supply is empty
    assert R.supply(st, 0) == 0
    win_attack(st)
    assert st.s[po(0) + L.P_COMBAT_STARS] == 1 and R.on_base(st, 0, 2) == 3 and R.supply(st, 0) == 0
    assert st.check() is None


def test_stars_on_bases_leave_no_supply_for_other_categories():
    # "Stars on an opponent's base may only be retrieved ... through combat": with 2 on bases
    # and 4 placed, a 5th goal met places nothing (6 stars in all), and the objective is not
    # offered; without them it would be.
    for bases, expect in (((1, 2), 4), ((), 5)):
        st = _rivals_of_nordic(bases)
        st.s[po(0) + L.P_STARS] = 0b1111
        st.s[po(0) + L.P_POWER] = 16   # a 5th goal: 16 power
        st.s[L.STARS_DIRTY] = 1
        st.s[L.ACTIVE] = 0
        st.s[L.STAGE] = L.ST_SECTION
        st.begin()
        assert stars(st, 0) == expect, bases
        end = st.LEGAL[L.K_END](st)   # the end of the turn's options: reveal an objective?
        assert (L.O_OBJ1 in end) == (expect == 5), (bases, end)


def test_the_star_from_a_base_is_the_combat_star_within_the_limit():
    # D3 (docs/fenris.md): base "a maximum of 2 stars for winning combat": at the limit a win
    # places no star, so none comes off the rival's base and no $5.
    st = _rivals_of_nordic((1,))
    st.s[po(0) + L.P_COMBAT_STARS] = 2
    set_player(st, 0, coins=10)
    win_attack(st)
    assert st.s[po(0) + L.P_COMBAT_STARS] == 2 and R.on_base(st, 0, 1) == 1 and coins(st, 0) == 10


def test_the_star_comes_from_a_base_when_no_later_combat_star_could_bring_it_back():
    # S18 (docs/fenris.md): "you may remove 1 of your stars from ANY opponent's base" - may, but
    # with 2 stars on a base and 2 combat stars allowed, a first win placing its star from the
    # supply would leave one of them on that base for good: it comes from the base (no choice).
    st = _rivals_of_nordic((2, 2))
    set_player(st, 0, coins=10)
    win_attack(st)   # seat 0 beats seat 1; its stars are on seat 2's base
    assert st.decision() != L.K_RIVAL_STAR
    assert st.s[po(0) + L.P_COMBAT_STARS] == 1 and R.on_base(st, 0, 2) == 1 and coins(st, 0) == 10


def test_with_the_triumph_tiles_stars_on_bases_up_to_the_combat_tiles():
    # S17 (docs/fenris.md): the chart allows Rivals with the Triumph Tiles; a base star comes back
    # only as a combat star, so no more go on bases than the combat tiles dealt.
    st = _game(RIVALS | C.MOD_TILES)
    assert st.COMBAT_STARS == 1 and R.limit(st) == 1   # the tiles dealt: 1 combat tile
    st.apply_checked(1, 0)
    assert st.current_player() == 1   # a second is not offered
    from firmware.rules.scythe.fenris import TILES, new_game

    st = new_game(board(), 2, False, RIVALS | C.MOD_TILES)
    while st.current_player() == -1:   # the tiles dealt: none of combat
        opts = st.legal_actions()
        if st.decision() == L.K_TRIUMPH_TILE:
            opts = [a for a in opts if TILES[a] != C.CAT_COMBAT]
        st.apply(opts[0])
    assert st.COMBAT_STARS == 0 and st.decision() == L.K_SECTION   # no combat tile: no stars on bases


def test_rivals_is_refused_with_the_peace_track():
    # Module Chart: "Rivals is incompatible with the Peace Triumph Track."
    from firmware.rules.errors import SetupError

    try:
        RULESET.new_game(board(), 3, {"rivals": [1], "peace": [1]})
    except SetupError as e:
        assert "rivals+peace" in str(e.args)
    else:
        raise AssertionError("rivals with peace accepted")


def test_random_rivals_games_keep_every_count_and_take_base_stars_only_by_combat():
    # Every 5 moves: the state's check (stars + stars on bases <= 6, at most the limit on
    # bases, none on its own), a save round trip; after the run, a player's stars on bases
    # never grow, and fall by no more than the combat stars it won since.
    for seed, mods in ((11, RIVALS), (12, RIVALS | WAR)):
        first = _random_game(seed, mods)
        assert sum(first[p][0] for p in range(3)) > 0, seed


def _random_game(seed, mods):
    """The random game of the test above; returns (stars on bases, combat stars) a player
    once the run is over."""
    st = _game(mods)
    first = []

    def on_step(st, n):
        if st.s[L.STAGE] == L.ST_RIVALS:
            return
        now = [(R.on_bases(st, p), st.s[po(p) + L.P_COMBAT_STARS]) for p in range(3)]
        if not first:
            first.extend(now)
        for p in range(3):
            assert now[p][0] <= first[p][0], (seed, p)
            assert first[p][0] - now[p][0] <= now[p][1] - first[p][1], (seed, p)
    play_out(RULESET, st, seed, 8000, 5, on_step)
    assert st.is_terminal() and first, seed
    return first


def test_the_board_takes_the_run_as_one_secret_entry_of_every_side():
    # "All players do this simultaneously", at the table (firmware/board/secrets.py): every
    # player a side of one secret run, the active one on dial 1 and the others after one another
    # on dial 2; what a dial offers never depends on another side's entries; at the reveal each
    # of the engine's decisions takes the next entry of the side it asks.
    from firmware.board.secrets import SecretEntry

    st = _game()
    sec = SecretEntry(RULESET, st.s)
    sec.start(st, 0)
    first = st.active_player()
    assert sorted(sec.sides) == [0, 1, 2] and sec.dial[sec.sides.index(first)] == 0
    others = [q for q in sec.sides if q != first]
    offered = sec.options(st, 1)
    assert sec.side_on(1) == sec.sides.index(others[0])
    assert sec.enter(st, 1, [q for q in offered if q != L.RIVAL_DONE][0]) is False
    assert sec.options(st, 1) == offered   # the same side: its second star
    assert sec.enter(st, 1, L.RIVAL_DONE) is False   # done: the dial passes to the next side
    before = sec.options(st, 1)
    sec.enter(st, 0, [q for q in sec.options(st, 0) if q != L.RIVAL_DONE][0])   # the active side
    assert sec.options(st, 1) == before   # another side's entry changes nothing on this dial
    sec.enter(st, 0, L.RIVAL_DONE)
    assert sec.enter(st, 1, L.RIVAL_DONE) is True   # every side locked: the run is revealed
    while st.decision() == L.K_RIVAL:
        st.apply_checked(sec.next_entry(st.current_player()), st.current_player())
    assert st.decision() == L.K_SECTION
    assert R.on_bases(st, first) == 1 and R.on_bases(st, others[0]) == 1 and R.on_bases(st, others[1]) == 0
