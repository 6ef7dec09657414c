# A host bot decides from the public snapshot; where a secret widens the options there
# (Scythe's blanked combat-card values), the board refuses what the player cannot do and the
# bot takes another option (host_tools/session.py _decide).
import pytest

from firmware.rng import Rng
from host_tools.link import LinkError
from host_tools.session import _decide


class _State:
    def legal_actions(self):
        return [2, 3, 4, 5]


class _Bot:
    def choose(self, st):
        return 5


class _Board:
    """Accepts only `holds`; anything else is refused as the board refuses it."""

    def __init__(self, holds, err="illegal"):
        self.holds = holds
        self.err = err
        self.asked = []

    def request(self, cmd, **fields):
        self.asked.append(fields["a"])
        if fields["a"] in self.holds:
            return {"ok": True}
        return {"ok": False, "err": self.err, "msg": "not a legal choice now"}


def test_a_refused_choice_is_replaced_by_one_not_refused_yet():
    board = _Board(holds=(3,))
    assert _decide(board, _State(), _Bot(), 0, Rng(1)) == 3
    assert board.asked[0] == 5 and board.asked[-1] == 3
    assert len(board.asked) == len(set(board.asked))          # never the same choice twice


def test_a_refusal_other_than_illegal_is_an_error_at_once():
    board = _Board(holds=(3,), err="bad_field")
    with pytest.raises(LinkError):
        _decide(board, _State(), _Bot(), 0, Rng(1))
    assert board.asked == [5]


def test_when_every_option_is_refused_it_stops_with_the_boards_words():
    board = _Board(holds=())
    with pytest.raises(LinkError, match="illegal"):
        _decide(board, _State(), _Bot(), 0, Rng(1))
    assert sorted(board.asked) == [2, 3, 4, 5]
