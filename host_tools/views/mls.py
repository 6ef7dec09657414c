"""The My Little Scythe view for the host: hex map with Seekers, goods and LED colours, the
tracks, whose turn it is and the prompt. Plain text (ANSI colours when the terminal has them)."""

import binascii

from firmware.rules.mls import view
from firmware.rules.mls.codes import AT_CAMP, NONE
from firmware.rules.mls.layout import move_dest, move_seeker
from firmware.text import name

from ..boards import load_map_json

_KIND_MARK = {"portal": "P", "castle": "C"}


def _led_char(r, g, b):
    if r == g == b == 0:
        return " "
    if g > 2 * r and g > 2 * b:
        return "+"  # destination
    if r > 2 * g and r > 2 * b:
        return "!"  # wrong place
    if r > 60 and g > 30 and b < 20:
        return "?"  # disagrees with the game
    if b > r and b > g:
        return "o"  # to choose
    return "*"


def render(st, snap=None, board_def=None):
    board_def = board_def or load_map_json()
    spaces = board_def["spaces"]
    leds = binascii.unhexlify(snap["leds"]) if snap else b""
    who = {}
    for p in range(st.n_players()):
        for loc in st.seekers(p):
            if loc != AT_CAMP:
                who.setdefault(loc, "")
                who[loc] += str(p + 1)
    lines = []
    rows = sorted({sp["r"] for sp in spaces})
    for r in rows:
        row = [sp for sp in spaces if sp["r"] == r]
        row.sort(key=lambda sp: sp["q"])
        indent = " " * (4 * abs(r))
        cells = []
        for sp in row:
            i = sp["id"]
            mark = _KIND_MARK.get(sp["kind"], board_def["regions"][sp.get("region", 0)][0].upper())
            led = " "
            if leds:
                j = 3 * sp["led"]
                led = _led_char(leds[j], leds[j + 1], leds[j + 2])
            goods = "%s%s%s" % (
                "a%d" % st.apples(i) if st.apples(i) else "",
                "g%d" % st.gems(i) if st.gems(i) else "",
                "Q" if st.quest_token(i) else "",
            )
            cells.append("[%s%s%-2s %-4s]" % (led, mark, who.get(i, ""), goods[:4]))
        lines.append(indent + "".join(cells))
    lines.append("")
    for p in range(st.n_players()):
        mark = ">" if p == st.active_player() else " "
        lines.append(
            "%s seat %d %-9s pies %2d  friendship %2d  spells %d  trophies %s"
            % (
                mark,
                p + 1,
                name("kingdom", view.kingdom(st, p)),
                st.pies(p),
                view.friendship(st, p),
                st.spells(p),
                ", ".join(name("trophy", t) for t in range(8) if view.trophies(st, p) & (1 << t)) or "-",
            )
        )
    lines.append(
        "supply: %d apples, %d gems, %d quest tokens; turn %d%s"
        % (
            st.supply(0),
            st.supply(1),
            st.supply(2),
            st.turn() + 1,
            "  GRAND FINALE" if view.in_finale(st) else "",
        )
    )
    if st.is_terminal():
        lines.append("Game over. Winner: %s" % ", ".join("seat %d" % (p + 1) for p in st.winners()))
    else:
        p = st.current_player()
        lines.append(
            "now: %s - %s"
            % ("the board's dice" if p < 0 else "seat %d" % (p + 1), name("kind", st.decision()))
        )
        f = st.fight_space()
        if f != NONE and snap:
            lines.append("pie fight on space %d; dials locked: %s" % (f, snap.get("locks")))
    if snap and snap.get("prompt"):
        lines.append("board says: " + " | ".join(x for x in snap["prompt"] if x))
    return "\n".join(lines)


def describe(st, action):
    """A decision in words, for logs and `pomme play`."""
    kind = st.decision()
    if kind == 6:
        return name("action", action)
    if kind == 8:
        return "Seeker %d to %s" % (
            move_seeker(action) + 1,
            "camp" if move_dest(action) == AT_CAMP else "space %d" % move_dest(action),
        )
    if kind == 7:
        return name("trophy", action)
    return "%s: %d" % (name("kind", kind), action)


class Tally:
    """`pomme playout` figures of My Little Scythe: turns, and trophies earned by type."""

    def __init__(self, players):
        self.players = players
        self.games = 0
        self.turns = 0
        self.trophies = [0] * 8

    def add(self, st):
        self.games += 1
        self.turns += st.turn() + 1
        for p in range(st.n_players()):
            for t in range(8):
                if view.trophies(st, p) & (1 << t):
                    self.trophies[t] += 1

    def game(self, st, out):
        w = st.winners()
        out("  %d turns" % (st.turn() + 1))
        for p in range(st.n_players()):
            out(
                "  player %d (%s): %d trophies, friendship %d, pies %d%s"
                % (p, name("kingdom", view.kingdom(st, p)), st.trophy_count(p), view.friendship(st, p),
                   st.pies(p), "  WINNER" if p in w else "")
            )

    def report(self, out):
        out("%.1f turns per game" % (self.turns / self.games if self.games else 0))
        out("trophies earned (all players): "
            + ", ".join("%s %d" % (name("trophy", t), self.trophies[t]) for t in range(8)))
