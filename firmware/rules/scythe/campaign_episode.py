# An episode of The Rise of Fenris campaign played on the board (docs/campaign.md, section 3): the
# Scythe game it is (the `new` options: the episode's modules, Vesna and Fenris when a seat holds
# them), the deals the campaign fixes (each seat's faction: "Each player will use the same faction
# until the rulebook indicates otherwise"; Vesna's and Fenris's home bases: "use the same home
# base location as previously selected") and the recording of its end. The board's campaign
# keeper (firmware/board/campaign_keeper.py) calls these through Ruleset.campaign().
from . import campaign_data as D
from . import campaign_log as G
from .campaign_results import follow, of_game  # noqa: F401  (follow: the keeper's, after each decision)
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_K_DEAL_BASE = const(46)
_K_DEAL_FACTION = const(1)
_K_DEAL_MAT = const(2)
_K_INFRA_DRAWN = const(44)
_K_MOD_DRAWN = const(42)
_K_PERK = const(70)
_K_SETUP_BONUS = const(67)
_K_TESLA_START = const(66)
_MODS_DONE = const(31)
_PERK_NONE = const(7)
_SETUP_I = const(5)
# -- end of private copies --

# The Mods the board plays (fenris_mods.PLAYED, fenris_infra.PLAYED; not imported: a campaign
# waiting between games loads no module code): Mech Mods by their abilities' bits, Infrastructure
# Mods by content.INFRA_NAMES' indexes.
_MECH_PLAYED = (4, 5, 7, 9, 11, 14)
_INFRA_PLAYED = (0, 1, 2, 3, 4)


def options(c, cards=None):
    """The `new` options of the episode's game (cards: the deck option, [0] or [1], or None)."""
    opts = {}
    if cards is not None:
        opts["cards"] = cards
    for m in G.modules(c):
        opts[m] = [1]
    held = [G.faction(c, p) for p in G.seats_in(c)]   # (a seat away: its faction is not in the game)
    if D.VESNA in held:
        opts["vesna"] = [1]
    if D.FENRIS in held:
        opts["fenris"] = [1]
    # "Gain all bonuses earned under Setup Bonuses on your Campaign Log" (fenris_bonuses.py)
    if any(c.s[G.lo(p) + G.L_BONUS + i] for p in G.seats_in(c) for i in range(D.N_BONUSES)):
        opts["bonuses"] = [1]
    # "After purchasing a Perk ... immediately gain the benefit" (fenris_perks.py)
    if any(G.perk_now(c, p) >= 0 for p in G.seats_in(c)):
        opts["perks"] = [1]
    # "During setup, you may choose to replace mech abilities on your faction mat with your Mech
    # Mods"; "During setup, place your Infrastructure Mods face-up in your play area"
    # (fenris_mods.py, fenris_infra.py: the `owned` setup)
    for word, kind in (("mechmods", D.MECH), ("infra", D.INFRA)):
        if any(_owned(c, p, kind) for p in G.seats_in(c)):
            opts[word] = opts["owned"] = [1]
    return opts


def _owned(c, p, kind):
    """Seat p's Mods of `kind` on its Campaign Log that the board plays: Mech Mods as their
    abilities' bits (content.M_*), Infrastructure Mods as content.INFRA_NAMES' bits."""
    o = G.lo(p)
    if kind == D.INFRA:
        m = c.s[o + G.L_INFRA]
        return sum(1 << i for i in _INFRA_PLAYED if (m >> i) & 1)
    m = G.u16(c.s, o + G.L_MECH)
    out = 0
    for i, b in D.MOD_ABILITY:
        if (m >> i) & 1 and b in _MECH_PLAYED:
            out |= 1 << b
    return out


def forced(c, st):
    """The outcome the campaign fixes for st's pending chance decision, or None (the board's dice):
    the faction dealt to a seat, the player mat it chose (8a, 8b), the home base dealt to Vesna or
    Fenris, Tesla's finder (8a; one sitting out: the dice), each seat's Setup Bonuses, Perk and
    Mods (the next one on its log, then MODS_DONE). The game's
    seat i is the campaign's seat G.seats_in(c)[i]."""
    k = st.decision()
    seats = G.seats_in(c)
    i = st.s[_SETUP_I]
    if k == _K_DEAL_FACTION and i < len(seats):
        return G.faction(c, seats[i])
    if k == _K_DEAL_MAT and c.s[G.EP] in (D.E8A, D.E8B) and i < len(seats):   # the mat it chose (K_MAT)
        m = c.s[G.ro(seats[i]) + G.R_UNITS]
        return m - 1 if m else None
    if k == _K_DEAL_BASE:
        from .fenris_faction import _undealt

        p = _undealt(st)
        return G.home_base(c, seats[p]) if 0 <= p < len(seats) else None
    if k == _K_SETUP_BONUS and i < 3 * len(seats):   # the seat's Setup Bonus, within the game's range
        return min(c.s[G.lo(seats[i // 3]) + G.L_BONUS + i % 3], st.legal_actions()[-1])
    if k == _K_PERK and i < len(seats):   # the Perk the seat bought for this episode, or none
        q = G.perk_now(c, seats[i])
        return q if q >= 0 else _PERK_NONE
    if (k == _K_MOD_DRAWN or k == _K_INFRA_DRAWN) and i < len(seats):   # its next Mod on the log
        m = _owned(c, seats[i], D.MECH if k == _K_MOD_DRAWN else D.INFRA)
        for a in st.legal_actions():
            if a != _MODS_DONE and (m >> a) & 1:
                return a
        return _MODS_DONE
    if k == _K_TESLA_START:   # 8a: "the home base of the player who found him in Episode 7"
        f = c.s[G.TESLA_BY] - 1
        return seats.index(f) if f in seats else None
    return None


def start(c):
    """The episode's game begins (IN_GAME: its end is recorded); ValueError if the campaign is not
    waiting for a game (a decision is asked, it is over, or the game is being played)."""
    if not c.is_terminal() or c.over() or c.s[G.IN_GAME]:
        from ..errors import IllegalDecisionError

        raise IllegalDecisionError("illegal", "episode", c.s[G.EP])
    c.s[G.IN_GAME] = 1
    G.clear_tokens(c)   # Episode 1's Influence tokens on the track (follow)


def matches(c, st):
    """True if st can be the episode's game: its players and, dealt, their factions and Vesna's and
    Fenris's home bases the campaign's (a game the board made at a power-up cut in the episode's
    setup is not)."""
    from .common import faction
    from .fenris_faction import base_of

    seats = G.seats_in(c)
    if st.n_players() != len(seats):
        return False
    for p in range(len(seats)):
        f = faction(st, p)
        if f > D.FENRIS:   # not dealt yet
            continue
        if f != G.faction(c, seats[p]):
            return False
        if f >= D.VESNA:
            b = base_of(st, p)
            if b >= 0 and b != G.home_base(c, seats[p]):
                return False
    return True


def in_game(c):
    return c.s[G.IN_GAME] == 1


def record(c, st):
    """The finished game st is the episode's: its results go into the Campaign Log."""
    winners, results = of_game(c, st)
    c.end_episode(winners, results)


def abandon(c):
    """Another game replaced the episode's: the campaign waits for the episode again (a campaign
    not playing one is left as it is)."""
    if c.s[G.IN_GAME]:
        c.s[G.IN_GAME] = 0
        G.clear_tokens(c)
