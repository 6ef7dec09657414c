# Hardware seams. Every driver and every test double has the same narrow shape; the board
# code receives them through constructors and never imports `machine` itself.
#
#   sensors.scan(out)        fill out[channel] (array 'H') with the tag mask on each channel,
#                            or UNREADABLE; tags: Seeker k of player p is bit 2p+k, the wand
#                            bit WAND_TAG. One call = one scan of every channel.
#   dials[i].read()          (position 0-7, pressed) of pie-fight / menu dial i (0, 1)
#   leds.show(frame)         frame: bytearray of 3 bytes (r, g, b) per LED, in chain order
#   buttons.pressed(name)    True while a named button is held ("safe", "undo", "menu")
#   display.show(lines)      optional 128x64 text display (tuple of short strings) or None
from firmware.rules.compat import const

UNREADABLE = const(0xFFFF)
WAND_TAG = const(14)
AIRSHIP_TAG = const(13)


def seeker_tag(p, k):
    return 2 * p + k
