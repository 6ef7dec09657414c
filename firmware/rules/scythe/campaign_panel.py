# The Rise of Fenris campaign on a screen (docs/campaign.md, section 5): each seat's Campaign Log
# as a JSON object, the exported document (`pomme campaign export`, the page's Export), and the
# page's campaign panel (what is asked, each option in words). Device code: the page runs it in
# MicroPython WebAssembly (firmware/hosts/web_campaign.py) and the laptop imports it
# (host_tools/views/scythe_campaign.py); loaded only when a campaign is shown, never in a game.
from . import campaign_data as D
from . import campaign_log as G
from . import campaign_text as W
from .campaign_results import influence
from .campaign_lines import option_words
from .names import FACTION_NAMES, INFRA_NAMES

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
        out["styles"] = [", ".join(aspects[a] for a in style) or "-" for style in G.leadership(c)]
    elif not c.is_terminal():
        out["decider"] = c.current_player()
        out["question"] = W.words("decisions")[c.decision()]
        out["options"] = [[a, option_words(c, a)] for a in c.legal_actions()]
    return out


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
