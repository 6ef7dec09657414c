# The board's languages: every key in English and Spanish, one catalogue held at a time, a
# ruleset's own names per language (English when it has no module for the language), and a
# game on the bench showing Spanish prompts on the display.
import sys

from firmware import text
from firmware.rules.errors import IllegalDecisionError
from firmware.text import message, name, set_language, use_catalogue

from ..rules.support import raises, started
from .rig import Rig

RACE_TEXT = "tests.rulesets.race.text"


def _messages(lang):
    """A language's catalogue as a dict (the module holds sorted pairs), read without leaving
    its module loaded."""
    full = "firmware.text." + lang
    mod = __import__(full)
    for part in full.split(".")[1:]:
        mod = getattr(mod, part)
    table = dict(mod.MESSAGES)
    text._forget(full)
    return table


def test_the_base_catalogues_are_pairs_sorted_by_key_each_key_once():
    # Sorted for the bisection in firmware/text/__init__.py (byte order, as MicroPython compares).
    for lang in ("en", "es"):
        full = "firmware.text." + lang
        mod = __import__(full)
        for part in full.split(".")[1:]:
            mod = getattr(mod, part)
        pairs = mod.MESSAGES
        text._forget(full)
        keys = [k for k, _ in pairs]
        assert isinstance(pairs, tuple) and all(len(kv) == 2 for kv in pairs)
        assert keys == sorted(keys) and len(set(keys)) == len(keys), lang


def test_every_key_is_found_by_the_bisection():
    use_catalogue(None)   # the base catalogues alone (a table built before sets its ruleset's over them)
    for lang in ("en", "es"):
        set_language(lang)
        try:
            for key, value in _messages(lang).items():
                assert text.lookup(key) == value, (lang, key)
            assert text.lookup("no.such.key") is None
        finally:
            set_language("en")


def _placeholders(s):
    return s.replace("%%", "").count("%")


def _back_to_english():
    set_language("en")
    use_catalogue(None)


def test_every_key_is_in_both_languages_with_names_of_the_same_length():
    en = _messages("en")
    es = _messages("es")
    assert sorted(k for k in en if k not in es) == []
    assert sorted(k for k in es if k not in en) == []
    for k in en:
        assert type(en[k]) is type(es[k]), k
        if isinstance(en[k], tuple):
            assert len(en[k]) == len(es[k]), k
        else:
            assert _placeholders(en[k]) == _placeholders(es[k]), k
    from firmware.rules.mls.codes import N_KINDS_PITS

    # every decision kind has a name, a hint and a dial's words (Pie in the Sky's too)
    assert len(en["kinds"]) == len(en["hints"]) == len(en["dials"]) == N_KINDS_PITS


def test_every_rulesets_decision_kinds_have_a_name_and_a_hint_in_each_language():
    # The display takes a ruleset's "hints" only when there is one a decision kind
    # (screens._table): one short drops them all, and a kind without a name shows "kind 77".
    # (Its "dials" may be the base catalogue's, for My Little Scythe: Scythe shows numbers.)
    from firmware.rules import registry

    for rname, _, _ in registry._SHIPPED:
        rs = registry.load(rname)
        for lang in text.LANGUAGES:
            set_language(lang)
            use_catalogue(rs.catalogue)
            try:
                for key in ("kinds", "hints"):
                    t = message(key)
                    assert isinstance(t, tuple) and len(t) == len(rs.entry), (rname, lang, key)
                assert all(name("kind", k) != "kind %d" % k for k in range(1, len(rs.entry))), (rname, lang)
            finally:
                use_catalogue(None)
                set_language("en")


def test_every_character_is_one_the_display_draws():
    # printable ASCII (framebuf's font), or a Spanish letter of the display's glyph table (a
    # capital with an accent is drawn as its plain letter); nothing else
    from firmware.hal import display

    drawn = display._GLYPH_CHARS + display._CAPITALS
    accents = 0
    for lang in text.LANGUAGES:
        for k, v in _messages(lang).items():
            for s in v if isinstance(v, tuple) else (v,):
                for c in s:
                    assert 32 <= ord(c) <= 126 or c in drawn, (lang, k, s)
                    accents += c in drawn
    assert accents > 50, "the Spanish catalogue has lost its accents"


def test_set_language_holds_only_the_catalogue_in_use():
    try:
        set_language("es")
        assert text.language() == "es"
        assert name("action", 0) == "Mover" and name("trophy", 3) == "2 misiones"
        assert message("nothing_to_undo") == "nada que deshacer"
        assert "firmware.text.en" not in sys.modules and "firmware.text.es" not in sys.modules
        assert not hasattr(text, "en") and not hasattr(text, "es")
        set_language("en")
        assert name("action", 0) == "Move" and message("nothing_to_undo") == "nothing to undo"
        assert "firmware.text.en" not in sys.modules and "firmware.text.es" not in sys.modules
    finally:
        _back_to_english()


def test_an_unknown_language_is_refused_and_the_language_in_use_stays():
    try:
        set_language("es")
        raises(ValueError, set_language, "fr")
        assert text.language() == "es" and name("action", 1) == "Buscar (primero)"
    finally:
        _back_to_english()


def test_rules_errors_read_in_the_language_in_use():
    e = IllegalDecisionError("illegal", 6, 9)
    try:
        assert str(e) == "not a legal choice now (decision 6, choice 9)"
        set_language("es")
        assert str(e) == "no es una opción legal ahora (decisión 6, opción 9)"
    finally:
        _back_to_english()


def test_a_ruleset_without_a_spanish_module_keeps_its_english_names_over_the_spanish_base():
    try:
        set_language("es")
        use_catalogue(RACE_TEXT)
        assert name("kind", 1) == "who starts"            # the race's own name, English
        assert name("action", 0) == "Mover"               # the base catalogue, Spanish
        assert RACE_TEXT + "_es" not in sys.modules
        use_catalogue("firmware.text.en")                 # My Little Scythe: the base alone
        assert name("kind", 6) == "elegir una acción"
    finally:
        _back_to_english()


class _RaceSpanish:
    MESSAGES = {"kinds": ("", "quien empieza")}


def test_a_ruleset_with_a_spanish_module_uses_it_and_english_for_the_keys_it_lacks():
    sys.modules[RACE_TEXT + "_es"] = _RaceSpanish  # type: ignore  # a stand-in module (a class has MESSAGES too)
    try:
        set_language("es")
        use_catalogue(RACE_TEXT)
        assert name("kind", 1) == "quien empieza"
        assert name("kind", 2) == "kind 2"                # its tuple replaces the English one
        set_language("en")
        assert name("kind", 1) == "who starts"            # English: the module is not read
    finally:
        del sys.modules[RACE_TEXT + "_es"]
        _back_to_english()


def test_english_prompts_on_the_bench_are_unchanged():
    rig = Rig(started(2))
    assert rig.display.lines[:2] == ["Seat 1", "Choose an action, push the dial"], rig.display.lines


def test_a_game_played_in_spanish_on_the_bench_shows_spanish_prompts():
    from firmware.bots import RandomBot
    from firmware.rng import Rng
    from firmware.rules.mls.bot import nudge

    es = _messages("es")
    actions = es["actions"]
    said = set(es["hints"]) | set(es["kinds"]) | {es["screen.lifted"]}
    try:
        set_language("es")
        rig = Rig(started(2), seed=3)
        first = rig.display.lines
        assert first[:2] == ["Jugador 1", "Elige una acción, pulsa el dial"], first
        assert first[2].startswith("Dial 1: ") and first[2][8:] in actions, first
        rng = Rng(3)
        bot = RandomBot(rng, nudge)
        seen = set()
        for _ in range(4000):
            if rig.st.is_terminal():
                break
            rig.bot_turn(bot, rng)
            rig.run(20)
            lines = rig.display.lines
            if rig.st.is_terminal():
                break
            title = lines[0]
            assert title.startswith("Jugador ") or title in ("Dados", "Pelea de tartas"), lines
            todo = [s for s in lines[1:] if s in said]
            assert todo, lines
            seen.update(todo)
        assert rig.st.is_terminal()
        rig.run(20)
        w = rig.st.winners()
        won = ("Gana: jugador %d" % (w[0] + 1) if len(w) == 1 else
               "Ganan: jugadores " + ", ".join(str(p + 1) for p in w))
        assert rig.display.lines[:2] == ["Fin de partida", won], rig.display.lines
        assert "Levanta un Buscador, ponlo donde se ilumine" in seen, seen
        assert "Elige una acción, pulsa el dial" in seen, seen
    finally:
        _back_to_english()


def test_lang_cfg_chooses_the_language_and_an_unknown_one_leaves_the_board_in_english():
    import os

    from firmware.app import lang_name, use_language

    tmp = os.getenv("TMPDIR") or "/tmp"
    path = "%s/pomme-test-lang.cfg" % tmp
    assert lang_name("no-such-lang.cfg") == "en"
    said = []
    try:
        with open(path, "w") as f:
            f.write("es\n")
        assert lang_name(path) == "es"
        use_language(lang_name(path), said.append)
        assert said == [] and name("action", 0) == "Mover"
        with open(path, "w") as f:
            f.write("fr\n")
        use_language(lang_name(path), said.append)
        assert len(said) == 1 and "fr" in said[0] and "English" in said[0], said
        assert text.language() == "en" and name("action", 0) == "Move"
    finally:
        os.remove(path)
        _back_to_english()
