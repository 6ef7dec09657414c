# Checks card, tile and dice data against the format of docs/content.md and builds a
# Content's tables from it. Used once when a Content is built, then released.
from ..compat import const

# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --
_FX_NONE = const(0)
_N_SPELL_CLASSES = const(9)
_N_TERMS = const(13)
_N_TROPHIES = const(8)
_SPELL_UNKNOWN = const(8)
_S_MAKE = const(1)
_S_MOVE = const(0)
# -- end of private copies --


FIELDS = (
    "APPLES", "GEMS", "QUEST_TOKENS", "PIES_MAX", "START_PIES", "START_FRIENDSHIP",
    "TROPHY_FRIENDSHIP_MIN", "SPELL_CARDS", "QUEST_CARDS", "POWER_UPS", "PERSONALITIES",
    "SETUP_TILE", "SEEK_DICE", "DICE_FACES", "NOT_EASABLE",
)


def build(content, source, unknown, standard):
    """Fill `content` (a Content) from the data module `source` (content_mls when None),
    with the fields in the dict `unknown` overriding it (each popped as it is used: what
    is left is unknown); ContentDataError if the data does not fit the format."""
    if source is None:
        from . import content_mls as source
    v = {}
    for name in FIELDS:
        v[name] = unknown.pop(name) if name in unknown else getattr(source, name)
    check(v, unknown, standard)
    content.apples = v["APPLES"]
    content.gems = v["GEMS"]
    content.quest_tokens = v["QUEST_TOKENS"]
    content.pies_max = v["PIES_MAX"]
    content.start_pies = v["START_PIES"]
    content.start_friendship = v["START_FRIENDSHIP"]
    content.trophy_friendship_min = v["TROPHY_FRIENDSHIP_MIN"]
    deck = bytearray(_N_SPELL_CLASSES)
    for k in v["SPELL_CARDS"]:
        deck[k] += 1
    content.spell_deck = bytes(deck)
    content.quest_cards = tuple(v["QUEST_CARDS"])
    tiles = tuple(v["POWER_UPS"])
    content.power_ups = tiles
    content.piles = (tuple(i for i, t in enumerate(tiles) if t[1] == 0),
               tuple(i for i, t in enumerate(tiles) if t[1] == 1))
    content.tile_effect = bytes(_FX_NONE if t[2] is None else t[2] for t in tiles)
    content.personalities = tuple(v["PERSONALITIES"])
    tile = v["SETUP_TILE"]
    content.setup_tile = None if tile is None else tuple(tuple(w) for w in tile)
    content.seek_dice = tuple(v["SEEK_DICE"])
    content.dice_faces = tuple(v["DICE_FACES"])


def _bad(what):
    from ..errors import ContentDataError   # only for bad data: errors.py stays out of the heap

    raise ContentDataError("bad_content", what)


def check(v, unknown, standard):
    if unknown:
        _bad("unknown fields %s" % sorted(unknown))
    for name in ("APPLES", "GEMS", "QUEST_TOKENS"):
        if not 0 < v[name] < 256:
            _bad("supply %s" % v[name])
    if len(v["SPELL_CARDS"]) > 255 or _N_SPELL_CLASSES != _SPELL_UNKNOWN + 1:
        _bad("spell cards")
    for c in v["SPELL_CARDS"]:
        if not 0 <= c <= _SPELL_UNKNOWN:
            _bad("spell class %s" % c)
    quests = v["QUEST_CARDS"]
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
                if not 1 <= term < _N_TERMS or not 1 <= amount <= 7:
                    _bad("quest term %s" % ((term, amount),))
    tiles = v["POWER_UPS"]
    counts = [0, 0]
    for tile in tiles:
        if len(tile) != 3 or tile[1] not in (_S_MOVE, _S_MAKE):
            _bad("power-up tile %s" % (tile,))
        counts[tile[1]] += 1
    if max(counts) > 12 or len(tiles) > 32:
        _bad("too many power-up tiles")
    pers = v["PERSONALITIES"]
    if not 0 < len(pers) <= 8:
        _bad("%d personality cards" % len(pers))
    for trophy, req in pers:
        if trophy is None:
            continue
        if not 0 <= trophy < _N_TROPHIES or trophy in v["NOT_EASABLE"] or standard[trophy] is None:
            _bad("personality trophy %s" % trophy)
        if req is None or not 0 <= req < standard[trophy]:
            _bad("personality requirement %s" % (req,))
    tile = v["SETUP_TILE"]
    if tile is not None:
        if len(tile) != 6 or any(len(w) != 3 or any(not 0 <= g <= 3 for g in w) for w in tile):
            _bad("setup tile %s" % (tile,))
    seek = v["SEEK_DICE"]
    if len(seek) != 2:
        _bad("seek actions %s" % (seek,))
    for dice in seek:
        if dice is not None and (len(dice) != 4 or any(not 0 <= g <= 2 for g in dice)):
            _bad("seek dice %s" % (dice,))
    faces = v["DICE_FACES"]
    if len(faces) != 3:
        _bad("dice faces %s" % (faces,))
    for f in faces:
        if f is not None and any(not 0 <= r < 6 for r in f):
            _bad("dice faces %s" % (f,))
