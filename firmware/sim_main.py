# The simulated board: the real firmware (engine, controller, save, serial link) on the
# MicroPython unix port with the mock hardware, speaking the protocol on stdin/stdout -
# which `pomme sim` connects to a pseudo-terminal, so the host attaches as to a real board.
#
#   micropython firmware/sim_main.py [players] [seed] [game] [plugin,plugin...] [lang] [bots]
#
# game: a ruleset name (default mls); plugins: modules of rulesets that live outside
# firmware/ (firmware/rules/registry.py), registered before the game is looked up (an empty
# argument for none); lang: the display's language, "en" or "es" (default: lang.cfg in the
# working folder, as on a board, else English); bots: the bot seats of a new game, a mask
# (bit p: seat p is played by the board's bot; default 0). A resumed game keeps the seats
# its save holds.
import select
import sys

from firmware.app import find_map, lang_name, open_game
from firmware.bench import Bench
from firmware.link.device import DeviceLink
from firmware.rng import Rng
from firmware.rules import registry
from firmware.storage import SaveFile

HEARTBEAT_MS = 5000
POLL_MS = 50


def main(argv):
    players = int(argv[1]) if len(argv) > 1 else 4
    seed = int(argv[2]) if len(argv) > 2 else 1
    game = argv[3] if len(argv) > 3 else "mls"
    if len(argv) > 4 and argv[4]:
        for module in argv[4].split(","):
            registry.plug(module)
    lang = argv[5] if len(argv) > 5 and argv[5] else lang_name()
    try:
        try:
            bots = int(argv[6]) if len(argv) > 6 and argv[6] else 0
        except ValueError:
            raise ValueError("bot seats %r: a number, bit p for seat p" % argv[6]) from None
        if not 0 <= bots < (1 << players):
            raise ValueError("bot seats %d: a %d-player game takes 0 to %d"
                             % (bots, players, (1 << players) - 1))
        from firmware.text import set_language

        set_language(lang)
        ruleset = registry.load(game)
        if not ruleset.players[0] <= players <= ruleset.players[1]:
            raise ValueError("%s takes %d to %d players, not %d" % (ruleset.title, ruleset.players[0],
                                                                    ruleset.players[1], players))
    except ValueError as e:
        sys.stderr.write("sim_main: %s\n" % e)   # stdout is the serial line
        sys.exit(2)
    board_def = find_map(ruleset.map_name)
    board = ruleset.make_board(board_def)
    save = SaveFile("sim-game.sav")
    boots = 1
    try:
        with open("sim-boots") as f:
            boots = int(f.read()) + 1
    except (OSError, ValueError):
        pass
    with open("sim-boots", "w") as f:
        f.write(str(boots))
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
    caps = {"spaces": board.n_spaces, "leds": len(bench.led) + 4, "dials": 2, "sim": 1,
            "ruleset": ruleset.name}
    link = DeviceLink(bench.table, write, caps, boots,
                      "power-on" if boots == 1 else "restart", bench, save)
    link.hello()
    link.snapshot()
    poll = select.poll()
    poll.register(sys.stdin, select.POLLIN)
    stdin = sys.stdin.buffer        # bytes: a line of garbage must not break decoding
    idle = 0
    while True:
        if poll.poll(POLL_MS):
            line = stdin.readline()
            if not line:
                return   # the host closed the link
            link.on_line(line)
            idle = 0
        else:
            bench.run(POLL_MS)
            idle += POLL_MS
            if idle >= HEARTBEAT_MS:
                link.snapshot()
                idle = 0


try:
    main(sys.argv)
except Exception as e:  # stdout is the serial line: an error goes to stderr, for the host to show
    sys.print_exception(e, sys.stderr)
    sys.exit(1)
