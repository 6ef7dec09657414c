# The log in words on the laptop (firmware/rules/narrate.py): `pomme replay LOG` prints the
# sentence of every decision of the log, in order, in English and in Spanish.
from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.narrate import narrate
from firmware.text import set_language
from host_tools.boards import load_board
from host_tools.cli import main
from host_tools.gamelog import GameLog


def _game_log(path, name="mls", players=2, seed=5, cap=300):
    """A bot game of `cap` decisions written as a game log; the game's (before, a, after)."""
    rs = registry.load(name)
    st = rs.new_game(load_board(ruleset=rs), players)
    rng = Rng(seed)
    bot = make_bot(rs, Rng(seed + 1), "strong")
    log = GameLog(players, game=name + "+printed" if rs.deck_option else name)   # as new_game plays it
    steps = []
    while not st.is_terminal() and len(steps) < cap:
        a = rng.weighted(st.chance_outcomes()) if st.current_player() < 0 else bot.choose(st)
        before = st.clone(False)
        st.apply(a)
        log.add(a, st.public_hash())
        steps.append((before, a, st.clone(False)))
    log.write(str(path))
    return rs, steps


def _replay_prints_the_sentences(capsys, tmp_path, name, lang):
    rs, steps = _game_log(tmp_path / "g.log", name)
    set_language(lang)
    try:
        want = ["%4d. %s" % (i + 1, narrate(rs, b, a, af)) for i, (b, a, af) in enumerate(steps)]
        want = [x for x in want if not x.endswith(". ")]
        args = ["--lang", lang] if lang != "en" else []
        assert main(args + ["replay", str(tmp_path / "g.log")]) == 0
    finally:
        set_language("en")
    out = capsys.readouterr().out.splitlines()
    said = [x for x in out if x[:4].strip().isdigit() and x[4:6] == ". "]
    assert len(want) > 50 and said == want


def test_pomme_replay_prints_every_decision_as_a_sentence(capsys, tmp_path):
    _replay_prints_the_sentences(capsys, tmp_path, "mls", "en")


def test_pomme_replay_prints_the_sentences_in_spanish(capsys, tmp_path):
    _replay_prints_the_sentences(capsys, tmp_path, "mls", "es")


def test_pomme_replay_tells_a_scythe_game(capsys, tmp_path):
    _replay_prints_the_sentences(capsys, tmp_path, "scythe", "en")


def test_a_log_written_before_the_model_deck_replays_with_its_cards_stated(tmp_path, capsys):
    # version 1 logs name "mls" for a game whose cards were stated (printed); version 2 reads
    # "mls" as the model deck's game, so the same decisions under a version 2 head do not replay
    import json

    path = tmp_path / "g.log"
    _game_log(path, "mls", cap=120)
    lines = path.read_text().splitlines()
    head = json.loads(lines[0])
    assert head["version"] == 3 and head["game"] == "mls+printed"
    for version, code in ((1, 0), (2, 1)):
        head.update(version=version, game="mls")
        path.write_text("\n".join([json.dumps(head)] + lines[1:]) + "\n")
        assert main(["replay", str(path)]) == code, version
    capsys.readouterr()


def test_a_log_before_version_3_replays_its_one_step_spell_as_the_card_then_its_value(tmp_path, capsys):
    # before version 3 a spell card of unknown value went onto a pie-fight bid with its value
    # in one decision (9 + v); now the card (9), then the value (9 + v): an older log's entry
    # is replayed as the two (host_tools/views/mls.old_log_steps)
    import json

    from firmware.rules.mls.codes import K_BID_SPELL
    from firmware.rules.mls.layout import BID_STEP

    rs = registry.load("mls")
    entries, merged = [], []
    for seed in range(1, 200):
        st = rs.new_game(load_board(ruleset=rs), 2, {"cards": [0]})
        rng = Rng(seed)
        bot = make_bot(rs, Rng(seed + 1), "random")
        entries, merged = [], []
        while not st.is_terminal() and len(entries) < 3000:
            value = st.decision() == K_BID_SPELL and st.s[BID_STEP] > 2   # the card's value, after 9
            card = st.decision() == K_BID_SPELL and not value and 9 in st.legal_actions()
            chance = st.current_player() < 0
            a = 9 if card else rng.weighted(st.chance_outcomes()) if chance else bot.choose(st)
            st.apply(a)
            entries.append((a, st.public_hash()))
            if value:
                merged[-1] = (a, st.public_hash())   # the old log: the card and its value as one
            else:
                merged.append((a, st.public_hash()))
        if len(merged) < len(entries):
            break
    assert len(merged) < len(entries), "no game attached a spell card of unknown value"
    head = {"log": "pomme-game", "version": 3, "game": "mls+printed", "players": 2, "fw": ""}
    path = tmp_path / "g.log"
    for version, lines, code in ((3, entries, 0), (2, merged, 0), (3, merged, 1)):
        head["version"] = version
        body = [json.dumps({"a": a, "hash": h}) for a, h in lines]
        path.write_text("\n".join([json.dumps(head)] + body) + "\n")
        assert main(["replay", str(path)]) == code, (version, len(lines))
    capsys.readouterr()
