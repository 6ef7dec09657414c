# What the page shows of a Scythe game (Ruleset.page_panel, read by firmware/hosts/web_board.py
# and web_games.py): the map's drawing (layout: the hexes at their centres in the board file,
# terrain, rivers, tunnels, encounter tokens, the Factory, the home bases, a supply tray per
# seat), each seat's faction, power, popularity, coins, stars and the counts of its combat and
# objective cards (their values are the player's secret: the board never holds them), and the
# resources and encounter tokens on each hex. A board never imports it.
from firmware.text import language

from . import content as C
from . import layout as L
from . import tables as TB
from .common import coins, faction, hand_size, res, stars

HEX = 44
_HALF_W = 0.8660254 * HEX / 1.0   # the board file's x unit: half a hex's width (sqrt(3)/2 R)
_FILL = {"h": "#e3d7c3", "f": "#ead98c", "v": "#e7b07a", "t": "#c9d6d0", "w": "#7fb37f", "m": "#a9a4a0",
         "k": "#8fb0da", "x": "#b89bd8"}
_DIRS = (0, -60, -120, 180, 120, 60)   # e, ne, nw, w, sw, se: the board file's direction order
_WORDS = {"en": ("power", "popularity", "coins", "stars", "combat cards", "objectives", "Factory"),
          "es": ("poder", "popularidad", "monedas", "estrellas", "cartas de combate", "objetivos",
                 "Fábrica")}
# The page's new-game form: the words for the options (web_games.games()): The Rise of Fenris's
# modules (docs/fenris.md; the Spanish names are a reading, no Spanish rulebook in the sources).
OPTION_WORDS = {"en": {"mechmods": "Mech Mods", "infra": "Infrastructure Mods", "war": "War Triumph Track",
                       "peace": "Peace Triumph Track", "tiles": "Triumph Tiles", "rivals": "Rivals",
                       "alliances": "Alliances", "vesna": "Vesna", "fenris": "Fenris", "tesla": "Tesla",
                       "madtesla": "Mad Tesla", "desolation": "Desolation (cooperative)",
                       "harder": "Desolation: harder", "search": "The Search for Tesla (Episode 7)",
                       "newera": "A New Era (Episode 8a)", "bonuses": "Setup Bonuses (campaign)",
                       "agents": "Fenris agents (Episode 4)", "warsetup": "War's setup (Episode 2a)",
                       "extraobj": "Revealed objective (Episode 1)", "perks": "Perks (campaign)",
                       "fortress": "Factory Fortress (Episode 5)", "plea": "A Plea from Vesna (Episode 3)",
                       "owned": "Mods on the Campaign Log (campaign)"},
                "es": {"mechmods": "Mods de mecas", "infra": "Mods de infraestructura",
                       "war": "Marcador de Triunfos de la Guerra", "peace": "Marcador de Triunfos de la Paz",
                       "tiles": "Losetas de Triunfo", "rivals": "Rivales", "alliances": "Alianzas",
                       "vesna": "Vesna", "fenris": "Fenris", "tesla": "Tesla", "madtesla": "Tesla Loco",
                       "desolation": "Desolación (cooperativo)", "harder": "Desolación: más difícil",
                       "search": "La búsqueda de Tesla (episodio 7)",
                       "newera": "Una nueva era (episodio 8a)",
                       "bonuses": "Bonificaciones iniciales (campaña)",
                       "agents": "Agentes de Fenris (episodio 4)",
                       "warsetup": "Preparación de la guerra (episodio 2a)",
                       "extraobj": "Objetivo revelado (episodio 1)", "perks": "Ventajas (campaña)",
                       "fortress": "Fortaleza de la Fábrica (episodio 5)",
                       "plea": "La súplica de Vesna (episodio 3)",
                       "owned": "Mods del Registro de campaña (campaña)"}}
# The Triumph Track of a module game (fenris.py): its name and the categories' names
# (content.CAT_* order), for track_line().
_TRACK = {"en": (("War Triumph Track", "Peace Triumph Track", "Triumph Tiles", "Triumph Track"), "combat",
                 "objective",
                 "encounters",
                 ("upgrades", "mechs", "structures", "recruits", "workers", "18 popularity", "16 power",
                  "objective", "combat", "upgrades or structures", "8 combat cards", "mechs or recruits",
                  "3 encounters", "13 popularity", "Factory card", "16 resources", "5 stars")),
          "es": (("Marcador de Triunfos de la Guerra", "Marcador de Triunfos de la Paz",
                  "Losetas de Triunfo", "Marcador de Triunfos"), "combate",
                 "objetivo", "encuentros",
                 ("mejoras", "mecas", "estructuras", "reclutas", "trabajadores", "18 de popularidad",
                  "16 de poder", "objetivo", "combate", "mejoras o estructuras", "8 cartas de combate",
                  "mecas o reclutas", "3 encuentros", "13 de popularidad", "carta de Fábrica",
                  "16 recursos", "5 estrellas"))}
# Rivals: "on home bases: seat 2 x1, seat 3 x2" (track_line).
_BASES = {"en": ("on home bases", "seat"), "es": ("en bases", "jugador")}
# Mech Mods: "Mech Mods: Scout over Speed" (track_line; the abilities' proper names).
_MODS = {"en": ("Mech Mods", "over", "none"), "es": ("Mejoras de meca", "sobre", "ninguna")}
# Infrastructure Mods: "Infrastructure Mods: Construction, Automachines (used)" (track_line).
_INFRA = {"en": ("Infrastructure Mods", "used", "none"),
          "es": ("Mejoras de infraestructura", "usada", "ninguna")}
# Fenris: "Influence: 12 in supply (-$12); on the board: 8, 31" (Fenris's seat), "Influence
# tokens: 2 (-$2)" (a seat holding some).
_INFL = {"en": ("Influence: %d in supply (-$%d); on the board: %s", "Influence tokens: %d (-$%d)"),
         "es": ("Influencia: %d en reserva (-%d $); en el tablero: %s", "fichas de Influencia: %d (-%d $)")}
# Mad Tesla, on the line of the player whose turn it is: his hex, health, base power (the discard
# pile's top 2: 0 for none).
_MAD = {"en": ("Mad Tesla: hex %d, health %d, base power %d (%d and %d on the discard pile)",
               "Mad Tesla: destroyed"),
        "es": ("Tesla Loco: hexágono %d, salud %d, poder base %d (%d y %d en la pila de descarte)",
               "Tesla Loco: destruido")}
# The Desolation (cooperative): its timer, stars, power and units, on the line of the player whose turn it is.
_DES = {"en": "Desolation: popularity %d (it moves at 12, wins at 0), stars %d/6, power %d, units on %s",
        "es": ("Desolación: popularidad %d (se mueve a 12, gana en 0), estrellas %d/6, poder %d, "
               "unidades en %s")}
# Episode 4's Fenris agents: each player's subdued; on the line of the player whose turn it is, the
# hexes of those still on the map (a hex twice: two agents).
_AGENTS = {"en": ("Fenris agents subdued: %d", "on the map: hex %s"),
           "es": ("Agentes de Fenris sometidos: %d", "en el mapa: hexágono %s")}
# Episode 3's search for Vesna: a seat's Influence tokens; the Vesna card in the deck or found.
_PLEA = {"en": ("Influence tokens: %d", "the Vesna card: in the Factory deck (%d cards)",
                "the Vesna card: found by seat %d"),
         "es": ("Fichas de Influencia: %d", "la carta de Vesna: en el mazo de Fábrica (%d cartas)",
                "la carta de Vesna: encontrada por el jugador %d")}
# Episode 5's Annihilator: in Box C, on the Factory (its power, its controller), or defeated.
_ANN = {"en": ("Annihilator: in Box C (the first unit onto the Factory opens it)",
               "Annihilator: on the Factory, power %d, controlled by seat %d",
               "Annihilator: defeated by seat %d"),
        "es": ("Aniquilador: en la Caja C (la primera unidad en la Fábrica la abre)",
               "Aniquilador: en la Fábrica, poder %d, controlado por el jugador %d",
               "Aniquilador: derrotado por el jugador %d")}
# Episode 1's revealed objective: on the line of the player whose turn it is, the card; on each line
# of a player who placed a star on it, that star.
# (The card's number as the log writes it: narrate_text's "objective" and "model_objective".)
_EXTRA = {"en": ("Revealed objective: objective card %d", "Revealed objective: model objective card %d",
                 "a star on the revealed objective"),
          "es": ("Objetivo revelado: carta de objetivo %d", "Objetivo revelado: carta de objetivo modelo %d",
                 "una estrella en el objetivo revelado")}
# Tesla: the encounter tokens toward him before he is found; then his finder's line says where he is.
_TESLA = {"en": ("Tesla: encounter tokens %d/%d", "Tesla: yours, on hex %d"),
          "es": ("Tesla: fichas de encuentro %d/%d", "Tesla: tuyo, en el hexágono %d")}
# Alliances: "Alliance token: Rusviet's, flipped (-$10)" (track_line).
_ALLY = {"en": ("Alliance token", "its own", ", flipped (-$10)"),
         "es": ("ficha de Alianza", "la suya", ", volteada (-10 $)")}
_ALLY_OF = {"en": "%s's", "es": "la de %s"}
# Vesna: "Factory cards: 4, 9 (used), 11; mech abilities: Scout on a blank space, Leap over
# Riverwalk" (her Mech Mods and tokens together).
_VESNA = {"en": ("Factory cards", "used", "mech abilities", "on a blank space", "over", "none"),
          "es": ("cartas de Fábrica", "usada", "habilidades de meca", "en un espacio vacío", "sobre",
                 "ninguna")}


def category_name(cat):
    """A Triumph Track category (content.CAT_*) in the language in use."""
    return _TRACK.get(language(), _TRACK["en"])[4][cat]


def _bit(flag):
    """The bit of a one-bit flag (content.M_*)."""
    b = 0
    while flag > 1:
        flag >>= 1
        b += 1
    return b


def track_line(st, p):
    """p's stars on the Triumph Track of a module game ("War Triumph Track: mechs, 8 combat
    cards; combat 3/4; objective 0/1"; Peace: no combat, the encounter tokens claimed: "Peace
    Triumph Track: 13 popularity; objective 1/2; encounters 2/3"; Rivals: the stars on home
    bases, "on home bases: seat 2 x1"), its Mech Mods ("Mech Mods: Scout over Speed"), its
    Infrastructure Mods ("Infrastructure Mods: Construction, Automachines (used)") and the
    Alliance token it holds ("Alliance token: Rusviet's, flipped (-$10)"), in the language in
    use; "" in a base game."""
    parts = _track_parts(st, p)
    vesna = getattr(st, "VESNA", 0) and faction(st, p) == C.FACTION_VESNA
    if vesna:
        parts += _vesna_parts(st, p)
    elif getattr(st, "MECHMODS", 0):
        from .fenris_mods import slot

        title, over, none = _MODS.get(language(), _MODS["en"])
        names = C.MECH_NAMES
        row = 4 * faction(st, p)
        placed = ["%s %s %s" % (names[slot(st, p, j)], over, names[_bit(TB.MECH_ABILITIES[row + j])])
                  for j in range(4) if slot(st, p, j) >= 0]
        parts.append("%s: %s" % (title, ", ".join(placed) or none))
    if getattr(st, "INFRA", 0):
        from .fenris_infra import kept

        title, used, none = _INFRA.get(language(), _INFRA["en"])
        got = [C.INFRA_NAMES[i] + (" (%s)" % used if u else "") for i, u in kept(st, p)]
        parts.append("%s: %s" % (title, ", ".join(got) or none))
    if getattr(st, "INFLUENCE", 0):   # Fenris's, or Episode 5's 9 (fenris_fortress.py)
        from . import fenris_faction as FF

        mine, theirs = _INFL.get(language(), _INFL["en"])
        k = FF.held(st, p)
        if faction(st, p) == C.FACTION_FENRIS:
            x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFL
            on = sorted(v + 1 for v in st.s[x:x + 16] if v < st.board.n_spaces)   # the map's ids
            parts.append(mine % (k, k, ", ".join(str(v) for v in on) or "-"))
        elif k:
            parts.append(theirs % (k, k))
    if getattr(st, "TESLA", 0):
        from . import fenris_tesla as T
        from .fenris_track import encounters

        look, mine = _TESLA.get(language(), _TESLA["en"])
        if T.finder(st) < 0:
            parts.append(look % (encounters(st, p), T.needed(st)))
        elif T.finder(st) == p:
            parts.append(mine % (T.at(st) + 1))   # the map's ids
    if getattr(st, "EXTRAOBJ", 0):
        from . import fenris_extraobj as X

        printed, model, star = _EXTRA.get(language(), _EXTRA["en"])
        c = X.card(st)
        if p == st.s[L.ACTIVE] and c >= 0:
            parts.append(model % (c + 1) if st.model_cards() else printed % c)
        if X.starred(st, p):
            parts.append(star)
    if getattr(st, "PLEA", 0):   # Episode 3: each seat's tokens; the Vesna card on the active's line
        from . import fenris_plea as FP

        mine, deck, found = _PLEA.get(language(), _PLEA["en"])
        parts.append(mine % FP.tokens(st, p))
        if p == st.s[L.ACTIVE]:
            parts.append(found % (FP.finder(st) + 1) if FP.finder(st) >= 0 else deck % FP.deck(st))
    if getattr(st, "FORTRESS", 0) and p == st.s[L.ACTIVE]:   # on the line of the player whose turn it is
        from . import fenris_fortress as FF

        box, on, gone = _ANN.get(language(), _ANN["en"])
        q = FF.defeater(st)
        parts.append(gone % (q + 1) if q >= 0 else on % (FF.power(st), FF.controller(st) + 1)
                     if FF.power(st) else box)
    if getattr(st, "AGENTS", 0):
        from . import fenris_agents as FA

        mine, where = _AGENTS.get(language(), _AGENTS["en"])
        parts.append(mine % FA.held(st, p))
        if p == st.s[L.ACTIVE]:
            on = sorted(FA.space(st.board, i) + 1 for i in range(FA.N_AGENTS) if FA.holder(st, i) < 0)
            parts.append(where % (", ".join(str(x) for x in on) or "-"))   # the map's ids
    if getattr(st, "MADTESLA", 0) and p == st.s[L.ACTIVE]:   # on the line of the player whose turn it is
        from . import fenris_mad_tesla as MT

        where, gone = _MAD.get(language(), _MAD["en"])
        top, second = MT.top2(st)
        x = MT.at(st)
        parts.append(gone if x == L.NOWHERE else where % (x + 1, MT.health(st), top + second, top, second))
    if getattr(st, "DESOLATION", 0) and p == st.s[L.ACTIVE]:
        from . import fenris_desolation as D

        on = ", ".join(str(x + 1) for x in D.units(st) if x != L.NOWHERE)   # the map's ids
        line = _DES.get(language(), _DES["en"])
        parts.append(line % (D.popularity(st), D.stars(st), D.power(st), on or "-"))
    if getattr(st, "ALLIANCES", 0):
        from .fenris_alliances import held

        title, own, flipped = _ALLY.get(language(), _ALLY["en"])
        q, down = held(st, p)
        parts.append("%s: %s%s" % (title, own if q < 0 else _ALLY_OF.get(language(), _ALLY_OF["en"])
                                   % C.FACTION_NAMES[faction(st, q)], flipped if down else ""))
    return "; ".join(parts)


def _vesna_parts(st, p):
    """Vesna's Factory cards (their numbers, used ones said) and her mat's tokens and mods."""
    from . import fenris_vesna as V
    from .fenris_mods import slot

    cards, used, title, blank, over, none = _VESNA.get(language(), _VESNA["en"])
    u = st.s[len(st.s) - L.TAIL - L.F_SIZE + L.F_VUSED]
    got = ["%d%s" % (c + 1, " (%s)" % used if (u >> i) & 1 else "") for i, c in enumerate(V.cards(st))]
    c = st.s[L.P0 + L.PSZ * p + L.P_FACTORY]
    if c != L.NOWHERE:
        got.append("%d%s" % (c + 1, " (%s)" % used if u & L.VESNA_ACQUIRED else ""))
    names = C.MECH_NAMES
    row = 4 * C.FACTION_VESNA
    placed = ["%s %s" % (names[slot(st, p, j)], ("%s %s" % (over, names[_bit(TB.MECH_ABILITIES[row + j])]))
                         if TB.MECH_ABILITIES[row + j] else blank) for j in range(4) if slot(st, p, j) >= 0]
    return ["%s: %s" % (cards, ", ".join(got) or none), "%s: %s" % (title, ", ".join(placed) or none)]


def _track_parts(st, p):
    goals = getattr(st, "goals", None)
    if goals is None:
        return []
    from .fenris_track import goal_mask

    names, combat, objective, enc, cats = _TRACK.get(language(), _TRACK["en"])
    o = L.P0 + L.PSZ * p
    mask = goal_mask(st, p)
    got = [cats[goals[i]] for i in range(len(goals)) if (mask >> i) & 1]
    n_obj = len([c for c in st.track if c == C.CAT_OBJECTIVE])
    mods = st.mods()
    which = 2 if st.tiles else 0 if mods & C.MOD_WAR else 1 if mods & C.MOD_PEACE else 3
    parts = ["%s: %s" % (names[which], ", ".join(got) or "-")]
    if st.COMBAT_STARS:
        parts.append("%s %d/%d" % (combat, st.s[o + L.P_COMBAT_STARS], st.COMBAT_STARS))
    parts.append("%s %d/%d" % (objective, st.s[o + L.P_OBJ_STARS], n_obj))
    if C.CAT_ENC3 in goals:
        from .fenris_track import encounters

        parts.append("%s %d/3" % (enc, encounters(st, p)))
    if getattr(st, "RIVALS", 0) and st.s[L.STAGE] != L.ST_RIVALS:   # public once the secret run is over
        from .fenris_rivals import on_base

        on, word = _BASES.get(language(), _BASES["en"])
        held = ["%s %d x%d" % (word, q + 1, on_base(st, p, q)) for q in range(st.n_players())
                if on_base(st, p, q)]
        parts.append("%s: %s" % (on, ", ".join(held) or "-"))
    return parts


_STRUCT = ("Mi", "Ar", "Ml", "Mo")   # Mine, Armory, Mill, Monument (content.STRUCTURES order)
# Three rows of five between the LED (top) and the resources and number (bottom).
_SLOTS = [[c, r] for r in (-12, 0, 12) for c in (0, -13, 13, -26, 26)]


def _corner(x, y, deg):
    import math

    a = math.radians(deg)
    return round(x + HEX * math.cos(a), 1), round(y + HEX * math.sin(a), 1)


def layout(board_def):
    """The page's drawing of the map (web_games.layout)."""
    terrain = board_def["terrain"]
    enc = board_def["encounters"]
    tun = board_def["tunnels"]
    homes = {}
    for f, x in board_def["home_bases"].items():
        homes[x] = f
    xs = [_HALF_W * v for v in board_def["x"]]
    ys = [HEX / 2 * v for v in board_def["y"]]
    spaces = []
    for i in range(board_def["n_spaces"]):
        t = terrain[i]
        mark = "\u2699" if t == "x" else "\u2605" if i in enc else "\u25d2" if i in tun else ""
        spaces.append({"id": i, "x": round(xs[i], 1), "y": round(ys[i], 1), "fill": _FILL.get(t, "#ddd"),
                       "mark": mark, "label": homes.get(i, str(i + 1))})
    borders = []
    adj = board_def["adj"]
    edges = board_def["edges"]
    for i in range(board_def["n_spaces"]):
        for d in range(6):
            j = adj[6 * i + d]
            if j > i and edges[6 * i + d] == "r":   # a river between two land hexes
                a = _corner(xs[i], ys[i], _DIRS[d] - 30)
                b = _corner(xs[i], ys[i], _DIRS[d] + 30)
                borders.append([a[0], a[1], b[0], b[1], "#2f6fb5"])
    right = max(xs) + 2.6 * HEX
    top = min(ys)
    trays = [{"site": p, "x": round(right, 1), "y": round(top + 96 * p, 1), "w": 150, "h": 84, "led": -1,
              "word": "supply"} for p in range(5)]
    return {"hex": HEX, "spaces": spaces, "borders": borders, "trays": trays, "slots": _SLOTS,
            "pieces": {"character": ["circle", 7], "mech": ["square", 6], "worker": ["circle", 5],
                       "structure": ["triangle", 7], "influence": ["triangle", 5]},
            "tokens": {"oil": ["square", "#333"], "metal": ["square", "#8a8f98"],
                       "wood": ["square", "#8b5a2b"], "food": ["square", "#e0b020"],
                       "encounter": ["circle", "#f5e6a8"]}}


def panel(st):
    """{"seats": [...], "tokens": [[[kind, count, owner], ...] per space], "labels": per tag}."""
    w = _WORDS.get(language(), _WORDS["en"])
    s = st.s
    n = st.n_players()
    seats = []
    labels = []
    for p in range(n):
        o = L.P0 + L.PSZ * p
        f = faction(st, p)
        dot = " \u00b7 "
        lines = [dot.join(("%s %d" % (w[0], s[o + L.P_POWER]), "%s %d" % (w[1], s[o + L.P_POP]),
                           "%s %d" % (w[2], coins(st, p)), "%s %d" % (w[3], stars(st, p)))),
                 "%s %d \u00b7 %s %d%s" % (w[4], hand_size(st, p), w[5], s[o + L.P_OBJ_HELD],
                                          " \u00b7 " + w[6] if s[o + L.P_FACTORY] != L.NOWHERE else "")]
        track = track_line(st, p)
        if track:
            lines.append(track)
        who = C.FACTION_NAMES[f] if f < len(C.FACTION_NAMES) else ""
        seats.append({"name": who, "lines": lines, "tray": p})
        labels += ["C", "M", "M", "M", "M"] + ["w"] * 8 + list(_STRUCT)
    kinds = ("oil", "metal", "wood", "food")
    tokens = []
    for x in range(st.board.n_spaces):
        tokens.append([[kinds[r], res(st, x, r), -1] for r in range(4) if res(st, x, r)])
    b = st.board
    for i in range(len(b.encounters)):
        if (s[L.ENC + i // 8] >> (i % 8)) & 1:
            tokens[b.encounters[i]].append(["encounter", 1, -1])
    if getattr(st, "TESLA", 0) or getattr(st, "MADTESLA", 0) or getattr(st, "DESOLATION", 0):
        # his miniature: the tag after the seats' (fenris_tesla_table.py, fenris_mad_tesla_table.py;
        # the Desolation's sixth unit), then the Desolation's 5 (fenris_desolation_table.py)
        labels += [""] * (L.TESLA_TAG - len(labels)) + ["T"]
        if getattr(st, "DESOLATION", 0):
            labels += ["D"] * 5
    out = {"seats": seats, "tokens": tokens, "labels": labels}
    if getattr(st, "INFLUENCE", 0):   # the Influence tokens: pieces (fenris_influence_table.py)
        out["tints"] = _influence(st, labels)
    return out


def _influence(st, labels):
    """Label the Influence tokens' tags "I"; their tints: per tag, the seat whose colour and tray
    the page draws a piece in (-1: its owner's): Fenris's for a token on the board or in its
    supply, its holder's for one gained."""
    from .fenris_faction import fenris_seat

    s = st.s
    labels += [""] * (L.INFL_TAG - len(labels)) + ["I"] * L.N_INFL
    tints = [-1] * L.INFL_TAG
    x = len(s) - L.TAIL - L.F_SIZE + L.F_INFL
    for v in s[x:x + L.N_INFL]:
        tints.append(v - L.INFL_HELD if L.INFL_HELD <= v < L.INFL_HELD + 5 else fenris_seat(st))
    return tints
