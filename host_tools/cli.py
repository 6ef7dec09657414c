"""The `pomme` command: the laptop side of Pomme Board.

pomme sim --bots 4 --seed 1          the simulated board plays a bot game to the end
pomme sim --script moves.txt         replay physical events on the simulated board
pomme monitor --port /dev/ttyACM0    live view of a board (or of `pomme sim --serve`)
pomme play --seat 2=bot              play at the laptop (the simulated board, or --port)
pomme flash --port /dev/ttyACM0      compile, copy what changed, restart, verify
pomme log --port PORT --out game.log record a live board's decisions
pomme replay game.log [--step]       replay a saved game log through the rules
pomme playout --players 4 --games 100  bot games in-process, with statistics
pomme --lang es play --seat 2=bot    in Spanish (also after the command, or POMME_LANG=es)
pomme web                            the virtual board in a browser (docs/web.md)
pomme sim --campaign --bots 4        bots play The Rise of Fenris campaign to its winner
pomme campaign --port PORT           a board's campaign: show, new, decide, episode, export, import
"""

import argparse
import os
import sys
import time

from firmware.rules import registry

from . import text
from .games import parse as parse_game
from .games import player_ranges
from .games import players as solo_players
from .games import ruleset_name
from .games import title as game_title
from .link import LinkError
from .text import t


PLAYERS = {"sim": 4, "play": 2, "playout": 4, "tournament": 2}   # --players when it is not given
SIM_SAVE = "sim-game.sav"  # the simulated board's save in its folder (firmware/hosts/sim_main.py)


def _say(line):
    """The one line a command that stops early leaves (on stderr, like an error)."""
    print("pomme: %s" % line, file=sys.stderr)


def _connect(client, out):
    """The handshake, saying if the board set aside a save it could not use."""
    hello, st = client.connect()
    aside = client.save_aside
    if aside:
        out(t("cli.save_aside", aside.get("msg"), aside.get("kept")))
    return hello, st


def _writable(path):
    """None if a file can be written at `path`, else why not."""
    if os.path.isdir(path):
        return t("cli.is_folder", path)
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        return t("cli.no_folder", folder)
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        return t("cli.not_writable", path)
    return None


def _write_log(log, path):
    try:
        log.write(path)
    except OSError as e:
        raise LinkError(t("cli.cannot_write_log", path, e.strerror or e)) from None


def _sim_board(args):
    if getattr(args, "target", "unix") == "qemu":
        from .qemu_board import QemuBoard

        return QemuBoard(players=max(args.players, 2), seed=args.seed, game=ruleset_name(args.game),
                         lang=args.board_lang or "en")
    from .sim import SimBoard

    return SimBoard(   # a solo game's board starts a 2-player game; the host's `new` makes it solo
        players=max(args.players, 2), seed=args.seed, game=ruleset_name(args.game), plugins=args.plugin,
        workdir=args.workdir,
        lang=args.board_lang,
    )


def cmd_sim(args, out=print):
    from .session import parse_script

    script = None
    if args.script:
        try:
            with open(args.script) as f:
                script = parse_script(f.read())
        except OSError as e:
            raise LinkError(t("cli.cannot_read", args.script, e)) from None
        except ValueError as e:
            raise LinkError("%s: %s" % (args.script, e)) from None
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
    if args.resume and not os.path.exists(os.path.join(args.workdir, SIM_SAVE)):
        raise LinkError(t("cli.no_saved_sim", args.workdir))
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
    from firmware.text import message

    from .link import Client
    from .session import Interrupted, bot_game
    from .view import render

    qemu = getattr(args, "target", "unix") == "qemu"
    where = t("cli.where_qemu") if qemu else t("cli.where_unix")
    out(t("cli.sim_on", sim.port, where))
    client = Client(sim.port, watch=sim.gone, holds=255)   # the laptop plays every seat
    hello, st = _connect(client, out)
    out(t("cli.connected", hello["fw"], hello["proto"], hello["caps"]["spaces"]))
    if args.serve:
        out(t("cli.serving", sim.port))
        client.close()
        try:
            while True:
                time.sleep(1)
                gone = sim.gone()
                if gone:
                    raise LinkError(gone)
        except KeyboardInterrupt:
            _say(t("cli.sim_stopped"))
            return 0
    if getattr(args, "campaign", False):
        return _sim_campaign(args, client, out)
    if script is not None:
        for name, fields in script:
            ack = client.request(name, **fields)
            if not ack.get("ok"):
                out(t("cli.refused", name, fields, ack.get("err"), ack.get("msg", "")))
        st = client.snapshot()
        out(render(st, client.snap))
        return 0
    t0 = time.monotonic()
    if args.resume:
        commits = (client.snap or {}).get("commits")
        out(t("cli.resuming_bots", args.workdir, commits))
    try:
        st, log = bot_game(client, args.seed, out, resume=args.resume, game=args.game,
                           options=getattr(args, "options", None), players=args.players)
    except Interrupted as e:
        client.close()
        if args.log:
            _write_log(e.log, args.log)
            _say(t("cli.stopped_written", len(e.log.entries), args.log))
        else:
            _say(t("cli.stopped_after", len(e.log.entries)))
        return 130
    out(render(st, client.snap))
    out(t("cli.decisions_serial", len(log.entries), time.monotonic() - t0))
    if args.log:
        _write_log(log, args.log)
        out(t("cli.log_written", args.log, args.log))
    client.close()
    winners = ", ".join(message("prompt.seat", p + 1) for p in st.winners())
    if not st.winners():   # a cooperative game lost (The Rise of Fenris's Desolation)
        out(t("game_over_none"))
    else:
        out(t("play.winners" if len(st.winners()) > 1 else "play.winner", winners))
    return 0


def _sim_campaign(args, client, out):
    """Bots play a whole campaign on the simulated board; it is replayed through the rules and
    must come out equal to the board's (docs/campaign.md)."""
    import json

    from .campaign import module

    bot_campaign, describe, replay = module().bot_campaign, module().describe, module().replay
    t0 = time.monotonic()
    c, rec = bot_campaign(client, args.seed, args.players, out)
    client.close()
    for line in describe(c):
        out(line)
    games = sum(1 for s in rec["steps"] if "episode" in s)
    try:
        again = replay(rec, client.board)
    except ValueError as e:
        raise LinkError(t("campaign.replay_differs") + ": %s" % e) from None
    if bytes(again.public_bytes()).hex() != rec["final"]:
        raise LinkError(t("campaign.replay_differs"))
    moves = sum(len(s["episode"]["entries"]) for s in rec["steps"] if "episode" in s)
    out(t("campaign.replay_equal", len(rec["steps"]) - games, games))
    out(t("campaign.serial", len(rec["steps"]) - games, games, moves, time.monotonic() - t0))
    if args.log:
        try:
            with open(args.log, "w") as f:
                json.dump(rec, f)
        except OSError as e:
            raise LinkError(t("cli.cannot_write_log", args.log, e.strerror or e)) from None
        out(t("campaign.log_written", args.log))
    return 0


def cmd_monitor(args, out=print):
    from .link import Client
    from .view import render

    client = Client(args.port)
    _connect(client, out)
    try:
        _monitor(args, client, out, render)
    except KeyboardInterrupt:
        _say(t("cli.monitor_stopped"))
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
                out(t("cli.back", now - silent_since))
        elif not silent and now - heard > SILENT_AFTER_S:
            silent, silent_since = True, heard
            out(t("cli.silent", client.port, now - heard))
        if client.resync_if_needed():
            out(t("cli.resynced"))
        if client.snap is not None and client.snap.get("n") != shown:
            shown = client.snap.get("n")
            out("\033[2J\033[H" if args.clear else "")
            out(render(client.state, client.snap))
        for e in client.events:
            if e.get("e") == "hello":
                out(t("cli.started_again", e.get("boots"), e.get("reset")))
            if e.get("e") == "save_aside":
                out(t("cli.save_aside", e.get("msg"), e.get("kept")))
            if e.get("e") == "dec":
                out(t("cli.decision", e.get("a"), e.get("commits")))
                client.request("snapshot")
        client.events = []


def cmd_play(args, out=print, ask=None, secret=None):
    """A game at the laptop (host_tools/play.py): on the board at --port, else on the
    simulated board started here (its --workdir keeps the game: the next start resumes it)."""
    from . import link
    from .play import BOT, Play, parse_seats

    try:
        seats = parse_seats(args.seat)
    except ValueError as e:
        raise LinkError(str(e)) from None
    if args.port:
        client = link.Client(args.port, holds=255)   # every seat decides at the laptop
        _connect(client, out)
        hint = t("cli.resume_port", args.port)
        try:
            play = Play(client, seats, out, ask, secret, args.seed, hint)
            play.options = getattr(args, "options", None) or {}   # mls+pits: its `new` games too
            return play.run()
        finally:
            client.close()
    if args.workdir:
        os.makedirs(args.workdir, exist_ok=True)
    saved = bool(args.workdir) and os.path.exists(os.path.join(args.workdir, SIM_SAVE))
    if args.workdir:   # the laptop's seats are kept beside the board's save: a resume keeps them
        seats = _kept_seats(args.workdir, seats, saved)
    try:
        sim = _sim_board(args)
        sim.start()
    except FileNotFoundError as e:
        raise LinkError(str(e)) from None
    try:
        client = link.Client(sim.port, watch=sim.gone, holds=255)
        _, st = _connect(client, out)
        if saved:
            commits = (client.snap or {}).get("commits")
            out(t("cli.resuming_play", args.workdir, commits))
        else:
            options = getattr(args, "options", None)
            n = st.n_players()
            if options:   # mls+pits: the simulated board's new game with the expansion
                n = solo_players(client.ruleset, options, args.players)
                client.command("new", players=n, **options)
                st = client.snapshot()
            if n < st.n_players():   # solo: the other seat is the rules' (Automountie's), a bot's hand
                for p in range(n, st.n_players()):
                    seats.setdefault(p, BOT)
            if n == 1:   # solo, or the Desolation's cooperative game alone
                out(t("cli.new_sim_solo", game_title(args.game), args.seed))
            else:
                out(t("cli.new_sim_game", game_title(args.game), n, args.seed))
        if args.workdir:
            hint = t("cli.saved_in", args.workdir, args.workdir)
        else:
            hint = t("cli.sim_stops")
        try:
            play = Play(client, seats, out, ask, secret, args.seed, hint, kept=bool(args.workdir))
            play.options = getattr(args, "options", None) or {}   # mls+pits: its `new` games too
            return play.run()
        finally:
            client.close()
    except LinkError as e:
        msg, said = str(e), sim.failure()
        raise LinkError(msg + "; " + said if said and said not in msg else msg) from None
    finally:
        sim.stop()


SEATS_FILE = "pomme-seats.json"   # the laptop's seats of the game in a --workdir


def _kept_seats(workdir, seats, saved):
    """The seats to play: those given (then kept in workdir for the next resume), else, when
    a saved game resumes, the ones kept with it."""
    import json

    path = os.path.join(workdir, SEATS_FILE)
    if saved and not seats:
        try:
            with open(path) as f:
                kept = json.load(f)
            return {int(k): v for k, v in kept.get("seats", {}).items() if v in ("bot", "person")}
        except (OSError, ValueError, AttributeError):
            return seats
    with open(path, "w") as f:
        json.dump({"seats": {str(k): v for k, v in seats.items()}}, f)
    return seats


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

            out(t("cli.restarting"))
            flash.Mpremote(args.port).run("reset", check=False)
            time.sleep(2)
            client = Client(args.port)
            hello, _ = client.connect()
            got = hello["fw"]
    except (RuntimeError, FileNotFoundError) as e:
        raise LinkError(str(e)) from None
    if got != VERSION:
        raise LinkError(t("cli.fw_mismatch", got, VERSION))
    out(t("cli.fw_runs", got))
    return 0


def cmd_log(args, out=print):
    from .gamelog import GameLog
    from .link import Client
    from .session import record

    # The log is the whole game's record: it holds every seat, so the board names the cards dealt
    # face down and the log starts from the whole game, hands included (docs/protocol.md).
    client = Client(args.port, holds=255)
    hello, st = _connect(client, out)
    log = GameLog(st.n_players(), hello.get("fw", ""), client.snapshot(whole=True).to_bytes().hex(),
                  hello["caps"].get("ruleset", registry.default()))
    client.events = [e for e in client.events if e.get("e") != "dec"]
    out(t("cli.recording", args.out))
    end = time.monotonic() + args.seconds if args.seconds else None
    try:
        while (end is None or time.monotonic() < end) and not (client.state and client.state.is_terminal()):
            client.pump(0.2)
            if any(e.get("e") == "dec" for e in client.events):
                record(client, log)
                out(t("cli.n_decisions", len(log.entries)))
    except KeyboardInterrupt:
        pass
    record(client, log)
    _write_log(log, args.out)
    out(t("cli.decisions_written", len(log.entries), args.out))
    return 0


def cmd_replay(args, out=print):
    from firmware.rules.narrate import narrate

    from .gamelog import GameLog, replay
    from .view import describe, render

    try:
        log = GameLog.read(args.log)
    except OSError as e:
        raise LinkError(t("cli.cannot_read", args.log, e)) from None
    except ValueError as e:
        raise LinkError(str(e)) from None

    told = []   # the decision before the one being replayed: (number, state before it, decision)

    def tell(st):
        """The log in words: the sentence of the last decision (firmware/rules/narrate.py);
        --step: every decision, a chance one not worth a sentence by its option's words."""
        if told:
            i, before, a = told.pop()
            said = narrate(log_rs[0], before, a, st)
            if said or args.step:
                out("%4d. %s" % (i + 1, said or describe(before, a)))

    def step(i, st, a):
        if not log_rs:
            from firmware.rules import registry

            log_rs.append(registry.of_game(st))
        tell(st)
        told.append((i, st.clone(), a))

    log_rs = []
    try:
        st = replay(log, on_step=step)
        tell(st)
    except ValueError as e:
        raise LinkError("%s: %s" % (args.log, e)) from None
    out(render(st))
    out(t("cli.replayed", len(log.entries)))
    return 0


def cmd_playout(args, out=print):
    from .playout import run

    from firmware.rules.errors import SetupError

    if args.campaign:   # whole campaigns (docs/campaign.md, section 5: pomme playout --campaign)
        from .campaign import module
        from .executors import local_jobs

        module().campaign_playouts(args.players, args.games, args.seed, out, args.bot or "strong",
                                   args.jobs or local_jobs())
        return 0
    try:
        run(args.players, args.games, args.seed, out, args.game, args.bot)   # a game name: games.py
    except SetupError as e:   # options the rules refuse together (mls+mats: mats need pits)
        raise LinkError("%s: %s" % (args.game, e)) from None
    return 0


def cmd_tournament(args, out=print):
    from .executors import NoRay, RayUnreachable, local_jobs
    from .tournament import run

    if not 1 <= args.playouts <= 100000:
        raise LinkError(t("cli.range", "--playouts", 1, 100000))
    if not 0 <= args.budget <= 600:
        raise LinkError(t("cli.range_seconds", "--budget", 0, 600))
    if not 0 <= args.depth <= 1000:
        raise LinkError(t("cli.range_turns", "--depth", 0, 1000))
    if args.jobs is not None and not 1 <= args.jobs <= 64:
        raise LinkError(t("cli.range", "--jobs", 1, 64))
    if args.progress < 0:
        raise LinkError(t("cli.at_least_games", "--progress", 0))
    jobs = local_jobs() if args.jobs is None else args.jobs
    from firmware.rules.errors import SetupError

    try:
        if args.round_robin is not None:
            from . import roundrobin

            if args.a is not None or args.b is not None:
                raise LinkError(t("roundrobin.not_ab"))
            if args.paired:
                raise LinkError(t("roundrobin.not_paired"))
            try:
                kinds = roundrobin.kinds_of(args.round_robin)
                roundrobin.run(kinds, args.games, args.seed, args.players, out, iterations=args.playouts,
                               seconds=args.budget, depth=args.depth, game=args.game, jobs=jobs,
                               ray=args.ray, quiet=args.quiet)
            except ValueError as e:
                raise LinkError(str(e)) from None
            return 0
        run(args.a or "rule", args.b or "random", args.games, args.seed, args.players, out,
            iterations=args.playouts, seconds=args.budget, depth=args.depth, game=args.game, jobs=jobs,
            progress=args.progress, ray=args.ray, quiet=args.quiet, paired=args.paired)
    except SetupError as e:   # options the rules refuse together (mls+mats: mats need pits)
        raise LinkError("%s: %s" % (args.game, e)) from None
    except ValueError as e:   # --paired with games not a multiple of the players
        raise LinkError(str(e)) from None
    except NoRay as e:   # --ray without Ray: what to install, and exit status 2
        _say(str(e))
        return 2
    except RayUnreachable as e:
        raise LinkError(str(e)) from None
    return 0


def parser():
    ap = argparse.ArgumentParser(prog="pomme", description=t("help.pomme"))
    ap.add_argument(
        "--plugin",
        action="append",
        default=[],
        metavar="MODULE",
        help=t("help.plugin"),
    )
    ap.add_argument("--lang", choices=text.LANGUAGES, help=t("help.lang", text.ENV))
    # --lang after the command too (`pomme play --lang es`): it leaves the global value alone
    # when it is not given there
    lang = argparse.ArgumentParser(add_help=False)
    lang.add_argument("--lang", choices=text.LANGUAGES, default=argparse.SUPPRESS,
                      help=t("help.lang", text.ENV))
    sub = ap.add_subparsers(dest="command", required=True)
    ranges = player_ranges()   # the rulesets' own (the seam's player_range); checked in _main

    def command(name, help):
        return sub.add_parser(name, help=help, parents=[lang])

    p = command("sim", t("help.sim"))
    p.add_argument("--bots", type=int, default=0, help=t("help.bots"))
    p.add_argument("--players", type=int, metavar="N", help=t("help.players", PLAYERS["sim"], ranges))
    p.add_argument("--game", default=registry.default(), help=t("help.game"))
    p.add_argument("--solo", action="store_true", help=t("help.solo"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--target", default="unix", choices=("unix", "qemu"), help=t("help.target"))
    p.add_argument("--script", help=t("help.script"))
    p.add_argument("--log", help=t("help.log_out"))
    p.add_argument("--serve", action="store_true", help=t("help.serve"))
    p.add_argument("--workdir", help=t("help.sim_workdir"))
    p.add_argument("--resume", action="store_true", help=t("help.sim_resume"))
    p.add_argument("--campaign", action="store_true", help=t("help.sim_campaign"))
    p.set_defaults(fn=cmd_sim)
    p = command("monitor", t("help.monitor"))
    p.add_argument("--port", required=True)
    p.add_argument("--seconds", type=float, default=0, help=t("help.monitor_seconds"))
    p.add_argument("--clear", action="store_true", help=t("help.clear"))
    p.set_defaults(fn=cmd_monitor)
    p = command("play", t("help.play"))
    p.add_argument("--port", help=t("help.play_port"))
    p.add_argument("--seat", action="append", default=[], metavar="N=bot", help=t("help.seat"))
    p.add_argument("--players", type=int, metavar="N", help=t("help.play_players", ranges))
    p.add_argument("--game", default=registry.default(), help=t("help.play_game"))
    p.add_argument("--solo", action="store_true", help=t("help.solo"))
    p.add_argument("--seed", type=int, default=1, help=t("help.play_seed"))
    p.add_argument("--workdir", help=t("help.play_workdir"))
    p.set_defaults(fn=cmd_play)
    p = command("flash", t("help.flash"))
    p.add_argument("--port", required=True)
    p.add_argument("--resume", action="store_true", help=t("help.flash_resume"))
    p.set_defaults(fn=cmd_flash)
    p = command("log", t("help.log"))
    p.add_argument("--port", required=True)
    p.add_argument("--out", required=True)
    p.add_argument("--seconds", type=float, default=0, help=t("help.log_seconds"))
    p.set_defaults(fn=cmd_log)
    p = command("replay", t("help.replay"))
    p.add_argument("log")
    p.add_argument("--step", action="store_true", help=t("help.step"))
    p.set_defaults(fn=cmd_replay)
    p = command("playout", t("help.playout"))
    p.add_argument("--players", type=int, metavar="N", help=t("help.players", PLAYERS["playout"], ranges))
    p.add_argument("--game", default=registry.default(), help=t("help.ruleset"))
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--solo", action="store_true", help=t("help.solo"))
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--bot", default=None, choices=("strong", "random"), help=t("help.bot"))
    p.add_argument("--campaign", action="store_true", help=t("help.playout_campaign"))
    p.add_argument("--jobs", type=int, help=t("help.playout_jobs"))
    p.set_defaults(fn=cmd_playout)
    p = command("tournament", t("help.tournament"))
    p.add_argument("--a", choices=("rule", "strong", "random", "search"), help=t("help.a"))
    p.add_argument("--b", choices=("rule", "strong", "random", "search"), help=t("help.b"))
    p.add_argument("--round-robin", metavar="KINDS", help=t("help.round_robin"))
    p.add_argument("--game", default=registry.default(), help=t("help.ruleset"))
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--players", type=int, metavar="N", help=t("help.players", PLAYERS["tournament"], ranges))
    p.add_argument("--playouts", type=int, default=100, help=t("help.playouts"))
    p.add_argument("--budget", type=float, default=0.0, help=t("help.budget"))
    p.add_argument("--depth", type=int, default=0, help=t("help.depth"))
    p.add_argument("--jobs", type=int, help=t("help.jobs"))
    p.add_argument("--ray", metavar="ADDRESS", help=t("help.ray"))
    p.add_argument("--quiet", action="store_true", help=t("help.quiet"))
    p.add_argument("--progress", type=int, default=0, help=t("help.progress"))
    p.add_argument("--paired", action="store_true", help=t("help.paired"))
    p.set_defaults(fn=cmd_tournament)
    from .web import add_parser as add_web

    add_web(command)   # pomme web: the virtual board in a browser (host_tools/web.py)
    from .campaign import add_parser as add_campaign

    add_campaign(command)   # pomme campaign: a board's The Rise of Fenris campaign
    return ap


def _language(argv):
    """(language, given): the language --lang names anywhere on the command line, else
    $POMME_LANG, else English; given is False for the default. ValueError (in English, or
    in $POMME_LANG's language) for a language without a catalogue."""
    pre = argparse.ArgumentParser(prog="pomme", add_help=False, exit_on_error=False)
    pre.add_argument("--lang")
    try:
        known, _ = pre.parse_known_args(argv)
    except argparse.ArgumentError:   # `--lang` without a word: the full parser says so
        known = argparse.Namespace(lang=None)
    env = os.environ.get(text.ENV, "")
    if env in text.LANGUAGES:
        text.set_language(env)
    if known.lang is not None:
        text.set_language(known.lang)
        return known.lang, True
    if env:
        if env not in text.LANGUAGES:
            raise ValueError("%s: %s" % (text.ENV, t("lang.unknown", env, ", ".join(text.LANGUAGES))))
        return env, True
    return "en", False


def main(argv=None):
    before = text.language()
    try:
        lang, given = _language(sys.argv[1:] if argv is None else argv)
    except ValueError as e:
        print("pomme: %s" % e, file=sys.stderr)
        text.set_language(before)
        return 2
    # argparse's own words (usage, "invalid choice", "expected one argument" ...) from the
    # catalogue too: its module-level gettext function is swapped while pomme runs
    words = dict(zip(text.table("en")["argparse"], text.table(lang)["argparse"]))
    gettext = argparse._  # type: ignore[attr-defined]
    try:
        text.set_language(lang)
        argparse._ = lambda s: words.get(s, s)  # type: ignore[attr-defined]
        code = _main(argv, lang if given else "")
        sys.stdout.flush()   # a closed pipe shows here, not in the interpreter's last flush
        return code
    except BrokenPipeError:
        return _pipe_closed()
    finally:
        argparse._ = gettext  # type: ignore[attr-defined]
        text.set_language(before)


PIPE_CLOSED = 141   # 128 + SIGPIPE: what a program stopped by the pipe's signal returns


def _pipe_closed():
    """What reads pomme's output went away (`pomme replay --step LOG | head`): stop without a
    word (whatever pomme ran has cleaned up on the way out), and point stdout at /dev/null, so
    that the interpreter's last flush of what is still buffered cannot fail again."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):   # a stdout with no file behind it
        pass
    return PIPE_CLOSED


def _main(argv, board_lang):
    ap = parser()
    args = ap.parse_args(argv)
    args.board_lang = board_lang  # the simulated board's display: --lang (or $POMME_LANG), else its lang.cfg
    if getattr(args, "bots", 0) < 0:
        ap.error(t("cli.bots_number"))
    asked = getattr(args, "players", None)   # --players as given (None: not given)
    if args.command == "sim" and args.bots:
        if asked is not None and asked != args.bots:
            ap.error(t("cli.bots_players", args.bots, args.bots, asked))
        args.players = args.bots
    elif args.command in PLAYERS and asked is None:
        args.players = PLAYERS[args.command]
    if getattr(args, "campaign", False):   # The Rise of Fenris campaign: Scythe's, 2 to 5 players
        from .campaign import ruleset as campaign_ruleset

        rs = campaign_ruleset()
        if rs is None:
            ap.error(t("campaign.none"))
        words = sys.argv[1:] if argv is None else argv
        named = any(w == "--game" or w.startswith("--game=") for w in words)   # (its default is a game)
        other = named and ruleset_name(args.game) != rs.name
        if other or getattr(args, "script", None) or getattr(args, "resume", None):
            ap.error(t("cli.campaign_alone"))
        args.game = rs.name
    if getattr(args, "jobs", None) is not None and args.command == "playout":
        if not args.campaign:
            ap.error(t("cli.jobs_campaign"))
        if args.jobs < 1:
            ap.error(t("cli.at_least", "--jobs", 1))
    if getattr(args, "solo", False):   # one player against Automountie: the game name's part solo
        args.game += "+solo"
    if getattr(args, "games", 1) < 1:
        ap.error(t("cli.games_at_least"))
    if args.command in ("sim", "play") and not 0 <= args.seed <= 0x7FFFFFFF:
        ap.error(t("cli.range", "--seed", 0, 0x7FFFFFFF))
    for opt in ("log", "out"):
        path = getattr(args, opt, None) if args.command in ("sim", "log") else None
        if path and _writable(path):
            ap.error("--%s: %s" % (opt, _writable(path)))
    if args.command == "sim" and args.target == "qemu" and (args.workdir or args.plugin):
        ap.error(t("cli.qemu_options"))
    if args.command == "sim" and args.resume and not (args.workdir and args.bots):
        ap.error(t("cli.resume_needs"))
    if args.command == "play" and args.port and args.workdir:
        ap.error(t("cli.port_or_workdir"))
    if getattr(args, "seconds", 0) < 0:
        ap.error(t("cli.at_least", "--seconds", 0))
    from firmware.rules import registry

    try:
        for module in args.plugin:
            registry.plug(module)
        if getattr(args, "game", None):
            rs, args.options = parse_game(args.game)   # "mls+pits": a ruleset and its options
            if hasattr(args, "players"):
                solo = bool(rs.solo_option) and rs.solo_option in args.options
                if solo and asked is not None and asked != 1:
                    ap.error(t("cli.solo_players", asked))
                args.players = solo_players(rs, args.options, args.players)   # "mls+pits+solo": 1
                lo, hi = rs.player_range(args.options)   # the ruleset's, with these options
                if solo and not lo <= 1:
                    ap.error(t("cli.solo_needs", rs.title))
                if args.command == "tournament" and not max(lo, 2) <= args.players <= hi:
                    ap.error(t("cli.tournament_players", rs.title, max(lo, 2), hi))
                if not lo <= args.players <= hi:
                    ap.error(t("cli.players_range", rs.title, lo, hi))
    except (ImportError, ValueError) as e:
        ap.error(str(e))
    try:
        return args.fn(args)
    except LinkError as e:
        print("pomme: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        _say(t("cli.stopped"))
        return 130


if __name__ == "__main__":
    sys.exit(main())
