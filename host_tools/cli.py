"""The `pomme` command: the laptop side of Pomme Board.

    pomme playout --players 4 --games 100 --seed 1   bot games with statistics
"""
import argparse
import sys


def main(argv=None):
    ap = argparse.ArgumentParser(prog="pomme", description="Pomme Board host tool")
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("playout", help="play bot games through the rules engine and print statistics")
    p.add_argument("--players", type=int, default=4, choices=range(2, 7), metavar="2-6")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    if args.command == "playout":
        from .playout import run

        if args.games < 1:
            ap.error("--games must be at least 1")
        run(args.players, args.games, args.seed)
    return 0


if __name__ == "__main__":
    sys.exit(main())
