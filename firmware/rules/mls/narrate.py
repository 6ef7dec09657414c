# My Little Scythe's log in words (Ruleset.narrator; firmware/rules/narrate.py): every decision
# as a sentence for the page and the laptop, from the state before it, the decision and the
# state after it. A board never imports this module. Hidden things stay hidden: a pie-fight bid
# says only that it was entered until the fight's totals are revealed; a spell or personality
# dealt is not named. What a decision earned is found by comparing before and after: trophies,
# a fight's result, and a seat's pies, friendship and spells when an action, quest or cost
# changed them. Words: narrate_text.py (English) and narrate_text_es.py.
from firmware.rules import narrate as N
from firmware.rules.mls import codes as K
from firmware.rules.mls import layout as L
from firmware.rules.mls import view
from firmware.rules.mls.ruleset import RULESET
from firmware.text import name

_W = "firmware.rules.mls.narrate_text"

# decisions after which a seat's pies, friendship and spells are compared
_COUNTED = (K.K_ACTION, K.K_QUEST_OPTION, K.K_STATE_TERM, K.K_TERM_AMOUNT, K.K_PAY_FROM,
            K.K_PLACE_ON, K.K_REJUVENATE, K.K_PU_KEEP, K.K_DISCARD_SPELL, K.K_AIR_SUPPORT,
            K.K_AM_PAY, K.K_DROP_JUMP)
# chance not worth a line: the deals (hidden), the dice the placement says, tiles drawn
_QUIET = (K.K_SETUP_TILE, K.K_SETUP_SPACE, K.K_DEAL_SPELL, K.K_DEAL_PERSONALITY, K.K_DRAW_SPELL,
          K.K_SEEK_ROLL, K.K_DRAW_TILE, K.K_DEAL_MAT)


def w(key, *args):
    return N.say(_W, key, *args)


def seat(st, p):
    """"Seat 2", or "Automountie (Seat 2)" for hers in a solo game."""
    if 0 <= p < st.n_players() and st.s[L.XOPT] and st.automountie(p):
        return w("hers", N.seat(p))
    return N.seat(p)


def seeker(k):
    return w("seeker", "AB"[k] if 0 <= k < 2 else str(k))


def _place(x):
    return w("camp") if x == K.AT_CAMP else N.say(None, "space", x)


def _goods_words(n, good):
    return w(("n_apples", "n_gems")[good] if n != 1 else ("one_apple", "one_gem")[good], n)


def decision(before, a, after):
    """The sentence of the decision itself ("" for chance not worth a line)."""
    st = before
    kind = st.decision()
    p = st.current_player()
    who = seat(st, p if p >= 0 else st.active_player())
    if p < 0:
        if kind in _QUIET:
            return ""
        if kind == K.K_FIRST_PLAYER:
            return w("starts", seat(st, a))
        if kind == K.K_DRAW_QUEST:
            return w("draws_quest", who, _quest(st, a))
        if kind == K.K_AIR_DIE:
            return w("air_die", name("air_die", a))
        if kind in (K.K_AM_DIRECTION, K.K_AM_PAY, K.K_AM_TROPHY):   # the model Automountie deck
            her = seat(st, st.s[L.EV] & 7 if kind != K.K_AM_DIRECTION else st.active_player())
            if kind == K.K_AM_DIRECTION:
                return w("am_model_path", her, a)
            if kind == K.K_AM_PAY:
                return w("am_model_pays", her, a) if a else w("am_model_no_pay", her)
            return w("am_model_trophy", her, name("trophy", a))
        return ""
    if kind == K.K_ACTION:
        return w("action", who, name("action", a))
    if kind == K.K_MOVE:
        k, dest = L.move_seeker(a), L.move_dest(a)
        origin = st.seekers(p)[k] if 0 <= k < 2 else dest
        if origin == dest:
            return w("stays", who, seeker(k), _place(dest))
        return w("moves", who, seeker(k), _place(origin), _place(dest))
    if kind in (K.K_CARRY, K.K_CARRY_GEMS):
        good = 0 if kind == K.K_CARRY else 1
        moving = st.moving_seeker()
        k = moving[0] if moving else 0
        if a == K.CARRY_FROM_HOLD:
            return w("from_hold", who, seeker(k), _goods_words(4, good))
        return w("carries", who, seeker(k), _goods_words(a, good))
    if kind == K.K_FIGHT_BID:
        return w("bids", who, st.fight_space())
    if kind == K.K_BID_SPELL:
        if st.s[L.BID_STEP] > 2:
            return w("bid_spell_value", who)
        return w("bid_spell_model" if st.model_cards() else "bid_spell", who)
    if kind == K.K_TROPHY:
        if a == K.TROPHY_DECLINE:
            return w("declines", who)
        return ""   # the trophy earned says it (compared after)
    if kind == K.K_REJUVENATE:
        return w("rejuvenates", who, name("rejuvenate", a))
    if kind == K.K_QUEST_PICK:
        return w("quest_pick", who, a)
    if kind == K.K_QUEST_OPTION:
        if a == K.QUEST_NO_THANKS:
            return w("no_thanks", who)
        card = view.current_quest(st)
        opt = st.quest_card(card)[1 + a] if card < len(st.content.quest_cards) and a in (0, 1) else None
        if opt is not None and st.model_cards():   # the model deck: its terms, named a model
            terms = ", ".join("%s %d" % (name("term", t), n) for t, n in opt[1])
            return w("quest_option_model", who, name("quest_option", a), terms)
        if opt is not None and opt[0]:
            return w("quest_option_text", who, name("quest_option", a), opt[0])
        return w("quest_option", who, name("quest_option", a))
    if kind == K.K_STATE_TERM:
        if a == K.TERMS_DONE:
            return w("terms_done", who)
        if a == K.TERMS_CANCEL:
            return w("terms_cancel", who)
        return w("states", who, name("term", a))
    if kind == K.K_TERM_AMOUNT:
        return w("states_amount", who, name("term", st.s[L.TERM]), a)
    if kind in (K.K_PAY_FROM, K.K_PLACE_ON):
        term = st.s[L.OPS + 2 * st.s[L.OPS_I]]
        good = 0 if term in (K.E_PAY_APPLES, K.E_GAIN_APPLES, K.E_GIVE_APPLES) else 1
        return w("pays_from" if kind == K.K_PAY_FROM else "puts_on", who, name("good", good), a)
    if kind == K.K_SEEK_PLACE:
        return w("token", who, w("tokens")[_token_placed(before, after, a)], a)
    if kind == K.K_PU_SECTION:
        return w("pu_section", who, name("section", a))
    if kind == K.K_PU_KEEP:
        return w("pu_keep", who, _tile(st, a))
    if kind == K.K_DISCARD_SPELL:
        return w("discards", who)
    if kind in (K.K_AIR_MOVE, K.K_AM_DIRECTION):
        if a == K.AIR_DECLINE:
            return w("air_stays", who)
        return w("air_to", who, a)
    return N.line(RULESET, before, a, after)


def _token_placed(before, after, x):
    """The good whose token went onto space x (0 apple, 1 gem, 2 quest token)."""
    if after.apples(x) > before.apples(x):
        return 0
    if after.gems(x) > before.gems(x):
        return 1
    if after.quest_token(x) > before.quest_token(x):
        return 2
    die = view.seek_dice(before)
    return die[0] // 8 if die and die[0] // 8 < 3 else 0


def _quest(st, c):
    cards = st.content.quest_cards
    title = cards[c][0] if 0 <= c < len(cards) else None
    if st.model_cards():
        return w("model_card_named", c + 1, title) if title else w("model_card", c + 1)
    return w("quest_card_named", c + 1, title) if title else w("quest_card", c + 1)


def _tile(st, i):
    ups = st.content.power_ups
    if 0 <= i < len(ups) and ups[i][0]:
        return w("tile_named", ups[i][0], name("section", ups[i][1]))
    return w("tile", i + 1)


def fight(before, after):
    """The pie fight this decision resolved, in words, else ""."""
    lf = after.last_fight()
    s0 = before.s
    if lf is None or (lf == before.last_fight() and s0[L.FIGHTS_N] <= after.s[L.FIGHTS_N]):
        return ""
    att = before.active_player()
    dfn = s0[L.FIGHT_DEF]
    space = s0[L.FIGHTS] if s0[L.FIGHTS_N] else K.NONE
    if dfn == K.NONE:   # resolved within the decision that started it (no bid to ask)
        dfn = lf[2] if lf[2] != att else K.NONE
    won = lf[2]
    other = seat(after, dfn) if dfn != K.NONE else w("defender")
    return w("fight", space, seat(after, att), lf[0], other, lf[1], seat(after, won))


def earned(before, after):
    """Trophies earned by this decision, each seat's, in words."""
    out = []
    for p in range(after.n_players()):
        new = view.trophies(after, p) & ~view.trophies(before, p)
        for k in range(8):
            if new & (1 << k):
                out.append(w("trophy", seat(after, p), name("trophy", k)))
    return out


def counted(before, after, p):
    """What the decision changed of seat p's pies, friendship and spells ("" when nothing)."""
    parts = []
    for key, x, y in (("pies", before.pies(p), after.pies(p)),
                      ("friendship", view.friendship(before, p), view.friendship(after, p)),
                      ("spells", before.spells(p), after.spells(p))):
        if x != y:
            parts.append(w(key, x, y))
    return w("counts", ", ".join(parts)) if parts else ""


def narrate(before, a, after):
    kind = before.decision()
    parts = []
    text = decision(before, a, after)
    if text:
        parts.append(text)
    p = before.current_player()
    if p >= 0 and kind in _COUNTED:
        c = counted(before, after, p)
        if c:
            parts.append(c)
    f = fight(before, after)
    if f:
        parts.append(f)
    parts.extend(earned(before, after))
    return " ".join(parts)
