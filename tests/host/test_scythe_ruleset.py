# Scythe is a shipped ruleset: the registry finds it by name and id, and the host tools play
# it through the seam: `pomme sim` over the serial protocol (the firmware on the MicroPython
# unix port) and `pomme playout`.
import os
import subprocess
import sys

from firmware.rules import registry

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_the_registry_ships_scythe_by_name_and_by_id():
    rs = registry.load("scythe")
    assert registry.load(2) is rs
    assert rs.players == (2, 5) and rs.map_name == "scythe"
    from firmware.rules.scythe.layout import N_KINDS

    assert len(rs.entry) == N_KINDS   # every kind the engine asks, the board enters


def test_pomme_sim_plays_a_scythe_game_over_the_serial_protocol_to_its_winner():
    r = subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "sim", "--game", "scythe", "--bots", "4", "--seed", "1"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "Scythe, 4 players" in r.stdout
    assert "The winner is: seat" in r.stdout


def test_pomme_playout_plays_five_player_scythe_games():
    r = subprocess.run(
        [sys.executable, "-m", "host_tools.cli", "playout", "--game", "scythe", "--players", "5",
         "--games", "10"],
        cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr[-2000:]
    assert "10 games of Scythe, 5 players" in r.stdout


def test_pomme_playout_plays_scythe_with_random_bots_unless_told_the_rule_bot():
    from host_tools.playout import run

    lines = []
    run(2, 1, 3, out=lines.append, game="scythe")
    assert any("random bots" in x for x in lines), lines
    lines = []
    run(2, 1, 3, out=lines.append, game="scythe", bot="strong")
    assert any("strong bots" in x for x in lines), lines
    lines = []
    run(2, 1, 3, out=lines.append, game="mls")
    assert any("strong bots" in x for x in lines), lines


def test_pomme_playout_gives_scythe_wins_by_faction_and_by_player_mat_and_the_game_length():
    from host_tools.playout import run

    lines = []
    wins = run(3, 6, 11, out=lines.append, game="scythe", bot="random")
    by_faction = next(x for x in lines if x.startswith("wins by faction"))
    by_mat = next(x for x in lines if x.startswith("wins by player mat"))
    assert any(x.startswith("turns per game") for x in lines)

    six = next(x for x in lines if x.startswith("games ended by a sixth star"))
    assert six == "games ended by a sixth star: 6 of 6", six

    from host_tools.tournament import wilson

    def counts(line):
        # "Nordic 1/4 [5-70%]": won / played, then the 95% Wilson interval in whole percents
        out = []
        for c in line.split(": ", 1)[1].split(", "):
            _, wp, ci = c.rsplit(" ", 2)
            w, n = (int(v) for v in wp.split("/"))
            lo, hi = wilson(w, n)
            assert ci == "[%.0f-%.0f%%]" % (100 * lo, 100 * hi), (c, lo, hi)
            out.append((w, n))
        return out

    for line in (by_faction, by_mat):
        won_played = counts(line)
        assert sum(p for _, p in won_played) == 6 * 3            # every seat of every game
        assert sum(w for w, _ in won_played) == sum(wins)        # every win, by seat or by row
        assert all(w <= p for w, p in won_played)


def test_a_scythe_log_recorded_mid_game_replays_from_its_public_snapshot():
    # The hands are counts, so the snapshot the board sends (public_bytes) is the whole state
    # outside a combat's dials: a log started from it replays to the board's hashes.
    import binascii

    from firmware.rng import Rng
    from firmware.rules.scythe import layout as L
    from host_tools.boards import load_board
    from host_tools.gamelog import GameLog, replay

    rs = registry.load("scythe")
    st = rs.new_game(load_board(ruleset=rs), 4)
    rng = Rng(5)

    def play():
        if st.current_player() < 0:
            a = rng.weighted(st.chance_outcomes())
        else:
            opts = st.legal_actions()
            a = opts[rng.below(len(opts))]
        st.apply(a)
        return a

    for _ in range(400):
        play()
    while st.s[L.STAGE] in (L.ST_DIAL, L.ST_CARD):
        play()
    assert bytes(st.public_bytes()) == bytes(st.to_bytes())
    log = GameLog(4, start=binascii.hexlify(bytes(st.public_bytes())).decode(), game="scythe")
    for _ in range(300):
        if st.is_terminal():
            break
        a = play()
        log.add(a, st.hash())
    assert len(log.entries) > 100
    assert replay(log).hash() == st.hash()


class _Board:
    """A link to a board that refuses the first value a secret decision is given (the last
    card of that value already behind the dial: the host's snapshot does not show it)."""

    def __init__(self, refuse):
        self.refuse = refuse
        self.sent = []

    def request(self, cmd, **fields):
        self.sent.append(fields["a"])
        if fields["a"] == self.refuse:
            return {"ok": 0, "err": "illegal", "msg": "not a legal option"}
        return {"ok": 1}


def test_a_host_bots_secret_card_the_board_refuses_is_chosen_again():
    from firmware.rules.scythe import layout as L
    from host_tools.session import decide_secret
    from tests.rules.test_scythe_combat import _saxony_attacks_42
    from tests.rules.scythe_support import MECHANICAL, NORDIC, SAXONY, INDUSTRIAL, started

    st = started((SAXONY, NORDIC), (MECHANICAL, INDUSTRIAL))
    _saxony_attacks_42(st, 2, 0)
    st.apply_checked(0, 0)
    assert st.decision() == L.K_CARD
    board = _Board(refuse=5)
    assert decide_secret(board, st, 5, 0) != 5 and board.sent[0] == 5 and len(board.sent) == 2
