# The Scythe game state: one bytearray, its offsets, stages, decision kinds and options.
# The first 4 bytes are the core's (players, stage, kind, decider).
from ..compat import const

# ---- decision kinds ----------------------------------------------------------------------
K_DEAL_FACTION = const(1)    # chance: the faction mat of the next player
K_DEAL_MAT = const(2)        # chance: the player mat of the next player
K_MODEL_OBJECTIVE = const(3)  # chance: a model objective card dealt (the model deck; was K_DRAW_CARD)
K_OBJECTIVE = const(4)       # the number (0-22) of the objective card revealed (was K_DEAL_OBJECTIVE)
K_DEAL_TILE = const(5)       # chance: the structure bonus tile (0-5)
K_SECTION = const(6)         # the player-mat section (0-3)
K_TOP = const(7)             # O_SKIP, O_FIRST, O_SECOND (the action's two options), O_OBJ1
K_MOVE_UNIT = const(8)       # a unit (U_CHARACTER, U_MECH + i, U_WORKER + i) or MOVE_DONE
K_MOVE_TO = const(9)         # the destination space
K_CARRY = const(10)          # how many workers (a mech), then of each resource, go along
K_TRADE_RES = const(11)      # the resource gained (content.R_*)
K_PLACE = const(12)          # the territory it is placed on
K_PRODUCE_AT = const(13)     # a territory that produces, or SPACE_DONE
K_PAY_FROM = const(14)       # the territory a resource is paid from (PAY_CARD + v: a card shown)
K_BOTTOM = const(15)         # O_SKIP, O_FIRST (take it), O_OBJ1
K_UPGRADE_TOP = const(16)    # the top-row box a cube leaves (content.UP_*)
K_UPGRADE_BOTTOM = const(17)  # the bottom-row action whose cost it covers (0-3)
K_DEPLOY_MECH = const(18)    # which mech of the faction mat (0-3: its ability)
K_DEPLOY_AT = const(19)      # the territory
K_BUILD_WHICH = const(20)    # which structure (content.STRUCTURES order)
K_BUILD_AT = const(21)       # the territory
K_ENLIST_SECTION = const(22)  # the section whose recruit is enlisted (0-3)
K_ENLIST_BONUS = const(23)   # the one-time bonus space (content.OT_*)
K_COMBAT_AT = const(24)      # the territory of the next combat (the attacker's order)
K_DIAL = const(25)           # power on the dial (secret)
K_CARD = const(26)           # a combat card behind the dial: 0 none, else its value (secret)
K_ARTILLERY = const(27)      # before combat: 1 pay 1 power, the opponent loses 2; 0 not
K_MODEL_ENCOUNTER = const(28)  # chance: the model encounter card drawn (the model deck; was K_STEAL)
K_TERM = const(29)           # an encounter, the physical way: a term of the chosen option
K_AMOUNT = const(30)         # its amount (1-7)
K_FACTORY_CARD = const(31)   # the Factory card taken, by number (0-11: texts unknown)
K_OVER = const(32)
K_END = const(33)            # the end of the turn: O_SKIP, or reveal an objective (O_OBJ1)
K_RETREAT = const(34)        # the loser's retreat (Seaworthy): its home base or a lake next to the combat
K_ENC_OPTION = const(35)     # which option of the model encounter card (0-2; ENC_DONE: no second)
K_TRIUMPH_TILE = const(36)   # chance: a Triumph Tile (The Rise of Fenris: fenris.TILES' index)
K_RIVAL = const(37)          # Rivals (setup, secret): one more star on this seat's home base, or RIVAL_DONE
K_RIVAL_STAR = const(38)     # Rivals: a combat star's source: a seat's home base, or RIVAL_SUPPLY
K_ALLY_PROPOSE = const(39)   # Alliances, at the start of a turn: a seat proposed to, or ALLY_NONE
K_ALLY_ANSWER = const(40)    # Alliances: the proposed player's answer (0 no, 1 yes)
K_ALLY_COINS = const(41)     # Alliances, printed tokens: the coins on the token received (0-15)
K_MOD_DRAWN = const(42)      # chance, Mech Mods: the mod drawn (its ability's bit: content.M_* = 1 << it)
K_MOD_SLOT = const(43)       # Mech Mods: the faction mat's slot (0-3) a drawn mod covers, or MOD_SKIP
K_INFRA_DRAWN = const(44)    # chance, Infrastructure Mods: the mod drawn (content.INFRA_NAMES' index)
K_INFRA_KEEP = const(45)     # Infrastructure Mods: keep the drawn mod (1) or discard it (0)
K_DEAL_BASE = const(46)      # chance, Fenris (Vesna): the home base it takes (0-6, a base no faction uses)
K_INFLUENCE = const(47)      # Fenris, after its character's move: an Influence token there (1) or not (0)
K_INFLUENCE_AT = const(48)   # Fenris: the second Influence token's territory, or SPACE_DONE
K_HORRIFY = const(49)        # Fenris, Horrify: how many Influence tokens to the opponent it forced back
K_VESNA_CARD = const(50)     # chance, Vesna: a starting Factory card (0-11, one no one holds)
K_VESNA_TOKEN = const(51)    # chance, Vesna: a mech ability token drawn (its ability's bit, content.M_*)
K_VESNA_SLOT = const(52)     # Vesna: the faction mat's slot (0-3) a drawn token covers, or MOD_SKIP
K_VESNA_POWER = const(53)    # Vesna, printed parts: the start power her faction mat shows (0-7)
K_VESNA_CARDS = const(54)    # Vesna, printed parts: the combat cards her faction mat shows (0-4)
K_SEEN_CARD = const(55)      # chance, Mad Tesla's setup: a combat card turned face up from the deck
                             # onto the discard pile (its value - 2, 0-3)
K_MT_DIRECTION = const(56)   # chance (a die at the table), Mad Tesla: the direction he moves (0-5,
                             # board.DIRECTIONS)
K_MT_DIE = const(57)         # chance (a die at the table), Mad Tesla's combat: the number added (1-6
                             # model; 0-9 at the table)
K_MT_RETREAT = const(58)     # Mad Tesla beaten on the Factory: the winner's choice of an unoccupied
                             # territory next to it
K_DES_DIRECTION = const(59)  # chance (the blue die at the table), the Desolation: the direction all its
                             # units move (0-5, board.DIRECTIONS)
K_DES_DIE = const(60)        # chance (the orange die at the table), a combat with the Desolation: the
                             # number added to its power (1-6 model; 0-9 at the table)
K_DES_DIAL = const(61)       # a combat with the Desolation, in the open: the power the dialer spends
K_DES_CARD = const(62)       # ... a combat card an involved player adds (its value), or 0: no more
K_DES_DIALER = const(63)     # ... which involved player spends power (its seat)
K_DES_STAR = const(64)       # ... which involved player places the combat star (its seat)
K_DES_COMBAT_AT = const(65)  # the Desolation's turn: which of its combats comes next (a territory)
K_TESLA_START = const(66)    # chance, Episode 8a (newera): the seat who found Tesla in Episode 7 (he
                             # begins on its home base; a campaign's keeper fixes it)
K_SETUP_BONUS = const(67)    # chance, a campaign episode (bonuses): a seat's Setup Bonus, SETUP_I =
                             # 3 * seat + (0 coins, 1 power, 2 popularity): the campaign's keeper fixes it
K_AGENT_PAY = const(68)      # Episode 4 (agents): the power (then the popularity) paid to subdue Fenris
                             # agents, the coins the rest (fenris_agents.py)
K_EXTRA_OBJ = const(69)      # chance, Episode 1 (extraobj): the objective card revealed beside the Triumph
                             # Track (its number; the model deck: a model card no one holds)
K_PERK = const(70)           # chance, a campaign episode (perks): a seat's Perk this episode (0-6,
                             # PERK_NONE), SETUP_I its seat: the campaign's keeper fixes it (fenris_perks.py)
K_PERK_RES = const(71)       # the +2 resources Perk: a resource chosen (twice; layout's resource order)
K_PERK_AT = const(72)        # the +2 resources or +1 Worker Perk: which starting territory
K_ANN_ROLL = const(73)       # chance, Episode 5 (fortress): one of the two six-sided dice rolled for the
                             # Annihilator's power (at its reveal, then each of its turns)
K_ANN_DIE = const(74)        # ... its controller chooses which die is its combat power (the die's number)
K_PLEA_DRAW = const(75)      # chance, Episode 3 (plea): 1 if the Vesna card is among the Factory cards drawn,
                             # else 0 (weights: the cards drawn, the others in the deck)
K_PLEA_CARD = const(76)      # ... not among them: a Factory card taken from those revealed (its number), or
                             # SPACE_DONE none
K_VESNA_MOD = const(77)      # Vesna, Mech Mods (not `owned`): a drawn mod kept (1) to choose with her
                             # tokens, or set aside (0); at most 2 kept (fenris_vesna.py)
N_KINDS = const(78)

# ---- options -----------------------------------------------------------------------------
O_SKIP = const(0)
O_FIRST = const(1)
O_SECOND = const(2)
O_OBJ1 = const(3)            # reveal an objective card held (its number next: K_OBJECTIVE)
O_INFRA = const(2)           # Infrastructure Mods: K_BOTTOM, the action without its cost (Machinery,
                             # Assembly Line, Construction, Recruitment Office); K_TOP at Produce,
                             # Automachines: the mod flipped
U_CHARACTER = const(0)
U_MECH = const(1)            # 1..4
U_WORKER = const(5)          # 5..12
N_UNITS = const(13)
MOVE_DONE = const(13)
U_TESLA = const(14)          # K_MOVE_UNIT: Tesla (fenris_tesla.py), his finder's unit off its block
TESLA_TAG = const(85)        # his miniature's tag: the one after the seats' 17 x 5 (ruleset.py)
DES_TAG = const(86)          # the Desolation's 4 mechs and character: tags 86-90 (its unit k of F_DES is
                             # 86 + k; its sixth, the Tesla miniature, is TESLA_TAG)
DES_OWNER = const(7)         # the protocol's lift/place p of the Desolation's units (k: 0-4)
INFL_TAG = const(91)         # Fenris's 16 Influence tokens: tags 91-106, token k of F_INFL is 91 + k
N_INFL = const(16)           # "Place all 16 Influence tokens in your supply"
INFL_OWNER = const(6)        # the protocol's lift/place p of an Influence token (k: 0-15)
PER_PLAYER = const(17)       # the tags of a seat: character, 4 mechs, 8 workers, 4 structures
SPACE_DONE = const(60)
# The terms of an encounter option as printed (the card texts are not in the sources: the
# player reads the card and states each term of the option chosen, the board checks it and
# applies it). TERM_DONE ends the option.
TERM_DONE = const(0)
TERM_PAY_COINS = const(1)
TERM_PAY_POPULARITY = const(2)
TERM_PAY_POWER = const(3)
TERM_GAIN_COINS = const(4)
TERM_GAIN_POPULARITY = const(5)
TERM_GAIN_POWER = const(6)
TERM_GAIN_CARDS = const(7)
TERM_GAIN_RESOURCE = const(8)   # 8..11: oil, metal, wood, food on the character's territory
TERM_GAIN_WORKERS = const(12)   # from the mat onto the character's territory
TERM_PAY_RESOURCE = const(13)   # 13..16: oil, metal, wood, food from controlled territories
TERM_PAY_CARDS = const(17)      # combat cards, chosen a card at a time (K_PAY_FROM PAY_CARD + v)
# Terms that are actions (no amount): the engine runs the action without its cost, coins or
# recruit bonuses; a mech or structure goes on the character's territory.
TERM_UPGRADE = const(18)
TERM_DEPLOY = const(19)
TERM_BUILD = const(20)
TERM_ENLIST = const(21)
N_TERMS = const(22)
PAY_CARDS_TYPE = const(4)       # PAY_TYPE of a payment in combat cards (0-3: resources)
MAX_TERMS = const(4)            # terms one option may state (an encounter with Meander: 2 options)
ENC_DONE = const(3)          # K_ENC_OPTION: no second option (Meander)
OBJ_NOT_MET = const(31)      # K_OBJECTIVE, printed cards: the table judged none held met (no star)
RIVAL_DONE = const(5)        # K_RIVAL: no more stars on home bases (the options 0-4 are seats)
RIVAL_SUPPLY = const(5)      # K_RIVAL_STAR: the star from the player's own supply
ALLY_NONE = const(5)         # K_ALLY_PROPOSE: no proposal this turn (the options 0-4 are seats)
MOD_SKIP = const(4)          # K_MOD_SLOT: the drawn mod is not placed (discarded)
MODS_DONE = const(31)        # K_MOD_DRAWN, K_INFRA_DRAWN with `owned`: no more Mods from the Campaign Log
PAY_CARD = const(60)         # 62..65: a combat card of value 2..5 shown and discarded (Coercion, a cost)

# ---- header --------------------------------------------------------------------------------
N = const(0)
STAGE = const(1)
KIND = const(2)
DECIDER = const(3)
ACTIVE = const(4)
SETUP_I = const(5)           # the setup step's counter
TURN = const(6)              # 2 bytes: turns played
C_COMMIT = const(8)          # 4: combat cards of value 2, 3, 4, 5 behind the dials, the attacker's in
                             # the low nibble, the defender's in the high one (secret until the reveal)
DISCARD = const(12)          # 4: combat cards of value 2, 3, 4, 5 in the discard pile (face up)
OBJ_OUT = const(16)          # 3: objective cards revealed (bit mask of 23)
TILE = const(19)             # the structure bonus tile
FACTORY_OUT = const(20)      # 2: Factory cards taken (bit mask of 12)
ENC = const(22)              # 2: encounter tokens still on the board (bit i: board.encounters[i])
SECTION = const(24)          # the section of this turn
MOVES_LEFT = const(25)       # units that may still move this Move action
MOVED = const(26)            # 2: units moved this Move action (bit = unit code)
UNIT = const(28)             # the unit moving / the mech deployed / the structure built
FROM = const(29)
TO = const(30)
CARRY_I = const(31)          # 0 workers, 1..4 resources
PROD_LEFT = const(32)        # territories that may still produce
PROD_DONE = const(33)        # 4: the territories that produced (255: none)
GAIN_LEFT = const(37)        # resources still gained by Trade
GAIN_TYPE = const(38)
PAY_TYPE = const(39)
PAY_LEFT = const(40)
AFTER_PAY = const(41)        # the stage after paying
DEFER = const(42)            # 1 while a bottom-row action is resolved (stars wait for it)
C_SPACE = const(43)          # combat: its territory
C_DEF = const(44)            # the defender
C_SIDE = const(45)           # 0 the attacker decides, 1 the defender; after the reveal 2 | 1 if the
                             # defender won | 4 if the loser revealed power (dial or cards)
C_DIAL = const(46)           # 2: the dials of attacker and defender
C_CARDS = const(48)          # 2: the sum of their cards
C_SLOTS = const(50)          # cards the deciding side may add in all (C_USED: added)
C_USED = const(51)           # 2: cards the two sides added
C_PRE = const(53)            # the step before combat: attacker then defender, Disarm, Artillery, Scout
PRE_DONE = const(6)          # C_PRE past both players' 3 steps (no pre-combat ability left to use)
TERM = const(54)             # the encounter term whose amount is asked
TERMS_LEFT = const(55)       # terms the encounter may still state
STARS_DIRTY = const(56)      # 1 when something a star counts may have changed
OBJ_BACK = const(57)         # the stage an objective's reveal (ST_OBJECTIVE) returns to
SHUFFLED = const(58)         # 1 once the discard pile was shuffled into the deck this turn (shown)
TURN_FLAGS = const(61)       # TF_* below
TF_COERCION = const(1)       # Coercion used this turn
TF_FACTORY_BOTTOM = const(2)  # the Factory card's bottom-row Move: the turn ends after it
TF_ONE_UNIT = const(4)       # that Move: one unit, up to two times
TF_SPED = const(8)           # its first move went two territories (Speed)
TF_STOPPED = const(16)       # its unit's movement ended (opponents, an encounter token)
TF_ENDED = const(32)         # the player ended the turn (no objective revealed after all)
TF_SPEED_STEP = const(64)    # the unit UNIT (Speed) may move one more territory from FROM
TF_FREE = const(128)         # a bottom-row action an encounter term gives: back to ST_TERM
FACTORY_SECTION = const(4)   # the Factory card, a fifth section
WINNER_MASK = const(62)      # the winners once the game is over
ORIGIN = const(64)           # 5: where the character and mechs started this Move (255: not moved)
HEAD = const(72)

# ---- per player ------------------------------------------------------------------------
P0 = const(72)
PSZ = const(39)
P_FACTION = const(0)
P_MAT = const(1)
P_POWER = const(2)
P_POP = const(3)
P_COINS = const(4)           # 2 bytes, little end
P_LAST = const(6)            # the section of the last turn (255: none yet)
P_TOPUP = const(7)           # the top-row boxes upgraded (bit mask of 6)
P_BOTUP = const(8)           # 4: cubes on each bottom-row action
P_RECRUITS = const(12)       # sections whose recruit is enlisted (bit mask)
P_ONETIME = const(13)        # one-time bonus spaces used (bit mask)
P_STARS = const(14)          # achievements (bit mask of content.S_*)
P_COMBAT_STARS = const(15)
P_OBJ_STARS = const(16)
P_FACTORY = const(17)        # the Factory card (255: none)
P_UNITS = const(18)          # 13: character, 4 mechs, 8 workers: space, or 255 (on a mat)
P_STRUCT = const(31)         # 4: structures: space, or 255 (on the mat)
P_COINS_END = const(35)      # 2: the final fortune, once scored
P_NCARDS = const(37)         # combat cards in hand: a count (their values are the player's secret,
                             # the board never holds them: each is entered when it is shown)
P_OBJ_HELD = const(38)       # objective cards in hand: a count (0-2; their numbers likewise)
RES0 = const(267)            # P0 + 5 * PSZ: 4 resources per space
NOWHERE = const(255)

# ---- the tail: after the resources (RES0 + 4 * spaces; a save from before it: zeros) --------
# Cards whose text the software does not know (docs/scythe.md, "Printed cards or the model
# deck"): how they are played, and the model deck's cards in play. Offsets from the tail's start
# (State.x0).
TAIL = const(20)
X_CARDS = const(0)           # CARDS_MODEL: the model deck; 0 the printed cards read at the table
CARDS_MODEL = const(1)
X_CARD = const(1)            # the model encounter card drawn
X_OPT = const(2)             # its option being applied (0-2), or FACTORY_OPT: the Factory card's top row
FACTORY_OPT = const(3)
X_CHOSEN = const(3)          # the options of X_CARD taken (bit mask: Meander takes 2)
X_ENC_OUT = const(4)         # 4: model encounter cards drawn (bit mask of 28: to the bottom of the deck)
X_OBJ = const(8)             # 10: each player's model objective cards held, 2 a player: number + 1
                             # (0: none); secret (State.SECRET blanks them, infoset redraws them)
X_NOT_MET = const(18)        # printed cards: 1 once the table judged the objectives held not met
                             # this turn (no objective asked again until the next turn)

# ---- stages ----------------------------------------------------------------------------
ST_FACTION = const(1)
ST_MAT = const(2)
ST_START = const(3)
ST_OBJ = const(4)            # setup: 2 objective cards each (counts)
ST_TILE = const(5)
ST_SECTION = const(6)
ST_TOP = const(7)
ST_MOVE_UNIT = const(8)
ST_MOVE_TO = const(9)
ST_CARRY = const(10)
ST_TRADE_RES = const(11)
ST_TRADE_PLACE = const(12)
ST_PRODUCE = const(13)
ST_PAY = const(14)
ST_BOTTOM = const(15)
ST_UPGRADE_TOP = const(16)
ST_UPGRADE_BOTTOM = const(17)
ST_DEPLOY_MECH = const(18)
ST_DEPLOY_AT = const(19)
ST_BUILD_WHICH = const(20)
ST_BUILD_AT = const(21)
ST_ENLIST_SECTION = const(22)
ST_ENLIST_BONUS = const(23)
ST_BOTTOM_DONE = const(24)
ST_COMBATS = const(25)
ST_DIAL = const(26)
ST_CARD = const(27)
ST_AFTER_MOVE = const(28)
ST_END_TURN = const(29)
ST_OVER = const(30)
ST_PRE_COMBAT = const(31)
ST_TERM = const(32)
ST_AMOUNT = const(33)
ST_FACTORY = const(34)
ST_RETREAT = const(35)       # the loser (Seaworthy) chooses: its home base or an adjacent lake
ST_OBJECTIVE = const(36)     # the number of the objective revealed, then back to OBJ_BACK
ST_ENC_DRAW = const(37)      # the model deck: the encounter card drawn (chance)
ST_ENC_OPTION = const(38)    # the model deck: the option chosen
ST_RIVALS = const(39)        # Rivals: the stars on other players' home bases (setup, secret)
ST_RIVAL_STAR = const(40)    # Rivals: where the combat star just won comes from
ST_MODS = const(41)          # Mech Mods (setup): each player draws 4 and places up to 2
ST_INFRA = const(42)         # Infrastructure Mods (setup): each player draws 4 and keeps up to 2
ST_VESNA = const(43)         # Vesna (setup): her 3 Factory cards, 6 mech ability tokens, 2-4 placed
ST_MT_SETUP = const(44)      # Mad Tesla (setup): the 2 combat cards discarded from the deck
ST_MT_TURN = const(45)       # Mad Tesla's turn (after the last player's): his rolls and moves
ST_MT_DIE = const(46)        # a combat against Mad Tesla: his die, after the player's dial and cards
ST_MT_RETREAT = const(47)    # Mad Tesla beaten on the Factory: where he retreats (the winner's choice)
ST_DES_TURN = const(48)      # the Desolation's turn (after the last player's): its timer, roll, combats
ST_DES_DIALER = const(49)    # a combat with the Desolation: who dials (several players involved)
ST_DES_DIAL = const(50)      # ... the dialer's power
ST_DES_CARD = const(51)      # ... each involved player's combat cards (F_DES_CARDER)
ST_DES_DIE = const(52)       # ... its die
ST_DES_WON = const(53)       # ... won: the combat card drawn and placed next to its tile (K_SEEN_CARD)
ST_DES_STAR = const(54)      # ... won: who places the combat star
ST_DES_SETUP = const(55)     # the Desolation's setup: the first combat card next to its tile (D10)
ST_BONUS = const(56)         # a campaign episode's setup: each seat's Setup Bonuses (fenris_bonuses.py)
ST_AGENTS = const(57)        # Episode 4 (agents): a combat unit subdues the Fenris agents it moved onto
ST_WARSETUP = const(58)      # Episode 2a (warsetup): each seat's 2 structures and 3 upgrades at setup
ST_EXTRA = const(59)         # Episode 1 (extraobj): the objective card revealed at setup
ST_PERK = const(60)          # a campaign episode's setup: each seat's Perk (fenris_perks.py)
ST_ANN = const(61)           # Episode 5 (fortress): the Annihilator's two dice and its controller's choice
ST_ANN_DRAW = const(62)      # ... a combat with it: its 4 combat cards drawn (K_SEEN_CARD), then the result
ST_ANN_OBJ = const(63)       # ... revealed: a model objective card 5, 7 or 22 held is replaced
                             # (K_MODEL_OBJECTIVE)
ST_PLEA = const(64)          # Episode 3 (plea): a character's search of the Factory (fenris_plea.py)
N_STAGES = const(65)

# ---- the module block (The Rise of Fenris, docs/fenris.md C1) ---------------------------------
# Only in a game with a module on (fenris.FenrisState): F_SIZE bytes between the resources and the
# tail (so the tail stays the last TAIL bytes and every base offset holds), from
# f0 = RES0 + 4 * spaces = len(s) - TAIL - F_SIZE. A base game has no block: its bytes, digests
# and heap are unchanged.
F_SIZE = const(189)
F_MODS = const(0)            # 2: the modules on (content.MOD_*), little end; bits 16-23: F_MODS_HI
F_ENC = const(2)             # 3: encounter tokens each player claimed, a nibble a player (Peace)
F_OBJ_DRAW = const(5)        # Peace, the model deck: the player + 1 who draws an objective card
                             # now (after an objective star), 0 none
F_OBJ3 = const(7)            # 5: Peace, the model deck: each player's third model objective card
                             # held (number + 1, 0 none; Saxony holds 3), secret as X_OBJ
F_ENC_WAIT = const(6)        # Triumph Tiles: 1 from an encounter token claimed until the encounter
                             # is complete ("Place the star after completing the encounter")
F_TILE_STARS = const(12)     # 10: Triumph Tiles: each player's stars on the tiles, a 10-bit mask (14)
                             # (2 bytes, little end; P_STARS then holds their count as low bits)
F_TILES = const(22)          # 14: Triumph Tiles: the tile on each slot (fenris.TILES' index + 1; 10
                             # slots, the Desolation up to 14)
F_RIVAL = const(36)          # 15: Rivals: 3 bytes a player, a nibble a seat (seat q: byte q // 2,
                             # nibble q & 1): its stars on that seat's home base
F_RIVAL_IN = const(51)       # 15: Rivals, the setup's secret run: the same, as entered so far (moved
                             # to F_RIVAL when every player is done; secret until then)
F_ALLY = const(66)           # 5: Alliances: the token each player holds: 0 its own, else the owner's
                             # seat + 1, | ALLY_FLIPPED once flipped to its -$10 side
F_ALLY_STEP = const(71)      # Alliances, this turn: ALLY_ASK (not asked yet), ALLY_ASKED, ALLY_WAIT
                             # (the answer), ALLY_COINS_P / ALLY_COINS_Q (printed: the coins read)
F_ALLY_Q = const(72)         # Alliances: the seat proposed to
F_ODD = const(73)            # Alliances: 1 once the odd man out was paid its $5
F_MECH = const(74)           # 20: Mech Mods (C3): 4 bytes a player, its faction mat's 4 mech abilities
                             # left to right: 0 the printed one, else a mod (its M_* bit + 1)
F_DRAW = const(94)           # 4: Mech Mods, setup: the mods the player in SETUP_I drew (bit + 1);
                             # Infrastructure Mods, setup, after: the same (index + 1). With `owned`
                             # (the Campaign Log's Mech Mods): [0] the last one's place in
                             # fenris_mods.PLAYED + 1, [1] the one asked where (bit + 1; 0 none).
                             # Vesna's step: her own 4 mods (0: set aside)
F_DRAW_I = const(98)         # Mech Mods, setup: 0-3 the next draw, 4-7 the drawn mod asked where;
                             # Infrastructure Mods: 0-3 the next draw, 4-7 the drawn mod asked to keep;
                             # Vesna's step: 0-3 her mods' draw, 4-7 each kept or not, 8-17 the item
                             # of her pool (kept mods, then her 6 tokens) asked where
F_INFRA = const(99)          # 10: Infrastructure Mods: 2 bytes a player: the mods kept (bit i:
                             # content.INFRA_NAMES[i]), the mods flipped (the same bits) | INFRA_ON
                             # while Automachines doubles this Produce
F_BASE = const(109)          # 2: Vesna's and Fenris's home base (the base's index, board.FACTIONS' order,
                             # + 1; 0 not dealt)
F_INFL = const(111)          # 16: Fenris's Influence tokens: each one's space, INFL_SUPPLY in Fenris's
                             # supply, INFL_HELD + p held by player p
F_INFL_STEP = const(127)     # Fenris: 1 while its second Influence token may be placed
F_HORRIFY = const(128)       # Fenris, Horrify: the opponent forced back + 1 | its units forced back << 3
                             # (0: none), asked before the next decision (K_HORRIFY)
F_VESNA = const(129)         # 3: Vesna's starting Factory cards (number + 1; 0 not drawn yet)
F_VUSED = const(132)         # Vesna: bit i her starting card i used (returned to the box), bit 3 the
                             # card acquired from the Factory used; VESNA_IN_USE: the starting card
                             # in use this turn + 1 (bits 4-5; 0 none)
F_VDRAW = const(133)         # 6: Vesna, setup: her 6 mech ability tokens drawn (bit + 1)
F_VMAT = const(139)          # 2: Vesna, printed parts: her mat's start power + 1, combat cards + 1
                             # (0: not entered; the model Vesna mat's then)
F_TESLA = const(141)         # 2: Tesla (1.10): his space (NOWHERE: not found yet), his finder
F_TESLA_STEP = const(143)    # Tesla: TESLA_ENC while his encounter (or Factory card) is due after the
                             # character's, TESLA_SWAP while it is resolved: he and the character
                             # trade places in the bytes (the character's encounter code runs as is)
F_TESLA_FROM = const(144)    # Tesla: where he started this Move (valid while MOVED has U_TESLA)
                             # Mad Tesla (1.11): F_TESLA holds his space and MAD_TESLA,
                             # F_TESLA_STEP his turn's step (MT_*), F_TESLA_FROM the player he fights
F_TOP2 = const(145)          # Mad Tesla: the discard pile's top 2 combat cards' values, the top in the
                             # low nibble (0: none; a shuffle of the pile into the deck clears it)
F_MT_HEALTH = const(146)     # Mad Tesla: his health on the Power Track (16 at setup; 0: destroyed)
F_NE_STARS = const(145)      # 2 (Mad Tesla's bytes: never in the same game), Episode 8a (newera): bit
                             # 3p + i: p's star still on the i-th land territory next to the Factory
F_DES = const(147)           # 6: the Desolation (1.12): its units' spaces (0-3 its mechs, 4 its character,
                             # 5 the Tesla miniature; NOWHERE once destroyed)
F_DES_POP = const(153)       # its popularity (the timer: 18 at setup)
F_DES_STARS = const(154)     # the stars on the Desolation tile (6: the players lose)
F_DES_POWER = const(155)     # its base power: the sum of the combat cards next to its tile (max 16)
F_DES_CARDS = const(156)     # 2: those cards by value, a nibble each (2, 3 | 4, 5), out of the deck
F_DES_STEP = const(158)      # its turn's phase (DES_*)
F_DES_UNIT = const(159)      # the unit in a combat (0-5) | DES_ATTACKS when it attacked
F_DES_INVOLVED = const(160)  # the players in that combat (a bit a seat)
F_DES_DIALER = const(161)    # the involved player who spends power (its dial)
F_DES_DIAL = const(162)      # the power dialled (public, paid at once), plus the cards of each carder done
F_DES_SUM = const(163)       # the combat cards' total of the carder now (public, discarded at once)
F_DES_CARDER = const(164)    # the involved player entering its cards now
F_DES_USED = const(165)      # the cards it entered so far
F_DES_SHOWN = const(166)     # the involved players who showed power or cards (a bit a seat)
F_MODS_HI = const(167)       # the modules' bits 16-23 (MOD_AGENTS)
F_AGENTS = const(168)        # 4: Episode 4's 8 Fenris agents, a nibble each (agent i: byte i // 2, nibble
                             # i & 1): 0 on the map (agents 0-5 on board.tunnels, 6-7 on the Factory),
                             # else the seat + 1 that subdued it (fenris_agents.py)
F_AG_STEP = const(172)       # the subduing (AG_*): 0 none
F_AG_CARDS = const(173)      # its combat cards drawn, a nibble each (the value; 0 none)
F_AG_OWED = const(174)       # what is still to pay (after the power paid)
F_WS_STEP = const(175)       # Episode 2a's setup: the step of the seat SETUP_I (fenris_warsetup.py)
F_EXTRA = const(176)         # Episode 1: the objective card revealed beside the Triumph Track + 1 (0: none)
F_EXTRA_STARS = const(177)   # ... bit p: player p placed a star on it (fenris_extraobj.py)
F_PERK = const(178)          # the Perks' setup, the seat SETUP_I: its Perk + 1 (0: not drawn) | the step << 4
F_PERK_RES = const(179)      # ... the +2 resources Perk: the first resource + 1 | the second + 1 << 4
F_ANN = const(180)           # Episode 5 (fortress): the Annihilator: 0 in Box C, 1-6 on the Factory (its
                             # power: the die chosen), ANN_GONE defeated (fenris_fortress.py)
F_ANN_WHO = const(181)       # ... its controller + 1 (who revealed it) | who defeated it + 1 << 4
F_ANN_STEP = const(182)      # ... ANN_*: its dice, its turn, a combat with it
F_ANN_DICE = const(183)      # ... the two dice rolled: the first | the second << 4 (0: not yet)
F_ANN_DRAWN = const(184)     # 2: ... its combat cards drawn in a combat, a nibble a value (2-5: count)
F_ANN_OBJ = const(186)       # ... the objectives 5, 7, 22 (bits 0-2) it put out of the game at its reveal
F_ANN_SUM = const(187)       # ... the player's total in the last combat with it (its dial and cards)
F_ANN_THEIRS = const(188)    # ... its total in the last combat with it (its power and cards)
# Episode 3 (plea) keeps its bytes where Episode 5's Annihilator does (the two are never on together):
F_PLEA_INFL = const(180)     # 3: each seat's Influence tokens, a nibble a seat (p: byte p // 2, nibble p & 1)
F_PLEA_VESNA = const(183)    # ... the seat that found the Vesna card + 1 (0: in the Factory deck)
F_PLEA_STEP = const(184)     # ... PLEA_DRAW, PLEA_CARD: the search asked now (0: none)
PLEA_DRAW = const(1)
PLEA_CARD = const(2)
ANN_GONE = const(7)          # F_ANN: defeated, off the board
ANN_ROLL = const(1)          # F_ANN_STEP: its dice are rolled (K_ANN_ROLL twice), then chosen (K_ANN_DIE)
ANN_TURN = const(2)          # ... this roll is its turn (then the controller's turn), not its reveal
ANN_FIGHT = const(4)         # ... a combat with it is being resolved (the player's dial and cards first)
ANN_LOST = const(8)          # ... the player who lost to it chooses its retreat (Seaworthy: K_RETREAT)
PERK_NONE = const(7)         # K_PERK: no Perk this episode
AG_DRAW = const(1)           # F_AG_STEP: the combat cards are drawn (K_SEEN_CARD)
AG_POWER = const(2)          # ... the power paid is asked (K_AGENT_PAY)
AG_POP = const(3)            # ... the popularity paid is asked (the coins the rest)
AG_DONE = const(4)           # ... subdued: the unit's movement ends there (cleared at its arrival)
MAD_TESLA = const(254)       # F_TESLA + 1 in a Mad Tesla game: he belongs to no player
DES_START = const(1)         # F_DES_STEP: its turn begins (the timer)
DES_TURN = const(2)          # its turn: the combats its move began are resolved
DES_WON = const(4)           # the game is over: the players won
DES_ATTACKS = const(0x80)    # F_DES_UNIT: the Desolation attacked (its turn)
DES_POP = const(18)          # "Place the Desolation's popularity token at 18 popularity"
DES_MOVES = const(12)        # "12 is when the Desolation units will start moving"
DES_STARS = const(6)         # "If it is the 6th Desolation star on the tile, players lose"
DES_UNITS = const(6)         # its 4 mechs, its character and the Tesla miniature
MT_HEALTH = const(16)        # "Place an unused faction's popularity token on the 16 spot"
MT_ROLL1 = const(1)          # F_TESLA_STEP: his first roll is next
MT_ROLL2 = const(2)          # his second roll is next (the first move began no combat)
MT_SOURCING = const(32)      # F_TESLA_STEP, Rivals: the winner chooses where its combat star won against him
                             # comes from (K_RIVAL_STAR), then his turn goes on
MT_BACK_DUE = const(64)      # ... and then he is back on the Factory
MT_LOST = const(128)         # F_TESLA_STEP: the player who lost to him chooses its retreat
                             # (Seaworthy: K_RETREAT)
MT_FIGHT = const(3)          # a combat with him is being resolved (F_TESLA_FROM: the player)
MT_DONE = const(4)           # his turn is over for this round
ALLY_FLIPPED = const(0x80)
TESLA_ENC = const(1)
TESLA_SWAP = const(2)
VESNA_ACQUIRED = const(8)    # F_VUSED: the card acquired from the Factory used
VESNA_IN_USE = const(4)      # F_VUSED >> VESNA_IN_USE: the starting card in use + 1
INFL_SUPPLY = const(255)
INFL_HELD = const(200)
INFRA_ON = const(0x80)       # F_INFRA's second byte (bit 7: no mod the board plays has that index)
ALLY_ASK = const(0)
ALLY_ASKED = const(1)
ALLY_WAIT = const(2)
ALLY_COINS_P = const(3)
ALLY_COINS_Q = const(4)


def size(n_spaces, mods=0):
    return RES0 + 4 * n_spaces + TAIL + (F_SIZE if mods else 0)
