# Tesla at the table (docs/fenris.md C6, 1.10): his miniature is tag TESLA_TAG (ruleset.py: the
# one tag after the seats'), expected where the engine has him (amber until the table puts him
# there when he is found), lifted to light his destinations and put on one to move him, and moved
# with the loser's units when he loses a combat. fenris_tesla.py puts these in the Scythe ruleset
# in place of its own methods; each gives the plain answer in a game without Tesla.
from ..ruleset import OFF_BOARD

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_C_SPACE = const(43)
_K_MOVE_TO = const(9)
_K_MOVE_UNIT = const(8)
_NOWHERE = const(255)
_P0 = const(72)
_PER_PLAYER = const(17)
_PSZ = const(39)
_P_UNITS = const(18)
_SPACE_DONE = const(60)
_STAGE = const(1)
_ST_CARRY = const(10)
_TESLA_TAG = const(85)
_TO = const(30)
_UNIT = const(28)
_U_CHARACTER = const(0)
_U_TESLA = const(14)
# -- end of private copies --


def _on(st):
    return getattr(st, "TESLA", 0)


def install(cls, T):
    """Tesla's versions of the Scythe ruleset's piece methods (cls: the class; T: fenris_tesla,
    passed in so that this module imports nothing that imports it)."""
    plain = (cls.game_tags, cls.expected, cls._retreating, cls.movers, cls.piece_move, cls._unit,
             cls.light_destinations, cls.piece_action, cls.game_pieces)

    def game_pieces(self, st):
        out = plain[8](self, st)
        return out + (("tesla", 5, _TESLA_TAG),) if _on(st) else out

    def game_tags(self, st):
        n = plain[0](self, st)
        return max(n, _TESLA_TAG + 1) if _on(st) else n

    def expected(self, st, at):
        plain[1](self, st, at)
        if not _on(st):
            return
        s = st.s
        p = T.finder(st)
        x = T.at(st)
        at[_TESLA_TAG] = OFF_BOARD if x == _NOWHERE else x
        if p >= 0:   # the character's real space (they trade bytes for Tesla's encounter)
            c = _PER_PLAYER * p
            v = T.real(st, p, _U_CHARACTER, s[_P0 + _PSZ * p + _P_UNITS])
            at[c] = OFF_BOARD if v == _NOWHERE else v
        if s[_STAGE] == _ST_CARRY and s[_UNIT] == _U_TESLA:
            at[_TESLA_TAG] = s[_TO]

    def _his(st):
        """Tesla is the loser's and on the combat territory."""
        s = st.s
        return T.finder(st) == st.current_player() and T.at(st) == s[_C_SPACE]

    def _retreating(self, st, follow=True):
        out = plain[2](self, st, follow)
        if follow and _on(st) and _his(st):
            out.append(_TESLA_TAG)
        return out

    def movers(self, st):
        out = plain[3](self, st)
        if not _on(st):
            return out
        k = st.decision()
        if k == _K_MOVE_TO and st.s[_UNIT] == _U_TESLA:
            return (_TESLA_TAG,)
        if k == _K_MOVE_UNIT and _U_TESLA in st.legal_actions():
            return out + (_TESLA_TAG,)
        return out

    def piece_move(self, st, a):
        s = st.s
        if _on(st):
            k = st.decision()
            if (k == _K_MOVE_TO and s[_UNIT] == _U_TESLA) or (k == _K_MOVE_UNIT and a == _U_TESLA):
                return _TESLA_TAG, T.at(st) if a == _SPACE_DONE or a == _U_TESLA else a
        return plain[4](self, st, a)

    def _unit(self, st, tag):
        if tag == _TESLA_TAG and _on(st):
            return _U_TESLA if _U_TESLA in st.legal_actions() else -1
        return plain[5](self, st, tag)

    def light_destinations(self, st, tag, origin, light, code):
        if tag == _TESLA_TAG and _on(st) and st.decision() == _K_MOVE_UNIT:
            if _unit(self, st, tag) >= 0:
                for d in T.destinations(st, st.s[_ACTIVE]):
                    if d != origin:
                        light[d] = code
            return
        plain[6](self, st, tag, origin, light, code)

    def piece_action(self, st, tag, space):
        if tag == _TESLA_TAG and _on(st) and st.decision() == _K_MOVE_UNIT:
            if _unit(self, st, tag) < 0 or space == T.at(st):
                return -1
            return _U_TESLA if space in T.destinations(st, st.s[_ACTIVE]) else -1
        return plain[7](self, st, tag, space)

    def own_colour(self, tag):
        return tag == _TESLA_TAG

    cls.own_colour = own_colour
    cls.game_pieces = game_pieces
    cls.game_tags = game_tags
    cls.expected = expected
    cls._retreating = _retreating
    cls.movers = movers
    cls.piece_move = piece_move
    cls._unit = _unit
    cls.light_destinations = light_destinations
    cls.piece_action = piece_action
