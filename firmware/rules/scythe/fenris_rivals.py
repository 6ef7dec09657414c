# Rivals (The Rise of Fenris, docs/fenris.md 1.6; D3, D4): stars on other players' home bases,
# placed at setup by all players at once (a secret run, K_RIVAL), and taken back onto the
# Triumph Track only by winning combats (K_RIVAL_STAR: the source of a combat star). FenrisState
# (fenris.py) puts these functions in its tables; imported only in a module game.
#
# The rulebook's lines: "After all other setup steps are complete, you may declare 'rivals' by
# placing 1 or more of your stars on other players' home bases. You may place up to 4 of your
# stars this way, and you may place multiple stars on the same home base. All players do this
# simultaneously." "If you win a combat against a rival, remove 1 of your stars from that
# player's home base, place it on the Triumph Track, then gain $5." "Whenever you win combat, you
# may remove 1 of your stars from ANY opponent's base and place it on the Triumph Track, but you
# only gain the $5 bonus if the star comes from the base of the defeated opponent." "Stars on an
# opponent's base may only be retrieved and placed on the Triumph Track through combat." Module
# Chart: "only place up to 2 stars on opponent(s) home bases instead of 4" without War.
#
# As built: a star on a base is out of the player's supply (6 stars in all), so the other
# categories place only while stars placed + stars on bases < 6; a combat star is the one place a
# base star comes back, within the combat-star limit (D3: the star from a base is the combat
# star); a win over a rival takes from the rival's base with $5 (D4), no decision; otherwise,
# with stars on other bases, the winner chooses the source (its supply while it has one).
from ..compat import const
from .common import add_coins, has_ability, po, stars

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_AB_DOMINATE = const(4)
_ACTIVE = const(4)
_C_DEF = const(44)
_C_SIDE = const(45)
_END_STARS = const(6)
_F_RIVAL = const(36)
_F_RIVAL_IN = const(51)
_F_SIZE = const(189)
_K_RIVAL = const(37)
_K_RIVAL_STAR = const(38)
_MOD_WAR = const(4)
_N = const(0)
_O_OBJ1 = const(3)
_P_COMBAT_STARS = const(15)
_RIVAL_DONE = const(5)
_RIVAL_SUPPLY = const(5)
_SETUP_I = const(5)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_COMBATS = const(25)
_ST_OVER = const(30)
_ST_RIVALS = const(39)
_ST_RIVAL_STAR = const(40)
_ST_SECTION = const(6)
_TAIL = const(20)
# -- end of private copies --

_BONUS = const(5)   # "then gain $5"


def limit(st):
    """Stars a player may put on home bases: 4 with the War track, else 2 (Module Chart); with
    the Triumph Tiles no more than their combat tiles (docs/fenris.md S17: a star comes off a
    base only as a combat star, D3)."""
    return min(4 if st.mods() & _MOD_WAR else 2, st.COMBAT_STARS)


def _x(st, area, p, q):
    """(offset, shift) of p's stars on q's base in `area` (F_RIVAL or F_RIVAL_IN)."""
    return len(st.s) - _TAIL - _F_SIZE + area + 3 * p + q // 2, 4 * (q & 1)


def on_base(st, p, q, area=_F_RIVAL):
    """p's stars on seat q's home base."""
    s = st.s
    return (s[len(s) - _TAIL - _F_SIZE + area + 3 * p + (q >> 1)] >> 4 * (q & 1)) & 15


def _add(st, area, p, q, k):
    x, sh = _x(st, area, p, q)
    st.s[x] += k << sh


def on_bases(st, p, area=_F_RIVAL):
    """p's stars on home bases (all seats)."""
    s = st.s
    x = len(s) - _TAIL - _F_SIZE + area + 3 * p
    k = 0
    for q in range(s[_N]):
        k += (s[x + (q >> 1)] >> 4 * (q & 1)) & 15
    return k


def supply(st, p, based=-1):
    """p's stars neither on the Triumph Track nor on a home base (of its 6), nor on the map
    (Episode 8a: fenris_newera.py); based: on_bases(st, p) if known."""
    k = _END_STARS - stars(st, p) - (on_bases(st, p) if based < 0 else based)
    if st.NEWERA:
        from .fenris_newera import on_map

        k -= on_map(st, p)
    return k


# ---- setup: the secret run -------------------------------------------------------------------
def begin(st):
    """After the structure bonus tile ("After all other setup steps are complete")."""
    st.s[_STAGE] = _ST_RIVALS
    st.s[_SETUP_I] = 0


def pending_rivals(st):
    """Each player in seat order (SETUP_I), its stars one by one, then all revealed at once."""
    s = st.s
    if s[_SETUP_I] < s[_N] and limit(st):   # the Triumph Tiles with no combat tile: no rivals
        return _K_RIVAL, s[_SETUP_I]
    f = len(s) - _TAIL - _F_SIZE
    for i in range(15):
        s[f + _F_RIVAL + i] = s[f + _F_RIVAL_IN + i]
        s[f + _F_RIVAL_IN + i] = 0
    s[_SETUP_I] = 0
    s[_STAGE] = _ST_SECTION
    return None


def legal_rival(st):
    """RIVAL_DONE, or one more star on another seat's home base ("multiple stars on the same
    home base"); a player's options depend on its own entries only (the secret contract)."""
    p = st.s[_SETUP_I]
    return [_RIVAL_DONE] + [q for q in range(st.s[_N]) if q != p]


def do_rival(st, a):
    s = st.s
    p = s[_SETUP_I]
    if a == _RIVAL_DONE:
        s[_SETUP_I] += 1
        return
    _add(st, _F_RIVAL_IN, p, a, 1)
    if on_bases(st, p, _F_RIVAL_IN) >= limit(st):   # "up to 4" (2 without War): done
        s[_SETUP_I] += 1


def no_objective(legal):
    """A legal function of K_TOP, K_BOTTOM or K_END without O_OBJ1 while the active player's
    supply is empty (no star for an objective; K_END left with O_SKIP alone is taken at once)."""

    def legal_now(st):
        out = legal(st)
        if (st.RIVALS or st.NEWERA) and out[-1] == _O_OBJ1 and not supply(st, st.s[_ACTIVE]):
            out.pop()
        return out
    return legal_now


# ---- a combat star ---------------------------------------------------------------------------
def _winner(st):
    s = st.s
    return (s[_C_DEF], s[_ACTIVE]) if s[_C_SIDE] & 1 else (s[_ACTIVE], s[_C_DEF])


def _counts(st):
    s = st.s
    return s[po(s[_ACTIVE]) + _P_COMBAT_STARS] + (s[po(s[_C_DEF]) + _P_COMBAT_STARS] << 8)


def _sourced(st, before):
    """After a combat step: if it placed a combat star, the star's source (D3)."""
    if _counts(st) != before:
        _source(st)


def after_combat(do):
    """A combat's DO that may resolve it (the dial, a card, the retreat) and then, if it placed
    a combat star, the star's source (D3: the star from a base is the combat star)."""

    def done(st, a):
        if not st.RIVALS:
            return do(st, a)
        before = _counts(st)
        do(st, a)
        _sourced(st, before)
    return done


def pending_card(pending):
    """combat.pending_card, which resolves the combat when no card is left to add; then as
    after_combat."""

    def card(st):
        if not st.RIVALS:
            return pending(st)
        before = _counts(st)
        r = pending(st)
        _sourced(st, before)
        return r
    return card


def _source(st, rival=True):
    """Where the combat star just placed comes from: the loser's base if it holds one of the
    winner's stars ("If you win a combat against a rival ... gain $5"); else the winner's
    supply or another base (its choice, K_RIVAL_STAR; a base when the supply is empty).
    rival False: the loser is no player (Mad Tesla: no base, no $5)."""
    s = st.s
    w, lose = _winner(st)
    if rival and on_base(st, w, lose):
        _add(st, _F_RIVAL, w, lose, -1)
        add_coins(st, w, _BONUS)
        return
    opts = legal_rival_star(st)
    if len(opts) > 1 and s[_STAGE] != _ST_OVER:
        s[_STAGE] = _ST_RIVAL_STAR
    elif opts[0] != _RIVAL_SUPPLY:
        _add(st, _F_RIVAL, w, opts[0], -1)


def pending_rival_star(st):
    return _K_RIVAL_STAR, _winner(st)[0]


def legal_rival_star(st):
    """The seats whose bases hold a star of the winner's, and RIVAL_SUPPLY unless the supply
    is empty (the star counted already: stars + on bases > 6 means it came from a base) or the
    combat stars still allowed could no longer bring every star on bases back (docs/fenris.md
    S18; Dominate: no limit)."""
    w = _winner(st)[0]
    out = [q for q in range(st.s[_N]) if on_base(st, w, q)]
    room = st.COMBAT_STARS - st.s[po(w) + _P_COMBAT_STARS]   # combat stars still allowed
    if supply(st, w) >= 0 and (room >= on_bases(st, w) or has_ability(st, w, _AB_DOMINATE)):
        out.append(_RIVAL_SUPPLY)
    return out


def do_rival_star(st, a):
    if a != _RIVAL_SUPPLY:
        _add(st, _F_RIVAL, _winner(st)[0], a, -1)
        st.s[_STARS_DIRTY] = 1   # a star back in the supply: a goal met while it was empty takes it
    st.s[_STAGE] = _ST_COMBATS


def check(st):
    """A problem with the stars on bases, else None."""
    s = st.s
    top = limit(st)
    low = -1 if s[_STAGE] == _ST_RIVAL_STAR else 0
    for p in range(s[_N]):
        if on_base(st, p, p) or on_base(st, p, p, _F_RIVAL_IN):
            return "a star on its own base"
        k = on_bases(st, p)
        if k + on_bases(st, p, _F_RIVAL_IN) > top or supply(st, p, k) < low:
            return "stars of player %d on bases" % p
    return None


# ---- information sets (infoset.py) -----------------------------------------------------------
def hide(st, s, observer):
    """In s (st's bytes or a copy), blank what `observer` cannot see of the setup's secret run:
    the other players' stars entered so far (F_RIVAL_IN); True if there was a run to hide."""
    if s[_STAGE] != _ST_RIVALS:
        return False
    x = len(s) - _TAIL - _F_SIZE + _F_RIVAL_IN
    for p in range(s[_N]):
        if p != observer:
            for i in range(3):
                s[x + 3 * p + i] = 0
    return True


def redraw(st, observer, rng):
    """The others' entries of the secret run drawn again from what observer knows: a player
    done (before SETUP_I in seat order) put 0 to limit() stars, the one entering fewer than
    limit() so far (it is done at the limit), each on another seat's base."""
    s = st.s
    if not hide(st, s, observer):
        return
    top = limit(st)
    for p in range(min(s[_SETUP_I] + 1, s[_N])):
        if p == observer:
            continue
        k = rng.below(top + (1 if p < s[_SETUP_I] else 0))
        for _ in range(k):
            q = rng.below(s[_N] - 1)
            _add(st, _F_RIVAL_IN, p, q + (q >= p), 1)
