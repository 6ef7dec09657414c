"""The My Little Scythe view for the host: the hex map with space numbers, terrain, Seekers,
goods and the board's lights, and a legend of the symbols it uses; the seats and tracks;
whose decision it is; and every decision kind and option in words (describe, question).
Plain text. Unknown card contents are data: a card is named as the data names it
("quest card 3"), never given invented text."""

import binascii

from firmware.render import PALETTE, PLAYER_COLOURS
from firmware.rules.mls import layout, view
from firmware.rules.mls import codes as K
from firmware.rules.mls.codes import AT_CAMP, NONE
from firmware.rules.mls.layout import move_dest, move_seeker
from firmware.text import name

from ..boards import load_map_json

_KIND_MARK = {"portal": "P", "castle": "C"}
_KIND_WORD = {"P": "portal", "C": "Castle Everfree"}

# The board's light codes (firmware/controller.py L_*), as one symbol each on the map.
_LIGHTS = (
    (" ", ""),
    ("*", "the lifted Seeker's space (white)"),
    ("+", "a place the lifted Seeker may go (green)"),
    ("!", "a piece where it may not go (red, blinking)"),
    ("?", "the pieces disagree with the game here (amber, blinking)"),
    ("o", "a space to choose (blue)"),
    ("@", "the space the dial points at (bright blue)"),
)
_WINNER = "#"


def _led_char(r, g, b):
    """The symbol of one LED's colour: the board's palette exactly, else a seat's colour
    (a winner), else the nearest palette colour."""
    rgb = (r, g, b)
    if rgb == (0, 0, 0):
        return " "
    for code in range(1, len(_LIGHTS)):
        if tuple(PALETTE[3 * code:3 * code + 3]) == rgb:
            return _LIGHTS[code][0]
    for p in range(len(PLAYER_COLOURS) // 3):
        if tuple(PLAYER_COLOURS[3 * p:3 * p + 3]) == rgb:
            return _WINNER
    best = min(range(1, len(_LIGHTS)),
               key=lambda c: sum((PALETTE[3 * c + i] - rgb[i]) ** 2 for i in range(3)))
    return _LIGHTS[best][0]


def _terrain(board_def, sp):
    mark = _KIND_MARK.get(sp["kind"])
    if mark:
        return mark, _KIND_WORD[mark]
    region = board_def["regions"][sp.get("region", 0)]
    return region[0].upper(), region.replace("_", " ")


def _goods(st, i):
    return "%s%s%s" % (
        "a%d" % st.apples(i) if st.apples(i) else "",
        "g%d" % st.gems(i) if st.gems(i) else "",
        "Q" if st.quest_token(i) else "",
    )


_CELL = 9  # characters inside a hex cell's brackets


def render(st, snap=None, board_def=None, legend=True):
    """The game as text: the map (two lines per row of hexes: space number, terrain and
    light; then Seekers by seat and goods), the legend of the symbols shown, the seats,
    the supply and whose decision it is."""
    board_def = board_def or load_map_json()
    spaces = board_def["spaces"]
    leds = binascii.unhexlify(snap["leds"]) if snap and snap.get("leds") else b""
    who = {}
    for p in range(st.n_players()):
        for loc in st.seekers(p):
            if loc != AT_CAMP:
                who[loc] = who.get(loc, "") + str(p + 1)
    terrains, lights, goods_used = {}, set(), set()
    lines = []
    rows = sorted({sp["r"] for sp in spaces})
    for r in rows:
        row = sorted((sp for sp in spaces if sp["r"] == r), key=lambda sp: sp["q"])
        indent = " " * ((_CELL + 2) * abs(r) // 2)
        top, bottom = [], []
        for sp in row:
            i = sp["id"]
            mark, word = _terrain(board_def, sp)
            terrains[mark] = word
            led = " "
            if 3 * sp["led"] + 2 < len(leds):
                j = 3 * sp["led"]
                led = _led_char(leds[j], leds[j + 1], leds[j + 2])
            if led != " ":
                lights.add(led)
            goods = _goods(st, i)
            goods_used.update(c for c in goods if c in "agQ")
            seekers = who.get(i, "")
            top.append("[%-*s]" % (_CELL, "%2d %s %s" % (i, mark, led)))
            bottom.append("[%-*s]" % (_CELL, ("%s %s" % (seekers, goods)).strip()[:_CELL]))
        lines.append(indent + "".join(top))
        lines.append(indent + "".join(bottom))
    if legend:
        lines.append("")
        lines.extend(_legend(terrains, lights, goods_used, bool(who)))
        status = _status_leds(leds, len(spaces))
        if status:
            lines.append("        status LEDs: " + status)
    lines.append("")
    for p in range(st.n_players()):
        mark = ">" if p == st.active_player() and not st.is_terminal() else " "
        where = ", ".join("camp" if x == AT_CAMP else "space %d" % x for x in st.seekers(p))
        lines.append(
            "%s seat %d %-9s pies %2d  friendship %2d  spells %d  Seekers: %s  trophies: %s"
            % (
                mark,
                p + 1,
                name("kingdom", view.kingdom(st, p)),
                st.pies(p),
                view.friendship(st, p),
                st.spells(p),
                where,
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
        lines.append("now: %s" % question(st))
        f = st.fight_space()
        if f != NONE and snap:
            lines.append("pie fight on space %d; dials locked: %s" % (f, snap.get("locks")))
    if snap and snap.get("prompt"):
        lines.append("board says: " + " | ".join(x for x in snap["prompt"] if x))
    return "\n".join(lines)


def _status_leds(leds, n_spaces):
    """The board's status LEDs after the spaces' (firmware/render.py): the turn LED in the
    active seat's colour, the attention LED, and one LED per dial lit when its bid is locked."""
    base = 3 * n_spaces
    if len(leds) < base + 12:
        return ""
    turn = tuple(leds[base:base + 3])
    seat = [p for p in range(len(PLAYER_COLOURS) // 3) if tuple(PLAYER_COLOURS[3 * p:3 * p + 3]) == turn]
    attention = any(leds[base + 3:base + 6])
    locked = [str(d + 1) for d in range(2) if any(leds[base + 6 + 3 * d:base + 9 + 3 * d])]
    return "turn in seat %s's colour; attention %s; dials locked: %s" % (
        seat[0] + 1 if seat else "?", "on (check the pieces)" if attention else "off",
        ", ".join(locked) or "none")


def _legend(terrains, lights, goods_used, seekers):
    order = "TMFDRSPC"
    terr = sorted(terrains, key=lambda m: order.index(m) if m in order else len(order))
    out = ["legend: each space is [number terrain light] over [Seekers goods]",
           "        terrain: " + ", ".join("%s %s" % (m, terrains[m]) for m in terr)]
    parts = []
    if seekers:
        parts.append("1-6 = a Seeker of that seat (22 = both of seat 2's)")
    words = {"a": "a3 = 3 apples", "g": "g2 = 2 gems", "Q": "Q = a quest token"}
    parts.extend(words[c] for c in "agQ" if c in goods_used)
    if parts:
        out.append("        " + "; ".join(parts))
    lit = ["%s = %s" % (sym, text) for sym, text in _LIGHTS[1:] if sym in lights]
    if _WINNER in lights:
        lit.append("%s = the winner's colour" % _WINNER)
    out.append("        lights: " + ("; ".join(lit) if lit else "none lit"))
    return out


# ---- decisions in words -------------------------------------------------------------------
_SETUP_GOODS = ("nothing", "an apple", "a gem", "a quest token")


def _spell(c):
    if c == K.SPELL_UNKNOWN:
        return "a spell card (value not known: read it)"
    return "a spell card of value %d" % c


def _tile(st, t):
    ups = st.content.power_ups
    if 0 <= t < len(ups):
        tile_name, section = ups[t][0], ups[t][1]
        return "%s (%s tile %d)" % (tile_name, name("section", section), t + 1) if tile_name else \
            "%s power-up tile %d" % (name("section", section), t + 1)
    return "power-up tile %d" % (t + 1)


def _quest(st, c):
    cards = st.content.quest_cards
    title = cards[c][0] if 0 <= c < len(cards) else None
    return "quest card %d%s" % (c + 1, " (%s)" % title if title else "")


def _term(term, amount=None):
    words = name("term", term)
    return words if amount is None else "%s %d" % (words, amount)


def _plural(n, one, many):
    return "%d %s" % (n, one if n == 1 else many)


def _good_of_term(term):
    if term in (K.E_PAY_APPLES, K.E_GAIN_APPLES, K.E_GIVE_APPLES):
        return "apple"
    return "gem"


def describe(st, action):
    """One option of the pending decision in words, for `pomme play`, logs and replays."""
    kind = st.decision()
    s = st.s
    if kind == K.K_SETUP_TILE:
        return "the setup tile in position %d of 6" % (action + 1)
    if kind == K.K_SETUP_SPACE:
        if 0 <= action < len(_SETUP_GOODS):
            return "the setup tile shows %s there" % _SETUP_GOODS[action]
    elif kind in (K.K_DEAL_SPELL, K.K_DRAW_SPELL, K.K_DISCARD_SPELL):
        if 0 <= action < K.N_SPELL_CLASSES:
            return _spell(action)
    elif kind == K.K_DEAL_PERSONALITY:
        return "personality card %d" % (action + 1)
    elif kind == K.K_FIRST_PLAYER:
        return "seat %d starts" % (action + 1)
    elif kind == K.K_ACTION:
        return name("action", action)
    elif kind == K.K_TROPHY:
        return name("trophy", action)
    elif kind == K.K_MOVE:
        k, dest = move_seeker(action), move_dest(action)
        active = st.active_player()
        if not (0 <= k < 2 and 0 <= active < st.n_players()):
            return "Seeker %d to %s" % (k + 1, "its base camp" if dest == AT_CAMP else "space %d" % dest)
        origin = st.seekers(active)[k]
        if origin == dest:
            where = "at its base camp" if dest == AT_CAMP else "on space %d" % dest
            return "Seeker %d stays %s" % (k + 1, where)
        return "Seeker %d (%s) to %s" % (
            k + 1,
            "at camp" if origin == AT_CAMP else "on space %d" % origin,
            "its base camp" if dest == AT_CAMP else "space %d" % dest,
        )
    elif kind == K.K_CARRY:
        return "it carried %s" % _plural(action, "apple", "apples")
    elif kind == K.K_CARRY_GEMS:
        return "it carried %s" % _plural(action, "gem", "gems")
    elif kind == K.K_FIGHT_BID:
        return "bid %s" % _plural(action, "pie", "pies")
    elif kind == K.K_BID_SPELL:
        if action == 0:
            return "no spell"
        if 1 <= action <= 8:
            return "add a spell card of value %d" % (action - 1)
        if 9 <= action <= 16:
            return "add a spell card of unknown value, stated as %d" % (action - 9)
    elif kind == K.K_REJUVENATE:
        if action in (0, 1):
            return ("a magic spell", "two pies")[action]
    elif kind == K.K_QUEST_PICK:
        return "the quest token on space %d" % action
    elif kind == K.K_DRAW_QUEST:
        return _quest(st, action)
    elif kind == K.K_QUEST_OPTION:
        if action == K.QUEST_NO_THANKS:
            return "No Thanks (the card goes back under the deck)"
        card = view.current_quest(st)
        cards = st.content.quest_cards
        opt = cards[card][1 + action] if card < len(cards) and action in (0, 1) else None
        if opt is None:
            return "option %d (read it on the card, then state what it costs and gives)" % (action + 1)
        return "option %d: %s%s" % (action + 1, opt[0], "" if opt[2] else " (state the rest from the card)")
    elif kind == K.K_STATE_TERM:
        if action == K.TERMS_DONE:
            return "done: that is all the option says"
        if action == K.TERMS_CANCEL:
            return "cancel: back to the card's options"
        if 0 < action < K.N_TERMS:
            return _term(action)
    elif kind == K.K_TERM_AMOUNT:
        term = s[layout.TERM]
        return _term(term, action) if 0 < term < K.N_TERMS else str(action)
    elif kind == K.K_PAY_FROM:
        term = s[layout.OPS + 2 * s[layout.OPS_I]]
        return "take the %s from space %d" % (_good_of_term(term), action)
    elif kind == K.K_PLACE_ON:
        term = s[layout.OPS + 2 * s[layout.OPS_I]]
        return "put the %s on space %d" % (_good_of_term(term), action)
    elif kind == K.K_SEEK_ROLL:
        good, region = action // 8, action % 8
        regions = load_map_json()["regions"]
        where = regions[region].replace("_", " ") if region < len(regions) else "region %d" % region
        if good < 3:
            return "%s in the %s" % (name("good", good), where)
    elif kind == K.K_SEEK_PLACE:
        return "space %d" % action
    elif kind == K.K_PU_SECTION:
        if action in (0, 1):
            return "the %s pile" % name("section", action)
    elif kind in (K.K_DRAW_TILE, K.K_PU_KEEP):
        return _tile(st, action)
    return "%s: %d" % (name("kind", kind), action)


# What each decision kind asks, in words (the seat is named by the caller).
_QUESTIONS = {
    K.K_SETUP_TILE: "how the setup tile is turned",
    K.K_SETUP_SPACE: "what the setup tile shows on a front space",
    K.K_DEAL_SPELL: "the spell card dealt",
    K.K_DEAL_PERSONALITY: "the personality card dealt",
    K.K_FIRST_PLAYER: "who starts",
    K.K_ACTION: "choose an action",
    K.K_TROPHY: "choose a trophy to earn",
    K.K_MOVE: "move a Seeker",
    K.K_CARRY: "how many apples did the Seeker carry?",
    K.K_CARRY_GEMS: "how many gems did the Seeker carry?",
    K.K_FIGHT_BID: "pie fight: a secret bid of pies",
    K.K_BID_SPELL: "pie fight: a spell card to add to the secret bid",
    K.K_REJUVENATE: "rejuvenated: take a magic spell or two pies",
    K.K_DRAW_SPELL: "the spell card drawn",
    K.K_QUEST_PICK: "which quest token to take first",
    K.K_DRAW_QUEST: "the quest card drawn",
    K.K_QUEST_OPTION: "choose an option of the quest card",
    K.K_STATE_TERM: "tell the board what the card's option costs and gives",
    K.K_PAY_FROM: "where the paid good is taken from",
    K.K_PLACE_ON: "where the good is put",
    K.K_SEEK_ROLL: "the search die",
    K.K_SEEK_PLACE: "where the discovered token goes",
    K.K_PU_SECTION: "power up: the Move or the Make pile",
    K.K_DRAW_TILE: "the power-up tile drawn",
    K.K_PU_KEEP: "power up: keep one tile",
    K.K_DISCARD_SPELL: "discard a spell card to pay",
    K.K_TERM_AMOUNT: "how many",
}


def question(st):
    """The pending decision in words: who decides and what ("seat 2: choose an action")."""
    if st.is_terminal():
        return "game over"
    p = st.current_player()
    kind = st.decision()
    text = _QUESTIONS.get(kind, name("kind", kind))
    s = st.s
    if kind == K.K_QUEST_OPTION and view.current_quest(st) != NONE:
        text += " (%s)" % _quest(st, view.current_quest(st))
    elif kind in (K.K_STATE_TERM, K.K_TERM_AMOUNT):
        said = ", ".join(_term(t, a) for t, a in st.stated_terms())
        if kind == K.K_TERM_AMOUNT and 0 < s[layout.TERM] < K.N_TERMS:
            text = "how many? (%s)" % _term(s[layout.TERM])
        if said:
            text += "; stated so far: %s" % said
    elif kind in (K.K_CARRY, K.K_CARRY_GEMS) and st.moving_seeker() is not None:
        k, d = st.moving_seeker()
        text += " (Seeker %d, to %s)" % (k + 1, "its base camp" if d == AT_CAMP else "space %d" % d)
    elif kind in (K.K_FIGHT_BID, K.K_BID_SPELL) and st.fight_space() != NONE:
        text += " (the fight on space %d)" % st.fight_space()
    return "%s: %s" % ("the board's dice" if p < 0 else "seat %d" % (p + 1), text)


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
