# The host in English and Spanish (host_tools/text): every key in both languages with the
# same placeholders, `pomme play --lang es` playing a whole game in Spanish on the simulated
# board (whose display speaks Spanish too), the command's errors and help in Spanish, and
# --lang / POMME_LANG refusing a language without a catalogue in one line.
import argparse
import inspect
import os
import re

import pytest

from firmware import text as board_text
from host_tools import play as play_mod
from host_tools import text
from host_tools.cli import main

from ..board.test_language import _messages
from .test_play import Keys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
EN = text.table("en")
ES = text.table("es")
SPEC = re.compile(r"%(?:\(\w+\))?[-#0 +]*\d*(?:\.\d+)?[sdrf%]")


SPANISH = "\u00e1\u00e9\u00ed\u00f3\u00fa\u00f1\u00fc\u00bf\u00a1"   # what the display draws past ASCII


def _specs(s):
    return [x for x in SPEC.findall(s) if x != "%%"]


def test_every_host_key_is_in_both_languages_not_empty_and_with_the_same_placeholders():
    assert sorted(k for k in EN if k not in ES) == []
    assert sorted(k for k in ES if k not in EN) == []
    for k in EN:
        en, es = EN[k], ES[k]
        assert type(en) is type(es), k
        pairs = list(zip(en, es)) if isinstance(en, tuple) else [(en, es)]
        if isinstance(en, tuple):
            assert len(en) == len(es), k
        else:
            assert en.strip() and es.strip(), k
        for a, b in pairs:
            assert bool(a) == bool(b), (k, a, b)   # an empty entry (a light code 0) in both or neither
            assert _specs(a) == _specs(b), (k, a, b)
            # ASCII, and the Spanish letters the board's display draws too (docs/spanish.md)
            assert all(32 <= ord(c) <= 126 or c in SPANISH or c == "\n" for c in b), (k, b)


def test_every_key_the_host_code_uses_is_in_the_catalogue():
    used = set()
    for folder in ("host_tools", os.path.join("host_tools", "views")):
        for f in os.listdir(os.path.join(ROOT, folder)):
            if f.endswith(".py"):
                with open(os.path.join(ROOT, folder, f)) as src:
                    used.update(re.findall(r'\b(?:t|plural|item)\("([a-z_.]+)"', src.read()))
    from host_tools.views.mls import _QUESTIONS

    used.update(_QUESTIONS.values())
    assert len(used) > 150
    assert sorted(k for k in used if k not in EN) == []


def test_the_argparse_words_translated_are_argparses_own():
    source = inspect.getsource(argparse)
    missing = [s for s in EN["argparse"] if repr(s)[1:-1] not in source]
    assert missing == []


# ---- a whole game in Spanish --------------------------------------------------------------------
class SpanishKeys(Keys):
    """Keys for Spanish prompts: q once the game is over ("fin de la partida [...]")."""

    def _key(self, prompt, secret):
        if prompt.startswith("fin de la partida"):
            self.prompts.append((prompt, secret, "q"))
            return "q"
        return Keys._key(self, prompt, secret)


# English words of the host's and the board's catalogues that a Spanish game must not show
ENGLISH = ("seat", "seats", "Seeker", "Seekers", "choose", "apple", "apples", "gem", "gems", "spell", "pies",
           "pie", "quest", "legend", "terrain", "lights", "supply", "turn", "winner", "Winner", "undo",
           "help", "quit", "space", "the", "and", "camp", "trophies", "friendship", "mountain", "forest",
           "swamp", "desert", "Castle", "option", "game", "you", "person", "board", "none", "lit",
           "Move", "Seek", "Bake", "Power", "Make", "took", "new", "over", "starts", "carried", "bid")


def _data_words(rs):
    """The card texts the data holds (titles, options, tile names: English data, not the
    catalogue's), to leave out of the check for English words."""
    from host_tools.boards import load_board

    content = rs.new_game(load_board(ruleset=rs), 2).content
    words = set()
    for card in content.quest_cards:
        words.add(card[0])
        words.update(opt[0] for opt in card[1:] if opt)
    words.update(tile[0] for tile in content.power_ups)
    words.add(rs.title)
    return sorted((w for w in words if w), key=len, reverse=True)


def test_play_in_spanish_plays_a_whole_game_in_spanish_words_and_the_board_speaks_spanish(
        capsys, monkeypatch):
    from firmware.rules import registry
    from host_tools.views.mls import _QUESTIONS

    k = SpanishKeys(seed=2)
    monkeypatch.setattr("builtins.input", k.ask)
    monkeypatch.setattr(play_mod, "hidden_input", k.secret)
    monkeypatch.setattr(play_mod.Play, "LIGHTS_S", 0)
    kinds, prompts = set(), []
    real_question, real_person = play_mod.question, play_mod.Play._person

    def question(st):
        kinds.add(st.decision())
        return real_question(st)

    def person(self, table, p, view):
        prompts.append(tuple(self.client.snap["prompt"]))   # the board's display, as it says it
        return real_person(self, table, p, view)

    monkeypatch.setattr(play_mod, "question", question)
    monkeypatch.setattr(play_mod.Play, "_person", person)
    assert main(["play", "--lang", "es", "--players", "2", "--seat", "2=bot", "--seed", "2"]) == 0
    assert text.language() == "en" and board_text.language() == "en"   # put back for the next caller
    out = capsys.readouterr().out
    assert "una partida nueva de My Little Scythe en el tablero simulado (2 jugadores, semilla 2)" in out
    assert "jugadores: 1 persona, 2 bot  (h para ayuda)" in out
    assert "Fin de la partida. Gana: jugador " in out
    assert re.search(r"^Ganan?: jugador \d \((tú|bot)\)", out, re.M)
    asked = [prompt for prompt, _, _ in k.prompts]
    assert len(asked) > 30 and asked[-2] == "fin de la partida [n partida nueva, u deshacer, q salir]: "
    assert asked[-1].startswith("¿salir? Esta partida no se guarda")   # (no --workdir: q asks first)
    choose = re.compile(r"jugador 1 \[1-\d+, u deshacer, n nueva, h ayuda, q salir\]: ")
    assert all(choose.fullmatch(a) for a in asked[:-2])
    assert "leyenda: cada espacio es [número terreno luz] sobre [Buscadores recursos]" in out
    # the map's letters are the Spanish words' (B bosque, P pantano, O portal)
    assert "terreno: T tundra, M montañas, B bosque, D desierto, R roca roja, P pantano, O portal" in out
    assert all(re.search(r"\[%2d [TMBDRPOC] " % i, out) for i in range(37))
    assert "el tablero simulado se para, y su partida con él" in out
    # every decision kind the game asked is asked in Spanish, and its English words are absent
    assert len(kinds) >= 12, kinds
    for kind in kinds:
        assert ES[_QUESTIONS[kind]] in out, kind
        assert EN[_QUESTIONS[kind]] not in out, kind
    # no English word of the catalogues is left (the card data's own English texts aside)
    rest = out
    for words in _data_words(registry.load("mls")):
        rest = rest.replace(words, "")
    left = sorted({w for w in ENGLISH if re.search(r"\b%s\b" % w, rest)})
    assert left == [], [x for x in rest.splitlines() if any(re.search(r"\b%s\b" % w, x) for w in left)][:5]
    # the simulated board's display said every prompt in Spanish: "jugador N: <kind>"
    es_kinds = set(_messages("es")["kinds"])
    assert len(prompts) > 30
    for first, _ in prompts:
        who, _, kind = first.partition(": ")
        assert re.fullmatch(r"jugador \d|dados", who) and kind in es_kinds, first


def test_english_stays_the_default_on_the_laptop_and_on_the_simulated_board(capsys, monkeypatch):
    k = Keys(seed=1, stop_after=1)
    monkeypatch.setattr("builtins.input", k.ask)
    monkeypatch.setattr(play_mod.Play, "LIGHTS_S", 0)
    monkeypatch.delenv(text.ENV, raising=False)
    prompts = []
    real = play_mod.Play._person

    def person(self, table, p, view):
        prompts.append(self.client.snap["prompt"][0])
        return real(self, table, p, view)

    monkeypatch.setattr(play_mod.Play, "_person", person)
    assert main(["play", "--players", "2", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "seat 1: choose an action" in out and prompts[0] == "seat 1: choose an action"


def test_pomme_lang_in_the_environment_chooses_spanish_and_lang_overrides_it(capsys, monkeypatch):
    monkeypatch.setenv(text.ENV, "es")
    assert main(["tournament", "--playouts", "0"]) == 1
    assert capsys.readouterr().err == "pomme: --playouts debe ir de 1 a 100000\n"
    assert main(["--lang", "en", "tournament", "--playouts", "0"]) == 1
    assert capsys.readouterr().err == "pomme: --playouts must be 1 to 100000\n"


# ---- errors in Spanish ----------------------------------------------------------------------------
@pytest.mark.parametrize(
    "argv, says",
    [
        (["--lang", "es", "sim", "--bots", "3", "--seed", "-1"],
         "pomme: error: --seed debe ir de 0 a 2147483647"),
        (["--lang", "es", "sim", "--bots", "9"],
         "pomme: error: My Little Scythe se juega de 2 a 6 jugadores"),
        (["--lang", "es", "play", "--players", "9"],
         "pomme: error: My Little Scythe se juega de 2 a 6 jugadores"),
        (["--lang", "es", "tournament", "--a", "nobody"],
         "pomme tournament: error: argumento --a: opción no válida: 'nobody' (elige entre 'rule'"),
        (["play", "--lang", "es", "--seed", "x"],
         "pomme play: error: argumento --seed: valor int no válido: 'x'"),
    ],
)
def test_argument_errors_read_in_spanish(capsys, argv, says):
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("uso: pomme") and says in err and "Traceback" not in err, err
    assert "usage" not in err and "invalid" not in err and "must be" not in err


def test_a_range_checked_by_a_command_reads_in_spanish(capsys):
    assert main(["--lang", "es", "tournament", "--jobs", "65"]) == 1
    assert capsys.readouterr().err == "pomme: --jobs debe ir de 1 a 64\n"


def test_a_port_not_found_reads_in_spanish(capsys, tmp_path):
    port = str(tmp_path / "no-such-port")
    assert main(["--lang", "es", "monitor", "--port", port, "--seconds", "1"]) == 1
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith("pomme: no se puede abrir %s (" % port)
    assert err.rstrip().endswith("): ¿está conectado el tablero? prueba --port")


def test_help_reads_in_spanish(capsys):
    with pytest.raises(SystemExit) as exit:
        main(["--lang", "es", "play", "--help"])
    assert exit.value.code == 0
    out = " ".join(capsys.readouterr().out.split())   # argparse wraps lines
    assert out.startswith("uso: pomme play") and "opciones:" in out and "muestra esta ayuda y termina" in out
    assert "el puerto serie del tablero (por defecto: arranca el tablero simulado)" in out
    assert "the board's serial port" not in out and "options:" not in out and "show this help" not in out


@pytest.mark.parametrize("argv", [["--lang", "xx", "play"], ["play", "--lang", "xx"],
                                  ["--lang=fr", "replay", "x"]])
def test_a_language_without_a_catalogue_is_one_line_and_exit_2(capsys, argv):
    assert main(argv) == 2
    captured = capsys.readouterr()
    lang = "xx" if "xx" in argv else "fr"
    assert captured.err == "pomme: no catalogue for language '%s' (en, es)\n" % lang
    assert captured.out == "" and text.language() == "en" and board_text.language() == "en"


def test_a_pomme_lang_without_a_catalogue_is_one_line_naming_it(capsys, monkeypatch):
    monkeypatch.setenv(text.ENV, "de")
    assert main(["play"]) == 2
    assert capsys.readouterr().err == "pomme: POMME_LANG: no catalogue for language 'de' (en, es)\n"
    assert main(["--lang", "es", "tournament", "--jobs", "0"]) == 1   # --lang given: the variable is not read
    assert capsys.readouterr().err == "pomme: --jobs debe ir de 1 a 64\n"
