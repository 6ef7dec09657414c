# A solo game at the table (Pie in the Sky): one player against Automountie, who plays seat 1
# of the game made. The player enters what her drawn card shows: where her airship flies
# (K_AM_DIRECTION, a wand touch on the space), what she pays (K_AM_PAY), which trophy space
# (K_AM_TROPHY) on the dials; the board carries out the rest. The link's `new` takes 1
# player only with the expansion; the display names her on her decisions.
from firmware.bots import RandomBot
from firmware.rng import Rng
from firmware.rules.mls.bot import nudge
from firmware.rules.mls.codes import DROP_DECLINE, K_AM_DIRECTION, K_AM_PAY, K_AM_TROPHY, K_DROP_JUMP
from firmware.rules.mls.ruleset import RULESET
from firmware.rules.ruleset import ENTRY_DIAL, ENTRY_SPACE
from firmware.board.screens import meaning

from ..rules.support import board
from .rig import Rig
from .test_bot_seats import _bench, _link

AIRSHIP = 12


def test_a_new_game_of_one_player_without_the_expansion_is_refused_and_the_game_kept():
    bench = _bench(RULESET.new_game(board(), 2, {}), bots=0)
    ask = _link(bench)
    h = bench.st.hash()
    ack = ask(c="new", players=1)[-1]
    assert ack["ok"] == 0 and ack["err"] == "bad_field" and ack["msg"].startswith("players: 1, 2 to 6")
    assert bench.st.n_players() == 2 and bench.st.hash() == h
    ack = [e for e in ask(c="new", players=1, pits=[1], automountie=[1], bots=2) if e.get("e") == "ack"][0]
    assert ack["ok"] == 1, ack
    st = bench.st
    assert st.n_players() == 2 and st.automountie(1) and not st.automountie(0) and st.am_side() == 1
    assert bench.ctl.seats.mask == 2            # her seat may be the board's bot seat
    assert [p[2] for p in RULESET.game_pieces(st)] == [0, 1, 2, 3, 12]   # 2 seats' Seekers, the airship
    ack = ask(c="new", players=1, pits=[1], bots=4)[-1]   # a seat 3 the solo game does not have
    assert ack["ok"] == 0 and ack["msg"] == "bots" and bench.st is st


def _follow(rig):
    """The person puts every piece where the board blinks it (her airship after it flew, a
    Seeker Trophy Dropper moved): the tags moved."""
    at = rig.expected()
    moved = []
    for tag in range(len(at)):
        if at[tag] < len(rig.channel) and rig.where_tag(tag) != at[tag]:
            rig.lift_tag(tag)
            rig.place_tag(tag, at[tag])
            moved.append(tag)
    if moved:
        rig.settle()
        assert not rig.ctl.gestures.mismatch
    return moved


def _solo_game(side, seed):
    """A whole solo game by gestures: her flight path by the wand, the rest as the bot plays
    it (dials, pieces). The kinds of 34-37 entered, and her screens' lines."""
    st = RULESET.new_game(board(), 1, {"pits": [1], "automountie": [side]})
    rig = Rig(st, seed=seed)
    rng = Rng(seed)
    bot = RandomBot(rng, nudge)
    seen = {}
    hers = []
    flights = 0
    for _ in range(3000):
        st = rig.st
        if st.is_terminal():
            break
        flights += AIRSHIP in _follow(rig)   # before tidy(), which would carry it too
        rig.tidy()
        kind = st.decision()
        before = bytes(st.s)
        if st.current_player() == 1:
            hers.append(" ".join(rig.display.lines))
        if kind == K_AM_DIRECTION:
            assert RULESET.entry[kind] == ENTRY_SPACE and st.current_player() == 1
            rig.tidy()
            rig.wand(bot.choose(st))         # the space her airship flies to, touched
        elif kind == K_DROP_JUMP:
            assert RULESET.entry[kind] == ENTRY_DIAL
            a = bot.choose(st)
            p = st.current_player()
            rig.tidy()
            rig.choose(0, a)                     # the good and the move on the dial
            if a != DROP_DECLINE:                # then the Seeker is carried where it blinks
                assert rig.ctl.gestures.mismatch and rig.expected()[2 * p + (a >> 6 & 1)] == a & 63
                assert _follow(rig) == [2 * p + (a >> 6 & 1)]
        else:
            if kind in (K_AM_PAY, K_AM_TROPHY):
                assert RULESET.entry[kind] == ENTRY_DIAL
            rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, kind   # every gesture decided something
        seen[kind] = seen.get(kind, 0) + 1
    assert rig.st.is_terminal() and rig.st.winners()
    assert flights >= 2       # her airship flew (the rules' move) and was carried where it blinked
    return rig, seen, hers


def test_a_solo_game_on_her_trophy_dropper_side_is_played_to_its_end_by_gestures():
    rig, seen, hers = _solo_game(0, 1)
    assert seen.get(K_AM_DIRECTION, 0) >= 2 and seen.get(K_AM_PAY, 0) >= 1 and seen.get(K_DROP_JUMP, 0) >= 1
    assert hers and all("Automountie (Trophy Dropper)" in x for x in hers), hers[:2]


def test_a_solo_game_on_her_emp_side_asks_her_trophy_space_on_the_dial():
    rig, seen, hers = _solo_game(1, 1)
    assert seen.get(K_AM_DIRECTION, 0) >= 2 and seen.get(K_AM_TROPHY, 0) >= 1
    assert all("Automountie (EMP Device)" in x for x in hers)


def test_the_trophy_droppers_move_reads_as_words_on_the_dial():
    st = RULESET.new_game(board(), 1, {"pits": [1]})
    rig = Rig(st, seed=1)
    words = RULESET.option_words(st, K_DROP_JUMP, 1 * 128 + 1 * 64 + 20)
    assert words == "gem, Seeker 2 to 20"
    assert RULESET.option_words(st, K_DROP_JUMP, DROP_DECLINE) == ""
    rng = Rng(1)
    bot = RandomBot(rng, nudge)
    for _ in range(3000):                   # to the first Trophy Dropper's move
        if rig.st.decision() == K_DROP_JUMP:
            break
        rig.tidy()
        _follow(rig)
        rig.bot_turn(bot, rng)
    assert rig.st.decision() == K_DROP_JUMP
    words = [meaning(rig.ctl, a) for a in rig.st.legal_actions()]
    assert "no" in words and any(w.startswith("apple, Seeker") or w.startswith("gem, Seeker")
                                 for w in words), words
