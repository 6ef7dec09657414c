# Hardware seams. Every driver and every test double has the same narrow shape; the board
# code receives them through constructors and never imports `machine` itself.
#
#   sensors.scan(out)        fill a sensed position (see below) with one scan of every channel
#   dials[i].read()          (position 0-7, pressed) of pie-fight / menu dial i (0, 1);
#                            allocation-free while the reading holds (the last tuple again)
#   leds.show(frame)         frame: bytearray of 3 bytes (r, g, b) per LED, in chain order
#                            (left unchanged: the renderer redraws only what changed in it)
#   buttons.pressed(name)    True while a named button is held ("safe", "undo", "menu")
#   display.show(lines)      optional 128x64 text display (tuple of short strings) or None
#
# A sensed position is a bytearray of `stack` slots per channel: channel c's tags are
# out[c * stack : (c + 1) * stack], in ascending order, the unused slots NO_TAG. A channel
# that cannot be read has UNREADABLE in its first slot; one holding more tags than its slots
# (a 17th piece on a Scythe territory) has CROWDED there, and no tag. Tag ids are
# 0..MAX_TAG: which piece a tag is belongs to the ruleset in play (its piece registry); the
# wand is WAND_TAG on every board. Sorting makes two readings of the same set of tags equal byte for byte, so
# debouncing and comparing need no allocation.
from firmware.rules.compat import const

NO_TAG = const(0xFF)
UNREADABLE = const(0xFE)
WAND_TAG = const(0xFD)
MAX_TAG = const(0xFC)
# A board built without readers (firmware/board/presence.py) reports these on a place whose
# piece it cannot name: ASKING while the players are asked which piece it is (the dial),
# STRAY for a magnet no tracked piece explains. Neither is a piece of any game.
ASKING = const(0xFA)
STRAY = const(0xF9)
CROWDED = const(0xF8)   # a place holding more tags than `stack`: which ones is not known
STACK = const(8)   # tags a space can report at once, unless a ruleset asks for more


def position(n_channels, stack=STACK):
    """An empty sensed position."""
    pos = bytearray(n_channels * stack)
    for i in range(len(pos)):
        pos[i] = NO_TAG
    return pos


def clear(pos, ch, stack=STACK):
    o = ch * stack
    for j in range(o, o + stack):
        pos[j] = NO_TAG


def add_tag(pos, ch, tag, stack=STACK):
    """Put tag in channel ch's slots (kept sorted; no allocation). False when full."""
    o = ch * stack
    end = o + stack
    if pos[o] == UNREADABLE:
        return False
    i = o
    while i < end and pos[i] < tag:
        i += 1
    if i < end and pos[i] == tag:
        return True
    if pos[end - 1] != NO_TAG:
        return False
    j = end - 1
    while j > i:
        pos[j] = pos[j - 1]
        j -= 1
    pos[i] = tag
    return True


def remove_tag(pos, ch, tag, stack=STACK):
    o = ch * stack
    end = o + stack
    for i in range(o, end):
        if pos[i] == tag:
            for j in range(i, end - 1):
                pos[j] = pos[j + 1]
            pos[end - 1] = NO_TAG
            return True
    return False


def has_tag(pos, ch, tag, stack=STACK):
    o = ch * stack
    for i in range(o, o + stack):
        if pos[i] == tag:
            return True
    return False


def tags_at(pos, ch, stack=STACK):
    """The tags of channel ch as a tuple, or None when unreadable (tests, tools)."""
    o = ch * stack
    if pos[o] == UNREADABLE:
        return None
    return tuple(t for t in pos[o:o + stack] if t != NO_TAG)


def set_tags(pos, ch, tags, stack=STACK):
    """Channel ch reads exactly `tags` (an iterable), or None for unreadable."""
    clear(pos, ch, stack)
    if tags is None:
        pos[ch * stack] = UNREADABLE
        return
    for t in tags:
        add_tag(pos, ch, t, stack)
