"""Playing a game over the link: bots deciding through the protocol, a script of physical
events, and recording the game log from the board's decision events."""

from firmware import bot_kinds
from firmware.rng import Rng
from firmware.rules.ruleset import ENTRY_SECRET

from .gamelog import GameLog
from .games import players as solo_players
from .link import LinkError
from .text import t


def make_bot(ruleset, rng, kind="random"):
    """A bot of `ruleset` for a seat: "random" (with the ruleset's nudges) or "strong"
    (its bot that plays to win; firmware/bot_kinds.py), deciding only on what its seat can
    see (bot_kinds.FairBot)."""
    return bot_kinds.fair_bot(ruleset, rng, kind)


def record(client, log):
    """Move the board's decision events into the log (in order). A new-game marker (-2)
    starts the log again; an undo (-1) takes the last entry back."""
    keep = []
    for e in client.events:
        if e.get("e") != "dec":
            keep.append(e)
        elif e.get("a") == -2:
            log.entries.clear()
        elif e.get("a") == -1:
            if log.entries:
                log.entries.pop()
        else:   # (FACE_DOWN: a card dealt face down, not named to this host: replay stops there)
            log.add(e["a"], e["hash"])
    client.events = keep


class Interrupted(KeyboardInterrupt):
    """Ctrl-C during a game: carries the log of the decisions committed so far."""

    def __init__(self, log):
        super().__init__()
        self.log = log


def bot_game(client, seed, out=print, max_decisions=20000, resume=False, game=None, options=None,
             players=None):
    """Bots decide every player decision through `decide` commands until the game ends:
    a new game, or (resume) the game the board holds, logged from its present state. A new
    game has `options` (the `new` command's: {"pits": [1]}) and `players` (by default the
    board's game's; a Desolation game alone has 1, on a board started with 2); `game` is the
    name its log keeps (host_tools/games.py: "mls+pits"), by default the board's ruleset.
    Returns (final state, log); Ctrl-C raises Interrupted with the log so far."""
    hold_every_seat(client)
    st = client.snapshot()
    fw = (client.device or {}).get("fw", "")
    client.events = [e for e in client.events if e.get("e") != "dec"]
    if resume:   # logged from the whole game (the host holds every seat), its hands as they are
        log = GameLog(st.n_players(), fw, client.snapshot(whole=True).to_bytes().hex(),
                      game=client.ruleset.name)
    else:
        players = solo_players(client.ruleset, options or {}, players or st.n_players())   # solo: 1 (2 seats)
        log = GameLog(players, fw, game=game or _game_name(client.ruleset, options or {}))
        if (client.device or {}).get("caps", {}).get("sim"):
            client.command("seed", seed=seed)  # the simulated board's dice, reproducible
        client.events = [e for e in client.events if e.get("e") != "dec"]
        # a clean game, logged from its start
        client.command("new", players=players, **(options or {}))
        st = client.snapshot()
        record(client, log)  # the new game's setup rolls (after the new-game marker)
    rng = Rng(seed)
    bots = [make_bot(client.ruleset, rng) for _ in range(st.n_players())]
    try:
        return _play_bots(client, st, log, bots, out, max_decisions)
    except KeyboardInterrupt:
        record(client, log)  # the decision events already received
        raise Interrupted(log) from None


def _game_name(rs, options):
    """The log's name of a new game of rs with the `new` command's options, when no name is
    given: a game without the model deck's option plays the printed cards ("mls+printed"; a
    name alone, "mls", means the model deck: host_tools/games.parse)."""
    if rs.deck_option and options.get(rs.deck_option) != [1]:
        printed = [w for w, option, value in rs.aliases if option == rs.deck_option and value == 0]
        if printed:
            return rs.name + "+" + printed[0]
    return rs.name


def decide_secret(client, st, a, p):
    """A bot's secret decision (a combat's card): the snapshot blanks what the player already
    put behind the dial, so an option legal on the host may be one the board refuses (Scythe:
    the last card of a value already behind it). Then the other options in turn, until the
    board takes one."""
    opts = [a] + [o for o in st.legal_actions() if o != a]
    for i, o in enumerate(opts):
        ack = client.request("decide", a=o, p=p)
        if ack.get("ok"):
            return o
        if ack.get("err") != "illegal" or i == len(opts) - 1:
            raise LinkError(t("link.refused", "decide", ack.get("err"), ack.get("msg", "")))
    return -1


def play_bots(client, st, log, bots, out, max_decisions=20000):
    """Bots decide every player decision of the board's game st until it ends: (final state,
    log); the log gets the board's decision events."""
    hold_every_seat(client)
    return _play_bots(client, st, log, bots, out, max_decisions)


def hold_every_seat(client):
    """Tell the board this host holds every seat's cards (its bots play them all): it then
    names the cards it deals face down, so the log replays, and answers each seat's view."""
    if client.holds != 255 and client.views:
        client.command("holds", seats=255)
        client.holds = 255


def _play_bots(client, st, log, bots, out, max_decisions):
    # A bot decides on its seat's view (docs/protocol.md): its own cards (a model objective, a
    # spell in hand) as the board has them, the others' as the table sees them, which the bot
    # (bot_kinds.FairBot) draws again. After a decision the same seat's view is asked for (it
    # shows whose decision is next as the table's does), another seat's only when it decides.
    n = 0
    hidden = bool(client.ruleset.infoset)
    seat = -1   # whose view st is (-1: the table's)
    while not st.is_terminal():
        p = st.current_player()
        if p < 0:
            raise LinkError(t("play.table_dice"))
        if hidden and seat != p:
            st, seat = client.snapshot(seat=p), p
        a = bots[p].choose(st)
        if client.ruleset.entry[st.decision()] == ENTRY_SECRET:
            decide_secret(client, st, a, p)
        else:
            client.command("decide", a=a, p=p)
        record(client, log)
        st = client.snapshot(seat=seat)
        record(client, log)
        n += 1
        if n % 100 == 0:
            out(t("session.so_far", n))
        if n >= max_decisions:
            raise LinkError(t("session.no_end", n))
    return (client.snapshot() if seat >= 0 else st), log


_SCRIPT_FIELDS = {
    "lift": ("p", "k"),
    "place": ("p", "k", "space"),
    "wand": ("space",),
    "dial": ("d", "steps"),
    "press": ("d",),
    "wait": ("ms",),
    "decide": ("a",),
    "new": ("players",),
    "undo": (),
    "seed": ("seed",),
}


def parse_script(text):
    """Lines like `lift 1 1`, `place 1 1 31`, `dial 1 +2`, `press 1`, `wand 12`, `wait 700`.
    Seats, Seekers and dials are counted from 1 as printed on the board; spaces are ids."""
    cmds = []
    for n, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        name = words[0]
        fields = _SCRIPT_FIELDS.get(name)
        if fields is None or len(words) - 1 != len(fields):
            raise ValueError(t("session.expected", n, raw, name, " ".join(_SCRIPT_FIELDS.get(name, ("?",)))))
        try:
            values = [int(w) for w in words[1:]]
        except ValueError:
            raise ValueError(t("session.numbers", n, raw)) from None
        args = dict(zip(fields, values))
        for key in ("p", "k", "d"):
            if key in args:
                args[key] -= 1
        cmds.append((name, args))
    return cmds
