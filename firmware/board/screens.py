# What the display shows: one screen for every situation, built from the controller's public
# state and the text catalogue only (no ruleset module is imported: the words of a ruleset come
# from its catalogue keys). A screen is a tuple of lines for display.show(): a title (whose
# turn), then paragraphs: what is wrong (first: nothing counts until it is fixed), what to do,
# the dial's current option in words (never a secret bid: only which dials are locked), a bot's
# plan, the last news (ctl.message). firmware/hal/display.py lays them out; docs/display.md.
#
# Catalogue keys: "screen.*" strings; "hints" (what to do, one per decision kind) and "dials"
# (how to read a dial's value, one per kind) are used only when they have one entry per kind
# of the ruleset in play, otherwise generic words by entry kind are shown. A "dials" entry is
# "" (the number), a format with one %d ("%d apples"), or "@group" (name(group, value)), either
# followed by exceptions ";value=words" ("@term;200=done").
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SECRET, ENTRY_SPACE, OFF_BOARD
from firmware.text import message, name

_GENERIC = ("screen.do_dial", "screen.do_piece", "screen.do_space", "screen.do_secret",
            "screen.do_chance", "screen.do_roll")


def _table(key, n):
    t = message(key)
    return t if isinstance(t, tuple) and len(t) == n else None


def dial_of(ctl):
    """The dial the pending decision is entered on (0: the active player's, 1: the other)."""
    p = ctl.st.current_player()
    return 0 if p < 0 or p == ctl.st.active_player() else 1


def meaning(ctl, option):
    """An option of the pending decision in words ("Bake Pies", "3 apples", "space 31")."""
    st = ctl.st
    rs = ctl.rs
    kind = st.decision()
    entry = rs.entry[kind]
    words = rs.option_words(st, kind, option)   # a packed option (Trophy Dropper's move)
    if words:
        return words
    group = rs.option_names.get(kind)
    if group is not None:
        return name(group, option)
    if entry == ENTRY_PIECE:
        said = _named(rs, kind, option)   # an option the dials table names (the airship's "it stays")
        if said is not None:
            return said
        t, d = rs.piece_move(st, option)
        if ctl.questions is not None and ctl.place_of(t, d) != ctl.expected_at[t]:
            return message("screen.join", d)    # no readers: the lifted piece went onto a piece
        return message("screen.stays_off") if d == OFF_BOARD else message("screen.stays_on", d)
    if entry == ENTRY_SPACE:
        return message("screen.space", option)
    said = _named(rs, kind, option)
    if said is not None:
        return said
    dials = _table("dials", len(rs.entry))
    fmt = dials[kind].split(";")[0] if dials is not None else ""
    if fmt.startswith("@"):
        return name(fmt[1:], option)
    if "%" in fmt:
        return fmt % option
    return str(option)


def _named(rs, kind, option):
    """The words the dials table gives one option of `kind` ("63=it stays"), else None."""
    dials = _table("dials", len(rs.entry))
    fmt = dials[kind] if dials is not None else ""
    for e in fmt.split(";")[1:]:
        v, _, words = e.partition("=")
        if v == str(option):
            return words
    return None


def _problems(ctl, out):
    """Errors in words: a piece put on an unlit space, a wand touch off the choices, pieces
    that disagree with the game (once the disagreement has settled)."""
    g = ctl.gestures
    if g.wrong >= 0:
        out.append(message("screen.wrong", g.wrong))
    if g.wand_wrong >= 0:
        out.append(message("screen.wand_wrong", g.wand_wrong))
    if g.mismatch:
        if g.crowded >= 0:
            out.append(message("screen.crowded", g.crowded, g.stack))
        fix = g.fix
        n = 0
        for i in range(len(fix)):
            n += fix[i]
        out.append(message("screen.hold" if g.hold else "screen.fix", n))


def _todo(ctl, kind, entry, out):
    if entry == ENTRY_PIECE and ctl.gestures.lifted >= 0:
        out.append(message("screen.lifted"))     # a piece in the air: where it may go
        return
    hints = _table("hints", len(ctl.rs.entry))
    if hints is not None and hints[kind]:
        out.append(hints[kind])
    else:
        out.append(name("kind", kind))
        out.append(message(_GENERIC[entry] if entry < len(_GENERIC) else _GENERIC[0]))


def _locks(ctl, out):
    """A secret decision: which dials are locked, never what they hold."""
    locked = ctl.bid_locks()
    for d in (0, 1):
        if locked[d]:
            state = message("screen.locked")
        elif ctl.options(d):
            state = message("screen.choosing")
        else:
            state = message("screen.waiting")
        out.append(message("screen.lock", d + 1, state))


def screen(ctl):
    """The lines for display.show() now."""
    st = ctl.st
    b = ctl.between
    if b is not None and b.asks():   # between games: the campaign's turn (campaign_keeper.py)
        return b.lines(ctl.sel[0])
    out = []
    if st.is_terminal():
        w = st.winners()
        out.append(message("screen.game_over"))
        seats = ", ".join(str(p + 1) for p in w)
        if w:   # (a cooperative game lost: no winner, The Rise of Fenris's Desolation)
            out.append(message("screen.winner" if len(w) == 1 else "screen.winners", seats))
        if ctl.message:
            out.append(ctl.message)
        return tuple(out)
    p = st.current_player()
    if ctl.bot_choice() >= 0:       # a bot seat decided: what the person carries out
        out.append(message("screen.bot_seat", p + 1))
        out.append(bot_instruction(ctl))
        _problems(ctl, out)
        if ctl.message:
            out.append(ctl.message)
        return tuple(out)
    kind = st.decision()
    entry = ctl.rs.entry[kind]
    if entry == ENTRY_SECRET:
        out.append(message("screen.secret"))
        sec = ctl.secret
        for k in range(len(sec.sides)):   # a bot side waiting for its printed card's value
            if not sec.locked[k] and sec.entries[k] and ctl.is_bot(sec.sides[k]):
                out.append(message("screen.read_card"))
                break
    elif p < 0:
        out.append(message("screen.dice"))
    else:
        out.append(message("screen.seat", p + 1))
        if ctl.is_bot(p) and ctl.rs.reads_card(st):   # the bot's card is read to the board
            out.append(message("screen.read_card"))
    _problems(ctl, out)
    _todo(ctl, kind, entry, out)
    if entry == ENTRY_SECRET:
        _locks(ctl, out)
    else:
        d = dial_of(ctl)
        opts = ctl.options(d)
        if opts:
            out.append(message("screen.dial", d + 1, meaning(ctl, opts[ctl.sel[d] % len(opts)])))
    line = bot_instruction(ctl)   # a bot seat's secret entry locked
    if line:
        out.append(line)
    if ctl.message:
        out.append(ctl.message)
    line = ctl.status()   # off the map (Pie in the Sky: the cargo hold): last, cut first on a full panel
    if line:
        out.append(line)
    return tuple(out)


def place_name(ctl, place):
    """A place in words: "space 31", or a camp ("camp 2")."""
    if place >= ctl.n_spaces:
        return message("screen.camp", place - ctl.n_spaces + 1)
    return message("screen.space", place)


def which_piece(ctl):
    """A board without readers asks which piece stands on a place: the question in words,
    naming the place the dial's candidate was expected on."""
    q = ctl.questions
    t = q.candidate(ctl.sel[0])
    return message("screen.which_piece", place_name(ctl, q.tracker.ask_at),
                   place_name(ctl, ctl.expected_at[t]))


def bot_instruction(ctl):
    """What the person at the table does for a bot seat now, in words ("" when no bot seat
    decides): lift and place a piece, press a dial, touch a space with the wand; or that the
    bot locked its secret entry."""
    seats = ctl.seats
    if seats.plan < 0:
        return message("prompt.bot_bid") if seats.bid else ""
    tag = seats.plan_tag
    src = seats.plan_from
    dest = seats.plan_dest
    dial = seats.plan_dial
    if tag >= 0 and dial < 0:
        if src >= ctl.n_spaces:   # from its camp (or from off the board)
            return message("prompt.bot_place", dest)
        return message("prompt.bot_move", src, dest)
    if tag >= 0 and dest != src and dest != OFF_BOARD:
        # (a board without readers: onto an occupied place, from a space or its camp)
        return message("prompt.bot_join", place_name(ctl, src), dest, dial + 1)
    group = ctl.rs.option_names.get(ctl.st.decision())
    if tag >= 0 and group is None:   # (a named option: pressed by its name)
        return message("prompt.bot_stay", dial + 1)
    if dest != OFF_BOARD and dial < 0:
        return message("prompt.bot_wand", dest)
    choice = str(seats.plan) if group is None else name(group, seats.plan)
    return message("prompt.bot_dial", dial + 1, choice)


def prompt(ctl):
    """Two short lines (the link's snapshot, a display of two lines): whose decision and what
    the dial points at."""
    st = ctl.st
    b = ctl.between
    if b is not None and b.asks():   # the campaign's turn: who decides what, the dial's option
        return b.lines(ctl.sel[0])[-2:]
    if st.is_terminal():
        w = st.winners()
        seats = ",".join(str(p + 1) for p in w)   # (none: a cooperative game lost)
        return (message("prompt.game_over"), message("prompt.winners", seats) if w else "")
    p = st.current_player()
    kind = st.decision()
    if ctl.bot_choice() >= 0:   # a bot seat's decision: what the person at the table does
        return (message("prompt.bot", p + 1, name("kind", kind)), bot_instruction(ctl))
    who = message("prompt.dice") if p < 0 else message("prompt.seat", p + 1)
    d = dial_of(ctl)
    opts = ctl.options(d)
    if opts:
        choice = opts[ctl.sel[d] % len(opts)]
        group = ctl.rs.option_names.get(kind)
        line2 = "> " + (name(group, choice) if group is not None else str(choice))
    else:
        line2 = bot_instruction(ctl)
    return ("%s: %s" % (who, name("kind", kind)), line2 or ctl.message)


class Watch:
    """When the screen may have changed: the game, the commit count, both dials' selections
    and locks, a lifted or wrongly placed piece, a wand touch, the mismatch, its size and a
    crowded place, the message, a bot seat's plan.
    changed(ctl) allocates nothing (it runs on every dial poll)."""

    def __init__(self):
        self.v = [-9] * 13
        self.msg = None
        self.st = None

    def changed(self, ctl):
        v = self.v
        c = False
        # Inline, not a helper per value: this runs on every scan (a call costs more than a test).
        x = ctl.commits
        if v[0] != x:
            v[0] = x
            c = True
        x = ctl.sel[0]
        if v[1] != x:
            v[1] = x
            c = True
        x = ctl.sel[1]
        if v[2] != x:
            v[2] = x
            c = True
        locks = ctl.secret.locks
        x = locks[0]
        if v[3] != x:
            v[3] = x
            c = True
        x = locks[1]
        if v[4] != x:
            v[4] = x
            c = True
        g = ctl.gestures
        x = g.lifted
        if v[5] != x:
            v[5] = x
            c = True
        x = g.wrong
        if v[6] != x:
            v[6] = x
            c = True
        x = g.wand_wrong
        if v[7] != x:
            v[7] = x
            c = True
        x = g.mismatch
        if v[8] != x:
            v[8] = x
            c = True
        n = 0
        if g.mismatch:
            fix = g.fix
            for i in range(len(fix)):
                n += fix[i]
            n += (g.crowded + 1) << 8   # and the place with one piece too many
        if v[9] != n:
            v[9] = n
            c = True
        x = g.hold
        if v[10] != x:
            v[10] = x
            c = True
        x = ctl.seats.plan   # seats given to the bot (Table.set_bots)
        if v[11] != x:
            v[11] = x
            c = True
        b = ctl.between   # the campaign's decisions between games (its file's count)
        x = b.count if b is not None else 0
        if v[12] != x:
            v[12] = x
            c = True
        if ctl.message is not self.msg:
            self.msg = ctl.message
            c = True
        if ctl.st is not self.st:       # a new game (Table.replace_game)
            self.st = ctl.st
            c = True
        return c
