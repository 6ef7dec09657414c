# Alliances (The Rise of Fenris, docs/fenris.md 1.7; D11, D17, S7): tokens switched between two
# players, the ally's faction ability gained (fenris_hooks.has_ability reads the token held), the token
# flipped when its holder attacks its ally or forces its workers off, -$10 at the end for a
# flipped token. FenrisState (fenris.py) puts these functions in its tables; imported only in a
# module game.
#
# The rulebook's lines: "Each player starts with an Alliance token that has their faction and a
# coin amount on the front and -$10 on the back." "At any time during your turn, if you have your
# faction's Alliance token, you may propose an alliance with another player who has their own
# Alliance token. If they agree, switch tokens with that player and gain the coin bonus on the
# token you receive from the general supply. You now have their faction ability as noted on the
# token in addition to the ability on your faction mat." "In games with an odd number of players,
# the moment you become the 'odd man out,' gain $5." "If you ever attack a player who has your
# faction's Alliance token or force their workers off a territory, you must flip over the token
# you have. You no longer have that faction ability". "During end-game scoring, if the token you
# have is showing -$10 (i.e., you broke the alliance), lose $10."
#
# As built: one proposal a turn, at its start, before the section (K_ALLY_PROPOSE; "at any time
# during your turn" narrowed to the moment the whole turn can use the ability); the answer
# (K_ALLY_ANSWER) by the player proposed to; the coins on the tokens received are read at the
# table with the printed tokens (K_ALLY_COINS, the proposer's first), $5 each with the model
# tokens (G6); the odd man out (S7) is the one player still holding its own token while every
# other player holds another's, paid once.
from ..compat import const
from .common import add_coins, control_map, faction, model_cards, po
from .score import ranking_key

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ALLY_ASK = const(0)
_ALLY_ASKED = const(1)
_ALLY_COINS_P = const(3)
_ALLY_COINS_Q = const(4)
_ALLY_FLIPPED = const(128)
_ALLY_NONE = const(5)
_ALLY_WAIT = const(2)
_C_DEF = const(44)
_F_ALLY = const(66)
_F_ALLY_Q = const(72)
_F_ALLY_STEP = const(71)
_F_ODD = const(73)
_F_SIZE = const(189)
_K_ALLY_ANSWER = const(40)
_K_ALLY_COINS = const(41)
_K_ALLY_PROPOSE = const(39)
_K_OVER = const(32)
_N = const(0)
_P_COINS_END = const(35)
_P_UNITS = const(18)
_TAIL = const(20)
_U_WORKER = const(5)
_WINNER_MASK = const(62)
# -- end of private copies --

_MODEL_COINS = const(5)    # the model Alliance tokens' coins (G6: not printed in the sources)
_ODD_COINS = const(5)      # "the moment you become the 'odd man out,' gain $5"
_BROKEN = const(10)        # "if the token you have is showing -$10 ... lose $10"
_MAX_COINS = const(15)     # K_ALLY_COINS: the amounts the table may enter


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def held(st, p):
    """The token p holds: -1 its own, else (the owner's seat, flipped)."""
    v = st.s[_f(st) + _F_ALLY + p]
    return (-1, False) if not v else ((v & 0x7F) - 1, bool(v & _ALLY_FLIPPED))


def broken(st, p):
    """1 if p's token shows -$10 (Alliances; 0 in a game without them)."""
    return 1 if getattr(st, "ALLIANCES", 0) and st.s[_f(st) + _F_ALLY + p] & _ALLY_FLIPPED else 0


def holder(st, q):
    """The seat holding q's token (q itself until it allies)."""
    s = st.s
    x = _f(st) + _F_ALLY
    for p in range(s[_N]):
        if s[x + p] & 0x7F == q + 1:
            return p
    return q


def odd_paid(st):
    """True once the odd man out was paid its $5."""
    return bool(st.s[_f(st) + _F_ODD])


def _free(st):
    """The seats still holding their own token."""
    s = st.s
    x = _f(st) + _F_ALLY
    return [p for p in range(s[_N]) if not s[x + p]]


# ---- the proposal, at the start of the turn ----------------------------------------------------
def pending_section(pending):
    """engine's K_SECTION, after the turn's proposal (K_ALLY_PROPOSE), its answer and the coins."""

    def section(st):
        if not st.ALLIANCES:
            return pending(st)
        s = st.s
        f = _f(st)
        step = s[f + _F_ALLY_STEP]
        p = s[_ACTIVE]
        if step == _ALLY_ASK:
            free = _free(st)
            if p in free and len(free) > 1:
                return _K_ALLY_PROPOSE, p
            s[f + _F_ALLY_STEP] = _ALLY_ASKED
        elif step == _ALLY_WAIT:
            return _K_ALLY_ANSWER, s[f + _F_ALLY_Q]
        elif step == _ALLY_COINS_P:
            return _K_ALLY_COINS, p
        elif step == _ALLY_COINS_Q:
            return _K_ALLY_COINS, s[f + _F_ALLY_Q]
        return pending(st)
    return section


def do_section(do):
    """engine's K_SECTION: the next turn asks again."""

    def section(st, a):
        do(st, a)
        if st.ALLIANCES:
            st.s[_f(st) + _F_ALLY_STEP] = _ALLY_ASK
    return section


def legal_propose(st):
    """The other seats still holding their own token, and ALLY_NONE."""
    p = st.s[_ACTIVE]
    return [q for q in _free(st) if q != p] + [_ALLY_NONE]


def do_propose(st, a):
    s = st.s
    f = _f(st)
    if a == _ALLY_NONE:
        s[f + _F_ALLY_STEP] = _ALLY_ASKED
        return
    s[f + _F_ALLY_Q] = a
    s[f + _F_ALLY_STEP] = _ALLY_WAIT


def legal_answer(st):
    return [0, 1]


def do_answer(st, a):
    """Yes: "switch tokens with that player and gain the coin bonus on the token you receive"
    (the model tokens: $5 each; the printed ones: read next, K_ALLY_COINS)."""
    s = st.s
    f = _f(st)
    if not a:
        s[f + _F_ALLY_STEP] = _ALLY_ASKED
        return
    p = s[_ACTIVE]
    q = s[f + _F_ALLY_Q]
    s[f + _F_ALLY + p] = q + 1
    s[f + _F_ALLY + q] = p + 1
    if model_cards(st):
        add_coins(st, p, _MODEL_COINS)
        add_coins(st, q, _MODEL_COINS)
        s[f + _F_ALLY_STEP] = _ALLY_ASKED
    else:
        s[f + _F_ALLY_STEP] = _ALLY_COINS_P
    _odd_man_out(st)


def legal_coins(st):
    return list(range(_MAX_COINS + 1))


def do_coins(st, a):
    s = st.s
    f = _f(st)
    step = s[f + _F_ALLY_STEP]
    add_coins(st, s[_ACTIVE] if step == _ALLY_COINS_P else s[f + _F_ALLY_Q], a)
    s[f + _F_ALLY_STEP] = _ALLY_COINS_Q if step == _ALLY_COINS_P else _ALLY_ASKED


def _odd_man_out(st):
    """With an odd number of players, the one player left holding its own token gains $5, once
    (docs/fenris.md S7)."""
    s = st.s
    f = _f(st)
    free = _free(st)
    if s[_N] % 2 and len(free) == 1 and not s[f + _F_ODD]:
        s[f + _F_ODD] = 1
        add_coins(st, free[0], _ODD_COINS)


# ---- the flip ----------------------------------------------------------------------------------
def _flip(st, p, q):
    """p attacked q or forced q's workers off: if q holds p's token, p flips the token it has."""
    s = st.s
    x = _f(st) + _F_ALLY
    if s[x + q] & 0x7F == p + 1 and s[x + p]:
        s[x + p] |= _ALLY_FLIPPED


def on_attack(do):
    """combat.do_combat_at: the active player attacks the defender ("If you ever attack ...")."""

    def attack(st, a):
        do(st, a)
        if st.ALLIANCES:
            _flip(st, st.s[_ACTIVE], st.s[_C_DEF])
    return attack


def _home_workers(st, q):
    s = st.s
    home = st.board.home[faction(st, q)]
    o = po(q) + _P_UNITS
    return sum(1 for u in range(_U_WORKER, _U_WORKER + 8) if s[o + u] == home)


def on_arrive(pending):
    """move.pending_carry, where a unit's move ends: a character or mech that finds only the
    ally's workers sends them home ("or force their workers off a territory")."""

    def carry(st):
        if not st.ALLIANCES:
            return pending(st)
        p = st.s[_ACTIVE]
        q = holder(st, p)
        if q == p:
            return pending(st)
        before = _home_workers(st, q)
        r = pending(st)
        if _home_workers(st, q) > before:
            _flip(st, p, q)
        return r
    return carry


# ---- the end -----------------------------------------------------------------------------------
def penalty(st, p):
    """"lose $10" for a flipped token held."""
    return _BROKEN if st.ALLIANCES and held(st, p)[1] else 0


def over(pending, penalty):
    """engine's scoring, then the coins a module takes at the end, penalty(st, p, ctrl) (Alliances:
    "lose $10" for a flipped token; Fenris, Episode 5: $1 an Influence token; Episode 7's encounter
    territories: a negative penalty, fenris_search.bonus); the score never below $0
    (D11; Fenris: "The fewest coins you can end the game with ... is $0"), the winners ranked
    again."""

    def scored(st):
        if not (st.ALLIANCES or st.INFLUENCE or st.SEARCH) or st.s[_WINNER_MASK]:
            return pending(st)
        pending(st)
        s = st.s
        ctrl = control_map(st)[0]
        keys = []
        for p in range(s[_N]):
            k = ranking_key(st, p, ctrl)
            lose = penalty(st, p, ctrl)
            if lose:
                k = (max(0, k[0] - lose),) + k[1:]
                f = min(k[0], 0xFFFF)
                s[po(p) + _P_COINS_END] = f & 0xFF
                s[po(p) + _P_COINS_END + 1] = f >> 8
            keys.append(k)
        best = max(keys)
        s[_WINNER_MASK] = sum(1 << p for p in range(s[_N]) if keys[p] == best)
        return _K_OVER, 255
    return scored


def check(st):
    """A problem with the Alliance tokens, else None."""
    s = st.s
    f = _f(st)
    n = s[_N]
    for p in range(n):
        v = s[f + _F_ALLY + p]
        q = (v & 0x7F) - 1
        if v and (q < 0 or q >= n or q == p or s[f + _F_ALLY + q] & 0x7F != p + 1):
            return "alliance token of player %d" % p
    odd = n % 2 == 1 and len(_free(st)) == 1
    if s[f + _F_ALLY_STEP] > _ALLY_COINS_Q or s[f + _F_ALLY_Q] >= n or s[f + _F_ODD] != odd:
        return "alliance step"
    return None
