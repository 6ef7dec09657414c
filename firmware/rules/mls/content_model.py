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
