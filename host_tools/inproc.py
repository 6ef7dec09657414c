"""The firmware in this process (CPython) behind a serial-port-like object: the HIL suite's
`inproc` target, and a quick way to try the protocol without MicroPython."""

from firmware.rules.registry import default as _default_game
import json
import os
import tempfile

from firmware.app import open_game
from firmware.hosts.bench import Bench
from firmware.link.device import DeviceLink
from firmware.rng import Rng
from firmware.rules import registry
from firmware.board.storage import SaveFile

from .boards import map_file

DEFAULT_GAME = _default_game()   # the game played when none is named (firmware/rules/registry.py)


class _Port:
    """What pyserial's Serial offers the Client: write, read, in_waiting, close."""

    def __init__(self, board):
        self.board = board
        self.inbox = b""

    def write(self, data):
        self.inbox += data
        while b"\n" in self.inbox:
            line, _, self.inbox = self.inbox.partition(b"\n")
            self.board.link.on_line(line + b"\n")
        return len(data)

    @property
    def in_waiting(self):
        return len(self.board.out)

    def read(self, n=1):
        data = bytes(self.board.out[:n])
        del self.board.out[:n]
        return data

    def close(self):
        pass


class InProcBoard:
    def __init__(self, players=3, seed=5, workdir=None, game=DEFAULT_GAME):
        self.ruleset = registry.load(game)
        self.workdir = workdir or tempfile.mkdtemp(prefix="pomme-inproc-")
        self.players = players
        self.seed = seed
        self.boots = 0
        self.power_up()

    def power_up(self):
        rs = self.ruleset
        with open(map_file(rs.map_name)) as f:
            board_def = json.load(f)
        board = rs.make_board(board_def)
        save = SaveFile(os.path.join(self.workdir, "game.sav"))
        rng = Rng(self.seed)
        st, count = open_game(board, save, self.players, rng, out=lambda text: None, ruleset=rs)
        self.boots += 1
        self.out = bytearray()
        bench = Bench(board_def, st, rng, save, ruleset=rs, commits=count)
        caps = {"spaces": board.n_spaces, "leds": bench.leds.n, "dials": 2, "sim": 1,
                "ruleset": rs.name}
        from firmware.board.campaign_hook import keeper_of

        self.link = DeviceLink(
            bench.table,
            self._write,
            caps,
            self.boots,
            "power-on" if self.boots == 1 else "restart",
            bench,
            save,
            keeper_of(bench.table, os.path.join(self.workdir, "campaign.sav")),
        )
        self.link.hello()
        self.link.snapshot()

    def _write(self, text):
        self.out += text.encode()

    def restart(self):
        self.power_up()

    def port(self):
        return _Port(self)
