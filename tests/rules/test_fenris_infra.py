# pyright: reportAttributeAccessIssue=false
# Infrastructure Mods (docs/fenris.md 1.2; the Module Chart and "Infrastructure Mods" of
# ../shared/rules/scythe-rise-of-fenris.txt, quoted at each test): 4 drawn at setup without
# duplicates, up to 2 kept face up, the rest discarded; each used once a game: the bottom-row
# action without its cost, or Automachines' Produce twice. CPython and the MicroPython unix port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_infra as I
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, SAXONY, H, begin_turn, board,
                                        play_out, section_of, set_player, set_res, started,
                                        take_top)

MODS = C.MOD_INFRA
MACHINERY, ASSEMBLY, CONSTRUCTION, RECRUITMENT, AUTOMACHINES = range(5)


def _setup():
    """A 2-player game at seat 0's first draw (Nordic, Saxony)."""
    from firmware.rules.scythe.fenris import new_game

    st = new_game(board(), 2, True, MODS)
    while st.decision() != L.K_INFRA_DRAWN:
        k = st.decision()
        st.apply((NORDIC, SAXONY)[st.s[L.SETUP_I]] if k == L.K_DEAL_FACTION else st.legal_actions()[0])
    return st


def _discard_all(st):
    """Every seat's draws, each discarded: the first turn next."""
    while st.decision() in (L.K_INFRA_DRAWN, L.K_INFRA_KEEP):
        k = st.decision()
        st.apply_checked(0 if k == L.K_INFRA_KEEP else st.legal_actions()[0], st.current_player())


def _holding(*mods, p=0):
    """Nordic (Industrial) and Saxony (Engineering) past setup, every drawn mod discarded, then
    p holding `mods` face up (by index)."""
    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING), mods=MODS)
    _discard_all(st)
    assert st.decision() == L.K_SECTION
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFRA + 2 * p
    for i in mods:
        st.s[x] |= 1 << i   # (F_INFRA: the kept mods' bits)
    st.changed()
    return st


def test_four_are_drawn_without_duplicates_and_only_mods_the_board_plays():
    # Module Chart: "draw 4 Infrastructure Mods at random (redraw duplicates)". Spy, Propaganda
    # and Cavalry (effects not in the sources, docs/fenris.md 1.2) are never offered.
    st = _setup()
    assert st.s[L.STAGE] == L.ST_INFRA and st.current_player() == -1
    seen = []
    for _ in range(4):
        opts = st.legal_actions()
        assert sorted(opts) == [i for i in I.PLAYED if i not in seen], (opts, seen)
        assert C.INFRA_NAMES.index("Spy") not in opts
        assert sorted(o for o, _ in st.chance_outcomes()) == sorted(opts)
        st.apply_checked(opts[-1])
        seen.append(opts[-1])
    assert st.decision() == L.K_INFRA_KEEP and st.current_player() == 0
    assert I.drawn(st) == seen[0]


def test_up_to_two_are_kept_face_up_and_the_rest_discarded():
    # "place up to 2 of them face up next to your player mat. Discard all Infrastructure Mods
    # you neither choose nor place."
    st = _setup()
    for _ in range(4):
        st.apply_checked(st.legal_actions()[0])   # Machinery, Assembly Line, Construction, Recruitment
    assert st.legal_actions() == [0, 1]
    st.apply_checked(1, 0)       # Machinery kept
    st.apply_checked(0, 0)       # Assembly Line discarded
    st.apply_checked(1, 0)       # Construction kept: two, the 4th is not asked
    assert st.decision() == L.K_INFRA_DRAWN and st.s[L.SETUP_I] == 1
    assert I.kept(st, 0) == [(MACHINERY, False), (CONSTRUCTION, False)]
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_DRAW
    assert bytes(st.s[x:x + 4]) == bytes(4)   # the others discarded
    for _ in range(4):
        st.apply_checked(st.legal_actions()[0])
    for _ in range(4):
        st.apply_checked(0, 1)   # seat 1 keeps none: "up to 2"
    assert I.kept(st, 1) == [] and st.decision() == L.K_SECTION and st.check() is None


def _turn(st):
    """Seat 0's turn from the edited position, any section allowed (none taken last)."""
    set_player(st, 0, last=255)
    begin_turn(st, 0)


def _upgrade_turn(st, option, pay=True):
    """Nordic (Industrial): the section whose bottom row is Upgrade (Bolster over it), the top
    skipped, the bottom taken with `option`, the payment from territory 11 when asked, then
    the upgrade (Move's units; the cost of Enlist)."""
    _turn(st)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
    st.apply_checked(L.O_SKIP, 0)
    st.apply_checked(option, 0)
    while pay and st.decision() == L.K_PAY_FROM:
        st.apply_checked(H(11), 0)
    st.apply_checked(C.UP_MOVE_UNITS, 0)
    st.apply_checked(C.BA_ENLIST, 0)


def test_a_cost_free_mod_takes_the_bottom_action_as_usual_without_its_cost():
    # "Machinery, Assembly Line, Construction, and Recruitment Office all allow players to take
    # actions without paying the associated cost. They do not provide bonus actions. You simply
    # take the bottom-row action as usual, but do not have to pay the associated cost."
    # The same Upgrade paid and with Machinery: the same coins, the same recruit bonus, the same
    # upgrade; only the oil stays on the board.
    after = []
    for option in (L.O_FIRST, L.O_INFRA):
        st = _holding(MACHINERY)
        s = st.s
        s[po(0) + L.P_RECRUITS] = 1 << C.BA_UPGRADE   # its own Upgrade recruit: +1 power
        set_res(st, H(11), oil=3)
        set_player(st, 0, power=4, coins=0)
        _upgrade_turn(st, option)
        after.append((coins(st, 0), s[po(0) + L.P_POWER], bytes(s[po(0) + L.P_TOPUP:po(0) + L.P_TOPUP + 2]),
                      s[L.RES0 + 4 * H(11) + C.R_OIL], st.decision()))
    paid, free = after
    assert paid[:3] == free[:3] and paid[1] == 5 and paid[0] > 0   # coins and the recruit as usual
    assert paid[3] == 0 and free[3] == 3                           # the cost, not paid
    assert free[4] == paid[4] != L.K_UPGRADE_TOP                   # no bonus action: one upgrade


def test_a_cost_free_mod_is_offered_when_the_cost_cannot_be_paid_and_only_for_its_action():
    # "take actions without paying the associated cost": no oil, Upgrade refused without the mod,
    # offered with Machinery; Construction names Build, not Upgrade.
    for mods, offered in (((), False), ((MACHINERY,), True), ((CONSTRUCTION,), False)):
        st = _holding(*mods)
        _turn(st)
        st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
        st.apply_checked(L.O_SKIP, 0)
        opts = st.legal_actions()
        assert L.O_FIRST not in opts and (L.O_INFRA in opts) == offered, (mods, opts)


def test_each_mod_is_used_once_per_game_then_flipped():
    # "Each Infrastructure Mod may be used ONCE per game (flip it over)."
    st = _holding(MACHINERY)
    _upgrade_turn(st, L.O_INFRA, pay=False)
    assert I.kept(st, 0) == [(MACHINERY, True)]
    _turn(st)
    st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)
    st.apply_checked(L.O_SKIP, 0)
    assert L.O_INFRA not in st.legal_actions()


def _produce(st, option):
    """Nordic's Produce (workers on the forest 11 and the tundra 12), both territories."""
    _turn(st)
    take_top(st, 0, C.TA_PRODUCE, option)
    st.apply_checked(H(11), 0)
    st.apply_checked(H(12), 0)
    if st.decision() == L.K_PRODUCE_AT:
        st.apply_checked(L.SPACE_DONE, 0)


def test_automachines_doubles_production_only_for_the_turn_it_is_used():
    # "Automachines doubles production output by workers and mills only for the turn on which
    # you use it." Two Produces: the first with it (2 wood, 2 oil), the second as printed.
    st = _holding(AUTOMACHINES)
    s = st.s
    _turn(st)
    st.apply_checked(section_of(st, 0, C.TA_PRODUCE), 0)
    assert L.O_INFRA in st.legal_actions()
    st.apply_checked(L.O_INFRA, 0)
    st.apply_checked(H(11), 0)
    assert s[L.RES0 + 4 * H(11) + C.R_WOOD] == 2
    st.apply_checked(H(12), 0)
    assert s[L.RES0 + 4 * H(12) + C.R_OIL] == 2 and st.check() is None
    assert I.kept(st, 0) == [(AUTOMACHINES, True)]
    set_res(st, H(11))
    set_res(st, H(12))
    _produce(st, L.O_FIRST)
    assert s[L.RES0 + 4 * H(11) + C.R_WOOD] == 1 and s[L.RES0 + 4 * H(12) + C.R_OIL] == 1
    _turn(st)
    st.apply_checked(section_of(st, 0, C.TA_PRODUCE), 0)
    assert L.O_INFRA not in st.legal_actions()   # used once


def test_automachines_is_not_a_way_around_produces_cost():
    # Only the four bottom-row mods waive a cost: a Produce that cannot be paid is not offered
    # with Automachines either.
    st = _holding(AUTOMACHINES)
    set_player(st, 0, power=0)
    from tests.rules.scythe_support import put

    for i in (2, 3):
        put(st, 0, L.U_WORKER + i, H(11))   # 4 workers: Produce costs a power
    _turn(st)
    st.apply_checked(section_of(st, 0, C.TA_PRODUCE), 0)
    assert L.O_FIRST not in st.legal_actions() and L.O_INFRA not in st.legal_actions()


def test_a_6th_star_during_an_automachines_produce_ends_the_game_there():
    # "The game ends immediately when a player places their 6th star": the workers' star, met by
    # the workers an Automachines Produce makes, is the 6th; the game is over during the Produce,
    # and the state (its Automachines still on) is a finished game's (found by the soak:
    # scythe+alliances+fenris+infra+peace seed 747, which check() refused).
    from tests.rules.scythe_support import RUSVIET, put

    st = started((RUSVIET, SAXONY), (INDUSTRIAL, ENGINEERING), mods=MODS)   # a worker on village 26
    _discard_all(st)
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFRA
    st.s[x] = 1 << AUTOMACHINES
    for i in range(4, 7):
        put(st, 0, L.U_WORKER + i, H(26))   # 7 on the board, 5 on the village
    st.s[po(0) + L.P_STARS] = sum(1 << b for b in (C.S_UPGRADES, C.S_MECHS, C.S_STRUCTURES, C.S_RECRUITS,
                                                      C.S_POPULARITY))
    st.changed()
    _turn(st)
    take_top(st, 0, C.TA_PRODUCE, L.O_INFRA)
    st.apply_checked(H(26), 0)
    assert st.is_terminal() and st.s[po(0) + L.P_STARS] >> C.S_WORKERS & 1
    assert st.check() is None


def test_automachines_village_workers_stay_within_the_mat():
    # Guess (docs/fenris.md 1.2): a village's workers twice, bounded by the 8 workers of the mat.
    from tests.rules.scythe_support import RUSVIET, put
    from firmware.rules.scythe.common import workers_on_board

    st = started((RUSVIET, SAXONY), (INDUSTRIAL, ENGINEERING), mods=MODS)   # a worker on village 26
    _discard_all(st)
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFRA
    st.s[x] = 1 << AUTOMACHINES
    st.changed()
    _turn(st)
    take_top(st, 0, C.TA_PRODUCE, L.O_INFRA)
    st.apply_checked(H(26), 0)
    assert workers_on_board(st, 0) == 4   # 2 workers + 1 on the village, doubled: 2
    for i in range(4, 7):
        put(st, 0, L.U_WORKER + i, H(26))   # 7 on the board, 5 on the village
    _turn(st)
    s = st.s
    s[x + 1] = 0   # (face up again)
    take_top(st, 0, C.TA_PRODUCE, L.O_INFRA)
    st.apply_checked(H(26), 0)
    assert workers_on_board(st, 0) == 8 and st.check() is None


def test_random_infrastructure_games_keep_the_check_and_round_trip():
    # Every kept mod among the played ones, 2 at most, no duplicate; Automachines on only during
    # its Produce; mods used in random play.
    from firmware.rules.scythe.fenris import new_game

    used = 0
    for seed, n, model, more in ((0, 2, True, 0), (1, 3, False, C.MOD_MECHMODS), (2, 5, True, C.MOD_WAR)):
        st = new_game(board(), n, model, MODS | more)
        play_out(RULESET, st, seed, 40000, 5)
        used += sum(1 for p in range(n) for _, u in I.kept(st, p) if u)
    assert used >= 2


def test_a_save_from_before_the_bits_loads_as_it_was_played():
    # framing format 1 kept each mod kept as a byte (index + 1, | 0x80 flipped, | 0x40 on): a
    # save of that format reads into the same game; a format this firmware does not know is
    # refused with both numbers, the state untouched.
    from firmware.rules import framing
    from firmware.rules.errors import CorruptStateError
    from tests.rules.support import raises

    st = _holding(MACHINERY, AUTOMACHINES)
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFRA
    st.s[x + 1] = 1 << MACHINERY   # Machinery flipped
    assert st.check() is None
    old = bytearray(st.s)
    old[x], old[x + 1] = (MACHINERY + 1) | 0x80, AUTOMACHINES + 1
    data = framing.frame(st.RULESET, st.board.n_spaces, old)
    data[2] = 1
    back = RULESET.from_bytes(st.board, bytes(data))
    assert bytes(back.s) == bytes(st.s) and I.kept(back, 0) == [(MACHINERY, True), (AUTOMACHINES, False)]
    now = st.to_bytes()
    assert now[2] == framing.FORMAT == 2 and bytes(RULESET.from_bytes(st.board, now).s) == bytes(st.s)
    for fmt in (0, 3):
        data[2] = fmt
        e = raises(CorruptStateError, RULESET.from_bytes, st.board, bytes(data))
        assert "format %d, this firmware reads 1 to 2" % fmt in str(e)
