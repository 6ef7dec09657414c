# Mad Tesla at the table (docs/fenris.md 1.11): his miniature is Tesla's tag (TESLA_TAG), expected
# where the engine has him, off the board once destroyed. Nobody lifts him to decide anything: his
# moves are dice (K_MT_DIRECTION, entered on the dial); the board then shows where he belongs (a
# piece out of place), and the players put him there, as a unit sent home. fenris_mad_tesla_setup.py
# puts these in the Scythe ruleset in place of its own methods; each gives the plain answer in a
# game without him.
from ..ruleset import OFF_BOARD

from ..compat import const
from .fenris_hooks import install_pieces

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_NOWHERE = const(255)
_TESLA_TAG = const(85)
# -- end of private copies --


def _on(st):
    return getattr(st, "MADTESLA", 0)


def install(cls, MT):
    """Mad Tesla's versions of the Scythe ruleset's piece methods (cls: the class; MT:
    fenris_mad_tesla, passed in)."""

    def place(st, at):
        x = MT.at(st)
        at[_TESLA_TAG] = OFF_BOARD if x == _NOWHERE else x

    install_pieces(cls, _on, (("tesla", 5, _TESLA_TAG),), place)
