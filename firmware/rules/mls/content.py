# Card, tile and dice data turned into the tables the engine uses. The data comes from a
# module such as content_mls (the shipped base game); tests pass their own values
# (overrides) to exercise rules whose printed numbers are unknown. The data is checked
# once by content_check, which is then released (a board in play keeps only the tables).
from ..compat import const, release

_FX_NONE = const(0)
_N_SPELL_CLASSES = const(9)

FIELDS = (
    "APPLES", "GEMS", "QUEST_TOKENS", "PIES_MAX", "START_PIES", "START_FRIENDSHIP",
    "TROPHY_FRIENDSHIP_MIN", "SPELL_CARDS", "QUEST_CARDS", "POWER_UPS", "PERSONALITIES",
    "SETUP_TILE", "SEEK_DICE", "DICE_FACES", "NOT_EASABLE",
)

# The standard requirement of each numeric trophy, by trophy number (None: not a number).
STANDARD_REQUIREMENT = (8, 2, 3, 2, None, None, None, 8)


class Content:
    def __init__(self, source=None, **overrides):
        if source is None:
            from . import content_mls as source
        v = {}
        for name in FIELDS:
            v[name] = overrides.pop(name) if name in overrides else getattr(source, name)
        from . import content_check

        content_check.check(v, overrides, STANDARD_REQUIREMENT)
        release(content_check.__name__)
        self.apples = v["APPLES"]
        self.gems = v["GEMS"]
        self.quest_tokens = v["QUEST_TOKENS"]
        self.pies_max = v["PIES_MAX"]
        self.start_pies = v["START_PIES"]
        self.start_friendship = v["START_FRIENDSHIP"]
        self.trophy_friendship_min = v["TROPHY_FRIENDSHIP_MIN"]
        deck = bytearray(_N_SPELL_CLASSES)
        for c in v["SPELL_CARDS"]:
            deck[c] += 1
        self.spell_deck = bytes(deck)
        self.quest_cards = tuple(v["QUEST_CARDS"])
        tiles = tuple(v["POWER_UPS"])
        self.power_ups = tiles
        self.piles = (tuple(i for i, t in enumerate(tiles) if t[1] == 0),
                      tuple(i for i, t in enumerate(tiles) if t[1] == 1))
        self.tile_effect = bytes(_FX_NONE if t[2] is None else t[2] for t in tiles)
        self.personalities = tuple(v["PERSONALITIES"])
        tile = v["SETUP_TILE"]
        self.setup_tile = None if tile is None else tuple(tuple(w) for w in tile)
        self.seek_dice = tuple(v["SEEK_DICE"])
        self.dice_faces = tuple(v["DICE_FACES"])

    def requirement(self, trophy, personality):
        """The number trophy needs for a player holding personality card `personality`,
        and whether that number is eased by the card."""
        std = STANDARD_REQUIREMENT[trophy]
        if personality is not None and personality < len(self.personalities):
            t, req = self.personalities[personality]
            if t == trophy and req is not None and req < std:
                return req, True
        return std, False


_BASE = None


def base_content():
    """The shipped base-game content, built once; its source module is then released."""
    global _BASE
    if _BASE is None:
        _BASE = Content()
        release(__name__.rsplit(".", 1)[0] + ".content_mls")
    return _BASE
