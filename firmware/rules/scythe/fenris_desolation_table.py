# The Desolation at the table (docs/fenris.md C6, 1.12): its 4 mechs and character are tags 86-90
# (its unit k is DES_TAG + k; the protocol's lift/place p DES_OWNER, k) and its sixth unit is the
# Tesla miniature (TESLA_TAG), each expected where the engine has it, off the board once
# destroyed. Nobody lifts one to decide anything: its moves are the blue die (K_DES_DIRECTION,
# entered on the dial); the board then shows its units out of place and the players put them
# where they went, as units sent home. fenris_desolation_setup.py puts these in the Scythe ruleset
# in place of its own methods; each gives the plain answer in a game without the Desolation.
from ..ruleset import OFF_BOARD

from ..compat import const
from .fenris_hooks import install_pieces

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_DES_OWNER = const(7)
_DES_TAG = const(86)
_NOWHERE = const(255)
_TESLA_TAG = const(85)
# -- end of private copies --


def _on(st):
    return getattr(st, "DESOLATION", 0)


def install(cls, D):
    """The Desolation's versions of the Scythe ruleset's piece methods (cls: the class; D:
    fenris_desolation, passed in)."""

    def place(st, at):
        u = D.units(st)
        for k in range(6):
            at[_DES_TAG + k if k < 5 else _TESLA_TAG] = OFF_BOARD if u[k] == _NOWHERE else u[k]

    units = tuple(("desolation", _DES_OWNER, _DES_TAG + k) for k in range(5))
    install_pieces(cls, _on, (("tesla", 5, _TESLA_TAG),) + units, place)
