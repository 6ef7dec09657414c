# The model quest deck: what a game without the printed cards (the page, the simulator, a
# laptop without a deck: the `new` option "cards" [1], layout.CARDS) plays in place of the
# quest cards whose text is unknown. It is a MODEL, not the printed cards: every message
# calls it "model quest card", and its terms stay within the bounds below, which
# docs/content.md ("Model deck") states and justifies from the rulebook and the one known
# card (Help with Apples: Donate Apples gives 2 apples). A printed option that is known and
# complete is played as printed; the model's option for a partly known one starts with its
# known terms. Nobody picks a model term: the card drawn (a chance decision) brings its
# model, so a game replays from its history. Imported only in a model-deck game.
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
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
_SPELL_UNKNOWN = const(8)
# -- end of private copies --

# The bounds (docs/content.md, "Model deck"): the largest amount of each term, by term
# (index 0 unused): goods 2, pies 2, friendship 2, spells 1.
TERM_MAX = (0, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1)
MAX_TERMS = 3        # terms in one model option
MAX_GAIN = 3         # an option's gains, in units: 1 a good, pie or friendship; 2 a spell
# The gain terms and their unit (every other term is a cost).
GAINS = ((_E_GAIN_APPLES, 1), (_E_GAIN_GEMS, 1), (_E_GAIN_PIES, 1), (_E_GAIN_FRIENDSHIP, 1),
         (_E_GAIN_SPELLS, 2))

# 14 model cards (12 of the base game, 2 of Pie in the Sky), by card number: (name, option 1,
# option 2) as in content_mls.QUEST_CARDS, every option complete. Card 1 keeps what is known
# of Help with Apples (its name, and Donate Apples: give 2 apples).
MODEL_QUESTS = (
    ("Help with Apples", ("Donate Apples", ((_E_GIVE_APPLES, 2), (_E_GAIN_FRIENDSHIP, 2)), True),
     (None, ((_E_PAY_APPLES, 1), (_E_GAIN_PIES, 2)), True)),
    (None, (None, ((_E_PAY_GEMS, 2), (_E_GAIN_SPELLS, 1)), True),
     (None, ((_E_LOSE_FRIENDSHIP, 1), (_E_GAIN_GEMS, 2)), True)),
    (None, (None, ((_E_PAY_APPLES, 2), (_E_GAIN_FRIENDSHIP, 2)), True),
     (None, ((_E_LOSE_PIES, 1), (_E_GAIN_APPLES, 2)), True)),
    (None, (None, ((_E_GIVE_GEMS, 1), (_E_GAIN_FRIENDSHIP, 1), (_E_GAIN_PIES, 1)), True),
     (None, ((_E_PAY_GEMS, 1), (_E_GAIN_APPLES, 2)), True)),
    (None, (None, ((_E_LOSE_PIES, 2), (_E_GAIN_FRIENDSHIP, 2)), True),
     (None, ((_E_PAY_APPLES, 1), (_E_PAY_GEMS, 1), (_E_GAIN_SPELLS, 1)), True)),
    (None, (None, ((_E_GIVE_APPLES, 1), (_E_GAIN_FRIENDSHIP, 1), (_E_GAIN_GEMS, 1)), True),
     (None, ((_E_LOSE_FRIENDSHIP, 2), (_E_GAIN_PIES, 2)), True)),
    (None, (None, ((_E_PAY_GEMS, 1), (_E_GAIN_PIES, 2)), True),
     (None, ((_E_LOSE_SPELLS, 1), (_E_GAIN_FRIENDSHIP, 2)), True)),
    (None, (None, ((_E_PAY_APPLES, 2), (_E_GAIN_GEMS, 2)), True),
     (None, ((_E_PAY_GEMS, 2), (_E_GAIN_APPLES, 2)), True)),
    (None, (None, ((_E_GIVE_GEMS, 2), (_E_GAIN_FRIENDSHIP, 2)), True),
     (None, ((_E_LOSE_FRIENDSHIP, 1), (_E_GAIN_SPELLS, 1)), True)),
    (None, (None, ((_E_GAIN_APPLES, 1), (_E_GAIN_GEMS, 1)), True),
     (None, ((_E_PAY_APPLES, 1), (_E_GAIN_FRIENDSHIP, 1), (_E_GAIN_PIES, 1)), True)),
    (None, (None, ((_E_LOSE_PIES, 1), (_E_GAIN_GEMS, 2)), True),
     (None, ((_E_PAY_GEMS, 2), (_E_GAIN_FRIENDSHIP, 2)), True)),
    (None, (None, ((_E_GAIN_PIES, 1), (_E_GAIN_FRIENDSHIP, 1)), True),
     (None, ((_E_LOSE_FRIENDSHIP, 2), (_E_GAIN_APPLES, 2), (_E_GAIN_GEMS, 1)), True)),
    (None, (None, ((_E_PAY_APPLES, 1), (_E_GAIN_SPELLS, 1)), True),
     (None, ((_E_LOSE_PIES, 1), (_E_GAIN_FRIENDSHIP, 2)), True)),
    (None, (None, ((_E_GIVE_APPLES, 2), (_E_GAIN_PIES, 2)), True),
     (None, ((_E_PAY_GEMS, 1), (_E_GAIN_APPLES, 1), (_E_GAIN_FRIENDSHIP, 1)), True)),
)


def quest_card(content, c):
    """Card c as a model-deck game plays it: (name, option 1, option 2), each option a printed
    one that is known and complete, else the model's."""
    printed = content.quest_cards[c]
    model = MODEL_QUESTS[c % len(MODEL_QUESTS)]
    o1 = printed[1] if printed[1] is not None and printed[1][2] else model[1]
    o2 = printed[2] if printed[2] is not None and printed[2][2] else model[2]
    return (printed[0] or model[0], o1, o2)


def within_bounds(terms):
    """Whether a model option's (term, amount) pairs keep to the bounds."""
    if not 0 < len(terms) <= MAX_TERMS:
        return False
    gain = 0
    for term, amount in terms:
        if not 0 < term < len(TERM_MAX) or not 1 <= amount <= TERM_MAX[term]:
            return False
        for g, unit in GAINS:
            if g == term:
                gain += unit * amount
    return 0 < gain <= MAX_GAIN


# ---- model spell cards (docs/content.md, "Model spell cards") -----------------------------
# The model value of each of the 30 spell cards whose printed value is unknown, by card
# number: 1, 2 or 3 (SPELL_MIN..SPELL_MAX), 8 ones, 14 twos, 8 threes (mean 2: the 2 pies a
# rejuvenation gives instead of a spell, and Bake gives for what Conjure costs). A printed
# value that is known is played as printed. The deck is dealt by value (layout.SDECK), so a
# card drawn or dealt is a chance decision, a model card's value is known to its holder only
# (infoset.py draws the others' hands again) and no one ever states one.
SPELL_MIN = 1
SPELL_MAX = 3
MODEL_SPELLS = b"\x02\x01\x03\x02\x02\x01\x03\x02\x01\x02\x03\x02\x02\x01\x03" \
               b"\x02\x01\x02\x03\x02\x02\x01\x03\x02\x01\x02\x03\x02\x01\x03"


def spell_deck(content):
    """The spell deck of a model-deck game, cards by class (as content.spell_deck): the
    printed values that are known stay, the unknown cards take the model's values."""
    deck = bytearray(content.spell_deck)
    n = deck[_SPELL_UNKNOWN]
    deck[_SPELL_UNKNOWN] = 0
    for i in range(n):
        deck[MODEL_SPELLS[i % len(MODEL_SPELLS)]] += 1
    return bytes(deck)


# ---- the model Automountie deck (docs/content.md, "Model Automountie cards") ------------
# 21 model cards, as her deck has 21. Each: its Move section's order of the 6 directions,
# given by the direction it starts with (then on around the hex: start, start + 1, ...), and
# the price in tokens at which its trophy condition makes her pay (AM_PAY_MIN..AM_PAY_MAX:
# the 4 goods of a delivery, give or take one). A card is byte start * 8 + price. Her
# decisions that her card settles (K_AM_DIRECTION, K_AM_PAY) are chance decisions in a
# model-deck game, weighted by the cards that give each option; the trophy space her paid
# trophy takes on the EMP side (K_AM_TROPHY: the track's layout is unknown) is a chance
# decision among the free spaces (the model track: each equally likely).
AM_PAY_MIN = 3
AM_PAY_MAX = 5
MODEL_AM = b"\x03\x0c\x15\x1b\x24\x2d\x04\x0d\x13\x1c\x25\x2b\x05\x0b\x14\x1d\x23\x2c" \
           b"\x03\x0c\x15"


def am_direction_weights(dirs):
    """K_AM_DIRECTION: (space, weight) for her valid paths, dirs the (direction, space) of
    each: a card sends her along the first valid direction of its Move section."""
    out = []
    for i, y in dirs:
        w = 0
        for card in MODEL_AM:
            start = card >> 3
            for k in range(6):
                d = (start + k) % 6
                if any(j == d for j, _ in dirs):
                    if d == i:
                        w += 1
                    break
        if w:
            out.append((y, w))
    return out


def am_pay_weights(tokens):
    """K_AM_PAY: (tokens paid, weight): a card's price when she controls that many, else 0."""
    w = [0] * (AM_PAY_MAX + 1)
    for card in MODEL_AM:
        price = card & 7
        w[price if tokens >= price else 0] += 1
    return [(k, n) for k, n in enumerate(w) if n]
