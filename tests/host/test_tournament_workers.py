# pomme tournament on every core (host_tools/executors.py, docs/tournaments.md): the same seeds
# give the same figures whatever the number of workers, all cores by default, a progress bar
# on a terminal's stderr only (stdout keeps the results), and --ray without Ray says what to
# install and exits 2.
import io
import os
import sys

from host_tools import executors, tournament
from host_tools.cli import main

# Figures that are timings: the only ones allowed to differ between two runs of the same games.
TIMINGS = {"seconds", "cpu_per_game", "seconds_per_move", "seconds_per_search", "cpu_per_search"}


def untimed(res):
    return {k: v for k, v in res.items() if k not in TIMINGS}


def results_lines(lines):
    # the printed figures without the lines of timings (seconds, jobs, CPU; the search's)
    return [s for s in lines if " s a game" not in s and " s per " not in s]


def _one_and_two_jobs(a, b, **kw):
    one, two = [], []
    r1 = tournament.run(a, b, out=one.append, jobs=1, quiet=True, **kw)
    r2 = tournament.run(a, b, out=two.append, jobs=2, quiet=True, **kw)
    assert untimed(r1) == untimed(r2)
    assert results_lines(one) == results_lines(two)
    assert len(results_lines(one)) >= 5
    assert any("1 job" in s for s in one) and any("2 jobs" in s for s in two)


def test_one_job_and_two_jobs_give_the_same_figures():
    _one_and_two_jobs("rule", "random", games=6, seed=5, players=3)
    _one_and_two_jobs("search", "rule", games=2, seed=1, players=2, iterations=2, depth=1)


def test_a_scythe_tournament_is_the_same_on_two_jobs():
    _one_and_two_jobs("random", "random", games=2, seed=1, players=2, game="scythe")


def test_every_core_by_default(monkeypatch, capsys):
    monkeypatch.setattr(os, "cpu_count", lambda: 3)
    assert executors.local_jobs() == 3
    assert main(["tournament", "--games", "3", "--seed", "1"]) == 0
    assert "3 jobs" in capsys.readouterr().out
    assert main(["tournament", "--games", "3", "--seed", "1", "--jobs", "1"]) == 0
    assert "1 job)" in capsys.readouterr().out


class _Terminal(io.StringIO):
    def isatty(self):
        return True


def test_the_progress_bar_is_on_a_terminals_stderr_and_leaves_stdout_alone(monkeypatch):
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    shown = []
    tournament.run("rule", "random", games=4, seed=2, out=shown.append, jobs=1)
    assert "rule-random:" in err.getvalue() and "/4 [" in err.getvalue()   # tqdm: the pair, games of 4
    quiet_err = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet_err)
    plain = []
    tournament.run("rule", "random", games=4, seed=2, out=plain.append, jobs=1, quiet=True)
    assert quiet_err.getvalue() == ""
    assert results_lines(shown) == results_lines(plain)
    not_a_terminal = io.StringIO()
    monkeypatch.setattr(sys, "stderr", not_a_terminal)
    tournament.run("rule", "random", games=2, seed=2, out=lambda s: None, jobs=1)
    assert not_a_terminal.getvalue() == ""


def test_ray_flag_without_ray_says_what_to_install_and_exits_2(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "ray", None)     # `import ray` raises ImportError
    assert main(["tournament", "--games", "2", "--ray", "auto"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'pomme-board[cluster]'" in err and "Traceback" not in err
    assert main(["tournament", "--round-robin", "rule,random", "--games", "2", "--ray", "auto"]) == 2
    assert "pip install 'pomme-board[cluster]'" in capsys.readouterr().err


def test_playout_shows_a_progress_bar_on_a_terminal_and_the_same_figures(monkeypatch):
    from host_tools import playout

    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    shown = []
    playout.run(2, 3, 5, shown.append)
    assert "My Little Scythe:" in err.getvalue() and "/3 [" in err.getvalue()   # tqdm: games of 3
    plain_err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", plain_err)
    plain = []
    playout.run(2, 3, 5, plain.append)
    assert plain_err.getvalue() == ""
    assert [s for s in shown if "games/s" not in s] == [s for s in plain if "games/s" not in s]


def test_make_bench_shows_its_sections_on_a_terminal(monkeypatch):
    """tools/bench/run.py's bar (host_tools.executors.Progress, unit "section"): which section
    runs now and how many are done; nothing when stderr is no terminal."""
    from tools.bench import run as bench

    err = _Terminal()
    bar = executors.Progress(len(bench.SECTIONS), "make bench", unit="section", stream=err)
    bar.now(bench.SECTIONS[1])
    bar.step()
    bar.now(bench.SECTIONS[2])
    bar.close()
    shown = err.getvalue()
    assert "make bench" in shown and "1/8" in shown and "section" in shown
    assert bench.SECTIONS[1] in shown and bench.SECTIONS[2] in shown
    piped = io.StringIO()
    quiet = executors.Progress(8, "make bench", unit="section", stream=piped)
    quiet.now("link")
    quiet.step()
    assert piped.getvalue() == ""
