# The message catalogue: every user-facing name and message, by key, in one language at a
# time: en.py (English, the default) or es.py (Spanish, terms of the Spanish rulebook).
# Only the catalogue in use is held: a language module is imported, its dict taken over and
# the module forgotten, so switching language lets the previous dict be collected. Every
# language has every key (tests/board/test_language.py), so nothing is merged over English.
import sys

LANGUAGES = ("en", "es")

_lang = "en"
_ruleset = None     # the ruleset catalogue in play (Ruleset.catalogue), a module name
_key = None         # (language, ruleset catalogue) of the dict in _catalogue
_catalogue = {}


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
    global _catalogue, _key
    key = (_lang, _ruleset)
    if key == _key:
        return
    _catalogue = {}          # the old dict goes before the new one is built
    _key = None
    base = __name__ + "." + _lang
    _forget(base)
    table = _module(base).MESSAGES   # imported afresh: the dict is ours to extend
    _forget(base)                    # and no module keeps it alive
    if _ruleset and not _ruleset.startswith(__name__ + "."):
        # A ruleset's own names: its English module, then its module for this language
        # (`<module>_es`) when it has one; a key it lacks stays English.
        table.update(_module(_ruleset).MESSAGES)
        if _lang != "en":
            try:
                table.update(_module(_ruleset + "_" + _lang).MESSAGES)
            except ImportError:
                pass
    _catalogue = table
    _key = key


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
    if _key is None:
        _load()
    text = _catalogue.get(key)
    if text is None:
        return "%s %s" % (key, " ".join(str(a) for a in args))
    try:
        return text % args if args else text
    except (TypeError, ValueError):
        return "%s %s" % (text, " ".join(str(a) for a in args))


def name(group, index):
    """The display name of a numbered thing: name("action", 0) -> "Move"."""
    if _key is None:
        _load()
    table = _catalogue.get(group + "s")
    if table is None or not 0 <= index < len(table):
        return "%s %s" % (group, index)
    return table[index]
