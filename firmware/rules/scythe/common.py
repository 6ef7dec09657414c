# Helpers every Scythe phase module uses: a player's numbers, where units stand, who
# controls what, resources, the seating order, stars and combat-card draws.
from . import content as C
from . import layout as L


def po(p):
    """The offset of player p's block."""
    return L.P0 + p * L.PSZ


def coins(st, p):
    o = po(p) + L.P_COINS
    return st.s[o] | (st.s[o + 1] << 8)


def add_coins(st, p, k):
    o = po(p) + L.P_COINS
    v = coins(st, p) + k
    if v < 0:
        raise ValueError("coins below 0")
    v = min(v, 0xFFFF)
    st.s[o] = v & 0xFF
    st.s[o + 1] = v >> 8


def add_power(st, p, k):
    o = po(p) + L.P_POWER
    st.s[o] = max(0, min(C.MAX_POWER, st.s[o] + k))


def add_pop(st, p, k):
    o = po(p) + L.P_POP
    st.s[o] = max(0, min(C.MAX_POPULARITY, st.s[o] + k))


def faction(st, p):
    return st.s[po(p) + L.P_FACTION]


def mat(st, p):
    return C.MATS[st.s[po(p) + L.P_MAT]]


def seats(st):
    """The players in clockwise seating order (by faction: Nordic, Rusviet, Crimea, Saxony,
    Polania)."""
    n = st.s[L.N]
    return sorted(range(n), key=lambda p: faction(st, p))


def left(st, p):
    """The player on p's left: the next in clockwise order (who plays after p)."""
    order = seats(st)
    return order[(order.index(p) + 1) % len(order)]


def right(st, p):
    order = seats(st)
    return order[(order.index(p) - 1) % len(order)]


def abilities(st, p):
    """The mech abilities p's character and mechs have: the rows under its deployed mechs."""
    s = st.s
    o = po(p) + L.P_UNITS + L.U_MECH
    row = C.FACTIONS[faction(st, p)][5]
    f = 0
    for i in range(4):
        if s[o + i] != L.NOWHERE:
            f |= row[i]
    return f


def workers_on_board(st, p):
    o = po(p) + L.P_UNITS + L.U_WORKER
    return sum(1 for i in range(8) if st.s[o + i] != L.NOWHERE)


def units_at(st, p, x):
    """The unit codes of player p on space x."""
    o = po(p) + L.P_UNITS
    s = st.s
    return [u for u in range(L.N_UNITS) if s[o + u] == x]


def control_map(st):
    """(controller, fighters): per space the player who controls it (255: nobody), and a
    bit mask of players with a character or mech there. Units control; a structure controls
    its territory while no other player's unit stands there. Where two players' units meet
    (before combat) the one who was there first, not the active player, controls it."""
    s = st.s
    n = s[L.N]
    ns = st.board.n_spaces
    ctrl = bytearray(b"\xff" * ns)
    fighters = bytearray(ns)
    for p in range(n):
        o = po(p) + L.P_STRUCT
        for i in range(4):
            x = s[o + i]
            if x != L.NOWHERE:
                ctrl[x] = p
    unit = bytearray(ns)
    act = s[L.ACTIVE]
    for k in range(n + 1):
        p = act if k == n else k
        if k < n and p == act:
            continue
        o = po(p) + L.P_UNITS
        for u in range(L.N_UNITS):
            x = s[o + u]
            if x == L.NOWHERE:
                continue
            if u < L.U_WORKER:
                fighters[x] |= 1 << p
            if not unit[x]:
                unit[x] = 1
                ctrl[x] = p
    return ctrl, fighters


def res(st, x, r):
    return st.s[L.RES0 + 4 * x + r]


def add_res(st, x, r, k):
    o = L.RES0 + 4 * x + r
    v = st.s[o] + k
    if not 0 <= v <= 255:
        raise ValueError("resources out of range")
    st.s[o] = v


def controlled_res(st, p, r, ctrl=None):
    """Resources of kind r on the territories p controls (home bases do not count)."""
    if ctrl is None:
        ctrl = control_map(st)[0]
    b = st.board
    return sum(res(st, x, r) for x in range(b.n_spaces) if ctrl[x] == p and not b.is_home(x))


def hand_size(st, p):
    o = po(p) + L.P_HAND
    s = st.s
    return s[o] + s[o + 1] + s[o + 2] + s[o + 3]


def owe_cards(st, p, k):
    """p draws k combat cards (chance decisions, before the next decision)."""
    o = po(p) + L.P_OWED
    st.s[o] = min(255, st.s[o] + k)


def stars(st, p):
    s = st.s
    o = po(p)
    m = s[o + L.P_STARS]
    k = 0
    while m:
        k += m & 1
        m >>= 1
    return k + s[o + L.P_COMBAT_STARS] + s[o + L.P_OBJ_STARS]


def _all_out(s, o, k):
    """True if none of the k bytes from s[o] is NOWHERE (all placed on the board)."""
    for i in range(o, o + k):
        if s[i] == 255:
            return False
    return True


def achievements(st, p):
    """The bit mask of the triumph-track goals p meets now (content.S_*)."""
    s = st.s
    o = L.P0 + p * L.PSZ
    m = 0
    if s[o + L.P_TOPUP] == 0x3F:
        m |= 1 << C.S_UPGRADES
    if _all_out(s, o + L.P_UNITS + L.U_MECH, C.N_MECHS):
        m |= 1 << C.S_MECHS
    if _all_out(s, o + L.P_STRUCT, C.N_STRUCTURES):
        m |= 1 << C.S_STRUCTURES
    if s[o + L.P_RECRUITS] == 0x0F:
        m |= 1 << C.S_RECRUITS
    if _all_out(s, o + L.P_UNITS + L.U_WORKER, C.N_WORKERS):
        m |= 1 << C.S_WORKERS
    if s[o + L.P_POP] >= C.MAX_POPULARITY:
        m |= 1 << C.S_POPULARITY
    if s[o + L.P_POWER] >= C.MAX_POWER:
        m |= 1 << C.S_POWER
    return m


def game_over(st):
    """The game ends at once (engine.py scores it)."""
    st.s[L.STAGE] = L.ST_OVER


def place_stars(st, p):
    """Place p's stars for the goals it meets; True if the game ended (a 6th star)."""
    s = st.s
    o = po(p) + L.P_STARS
    new = achievements(st, p) & ~s[o]
    if not new:
        return False
    while new and stars(st, p) < C.END_STARS:
        b = new & -new
        s[o] |= b
        new &= ~b
    if stars(st, p) >= C.END_STARS:
        game_over(st)
        return True
    return False


def star_for(st, p, field, limit):
    """A combat (P_COMBAT_STARS) or objective (P_OBJ_STARS) star, up to `limit`
    (Dominate: none); True if the game ended."""
    o = po(p) + field
    if faction(st, p) != 3 or field == L.P_OBJ_STARS:   # Saxony: Dominate
        if st.s[o] >= limit:
            return False
    if stars(st, p) >= C.END_STARS:
        return False
    st.s[o] += 1
    if stars(st, p) >= C.END_STARS:
        game_over(st)
        return True
    return False


def objective_limit(st, p):
    return C.DOMINATE_OBJECTIVE_STARS if faction(st, p) == 3 else C.MAX_OBJECTIVE_STARS


def objective_options(st, p):
    """O_OBJ1 / O_OBJ2 for each objective card p holds and may still score."""
    o = po(p)
    s = st.s
    if s[o + L.P_OBJ_STARS] >= objective_limit(st, p):
        return []
    return [L.O_OBJ1 + i for i in range(2) if s[o + L.P_OBJ + i] != L.NOWHERE]


def reveal_objective(st, p, i):
    """Reveal objective card i (its goal is met: the physical way, the board cannot see it):
    a star; the card goes back to the deck, and the other one too unless p is Saxony."""
    s = st.s
    o = po(p) + L.P_OBJ
    for k in range(2):
        if k == i or faction(st, p) != 3:
            c = s[o + k]
            if c != L.NOWHERE:
                s[L.OBJ_OUT + c // 8] &= ~(1 << (c % 8))
            s[o + k] = L.NOWHERE
    star_for(st, p, L.P_OBJ_STARS, objective_limit(st, p))
