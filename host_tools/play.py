"""`pomme play`: a game a person can finish at the laptop (docs/play.md).

The board (a real one on --port, or the simulated board) holds the game; this loop shows it
(the map with space numbers, a legend and the board's lights), asks the people at the
laptop for their decisions with every option in words, lets the bots decide for their
seats, and sends each decision with the link's `decide` command. At the prompt: a number
picks an option, `u` takes back the last decision of a person (and the bots' after it),
`n` starts a new game (after a yes), `h` or `?` shows the help, `q` quits (the game stays
on the board). Secret entries (a pie-fight bid and its spells) are typed without echo and
nothing shows a bid before both are in.

ask(prompt) and secret(prompt) are the input functions (tests inject theirs): each returns
one line, raises EOFError at the end of input and KeyboardInterrupt on Ctrl-C."""

import os
import sys

from firmware.bot_kinds import fair_bot
from firmware.rng import Rng
from firmware.rules.ruleset import ENTRY_SECRET, ENTRY_SPACE

from firmware.text import message

from .games import players as solo_players
from .link import LinkError
from .text import language, plural, t
from .view import describe, question, render, revealed, seat_role

_LIT = (ENTRY_SPACE, ENTRY_SECRET)  # decisions the board shows with lights on spaces
BOT = "bot"
PERSON = "person"
_KINDS = {"bot": BOT, "person": PERSON, "human": PERSON, "people": PERSON, "persona": PERSON}

YES = ("y", "yes", "s", "si")  # the answers that start a new game (Spanish: s, si)


def parse_seats(specs):
    """{seat index from 0: BOT or PERSON} from `--seat N=bot` values (seats counted from 1);
    ValueError saying what is wrong."""
    seats = {}
    for spec in specs or ():
        seat, _, kind = spec.partition("=")
        if not seat.strip().isdigit() or kind.strip().lower() not in _KINDS:
            raise ValueError(t("play.seat_spec", spec))
        n = int(seat)
        if n < 1:
            raise ValueError(t("play.seat_from_1", spec))
        seats[n - 1] = _KINDS[kind.strip().lower()]
    return seats


def hidden_input(prompt):
    """input() without echo on a terminal (like getpass, but on stdin, and without
    discarding keys typed ahead); on a pipe, a plain line."""
    stream = sys.stdin
    fd = -1
    try:
        fd = stream.fileno()
        tty = os.isatty(fd)
    except (AttributeError, OSError, ValueError):
        tty = False
    if not tty:
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = stream.readline()
        if not line:
            raise EOFError
        return line.rstrip("\r\n")
    import termios

    old = termios.tcgetattr(fd)
    new = list(old)
    new[3] &= ~termios.ECHO
    try:
        termios.tcsetattr(fd, termios.TCSADRAIN, new)
        sys.stdout.write(prompt)
        sys.stdout.flush()
        line = stream.readline()
    finally:
        termios.tcsetattr(fd, termios.TCSADRAIN, old)
        sys.stdout.write("\n")
        sys.stdout.flush()
    if not line:
        raise EOFError
    return line.rstrip("\r\n")


class Stop(Exception):
    """The player quit (q): the game stays on the board."""


class Play:
    LIGHTS_S = 0.1  # a pause for the board's next LED frame before drawing a lit decision

    def __init__(self, client, seats, out=print, ask=None, secret=None, seed=1, on_quit=None, kept=True):
        self.client = client
        self.rs = client.ruleset
        self.seats = seats  # seat -> BOT or PERSON (missing seats are people)
        self.out = out
        self.ask = ask or (lambda prompt: input(prompt))
        self.secret = secret or hidden_input
        self.rng = Rng(seed or 1)
        self.bots = {}
        self.on_quit = on_quit or t("play.stays")  # the line q leaves: where the game is, how to resume it
        self.kept = kept   # False: the game ends with this session (a simulated board without --workdir)
        self.shown = None  # the state bytes last drawn, so a refused key does not redraw
        self.options = {}  # the `new` command's options of a new game ({"pits": [1]}: --game mls+pits)

    # ---- seats --------------------------------------------------------------------------------
    def is_bot(self, p):
        return self.seats.get(p) == BOT

    def who(self, p):
        if p < 0:
            return t("view.dice")
        kind = self._kind(p)
        st = self.client.state
        role = seat_role(st, p) if st is not None else ""
        return "%s (%s)" % (message("prompt.seat", p + 1), "%s, %s" % (role, kind) if role else kind)

    def _kind(self, p):
        if self.is_bot(p):
            return t("play.bot")
        return t("play.you") if self._people() == 1 else t("play.person")

    def _people(self):
        st = self.client.state
        n = st.n_players() if st is not None else 0
        return sum(1 for p in range(n) if not self.is_bot(p))

    def bot(self, p):
        if p not in self.bots:
            self.bots[p] = fair_bot(self.rs, self.rng, "strong")
        return self.bots[p]

    def roster(self, st):
        kinds = [t("play.bot") if self.is_bot(p) else t("play.person") for p in range(st.n_players())]
        roles = [seat_role(st, p) for p in range(st.n_players())]
        return t("play.seats", ", ".join("%d %s" % (p + 1, "%s (%s)" % (r, k) if r else k)
                                         for p, (k, r) in enumerate(zip(kinds, roles))))

    # ---- the loop -----------------------------------------------------------------------------
    def run(self):
        """Play until q (0), the end of input (0) or Ctrl-C (130)."""
        try:
            st = self.client.snapshot()
            bad = [p + 1 for p in self.seats if p >= st.n_players()]
            if bad:
                raise LinkError(t("play.no_seat", ", ".join(map(str, bad)), st.n_players()))
            self.out(self.roster(st) + t("play.h_for_help"))
            self._loop(st)
        except Stop:
            self.out(self.on_quit)
            return 0
        except EOFError:
            self.out("")
            _say(t("play.stopped_eof" if self.kept else "play.stopped_eof_lost"))
            return 0
        except KeyboardInterrupt:
            self.out("")
            _say(t("play.stopped_ctrl_c" if self.kept else "play.stopped_ctrl_c_lost"))
            return 130
        return 0

    def _loop(self, st):
        while True:
            if st.is_terminal():
                st = self._game_over(st)
                continue
            p = st.current_player()
            if p < 0:
                raise LinkError(t("play.table_dice"))
            view = self._view(st, p)
            if self.is_bot(p) and not self.rs.reads_card(st):
                st = self._decide(view, self.bot(p).choose(view), p)
            else:   # a person's, or a bot's printed card that the person reads in (Ruleset.reads_card)
                if self.is_bot(p) and self.shown != bytes(st.s):
                    self.out(t("play.read_card", p + 1))
                st = self._person(st, p, view)

    def _view(self, st, p):
        """Seat p's view of the game (its own cards in hand as the board has them: the table's
        snapshot has them in a canonical form), for its options and its bot; st for a game
        with nothing hidden."""
        return self.client.snapshot(seat=p) if self.rs.infoset else st

    def _draw(self, st):
        """Show the game (again only if it changed: a refused key does not redraw)."""
        if self.LIGHTS_S and (st.is_terminal() or self.rs.entry[st.decision()] in _LIT):
            # the board lights these decisions' spaces on its next frame: let it draw one
            # (the simulated board's time passes at once with its `wait` command)
            if self._sim():
                self.client.command("wait", ms=int(1000 * self.LIGHTS_S))
            else:
                self.client.pump(self.LIGHTS_S)
            st = self.client.snapshot()
        key = (self.client.snap or {}).get("state"), (self.client.snap or {}).get("leds")
        if key != self.shown:
            self.shown = key
            self.out("")
            snap = dict(self.client.snap or {}, prompt=None)  # the board's display: the question says it
            # the question follows the drawing, with its options: not its "now:" line too
            now = t("mls.now", "")
            self.out("\n".join(x for x in render(st, snap).split("\n") if not x.startswith(now)))

    def _secret(self, st):
        return self.rs.entry[st.decision()] == ENTRY_SECRET

    def _person(self, table, p, st):
        """Seat p's decision by a person: the table drawn, the options of p's view st."""
        self._draw(table)
        opts = st.legal_actions()
        secret = self._secret(st)
        self.out("")
        if secret:
            self.out(t("play.secret", question(st)))
        else:
            self.out(question(st))
        width = len(str(len(opts)))
        self.out(_columns(["%*d) %s" % (width, i + 1, describe(st, a)) for i, a in enumerate(opts)]))
        prompt = t("play.prompt", message("prompt.seat", p + 1), len(opts))
        while True:
            reply = (self.secret if secret else self.ask)(prompt).strip().lower()
            if reply.isdigit() and 1 <= int(reply) <= len(opts):
                return self._decide(st, opts[int(reply) - 1], p)
            if reply == "u":
                return self._undo(st)
            if reply == "n":
                return self._new(st)
            if reply in ("h", "?", "help"):
                self.out(t("play.help"))
                continue
            if reply == "q":
                self._quit()
                continue
            self.out(t("play.not_a_choice", reply, len(opts)))

    def _decide(self, st, a, p):
        secret = self._secret(st)
        said = t("play.secret_entry") if secret else describe(st, a)
        if self.is_bot(p):  # a person has just read the question: their line is the answer alone
            said = "%s -> %s" % (question(st).split(": ", 1)[-1], said)
        before = st.clone()
        self.client.events = [e for e in self.client.events if e.get("e") != "dec"]
        ack = self.client.request("decide", a=a, p=p)
        if not ack.get("ok"):
            self.out(t("play.refused", said, ack.get("msg") or ack.get("err")))
            return self.client.snapshot()
        self.out("%s: %s" % (self.who(p), said))
        after = self.client.snapshot()
        after = self._mirror(before, after)
        decs = [e.get("a") for e in self.client.events if e.get("e") == "dec"]
        self._tell(before, decs if decs and decs[0] == a else [a])
        if not secret:
            self._chance_lines(before, a)
        if secret and not self._secret(after):
            shown = revealed(after)
            if shown:
                self.out(shown)
        return after

    def _tell(self, st, decs):
        """The log in words: the sentence of the decision and of the board's dice after it
        (firmware/rules/narrate.py), replayed on a copy of the state before it."""
        from firmware.rules.narrate import narrate

        st = st.clone()
        try:
            for i, x in enumerate(decs):
                if x is None or x < 0 or i and st.current_player() >= 0:
                    return
                b = st.clone()
                st.apply(x)
                said = narrate(self.rs, b, x, st)
                if said:
                    self.out("  * " + said)
        except (ValueError, IndexError):
            return

    def _sim(self):
        return bool((self.client.device or {}).get("caps", {}).get("sim"))

    def _mirror(self, before, after):
        """On the simulated board nobody moves the pieces by hand: move its mock pieces to
        where the game now has them (lift, place), as a person does at a real board.
        Returns the state after (a fresh snapshot if pieces were moved)."""
        if not self._sim():
            return after
        from firmware.rules.ruleset import OFF_BOARD

        rs = self.rs
        was, now = bytearray(rs.game_tags(after)), bytearray(rs.game_tags(after))
        rs.expected(before, was)
        rs.expected(after, now)
        k_of, moved = {}, False
        for _, owner, tag in rs.game_pieces(after):
            k = k_of[owner] = k_of.get(owner, -1) + 1
            if was[tag] == now[tag]:
                continue
            if was[tag] != OFF_BOARD:
                self.client.command("lift", p=owner, k=k)
            if now[tag] != OFF_BOARD:
                self.client.command("place", p=owner, k=k, space=now[tag])
            moved = True
        return self.client.snapshot() if moved else after

    def _chance_lines(self, st, a):
        """The board's own dice after a decision, in words (replayed from its decision events);
        a card dealt face down is not said (the screen is the table's: the seat sees its own
        cards in its options)."""
        decs = [e.get("a") for e in self.client.events if e.get("e") == "dec"]
        self.client.events = [e for e in self.client.events if e.get("e") != "dec"]
        if not decs or decs[0] != a:
            return
        try:
            st.apply(a)
            for x in decs[1:]:
                if x is None or x < 0 or st.current_player() >= 0:
                    return
                if not self.rs.face_down(st):
                    self.out("  %s -> %s" % (question(st), describe(st, x)))
                st.apply(x)
        except (ValueError, IndexError):
            return

    def _undo(self, st):
        """Take back decisions until a person's decision is pending again (at least one)."""
        n = 0
        while True:
            ack = self.client.request("undo")
            if not ack.get("ok"):
                if not n:
                    self.out(message("nothing_to_undo"))
                break
            n += 1
            st = self._mirror(st, self.client.snapshot())
            p = st.current_player()
            if p >= 0 and not self.is_bot(p):
                break
        if n:
            self.out(plural("play.took_back", n))
            self.shown = None
        return self.client.snapshot()

    def _quit(self):
        """q: stop (Stop); a game that is not kept is lost, so that asks first (yes, or q
        again, quits)."""
        if not self.kept:
            reply = self.ask(t("play.ask_quit_lost")).strip().lower()
            if reply not in YES[:2] + ("q",) and not (language() == "es" and reply in YES):
                self.out(t("play.no_quit"))
                return
        raise Stop

    def _new(self, st):
        reply = self.ask(t("play.ask_new", st.n_players())).strip().lower()
        if reply not in YES[:2] and not (language() == "es" and reply in YES):
            self.out(t("play.no_new"))
            return st
        n = solo_players(self.rs, self.options, st.n_players())
        self.client.command("new", players=n, **self.options)
        self.out(t("play.new_game", self.rs.title, st.n_players()))
        self.shown = None
        return self.client.snapshot()

    def _game_over(self, st):
        self._draw(st)
        w = st.winners()
        if not w:   # a cooperative game lost (The Rise of Fenris's Desolation)
            self.out(t("game_over_none"))
        else:
            self.out(t("play.winners" if len(w) > 1 else "play.winner", ", ".join(self.who(p) for p in w)))
        while True:
            reply = self.ask(t("play.game_over_prompt")).strip().lower()
            if reply == "n":
                return self._new(st)
            if reply == "u":
                return self._undo(st)
            if reply in ("h", "?", "help"):
                self.out(t("play.help"))
            elif reply == "q":
                self._quit()
            else:
                self.out(t("play.not_now", reply))


def _columns(items, width=100):
    """Options one a line, or in columns when there are many."""
    if len(items) <= 8:
        return "\n".join("  " + x for x in items)
    w = max(len(x) for x in items) + 3
    cols = max(1, min(3, (width - 2) // w))
    rows = (len(items) + cols - 1) // cols
    lines = []
    for r in range(rows):
        cells = [items[c * rows + r] for c in range(cols) if c * rows + r < len(items)]
        lines.append("  " + "".join(x.ljust(w) for x in cells).rstrip())
    return "\n".join(lines)


def _say(line):
    print("pomme: %s" % line, file=sys.stderr)
