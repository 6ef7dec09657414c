"""The host's message catalogue: every line `pomme` prints, by key, in English (en.py) and
Spanish (es.py). The names the board also shows (actions, trophies, goods, sections, terms,
seats, decision kinds) come from the board's catalogue, firmware/text, so the laptop and the
display never disagree: set_language() sets both. The host holds both languages (a few KB);
every key is in both, with the same placeholders (tests/host/test_host_language.py).

Plain ASCII, as on the board (firmware/text/es.py): the same word is spelled the same on the
display and on the laptop. The keys of the prompts (u, n, h, q, y) are the same in both
languages; Spanish also takes s/si for yes."""

import importlib

from firmware import text as board_text

LANGUAGES = ("en", "es")
ENV = "POMME_LANG"  # the language when --lang is not given

_lang = "en"
_tables = {}


def table(lang):
    """The catalogue of `lang` (a dict; loaded once)."""
    if lang not in _tables:
        _tables[lang] = importlib.import_module(__name__ + "." + lang).MESSAGES
    return _tables[lang]


def set_language(lang):
    """The host's lines and the board's names in `lang`; ValueError (in the language in use)
    for a language without a catalogue, and nothing changes."""
    global _lang
    if lang not in LANGUAGES:
        raise ValueError(t("lang.unknown", lang, ", ".join(LANGUAGES)))
    board_text.set_language(lang)
    _lang = lang


def language():
    return _lang


def t(key, *args):
    """The line `key` in the language in use, with `args` put in."""
    text = table(_lang)[key]
    return text % args if args else text


def has(key):
    """Whether the language in use has a line `key`."""
    return key in table(_lang)


def plural(key, n):
    """A (one, many) pair of `key` for the number n: plural("n_apples", 2) -> "2 apples"."""
    one, many = table(_lang)[key]
    return (one if n == 1 else many) % n


def item(key, i):
    """The i-th of a tuple of `key`."""
    return table(_lang)[key][i]
