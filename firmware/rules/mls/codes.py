# Public numbers of the My Little Scythe engine: decision kinds, actions, trophies,
# goods and effect terms. Small ints so the state stays a bytearray and the wire stays short.
from ..compat import const

CHANCE = const(-1)      # current_player() while the dice, a deck or a shuffle decides
TERMINAL = const(-4)    # current_player() once the game is over

MAX_PLAYERS = const(6)
AT_CAMP = const(63)     # a Seeker's location while it stands on its base camp (camps are not spaces)
NONE = const(255)

# Decision kinds: what the pending decision is about.
K_SETUP_TILE = const(1)       # chance: the setup tile's orientation (0-5)
K_SETUP_SPACE = const(2)      # chance: what the setup tile shows on one front space (when unknown)
K_DEAL_SPELL = const(3)       # chance: which spell card a player is dealt (a spell class)
K_DEAL_PERSONALITY = const(4)  # chance: which personality card a player is dealt
K_FIRST_PLAYER = const(5)     # chance: who starts
K_ACTION = const(6)           # choose the action for this turn
K_TROPHY = const(7)           # choose a trophy to earn (or decline, where the rules allow)
K_MOVE = const(8)             # move one Seeker: seeker * 64 + destination
K_CARRY = const(9)            # how many apples that Seeker carried (then K_CARRY_GEMS)
K_FIGHT_BID = const(10)       # a secret pie-fight bid: the pies (0-7), then K_BID_SPELL
K_REJUVENATE = const(11)      # 0: a magic spell, 1: two pies
K_DRAW_SPELL = const(12)      # chance: the spell class drawn
K_QUEST_PICK = const(13)      # the space whose quest token to take first (both Seekers on one)
K_DRAW_QUEST = const(14)      # chance: the quest card drawn
K_QUEST_OPTION = const(15)    # 0 or 1: the card's options, 2: No Thanks
K_STATE_TERM = const(16)      # state a card option: the next term (E_*), TERMS_DONE or TERMS_CANCEL
K_PAY_FROM = const(17)        # the space a paid apple or gem is taken from
K_PLACE_ON = const(18)        # the space gained or given goods are put on
K_SEEK_ROLL = const(19)       # chance: one search die: good * 8 + region
K_SEEK_PLACE = const(20)      # the space a discovered token is put on
K_PU_SECTION = const(21)      # power up: 0 the Move pile, 1 the Make pile
K_DRAW_TILE = const(22)       # chance: the power-up tile drawn
K_PU_KEEP = const(23)         # power up: the tile kept
K_DISCARD_SPELL = const(24)   # a spell class discarded to pay a card's cost
K_OVER = const(25)            # game over
K_CARRY_GEMS = const(26)      # how many gems the moving Seeker carried
K_BID_SPELL = const(27)       # a spell attached to the bid: a spell slot code (see bid_code)
K_TERM_AMOUNT = const(28)     # the amount (1-7) of the term just stated
N_KINDS = const(29)           # decision kinds are 1..N_KINDS-1 (base game)
# Pie in the Sky (firmware/rules/mls/pits.py): only while the expansion is on.
K_DEAL_MAT = const(29)        # chance: the airship mat dealt to a player (mats at random)
K_AIR_DIE = const(30)         # chance: the airship die (AIR_TROPHY or AIR_BOOST)
K_AIR_MOVE = const(31)        # where the airship goes: a space, or AIR_DECLINE (setup: its portal)
K_AIR_SUPPORT = const(32)     # Air Support: SUP_APPLE, SUP_GEM, SUP_ABILITY or SUP_NONE
K_PORTAL_SWAP = const(33)     # goods carried through the Unstable Portal: how many are apples
# Automountie, the solo opponent (firmware/rules/mls/solo.py): her seat's card is entered by
# the human; these ask what the card shows where the rules do not decide.
K_AM_DIRECTION = const(34)    # her airship: the valid path first in her card's Move section (its space)
K_AM_PAY = const(35)          # her trophy by paying tokens: how many tokens (0: none now)
K_AM_TROPHY = const(36)       # the trophy space she takes (when the track's layout is unknown)
K_DROP_JUMP = const(37)       # Trophy Dropper: a Seeker onto a trophy's space for 1 good, or DROP_DECLINE
K_AIR_TRANSPORT = const(38)   # Air Transport: whether the airship goes with the Seeker (0 no, 1 yes)
N_KINDS_PITS = const(39)

# Actions on the player mat. The previous action (exactly) may not be chosen again.
A_MOVE = const(0)
A_SEEK_1 = const(1)
A_SEEK_2 = const(2)
A_BAKE = const(3)
A_CONJURE = const(4)
A_POWER_UP = const(5)
N_ACTIONS = const(6)

# Trophies (bit numbers in a player's trophy mask).
T_FRIENDSHIP = const(0)    # reach 8 friendship
T_POWER_UPS = const(1)     # hold a Move and a Make power-up tile
T_SPELLS = const(2)        # hold 3 magic spells at one time
T_QUESTS = const(3)        # resolve 2 quests
T_APPLES = const(4)        # deliver 4 apples (this turn)
T_GEMS = const(5)          # deliver 4 gems (this turn)
T_PIE_FIGHT = const(6)     # win a pie fight (this turn)
T_PIES = const(7)          # reach 8 pies
N_TROPHIES = const(8)
TROPHY_DECLINE = const(8)  # the K_TROPHY option that earns nothing (only where optional)
TROPHIES_TO_WIN = const(4)     # Pie in the Sky: 5 (layout.XOPT)

# Goods.
G_APPLE = const(0)
G_GEM = const(1)
G_QUEST = const(2)

# Pie-fight bid, decided in steps on the dial (pies, then one spell slot per own Seeker in
# the fight) and recorded as pies + 8 * first slot + 136 * second slot, where a slot is
# 0 (none), 1 + v for a card of known value v (0-7), or 9 + v for an unknown card stated as v.
SPELL_UNKNOWN = const(8)   # the spell class of a card whose printed value is not known
N_SPELL_CLASSES = const(9)
MAX_STATED = const(7)      # the largest value a player can state on a dial (0-7)

# Quest answers.
QUEST_NO_THANKS = const(2)

# Cards whose text is unknown (layout.CARDS, the `new` option "cards"): read at the table
# from the printed card (CARDS_PRINTED, the board's default: a bot's seat too), or drawn
# from the model deck (CARDS_MODEL: content_model.py, docs/content.md "Model deck").
CARDS_PRINTED = const(0)
CARDS_MODEL = const(2)

# Effect terms: the small vocabulary card options are made of. A player states a term
# (K_STATE_TERM), then its amount 1-7 (K_TERM_AMOUNT).
E_PAY_APPLES = const(1)
E_PAY_GEMS = const(2)
E_GAIN_APPLES = const(3)
E_GAIN_GEMS = const(4)
E_GIVE_APPLES = const(5)   # from your Seekers' spaces onto a space of another player's Seeker
E_GIVE_GEMS = const(6)
E_GAIN_PIES = const(7)
E_LOSE_PIES = const(8)
E_GAIN_FRIENDSHIP = const(9)
E_LOSE_FRIENDSHIP = const(10)
E_GAIN_SPELLS = const(11)
E_LOSE_SPELLS = const(12)
N_TERMS = const(13)
E_POWER_UP = const(13)     # not stateable: the Power Up action's draw-3-keep-1
TERMS_DONE = const(200)
TERMS_CANCEL = const(201)
MAX_TERMS = const(8)

# Power-up sections.
S_MOVE = const(0)
S_MAKE = const(1)

# Power-up effects the engine implements (keyed by tile in the content data).
FX_NONE = const(0)
FX_PORTAL_EXPRESS = const(1)   # each Seeker may make one free portal jump during a Move action


def bid_code(pies, slot1=0, slot2=0):
    return pies + 8 * slot1 + 136 * slot2


def bid_parts(code):
    return code % 8, (code // 8) % 17, code // 136


def spell_slot_value(slot):
    """The value a bid's spell slot adds (0 for an empty slot)."""
    if slot == 0:
        return 0
    return (slot - 1) % 8


def spell_slot_class(slot):
    """The spell class a slot spends: the known value, or SPELL_UNKNOWN."""
    return slot - 1 if slot <= 8 else SPELL_UNKNOWN


# Pie in the Sky: the airship die, Air Support, airship abilities (mat content_pits.MAT_ABILITY).
N_MATS = const(9)          # 9 airship mats, one per kingdom (kingdoms 0..8; 7 Fox, 8 Owl)
N_KINGDOMS_BASE = const(7)
AIR_TROPHY = const(0)      # the die's trophy face: range = trophies left on the player mat (4 - earned)
AIR_BOOST = const(1)       # the boost face: range 6
AIR_BOOST_RANGE = const(6)
AIR_DECLINE = const(63)    # K_AIR_MOVE: no airship move and no Air Support
SUP_APPLE = const(0)       # an apple from the airship's space into the cargo hold
SUP_GEM = const(1)         # a gem
SUP_ABILITY = const(2)     # the kingdom's airship ability
SUP_NONE = const(3)        # nothing
AB_UNKNOWN = const(0)      # an ability whose text is not known (not offered)
AB_UNSTABLE_PORTAL = const(1)
AIR_FRIENDSHIP_LOSS = const(2)   # taking from another player's Seeker's space
CARRY_FROM_HOLD = const(31)   # K_CARRY (apples) or K_CARRY_GEMS (gems) onto the castle: none
                              # carried, the cargo hold pays that good's whole delivery of 4

# Automountie (solo): a player count of 1 plays the human (seat 0) against her (seat 1).
AM_DROPPER = const(0)      # her airship mat's side: Trophy Dropper
AM_EMP = const(1)          # the EMP Device
AM_NOT_PLACED = const(63)  # K_SEEK_PLACE for her: a quest token that would land on a Seeker
DROP_DECLINE = const(127)  # K_DROP_JUMP: no move (else good * 128 + seeker * 64 + space)
FX_AIR_TRANSPORT = const(2)   # the airship may go with a Seeker leaving its space (Move action)
N_DROPS = const(5)         # trophies Trophy Dropper can put on the map (5 to win)
