# The message catalogue: every user-facing name and message, by key. English is the only
# language today (en.py); another (es.py for the Spanish rulebook) plugs in by set_language.
from . import en

_catalogue = en.MESSAGES


def set_language(module):
    """Use another catalogue module (with a MESSAGES dict); missing keys fall back to English."""
    global _catalogue
    merged = dict(en.MESSAGES)
    merged.update(module.MESSAGES)
    _catalogue = merged


def use_catalogue(module_name):
    """Names and prompts of the ruleset in play (Ruleset.catalogue) over the English base."""
    global _catalogue
    if not module_name or module_name == en.__name__:
        _catalogue = en.MESSAGES
        return
    mod = __import__(module_name)
    for part in module_name.split(".")[1:]:
        mod = getattr(mod, part)
    merged = dict(en.MESSAGES)
    merged.update(mod.MESSAGES)
    _catalogue = merged


def message(key, *args):
    text = _catalogue.get(key)
    if text is None:
        return "%s %s" % (key, " ".join(str(a) for a in args))
    try:
        return text % args if args else text
    except (TypeError, ValueError):
        return "%s %s" % (text, " ".join(str(a) for a in args))


def name(group, index):
    """The display name of a numbered thing: name("action", 0) -> "Move"."""
    table = _catalogue.get(group + "s")
    if table is None or not 0 <= index < len(table):
        return "%s %s" % (group, index)
    return table[index]
