# The simulated board: the real firmware (engine, controller, save, serial link) on the
# MicroPython unix port with the mock hardware, speaking the protocol on stdin/stdout -
# which `pomme sim` connects to a pseudo-terminal, so the host attaches as to a real board.
#
#   micropython firmware/hosts/sim_main.py [players] [seed] [game] [plugin,plugin...] [lang] [bots]
#
# game: a ruleset name (default mls); plugins: modules of rulesets that live outside
# firmware/ (firmware/rules/registry.py), registered before the game is looked up (an empty
# argument for none); lang: the display's language, "en" or "es" (default: lang.cfg in the
# working folder, as on a board, else English); bots: the bot seats of a new game, a mask
# (bit p: seat p is played by the board's bot; default 0). A resumed game keeps the seats
# its save holds.
import sys

from firmware.app import find_map, lang_name
from firmware.rules import registry


def main(argv):
    players = int(argv[1]) if len(argv) > 1 else 4
    seed = int(argv[2]) if len(argv) > 2 else 1
    game = argv[3] if len(argv) > 3 else registry.default()
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
    from firmware.hosts.sim_board import run

    run(players, seed, ruleset, find_map(ruleset.map_name), None, flash=False, bots=bots, lines=True)


try:
    main(sys.argv)
except Exception as e:  # stdout is the serial line: an error goes to stderr, for the host to show
    sys.print_exception(e, sys.stderr)
    sys.exit(1)
