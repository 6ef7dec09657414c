# The same seeds play the same games: a digest of the histories (and final states) of 30
# seeded games for each game form and bot kind (tools/bench/decisions.py), recorded before the
# speed work of issue 24 (main at 778b2ab). A change meant only to be faster must leave every
# digest as it is; a change of the rules or of a bot's play changes one, and then the new
# digests are recorded here with the reason (python tools/bench/decisions.py --digest --games 30).
# Scythe's rule bot: 8 games (its games take about 2.5 s each), recorded on 2026-12-02 with the
# rule bot of 631f7c1 (the rewrite that ends games in 22-24 turns a player, docs/bots.md).
# Recorded again on 2026-12-02 for My Little Scythe's forms: a game name now plays unknown quest
# cards from the model deck (docs/content.md), and state byte 42 holds the deck instead of the
# last quest option (unread before). The printed-card games' histories were checked unchanged
# (the same 30 games of each form and bot kind, histories alone, before and after).
# Recorded again on 2026-12-02 for scythe/random: a Scythe game name now plays the encounter,
# Factory and objective cards from the model deck (docs/scythe.md, "Printed cards or the model
# deck"), its state has a 20-byte tail (layout.TAIL), and a printed K_OBJECTIVE takes
# OBJ_NOT_MET (the table's "none met"), which changes a random game's choices.
# Recorded again on 2026-12-02 for My Little Scythe's forms (issue 23, spell and Automountie
# cards): a model-deck game deals spell cards of model values (1-3) where they were of unknown
# value, the rule bot attaches one of its own when the other side holds spells, and her card's
# decisions (path, payment, trophy space) are chance decisions from the model Automountie deck
# instead of a bot's; a spell card of unknown value (printed) goes onto a bid as the card, then
# its value (two decisions), so a random bot's spell slot has one option for it, not eight.
# Recorded again on 2026-12-07 for scythe/random and scythe/strong: the pre-combat step (C_PRE)
# now runs each player's Disarm, Artillery and Scout in turn, the attacker's first ("Attacker
# Advantage"), and ends at 6 where it ended at 4; the histories of these 30 and 8 games were
# checked unchanged (before and after, histories alone): only that byte of the final states moved.
import pytest

from tools.bench import decisions

GAMES = 30
DIGESTS = {
    "mls/random": "fb298fcf83ab1d94",
    "mls/strong": "d3a6d92c91a4facb",
    "mls+pits/random": "ed183689b4fb60ab",
    "mls+pits/strong": "1bde1b15dbd40745",
    "mls+pits+solo/random": "8a67a14e3db1f711",
    "mls+pits+solo/strong": "3b45e79624a615b8",
    "scythe/random": "a701657e5399f3b1",
    "scythe/strong": "f77169bc3558e415",
}
GAMES_OF = {"scythe/strong": 8}
ROWS = {"%s/%s" % (form, kind): counts for form, kind, counts in decisions.ROWS}


@pytest.mark.parametrize("row", sorted(DIGESTS))
def test_seeded_games_play_the_same_histories(row):
    form, kind = row.split("/")
    assert decisions.digest(form, kind, ROWS[row], GAMES_OF.get(row, GAMES)) == DIGESTS[row]
