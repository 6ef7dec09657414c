# A Scythe combat through the board, over the serial protocol only (--game scythe): from a
# position saved on the board's flash (random play meets no combat, docs/scythe.md), the
# attacker's character is lifted onto the defender's territory, both players set their dials
# (power, then combat cards) and lock; until both are locked nothing of what they set reaches
# the host (the snapshot's state, prompt, LEDs and locks are the same for two different bids,
# and no decision is reported); then the reveal resolves the combat, and a Seaworthy loser
# retreats by lifting its mech onto the lit lake. Values are chosen by turning the dials
# through what the board offers (the last option, the first), never named here.
import os

import pytest

from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.board.storage import SaveFile
from host_tools.cli import SIM_SAVE
from tests.board.test_scythe_retreat_gestures import FIGHT, HOME, LAKE, seaworthy_defence

_SAXONY_HANDS = (1, 1)   # a combat card in each hand (a count: its value is entered at the dial)


def _board_with(target, st):
    """Put the game `st` on the board's flash and power it up: it resumes that game."""
    workdir = getattr(target.inproc or target.sim, "workdir", None)
    if target.kind not in ("inproc", "unix") or not workdir:
        pytest.skip("a hand-built position is saved only on a simulated board's folder")
    name = "game.sav" if target.kind == "inproc" else SIM_SAVE   # (the unix port's sim_board.py)
    SaveFile(os.path.join(workdir, name)).save(st, 1, 0)
    target.restart()
    c = target.client()
    c.connect()
    return c


def _decs(c):
    """The decisions the board reported since the last call (values, in order)."""
    c.pump(0.05)
    out = [e["a"] for e in c.events if e.get("e") == "dec"]
    c.events = [e for e in c.events if e.get("e") != "dec"]
    return out


def _lock(c, dial, last):
    """Press through dial `dial`'s secret entries, each time on the last option the board
    offers (turned one step back from the first) or the first; the number of presses."""
    presses = 0
    while not c.snap["locks"][dial] and c.state.decision() in (L.K_DIAL, L.K_CARD):
        if last:
            c.command("dial", d=dial, steps=-1)
        c.command("press", d=dial)
        c.snapshot()
        presses += 1
        assert presses < 8, c.snap["prompt"]
    return presses


def _seen(c):
    snap = c.snap
    return snap["state"], snap["prompt"], snap["leds"], snap["locks"], snap["bot"]


def _attack(c):
    """Saxony's character lifted from 41 onto 42, 'done moving' on dial 0: the combat."""
    c.command("lift", p=0, k=L.U_CHARACTER)
    c.command("place", p=0, k=L.U_CHARACTER, space=FIGHT)
    st = c.snapshot()
    assert st.decision() == L.K_MOVE_UNIT and st.s[po(0) + L.P_UNITS] == FIGHT
    c.command("dial", d=0, steps=-1)              # the last option: done moving
    c.snapshot()
    assert "done moving" in " ".join(c.snap["prompt"]), c.snap["prompt"]
    c.command("press", d=0)
    st = c.snapshot()
    assert st.decision() == L.K_DIAL and st.current_player() == 0
    _decs(c)
    return st


def test_a_scythe_combat_is_secret_until_both_dials_lock_then_revealed(target):
    c = target.client()
    c.connect()
    if c.ruleset.name != "scythe":
        pytest.skip("%s has no Scythe combat" % c.ruleset.title)
    c = _board_with(target, seaworthy_defence(hands=_SAXONY_HANDS))
    before = _attack(c)
    power = [before.s[po(p) + L.P_POWER] for p in (0, 1)]
    discard = bytes(before.s[L.DISCARD:L.DISCARD + 4])

    # Two different bids of the attacker (the first options, then after a power cut the
    # last ones) look the same to the host: nothing decided, the same snapshot.
    _lock(c, 0, last=False)
    first = _seen(c)
    assert _decs(c) == [] and first[3] == [1, 0] and first[4] == -1
    target.restart()                              # the bid in progress is lost with the power
    c = target.client()
    c.connect()
    assert c.snapshot().hash() == before.hash() and c.snap["locks"] == [0, 0]
    n0 = _lock(c, 0, last=True)
    assert _decs(c) == [] and _seen(c) == first
    assert c.snapshot().hash() == before.hash()

    # The defender locks: the board reveals both at once and the engine resolves.
    n1 = _lock(c, 1, last=False)
    after = c.snapshot()
    decs = _decs(c)
    attacker, defender = decs[:n0], decs[n0:n0 + n1]
    assert len(attacker) == n0 and len(defender) == n1
    # Each side's power dial is its first entry, then its cards (0: none); both pay the dial.
    assert after.s[po(0) + L.P_POWER] == power[0] - attacker[0]
    assert after.s[po(1) + L.P_POWER] == power[1] - defender[0]
    cards = [v for v in attacker[1:] + defender[1:] if v]
    used = [after.s[L.DISCARD + i] - discard[i] for i in range(4)]
    assert sorted(cards) == sorted(v + 2 for v in range(4) for _ in range(used[v]))
    attacker_wins = sum(attacker) >= sum(defender)
    if attacker_wins:                           # Nordic lost: Seaworthy, it chooses where
        assert after.decision() == L.K_RETREAT and after.current_player() == 1
        assert after.legal_actions() == [HOME, LAKE]
        c.command("lift", p=1, k=L.U_MECH + 1)
        c.command("place", p=1, k=L.U_MECH + 1, space=LAKE)
        st = c.snapshot()
        assert st.s[po(1) + L.P_UNITS + L.U_MECH + 1] == LAKE
        assert st.s[po(1) + L.P_UNITS + L.U_WORKER] == LAKE
        assert st.s[po(0) + L.P_COMBAT_STARS] == 1
    else:                                       # Saxony lost: its character goes home
        assert after.s[po(0) + L.P_UNITS + L.U_CHARACTER] == after.board.home[3]
        assert after.s[po(1) + L.P_COMBAT_STARS] == 1
