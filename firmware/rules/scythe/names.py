# The names of Scythe's components that a screen shows by index (content.py re-exports them):
# small on its own so that the board's display between campaign games (campaign_lines.py) reads
# them without loading content.py's hundred constants (docs/campaign.md, section 5). Proper
# names, the same in every language.

# The rows of tables.FACTIONS (content.N_FACTIONS playable, then The Rise of Fenris's two).
FACTION_NAMES = ("Nordic", "Rusviet", "Crimea", "Saxony", "Polania", "Albion", "Togawa", "Vesna", "Fenris")
# The Infrastructure Mods (The Rise of Fenris; data: scythe-components.md, 8 types, each once a
# game), by K_INFRA_DRAWN's index. The first four take their bottom-row action without its cost,
# the action in bottom-row order (Upgrade, Deploy, Build, Enlist: Construction's Build and
# Recruitment Office's Enlist by their names; Machinery's Upgrade and Assembly Line's Deploy a
# Guess, gap G2, docs/fenris.md 1.2); Automachines (content.INFRA_AUTOMACHINES) doubles production
# for a turn; the effects of Spy, Propaganda and Cavalry are not in the sources.
INFRA_NAMES = ("Machinery", "Assembly Line", "Construction", "Recruitment Office", "Automachines",
               "Spy", "Propaganda", "Cavalry")
# The rows of tables.MATS.
MAT_NAMES = ("Industrial", "Engineering", "Militant", "Patriotic", "Innovative", "Mechanical",
             "Agricultural")
