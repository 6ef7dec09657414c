# tools/soak.py: the conformance suite's checked random games in volume, per Module Chart
# combination, going on from its record (docs/testing.md "Soak").
import json
import os
import sys

import pytest

from tools import soak

# The Desolation's largest combination: 1 to 5 players, short games (the quickest to play here).
DES = ("alliances", "desolation", "fenris", "infra", "mechmods", "vesna")


def test_the_chart_set_is_the_704_combinations_the_module_chart_allows():
    combos = soak.combinations("chart")
    names = [c[0] for c in combos]
    assert len(names) == 704 == len(set(names))   # docs/fenris.md section 2
    assert names[0] == "scythe"
    words = [set(n.split("+")[1:]) for n in names]
    assert all(w <= set(soak.chart_words()) for w in words)
    # refused by the chart: two tracks, Rivals with Peace, the Desolation with a track
    for a, b in (("war", "peace"), ("rivals", "peace"), ("desolation", "war"), ("tesla", "madtesla")):
        assert not any({a, b} <= w for w in words), (a, b)
    assert {"rivals", "madtesla"} in words and {"desolation", "alliances"} in words
    assert [c for c in combos if c[0] == "scythe+desolation"][0][3] == (1, 2, 3, 4, 5)


def test_a_soak_records_each_combinations_games_and_goes_on_from_its_record(tmp_path):
    out = str(tmp_path / "rec.json")
    played = []

    def play(*task):
        played.append(task[4:6])
        return soak.play_block(*task)

    s = soak.run(games=2, block=1, out=out, only=DES, echo=lambda *a: None, play=play)
    assert played == [(0, 1), (1, 1)]
    assert s["complete"] == 1 and s["games"] == 2 and s["decisions"] > 0 and not s["failed"]
    e = soak.load(out)["combinations"]["scythe+" + "+".join(DES)]
    assert e["seeds"] == [[0, 2]] and e["games"] == 2 and e["commits"] == [soak.commit()]
    # again with 3 games: only the third is played
    played.clear()
    s = soak.run(games=3, block=2, out=out, only=DES, echo=lambda *a: None, play=play)
    assert played == [(2, 1)] and s["games"] == 3 and s["complete"] == 1
    assert soak.load(out)["combinations"]["scythe+" + "+".join(DES)]["seeds"] == [[0, 3]]


def test_a_failed_game_is_kept_by_seed_the_others_go_on_and_a_retry_clears_it(tmp_path, monkeypatch):
    from tests.conformance import checked

    real = checked.play_checked

    def broken(g, seed, *a, **kw):
        if seed == 1:
            raise AssertionError("an invariant broken on purpose")
        return real(g, seed, *a, **kw)

    monkeypatch.setattr(checked, "play_checked", broken)
    out = str(tmp_path / "rec.json")
    said = []
    s = soak.run(games=3, block=3, out=out, only=DES, echo=said.append)
    assert s["games"] == 3 and len(s["failed"]) == 1
    name, seed, err = s["failed"][0]
    assert seed == 1
    assert err.startswith("AssertionError: an invariant broken on purpose (tests/host/test_soak.py:")
    assert any(line.startswith("FAILED scythe+alliances+desolation") for line in said)
    monkeypatch.setattr(checked, "play_checked", real)
    assert soak.main(["--games", "3", "--only", ",".join(DES), "--out", out, "--jobs", "1"]) == 1
    # fixed: --retry plays seed 1 again, which passes now; the games are not counted again
    assert soak.main(["--retry", "--only", ",".join(DES), "--out", out]) == 0
    e = soak.load(out)["combinations"][name]
    assert e["failed"] == [] and e["games"] == 3
    assert [r[:2] for r in e["retried"]] == [[1, err]] and e["retried"][0][2] == soak.commit()
    assert soak.main(["--games", "3", "--only", ",".join(DES), "--out", out, "--jobs", "1"]) == 0


def test_a_game_without_an_end_is_kept_apart_from_the_failures_capped_or_proven(tmp_path, monkeypatch):
    # (docs/fenris.md S19: a Rivals game the rules cannot end; games.NoEnd: past MAX_DECISIONS)
    from tests.conformance import games as G
    from tests.conformance import checked

    real = checked.play_checked

    class Unended:
        def is_terminal(self):
            return False

    def some_without_end(g, seed, *a, **kw):
        if seed == 1:
            raise G.NoEnd("no end after %d decisions" % G.MAX_DECISIONS)
        if seed == 2:
            return Unended(), 1234
        return real(g, seed, *a, **kw)

    monkeypatch.setattr(checked, "play_checked", some_without_end)
    out = str(tmp_path / "rec.json")
    said = []
    s = soak.run(games=3, block=3, out=out, only=DES, echo=said.append)
    assert s["failed"] == [] and s["games"] == 3
    name = "scythe+" + "+".join(DES)
    assert sorted(s["unended"]) == [(name, 1, "capped"), (name, 2, "stalemate")]
    e = soak.load(out)["combinations"][name]
    assert sorted(e["unended"]) == [[1, "capped", G.MAX_DECISIONS], [2, "stalemate", 1234]]
    assert "no end: %s seed 2, stalemate after 1234 decisions" % name in said
    assert said[-1].endswith("0 failed; 2 without an end (1 proven stalemates, 1 capped); commits %s"
                             % soak.commit())
    assert soak.main(["--games", "3", "--only", ",".join(DES), "--out", out, "--jobs", "1"]) == 0


def test_a_retry_keeps_a_game_without_an_end_apart_and_the_next_keeps_its_bots(tmp_path, monkeypatch):
    from tests.conformance import checked
    from tests.conformance import games as G

    real = checked.play_checked
    kinds = []

    def broken(g, seed, *a, **kw):
        if seed in (1, 2):
            raise AssertionError("broken on purpose")
        return real(g, seed, *a, **kw)

    def mended(g, seed, kind="random", *a, **kw):
        kinds.append((seed, kind))
        if seed == 1:
            raise G.NoEnd("no end")
        return real(g, seed, kind, *a, **kw)

    out = str(tmp_path / "rec.json")
    monkeypatch.setattr(checked, "play_checked", broken)
    soak.run(games=3, block=3, out=out, only=DES, echo=lambda *a: None)
    monkeypatch.setattr(checked, "play_checked", mended)
    assert soak.main(["--retry", "--only", ",".join(DES), "--out", out]) == 0
    e = soak.load(out)["combinations"]["scythe+" + "+".join(DES)]
    assert e["failed"] == [] and e["unended"] == [[1, "capped", G.MAX_DECISIONS]]
    assert kinds == [(1, "random"), (2, "random")]   # (not the first one's "capped")


def _micropython():
    """The unix port make setup installs beside this interpreter (no skip: it is a dependency)."""
    return os.path.join(os.path.dirname(sys.executable), "micropython")


def test_a_soak_on_the_unix_port_keeps_its_own_record_and_a_cpython_run_is_refused_there(tmp_path):
    out = str(tmp_path / "mp.json")
    args = ["--games", "2", "--only", ",".join(DES), "--out", out, "--jobs", "1"]
    assert soak.main(args + ["--micropython", _micropython()]) == 0
    rec = soak.load(out)
    assert (rec["set"], rec["kind"], rec["interpreter"]) == ("chart", "random", "micropython")
    e = rec["combinations"]["scythe+" + "+".join(DES)]
    assert e["games"] == 2 and e["decisions"] > 0 and e["failed"] == []
    with pytest.raises(SystemExit) as refused:   # the same record for CPython's games: refused
        soak.main(args)
    assert refused.value.code == 2
    assert soak.load(out) == rec
    strong_mp = soak.record_path("chart", "strong", _micropython())
    assert strong_mp == "tests/conformance/soak_chart_strong_mp.json"
    assert soak.record_path("chart") == soak.RECORDS["chart"]


def test_a_unix_port_process_that_fails_fails_its_block_with_its_last_line(tmp_path, monkeypatch):
    monkeypatch.setattr(soak, "MP_HEAP", "24k")   # too small a heap to load the rules
    res = soak.play_block("scythe+" + "+".join(DES), "scythe", {w: [1] for w in DES}, (1, 2), 5, 3,
                          micropython=_micropython())
    assert res[0] == 3 and res[1] == 0 and res[4] == []
    assert len(res[3]) == 1 and res[3][0][0] == 5 and res[3][0][1].startswith("micropython exit 1: ")
    assert "MemoryError" in res[3][0][1]


def test_rule_bot_games_are_soaked_with_the_same_checks(tmp_path, monkeypatch):
    from tests.conformance import checked

    kinds = []
    real = checked.play_checked

    def spy(g, seed, kind="random", *a, **kw):
        kinds.append(kind)
        return real(g, seed, kind, *a, **kw)

    monkeypatch.setattr(checked, "play_checked", spy)
    out = str(tmp_path / "strong.json")
    assert soak.main(["--games", "1", "--only", ",".join(DES), "--out", out, "--kind", "strong"]) == 0
    rec = soak.load(out)
    assert rec["kind"] == "strong" and kinds == ["strong"]
    assert rec["combinations"]["scythe+" + "+".join(DES)]["games"] == 1


def test_the_figures_are_the_same_on_one_or_two_processes(tmp_path):
    one, two = str(tmp_path / "one.json"), str(tmp_path / "two.json")
    soak.run(games=4, block=1, jobs=1, out=one, only=DES, echo=lambda *a: None)
    soak.run(games=4, block=1, jobs=2, out=two, only=DES, echo=lambda *a: None)
    a, b = soak.load(one)["combinations"], soak.load(two)["combinations"]
    assert a.keys() == b.keys() and len(a) == 1
    for k in a:
        assert a[k]["decisions"] == b[k]["decisions"] and a[k]["seeds"] == b[k]["seeds"] == [[0, 4]]


def test_a_time_limit_stops_after_the_block_that_passes_it(tmp_path):
    out = str(tmp_path / "rec.json")
    said = []
    s = soak.run(games=3, block=1, out=out, only=DES, limit=1e-9, echo=said.append)
    assert s["games"] == 1 and s["complete"] == 0
    assert any("stopped" in line for line in said)


def test_a_record_that_is_not_one_is_refused_and_left_as_it_was(tmp_path):
    out = tmp_path / "rec.json"
    for text in ("[1, 2]", "{not json", json.dumps({"set": "forms", "combinations": {}})):
        out.write_text(text)
        with pytest.raises(ValueError):
            soak.run(games=1, out=str(out), only=DES, echo=lambda *a: None)
        assert out.read_text() == text
    assert not os.path.exists(str(out) + ".tmp")
    with pytest.raises(ValueError, match="no combination"):
        soak.run(games=1, out=str(tmp_path / "x.json"), only=("harder",), echo=lambda *a: None)


def test_ctrl_c_stops_a_soak_on_two_processes_in_one_line_keeping_what_finished(tmp_path):
    import signal
    import subprocess
    import sys
    import time

    out = str(tmp_path / "rec.json")
    p = subprocess.Popen([sys.executable, soak.__file__, "--jobs", "2", "--games", "4", "--block", "1",
                          "--only", "tesla", "--out", out], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         text=True, start_new_session=True,
                         preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while not os.path.exists(out) and time.time() < deadline:   # a block finished
        time.sleep(0.1)
    os.killpg(p.pid, signal.SIGINT)   # as a terminal's Ctrl-C: the whole process group
    stdout, stderr = p.communicate(timeout=60)
    assert p.returncode == 130, (stdout, stderr)
    assert "soak: stopped" in stdout and "Traceback" not in stderr, stderr
    assert soak.load(out)["combinations"]   # what finished is kept


def test_the_commit_is_dirty_for_a_change_but_not_for_the_soak_s_own_records(tmp_path):
    # A run writes its record as it goes: that alone does not make the games' commit "-dirty".
    import subprocess

    def git(*args):
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@t", *args], cwd=tmp_path,
                       check=True, capture_output=True)

    (tmp_path / "tests" / "conformance").mkdir(parents=True)
    record = tmp_path / "tests" / "conformance" / "soak_chart.json"
    record.write_text("{}")
    (tmp_path / "rules.py").write_text("A = 1\n")
    git("init", "-q")
    git("add", ".")
    git("commit", "-q", "-m", "one")
    clean = soak.commit(str(tmp_path))
    assert clean and not clean.endswith("-dirty") and clean != "unknown"
    record.write_text('{"combinations": {}}')
    assert soak.commit(str(tmp_path)) == clean
    (tmp_path / "rules.py").write_text("A = 2\n")
    assert soak.commit(str(tmp_path)) == clean + "-dirty"
