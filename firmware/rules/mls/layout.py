# The one source of the My Little Scythe state layout: where each value lives in the state
# bytearray, the stages of a turn, events and turn flags, where goods are held, and the
# encoders of the dial-sized action codes. Public here; device modules keep private
# `_NAME = const(v)` copies (inlined by MicroPython: no RAM), generated from this file and
# codes.py by tools/gen_consts.py and checked by tests/host/test_private_copies.py.
# Import this module on the host (tests, tools, views); on the board its names cost RAM.
from ..compat import const

RULESET_MLS = const(1)     # the ruleset byte of the serialised form
DELIVERY = const(4)        # a delivery is exactly 4 apples or 4 gems

# Stages of a turn (what happens next once no decision is pending).
ST_SETUP = const(1)
ST_TURN_START = const(2)
ST_ACTION = const(3)
ST_MOVE = const(4)
ST_FIGHT = const(5)
ST_QUESTS = const(6)
ST_QUEST_DRAW = const(7)
ST_QUEST_OPTION = const(8)
ST_QUEST_TERMS = const(9)
ST_OPS = const(10)
ST_SEEK_ROLL = const(11)
ST_SEEK_PLACE = const(12)
ST_END = const(13)
ST_NEXT = const(14)
ST_OVER = const(15)
N_STAGES = const(16)
ST_PITS_SETUP = const(16)  # Pie in the Sky: mats dealt, the airship placed
ST_AIR = const(17)         # Pie in the Sky: after a Seek, the airship die, move, Air Support
N_STAGES_PITS = const(18)

# Events: what a move or a fight triggers, resolved before the turn goes on.
EV_REJUV = const(1)        # a player returned Seekers to camp: offer rejuvenation
EV_TROPHY = const(2)       # a trophy checkpoint for a player
EV_SPELL = const(3)        # a spell is drawn for a player (rejuvenation)
CTX_TURN = const(0)        # checkpoint of the active player
CTX_DEFENDER = const(1)    # a defender who won: the pie-fight trophy only, optional

# Turn flags.
TF_APPLES = const(1)       # delivered 4 apples this turn
TF_GEMS = const(2)         # delivered 4 gems this turn
TF_FIGHT = const(4)        # the active player won a pie fight this turn

# --- the state bytearray ---------------------------------------------------------------
# The first 4 bytes are the same in every ruleset (firmware/rules/core.py).
N = const(0)               # number of players
STAGE = const(1)
KIND = const(2)            # the pending decision's kind (codes.K_*)
DECIDER = const(3)         # its player, or NONE for chance
ACTIVE = const(4)
FIRST = const(5)
TURN = const(6)            # 2 bytes
FINALE = const(8)
FINALE_LAST = const(9)
SUP = const(10)            # supply: apples, gems, quest tokens
MOVED = const(13)          # bit k: Seeker k has moved this turn
CUR_SEEKER = const(14)
CUR_DEST = const(15)
DELIV_GOOD = const(16)     # NONE or the good being delivered this turn
DELIV_COUNT = const(17)
TFLAGS = const(18)
TROPHIES_TURN = const(19)
REJUV = const(20)          # bit p: player p was rejuvenated this turn
FIGHTS_N = const(21)
FIGHTS = const(22)         # 2 spaces, in the order they were attacked
FIGHT_DEF = const(24)      # defender of the fight being resolved, or NONE
ATT_BID = const(25)        # 2 bytes; 0xFFFF while the attacker has not bid
EV_N = const(27)
EV = const(28)             # 4 events x (type * 8 + player, context)
SEEK_I = const(36)
SEEK = const(37)           # 4 dice: die(good, region)
QUEST_CARD = const(41)
CARDS = const(42)          # how cards whose text is unknown are played: CARDS_MODEL, the model
                           # deck; else printed, read at the table (0; saves before it: 0 or 1)
OPS_N = const(43)
OPS_I = const(44)
OPS = const(45)            # 8 x (term, amount)
OP_DONE = const(61)
OPS_RET = const(62)
HELD = const(63)           # goods picked up for a gift, not yet put down
PU_SEC = const(64)
PU_N = const(65)
PU_DRAWN = const(66)       # 3
SETUP_I = const(69)
ORIENT = const(70)
QDECK = const(71)          # 2 bytes: mask of quest cards not yet seen (shuffled part)
QBOT_N = const(73)
QBOT = const(74)           # 16: cards put back at the bottom, top first
SDECK = const(90)          # 9: spell cards in the deck by class
SDISC = const(99)          # 9: discarded spells by class
PUDECK = const(108)        # 2 x 2 bytes: unseen tiles per pile (bit = index in the pile)
PUBOT_N = const(112)       # 2
PUBOT = const(114)         # 2 x 12 tile ids put back at the bottom
PERS = const(138)          # personality cards not dealt
LAST_FIGHT = const(139)    # attacker total, defender total, winner
CUR_APPLES = const(142)    # apples the moving Seeker carries, once chosen (else NONE)
BID_STEP = const(143)      # 0: pies, 1: first spell slot, 2: second spell slot
BID = const(144)           # 2 bytes: the bid being entered (bid code so far)
TERM = const(146)          # the stated term waiting for its amount, else NONE
XOPT = const(147)          # expansions on: 0 the base game, 1 Pie in the Sky (its block follows GOODS)
P0 = const(148)            # the players' blocks
PSZ = const(24)            # bytes per player
# per player, from P0 + p * PSZ
FR = const(0)              # friendship
PIES = const(1)
LAST = const(2)            # previous action, NONE when free (rejuvenated / first turn)
TRO = const(3)             # trophy mask
CAMP = const(4)
SK = const(5)              # 2 Seeker locations: space or AT_CAMP
TILE = const(7)            # 2: Move tile, Make tile (NONE or tile id)
PERSONA = const(9)
QMASK = const(10)          # 2 bytes: resolved quest cards held
QDONE = const(12)
KINGDOM = const(13)
SPELLS = const(14)         # 9: spell cards in hand by class
REVEALED = const(23)
GOODS = const(292)         # P0 + MAX_PLAYERS * PSZ: apples[n], gems[n], quests[n] per space

# --- where goods are held ----------------------------------------------------------------
# A holder is a small int: a space 0..n_spaces-1 (below 64), or a store off the map.
# State.goods_at(holder, good), move_goods(good, src, dst, k), holders_of(p), holders().
HOLD_SUPPLY = const(64)    # the general supply
HOLD_HAND = const(65)      # goods picked up for a gift and not yet put down
HOLD_CARGO = const(66)     # Pie in the Sky: player p's cargo hold is HOLD_CARGO + p

# --- Pie in the Sky: the block after GOODS (offsets from X0 = GOODS + 3 * n_spaces) --------
X_SHIP = const(0)          # the airship's space (NONE until placed at setup)
X_DIE = const(1)           # the airship die rolled this Seek (AIR_*), else NONE
X_STEP = const(2)          # setup: mats dealt so far; ST_AIR: 0 roll, 1 move, 2 Air Support, 3 done;
                           # and the XS_* below
XS_AM_FLIGHT = const(4)        # ST_AIR: Automountie's airship after her Seek (solo.air_pending)
XS_STATING_ABILITY = const(5)  # an unknown airship ability's terms are being stated
XS_STATING_TILE = const(6)     # a new power-up tile's terms are being stated
XS_TRANSPORT = const(8)        # ST_MOVE: XS_TRANSPORT + k, K_AIR_TRANSPORT asked for Seeker k
X_MATS = const(3)          # 2 bytes: bit m = mat m dealt (mats at random)
X_RANDOM = const(5)        # 1: mats dealt at random, 0: by kingdom
X_SWAP = const(6)          # the space goods came to through the Unstable Portal, else NONE
X_SWAP_A = const(7)        # apples carried there
X_SWAP_G = const(8)        # gems carried there
X_PL = const(9)            # per player, from X0 + X_PL + p * XPSZ:
XPSZ = const(4)
X_MAT = const(0)           # the airship mat (0..8)
X_GADGET = const(1)        # the gadget's space, NONE while on the mat
X_CARGO = const(2)         # 2: apples, gems in the cargo hold
# Automountie (solo, firmware/rules/mls/solo.py): after the players' blocks.
X_AM = const(33)           # bit p: seat p is played by Automountie (0: no solo opponent)
X_AM_SIDE = const(34)      # her airship mat's side: AM_DROPPER or AM_EMP (her gadget: X_GADGET)
X_AM_QUESTS = const(35)    # quest tokens in her cargo hold
X_AM_STEP = const(36)      # a turn's flags (XF_*), cleared at every turn's start:
XF_JUMP_OFFERED = const(1)     # Trophy Dropper's move was offered this turn
XF_PLACING = const(2)          # her paid trophy waits for its space (K_AM_TROPHY)
XF_TILE_STATED = const(4)      # this turn's new power-up tile was stated
XF_PIES_LATER = const(8)       # her 2-pie rejuvenation bonus met the 8-Pie trophy this turn
X_DROPS = const(37)        # N_DROPS: spaces of the trophies she dropped (NONE when unused)
X_SIZE = const(42)         # X_DROPS + N_DROPS


# --- action codes ------------------------------------------------------------------------
# (Pie-fight bids: codes.bid_code / codes.bid_parts.)
def move_action(seeker, dest):
    """K_MOVE option: Seeker `seeker` (0, 1) to dest (a space, or AT_CAMP to stay)."""
    return seeker * 64 + dest


def move_seeker(a):
    return a >> 6


def move_dest(a):
    return a & 63


def die(good, region):
    """A search die's face (K_SEEK_ROLL option): a good (G_*) in a region."""
    return good * 8 + region


def die_good(d):
    return d >> 3


def die_region(d):
    return d & 7


def carry_code(apples, gems):
    """What a moving Seeker carries (carry_options): apples + 32 * gems."""
    return apples + 32 * gems


def carry_apples(c):
    return c & 31


def carry_gems(c):
    return c >> 5
