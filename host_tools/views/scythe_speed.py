"""Scythe on the laptop, faster: the engine's pure functions that search and playouts ask
most, remembered by what they read (CPython only; a board never loads this module and runs
the engine unchanged). host_tools/boards.load_board installs it through the ruleset's host
view (views/scythe.py: speed_up).

control_map(st) depends on the number of players, the active player and every player's
units and structures (17 bytes a player): its answer for those bytes is kept (as bytes, so
no caller can change what another is given) and looked up by them. The rule bot's
look-ahead and the legal options of a turn ask it many times for the same pieces."""

import sys

from firmware.rules.scythe import layout as L

_PIECES = L.N_UNITS + 4   # a player's units, then its 4 structures (layout: P_UNITS, P_STRUCT)
_LIMIT = 200000           # remembered answers before the memo starts again
assert L.P_STRUCT == L.P_UNITS + L.N_UNITS   # the 17 bytes a player are one run


def memoised_control_map(plain):
    """control_map with a memo a board object (the map's spaces are part of the answer)."""
    p0, psz, units, active = L.P0, L.PSZ, L.P_UNITS, L.ACTIVE

    def control_map(st):
        s = st.s
        n = s[0]
        o = p0 + units
        key = b"".join([s[o + q * psz:o + q * psz + _PIECES] for q in range(n)]) + bytes((s[active],))
        board = st.board
        memo = board.__dict__.get("_control_memo")
        if memo is None:
            memo = board._control_memo = {}
        r = memo.get(key)
        if r is None:
            if len(memo) >= _LIMIT:
                memo.clear()
            ctrl, fighters = plain(st)
            r = memo[key] = (bytes(ctrl), bytes(fighters))
        return r

    control_map.plain = plain  # pyright: ignore[reportFunctionMemberAccess]
    return control_map


def install():
    """Put the memoised functions in every engine module that holds the plain ones (the
    modules import them by name). Idempotent."""
    from firmware.rules.scythe import common
    from firmware.rules.scythe import engine  # noqa: F401  (loads every phase module)

    plain = getattr(common.control_map, "plain", common.control_map)
    fast = memoised_control_map(plain)
    for name, mod in list(sys.modules.items()):
        if name.startswith("firmware.rules.scythe.") and getattr(mod, "control_map", None) in (
                plain, common.control_map):
            mod.control_map = fast  # pyright: ignore[reportAttributeAccessIssue]
