"""The mcu section of make bench: the firmware frozen on the emulated Cortex-M3 (docs/mcu.md,
docs/performance.md).

    python tools/bench/mcu.py [--smoke]     prints the section as JSON

Every job boots build/mcu/firmware.elf afresh in QEMU (mps2-an385, -icount shift=0,sleep=off:
one instruction = 1 ns of virtual time, so the board's time.ticks_us() counts thousands of
instructions; sleep=off makes a WFI jump to the next timer interrupt, which the board script
uses to start the timed part in step with SysTick) and runs a script on it through mpremote
over the emulated UART (a pty).
Board side: tools/bench/mcu_board.py.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
from tools.mcu.qemu import boot, stop  # noqa: E402
ELF = os.path.join(ROOT, "build", "mcu", "firmware.elf")
# The same firmware with a 56 KB heap (make mcu-small): 32 KB free for the game beside the
# script's own ~22 KB, so a collection sweeps a heap near a board's, not 140 KB.
SMALL_ELF = os.path.join(ROOT, "build", "mcu-small", "firmware.elf")
FROZEN_O = os.path.join(ROOT, "build", "mcu", "frozen_content.o")
HERE = os.path.join(ROOT, "tools", "bench")

# The one conversion (docs/performance.md): Pystone 1.1 under MicroPython on a pyboard v1.0
# (STM32F405, Cortex-M4 at 168 MHz) runs 1,848 pystones/s, on an RP2040 (Cortex-M0+ at
# 125 MHz) about 1,230 (../shared/design/practice.md).
RP2040_PYSTONES = 1230
PYBOARD_PYSTONES = 1848
BUDGET_FULL_STACK_KB = 32
BUDGET_LIFT_MS = 10.0
BUDGET_COMMIT_MS = 50.0
BUDGET_REVEAL_MS = 50.0


APT = "gcc-arm-none-eabi libnewlib-arm-none-eabi qemu-system-arm"


# The smoke's heap jobs, appended to its timing script (one boot instead of three). The
# engine jobs first: their fillers (the largest) need one free run that the modules a
# full-stack job imports after its own filler would split.
SMOKE_HEAP = """
_en = engine_game(40 * 1024, 1, 2)
_pe = engine_game(40 * 1024, 1, 2, 1)
_fs = full_stack_game(60 * 1024, 1, 6, 10)
_pf = full_stack_game(64 * 1024, 1, 6, 10, 1)
_sf = scythe_full_stack_game(64 * 1024, 1, 5, 10)
print("MCU2 " + json.dumps({"full": _fs, "engine": _en, "pits_full": _pf, "pits_engine": _pe,
                           "scythe_full": _sf}))
"""


def why_not():
    """None when the emulated board can run here, else the reason it cannot."""
    if not shutil.which("qemu-system-arm"):
        return "qemu-system-arm is missing (apt-get install %s)" % APT
    if not os.path.exists(ELF):
        return "build/mcu/firmware.elf is missing (make mcu)"
    if not mpremote():
        return "mpremote is missing (make setup)"
    return None


def mpremote():
    here = os.path.join(os.path.dirname(sys.executable), "mpremote")
    return here if os.path.exists(here) else shutil.which("mpremote")


def script(job, timing, steps=None, extra=""):
    with open(os.path.join(ROOT, "hardware", "maps", "mls.json")) as f:
        mls = f.read()
    parts = ["MCU_JOB = %r\nJ = %r\n" % (job, mls)]
    if job[0].startswith("scythe") or "scythe_full" in extra:   # its map too (in flash on a board, as J)
        with open(os.path.join(ROOT, "hardware", "maps", "scythe.json")) as f:
            parts.append("JS = %r\n" % f.read())
    if timing:
        with open(os.path.join(HERE, "pystone.py")) as f:
            parts.append(f.read())
        with open(os.path.join(HERE, "device_bench.py")) as f:
            dev = f.read()
        dev = dev.replace("from tools.bench import pystone\n", "").replace("pystone.Proc0(", "Proc0(")
        dev = dev.replace("\nmain(sys.argv)\n", "\n")
        if steps:  # the smoke: only the first decisions of a game
            dev = dev.replace("for _ in range(4000):", "for _ in range(%d):" % steps)
        parts.append(dev)
    with open(os.path.join(HERE, "mcu_board.py")) as f:
        parts.append(f.read())
    if extra:
        parts.append(extra)
    return "\n".join(parts)


def run_job(job, timing=False, timeout=1800, steps=None, extra="", elf=None):
    """Boot the board (elf: another image), run one job, return its MCU {...} dict
    (RuntimeError when none)."""
    tmp = tempfile.mkdtemp(prefix="pomme-mcu-bench-")
    path = os.path.join(tmp, "job.py")
    with open(path, "w") as f:
        f.write(script(job, timing, steps, extra))
    qemu, pty = boot(elf or ELF, "shift=0,sleep=off")
    try:
        r = subprocess.run(
            [mpremote() or "mpremote", "connect", pty, "run", path],
            capture_output=True,
            text=True,
            timeout=timeout,
        )
        out = None
        for line in r.stdout.splitlines():
            if line.startswith("MCU "):
                out = json.loads(line[4:])
            elif line.startswith("MCU2 ") and out is not None:
                out["extra"] = json.loads(line[5:])
        if out is not None and (not extra or "extra" in out):
            return out
        raise RuntimeError("mcu job %r failed:\n%s" % (job, (r.stdout + r.stderr)[-2000:]))
    finally:
        stop(qemu)
        try:
            qemu.wait(timeout=5)
        except subprocess.TimeoutExpired:
            qemu.kill()
        shutil.rmtree(tmp, ignore_errors=True)


def smallest(kind, seed, players, lo_kb, hi_kb, step=1024, pits=0):
    """Bisection over the free bytes left beside a filler block (one boot per step, no rebuild):
    the smallest free heap in which the game finishes (Pie in the Sky on when pits)."""
    more = ([5000, 1] if kind == "full" else [1]) if pits else []
    hi = hi_kb * 1024
    top = run_job([kind, hi, seed, players] + more)
    if not top["ok"]:
        return None, top, 0
    lo = lo_kb * 1024
    best = top
    steps = 1
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        r = run_job([kind, mid, seed, players] + more)
        steps += 1
        if r["ok"]:
            hi, best = mid, r
        else:
            lo = mid
    return hi, best, steps


def full_stack_timed(factor):
    """The whole game of the full stack with every step of the loop timed (tools/bench/
    mcu_board.py timed_loop; docs/performance.md, "Heap and latency together"): on the
    140 KB heap with no filler, and on the small-heap image with 32 KB free when it is built.
    Each row: k instructions (p50/p99/max) of lift, commit and reveal steps, of the idle
    collections, of each save and snapshot, and the same in RP2040 ms."""
    out = {}
    runs = [("heap_140k", ELF, 1 << 20)]
    if os.path.exists(SMALL_ELF):
        runs.append(("heap_32k", SMALL_ELF, 32 * 1024))
    for name, elf, free in runs:
        try:
            r = run_job(["fullt", free, 1, 6, 0], elf=elf)
        except RuntimeError as e:
            out[name] = {"failed": str(e)[-400:]}
            continue
        r["rp2040_ms"] = {"%s_%s" % (k, q): v[q] * factor / 1000
                          for k, v in r["kinstr"].items() for q in ("p50", "p99", "max") if q in v}
        # a gesture's step up to its LED frame (lift-to-light), the steps that change an LED
        for k, v in r["kinstr_to_frame"].items():
            for q in ("p50", "p99", "max"):
                if q in v:
                    r["rp2040_ms"]["%s_to_frame_%s" % (k, q)] = v[q] * factor / 1000
        v = r.get("kinstr_frame_to_step_end", {})
        for q in ("p50", "p99", "max"):
            if q in v:   # the next scan: one period (10 ms) after the step's end
                r["rp2040_ms"]["frame_to_next_scan_%s" % q] = v[q] * factor / 1000 + 10
        out[name] = r
    return out


def frozen_bytes():
    try:
        out = subprocess.run(["arm-none-eabi-size", FROZEN_O], capture_output=True, text=True).stdout
        return int(out.splitlines()[1].split()[0])
    except (OSError, IndexError, ValueError):
        return None


def measure(smoke=False):
    reason = why_not()
    if reason:
        return {"skipped": reason}
    t0 = time.time()
    games, loops = (1, 50) if smoke else (10, 2000)
    # the smoke: one boot: the first 150 steps of one game (lifts from the map come after the
    # setup and the first moves from the camps), Pystone, then the heap jobs briefly
    if smoke:
        runs = [run_job(["table", 1, 50], timing=True, steps=150, extra=SMOKE_HEAP)]
        per_s = runs[0]["pystone"]["per_s"]
    else:
        runs = [run_job(["table", games, loops], timing=True) for _ in range(2)]
        per_s = run_job(["pystone", loops], timing=True)["per_s"]
    a = runs[0]
    same = len(runs) == 2 and all(runs[0][k] == runs[1][k] for k in ("lift_us", "commit_us", "reveal_us"))
    # Emulated us -> RP2040 ms: the emulated board runs per_s pystones per emulated second,
    # an RP2040 1,230, so one emulated us is per_s / 1230 us on an RP2040.
    factor = per_s / RP2040_PYSTONES
    out = {
        "smoke": smoke,
        "clock": "ticks_us: SysTick, 25 MHz QEMU virtual time; -icount shift=0,sleep=off: 1 instr = 1 ns",
        "games": games,
        "runs": len(runs),
        "deterministic": same,
        "kinstr": {k: a[k + "_us"] for k in ("lift", "commit", "reveal")},
        "pystone": {"loops": loops, "per_emulated_s": per_s, "in_table_run": a["pystone"]},
        "rp2040_factor": factor,
        "rp2040_ms": {
            "lift_p50": a["lift_us"]["p50"] * factor / 1000,
            "lift_p99": a["lift_us"]["p99"] * factor / 1000,
            "lift_max": a["lift_us"]["max"] * factor / 1000,
            "commit_p50": a["commit_us"]["p50"] * factor / 1000,
            "commit_p99": a["commit_us"]["p99"] * factor / 1000,
            "commit_max": a["commit_us"]["max"] * factor / 1000,
            "reveal_p50": a["reveal_us"]["p50"] * factor / 1000,
            "reveal_p99": a["reveal_us"]["p99"] * factor / 1000,
            "reveal_max": a["reveal_us"]["max"] * factor / 1000,
            "budget_lift_p99": BUDGET_LIFT_MS,
            "budget_commit_p99": BUDGET_COMMIT_MS,
            "budget_reveal_p99": BUDGET_REVEAL_MS,
        },
        "image": {"frozen_bytes": frozen_bytes()},
    }
    if smoke:  # same boot, after the table; only that they run (10 decisions, a 2-player engine game)
        x = runs[0]["extra"]
        fs, en = x["full"], x["engine"]
        out["heap"] = {
            "bisected": False,
            "full_stack_decisions": fs["decisions"],
            "full_stack_kb": 60 if fs["ok"] else None,
            "engine_kb": 40 if en["ok"] else None,
            "pits_full_stack_kb": 64 if x["pits_full"]["ok"] else None,
            "pits_engine_kb": 40 if x["pits_engine"]["ok"] else None,
            "scythe_full_stack_kb": 64 if x["scythe_full"]["ok"] else None,
            "heap_total": runs[0]["heap_total"],
        }
    else:
        fs_b, fs, fs_n = smallest("full", 1, 6, 8, 128)
        en_b, en, en_n = smallest("engine", 1, 6, 2, 64)
        # Pie in the Sky (the ruleset's option {"pits": [1]}), the same jobs.
        pf_b, pf, pf_n = smallest("full", 1, 6, 16, 128, pits=1)
        pe_b, pe, pe_n = smallest("engine", 1, 6, 4, 96, pits=1)
        # Scythe, 5 players, the same full stack (a whole random-bot game by gestures).
        sf_b, sf, sf_n = smallest("scythe_full", 1, 5, 16, 128)
        # The same with The Rise of Fenris's modules the board plays, all at once (mcu_board.py
        # MODULE_SET; docs/fenris.md step 14: the aim is 64 KB).
        sm_b, sm, sm_n = smallest("scythe_modules_full", 1, 5, 16, 136)
        # ... and with Mad Tesla in Tesla's place (MAD_MODULE_SET).
        mm_b, mm, mm_n = smallest("scythe_mad_full", 1, 5, 16, 136)
        # ... and the cooperative Desolation's (DES_MODULE_SET).
        dm_b, dm, dm_n = smallest("scythe_des_full", 1, 5, 16, 136)
        # ... and the base game as Episode 1 of a 5-player campaign kept by the board (docs/campaign.md).
        cm_b, cm, cm_n = smallest("scythe_campaign_full", 1, 5, 16, 136)
        # ... and its Episode 5, whose game carries the Factory Fortress (the fortress module).
        c5_b, c5, c5_n = smallest("scythe_campaign5_full", 1, 5, 48, 136)
        # ... and the heaviest episode's game: Episode 7 late in a campaign (War and Rivals, Tesla's
        # search, Vesna and Fenris seats, every seat's Mods and Setup Bonuses).
        c7_b, c7, c7_n = smallest("scythe_campaign7late_full", 1, 5, 48, 136)
        out["heap"] = {
            "bisected": True,
            "step_bytes": 1024,
            "full_stack_kb": fs_b // 1024 if fs_b else None,
            "full_stack_free_bytes": fs["free"] if fs_b else None,
            "full_stack_decisions": fs.get("decisions"),
            "full_stack_peak_bytes": fs.get("peak"),
            "engine_kb": en_b // 1024 if en_b else None,
            "engine_free_bytes": en["free"] if en_b else None,
            "pits_full_stack_kb": pf_b // 1024 if pf_b else None,
            "pits_full_stack_free_bytes": pf["free"] if pf_b else None,
            "pits_full_stack_decisions": pf.get("decisions"),
            "pits_full_stack_peak_bytes": pf.get("peak"),
            "pits_full_stack_live_bytes": pf.get("live"),
            "pits_engine_kb": pe_b // 1024 if pe_b else None,
            "pits_engine_free_bytes": pe["free"] if pe_b else None,
            "scythe_full_stack_kb": sf_b // 1024 if sf_b else None,
            "scythe_full_stack_free_bytes": sf["free"] if sf_b else None,
            "scythe_full_stack_decisions": sf.get("decisions"),
            "scythe_full_stack_peak_bytes": sf.get("peak"),
            "scythe_full_stack_live_bytes": sf.get("live"),
            "scythe_modules_full_stack_kb": sm_b // 1024 if sm_b else None,
            "scythe_modules_full_stack_decisions": sm.get("decisions"),
            "scythe_modules_full_stack_peak_bytes": sm.get("peak"),
            "scythe_modules_full_stack_live_bytes": sm.get("live"),
            # the heap after each step of its setup (mcu_board.py: modules, board, game, table, link)
            "scythe_modules_full_stack_setup_bytes": sm.get("setup"),
            "scythe_mad_full_stack_kb": mm_b // 1024 if mm_b else None,
            "scythe_mad_full_stack_decisions": mm.get("decisions"),
            "scythe_mad_full_stack_peak_bytes": mm.get("peak"),
            "scythe_mad_full_stack_live_bytes": mm.get("live"),
            "scythe_des_full_stack_kb": dm_b // 1024 if dm_b else None,
            "scythe_des_full_stack_decisions": dm.get("decisions"),
            "scythe_des_full_stack_peak_bytes": dm.get("peak"),
            "scythe_des_full_stack_live_bytes": dm.get("live"),
            "scythe_campaign_full_stack_kb": cm_b // 1024 if cm_b else None,
            "scythe_campaign_full_stack_decisions": cm.get("decisions"),
            "scythe_campaign_full_stack_peak_bytes": cm.get("peak"),
            "scythe_campaign_full_stack_live_bytes": cm.get("live"),
            # the heap once the game is set up (table, link, game), and the campaign's stages:
            # before it, with its keeper, with the campaign made (docs/campaign.md, "Heap")
            "scythe_full_stack_rest_bytes": sf.get("rest"),
            "scythe_campaign_full_stack_rest_bytes": cm.get("rest"),
            "scythe_campaign_stages_bytes": cm.get("stages"),
            "scythe_campaign5_full_stack_kb": c5_b // 1024 if c5_b else None,
            "scythe_campaign5_full_stack_decisions": c5.get("decisions"),
            "scythe_campaign5_full_stack_peak_bytes": c5.get("peak"),
            "scythe_campaign5_full_stack_live_bytes": c5.get("live"),
            "scythe_campaign5_full_stack_rest_bytes": c5.get("rest"),
            "scythe_campaign7late_full_stack_kb": c7_b // 1024 if c7_b else None,
            "scythe_campaign7late_full_stack_decisions": c7.get("decisions"),
            "scythe_campaign7late_full_stack_peak_bytes": c7.get("peak"),
            "scythe_campaign7late_full_stack_live_bytes": c7.get("live"),
            "scythe_campaign7late_full_stack_rest_bytes": c7.get("rest"),
            "boots": fs_n + en_n + pf_n + pe_n + sf_n + sm_n + mm_n + dm_n + cm_n + c5_n + c7_n,
            "budget_full_stack_kb": BUDGET_FULL_STACK_KB,
            "heap_total": fs["heap_total"],
        }
    if not smoke:
        timed = out["full_stack_timed"] = full_stack_timed(factor)
        small = timed.get("heap_32k", timed.get("heap_140k", {})).get("rp2040_ms", {})
        for q in ("p50", "p99", "max"):   # the idle collections' own cost: a lift waits for one
            out["rp2040_ms"]["idle_collect_" + q] = small.get("idle_collect_" + q)
    if len(runs) == 2 and not same:  # shown, not hidden
        out["kinstr_second_run"] = {k: runs[1][k + "_us"] for k in ("lift", "commit", "reveal")}
    out["seconds"] = time.time() - t0
    return out


if __name__ == "__main__":
    try:
        print(json.dumps(measure("--smoke" in sys.argv), indent=1, sort_keys=True))
    except KeyboardInterrupt:
        print("mcu bench: stopped (Ctrl-C)", file=sys.stderr)
        sys.exit(130)
    except RuntimeError as e:
        sys.exit("mcu bench: %s" % e)
