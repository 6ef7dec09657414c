# Scythe's log in words (Ruleset.narrator; firmware/rules/narrate.py): every decision as a
# sentence for the page and the laptop. A board never imports this module. A combat's dial and
# cards say only that they were entered until the reveal, which names both sides, their power
# and the winner; stars earned are found by comparing before and after. The options in words:
# narrate_words.py (the laptop's view says them the same). Words: narrate_text.py (English) and
# narrate_text_es.py.
from firmware.rules import narrate as N
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import narrate_words as words
from firmware.rules.scythe.common import stars
from firmware.rules.scythe.ruleset import RULESET
from firmware.rules.scythe.narrate_words import hex_words
from firmware.text import name

_W = "firmware.rules.scythe.narrate_text"
_QUIET = (L.K_DEAL_FACTION, L.K_DEAL_MAT, L.K_DEAL_TILE, L.K_TRIUMPH_TILE)


def w(key, *args):
    return N.say(_W, key, *args)


seat = words.seat   # "Seat 2 (Nordic)"


def option(st, a):
    """An option of the pending decision in words: the same words as the laptop's view
    (narrate_words.py)."""
    return words.option(st, a)


def decision(before, a, after):
    st = before
    k = st.decision()
    p = st.current_player()
    if p < 0:
        return ""
    who = seat(st, p)
    if k in (L.K_DIAL, L.K_CARD, L.K_RIVAL):
        return w("secret", who, name("kind", k))
    return w("decided", who, name("kind", k), option(st, a))


def combat(before, a, after):
    """The combat this decision revealed: both sides, their power and the winner; else ""."""
    s0 = before.s
    s1 = after.s
    if before.decision() not in (L.K_DIAL, L.K_CARD) or s0[L.C_SIDE] & 2 or not s1[L.C_SIDE] & 2:
        return ""
    total = [s0[L.C_DIAL] + s0[L.C_CARDS], s0[L.C_DIAL + 1] + s0[L.C_CARDS + 1]]
    side = s0[L.C_SIDE] & 1
    if before.decision() == L.K_DIAL:
        total[side] += a - s0[L.C_DIAL + side]
    else:
        total[side] += a
    att = s0[L.ACTIVE]
    dfn = s0[L.C_DEF]
    won = dfn if s1[L.C_SIDE] & 1 else att
    return w("combat", hex_words(before, s0[L.C_SPACE]), seat(before, att), total[0], seat(before, dfn),
             total[1], seat(before, won))


def mad_combat(before, a, after):
    """Mad Tesla's die revealed a fight: the player's power, his, the winner, his health."""
    if before.decision() != L.K_MT_DIE:
        return ""
    from . import fenris_mad_tesla as MT

    s0 = before.s
    side = s0[L.C_SIDE]
    q = s0[L.C_DEF]
    mine = s0[L.C_DIAL + side] + s0[L.C_CARDS + side]
    his = MT.base_power(before) + a
    won = mine >= his if side == 0 else mine > his
    health = w("mt_destroyed") if MT.at(after) == L.NOWHERE else w("mt_health", MT.health(after))
    return w("mt_combat", words.option(before, a), hex_words(before, s0[L.C_SPACE]), seat(before, q), mine,
             his, seat(before, q) if won else w("mad_tesla"), health)


def rivals(before, after):
    """Rivals: the stars on home bases, once the setup's secret run is revealed; else ""."""
    if before.s[L.STAGE] != L.ST_RIVALS or after.s[L.STAGE] == L.ST_RIVALS:
        return ""
    from .fenris_rivals import on_base

    said = []
    n = after.n_players()
    for p in range(n):
        for q in range(n):
            k = on_base(after, p, q)
            if k:
                said.append(w("rival_stars", seat(after, p), words.plural("n_stars", k), seat(after, q)))
    return w("rivals", "; ".join(said) if said else w("no_rivals"))


def alliances(before, after):
    """Alliances: the tokens flipped by this decision and the odd man out's $5 ("Seat 1
    (Nordic) flips its Alliance token: -$10 at the end"); [] in a game without them."""
    if not getattr(after, "ALLIANCES", 0):
        return []
    from .fenris_alliances import held, odd_paid

    out = []
    for p in range(after.n_players()):
        if held(after, p)[1] and not held(before, p)[1]:
            out.append(w("ally_flipped", seat(after, p), seat(after, held(after, p)[0])))
    if odd_paid(after) and not odd_paid(before):
        odd = [p for p in range(after.n_players()) if held(after, p)[0] < 0][0]
        out.append(w("ally_odd", seat(after, odd)))
    return out


def tesla(before, after):
    """Tesla found (the `tesla` module): by whom, where; Episode 7's game ends there."""
    if not getattr(after, "TESLA", 0):
        return []
    from .fenris_tesla import at, finder

    p = finder(after)
    if p < 0 or finder(before) >= 0:
        return []
    key = "tesla_end" if after.is_terminal() else "tesla_found"
    return [w(key, seat(after, p), hex_words(after, at(after)))]


def agents(before, after):
    """Episode 4's Fenris agents (the `agents` module): subdued by whom, or an attempt failed."""
    if not getattr(after, "AGENTS", 0) or before.s[L.STAGE] != L.ST_AGENTS or after.s[L.STAGE] == L.ST_AGENTS:
        return []
    from .fenris_agents import held

    p = before.s[L.ACTIVE]
    k = held(after, p) - held(before, p)
    where = hex_words(after, before.s[L.TO])
    if k > 0:
        return [w("agents_subdued", seat(after, p), words.plural("n_agents", k), where)]
    return [w("agents_failed", seat(after, p), where)]


def fortress(before, after):
    """Episode 5's Annihilator (the `fortress` module): revealed by whom; a combat with it won or lost."""
    if not getattr(after, "FORTRESS", 0):
        return []
    from . import fenris_fortress as FF

    out = []
    if FF.controller(after) >= 0 > FF.controller(before):
        out.append(w("ann_revealed", seat(after, FF.controller(after))))
    if before.s[L.STAGE] == L.ST_ANN_DRAW and after.s[L.STAGE] != L.ST_ANN_DRAW:
        x = len(after.s) - L.TAIL - L.F_SIZE
        ours, theirs = after.s[x + L.F_ANN_SUM], after.s[x + L.F_ANN_THEIRS]
        p = before.s[L.ACTIVE]
        out.append(w("ann_won", seat(after, p), ours, theirs) if FF.defeater(after) == p
                   else w("ann_lost", seat(after, p), ours, theirs))
    return out


def earned(before, after):
    out = []
    for p in range(after.n_players()):
        n = stars(after, p) - stars(before, p)
        if n > 0:
            out.append(w("star" if n == 1 else "stars", seat(after, p), n, stars(after, p)))
    return out


def narrate(before, a, after):
    if before.decision() in _QUIET:
        return ""
    if before.decision() == L.K_MODEL_ENCOUNTER:   # public: the card is shown to all
        return w("model_drawn", a + 1)
    if before.decision() == L.K_MODEL_OBJECTIVE:   # secret: dealt face down, nothing said
        return ""
    if before.decision() in (L.K_SEEN_CARD, L.K_MT_DIRECTION, L.K_TESLA_START, L.K_EXTRA_OBJ, L.K_SETUP_BONUS,
                             L.K_PERK, L.K_ANN_ROLL, L.K_PLEA_DRAW):
        # Mad Tesla's setup and moves; Episode 8a: where Tesla begins (found in Episode 7, not in
        # this game); Episode 4: a card drawn for the agents (and the attempt failed with it);
        # Episode 1: the objective revealed; a campaign's Setup Bonuses and Perks; Episode 5: the
        # Annihilator's dice and cards
        said = option(before, a)[:1].upper() + option(before, a)[1:] + "."
        return " ".join([said] + agents(before, after) + fortress(before, after))
    parts = []
    text = decision(before, a, after)
    if text:
        parts.append(text)
    c = combat(before, a, after) or mad_combat(before, a, after) or rivals(before, after)
    if c:
        parts.append(c)
    parts.extend(alliances(before, after))
    parts.extend(tesla(before, after))
    parts.extend(agents(before, after))
    parts.extend(fortress(before, after))
    parts.extend(earned(before, after))
    if not parts and before.current_player() >= 0:
        parts.append(N.line(RULESET, before, a, after))
    return " ".join(parts)
