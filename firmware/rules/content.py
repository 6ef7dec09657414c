# Card, tile and dice data checked once and turned into the tables the engine uses.
# The data comes from a module such as content_mls (the shipped base game); tests pass
# their own values (overrides) to exercise rules whose printed numbers are unknown.
from .codes import (
    FX_NONE,
    N_SPELL_CLASSES,
    N_TERMS,
    N_TROPHIES,
    S_MAKE,
    S_MOVE,
    SPELL_UNKNOWN,
)
from .errors import ContentDataError

_FIELDS = (
    "APPLES", "GEMS", "QUEST_TOKENS", "PIES_MAX", "START_PIES", "START_FRIENDSHIP",
    "TROPHY_FRIENDSHIP_MIN", "SPELL_CARDS", "QUEST_CARDS", "POWER_UPS", "PERSONALITIES",
    "SETUP_TILE", "SEEK_DICE", "DICE_FACES", "NOT_EASABLE",
)

# The standard requirement of each numeric trophy, by trophy number (None: not a number).
STANDARD_REQUIREMENT = (8, 2, 3, 2, None, None, None, 8)


def _bad(what):
    raise ContentDataError("bad_content", what)


class Content:
    def __init__(self, source=None, **overrides):
        if source is None:
            from . import content_mls as source
        v = {}
        for name in _FIELDS:
            v[name] = overrides.pop(name) if name in overrides else getattr(source, name)
        if overrides:
            _bad("unknown fields %s" % sorted(overrides))
        self.apples = v["APPLES"]
        self.gems = v["GEMS"]
        self.quest_tokens = v["QUEST_TOKENS"]
        self.pies_max = v["PIES_MAX"]
        self.start_pies = v["START_PIES"]
        self.start_friendship = v["START_FRIENDSHIP"]
        self.trophy_friendship_min = v["TROPHY_FRIENDSHIP_MIN"]
        for n in (self.apples, self.gems, self.quest_tokens):
            if not 0 < n < 256:
                _bad("supply %s" % n)
        # Spells: counts per class.
        deck = bytearray(N_SPELL_CLASSES)
        for c in v["SPELL_CARDS"]:
            if not 0 <= c <= SPELL_UNKNOWN:
                _bad("spell class %s" % c)
            deck[c] += 1
        self.spell_deck = bytes(deck)
        # Quests.
        quests = tuple(v["QUEST_CARDS"])
        if not 0 < len(quests) <= 16:
            _bad("%d quest cards" % len(quests))
        for card in quests:
            if len(card) != 3:
                _bad("quest card %s" % (card,))
            for opt in card[1:]:
                if opt is None:
                    continue
                if len(opt) != 3:
                    _bad("quest option %s" % (opt,))
                for term, amount in opt[1]:
                    if not 1 <= term < N_TERMS or not 1 <= amount <= 7:
                        _bad("quest term %s" % ((term, amount),))
        self.quest_cards = quests
        # Power-up piles: tile ids per section.
        tiles = tuple(v["POWER_UPS"])
        piles = ([], [])
        for i, tile in enumerate(tiles):
            if len(tile) != 3 or tile[1] not in (S_MOVE, S_MAKE):
                _bad("power-up tile %s" % (tile,))
            piles[tile[1]].append(i)
        if max(len(piles[0]), len(piles[1])) > 12 or len(tiles) > 32:
            _bad("too many power-up tiles")
        self.power_ups = tiles
        self.piles = (tuple(piles[0]), tuple(piles[1]))
        self.tile_effect = bytes(FX_NONE if t[2] is None else t[2] for t in tiles)
        # Personalities: (trophy, requirement) or (None, None).
        pers = tuple(v["PERSONALITIES"])
        if not 0 < len(pers) <= 8:
            _bad("%d personality cards" % len(pers))
        not_easable = tuple(v["NOT_EASABLE"])
        for trophy, req in pers:
            if trophy is None:
                continue
            if not 0 <= trophy < N_TROPHIES or trophy in not_easable or STANDARD_REQUIREMENT[trophy] is None:
                _bad("personality trophy %s" % trophy)
            if req is None or not 0 <= req < STANDARD_REQUIREMENT[trophy]:
                _bad("personality requirement %s" % req)
        self.personalities = pers
        # Setup tile: 6 wedges x 3 spaces of 0 none / 1 apple / 2 gem / 3 quest.
        tile = v["SETUP_TILE"]
        if tile is not None:
            if len(tile) != 6 or any(len(w) != 3 or any(not 0 <= g <= 3 for g in w) for w in tile):
                _bad("setup tile %s" % (tile,))
            tile = tuple(tuple(w) for w in tile)
        self.setup_tile = tile
        # Dice.
        seek = tuple(v["SEEK_DICE"])
        if len(seek) != 2:
            _bad("seek actions %s" % (seek,))
        for dice in seek:
            if dice is not None and (len(dice) != 4 or any(not 0 <= g <= 2 for g in dice)):
                _bad("seek dice %s" % (dice,))
        self.seek_dice = seek
        faces = tuple(v["DICE_FACES"])
        if len(faces) != 3:
            _bad("dice faces %s" % (faces,))
        self.dice_faces = faces

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
    """The shipped base-game content, built once."""
    global _BASE
    if _BASE is None:
        _BASE = Content()
    return _BASE
