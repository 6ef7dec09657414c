# Pie in the Sky over the serial link, whatever --game the suite runs with: the host starts an
# expansion game with `new` (pits: [1]); the airship is piece 0 of owner 6 (the protocol's
# lift/place p=6, k=0); its legal spaces light gold in the board's LED frame; putting it on one
# commits its move; an unlit space changes nothing.
import binascii

import pytest

from firmware.board.render import PALETTE
from firmware.rules.mls.codes import AIR_DECLINE, K_AIR_MOVE
from host_tools.boards import load_map_json

GOLD = tuple(PALETTE[30:33])   # controller.L_OWN_DEST
AIRSHIP = 12


def _gold(c, leds):
    frame = binascii.unhexlify(c.snap["leds"])
    return sorted(s for s, led in enumerate(leds) if tuple(frame[3 * led: 3 * led + 3]) == GOLD)


def _mirror(c, before, after):
    """Move the board's pieces as the host's `decide` moved them in the game (as a person
    at the table would): lift from where they were, put where they are now."""
    from firmware.rules.ruleset import OFF_BOARD

    rs = c.ruleset
    was, now = bytearray(rs.game_tags(after)), bytearray(rs.game_tags(after))
    for at in (was, now):
        for t in range(len(at)):
            at[t] = OFF_BOARD
    rs.expected(before, was)
    rs.expected(after, now)
    for _kind, owner, tag in rs.game_pieces(after):
        k = [k for k in range(2) if rs.tag_of(owner, k) == tag][0]
        if was[tag] != now[tag]:
            if was[tag] != OFF_BOARD:
                c.command("lift", p=owner, k=k)
            if now[tag] != OFF_BOARD:
                c.command("place", p=owner, k=k, space=now[tag])


def test_the_airship_moves_by_lift_and_place_over_the_link(target):
    c = target.client()
    c.connect()
    if c.ruleset.name != "mls":
        pytest.skip("%s has no Pie in the Sky" % c.ruleset.title)
    leds = [sp["led"] for sp in load_map_json(c.ruleset.map_name)["spaces"]]
    c.command("new", players=3, pits=[1])
    st = c.snapshot()
    assert st.s[147] == 1
    moves = 0
    for _ in range(6000):   # decide the first option until the airship moves twice (setup, a Seek)
        if moves == 2:
            break
        if st.is_terminal():   # (a game that ended first: another one)
            c.command("new", players=3, pits=[1])
            st = c.snapshot()
            continue
        if st.decision() == K_AIR_MOVE and [a for a in st.legal_actions() if a != AIR_DECLINE]:
            legal = sorted(a for a in st.legal_actions() if a not in (AIR_DECLINE, st.airship()))
            if legal:
                c.command("wait", ms=20)                # a frame of the board's LEDs
                c.snapshot()
                assert c.snap["mismatch"] == 0           # the pieces stand where the game has them
                assert _gold(c, leds) == legal          # lit before the lift: in its own colour
                h = st.hash()
                c.command("lift", p=6, k=0)
                far = [x for x in range(len(leds)) if x not in legal and x != st.airship()][0]
                c.command("place", p=6, k=0, space=far)    # an unlit space: nothing changes
                assert c.snapshot().hash() == h
                c.command("lift", p=6, k=0)
                c.command("place", p=6, k=0, space=legal[-1])
                st = c.snapshot()
                assert st.airship() == legal[-1] and st.hash() != h
                moves += 1
                continue
        c.command("decide", a=st.legal_actions()[0], p=st.current_player())
        before, st = st, c.snapshot()
        _mirror(c, before, st)
    assert moves == 2
