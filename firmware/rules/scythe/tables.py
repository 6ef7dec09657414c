# The printed rows of Scythe's faction mats, player mats, decks and scoring tables
# (content.py names their numbers), transcribed from ../shared/data/scythe-components.md.
# Abilities are composable flags: a later faction, Fenris' Vesna or a mech mod adds a row,
# not code. Card texts the sources do not give (encounters, Factory cards, objectives) are
# not here: they are played the physical way (docs/scythe.md).
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_COERCION = const(3)
_AB_DOMINATE = const(4)
_AB_EXALT = const(6)
_AB_MAIFUKU = const(7)
_AB_MEANDER = const(5)
_AB_RELENTLESS = const(2)
_AB_SWIM = const(1)
_M_ARTILLERY = const(128)
_M_BURROW = const(4096)
_M_CAMARADERIE = const(2048)
_M_DISARM = const(256)
_M_PEOPLES_ARMY = const(1024)
_M_RALLY = const(8192)
_M_RIVERWALK = const(1)
_M_RONIN = const(262144)
_M_SCOUT = const(512)
_M_SEAWORTHY = const(4)
_M_SHIELD = const(32768)
_M_SHINOBI = const(131072)
_M_SPEED = const(2)
_M_SUBMERGE = const(8)
_M_SUITON = const(524288)
_M_SWORD = const(16384)
_M_TOKA = const(65536)
_M_TOWNSHIP = const(16)
_M_UNDERPASS = const(32)
_M_WAYFARE = const(64)
_OT_CARDS = const(3)
_OT_COINS = const(1)
_OT_POPULARITY = const(2)
_OT_POWER = const(0)
_PRODUCE_WORKER = const(4)
_R_FOOD = const(3)
_R_METAL = const(1)
_R_OIL = const(0)
_R_WOOD = const(2)
_SB_FARMS_TUNDRA = const(5)
_SB_LINE = const(4)
_SB_NEAR_ENCOUNTERS = const(2)
_SB_NEAR_LAKES = const(1)
_SB_NEAR_TUNNELS = const(0)
_SB_ON_TUNNELS = const(3)
_TA_BOLSTER = const(3)
_TA_MOVE = const(0)
_TA_PRODUCE = const(2)
_TA_TRADE = const(1)
# -- end of private copies --

# What a worker produces on each terrain (board.TERRAINS order); _PRODUCE_WORKER on a
# village, 255 nothing.
PRODUCES = bytes((255, _R_FOOD, _PRODUCE_WORKER, _R_OIL, _R_WOOD, _R_METAL, 255, 255))


_F = 1 << 1   # terrain bits for Riverwalk: 1 << board terrain (farm 1, village 2, tundra 3,
_V = 1 << 2   # forest 4, mountain 5)
_T = 1 << 3
_W = 1 << 4
_M = 1 << 5

# Factions, in seating order (clockwise: Nordic, Rusviet, Crimea, Saxony, Polania), then the
# two of Invaders from Afar (content.FACTION_NAMES): start power, start combat cards,
# faction ability, Riverwalk terrain bits (content.FACTION_SIZE bytes each).
FACTIONS = bytes((
    4, 1, _AB_SWIM, _W | _M,         # Nordic
    3, 2, _AB_RELENTLESS, _F | _V,   # Rusviet
    5, 0, _AB_COERCION, _F | _T,     # Crimea
    1, 4, _AB_DOMINATE, _W | _M,     # Saxony
    2, 3, _AB_MEANDER, _V | _M,      # Polania
    3, 0, _AB_EXALT, 0,              # Albion
    0, 2, _AB_MAIFUKU, 0,            # Togawa
))
# The 4 mech abilities of each faction mat, left to right.
MECH_ABILITIES = (
    _M_RIVERWALK, _M_SEAWORTHY, _M_SPEED, _M_ARTILLERY,
    _M_RIVERWALK, _M_TOWNSHIP, _M_SPEED, _M_PEOPLES_ARMY,
    _M_RIVERWALK, _M_WAYFARE, _M_SPEED, _M_SCOUT,
    _M_RIVERWALK, _M_UNDERPASS, _M_SPEED, _M_DISARM,
    _M_RIVERWALK, _M_SUBMERGE, _M_SPEED, _M_CAMARADERIE,
    _M_BURROW, _M_RALLY, _M_SWORD, _M_SHIELD,
    _M_TOKA, _M_SHINOBI, _M_RONIN, _M_SUITON,
)


# Recruit ongoing bonus of each bottom-row section (the circle under Upgrade, Deploy, Build,
# Enlist): power, coin, popularity, combat card, 1 each. NOT in ../shared/data (the rulebook
# says only "the bonus in the circle"): the printed mats as widely documented; confidence
# medium. A data row: correct it here if a printed mat differs.
ONGOING = (_OT_POWER, _OT_COINS, _OT_POPULARITY, _OT_CARDS)


# Player mats (content.MAT_NAMES; content.MAT_SIZE bytes each): turn-order key (label x 10,
# "a" + 5), popularity, coins, the top-row action of each section left to right, then
# (start cost, fully upgraded cost, coins) of Upgrade, Deploy, Build, Enlist.
MATS = bytes((
    # Industrial
    10, 2, 4, _TA_BOLSTER, _TA_PRODUCE, _TA_MOVE, _TA_TRADE,
    3, 2, 3, 3, 1, 2, 3, 2, 1, 4, 2, 0,
    # Engineering
    20, 2, 5, _TA_PRODUCE, _TA_TRADE, _TA_BOLSTER, _TA_MOVE,
    3, 2, 2, 4, 2, 0, 3, 1, 3, 3, 2, 1,
    # Militant
    25, 3, 4, _TA_BOLSTER, _TA_MOVE, _TA_PRODUCE, _TA_TRADE,
    3, 1, 0, 3, 2, 3, 4, 3, 1, 3, 1, 2,
    # Patriotic
    30, 2, 6, _TA_MOVE, _TA_BOLSTER, _TA_TRADE, _TA_PRODUCE,
    2, 2, 1, 4, 1, 3, 4, 2, 0, 3, 2, 2,
    # Innovative
    35, 3, 5, _TA_TRADE, _TA_PRODUCE, _TA_BOLSTER, _TA_MOVE,
    3, 3, 3, 3, 2, 1, 4, 1, 2, 3, 1, 0,
    # Mechanical
    40, 3, 6, _TA_TRADE, _TA_BOLSTER, _TA_MOVE, _TA_PRODUCE,
    3, 2, 0, 3, 1, 2, 3, 2, 2, 4, 2, 2,
    # Agricultural
    50, 4, 7, _TA_MOVE, _TA_TRADE, _TA_PRODUCE, _TA_BOLSTER,
    2, 2, 1, 4, 2, 0, 4, 2, 2, 3, 1, 3,
))
BASE_MATS = bytes((0, 1, 3, 5, 6))   # the base game's five (2a and 3a: Invaders from Afar)


# Produce's extra cost as workers leave the mat (the red boxes they uncover): with at least
# 4 workers on the board 1 power, at least 6 also 1 popularity, 8 also 1 coin. NOT in
# ../shared/data: the printed mat as documented by players' guides; confidence medium.
# (workers on the board at least, power, popularity, coins)
PRODUCE_COSTS = ((4, 1, 0, 0), (6, 0, 1, 0), (8, 0, 0, 1))


COMBAT_CARDS = (16, 12, 8, 6)        # cards of value 2, 3, 4, 5: 42


# End-game coins by popularity tier (0-6, 7-12, 13-18): per star, per territory, per 2
# resources.
TIER_TOPS = (6, 12, 18)
COINS_STAR = (3, 4, 5)
COINS_TERRITORY = (2, 3, 4)
COINS_RESOURCES = (1, 2, 3)


# Structure bonus tiles: (what is counted, coins by count 0, 1, 2, ...: the last entry for
# any larger count). Payouts: confidence medium-low (scythe-components.md).
STRUCTURE_BONUS = (
    (_SB_NEAR_TUNNELS, (0, 2, 4, 4, 6, 6, 9)),
    (_SB_NEAR_LAKES, (0, 2, 4, 4, 6, 6, 9)),
    (_SB_NEAR_ENCOUNTERS, (0, 2, 4, 4, 6, 6, 9)),
    (_SB_ON_TUNNELS, (0, 2, 4, 6)),
    (_SB_LINE, (0, 2, 4, 6, 9)),
    (_SB_FARMS_TUNDRA, (0, 2, 4, 6, 9)),
)


def structure_bonus_coins(tile, count):
    table = STRUCTURE_BONUS[tile][1]
    return table[count if count < len(table) else len(table) - 1]
