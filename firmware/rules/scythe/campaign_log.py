# The Rise of Fenris campaign's bytes (campaign.py plays it): the header, the episode's results a
# seat, and each seat's Campaign Log; what reads them (Wealth, the Triumph Log's checks and $25
# bonuses, the campaign winner, the Leadership Style, the 8a/8b player mat order) and the check of
# a campaign read back. docs/campaign.md, section 4, draws the layout.
from ..compat import const
from . import campaign_data as D

CAMPAIGN_ID = const(32)     # the frame's ruleset byte of a campaign (not a ruleset: registry.py)
MAX_PLAYERS = const(5)
ST_SETUP = const(0)
ST_PLAY = const(1)
ST_RECORD = const(2)
ST_FREE = const(3)
ST_REWARD = const(4)

# Decision kinds.
K_PLAY = const(0)       # no decision: an episode's game is played (or the campaign is over)
K_PERK = const(1)       # 0: none, i + 1: Perk i
K_FREE = const(2)       # a star "used for any category": a Triumph Log column (0-8)
K_VOTE = const(3)       # secret: how many of the player's Influence tokens vote for War
K_TIE = const(4)        # the episode's winner breaks the tie: 0 War, 1 Peace
K_BONUS = const(5)      # a Setup Bonus raised by 1 (D.BONUS_*)
K_DRAW = const(6)       # chance: the Mod drawn (its type)
K_KEEP = const(7)       # the drawn Mod kept for free (its place in the draw)
K_BUY = const(8)        # 0: leave it, 1: buy it ($50)
K_EXTRA = const(9)      # the winner's extra Mod: 0 a Mech Mod, 1 an Infrastructure Mod
K_SWITCH = const(10)    # 0: keep the faction, 1: switch
K_FACTION = const(11)   # the new faction (content.FACTION_*)
K_BASE = const(12)      # Vesna's or Fenris's home base (a home base space, 0-6)
K_MAT = const(13)       # Episodes 8a, 8b: the player mat a seat chooses (content.MAT_NAMES' index)
N_KINDS = const(14)

# The header (after core's 4 bytes: players, stage, decision kind, decider).
EP = const(4)          # the episode (campaign_data.E*, OVER)
STEP = const(5)        # the reward step running (an index into campaign_data.REWARDS[episode])
SUB = const(6)         # the step's phase
CUR = const(7)         # a cursor over seats (or over ORDER)
CNT = const(8)         # a count (stars, bonuses or Mods left)
FLAGS = const(9)
NEXT = const(10)       # the next episode once decided (255: not yet)
WIN = const(11)        # the episode's winners (bit p)
VBASE = const(12)      # Vesna's home base (255: not chosen yet)
FBASE = const(13)      # Fenris's home base
TESLA_BY = const(14)   # the seat that found Tesla in Episode 7, + 1 (0: none; 8a's setup)
WHO = const(15)        # the seat a reward is about (the Vesna player)
KIND_DRAWN = const(16)  # the type of Mod being drawn, + 2 (D.MECH, D.INFRA)
ORDER = const(17)      # 5: seats in the order of the step; Mods: each seat's extra Mod's type + 1
LEFT = const(22)       # 2: Mech and Infrastructure Mods the seat drawing has still to draw
SWITCHED = const(30)   # the seats that switch faction (bit p)
PICKED = const(31)     # ... and have picked their new one
PICKERS = const(32)    # how many switch
IN_GAME = const(33)    # 1: the episode's game is being played on the board (campaign_episode.py)
TOKENS = const(34)     # 5: Episode 1's Influence tokens on the Triumph Track: each spot's holder + 1
                       # (0: still on the track), a nibble a spot (campaign_results.follow)
N_SPOTS = const(10)    # the track's spots: the 7 goals (content.S_*), objective, 2 combat
EXTRA_TOKEN = const(24)  # Episode 1: the Influence token on the revealed objective (spot N_SPOTS):
                         # its holder + 1 (0: still on the card)
N_TOKENS = const(11)   # the track's spots and the revealed objective
AWAY = const(39)       # bit p: seat p sits the campaign out ("set aside their accumulated tokens and
                       # campaign log until they rejoin"): no game, no decision, its log kept
SLOT = 38              # a seat's Campaign Log's bytes
RES = const(40)        # the episode's results, 8 bytes a seat
LOG = RES + 8 * MAX_PLAYERS   # the Campaign Logs
SIZE = LOG + SLOT * MAX_PLAYERS
MAX_DRAW = const(8)

# FLAGS bits.
F_MECH = const(1)       # Mech Mods unlocked
F_INFRA = const(2)      # Infrastructure Mods unlocked
F_WAR = const(4)        # Episode 2a was played
F_PEACE = const(8)      # Episode 2b was played

# A seat's results (+ RES + 8 p).
R_COINS = const(0)      # 2: the final score (coins)
R_FIXED = const(2)      # 2: the Triumph Log columns its stars earned (bit c)
R_FREE = const(4)       # stars "used for any category"
R_TOKENS = const(5)     # Influence tokens (1, 3), Fenris agents (4), Encounter tokens (7)
R_UNITS = const(6)      # mechs deployed (2a), structures built (2b); 8a, 8b's setup and game: the
                        # player mat chosen + 1 (K_MAT; the game's results replace it)
R_EVENTS = const(7)     # bit 0: found Vesna, 1: defeated the Annihilator, 2: found Tesla
EV_VESNA = const(1)
EV_ANNIHILATOR = const(2)
EV_TESLA = const(4)

# A seat's Campaign Log (+ LOG + SLOT p).
L_FACTION = const(0)
L_BASE = const(1)       # its home base (a home base space; Vesna's and Fenris's chosen)
L_VICTORIES = const(2)  # bit g: game g of 8 won
L_WEALTH = const(3)     # 2
L_MECH = const(5)       # 2: Mech Mods (bit i: campaign_data.MECH_MODS[i])
L_INFRA = const(7)      # Infrastructure Mods (bit i: content.INFRA_NAMES[i])
L_BOUGHT = const(8)     # Mods bought (each counts $50 toward total Wealth)
L_BONUS = const(9)      # 3: Setup Bonuses (D.BONUS_*)
L_PERKS = const(12)     # Perks used (bit i)
L_PERK_NOW = const(13)  # this episode's Perk + 1 (0: none)
L_TRIUMPH = const(14)   # 9: each column's checks (rows filled)
L_CHECKED = const(23)   # 2: the columns checked this episode (one per category)
L_VOTE = const(25)      # secret until all voted: tokens for War
L_SCORE8 = const(26)    # 2: the final episode's score
L_DRAW = const(28)      # 8: the Mods it drew this episode: (kind << 7) | (type + 1), 0 none
L_KEPT = const(36)      # secret until all chose: the drawn Mod kept for free, + 1 (0: none)
L_TAKE = const(37)      # secret until all chose: bit j: the drawn Mod j bought


def lo(p):
    return LOG + SLOT * p


def ro(p):
    return RES + 8 * p


def u16(s, o):
    return s[o] | (s[o + 1] << 8)


def set16(s, o, v):
    s[o] = v & 0xFF
    s[o + 1] = (v >> 8) & 0xFF


def wealth(c, p):
    return u16(c.s, lo(p) + L_WEALTH)


def pay(c, p, k):
    set16(c.s, lo(p) + L_WEALTH, wealth(c, p) - k)


def bits(m):
    k = 0
    while m:
        k += m & 1
        m >>= 1
    return k


def first_winner(c):
    """The episode's winner: the first seat of a shared victory (Guess, docs/campaign.md)."""
    w = c.s[WIN]
    for p in range(c.s[0]):
        if (w >> p) & 1:
            return p
    return 0


def checks(c, p):
    """The Triumph Log's checks of p, by column."""
    o = lo(p) + L_TRIUMPH
    return [c.s[o + i] for i in range(D.N_CATEGORIES)]


def bonuses(c, p):
    o = lo(p) + L_BONUS
    return [c.s[o + i] for i in range(D.N_BONUSES)]


def log_bonus(c, p):
    """p's $25 bonuses: the Triumph Log's rows and columns completed ("add any $25 bonuses you have
    earned on your Triumph Log"; gap C1: which lines pay, Guess: every full row and column)."""
    t = checks(c, p)
    rows = min(t)
    cols = sum(1 for k in t if k >= D.LOG_ROWS)
    return D.ROW_BONUS * (rows + cols)


def totals(c):
    """Each seat's campaign total: "double your final coin total for this game only, and then
    add any $25 bonuses you have earned on your Triumph Log" (a seat away from the final episode:
    its bonuses alone; it is not ranked: campaign_winners)."""
    return [2 * u16(c.s, lo(p) + L_SCORE8) + log_bonus(c, p) for p in range(c.s[0])]


def campaign_winners(c):
    """"The player with the highest total ... is the overall campaign winner (if there is a tie,
    share the victory)": the seats, once the campaign is over. "The winner of the campaign is the
    winner of the final episode": only the seats that played it (a seat away then, its score $0,
    is ranked by none of its Triumph Log bonuses)."""
    if c.s[EP] != D.OVER:
        return ()
    t = totals(c)
    played = seats_in(c)   # (AWAY is kept as the final episode's game had it: set_away ends there)
    best = max(t[p] for p in played)
    return tuple(p for p in played if t[p] == best)


def _rank(values, p, seats):
    """p's place (0 = first) among the seats' values, ties sharing the better place."""
    return sum(1 for q in seats if values[q] > values[p])


def leadership(c):
    """Each seat's Leadership Style: its three aspects (0 Economy: the campaign total, 1
    Governance, 2 Military) from its best place among the players to its worst ("start with your
    "A" rank, then "B", then "C""; gap C5: the chart's exact use, Guess: equal places in that
    order). Governance: Infrastructure Mods + the log's Upgrades, Structures, Workers, Objectives
    and Popularity checks; Military: Mech Mods + Deploy, Enlist, Combat, Power. "Where you rank
    among players": the players of the final episode, as campaign_winners ranks them; a seat away
    from it (its log "set aside ... until they rejoin") has no style, () here, and is not counted
    in the others' places (docs/campaign.md C5)."""
    n = c.s[0]
    played = seats_in(c)
    eco = totals(c)
    gov = []
    mil = []
    for p in range(n):
        t = checks(c, p)
        o = lo(p)
        gov.append(bits(c.s[o + L_INFRA]) + sum(t[i] for i in D.GOVERNANCE))
        mil.append(bits(u16(c.s, o + L_MECH)) + sum(t[i] for i in D.MILITARY))
    out = []
    for p in range(n):
        places = [(_rank(v, p, played), a) for a, v in enumerate((eco, gov, mil))] if p in played else []
        places.sort()
        out.append(tuple(a for _r, a in places))
    return out


def mat_order(c):
    """Episodes 8a and 8b: who chooses a player mat first: "Begin with the player with the highest
    total wealth at the start of this episode ... Tie breakers: Total games won in the campaign.
    Most stars achieved on your personal Triumph Log." (Asked before the episode's Perks.)"""
    s = c.s
    at_start = s[EP] in (D.E8A, D.E8B) and s[1] in (ST_SETUP, ST_PLAY)   # (kept by campaign.py)
    key = []
    for p in seats_in(c):   # (a seat away chooses none)
        money = u16(s, ro(p)) if at_start else wealth(c, p)
        key.append((-money, -bits(s[lo(p) + L_VICTORIES]), -sum(checks(c, p)), p))
    key.sort()
    return [k[3] for k in key]


def tesla_finder(c):
    """The seat that found Tesla in Episode 7 (8a: "The Tesla miniature begins on the home base of
    the player who found him"), or -1."""
    return c.s[TESLA_BY] - 1


def episode(c):
    return c.s[EP]


def modules(c):
    """The Rise of Fenris modules of the episode's game (the Scythe ruleset's option names)."""
    e = c.s[EP]
    if e == D.E7:   # "The unused combination is activated now"; Tesla searched for (fenris_search.py)
        return (("peace", "alliances") if c.s[FLAGS] & F_WAR else ("war", "rivals")) + ("tesla", "search")
    return D.MODULES[e] if e < D.N_EPISODES else ()


def faction(c, p):
    return c.s[lo(p) + L_FACTION]


def home_base(c, p):
    return c.s[lo(p) + L_BASE]


def perk_now(c, p):
    """The Perk p bought for this episode (its number), or -1."""
    return c.s[lo(p) + L_PERK_NOW] - 1



def away(c, p):
    return (c.s[AWAY] >> p) & 1


def seats_in(c):
    """The seats that play the episodes (not away), in seat order: the episode's game's seat i is
    campaign seat seats_in(c)[i]."""
    return [p for p in range(c.s[0]) if not (c.s[AWAY] >> p) & 1]


def _token(i):
    """(byte, shift) of spot i's holder: the track's, a nibble each; the revealed objective's."""
    return (TOKENS + (i >> 1), 4 * (i & 1)) if i < N_SPOTS else (EXTRA_TOKEN, 0)


def holder(c, i):
    """The seat holding the Influence token of Triumph Track spot i (Episode 1; N_SPOTS: the
    revealed objective's), or -1."""
    o, sh = _token(i)
    return ((c.s[o] >> sh) & 15) - 1


def set_holder(c, i, p):
    o, sh = _token(i)
    c.s[o] = (c.s[o] & ~(15 << sh)) | ((p + 1) << sh)


def clear_tokens(c):
    for i in range(N_SPOTS >> 1):
        c.s[TOKENS + i] = 0
    c.s[EXTRA_TOKEN] = 0


def check(c):
    s = c.s
    n = s[0]
    if not 2 <= n <= MAX_PLAYERS:
        return "players %d" % n
    if s[EP] > D.OVER:
        return "episode %d" % s[EP]
    for i in range(N_TOKENS):
        if holder(c, i) >= n:
            return "Influence token of spot %d held by seat %d" % (i, holder(c, i))
    if s[AWAY] >> n or len(seats_in(c)) < 2:
        return "seats away %d" % s[AWAY]
    held = []
    for p in range(n):
        o = lo(p)
        f = s[o + L_FACTION]
        if f not in D.PLAYABLE and f not in (D.VESNA, D.FENRIS):
            return "seat %d's faction %d" % (p, f)
        switching = (s[SWITCHED] >> p) & 1 and not (s[PICKED] >> p) & 1   # its mat is in the pool
        if f in held and not switching:
            return "two seats hold faction %d" % f
        if not switching:
            held.append(f)
        if s[o + L_BASE] > 6 and not (f == D.VESNA and s[VBASE] == 255):   # Vesna's base: chosen last
            return "seat %d's home base %d" % (p, s[o + L_BASE])
        if bits(u16(s, o + L_MECH)) > D.MOD_LIMIT or bits(s[o + L_INFRA]) > D.MOD_LIMIT:
            return "seat %d holds more than %d Mods of a type" % (p, D.MOD_LIMIT)
        for i in range(D.N_CATEGORIES):
            if s[o + L_TRIUMPH + i] > D.LOG_ROWS:
                return "seat %d's Triumph Log column %d" % (p, i)
        for i in range(D.N_BONUSES):
            if s[o + L_BONUS + i] > D.BONUS_LIMIT[i]:
                return "seat %d's Setup Bonus %d" % (p, i)
        if s[o + L_PERKS] >> D.N_PERKS or s[o + L_PERK_NOW] > D.N_PERKS:
            return "seat %d's Perks" % p
    return None


