# `pomme play`: a game a person finishes at the laptop, against bots, on the simulated board
# (the firmware under the MicroPython unix port, on a pseudo-terminal). The person's
# keystrokes are scripted: a seeded choice among the numbers shown, with scripted keys
# (undo, new game, a bad key) at chosen prompts.
import os
import pty
import random
import re
import select
import subprocess
import sys
import time

import pytest

from host_tools import link
from host_tools import play as play_mod
from host_tools.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
RAW = re.compile(r"^\s+\d+\) .*: \d+$")  # an option shown as "kind: code"


class Keys:
    """The person at the keyboard: scripted keys at given prompts (counted from 1), else a
    seeded choice among the numbers the prompt offers; q once the game is over."""

    def __init__(self, seed=1, script=None, stop_after=None):
        self.rng = random.Random(seed)
        self.script = dict(script or {})
        self.prompts = []   # (prompt, secret?, key)
        self.stop_after = stop_after
        self.sent = []      # the commands sent so far, when a test watches them
        self.marks = []     # how many had been sent at each prompt

    def _key(self, prompt, secret):
        n = len(self.prompts) + 1
        self.marks.append(len(self.sent))
        if n in self.script:
            key = self.script.pop(n)
        elif self.stop_after is not None and n > self.stop_after or prompt.startswith("game over"):
            key = "q"
        else:
            m = re.search(r"\[1-(\d+),", prompt)
            key = str(self.rng.randint(1, int(m.group(1)))) if m else "y"
        self.prompts.append((prompt, secret, key))
        return key

    def ask(self, prompt):
        return self._key(prompt, False)

    def secret(self, prompt):
        return self._key(prompt, True)


class Screen(Keys):
    """Keys that also leave on the screen what a terminal shows: the prompt, and the key
    typed after it unless the entry is secret (no echo)."""

    def _key(self, prompt, secret):
        key = Keys._key(self, prompt, secret)
        print("%s%s" % (prompt, "" if secret else key))
        return key


@pytest.fixture
def keys(monkeypatch):
    def use(k, lights=False):
        monkeypatch.setattr("builtins.input", k.ask)
        monkeypatch.setattr(play_mod, "hidden_input", k.secret)
        if not lights:
            monkeypatch.setattr(play_mod.Play, "LIGHTS_S", 0)
        return k

    return use


@pytest.fixture
def sent(monkeypatch):
    """Every command the laptop sends the board, in order."""
    log = []
    real = link.Client.request

    def request(self, cmd, **fields):
        log.append((cmd, fields))
        return real(self, cmd, **fields)

    monkeypatch.setattr(link.Client, "request", request)
    return log


@pytest.fixture
def seen(monkeypatch):
    """The board's state (hex) at every decision a person is asked for."""
    log = []
    real = play_mod.Play._person

    def person(self, table, p, view):
        log.append(self.client.snap["state"])
        return real(self, table, p, view)

    monkeypatch.setattr(play_mod.Play, "_person", person)
    return log


def test_a_whole_game_is_played_through_play_by_one_person_and_a_bot(capsys, keys, sent):
    k = keys(Keys(seed=2), lights=True)
    t0 = time.monotonic()
    assert main(["play", "--players", "2", "--seat", "2=bot", "--seed", "2"]) == 0
    took = time.monotonic() - t0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert "a new game of My Little Scythe on the simulated board (2 players, seed 2)" in out
    assert "seats: 1 person, 2 bot" in out
    assert "Game over. Winner:" in out and re.search(r"The winners? (is|are): seat \d \((you|bot)\)", out)
    decided = [c for c in sent if c[0] == "decide"]
    mine = [c for c in decided if c[1]["p"] == 0]
    assert len(mine) == len([p for p in k.prompts if not p[0].startswith(("game over", "quit?"))])
    assert len(decided) > len(mine) > 20  # the bot decided for seat 2
    assert sum(1 for s in lines if s.startswith("seat 2 (bot): ")) == len(decided) - len(mine)
    assert [s for s in lines if RAW.match(s)] == []  # every option in words
    assert any(re.match(r"seat 1 \(you\): Seeker [12] \(", s) for s in lines)
    # the log in words: a sentence for each decision of a seat, the person's and the bot's
    told = [s for s in lines if s.startswith("  * ")]
    assert sum(1 for s in told if s.startswith("  * Seat ")) >= len(decided), told[:5]
    assert any(s.startswith("seat 2 (bot): move a Seeker -> Seeker ") for s in lines)
    assert any("the board's dice: the search die -> " in s for s in lines)
    # the map: every space numbered, with a legend, and the board's lights
    assert all(re.search(r"\[%2d [TMFDRSPC] " % i, out) for i in range(37))
    assert "legend: each space is [number terrain light] over [Seekers goods]" in out
    assert "terrain: T tundra, M mountain, F forest, D desert, R red rock, S swamp, P portal" in out
    assert "status LEDs: turn in seat 1's colour; attention off; dials locked: none" in out
    assert "o = a space to choose (blue)" in out and "# = the winner's colour" in out
    assert "the simulated board stops, and its game with it (--workdir DIR keeps a game to resume)" in out
    print("whole game: %d decisions (%d by the person) in %.1f s" % (len(decided), len(mine), took))


def test_two_people_bid_in_secret_and_neither_bid_shows_before_both_are_in(capsys, keys):
    # hot seat: the first seeded game (from seed 49) in which seat 1 attacks seat 2 (pies, then a
    # spell) and seat 2 bids within 60 prompts
    k, out, secret = Screen(), "", []
    for seed in range(49, 90):
        k = keys(Screen(seed=seed, stop_after=60))
        assert main(["play", "--players", "2", "--seed", str(seed)]) == 0
        out = capsys.readouterr().out
        secret = [p for p, s, _ in k.prompts if s]
        if len(secret) >= 4 and secret[0].startswith("seat 1 [") and secret[-1].startswith("seat 2 ["):
            break
    assert len(secret) >= 4 and secret[0].startswith("seat 1 [") and secret[-1].startswith("seat 2 [")
    start = out.index("seat 1: pie fight: a secret bid of pies")
    shown = re.search(r"\npie fight: \d+ against \d+\n", out)
    assert shown, "the totals are shown once both bids are in"
    end = shown.start()
    bidding = out[start:end]
    assert "seat 2 (person): made a secret entry (shown when both bids are in)" in bidding
    assert "SECRET: the other players look away; what you type is not shown" in bidding
    assert bidding.count("seat 1 (person): made a secret entry (shown when both bids are in)") >= 1
    assert " against " not in bidding and "(person): bid" not in bidding and "-> bid" not in bidding
    for prompt, is_secret, key in k.prompts:
        if is_secret:
            assert prompt + "\n" in bidding and prompt + key not in bidding  # the bid typed is not shown


def test_a_bad_keystroke_is_refused_and_changes_nothing(capsys, keys, sent, seen):
    k = keys(Keys(seed=3, script={1: "zz", 2: "0", 3: "99", 4: "", 5: "h", 6: "q"}))
    k.sent = sent
    assert main(["play", "--players", "2", "--seat", "2=bot", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert out.count("is not a choice: type a number from 1 to") == 4
    assert "undo: take back your last decision" in out  # the help
    after_first = sent[k.marks[0]:]
    assert [c for c, _ in after_first if c not in ("hello", "snapshot")] == []  # nothing sent
    assert len(seen) == 1
    assert out.count("legend:") == 1  # not redrawn for a refused key


def test_undo_takes_back_the_persons_last_decision_and_the_bots_after_it(capsys, keys, sent, seen):
    # 20 prompts in, at the first prompt after the bot has played, the person types u: the
    # board goes back to where the person last decided, the bot's decisions after it undone
    class UndoAfterTheBot(Keys):
        at = None

        def _key(self, prompt, secret):
            decides = [f["p"] for c, f in self.sent if c == "decide"]
            if self.at is None and len(self.prompts) >= 20 and decides and decides[-1] == 1:
                self.at = len(self.prompts) + 1
                self.script[self.at] = "u"
                self.stop_after = self.at + 1
            return Keys._key(self, prompt, secret)

    k = keys(UndoAfterTheBot(seed=4))
    k.sent = sent
    assert main(["play", "--players", "2", "--seat", "2=bot", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    at = k.at
    assert k.prompts[at - 1][2] == "u"
    assert seen[at] == seen[at - 2] and seen[at - 1] != seen[at - 2]
    took = re.findall(r"took back (\d+) decisions?", out)
    undos = [c for c, _ in sent if c == "undo"]
    bot_moves = [f for c, f in sent[k.marks[at - 2]:k.marks[at - 1]] if c == "decide" and f["p"] == 1]
    assert took == [str(len(undos))] and len(undos) == 1 + len(bot_moves) >= 2


def test_new_game_asks_first_and_starts_the_game_again(capsys, keys, sent, seen):
    k = keys(Keys(seed=5, script={12: "n", 13: "no", 14: "n", 15: "y"}, stop_after=16))
    assert main(["play", "--players", "3", "--seat", "2=bot", "--seat", "3=bot", "--seed", "5"]) == 0
    out = capsys.readouterr().out
    assert "start a new game of 3 players? the game in progress is lost [y/N]" in k.prompts[12][0]
    assert "no new game: the game goes on" in out
    # the simulated board's game with the model deck at the start, then the new game asked for
    assert [c for c in sent if c[0] == "new"] == [("new", {"players": 3, "cards": [1]})] * 2
    assert "a new game of My Little Scythe, 3 players" in out
    assert seen[11] == seen[12]  # "no" changed nothing
    from firmware.rules import registry
    from host_tools.boards import load_board

    rs = registry.load("mls")
    fresh = rs.from_bytes(load_board(ruleset=rs), bytes.fromhex(seen[13]))
    assert seen[13] != seen[11] and fresh.seekers(0) == (63, 63)
    assert all(fresh.trophy_count(p) == 0 and fresh.pies(p) == 3 for p in range(3))


def test_a_game_quit_in_a_workdir_resumes_where_it_was(capsys, keys, seen, tmp_path):
    work = str(tmp_path / "board")
    keys(Keys(seed=6, stop_after=15))
    assert main(["play", "--players", "2", "--seat", "1=bot", "--seed", "6", "--workdir", work]) == 0
    out = capsys.readouterr().out
    assert "resume with `pomme play --workdir %s`" % work in out
    left = seen[-1]
    keys(Keys(seed=7, stop_after=0))
    assert main(["play", "--seat", "1=bot", "--workdir", work]) == 0
    out = capsys.readouterr().out
    assert re.search(r"resuming the game saved in %s \(decision \d+\)" % re.escape(work), out)
    assert seen[-1] == left


def test_a_resumed_game_keeps_its_bot_seats(capsys, keys, tmp_path):
    work = str(tmp_path / "board")
    keys(Keys(seed=6, stop_after=5))
    assert main(["play", "--players", "2", "--seat", "1=bot", "--seed", "6", "--workdir", work]) == 0
    assert "seats: 1 bot, 2 person" in capsys.readouterr().out
    keys(Keys(seed=7, stop_after=0))
    assert main(["play", "--workdir", work]) == 0   # no --seat: the kept ones
    out = capsys.readouterr().out
    assert "resuming the game saved in" in out and "seats: 1 bot, 2 person" in out


def test_quitting_a_game_that_is_not_kept_asks_first(capsys, keys):
    k = keys(Keys(seed=3, script={3: "q", 4: "n", 5: "q", 6: "y"}))
    assert main(["play", "--players", "2", "--seat", "2=bot", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert k.prompts[3][0].startswith("quit? This game is not kept (no --workdir): it is lost.")
    assert "not quitting: the game goes on" in out
    assert len(k.prompts) == 6 and "the simulated board stops, and its game with it" in out


def test_quitting_a_kept_game_does_not_ask(capsys, keys, tmp_path):
    k = keys(Keys(seed=3, script={3: "q"}))
    assert main(["play", "--players", "2", "--seed", "3", "--workdir", str(tmp_path / "b")]) == 0
    assert len(k.prompts) == 3 and "resume with `pomme play --workdir" in capsys.readouterr().out


def test_seats_are_checked_with_one_clear_line(capsys):
    assert main(["play", "--seat", "2=robot"]) == 1
    err = capsys.readouterr().err
    assert "--seat 2=robot: expected SEAT=bot or SEAT=person" in err and "Traceback" not in err
    assert main(["play", "--players", "2", "--seat", "3=bot"]) == 1
    err = capsys.readouterr().err
    assert "there is no seat 3: the game on the board has 2 players" in err
    assert len(err.strip().splitlines()) == 1


def test_port_and_workdir_together_are_refused(capsys):
    with pytest.raises(SystemExit) as e:
        main(["play", "--port", "/dev/null", "--workdir", "x"])
    assert e.value.code == 2 and "give --port or --workdir, not both" in capsys.readouterr().err


# ---- on a real terminal: the bid is not echoed ------------------------------------------------
def _take_terminal():
    """In the child (a new session): make its stdin, the pseudo-terminal, its controlling
    terminal, so Ctrl-C typed there interrupts it as in a real terminal. SIGINT back at its
    default too: a test run started in the background of a non-interactive shell (`cmd &`)
    ignores it, and the child would inherit that, as no shell at a terminal would do."""
    import fcntl
    import signal
    import termios

    fcntl.ioctl(0, termios.TIOCSCTTY, 0)
    signal.signal(signal.SIGINT, signal.SIG_DFL)


class Terminal:
    """`pomme play` in a child process whose terminal is a pseudo-terminal we type on."""

    def __init__(self, argv):
        self.master, slave = pty.openpty()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "host_tools.cli"] + argv,
            stdin=slave, stdout=slave, stderr=slave, cwd=ROOT, close_fds=True, start_new_session=True,
            preexec_fn=_take_terminal,
        )
        os.close(slave)
        self.text = ""

    def until(self, pattern, timeout=30.0):
        rx = re.compile(pattern)
        end = time.monotonic() + timeout
        while True:
            m = rx.search(self.text)
            if m:
                return m
            left = end - time.monotonic()
            assert left > 0, "no %r in the last output: %r" % (pattern, self.text[-2000:])
            ready, _, _ = select.select([self.master], [], [], left)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    chunk = b""
                assert chunk, "play ended: %r" % self.text[-2000:]
                self.text += chunk.decode("utf-8", "replace")

    def type(self, line):
        os.write(self.master, line.encode() + b"\n")

    def waiting(self):
        """Until the child is asleep in its read of the terminal (its prompt written is not
        enough: a Ctrl-C that comes between the prompt and input()'s read() is handled, but
        read() then waits for a key: a CPython race a person at the prompt never meets)."""
        asleep = 0
        end = time.monotonic() + 10
        while asleep < 4 and time.monotonic() < end:
            time.sleep(0.05)
            with open("/proc/%d/stat" % self.proc.pid) as f:
                state = f.read().rsplit(")", 1)[1].split()[0]
            asleep = asleep + 1 if state == "S" else 0

    def close(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def test_a_bid_is_typed_without_echo_and_no_bid_shows_before_both_are_in():
    rng = random.Random(2)
    term = Terminal(["play", "--players", "2", "--seat", "2=bot", "--seed", "4"])
    try:
        for _ in range(400):
            m = term.until(r"(SECRET: [^\n]*\n(?:[^\n]*\n)*?)?seat 1 \[1-(\d+), [^\]]*\]: ")
            key = str(rng.randint(1, int(m.group(2))))
            secret = m.group(1) is not None
            before = term.text[:m.start()]
            term.text = term.text[m.end():]
            term.type(key)
            if not secret:
                term.until(r"\r?\n")
                assert term.text.startswith(key)  # an ordinary choice is echoed
                continue
            # nothing of the bid shows: not the key typed, and no total before both are in
            line = term.until(r"\r?\n")
            assert term.text[:line.start()].strip() == ""
            assert " against " not in before.rsplit("pie fight", 1)[-1]
            assert "seat 2 (bot): pie fight: a secret bid of pies" in before
            assert "made a secret entry (shown when both bids are in)" in before
            term.until(r"seat 1 \(you\): made a secret entry")
            break
        else:
            raise AssertionError("no pie fight for seat 1 in 400 decisions")
        # the person's spell slot (or the next question), then the totals, once both are in
        m = term.until(r"(SECRET: [^\n]*\n(?:[^\n]*\n)*?seat 1 \[1-(\d+), [^\]]*\]: )"
                       r"|pie fight: \d+ against \d+")
        if m.group(1):
            term.text = term.text[m.end():]
            term.type("1")
            term.until(r"\r?\n")
            assert term.text.split("\n", 1)[0].strip() == ""
            term.until(r"pie fight: \d+ against \d+")
        term.until(r"\]: ")
        term.type("q")
        term.until(r"Quit \(y/n, q: yes\)\? ")   # (no --workdir: the game would be lost)
        term.type("y")
        term.until(r"the simulated board stops, and its game with it")
        assert term.proc.wait(timeout=10) == 0
    finally:
        term.close()


def test_ctrl_c_at_the_prompt_ends_play_with_one_line_and_130():
    term = Terminal(["play", "--players", "2", "--seed", "4"])
    try:
        term.until(r"seat 1 \[1-\d+, [^\]]*\]: ")
        term.waiting()
        os.write(term.master, b"\x03")
        term.until(r"play stopped \(Ctrl-C\); the game is not kept: the simulated board stops with it")
        assert term.proc.wait(timeout=10) == 130
        assert "Traceback" not in term.text
    finally:
        term.close()


# ---- every decision kind in words ---------------------------------------------------------------
def test_describe_never_shows_a_raw_code_in_seeded_bot_games():
    from firmware.bots import chance_step
    from firmware.bot_kinds import make_bot
    from firmware.rng import Rng
    from firmware.rules import registry
    from firmware.text import name
    from host_tools.boards import load_board
    from host_tools.view import describe

    rs = registry.load("mls")
    board = load_board(ruleset=rs)
    kinds = set()
    for seed in range(1, 13):
        rng = Rng(seed)
        n = 2 + seed % 5
        st = rs.new_game(board, n)
        bots = [make_bot(rs, rng, "strong" if (seed + p) % 2 else "random") for p in range(n)]
        while not st.is_terminal():
            kind = st.decision()
            kinds.add(kind)
            for a in st.legal_actions():
                said = describe(st, a)
                assert said != "%s: %d" % (name("kind", kind), a), (kind, a)
            p = st.current_player()
            if p < 0:
                chance_step(st, rng)
            else:
                st.apply(bots[p].choose(st))
    assert len(kinds) >= 20  # the games reach most kinds; the others are checked below


def test_every_decision_kind_has_words_for_its_options():
    from firmware.rules import registry
    from firmware.rules.mls import codes, layout
    from firmware.text import name
    from host_tools.boards import load_board
    from host_tools.view import describe, question

    rs = registry.load("mls")
    st = rs.new_game(load_board(ruleset=rs), 2)
    samples = {codes.K_BID_SPELL: (0, 3, 12), codes.K_STATE_TERM: (1, 12, 200, 201),
               codes.K_QUEST_OPTION: (0, 1, 2), codes.K_SEEK_ROLL: (0, 10, 21), codes.K_REJUVENATE: (0, 1),
               codes.K_PU_SECTION: (0, 1), codes.K_SETUP_SPACE: (0, 3), codes.K_MOVE: (1 * 64 + 12, 63)}
    for kind in range(1, codes.N_KINDS):
        if kind == codes.K_OVER:
            continue
        s = st.clone()
        s.s[layout.KIND] = kind
        s.s[layout.QUEST_CARD] = 0
        for a in samples.get(kind, (0, 1, 2)):
            said = describe(s, a)
            assert said != "%s: %d" % (name("kind", kind), a), (kind, a)
        assert question(s).startswith("seat ") or question(s).startswith("the board's dice: ")


# ---- on a board at --port, and another ruleset ---------------------------------------------------
def test_play_on_a_port_with_every_seat_a_bot_plays_to_the_end(capsys, keys, sent, tmp_path, monkeypatch):
    from host_tools.inproc import InProcBoard

    board = InProcBoard(players=3, seed=4, workdir=str(tmp_path))

    class OnBoard(link.Client):
        def __init__(self, port, **kw):
            super().__init__(board.port(), **kw)

    monkeypatch.setattr(link, "Client", OnBoard)
    k = keys(Keys(seed=1))
    argv = ["play", "--port", "inproc", "--seat", "1=bot", "--seat", "2=bot", "--seat", "3=bot"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    # The board's game has the printed cards: a bot's card is read in by the person at the laptop.
    assert [p for p, _, _ in k.prompts][-1:] == ["game over [n new game, u undo, q quit]: "]
    assert len(k.prompts) == 1 or "is a bot: read its printed card" in out
    assert "Game over. Winner:" in out and "The winner" in out
    assert "resume with `pomme play --port inproc`" in out
    assert {f["p"] for c, f in sent if c == "decide"} == {0, 1, 2}


def test_a_ruleset_without_a_host_view_is_played_in_words(capsys, keys):
    keys(Keys(seed=1))
    argv = ["--plugin", "tests.rulesets.race", "play", "--game", "race", "--players", "2", "--seat", "2=bot"]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert "seat 1: move your runner" in out and re.search(r"^ +\d\) piece 1 to space \d+$", out, re.M)
    assert "The winner" in out


def test_play_solo_is_one_person_against_automountie_to_the_end(capsys, keys, sent):
    # --solo: one person; Automountie's seat is the rules' own, her card's entries made by the
    # laptop's bot hand, never asked of the person.
    k = keys(Keys(seed=3))
    assert main(["play", "--game", "mls+pits", "--solo", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert ("a new game of My Little Scythe, Pie in the Sky, solo against Automountie (Trophy Dropper) "
            "on the simulated board (1 player, seed 1)") in out
    assert "seats: 1 person, 2 Automountie (bot)" in out
    assert "Game over. Winner:" in out
    decided = [c for c in sent if c[0] == "decide"]
    mine = [c for c in decided if c[1]["p"] == 0]
    hers = [c for c in decided if c[1]["p"] == 1]
    assert len(mine) > 10 and hers and len(mine) + len(hers) == len(decided)
    assert len(mine) == len([p for p in k.prompts if not p[0].startswith(("game over", "quit?"))])
    assert sum(1 for s in lines if s.startswith("seat 2 (Automountie, bot): ")) == len(hers)


def test_play_the_desolation_alone_is_one_seat_of_one_player(capsys, keys, sent):
    # "1 player: 5 tiles" (The Rise of Fenris, Desolation setup): the simulated board starts with
    # 2, the laptop's `new` makes the game of 1 player (not a solo game with a rules' seat).
    keys(Keys(seed=3, stop_after=30))
    assert main(["play", "--game", "scythe+desolation", "--players", "1", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert "a new game of Scythe, Desolation (cooperative) on the simulated board (1 player, seed 1)" in out
    assert "seats: 1 person" in out and "2 " not in out.split("seats: ")[1].splitlines()[0]
    assert [f["players"] for c, f in sent if c == "new"] == [1]
