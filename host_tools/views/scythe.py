"""The Scythe view for the host (Ruleset.host_view): the territories that hold something
(units by faction, structures, resources, encounter tokens), each faction's power,
popularity, coins, stars, combat cards and objective cards held (counts), the deck and the
discard pile, and the pending decision in words (describe, question). Plain text, from the
public snapshot, which holds what the table sees: the engine keeps hands as counts, never
their values (docs/scythe.md, "Hidden information"). Unknown card texts stay numbers
("Factory card 3", "objective card 7")."""

import binascii

from firmware.rules import registry
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import narrate_words as words
from firmware.rules.scythe import common
from firmware.rules.scythe.common import coins, deck_size, faction, hand_size, po, res
from firmware.rules.scythe.panel import track_line
from firmware.text import message, name

from ..boards import load_map_json
from ..text import item, language, t
from .mls import _LIGHTS, _WINNER, _led_char, _status_leds

# The view's own words, by language; the words it shares with the log (terrains, resources,
# actions, structures, units, hexes, every option) are firmware/rules/scythe/narrate_text.py's
# (words.w).
_WORDS = {
    "en": {
        "encounter": "encounter", "none": "none",
        "seat": "%s%d %s: power %d, popularity %d, coins %d, stars %d, combat cards %d, objective cards %d%s",
        "factory_held": ", Factory card %d", "turn": "turn %d",
        "final": "final scores (coins, the end-game fortune): %s",
        "deck": "combat cards: %d in the deck, discard %s",
        "combat": "combat on hex %d: %s against %s",
        "tally_turns": "turns per game, every player's: %.1f (fewest %d, most %d); a player's: %.1f",
        "tally_six": "games ended by a sixth star: %d of %d",
        "tally_by": "wins by %s (won / played, 95%% interval): %s",
        "tally_faction": "faction", "tally_mat": "player mat",
    },
    "es": {
        "encounter": "encuentro", "none": "ninguno",
        "seat": ("%s%d %s: poder %d, popularidad %d, monedas %d, estrellas %d, cartas de combate %d, "
                 "cartas de objetivo %d%s"),
        "factory_held": ", carta de Fábrica %d", "turn": "turno %d",
        "final": "puntuación final (monedas, la fortuna al final): %s",
        "deck": "cartas de combate: %d en el mazo, descartes %s",
        "combat": "combate en el hexágono %d: %s contra %s",
        "tally_turns": "turnos por partida, de todos: %.1f (menos %d, más %d); de cada jugador: %.1f",
        "tally_six": "partidas acabadas por una sexta estrella: %d de %d",
        "tally_by": "victorias por %s (ganadas / jugadas, intervalo del 95%%): %s",
        "tally_faction": "facción", "tally_mat": "tablero de jugador",
    },
}

# `pomme playout`'s bots unless --bot says: random ones. The rule bot (rule_bot.py) takes about
# 5 s of CPU a 5-player game (200 games: a quarter of an hour); `--bot strong` plays it.
PLAYOUT_BOT = "random"


def speed_up():
    """The engine's memoised functions on the laptop (views/scythe_speed.py; boards.load_board)."""
    from . import scythe_speed

    scythe_speed.install()


def _w(key):
    """The view's own words, else those it shares with the log."""
    own = _WORDS.get(language(), _WORDS["en"])
    return own[key] if key in own else words.w(key)


_hex = words.hex_words


def _seat(p):
    return message("prompt.seat", p + 1)


def _faction(st, p):
    return C.FACTION_NAMES[faction(st, p)]


def _encounter_here(st, x):
    b = st.board
    for i in range(len(b.encounters)):
        if b.encounters[i] == x:
            return bool((st.s[L.ENC + i // 8] >> (i % 8)) & 1)
    return False


def territory_lines(st):
    """One line per space holding units, structures, resources or an encounter token."""
    return [line for line in (_territory(st, x) for x in range(st.board.n_spaces)) if line]


def _territory(st, x):
    """What stands on space x in words ("hex 41 (mountain): Saxony worker x1, Mill; metal 2"),
    or "" for nothing."""
    s = st.s
    parts = []
    for p in range(st.n_players()):
        o = po(p)
        units = []
        if s[o + L.P_UNITS + L.U_CHARACTER] == x:
            units.append(_w("character"))
        mechs = sum(1 for u in range(L.U_MECH, L.U_WORKER) if s[o + L.P_UNITS + u] == x)
        workers = sum(1 for u in range(L.U_WORKER, L.N_UNITS) if s[o + L.P_UNITS + u] == x)
        if mechs:
            units.append("%s x%d" % (_w("mech_word"), mechs))
        if workers:
            units.append("%s x%d" % (_w("worker"), workers))
        units += [_w("structure")[i] for i in range(4) if s[o + L.P_STRUCT + i] == x]
        if units:
            parts.append("%s %s" % (_faction(st, p), ", ".join(units)))
    goods = ["%s %d" % (_w("resource")[r], res(st, x, r)) for r in range(4) if res(st, x, r)]
    if goods:
        parts.append(" ".join(goods))
    if _encounter_here(st, x):
        parts.append(_w("encounter"))
    return "%s: %s" % (_hex(st, x), "; ".join(parts)) if parts else ""


def seat_lines(st):
    s = st.s
    out = []
    for p in range(st.n_players()):
        o = po(p)
        mark = ">" if p == st.active_player() and not st.is_terminal() else " "
        fc = s[o + L.P_FACTORY]
        out.append(_w("seat") % (mark, p + 1, _faction(st, p), s[o + L.P_POWER], s[o + L.P_POP],
                                 coins(st, p), common.stars(st, p), hand_size(st, p), s[o + L.P_OBJ_HELD],
                                 _w("factory_held") % fc if fc != L.NOWHERE else ""))
        track = track_line(st, p)   # a module game's Triumph Track (The Rise of Fenris)
        if track:
            out.append("    " + track)
    return out


# ---- the map ------------------------------------------------------------------------------
_CELL = 10   # characters inside a hex cell's brackets (8 cells a row: 96 columns at most)
_HOME = 0    # terrain codes (board.TERRAINS order)
_LAKE = 6


def _cell_map(board_def):
    """{space: (row, col)} of the board definition (space = shared hex id - 1)."""
    return {x: (board_def["row"][x], board_def["col"][x]) for x in range(board_def["n_spaces"])}


def _units_cell(st, x):
    """The units on x by faction: "Ncw2 Sm" (Nordic's character and 2 workers, a Saxony mech)."""
    s = st.s
    marks = t("scythe.unit_marks")
    out = []
    for p in range(st.n_players()):
        o = po(p) + L.P_UNITS
        mechs = sum(1 for u in range(L.U_MECH, L.U_WORKER) if s[o + u] == x)
        workers = sum(1 for u in range(L.U_WORKER, L.N_UNITS) if s[o + u] == x)
        cell = marks[0] if s[o + L.U_CHARACTER] == x else ""
        for mark, k in ((marks[1], mechs), (marks[2], workers)):
            if k:
                cell += mark + (str(k) if k > 1 else "")
        if cell:
            out.append(_faction(st, p)[0] + cell)
    return " ".join(out)


def _goods_cell(st, x):
    """A structure after its faction's letter, then the resources: "SMl o2f1"; a home base:
    its faction's name."""
    s = st.s
    out = []
    if st.board.terrain[x] == _HOME:
        owner = _home_faction(st, x)
        if owner is not None:
            out.append(C.FACTION_NAMES[owner])
    for p in range(st.n_players()):
        for i in range(4):
            if s[po(p) + L.P_STRUCT + i] == x:
                out.append(_faction(st, p)[0] + item("scythe.struct_marks", i))
    marks = t("scythe.res_marks")
    goods = "".join("%s%d" % (marks[r], res(st, x, r)) for r in range(4) if res(st, x, r))
    if goods:
        out.append(goods)
    return " ".join(out)


def _home_faction(st, x):
    home = st.board.home
    for f in range(len(home)):
        if home[f] == x:
            return f
    return None


def _fit(text):
    """A cell's line, cut to the cell (its last character "~" when cut); and whether it was."""
    if len(text) <= _CELL:
        return text, False
    return text[:_CELL - 1] + "~", True


def map_lines(st, snap=None, board_def=None):
    """The hex map: three lines a row of hexes, each hex a cell [number terrain token light] over
    [units by faction] over [structure resources]; even rows half a cell to the right, as on the
    board; then the legend of the symbols it uses."""
    board_def = board_def or load_map_json(registry.of_game(st).map_name)
    where = _cell_map(board_def)
    leds_of = {sp["id"]: sp["led"] for sp in board_def["spaces"]}
    leds = binascii.unhexlify(snap["leds"]) if snap and snap.get("leds") else b""
    terrain_marks = t("scythe.marks")
    enc = t("scythe.encounter_mark")
    lights, cut = set(), []
    width = _CELL + 2
    lines = []
    for r in sorted({rc[0] for rc in where.values()}):
        rows = [[], [], []]
        shift = width // 2 if r % 2 == 0 else 0
        for x in sorted((x for x in where if where[x][0] == r), key=lambda x: where[x][1]):
            led = " "
            j = 3 * leds_of.get(x, -1)
            if j >= 0 and j + 2 < len(leds):
                led = _led_char(leds[j], leds[j + 1], leds[j + 2])
                if led != " ":
                    lights.add(led)
            top = "%2d %s %s %s" % (x + 1, terrain_marks[st.board.terrain[x]],
                                    enc if _encounter_here(st, x) else " ", led)
            units, a = _fit(_units_cell(st, x))
            goods, b = _fit(_goods_cell(st, x))
            if a or b:
                cut.append(x)
            col = shift + width * where[x][1]
            for i, text in enumerate((top, units, goods)):
                line = rows[i]
                line.append(" " * (col - sum(len(c) for c in line)))
                line.append("[%-*s]" % (_CELL, text))
        lines += ["".join(line).rstrip() for line in rows]
    lines.append("")
    lines += _legend(st, lights)
    if cut:
        lines.append(t("scythe.cut"))
    for x in cut:
        lines.append(t("scythe.more", _territory(st, x)))
    status = _status_leds(leds, board_def["n_spaces"])
    if status:
        lines.append(t("mls.status_leds", status))
    return lines


def _legend(st, lights):
    marks = t("scythe.marks")
    words = _w("terrain")
    order = (1, 2, 3, 4, 5, 6, 7, 0)   # farm, village, tundra, forest, mountain, lake, Factory, home base
    out = [t("scythe.legend"), t("scythe.terrain", ", ".join("%s %s" % (marks[i], words[i]) for i in order)),
           t("scythe.legend_token")]
    out.append(t("scythe.legend_units", ", ".join("%s %s" % (_faction(st, p)[0], _faction(st, p))
                                                  for p in range(st.n_players()))))
    out.append(t("scythe.legend_goods"))
    lit = ["%s = %s" % (sym, item("scythe.lights", code)) for code, sym in enumerate(_LIGHTS)
           if code and sym in lights]
    if _WINNER in lights:
        lit.append("%s = %s" % (_WINNER, t("mls.winner_colour")))
    out.append(t("mls.lights_line", "; ".join(lit) if lit else t("mls.none_lit")))
    return out


def render(st, snap=None, board_def=None):
    """The game as text: the hex map and its legend, the factions, the deck, the combat, the
    question."""
    s = st.s
    lines = [t("view.title", "Scythe", st.n_players())]
    if s[L.STAGE] >= L.ST_SECTION:
        lines += map_lines(st, snap, board_def)
        lines.append("")
        lines += seat_lines(st)
        discard = bytes(s[L.DISCARD:L.DISCARD + 4])
        deck = deck_size(st)
        lines.append(_w("deck") % (deck, " ".join("%dx%d" % (discard[i], i + 2) for i in range(4)
                                                    if discard[i]) or _w("none")))
        lines.append(_w("turn") % ((s[L.TURN] | (s[L.TURN + 1] << 8)) + 1))
        if s[L.STAGE] in (L.ST_PRE_COMBAT, L.ST_DIAL, L.ST_CARD, L.ST_RETREAT):
            lines.append(_w("combat") % (s[L.C_SPACE] + 1, _faction(st, s[L.ACTIVE]),
                                         _faction(st, s[L.C_DEF])))
    if st.is_terminal() and not getattr(st, "DESOLATION", 0):   # (cooperative: no coins counted)
        ranked = sorted(range(st.n_players()), key=lambda p: -st.fortune(p))
        lines.append(_w("final") % ", ".join("%s %s %d" % (_seat(p), _faction(st, p), st.fortune(p))
                                              for p in ranked))
    if st.is_terminal():
        w = st.winners()   # (none: a Desolation game lost)
        lines.append(t("mls.game_over_winner", ", ".join(_seat(p) for p in w)) if w else t("game_over_none"))
    else:
        lines.append(t("mls.now", question(st)))
    if snap and snap.get("prompt"):
        lines.append(t("mls.board_says", " | ".join(x for x in snap["prompt"] if x)))
    return "\n".join(lines)


# ---- the pending decision in words ----------------------------------------------------------
def question(st):
    """The pending decision in words: who decides and what."""
    if st.is_terminal():
        return t("view.game_over")
    p = st.current_player()
    who = t("view.dice") if p < 0 else "%s (%s)" % (_seat(p), _faction(st, p))
    k = st.decision()
    text = name("kind", k)
    s = st.s
    if k == L.K_AMOUNT and 0 < s[L.TERM] < L.N_TERMS:
        text += ": " + _w("term")[s[L.TERM]]
    elif k == L.K_MOVE_TO:
        text = _w("labelled") % (text, words.unit_at(st, s[L.ACTIVE], s[L.UNIT]))
    elif k == L.K_CARRY:
        i = s[L.CARRY_I]
        text = _w("labelled") % (text, _w("workers") if i == 0 else _w("resource")[(i - 1) % 4])
    elif k == L.K_PLACE:
        text = _w("labelled") % (text, _w("resource")[s[L.GAIN_TYPE] % 4])
    elif k == L.K_MOD_SLOT or k == L.K_VESNA_SLOT or k == L.K_INFRA_KEEP:
        text = _w("labelled") % (text, asked_mod(st))
    elif k == L.K_PAY_FROM:
        r = s[L.PAY_TYPE]
        what = _w("resource")[r] if r < 4 else _w("bonus")[3]
        text = t("scythe.q_pay", text, what, s[L.PAY_LEFT])
    return "%s: %s" % (who, text)


def asked_mod(st):
    """The name of the Mod or token the pending K_MOD_SLOT, K_VESNA_SLOT or K_INFRA_KEEP decision
    asks about (the drawn Mech Mod placed, Vesna's pool item placed, the Infrastructure Mod kept)."""
    from firmware.rules.scythe import fenris_infra, fenris_mods, fenris_vesna

    k = st.decision()
    if k == L.K_INFRA_KEEP:
        return C.INFRA_NAMES[fenris_infra.drawn(st)]
    if k == L.K_MOD_SLOT:
        return C.MECH_NAMES[st.s[fenris_mods.placing(st)] - 1]
    i = st.s[fenris_vesna._f(st) + fenris_vesna._F_DRAW_I]
    return C.MECH_NAMES[fenris_vesna._item(st, i) - 1]


def describe(st, a):
    """One option of the pending decision in words: the log's words
    (firmware/rules/scythe/narrate_words.py)."""
    return words.option(st, a)


class Tally:
    """`pomme playout` figures of Scythe (host_tools/playout.py): the game's length in turns,
    and wins by faction and by player mat (won / played; a shared win counts for each
    winner, with its 95% Wilson interval), and how many games ended by a sixth star, for a
    designer studying balance. add(st) at the end of each game."""

    def __init__(self, players):
        self.players = players
        self.games = 0
        self.turns = []
        self.six = 0       # games that ended by a player's sixth star
        self.faction = [[0, 0] for _ in C.FACTION_NAMES]   # [won, played]
        self.mat = [[0, 0] for _ in C.MAT_NAMES]

    def add(self, st):
        s = st.s
        self.games += 1
        self.turns.append(s[L.TURN] | (s[L.TURN + 1] << 8))
        won = st.winners()
        self.six += any(common.stars(st, p) >= C.END_STARS for p in range(st.n_players()))
        for p in range(st.n_players()):
            for table, k in ((self.faction, faction(st, p)), (self.mat, s[po(p) + L.P_MAT])):
                table[k][1] += 1
                table[k][0] += p in won

    def game(self, st, out):
        pass

    def _by(self, key, names, table):
        from host_tools.tournament import wilson

        cells = []
        for k, (w, n) in enumerate(table):
            if n:
                lo, hi = wilson(w, n)
                cells.append("%s %d/%d [%.0f-%.0f%%]" % (names[k], w, n, 100 * lo, 100 * hi))
        return _w("tally_by") % (_w(key), ", ".join(cells))

    def report(self, out):
        if not self.games:
            return
        mean = sum(self.turns) / self.games
        out(_w("tally_turns") % (mean, min(self.turns), max(self.turns), mean / self.players))
        out(_w("tally_six") % (self.six, self.games))
        out(self._by("tally_faction", C.FACTION_NAMES, self.faction))
        out(self._by("tally_mat", C.MAT_NAMES, self.mat))

    def figures(self):
        return {}

    def merge(self, other):
        self.games += other.games
        self.turns += other.turns
        self.six += other.six
        for mine, theirs in ((self.faction, other.faction), (self.mat, other.mat)):
            for a, b in zip(mine, theirs):
                a[0] += b[0]
                a[1] += b[1]
