# The bot's choices in The Rise of Fenris campaign's own decisions (docs/campaign.md): the
# simulator's bots (`pomme sim --campaign`) and a board's bot seats between games choose alike.
# Loaded only when a bot decides for the campaign.
from . import campaign_log as G


def choose(c, rng):
    """A campaign decision for the player asked: a Perk when there is money for one, stars where
    the log has fewest checks, Mods bought while the Wealth allows, factions kept, else (a vote,
    a Mod kept, a mat, a base, a tie) one of the options at random."""
    k = c.decision()
    opts = c.legal_actions()
    p = c.current_player()
    if k == G.K_PERK:
        return opts[1] if len(opts) > 1 else 0
    if k == G.K_FREE:
        checks = G.checks(c, p)
        best = opts[0]
        for col in opts:
            if checks[col] < checks[best] or (checks[col] == checks[best] and col < best):
                best = col
        return best
    if k == G.K_BUY:
        return opts[-1]
    if k == G.K_SWITCH:
        return 0
    return rng.choice(opts)
