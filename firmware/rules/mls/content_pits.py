# What the engine knows of the printed Pie in the Sky components (the expansion of My Little
# Scythe). Source: shared/rules/my-little-scythe-pie-in-the-sky.txt and shared/data/README.md.
# Where the print is NOT known the entry is None (or a stated default, marked as such): an
# owner of the game fills it in here without touching the rules code (docs/pie-in-the-sky.md).
# Nothing here is invented. Imported only while an expansion game is built, then released.
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_UNSTABLE_PORTAL = const(1)
_FX_AIR_TRANSPORT = const(2)
_S_MAKE = const(1)
_S_MOVE = const(0)
# -- end of private copies --

# Kingdoms: 0..6 the base game's 7 (names known: Eagle, Tiger), 7 Fox, 8 Owl (named in the
# rulebook: Foxland and the "True" W.P. Grey Academy of Magic). Airship mat m is kingdom m's.

# The ability printed on each of the 9 airship mats (by kingdom), None when unknown. The only
# ability whose text is known is the Unstable Portal (_AB_UNSTABLE_PORTAL); which kingdom's
# mat prints it is not known, so no mat has it here.
MAT_ABILITY = (None,) * 9
KNOWN_ABILITIES = (_AB_UNSTABLE_PORTAL,)

# The airship die: (trophy faces, boost faces). The rulebook names the two faces ("Trophy
# Symbol" and "Boost (6)") but not how many of each the die has. STATED DEFAULT, not a fact:
# a six-sided die with one boost face (the face printed "6") and five trophy faces.
AIR_DIE = (5, 1)

# The Seek actions (0: Seek 1, 1: Seek 2) that roll the airship die. The overlay card "covers
# the original Seek action"; its print is unknown. Default: both Seek actions.
AIR_SEEKS = (True, True)

# 4 new power-up tiles (2 Move, 2 Make): (name or None, section, effect) as in content_mls.
# "Air Transport" is named in the rulebook: it moves the airship with your Seekers during a
# Move action (so it is a Move tile), and Seekers carry goods as in any move. Its printed text
# is not known beyond that: the effect (pits._air_transport) is what the rulebook says.
POWER_UPS = (
    ("Air Transport", _S_MOVE, _FX_AIR_TRANSPORT),
    (None, _S_MOVE, None),
    (None, _S_MAKE, None),
    (None, _S_MAKE, None),
)

# 2 new quest cards, texts unknown (stated at the table like the base game's unknown cards).
QUEST_CARDS = ((None, None, None),) * 2

# Automountie (solo): the trophy track's spaces, top row left to right, then the bottom row
# (trophies as codes.T_*), where she puts the trophies she earns by paying tokens. The
# track's print is unknown: None, and the player enters the space she takes (K_AM_TROPHY).
TROPHY_TRACK = None
