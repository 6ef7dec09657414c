# The light codes by name (firmware/board/lights.py keeps them as private, inlined copies; a board
# never imports this module): for tests and hosts. tests/host/test_private_copies.py checks
# that the copies agree.
from firmware.rules.compat import const

L_OFF = const(0)
L_ORIGIN = const(1)      # the lifted piece's place: white
L_DEST = const(2)        # a legal destination: green
L_WRONG = const(3)       # a piece put where it may not go: blinking red
L_FIX = const(4)         # the sensed position disagrees here: blinking amber
L_TARGET = const(5)      # a place to choose (wand or dial): blue
L_SELECTED = const(6)    # the option the dial points at: bright blue
L_WINNER = const(7)      # the pie-fight winner / the game's winner: their colour
L_BOT_LIFT = const(8)    # a bot seat's move: the piece to lift stands here: violet
L_BOT_DEST = const(9)    # a bot seat's move: put it here / touch the wand here: cyan
L_OWN_DEST = const(10)   # a legal place of a piece with its own colour (the airship): gold
L_TOKEN = const(11)      # a token the engine tracks stands here (a gadget): dim gold
