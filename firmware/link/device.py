# The board's end of the serial link: reads command lines, answers each with an ack, and
# emits events (every committed decision, snapshots on request and as a heartbeat). It
# changes the game only through the controller/engine, and a refused line changes nothing.
# A command repeated with the same sequence number is answered again, not executed again (the
# same command: another client's command that happens to reuse the number is a new one).

from firmware.link.protocol import (
    FACE_DOWN,
    MAX_LINE,
    PROTOCOL,
    SIM_ONLY,
    ProtocolError,
    check_command,
    check_seq,
    compatible,
)
from firmware.link.protocol import decode as _decode
from firmware.link.protocol import encode as _encode
from firmware.link.protocol import write_line

VERSION = "0.1.0"


class DeviceLink:
    def __init__(self, table, write, caps, boots=0, reset_cause="power-on", bench=None, save=None,
                 campaign=None):
        self.table = table
        self.write = write            # one writer owns the output: write(str)
        self.caps = caps
        self.boots = boots
        self.reset_cause = reset_cause
        self.bench = bench            # the mock hardware of a simulated board, else None
        self.save = save
        self.campaign = campaign      # the campaign keeper's opener (campaign_hook.keeper_of), or None
        self.n = 0                    # event sequence
        self.last_seq = -1
        self.last_cmd = None
        self.last_reply = None
        self.errors = 0
        self.holds = 0                # the seats whose cards the host holds (`holds`: bit p, seat p)
        table.listeners.append(self._decided)

    # ---- output --------------------------------------------------------------------------
    def event(self, obj, blobs=()):
        """Send an event; blobs: (key, bytes) fields sent as hex, written in pieces."""
        obj["n"] = self.n
        self.n += 1
        write_line(self.write, obj, blobs)

    def hello(self):
        self.event({"e": "hello", "proto": list(PROTOCOL), "fw": VERSION, "caps": self.caps,
                    "boots": self.boots, "reset": self.reset_cause})
        aside = getattr(self.save, "set_aside", None)   # app.open_game: a save it could not use
        if aside:
            self.event({"e": "save_aside", "msg": aside[0], "kept": aside[1]})

    def snapshot(self, seat=-1):
        """The `snap` event: the table's view of the game, or seat `seat`'s (its own cards kept:
        Ruleset.view), or (-2) the whole game (a host holding every seat)."""
        from firmware.board.screens import prompt   # (loaded at the first snapshot, not at import)

        ctl = self.table.ctl
        st = ctl.st
        locks = ctl.bid_locks()
        # Framed into the save's buffer (storage.py): written out at once, as a save is.
        save = self.save
        out = getattr(save, "frame", None)
        if seat == -2:
            state = st.to_bytes(out)
        else:
            state = st.public_bytes(out) if seat < 0 else ctl.rs.view(st, seat, out)
        if save is not None:
            save.frame = state
        self.event({"e": "snap", "seat": seat, "hash": st.public_hash(), "commits": ctl.commits,
                    "prompt": list(prompt(ctl)),
                    "locks": [int(locks[0]), int(locks[1])], "mismatch": int(ctl.gestures.mismatch),
                    "bots": ctl.seats.mask,
                    "bot": ctl.bot_choice()},
                   (("state", state), ("leds", self.table.renderer.frame)))

    def _decided(self, action):
        h, commits, down = self.table.reported   # the state after this decision (Table.flush)
        if down and not self._holds_all():
            action = FACE_DOWN   # a card dealt face down: named only to a host holding every seat
        self.event({"e": "dec", "a": action, "hash": h, "commits": commits})

    def _holds_all(self):
        every = (1 << self.table.ctl.st.n_players()) - 1
        return self.holds & every == every

    # ---- input ---------------------------------------------------------------------------
    def on_line(self, line):
        """Handle one received line (bytes or str). Never raises."""
        try:
            if len(line) > MAX_LINE:
                raise ProtocolError("too_long", "%d bytes" % len(line))
            obj = _decode(line)
            seq = check_seq(obj)
        except ProtocolError as e:
            self.errors += 1
            self.event({"e": "err", "err": e.code, "msg": e.detail})
            return
        if seq == self.last_seq and obj == self.last_cmd and self.last_reply is not None:
            self.write(self.last_reply)      # a retry: same answer, nothing done twice
            return
        reply = {"e": "ack", "s": seq, "ok": 1}
        name = None
        try:
            name = check_command(obj, self.table.ctl.rs.new_options)[0]
            self._run(name, obj, reply)
            self.table.flush()   # what the command committed: saved, then reported, then acked
        except ProtocolError as e:
            reply["ok"] = 0
            reply["err"] = e.code
            reply["msg"] = e.detail
        except ValueError as e:   # the engine's typed errors (RulesError) and bad values
            reply["ok"] = 0
            reply["err"] = getattr(e, "code", "rejected")
            reply["msg"] = str(e)
        except Exception as e:  # a bug must not take the board down: report it, keep going
            reply["ok"] = 0
            reply["err"] = "internal"
            reply["msg"] = "%s: %s" % (type(e).__name__, e)
        self.last_seq = seq
        self.last_cmd = obj   # a retry is the same command again: another with this number is new
        self.last_reply = _encode(reply)
        self.write(self.last_reply)
        if not reply["ok"]:
            self.errors += 1
        if name == "snapshot" and reply["ok"]:
            self.snapshot(-2 if obj.get("whole") else _seat(obj))
        elif name == "campaign" and reply["ok"]:
            self.campaign_event()

    def _run(self, name, obj, reply):
        if name in SIM_ONLY and self.bench is None:
            raise ProtocolError("not_here", "%s is for a simulated board" % name)
        ctl = self.table.ctl
        if name == "hello":
            refused = compatible(obj["proto"])
            if refused:
                raise ProtocolError("incompatible", refused)
            self.hello()
        elif name == "decide":
            p = obj.get("p")
            ctl.commit(obj["a"], p)
        elif name == "new" or name == "abort":
            rs = ctl.rs
            players, options = (obj["players"], {}) if name == "new" else rs.setup_of(ctl.st)   # abort: alike
            for key in rs.new_options:
                if key in obj:
                    options[key] = obj[key]
            lo, hi = rs.player_range(options)
            if not lo <= players <= hi:   # 1 (solo) with Pie in the Sky only
                raise ProtocolError("bad_field",
                                    "players: %d, %d to %d with these options" % (players, lo, hi))
            st = rs.new_game(ctl.st.board, players, options)
            bots = obj.get("bots")
            if bots is not None and bots >> st.n_players():
                raise ProtocolError("bad_field", "bots")   # a seat the new game does not have
            if self.save is not None:
                self.save.abort()
            keeper = self.campaign(False) if self.campaign is not None else None
            if keeper is not None:
                keeper.game_replaced()   # an episode's game replaced: it waits again
            self.table.replace_game(st, bots)
            if self.bench is not None:
                self.bench.put_pieces_where_expected()
                self.bench.settle()
        elif name == "undo":
            if not self.table.undo():
                raise ProtocolError("nothing_to_undo")
        elif name == "seats":
            if obj["bots"] >> ctl.st.n_players():
                raise ProtocolError("bad_field", "bots")
            self.table.set_bots(obj["bots"])
        elif name == "seed":
            self.table.rng.x = obj["seed"] or 1
        elif name == "episode" or name[:8] == "campaign":
            self._campaign(name, obj)
        elif name == "holds":
            self.holds = obj["seats"]
        elif name == "snapshot":
            p = _seat(obj)
            if p >= ctl.st.n_players():
                raise ProtocolError("bad_field", "p: the game has %d seats" % ctl.st.n_players())
            if (p >= 0 and not (self.holds >> p) & 1) or (obj.get("whole") and not self._holds_all()):
                raise ProtocolError("not_held", "the host holds the cards of seats %d (holds)" % self.holds)
        else:
            self._physical(name, obj)

    # ---- The Rise of Fenris campaign (campaign_keeper.py; docs/campaign.md, section 5) ----------
    def _campaign(self, name, obj):
        if self.campaign is None:
            raise ProtocolError("not_here", "a campaign is played on a Scythe board")
        k = self.campaign()
        if name == "campaign":
            k.need()
        elif name == "campaign_new":
            k.new(obj["factions"])
        elif name == "campaign_decide":
            k.decide(obj["a"], obj.get("p"))
        elif name == "campaign_load":
            from binascii import unhexlify

            k.load(unhexlify(obj["state"]))
        elif name == "campaign_seat":
            k.set_away(obj["p"], obj["away"])
        elif name == "campaign_join":
            k.join(obj["faction"])
        else:   # episode
            cards = obj.get("cards")
            k.start_episode(self.save, obj.get("bots"), None if cards is None else [cards])
            if self.bench is not None:
                self.bench.put_pieces_where_expected()
                self.bench.settle()

    def campaign_event(self):
        """The campaign as the table may see it (the votes cast blanked): its frame, and whether it
        waits for its episode's game to start (`waiting`), plays it (`in_game`) or is over."""
        keeper = self.campaign
        if keeper is None:
            raise ProtocolError("not_here", "a campaign is played on a Scythe board")
        c = keeper().need()
        waiting = c.is_terminal() and not c.over() and not c.in_game()
        self.event({"e": "campaign", "hash": c.public_hash(), "over": int(c.over()), "waiting": int(waiting),
                    "in_game": int(c.in_game()), "decider": c.current_player(), "kind": c.decision()},
                   (("state", c.public_bytes()),))

    def _physical(self, name, obj):
        b = self.bench
        if b is None:
            raise ProtocolError("not_here", name)
        if obj.get("space", 0) >= len(b.channel):
            raise ProtocolError("bad_field", "space")
        if "k" in obj and not 0 <= b.rs.tag_of(obj["p"], obj["k"]) < b.rs.game_tags(b.st):
            raise ProtocolError("bad_field", "k")
        if name == "lift":
            b.lift(obj["p"], obj["k"])
        elif name == "place":
            b.place(obj["p"], obj["k"], obj["space"])
        elif name == "wand":
            b.wand(obj["space"])
        elif name == "dial":
            b.turn(obj["d"], obj["steps"])
        elif name == "press":
            b.press(obj["d"])
        elif name == "wait":
            b.run(obj["ms"])


def _seat(obj):
    """The seat a `snapshot` asks the view of (`p`), or -1: the table's."""
    p = obj.get("p")
    return -1 if p is None else p
