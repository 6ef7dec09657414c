# What a finished episode's game gives the Campaign Log (campaign.Campaign.end_episode): each
# seat's coins, the Triumph Log columns its stars earned, its stars "used for any category", the
# mechs or structures it has on the map, and the counts of the episode's own rules. Read from the
# Scythe state, so the board records an episode without anyone entering it.
from .common import po, stars
from . import campaign_data as D
from . import campaign_log as G

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_CAT_COMBAT = const(8)
_CAT_OBJECTIVE = const(7)
_CAT_POP13 = const(13)
_P_COMBAT_STARS = const(15)
_P_OBJ_STARS = const(16)
_P_STARS = const(14)
_P_STRUCT = const(31)
_P_UNITS = const(18)
# -- end of private copies --
_COL_POPULARITY = const(5)     # Triumph Log columns (campaign_data: content.S_*, objective, combat)
_COL_OBJECTIVE = const(7)
_COL_COMBAT = const(8)


def _track(st):
    """The Triumph Track of st's game (content.CAT_* a slot), or None: the base track."""
    mods = st.mods() if hasattr(st, "mods") else 0
    if not mods:
        return None
    from .fenris_track import track

    return track(mods, st)


def stars_of(st, p, e):
    """(columns, free): the Triumph Log columns p's stars in st earn (a bit mask) and how many of
    its stars may be "used for any category" in episode e."""
    s = st.s
    o = po(p)
    combat = s[o + _P_COMBAT_STARS]
    objectives = s[o + _P_OBJ_STARS]
    if e == D.E8A:
        # "Stars earned from Triumph Tiles can be used for any category on your Triumph Log."
        return 0, stars(st, p)
    t = _track(st)
    cols = 0
    free = 0
    if t is not None:
        from .fenris_track import BASE, goal_mask

        if t == BASE:   # Rivals' copy of the base track
            t = None
    if t is None:   # the base track: P_STARS' bits are content.S_*, the log's first 7 columns
        cols = s[o + _P_STARS] & 0x7F
    else:

        m = goal_mask(st, p)
        bits = [c for c in t if c not in (_CAT_OBJECTIVE, _CAT_COMBAT)]
        for i in range(len(bits)):
            if (m >> i) & 1:
                c = bits[i]
                if c <= 6:
                    cols |= 1 << c
                elif c == _CAT_POP13:
                    cols |= 1 << _COL_POPULARITY   # not among the Peace track's "new categories"
                else:
                    # 2a: "Stars earned from new categories on the War Triumph Track ... can each be
                    # used for any 1 category"; 2b the same of the Peace track's; 7: "All stars
                    # earned from categories unique to the War or Peace Triumph Track"
                    free += 1
    if e == D.E1 and getattr(st, "EXTRAOBJ", 0):
        from .fenris_extraobj import starred

        # "Stars earned from the revealed objective card can be used for any 1 category"
        free += starred(st, p)
    if objectives:
        cols |= 1 << _COL_OBJECTIVE
        if t is not None and sum(1 for x in t if x == _CAT_OBJECTIVE) > 1:
            free += min(objectives, 2) - 1   # Peace: "second objective star" (Saxony places more)
    if combat:
        cols |= 1 << _COL_COMBAT
        if t is not None and sum(1 for x in t if x == _CAT_COMBAT) > 2:
            free += max(0, min(combat, 4) - 2)   # War: "2 extra combat stars" (Saxony: more)
    return cols, free


def _have(st, p, i):
    """p's stars in st that spot i's category counts (spots 8, 9: its combat stars; 10: its star
    on the revealed objective, none in a game without it: fenris_extraobj.py)."""
    s = st.s
    o = po(p)
    if i == G.N_SPOTS:
        if not getattr(st, "EXTRAOBJ", 0):
            return 0
        from .fenris_extraobj import starred

        return starred(st, p)
    if i < 7:
        return (s[o + _P_STARS] >> i) & 1
    return min(s[o + (_P_OBJ_STARS if i == 7 else _P_COMBAT_STARS)], 1 if i == 7 else 2)


def _held(c, p, i):
    """The spots of spot i's category whose token p holds."""
    if i < 8 or i == G.N_SPOTS:
        return 1 if G.holder(c, i) == p else 0
    return (G.holder(c, 8) == p) + (G.holder(c, 9) == p)


def follow(c, st):
    """Episode 1's Influence tokens, as the game st stands: "Whenever you place a star, if you are
    the first person to place a star in that category, take the Influence token"; "Both combat
    victory categories on the Triumph Track are available for the same or different players"
    (the first two combat stars, by anyone). Called after every decision (the board's keeper, a
    replay), so the first to place is known; a token whose star was taken back (undo) returns to
    the track. Stars of one category placed by two seats between two calls (only after a power
    cut) give it to the lowest seat. True if a token moved."""
    if G.episode(c) != D.E1:
        return False
    seats = G.seats_in(c)   # the game's seat g is the campaign's seats[g]; holders are campaign seats
    moved = False
    for i in range(G.N_TOKENS - 1, -1, -1):   # taken back: the later combat spot first
        h = G.holder(c, i)
        if h >= 0 and (h not in seats or _held(c, h, i) > _have(st, seats.index(h), i)):
            G.set_holder(c, i, -1)
            moved = True
    for i in range(G.N_TOKENS):
        if G.holder(c, i) >= 0:
            continue
        for g in range(min(st.n_players(), len(seats))):
            if _have(st, g, i) > _held(c, seats[g], i):
                G.set_holder(c, i, seats[g])
                moved = True
                break
    return moved


def influence(c, p):
    """The Influence tokens p took from the track and the revealed objective (Episode 1)."""
    return sum(1 for i in range(G.N_TOKENS) if G.holder(c, i) == p)


def of_game(c, st):
    """(winners, results) of the finished game st for campaign c's episode: results one tuple a
    seat (campaign.Campaign.end_episode). Episode 1's Influence tokens are those follow() gave;
    Episode 3: each seat's Influence tokens and who found the Vesna card. Episode 4: the Fenris
    agents each seat subdued. Episode 5: who defeated the Annihilator. Episode 7: each seat's
    Encounter tokens on its faction mat (the finder's discarded) and Tesla's finder."""
    from .campaign_log import episode

    e = episode(c)
    seats = G.seats_in(c)   # the game's seat g is the campaign's seats[g]; a seat away: nothing
    out = [(0, 0, 0, 0, 0, 0)] * c.s[0]
    for g in range(st.n_players()):
        p = seats[g]
        cols, free = stars_of(st, g, e)
        o = po(g)
        mechs = sum(1 for i in range(1, 5) if st.s[o + _P_UNITS + i] != 255)
        built = sum(1 for i in range(4) if st.s[o + _P_STRUCT + i] != 255)
        units = mechs if e == D.E2A else built if e == D.E2B else 0
        tokens = influence(c, p) if e == D.E1 else 0
        events = 0
        if e == D.E4 and getattr(st, "AGENTS", 0):
            from .fenris_agents import held

            tokens = held(st, g)
        if e == D.E3 and getattr(st, "PLEA", 0):
            from .fenris_plea import finder, tokens as influence_of

            tokens = influence_of(st, g)
            events = G.EV_VESNA if finder(st) == g else 0
        if e == D.E5 and getattr(st, "FORTRESS", 0):
            from .fenris_fortress import defeater

            events = G.EV_ANNIHILATOR if defeater(st) == g else 0
        if e == D.E7 and getattr(st, "SEARCH", 0):
            from .fenris_tesla import finder
            from .fenris_track import encounters

            tokens = encounters(st, g)   # "The tokens discarded to open Box E do not count"
            events = G.EV_TESLA if finder(st) == g else 0
        out[p] = (st.fortune(g), cols, free, tokens, units, events)
    return [seats[w] for w in st.winners()], out
