# Starting the board: resume the saved game, or start a new one. A corrupt or foreign save
# is kept aside (renamed .bad, nothing is lost) with a clear message, and a new game starts;
# holding "menu" at power-up aborts the saved game on purpose.
import json
import sys

from firmware.rng import Rng
from firmware.rules.board import Board
from firmware.rules.mls.engine import new_game
from firmware.storage import SaveError, SaveFile
from firmware.table import Table

SAVE_PATH = "game.sav"
MAP_PATH = "hardware/maps/mls.json"


def read_json(path):
    with open(path) as f:
        return json.load(f)


def find_map():
    """The board definition beside the firmware on the module path (the simulator and the
    benchmarks run in working folders of their own)."""
    for root in [""] + [p + "/" for p in sys.path if p]:
        try:
            return read_json(root + MAP_PATH)
        except OSError:
            pass
    raise OSError(MAP_PATH + " not found on the module path")


def open_game(board, save, players, rng, abort=False, out=print):
    """(state, message): the saved game, or a new game for `players`."""
    if abort and save.exists():
        save.abort()
        out("Saved game aborted: starting a new game.")
    elif save.exists():
        try:
            st, x, count = save.load(board)
            rng.x = x
            out("Resuming the saved game (decision %d)." % count)
            return st, count
        except SaveError as e:
            bad = save.path + ".bad"
            try:
                save.os.rename(save.path, bad)
            except OSError:
                pass
            out("The saved game cannot be used (%s); it is kept as %s. Starting a new game." % (e, bad))
    out("New game: %d players, dice seed %d." % (players, rng.x))
    return new_game(board, players), 0


def choose_players(dial, wait_ms, show):
    """The new-game menu: turn dial 0 to 2-6 players, push to start."""
    while True:
        pos, down = dial.read()
        players = 2 + pos % 5
        show(players)
        if down:
            return players
        wait_ms(20)


def main():
    """On a board (rp2, esp32): build the hardware from the pin map and run the game."""
    import time

    import machine

    from firmware import bootstate
    from firmware.hal.leds import NeoPixelLeds
    from firmware.hal.rp2040 import build
    from firmware.main_loop import run_forever

    path = bootstate.pinmap_path()
    if path is None:
        print("No board hardware on this port: use `pomme sim` to run the simulated board.")
        return
    pinmap = read_json(path)
    board_def = read_json(MAP_PATH)
    from firmware.hal.tag_reader import make_reader

    sensors, dials, buttons = build(pinmap, make_reader(pinmap["sensors"]["reader"], machine))
    leds = NeoPixelLeds(pinmap["leds"]["pin"], pinmap["leds"]["count"], pinmap["leds"]["budget_ma"] * 1000)
    import os

    if buttons.pressed("undo"):
        from firmware import selftest

        print("Self-test: each space lights in turn; put pieces on spaces to see their tags.")
        selftest.run(read_json(MAP_PATH), sensors, leds, time.sleep_ms, print, pinmap["leds"]["count"])
        return
    rng = Rng(int.from_bytes(os.urandom(4), "little"))
    save = SaveFile(SAVE_PATH)
    players = 0
    if not save.exists() or buttons.pressed("menu"):
        frame = bytearray(3 * pinmap["leds"]["count"])

        def show(n):
            for i in range(len(frame)):
                frame[i] = 60 if i < 3 * n else 0
            leds.show(frame)

        players = choose_players(dials[0], time.sleep_ms, show)
    st, count = open_game(Board(board_def), save, players or 2, rng, buttons.pressed("menu"))
    st.keep_history = False   # the decision log lives in the save, not in RAM
    table = Table(board_def, st, sensors, dials, leds, rng, save, buttons=buttons)
    table.ctl.commits = count
    from firmware.link.device import DeviceLink
    from firmware.link.stdio import LineReader, no_keyboard_interrupt

    board = table.ctl.st.board

    def write(text):
        sys.stdout.write(text)

    caps = {"spaces": board.n_spaces, "leds": pinmap["leds"]["count"], "dials": len(dials), "sim": 0,
            "ruleset": "mls"}
    reset = {1: "power-on", 3: "watchdog"}.get(machine.reset_cause(), "reset")
    link = DeviceLink(table, write, caps, count_boot(), reset, None, save)
    no_keyboard_interrupt()   # a 0x03 on the line is data, not a way to stop the game
    link.hello()
    wdt = machine.WDT(timeout=pinmap["watchdog_ms"])
    del sys.modules["firmware.app"]
    run_forever(table, wdt, LineReader(), link)


def count_boot(path="boots"):
    n = 0
    try:
        with open(path) as f:
            n = int(f.read())
    except (OSError, ValueError):
        pass
    with open(path, "w") as f:
        f.write(str(n + 1))
    return n + 1
