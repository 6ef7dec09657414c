# The log in words (docs/rulesets.md, "Narration"): every decision as a sentence, for the hosts
# that show a log (the page, `pomme play`, `pomme replay`); a board never imports this module.
# narrate(rs, before, a, after): the state before decision `a` (a clone), the decision, the
# state after it. A ruleset names its own narrator module (Ruleset.narrator) with a function of
# the same name, narrate(before, a, after), which may call line() below for the plain words; a
# ruleset without one gets line(). "" for a decision not worth a line (a deal the next sentence
# says); every player's decision gets one. Words: say(module, key, ...), from the narrator's own
# catalogue module (MESSAGES dict) or its `<module>_es` beside it, then this module's.
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD
from firmware.text import language, message, name

_WORDS = "firmware.rules.narrate_text"
_tables = {}   # (module, language) -> MESSAGES


def _table(module, lang):
    key = (module, lang)
    t = _tables.get(key)
    if t is None:
        try:
            from firmware.rules.registry import module as _module

            t = _module(module if lang == "en" else module + "_" + lang).MESSAGES
        except ImportError:
            t = {}
        _tables[key] = t
    return t


def say(module, key, *args):
    """The words of `key` in the language in use: the narrator's catalogue module, then this
    module's; English when a language lacks a key."""
    lang = language()
    text = None
    for mod in (module, _WORDS) if module else (_WORDS,):
        for lg in (lang, "en") if lang != "en" else ("en",):
            text = _table(mod, lg).get(key)
            if text is not None:
                break
        if text is not None:
            break
    if text is None:
        text = key
    return text % args if args else text


def seat(p):
    """"Seat 2" (from 0); the dice for chance."""
    return say(None, "seat", p + 1) if p >= 0 else say(None, "dice")


def option_words(rs, st, a):
    """An option of the pending decision in words, as the board's display says it
    (firmware/board/screens.py meaning()), from the catalogue only."""
    kind = st.decision()
    entry = rs.entry[kind] if kind < len(rs.entry) else -1
    words = rs.option_words(st, kind, a)
    if words:
        return words
    group = rs.option_names.get(kind)
    if group is not None:
        return name(group, a)
    fmt = _dial_format(rs, kind)
    for e in fmt.split(";")[1:]:
        v, _, said = e.partition("=")
        if v == str(a):
            return said
    if entry == ENTRY_PIECE:
        tag, d = rs.piece_move(st, a)
        where = say(None, "off_board") if d == OFF_BOARD else say(None, "space", d)
        return say(None, "piece_to", piece(rs, st, tag), where)
    if entry == ENTRY_SPACE:
        return say(None, "space", a)
    fmt = fmt.split(";")[0]
    if fmt.startswith("@"):
        return name(fmt[1:], a)
    if "%" in fmt:
        return fmt % a
    return str(a)


def _dial_format(rs, kind):
    t = message("dials")
    return t[kind] if isinstance(t, tuple) and len(t) == len(rs.entry) else ""


def piece(rs, st, tag):
    """A piece by its kind and owner ("runner of seat 2")."""
    for kind_name, owner, t in rs.game_pieces(st):
        if t == tag:
            return say(None, "piece_of", kind_name, owner + 1)
    return say(None, "piece", tag)


def line(rs, before, a, after):
    """The plain sentence: who decided what ("Seat 2, set your speed: 3"); a secret entry
    says only that it was entered; "" for chance."""
    p = before.current_player()
    if p < 0:
        return ""
    kind = before.decision()
    if kind < len(rs.entry) and rs.entry[kind] == ENTRY_SECRET:
        return say(None, "secret", seat(p), name("kind", kind))
    return say(None, "decided", seat(p), name("kind", kind), option_words(rs, before, a))


def game_over(after):
    """"Game over: Seat 1 wins." """
    w = after.winners()
    if not w:   # a cooperative game lost (The Rise of Fenris's Desolation)
        return say(None, "over_none")
    return say(None, "over", ", ".join(seat(p) for p in w))


def narrate(rs, before, a, after):
    """The sentence of decision `a` (before: the state it was taken in; after: the state it
    made), by the ruleset's narrator, with the end of the game when it ended here."""
    from firmware.text import use_catalogue

    use_catalogue(rs.catalogue)   # its names ("kinds", "units") over the base's
    mod = getattr(rs, "narrator", "")
    if mod:
        from firmware.rules.registry import module

        text = module(mod).narrate(before, a, after)
    else:
        text = line(rs, before, a, after)
    if after.is_terminal() and not before.is_terminal():
        text = (text + " " if text else "") + game_over(after)
    return text
