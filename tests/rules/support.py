# Shared helpers of the rules suite. Plain Python that runs under pytest (CPython) and
# under tools/mp_run_tests.py (MicroPython unix port): no pytest imports here or in tests.
import json
import sys

from firmware.rules.mls import editing as ed
from firmware.rules.board import Board
from firmware.rules.mls.codes import (
    AT_CAMP,
    CHANCE,
    K_DEAL_PERSONALITY,
    K_DEAL_SPELL,
    K_FIRST_PLAYER,
    K_SETUP_SPACE,
    K_SETUP_TILE,
)
from firmware.rules.mls.content import Content
from firmware.rules.mls.engine import new_game
from firmware.rules.mls.layout import move_action, move_dest, move_seeker

MICROPYTHON = sys.implementation.name == "micropython"
_BOARD = None
_MAP = None


def _repo_root():
    """The repository folder as a path prefix ("/work/main/", or "" for a relative
    tests/rules/...), from this file's path, so the suite runs from any working folder;
    None where a module has no file (frozen)."""
    try:
        f = __file__
    except NameError:
        return None
    parts = f.replace("\\", "/").rsplit("/", 3)
    return parts[0] + "/" if len(parts) == 4 else ""


ROOT = _repo_root()


def repo_path(rel):
    """The path of a repository file: beside this suite, else beside the firmware on the
    module path; never looked up in the working folder (unless the suite was found there)."""
    roots = [] if ROOT is None else [ROOT]
    roots += [p + "/" for p in sys.path if p and p != "."]
    for root in roots:
        path = root + rel
        try:
            open(path).close()
            return path
        except OSError:
            pass
    raise OSError("cannot find " + rel)


def map_def():
    """The shipped map (hardware/maps/mls.json), parsed once."""
    global _MAP
    if _MAP is None:
        with open(repo_path("hardware/maps/mls.json")) as f:
            _MAP = json.load(f)
    return _MAP


def board():
    global _BOARD
    if _BOARD is None:
        _BOARD = Board(map_def())
    return _BOARD


def space(q, r):
    """The space id at axial coordinates (q, r) of the shipped map."""
    for sp in map_def()["spaces"]:
        if sp["q"] == q and sp["r"] == r:
            return sp["id"]
    raise KeyError((q, r))


def started(players=2, content=None, first=0, camp_sites=None):
    """A game past setup with nothing on the map: orientation 0, every unknown setup-tile
    space stated empty, first spell classes and personalities in order, `first` starts."""
    st = new_game(board(), players, content, camp_sites)
    while st.current_player() == CHANCE:
        kind = st.decision()
        opts = st.legal_actions()
        if kind == K_FIRST_PLAYER:
            st.apply(first)
        elif kind in (K_SETUP_TILE, K_SETUP_SPACE, K_DEAL_SPELL, K_DEAL_PERSONALITY):
            st.apply(opts[0])
        else:
            break
    return st


def scenario(players=2, content=None, seekers=None, goods=None, pies=None, friendship=None,
             spells=None, trophies=None, last=None, active=0):
    """A hand-built position at the start of `active`'s turn. seekers: {p: (loc0, loc1)};
    goods: {space: (apples, gems, quest)}; pies/friendship/spells/trophies/last: {p: v}
    (spells: number of unknown-value cards in hand)."""
    st = started(players, content)
    for p in range(players):
        ed.set_spells(st, p, 8, 0)
        ed.set_personality(st, p, 255)
    for p, locs in (seekers or {}).items():
        ed.set_seeker(st, p, 0, locs[0])
        ed.set_seeker(st, p, 1, locs[1])
    for sp, g in (goods or {}).items():
        ed.set_goods(st, sp, g[0], g[1], g[2] if len(g) > 2 else 0)
    for p, v in (pies or {}).items():
        ed.set_pies(st, p, v)
    for p, v in (friendship or {}).items():
        ed.set_friendship(st, p, v)
    for p, v in (spells or {}).items():
        ed.set_spells(st, p, 8, v)
    for p, v in (trophies or {}).items():
        ed.set_trophies(st, p, v)
    for p, v in (last or {}).items():
        ed.set_last_action(st, p, v)
    ed.begin_turn(st, active)
    return st


def content_with(**fields):
    return Content(None, **fields)


def raises(exc_type, fn, *args, **kwargs):
    """Call fn; assert it raises exc_type; return the exception."""
    try:
        fn(*args, **kwargs)
    except exc_type as e:
        return e
    raise AssertionError("%s not raised" % exc_type.__name__)


def move(st, seeker, dest, carry=0):
    """Move a Seeker and answer the carry questions (apples, then gems) when they are asked;
    carry is apples + 32 * gems. A question with one legal answer is not asked."""
    from firmware.rules.mls.codes import K_CARRY, K_CARRY_GEMS

    st.apply_checked(move_action(seeker, dest))
    if st.moving_seeker() is not None and st.decision() == K_CARRY:
        st.apply_checked(carry & 31)
    if st.moving_seeker() is not None and st.decision() == K_CARRY_GEMS:
        st.apply_checked(carry >> 5)


def bid(st, player, pies, *spells):
    """Enter a pie-fight bid on the dial: pies, then a spell slot for each own Seeker in the
    fight (0 = none) while the board asks; a slot 9 + v attaches a card of unknown value (9),
    then states its value v (9 + v)."""
    from firmware.rules.mls.codes import K_BID_SPELL

    st.apply_checked(pies, player)
    for slot in spells:
        if st.decision() != K_BID_SPELL or st.current_player() != player:
            raise AssertionError("no spell slot asked for slot %s" % slot)
        if slot >= 9:
            st.apply_checked(9, player)   # a card of unknown value; its value next
        st.apply_checked(slot, player)
    while st.decision() == K_BID_SPELL and st.current_player() == player:
        st.apply_checked(0, player)


def state_term(st, term, amount):
    """State one term of a card option: the term, then its amount."""
    st.apply_checked(term)
    st.apply_checked(amount)


def dests(st, seeker):
    """Legal destinations of one Seeker in the pending Move decision."""
    return sorted(move_dest(a) for a in st.legal_actions() if move_seeker(a) == seeker)


CAMP = AT_CAMP


# ---- Pie in the Sky (firmware/rules/mls/pits.py) ----------------------------------------
def pits_started(players=2, first=0, camp_sites=None, kingdoms=None, random_mats=False, mats=(),
                 portal=None, pits=None, content=None, automountie=None):
    """An expansion game past setup with nothing on the map, as started(); random mats are
    dealt from `mats` in order (else the first left); tied closest portals: `portal`, else the
    first. players=1: solo, Automountie on seat 1 with her mat's side `automountie`."""
    from firmware.rules.mls.codes import K_AIR_MOVE, K_DEAL_MAT
    from firmware.rules.mls.pits import new_game as pits_game

    st = pits_game(board(), players, content, camp_sites, kingdoms, random_mats, pits, automountie)
    mats = list(mats)
    while st.current_player() == CHANCE or st.decision() == K_AIR_MOVE:
        kind = st.decision()
        opts = st.legal_actions()
        if kind == K_FIRST_PLAYER:
            st.apply(first)
        elif kind == K_DEAL_MAT:
            st.apply(mats.pop(0) if mats else opts[0])
        elif kind == K_AIR_MOVE:
            st.apply_checked(opts[0] if portal is None else portal)
        elif kind in (K_SETUP_TILE, K_SETUP_SPACE, K_DEAL_SPELL, K_DEAL_PERSONALITY):
            st.apply(opts[0])
        else:
            break
    return st


def pits_scenario(players=2, seekers=None, goods=None, cargo=None, airship=None, mats=None,
                  gadgets=None, trophies=None, friendship=None, last=None, active=0, pits=None,
                  content=None, automountie=None, pies=None):
    """A hand-built expansion position at the start of `active`'s turn, as scenario();
    cargo: {p: (apples, gems)} taken from the supply; airship: its space; mats: {p: mat};
    gadgets: {p: space}. players=1: solo (seat 1 Automountie, her side `automountie`)."""
    from firmware.rules.mls.layout import HOLD_CARGO, HOLD_SUPPLY, X_GADGET, X_MAT, X_MATS, X_PL, X_SHIP, XPSZ

    st = pits_started(players, pits=pits, content=content, automountie=automountie)
    players = st.n_players()
    for p in range(players):
        ed.set_spells(st, p, 8, 0)
        ed.set_personality(st, p, 255)
    for p, locs in (seekers or {}).items():
        ed.set_seeker(st, p, 0, locs[0])
        ed.set_seeker(st, p, 1, locs[1])
    for sp, g in (goods or {}).items():
        ed.set_goods(st, sp, g[0], g[1], g[2] if len(g) > 2 else 0)
    for p, (a, g) in (cargo or {}).items():
        st.move_goods(0, HOLD_SUPPLY, HOLD_CARGO + p, a)
        st.move_goods(1, HOLD_SUPPLY, HOLD_CARGO + p, g)
    s = st.s
    if airship is not None:
        s[st.x0 + X_SHIP] = airship
    mask = 0
    for p, m in (mats or {}).items():
        s[st.x0 + X_PL + p * XPSZ + X_MAT] = m
    for p in range(players):
        if st.mat(p) != 255:   # Automountie has no airship mat of the 9
            mask |= 1 << st.mat(p)
    s[st.x0 + X_MATS] = mask & 0xFF
    s[st.x0 + X_MATS + 1] = mask >> 8
    for p, x in (gadgets or {}).items():
        s[st.x0 + X_PL + p * XPSZ + X_GADGET] = x
    for p, v in (trophies or {}).items():
        ed.set_trophies(st, p, v)
    for p, v in (friendship or {}).items():
        ed.set_friendship(st, p, v)
    for p, v in (pies or {}).items():
        ed.set_pies(st, p, v)
    for p, v in (last or {}).items():
        ed.set_last_action(st, p, v)
    ed.begin_turn(st, active)
    problem = st.check()
    if problem:
        raise AssertionError("scenario: " + problem)
    return st
