# What the page shows of a My Little Scythe game (Ruleset.page_panel, read by
# firmware/hosts/web_board.py and web_games.py): the map's drawing (layout: hexes at their axial
# coordinates, terrain, portals and the castle, the camp trays), each seat's friendship, pies,
# spells, trophies, kingdom and camp (Pie in the Sky: its cargo hold; solo: Automountie), and the
# tokens on each space (apples, gems, quest tokens, gadgets). A board never imports it.
from firmware.text import language, message, name

from . import view

HEX = 44   # the page's hex: centre to corner
_FILL = {"white": "#e9eef2", "grey": "#b9b9bd", "green": "#93c993", "yellow": "#ead98c", "red": "#d98d73",
         "blue": "#8fb0da"}
_KIND = {"portal": ("#efa8d2", "\u25c8"), "castle": ("#b89bd8", "\u2656")}
_WORDS = {"en": ("friendship", "pies", "spells", "trophies", "cargo hold: %d apples, %d gems"),
          "es": ("amistad", "tartas", "hechizos", "trofeos", "bodega: %d manzanas, %d gemas")}
# The page's new-game form: the words for the options and solo words (web_games.games()).
OPTION_WORDS = {"en": {"pits": "Pie in the Sky", "mats": "random airship mats",
                       "solo": "solo against Automountie (Trophy Dropper)",
                       "emp": "solo against Automountie (EMP Device)"},
                "es": {"pits": "Pie in the Sky", "mats": "tableros de dirigible al azar",
                       "solo": "en solitario contra Automountie (Trophy Dropper)",
                       "emp": "en solitario contra Automountie (EMP Device)"}}
# Where the pieces on a space stand (offsets from its centre): two rows between the LED
# (top) and the tokens and number (bottom), so no piece covers a label.
_SLOTS = [[-9, -8], [9, -8], [-9, 9], [9, 9], [-27, 0], [27, 0], [0, -8], [0, 9]]


def _centre(sp):
    return 1.7320508 * HEX * (sp["q"] + sp["r"] / 2), 1.5 * HEX * sp["r"]


def layout(board_def):
    """The page's drawing of the map (web_games.layout)."""
    spaces = []
    for sp in board_def["spaces"]:
        x, y = _centre(sp)
        if sp["kind"] == "region":
            fill, mark = _FILL.get(board_def["region_colours"][sp["region"]], "#ddd"), ""
        else:
            fill, mark = _KIND.get(sp["kind"], ("#ddd", ""))
        spaces.append({"id": sp["id"], "x": round(x, 1), "y": round(y, 1), "fill": fill, "mark": mark,
                       "label": str(sp["id"])})
    trays = []
    for camp in board_def.get("camps", ()):
        x = y = 0
        for s in camp["front"]:
            cx, cy = _centre(board_def["spaces"][s])
            x += cx
            y += cy
        x /= len(camp["front"])
        y /= len(camp["front"])
        d = (x * x + y * y) ** 0.5 or 1
        out = HEX * 2.3
        trays.append({"site": camp["site"], "x": round(x + x / d * out, 1), "y": round(y + y / d * out, 1),
                      "w": 92, "h": 44, "led": camp.get("led", -1), "word": "camp"})
    return {"hex": HEX, "spaces": spaces, "borders": [], "trays": trays, "slots": _SLOTS,
            "pieces": {"seeker": ["circle", 8], "airship": ["diamond", 10]},
            "tokens": {"apple": ["circle", "#c0392b"], "gem": ["diamond", "#5dade2"],
                       "quest": ["square", "#f5e6a8"], "gadget": ["triangle", "#555"]}}


def panel(st):
    """{"seats": [...], "tokens": [[[kind, count, owner], ...] per space], "labels": per tag}."""
    w = _WORDS.get(language(), _WORDS["en"])
    pits = bool(st.s[147])   # layout.XOPT: Pie in the Sky
    seats = []
    n = st.n_players()
    for p in range(n):
        mask = view.trophies(st, p)
        tro = [name("trophy", t) for t in range(8) if mask & (1 << t)]
        lines = ["%s %d \u00b7 %s %d \u00b7 %s %d" % (w[0], view.friendship(st, p), w[1], st.pies(p), w[2],
                                                    st.spells(p)),
                 "%s: %s" % (w[3], ", ".join(tro) if tro else "-")]
        who = name("kingdom", view.kingdom(st, p))
        if pits:
            lines.append(w[4] % (st.cargo(p, 0), st.cargo(p, 1)))
            if st.automountie(p):
                who = message("pits.automountie")
        seats.append({"name": who, "lines": lines, "tray": view.camp_site(st, p)})
    tokens = []
    for i in range(st.board.n_spaces):
        here = []
        if st.apples(i):
            here.append(["apple", st.apples(i), -1])
        if st.gems(i):
            here.append(["gem", st.gems(i), -1])
        if st.quest_token(i):
            here.append(["quest", 1, -1])
        tokens.append(here)
    if pits:
        for p in range(n):
            g = st.gadget(p)
            if g < len(tokens):
                tokens[g].append(["gadget", 1, p])
    labels = ["AB"[t & 1] for t in range(2 * n)]
    if pits:
        labels += [""] * (12 - len(labels)) + ["^"]
    return {"seats": seats, "tokens": tokens, "labels": labels}
