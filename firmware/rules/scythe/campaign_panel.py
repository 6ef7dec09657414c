# The Rise of Fenris campaign on a screen (docs/campaign.md, section 5): each seat's Campaign Log
# as a JSON object, the exported document (`pomme campaign export`, the page's Export), and the
# page's campaign panel (what is asked, each option in words). Device code: the page runs it in
# MicroPython WebAssembly (firmware/hosts/web_campaign.py) and the laptop imports it
# (host_tools/views/scythe_campaign.py); loaded only when a campaign is shown, never in a game.
from . import campaign_data as D
from . import campaign_log as G
from . import campaign_text as W
from .campaign_results import influence
from .campaign_rewards import drawn
from .content import FACTION_NAMES, INFRA_NAMES, MAT_NAMES
from firmware.text import message

FORMAT = "pomme-campaign"     # the JSON a campaign is exported as
VERSION = 1


def hexlify(b):
    """b in hex digits (a str)."""
    from binascii import hexlify as hx

    return hx(bytes(b)).decode()


def _mods(c, p):
    o = G.lo(p)
    mech = G.u16(c.s, o + G.L_MECH)
    infra = c.s[o + G.L_INFRA]
    return ([D.MECH_MODS[i] for i in range(D.N_MECH_MODS) if (mech >> i) & 1],
            [INFRA_NAMES[i] for i in range(D.N_INFRA_MODS) if (infra >> i) & 1])


def log_of(c, p):
    """Seat p's Campaign Log as a JSON object (names, not codes)."""
    o = G.lo(p)
    mech, infra = _mods(c, p)
    return {
        "faction": FACTION_NAMES[G.faction(c, p)],
        "home_base": FACTION_NAMES[G.home_base(c, p)] if G.home_base(c, p) < 7 else None,
        "victories": [g + 1 for g in range(8) if (c.s[o + G.L_VICTORIES] >> g) & 1],   # games 1-8
        "wealth": G.wealth(c, p),
        "mech_mods": mech,
        "infrastructure_mods": infra,
        "mods_bought": c.s[o + G.L_BOUGHT],
        "setup_bonuses": dict(zip(("coins", "power", "popularity"), G.bonuses(c, p))),
        "perks_used": [i + 1 for i in range(D.N_PERKS) if (c.s[o + G.L_PERKS] >> i) & 1],
        "triumph_log": dict(zip(("upgrades", "deploy", "structures", "enlist", "workers", "popularity",
                                 "power", "objectives", "combat"), G.checks(c, p))),
    }


def document(c):
    """The campaign as an exported document: readable logs, and `state`, the campaign's frame as
    the table may see it (what an import reads; the logs say what it holds)."""
    e = G.episode(c)
    doc = {"format": FORMAT, "version": VERSION,
           "episode": D.LABELS[e] if e < D.N_EPISODES else "over",
           "players": [log_of(c, p) for p in range(c.s[0])],
           "state": hexlify(c.public_bytes())}
    if c.over():
        doc["totals"] = G.totals(c)
        doc["winners"] = list(G.campaign_winners(c))
    return doc


def _mod_name(v):
    """A drawn entry ((kind << 7) | (type + 1)) by name."""
    t = (v & 0x7F) - 1
    return D.MECH_MODS[t] if v >> 7 == D.MECH else INFRA_NAMES[t]


def option_words(c, a):
    """Option a of c's pending decision in words."""
    k = c.decision()
    p = c.current_player()
    if k == G.K_PERK:
        return W.words("no_perk") if a == 0 else W.words("perks")[a - 1]
    if k == G.K_FREE:
        return W.words("columns")[a]
    if k == G.K_VOTE:
        return W.words("for_war") % a
    if k == G.K_TIE:
        return W.words("war_peace")[a]
    if k == G.K_BONUS:
        return W.words("bonuses")[a]
    if k == G.K_DRAW:
        return _mod_name(((c.s[G.KIND_DRAWN] - 2) << 7) | (a + 1))
    if k == G.K_KEEP:
        return _mod_name(drawn(c, p)[a])
    if k == G.K_BUY:
        return W.words("buy")[a] % _mod_name(drawn(c, p)[c.s[G.CNT] - 1])
    if k == G.K_EXTRA:
        return W.words("mod_kinds")[a]
    if k == G.K_SWITCH:
        return W.words("keep_switch")[a]
    if k == G.K_MAT:
        return MAT_NAMES[a]
    return FACTION_NAMES[a]   # K_FACTION, K_BASE (a home base by its faction)


def _seat_lines(c, p):
    lg = log_of(c, p)
    mods = lg["mech_mods"] + lg["infrastructure_mods"]
    bonus = W.words("bonuses")
    perks = W.words("perks")
    checks = G.checks(c, p)
    cols = W.words("columns")
    lines = [W.words("tokens") % influence(c, p)] if c.in_game() and G.episode(c) == D.E1 else []
    return lines + [W.words("wealth") % (lg["wealth"], ", ".join(str(g) for g in lg["victories"]) or "-"),
            W.words("mods") % (", ".join(mods) or "-"),
            W.words("setup") % (", ".join("%s x%d" % (bonus[i], k) for i, k in enumerate(G.bonuses(c, p))),
                                ", ".join(perks[i - 1] for i in lg["perks_used"]) or "-"),
            W.words("triumph") % (" ".join("%s %d" % (cols[i][:3], checks[i]) for i in range(len(checks))))]


def panel(c):
    """The page's campaign panel: the episode, its goals, each seat's log in lines, and what is
    asked (the deciding seat, -1 for a draw, and each option in words); a vote or a Mod choice
    already made by another seat is not shown (the public bytes blank it)."""
    e = G.episode(c)
    waiting = c.is_terminal() and not c.over() and not c.in_game()
    out = {"over": c.over(), "in_game": c.in_game(), "waiting": waiting,
           "seats": [{"name": log_of(c, p)["faction"], "lines": _seat_lines(c, p), "away": G.away(c, p)}
                     for p in range(c.s[0])],
           "players": c.s[0], "hash": c.public_hash()}
    if e < D.N_EPISODES:
        name, goals = W.words("episodes")[e]
        out["title"] = W.words("episode") % (D.LABELS[e], name)
        out["goals"] = W.words("goals") % goals
        out["modules"] = G.modules(c)
    else:
        out["title"] = W.words("over")
    if c.over():
        totals = G.totals(c)
        aspects = W.words("aspects")
        out["totals"] = totals
        out["winners"] = list(G.campaign_winners(c))
        out["styles"] = [", ".join(aspects[a] for a in style) for style in G.leadership(c)]
    elif not c.is_terminal():
        out["decider"] = c.current_player()
        out["question"] = W.words("decisions")[c.decision()]
        out["options"] = [[a, option_words(c, a)] for a in c.legal_actions()]
    return out


def board_lines(c, sel):
    """The board's display while the campaign's turn is on its dials (firmware/board/
    campaign_keeper.py): the episode, the seat deciding (its faction) and what, and dial 1's option
    `sel` in words (a vote: never its value, "secret until every seat has voted"; the Mod drawn:
    the table enters the token); the goals once the campaign waits for its episode's game, and how
    to start it; the winners once it is over."""
    if c.over():
        w = G.campaign_winners(c)
        seats = ", ".join(str(p + 1) for p in w)
        return (W.words("over"), message("screen.winner" if len(w) == 1 else "screen.winners", seats))
    e = G.episode(c)
    name, goals = W.words("episodes")[e]
    title = W.words("episode") % (D.LABELS[e], name)
    if c.is_terminal():   # waiting for the episode's game
        return (title, W.words("goals") % goals, W.words("start"))
    p = c.current_player()
    k = c.decision()
    if p < 0:   # the Mod drawn: the table enters the token
        who = W.words("drawn")
    else:
        who = "%s (%s)" % (message("screen.seat", p + 1), FACTION_NAMES[G.faction(c, p)])
    opts = c.legal_actions()
    if k == G.K_VOTE:
        dial = message("screen.lock", 1, message("screen.choosing"))
    else:
        dial = message("screen.dial", 1, option_words(c, opts[sel % len(opts)]))
    return (title, who, W.words("decisions")[k], dial)


def seat_factions(text, n, rng):
    """The factions of a new campaign's seats: the names in `text` ("nordic,crimea"), or n drawn
    at random (rng: the board's dice) when it is blank; ValueError naming the playable ones."""
    names = [FACTION_NAMES[f].lower() for f in D.PLAYABLE]
    words = [w.strip().lower() for w in text.split(",") if w.strip()]
    if not words:
        pool = list(D.PLAYABLE)
        return [pool.pop(rng.below(len(pool))) for _ in range(n)]
    for w in words:
        if w not in names:
            raise ValueError("no faction %r: %s" % (w, ", ".join(names)))
    return [D.PLAYABLE[names.index(w)] for w in words]
