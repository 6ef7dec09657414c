# The rule-based My Little Scythe bot: plays to win through the public read API.
# RuleBot(rng).choose(st) -> an option, like RandomBot. It reads the State's accessors
# (seekers, pies, goods, occupants, reach, carry_options, ...) and view.py (trophies,
# friendship, the seek dice); it never writes the state. It stacks 4 apples or gems under
# a Seeker (Seek), carries the stack one space a Move toward Castle Everfree and delivers
# it; takes quest tokens within reach; makes what leads to a trophy still open; attacks
# only where its pies match the defender's; takes first the trophies only earned this
# turn. Where a card is not known (a quest option's terms, a spell's value) it does what
# the random bot does, and it never attaches a spell of unknown value to a bid.
# RAM: about 3.7 KB of bytecode as .mpy plus its tables (n * n bytes) when it plays: a
# module of its own, so a program that uses only the random bot's nudges (bot.py; the
# 64 KB heap game of tools/mp_heap_game.py) never loads it.
from ..compat import const
from .bot import nudge

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AT_CAMP = const(63)
_A_BAKE = const(3)
_A_CONJURE = const(4)
_A_MOVE = const(0)
_A_POWER_UP = const(5)
_A_SEEK_1 = const(1)
_A_SEEK_2 = const(2)
_E_GAIN_APPLES = const(3)
_E_GAIN_FRIENDSHIP = const(9)
_E_GAIN_GEMS = const(4)
_E_GAIN_PIES = const(7)
_E_GAIN_SPELLS = const(11)
_E_LOSE_FRIENDSHIP = const(10)
_FIGHT_DEF = const(24)
_FX_PORTAL_EXPRESS = const(1)
_G_QUEST = const(2)
_K_ACTION = const(6)
_K_BID_SPELL = const(27)
_K_CARRY = const(9)
_K_CARRY_GEMS = const(26)
_K_FIGHT_BID = const(10)
_K_MOVE = const(8)
_K_PAY_FROM = const(17)
_K_PLACE_ON = const(18)
_K_PU_KEEP = const(23)
_K_PU_SECTION = const(21)
_K_QUEST_OPTION = const(15)
_K_REJUVENATE = const(11)
_K_SEEK_PLACE = const(20)
_K_STATE_TERM = const(16)
_K_TROPHY = const(7)
_TERMS_CANCEL = const(201)
_TERMS_DONE = const(200)
_T_APPLES = const(4)
_T_GEMS = const(5)
_T_PIES = const(7)
_T_PIE_FIGHT = const(6)
_T_POWER_UPS = const(1)
_T_QUESTS = const(3)
_T_SPELLS = const(2)
# -- end of private copies --


_TABLES = [None, None, None]  # type: list  # the board the tables below were built for, steps, castle


def _tables(board):
    """(steps, castle) of a board: step distances between spaces (n * n bytes), and per
    space the fewest carried Moves to one next to Castle Everfree or a portal."""
    n = board.n_spaces
    steps = bytearray(b"\xff" * (n * n))
    for a in range(n):
        if a == board.castle:
            continue
        row = a * n
        steps[row + a] = 0
        front = [a]
        d = 0
        while front:
            d += 1
            nxt = []
            for x in front:
                for y in board.step_targets(x):
                    if steps[row + y] == 255:
                        steps[row + y] = d
                        nxt.append(y)
            front = nxt
    castle = bytearray(n)
    for x in range(n):
        best = 255
        row = x * n
        for y in range(n):
            if (board.next_to_castle[y] or board.is_portal(y)) and steps[row + y] < best:
                best = steps[row + y]
        castle[x] = best
    return steps, castle


class RuleBot:
    def __init__(self, rng):
        self.rng = rng
        self.board = None    # the board the tables were built for
        self.carrying = 0    # the carry (apples + 32 * gems) of the Move option chosen last
        self.terms = 0       # 1: the card option just stated was declined (No Thanks next)

    def build(self, board):
        # self.steps: step distances between spaces (n * n bytes); self.castle: carried
        # Moves from a space to one next to Castle Everfree or a portal (0: it delivers).
        # Built once a board: every RuleBot of a game shares them (_TABLES).
        n = board.n_spaces
        # What lures a Seeker this decision (lures()): spaces and their worth, n at most.
        self.lure_at = bytearray(n)
        self.lure_w = bytearray(n)
        if _TABLES[0] is not board:
            _TABLES[1], _TABLES[2] = _tables(board)
            _TABLES[0] = board
        self.steps = _TABLES[1]
        self.castle = _TABLES[2]
        self.board = board

    def choose(self, st):
        opts = st.legal_actions()
        if len(opts) == 1:
            return opts[0]
        board = st.board
        if self.board is not board:
            self.build(board)
        from . import view

        kind = st.decision()
        p = st.current_player()
        trophy = view.trophies(st, p)
        needs = (not trophy & (1 << _T_APPLES), not trophy & (1 << _T_GEMS))
        mine = st.holders_of(p)
        n = board.n_spaces
        a = None
        if kind == _K_TROPHY:
            a = opts[0]
            for t in (_T_PIE_FIGHT, _T_GEMS, _T_APPLES):   # only this turn: first
                if t in opts:
                    a = t
        elif kind == _K_MOVE:
            best = -10000
            lured = lures(self, st, p, trophy)   # once a decision, not once an option
            near = [None, None]   # each Seeker's carried reach, once a decision (move())
            for o in opts:
                v, c = move(self, st, p, o >> 6, o & 63, trophy, lured, near)
                if v > best:
                    best = v
                    a = o
                    self.carrying = c
        elif kind == _K_CARRY:
            a = self.carrying & 31
        elif kind == _K_CARRY_GEMS:
            a = self.carrying >> 5
        elif kind == _K_ACTION:
            # Whether paying `a` of a good keeps a needed stack of 4 under a Seeker.
            keeps = lambda good, a: (
                not a or not needs[good] or st.controlled(p, good) - a >= 4
                or max([st.gems(x) if good else st.apples(x) for x in mine] + [0]) < 4)
            best = -1
            for o in opts:
                v = 0
                if o == _A_MOVE:
                    v = 110
                    for k in range(2):
                        x = st.seekers(p)[k]
                        if x == _AT_CAMP:
                            v = max(v, 180)
                            continue
                        if needs[0] and st.apples(x) >= 4 or needs[1] and st.gems(x) >= 4:
                            v = max(v, 1000 if self.castle[x] == 0 else 400)
                        for y in st.reach(p, k, False):
                            if st.quest_token(y) and not st.occupants(y) & ~(1 << p):
                                v = max(v, 150 if trophy & (1 << _T_QUESTS) else 350)
                            if needs[0] and st.apples(y) >= 4 or needs[1] and st.gems(y) >= 4:
                                v = max(v, 300)
                elif o == _A_SEEK_1 or o == _A_SEEK_2:
                    v = 130 + self.rng.below(3)
                elif o == _A_BAKE:
                    if not trophy & (1 << _T_PIES) and keeps(0, 2):
                        v = 250 if st.pies(p) + 2 >= 8 else (200 if st.pies(p) >= 4 else 140)
                elif o == _A_CONJURE:
                    if not trophy & (1 << _T_SPELLS) and keeps(1, 2):
                        v = 260 if st.spells(p) + 1 >= 3 else 200
                elif o == _A_POWER_UP:
                    from . import quest

                    if not trophy & (1 << _T_POWER_UPS) and quest.sections(st, p) \
                            and keeps(0, 1) and keeps(1, 1):
                        v = 300
                if v > best:
                    best = v
                    a = o
        elif kind == _K_SEEK_PLACE:
            # The die being placed: one of the rolled dice of the options' region (a quest
            # token is never offered a space with a Seeker or a token).
            region = board.region[opts[0]]
            good = _G_QUEST
            taken = False
            for x in opts:
                taken = taken or st.occupants(x) or st.quest_token(x)
            for d in view.seek_dice(st):
                if d & 7 == region and (d >> 3 != _G_QUEST or not taken):
                    good = d >> 3
                    break
            fr = view.friendship(st, p)
            best = -10000
            for x in opts:
                if x >= n:
                    continue   # Automountie's quest token not placed (AM_NOT_PLACED): not a space
                near = 99
                for y in mine:
                    near = min(near, self.steps[y * n + x])
                if good == _G_QUEST:
                    v = 40 - 10 * near
                else:
                    have = st.gems(x) if good else st.apples(x)
                    if st.occupants(x) & ~(1 << p):   # friendship, but a gift too
                        v = 150 if fr < 4 else (75 if not trophy & 1 else 60)
                        if have + 1 >= 4:
                            v -= 40
                    elif x in mine:
                        v = (60 + 10 * min(have, 3) if needs[good] else 25) - 3 * self.castle[x]
                    else:
                        v = (10 * min(have, 3) if needs[good] else 0) + 20 - 6 * min(near, 5) \
                            - 3 * self.castle[x]
                if v > best:
                    best = v
                    a = x
        elif kind == _K_FIGHT_BID:
            # Ties go to the attacker: it matches the defender's pies; a defender tops them.
            act = st.active_player()
            if p == act:
                m = st.occupants(st.fight_space()) & ~(1 << p)
                q = 0
                while m and not m & (1 << q):
                    q += 1
                a = min(7, st.pies(q))
            else:
                a = min(7, st.pies(act)) + 1
            a = min(a, opts[-1])
        elif kind == _K_BID_SPELL:
            # No spell (a card of unknown value is not attached; its stated value would be
            # the table's: Ruleset.reads_card), but a card of known value (the model deck's:
            # its own hand, never another's) when the other side holds spells that could top
            # the pies, once the 3-Spells trophy is earned or out of reach this fight.
            a = opts[0]
            known = [o for o in opts if 1 < o <= 8]
            if known:
                act = st.active_player()
                q = st.s[_FIGHT_DEF] if p == act else act
                if st.spells(q) and (trophy & (1 << _T_SPELLS) or st.spells(p) < 3):
                    a = known[-1]
        elif kind == _K_REJUVENATE:
            a = 1
            if 0 in opts and not trophy & (1 << _T_SPELLS) and st.spells(p) < 3 \
                    and (trophy & (1 << _T_PIES) or st.pies(p) + 2 < 8):
                a = 0
        elif kind == _K_QUEST_OPTION or kind == _K_PU_SECTION:
            a = opts[0]
            if kind == _K_QUEST_OPTION and self.terms:
                a = opts[-1]   # No Thanks
                self.terms = 0
        elif kind == _K_STATE_TERM:
            # An unknown card: its option is stated as the random bot would (a random
            # card); read, it is declined (once: then No Thanks) when it costs more than
            # it gives or takes friendship below 3, where no trophy can be earned.
            a = nudge(st, opts, self.rng)
            if a == _TERMS_DONE:
                v = 0
                fr = view.friendship(st, p)
                for t, i in st.stated_terms():
                    if t == _E_LOSE_FRIENDSHIP:
                        fr -= i
                        v -= 2 * i
                    elif t == _E_GAIN_FRIENDSHIP:
                        v += 2 * i
                    elif t in (_E_GAIN_APPLES, _E_GAIN_GEMS, _E_GAIN_PIES, _E_GAIN_SPELLS):
                        v += i
                    else:
                        v -= i
                if v < 0 or fr < 3:
                    a = _TERMS_CANCEL
            if a == _TERMS_CANCEL:
                self.terms = 1
        elif kind == _K_PU_KEEP:
            a = opts[0]
            for t in opts:
                if st.content.tile_effect[t] == _FX_PORTAL_EXPRESS:
                    a = t
        elif kind == _K_PAY_FROM:
            best = 1000   # from the pile that matters least to a delivery
            for x in opts:
                v = st.apples(x) + st.gems(x)
                if v == 4 or v == 5:
                    v += 100
                if v < best:
                    best = v
                    a = x
        elif kind == _K_PLACE_ON:
            best = -1000   # a gain onto its own biggest pile; a gift far from the castle
            for x in opts:
                v = st.apples(x) + st.gems(x)
                if x not in mine:
                    v = self.castle[x] - v
                if v > best:
                    best = v
                    a = x
        if a is None or a not in opts:
            a = nudge(st, opts, self.rng)
        return a if a is not None else self.rng.choice(opts)


def lures(bot, st, p, trophy):
    # Fill bot.lure_at/lure_w with the spaces that lure a Seeker of p (piles of a needed good,
    # quest tokens no rival stands on) and their worth; return how many.
    board = st.board
    na = not trophy & (1 << _T_APPLES)
    ng = not trophy & (1 << _T_GEMS)
    tq = 12 if trophy & (1 << _T_QUESTS) else 30
    at = bot.lure_at
    worth = bot.lure_w
    k = 0
    for y in range(board.n_spaces):
        if y == board.castle:
            continue
        w = 0
        if na:
            w += 6 * min(st.apples(y), 4)
        if ng:
            w += 6 * min(st.gems(y), 4)
        if st.quest_token(y) and not st.occupants(y) & ~(1 << p):
            w += tq
        if w:
            at[k] = y
            worth[k] = w
            k += 1
    return k


def move(bot, st, p, k, d, trophy, lured, near=None):
    # (score, carry) of moving Seeker k of p to d (castle: a delivery); lured: lures()'s count;
    # near[k]: where Seeker k may end carrying (st.reach), filled the first time it is asked.
    board = st.board
    if d == board.castle:
        c = st.carry_options(k, d)
        return 1000, max(c) if c else 0
    needs = (not trophy & (1 << _T_APPLES), not trophy & (1 << _T_GEMS))
    # What a pile is worth under a Seeker: up to 4 of a needed good, more when it is 4
    # and nearer the castle.
    pile = lambda x, i, a: 0 if not a or not i else (10 * min(i, 4) + (
        40 + 40 * (3 - min(bot.castle[x], 3)) if i >= 4 else 0))
    loc = st.seekers(p)[k]
    carries = [0]
    if loc != _AT_CAMP and d != loc and (st.apples(loc) or st.gems(loc)):
        if near is None:
            near = [None, None]
        if near[k] is None:
            near[k] = st.reach(p, k, True)
        # Out of the carried reach nothing can be carried (carry_options gives [0]).
        c = st.carry_options(k, d) if d in near[k] else (0,)
        if len(c) > 1:
            na = st.apples(loc)
            ng = st.gems(loc)
            carries = [0, c[-1]]
            if na and na in c:
                carries.append(na)
            if ng and 32 * ng in c:
                carries.append(32 * ng)
    base = 0
    if d != _AT_CAMP:
        o = st.seekers(p)[1 - k]
        if o != _AT_CAMP and board.region[o] == board.region[d] and board.region[d] != 255:
            base = -15   # two Seekers in two regions find more under them (Seek)
        m = st.occupants(d) & ~(1 << p)
        if m:
            q = 0
            while not m & (1 << q):
                q += 1
            from . import view

            mine = min(7, st.pies(p))
            if trophy & (1 << _T_PIE_FIGHT) or view.friendship(st, p) < 5 or mine < 3 \
                    or mine < min(7, st.pies(q)) + (2 if st.spells(q) else 0):
                return -500, 0
            base = 60
        if st.quest_token(d) and d != loc:
            base += 30 if trophy & (1 << _T_QUESTS) else 70
    n = board.n_spaces
    best = -10000
    bc = 0
    for c in carries:
        v = 0
        if d != _AT_CAMP:
            here = d == loc
            v = pile(d, st.apples(d) + (0 if here else c & 31), needs[0]) \
                + pile(d, st.gems(d) + (0 if here else c >> 5), needs[1])
            if not here and loc != _AT_CAMP:   # what the Seeker leaves behind
                v -= pile(loc, st.apples(loc) - (c & 31), needs[0]) // 2
                v -= pile(loc, st.gems(loc) - (c >> 5), needs[1]) // 2
            if c == 0:   # not carrying: the best target seen from d
                lure = 0
                dn = d * n
                steps = bot.steps
                at = bot.lure_at
                worth = bot.lure_w
                for i in range(lured):
                    x = worth[i] - 8 * steps[dn + at[i]]
                    if x > lure:
                        lure = x
                v += lure
        if v > best:
            best = v
            bc = c
    return base + best, bc
