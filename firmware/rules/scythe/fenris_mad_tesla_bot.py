# Mad Tesla for Scythe's rule bot (docs/fenris.md 1.11): its dial in a fight with him, in place of
# rule_plan.dial. Loaded with his setup module (fenris_mad_tesla_setup.py), by the first game with
# him only.
from ..compat import const
from . import common
from . import fenris_mad_tesla as MT
from . import rule_plan as RP
from .fenris_hooks import install

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_C_SIDE = const(45)
_C_SPACE = const(43)
_P_NCARDS = const(37)
_P_UNITS = const(18)
_U_WORKER = const(5)
# -- end of private copies --

_PLAIN = RP.dial


def dial(st, p, opts):
    """rule_plan.dial; against him: the least that beats his strength whatever his die (6), the
    attacker winning ties, less 2 a combat card p may add (rule_plan's "sure"), else all it may."""
    if not getattr(st, "MADTESLA", 0) or MT.fighting(st) != p:
        return _PLAIN(st, p, opts)
    s = st.s
    x = s[_C_SPACE]
    o = common.po(p) + _P_UNITS
    fighters = sum(1 for u in range(_U_WORKER) if s[o + u] == x)
    sure = 2 * min(s[common.po(p) + _P_NCARDS], fighters)
    need = max(0, MT.base_power(st) + 6 + (0 if s[_C_SIDE] == 0 else 1) - sure)
    return need if need <= opts[-1] else opts[-1]


install((("dial", _PLAIN, dial),))
