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
