"""The Scythe view for the host (Ruleset.host_view): the territories that hold something
(units by faction, structures, resources, encounter tokens), each faction's power,
popularity, coins, stars, combat cards and objective cards held (counts), the deck and the
discard pile, and the pending decision in words (describe, question). Plain text, from the
public snapshot, which holds what the table sees: the engine keeps hands as counts, never
their values (docs/scythe.md, "Hidden information"). Unknown card texts stay numbers
("Factory card 3", "objective card 7")."""

from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import coins, deck_size, faction, hand_size, po, res, stars
from firmware.text import message, name

from ..text import language, t

# The view's own words, by language. Spanish: the terms of the Spanish edition as far as
# known (Mover, Comerciar, Producir, Reforzar; Mejorar, Desplegar, Construir, Reclutar).
_WORDS = {
    "en": {
        "terrain": ("home base", "farm", "village", "tundra", "forest", "mountain", "lake", "Factory"),
        "resource": ("oil", "metal", "wood", "food"),
        "top": ("Move", "Trade", "Produce", "Bolster"),
        "bottom": ("Upgrade", "Deploy", "Build", "Enlist"),
        "structure": ("Mine", "Mill", "Armory", "Monument"),
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
        "structure": ("Mina", "Molino", "Arsenal", "Monumento"),
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
    s = st.s
    out = []
    for x in range(st.board.n_spaces):
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
        if parts:
            out.append("%s: %s" % (_hex(st, x), "; ".join(parts)))
    return out


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


def render(st, snap=None, board_def=None):
    """The game as text: the territories, the factions, the deck, the combat, the question."""
    s = st.s
    lines = [t("view.title", "Scythe", st.n_players())]
    if s[L.STAGE] >= L.ST_SECTION:
        lines += territory_lines(st)
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


def question(st):
    """The pending decision in words: who decides and what."""
    if st.is_terminal():
        return t("view.game_over")
    p = st.current_player()
    who = t("view.dice") if p < 0 else "%s (%s)" % (_seat(p), _faction(st, p))
    text = name("kind", st.decision())
    s = st.s
    if st.decision() == L.K_AMOUNT and 0 < s[L.TERM] < L.N_TERMS:
        text += ": " + _w("term")[s[L.TERM]]
    elif st.decision() == L.K_MOVE_TO:
        text += " (%s)" % _unit(s[L.UNIT])
    return "%s: %s" % (who, text)


def _unit(u):
    if u == L.U_CHARACTER:
        return _w("character")
    if u < L.U_WORKER:
        return "%s %d" % (_w("mech"), u - L.U_MECH + 1)
    return _w("worker")


def _section(st, p, a):
    from firmware.rules.scythe.common import mat_byte

    if a == L.FACTORY_SECTION:
        return _w("factory_section")
    return _w("section") % (a + 1, _w("top")[mat_byte(st, p, C.MAT_TOP + a)], _w("bottom")[a])


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
    if k in (L.K_TOP, L.K_BOTTOM, L.K_END):
        if a == L.O_OBJ1:
            return _w("obj")
        return (_w("skip"), _w("first"), _w("second"))[a]
    if k == L.K_MOVE_UNIT:
        return _w("done") if a == L.MOVE_DONE else _unit(a)
    if k in (L.K_MOVE_TO, L.K_PLACE, L.K_PRODUCE_AT, L.K_DEPLOY_AT, L.K_BUILD_AT, L.K_COMBAT_AT, L.K_RETREAT):
        return _w("stop" if k == L.K_MOVE_TO else "done") if a == L.SPACE_DONE else _hex(st, a)
    if k == L.K_PAY_FROM:
        return _w("card") % (a - L.PAY_CARD) if a >= L.PAY_CARD else _hex(st, a)
    if k == L.K_CARRY:
        return _w("carry") % a
    if k == L.K_TRADE_RES:
        return _w("resource")[a]
    if k == L.K_UPGRADE_TOP:
        return _w("upgrade")[a]
    if k in (L.K_UPGRADE_BOTTOM, L.K_ENLIST_SECTION):
        return _w("bottom")[a]
    if k == L.K_DEPLOY_MECH:
        return "%s %d" % (_w("mech"), a + 1)
    if k == L.K_BUILD_WHICH:
        return _w("structure")[a]
    if k == L.K_ENLIST_BONUS:
        return _w("bonus")[a]
    if k == L.K_DIAL:
        return _w("power") % a
    if k == L.K_CARD:
        return _w("no_card") if a == 0 else _w("card") % a
    if k == L.K_ARTILLERY:
        return _w("yes") if a else _w("no")
    if k == L.K_TERM:
        return _w("term")[a]
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
