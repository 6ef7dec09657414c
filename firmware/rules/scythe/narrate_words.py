# Scythe's options in words, one set for the log (narrate.py: the page and the laptop) and the
# laptop's view (host_tools/views/scythe.py describe()): the top- and bottom-row options with
# their costs and gains now, which unit on which hex, resources, structures, recruits, mechs,
# the done and skip options. Loaded only by the hosts that show words (like narrate.py): a
# board never imports it. Words: narrate_text.py (English) and narrate_text_es.py.
from firmware.rules import narrate as N
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe import tables as TB
from firmware.rules.scythe.bottom_row import bottom_cost
from firmware.rules.scythe.common import faction, mat_byte, po, res, upgraded
from firmware.rules.scythe.top_row import _yield as produce_yield
from firmware.rules.scythe.top_row import produce_cost

from firmware.rules.scythe import content_model as CM

_W = "firmware.rules.scythe.narrate_text"
# a one-time or ongoing bonus (content.OT_*) of k
_BONUS = ("n_power", "n_coins", "n_popularity", "n_cards")


def w(key, *args):
    return N.say(_W, key, *args)


def plural(key, n):
    """A (one, many) pair of `key` for n: plural("n_coins", 2) -> "2 coins"."""
    pair = w(key)
    return (pair[0] if n == 1 else pair[1]) % n


def joined(parts):
    return w("and").join(parts)


def hex_words(st, x):
    """A space by the shared map's hex id (space + 1) and its terrain: "hex 41 (mountain)"."""
    t = st.board.terrain[x] if 0 <= x < len(st.board.terrain) else 0
    return w("hex", x + 1, w("terrain")[t])


def unit_word(u):
    if u == L.U_CHARACTER:
        return w("character")
    return w("mech_word") if u < L.U_WORKER else w("worker")


def _kind_of(u):
    return 0 if u == L.U_CHARACTER else (1 if u < L.U_WORKER else 2)


def unit_at(st, p, u, among=()):
    """"worker on hex 51 (mountain)"; "worker (1 of 2) on hex 51 (mountain)" when `among` (the
    options) holds others of its kind on the same hex."""
    s = st.s
    if u == L.U_TESLA:   # his finder's unit (fenris_tesla.py)
        from .fenris_tesla import at

        return w("unit_on", w("tesla"), hex_words(st, at(st)))
    o = po(p) + L.P_UNITS
    x = s[o + u]
    if x == L.NOWHERE:
        return w("unit_off", unit_word(u))
    kind = _kind_of(u)
    same = [v for v in among if v < L.N_UNITS and _kind_of(v) == kind and s[o + v] == x]
    if len(same) > 1 and u in same:
        return w("unit_n_on", unit_word(u), same.index(u) + 1, len(same), hex_words(st, x))
    return w("unit_on", unit_word(u), hex_words(st, x))


def _section(st, p, a):
    if a == L.FACTORY_SECTION:
        return w("factory_section")
    if a > L.FACTORY_SECTION:   # Vesna's starting Factory cards (fenris_vesna.py)
        from .fenris_vesna import cards

        return w("vesna_card_section", cards(st)[a - L.FACTORY_SECTION - 1] + 1)
    return w("section", a + 1, w("top")[mat_byte(st, p, C.MAT_TOP + a)], w("bottom")[a])


def _top(st, p, a):
    """A top-row option from the player's mat and upgrades: "Trade: pay 1 coin, gain 2
    resources"."""
    s = st.s
    section = s[L.SECTION]
    if section == L.FACTORY_SECTION:
        if a == L.O_FIRST and st.model_cards():
            c = s[po(p) + L.P_FACTORY]
            if getattr(st, "VESNA", 0):   # her starting card in use (fenris_vesna.py)
                from .fenris_vesna import card_in_use

                c = card_in_use(st, p)
            return w("model_factory_top", terms_words(CM.factory(c)))
        return w("factory_top") if a == L.O_FIRST else w("skip", w("factory_section"))
    act = mat_byte(st, p, C.MAT_TOP + section)
    word = w("top")[act]
    if a == L.O_SKIP:
        return w("skip", word)
    if act == C.TA_MOVE:
        if a == L.O_FIRST:
            said = w("move_units", plural("n_units", 2 + upgraded(st, p, C.UP_MOVE_UNITS)))
        else:
            said = w("gain", plural("n_coins", 1 + upgraded(st, p, C.UP_MOVE_COINS)))
    elif act == C.TA_PRODUCE:
        pw, pop, cn = produce_cost(st, p)
        cost = [plural(key, k) for key, k in (("n_power", pw), ("n_popularity", pop), ("n_coins", cn)) if k]
        where = plural("n_territories", 2 + upgraded(st, p, C.UP_PRODUCE))
        said = w("pay_produce", joined(cost), where) if cost else w("produce", where)
    else:
        built = s[po(p) + L.P_STRUCT + act] != L.NOWHERE   # the Armory (Trade), the Monument (Bolster)
        if act == C.TA_TRADE:
            gain = [plural("n_resources", 2) if a == L.O_FIRST else
                    plural("n_popularity", 1 + upgraded(st, p, C.UP_TRADE_POP))]
            if built:
                gain.append(w("armory", plural("n_power", 1)))
        else:
            gain = [plural("n_power", 2 + upgraded(st, p, C.UP_BOLSTER_POWER)) if a == L.O_FIRST else
                    plural("n_cards", 1 + upgraded(st, p, C.UP_BOLSTER_CARDS))]
            if built:
                gain.append(w("monument", plural("n_popularity", 1)))
        said = w("pay_gain", plural("n_coins", 1), joined(gain))
    return w("labelled", word, said)


def _bottom(st, p, a):
    """A bottom-row option: skip it, or the action with its cost now and what it gives."""
    s = st.s
    b = s[L.SECTION]
    if a == L.O_SKIP:
        return w("skip", w("factory_section") if b == L.FACTORY_SECTION else w("bottom")[b % 4])
    if b == L.FACTORY_SECTION:
        return w("factory_bottom")
    cost = bottom_cost(st, p, b)
    pay = w("of_res", cost, w("resource")[b]) if cost > 0 else w("nothing")
    gain = [w("bottom_gives")[b]]
    k = mat_byte(st, p, C.MAT_BOTTOM + 3 * b + 2)
    if k:
        gain.append(plural("n_coins", k))
    if (s[po(p) + L.P_RECRUITS] >> b) & 1:
        gain.append(w("recruit_bonus", plural(_BONUS[TB.ONGOING[b]], 1)))
    return w("bottom_opt", w("bottom")[b], pay, ", ".join(gain))


def opponents_on(st, p, x, fighters=True):
    """The factions other than p with a character or mech (fighters) or any unit on x."""
    s = st.s
    out = []
    for q in range(st.n_players()):
        if q == p:
            continue
        o = po(q) + L.P_UNITS
        for u in range(L.U_WORKER if fighters else L.N_UNITS):
            if s[o + u] == x:
                out.append(C.FACTION_NAMES[faction(st, q)])
                break
    return out


def _space(st, p, a):
    foes = opponents_on(st, p, a)
    return w("combat_with", hex_words(st, a), joined(foes)) if foes else hex_words(st, a)


def _mech(st, p, a):
    """Mech a + 1 with its ability's name on the faction mat, or the Mech Mod over it (proper
    names)."""
    flags = TB.MECH_ABILITIES[4 * faction(st, p) + a]
    if getattr(st, "MECHMODS", 0) or getattr(st, "VESNA", 0):
        from .fenris_mods import slot

        if slot(st, p, a) >= 0:
            flags = 1 << slot(st, p, a)
    names = C.MECH_NAMES
    for i in range(len(names)):
        if flags == 1 << i:
            return w("mech_ability", a + 1, names[i])
    return w("mech", a + 1)


def _produce_at(st, p, a):
    if a == L.SPACE_DONE:
        return w("done_producing")
    what, n = produce_yield(st, p, a)
    gives = plural("n_workers", n) if what == C.PRODUCE_WORKER else w("of_res", n, w("resource")[what])
    return w("produce_at", hex_words(st, a), gives)


def seat(st, p):
    """"Seat 2 (Nordic)"."""
    f = faction(st, p) if 0 <= p < st.n_players() else 255
    return w("seat", N.seat(p), C.FACTION_NAMES[f]) if f < len(C.FACTION_NAMES) else N.seat(p)


def option(st, a):
    """Option `a` of the pending decision in words."""
    k = st.decision()
    s = st.s
    p = s[L.ACTIVE]
    if k == L.K_DEAL_FACTION:
        return C.FACTION_NAMES[a]
    if k == L.K_DEAL_MAT:
        return w("mat", C.MAT_NAMES[a])
    if k == L.K_OBJECTIVE or k == L.K_EXTRA_OBJ:   # (Episode 1: the card revealed beside the track)
        if a == L.OBJ_NOT_MET:
            return w("not_met")
        said = w("model_objective", a + 1, objective_goal(a)) if st.model_cards() else w("objective", a)
        if k == L.K_EXTRA_OBJ:
            return w("extra_revealed", said)
        if getattr(st, "EXTRAOBJ", 0) and a == s[len(s) - L.TAIL - L.F_SIZE + L.F_EXTRA] - 1:
            return w("extra_star", said)
        return said
    if k == L.K_ENC_OPTION:
        if a == L.ENC_DONE:
            return w("model_done")
        x = len(s) - L.TAIL
        return w("model_option", a + 1, s[x + L.X_CARD] + 1, terms_words(CM.encounter(s[x + L.X_CARD], a)))
    if k == L.K_DEAL_TILE:
        return w("tile", a)
    if k == L.K_TRIUMPH_TILE:   # The Rise of Fenris: fenris.TILES' index
        from .fenris_track import TILES
        from .panel import category_name

        return w("triumph_tile", category_name(TILES[a]))
    if k == L.K_RIVAL:   # Rivals: a seat, or RIVAL_DONE
        return w("rival_done") if a == L.RIVAL_DONE else w("rival_base", seat(st, a))
    if k == L.K_RIVAL_STAR:
        return w("rival_supply") if a == L.RIVAL_SUPPLY else w("rival_from", seat(st, a))
    if k == L.K_ALLY_PROPOSE:   # Alliances: a seat, or ALLY_NONE
        return w("ally_none") if a == L.ALLY_NONE else w("ally_to", seat(st, a))
    if k == L.K_ALLY_ANSWER:
        return w("ally_answer")[a]
    if k == L.K_ALLY_COINS:
        return w("ally_coins", a)
    if (k == L.K_MOD_DRAWN or k == L.K_INFRA_DRAWN) and a == L.MODS_DONE:   # `owned`: the log's last
        return w("mods_done", seat(st, s[L.SETUP_I]))
    if k == L.K_MOD_DRAWN:   # Mech Mods: the mod's ability bit
        return w("mod_drawn", C.MECH_NAMES[a])
    if k == L.K_MOD_SLOT:
        return w("mod_skip") if a == L.MOD_SKIP else w("mod_over", _mech(st, st.s[L.SETUP_I], a))
    if k == L.K_VESNA_CARD:   # Vesna: a Factory card's number (0-11)
        return w("vesna_card", a + 1)
    if k == L.K_VESNA_TOKEN:   # Vesna: a mech ability token's bit
        return w("vesna_token", C.MECH_NAMES[a])
    if k == L.K_VESNA_POWER:
        return plural("n_power", a)
    if k == L.K_VESNA_CARDS:
        return plural("n_cards", a)
    if k == L.K_VESNA_MOD:   # Vesna's own Mech Mod: kept for her choice with her tokens, or set aside
        from .fenris_vesna import asked_mod

        return w("vesna_mod")[a] % C.MECH_NAMES[asked_mod(st)]
    if k == L.K_VESNA_SLOT:
        return w("vesna_skip") if a == L.MOD_SKIP else w("mod_over", _mech(st, st.current_player(), a))
    if k == L.K_SETUP_BONUS:   # a campaign's Setup Bonus: SETUP_I = 3 * seat + (coins, power, popularity)
        what = ("n_coins", "n_power", "n_popularity")[s[L.SETUP_I] % 3]
        return w("setup_bonus", seat(st, s[L.SETUP_I] // 3), plural(what, a))
    if k == L.K_PERK:   # a campaign's Perk (fenris_perks.py; campaign_text's names)
        from .campaign_text import words as perk_words

        name = perk_words("no_perk") if a == L.PERK_NONE else perk_words("perks")[a]
        return w("perk_of", seat(st, s[L.SETUP_I]), name)
    if k == L.K_PERK_RES:
        return w("resource")[a]
    if k == L.K_PERK_AT:
        return hex_words(st, a)
    if k == L.K_TESLA_START:   # Episode 8a: Tesla's finder
        return w("tesla_start", seat(st, a))
    if k == L.K_DEAL_BASE:   # Fenris: a printed home base (board.FACTIONS' order)
        return w("base_of", C.FACTION_NAMES[a])
    if k == L.K_INFLUENCE:   # (the character's territory, or Tesla's once the character's is asked)
        return w("influence" if s[L.MOVED] & 1 else "influence_tesla")[a]
    if k == L.K_HORRIFY:   # Horrify: tokens to the opponent forced back (F_HORRIFY's low bits)
        q = (s[len(s) - L.TAIL - L.F_SIZE + L.F_HORRIFY] & 7) - 1
        return w("horrify", plural("n_influence", a), seat(st, q))
    if k == L.K_INFLUENCE_AT:
        return w("influence_done") if a == L.SPACE_DONE else hex_words(st, a)
    if k == L.K_ANN_ROLL or k == L.K_ANN_DIE or k == L.K_SEEN_CARD and getattr(st, "FORTRESS", 0):
        return w("ann_roll" if k == L.K_ANN_ROLL else "ann_die" if k == L.K_ANN_DIE else "ann_card",
                 a if k != L.K_SEEN_CARD else a + 2)   # Episode 5's Annihilator
    if k == L.K_PLEA_DRAW:   # Episode 3: the Vesna card among the X drawn (X: the searcher's tokens)
        from .fenris_plea import deck, tokens

        return w("plea_draw")[a] % min(tokens(st, s[L.ACTIVE]), deck(st))
    if k == L.K_PLEA_CARD:
        return w("plea_none") if a == L.SPACE_DONE else w("plea_card", a)   # (as K_FACTORY_CARD says it)
    if k == L.K_AGENT_PAY or k == L.K_SEEN_CARD and getattr(st, "AGENTS", 0):   # Episode 4's agents
        return _agents(st, k, a)
    if L.K_DES_DIRECTION <= k < L.K_TESLA_START or k == L.K_SEEN_CARD and getattr(st, "DESOLATION", 0):
        return _des(st, k, a)
    if k == L.K_SEEN_CARD or k == L.K_MT_DIRECTION or k == L.K_MT_DIE:   # Mad Tesla
        return _mad(st, k, a)
    if k == L.K_INFRA_DRAWN:   # Infrastructure Mods: content.INFRA_NAMES' index
        return w("infra_drawn", C.INFRA_NAMES[a])
    if k == L.K_INFRA_KEEP:
        return w("infra_keep")[a]
    if k in (L.K_TOP, L.K_BOTTOM) and a == L.O_INFRA and getattr(st, "INFRA", 0) and (
            k == L.K_BOTTOM or mat_byte(st, p, C.MAT_TOP + st.s[L.SECTION]) == C.TA_PRODUCE):
        if k == L.K_BOTTOM:   # the bottom-row action's mod (its index: the section's action)
            return w("infra_free", w("bottom")[st.s[L.SECTION]], C.INFRA_NAMES[st.s[L.SECTION]])
        return w("infra_twice", _top(st, p, L.O_FIRST), C.INFRA_NAMES[C.INFRA_AUTOMACHINES])
    if k == L.K_SECTION:
        return _section(st, p, a)
    if k in (L.K_TOP, L.K_BOTTOM, L.K_END) and a == L.O_OBJ1:
        return w("obj")
    if k == L.K_TOP:
        return _top(st, p, a)
    if k == L.K_BOTTOM:
        return _bottom(st, p, a)
    if k == L.K_END:
        return w("end_turn")
    if k == L.K_MOVE_UNIT:
        return w("done_moving") if a == L.MOVE_DONE else unit_at(st, p, a, st.legal_actions())
    if k == L.K_MOVE_TO:
        return w("stay") if a == L.SPACE_DONE else _space(st, p, a)
    if k == L.K_PRODUCE_AT:
        return _produce_at(st, p, a)
    if k == L.K_COMBAT_AT and a != L.SPACE_DONE:
        return _space(st, p, a)
    if k in (L.K_PLACE, L.K_DEPLOY_AT, L.K_BUILD_AT, L.K_COMBAT_AT, L.K_RETREAT, L.K_MT_RETREAT):
        return w("done") if a == L.SPACE_DONE else hex_words(st, a)
    return _other(st, p, k, a)


def _agents(st, k, a):
    """A card drawn for Episode 4's Fenris agents; the power, then the popularity (and the coins,
    the rest) paid to subdue them."""
    if k == L.K_SEEN_CARD:
        return w("agent_card", a + 2)
    x = len(st.s) - L.TAIL - L.F_SIZE
    if st.s[x + L.F_AG_STEP] == L.AG_POWER:
        return w("agent_power", plural("n_power", a))
    return w("agent_rest", a, st.s[x + L.F_AG_OWED] - a)


def _mad(st, k, a):
    from . import fenris_mad_tesla as MT

    if k == L.K_SEEN_CARD:
        return w("seen_card", a + 2)
    if k == L.K_MT_DIRECTION:
        return w("mt_direction", w("mt_dirs")[a], hex_words(st, MT.step(st.board, MT.at(st), a)))
    return w("mt_die", a, MT.base_power(st) + a)


def _des(st, k, a):
    """The Desolation's decisions: its card, its direction and die, a combat's dial, cards, dialer,
    star and order."""
    s = st.s
    f = len(s) - L.TAIL - L.F_SIZE
    if k == L.K_SEEN_CARD:
        return w("des_card", a + 2, min(16, s[f + L.F_DES_POWER] + a + 2))
    if k == L.K_DES_DIRECTION:
        return w("des_direction", w("mt_dirs")[a])
    if k == L.K_DES_DIE:
        return w("des_die", a, s[f + L.F_DES_POWER] + a)
    if k == L.K_DES_DIAL:
        return plural("n_power", a)
    if k == L.K_DES_CARD:
        return w("card", a) if a else w("no_card")
    if k == L.K_DES_COMBAT_AT:
        return hex_words(st, a)
    return seat(st, a)   # who dials, who places the combat star


def _other(st, p, k, a):
    s = st.s
    if k == L.K_PAY_FROM:
        if a >= L.PAY_CARD:
            return w("card", a - L.PAY_CARD)
        r = s[L.PAY_TYPE] % 4
        return w("pay_from", w("resource")[r], hex_words(st, a), res(st, a, r))
    if k == L.K_CARRY:
        i = s[L.CARRY_I]
        what = plural("n_workers", a) if i == 0 else w("of_res", a, w("resource")[(i - 1) % 4])
        return w("carry", what)
    if k == L.K_TRADE_RES:
        return w("resource")[a]
    if k == L.K_UPGRADE_TOP:
        return w("upgrade")[a]
    if k == L.K_UPGRADE_BOTTOM:
        cost = bottom_cost(st, p, a)
        return w("upgrade_bottom", w("bottom")[a], cost, cost - 1, w("resource")[a])
    if k == L.K_ENLIST_SECTION:
        return w("enlist_section", w("bottom")[a], plural(_BONUS[TB.ONGOING[a]], 1))
    if k == L.K_DEPLOY_MECH:
        return _mech(st, p, a)
    if k == L.K_BUILD_WHICH:
        return w("build_under", w("structure")[a], w("top")[a])
    if k == L.K_ENLIST_BONUS:
        return w("enlist_bonus", plural(_BONUS[a], C.ONE_TIME_AMOUNT))
    if k == L.K_DIAL:
        return w("power", a)
    if k == L.K_CARD:
        return w("no_card") if a == 0 else w("card", a)
    if k == L.K_ARTILLERY:
        return w("artillery")[1 if a else 0]
    terms = w("term")
    if k == L.K_TERM:
        return terms[a] if a < len(terms) else str(a)
    if k == L.K_AMOUNT and 0 < s[L.TERM] < L.N_TERMS:
        return w("amount", a, terms[s[L.TERM]])
    if k == L.K_FACTORY_CARD:
        if st.model_cards():
            return w("model_factory_card", a + 1, terms_words(CM.factory(a)))
        return w("factory_card", a)
    return str(a)


def terms_words(terms):
    """A model option's terms in words: "pay coins 2, Upgrade (free)"."""
    names = w("term")
    return ", ".join(names[t] + (" %d" % a if a else "") for t, a in terms)


def objective_goal(g):
    """A model objective's goal in words: "3 upgrades and 2 mechs"."""
    goal = CM.MODEL_OBJECTIVES[4 * g:4 * g + 4]
    m = w("measure")
    if goal[0] == goal[2]:
        return m[goal[0]] % goal[1]
    return joined([m[goal[0]] % goal[1], m[goal[2]] % goal[3]])
