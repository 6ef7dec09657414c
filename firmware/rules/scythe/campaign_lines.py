# The Rise of Fenris campaign on the board's display (docs/campaign.md, section 5): the lines
# shown while the campaign's turn is on the board's dials (firmware/board/campaign_keeper.py), and
# each option of a campaign decision in words (the page's panel, campaign_panel.py, shows them
# too). Device code, loaded when the display first shows a campaign; it reads the names from
# names.py, not content.py (whose hundred constants an episode's end could not find room for in a
# 80 KB heap).
from . import campaign_data as D
from . import campaign_log as G
from . import campaign_text as W
from .campaign_rewards import drawn
from .names import FACTION_NAMES, INFRA_NAMES, MAT_NAMES
from firmware.text import message


def _mod_name(v):
    """A drawn entry ((kind << 7) | (type + 1)) by name."""
    t = (v & 0x7F) - 1
    return D.MECH_MODS[t] if v >> 7 == D.MECH else INFRA_NAMES[t]


def option_words(c, a):
    """Option a of c's pending decision in words."""
    k = c.decision()
    p = c.current_player()
    if k == G.K_PERK:
        return W.words("no_perk") if a == 0 else W.words("perks")[a - 1]
    if k == G.K_FREE:
        return W.words("columns")[a]
    if k == G.K_VOTE:
        return W.words("for_war") % a
    if k == G.K_TIE:
        return W.words("war_peace")[a]
    if k == G.K_BONUS:
        return W.words("bonuses")[a]
    if k == G.K_DRAW:
        return _mod_name(((c.s[G.KIND_DRAWN] - 2) << 7) | (a + 1))
    if k == G.K_KEEP:
        return _mod_name(drawn(c, p)[a])
    if k == G.K_BUY:
        return W.words("buy")[a] % _mod_name(drawn(c, p)[c.s[G.CNT] - 1])
    if k == G.K_EXTRA:
        return W.words("mod_kinds")[a]
    if k == G.K_SWITCH:
        return W.words("keep_switch")[a]
    if k == G.K_MAT:
        return MAT_NAMES[a]
    return FACTION_NAMES[a]   # K_FACTION, K_BASE (a home base by its faction)


def board_lines(c, sel):
    """The board's display while the campaign's turn is on its dials (firmware/board/
    campaign_keeper.py): the episode, the seat deciding (its faction) and what, and dial 1's option
    `sel` in words (a vote: never its value, "secret until every seat has voted"; the Mod drawn:
    the table enters the token); the goals once the campaign waits for its episode's game, and how
    to start it; the winners once it is over."""
    if c.over():
        w = G.campaign_winners(c)
        seats = ", ".join(str(p + 1) for p in w)
        return (W.words("over"), message("screen.winner" if len(w) == 1 else "screen.winners", seats))
    e = G.episode(c)
    name, goals = W.words("episodes")[e]
    title = W.words("episode") % (D.LABELS[e], name)
    if c.is_terminal():   # waiting for the episode's game
        return (title, W.words("goals") % goals, W.words("start"))
    p = c.current_player()
    k = c.decision()
    if p < 0:   # the Mod drawn: the table enters the token
        who = W.words("drawn")
    else:
        who = "%s (%s)" % (message("screen.seat", p + 1), FACTION_NAMES[G.faction(c, p)])
    opts = c.legal_actions()
    if k == G.K_VOTE:
        dial = message("screen.lock", 1, message("screen.choosing"))
    else:
        dial = message("screen.dial", 1, option_words(c, opts[sel % len(opts)]))
    return (title, who, W.words("decisions")[k], dial)
