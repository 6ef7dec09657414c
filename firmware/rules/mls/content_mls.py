# What the engine knows of the printed My Little Scythe cards, tiles and dice (base game).
#
# Source: shared/data/README.md. Where the printed content is NOT known, the entry is None
# and the board plays the "physical card" way: the players read the real card and state
# what it does (from the effect vocabulary in codes.py); the engine checks it is affordable
# and applies it. Nothing here is invented. An owner of the game can fill in the None
# entries (format documented in docs/content.md) without touching the rules code.
from ..compat import const

# Every table is written out as a literal of constants (no `* n`, no `+`): a frozen module's
# constant tuples live in flash, so the tables the engine keeps cost no heap on a board.
# Numbers from codes.py (copied as private consts so loading this data does not load
# codes.py on a board; tools/gen_consts.py writes them, tests/host/test_private_copies.py
# checks them).
# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_E_GIVE_APPLES = const(5)
_FX_PORTAL_EXPRESS = const(1)
_SPELL_UNKNOWN = const(8)
_S_MAKE = const(1)
_S_MOVE = const(0)
_T_PIE_FIGHT = const(6)
# -- end of private copies --

# Supplies (rulebook, Components).
APPLES = 24
GEMS = 24
QUEST_TOKENS = 12
PIES_MAX = 10
START_PIES = 3
START_FRIENDSHIP = 3
TROPHY_FRIENDSHIP_MIN = 3   # below this no trophy may be earned

# 30 magic spell cards: each entry is the card's spell class: its printed value (0-7), or
# _SPELL_UNKNOWN when not known (then its value is stated by the player when it is used).
SPELL_CARDS = (
    _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN,
    _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN,
    _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN,
    _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN,
    _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN, _SPELL_UNKNOWN,
)

# 12 quest cards. Each: (name or None, option 1, option 2); an option is None (unknown:
# the player states its terms) or (name, terms, complete) where terms is a tuple of
# (effect term, amount) and complete=False means more terms may be stated from the card.
QUEST_CARDS = (
    # Official ruling: "Donate Apples" gives 2 apples you control on the board to another
    # player. What else the option gives, and the other option, are not known.
    ("Help with Apples", ("Donate Apples", ((_E_GIVE_APPLES, 2),), False), None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
    (None, None, None),
)

# Power-up tiles: (name or None, section, effect). 8 Move and 8 Make tiles in the base
# game. Known by name with an implemented effect: Portal Express. Supply Catapult is a
# Move-action tile by its ruling ("used only after the whole Move action is resolved")
# but its effect is unknown. Pie Cannon and Copy Cat are named in rulings, but their
# piles (Copy Cat: Make, named in the Pie in the Sky solo rules) and bonuses are not
# known well enough to place them here.
POWER_UPS = (
    ("Portal Express", _S_MOVE, _FX_PORTAL_EXPRESS),
    ("Supply Catapult", _S_MOVE, None),
    (None, _S_MOVE, None),
    (None, _S_MOVE, None),
    (None, _S_MOVE, None),
    (None, _S_MOVE, None),
    (None, _S_MOVE, None),
    (None, _S_MOVE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
)

# 8 personality cards: (trophy eased, the eased requirement) or (None, None) when unknown.
# The requirement replaces the trophy's number: friendship, power-up tiles, spells, quests,
# pies, or the size of a delivery. Unknown cards ease nothing until filled in.
PERSONALITIES = (
    (None, None), (None, None), (None, None), (None, None),
    (None, None), (None, None), (None, None), (None, None),
)

# The setup tile: for each of its 6 wedges (orientation 0: wedge k faces camp site k) the
# goods shown on the 3 front spaces, in the camp's front order, each 0 none, 1 apple,
# 2 gem, 3 quest token. Unknown: None (the players state each front space at setup).
SETUP_TILE = None

# Search dice. SEEK_DICE[i] gives the 4 dice of Seek action i as goods (0 apple, 1 gem,
# 2 quest) or None when unknown (then each die's good is taken as rolled/stated).
# DICE_FACES[good] lists the region of each face, or None when unknown (any region).
SEEK_DICE = (None, None)
DICE_FACES = (None, None, None)

NOT_EASABLE = (_T_PIE_FIGHT,)
