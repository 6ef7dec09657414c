# Fenris's Influence tokens at the table (docs/fenris.md C6, 1.9): 16 tagged pieces, token k of
# the module block's F_INFL is tag INFL_TAG + k (the protocol's lift/place p INFL_OWNER, k). Each
# is expected where the engine has it: on its territory once placed (the engine takes the lowest
# token in the supply, as it names the lowest worker tag produced), off the board in Fenris's
# supply or in the hand of the player who gained it. Nobody lifts a token to decide anything: its
# placement is asked on the dial and the wand (K_INFLUENCE, K_INFLUENCE_AT); the board then shows
# the token out of place (amber) until the table puts it there, and a token gained shows on its
# territory until the table lifts it off, as a unit sent home. fenris.py puts these in the Scythe
# ruleset in place of its own methods; each gives the plain answer in a game without Fenris.
from ..ruleset import OFF_BOARD

from ..compat import const
from .fenris_hooks import install_pieces

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_F_INFL = const(111)
_F_SIZE = const(189)
_INFL_OWNER = const(6)
_INFL_TAG = const(91)
_N_INFL = const(16)
_TAIL = const(20)
# -- end of private copies --


def _on(st):
    return getattr(st, "INFLUENCE", 0)   # Fenris's, or Episode 5's 9 (fenris_fortress.py)


def _place(st, at):
    s = st.s
    i = len(s) - _TAIL - _F_SIZE + _F_INFL
    n = st.board.n_spaces
    for k in range(_N_INFL):
        v = s[i + k]
        at[_INFL_TAG + k] = v if v < n else OFF_BOARD


def install(cls):
    """The Influence tokens' versions of the Scythe ruleset's piece methods (cls: the class)."""
    tokens = tuple(("influence", _INFL_OWNER, _INFL_TAG + k) for k in range(_N_INFL))
    install_pieces(cls, _on, tokens, _place)
