"""The My Little Scythe view for the host: the hex map with space numbers, terrain, Seekers,
goods and the board's lights, and a legend of the symbols it uses; the seats and tracks;
whose decision it is; and every decision kind and option in words (describe, question).
Plain text. Unknown card contents are data: a card is named as the data names it
("quest card 3"), never given invented text."""

import binascii

from firmware.board.render import PALETTE, PLAYER_COLOURS
from firmware.rules.mls import layout, view
from firmware.rules.mls import codes as K
from firmware.rules.mls.codes import AT_CAMP, NONE
from firmware.rules.mls.layout import move_dest, move_seeker
from firmware.rules.mls.ruleset import RULESET
from firmware.text import message, name

from ..boards import load_map_json
from ..text import item, language, plural, t, table

# Each space's letter on the map: the catalogue's "mls.marks" (a letter a name, in this order:
# the regions, then the portals and the castle), so the letters follow the language's words
# (Spanish: B bosque, P pantano, O portal).
_MARKED = ("tundra", "mountain", "forest", "desert", "red_rock", "swamp", "portal", "castle")
_KIND_WORD = {"portal": "mls.portal", "castle": "mls.castle"}

# The board's light codes (firmware/board/controller.py L_*), as one symbol each on the map; their
# words are the catalogue's "mls.lights", in this order.
_LIGHTS = (" ", "*", "+", "!", "?", "o", "@")
_WINNER = "#"
_PITS_LIGHTS = {10: "^", 11: "%"}   # Pie in the Sky: the airship's spaces (gold), a gadget (dim gold)


def speed_up():
    """The rule bot's host versions on the laptop (views/mls_speed.py; boards.load_board)."""
    from . import mls_speed

    mls_speed.install()


def intended_end(st):
    """The game reached its grand finale (a game cut off before it did not): the tournament's
    count of games that ended as the rules intend."""
    return view.in_finale(st)


def _seat(p, st=None):
    """"seat 2" (from 0): the board's own word for a seat; "Automountie (seat 2)" for hers in
    a solo game (Pie in the Sky)."""
    if st is not None and _hers(st, p):
        return "%s (%s)" % (message("pits.automountie"), message("prompt.seat", p + 1))
    return message("prompt.seat", p + 1)


def seat_role(st, p):
    """Automountie's name for her seat in a solo game (host_tools/view.py), else ""."""
    return message("pits.automountie") if _hers(st, p) else ""


def _hers(st, p):
    """Whether seat p is Automountie's (a solo game of Pie in the Sky)."""
    return 0 <= p < st.n_players() and st.s[layout.XOPT] and st.automountie(p)


def _led_char(r, g, b):
    """The symbol of one LED's colour: the board's palette exactly, else a seat's colour
    (a winner), else the nearest palette colour."""
    rgb = (r, g, b)
    if rgb == (0, 0, 0):
        return " "
    for code in range(1, len(_LIGHTS)):
        if tuple(PALETTE[3 * code:3 * code + 3]) == rgb:
            return _LIGHTS[code]
    for code, sym in _PITS_LIGHTS.items():
        if tuple(PALETTE[3 * code:3 * code + 3]) == rgb:
            return sym
    for p in range(len(PLAYER_COLOURS) // 3):
        if tuple(PLAYER_COLOURS[3 * p:3 * p + 3]) == rgb:
            return _WINNER
    best = min(range(1, len(_LIGHTS)),
               key=lambda c: sum((PALETTE[3 * c + i] - rgb[i]) ** 2 for i in range(3)))
    return _LIGHTS[best]


def _terrain(board_def, sp):
    if sp["kind"] in _KIND_WORD:
        return _mark(sp["kind"]), t(_KIND_WORD[sp["kind"]])
    region = board_def["regions"][sp.get("region", 0)]
    return _mark(region), _region(region)


def _mark(what):
    """The map letter of a region, the portals or the castle (a region the catalogue does not
    name: its name's first letter)."""
    return t("mls.marks")[_MARKED.index(what)] if what in _MARKED else what[0].upper()


def _region(region):
    """A region's name ("red_rock" -> "red rock"); the map's own word for one the catalogue
    does not name."""
    key = "mls.region." + region
    return t(key) if key in table(language()) else region.replace("_", " ")


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
    pits = st.s[layout.XOPT] != 0   # Pie in the Sky: the airship (A) on the map, the holds below
    if pits and st.airship() != NONE:
        who[st.airship()] = who.get(st.airship(), "") + "A"
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
            lines.append(t("mls.status_leds", status))
    lines.append("")
    for p in range(st.n_players()):
        mark = ">" if p == st.active_player() and not st.is_terminal() else " "
        where = ", ".join(t("mls.camp") if x == AT_CAMP else t("mls.space", x) for x in st.seekers(p))
        lines.append(
            t("mls.seat_line",
                mark,
                p + 1,
                name("kingdom", view.kingdom(st, p)),
                st.pies(p),
                view.friendship(st, p),
                st.spells(p),
                where,
                ", ".join(name("trophy", k) for k in range(8) if view.trophies(st, p) & (1 << k)) or "-",
              )
        )
    lines.append(
        t("mls.supply",
            st.supply(0),
            st.supply(1),
            st.supply(2),
            st.turn() + 1,
            t("mls.finale") if view.in_finale(st) else "",
          )
    )
    if pits:
        lines.extend(_pits_lines(st))
    if st.is_terminal():
        lines.append(t("mls.game_over_winner", ", ".join(_seat(p, st) for p in st.winners())))
    else:
        p = st.current_player()
        lines.append(t("mls.now", question(st)))
        f = st.fight_space()
        if f != NONE and snap:
            lines.append(t("mls.fight_on", f, snap.get("locks")))
    if snap and snap.get("prompt"):
        lines.append(t("mls.board_says", " | ".join(x for x in snap["prompt"] if x)))
    return "\n".join(lines)


def _status_leds(leds, n_spaces):
    """The board's status LEDs after the spaces' (firmware/board/render.py): the turn LED in the
    active seat's colour, the attention LED, and one LED per dial lit when its bid is locked."""
    base = 3 * n_spaces
    if len(leds) < base + 12:
        return ""
    turn = tuple(leds[base:base + 3])
    seat = [p for p in range(len(PLAYER_COLOURS) // 3) if tuple(PLAYER_COLOURS[3 * p:3 * p + 3]) == turn]
    attention = any(leds[base + 3:base + 6])
    locked = [str(d + 1) for d in range(2) if any(leds[base + 6 + 3 * d:base + 9 + 3 * d])]
    return t("mls.status", seat[0] + 1 if seat else "?", t("mls.attention_on") if attention else t("mls.off"),
             ", ".join(locked) or t("mls.none"))


def _pits_lines(st):
    """Pie in the Sky: where the airship is, each seat's cargo hold, airship mat and ability
    (the active seat's marked)."""
    ship = st.airship()
    out = [t("pits.airship", t("mls.space", ship) if ship != NONE else t("mls.none"))]
    names = message("pits.abilities")
    for p in range(st.n_players()):
        ab = st.ability(p)
        mat = st.mat(p)
        mark = ">" if p == st.active_player() and not st.is_terminal() else " "
        out.append(t("pits.seat_line", mark, p + 1,
                     name("kingdom", mat) if mat != NONE else "-", st.cargo(p, 0), st.cargo(p, 1),
                     names[ab if ab < len(names) else 0]))
        if st.automountie(p):   # solo: her side, the quest tokens in her hold, her dropped trophies
            drops = ", ".join(str(x) for x in st.dropped()) or "-"
            side = message("pits.am_sides")[st.am_side() & 1]
            out.append(t("pits.solo_line", message("pits.automountie"), p + 1, side, st.cargo(p, 2), drops,
                         st.trophy_count(p)))
    return out


def _legend(terrains, lights, goods_used, seekers):
    order = t("mls.marks")
    terr = sorted(terrains, key=lambda m: order.index(m) if m in order else len(order))
    out = [t("mls.legend"), t("mls.terrain", ", ".join("%s %s" % (m, terrains[m]) for m in terr))]
    parts = []
    if seekers:
        parts.append(t("mls.legend_seekers"))
    words = {"a": "mls.legend_apples", "g": "mls.legend_gems", "Q": "mls.legend_quest"}
    parts.extend(t(words[c]) for c in "agQ" if c in goods_used)
    if parts:
        out.append("        " + "; ".join(parts))
    lit = ["%s = %s" % (sym, item("mls.lights", code))
           for code, sym in enumerate(_LIGHTS) if code and sym in lights]
    lit += ["%s = %s" % (sym, item("pits.lights", i)) for i, sym in enumerate(_PITS_LIGHTS.values())
            if sym in lights]
    if _WINNER in lights:
        lit.append("%s = %s" % (_WINNER, t("mls.winner_colour")))
    out.append(t("mls.lights_line", "; ".join(lit) if lit else t("mls.none_lit")))
    return out


# ---- decisions in words -------------------------------------------------------------------
def _spell(st, c):
    if c == K.SPELL_UNKNOWN:
        return t("mls.spell_unknown")
    return t("mls.model_spell" if st.model_cards() else "mls.spell", c)


def _tile(st, i):
    ups = st.content.power_ups
    if 0 <= i < len(ups):
        tile_name, section = ups[i][0], ups[i][1]
        return t("mls.tile_named", tile_name, name("section", section), i + 1) if tile_name else \
            t("mls.tile_of", name("section", section), i + 1)
    return t("mls.tile", i + 1)


def _quest(st, c):
    cards = st.content.quest_cards
    title = cards[c][0] if 0 <= c < len(cards) else None
    card = t("mls.model_quest_card" if st.model_cards() else "mls.quest_card", c + 1)
    return card + (" (%s)" % title if title else "")


def _term(term, amount=None):
    words = name("term", term)
    return words if amount is None else "%s %d" % (words, amount)


def _good_of_term(term):
    if term in (K.E_PAY_APPLES, K.E_GAIN_APPLES, K.E_GIVE_APPLES):
        return name("good", 0)
    return name("good", 1)


def _to(dest):
    return t("mls.to_camp") if dest == AT_CAMP else t("mls.to_space", dest)


def describe(st, action):
    """One option of the pending decision in words, for `pomme play`, logs and replays."""
    kind = st.decision()
    s = st.s
    if kind == K.K_SETUP_TILE:
        return t("mls.setup_tile", action + 1)
    if kind == K.K_AIR_MOVE:
        return t("pits.air_stays") if action == K.AIR_DECLINE else t("pits.air_to", action)
    if kind == K.K_AM_DIRECTION:   # solo: the space Automountie's airship flies to
        return t("pits.air_to", action)
    if kind == K.K_DROP_JUMP:
        return RULESET.option_words(st, kind, action) or t("pits.no_drop")
    if kind in (K.K_AIR_DIE, K.K_AIR_SUPPORT, K.K_DEAL_MAT):
        group = {K.K_AIR_DIE: "air_die", K.K_AIR_SUPPORT: "support", K.K_DEAL_MAT: "kingdom"}[kind]
        return name(group, action)
    if kind == K.K_SETUP_SPACE:
        if 0 <= action < 4:
            return t("mls.setup_shows", item("mls.setup_goods", action))
    elif kind in (K.K_DEAL_SPELL, K.K_DRAW_SPELL, K.K_DISCARD_SPELL):
        if 0 <= action < K.N_SPELL_CLASSES:
            return _spell(st, action)
    elif kind == K.K_DEAL_PERSONALITY:
        return t("mls.personality", action + 1)
    elif kind == K.K_FIRST_PLAYER:
        return t("mls.starts", _seat(action))
    elif kind == K.K_ACTION:
        return name("action", action)
    elif kind == K.K_TROPHY:
        return name("trophy", action)
    elif kind == K.K_MOVE:
        k, dest = move_seeker(action), move_dest(action)
        active = st.active_player()
        if not (0 <= k < 2 and 0 <= active < st.n_players()):
            return t("mls.seeker_to", k + 1, _to(dest))
        origin = st.seekers(active)[k]
        if origin == dest:
            where = t("mls.at_camp") if dest == AT_CAMP else t("mls.on_space", dest)
            return t("mls.seeker_stays", k + 1, where)
        return t("mls.seeker_from_to", k + 1,
                 t("mls.at_camp") if origin == AT_CAMP else t("mls.on_space", origin), _to(dest))
    elif kind in (K.K_CARRY, K.K_CARRY_GEMS) and action == K.CARRY_FROM_HOLD:   # Pie in the Sky
        return t("mls.carried_from_hold", plural("mls.n_apples" if kind == K.K_CARRY else "mls.n_gems", 4))
    elif kind == K.K_CARRY:
        return t("mls.carried", plural("mls.n_apples", action))
    elif kind == K.K_CARRY_GEMS:
        return t("mls.carried", plural("mls.n_gems", action))
    elif kind == K.K_FIGHT_BID:
        return t("mls.bid", plural("mls.n_pies", action))
    elif kind == K.K_BID_SPELL:
        if action == 0:
            return t("mls.no_spell")
        if 1 <= action <= 8:
            return t("mls.add_model_spell" if st.model_cards() else "mls.add_spell", action - 1)
        if action == 9 and st.s[layout.BID_STEP] <= 2:
            return t("mls.add_spell_unknown_card")
        if 9 <= action <= 16:
            return t("mls.add_spell_unknown", action - 9)
    elif kind == K.K_REJUVENATE:
        if action in (0, 1):
            return name("rejuvenate", action)
    elif kind == K.K_QUEST_PICK:
        return t("mls.quest_token_on", action)
    elif kind == K.K_DRAW_QUEST:
        return _quest(st, action)
    elif kind == K.K_QUEST_OPTION:
        if action == K.QUEST_NO_THANKS:
            return name("quest_option", 2) + t("mls.no_thanks_back")
        card = view.current_quest(st)
        cards = st.content.quest_cards
        opt = st.quest_card(card)[1 + action] if card < len(cards) and action in (0, 1) else None
        if opt is not None and st.model_cards():   # the model deck: its terms, named a model
            terms = ", ".join(_term(term, n) for term, n in opt[1])
            return t("mls.option_model", name("quest_option", action), terms)
        if opt is None:
            return t("mls.option_read", name("quest_option", action))
        return "%s: %s%s" % (name("quest_option", action), opt[0], "" if opt[2] else t("mls.option_rest"))
    elif kind == K.K_STATE_TERM:
        if action == K.TERMS_DONE:
            return t("mls.terms_done")
        if action == K.TERMS_CANCEL:
            return t("mls.terms_cancel")
        if 0 < action < K.N_TERMS:
            return _term(action)
    elif kind == K.K_TERM_AMOUNT:
        term = s[layout.TERM]
        return _term(term, action) if 0 < term < K.N_TERMS else str(action)
    elif kind == K.K_PAY_FROM:
        term = s[layout.OPS + 2 * s[layout.OPS_I]]
        return t("mls.take_from", _good_of_term(term), action)
    elif kind == K.K_PLACE_ON:
        term = s[layout.OPS + 2 * s[layout.OPS_I]]
        return t("mls.put_on", _good_of_term(term), action)
    elif kind == K.K_SEEK_ROLL:
        good, region = action // 8, action % 8
        regions = load_map_json()["regions"]
        where = t("mls.in_region", _region(regions[region])) if region < len(regions) else \
            t("mls.in_region_n", region)
        if good < 3:
            return "%s %s" % (name("good", good), where)
    elif kind == K.K_SEEK_PLACE:
        return t("mls.space", action)
    elif kind == K.K_PU_SECTION:
        if action in (0, 1):
            return t("mls.pile", name("section", action))
    elif kind in (K.K_DRAW_TILE, K.K_PU_KEEP):
        return _tile(st, action)
    return "%s: %d" % (name("kind", kind), action)


# What each decision kind asks, in words (the seat is named by the caller): the catalogue's
# "mls.q.<kind>".
_QUESTIONS = {
    K.K_SETUP_TILE: "mls.q.setup_tile",
    K.K_SETUP_SPACE: "mls.q.setup_space",
    K.K_DEAL_SPELL: "mls.q.deal_spell",
    K.K_DEAL_PERSONALITY: "mls.q.deal_personality",
    K.K_FIRST_PLAYER: "mls.q.first_player",
    K.K_ACTION: "mls.q.action",
    K.K_TROPHY: "mls.q.trophy",
    K.K_MOVE: "mls.q.move",
    K.K_CARRY: "mls.q.carry",
    K.K_CARRY_GEMS: "mls.q.carry_gems",
    K.K_FIGHT_BID: "mls.q.fight_bid",
    K.K_BID_SPELL: "mls.q.bid_spell",
    K.K_REJUVENATE: "mls.q.rejuvenate",
    K.K_DRAW_SPELL: "mls.q.draw_spell",
    K.K_QUEST_PICK: "mls.q.quest_pick",
    K.K_DRAW_QUEST: "mls.q.draw_quest",
    K.K_QUEST_OPTION: "mls.q.quest_option",
    K.K_STATE_TERM: "mls.q.state_term",
    K.K_PAY_FROM: "mls.q.pay_from",
    K.K_PLACE_ON: "mls.q.place_on",
    K.K_SEEK_ROLL: "mls.q.seek_roll",
    K.K_SEEK_PLACE: "mls.q.seek_place",
    K.K_PU_SECTION: "mls.q.pu_section",
    K.K_DRAW_TILE: "mls.q.draw_tile",
    K.K_PU_KEEP: "mls.q.pu_keep",
    K.K_DISCARD_SPELL: "mls.q.discard_spell",
    K.K_TERM_AMOUNT: "mls.q.term_amount",
}


def old_log_steps(st, a, version):
    """A game log's entry before version 3 (host_tools/gamelog.py): a spell card of unknown
    value went onto a bid with its value in one decision (9 + v); now the card (9) comes
    first, then its value."""
    if (version < 3 and st.decision() == K.K_BID_SPELL and st.s[layout.BID_STEP] <= 2 and a >= 9
            and 9 in st.legal_actions()):
        return (9, a)
    return (a,)


def question(st):
    """The pending decision in words: who decides and what ("seat 2: choose an action")."""
    if st.is_terminal():
        return t("view.game_over")
    p = st.current_player()
    kind = st.decision()
    text = t(_QUESTIONS[kind]) if kind in _QUESTIONS else name("kind", kind)
    s = st.s
    if kind == K.K_QUEST_OPTION and view.current_quest(st) != NONE:
        text += " (%s)" % _quest(st, view.current_quest(st))
    elif kind in (K.K_STATE_TERM, K.K_TERM_AMOUNT):
        said = ", ".join(_term(t, a) for t, a in st.stated_terms())
        if kind == K.K_TERM_AMOUNT and 0 < s[layout.TERM] < K.N_TERMS:
            text = t("mls.how_many_of", _term(s[layout.TERM]))
        if said:
            text += t("mls.stated", said)
    elif kind in (K.K_CARRY, K.K_CARRY_GEMS) and st.moving_seeker() is not None:
        k, d = st.moving_seeker()
        text += t("mls.seeker_going", k + 1, _to(d))
    elif kind in (K.K_FIGHT_BID, K.K_BID_SPELL) and st.fight_space() != NONE:
        text += t("mls.fight_at", st.fight_space())
    return "%s: %s" % (t("view.dice") if p < 0 else _seat(p, st), text)


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
        # Pie in the Sky: games, Air Support by option (SUP_APPLE, SUP_GEM, SUP_ABILITY,
        # SUP_NONE), airship moves declined, goods left in the cargo holds at the end
        self.pits_games = 0
        self.supports = [0, 0, 0, 0]
        self.declined = 0
        self.cargo_left = 0

    def before(self, st, a):
        from firmware.rules.mls import layout

        s = st.s
        kind = st.decision()
        if kind == K.K_AIR_SUPPORT and 0 <= a < 4:
            self.supports[a] += 1
        elif kind == K.K_AIR_MOVE and a == K.AIR_DECLINE:
            self.declined += 1
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
        if st.s[layout.XOPT]:
            self.pits_games += 1
            self.cargo_left += sum(st.cargo(p, 0) + st.cargo(p, 1) for p in range(st.n_players()))
        self.turns += st.turn() + 1
        for p in range(st.n_players()):
            for k in range(8):
                if view.trophies(st, p) & (1 << k):
                    self.trophies[k] += 1
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
        out(t("tally.turns", st.turn() + 1))
        ev = self.last
        for p in range(st.n_players()):
            out(t("tally.player", p, name("kingdom", view.kingdom(st, p)), st.trophy_count(p),
                  view.friendship(st, p), st.pies(p), t("tally.winner") if p in w else ""))
            out(t("tally.events", *tuple(ev[k][p] for k in self.EVENTS)))

    def merge(self, other):
        """Add the games another Tally counted (another process's share of a tournament)."""
        self.games += other.games
        self.turns += other.turns
        self.with_delivery += other.with_delivery
        self.with_quest += other.with_quest
        self.pits_games += other.pits_games
        self.declined += other.declined
        self.cargo_left += other.cargo_left
        for k in range(4):
            self.supports[k] += other.supports[k]
        for k in range(8):
            self.trophies[k] += other.trophies[k]
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
        for k in range(8):
            res["trophy_%d" % k] = self.trophies[k] / g
        return res

    def report(self, out):
        g = self.games or 1
        out(t("tally.per_game", self.turns / g, 100.0 * self.with_delivery / g, 100.0 * self.with_quest / g))
        out(t("tally.all_players", *tuple(self.events[k] / g for k in self.EVENTS)))
        if self.mark is not None:
            out(t("tally.first_bot", *tuple(self.marked[k] / g for k in self.EVENTS)))
        out(t("tally.trophies",
              ", ".join("%s %.2f" % (name("trophy", k), self.trophies[k] / g) for k in range(8))))
        if self.pits_games:
            n = self.pits_games
            figures = tuple(x / n for x in self.supports) + (self.declined / n, self.cargo_left / n)
            out(t("tally.pits", *figures))


def revealed(st):
    """The pie fight's totals once both bids are in ("pie fight: 5 against 3"); "" before."""
    fight = st.last_fight()
    return "" if fight is None else t("mls.revealed", fight[0], fight[1])
