# The Rise of Fenris on the host (docs/fenris.md section 2, step 1): a game name turns modules on
# (`scythe+war+rivals`, host_tools/games.py and the page's firmware/hosts/web_games.py), the page's
# form names every module in English and Spanish, and `pomme playout` says why a combination is
# refused.
import os
import subprocess
import sys

from firmware.hosts import web_games
from firmware.rules.scythe import content as C
from firmware.rules.scythe import panel
from host_tools import games

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_a_game_name_turns_modules_on():
    rs, options = games.parse("scythe+war")
    assert rs.name == "scythe" and options == {"war": [1], "cards": [1]}
    assert games.parse("scythe+war+rivals+printed")[1] == {"war": [1], "rivals": [1], "cards": [0]}
    assert web_games.parse("scythe+peace+alliances")[1] == {"peace": [1], "alliances": [1], "cards": [1]}
    for word in C.MODULES:
        assert games.parse("scythe+" + word)[1][word] == [1]


def test_the_page_names_every_module_in_english_and_spanish():
    for lang in ("en", "es"):
        assert sorted(panel.OPTION_WORDS[lang]) == sorted(C.MODULES), lang
        assert all(panel.OPTION_WORDS[lang].values())


def test_pomme_playout_says_why_a_combination_is_refused():
    r = subprocess.run([sys.executable, "-m", "host_tools.cli", "playout", "--game", "scythe+rivals+peace",
                        "--players", "3", "--games", "1"],
                       cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert r.returncode != 0
    assert "Rivals is incompatible with the Peace Triumph Track" in r.stdout + r.stderr, r.stderr[-2000:]
