"""The `pomme` command: the laptop side of Pomme Board.

pomme sim --bots 4 --seed 1          the simulated board plays a bot game to the end
pomme sim --script moves.txt         replay physical events on the simulated board
pomme monitor --port /dev/ttyACM0    live view of a board (or of `pomme sim --serve`)
pomme play --seat 2=bot              play at the laptop (the simulated board, or --port)
pomme flash --port /dev/ttyACM0      compile, copy what changed, restart, verify
pomme log --port PORT --out game.log record a live board's decisions
pomme replay game.log [--step]       replay a saved game log through the rules
pomme playout --players 4 --games 100  bot games in-process, with statistics
pomme web                            the virtual board in a browser (docs/web.md)
"""

import argparse
import os
import sys
import time

from .link import LinkError


SIM_SAVE = "sim-game.sav"  # the simulated board's save in its folder (firmware/sim_main.py)


def _say(line):
    """The one line a command that stops early leaves (on stderr, like an error)."""
    print("pomme: %s" % line, file=sys.stderr)


def _connect(client, out):
    """The handshake, saying if the board set aside a save it could not use."""
    hello, st = client.connect()
    aside = client.save_aside
    if aside:
        out(
            "the board could not use its saved game (%s): it is kept as %s on the board, "
            "and a new game started" % (aside.get("msg"), aside.get("kept"))
        )
    return hello, st


def _writable(path):
    """None if a file can be written at `path`, else why not."""
    if os.path.isdir(path):
        return "%s is a folder" % path
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return "there is no folder %s" % folder
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return "%s cannot be written (permissions)" % path
    return None


def _write_log(log, path):
    try:
        log.write(path)
    except OSError as e:
        raise LinkError("cannot write the game log to %s (%s)" % (path, e.strerror or e)) from None


def _sim_board(args):
    if getattr(args, "target", "unix") == "qemu":
        from .qemu_board import QemuBoard

        return QemuBoard(players=args.players, seed=args.seed, game=args.game)
    from .sim import SimBoard

    return SimBoard(
        players=args.players, seed=args.seed, game=args.game, plugins=args.plugin, workdir=args.workdir
    )


def cmd_sim(args, out=print):
    from .session import parse_script

    script = None
    if args.script:
        try:
            with open(args.script) as f:
                script = parse_script(f.read())
        except OSError as e:
            raise LinkError("cannot read %s: %s" % (args.script, e)) from None
        except ValueError as e:
            raise LinkError("%s: %s" % (args.script, e)) from None
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
    if args.resume and not os.path.exists(os.path.join(args.workdir, SIM_SAVE)):
        raise LinkError("no saved simulated game in %s to resume (--workdir keeps one)" % args.workdir)
    try:
        sim = _sim_board(args)
        sim.start()
    except (FileNotFoundError, RuntimeError) as e:   # RuntimeError: QEMU did not come up
        raise LinkError(str(e)) from None
    try:
        return _sim_session(args, sim, script, out)
    except LinkError as e:
        msg, said = str(e), sim.failure()  # the firmware's own words (a traceback's last line)
        raise LinkError(msg + "; " + said if said and said not in msg else msg) from None
    finally:
        sim.stop()


def _sim_session(args, sim, script, out):
    from .link import Client
    from .session import Interrupted, bot_game
    from .view import render

    qemu = getattr(args, "target", "unix") == "qemu"
    where = "the emulated Cortex-M3 in QEMU" if qemu else "MicroPython unix port"
    out("simulated board on %s (%s, mock hardware)" % (sim.port, where))
    client = Client(sim.port, watch=sim.gone)
    hello, st = _connect(client, out)
    out(
        "connected: firmware %s, protocol %s, %d spaces"
        % (hello["fw"], hello["proto"], hello["caps"]["spaces"])
    )
    if args.serve:
        out("serving: attach with `pomme monitor --port %s` (Ctrl-C to stop)" % sim.port)
        client.close()
        try:
            while True:
                time.sleep(1)
                gone = sim.gone()
                if gone:
                    raise LinkError(gone)
        except KeyboardInterrupt:
            _say("simulated board stopped (Ctrl-C)")
            return 0
    if script is not None:
        for name, fields in script:
            ack = client.request(name, **fields)
            if not ack.get("ok"):
                out("%s %s: refused (%s %s)" % (name, fields, ack.get("err"), ack.get("msg", "")))
        st = client.snapshot()
        out(render(st, client.snap))
        return 0
    t0 = time.monotonic()
    if args.resume:
        commits = (client.snap or {}).get("commits")
        out("resuming the saved game in %s at decision %s" % (args.workdir, commits))
    try:
        st, log = bot_game(client, args.seed, out, resume=args.resume)
    except Interrupted as e:
        client.close()
        if args.log:
            _write_log(e.log, args.log)
            _say("stopped (Ctrl-C): the %d decisions so far written to %s" % (len(e.log.entries), args.log))
        else:
            _say("stopped (Ctrl-C) after %d decisions" % len(e.log.entries))
        return 130
    out(render(st, client.snap))
    out("%d decisions over the serial protocol in %.1f s" % (len(log.entries), time.monotonic() - t0))
    if args.log:
        _write_log(log, args.log)
        out("game log written to %s (replay: pomme replay %s)" % (args.log, args.log))
    client.close()
    winners = ", ".join("seat %d" % (p + 1) for p in st.winners())
    out("The winner%s: %s" % ("s are" if len(st.winners()) > 1 else " is", winners))
    return 0


def cmd_monitor(args, out=print):
    from .link import Client
    from .view import render

    client = Client(args.port)
    _connect(client, out)
    try:
        _monitor(args, client, out, render)
    except KeyboardInterrupt:
        _say("monitor stopped (Ctrl-C)")
    client.close()
    return 0


HEARTBEAT_S = 5.0  # the board sends a snapshot this often (docs/protocol.md)
SILENT_AFTER_S = 2.5 * HEARTBEAT_S  # no event for this long: the board has fallen silent


def _monitor(args, client, out, render):
    shown = None
    end = time.monotonic() + args.seconds if args.seconds else None
    heard, last_n, silent = time.monotonic(), client.last_n, False
    silent_since = heard
    while end is None or time.monotonic() < end:
        client.pump(0.2)
        now = time.monotonic()
        if client.last_n != last_n:
            last_n, heard = client.last_n, now
            if silent:
                silent = False
                out("the board is back (silent for %.0f s)" % (now - silent_since))
        elif not silent and now - heard > SILENT_AFTER_S:
            silent, silent_since = True, heard
            out(
                "the board on %s is silent: no heartbeat for %.0f s (unplugged, powered off, or stuck?)"
                % (client.port, now - heard)
            )
        if client.resync_if_needed():
            out("(missed events: resynchronised from a snapshot)")
        if client.snap is not None and client.snap.get("n") != shown:
            shown = client.snap.get("n")
            out("\033[2J\033[H" if args.clear else "")
            out(render(client.state, client.snap))
        for e in client.events:
            if e.get("e") == "hello":
                out("the board started again (power-up %s, %s)" % (e.get("boots"), e.get("reset")))
            if e.get("e") == "save_aside":
                out("the board could not use its saved game (%s): it is kept as %s on the board, "
                    "and a new game started" % (e.get("msg"), e.get("kept")))
            if e.get("e") == "dec":
                out("decision %s (commit %s)" % (e.get("a"), e.get("commits")))
                client.request("snapshot")
        client.events = []


def cmd_play(args, out=print, ask=None, secret=None):
    """A game at the laptop (host_tools/play.py): on the board at --port, else on the
    simulated board started here (its --workdir keeps the game: the next start resumes it)."""
    from firmware.rules import registry

    from . import link
    from .play import Play, parse_seats

    try:
        seats = parse_seats(args.seat)
    except ValueError as e:
        raise LinkError(str(e)) from None
    if args.port:
        client = link.Client(args.port)
        _connect(client, out)
        hint = "the game stays on the board: resume with `pomme play --port %s`" % args.port
        try:
            return Play(client, seats, out, ask, secret, args.seed, hint).run()
        finally:
            client.close()
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
    saved = bool(args.workdir) and os.path.exists(os.path.join(args.workdir, SIM_SAVE))
    try:
        sim = _sim_board(args)
        sim.start()
    except FileNotFoundError as e:
        raise LinkError(str(e)) from None
    try:
        client = link.Client(sim.port, watch=sim.gone)
        _, st = _connect(client, out)
        if saved:
            commits = (client.snap or {}).get("commits")
            out("resuming the game saved in %s (decision %s)" % (args.workdir, commits))
        else:
            out("a new game of %s on the simulated board (%d players, seed %d)"
                % (registry.load(args.game).title, st.n_players(), args.seed))
        if args.workdir:
            hint = "the game is saved in %s: resume with `pomme play --workdir %s`" % ((args.workdir,) * 2)
        else:
            hint = "the simulated board stops, and its game with it (--workdir DIR keeps a game to resume)"
        try:
            return Play(client, seats, out, ask, secret, args.seed, hint).run()
        finally:
            client.close()
    except LinkError as e:
        msg, said = str(e), sim.failure()
        raise LinkError(msg + "; " + said if said and said not in msg else msg) from None
    finally:
        sim.stop()


def cmd_flash(args, out=print):
    from firmware.link.device import VERSION

    from . import flash

    flash.check_port(args.port)
    try:
        flash.flash(args.port, out, resume=args.resume)
        if args.resume:
            got = flash.device_version(args.port, resume=True)
        else:
            from .link import Client

            out("restarting the board ...")
            flash.Mpremote(args.port).run("reset", check=False)
            time.sleep(2)
            client = Client(args.port)
            hello, _ = client.connect()
            got = hello["fw"]
    except (RuntimeError, FileNotFoundError) as e:
        raise LinkError(str(e)) from None
    if got != VERSION:
        raise LinkError("the board reports firmware %s after flashing, expected %s" % (got, VERSION))
    out("board runs firmware %s" % got)
    return 0


def cmd_log(args, out=print):
    from .gamelog import GameLog
    from .link import Client
    from .session import record

    client = Client(args.port)
    hello, st = _connect(client, out)
    log = GameLog(st.n_players(), hello.get("fw", ""), client.snap["state"] if client.snap else None,
                  hello["caps"].get("ruleset", "mls"))
    client.events = [e for e in client.events if e.get("e") != "dec"]
    out("recording the board's decisions into %s (Ctrl-C or --seconds to stop)" % args.out)
    end = time.monotonic() + args.seconds if args.seconds else None
    try:
        while (end is None or time.monotonic() < end) and not (client.state and client.state.is_terminal()):
            client.pump(0.2)
            if any(e.get("e") == "dec" for e in client.events):
                record(client, log)
                out("%d decisions" % len(log.entries))
    except KeyboardInterrupt:
        pass
    record(client, log)
    _write_log(log, args.out)
    out("%d decisions written to %s" % (len(log.entries), args.out))
    return 0


def cmd_replay(args, out=print):
    from .gamelog import GameLog, replay
    from .view import describe, render

    try:
        log = GameLog.read(args.log)
    except OSError as e:
        raise LinkError("cannot read %s: %s" % (args.log, e)) from None
    except ValueError as e:
        raise LinkError(str(e)) from None

    def step(i, st, a):
        if args.step:
            out("%4d. %s" % (i + 1, describe(st, a)))

    try:
        st = replay(log, on_step=step)
    except ValueError as e:
        raise LinkError("%s: %s" % (args.log, e)) from None
    out(render(st))
    out("%d decisions replayed; every state matched the board's" % len(log.entries))
    return 0


def cmd_playout(args, out=print):
    from .playout import run

    run(args.players, args.games, args.seed, out, args.game, args.bot)
    return 0


def cmd_tournament(args, out=print):
    from .tournament import run

    if not 1 <= args.playouts <= 100000:
        raise LinkError("--playouts must be 1 to 100000")
    if not 0 <= args.budget <= 600:
        raise LinkError("--budget must be 0 to 600 seconds")
    if not 0 <= args.depth <= 1000:
        raise LinkError("--depth must be 0 to 1000 turns")
    if not 1 <= args.jobs <= 64:
        raise LinkError("--jobs must be 1 to 64")
    if args.progress < 0:
        raise LinkError("--progress must be 0 or more games")
    run(args.a, args.b, args.games, args.seed, args.players, out, iterations=args.playouts,
        seconds=args.budget, depth=args.depth, game=args.game, jobs=args.jobs, progress=args.progress)
    return 0


def parser():
    ap = argparse.ArgumentParser(prog="pomme", description="Pomme Board host tool")
    ap.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE",
        help="a ruleset module outside firmware/ to know (repeatable)",
    )
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("sim", help="run the simulated board (firmware under the MicroPython unix port)")
    p.add_argument("--bots", type=int, default=0, help="players, all bots: play a full game")
    p.add_argument("--players", type=int, default=4, choices=range(1, 9), metavar="N")
    p.add_argument("--game", default="mls", help="the ruleset the board plays (default mls)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument(
        "--target", default="unix", choices=("unix", "qemu"),
        help="unix: the MicroPython unix port (default); "
        "qemu: the frozen firmware on the emulated board (make mcu)",
    )
    p.add_argument("--script", help="a file of physical events to replay")
    p.add_argument("--log", help="write the game log here")
    p.add_argument("--serve", action="store_true", help="keep the simulated board running for monitor/play")
    p.add_argument(
        "--workdir", help="the simulated board's folder, kept (its saved game resumes); default: temporary"
    )
    p.add_argument(
        "--resume", action="store_true", help="with --bots: the bots continue the game saved in --workdir"
    )
    p.set_defaults(fn=cmd_sim)
    p = sub.add_parser("monitor", help="live view of a board")
    p.add_argument("--port", required=True)
    p.add_argument("--seconds", type=float, default=0, help="stop after this long (0: never)")
    p.add_argument("--clear", action="store_true", help="redraw in place")
    p.set_defaults(fn=cmd_monitor)
    p = sub.add_parser("play", help="play a game at the laptop (on a board, or the simulated board)")
    p.add_argument("--port", help="the board's serial port (default: start the simulated board)")
    p.add_argument(
        "--seat", action="append", default=[], metavar="N=bot",
        help="seat N (from 1) is played by a bot (or N=person); repeatable; other seats are people",
    )
    p.add_argument("--players", type=int, default=2, choices=range(1, 9), metavar="N",
                   help="players on the simulated board (default 2)")
    p.add_argument("--game", default="mls", help="the ruleset the simulated board plays (default mls)")
    p.add_argument("--seed", type=int, default=1, help="the simulated board's dice and the bots")
    p.add_argument("--workdir", help="the simulated board's folder, kept: play again with it to resume")
    p.set_defaults(fn=cmd_play)
    p = sub.add_parser("flash", help="copy the firmware to a board with mpremote")
    p.add_argument("--port", required=True)
    p.add_argument("--resume", action="store_true", help="mpremote resume (no soft reset: the unix port)")
    p.set_defaults(fn=cmd_flash)
    p = sub.add_parser("log", help="record a live board's decisions to a game log")
    p.add_argument("--port", required=True)
    p.add_argument("--out", required=True)
    p.add_argument(
        "--seconds", type=float, default=0, help="stop after this long (0: at the end of the game)"
    )
    p.set_defaults(fn=cmd_log)
    p = sub.add_parser("replay", help="replay a game log through the rules")
    p.add_argument("log")
    p.add_argument("--step", action="store_true", help="print every decision")
    p.set_defaults(fn=cmd_replay)
    p = sub.add_parser("playout", help="bot games through the rules engine, with statistics")
    p.add_argument("--players", type=int, default=4, choices=range(1, 9), metavar="N")
    p.add_argument("--game", default="mls", help="the ruleset (default mls)")
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default="strong", choices=("strong", "random"),
                   help="the ruleset's strong bots (default; My Little Scythe: rule-based) or random ones")
    p.set_defaults(fn=cmd_playout)
    p = sub.add_parser("tournament", help="seeded games of one bot kind against another: win rates with CIs")
    p.add_argument("--a", default="rule", choices=("rule", "strong", "random", "search"),
                   help="the bot in one seat (alternating)")
    p.add_argument("--b", default="random", choices=("rule", "strong", "random", "search"),
                   help="the bot in every other seat")
    p.add_argument("--game", default="mls", help="the ruleset (default mls)")
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, default=2, choices=range(2, 9), metavar="N")
    p.add_argument("--playouts", type=int, default=30,
                   help="the search bot's iterations (playouts) per turn, 1 to 100000")
    p.add_argument("--budget", type=float, default=0.0,
                   help="the search bot's seconds per searched decision instead (0: use --playouts)")
    p.add_argument("--depth", type=int, default=4,
                   help="turns a playout runs before it is scored (0: to the end)")
    p.add_argument("--jobs", type=int, default=1, help="processes playing the games (the same figures)")
    p.add_argument("--progress", type=int, default=0, help="with --jobs: the win rate so far every N games")
    p.set_defaults(fn=cmd_tournament)
    from .web import add_parser as add_web

    add_web(sub)   # pomme web: the virtual board in a browser (host_tools/web.py)
    return ap


def main(argv=None):
    ap = parser()
    args = ap.parse_args(argv)
    if args.command == "sim" and args.bots:
        args.players = args.bots
    if getattr(args, "games", 1) < 1:
        ap.error("--games must be at least 1")
    if getattr(args, "bots", 0) < 0:
        ap.error("--bots must be a number of players (0: no bots)")
    if args.command in ("sim", "play") and not 0 <= args.seed <= 0x7FFFFFFF:
        ap.error("--seed must be 0 to %d" % 0x7FFFFFFF)
    for opt in ("log", "out"):
        path = getattr(args, opt, None) if args.command in ("sim", "log") else None
        if path and _writable(path):
            ap.error("--%s: %s" % (opt, _writable(path)))
    if args.command == "sim" and args.target == "qemu" and (args.workdir or args.plugin):
        ap.error("--target qemu keeps its saved game on the emulated board's own flash and runs only the "
                 "frozen rulesets: no --workdir, --resume or --plugin")
    if args.command == "sim" and args.resume and not (args.workdir and args.bots):
        ap.error("--resume continues the bot game saved in a --workdir: give --bots and --workdir")
    if args.command == "play" and args.port and args.workdir:
        ap.error("--workdir is the simulated board's folder: give --port or --workdir, not both")
    if getattr(args, "seconds", 0) < 0:
        ap.error("--seconds must be 0 or more")
    from firmware.rules import registry

    try:
        for module in args.plugin:
            registry.plug(module)
        if getattr(args, "game", None):
            rs = registry.load(args.game)
            if hasattr(args, "players") and not rs.players[0] <= args.players <= rs.players[1]:
                ap.error("%s takes %d to %d players" % (rs.title, rs.players[0], rs.players[1]))
    except (ImportError, ValueError) as e:
        ap.error(str(e))
    try:
        return args.fn(args)
    except LinkError as e:
        print("pomme: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _say("stopped (Ctrl-C)")
        return 130


if __name__ == "__main__":
    sys.exit(main())
