"""What the host shows of a game, whatever the ruleset: each ruleset names its host view
module (Ruleset.host_view, with render(st, snap, board_def), describe(st, a) and, optionally,
question(st)); a ruleset without one gets the plain view below (pieces by tag on the map, whose
turn, the prompt, options named by the ruleset's option_names)."""

import binascii
import importlib

from firmware.rules import registry
from firmware.rules.ruleset import ENTRY_PIECE, ENTRY_SPACE, OFF_BOARD
from firmware.text import message, name, use_catalogue

from .boards import load_map_json
from .text import t


def _module(st):
    rs = registry.of_game(st)
    use_catalogue(rs.catalogue)
    return rs, (importlib.import_module(rs.host_view) if getattr(rs, "host_view", "") else None)


def render(st, snap=None, board_def=None):
    rs, mod = _module(st)
    if mod is not None:
        return mod.render(st, snap, board_def)
    return plain_render(rs, st, snap, board_def)


def describe(st, action):
    """One option of the pending decision in words."""
    rs, mod = _module(st)
    if mod is not None:
        return mod.describe(st, action)
    kind = st.decision()
    group = rs.option_names.get(kind)
    if group is not None:
        return name(group, action)
    entry = rs.entry[kind] if kind < len(rs.entry) else -1
    if entry == ENTRY_SPACE:
        return t("mls.space", action)
    if entry == ENTRY_PIECE:
        tag, space = rs.piece_move(st, action)
        where = t("view.off_board") if space == OFF_BOARD else t("mls.space", space)
        return t("view.piece_to", tag + 1, where)
    return "%s: %d" % (name("kind", kind), action)


def seat_role(st, p):
    """Who plays seat p when the rules play it ("Automountie" in a solo game of Pie in the
    Sky: the host view's seat_role), else ""."""
    _, mod = _module(st)
    if mod is not None and hasattr(mod, "seat_role"):
        return mod.seat_role(st, p)
    return ""


def question(st):
    """The pending decision in words: who decides and what."""
    rs, mod = _module(st)
    if mod is not None and hasattr(mod, "question"):
        return mod.question(st)
    if st.is_terminal():
        return t("view.game_over")
    return "%s: %s" % (_who(st.current_player()), name("kind", st.decision()))


def old_log_steps(st, a, version):
    """The decisions an entry `a` of a game log of an older `version` stands for now (the host
    view's old_log_steps: a format change of a ruleset's decisions), else (a,)."""
    _, mod = _module(st)
    if mod is not None and hasattr(mod, "old_log_steps"):
        return mod.old_log_steps(st, a, version)
    return (a,)


def _who(p):
    return t("view.dice") if p < 0 else message("prompt.seat", p + 1)


def revealed(st):
    """What a secret entry was, once it is decided ("pie fight: 5 against 3"); "" before."""
    rs, mod = _module(st)
    if mod is not None and hasattr(mod, "revealed"):
        return mod.revealed(st)
    return rs.revealed(st)


def plain_render(rs, st, snap=None, board_def=None):
    board_def = board_def or load_map_json(rs.map_name)
    at = bytearray([OFF_BOARD] * rs.game_tags(st))
    rs.expected(st, at)
    owners = {tag: owner for _, owner, tag in rs.game_pieces(st)}
    leds = binascii.unhexlify(snap["leds"]) if snap else b""
    lines = [t("view.title", rs.title, st.n_players())]
    for sp in board_def["spaces"]:
        here = [str(owners.get(t, 0) + 1) for t in range(len(at)) if at[t] == sp["id"]]
        lit = leds and any(leds[3 * sp["led"] + c] for c in range(3))
        if here or lit:
            seats = " ".join(message("prompt.seat", int(h)) for h in here)
            lines.append(t("view.space_line", sp["id"], " *" if lit else "  ", seats))
    if st.is_terminal():
        lines.append(t("mls.game_over_winner", ", ".join(_who(p) for p in st.winners())))
    else:
        lines.append(t("view.now", _who(st.current_player()), name("kind", st.decision())))
    if snap and snap.get("prompt"):
        lines.append(t("mls.board_says", " | ".join(x for x in snap["prompt"] if x)))
    return "\n".join(lines)
