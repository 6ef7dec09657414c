# From the controller's per-space light codes to an LED frame, allocation-free (the render
# path runs under micropython.heap_lock() in the tests). Blinking is a function of time.
from firmware.board.lights import turn_colour
from firmware.rules.compat import const

_BLINK_MS = const(250)
N_STATUS = const(4)   # status LEDs after the spaces: turn, attention, dial 0, dial 1 (lock / bot)

# r, g, b for each light code of controller.py (L_OFF .. L_BOT_DEST; L_WINNER is per player).
PALETTE = bytes((
    0, 0, 0,        # off
    90, 90, 90,     # origin: white
    0, 110, 0,      # destination: green
    160, 0, 0,      # wrong: red (blinks)
    140, 70, 0,     # fix: amber (blinks)
    0, 0, 90,       # target: blue
    40, 40, 200,    # selected: bright blue
    0, 0, 0,        # winner: the player's colour below
    120, 0, 150,    # bot seat: the piece to lift: violet
    0, 110, 110,    # bot seat: where it goes / the wand's space: cyan
    150, 110, 0,    # a legal space of a piece with its own colour (the airship): gold
    40, 28, 0,      # a token the engine tracks (a gadget): dim gold
))
BOT_DIAL = (60, 0, 90)   # a dial's status LED: press this dial to carry out the bot's choice
# One colour per seat (kingdom colours are not known: neutral, distinct hues).
PLAYER_COLOURS = bytes((
    200, 40, 40,
    40, 160, 40,
    40, 60, 200,
    200, 160, 0,
    150, 40, 180,
    0, 160, 160,
))
_BLINKING = (3, 4)


class Renderer:
    def __init__(self, led_of_space, n_leds, status_at=-1):
        self.led_of_space = led_of_space   # bytes: place (space, then sensed camp) -> LED index
        self.n_leds = n_leds               # spaces + N_STATUS (+ sensed camps)
        self.status_at = len(led_of_space) if status_at < 0 else status_at   # the first status LED
        self.frame = bytearray(3 * n_leds)
        self.codes = bytearray(len(led_of_space))   # the light code each place was last drawn with
        self.drawn = -1   # the controller's lights_set when the places were drawn (one controller)
        self.blink = -1   # the blink phase they were drawn in when one of them blinks, else -1

    def render(self, ctl, now_ms):
        """Fill self.frame from the controller's lights and return it. The places are drawn
        again only when the controller set its lights since (ctl.lights_drawn) or, when one
        of them blinks, the blink phase turned; the status LEDs every time (a few bytes)."""
        frame = self.frame
        on = (now_ms // _BLINK_MS) & 1
        if ctl.lights_drawn != self.drawn or (self.blink >= 0 and on != self.blink):
            self._places(ctl, on)
        base = 3 * self.status_at
        c = 3 * turn_colour(ctl)
        for i in range(3):
            frame[base + i] = PLAYER_COLOURS[c + i] if c >= 0 else 0
        g = ctl.gestures
        attention = g.mismatch or g.wrong >= 0 or g.wand_wrong >= 0
        frame[base + 3] = 140 if attention and on else 0
        frame[base + 4] = 70 if attention and on else 0
        frame[base + 5] = 0
        plan_dial = ctl.seats.plan_dial
        locks = ctl.secret.locks
        for d in range(2):
            j = base + 6 + 3 * d
            if plan_dial == d:
                frame[j] = BOT_DIAL[0]
                frame[j + 1] = BOT_DIAL[1]
                frame[j + 2] = BOT_DIAL[2]
            else:
                frame[j] = 0
                frame[j + 1] = 90 if locks[d] else 0
                frame[j + 2] = 0
        return frame

    def _places(self, ctl, on):
        """Draw the places whose light code changed since they were drawn, those that
        blink (the phase may have turned) and the winners' (their colour is per place)."""
        frame = self.frame
        light = ctl.light
        leds = self.led_of_space
        drawn = self.codes
        pal = PALETTE   # (a local: a global is looked up by name at each use)
        blinks = False
        for i in range(len(light)):
            code = light[i]
            if code == drawn[i] and (code < 3 or (code > 4 and code != 7)):
                continue   # drawn already, and neither blinking (3, 4) nor a winner's colour (7)
            drawn[i] = code
            j = 3 * leds[i]
            if code == 7:
                c = 3 * ctl.winner_colour[i]
                frame[j] = PLAYER_COLOURS[c]
                frame[j + 1] = PLAYER_COLOURS[c + 1]
                frame[j + 2] = PLAYER_COLOURS[c + 2]
                continue
            c = 3 * code
            if code == 3 or code == 4:
                blinks = True
                if not on:
                    c = 0   # the blink's dark phase: off's colour
            frame[j] = pal[c]
            frame[j + 1] = pal[c + 1]
            frame[j + 2] = pal[c + 2]
        self.drawn = ctl.lights_drawn
        self.blink = on if blinks else -1
