# The same seeds play the same games: a digest of the histories (and final states) of 30
# seeded games for each game form and bot kind (tools/bench/decisions.py), recorded before the
# speed work of issue 24 (main at 778b2ab). A change meant only to be faster must leave every
# digest as it is; a change of the rules or of a bot's play changes one, and then the new
# digests are recorded here with the reason (python tools/bench/decisions.py --digest --games 30).
# Scythe's rule bot is left out: it is being rewritten (its games will change).
import pytest

from tools.bench import decisions

GAMES = 30
DIGESTS = {
    "mls/random": "7db26311a52820e1",
    "mls/strong": "83fc0cbd71c0f316",
    "mls+pits/random": "90ad67c8015fa453",
    "mls+pits/strong": "cd4daa62cf6e2857",
    "mls+pits+solo/random": "8936ddc386fe58bd",
    "mls+pits+solo/strong": "d7aff3fcd4193ac8",
    "scythe/random": "d19da99119dfae15",
}
ROWS = {"%s/%s" % (form, kind): counts for form, kind, counts in decisions.ROWS}


@pytest.mark.parametrize("row", sorted(DIGESTS))
def test_seeded_games_play_the_same_histories(row):
    form, kind = row.split("/")
    assert decisions.digest(form, kind, ROWS[row], GAMES) == DIGESTS[row]
