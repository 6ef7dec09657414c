"""make bench: the board's speed and size, measured side by side in one run.

    python tools/bench/run.py [--smoke] [--out build/bench.json]

Writes a JSON report and prints a table. --smoke (part of make test) uses small counts and
only checks that every figure was produced.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.join(ROOT, "tools"))

from compile_mpy import compile_all  # noqa: E402

from tools.bench import decisions, mcu  # noqa: E402
from tools.mcu import deploy_paths  # noqa: E402
from host_tools.executors import Progress  # noqa: E402

RP2040_PYSTONES = 1230  # pystones/s of MicroPython on an RP2040 at 125 MHz (practice.md)
PYBOARD_PYSTONES = 1848  # pyboard v1.0, STM32F405 at 168 MHz
BUDGET_LIFT_MS = 10.0  # p99 lift-to-light, compute only, on the RP2040 estimate
BUDGET_HEAP_KB = 64
SECTIONS = ("device code", "micropython", "cpython", "smallest heap", "link", "decisions per second",
            "emulated board", "deploy paths")
BAUD = 115200


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    found = here if os.path.exists(here) else shutil.which("micropython")
    if not found:
        sys.exit("bench: the MicroPython unix port is not installed (make setup)")
    return found


def device_code(out):
    files = []
    for d, _, names in os.walk(os.path.join(ROOT, "firmware")):
        files += [os.path.relpath(os.path.join(d, n), ROOT) for n in names if n.endswith(".py")]
    return compile_all(out, sorted(files))


def board_set_size(out):
    """Bytes of .mpy that `pomme flash` copies (no simulator, mock or Blinka modules)."""
    total = 0
    for d, _, names in os.walk(os.path.join(out, "firmware")):
        for n in names:
            not_on_a_board = ("sim_main.mpy", "bench.mpy", "mock.mpy", "blinka.mpy", "manifest.mpy")
            if n.endswith(".mpy") and n not in not_on_a_board:
                total += os.path.getsize(os.path.join(d, n))
    return total


def run_device(interp, args, mpy_dir=None, heap="512k"):
    env = dict(os.environ)
    if interp == "micropython":
        env["MICROPYPATH"] = (mpy_dir + ":" if mpy_dir else "") + ROOT
        # The unix port loads the modules' bytecode into its heap (a board has it frozen in
        # flash), 64-bit: 512 KB for an RP2040's ~190 KB free, the bytecode and the bench's
        # own lists (256 KB ran out after 2026-11-30: 30 games, 80 modules). The emulated
        # board's figures (the mcu section) are the ones the budgets are judged on.
        cmd = [
            micropython(),
            "-X",
            "heapsize=" + heap,
            os.path.join(ROOT, "tools", "bench", "device_bench.py"),
        ]
    else:
        env["PYTHONPATH"] = ROOT
        cmd = [sys.executable, os.path.join(ROOT, "tools", "bench", "device_bench.py")]
    r = subprocess.run(
        cmd + [str(a) for a in args], capture_output=True, text=True, cwd=ROOT, env=env, timeout=1800
    )
    for line in r.stdout.splitlines():
        if line.startswith("BENCH "):
            return json.loads(line[6:])
    raise RuntimeError("device bench failed under %s:\n%s" % (interp, (r.stdout + r.stderr)[-2000:]))


def heap_game(mpy_dir, heap_kb, seed=1):
    # Run from the compiled modules' folder, found by their relative paths as on a board
    # (absolute temporary paths would be interned names a board does not have).
    env = dict(os.environ, MICROPYPATH="")
    r = subprocess.run(
        [
            micropython(),
            "-X",
            "heapsize=%dk" % heap_kb,
            os.path.join(ROOT, "tools", "bench", "full_stack_game.py"),
            str(seed),
            os.path.join(ROOT, "hardware", "maps", "mls.json"),
        ],
        capture_output=True,
        text=True,
        cwd=mpy_dir,
        env=env,
        timeout=600,
    )
    for line in r.stdout.splitlines():
        if line.startswith("OK "):
            _, n, peak, sent = line.split()
            return int(n), int(peak), int(sent)
    return None


def smallest_heap(mpy_dir, lo=32, hi=256, step=4):
    """Bisection over -X heapsize (KB) for the full-stack 6-player game."""
    if heap_game(mpy_dir, hi) is None:
        return None, None
    best = hi
    while hi - lo > step:
        mid = (lo + hi) // 2 // step * step
        if heap_game(mpy_dir, mid) is not None:
            hi = best = mid
        else:
            lo = mid
    res = heap_game(mpy_dir, best)
    return best, res


def link_figures(commands):
    from host_tools.link import Client
    from host_tools.sim import SimBoard

    with SimBoard(players=6, seed=3) as sim:
        c = Client(sim.port)
        c.connect()
        rtt = []
        for i in range(commands):
            t0 = time.perf_counter()
            c.command("seed", seed=i + 1)
            rtt.append((time.perf_counter() - t0) * 1000)
        c.snapshot()
        snap_line = len(__import__("firmware.link.protocol", fromlist=["encode"]).encode(c.snap))
        c.close()
    rtt.sort()
    return {
        "commands": commands,
        "rtt_ms_p50": rtt[len(rtt) // 2],
        "rtt_ms_p99": rtt[min(len(rtt) - 1, int(0.99 * len(rtt)))],
        "snapshot_bytes": snap_line,
        "snapshot_ms_at_115200": snap_line * 10 * 1000 / BAUD,
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--smoke", action="store_true")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "bench.json"))
    args = ap.parse_args()
    games, playouts, loops, commands = (2, 5, 300, 20) if args.smoke else (30, 200, 3000, 500)
    t_start = time.time()
    # A progress bar on stderr while the sections run (minutes each in the full bench):
    # tqdm through host_tools.executors.Progress, none when stderr is not a terminal.
    bar = Progress(len(SECTIONS), "make bench", unit="section")
    bar.now(SECTIONS[0])
    mpy = tempfile.mkdtemp(prefix="pomme-bench-mpy-")
    compiled = device_code(mpy)
    if compiled is None:
        sys.exit("bench: mpy-cross could not compile the device code")
    count, total = compiled
    report = {
        "smoke": args.smoke,
        "footprint": {"modules": count, "mpy_bytes_all": total, "mpy_bytes_board": board_set_size(mpy)},
    }
    bar.step()
    bar.now("micropython")
    mp = run_device("micropython", [games, playouts, loops], mpy)
    bar.step()
    bar.now("cpython")
    cp = run_device("cpython", [max(1, games // 3), playouts, loops])
    bar.step()
    bar.now("smallest heap")
    report["micropython"] = mp
    report["cpython"] = cp
    scale = mp["pystone"]["per_s"] / RP2040_PYSTONES
    report["rp2040_estimate"] = {
        "pystones_here": mp["pystone"]["per_s"],
        "rp2040_pystones": RP2040_PYSTONES,
        "slowdown": scale,
        "lift_ms_p50": mp["lift_us"]["p50"] * scale / 1000,
        "lift_ms_p99": mp["lift_us"]["p99"] * scale / 1000,
        "lift_ms_max": mp["lift_us"]["max"] * scale / 1000,
        "commit_ms_p99": mp["commit_us"]["p99"] * scale / 1000,
        "reveal_ms_p99": mp["reveal_us"]["p99"] * scale / 1000,
        "budget_lift_ms_p99": BUDGET_LIFT_MS,
    }
    if args.smoke:
        heap_kb, res = (256, heap_game(mpy, 256))
    else:
        heap_kb, res = smallest_heap(mpy)
    report["memory"] = {
        "smallest_heap_kb": heap_kb,
        "decisions": res[0] if res else None,
        "peak_heap_bytes": res[1] if res else None,
        "budget_kb": BUDGET_HEAP_KB,
        "bisected": not args.smoke,
    }
    bar.step()
    bar.now("link")
    report["link"] = link_figures(commands)
    bar.step()
    bar.now("decisions per second")
    # Decisions per CPU second on CPython, every game form and bot kind; search playouts per s.
    report["decisions"] = decisions.measure(*((1, 1, 1) if args.smoke else (20, 3, 6)))
    bar.step()
    bar.now("emulated board")
    # The firmware frozen on the emulated Cortex-M3 (tools/bench/mcu.py), when it can be built.
    report["mcu"] = mcu.measure(smoke=args.smoke)
    bar.step()
    bar.now("deploy paths")
    # The three deployment paths (.mpy files, ROMFS, frozen) per game (tools/mcu/deploy_paths.py);
    # the smoke boots each path once into a few decisions of one game.
    rows = ("mls",) if args.smoke else ("mls", "pits", "scythe")
    report["deploy"] = deploy_paths.measure(smoke=args.smoke, games=rows,
                                            factor=report["mcu"].get("rp2040_factor"))
    bar.step()
    bar.close()
    report["seconds"] = time.time() - t_start
    os.makedirs(os.path.dirname(args.out), exist_ok=True)
    with open(args.out, "w") as f:
        json.dump(report, f, indent=1, sort_keys=True)
    print_table(report)
    print_decisions(report["decisions"])
    print_mcu(report["mcu"])
    print_deploy(report["deploy"])
    missing = check(report)
    if missing:
        print("bench: figures missing: %s" % ", ".join(missing))
        sys.exit(1)


def print_table(r):
    mp, cp, est, mem, link = r["micropython"], r["cpython"], r["rp2040_estimate"], r["memory"], r["link"]
    rows = [
        (
            "lift-to-light, unix port (us)",
            "p50 %d  p99 %d  max %d  (n=%d)"
            % (mp["lift_us"]["p50"], mp["lift_us"]["p99"], mp["lift_us"]["max"], mp["lift_us"]["n"]),
        ),
        (
            "commit a placement (us)",
            "p50 %d  p99 %d  max %d"
            % (mp["commit_us"]["p50"], mp["commit_us"]["p99"], mp["commit_us"]["max"]),
        ),
        (
            "pie-fight reveal (us)",
            "p50 %d  p99 %d  (n=%d)" % (mp["reveal_us"]["p50"], mp["reveal_us"]["p99"], mp["reveal_us"]["n"]),
        ),
        ("pystone here (per s)", "%.0f  -> RP2040 %.0fx slower" % (est["pystones_here"], est["slowdown"])),
        (
            "lift-to-light, RP2040 est. (ms)",
            "p50 %.1f  p99 %.1f  max %.1f  (Pystone-scaled from the unix port, +-30%% between runs; "
            "the budget p99 <= %.0f is judged on the emulated board: mcu rows)"
            % (
                est["lift_ms_p50"],
                est["lift_ms_p99"],
                est["lift_ms_max"],
                est["budget_lift_ms_p99"],
            ),
        ),
        (
            "commit / reveal, RP2040 est. (ms)",
            "p99 %.1f / %.1f" % (est["commit_ms_p99"], est["reveal_ms_p99"]),
        ),
        (
            "smallest heap, full stack (KB)",
            "%s%s  peak %s B  (unix port: 64-bit, the modules' bytecode in the heap; the budget "
            "of 32 KB is judged on the emulated board: mcu rows)"
            % (
                mem["smallest_heap_kb"],
                "" if mem["bisected"] else " (smoke: not bisected)",
                mem["peak_heap_bytes"],
            ),
        ),
        (
            "footprint (.mpy bytes)",
            "board %d, all device code %d (%d modules)"
            % (r["footprint"]["mpy_bytes_board"], r["footprint"]["mpy_bytes_all"], r["footprint"]["modules"]),
        ),
        (
            "zero allocation (scan+render)",
            {True: "yes (heap_lock)", False: "NO", None: "-"}[mp["zero_alloc"]],
        ),
        ("games/s, engine + bots", "MicroPython %.1f, CPython %.1f" % (mp["games_per_s"], cp["games_per_s"])),
        (
            "link RTT over the pty (ms)",
            "p50 %.2f  p99 %.2f  (n=%d)" % (link["rtt_ms_p50"], link["rtt_ms_p99"], link["commands"]),
        ),
        (
            "snapshot",
            "%d bytes = %.0f ms at 115200 baud" % (link["snapshot_bytes"], link["snapshot_ms_at_115200"]),
        ),
    ]
    w = max(len(a) for a, _ in rows)
    for a, b in rows:
        print("%-*s  %s" % (w, a, b))


def print_decisions(d):
    for row, r in sorted(d["rows"].items()):
        print("%-34s  %.0f /s  (%d decisions, %d games, median of %d)"
              % ("decisions, CPython: " + row, r["per_s"], r["decisions"], d["games"], d["repeats"]))
    for form, r in sorted(d["search"].items()):
        print("%-34s  %s" % ("search playouts, CPython: " + form, "%.1f /s" % r["per_s"]
                             if "per_s" in r else "failed: %s" % r["failed"]))


def print_mcu(m):
    if "skipped" in m:
        print("bench: SKIPPED the mcu section (emulated board): %s" % m["skipped"])
        return
    ms, k, h = m["rp2040_ms"], m["kinstr"], m["heap"]

    def verdict(v, budget):
        return "met" if v is not None and v <= budget else "NOT met"

    rows = [
        (
            "mcu: lift / commit / reveal (k instr)",
            "p50 %d / %d / %d  p99 %d / %d / %d  max %d / %d / %d  (%d games)"
            % (
                k["lift"]["p50"],
                k["commit"]["p50"],
                k["reveal"]["p50"],
                k["lift"]["p99"],
                k["commit"]["p99"],
                k["reveal"]["p99"],
                k["lift"]["max"],
                k["commit"]["max"],
                k["reveal"]["max"],
                m["games"],
            ),
        ),
        (
            "mcu: deterministic (two runs agree)",
            "%s (%d runs)" % (m["deterministic"], m["runs"])
            if m["runs"] > 1
            else "not checked (smoke: 1 run)",
        ),
        (
            "mcu: pystones per emulated s",
            "%.0f -> RP2040 factor %.1f" % (m["pystone"]["per_emulated_s"], m["rp2040_factor"]),
        ),
        (
            "mcu: RP2040 est. p99 lift/commit/reveal (ms)",
            "%.1f / %.1f / %.1f  (budgets 10 / 50 / 50: %s / %s / %s)"
            % (
                ms["lift_p99"],
                ms["commit_p99"],
                ms["reveal_p99"],
                verdict(ms["lift_p99"], ms["budget_lift_p99"]),
                verdict(ms["commit_p99"], ms["budget_commit_p99"]),
                verdict(ms["reveal_p99"], ms["budget_reveal_p99"]),
            ),
        ),
        (
            "mcu: smallest heap full stack / engine (KB)",
            "%s / %s%s"
            % (
                h["full_stack_kb"],
                h["engine_kb"],
                "" if h["bisected"] else " (smoke: not bisected, 10 decisions)",
            ),
        ),
        (
            "mcu: Pie in the Sky, full stack / engine (KB)",
            "%s / %s%s"
            % (
                h.get("pits_full_stack_kb"),
                h.get("pits_engine_kb"),
                "" if h["bisected"] else " (smoke: not bisected, 10 decisions)",
            ),
        ),
        (
            "mcu: Scythe, 5 players, full stack (KB)",
            "%s%s"
            % (
                h.get("scythe_full_stack_kb"),
                "" if h["bisected"] else " (smoke: not bisected, 10 decisions)",
            ),
        ),
        (
            "mcu: Scythe + 7 modules + tesla (mcu_board.MODULE_SET), 5 players, full stack (KB)",
            "%s" % (h.get("scythe_modules_full_stack_kb") if h["bisected"] else "not run in the smoke"),
        ),
        (
            "mcu: Scythe + 7 modules + madtesla (MAD_MODULE_SET), 5 players, full stack (KB)",
            "%s" % (h.get("scythe_mad_full_stack_kb") if h["bisected"] else "not run in the smoke"),
        ),
        (
            "mcu: Scythe + the Desolation's set (DES_MODULE_SET), 5 players, full stack (KB)",
            "%s" % (h.get("scythe_des_full_stack_kb") if h["bisected"] else "not run in the smoke"),
        ),
        (
            "mcu: Scythe, Episode 1 of a 5-player campaign kept by the board, full stack (KB)",
            "%s" % (h.get("scythe_campaign_full_stack_kb") if h["bisected"] else "not run in the smoke"),
        ),
        (
            "mcu: Scythe, Episode 5 of a 5-player campaign (fortress), full stack (KB)",
            "%s" % (h.get("scythe_campaign5_full_stack_kb") if h["bisected"] else "not run in the smoke"),
        ),
        (
            "mcu: Scythe, Episode 7 late in a 5-player campaign (its heaviest game), full stack (KB)",
            "%s" % (h.get("scythe_campaign7late_full_stack_kb") if h["bisected"] else "not run in the smoke"),
        ),
        ("mcu: frozen image (bytes)", "%s" % m["image"]["frozen_bytes"]),
    ]
    for name, r in sorted(m.get("full_stack_timed", {}).items()):
        t = r.get("rp2040_ms")
        rows.append((
            "mcu: whole game timed, %s: p99 to the frame" % name.replace("heap_", "heap "),
            "lift %.1f / commit %.1f / reveal %.1f ms RP2040 est." % (
                t["lift_to_frame_p99"], t["commit_to_frame_p99"], t["reveal_to_frame_p99"])
            if t and "lift_to_frame_p99" in t else "failed: %s" % r.get("failed", "?")[-120:],
        ))
        if t and "frame_to_next_scan_p99" in t:
            rows.append((
                "mcu: whole game timed, %s: commit frame to next scan" % name.replace("heap_", "heap "),
                "p50 %.1f / p99 %.1f / max %.1f ms RP2040 est. (scan period 10 ms)" % (
                    t["frame_to_next_scan_p50"], t["frame_to_next_scan_p99"], t["frame_to_next_scan_max"]),
            ))
    w = max(len(a) for a, _ in rows)
    for a, b in rows:
        print("%-*s  %s" % (w, a, b))


def print_deploy(d):
    if "skipped" in d:
        print("bench: SKIPPED the deploy section (emulated board): %s" % d["skipped"])
        return
    for row in ("mls", "pits", "scythe"):
        for path in deploy_paths.PATHS:
            f = d.get(row, {}).get(path)
            if f is None:
                continue
            if d["smoke"]:
                print("deploy %-6s %-6s  %s, %d decisions (smoke)" % (
                    row, path, "ok" if f["ok"] else "FAILED", f["decisions"]))
            else:
                print("deploy %-6s %-6s  %d decisions, smallest heap %s KB, peak %d B, live %d B, boot %d k "
                      "instr (%s ms RP2040 est.)" % (
                          row, path, f["decisions"], f["smallest_kb"], f["peak_bytes"], f["live_bytes"],
                          f["boot_kinstr"], f.get("boot_rp2040_ms")))
        if d.get("same_game", {}).get(row) is False:
            print("deploy %-6s DIFFERENT GAMES on the paths (decisions or last position differ)" % row)


def check(r):
    """The required figures that are absent or None (and zero_alloc unless True)."""
    need = [
        ("micropython", "lift_us", "n"),
        ("micropython", "commit_us", "n"),
        ("micropython", "reveal_us", "n"),
        ("micropython", "games_per_s"),
        ("cpython", "games_per_s"),
        ("rp2040_estimate", "lift_ms_p99"),
        ("memory", "smallest_heap_kb"),
        ("memory", "peak_heap_bytes"),
        ("footprint", "mpy_bytes_board"),
        ("link", "rtt_ms_p50"),
        ("link", "snapshot_bytes"),
        ("decisions", "rows", "mls/strong", "per_s"),
        ("decisions", "rows", "scythe/random", "per_s"),
    ]
    missing = []
    for path in need:
        v = r
        for k in path:
            v = v.get(k) if isinstance(v, dict) else None
        if v is None:  # absent or not measured; 0 is a real figure (e.g. 0 us, 0 bytes)
            missing.append(".".join(path))
    m = r.get("mcu")
    if isinstance(m, dict) and "skipped" not in m:
        for path in (
            ("kinstr", "lift", "p99"),
            ("kinstr", "commit", "p99"),
            ("kinstr", "reveal", "p99"),
            ("rp2040_ms", "lift_p99"),
            ("rp2040_ms", "commit_p99"),
            ("rp2040_ms", "reveal_p99"),
            ("heap", "full_stack_kb"),
            ("heap", "engine_kb"),
            ("heap", "pits_full_stack_kb"),
            ("heap", "pits_engine_kb"),
            ("heap", "scythe_full_stack_kb"),
            ("image", "frozen_bytes"),
            ("deterministic",),
        ):
            v = m
            for k in path:
                v = v.get(k) if isinstance(v, dict) else None
            if v is None:
                missing.append("mcu." + ".".join(path))
        if not m["kinstr"]["lift"]["n"] or not m["kinstr"]["commit"]["n"]:
            missing.append("mcu.kinstr (no lift or commit measured)")
    elif not isinstance(m, dict):
        missing.append("mcu")
    d = r.get("deploy")
    if isinstance(d, dict) and "skipped" not in d:
        # Every game on every path (the smoke: My Little Scythe only), each path the same game.
        for row in ("mls",) if d.get("smoke") else ("mls", "pits", "scythe"):
            for path in deploy_paths.PATHS:
                f = d.get(row, {}).get(path)
                if d.get("smoke"):   # a few decisions played: ok must be True
                    if not isinstance(f, dict) or f.get("ok") is not True:
                        missing.append("deploy.%s.%s.ok" % (row, path))
                elif not isinstance(f, dict) or f.get("smallest_kb") is None:
                    missing.append("deploy.%s.%s.smallest_kb" % (row, path))
            if d.get("same_game", {}).get(row) is not True:
                missing.append("deploy.same_game.%s" % row)
    elif not isinstance(d, dict):
        missing.append("deploy")
    mp = r.get("micropython")
    if not isinstance(mp, dict) or mp.get("zero_alloc") is not True:
        missing.append("micropython.zero_alloc")
    return missing


if __name__ == "__main__":
    try:
        main()
    except KeyboardInterrupt:
        print("bench: stopped (Ctrl-C); nothing written", file=sys.stderr)
        sys.exit(130)
    except RuntimeError as e:   # a job that failed: its first line says which, the rest its output
        sys.exit("bench: %s" % e)
