# The message catalogue: every user-facing name and message, by key, in one language at a
# time: en.py (English, the default) or es.py (Spanish, terms of the Spanish rulebook).
# The base catalogues are tuples of (key, value) pairs sorted by key: constants, which a
# frozen or ROMFS board keeps in flash (a dict would be built in RAM: 848 bytes on the emulated
# board), looked up by bisection. A ruleset's own catalogue (Ruleset.catalogue, and
# `<module>_<lang>` when it has one) may be such a tuple or a dict; its keys win over the base's,
# its language's over its English. Every language has every key (tests/board/test_language.py).
import sys

LANGUAGES = ("en", "es")

_lang = "en"
_ruleset = None     # the ruleset catalogue in play (Ruleset.catalogue), a module name
_key = None         # (language, ruleset catalogue) of the tables in _tables
_tables = []        # the catalogues to look a key up in, first match wins


def _module(module_name):
    mod = sys.modules.get(module_name)
    if mod is None:
        mod = __import__(module_name)
        for part in module_name.split(".")[1:]:
            mod = getattr(mod, part)
    return mod


def _forget(module_name):
    sys.modules.pop(module_name, None)
    globals().pop(module_name[module_name.rfind(".") + 1:], None)


def _load():
    global _key
    key = (_lang, _ruleset)
    if key == _key:
        return
    del _tables[:]
    _key = None
    base = __name__ + "." + _lang
    _forget(base)
    table = _module(base).MESSAGES   # a constant: the module itself need not stay
    _forget(base)
    if _ruleset and not _ruleset.startswith(__name__ + "."):
        # A ruleset's own names: its module for this language (`<module>_es`) when it has
        # one, then its English module; a key it lacks is the base's.
        if _lang != "en":
            try:
                _tables.append(_module(_ruleset + "_" + _lang).MESSAGES)
            except ImportError:
                pass
        _tables.append(_module(_ruleset).MESSAGES)
    _tables.append(table)
    _key = key


def _find(table, key):
    """The value of `key` in a catalogue (a dict, or sorted (key, value) pairs), else None."""
    if isinstance(table, dict):
        return table.get(key)
    lo = 0
    hi = len(table)
    while lo < hi:
        mid = (lo + hi) >> 1
        k = table[mid][0]
        if k == key:
            return table[mid][1]
        if k < key:
            lo = mid + 1
        else:
            hi = mid
    return None


def lookup(key):
    """The catalogue's value of `key` in the language and ruleset in use, else None."""
    if _key is None:
        _load()
    for table in _tables:
        v = _find(table, key)
        if v is not None:
            return v
    return None


def set_language(lang):
    """Show every name and message in `lang` ("en", "es"); ValueError for another."""
    global _lang
    if lang not in LANGUAGES:
        raise ValueError("no catalogue for language %r (%s)" % (lang, ", ".join(LANGUAGES)))
    _lang = lang
    _load()


def language():
    return _lang


def use_catalogue(module_name):
    """Names and prompts of the ruleset in play (Ruleset.catalogue) over the base catalogue
    of the language in use. A module of firmware.text (the base itself) adds nothing."""
    global _ruleset
    _ruleset = module_name or None
    _load()


def message(key, *args):
    text = lookup(key)
    if text is None:
        return "%s %s" % (key, " ".join(str(a) for a in args))
    try:
        return text % args if args else text
    except (TypeError, ValueError):
        return "%s %s" % (text, " ".join(str(a) for a in args))


def name(group, index):
    """The display name of a numbered thing: name("action", 0) -> "Move"."""
    table = lookup(group + "s")
    if table is None or not 0 <= index < len(table):
        return "%s %s" % (group, index)
    return table[index]
