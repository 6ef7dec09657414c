# Scythe (the base game) on the generic core (firmware/rules/core.py): the State, setup for
# 2-5 players (faction and player mats and the structure bonus tile dealt by chance decisions;
# combat and objective cards are counts: the board never knows a card in a hand), the stars
# placed before every decision, and the tables of the phase modules (turn.py, top_row.py,
# move.py, combat.py, bottom_row.py, encounter.py).
from ..core import GameState
from ..errors import SetupError
from . import tables as TB
from . import bottom_row as BR
from . import combat as CB
from . import encounter as E
from . import move as M
from . import top_row as TR
from . import turn as T
from .score import score
from .common import (add_coins, draw_cards, faction, faction_byte, mat_byte, met_objectives, model_cards,
                     place_stars, po, reveal_objective, seats, unrevealed_objectives, x0)

from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_CARDS_MODEL = const(1)
_C_CARDS = const(48)
_C_COMMIT = const(8)
_C_DIAL = const(46)
_C_USED = const(51)
_DEFER = const(42)
_ENC = const(22)
_FA_CARDS = const(1)
_FA_POWER = const(0)
_KIND = const(2)
_K_DEAL_FACTION = const(1)
_K_DEAL_MAT = const(2)
_K_DEAL_TILE = const(5)
_K_MODEL_OBJECTIVE = const(3)
_K_OBJECTIVE = const(4)
_K_OVER = const(32)
_MAT_COINS = const(2)
_MAT_ORDER = const(0)
_MAT_POP = const(1)
_MAX_COMBAT_STARS = const(2)
_MAX_OBJECTIVE_STARS = const(1)
_N = const(0)
_NOWHERE = const(255)
_N_BASE_FACTIONS = const(5)
_N_OBJECTIVES = const(23)
_OBJ_BACK = const(57)
_OBJ_NOT_MET = const(31)
_P_COINS_END = const(35)
_P_FACTION = const(0)
_P_FACTORY = const(17)
_P_LAST = const(6)
_P_MAT = const(1)
_P_OBJ_HELD = const(38)
_P_POP = const(3)
_P_POWER = const(2)
_P_STRUCT = const(31)
_P_UNITS = const(18)
_RES0 = const(267)
_SETUP_I = const(5)
_STAGE = const(1)
_STARS_DIRTY = const(56)
_ST_FACTION = const(1)
_ST_OBJ = const(4)
_ST_OVER = const(30)
_ST_SECTION = const(6)
_ST_TILE = const(5)
_TAIL = const(20)
_TILE = const(19)
_U_CHARACTER = const(0)
_U_WORKER = const(5)
_WINNER_MASK = const(62)
_X_CARDS = const(0)
_X_NOT_MET = const(18)
_X_OBJ = const(8)
# -- end of private copies --

RULESET_ID = 2
_DIALS = (_C_COMMIT, _C_COMMIT + 1, _C_COMMIT + 2, _C_COMMIT + 3,
          _C_DIAL, _C_DIAL + 1, _C_CARDS, _C_CARDS + 1, _C_USED, _C_USED + 1)
_SECRETS = {}   # State.SECRET by state size


# ---- setup ------------------------------------------------------------------------------------
def new_game(board, players, model=False, least=2):
    """A new game; model: the model deck plays the cards whose text is unknown (else the
    printed cards, read at the table). least: 1 for the Desolation (cooperative: a player alone
    needs no Automa), else 2 (1 player needs the Automa deck, which the sources do not have)."""
    if not least <= players <= 5:
        raise SetupError("bad_players", players)
    st = State(board)
    s = st.s
    s[_N] = players
    s[_STAGE] = _ST_FACTION
    s[_SETUP_I] = 0
    for p in range(players):
        o = po(p)
        for i in range(_P_UNITS, _P_STRUCT + 4):
            s[o + i] = _NOWHERE
        s[o + _P_FACTORY] = _NOWHERE
        s[o + _P_LAST] = _NOWHERE
        s[o + _P_FACTION] = s[o + _P_MAT] = _NOWHERE
    for i in range(len(board.encounters)):
        s[_ENC + i // 8] |= 1 << (i % 8)
    if model:
        s[x0(st) + _X_CARDS] = _CARDS_MODEL
    st.begin()
    return st


def _dealt(st, field):
    s = st.s
    return [s[po(p) + field] for p in range(s[_SETUP_I])]


def pending_deal(st):
    s = st.s
    if s[_SETUP_I] >= s[_N]:
        s[_SETUP_I] = 0
        s[_STAGE] += 1
        return None
    return (_K_DEAL_FACTION if s[_STAGE] == _ST_FACTION else _K_DEAL_MAT), 255


def legal_deal_faction(st):
    taken = _dealt(st, _P_FACTION)
    return [f for f in range(_N_BASE_FACTIONS) if f not in taken]


def legal_deal_mat(st):
    taken = _dealt(st, _P_MAT)
    return [m for m in TB.BASE_MATS if m not in taken]


def do_deal(st, a):
    s = st.s
    field = _P_FACTION if s[_KIND] == _K_DEAL_FACTION else _P_MAT
    s[po(s[_SETUP_I]) + field] = a
    s[_SETUP_I] += 1


def pending_start(st):
    """Each player: power and combat cards of the faction mat, popularity and coins of the
    player mat, the character on the home base and a worker on each start territory."""
    s = st.s
    b = st.board
    for p in range(s[_N]):
        o = po(p)
        f = faction(st, p)
        s[o + _P_POWER] = faction_byte(st, p, _FA_POWER)
        draw_cards(st, p, faction_byte(st, p, _FA_CARDS))
        s[o + _P_POP] = mat_byte(st, p, _MAT_POP)
        add_coins(st, p, mat_byte(st, p, _MAT_COINS))
        s[o + _P_UNITS + _U_CHARACTER] = b.home[f]
        s[o + _P_UNITS + _U_WORKER] = b.start[2 * f]
        s[o + _P_UNITS + _U_WORKER + 1] = b.start[2 * f + 1]
    s[_STAGE] = _ST_OBJ
    return None


def pending_obj(st):
    """Two objective cards each: counts (their numbers are the players' secret). The model
    deck: each dealt by chance (K_MODEL_OBJECTIVE), player by player, kept in the tail."""
    s = st.s
    if model_cards(st):
        if s[_SETUP_I] < 2 * s[_N]:
            return _K_MODEL_OBJECTIVE, 255
        s[_SETUP_I] = 0
    for p in range(s[_N]):
        s[po(p) + _P_OBJ_HELD] = 2
    s[_STAGE] = _ST_TILE
    return None


# ---- an objective revealed (K_TOP, K_BOTTOM or K_END's O_OBJ1, then its number) -----------
def pending_objective(st):
    return _K_OBJECTIVE, st.s[_ACTIVE]


def legal_model_objective(st):
    """The model objective cards no one holds yet."""
    s = st.s
    x = x0(st) + _X_OBJ
    held = list(s[x:x + 10])   # a list: MicroPython's bytearray has no `in` for an int
    return [c for c in range(_N_OBJECTIVES) if c + 1 not in held]


def do_model_objective(st, a):
    s = st.s
    s[x0(st) + _X_OBJ + s[_SETUP_I]] = a + 1
    s[_SETUP_I] += 1


def legal_objective(st):
    """Printed cards: any number not revealed yet (the card read at the table), or OBJ_NOT_MET
    (the table judged none held met: no star); the model deck: the model cards held whose
    goal is met."""
    if model_cards(st):
        return met_objectives(st, st.s[_ACTIVE])
    return unrevealed_objectives(st) + [_OBJ_NOT_MET]


def do_objective(st, a):
    s = st.s
    if a == _OBJ_NOT_MET:
        s[x0(st) + _X_NOT_MET] = 1   # not asked again this turn
    else:
        reveal_objective(st, s[_ACTIVE], a)
    if s[_STAGE] != _ST_OVER:
        s[_STAGE] = s[_OBJ_BACK]


def pending_tile(st):
    return _K_DEAL_TILE, 255


def legal_tile(st):
    return list(range(len(TB.STRUCTURE_BONUS)))


def do_tile(st, a):
    """The tile; then the player whose mat has the lowest number starts."""
    s = st.s
    s[_TILE] = a
    s[_ACTIVE] = min(range(s[_N]), key=lambda p: mat_byte(st, p, _MAT_ORDER))
    s[_STAGE] = _ST_SECTION


def _over(st):
    if not st.s[_WINNER_MASK]:   # scored once: there is always a winner
        score(st)
    return _K_OVER, 255


_PENDING = (
    None,
    pending_deal, pending_deal, pending_start, pending_obj, pending_tile,
    T.pending_section, TR.pending_top,
    M.pending_move_unit, M.pending_move_to, M.pending_carry,
    TR.pending_trade_res, TR.pending_place, TR.pending_produce, T.pending_pay, BR.pending_bottom,
    BR.pending_upgrade_top, BR.pending_upgrade_bottom, BR.pending_deploy_mech, BR.pending_deploy_at,
    BR.pending_build_which, BR.pending_build_at, BR.pending_enlist_section, BR.pending_enlist_bonus,
    BR.pending_bottom_done,
    CB.pending_combats, CB.pending_dial, CB.pending_card, M.pending_after_move,
    T.pending_end_turn, _over,
    CB.pending_pre_combat, E.pending_term, E.pending_amount, M.pending_factory, CB.pending_retreat,
    pending_objective, E.pending_enc_draw, E.pending_enc_option,
)
_LEGAL = (
    None,
    legal_deal_faction, legal_deal_mat, legal_model_objective, legal_objective, legal_tile,
    T.legal_section, TR.legal_top, M.legal_move_unit, M.legal_move_to, M.legal_carry,
    TR.legal_trade_res, TR.legal_place, TR.legal_produce, T.legal_pay, BR.legal_bottom,
    BR.legal_upgrade_top, BR.legal_upgrade_bottom, BR.legal_deploy_mech, BR.legal_deploy_at,
    BR.legal_build_which, BR.legal_build_at, BR.legal_enlist_section, BR.legal_enlist_bonus,
    CB.legal_combat_at, CB.legal_dial, CB.legal_card,
    CB.legal_artillery, E.legal_enc_draw, E.legal_term, E.legal_amount, M.legal_factory, None, T.legal_end,
    CB.legal_retreat, E.legal_enc_option,
)
_DO = (
    None,
    do_deal, do_deal, do_model_objective, do_objective, do_tile,
    T.do_section, TR.do_top, M.do_move_unit, M.do_move_to, M.do_carry,
    TR.do_trade_res, TR.do_place, TR.do_produce, T.do_pay, BR.do_bottom,
    BR.do_upgrade_top, BR.do_upgrade_bottom, BR.do_deploy_mech, BR.do_deploy_at,
    BR.do_build_which, BR.do_build_at, BR.do_enlist_section, BR.do_enlist_bonus,
    CB.do_combat_at, CB.do_dial, CB.do_card,
    CB.do_artillery, E.do_enc_draw, E.do_term, E.do_amount, M.do_factory, None, T.do_end,
    CB.do_retreat, E.do_enc_option,
)


class State(GameState):
    RULESET = RULESET_ID
    TERMINAL_KIND = _K_OVER
    MANUAL = ()
    COMBAT_STARS = _MAX_COMBAT_STARS   # combat stars a player may place (War: 4; fenris.py)
    # Peace (fenris.py): the offset of each player's third model objective slot; not 0: Peace's
    # objectives (2 stars, a draw after each, Saxony holds 3, #23 out: common, check, infoset).
    OBJ_DRAW = 0
    OBJECTIVE_STARS = _MAX_OBJECTIVE_STARS   # objective stars (Peace: 2, Tiles: the objective tiles)
    LEGAL = _LEGAL
    DO = _DO
    PENDING = _PENDING
    # What the table must not see (public_bytes): the dials and the cards behind them before
    # the reveal, as pie fights, and the model objective cards held (the model deck; printed
    # cards: none, those bytes stay 0). The hands are counts (the board never holds a printed
    # card's value before it is shown), so in a printed-cards game public_bytes() is
    # to_bytes() outside a combat's dials. SECRET is a property: the tail's offsets follow the
    # board's spaces.
    @property
    def SECRET(self):
        n = len(self.s)
        t = _SECRETS.get(n)
        if t is None:
            x = n - _TAIL + _X_OBJ
            t = _SECRETS[n] = _DIALS + tuple(range(x, x + 10))
        return t

    @staticmethod
    def size(board):
        return _RES0 + 4 * board.n_spaces + _TAIL   # layout.size(), without loading layout.py

    @classmethod
    def from_bytes(cls, board, data):
        """GameState.from_bytes; a save from before the tail (layout.TAIL) reads with a tail of
        zeros: the printed cards, as it was played."""
        from ..framing import frame, unframe

        old = _RES0 + 4 * board.n_spaces
        if len(data) == old + 11:   # framing: 7 bytes of head, 4 of checksum
            data = frame(RULESET_ID, board.n_spaces, unframe(data, RULESET_ID, board.n_spaces, old)
                         + bytes(_TAIL), ())
        st = cls(board, data=unframe(data, RULESET_ID, board.n_spaces, cls.size(board)))
        if data[2] < 2 and getattr(st, "INFRA", 0):   # (framing.FORMAT 2: the mods kept as bits)
            from .fenris_infra import from_format1

            from_format1(st)
        problem = st._load_check()
        if problem:
            from ..errors import CorruptStateError

            raise CorruptStateError("corrupt_state", problem)
        return st

    def model_cards(self):
        """True in a game played with the model deck (common.model_cards)."""
        return model_cards(self)

    def _with_bytes(self, data):
        return State(self.board, data)

    def _interrupt(self):
        """Before any decision: stars for goals met (the active player first, then
        clockwise; not while a bottom-row action is being resolved)."""
        s = self.s
        stage = s[_STAGE]
        if stage == _ST_OVER:
            return None
        if stage >= _ST_SECTION and not s[_DEFER] and s[_STARS_DIRTY]:
            s[_STARS_DIRTY] = 0
            order = seats(self)
            i = order.index(s[_ACTIVE])
            for k in range(len(order)):
                if place_stars(self, order[(i + k) % len(order)]):
                    return None
        return None

    def check(self):
        from .check import check

        return check(self)

    # ---- reading ----------------------------------------------------------------------
    def n_players(self):
        return self.s[_N]

    def active_player(self):
        return self.s[_ACTIVE]

    def winners(self):
        m = self.s[_WINNER_MASK]
        return tuple(p for p in range(self.s[_N]) if (m >> p) & 1) if self.is_terminal() else ()

    def fortune(self, p):
        o = po(p) + _P_COINS_END
        return self.s[o] | (self.s[o + 1] << 8)
