# The model deck of Scythe: what a game without the printed cards (the page, the simulator, a
# laptop without a deck: the `new` option "cards" [1], layout.X_CARDS) plays in place of the
# encounter, Factory and objective cards whose texts are not in the sources. It is a MODEL,
# not the printed cards: every message calls it "model encounter card", "model Factory card",
# "model objective card", and its terms stay within the bounds below, which docs/scythe.md
# ("Printed cards or the model deck") states and justifies from the rulebook. Nobody states a
# model term: the card drawn (a chance decision) or taken brings its model, so a game replays
# from its history. Imported only in a model-deck game.
from ..compat import const
from ..framing import popcount

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_NOWHERE = const(255)
_P0 = const(72)
_PSZ = const(39)
_P_POP = const(3)
_P_POWER = const(2)
_P_RECRUITS = const(12)
_P_STRUCT = const(31)
_P_TOPUP = const(7)
_P_UNITS = const(18)
_U_MECH = const(1)
_U_WORKER = const(5)
# -- end of private copies --

# ---- encounter cards: 3 options a card, up to 3 terms an option: (term, amount) byte pairs
# (layout.TERM_*; an action's amount 0; TERM_DONE pads). Option 1 costs nothing (a card always
# has one to choose: "you must choose one"); a cost (coins or popularity: the rulebook's
# "If you don't have popularity or coins to pay for certain options, those options aren't
# available") comes first.
MODEL_ENCOUNTERS = (   # card 1..28 (index 0..27), 18 bytes each
    b"\x05\x01\x04\x01\x00\x00\x01\x02\x12\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 1: 1 popularity, 1 coins | pay 2 coins, Upgrade | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x06\x01\x00\x00\x01\x01\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 2: 2 popularity, 1 power | pay 1 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x00\x00\x00\x00\x01\x03\x12\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 3: 1 popularity | pay 3 coins, Upgrade | pay 1 popularity, 3 coins
    b"\x05\x02\x04\x02\x00\x00\x01\x02\x0b\x02\x00\x00\x02\x02\x12\x00\x07\x02"
    # 4: 2 popularity, 2 coins | pay 2 coins, 2 food | pay 2 popularity, Upgrade, 2 cards
    b"\x05\x01\x06\x01\x00\x00\x01\x04\x13\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 5: 1 popularity, 1 power | pay 4 coins, Deploy | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x07\x01\x00\x00\x01\x03\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 6: 2 popularity, 1 cards | pay 3 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x04\x02\x00\x00\x01\x02\x13\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 7: 1 popularity, 2 coins | pay 2 coins, Deploy | pay 1 popularity, 3 coins
    b"\x05\x02\x06\x01\x00\x00\x01\x01\x0b\x02\x00\x00\x02\x02\x09\x02\x07\x02"
    # 8: 2 popularity, 1 power | pay 1 coins, 2 food | pay 2 popularity, 2 metal, 2 cards
    b"\x05\x01\x00\x00\x00\x00\x01\x03\x14\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 9: 1 popularity | pay 3 coins, Build | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x04\x01\x00\x00\x01\x02\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 10: 2 popularity, 1 coins | pay 2 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x06\x01\x00\x00\x01\x04\x14\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 11: 1 popularity, 1 power | pay 4 coins, Build | pay 1 popularity, 3 coins
    b"\x05\x02\x07\x01\x00\x00\x01\x03\x0b\x02\x00\x00\x02\x02\x14\x00\x07\x02"
    # 12: 2 popularity, 1 cards | pay 3 coins, 2 food | pay 2 popularity, Build, 2 cards
    b"\x05\x01\x04\x01\x00\x00\x01\x02\x15\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 13: 1 popularity, 1 coins | pay 2 coins, Enlist | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x06\x01\x00\x00\x01\x01\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 14: 2 popularity, 1 power | pay 1 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x00\x00\x00\x00\x01\x03\x15\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 15: 1 popularity | pay 3 coins, Enlist | pay 1 popularity, 3 coins
    b"\x05\x02\x04\x02\x00\x00\x01\x02\x0b\x02\x00\x00\x02\x02\x09\x02\x07\x02"
    # 16: 2 popularity, 2 coins | pay 2 coins, 2 food | pay 2 popularity, 2 metal, 2 cards
    b"\x05\x01\x06\x01\x00\x00\x01\x04\x12\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 17: 1 popularity, 1 power | pay 4 coins, Upgrade | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x07\x01\x00\x00\x01\x03\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 18: 2 popularity, 1 cards | pay 3 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x04\x02\x00\x00\x01\x02\x12\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 19: 1 popularity, 2 coins | pay 2 coins, Upgrade | pay 1 popularity, 3 coins
    b"\x05\x02\x06\x01\x00\x00\x01\x01\x0b\x02\x00\x00\x02\x02\x12\x00\x07\x02"
    # 20: 2 popularity, 1 power | pay 1 coins, 2 food | pay 2 popularity, Upgrade, 2 cards
    b"\x05\x01\x00\x00\x00\x00\x01\x03\x13\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 21: 1 popularity | pay 3 coins, Deploy | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x04\x01\x00\x00\x01\x02\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 22: 2 popularity, 1 coins | pay 2 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x06\x01\x00\x00\x01\x04\x13\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 23: 1 popularity, 1 power | pay 4 coins, Deploy | pay 1 popularity, 3 coins
    b"\x05\x02\x07\x01\x00\x00\x01\x03\x0b\x02\x00\x00\x02\x02\x09\x02\x07\x02"
    # 24: 2 popularity, 1 cards | pay 3 coins, 2 food | pay 2 popularity, 2 metal, 2 cards
    b"\x05\x01\x04\x01\x00\x00\x01\x02\x14\x00\x00\x00\x02\x01\x09\x02\x04\x02"
    # 25: 1 popularity, 1 coins | pay 2 coins, Build | pay 1 popularity, 2 metal, 2 coins
    b"\x05\x02\x06\x01\x00\x00\x01\x01\x09\x02\x0c\x01\x02\x02\x06\x03\x07\x01"
    # 26: 2 popularity, 1 power | pay 1 coins, 2 metal, 1 worker | pay 2 popularity, 3 power, 1 cards
    b"\x05\x01\x00\x00\x00\x00\x01\x03\x14\x00\x00\x00\x02\x01\x04\x03\x00\x00"
    # 27: 1 popularity | pay 3 coins, Build | pay 1 popularity, 3 coins
    b"\x05\x02\x04\x02\x00\x00\x01\x02\x0b\x02\x00\x00\x02\x02\x14\x00\x07\x02"
    # 28: 2 popularity, 2 coins | pay 2 coins, 2 food | pay 2 popularity, Build, 2 cards
)

# ---- Factory cards: the top row of each (its bottom row is printed the same on all: "Move one
# unit up to two times"): a cost (coins, power or popularity, as a mat's top row) then up to 2
# gains, each at most an upgraded top-row action's.
MODEL_FACTORY = (   # card 1..12 (index 0..11), 6 bytes each
    b"\x01\x01\x06\x03\x00\x00"   # 1: pay 1 coins, 3 power
    b"\x03\x01\x04\x02\x07\x01"   # 2: pay 1 power, 2 coins, 1 cards
    b"\x02\x01\x07\x02\x00\x00"   # 3: pay 1 popularity, 2 cards
    b"\x03\x02\x05\x02\x00\x00"   # 4: pay 2 power, 2 popularity
    b"\x01\x01\x06\x02\x04\x01"   # 5: pay 1 coins, 2 power, 1 coins
    b"\x03\x01\x04\x02\x05\x01"   # 6: pay 1 power, 2 coins, 1 popularity
    b"\x02\x01\x06\x03\x00\x00"   # 7: pay 1 popularity, 3 power
    b"\x03\x02\x04\x02\x07\x01"   # 8: pay 2 power, 2 coins, 1 cards
    b"\x01\x01\x07\x02\x00\x00"   # 9: pay 1 coins, 2 cards
    b"\x03\x01\x05\x02\x00\x00"   # 10: pay 1 power, 2 popularity
    b"\x02\x01\x06\x02\x04\x01"   # 11: pay 1 popularity, 2 power, 1 coins
    b"\x03\x02\x04\x02\x05\x01"   # 12: pay 2 power, 2 coins, 1 popularity
)

_CARD_BYTES = const(18)     # bytes a model encounter card
_OPTION_BYTES = const(6)      # bytes an option (and a Factory card's top row)

# ---- objective cards: a goal the board can check, over the measures of the triumph track
# (M_*: upgrades, mechs, structures, recruits, workers on the board, popularity, power), whose
# full goals (TRACK) each give a star. A goal is (measure, at least) pairs: two measures at half
# their track each, or one at three quarters (never the track's own star).
M_UPGRADES = const(0)
M_MECHS = const(1)
M_STRUCTURES = const(2)
M_RECRUITS = const(3)
M_WORKERS = const(4)
M_POPULARITY = const(5)
M_POWER = const(6)
# all 6 upgrades, 4 mechs, 4 structures, 4 recruits, 8 workers, popularity 18, power 16
TRACK = b"\x06\x04\x04\x04\x08\x12\x10"
HALF = b"\x03\x02\x02\x02\x04\x09\x08"
THREE_QUARTERS = b"\x05\x03\x03\x03\x06\x0e\x0c"


def _objectives():
    out = bytearray()
    for a in range(7):            # the 21 pairs of measures, each at half its track
        for b in range(a + 1, 7):
            out += bytes((a, HALF[a], b, HALF[b]))
    for m in (M_MECHS, M_STRUCTURES):   # 2 single measures at three quarters
        out += bytes((m, THREE_QUARTERS[m], m, THREE_QUARTERS[m]))
    return bytes(out)


MODEL_OBJECTIVES = _objectives()   # card 1..23 (index 0..22): 4 bytes (measure, at least) x 2

# ---- the bounds (docs/scythe.md): the largest amount of each term (index: layout.TERM_*)
# in an encounter option; a Factory card's top row (gains: at most an upgraded top-row action).
ENC_MAX = b"\x00\x04\x02\x00\x03\x02\x03\x02\x02\x02\x02\x02\x01\x00\x00\x00\x00\x00\x01\x01\x01\x01"
FACTORY_MAX = b"\x00\x01\x01\x02\x02\x02\x03\x02"
_COSTS = (1, 2, 3)                 # TERM_PAY_COINS, _POPULARITY, _POWER
_ACTIONS = const(18)               # TERM_UPGRADE..TERM_ENLIST: actions (amount 0)


def encounter(c, o):
    """Option o (0-2) of model encounter card c: ((term, amount), ...)."""
    return _terms(MODEL_ENCOUNTERS, _CARD_BYTES * c + _OPTION_BYTES * o)


def factory(f):
    """Model Factory card f's top row: ((term, amount), ...)."""
    return _terms(MODEL_FACTORY, _OPTION_BYTES * f)


def _terms(table, i):
    out = []
    for k in range(i, i + _OPTION_BYTES, 2):
        if table[k]:
            out.append((table[k], table[k + 1]))
    return tuple(out)


def option_within_bounds(terms, factory_row=False):
    """True if an option (or, factory_row, a Factory card's top row) keeps to the bounds: at
    most one cost, first; 1 to 2 gains (at most one action, none on a Factory card); every
    amount from 1 to its largest (an action's 0)."""
    top = FACTORY_MAX if factory_row else ENC_MAX
    costs = gains = actions = 0
    for i in range(len(terms)):
        t, a = terms[i]
        if t >= _ACTIONS and not factory_row and t < len(top):
            if a != 0:
                return False
            actions += 1
            gains += 1
            continue
        if t >= len(top) or not top[t] or not 1 <= a <= top[t]:
            return False
        if t in _COSTS:
            if i != 0:
                return False
            costs += 1
        else:
            gains += 1
    if factory_row and costs != 1:
        return False
    return costs <= 1 and 1 <= gains <= 2 and actions <= 1


def card_within_bounds(c):
    """Model encounter card c: 3 options within the bounds, the first without a cost."""
    return (all(option_within_bounds(encounter(c, o)) for o in range(3))
            and encounter(c, 0)[0][0] not in _COSTS)


def objective_within_bounds(g):
    """Model objective g: two different measures at half their track each, or one measure at
    three quarters of it."""
    goal = MODEL_OBJECTIVES[4 * g:4 * g + 4]
    a, x, b, y = goal[0], goal[1], goal[2], goal[3]
    if a > 6 or b > 6:
        return False
    if a == b:
        return x == y and TRACK[a] // 2 <= x <= THREE_QUARTERS[a] < TRACK[a]
    return x <= HALF[a] and y <= HALF[b] and x >= 1 and y >= 1



def _placed(s, o, k):
    n = 0
    for i in range(o, o + k):
        if s[i] != _NOWHERE:
            n += 1
    return n


def measure(st, p, m):
    """Player p's measure m now (M_*)."""
    s = st.s
    o = _P0 + _PSZ * p
    if m == M_UPGRADES:
        return popcount(s[o + _P_TOPUP])
    if m == M_MECHS:
        return _placed(s, o + _P_UNITS + _U_MECH, 4)
    if m == M_STRUCTURES:
        return _placed(s, o + _P_STRUCT, 4)
    if m == M_RECRUITS:
        return popcount(s[o + _P_RECRUITS])
    if m == M_WORKERS:
        return _placed(s, o + _P_UNITS + _U_WORKER, 8)
    if m == M_POPULARITY:
        return s[o + _P_POP]
    return s[o + _P_POWER]


def goal_met(st, p, g):
    """True when player p meets model objective g's goal now."""
    g *= 4
    goal = MODEL_OBJECTIVES
    return measure(st, p, goal[g]) >= goal[g + 1] and measure(st, p, goal[g + 2]) >= goal[g + 3]
