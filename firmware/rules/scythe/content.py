# The names and numbers of Scythe's components (the source of the private constant copies
# in the engine's modules, tools/gen_consts.py); the printed rows themselves are in
# tables.py. Transcribed from ../shared/data/scythe-components.md (confidence high unless a
# comment says otherwise).
# Abilities are composable flags: a later faction, Fenris' Vesna or a mech mod adds a row,
# not code. Card texts the sources do not give (encounters, Factory cards, objectives) are
# not here: they are played the physical way (docs/scythe.md), by number only.
from ..compat import const
from .names import FACTION_NAMES, INFRA_NAMES, MAT_NAMES  # noqa: F401  (this module's names too)

# Resources, in the order of the bottom-row actions that spend them (Upgrade: oil, Deploy:
# metal, Build: wood, Enlist: food).
R_OIL = const(0)
R_METAL = const(1)
R_WOOD = const(2)
R_FOOD = const(3)
RESOURCES = ("oil", "metal", "wood", "food")
# What a worker produces on a village (tables.PRODUCES: per terrain).
PRODUCE_WORKER = const(4)


# Top-row actions; the structure under each (Mine under Move, Mill under Produce, Armory
# under Trade, Monument under Bolster) has the same index.
TA_MOVE = const(0)
TA_TRADE = const(1)
TA_PRODUCE = const(2)
TA_BOLSTER = const(3)
TOP_ACTIONS = ("move", "trade", "produce", "bolster")
STRUCTURES = ("mine", "armory", "mill", "monument")
# Bottom-row actions (every mat, left to right); section i has bottom action i.
BA_UPGRADE = const(0)
BA_DEPLOY = const(1)
BA_BUILD = const(2)
BA_ENLIST = const(3)
BOTTOM_ACTIONS = ("upgrade", "deploy", "build", "enlist")

# The six upgradeable top-row boxes (a cube taken from one improves that benefit by 1).
UP_MOVE_UNITS = const(0)     # Move: 2 units -> 3
UP_MOVE_COINS = const(1)     # Gain: $1 -> $2
UP_TRADE_POP = const(2)      # Trade: 1 popularity -> 2
UP_PRODUCE = const(3)        # Produce: 2 territories -> 3
UP_BOLSTER_POWER = const(4)  # Bolster: 2 power -> 3
UP_BOLSTER_CARDS = const(5)  # Bolster: 1 combat card -> 2
N_UPGRADES = const(6)
N_COMBAT_CARDS = const(42)   # 16 of value 2, 12 of 3, 8 of 4, 6 of 5 (tables.COMBAT_CARDS)

# Faction abilities (the faction mat's corner).
AB_SWIM = const(1)         # Nordic: workers may cross rivers
AB_RELENTLESS = const(2)   # Rusviet: may choose the same section as last turn
AB_COERCION = const(3)     # Crimea: once per turn, a combat card as any 1 resource
AB_DOMINATE = const(4)     # Saxony: no limit on combat or objective stars
AB_MEANDER = const(5)      # Polania: up to 2 options per encounter
AB_EXALT = const(6)        # Albion (Invaders from Afar): Flags
AB_MAIFUKU = const(7)      # Togawa (Invaders from Afar): Traps
AB_INFLUENCE = const(8)    # Fenris (The Rise of Fenris): Influence tokens after the character's move
AB_HAD = const(0x80)       # has_ability(p, AB_x | AB_HAD): had it (a flipped Alliance token; fenris_hooks)

# Mech abilities as flags: a unit's abilities are the OR of the rows of its deployed mechs.
M_RIVERWALK = const(0x0001)    # character and mechs cross rivers onto the faction's 2 terrains
M_SPEED = const(0x0002)        # character and mechs: one more territory per move
M_SEAWORTHY = const(0x0004)    # onto and off lakes; retreat onto an adjacent lake
M_SUBMERGE = const(0x0008)     # onto and off lakes; lake to any lake
M_TOWNSHIP = const(0x0010)     # controlled villages and the Factory adjacent
M_UNDERPASS = const(0x0020)    # controlled mountains and all tunnels adjacent
M_WAYFARE = const(0x0040)      # to own or an inactive faction's home base from anywhere
M_ARTILLERY = const(0x0080)    # before combat: pay 1 power, the opponent loses 2
M_DISARM = const(0x0100)       # combat on a tunnel or own Mine: the opponent loses 2 power
M_SCOUT = const(0x0200)        # before combat: steal one of the opponent's cards at random
M_PEOPLES_ARMY = const(0x0400)  # one more combat card with at least 1 worker in the combat
M_CAMARADERIE = const(0x0800)  # no popularity lost for workers retreated by winning as attacker
# Invaders from Afar (data only: their factions are not playable yet)
M_BURROW = const(0x1000)
M_RALLY = const(0x2000)
M_SWORD = const(0x4000)
M_SHIELD = const(0x8000)
M_TOKA = const(0x10000)
M_SHINOBI = const(0x20000)
M_RONIN = const(0x40000)
M_SUITON = const(0x80000)
# Fenris's printed mech abilities (The Rise of Fenris; fenris_faction.py)
M_LEAP = const(0x100000)       # move over a territory onto the next in a straight line
M_HORRIFY = const(0x200000)    # an Influence token to an opponent for each unit it forced to retreat
M_DEATH_RAY = const(0x400000)  # any number of combat cards of one value
M_FANATICAL = const(0x800000)  # mechs and character to any non-adjacent territory with an Influence token
M_MOVE_MASK = const(0x007F)    # the flags that change movement (the rest: combat)

N_BASE_FACTIONS = const(5)    # the base game's: Albion and Togawa are data only
N_ALL_FACTIONS = const(9)     # with The Rise of Fenris's Vesna (7) and Fenris (8)
FACTION_VESNA = const(7)
FACTION_FENRIS = const(8)

# Recruit one-time bonuses (faction mat; every faction): 2 power, 2 coins, 2 popularity,
# 2 combat cards.
OT_POWER = const(0)
OT_COINS = const(1)
OT_POPULARITY = const(2)
OT_CARDS = const(3)
ONE_TIME_AMOUNT = const(2)


# Units per player.
N_WORKERS = const(8)
START_WORKERS = const(2)
N_MECHS = const(4)
N_STRUCTURES = const(4)
N_RECRUITS = const(4)

# Decks and tracks.
N_OBJECTIVES = const(23)             # texts unknown (by number only)
OBJ_23 = const(22)                   # Objective 23 (its index): out with the Peace Triumph Track
N_FACTORY_CARDS = const(12)          # texts unknown
N_ENCOUNTER_CARDS = const(28)        # texts unknown (confidence medium)
MAX_POWER = const(16)
MAX_POPULARITY = const(18)
MAX_DIAL = const(7)

# The triumph track: achievements, each a bit of a player's star mask, except combat
# victories and objectives (counts: 2 and 1 at most, no limit with Dominate).
S_UPGRADES = const(0)
S_MECHS = const(1)
S_STRUCTURES = const(2)
S_RECRUITS = const(3)
S_WORKERS = const(4)
S_POPULARITY = const(5)
S_POWER = const(6)
STAR_NAMES = ("upgrades", "mechs", "structures", "recruits", "workers", "popularity", "power")
MAX_COMBAT_STARS = const(2)
MAX_OBJECTIVE_STARS = const(1)
DOMINATE_OBJECTIVE_STARS = const(2)
END_STARS = const(6)

# End-game coins by popularity tier (tables.TIER_TOPS ...): the Factory counts as 3
# territories.
FACTORY_TERRITORIES = const(3)

# Structure bonus tiles (base game: 6; their payouts: tables.STRUCTURE_BONUS): what each
# counts.
SB_NEAR_TUNNELS = const(0)      # tunnel territories next to one of your structures
SB_NEAR_LAKES = const(1)        # lakes next to one of your structures
SB_NEAR_ENCOUNTERS = const(2)   # encounter territories (printed icon) next to a structure
SB_ON_TUNNELS = const(3)        # structures on tunnel territories
SB_LINE = const(4)              # structures in the longest straight line of adjacent hexes
SB_FARMS_TUNDRA = const(5)      # structures on farms and tundra


# The rows of tables.FACTIONS and tables.MATS: FACTION_NAMES and MAT_NAMES (names.py).
# The mech abilities by their names on the faction mats (M_* bit order; proper names, the same in
# every language: the log, the page's panel and the laptop's view).
MECH_NAMES = ("Riverwalk", "Speed", "Seaworthy", "Submerge", "Township", "Underpass", "Wayfare",
              "Artillery", "Disarm", "Scout", "People's Army", "Camaraderie", "Burrow", "Rally",
              "Sword", "Shield", "Toka", "Shinobi", "Ronin", "Suiton", "Leap", "Horrify", "Death Ray",
              "Fanatical")
# The Infrastructure Mods: INFRA_NAMES (names.py); Automachines doubles production for a turn.
INFRA_AUTOMACHINES = const(4)
N_FACTIONS = const(7)
FACTION_SIZE = const(4)
FA_POWER = const(0)
FA_CARDS = const(1)
FA_ABILITY = const(2)
FA_RIVERWALK = const(3)
MAT_SIZE = const(19)
MAT_ORDER = const(0)
MAT_POP = const(1)
MAT_COINS = const(2)
MAT_TOP = const(3)         # + section
MAT_BOTTOM = const(7)      # + 3 * bottom action: start cost, then + 1 fully upgraded cost, + 2 coins


# The Rise of Fenris (docs/fenris.md): its modules, each an on/off option of the Scythe ruleset
# (Ruleset.new_options, a game-name word: `scythe+war`) and a bit of the module block's F_MODS
# (layout.F_*). MODULES is in bit order.
MOD_MECHMODS = const(0x0001)
MOD_INFRA = const(0x0002)
MOD_WAR = const(0x0004)
MOD_PEACE = const(0x0008)
MOD_TILES = const(0x0010)
MOD_RIVALS = const(0x0020)
MOD_ALLIANCES = const(0x0040)
MOD_VESNA = const(0x0080)
MOD_FENRIS = const(0x0100)
MOD_TESLA = const(0x0200)
MOD_MADTESLA = const(0x0400)
MOD_DESOLATION = const(0x0800)
MOD_HARDER = const(0x1000)      # Desolation's Harder variant (refused without desolation)
MOD_SEARCH = const(0x2000)      # Episode 7's Search for Tesla (refused without tesla; fenris_search.py)
MOD_NEWERA = const(0x4000)      # Episode 8a's A New Era (refused without tiles and tesla; fenris_newera.py)
MOD_BONUSES = const(0x8000)     # a campaign episode's Setup Bonuses (fenris_bonuses.py)
MOD_AGENTS = const(0x10000)     # Episode 4's Fenris agents (fenris_agents.py; bits 16-23: F_MODS_HI)
MOD_WARSETUP = const(0x20000)   # Episode 2a's setup changes (refused without war; fenris_warsetup.py)
MOD_EXTRAOBJ = const(0x40000)   # Episode 1's revealed objective (fenris_extraobj.py)
MOD_PERKS = const(0x80000)      # a campaign episode's Perks (fenris_perks.py)
MOD_FORTRESS = const(0x100000)  # Episode 5's Factory Fortress (fenris_fortress.py)
MOD_PLEA = const(0x200000)      # Episode 3's search of the Factory for Vesna (fenris_plea.py)
MOD_OWNED = const(0x400000)     # a campaign episode: the Mods on the Campaign Log (fenris_mods.py,
                                # fenris_infra.py; refused without mechmods or infra)
N_MODULES = const(23)
MODULES = ("mechmods", "infra", "war", "peace", "tiles", "rivals", "alliances", "vesna", "fenris",
           "tesla", "madtesla", "desolation", "harder", "search", "newera", "bonuses", "agents",
           "warsetup", "extraobj", "perks", "fortress", "plea", "owned")

# Triumph Track categories (docs/fenris.md C4): 0-6 are the base achievements (S_*, the same
# numbers), then the counted ones and the modules' own. A track is a list of category slots
# (fenris.py: base, War, Peace); a player's achievement stars are a bit mask over the track's
# slots that are not counted (P_STARS: bit i = the i-th such slot; the base track's are S_*).
CAT_OBJECTIVE = const(7)
CAT_COMBAT = const(8)
CAT_UP_OR_STRUCT = const(9)       # War: 6 upgrades OR 4 structures
CAT_CARDS8 = const(10)            # War: 8 combat cards in hand at the end of your turn
CAT_MECHS_OR_RECRUITS = const(11)  # Peace: 4 mechs OR 4 recruits
CAT_ENC3 = const(12)              # Peace: 3 encounter tokens claimed
CAT_POP13 = const(13)             # Peace: 13 popularity
CAT_FACTORY = const(14)           # Peace: a Factory card (the star at the end of the turn)
CAT_RES16 = const(15)             # Peace: 16 resources controlled in all
CAT_5STARS = const(16)            # the Desolation's 5-star tile: "place your 6th star on it immediately after
                                  # you place your 5th star"
CATEGORY_NAMES = STAR_NAMES + ("objective", "combat", "upgrades or structures", "8 combat cards",
                               "mechs or recruits", "3 encounters", "13 popularity", "Factory card",
                               "16 resources", "5 stars")
