# Rulesets by name and by id, imported only when asked for: a board holds the ruleset in
# play and no other. The shipped rulesets are listed here; a ruleset that lives elsewhere
# (a test ruleset, a mod) plugs in with plug("its.module") (`--plugin` on the host and the
# simulator), without a line changed here.
_SHIPPED = (("mls", 1, "firmware.rules.mls.ruleset"), ("scythe", 2, "firmware.rules.scythe.ruleset"))
_plugged = []   # (name, id, module) added at run time


def _entries():
    return _plugged + list(_SHIPPED)


def names():
    return [e[0] for e in _entries()]


def default():
    """The game a board, the simulator or the page plays when none is named: the first shipped."""
    return _SHIPPED[0][0]


def module(name):
    """The module `name` ("a.b.c"), imported (MicroPython has no importlib)."""
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def _import(name):
    return module(name).RULESET


def load(key):
    """The Ruleset named `key` (a name such as "mls", or its id byte)."""
    for name, rid, module in _entries():
        if key == name or key == rid:
            return _import(module)
    from .errors import UnknownRuleset   # its class is made only when one is asked for

    raise UnknownRuleset(key, names())


def plug(module):
    """Register the ruleset of `module` (a package with a RULESET); returns it."""
    rs = _import(module)
    for name, rid, mod in _entries():
        if mod == module:
            return rs
        if name == rs.name or rid == rs.id:
            raise ValueError("ruleset %s (id %d) of %s clashes with %s" % (rs.name, rs.id, module, mod))
    _plugged.append((rs.name, rs.id, module))
    return rs


def of_state(data):
    """The Ruleset of a serialised state (its ruleset byte: framing.py)."""
    from .framing import ruleset_of

    rid = ruleset_of(data)
    if rid is None:
        from .errors import CorruptStateError

        raise CorruptStateError("corrupt_state", "not a Pomme state")
    return load(rid)


def of_game(st):
    """The Ruleset a State plays."""
    return load(st.RULESET)   # the ruleset byte of its serialised form (framing.py)
