# pomme tournament on Ray (host_tools/executors.py, docs/tournaments.md): a local Ray instance
# of 2 CPUs, started once for the module, plays a small tournament and a round robin as Ray
# tasks, and every figure but the timings equals the single-process result.
import logging
import os

import pytest

try:
    import ray
except ImportError as e:   # the cluster extra is optional; make setup installs it where it can
    pytest.skip("Ray cannot be imported here (%s): the Ray tests need the cluster extra, "
                "pip install 'pomme-board[cluster]' (make setup installs it where a Ray wheel "
                "exists for this Python and platform)" % e, allow_module_level=True)

from host_tools import roundrobin, tournament

TIMINGS = {"seconds", "cpu_per_game", "seconds_per_move", "seconds_per_search", "cpu_per_search"}


@pytest.fixture(scope="module")
def local_ray():
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")   # nothing sent to Ray's servers
    # The raylet waits for its agent's ports this long (Ray's default: 30 s, which a loaded
    # 2-core machine once missed at a load average of 20: "Timed out waiting for file ...").
    os.environ.setdefault("RAY_agent_register_timeout_ms", "120000")
    # address="local": a new instance of this test's own, even where another one runs
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
             logging_level=logging.ERROR, object_store_memory=100 * 1024 * 1024)
    yield ray
    ray.shutdown()


@pytest.fixture
def waits(local_ray, monkeypatch):
    # counts the results taken from Ray, so a run that quietly played in this process fails
    seen = []
    wait = local_ray.wait

    def counted(refs, **kw):
        ready, rest = wait(refs, **kw)
        seen.extend(ready)
        return ready, rest

    monkeypatch.setattr(local_ray, "wait", counted)
    return seen


def test_a_tournament_on_ray_gives_the_single_process_figures(waits):
    kw = {"games": 4, "seed": 7, "players": 2, "quiet": True}
    here, there = [], []
    one = tournament.run("rule", "random", out=here.append, jobs=1, **kw)
    on_ray = tournament.run("rule", "random", out=there.append, ray="", **kw)
    assert len(waits) == 4                        # the 4 games came back as Ray tasks
    assert {k: v for k, v in one.items() if k not in TIMINGS} == \
        {k: v for k, v in on_ray.items() if k not in TIMINGS}
    keep = lambda lines: [s for s in lines if " s a game" not in s]
    assert keep(here) == keep(there) and any("Ray tasks" in s for s in there)


def test_a_round_robin_on_ray_gives_the_single_process_ratings(waits):
    kw = {"games": 2, "seed": 1, "out": lambda s: None, "iterations": 2, "depth": 1, "quiet": True,
          "resamples": 100}
    one = roundrobin.run(["rule", "random", "search"], jobs=1, **kw)
    on_ray = roundrobin.run(["rule", "random", "search"], ray="", **kw)
    assert len(waits) == 6
    one.pop("seconds")
    on_ray.pop("seconds")
    assert one == on_ray


def test_an_address_with_no_cluster_is_one_line_at_once(monkeypatch, capsys):
    import socket

    from host_tools.cli import main

    monkeypatch.setattr(ray, "is_initialized", lambda: False)   # as in a new process
    with socket.socket() as s:          # a loopback port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert main(["tournament", "--games", "1", "--ray", "127.0.0.1:%d" % port]) == 1
    err = capsys.readouterr().err
    assert "no Ray cluster could be started or reached" in err and "Traceback" not in err


def test_a_soak_on_ray_records_the_single_process_games(waits, tmp_path):
    # (tools/soak.py: the workers import the checkout's tests/, which the installed package lacks)
    from tools import soak

    only = ("alliances", "desolation", "fenris", "infra", "mechmods", "vesna")
    one, there = str(tmp_path / "one.json"), str(tmp_path / "ray.json")
    soak.run(games=2, block=1, jobs=1, out=one, only=only, echo=lambda *a: None)
    s = soak.run(games=2, block=1, ray="", out=there, only=only, echo=lambda *a: None)
    assert len(waits) == 2 and s["games"] == 2 and not s["failed"]
    a, b = soak.load(one)["combinations"], soak.load(there)["combinations"]
    assert a.keys() == b.keys() and len(a) == 1
    for k in a:
        assert (a[k]["seeds"], a[k]["decisions"]) == (b[k]["seeds"], b[k]["decisions"])
