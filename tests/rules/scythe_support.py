# Helpers of the Scythe rules tests (CPython and the MicroPython unix port): the shipped
# board, a game past setup with chosen factions and mats, and hand-built positions. Spaces
# are named by the shared map's ids (H(n) = n - 1), as printed in ../shared/data.
import json

from firmware.rng import Rng
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.board import ScytheBoard
from firmware.rules.scythe.common import po
from firmware.rules.scythe.engine import new_game
from tests.rules.support import repo_path

NORDIC = 0
RUSVIET = 1
CRIMEA = 2
SAXONY = 3
POLANIA = 4
INDUSTRIAL = 0
ENGINEERING = 1
PATRIOTIC = 3
MECHANICAL = 5
AGRICULTURAL = 6
_BOARD = None


def board():
    global _BOARD
    if _BOARD is None:
        with open(repo_path("hardware/maps/scythe.json")) as f:
            _BOARD = ScytheBoard(json.load(f))
    return _BOARD


def H(n):
    """The space of the shared map's hex id n."""
    return n - 1


def started(factions=(NORDIC, RUSVIET), mats=(INDUSTRIAL, ENGINEERING), tile=0, mods=0, model=False):
    """A game past setup: player i has factions[i] and mats[i] (combat and objective cards
    are counts: no decision deals them); mods: The Rise of Fenris modules on (content.MOD_*);
    model: the model deck (its objective cards dealt in order: 0, 1, ...)."""
    if mods:
        # The ruleset first, as on a board and the laptop: the modules put their pieces' methods
        # into it when they load (fenris.py and the *_setup.py modules), and only if it is loaded.
        from firmware.rules.scythe import ruleset  # noqa: F401
        from firmware.rules.scythe.fenris import new_game as fenris_game

        st = fenris_game(board(), len(factions), model, mods)
    else:
        st = new_game(board(), len(factions), model)
    while st.current_player() == -1:
        k = st.decision()
        opts = st.legal_actions()
        if k == L.K_DEAL_FACTION:
            st.apply(factions[st.s[L.SETUP_I]])
        elif k == L.K_DEAL_MAT:
            st.apply(mats[st.s[L.SETUP_I]])
        elif k == L.K_DEAL_TILE:
            st.apply(tile)
        else:
            st.apply(opts[0])
    return st


def set_player(st, p, power=None, pop=None, coins=None, hand=None, last=None):
    s = st.s
    o = po(p)
    if power is not None:
        s[o + L.P_POWER] = power
    if pop is not None:
        s[o + L.P_POP] = pop
    if coins is not None:
        s[o + L.P_COINS] = coins & 0xFF
        s[o + L.P_COINS + 1] = coins >> 8
    if hand is not None:       # combat cards in hand: a count (from / back to the deck)
        s[o + L.P_NCARDS] = hand
    if last is not None:
        s[o + L.P_LAST] = last
    st.changed()


def put(st, p, unit, space):
    """Unit code `unit` of p (L.U_CHARACTER, L.U_MECH + i, L.U_WORKER + i) onto space
    (255: back on its mat)."""
    st.s[po(p) + L.P_UNITS + unit] = space
    st.changed()


def build(st, p, structure, space):
    st.s[po(p) + L.P_STRUCT + structure] = space
    st.changed()


def set_res(st, space, oil=0, metal=0, wood=0, food=0):
    o = L.RES0 + 4 * space
    st.s[o:o + 4] = bytes((oil, metal, wood, food))
    st.changed()


def begin_turn(st, p, stage=L.ST_SECTION):
    """p's turn starts (its section to choose) from the edited position."""
    st.s[L.ACTIVE] = p
    st.s[L.STAGE] = stage
    st.begin()


def section_of(st, p, top):
    """The section of p's mat whose top-row action is `top` (content.TA_*)."""
    from firmware.rules.scythe.common import mat_byte

    return [mat_byte(st, p, C.MAT_TOP + i) for i in range(4)].index(top)


def take_top(st, p, top, option=L.O_FIRST):
    """p chooses the section with top-row action `top` and takes it with `option`."""
    st.apply_checked(section_of(st, p, top), p)
    st.apply_checked(option, p)


def res_total(st):
    return sum(st.s[L.RES0:len(st.s) - L.TAIL])


def attack(st, frm, to, power=(0, 0)):
    """Player 0's character (Mechanical mat) moves from hex `frm` onto player 1's mech on hex
    `to` (Move, carrying nothing, no other unit): the combat's first decision is next. Both
    hands empty, power[i] player i's."""
    put(st, 1, L.U_MECH, H(to))
    put(st, 0, L.U_CHARACTER, H(frm))
    set_player(st, 0, power=power[0], hand=0)
    set_player(st, 1, power=power[1], hand=0)
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    st.apply_checked(L.U_CHARACTER, 0)
    st.apply_checked(H(to), 0)
    while st.decision() == L.K_CARRY:
        st.apply_checked(0, 0)
    if st.decision() == L.K_MOVE_UNIT:
        st.apply_checked(L.MOVE_DONE, 0)


def win_attack(st):
    """Player 0's character (Mechanical mat) moves from 27 onto player 1's mech on 28 and wins
    (both dial 0 with no cards: the attacker wins ties)."""
    attack(st, 27, 28)
    while st.decision() in (L.K_DIAL, L.K_CARD):
        st.apply_checked(0, st.current_player())


def play_out(rs, st, seed, cap, every, check=None):
    """Plays st (a game of ruleset rs) to its end with Rng(seed): a chance outcome by its
    weights, else a legal action at random. Fails when `cap` moves are reached before the end;
    every `every` moves, st.check() must be None and st must come back the same through
    to_bytes/from_bytes, then check(st, n) runs where given (n: the moves so far). Returns n."""
    rng = Rng(seed)
    n = 0
    while not st.is_terminal():
        if st.current_player() < 0:
            st.apply(rng.weighted(st.chance_outcomes()))
        else:
            opts = st.legal_actions()
            st.apply(opts[rng.below(len(opts))])
        n += 1
        assert n < cap, n
        if n % every == 0:
            assert st.check() is None, st.check()
            assert rs.from_bytes(st.board, st.to_bytes()).s == st.s
            if check is not None:
                check(st, n)
    return n
