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
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe.bottom_row import bottom_cost
from firmware.rules.scythe.common import (coins, deck_size, faction, hand_size, mat_byte, po, res, stars,
                                         upgraded)
from firmware.rules.scythe.top_row import _yield as produce_yield
from firmware.rules.scythe.top_row import produce_cost
from firmware.text import message, name

from ..boards import load_map_json
from ..text import item, language, plural, t
from .mls import _LIGHTS, _WINNER, _led_char, _status_leds

# The view's own words, by language. Spanish: the terms of the Spanish edition as far as
# known (Mover, Comerciar, Producir, Reforzar; Mejorar, Desplegar, Construir, Reclutar).
_WORDS = {
    "en": {
        "terrain": ("home base", "farm", "village", "tundra", "forest", "mountain", "lake", "Factory"),
        "resource": ("oil", "metal", "wood", "food"),
        "top": ("Move", "Trade", "Produce", "Bolster"),
        "bottom": ("Upgrade", "Deploy", "Build", "Enlist"),
        "structure": ("Mine", "Armory", "Mill", "Monument"),   # content.STRUCTURES order
        "upgrade": ("Move: 3 units", "Move: 2 coins", "Trade: 2 popularity", "Produce: 3 territories",
                    "Bolster: 3 power", "Bolster: 2 cards"),
        "bonus": ("power", "coins", "popularity", "combat cards"),
        "term": ("done", "pay coins", "pay popularity", "pay power", "gain coins", "gain popularity",
                 "gain power", "gain combat cards", "gain oil", "gain metal", "gain wood", "gain food",
                 "gain workers", "pay oil", "pay metal", "pay wood", "pay food", "pay combat cards",
                 "Upgrade (free)", "Deploy (free)", "Build (free)", "Enlist (free)"),
        "character": "character", "mech": "mech", "worker": "worker", "encounter": "encounter",
        "hex": "hex %d (%s)", "skip": "skip", "first": "take it", "second": "its second option",
        "obj": "reveal an objective", "done": "done", "stop": "stop here", "none": "none",
        "section": "section %d (%s / %s)", "factory_section": "the Factory card",
        "factory_card": "Factory card %d", "objective": "objective card %d", "tile": "bonus tile %d",
        "card": "a combat card of %d", "no_card": "no more cards", "yes": "yes", "no": "no",
        "carry": "%d along", "amount": "%d", "power": "%d power", "faction": "%s",
        "mat": "%s mat",
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
        "terrain": ("base", "granja", "aldea", "tundra", "bosque", "montaña", "lago", "Fábrica"),
        "resource": ("petróleo", "metal", "madera", "comida"),
        "top": ("Mover", "Comerciar", "Producir", "Reforzar"),
        "bottom": ("Mejorar", "Desplegar", "Construir", "Reclutar"),
        "structure": ("Mina", "Arsenal", "Molino", "Monumento"),
        "upgrade": ("Mover: 3 unidades", "Mover: 2 monedas", "Comerciar: 2 de popularidad",
                    "Producir: 3 territorios", "Reforzar: 3 de poder", "Reforzar: 2 cartas"),
        "bonus": ("poder", "monedas", "popularidad", "cartas de combate"),
        "term": ("hecho", "pagar monedas", "pagar popularidad", "pagar poder", "ganar monedas",
                 "ganar popularidad", "ganar poder", "ganar cartas de combate", "ganar petróleo",
                 "ganar metal", "ganar madera", "ganar comida", "ganar trabajadores", "pagar petróleo",
                 "pagar metal", "pagar madera", "pagar comida", "pagar cartas de combate",
                 "Mejorar (gratis)", "Desplegar (gratis)", "Construir (gratis)", "Reclutar (gratis)"),
        "character": "personaje", "mech": "meca", "worker": "trabajador", "encounter": "encuentro",
        "hex": "hexágono %d (%s)", "skip": "pasar", "first": "hacerla", "second": "su segunda opción",
        "obj": "revelar un objetivo", "done": "hecho", "stop": "parar aquí", "none": "ninguno",
        "section": "sección %d (%s / %s)", "factory_section": "la carta de Fábrica",
        "factory_card": "carta de Fábrica %d", "objective": "carta de objetivo %d",
        "tile": "loseta de bonificación %d", "card": "una carta de combate de %d",
        "no_card": "ninguna carta más", "yes": "sí", "no": "no", "carry": "%d con ella",
        "amount": "%d", "power": "%d de poder", "faction": "%s", "mat": "tablero %s",
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
    return _WORDS.get(language(), _WORDS["en"])[key]


def _hex(st, x):
    """A space by the shared map's hex id (space + 1) and its terrain."""
    return _w("hex") % (x + 1, _w("terrain")[st.board.terrain[x]])


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
            units.append("%s x%d" % (_w("mech"), mechs))
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
                                 coins(st, p), stars(st, p), hand_size(st, p), s[o + L.P_OBJ_HELD],
                                 _w("factory_held") % fc if fc != L.NOWHERE else ""))
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
    if st.is_terminal():
        ranked = sorted(range(st.n_players()), key=lambda p: -st.fortune(p))
        lines.append(_w("final") % ", ".join("%s %s %d" % (_seat(p), _faction(st, p), st.fortune(p))
                                              for p in ranked))
        lines.append(t("mls.game_over_winner", ", ".join(_seat(p) for p in st.winners())))
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
        text = t("scythe.labelled", text, _unit_at(st, s[L.ACTIVE], s[L.UNIT]))
    elif k == L.K_CARRY:
        i = s[L.CARRY_I]
        text = t("scythe.labelled", text, t("scythe.workers") if i == 0 else _w("resource")[(i - 1) % 4])
    elif k == L.K_PLACE:
        text = t("scythe.labelled", text, _w("resource")[s[L.GAIN_TYPE] % 4])
    elif k == L.K_PAY_FROM:
        r = s[L.PAY_TYPE]
        what = _w("resource")[r] if r < 4 else _w("bonus")[3]
        text = t("scythe.q_pay", text, what, s[L.PAY_LEFT])
    return "%s: %s" % (who, text)


def _unit_word(u):
    if u == L.U_CHARACTER:
        return _w("character")
    return _w("mech") if u < L.U_WORKER else _w("worker")


def _unit(u):
    if u == L.U_CHARACTER:
        return _w("character")
    if u < L.U_WORKER:
        return "%s %d" % (_w("mech"), u - L.U_MECH + 1)
    return _w("worker")


def _unit_at(st, p, u, among=()):
    """"worker on hex 51 (mountain)"; "worker (1 of 2) on hex 51 (mountain)" when `among` (the
    options) holds others of its kind on the same hex."""
    s = st.s
    o = po(p) + L.P_UNITS
    x = s[o + u]
    if x == L.NOWHERE:
        return t("scythe.unit_off", _unit_word(u))
    kind = _kind_of(u)
    same = [v for v in among if v < L.N_UNITS and _kind_of(v) == kind and s[o + v] == x]
    if len(same) > 1 and u in same:
        return t("scythe.unit_n_on", _unit_word(u), same.index(u) + 1, len(same), _hex(st, x))
    return t("scythe.unit_on", _unit_word(u), _hex(st, x))


def _kind_of(u):
    return 0 if u == L.U_CHARACTER else (1 if u < L.U_WORKER else 2)


def _section(st, p, a):
    if a == L.FACTORY_SECTION:
        return _w("factory_section")
    return _w("section") % (a + 1, _w("top")[mat_byte(st, p, C.MAT_TOP + a)], _w("bottom")[a])


# a one-time or ongoing bonus (content.OT_*) of k
_BONUS = ("scythe.n_power", "scythe.n_coins", "scythe.n_popularity", "scythe.n_cards")


def _bonus(kind, k):
    return plural(_BONUS[kind], k)


def _joined(parts):
    return t("scythe.and").join(parts)


def _top(st, p, a):
    """A top-row option in words, from the player's mat and upgrades: "Trade: pay 1 coin, gain
    2 resources"."""
    s = st.s
    section = s[L.SECTION]
    if section == L.FACTORY_SECTION:
        return t("scythe.factory_top") if a == L.O_FIRST else t("scythe.skip", _w("factory_section"))
    act = mat_byte(st, p, C.MAT_TOP + section)
    word = _w("top")[act]
    if a == L.O_SKIP:
        return t("scythe.skip", word)
    if act == C.TA_MOVE:
        if a == L.O_FIRST:
            said = t("scythe.move_units", plural("scythe.n_units", 2 + upgraded(st, p, C.UP_MOVE_UNITS)))
        else:
            said = t("scythe.gain", plural("scythe.n_coins", 1 + upgraded(st, p, C.UP_MOVE_COINS)))
    elif act == C.TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        cost = [plural(key, k) for key, k in (("scythe.n_power", pw), ("scythe.n_popularity", pop),
                                               ("scythe.n_coins", cn)) if k]
        where = plural("scythe.n_territories", 2 + upgraded(st, p, C.UP_PRODUCE))
        said = t("scythe.pay_produce", _joined(cost), where) if cost else t("scythe.produce", where)
    else:
        built = s[po(p) + L.P_STRUCT + act] != L.NOWHERE   # the Armory (Trade), the Monument (Bolster)
        if act == C.TA_TRADE:
            gain = [plural("scythe.n_resources", 2) if a == L.O_FIRST else
                    plural("scythe.n_popularity", 1 + upgraded(st, p, C.UP_TRADE_POP))]
            if built:
                gain.append(t("scythe.armory", plural("scythe.n_power", 1)))
        else:
            gain = [plural("scythe.n_power", 2 + upgraded(st, p, C.UP_BOLSTER_POWER)) if a == L.O_FIRST else
                    plural("scythe.n_cards", 1 + upgraded(st, p, C.UP_BOLSTER_CARDS))]
            if built:
                gain.append(t("scythe.monument", plural("scythe.n_popularity", 1)))
        said = t("scythe.pay_gain", plural("scythe.n_coins", 1), _joined(gain))
    return t("scythe.labelled", word, said)


def _bottom(st, p):
    """The bottom-row action in words: its cost now and what it gives."""
    s = st.s
    b = s[L.SECTION]
    if b == L.FACTORY_SECTION:
        return t("scythe.factory_bottom")
    cost = bottom_cost(st, p, b)
    pay = t("scythe.of_res", cost, _w("resource")[b]) if cost > 0 else t("scythe.nothing")
    gain = [item("scythe.bottom_gives", b)]
    k = mat_byte(st, p, C.MAT_BOTTOM + 3 * b + 2)
    if k:
        gain.append(plural("scythe.n_coins", k))
    if (s[po(p) + L.P_RECRUITS] >> b) & 1:
        gain.append(t("scythe.recruit_bonus", _bonus(TB.ONGOING[b], 1)))
    return t("scythe.bottom_opt", _w("bottom")[b], pay, ", ".join(gain))


def _opponents_on(st, p, x, fighters=True):
    """The factions other than p with a character or mech (fighters) or any unit on x."""
    s = st.s
    out = []
    for q in range(st.n_players()):
        if q == p:
            continue
        o = po(q) + L.P_UNITS
        if any(s[o + u] == x for u in range(L.U_WORKER if fighters else L.N_UNITS)):
            out.append(_faction(st, q))
    return out


def _mech_ability(st, p, i):
    flags = TB.MECH_ABILITIES[4 * faction(st, p) + i]
    return _MECH_NAMES.get(flags, "")


# The mech abilities by their names on the faction mats (proper names: the same in Spanish).
_MECH_NAMES = {C.M_RIVERWALK: "Riverwalk", C.M_SPEED: "Speed", C.M_SEAWORTHY: "Seaworthy",
               C.M_SUBMERGE: "Submerge", C.M_TOWNSHIP: "Township", C.M_UNDERPASS: "Underpass",
               C.M_WAYFARE: "Wayfare", C.M_ARTILLERY: "Artillery", C.M_DISARM: "Disarm", C.M_SCOUT: "Scout",
               C.M_PEOPLES_ARMY: "People's Army", C.M_CAMARADERIE: "Camaraderie", C.M_BURROW: "Burrow",
               C.M_RALLY: "Rally", C.M_SWORD: "Sword", C.M_SHIELD: "Shield", C.M_TOKA: "Toka",
               C.M_SHINOBI: "Shinobi", C.M_RONIN: "Ronin", C.M_SUITON: "Suiton"}


def describe(st, a):
    """One option of the pending decision in words."""
    k = st.decision()
    s = st.s
    p = s[L.ACTIVE]
    if k == L.K_DEAL_FACTION:
        return C.FACTION_NAMES[a]
    if k == L.K_DEAL_MAT:
        return _w("mat") % C.MAT_NAMES[a]
    if k == L.K_OBJECTIVE:
        return _w("objective") % a
    if k == L.K_DEAL_TILE:
        return _w("tile") % a
    if k == L.K_SECTION:
        return _section(st, p, a)
    if k in (L.K_TOP, L.K_BOTTOM, L.K_END) and a == L.O_OBJ1:
        return _w("obj")
    if k == L.K_TOP:
        return _top(st, p, a)
    if k == L.K_BOTTOM:
        if a == L.O_SKIP:
            b = s[L.SECTION]
            return t("scythe.skip", _w("factory_section") if b == L.FACTORY_SECTION else _w("bottom")[b % 4])
        return _bottom(st, p)
    if k == L.K_END:
        return t("scythe.end_turn")
    if k == L.K_MOVE_UNIT:
        return t("scythe.done_moving") if a == L.MOVE_DONE else _unit_at(st, p, a, st.legal_actions())
    if k == L.K_MOVE_TO:
        if a == L.SPACE_DONE:
            return t("scythe.stay")
        foes = _opponents_on(st, p, a)
        return t("scythe.combat_with", _hex(st, a), _joined(foes)) if foes else _hex(st, a)
    if k == L.K_COMBAT_AT and a != L.SPACE_DONE:
        foes = _opponents_on(st, p, a)
        return t("scythe.combat_with", _hex(st, a), _joined(foes)) if foes else _hex(st, a)
    if k == L.K_PRODUCE_AT:
        if a == L.SPACE_DONE:
            return t("scythe.done_producing")
        what, n = produce_yield(st, p, a)
        if what == C.PRODUCE_WORKER:
            gives = plural("scythe.n_workers", n)
        else:
            gives = t("scythe.of_res", n, _w("resource")[what])
        return t("scythe.produce_at", _hex(st, a), gives)
    if k in (L.K_PLACE, L.K_DEPLOY_AT, L.K_BUILD_AT, L.K_COMBAT_AT, L.K_RETREAT):
        return _w("done") if a == L.SPACE_DONE else _hex(st, a)
    if k == L.K_PAY_FROM:
        if a >= L.PAY_CARD:
            return _w("card") % (a - L.PAY_CARD)
        r = s[L.PAY_TYPE] % 4
        return t("scythe.pay_from", _w("resource")[r], _hex(st, a), res(st, a, r))
    if k == L.K_CARRY:
        i = s[L.CARRY_I]
        what = plural("scythe.n_workers", a) if i == 0 else t("scythe.of_res", a, _w("resource")[(i - 1) % 4])
        return t("scythe.carry", what)
    if k == L.K_TRADE_RES:
        return _w("resource")[a]
    if k == L.K_UPGRADE_TOP:
        return _w("upgrade")[a]
    if k == L.K_UPGRADE_BOTTOM:
        cost = bottom_cost(st, p, a)
        return t("scythe.upgrade_bottom", _w("bottom")[a], cost, cost - 1, _w("resource")[a])
    if k == L.K_ENLIST_SECTION:
        return t("scythe.enlist_section", _w("bottom")[a], _bonus(TB.ONGOING[a], 1))
    if k == L.K_DEPLOY_MECH:
        ability = _mech_ability(st, p, a)
        return t("scythe.mech_ability", a + 1, ability) if ability else "%s %d" % (_w("mech"), a + 1)
    if k == L.K_BUILD_WHICH:
        return t("scythe.build_under", _w("structure")[a], _w("top")[a])
    if k == L.K_ENLIST_BONUS:
        return t("scythe.enlist_bonus", _bonus(a, C.ONE_TIME_AMOUNT))
    if k == L.K_DIAL:
        return _w("power") % a
    if k == L.K_CARD:
        return _w("no_card") if a == 0 else _w("card") % a
    if k == L.K_ARTILLERY:
        return item("scythe.artillery", 1 if a else 0)
    if k == L.K_TERM:
        return _w("term")[a]
    if k == L.K_AMOUNT and 0 < s[L.TERM] < L.N_TERMS:
        return t("scythe.amount", a, _w("term")[s[L.TERM]])
    if k == L.K_FACTORY_CARD:
        return _w("factory_card") % a
    return _w("amount") % a


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
        self.six += any(stars(st, p) >= C.END_STARS for p in range(st.n_players()))
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
