"""The Rise of Fenris campaign at the laptop (docs/campaign.md), Scythe's host_campaign
(host_tools/campaign.py finds it through the ruleset): the campaign lives on the board
(firmware/board/campaign_keeper.py); `pomme campaign` shows its Campaign Logs, makes one,
decides, starts the next episode, exports it as JSON and imports it (a campaign moves between
boards); `pomme sim --campaign` has bots play a whole campaign on the simulated board over the
serial protocol and replays it through the rules to check it equal."""

import binascii
import json

from firmware.rng import Rng
from firmware.rules.scythe import campaign as C
from firmware.rules.scythe import campaign_data as D
from firmware.rules.scythe import campaign_log as G
from firmware.rules.scythe import campaign_panel as P
from firmware.rules.scythe import campaign_text as W
from firmware.rules.scythe.campaign_bot import choose
from firmware.rules.scythe.campaign_episode import options as episode_options
from firmware.rules.scythe.campaign_results import influence
from firmware.rules.scythe.content import FACTION_NAMES

from ..link import LinkError
from ..text import t

FORMAT = P.FORMAT            # the JSON a campaign is exported as
RECORD = "pomme-campaign-record"   # a whole campaign played: its decisions and games
VERSION = P.VERSION
log_of = P.log_of


def fetch(client):
    """(event, Campaign) of the board's campaign (LinkError if it has none)."""
    client.events = [e for e in client.events if e.get("e") != "campaign"]
    client.command("campaign")
    ev = client.wait_event("campaign")
    return ev, C.Campaign.from_bytes(client.board, binascii.unhexlify(ev["state"]))


def faction_numbers(text):
    """Faction numbers of "nordic,rusviet,...", ValueError naming the playable ones."""
    names = [n.lower() for n in FACTION_NAMES]
    out = []
    for word in text.split(","):
        w = word.strip().lower()
        if w not in names or names.index(w) not in D.PLAYABLE:
            raise ValueError(t("campaign.bad_faction", word, ", ".join(names[f] for f in D.PLAYABLE)))
        out.append(names.index(w))
    return out


# ---- the Campaign Log in words and as JSON (firmware/rules/scythe/campaign_panel.py) ------------
def to_json(c):
    """The campaign as an exported document (campaign_panel.document: the page exports the same)."""
    return P.document(c)


def from_json(doc, board):
    """The Campaign of an exported document; ValueError saying what is wrong (not a campaign, a
    newer format, a damaged state, logs that do not match the state)."""
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise ValueError(t("campaign.not_json"))
    if doc.get("version") != VERSION:
        raise ValueError(t("campaign.version", doc.get("version"), VERSION))
    try:
        c = C.Campaign.from_bytes(board, binascii.unhexlify(doc["state"]))
    except (KeyError, TypeError, binascii.Error) as e:
        raise ValueError(t("campaign.no_state", e)) from None
    if doc.get("players") != [log_of(c, p) for p in range(c.s[0])]:
        raise ValueError(t("campaign.edited"))
    return c


def describe(c):
    """The campaign in words: the episode and its goals, each player's log, what is asked."""
    lines = []
    e = G.episode(c)
    if e < D.N_EPISODES:
        name, goals = W.words("episodes")[e]
        lines.append(W.words("episode") % (D.LABELS[e], name))
        lines.append(W.words("goals") % goals)
    else:
        lines.append(W.words("over"))
    for p in range(c.s[0]):
        lg = log_of(c, p)
        perks = W.words("perks")
        bonus = W.words("bonuses")
        away = t("campaign.away") if G.away(c, p) else ""
        lines.append(away + t("campaign.seat", p + 1, lg["faction"], lg["wealth"],
                       ", ".join(str(g) for g in lg["victories"]) or "-",
                       ", ".join(lg["mech_mods"] + lg["infrastructure_mods"]) or "-",
                       ", ".join("%s x%d" % (bonus[i], k) for i, k in enumerate(G.bonuses(c, p))),
                       ", ".join(perks[i - 1] for i in lg["perks_used"]) or "-",
                       " ".join(str(k) for k in G.checks(c, p))))
        if c.in_game() and e == D.E1:
            lines.append("  " + W.words("tokens") % influence(c, p))
    if c.over():
        totals = G.totals(c)
        aspects = W.words("aspects")
        for p, style in enumerate(G.leadership(c)):
            lines.append(t("campaign.total", p + 1, totals[p], ", ".join(aspects[a] for a in style) or "-"))
        lines.append(t("campaign.winners", ", ".join(str(p + 1) for p in G.campaign_winners(c))))
    elif c.is_terminal():
        lines.append(t("campaign.play_episode", " ".join(G.modules(c)) or "-"))
    else:
        who = c.current_player()
        lines.append(t("campaign.asks", t("campaign.chance") if who < 0 else who + 1,
                       W.words("decisions")[c.decision()], c.legal_actions()))
    return lines


# ---- bots ------------------------------------------------------------------------------------
def _play_episode(client, c, seed, out):
    """The episode's game on the board, bots at every seat, logged from its start."""
    from firmware.rules.scythe.ruleset import RULESET

    from ..gamelog import GameLog
    from ..session import make_bot, play_bots, record

    opts = episode_options(c)
    name = RULESET.name + "".join("+" + m for m in sorted(opts))
    log = GameLog(len(G.seats_in(c)), (client.device or {}).get("fw", ""), game=name)
    if (client.device or {}).get("caps", {}).get("sim"):
        client.command("seed", seed=seed)
    client.events = [e for e in client.events if e.get("e") != "dec"]
    client.command("episode", cards=1)
    st = client.snapshot()
    record(client, log)
    rng = Rng(seed)
    bots = [make_bot(client.ruleset, rng) for _ in range(st.n_players())]
    st, log = play_bots(client, st, log, bots, out)
    return st, log


def bot_campaign(client, seed, players, out=print):
    """Bots play a whole campaign on the board: (the board's campaign at the end, the record)."""
    rng = Rng(seed)
    factions = C.deal_factions(rng, players)
    client.command("campaign_new", factions=factions)
    rec = {"record": RECORD, "version": VERSION, "factions": factions, "seed": seed, "steps": []}
    games = 0
    while True:
        ev, c = fetch(client)
        if ev["over"]:
            rec["final"] = ev["state"]
            return c, rec
        if ev["waiting"]:
            e = G.episode(c)
            out(t("campaign.episode_starts", D.LABELS[e], W.words("episodes")[e][0]))
            st, log = _play_episode(client, c, seed * 100 + games, lambda line: None)
            games += 1
            rec["steps"].append({"episode": {"game": log.game, "players": log.players,
                                             "entries": [list(x) for x in log.entries]}})
            out(t("campaign.episode_over", D.LABELS[e], ", ".join(str(p + 1) for p in st.winners()) or "-",
                  [st.fortune(p) for p in range(st.n_players())]))
            continue
        if ev["in_game"]:
            raise LinkError(t("campaign.in_game"))
        who = ev["decider"]
        a = rng.choice(c.legal_actions()) if who < 0 else choose(c, rng)
        client.command("campaign_decide", a=a, p=who)
        rec["steps"].append({"decide": a, "p": who})


# ---- whole campaigns in this process: their balance (pomme playout --campaign) -----------------
MAX_DECISIONS = 30000   # an episode's game that has not ended by then is reported


def play_campaign(board, seed, players, kind="strong", seen=None):
    """A whole campaign played in this process as the board plays it (docs/campaign.md): the
    campaign's own decisions by the campaign bot (campaign_bot.choose, its chance by the dice),
    each episode's game by `kind` bots at every seat, the deals the campaign fixes (faction, mat,
    bases, bonuses, Perk, Mods) forced as the board's keeper forces them, the rest by the dice,
    the campaign following each decision and recording the game's end (seen(c, st): each
    finished game, before it is recorded). Returns (the campaign over, {"factions": each seat's
    first faction, "episodes": the labels played, "decisions": the games' decisions})."""
    from firmware.rules.scythe.campaign_episode import follow, forced, record, start
    from firmware.rules.scythe.ruleset import RULESET

    from ..session import make_bot

    rng = Rng(seed)
    factions = C.deal_factions(rng, players)
    c = C.new_campaign(board, factions)
    facts = {"factions": factions, "episodes": [], "decisions": 0}
    while not c.over():
        if not c.is_terminal():   # a campaign decision
            who = c.current_player()
            c.apply_checked(rng.choice(c.legal_actions()) if who < 0 else choose(c, rng), who)
            continue
        facts["episodes"].append(D.LABELS[G.episode(c)])
        start(c)
        st = RULESET.new_game(board, len(G.seats_in(c)), episode_options(c, [1]))
        bots = [make_bot(RULESET, rng, kind) for _ in range(st.n_players())]
        n = 0
        while not st.is_terminal():
            p = st.current_player()
            if p < 0:
                a = forced(c, st)
                st.apply(rng.weighted(st.chance_outcomes()) if a is None else a)
            else:
                st.apply(bots[p].choose(st))
            follow(c, st)
            n += 1
            if n >= MAX_DECISIONS:   # (a Rivals game the rules cannot end: docs/fenris.md S19)
                raise RuntimeError(t("campaign.playout_no_end", seed, facts["episodes"][-1], n))
        facts["decisions"] += n
        if seen is not None:
            seen(c, st)
        record(c, st)
    return c, facts


def _one_campaign(seed, players, kind):
    """play_campaign on this process's board, summed up for campaign_playouts."""
    from ..boards import load_board
    from firmware.rules.scythe.ruleset import RULESET

    c, facts = play_campaign(load_board(ruleset=RULESET), seed, players, kind)
    facts["winners"] = list(G.campaign_winners(c))
    facts["totals"] = list(G.totals(c))
    return facts


def campaign_playouts(players, games, seed, out=print, kind="strong", jobs=1, quiet=False):
    """`games` whole campaigns (seeds seed.., play_campaign), on `jobs` processes: the campaign
    winners by seat and by faction with their 95% intervals (a shared win counts as a share),
    the branches taken (2a or 2b, 8a or 8b) and each seat's mean campaign total. Returns the
    campaigns' facts."""
    import time

    from ..executors import Progress, run_tasks
    from ..tournament import wilson

    t0 = time.perf_counter()
    bar = Progress(games, t("campaign.playout_title"), quiet=quiet or games < 2)
    facts = run_tasks(_one_campaign, [(seed + g, players, kind) for g in range(games)], jobs,
                      done=lambda i, r: bar.step())
    bar.close()
    dt = time.perf_counter() - t0
    seat = [0.0] * players
    by = {}
    for f in facts:
        for p in f["winners"]:
            seat[p] += 1 / len(f["winners"])
        for p, fa in enumerate(f["factions"]):
            won, n = by.get(fa, (0.0, 0))
            by[fa] = (won + (1 / len(f["winners"]) if p in f["winners"] else 0), n + 1)
    decisions = sum(f["decisions"] for f in facts)
    out(t("campaign.playouts", games, players, seed, kind, decisions / games, dt / games, jobs))

    def rate(won, n):
        lo, hi = wilson(won, n)
        return "%.1f/%d [%.0f-%.0f%%]" % (won, n, 100 * lo, 100 * hi)
    seats = ", ".join("%d: %s" % (p + 1, rate(seat[p], games)) for p in range(players))
    out(t("campaign.playout_seats", seats))
    factions = ", ".join("%s %s" % (FACTION_NAMES[f], rate(*by[f])) for f in sorted(by))
    out(t("campaign.playout_factions", factions))
    count = {}
    for f in facts:
        for e in f["episodes"]:
            count[e] = count.get(e, 0) + 1
    out(t("campaign.playout_branches", count.get("2a", 0), count.get("2b", 0), count.get("8a", 0),
          count.get("8b", 0)))
    out(t("campaign.playout_totals", ", ".join(
        "%d: $%.0f" % (p + 1, sum(f["totals"][p] for f in facts) / games) for p in range(players))))
    return facts


def replay(rec, board):
    """The campaign a record's decisions and games make, replayed through the rules (ValueError at
    the first step the rules refuse or a game that gives another state than the board reported)."""
    from firmware.rules.scythe.campaign_episode import follow
    from firmware.rules.scythe.campaign_episode import record as record_game
    from firmware.rules.scythe.campaign_episode import start

    from ..gamelog import GameLog
    from ..gamelog import replay as replay_game

    if rec.get("record") != RECORD:
        raise ValueError(t("campaign.not_record"))
    c = C.new_campaign(board, rec["factions"])
    for step in rec["steps"]:
        if "decide" in step:
            c.apply_checked(step["decide"], step["p"])
            continue
        if "away" in step:
            c.set_away(step["p"], step["away"])
            continue
        if "join" in step:
            c.join(step["join"])
            continue
        g = step["episode"]
        log = GameLog(g["players"], game=g["game"])
        for a, h in g["entries"]:
            log.add(a, h)
        start(c)
        # the campaign follows the game decision by decision, as the board's keeper does
        st = replay_game(log, board, on_step=lambda i, st, a: follow(c, st))
        follow(c, st)
        record_game(c, st)
    return c


# ---- pomme campaign ----------------------------------------------------------------------------
def cmd_campaign(args, out=print):
    from ..cli import _connect
    from ..link import Client

    client = Client(args.port)
    try:
        _connect(client, out)
        if args.action == "new":
            try:
                factions = faction_numbers(args.factions or "")
            except ValueError as e:
                raise LinkError(str(e)) from None
            client.command("campaign_new", factions=factions)
        elif args.action == "decide":
            if args.choice is None:
                raise LinkError(t("campaign.which"))
            client.command("campaign_decide", a=args.choice)
        elif args.action == "episode":
            client.command("episode")
        elif args.action in ("away", "back"):
            if args.seat is None:
                raise LinkError(t("campaign.which_seat"))
            client.command("campaign_seat", p=args.seat - 1, away=int(args.action == "away"))
        elif args.action == "join":
            try:
                factions = faction_numbers(args.factions or "")
            except ValueError as e:
                raise LinkError(str(e)) from None
            if len(factions) != 1:
                raise LinkError(t("campaign.one_faction"))
            client.command("campaign_join", faction=factions[0])
        elif args.action == "import":
            try:
                with open(args.file) as f:
                    c = from_json(json.load(f), client.board)
            except OSError as e:
                raise LinkError(t("cli.cannot_read", args.file, e)) from None
            except ValueError as e:
                raise LinkError("%s: %s" % (args.file, e)) from None
            client.command("campaign_load", state=binascii.hexlify(bytes(c.to_bytes())).decode())
        _ev, c = fetch(client)
        if args.action == "export":
            if not args.file:
                raise LinkError(t("campaign.which_file"))
            try:
                with open(args.file, "w") as f:
                    json.dump(to_json(c), f, indent=1)
            except OSError as e:
                raise LinkError(t("cli.cannot_write_log", args.file, e.strerror or e)) from None
            out(t("campaign.exported", args.file))
            return 0
        for line in describe(c):
            out(line)
        return 0
    finally:
        client.close()
