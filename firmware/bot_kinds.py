# A seat's bot by kind, through the ruleset seam: the ruleset's strong bot (Ruleset.strong_bot)
# or the random one with its nudges. A module of its own so that a program that plays only the
# random bot (firmware/bots.py; the 64 KB heap game of tools/mp_heap_game.py) does not load its
# names: one more interned name there crossed a step of MicroPython's name pool (3.7 KB).
from firmware.bots import RandomBot


def make_bot(ruleset, rng, kind="strong"):
    """A player for a seat: "strong" (the ruleset's strong_bot, else the random one) or
    "random" (uniform among the legal options, with the ruleset's nudges if it has any).
    Loads only the module the bot needs."""
    from firmware.rules.registry import module

    if kind not in ("strong", "random"):
        raise ValueError("unknown bot kind %r (strong or random)" % (kind,))
    if kind == "strong" and ruleset.strong_bot:
        name, cls = ruleset.strong_bot.split(":")
        return getattr(module(name), cls)(rng)
    return RandomBot(rng, module(ruleset.bot).nudge if ruleset.bot else None)


class FairBot:
    """A seat's bot that decides only on what its seat can see: every decision is made on
    ruleset.determinise(st, seat, draws), a copy of the state with what the seat cannot see
    drawn again (opponents' hands, a sealed dial). `draws`: the generator of those draws
    (firmware.rng.Rng), its own, so that the game's dice and the bot's own choices keep
    their sequences."""

    def __init__(self, ruleset, bot, draws):
        self.rs = ruleset
        self.bot = bot
        self.draws = draws

    def choose(self, st):
        return self.bot.choose(self.rs.determinise(st, st.current_player(), self.draws))


def fair_bot(ruleset, rng, kind="strong"):
    """make_bot's bot behind a FairBot: the bot a player faces (tournaments, playouts, bot
    seats of the laptop). Its draws are seeded from rng's state without taking a number
    from it."""
    from firmware.rng import Rng

    bot = make_bot(ruleset, rng, kind)
    return FairBot(ruleset, bot, Rng(rng.x ^ 0x2545F491))
