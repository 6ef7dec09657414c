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
    """`pomme playout` and `pomme tournament` figures of My Little Scythe: turns, trophies by
    type, and what happened in the games by player: deliveries of 4 apples and of 4 gems,
    quests resolved and pie fights (as attacker). The driver calls before(st, a) and
    after(st) around every decision (chance ones too) and add(st) at the end of each game;
    `mark` (a seat, or None) also counts that seat's events on their own. A delivery is seen
    by its turn flag after the decision that made it, so one is missed only when the turn
    ends without another decision (a rejuvenation with no spell card left anywhere)."""

    EVENTS = ("apples", "gems", "quests", "fights")

    def __init__(self, players):
        self.players = players
        self.games = 0
        self.turns = 0
        self.trophies = [0] * 8
        self.events = {k: 0 for k in self.EVENTS}
        self.marked = {k: 0 for k in self.EVENTS}
        self.mark = None
        self.with_delivery = 0   # games with at least one delivery, one quest resolved
        self.with_quest = 0
        self.current = {k: [0] * players for k in self.EVENTS}   # the game being played
        self.last = self.current
        self._before = (0, 255, 0, None, [0] * players)

    def before(self, st, a):
        from firmware.rules.mls import layout

        s = st.s
        self._before = (s[layout.TFLAGS], st.active_player(), s[layout.FIGHTS_N], st.last_fight(),
                        [view.quests_resolved(st, p) for p in range(st.n_players())])

    def after(self, st):
        from firmware.rules.mls import layout

        s = st.s
        flags, who, fights, last, done = self._before
        cur = self.current
        for p in range(st.n_players()):
            cur["quests"][p] += view.quests_resolved(st, p) - done[p]
        if who >= st.n_players():   # setup: nobody's turn yet
            return
        new = s[layout.TFLAGS] & ~flags
        if new & layout.TF_APPLES:
            cur["apples"][who] += 1
        if new & layout.TF_GEMS:
            cur["gems"][who] += 1
        n = fights - s[layout.FIGHTS_N] if fights > s[layout.FIGHTS_N] else 0
        if not n and st.last_fight() != last:   # queued and resolved in one step
            n = 1
        cur["fights"][who] += n

    def add(self, st):
        self.games += 1
        self.turns += st.turn() + 1
        for p in range(st.n_players()):
            for t in range(8):
                if view.trophies(st, p) & (1 << t):
                    self.trophies[t] += 1
        cur = self.current
        self.with_delivery += sum(cur["apples"]) + sum(cur["gems"]) > 0
        self.with_quest += sum(cur["quests"]) > 0
        for k in self.EVENTS:
            self.events[k] += sum(self.current[k])
            if self.mark is not None:
                self.marked[k] += self.current[k][self.mark]
        self.last = self.current
        self.current = {k: [0] * self.players for k in self.EVENTS}

    def game(self, st, out):
        w = st.winners()
        out("  %d turns" % (st.turn() + 1))
        ev = self.last
        for p in range(st.n_players()):
            out(
                "  player %d (%s): %d trophies, friendship %d, pies %d%s"
                % (p, name("kingdom", view.kingdom(st, p)), st.trophy_count(p), view.friendship(st, p),
                   st.pies(p), "  WINNER" if p in w else "")
            )
            out("    deliveries: apples %d, gems %d; quests resolved %d; pie fights %d"
                % tuple(ev[k][p] for k in self.EVENTS))

    def merge(self, other):
        """Add the games another Tally counted (another process's share of a tournament)."""
        self.games += other.games
        self.turns += other.turns
        self.with_delivery += other.with_delivery
        self.with_quest += other.with_quest
        for t in range(8):
            self.trophies[t] += other.trophies[t]
        for k in self.EVENTS:
            self.events[k] += other.events[k]
            self.marked[k] += other.marked[k]

    def figures(self):
        """Per game: each event over all players, and "a_" + event for the marked seat."""
        g = self.games or 1
        res = {"turns": self.turns / g, "with_delivery": self.with_delivery / g,
               "with_quest": self.with_quest / g}
        for k in self.EVENTS:
            res[k] = self.events[k] / g
            res["a_" + k] = self.marked[k] / g
        for t in range(8):
            res["trophy_%d" % t] = self.trophies[t] / g
        return res

    def report(self, out):
        g = self.games or 1
        out("%.1f turns per game; games with a delivery %.1f%%, with a quest resolved %.1f%%"
            % (self.turns / g, 100.0 * self.with_delivery / g, 100.0 * self.with_quest / g))
        out("per game, all players: deliveries of apples %.2f, of gems %.2f; quests resolved %.2f; "
            "pie fights %.2f" % tuple(self.events[k] / g for k in self.EVENTS))
        if self.mark is not None:
            out("per game, the first bot's seat: deliveries of apples %.2f, of gems %.2f; quests "
                "resolved %.2f; pie fights %.2f" % tuple(self.marked[k] / g for k in self.EVENTS))
        out("trophies earned (all players, per game): "
            + ", ".join("%s %.2f" % (name("trophy", t), self.trophies[t] / g) for t in range(8)))
