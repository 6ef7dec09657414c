# host_tools/tournament.py: Wilson intervals, seeded and reproducible figures, the rates it
# reports, and its command line.
import pytest

from host_tools import tournament


def test_wilson_interval():
    lo, hi = tournament.wilson(95, 100)
    assert abs(lo - 0.8882) < 1e-3 and abs(hi - 0.9785) < 1e-3
    assert tournament.wilson(0, 0) == (0.0, 1.0)
    lo, hi = tournament.wilson(10, 10)
    assert hi == 1.0 and 0.69 < lo < 0.73
    lo, hi = tournament.wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.31


def test_figures_are_seeded_and_consistent():
    lines = []
    a = tournament.run("rule", "random", games=6, seed=3, players=2, out=lines.append)
    b = tournament.run("rule", "random", games=6, seed=3, players=2, out=lambda s: None)
    for k in ("wins_a", "wins_b", "apples", "gems", "quests", "fights", "finale_rate", "turns"):
        assert a[k] == b[k], k
    assert a["wins_a"] + a["wins_b"] == 6          # every game ends with a winner kind
    assert a["finale_rate"] == 1.0
    assert a["rate_a"] == a["wins_a"] / 6
    lo, hi = a["ci_a"]
    assert lo <= a["rate_a"] <= hi
    assert a["quests"] > 0
    for k in tournament.EVENTS:   # bot A's seat is one of the seats
        assert 0 <= a["a_" + k] <= a[k], k
    assert any("95% CI" in s for s in lines) and any("deliveries" in s for s in lines)


def test_random_against_itself_is_even_over_seats():
    r = tournament.run("random", "random", games=10, seed=1, players=3, out=lambda s: None)
    assert r["wins_a"] + r["wins_b"] == pytest.approx(10)
    assert r["apples"] >= 0 and r["fights"] >= 0


def test_rule_bot_beats_random():
    r = tournament.run("rule", "random", games=20, seed=1, players=2, out=lambda s: None)
    assert r["rate_a"] >= 0.75
    assert r["a_apples"] + r["a_gems"] > 0     # the rule bot delivers


def test_main(capsys):
    assert tournament.main(["--a", "rule", "--b", "random", "--games", "2", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "rule wins" in out and "grand finale reached" in out
    with pytest.raises(SystemExit):
        tournament.main(["--a", "nobody"])
    with pytest.raises(SystemExit):
        tournament.main(["--games", "0"])
    with pytest.raises(SystemExit):
        tournament.main(["--players", "7"])


def test_search_bot_plays_legal_actions():
    from firmware.bots import chance_step
    from firmware.rng import Rng
    from firmware.rules.mls.codes import CHANCE, K_ACTION
    from firmware.rules.mls.engine import new_game
    from host_tools.boards import load_board

    rng = Rng(7)
    bots = [tournament.SearchBot(rng, playouts=1, depth=1), tournament.RuleBot(rng)]
    st = new_game(load_board(), 2)
    actions = 0
    while not st.is_terminal() and actions < 6:
        p = st.current_player()
        if p == CHANCE:
            chance_step(st, rng)
            continue
        a = bots[p].choose(st)
        assert a in st.legal_actions()
        actions += p == 0 and st.decision() == K_ACTION
        st.apply(a)
    assert actions == 6
