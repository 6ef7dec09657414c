# Scythe (the base game) on the generic core (firmware/rules/core.py): the State, setup for
# 2-5 players (faction and player mats, objective cards, the structure bonus tile and combat
# cards dealt by chance decisions), the queue of card draws and stars before every decision,
# and the tables of the phase modules turn.py and move.py.
from ..core import GameState
from ..errors import SetupError
from . import content as C
from . import layout as L
from . import encounter as E
from . import move as M
from . import turn as T
from .score import score
from .common import add_coins, faction, mat, owe_cards, place_stars, po, seats

RULESET_ID = 2


# ---- setup ------------------------------------------------------------------------------------
def new_game(board, players):
    if not 2 <= players <= 5:
        # 1 player needs the Automa deck, which the sources do not have.
        raise SetupError("bad_players", players)
    st = State(board)
    s = st.s
    s[L.N] = players
    s[L.STAGE] = L.ST_FACTION
    s[L.SETUP_I] = 0
    for i in range(4):
        s[L.DECK + i] = C.COMBAT_CARDS[i]
    for p in range(players):
        o = po(p)
        for i in range(L.P_UNITS, L.P_STRUCT + 4):
            s[o + i] = L.NOWHERE
        s[o + L.P_OBJ] = s[o + L.P_OBJ + 1] = s[o + L.P_FACTORY] = L.NOWHERE
        s[o + L.P_LAST] = L.NOWHERE
        s[o + L.P_FACTION] = s[o + L.P_MAT] = L.NOWHERE
    for i in range(len(board.encounters)):
        s[L.ENC + i // 8] |= 1 << (i % 8)
    st.begin()
    return st


def _dealt(st, field):
    s = st.s
    return [s[po(p) + field] for p in range(s[L.SETUP_I])]


def pending_deal(st):
    s = st.s
    if s[L.SETUP_I] >= s[L.N]:
        s[L.SETUP_I] = 0
        s[L.STAGE] += 1
        return None
    return (L.K_DEAL_FACTION if s[L.STAGE] == L.ST_FACTION else L.K_DEAL_MAT), 255


def legal_deal_faction(st):
    taken = _dealt(st, L.P_FACTION)
    return [f for f in range(C.N_BASE_FACTIONS) if f not in taken]


def legal_deal_mat(st):
    taken = _dealt(st, L.P_MAT)
    return [m for m in C.BASE_MATS if m not in taken]


def do_deal(st, a):
    s = st.s
    field = L.P_FACTION if s[L.KIND] == L.K_DEAL_FACTION else L.P_MAT
    s[po(s[L.SETUP_I]) + field] = a
    s[L.SETUP_I] += 1


def pending_start(st):
    """Each player: power and combat cards of the faction mat, popularity and coins of the
    player mat, the character on the home base and a worker on each start territory."""
    s = st.s
    b = st.board
    for p in range(s[L.N]):
        o = po(p)
        f = faction(st, p)
        row = C.FACTIONS[f]
        s[o + L.P_POWER] = row[1]
        owe_cards(st, p, row[2])
        s[o + L.P_POP] = mat(st, p)[2]
        add_coins(st, p, mat(st, p)[3])
        s[o + L.P_UNITS + L.U_CHARACTER] = b.home[f]
        s[o + L.P_UNITS + L.U_WORKER] = b.start[2 * f]
        s[o + L.P_UNITS + L.U_WORKER + 1] = b.start[2 * f + 1]
    s[L.STAGE] = L.ST_OBJ
    return None


def pending_obj(st):
    s = st.s
    if s[L.SETUP_I] >= 2 * s[L.N]:
        s[L.STAGE] = L.ST_TILE
        return None
    return L.K_DEAL_OBJECTIVE, 255


def legal_obj(st):
    s = st.s
    return [c for c in range(C.N_OBJECTIVES) if not (s[L.OBJ_OUT + c // 8] >> (c % 8)) & 1]


def do_obj(st, a):
    s = st.s
    i = s[L.SETUP_I]
    s[po(i // 2) + L.P_OBJ + i % 2] = a
    s[L.OBJ_OUT + a // 8] |= 1 << (a % 8)
    s[L.SETUP_I] = i + 1


def pending_tile(st):
    return L.K_DEAL_TILE, 255


def legal_tile(st):
    return list(range(len(C.STRUCTURE_BONUS)))


def do_tile(st, a):
    """The tile; then the player whose mat has the lowest number starts."""
    s = st.s
    s[L.TILE] = a
    s[L.ACTIVE] = min(range(s[L.N]), key=lambda p: mat(st, p)[1])
    s[L.STAGE] = L.ST_SECTION


# ---- combat card draws ----------------------------------------------------------------------
def legal_draw(st):
    return [2 + i for i in range(4) if st.s[L.DECK + i]]


def do_draw(st, a):
    s = st.s
    for p in range(s[L.N]):
        o = po(p)
        if s[o + L.P_OWED]:
            s[o + L.P_OWED] -= 1
            s[L.DECK + a - 2] -= 1
            s[o + L.P_HAND + a - 2] += 1
            return


def _drawer(st):
    """The first player owed a combat card (the deck refilled from the discard pile first;
    with neither, the draw is lost), or None."""
    s = st.s
    for p in range(s[L.N]):
        o = po(p) + L.P_OWED
        if not s[o]:
            continue
        if not any(s[L.DECK:L.DECK + 4]):
            for i in range(4):
                s[L.DECK + i] = s[L.DISCARD + i]
                s[L.DISCARD + i] = 0
        if not any(s[L.DECK:L.DECK + 4]):
            s[o] = 0
            continue
        return p
    return None


def _over(st):
    if not st.s[L.WINNER_MASK]:   # scored once: there is always a winner
        score(st)
    return L.K_OVER, 255


_PENDING = (
    None,
    pending_deal, pending_deal, pending_start, pending_obj, pending_tile,
    T.pending_section, T.pending_top,
    M.pending_move_unit, M.pending_move_to, M.pending_carry,
    T.pending_trade_res, T.pending_place, T.pending_produce, T.pending_pay, T.pending_bottom,
    T.pending_upgrade_top, T.pending_upgrade_bottom, T.pending_deploy_mech, T.pending_deploy_at,
    T.pending_build_which, T.pending_build_at, T.pending_enlist_section, T.pending_enlist_bonus,
    T.pending_bottom_done,
    M.pending_combats, M.pending_dial, M.pending_card, M.pending_after_move,
    T.pending_end_turn, _over,
    M.pending_pre_combat, E.pending_term, E.pending_amount,
)
_LEGAL = (
    None,
    legal_deal_faction, legal_deal_mat, legal_draw, legal_obj, legal_tile,
    T.legal_section, T.legal_top, M.legal_move_unit, M.legal_move_to, M.legal_carry,
    T.legal_trade_res, T.legal_place, T.legal_produce, T.legal_pay, T.legal_bottom,
    T.legal_upgrade_top, T.legal_upgrade_bottom, T.legal_deploy_mech, T.legal_deploy_at,
    T.legal_build_which, T.legal_build_at, T.legal_enlist_section, T.legal_enlist_bonus,
    M.legal_combat_at, M.legal_dial, M.legal_card,
    M.legal_artillery, M.legal_steal, E.legal_term, E.legal_amount, None,
)
_DO = (
    None,
    do_deal, do_deal, do_draw, do_obj, do_tile,
    T.do_section, T.do_top, M.do_move_unit, M.do_move_to, M.do_carry,
    T.do_trade_res, T.do_place, T.do_produce, T.do_pay, T.do_bottom,
    T.do_upgrade_top, T.do_upgrade_bottom, T.do_deploy_mech, T.do_deploy_at,
    T.do_build_which, T.do_build_at, T.do_enlist_section, T.do_enlist_bonus,
    M.do_combat_at, M.do_dial, M.do_card,
    M.do_artillery, M.do_steal, E.do_term, E.do_amount, None,
)


class State(GameState):
    RULESET = RULESET_ID
    TERMINAL_KIND = L.K_OVER
    MANUAL = ()
    LEGAL = _LEGAL
    DO = _DO
    PENDING = _PENDING
    # What the table must not see: combat cards in hands and in the deck (their values),
    # the objective cards held, and a dial and its cards before the reveal.
    SECRET = tuple(L.P0 + p * L.PSZ + L.P_HAND + i for p in range(5) for i in range(4)) + \
        tuple(L.P0 + p * L.PSZ + L.P_OBJ + i for p in range(5) for i in range(2)) + \
        tuple(L.DECK + i for i in range(4)) + (L.C_DIAL, L.C_DIAL + 1, L.C_CARDS, L.C_CARDS + 1)

    @staticmethod
    def size(board):
        return L.size(board.n_spaces)

    def _with_bytes(self, data):
        return State(self.board, data)

    def _interrupt(self):
        """Before any decision: stars for goals met (the active player first, then
        clockwise; not while a bottom-row action is being resolved), then combat cards
        owed."""
        s = self.s
        stage = s[L.STAGE]
        if stage == L.ST_OVER:
            return None
        if stage >= L.ST_SECTION and not s[L.DEFER]:
            order = seats(self)
            i = order.index(s[L.ACTIVE])
            for k in range(len(order)):
                if place_stars(self, order[(i + k) % len(order)]):
                    return None
        if stage >= L.ST_START and _drawer(self) is not None:
            return L.K_DRAW_CARD, 255
        return None

    def chance_outcomes(self):
        s = self.s
        if s[L.KIND] == L.K_DRAW_CARD:
            return [(a, s[L.DECK + a - 2]) for a in self.legal_actions()]
        if s[L.KIND] == L.K_STEAL:
            return M.steal_weights(self)
        return [(a, 1) for a in self.legal_actions()]

    def check(self):
        from .check import check

        return check(self)

    # ---- reading ----------------------------------------------------------------------
    def n_players(self):
        return self.s[L.N]

    def active_player(self):
        return self.s[L.ACTIVE]

    def winners(self):
        m = self.s[L.WINNER_MASK]
        return tuple(p for p in range(self.s[L.N]) if (m >> p) & 1) if self.is_terminal() else ()

    def fortune(self, p):
        o = po(p) + L.P_COINS_END
        return self.s[o] | (self.s[o + 1] << 8)
