# Undo never re-rolls chance: a decision undone and made again meets the same dice and cards
# (Controller.play_chance draws each roll from the game's seed and the position). (Scythe's
# chance is its setup's deal only: no decision of play is followed by a roll.)
from firmware.bots import RandomBot
from firmware.rng import Rng

from ..rules.support import started
from .rig import Rig


def _remade(rig, bot, decisions):
    """Play `decisions` decisions by the bot through the controller; at each one followed by
    the board's rolls, undo it and make it again: the rolls must be the same. Returns how many
    decisions were remade over rolls."""
    ctl = rig.ctl
    checked = 0
    for _ in range(decisions):
        st = ctl.st
        if st.is_terminal():
            break
        a = bot.choose(st)
        history = len(st.history)
        ctl.commit(a)
        if len(ctl.st.history) > history + 1:       # the board rolled after it
            after = bytes(ctl.st.s)
            rolled = list(ctl.st.history[history:])
            assert ctl.undo()
            ctl.commit(a)
            assert list(ctl.st.history[history:]) == rolled and bytes(ctl.st.s) == after
            checked += 1
    return checked


def test_a_decision_undone_and_made_again_meets_the_same_dice_and_cards():
    rig = Rig(started(2))
    assert _remade(rig, RandomBot(Rng(4)), 150) > 5
