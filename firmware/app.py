# Starting the board: resume the saved game, or start a new one. A corrupt or foreign save
# is kept aside (renamed .bad, nothing is lost) with a clear message, and a new game starts;
# holding "menu" at power-up aborts the saved game on purpose.
import gc
import json
import sys

from firmware.rng import Rng
from firmware.rules import registry
from firmware.board.storage import SaveError, SaveFile
from firmware.board.table import Table, collect_often, table_def

SAVE_PATH = "game.sav"
CAMPAIGN_PATH = "campaign.sav"   # The Rise of Fenris campaign beside the game (campaign_file.py)
GAME_PATH = "game.cfg"      # the ruleset a board plays (one line: its name); registry.default() without it
LANG_PATH = "lang.cfg"      # the language of the display (one line: "en" or "es"); "en" without it


def map_path(name):
    return "hardware/maps/%s.json" % name


def read_json(path):
    with open(path) as f:
        return json.load(f)


def find_map(name=None):
    """The board definition `name` beside the firmware on the module path (the simulator
    and the benchmarks run in working folders of their own)."""
    path = map_path(name or registry.load(registry.default()).map_name)
    for root in [""] + [p + "/" for p in sys.path if p]:
        try:
            return read_json(root + path)
        except OSError:
            pass
    raise OSError(path + " not found on the module path")


def game_name(path=GAME_PATH):
    try:
        with open(path) as f:
            return f.read().strip() or registry.default()
    except OSError:
        return registry.default()


def lang_name(path=LANG_PATH):
    try:
        with open(path) as f:
            return f.read().strip() or "en"
    except OSError:
        return "en"


def use_language(lang, out=print):
    """Show names and messages in `lang`; a language the board has no catalogue for is
    reported and the board stays in English (a board must start)."""
    from firmware.text import set_language

    try:
        set_language(lang)
    except ValueError as e:
        out("%s: %s; the board speaks English." % (LANG_PATH, e))
        set_language("en")


def open_game(board, save, players, rng, abort=False, out=print, ruleset=None):
    """(state, count): the saved game, or a new game of `ruleset` for `players`."""
    if ruleset is None:
        ruleset = registry.load(registry.default())
    if abort and save.exists():
        save.abort()
        out("Saved game aborted: starting a new game.")
    elif save.exists():
        try:
            st, x, count = save.load(board, ruleset)
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
            save.set_aside = (str(e), bad)  # for the laptop: DeviceLink's save_aside event
    out("New game of %s: %d players, dice seed %d." % (ruleset.title, players, rng.x))
    return ruleset.new_game(board, players), 0


def choose_players(dial, wait_ms, show, counts=(2, 6)):
    """The new-game menu: turn dial 0 to a player count the ruleset takes, push to start."""
    lo, hi = counts
    while True:
        pos, down = dial.read()
        players = lo + pos % (hi - lo + 1)
        show(players)
        if down:
            return players
        wait_ms(20)


def choose_bots(dial, wait_ms, show, players):
    """Then the bot seats: turn dial 0 to how many seats the board's bot plays (the last
    ones; seat 1 is always a person's), push. Returns them as a mask (bit p: seat p+1)."""
    while dial.read()[1]:     # the push that chose the players: wait for its release
        wait_ms(20)
    k = _turned(dial, wait_ms, show, players)
    return ((1 << players) - 1) ^ ((1 << (players - k)) - 1)


def _turned(dial, wait_ms, show, n):
    """Dial 0 turned among n choices from where it stands (choice 0), then pushed: the choice."""
    start = dial.read()[0]
    while True:
        pos, down = dial.read()
        k = (pos - start) % n
        show(k)
        if down:
            return k
        wait_ms(20)


def choose_campaign(dial, wait_ms, show, kept):
    """Scythe's first menu step: turn dial 0 to 0 (no campaign), 1 (The Rise of Fenris campaign:
    the one kept on the board, else a new one) or, when one is kept and not over, 2 (a new one,
    the kept one set aside), push. Returns the choice (CampaignKeeper.from_menu)."""
    k = _turned(dial, wait_ms, show, 3 if kept else 2)
    while dial.read()[1]:   # wait for the release: the players menu reads the next push
        wait_ms(20)
    return k


def kept_campaign(board, ruleset, path=CAMPAIGN_PATH):
    """The seats of the campaign kept on the board's flash when it is not over, else 0."""
    from firmware.board.campaign_file import CampaignFile
    from firmware.board.storage import SaveError

    f = CampaignFile(path)
    if not f.exists():
        return 0
    try:
        c = f.load(board, ruleset)[0]
    except SaveError:
        return 0
    return 0 if c.over() else len(c.seats_in())


def presence_only(pinmap):
    """True for a board built without tag readers: the pin map's sensors.reader.chip is
    "none" (hardware/presence-only.md)."""
    return pinmap["sensors"].get("reader", {}).get("chip") == "none"


def main():
    """On a board (rp2, esp32): build the hardware from the pin map and run the game."""
    import time

    import machine

    from firmware import bootstate
    from firmware.hal.leds import NeoPixelLeds
    from firmware.hal.rp2040 import build
    from firmware.main_loop import run_forever

    collect_often()
    path = bootstate.pinmap_path()
    if path is None:
        print("No board hardware on this port: use `pomme sim` to run the simulated board.")
        return
    pinmap = read_json(path)
    ruleset = registry.load(game_name())
    use_language(lang_name())
    board_def = read_json(map_path(ruleset.map_name))
    from firmware.board import pairing
    from firmware.hal.tag_reader import make_reader

    presence = presence_only(pinmap)
    table = pairing.load()
    if presence:   # a board built without readers (hardware/presence-only.md)
        reader, no_reader = None, None
    else:
        # The self-test runs without a reader (LEDs, hall switches): a missing one stops start-up after it.
        try:
            reader, no_reader = make_reader(pinmap["sensors"]["reader"], machine, table,
                                              ruleset.max_stack), None
        except Exception as e:
            reader, no_reader = None, e
    sensors, dials, buttons = build(pinmap, reader, None, ruleset.max_stack)
    leds = NeoPixelLeds(pinmap["leds"]["pin"], pinmap["leds"]["count"], pinmap["leds"]["budget_ma"] * 1000)
    import os

    if buttons.pressed("undo") and not buttons.pressed("menu"):
        from firmware.board import selftest

        print("Self-test: each space lights in turn; put pieces on spaces to see their tags.")
        selftest.run(board_def, sensors, leds, time.sleep_ms, print, pinmap["leds"]["count"],
                     ruleset.max_stack)
        return
    if no_reader is not None:
        raise no_reader
    board = ruleset.make_board(board_def)
    board_def = table_def(board_def)   # the parsed map goes before anything long-lived comes
    gc.collect()
    again = buttons.pressed("undo") and buttons.pressed("menu")   # both held: pair every piece again
    if not presence and (again or table.n == 0):
        pairing.setup(pairing.wanted(ruleset, table, again), board_def, sensors, leds, table, time.sleep_ms,
                      print, pinmap["leds"]["count"], skip=lambda: dials[0].read()[1])
        if again:
            print("Pairing done: release the buttons and restart the board.")
            return
    rng = Rng(int.from_bytes(os.urandom(4), "little"))
    save = SaveFile(SAVE_PATH)
    players = 0
    bots = None   # a resumed game keeps the bot seats of its save
    campaign_choice = 0   # the power-up menu's campaign step (Scythe's): choose_campaign
    if not save.exists() or buttons.pressed("menu"):
        frame = bytearray(3 * pinmap["leds"]["count"])

        def show(n):
            for i in range(len(frame)):
                frame[i] = 60 if i < 3 * n else 0
            leds.show(frame)

        def show_choice(k):   # the campaign step: k LEDs in amber
            for i in range(len(frame)):
                frame[i] = (60, 25, 0)[i % 3] if i < 3 * k else 0
            leds.show(frame)

        kept = 0
        if getattr(ruleset, "campaign", None) is not None:   # Scythe: The Rise of Fenris campaign first
            kept = kept_campaign(board, ruleset)
            campaign_choice = choose_campaign(dials[0], time.sleep_ms, show_choice, kept)
            print("Campaign: " + ("none", "the kept one" if kept else "a new one",
                                  "a new one")[campaign_choice])
        if campaign_choice == 1 and kept:
            players = kept   # the kept campaign's seats play
        else:
            players = choose_players(dials[0], time.sleep_ms, show, ruleset.players)

        def show_bots(k):   # the bot's seats in violet after the people's in white
            for i in range(len(frame)):
                seat = i // 3
                frame[i] = 0 if seat >= players else (40 if seat < players - k or i % 3 != 1 else 0)
            leds.show(frame)

        bots = choose_bots(dials[0], time.sleep_ms, show_bots, players)
    st, count = open_game(board, save, players or ruleset.players[0], rng,
                          buttons.pressed("menu"), ruleset=ruleset)
    st.keep_history = False   # the decision log lives in the save, not in RAM
    from firmware.hal.display import make_display

    display, why = make_display(pinmap, machine)
    if why:
        print(why)   # the board plays without its display
    table = Table(board_def, st, sensors, dials, leds, rng, save, buttons=buttons, ruleset=ruleset,
                  commits=count, display=display, bots=bots, presence=presence)
    if table.n_channels > pinmap["sensors"]["channels"]:
        raise ValueError("the pin map has %d sensor channels, the board definition needs %d (spaces, camps)"
                         % (pinmap["sensors"]["channels"], table.n_channels))
    del board_def
    from firmware.link.device import DeviceLink
    from firmware.link.stdio import LineReader, no_keyboard_interrupt

    board = table.ctl.st.board

    def write(text):
        sys.stdout.write(text)

    caps = {"spaces": board.n_spaces, "leds": pinmap["leds"]["count"], "dials": len(dials), "sim": 0,
            "ruleset": ruleset.name}
    reset = {1: "power-on", 3: "watchdog"}.get(machine.reset_cause(), "reset")
    campaign = None
    if getattr(ruleset, "campaign", None) is not None:   # Scythe's (nothing of it in another game's heap)
        from firmware.board.campaign_hook import keeper_of

        campaign = keeper_of(table, CAMPAIGN_PATH)
        keeper = campaign() if campaign_choice and campaign is not None else None
        if keeper is not None:   # made now: the campaign asks first, on dial 1 and the display
            keeper.from_menu(campaign_choice, rng)
    link = DeviceLink(table, write, caps, count_boot(), reset, None, save, campaign)
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
