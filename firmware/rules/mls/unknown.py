# What the table does not know of a My Little Scythe game beyond State.SECRET (the sealed bids):
# the personality cards not revealed and the classes of the spell cards in hand. Their canonical
# form (State.public_bytes(), public_hash(), a seat's view: Ruleset.view) depends only on what the
# table knows, so two games that differ in those cards alone give the same bytes, and it is still
# a game that loads (every card once, loading.check):
# - the unrevealed personality cards: the pool they come from (those and the undealt ones) is
#   seen; the lowest cards of the pool go to those seats in seat order, the rest stay undealt;
# - the spell cards in hand: each hand's size and the pool (the deck and those hands; the
#   discard pile is face up) are seen; the hands are dealt again from the lowest classes of the
#   pool in seat order, the rest is the deck.
# A seat's view (player >= 0) keeps that seat's own cards and the bid it enters. Both work on the
# state's own bytes and put them back (nothing allocated but the frame). The differential tests:
# tests/conformance/test_information_sets.py, tests/board/test_hands_on_the_link.py.
# (The module's name is a word the engine already interns: the 64 KB heap game on the unix port
# loads the engine's .mpy into RAM, where one name more costs a pool of qstrs, about 3.7 KB.)
from ..compat import const, crc32
from ..framing import frame

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_ATT_BID = const(25)
_BID = const(144)
_DECIDER = const(3)
_FIGHT_DEF = const(24)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_P0 = const(148)
_PERS = const(138)
_PERSONA = const(9)
_PSZ = const(24)
_REVEALED = const(23)
_SDECK = const(90)
_SPELLS = const(14)
# -- end of private copies --

# The bytes public_hash() changes and puts back: the 4 SECRET offsets, the deck, the undealt
# personality cards, and each seat's personality card and hand, for 6 seats (public_bytes():
# all but the SECRET offsets, which the frame blanks).
_KEPT = bytearray(4 + _N_SPELL_CLASSES + 1 + 6 * (1 + _N_SPELL_CLASSES))


def hide(s, n, seat):
    """Put the hidden cards of the game of state bytes s (n players) in their canonical form,
    in place, the cards of `seat` (-1: none) kept."""
    pool = 0
    for p in range(n):
        o = _P0 + p * _PSZ
        if p != seat and s[o + _REVEALED] != 1 and s[o + _PERSONA] != _NONE:
            pool |= 1 << s[o + _PERSONA]
    if pool:
        pool |= s[_PERS]
        for p in range(n):
            o = _P0 + p * _PSZ
            if p != seat and s[o + _REVEALED] != 1 and s[o + _PERSONA] != _NONE:
                c = 0
                while not (pool >> c) & 1:
                    c += 1
                s[o + _PERSONA] = c
                pool &= ~(1 << c)
        s[_PERS] = pool
    d = _SDECK
    for p in range(n):   # each hand into the deck, its size kept in its first class
        if p != seat:
            o = _P0 + p * _PSZ + _SPELLS
            k = 0
            for c in range(_N_SPELL_CLASSES):
                k += s[o + c]
                s[d + c] += s[o + c]
                s[o + c] = 0
            s[o] = k
    for p in range(n):   # then dealt again from the lowest classes
        if p != seat:
            o = _P0 + p * _PSZ + _SPELLS
            k = s[o]
            s[o] = 0
            c = 0
            while k:
                while not s[d + c]:
                    c += 1
                t = k if k < s[d + c] else s[d + c]
                s[o + c] += t
                s[d + c] -= t
                k -= t


def public_bytes(st, out, player):
    """st.public_bytes(out, player): the table's bytes (player -1) or that seat's view."""
    s = st.s
    n = st.n_players()
    blank = st.SECRET
    if player >= 0:
        own = own_bid(s, player)
        blank = [o for o in blank if o not in own]
    _keep(s, (), n, True)
    try:
        hide(s, n, player)
        return frame(st.RULESET, st.board.n_spaces, s, blank, out)
    finally:
        _keep(s, (), n, False)


def public_hash(st):
    """st.public_hash(): the checksum of st's bytes with the SECRET offsets 0 and the hidden
    cards in their canonical form, computed in place and put back (nothing allocated: a board
    asks it at every decision it commits and every roll of its dice)."""
    s = st.s
    sec = st.SECRET
    _keep(s, sec, st.n_players(), True)
    for o in sec:
        s[o] = 0
    hide(s, st.n_players(), -1)
    h = crc32(s) & 0xFFFFFFFF
    _keep(s, sec, st.n_players(), False)
    return h


def own_bid(s, p):
    """The SECRET offsets seat p sees (Ruleset.own_secrets): the attacker's bid is the
    attacker's, the bid being entered its decider's."""
    if s[_FIGHT_DEF] == _NONE:
        return ()
    own = (_ATT_BID, _ATT_BID + 1) if p == s[_ACTIVE] else ()
    return own + (_BID, _BID + 1) if p == s[_DECIDER] else own


def _keep(s, sec, n, save):
    # Copy the bytes public_hash() and public_bytes() change into _KEPT (save) or back from it.
    k = _KEPT
    j = 0
    for o in sec:
        if save:
            k[j] = s[o]
        else:
            s[o] = k[j]
        j += 1
    for p in range(-1, n):   # -1: the deck and the undealt personality cards
        o = _SDECK if p < 0 else _P0 + p * _PSZ + _SPELLS
        x = _PERS if p < 0 else _P0 + p * _PSZ + _PERSONA
        if save:
            k[j] = s[x]
        else:
            s[x] = k[j]
        j += 1
        for c in range(_N_SPELL_CLASSES):
            if save:
                k[j] = s[o + c]
            else:
                s[o + c] = k[j]
            j += 1
