# Typed errors of the rules engine. Each carries a code (a key of the message catalogue,
# firmware/text/en.py) and the values that explain it; str() gives the English message.
# The engine imports this module only where it raises one of them: a board whose game
# raises none keeps these classes (~150 B of heap each) out of its RAM.


class RulesError(ValueError):
    code = "rules"

    def __init__(self, code=None, *args):
        if code is None:
            code = self.code
        super().__init__(code, *args)
        self.code = code

    def __str__(self):
        try:
            from firmware.text import message
        except ImportError:
            return repr(self.args)
        return message(self.code, *self.args[1:])


class IllegalDecisionError(RulesError):
    """The decision is not one of the legal options now (wrong kind, value or moment)."""

    code = "illegal"


class NotYourDecisionError(RulesError):
    """A player tried to decide while another player (or chance) must."""

    code = "not_your_decision"


class CorruptStateError(RulesError):
    """A serialised state that cannot be read back (bad magic, version, length or values)."""

    code = "corrupt_state"


class BoardDataError(RulesError):
    """A board definition that does not describe a playable board."""

    code = "bad_board"


class ContentDataError(RulesError):
    """Card or tile data that does not fit the documented format."""

    code = "bad_content"


class SetupError(RulesError):
    """Options for a new game that the rules do not allow (player count, camp sites)."""

    code = "bad_setup"



class UnknownRuleset(ValueError):
    """A ruleset asked for by a name or id that this firmware does not hold (registry.load:
    names, the ones it holds)."""

    def __init__(self, what, names):
        ValueError.__init__(self, "no ruleset %r here (known: %s)" % (what, ", ".join(names)))
        self.code = "unknown_ruleset"
