# Quests, and the effects of cards and Make actions. After the Move and its pie fights, a
# Seeker of the active player on a space with a quest token must take it and a card is
# drawn (both Seekers on tokens: the player picks the order; declining is only by No
# Thanks on the card). The card's two options or No Thanks
# (back to the bottom of the deck); an option whose text is unknown is stated term by term
# on the dial from the printed card, or in a model-deck game is the model card's
# (State.quest_card). Then the option's effect terms ("ops": pay, gain, give, discard, draw
# spells, ...) run one by one. Bake, Conjure and Power Up are ops too; Power Up's term
# draws 3 tiles from a pile and keeps 1.
from ..compat import const
from ..framing import popcount

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_ACTIVE = const(4)
_E_GAIN_APPLES = const(3)
_E_GAIN_FRIENDSHIP = const(9)
_E_GAIN_GEMS = const(4)
_E_GAIN_PIES = const(7)
_E_GAIN_SPELLS = const(11)
_E_GIVE_APPLES = const(5)
_E_GIVE_GEMS = const(6)
_E_LOSE_FRIENDSHIP = const(10)
_E_LOSE_PIES = const(8)
_E_LOSE_SPELLS = const(12)
_E_PAY_APPLES = const(1)
_E_PAY_GEMS = const(2)
_E_POWER_UP = const(13)
_FR = const(0)
_G_APPLE = const(0)
_G_GEM = const(1)
_G_QUEST = const(2)
_HELD = const(63)
_HOLD_HAND = const(65)
_HOLD_SUPPLY = const(64)
_KIND = const(2)
_K_DISCARD_SPELL = const(24)
_K_DRAW_QUEST = const(14)
_K_DRAW_SPELL = const(12)
_K_DRAW_TILE = const(22)
_K_PAY_FROM = const(17)
_K_PLACE_ON = const(18)
_K_PU_KEEP = const(23)
_K_PU_SECTION = const(21)
_K_QUEST_OPTION = const(15)
_K_QUEST_PICK = const(13)
_K_STATE_TERM = const(16)
_K_TERM_AMOUNT = const(28)
_MAX_TERMS = const(8)
_N = const(0)
_NONE = const(255)
_N_SPELL_CLASSES = const(9)
_N_TERMS = const(13)
_OPS = const(45)
_OPS_I = const(44)
_OPS_N = const(43)
_OPS_RET = const(62)
_OP_DONE = const(61)
_P0 = const(148)
_PIES = const(1)
_PSZ = const(24)
_PUBOT = const(114)
_PUBOT_N = const(112)
_PUDECK = const(108)
_PU_DRAWN = const(66)
_PU_N = const(65)
_PU_SEC = const(64)
_QBOT = const(74)
_QBOT_N = const(73)
_QDECK = const(71)
_QDONE = const(12)
_QMASK = const(10)
_QUEST_CARD = const(41)
_QUEST_NO_THANKS = const(2)
_SDECK = const(90)
_SDISC = const(99)
_SPELLS = const(14)
_STAGE = const(1)
_ST_END = const(13)
_ST_OPS = const(10)
_ST_QUESTS = const(6)
_ST_QUEST_DRAW = const(7)
_ST_QUEST_OPTION = const(8)
_ST_QUEST_TERMS = const(9)
_SUP = const(10)
_S_MAKE = const(1)
_S_MOVE = const(0)
_TERM = const(146)
_TERMS_CANCEL = const(201)
_TERMS_DONE = const(200)
_TILE = const(7)
_TRO = const(3)
_T_QUESTS = const(3)
# -- end of private copies --


def _cards_left(st):
    s = st.s
    if s[_QDECK] or s[_QDECK + 1] or s[_QBOT_N]:
        return True
    for p in range(s[_N]):
        o = _P0 + p * _PSZ
        if s[o + _TRO] & (1 << _T_QUESTS) and (s[o + _QMASK] or s[o + _QMASK + 1]):
            return True
    return False


def spaces(st):
    """The spaces of the active player's Seekers holding a quest token (none when no quest
    card is left anywhere: the tokens then stay)."""
    if not _cards_left(st):
        return []
    return [x for x in st.holders_of(st.s[_ACTIVE]) if st.quest_token(x)]


def pending(st):
    """ST_QUESTS: a quest to take; ST_QUEST_DRAW: its card (an empty deck first takes back
    the resolved cards of the 2-Quests trophy holders); ST_QUEST_OPTION: the option taken;
    ST_QUEST_TERMS: the next term stated, or its amount; ST_OPS: the terms run."""
    s = st.s
    stage = s[_STAGE]
    act = s[_ACTIVE]
    if stage == _ST_QUESTS:
        if spaces(st):
            return _K_QUEST_PICK, act
        s[_STAGE] = _ST_END
        return None
    if stage == _ST_QUEST_DRAW:
        if not (s[_QDECK] or s[_QDECK + 1] or s[_QBOT_N]):
            for p in range(s[_N]):
                o = _P0 + p * _PSZ
                if s[o + _TRO] & (1 << _T_QUESTS):
                    s[_QDECK] |= s[o + _QMASK]
                    s[_QDECK + 1] |= s[o + _QMASK + 1]
                    s[o + _QMASK] = 0
                    s[o + _QMASK + 1] = 0
        return _K_DRAW_QUEST, _NONE
    if stage == _ST_QUEST_OPTION:
        return _K_QUEST_OPTION, act
    if stage == _ST_QUEST_TERMS:
        return (_K_STATE_TERM if s[_TERM] == _NONE else _K_TERM_AMOUNT), act
    # _ST_OPS: the decision the current term needs (applying the ones that need none).
    while s[_OPS_I] < s[_OPS_N]:
        i = _OPS + 2 * s[_OPS_I]
        term = s[i]
        amount = s[i + 1]
        done = s[_OP_DONE]
        if term == _E_PAY_APPLES or term == _E_PAY_GEMS:
            if done < amount:
                return _K_PAY_FROM, act
        elif term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
            if done < amount:
                return _K_PAY_FROM, act
            if s[_HELD]:
                return _K_PLACE_ON, act
        elif term == _E_GAIN_APPLES or term == _E_GAIN_GEMS:
            good = _G_APPLE if term == _E_GAIN_APPLES else _G_GEM
            if done < amount and s[_SUP + good] and st.holders_of(act):
                return _K_PLACE_ON, act
        elif term == _E_GAIN_SPELLS:
            if done < amount:
                refill_spells(st)
                if any(s[_SDECK:_SDECK + _N_SPELL_CLASSES]):
                    return _K_DRAW_SPELL, _NONE
        elif term == _E_LOSE_SPELLS:
            if done < amount and st.spells(act):
                return _K_DISCARD_SPELL, act
        elif term == _E_POWER_UP:   # the pile, the 3 draws, the tile kept (which ends it)
            if s[_PU_SEC] == _NONE:
                return _K_PU_SECTION, act
            if s[_PU_N] < 3 and _pile_size(s, s[_PU_SEC]):
                return _K_DRAW_TILE, _NONE
            return _K_PU_KEEP, act
        elif term == _E_GAIN_PIES:
            gain_pies(st, act, amount)
        elif term == _E_LOSE_PIES:
            o = _P0 + act * _PSZ + _PIES
            s[o] = max(0, s[o] - amount)
        elif term == _E_GAIN_FRIENDSHIP:
            o = _P0 + act * _PSZ + _FR
            s[o] = min(255, s[o] + amount)
        elif term == _E_LOSE_FRIENDSHIP:
            lose_friendship(st, act, amount)   # friendship stays at 0 at worst
        s[_OPS_I] += 1
        s[_OP_DONE] = 0
    s[_OPS_N] = 0
    s[_OPS_I] = 0
    s[_STAGE] = s[_OPS_RET]
    return None


def legal(st):
    s = st.s
    kind = s[_KIND]
    act = s[_ACTIVE]
    if kind == _K_QUEST_PICK:   # a token under a Seeker must be taken; the player picks the order
        return spaces(st)
    if kind == _K_DRAW_QUEST:   # any unseen card, else the first one put back
        m = s[_QDECK] | (s[_QDECK + 1] << 8)
        if m:
            return [c for c in range(16) if m & (1 << c)]
        return [s[_QBOT]]
    if kind == _K_QUEST_OPTION:   # the affordable options, and No Thanks
        card = st.quest_card(s[_QUEST_CARD])
        opts = [i for i in (0, 1) if card[1 + i] is None or affordable(st, card[1 + i][1])]
        opts.append(_QUEST_NO_THANKS)
        return opts
    if kind == _K_STATE_TERM:
        opts = list(range(1, _N_TERMS)) if s[_OPS_N] < _MAX_TERMS else []
        if affordable(st, st.stated_terms()):
            opts.append(_TERMS_DONE)
        opts.append(_TERMS_CANCEL)
        return opts
    if kind == _K_TERM_AMOUNT:
        return [1, 2, 3, 4, 5, 6, 7]
    if kind == _K_DISCARD_SPELL:
        o = _P0 + act * _PSZ + _SPELLS
        return [c for c in range(_N_SPELL_CLASSES) if s[o + c]]
    if kind == _K_PU_SECTION:
        return sections(st, act)
    if kind == _K_PU_KEEP:
        return list(s[_PU_DRAWN:_PU_DRAWN + s[_PU_N]])
    if kind == _K_DRAW_TILE:   # any unseen tile of the pile, else the first one put back
        sec = s[_PU_SEC]
        m = s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)
        pile = st.content.piles[sec]
        if m:
            return [pile[i] for i in range(len(pile)) if m & (1 << i)]
        return [s[_PUBOT + 12 * sec]]
    term = s[_OPS + 2 * s[_OPS_I]]
    if kind == _K_PAY_FROM:   # the holders with the good to pay or give
        good = _G_APPLE if term == _E_PAY_APPLES or term == _E_GIVE_APPLES else _G_GEM
        return [x for x in st.holders_of(act) if st.goods_at(x, good)]
    # _K_PLACE_ON: a gift goes to another player's Seeker's space; a gain to one's own.
    if term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
        return _others(st, act)
    return st.holders_of(act)


def do(st, a):
    s = st.s
    kind = s[_KIND]
    if kind == _K_QUEST_PICK:
        st.move_goods(_G_QUEST, a, _HOLD_SUPPLY, 1)
        s[_STAGE] = _ST_QUEST_DRAW
    elif kind == _K_DRAW_QUEST:
        m = s[_QDECK] | (s[_QDECK + 1] << 8)
        if m:
            m &= ~(1 << a)
            s[_QDECK] = m & 0xFF
            s[_QDECK + 1] = m >> 8
        else:
            n = s[_QBOT_N] - 1
            s[_QBOT:_QBOT + n] = s[_QBOT + 1:_QBOT + 1 + n]
            s[_QBOT_N] = n
        s[_QUEST_CARD] = a
        s[_STAGE] = _ST_QUEST_OPTION
    elif kind == _K_QUEST_OPTION:
        if a == _QUEST_NO_THANKS:
            # Not resolved: back to the bottom of the quest deck, face down.
            s[_QBOT + s[_QBOT_N]] = s[_QUEST_CARD]
            s[_QBOT_N] += 1
            s[_QUEST_CARD] = _NONE
            s[_STAGE] = _ST_QUESTS
            return
        opt = st.quest_card(s[_QUEST_CARD])[1 + a]
        set_ops(st, () if opt is None else opt[1], _ST_QUESTS)
        if opt is not None and opt[2]:
            _keep_quest(s)   # fully known option: applied as printed
        else:
            s[_STAGE] = _ST_QUEST_TERMS   # the player states (the rest of) the card's option
    elif kind == _K_STATE_TERM:
        if a == _TERMS_DONE:
            _keep_quest(s)
        elif a == _TERMS_CANCEL:
            s[_OPS_N] = 0
            s[_STAGE] = _ST_QUEST_OPTION
        else:
            s[_TERM] = a
    elif kind == _K_TERM_AMOUNT:
        i = s[_OPS_N]
        s[_OPS + 2 * i] = s[_TERM]
        s[_OPS + 2 * i + 1] = a
        s[_OPS_N] = i + 1
        s[_TERM] = _NONE
    elif kind == _K_DISCARD_SPELL:
        s[_P0 + s[_ACTIVE] * _PSZ + _SPELLS + a] -= 1
        s[_SDISC + a] += 1
        s[_OP_DONE] += 1
    elif kind == _K_PU_SECTION:
        s[_PU_SEC] = a
        s[_PU_N] = 0
    elif kind == _K_DRAW_TILE:
        sec = s[_PU_SEC]
        o = _PUDECK + 2 * sec
        m = s[o] | (s[o + 1] << 8)
        if m:
            m &= ~(1 << st.content.piles[sec].index(a))
            s[o] = m & 0xFF
            s[o + 1] = m >> 8
        else:
            b = _PUBOT + 12 * sec
            n = s[_PUBOT_N + sec] - 1
            s[b:b + n] = s[b + 1:b + 1 + n]
            s[_PUBOT_N + sec] = n
        s[_PU_DRAWN + s[_PU_N]] = a
        s[_PU_N] += 1
    elif kind == _K_PU_KEEP:
        # The tile kept goes on the mat; the others back face down to the bottom.
        sec = s[_PU_SEC]
        b = _PUBOT + 12 * sec
        s[_P0 + s[_ACTIVE] * _PSZ + _TILE + sec] = a
        for i in range(s[_PU_N]):
            t = s[_PU_DRAWN + i]
            if t != a:
                s[b + s[_PUBOT_N + sec]] = t
                s[_PUBOT_N + sec] += 1
        s[_PU_SEC] = _NONE
        s[_PU_N] = 0
        s[_OPS_I] += 1   # the E_POWER_UP term is done
        s[_OP_DONE] = 0
    else:
        term = s[_OPS + 2 * s[_OPS_I]]
        apples = term == _E_PAY_APPLES or term == _E_GIVE_APPLES or term == _E_GAIN_APPLES
        good = _G_APPLE if apples else _G_GEM
        give = term == _E_GIVE_APPLES or term == _E_GIVE_GEMS
        if kind == _K_PAY_FROM:   # to the supply, or in hand for a gift
            st.move_goods(good, a, _HOLD_HAND if give else _HOLD_SUPPLY, 1)
            s[_OP_DONE] += 1
        elif give:   # _K_PLACE_ON: the whole gift onto another player's space
            st.move_goods(good, _HOLD_HAND, a, s[_HELD])
        else:   # _K_PLACE_ON: one gained good from the supply
            st.move_goods(good, _HOLD_SUPPLY, a, 1)
            s[_OP_DONE] += 1


def _keep_quest(s):
    """The card is resolved: the player keeps it; its terms run."""
    o = _P0 + s[_ACTIVE] * _PSZ
    c = s[_QUEST_CARD]
    if c < 8:
        s[o + _QMASK] |= 1 << c
    else:
        s[o + _QMASK + 1] |= 1 << (c - 8)
    s[o + _QDONE] += 1
    s[_QUEST_CARD] = _NONE
    s[_OPS_I] = 0
    s[_OP_DONE] = 0
    s[_OPS_RET] = _ST_QUESTS
    s[_STAGE] = _ST_OPS


def affordable(st, terms):
    """Whether the active player can pay every cost of these (term, amount) pairs: goods
    it controls, pies, spells, and another player's Seeker to give to."""
    p = st.s[_ACTIVE]
    apples = gems = pies = spells = 0
    give = False
    for term, amount in terms:
        if term == _E_PAY_APPLES or term == _E_GIVE_APPLES:
            apples += amount
        elif term == _E_PAY_GEMS or term == _E_GIVE_GEMS:
            gems += amount
        elif term == _E_LOSE_PIES:
            pies += amount
        elif term == _E_LOSE_SPELLS:
            spells += amount
        if term == _E_GIVE_APPLES or term == _E_GIVE_GEMS:
            give = True
    if apples > st.controlled(p, _G_APPLE) or gems > st.controlled(p, _G_GEM):
        return False
    if pies > st.pies(p) or spells > st.spells(p):
        return False
    return not give or bool(_others(st, p))


def _others(st, p):
    """The holders of the other players' Seekers (where gifts go)."""
    out = []
    for q in range(st.s[_N]):
        if q != p:
            for x in st.holders_of(q):
                if x not in out:
                    out.append(x)
    return out


def set_ops(st, terms, ret):
    """Queue these (term, amount) pairs as the ops; stage `ret` follows once they have run."""
    s = st.s
    o = _OPS
    for term, amount in terms:
        s[o] = term
        s[o + 1] = amount
        o += 2
    s[_OPS_N] = len(terms)
    s[_OPS_I] = 0
    s[_OP_DONE] = 0
    s[_OPS_RET] = ret


def _pile_size(s, sec):
    return popcount(s[_PUDECK + 2 * sec] | (s[_PUDECK + 2 * sec + 1] << 8)) + s[_PUBOT_N + sec]


def sections(st, p):
    """The sections of p's mat without a power-up tile whose pile is not empty."""
    o = _P0 + p * _PSZ + _TILE
    s = st.s
    return [sec for sec in (_S_MOVE, _S_MAKE) if s[o + sec] == _NONE and _pile_size(s, sec)]


# ---- spells and player tracks (effects that rejuvenation and fights use too) -----------
def spells_available(st):
    s = st.s
    for c in range(_N_SPELL_CLASSES):
        if s[_SDECK + c] or s[_SDISC + c]:
            return True
    return False


def refill_spells(st):
    """An empty spell deck takes the discard pile back (the rulebook is silent here)."""
    s = st.s
    if any(s[_SDECK:_SDECK + _N_SPELL_CLASSES]):
        return
    for c in range(_N_SPELL_CLASSES):
        s[_SDECK + c] = s[_SDISC + c]
        s[_SDISC + c] = 0


def gain_pies(st, p, k):
    s = st.s
    o = _P0 + p * _PSZ + _PIES
    s[o] = min(st.content.pies_max, s[o] + k)


def lose_friendship(st, p, k):
    s = st.s
    o = _P0 + p * _PSZ + _FR
    s[o] = max(0, s[o] - k)
