# pyright: reportFunctionMemberAccess=false
# The laptop's host versions of engine and rule-bot functions (host_tools/views/scythe_speed.py,
# mls_speed.py, installed by boards.load_board) give the plain functions' answers: both are
# asked on every decision of seeded games (the fast ones play them), so a host version that
# drifts from the device code fails here, not only as a changed digest
# (tests/host/test_game_digests.py).
import pytest

from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from host_tools.boards import load_board
from host_tools.games import parse, players

CHANCE = -1


def _games(form, kind, counts, n):
    """Yield every state before each decision of n seeded games (tools/bench/decisions.py's),
    with the seat bots."""
    rs, options = parse(form)
    board = load_board(ruleset=rs)   # installs the host versions
    for g in range(n):
        rng = Rng(1 + g)
        st = rs.new_game(board, players(rs, options, counts[g % len(counts)]), options)
        bots = [make_bot(rs, rng, kind) for _ in range(st.n_players())]
        while not st.is_terminal():
            p = st.current_player()
            yield st, bots
            st.apply(rng.weighted(st.chance_outcomes()) if p == CHANCE else bots[p].choose(st))


@pytest.mark.parametrize("form", ["scythe", "scythe+printed", "scythe+peace", "scythe+peace+printed",
                                  "scythe+tiles", "scythe+vesna+fenris", "scythe+agents", "scythe+extraobj",
                                  "scythe+war+warsetup", "scythe+perks"])
def test_scythe_host_versions_answer_as_the_engine(form):
    from firmware.rules.scythe import common, move
    from firmware.rules.scythe import layout as L
    from host_tools.views import scythe_speed as F

    seen = 0
    for st, _ in _games(form, "random", (2, 3, 4, 5), 6):
        if st.s[L.STAGE] < L.ST_SECTION:
            continue
        n = st.s[L.N]
        if st.decision() == L.K_MOVE_UNIT:
            assert F.legal_move_unit(st) == F.legal_move_unit.plain(st)
            seen += 1
        for p in range(n):
            assert F.left(st, p) == F.left.plain(st, p)
            assert F.right(st, p) == F.right.plain(st, p)
            assert F.objective_options(st, p) == F.objective_options.plain(st, p)
    assert seen > 50
    # installed where the engine calls them
    assert move.legal_move_unit is F.legal_move_unit and common.left is F.left
    from firmware.rules.scythe.engine import State

    assert F.legal_move_unit in State.LEGAL and F.legal_move_unit.plain not in State.LEGAL


@pytest.mark.parametrize("form", ["scythe", "scythe+vesna+fenris", "scythe+tesla", "scythe+desolation"])
def test_scythe_rule_bots_look_ahead_memos_choose_as_the_plain_bot(form, monkeypatch):
    """The remembered values and applied options (scythe_speed.memoised_value, best) give the
    plain bot's choice and its random draws at every decision of rule-bot games, the memos
    filled by the games before (a Vesna or Fenris game's states carry their own board)."""
    from firmware.rules.scythe import rule_bot, rule_plan
    from firmware.rules.scythe import layout as L
    from host_tools.views import scythe_speed as F

    seen = 0
    for g, (st, _) in enumerate(_games(form, "strong", (2, 3), 2)):   # (installs them)
        p = st.current_player()
        if p < 0 or len(st.legal_actions()) < 2 or st.s[L.STAGE] < L.ST_SECTION or g % 3:
            continue
        fast_rng, plain_rng = Rng(g), Rng(g)
        fast = rule_bot.RuleBot(fast_rng).choose(st)
        with monkeypatch.context() as m:
            m.setattr(rule_bot.RuleBot, "_best", F.best.plain)
            for mod in (rule_bot, rule_plan):
                if getattr(mod.value, "plain", None) is not None:
                    m.setattr(mod, "value", mod.value.plain)
            plain = rule_bot.RuleBot(plain_rng).choose(st)
        assert (fast, fast_rng.x) == (plain, plain_rng.x)
        near = bytearray(st.board.n_spaces)
        if rule_plan.nearest(st, p, near, bytearray(len(near))):
            assert rule_plan.value(st, p, near) == rule_plan.value.plain(st, p, near)
        assert rule_plan.value(st, p) == rule_plan.value.plain(st, p)
        seen += 1
    assert seen > 40
    assert rule_bot.RuleBot._best is F.best and rule_plan.value is not rule_plan.value.plain


@pytest.mark.parametrize("form", ["mls", "mls+pits"])
def test_mls_rule_bot_host_versions_answer_as_the_bot(form):
    from firmware.rules.mls import codes as K
    from firmware.rules.mls import rule_bot, view
    from host_tools.views import mls_speed as F

    seen = 0
    for st, bots in _games(form, "strong", (2, 3, 4, 5, 6), 8):
        if st.decision() != K.K_MOVE or len(st.legal_actions()) < 2:
            continue
        p = st.current_player()
        bot = bots[p]
        if bot.board is not st.board:
            bot.build(st.board)
        trophy = view.trophies(st, p)
        k1 = F.lures.plain(bot, st, p, trophy)
        lures1 = (bytes(bot.lure_at[:k1]), bytes(bot.lure_w[:k1]))
        near = [None, None]
        plain = [F.move.plain(bot, st, p, o >> 6, o & 63, trophy, k1, near) for o in st.legal_actions()]
        k2 = F.lures(bot, st, p, trophy)
        assert (k2, (bytes(bot.lure_at[:k2]), bytes(bot.lure_w[:k2]))) == (k1, lures1)
        near = [None, None]
        fast = [F.move(bot, st, p, o >> 6, o & 63, trophy, k2, near) for o in st.legal_actions()]
        assert fast == plain
        seen += 1
    assert seen > 100
    assert rule_bot.move is F.move and rule_bot.lures is F.lures


@pytest.mark.parametrize("form", ["mls", "mls+pits", "mls+pits+solo"])
def test_mls_reach_host_version_answers_as_the_engine(form, monkeypatch):
    from firmware.rules.mls import codes as K
    from firmware.rules.mls import move as mv
    from host_tools.views import mls_speed as F

    def ask(st):
        p = st.current_player()
        return [st.reach(p, k, c) for k in (0, 1) for c in (False, True, 2)
                if st.seekers(p)[k] != K.AT_CAMP or c is False]

    seen = 0
    for st, _ in _games(form, "strong", (2, 3, 4, 5, 6) if "solo" not in form else (1,), 6):
        if st.decision() not in (K.K_MOVE, K.K_ACTION):
            continue
        fast = ask(st)
        with monkeypatch.context() as m:   # State.reach through the plain move.reach
            m.setattr(mv, "reach", F.reach.plain)
            if type(st).reach is F.reach:
                m.setattr(type(st), "reach", F.reach.plain)
            assert ask(st) == fast
        seen += 1
    assert seen > 100
    assert mv.reach is F.reach


def test_the_laptops_control_map_sees_tesla():
    # The memoised control map (keyed by the seats' pieces) would miss Tesla's bytes: a game with
    # Tesla is answered by fenris_tesla's, which counts him (docs/fenris.md 1.10).
    from firmware.rules.scythe import common
    from firmware.rules.scythe import fenris_tesla as T
    from tests.rules.test_fenris_tesla import _game, _tesla_at

    rs, _ = parse("scythe")
    load_board(ruleset=rs)   # installs the host versions
    st = _game()
    ctrl = common.control_map(st)[0]
    x = [y for y in range(st.board.n_spaces) if ctrl[y] == 255 and y != st.board.factory][0]
    assert common.control_map(st)[0][x] == 255
    _tesla_at(st, 1, x)
    assert common.control_map(st)[0][x] == 1 and T.at(st) == x
    assert common.control_map(st)[1][x] == 2   # his finder's fighter
    assert getattr(common.control_map, "plain", None) is not None   # the laptop's memo answered


def test_the_laptops_control_map_sees_mad_tesla():
    # As for Tesla: Mad Tesla's bytes are not among the seats' pieces the memo is keyed by; a game
    # with him is answered by fenris_mad_tesla's ("Mad Tesla controls territories like any other
    # unit": nobody controls his territory; he is a fighter there).
    from firmware.rules.scythe import common
    from tests.rules.test_fenris_mad_tesla import _at, _game

    rs, _ = parse("scythe")
    load_board(ruleset=rs)   # installs the host versions
    st = _game()
    x = 30   # a mountain next to the Factory, where he starts
    assert common.control_map(st)[1][x] == 0
    st.s[_structure_offset(st)] = x   # player 0's structure there: it controls x
    st.changed()
    assert common.control_map(st)[0][x] == 0
    _at(st, x)
    assert common.control_map(st)[0][x] == 255 and common.control_map(st)[1][x] == 0x80
    assert getattr(common.control_map, "plain", None) is not None   # the laptop's memo answered


def _structure_offset(st):
    from firmware.rules.scythe import layout as L

    return L.P0 + L.P_STRUCT


def test_the_laptops_legal_move_unit_sees_mad_tesla():
    # A worker a mech carried onto Mad Tesla's territory stays for the combat ("a combat unit for
    # the purposes of all movement"): the laptop's legal_move_unit, which reads only the seats'
    # pieces, once offered it, and the rule bot's look-ahead found no destination for it (the HIL
    # Mad Tesla game: "decision 9 has no option"). A game with him is answered by the engine.
    from firmware.rules.scythe import content as C
    from firmware.rules.scythe import layout as L
    from host_tools.views import scythe_speed as F
    from tests.rules.scythe_support import begin_turn, put, take_top
    from tests.rules.test_fenris_mad_tesla import EAST, WEST_OF_EAST, _at, _game

    rs, _ = parse("scythe")
    load_board(ruleset=rs)   # installs the host versions
    st = _game()
    _at(st, EAST)
    put(st, 0, L.U_MECH, WEST_OF_EAST)
    put(st, 0, L.U_WORKER + 1, WEST_OF_EAST)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_MECH, 0)
    st.apply_checked(EAST, 0)
    while st.decision() == L.K_CARRY:   # the worker along, no resources
        st.apply_checked(1 if st.s[L.CARRY_I] == 0 else 0, 0)
    assert st.decision() == L.K_MOVE_UNIT and st.s[L.P0 + L.P_UNITS + L.U_WORKER + 1] == EAST
    assert L.U_WORKER + 1 not in F.legal_move_unit.plain(st)
    assert F.legal_move_unit(st) == F.legal_move_unit.plain(st)
