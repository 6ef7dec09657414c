"""Game logs: every decision the board committed (players' and dice), as JSON lines, with
the state hash after each, so a replay on the host proves it reproduces the same game.

    {"log": "pomme-game", "version": 3, "game": "mls", "players": 4, "fw": "0.1.0",
     "start": "<state hex, optional>"}

"game" is the game's name as the host takes it (host_tools/games.py). Version 2: a name without
a deck word plays unknown cards from the model deck ("mls" = "mls+model"). A version 1 log
(written before the model deck) is read with "+printed" added: its cards were stated.
Version 3: a spell card of unknown value attached to a pie-fight bid is two decisions (the card,
9, then its value, 9 + v: docs/content.md); in a log before it one (9 + v), replayed as the two.
    {"a": 3, "hash": 2882343476}
    ...
"""

from firmware.link.protocol import FACE_DOWN
from firmware.rules.registry import default as _default_game
import json


from .boards import load_board
from .view import old_log_steps
from .text import t

DEFAULT_GAME = _default_game()   # the game played when none is named (firmware/rules/registry.py)
VERSION = 3   # the format written (the docstring above: what changed)


def _as_printed(game):
    """A version 1 log's game name with its deck said: "+printed" where the ruleset has a deck
    option and the name no word for it."""
    from firmware.rules import registry
    from firmware.rules.errors import UnknownRuleset

    name, _, rest = game.partition("+")
    try:
        rs = registry.load(name)
    except UnknownRuleset:
        return game   # the replay says it is unknown
    words = [w for w, option, _ in rs.aliases if option == rs.deck_option]
    if not rs.deck_option or set(rest.split("+")) & set(words):
        return game
    printed = [w for w, option, value in rs.aliases if option == rs.deck_option and value == 0]
    return game + "+" + printed[0] if printed else game


class GameLog:
    def __init__(self, players, fw="", start=None, game=DEFAULT_GAME, version=VERSION):
        self.game = game  # the ruleset's name
        self.version = version  # the format it was written in (read(): the file's)
        self.players = players
        self.fw = fw
        self.start = start  # hex of the state the log starts from (None: a new game)
        self.entries = []  # (action, hash)

    def add(self, action, h):
        self.entries.append((action, h))

    def write(self, path):
        with open(path, "w") as f:
            head = {"log": "pomme-game", "version": VERSION, "game": self.game, "players": self.players,
                    "fw": self.fw}
            if self.start:
                head["start"] = self.start
            f.write(json.dumps(head) + "\n")
            for a, h in self.entries:
                f.write(json.dumps({"a": a, "hash": h}) + "\n")

    @classmethod
    def read(cls, path):
        with open(path) as f:
            lines = f.read().splitlines()
        try:
            head = json.loads(lines[0])
            if head.get("log") != "pomme-game":
                raise ValueError(t("log.not_a_log"))
            game = head.get("game", DEFAULT_GAME)
            if head.get("version", 1) < 2:
                game = _as_printed(game)
            log = cls(int(head["players"]), head.get("fw", ""), head.get("start"), game,
                      int(head.get("version", 1)))
            for line in lines[1:]:
                e = json.loads(line)
                log.add(int(e["a"]), int(e["hash"]))
        except (ValueError, KeyError, IndexError, TypeError) as e:
            raise ValueError(t("log.unreadable", path, e)) from None
        return log


def start_state(log, board=None):
    """The state the log starts from: a new game of its name, or its start bytes."""
    from .games import parse

    rs, options = parse(log.game)   # "mls+pits": the ruleset and its options (host_tools/games.py)
    board = board or load_board(ruleset=rs)
    if log.start:
        import binascii

        return rs.from_bytes(board, binascii.unhexlify(log.start))
    return rs.new_game(board, log.players, options)


def replay(log, board=None, on_step=None):
    """Replay a log through the rules engine; returns the final state. Raises ValueError at
    the first decision that is illegal or gives another state than the board reported."""
    st = start_state(log, board)
    for i, (a, h) in enumerate(log.entries):
        if a == FACE_DOWN:
            raise ValueError(t("log.face_down", i + 1))
        if on_step is not None:
            on_step(i, st, a)
        try:
            for step in old_log_steps(st, a, log.version) if log.version < VERSION else (a,):
                st.apply_checked(step)
        except ValueError as e:
            raise ValueError(t("log.illegal", i + 1, a, e)) from None
        if st.public_hash() != h:
            raise ValueError(t("log.differs", i + 1))
    return st

