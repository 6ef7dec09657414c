# The Rise of Fenris campaign as data (docs/campaign.md): the episodes in the rulebook's order
# and branches, what each one's rewards do, and the Campaign Log's printed facts. The text
# ("Campaign Log", each episode's "Rewards") is quoted in docs/campaign.md and at each test
# (tests/rules/test_campaign*.py). What the text does not print is data here with its gap named
# (docs/campaign.md, gaps C1-C6), never invented silently: a printed Campaign Log read at a table
# replaces these rows.
from ..compat import const

# ---- the episodes -------------------------------------------------------------------------
E1 = const(0)
E2A = const(1)
E2B = const(2)
E3 = const(3)
E4 = const(4)
E5 = const(5)
E6 = const(6)
E7 = const(7)
E8A = const(8)
E8B = const(9)
N_EPISODES = const(10)
OVER = const(10)            # the campaign is over (after 8a or 8b)
# The rulebook's labels ("Episode 2a: War"), the same in every language.
LABELS = ("1", "2a", "2b", "3", "4", "5", "6", "7", "8a", "8b")
# Which printed box of the Victories section an episode marks: the 8 games (2a/2b and 8a/8b
# share one), Derived: "an 8-game campaign".
GAME = b"\x00\x01\x01\x02\x03\x04\x05\x06\x07\x07"

# What the episode's rewards do, in the order the text lists them (campaign.py runs them):
R_VOTE = const(1)          # Episode 1: "Give each player 1 Influence token"; vote War or Peace
R_BONUS_HALF = const(2)    # 3 and 4: "For every 2 Influence tokens [Fenris agents] ... (rounded up),
                           # increase a Setup Bonus ... by 1"
R_BONUS_EACH = const(3)    # 7: "For each Encounter token you currently have ... increase a Setup Bonus by 1"
R_VESNA = const(4)         # 3: the Vesna faction, then faction switches (lowest total Wealth first)
R_FENRIS = const(5)        # 5: the Fenris faction
R_SWITCH = const(6)        # 6: faction switches (the winner first, then by this game's score)
R_UNLOCK_MECH = const(7)   # 2a: "Draw 2 Mods plus 1 Mod for each mech you deployed ... Keep 1 for free"
R_UNLOCK_INFRA = const(8)  # 2b: the same with Infrastructure Mods and structures built
R_MODS_ONE = const(9)      # 3: "each player draws 2 Mods ... the game winner draws +1 Mod"
R_MODS_BOTH = const(10)    # 4-7: "each player draws 2 of each Mod type ... the game winner draws +1
                           # Mod of either type" (4: after the other type is unlocked)
R_TESLA = const(11)        # 7: "If a player found Tesla ... Episode 8a", else 8b
R_FINAL = const(12)        # 8a, 8b: the campaign winner

REWARDS = (
    (R_VOTE,),                                    # 1
    (R_UNLOCK_MECH,),                             # 2a
    (R_UNLOCK_INFRA,),                            # 2b
    (R_BONUS_HALF, R_VESNA, R_MODS_ONE),          # 3
    (R_BONUS_HALF, R_MODS_BOTH),                  # 4 (unlocks the other Mod type first)
    (R_MODS_BOTH, R_FENRIS),                      # 5
    (R_SWITCH, R_MODS_BOTH),                      # 6
    (R_BONUS_EACH, R_MODS_BOTH, R_TESLA),         # 7
    (R_FINAL,),                                   # 8a
    (R_FINAL,),                                   # 8b
)
# The next episode when it does not depend on the outcome (255: decided by R_VOTE / R_TESLA).
NEXT = b"\xff\x03\x03\x04\x05\x06\x07\xff\x0a\x0a"

# The modules of The Rise of Fenris that an episode's game plays (content.MOD_* names, for the
# Scythe ruleset's options). Episode 7 plays "the unused combination" of 2a/2b (campaign.py).
# What an episode adds beyond these modules (docs/campaign.md, section 3) is listed there.
MODULES = (
    ("extraobj",),                     # 1: "Reveal 1 random objective card from the deck"
    ("war", "rivals", "warsetup"),     # 2a: "Overlay the War Triumph Track"; "follow the rules for Rivals"
    ("peace", "alliances"),            # 2b: "Overlay the Peace Triumph Track"; "Alliance tokens"
    ("plea",),                         # 3: "Shuffle the Vesna card, plus 4 ADDITIONAL Factory cards ..."
    ("agents",),                       # 4: "place 1 Fenris agent ... on each tunnel and 2 on the Factory"
    ("fortress",),                     # 5: "Place 1 Influence token on each tunnel ..."; Box C's Annihilator
    (),                                # 6
    (),                                # 7: + war and rivals, or peace and alliances
    ("tiles", "tesla", "newera"),      # 8a: "fill all 10 slots of the Triumph Track"; Tesla; its stars
    ("madtesla",),                     # 8b: "Follow the setup instructions for Mad Tesla"
)

# ---- the Campaign Log ---------------------------------------------------------------------
# Triumph Log columns: the base Triumph Track's 9 categories (content.S_* 0-6, then objective
# and combat: content.CAT_OBJECTIVE, CAT_COMBAT), the same 9 the closing Leadership Style chart
# names ("Upgrades ... Structures ... Workers ... Objectives ... Popularity"; "Deploy, Enlist,
# Combat, Power").
N_CATEGORIES = const(9)
# Gap C1: how many rows the printed Triumph Log has. "Check the box in Row 1 after the first time
# you earn a given Triumph, Row 2 the second time, and so on." Guess: 4 rows (a column complete
# after a category earned in half of the 8 games).
LOG_ROWS = const(4)
ROW_BONUS = const(25)      # "add any $25 bonuses you have earned on your Triumph Log"
# Leadership Style (the closing chart): Governance's categories and Military's (log columns).
GOVERNANCE = (0, 2, 4, 7, 5)   # Upgrades, Structures, Workers, Objectives, Popularity (+ Infrastructure Mods)
MILITARY = (1, 3, 8, 6)        # Deploy (mechs), Enlist (recruits), Combat, Power (+ Mech Mods)

# Setup Bonuses. "Mark an X for the item you wish to obtain (e.g., $1, 1 Power, or 1 Popularity)
# ... Each Setup Bonus has a maximum limit as indicated on the Campaign Log." Gap C2: the items
# beyond these three ("e.g.") and the printed limits. As built: the three named items; "observing
# the limits on Power and Popularity" names two limits: Guess 5 each; coins none (255).
BONUS_COINS = const(0)
BONUS_POWER = const(1)
BONUS_POPULARITY = const(2)
N_BONUSES = const(3)
BONUS_LIMIT = b"\xff\x05\x05"

# Perks. "There are 7 Perks per player to be selected throughout the 8-game campaign." The text
# names two: "For the +2 resources Perk ..."; "For the +1 Worker Perk ...". Gap C3: the other five
# (names, effects). As built: perks 3-7 are numbered and played the physical way (the table
# applies what its printed log says); the board records that each was used, once.
N_PERKS = const(7)
PERK_RESOURCES = const(0)
PERK_WORKER = const(1)
PERK_COST = const(15)      # "deduct $15 from your Wealth to purchase a Perk to use in this game"

# Mods. "Purchase any or all of the newly drawn Mods at a cost of $50 each"; "You are limited to 6
# total Mech Mods"; the same for Infrastructure Mods.
MOD_COST = const(50)
MOD_LIMIT = const(6)
MECH = const(0)
INFRA = const(1)
# Gap C4 (docs/fenris.md G1, G2): the 41 Mech Mod tokens and the 32 Infrastructure Mod tokens are
# not listed; the data names 16 Mech Mod types and 8 Infrastructure Mod types. As built: the log
# keeps types (a bit each: "You may only have 1 of each Mod"); a draw is a chance decision over the
# types the player may take (the table enters the token drawn; the simulator draws uniformly).
MECH_MODS = ("Artillery", "Camaraderie", "Scout", "Suiton", "Sword", "Township", "Underpass", "Armor",
             "Feint", "Stealth", "Tactics", "Entrenched", "Foothold", "Pontoons", "Regroup", "Reinforce")
N_MECH_MODS = const(16)
N_INFRA_MODS = const(8)    # content.INFRA_NAMES
# The Mech Mods that are abilities printed on a base faction mat ("discard any duplicates (e.g.,
# from your draw, Mods you already have, and abilities on your current faction mat)"): the mod's
# index here and its ability's bit (content.M_*: Township 4, Underpass 5, Artillery 7, Scout 9,
# Camaraderie 11, Sword 14, Suiton 19).
MOD_ABILITY = ((5, 4), (6, 5), (0, 7), (2, 9), (1, 11), (4, 14), (3, 19))

# Episodes 8a and 8b: "players choose their player mats" (the base game's five: content.MAT_NAMES'
# Industrial, Engineering, Patriotic, Mechanical, Agricultural; tables.BASE_MATS), "(NOTE: Rusviet
# may not choose the Industrial player mat and Crimea may not choose the Patriotic mat.)"
MATS = (0, 1, 3, 5, 6)
MAT_BANNED = ((1, 0), (2, 3))   # (faction, mat): content.FACTION_RUSVIET, FACTION_CRIMEA

# The factions a campaign seat may hold: the five playable base factions, Vesna and Fenris once
# revealed (content.FACTION_*; Albion and Togawa are data, not playable: docs/scythe.md).
PLAYABLE = (0, 1, 2, 3, 4)
VESNA = const(7)
FENRIS = const(8)

# Episode 7: "To find Tesla, a player must collect the following number of Encounter tokens,
# based on player count": 2 players 6, 3 and 4 players 5, 5 players 4 (by the campaign's count).
TESLA_ENCOUNTERS = b"\x00\x06\x06\x05\x05\x04"
