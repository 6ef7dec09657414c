# tools/bench/run.py check(): a figure is missing when it is absent or None, never when it
# is a real 0 (a measured 0 us, 0 bytes).
import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run_module():
    spec = importlib.util.spec_from_file_location("bench_run", ROOT / "tools" / "bench" / "run.py")
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


check = _run_module().check


def _report(value):
    return {
        "micropython": {"lift_us": {"n": value}, "commit_us": {"n": 5}, "reveal_us": {"n": 5},
                        "games_per_s": 1.5, "zero_alloc": True},
        "cpython": {"games_per_s": 9.0},
        "rp2040_estimate": {"lift_ms_p99": 0.0},
        "memory": {"smallest_heap_kb": 48, "peak_heap_bytes": 0},
        "footprint": {"mpy_bytes_board": 1000},
        "link": {"rtt_ms_p50": 0.5, "snapshot_bytes": 400},
        "decisions": {"rows": {"mls/strong": {"per_s": 1.0}, "scythe/random": {"per_s": 2.0}}},
        "mcu": {"skipped": "no arm-none-eabi-gcc here"},   # said, not silent
        "deploy": {"skipped": "no qemu-system-arm here"},
    }


def test_zeros_are_figures():
    assert check(_report(0)) == []


def test_none_and_absent_figures_are_missing():
    assert check(_report(None)) == ["micropython.lift_us.n"]
    r = _report(3)
    del r["link"]["snapshot_bytes"]
    del r["cpython"]
    assert check(r) == ["cpython.games_per_s", "link.snapshot_bytes"]


def test_zero_alloc_must_be_true():
    r = _report(3)
    r["micropython"]["zero_alloc"] = None
    assert check(r) == ["micropython.zero_alloc"]
    r["micropython"]["zero_alloc"] = False
    assert check(r) == ["micropython.zero_alloc"]
    assert "micropython.zero_alloc" in check({})


def test_the_emulated_boards_section_must_be_measured_or_say_why_not():
    r = _report(3)
    del r["mcu"]
    assert check(r) == ["mcu"]
    r["mcu"] = {"kinstr": {"lift": {"n": 5, "p99": 1}, "commit": {"n": 5, "p99": 2},
                           "reveal": {"n": 1, "p99": 3}},
                "rp2040_ms": {"lift_p99": 1.0, "commit_p99": 2.0, "reveal_p99": None},
                "heap": {"full_stack_kb": 40, "engine_kb": 20, "pits_full_stack_kb": 50,
                         "pits_engine_kb": 30, "scythe_full_stack_kb": 60}, "image": {"frozen_bytes": 0},
                "deterministic": True}
    assert check(r) == ["mcu.rp2040_ms.reveal_p99"]


def _deploy(smoke, rows=("mls", "pits", "scythe")):
    fig = {"ok": True, "decisions": 12} if smoke else {"decisions": 455, "smallest_kb": 34}
    d = {"smoke": smoke, "same_game": {row: True for row in rows}}
    for row in rows:
        d[row] = {path: dict(fig) for path in ("mpy", "romfs", "frozen")}
    return d


def test_the_deploy_section_has_every_game_on_every_path():
    r = _report(3)
    del r["deploy"]
    assert check(r) == ["deploy"]
    r["deploy"] = _deploy(False)
    assert check(r) == []
    del r["deploy"]["scythe"]["frozen"]
    r["deploy"]["pits"]["romfs"]["smallest_kb"] = None
    assert check(r) == ["deploy.pits.romfs.smallest_kb", "deploy.scythe.frozen.smallest_kb"]
    r["deploy"] = _deploy(True, ("mls",))   # the smoke: My Little Scythe only, each path played
    assert check(r) == []
    r["deploy"]["mls"]["romfs"]["ok"] = False
    assert check(r) == ["deploy.mls.romfs.ok"]


def test_the_paths_of_a_game_must_play_the_same_game():
    r = _report(3)
    r["deploy"] = _deploy(False)
    r["deploy"]["same_game"]["scythe"] = False   # e.g. 2,449 decisions on one path, 1,551 on another
    assert check(r) == ["deploy.same_game.scythe"]
    del r["deploy"]["same_game"]
    assert check(r) == ["deploy.same_game.mls", "deploy.same_game.pits", "deploy.same_game.scythe"]


def test_same_game_compares_decisions_and_the_last_position():
    from tools.mcu.deploy_paths import same_game

    a = {"decisions": 1551, "digest": 7, "digest_at_smallest": 7}
    assert same_game({"mpy": a, "romfs": dict(a), "frozen": dict(a)})
    assert not same_game({"mpy": dict(a, decisions=2449, digest=8, digest_at_smallest=8), "romfs": a})
    assert not same_game({"romfs": a, "frozen": dict(a, digest=9, digest_at_smallest=9)})
    assert not same_game({"frozen": dict(a, digest_at_smallest=9)})   # the smallest heap's game differs
    assert same_game({"mpy": {"decisions": 12, "digest": 3}, "romfs": {"decisions": 12, "digest": 3}})
