# The Vesna faction (The Rise of Fenris, docs/fenris.md 1.8; D12): dealt among the factions, her
# home base one no other player uses (fenris_faction.py's K_DEAL_BASE, ModuleBoard, seats), her 3
# starting Factory cards (Technophile), her mech ability tokens, her Riverwalk. FenrisState
# (fenris.py) puts these functions in its tables; imported only in a module game.
#
# The rulebook's lines: Vesna Faction, Setup: "randomly draw 3 Factory cards from those not in
# use. Place them face up next to your player mat"; "Vesna has only 2 latent mech abilities
# (Riverwalk and Speed). The other spots are blank. However, her faction also comes with 18 mech
# ability tokens"; "this selection happens after Mech Mods are selected"; "a. Randomly select 6
# mech ability tokens ... b. From your mech ability tokens and Mech Mods, you may choose 2-4
# tokens. Place 2 of those tokens on the blank spaces on your faction mat; if you choose a 3rd or
# 4th token, place them over your printed mech abilities (Riverwalk and Speed)." Technophile:
# "The 3 selected Factory cards are available to you from the start of the game. They are used
# like normal Factory cards ... Every time you use a Factory card (including one acquired from
# the Factory), return it to the box. You may still only acquire 1 card from the Factory over the
# course of each game." Riverwalk: "You may move your character and mechs across rivers to/from
# an adjacent territory containing any player's structure."
#
# As built:
# - Her mat (tables.FACTIONS row 7, appended by fenris_faction.extend_tables): the model Vesna mat
#   (G7: 3 power, 2 combat cards; the printed numbers are not in the sources), no faction ability
#   byte (Technophile is hers alone: an Alliance token of Vesna gives no ability), mech slots
#   Riverwalk, blank, Speed, blank (Guess: the base mats' order, Riverwalk first and Speed third).
# - Her 3 cards (K_VESNA_CARD, chance: the board draws their numbers; no other player can take
#   them at the Factory) are sections 5, 6 and 7 of K_SECTION, each once; her acquired card is
#   section 4 as for everyone, once. Played as section 4 (the Factory card's rows), with P_LAST
#   the card's own section: each card is a section of its own (a Guess: "used like normal Factory
#   cards", each "the equivalent of a fifth section"), so she may use two different cards on
#   consecutive turns. The model deck reads the card in use (with_card).
# - Her Mech Mods (mechmods, not `owned`): drawn and kept (up to 2, K_VESNA_MOD) in her own step,
#   before her tokens (K_VESNA_TOKEN, chance: the board draws 6 of the model Vesna tokens, TOKENS,
#   as it draws the Mech Mods; the table takes the tokens it names). Then each item of her pool,
#   the kept mods and then the tokens, is placed (K_VESNA_SLOT): the blank slots first, then over
#   Riverwalk and Speed; an item whose ability is already on her mat is not placed; MOD_SKIP only
#   while 2 can still be reached with the later items ("choose 2-4").
from ..compat import const
from . import common
from . import encounter as EN
from . import fenris_faction as F
from . import fenris_mods as MM

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_FACTION_VESNA = const(7)
_FACTORY_OUT = const(20)
_FACTORY_SECTION = const(4)
_FA_CARDS = const(1)
_F_DRAW = const(94)
_F_DRAW_I = const(98)
_F_MECH = const(74)
_F_SIZE = const(189)
_F_VDRAW = const(133)
_F_VESNA = const(129)
_F_VMAT = const(139)
_F_VUSED = const(132)
_K_MOD_DRAWN = const(42)
_K_VESNA_CARD = const(50)
_K_VESNA_CARDS = const(54)
_K_VESNA_MOD = const(77)
_K_VESNA_POWER = const(53)
_K_VESNA_SLOT = const(52)
_K_VESNA_TOKEN = const(51)
_MOD_SKIP = const(4)
_M_RIVERWALK = const(1)
_N = const(0)
_NOWHERE = const(255)
_N_FACTORY_CARDS = const(12)
_P_FACTORY = const(17)
_P_LAST = const(6)
_P_STRUCT = const(31)
_SETUP_I = const(5)
_STAGE = const(1)
_ST_DES_SETUP = const(55)
_ST_INFRA = const(42)
_ST_MODS = const(41)
_ST_MT_SETUP = const(44)
_ST_RIVALS = const(39)
_ST_SECTION = const(6)
_ST_VESNA = const(43)
_TAIL = const(20)
_U_WORKER = const(5)
_VESNA_ACQUIRED = const(8)
_VESNA_IN_USE = const(4)
# -- end of private copies --

_CARDS = const(3)        # "randomly draw 3 Factory cards"
_TOKENS = const(6)       # "Randomly select 6 mech ability tokens"
_AT_LEAST = const(2)     # "you may choose 2-4 tokens"
_STRUCTS = const(4)
_EDGE_RIVER = const(1)
# The model Vesna tokens (G8; their 18 names are not in the sources): the abilities the board
# plays for any faction: Seaworthy, Submerge, Township, Underpass, Artillery, Disarm, Scout,
# People's Army, Camaraderie, Sword, Leap, Death Ray (content.M_* bits). Not Wayfare (its own base
# is Vesna's), Horrify and Fanatical (Fenris's Influence tokens), Riverwalk and Speed (printed).
TOKENS = (2, 3, 4, 5, 7, 8, 9, 10, 11, 14, 20, 22)


def _f(st):
    return len(st.s) - _TAIL - _F_SIZE


def vesna_seat(st):
    """The seat playing Vesna, or -1."""
    for p in range(st.s[_N]):
        if common.faction(st, p) == _FACTION_VESNA:
            return p
    return -1


def cards(st):
    """Vesna's starting Factory cards drawn so far (their numbers, 0-11)."""
    x = _f(st) + _F_VESNA
    return [v - 1 for v in st.s[x:x + _CARDS] if v]


def drawn(st):
    """The mech ability tokens drawn so far (their bits)."""
    x = _f(st) + _F_VDRAW
    return [v - 1 for v in st.s[x:x + _TOKENS] if v]


# ---- her faction mat (G7) --------------------------------------------------------------------
_POWER_MAX = const(7)
_CARDS_MAX = const(4)


def pending_mat(pending):
    """engine's start (power, cards, units): with the printed parts, Vesna's mat numbers are
    entered first (the sources do not print them); the model Vesna mat's otherwise."""

    def start(st):
        p = vesna_seat(st) if st.VESNA else -1
        if p >= 0 and not common.model_cards(st):
            x = _f(st) + _F_VMAT
            if not st.s[x]:
                return _K_VESNA_POWER, p
            if not st.s[x + 1]:
                return _K_VESNA_CARDS, p
        return pending(st)
    return start


def legal_power(st):
    return list(range(_POWER_MAX + 1))


def legal_mat_cards(st):
    return list(range(_CARDS_MAX + 1))


def do_mat(st, a):
    x = _f(st) + _F_VMAT
    st.s[x + (1 if st.s[x] else 0)] = a + 1


def faction_byte(st, p, k):
    """common.faction_byte; Vesna's start power and combat cards as entered (printed parts)."""
    if k <= _FA_CARDS and getattr(st, "VESNA", 0) and common.faction(st, p) == _FACTION_VESNA:
        v = st.s[_f(st) + _F_VMAT + k]
        if v:
            return v - 1
    return _PLAIN_FB(st, p, k)


_PLAIN_FB = common.faction_byte


# ---- setup (after the Mech Mods) -------------------------------------------------------------
# "this selection happens after Mech Mods are selected (in a non-campaign game) but before any
# Mods/abilities are placed on Vesna's faction mat": with `mechmods` (not `owned`), her seat draws
# no mods in the Mech Mods step (fenris_mods.pending_mods); here she draws her 4 (K_MOD_DRAWN, as
# everyone's) and keeps up to 2 (K_VESNA_MOD) before her tokens are drawn; then each item of her
# pool, the kept mods and then the 6 tokens, is placed or set aside (K_VESNA_SLOT). Her draw comes
# after the other players' (they are independent draws). `owned` (a campaign episode): her Mods
# are placed in the Mech Mods step as everyone's.
_DRAWN = const(4)        # "draw 4 Mech Mods"
_KEPT = const(2)         # "place up to 2 of them" (D12: the chart's limit first)
_POOL = const(8)         # F_DRAW_I: 0-3 her mods drawn, 4-7 kept or not, from 8 her pool asked where
_POOL_END = const(18)    # (4 mod bytes, then 6 tokens)


def begin(st):
    s = st.s
    s[_STAGE] = _ST_VESNA
    s[_SETUP_I] = vesna_seat(st)   # (fenris_mods.legal_drawn draws for SETUP_I)
    s[_f(st) + _F_DRAW_I] = 0 if st.MECHMODS and not MM.owned(st) else _POOL


def _item(st, i):
    """The byte of her pool's item i (_POOL.._POOL_END - 1): a kept mod's (0 none), then a token's."""
    q = i - _POOL
    return st.s[_f(st) + (_F_DRAW + q if q < _DRAWN else _F_VDRAW + q - _DRAWN)]


def _kept(st, n):
    """How many of her first n mods drawn are kept (a set aside one is 0)."""
    x = _f(st) + _F_DRAW
    return sum(1 for v in st.s[x:x + n] if v)


def pending_vesna(st, then):
    """Her 4 Mech Mods and each kept or not (mechmods), her 3 cards, her 6 tokens, then each item
    of her pool placed or not; then `then(st)`."""
    s = st.s
    f = _f(st)
    p = vesna_seat(st)
    if p >= 0:
        i = s[f + _F_DRAW_I]
        if i < _DRAWN:
            if MM.legal_drawn(st):
                return _K_MOD_DRAWN, 255
            i = _DRAWN   # (fewer mods left than 4: none yet)
        while i < _POOL:
            x = f + _F_DRAW + i - _DRAWN
            if s[x]:
                if _kept(st, i - _DRAWN) < _KEPT:
                    s[f + _F_DRAW_I] = i
                    return _K_VESNA_MOD, p
                s[x] = 0   # "Discard all Mech Mods you neither choose nor place."
            i += 1
        s[f + _F_DRAW_I] = i
        if len(cards(st)) < _CARDS:
            return _K_VESNA_CARD, 255
        if len(drawn(st)) < _TOKENS:
            return _K_VESNA_TOKEN, 255
        while i < _POOL_END and MM.placed(st, p) < 4:
            if _item(st, i):
                s[f + _F_DRAW_I] = i
                return _K_VESNA_SLOT, p
            i += 1
    for k in range(_DRAWN):
        s[f + _F_DRAW + k] = 0
    s[f + _F_DRAW_I] = 0
    s[_SETUP_I] = 0
    then(st)
    return None


def asked_mod(st):
    """The bit of her Mech Mod asked kept or not (K_VESNA_MOD)."""
    return st.s[MM.placing(st)] - 1


def do_keep(st, a):
    """Her mod asked kept (1) or set aside (0) (its options: fenris_infra.legal_keep's)."""
    if not a:
        st.s[MM.placing(st)] = 0
    st.s[_f(st) + _F_DRAW_I] += 1


def legal_card(st):
    """"from those not in use": no card a player took, none of hers."""
    s = st.s
    mine = cards(st)
    return [c for c in range(_N_FACTORY_CARDS)
            if c not in mine and not (s[_FACTORY_OUT + c // 8] >> (c % 8)) & 1]


def do_card(st, a):
    x = _f(st) + _F_VESNA
    st.s[x + len(cards(st))] = a + 1


def legal_token(st):
    got = drawn(st)
    return [b for b in TOKENS if b not in got]


def do_token(st, a):
    st.s[_f(st) + _F_VDRAW + len(drawn(st))] = a + 1


def _on_mat(st, p, b):
    return any(MM.slot(st, p, j) == b for j in range(4))


def legal_slot(st):
    """The free slots the item asked may cover (MM.free_slots: the blank ones first), and
    MOD_SKIP while 2 can still be placed with the items after it ("you may choose 2-4 tokens"); an
    item whose ability is already on her mat (a kept mod and a token alike, or one of her `owned`
    Mods) is not placed, nor counted among those."""
    s = st.s
    p = vesna_seat(st)
    i = s[_f(st) + _F_DRAW_I]
    out = [] if _on_mat(st, p, _item(st, i) - 1) else MM.free_slots(st, p)
    if out:
        later = []
        for j in range(i + 1, _POOL_END):
            b = _item(st, j) - 1
            if b >= 0 and b not in later and not _on_mat(st, p, b):
                later.append(b)
        if MM.placed(st, p) + len(later) < _AT_LEAST:
            return out
    out.append(_MOD_SKIP)
    return out


def do_slot(st, a):
    s = st.s
    f = _f(st)
    i = s[f + _F_DRAW_I]
    if a != _MOD_SKIP:
        s[f + _F_MECH + 4 * vesna_seat(st) + a] = _item(st, i)
    s[f + _F_DRAW_I] = i + 1


def bot_slot(st, opts):
    """The rule bot's choice: the blank slots (never over Riverwalk or Speed); else not placed."""
    for j in opts:
        if j == 1 or j == 3 or j == _MOD_SKIP:
            return j
    return opts[0]


# ---- Technophile: her Factory cards as sections ---------------------------------------------
def _used(st):
    return st.s[_f(st) + _F_VUSED]


def legal_section(legal):
    """turn.legal_section; for Vesna: her acquired card only until used, her starting cards
    unused (sections 5-7)."""

    def sections(st):
        out = legal(st)
        p = st.s[_ACTIVE]
        if not st.VESNA or common.faction(st, p) != _FACTION_VESNA:
            return out
        u = _used(st)
        if u & _VESNA_ACQUIRED and _FACTORY_SECTION in out:
            out.remove(_FACTORY_SECTION)
        k = len(cards(st))
        return out + [_FACTORY_SECTION + 1 + i for i in range(k) if not (u >> i) & 1]
    return sections


def do_section(do):
    """turn.do_section; a Factory card of Vesna's used: "return it to the box"."""

    def section(st, a):
        s = st.s
        x = _f(st) + _F_VUSED
        u = s[x] & ~(3 << _VESNA_IN_USE)
        vesna = st.VESNA and common.faction(st, s[_ACTIVE]) == _FACTION_VESNA
        do(st, min(a, _FACTORY_SECTION))
        if vesna and a == _FACTORY_SECTION:
            u |= _VESNA_ACQUIRED
        elif a > _FACTORY_SECTION:
            i = a - _FACTORY_SECTION - 1
            u |= (1 << i) | ((i + 1) << _VESNA_IN_USE)
            s[common.po(s[_ACTIVE]) + _P_LAST] = a
        s[x] = u
    return section


def card_in_use(st, p):
    """The Factory card p plays this turn: Vesna's starting card in use, else p's acquired one."""
    s = st.s
    if getattr(st, "VESNA", 0) and s[_ACTIVE] == p:
        i = s[_f(st) + _F_VUSED] >> _VESNA_IN_USE
        if i:
            return s[_f(st) + _F_VESNA + i - 1] - 1
    return s[common.po(p) + _P_FACTORY]


def with_card(fn):
    """fn(st, ...) (the model deck's reading of the Factory card's top row) with Vesna's starting
    card in use in P_FACTORY, put back before returning."""

    def call(st, *args):
        s = st.s
        o = common.po(s[_ACTIVE]) + _P_FACTORY
        c = card_in_use(st, s[_ACTIVE])
        if c == s[o]:
            return fn(st, *args)
        keep = s[o]
        s[o] = c
        try:
            return fn(st, *args)
        finally:
            s[o] = keep
    return call


# encounter's own reading of the model terms (this module is imported once, before install()).
_PLAIN_TERMS = EN._model_terms
model_terms = with_card(_PLAIN_TERMS)


def legal_factory(legal):
    """move.legal_factory without Vesna's starting cards (not on the Factory)."""

    def factory(st):
        out = legal(st)
        if st.VESNA:
            mine = cards(st)
            if mine:
                out = [c for c in out if c not in mine]
        return out
    return factory


# ---- Riverwalk ("to/from an adjacent territory containing any player's structure") -----------
def _structure(st, x):
    return F.any_at(st, x, _P_STRUCT, _STRUCTS)


def steps(st, p, u, x, ab, ctrl):
    """fenris_faction.steps; Vesna's character and mechs with Riverwalk also cross a river from
    or onto a territory holding a structure."""
    out = F.steps(st, p, u, x, ab, ctrl)
    if (not getattr(st, "VESNA", 0) or u >= _U_WORKER or not ab & _M_RIVERWALK
            or common.faction(st, p) != _FACTION_VESNA):
        return out
    b = st.board
    here = _structure(st, x)
    for y, e in b.neighbours(x):
        if e == _EDGE_RIVER and b.terrain[y] != 0 and y not in out and (here or _structure(st, y)):
            out.append(y)
    return out


# ---- the state's check -----------------------------------------------------------------------
def check(st):
    """A problem with Vesna's state, else None."""
    s = st.s
    f = _f(st)
    p = vesna_seat(st)
    got = cards(st)
    u = s[f + _F_VUSED]
    mat = s[f + _F_VMAT:f + _F_VMAT + 2]
    if p < 0:
        return "vesna" if got or u or drawn(st) or mat[0] or mat[1] else None
    if mat[0] > _POWER_MAX + 1 or mat[1] > _CARDS_MAX + 1 or (mat[1] and not mat[0]) or (
            mat[0] and common.model_cards(st)):
        return "vesna's mat"
    if len(set(got)) != len(got) or any(c >= _N_FACTORY_CARDS or (s[_FACTORY_OUT + c // 8] >> (c % 8)) & 1
                                        for c in got):
        return "vesna's factory cards"
    i = u >> _VESNA_IN_USE
    if (u & 7) >> len(got) or i > len(got) or (i and not (u >> (i - 1)) & 1) or (
            u & _VESNA_ACQUIRED and s[common.po(p) + _P_FACTORY] == _NOWHERE):
        return "vesna's factory cards used"
    tokens = drawn(st)
    slots = [MM.slot(st, p, j) for j in range(4) if MM.slot(st, p, j) >= 0]
    if (len(set(tokens)) != len(tokens) or any(b not in TOKENS for b in tokens)
            or len(set(slots)) != len(slots)):
        return "vesna's tokens"
    if any(b not in TOKENS and b not in MM.PLAYED for b in slots):
        return "vesna's tokens"
    on = [MM.slot(st, p, j) >= 0 for j in range(4)]
    if (on[0] or on[2]) and not (on[1] and on[3]):
        return "vesna's tokens over printed abilities before the blank spaces"
    stage = s[_STAGE]
    if stage == _ST_VESNA:   # her own Mech Mods (at most 2 kept once each was asked), her pool's place
        i = s[f + _F_DRAW_I]
        kept = [v - 1 for v in s[f + _F_DRAW:f + _F_DRAW + _DRAWN] if v]
        mat = MM.printed(st, p)
        if i > _POOL_END or len(set(kept)) != len(kept) or (i >= _POOL and len(kept) > _KEPT) or any(
                b not in MM.PLAYED or (mat >> b) & 1 for b in kept):
            return "vesna's mech mods"
    if (stage >= _ST_SECTION and stage != _ST_MODS and stage != _ST_VESNA and stage != _ST_INFRA
            and stage != _ST_RIVALS and stage != _ST_MT_SETUP and stage != _ST_DES_SETUP
            and len(slots) < _AT_LEAST):
        return "vesna's tokens: fewer than 2"
    return None
