# Card, tile and dice data turned into the tables the engine uses. The data comes from a
# module such as content_mls (the shipped base game); tests pass their own values
# (overrides) to exercise rules whose printed numbers are unknown. The data is checked and
# the tables built once by content_check, which is then released (a board in play keeps
# only the tables).
from ..compat import release

# The standard requirement of each numeric trophy, by trophy number (None: not a number).
STANDARD_REQUIREMENT = (8, 2, 3, 2, None, None, None, 8)


class Content:
    """The tables of one game's cards, tiles and dice: apples, gems, quest_tokens,
    pies_max, start_pies, start_friendship, trophy_friendship_min, spell_deck (cards per
    class), quest_cards, power_ups, piles (tile ids per section), tile_effect,
    personalities, setup_tile, seek_dice, dice_faces (content_check.build)."""

    personalities = ()   # (trophy, requirement) per card; content_check.build sets them all
    quest_cards = ()     # (name, option 1, option 2) per card

    def __init__(self, source=None, **overrides):
        from . import content_check

        content_check.build(self, source, overrides, STANDARD_REQUIREMENT)
        release(content_check.__name__)   # built once: the building code is not kept

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
