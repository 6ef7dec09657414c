# The simulated board: the firmware with the mock hardware, speaking the protocol on stdin and
# stdout - the unix port's (firmware/hosts/sim_main.py, behind `pomme sim`'s pseudo-terminal) or the
# emulated microcontroller's UART (docs/mcu.md, "The simulated board in QEMU"). There the frozen
# firmware (engine, controller, save, serial link) with the mock hardware,
# speaking the protocol on the board's UART, and saving to littlefs on a RAM flash that
# survives a reset (the emulated board's PSRAM, which QEMU keeps across system_reset).
#
# The host starts it with a few lines through mpremote (host_tools/qemu_board.py):
#     from firmware.hosts.sim_board import run; run(players, seed, "mls", board_def)
import sys

from firmware.rules.compat import const

HEARTBEAT_MS = const(5000)
POLL_MS = const(50)


def mount_flash():
    """littlefs on the emulated board's RAM flash (firmware/hal/ramflash.py, mount())."""
    from firmware.hal.ramflash import mount

    return mount()


def count_boots(path="sim-boots"):
    boots = 1
    try:
        with open(path) as f:
            boots = int(f.read()) + 1
    except (OSError, ValueError):
        pass
    with open(path, "w") as f:
        f.write(str(boots))
    return boots


def run(players, seed, game, board_def, lang="en", flash=True, bots=0, lines=False):
    """Resume the save (or start a game of `game`, a ruleset or its name, with the bot seats
    `bots`) and serve the protocol on stdin/stdout until the host closes the line (never, on
    a board). flash: mount the RAM flash first (the emulated board); lines: read whole lines
    (the unix port's stdin, where the end of input shows) rather than a byte at a time."""
    import gc
    import select

    from firmware.board.table import collect_often

    collect_often()
    from firmware.app import open_game
    from firmware.hosts.bench import Bench
    from firmware.link.device import DeviceLink
    from firmware.link.stdio import LineReader, no_keyboard_interrupt
    from firmware.rng import Rng
    from firmware.rules import registry
    from firmware.board.storage import SaveFile
    from firmware.board.table import table_def

    if flash:
        mount_flash()
    if lang:
        from firmware.text import set_language

        set_language(lang)
    ruleset = registry.load(game) if isinstance(game, str) else game
    board = ruleset.make_board(board_def)
    board_def = table_def(board_def)   # the parsed map goes before anything long-lived comes
    gc.collect()
    save = SaveFile("sim-game.sav")
    boots = count_boots()
    rng = Rng(seed)
    # Resume the save (or start anew); messages stay off stdout, which is the serial line.
    st, count = open_game(board, save, players, rng, out=lambda text: None, ruleset=ruleset)
    out = sys.stdout

    def write(text):
        out.write(text)
        if hasattr(out, "flush"):
            out.flush()

    if save.seats is not None:
        bots = save.seats      # a resumed game: the seats it was saved with
    bench = Bench(board_def, st, rng, save, ruleset=ruleset, commits=count, bots=bots)
    del board_def
    caps = {"spaces": board.n_spaces, "leds": bench.leds.n, "dials": 2, "sim": 1,
            "ruleset": ruleset.name}
    campaign = None
    if getattr(ruleset, "campaign", None) is not None:   # Scythe's (nothing of it in another game's heap)
        from firmware.board.campaign_hook import keeper_of

        campaign = keeper_of(bench.table, "sim-campaign.sav")
    link = DeviceLink(bench.table, write, caps, boots, "power-on" if boots == 1 else "restart", bench, save,
                      campaign)
    if lines:
        poll = select.poll()
        poll.register(sys.stdin, select.POLLIN)
        stdin = sys.stdin.buffer        # bytes: a line of garbage must not break decoding
    else:
        no_keyboard_interrupt()   # a 0x03 on the UART is data
        reader = LineReader()
        poll = reader.poll
    link.hello()
    link.snapshot()
    idle = 0
    while True:
        if poll.poll(POLL_MS):
            if lines:
                line = stdin.readline()
                if not line:
                    return   # the host closed the link
                link.on_line(line)
            else:
                reader.read_lines(link.on_line)
            idle = 0
        else:
            bench.run(POLL_MS)
            idle += POLL_MS
            if idle >= HEARTBEAT_MS:
                link.snapshot()
                idle = 0
