# The Rise of Fenris campaign between its games (docs/campaign.md): every player's Campaign Log,
# each episode's rewards, the branches (2a/2b by the vote, 8a/8b by Tesla), the Perks bought at an
# episode's setup and the campaign winner. A game of decisions like the rulesets' (core.GameState):
# options, chance decisions supplied from outside (the Mods drawn), undo, replay from history and
# one framed bytearray, so the board keeps it on flash as it keeps a game (campaign_file.py).
#
# The flow: an episode's setup asks each player for a Perk (K_PERK), then the campaign waits
# (K_PLAY: no decision here) while the episode's game is played; end_episode() records that game
# (results(): victories, coins, stars) and the rewards run as decisions: stars "used for any
# category" (K_FREE), the vote (K_VOTE, K_TIE), Setup Bonuses (K_BONUS), factions (K_SWITCH,
# K_FACTION, K_BASE), Mods drawn (K_DRAW, chance), kept free (K_KEEP) and bought (K_BUY), the
# winner's extra Mod (K_EXTRA); then the next episode's setup. After 8a or 8b: the campaign winner.
from ..core import GameState
from . import campaign_data as D
from . import campaign_episode as episode   # noqa: F401 (the board's keeper: Ruleset.campaign().episode)
from .campaign_log import (first_winner, SLOT, L_KEPT, L_TAKE, TESLA_BY, CAMPAIGN_ID, CNT, CUR, EP, EV_TESLA,
                           FBASE, FLAGS, F_PEACE, F_WAR, IN_GAME, K_BONUS, K_FREE, K_MAT, K_PERK, K_PLAY,
                           K_TIE, K_VOTE, LOG, L_BASE, L_BONUS, L_CHECKED, L_FACTION, L_PERKS, L_PERK_NOW,
                           L_SCORE8, L_TRIUMPH, L_VICTORIES, L_VOTE, L_WEALTH, MAX_PLAYERS, NEXT, N_KINDS,
                           R_COINS, R_EVENTS, R_FIXED, R_FREE, R_TOKENS, R_UNITS, SIZE, STEP, ST_FREE,
                           ST_PLAY, ST_RECORD, ST_REWARD, ST_SETUP, SUB, VBASE, WIN, AWAY, away, bits,
                           bonuses, check, lo, mat_order, pay, ro, seats_in, set16, u16, wealth)


# ---- setup: the Perks ----------------------------------------------------------------------
def _pending_setup(c):
    s = c.s
    if s[EP] in (D.E8A, D.E8B) and s[CNT] < len(seats_in(c)):
        # "For this episode, players choose their player mats. Begin with the player with the
        # highest total wealth at the start of this episode" (before the Perks: mat_order)
        return K_MAT, mat_order(c)[s[CNT]]
    if s[CUR] < s[0]:
        return K_PERK, s[CUR]
    if s[EP] in (D.E8A, D.E8B):
        for p in range(s[0]):   # "Then, cross off any remaining Wealth on your Campaign Log."
            set16(s, lo(p) + L_WEALTH, 0)
    s[1] = ST_PLAY
    return None


def _legal_mat(c):
    """The player mats not chosen yet; "Rusviet may not choose the Industrial player mat and Crimea
    may not choose the Patriotic mat" (gap C7: when only such a mat is left for the last seat to
    choose, it takes it)."""
    s = c.s
    p = s[3]
    taken = [s[ro(q) + R_UNITS] - 1 for q in range(s[0]) if s[ro(q) + R_UNITS]]
    left = [m for m in D.MATS if m not in taken]
    f = s[lo(p) + L_FACTION]
    allowed = [m for m in left if (f, m) not in D.MAT_BANNED]
    return allowed or left


def _do_mat(c, a):
    s = c.s
    s[ro(s[3]) + R_UNITS] = a + 1
    s[CNT] += 1


def _legal_perk(c):
    p = c.s[CUR]
    used = c.s[lo(p) + L_PERKS]
    free = c.s[EP] == D.E1   # "For this game only, all players may use 1 Perk for free."
    if away(c, p) or not free and wealth(c, p) < D.PERK_COST:
        return [0]
    return [0] + [i + 1 for i in range(D.N_PERKS) if not (used >> i) & 1]


def _do_perk(c, a):
    s = c.s
    p = s[CUR]
    if a:
        s[lo(p) + L_PERKS] |= 1 << (a - 1)   # "You may use each of your Perks exactly once"
        s[lo(p) + L_PERK_NOW] = a
        if s[EP] != D.E1:
            pay(c, p, D.PERK_COST)
    s[CUR] += 1


def _pending_play(c):
    return K_PLAY, 255


# ---- recording an episode ------------------------------------------------------------------
def _check(c, p, col):
    """Check column col of p's Triumph Log for this episode's star: "with a limit of one per
    category. Check the box in Row 1 after the first time ..., Row 2 the second time"."""
    s = c.s
    o = lo(p)
    if (u16(s, o + L_CHECKED) >> col) & 1 or s[o + L_TRIUMPH + col] >= D.LOG_ROWS:
        return
    s[o + L_TRIUMPH + col] += 1
    set16(s, o + L_CHECKED, u16(s, o + L_CHECKED) | (1 << col))


def _pending_record(c):
    s = c.s
    game = D.GAME[s[EP]]
    for p in range(s[0]):
        o = lo(p)
        if (s[WIN] >> p) & 1:
            s[o + L_VICTORIES] |= 1 << game   # "Record the victory (if you won)"
        coins = u16(s, ro(p) + R_COINS)
        set16(s, o + L_WEALTH, min(0xFFFF, wealth(c, p) + coins))   # "add your coins ... to the Wealth"
        if s[EP] >= D.E8A:
            set16(s, o + L_SCORE8, coins)
        m = u16(s, ro(p) + R_FIXED)
        for col in range(D.N_CATEGORIES):
            if (m >> col) & 1:
                _check(c, p, col)
    s[CUR] = 0
    s[1] = ST_FREE
    return None


def _room(c, p):
    o = lo(p)
    done = u16(c.s, o + L_CHECKED)
    return [col for col in range(D.N_CATEGORIES)
            if not (done >> col) & 1 and c.s[o + L_TRIUMPH + col] < D.LOG_ROWS]


def _pending_free(c):
    s = c.s
    while s[CUR] < s[0]:
        p = s[CUR]
        if s[ro(p) + R_FREE] and _room(c, p):
            return K_FREE, p
        s[CUR] += 1
    _next_step(c, 0)
    s[1] = ST_REWARD
    return None


def _do_free(c, a):
    p = c.s[CUR]
    _check(c, p, a)
    c.s[ro(p) + R_FREE] -= 1


def _next_step(c, step):
    s = c.s
    s[STEP] = step
    s[SUB] = s[CUR] = s[CNT] = 0


# ---- the rewards -----------------------------------------------------------------------------
def _pending_reward(c):
    s = c.s
    steps = D.REWARDS[s[EP]]
    if s[SUB] == 255:   # the step is done
        _next_step(c, s[STEP] + 1)
    if s[STEP] >= len(steps):
        _next_episode(c)
        return None
    return _REWARD[steps[s[STEP]]](c)


def _done(c):
    c.s[SUB] = 255
    return None


def _reward_vote(c):
    s = c.s
    n = s[0]
    if s[SUB] == 0:
        for p in seats_in(c):   # "Give each player 1 Influence token" (a seat away: none)
            s[ro(p) + R_TOKENS] += 1
        s[SUB] = 1
    if s[SUB] == 1:
        if s[CUR] < n:
            return K_VOTE, s[CUR]
        war = sum(s[lo(p) + L_VOTE] for p in range(n))
        peace = sum(s[ro(p) + R_TOKENS] for p in range(n)) - war
        # "If the majority of tokens indicate a preference for War, proceed to Episode 2a ...
        # Peace ... 2b. If there is a tie, the player who won Episode 1 decides"
        if war != peace:
            s[NEXT] = D.E2A if war > peace else D.E2B
            return _done(c)
        s[SUB] = 2
    return K_TIE, first_winner(c)


def _do_vote(c, a):
    c.s[lo(c.s[CUR]) + L_VOTE] = a
    c.s[CUR] += 1


def _legal_vote(c):
    return list(range(c.s[ro(c.s[CUR]) + R_TOKENS] + 1))


def _do_tie(c, a):
    c.s[NEXT] = D.E2B if a else D.E2A
    c.s[SUB] = 255


def _reward_bonus(c, each):
    s = c.s
    while s[CUR] < s[0]:
        p = s[CUR]
        if s[SUB] == 0:
            k = s[ro(p) + R_TOKENS]
            s[CNT] = k if each else (k + 1) // 2
            s[SUB] = 1
        if s[CNT] and _legal_bonus(c):
            return K_BONUS, p
        s[CUR] += 1
        s[SUB] = 0
    return _done(c)


def _legal_bonus(c):
    b = bonuses(c, c.s[CUR])
    return [i for i in range(D.N_BONUSES) if b[i] < D.BONUS_LIMIT[i]]


def _do_bonus(c, a):
    c.s[lo(c.s[CUR]) + L_BONUS + a] += 1
    c.s[CNT] -= 1


def _reward_tesla(c):
    # "If a player found Tesla during Episode 7, proceed to Episode 8a ... If no player found
    # Tesla ... proceed to Episode 8b."
    s = c.s
    for p in range(s[0]):
        if s[ro(p) + R_EVENTS] & EV_TESLA:
            s[TESLA_BY] = p + 1
            break
    s[NEXT] = D.E8A if s[TESLA_BY] else D.E8B
    return _done(c)


def _reward_final(c):
    c.s[NEXT] = D.OVER
    return _done(c)


def _next_episode(c):
    s = c.s
    e = s[EP]
    nxt = D.NEXT[e] if D.NEXT[e] != 255 else s[NEXT]
    if e == D.E2A:
        s[FLAGS] |= F_WAR
    elif e == D.E2B:
        s[FLAGS] |= F_PEACE
    for p in range(s[0]):
        o = lo(p)
        s[o + L_PERK_NOW] = 0
        s[o + L_CHECKED] = s[o + L_CHECKED + 1] = 0
        s[o + L_VOTE] = 0
        for i in range(8):
            s[ro(p) + i] = 0
    if nxt in (D.E8A, D.E8B):   # "the highest total wealth at the start of this episode" (mat_order)
        for p in range(s[0]):
            set16(s, ro(p) + R_COINS, wealth(c, p))
    s[EP] = nxt
    s[NEXT] = 255
    s[WIN] = 0
    _next_step(c, 0)
    s[1] = ST_PLAY if nxt == D.OVER else ST_SETUP


_REWARD = {}   # filled below: step code -> pending function


class Campaign(GameState):
    RULESET = CAMPAIGN_ID
    TERMINAL_KIND = K_PLAY
    # The votes and the Mods chosen ("Players all draw, then make their purchasing choices
    # simultaneously"), until every seat has chosen.
    SECRET = tuple(LOG + SLOT * p + k for p in range(MAX_PLAYERS) for k in (L_VOTE, L_KEPT, L_TAKE))

    @staticmethod
    def size(board):
        return SIZE

    def _with_bytes(self, data):
        return Campaign(self.board, data)

    def over(self):
        return self.s[EP] == D.OVER

    def in_game(self):
        """The episode's game is being played on the board (campaign_episode.start)."""
        return self.s[IN_GAME] == 1

    def check(self):
        return check(self)

    def set_away(self, p, on):
        """Seat p sits the campaign out (on) or comes back: "To temporarily drop a player
        mid-campaign, simply set aside their accumulated tokens and campaign log until they
        rejoin". Only while the campaign waits for an episode's game; at least 2 seats play.
        IllegalDecisionError (nothing changed) otherwise."""
        s = self.s
        m = (s[AWAY] | (1 << p)) if on else (s[AWAY] & ~(1 << p))
        if not self._between() or not 0 <= p < s[0] or s[0] - bits(m) < 2:
            _refuse("away", p)
        s[AWAY] = m
        self.begin()   # (as after an episode: no undo across it)

    def join(self, faction):
        """A player joins as a new seat: "let them select an unused faction mat and give them an
        equitable status on their campaign log (compared to other players at the time)" (gap C6,
        Guess: the Wealth the other seats' average, rounded down; each Setup Bonus and each
        Triumph Log column the least any other seat has; no victories, Mods or Perks). A faction a
        seat holds, or whose home base a seat uses (Vesna's or Fenris's: "That player's previous
        home base will be Fenris' home base"), is not unused: refused, as a switch does not offer
        it; a seat away's count. Only while the campaign waits for an episode's game; at most 5
        seats. Returns the new seat (its base its faction's printed one)."""
        s = self.s
        n = s[0]
        held = [s[lo(p) + L_FACTION] for p in range(n)] + [s[lo(p) + L_BASE] for p in range(n)]
        if not self._between() or n >= MAX_PLAYERS or faction not in D.PLAYABLE or faction in held:
            _refuse("join", faction)
        o = lo(n)
        for i in range(SLOT):
            s[o + i] = 0
        for i in range(8):
            s[ro(n) + i] = 0
        s[o + L_FACTION] = faction
        s[o + L_BASE] = faction
        set16(s, o + L_WEALTH, sum(wealth(self, p) for p in range(n)) // n)
        for i in range(D.N_BONUSES):
            s[o + L_BONUS + i] = min(s[lo(p) + L_BONUS + i] for p in range(n))
        for i in range(D.N_CATEGORIES):
            s[o + L_TRIUMPH + i] = min(s[lo(p) + L_TRIUMPH + i] for p in range(n))
        s[0] = n + 1
        self.begin()
        return n

    def seats_in(self):
        return seats_in(self)

    def _between(self):
        """Waiting for the episode's game, not playing it, not over."""
        return self.is_terminal() and not self.over() and not self.in_game()

    def end_episode(self, winners, results):
        """Record the episode's game: `winners` (seats), `results` one tuple a seat: (coins,
        Triumph Log columns of its stars as a bit mask, stars for any category, tokens, units,
        events; a seat away's are not recorded) (campaign_results.of_game reads them from a
        finished game). Raises if the campaign is not waiting for this episode's game; then the
        rewards are decided."""
        s = self.s
        m = 0
        for p in winners:
            m |= 1 << p
        # a campaign episode has a winner (a tie: several): a game of seats this campaign has
        if s[1] != ST_PLAY or s[EP] == D.OVER or len(results) != s[0] or not m or m >> s[0] or m & s[AWAY]:
            from ..errors import IllegalDecisionError

            raise IllegalDecisionError("illegal", "end_episode", s[EP])
        for p in range(s[0]):
            coins, fixed, free, tokens, units, events = results[p] if not away(self, p) else (0,) * 6
            o = ro(p)
            set16(s, o + R_COINS, min(0xFFFF, max(0, coins)))
            set16(s, o + R_FIXED, fixed & 0x1FF)
            s[o + R_FREE] = min(free, 8)
            s[o + R_TOKENS] = min(tokens, 32)
            s[o + R_UNITS] = min(units, 8)
            s[o + R_EVENTS] = events & 7
        s[WIN] = m
        s[IN_GAME] = 0
        s[1] = ST_RECORD
        self.begin()


def _refuse(what, value):
    from ..errors import IllegalDecisionError

    raise IllegalDecisionError("illegal", what, value)


def new_campaign(board, factions):
    """A campaign of len(factions) players (2-5; the Automa is out of scope), each seat with its
    faction ("Each player will use the same faction until the rulebook indicates otherwise"):
    Episode 1's setup, each player's free Perk to choose."""
    n = len(factions)
    if not 2 <= n <= MAX_PLAYERS or len(set(factions)) != n or any(f not in D.PLAYABLE for f in factions):
        from ..errors import SetupError

        raise SetupError("bad_setup", "campaign factions %s" % (list(factions),))
    c = Campaign(board)
    s = c.s
    s[0] = n
    s[1] = ST_SETUP
    s[EP] = D.E1
    s[NEXT] = s[VBASE] = s[FBASE] = 255
    for p in range(n):
        s[lo(p) + L_FACTION] = factions[p]
        s[lo(p) + L_BASE] = factions[p]   # a base faction's home base (board.py: spaces 0-6)
    c.begin()
    return c


def deal_factions(rng, n):
    """n of the playable factions, dealt by the dice ("selecting/randomizing faction mats"): a
    campaign made on the board's power-up menu, the simulator's."""
    f = list(D.PLAYABLE)
    while len(f) > n:
        f.remove(rng.choice(f))
    return f


def bot_choice(c, rng):
    """The bot's option in the campaign's pending decision (campaign_bot.py, loaded here)."""
    from .campaign_bot import choose

    return choose(c, rng)


def _install():
    from . import campaign_rewards as R

    _REWARD.update({D.R_VOTE: _reward_vote, D.R_BONUS_HALF: lambda c: _reward_bonus(c, False),
                    D.R_BONUS_EACH: lambda c: _reward_bonus(c, True), D.R_TESLA: _reward_tesla,
                    D.R_FINAL: _reward_final})
    R.install(_REWARD)
    legal = [None] * N_KINDS
    do = [None] * N_KINDS
    legal[K_MAT], do[K_MAT] = _legal_mat, _do_mat
    legal[K_PERK], do[K_PERK] = _legal_perk, _do_perk
    legal[K_FREE], do[K_FREE] = (lambda c: _room(c, c.s[CUR])), _do_free
    legal[K_VOTE], do[K_VOTE] = _legal_vote, _do_vote
    legal[K_TIE], do[K_TIE] = (lambda c: [0, 1]), _do_tie
    legal[K_BONUS], do[K_BONUS] = _legal_bonus, _do_bonus
    R.decisions(legal, do)
    Campaign.LEGAL = tuple(legal)
    Campaign.DO = tuple(do)
    Campaign.PENDING = (_pending_setup, _pending_play, _pending_record, _pending_free, _pending_reward)


_install()
