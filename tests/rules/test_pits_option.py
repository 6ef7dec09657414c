# Pie in the Sky is an option of the My Little Scythe ruleset: a game says it is on in its
# bytes (layout.XOPT and a block after the base game's), a save round-trips it, and a base
# game's bytes are exactly what they were before the expansion existed.
from firmware.rules.errors import CorruptStateError, SetupError
from firmware.rules.framing import frame
from firmware.rules.mls.codes import G_APPLE
from firmware.rules.mls.engine import State, new_game
from firmware.rules.mls.layout import GOODS, XOPT, X_SIZE
from firmware.rules.mls.pits import PitsState
from firmware.rules.mls.ruleset import RULESET

from .support import MICROPYTHON, board, pits_scenario, raises

CASTLE = 18


def test_a_base_game_keeps_the_base_bytes_when_the_expansion_is_off():
    b = board()
    for options in (None, {}, {"pits": [0]}, {"pits": []}):
        st = RULESET.new_game(b, 3, options)
        assert type(st) is State
        assert len(st.s) == GOODS + 3 * b.n_spaces
        assert st.s[XOPT] == 0
        assert st.to_bytes() == new_game(b, 3).to_bytes()


def test_an_expansion_game_says_so_in_its_bytes():
    b = board()
    st = RULESET.new_game(b, 3, {"pits": [1]})
    assert st.s[XOPT] == 1
    assert len(st.s) == GOODS + 3 * b.n_spaces + X_SIZE
    assert len(st.to_bytes()) == len(new_game(b, 3).to_bytes()) + X_SIZE


def test_a_save_of_an_expansion_game_reads_back_as_one():
    st = pits_scenario(3, seekers={0: (5, 7), 1: (30, 31), 2: (35, 36)}, goods={5: (2, 1)},
                       cargo={1: (2, 3)}, airship=12, mats={0: 7, 1: 8, 2: 0})
    data = st.to_bytes()
    back = RULESET.from_bytes(board(), data)
    assert isinstance(back, PitsState)
    assert back.to_bytes() == data
    assert back.s[XOPT] == 1 and back.cargo(1, G_APPLE) == 2 and back.airship() == 12
    assert back.mat(0) == 7 and back.mat(1) == 8
    assert back.legal_actions() == st.legal_actions()


def test_a_base_save_with_the_expansion_byte_set_is_refused():
    st = new_game(board(), 2)
    s = bytearray(st.s)
    s[XOPT] = 1
    e = raises(CorruptStateError, RULESET.from_bytes, board(), frame(1, board().n_spaces, s))
    assert "expansion" in str(e.args)


def test_an_expansion_save_without_its_byte_is_refused():
    st = pits_scenario(2)
    s = bytearray(st.s)
    s[XOPT] = 0
    raises(CorruptStateError, RULESET.from_bytes, board(), frame(1, board().n_spaces, s))


def test_an_expansion_save_with_an_airship_on_the_castle_is_refused():
    st = pits_scenario(2, airship=12)
    s = bytearray(st.s)
    s[st.x0] = CASTLE   # layout.X_SHIP
    raises(CorruptStateError, RULESET.from_bytes, board(), frame(1, board().n_spaces, s))


def test_fox_and_owl_need_the_expansion():
    b = board()
    raises(SetupError, RULESET.new_game, b, 2, {"kingdoms": [7, 8]})
    st = RULESET.new_game(b, 2, {"kingdoms": [7, 8], "pits": [1]})
    assert st.s[XOPT] == 1


def test_mats_at_random_need_the_expansion():
    raises(SetupError, RULESET.new_game, board(), 2, {"mats": [1]})


def test_the_new_command_takes_the_expansion_now_the_board_plays_it():
    # The board's controller and screens play kinds 29-33: the wire's `new` takes the
    # expansion's options (the engine's), and still refuses a kingdom past Owl.
    from firmware.link.protocol import ProtocolError, check_command

    ok = {"c": "new", "s": 1, "players": 3, "pits": [1], "mats": [1], "kingdoms": [0, 7, 8]}
    assert RULESET.new_options == RULESET.engine_options
    assert check_command(ok, RULESET.new_options)[0] == "new"
    base = {"c": "new", "s": 1, "players": 3, "kingdoms": [0, 5, 6]}
    assert check_command(base, RULESET.new_options)[0] == "new"
    bad = {"c": "new", "s": 1, "players": 3, "kingdoms": [9, 1, 2]}
    assert raises(ProtocolError, check_command, bad, RULESET.new_options).code == "bad_field"
    bad = {"c": "new", "s": 1, "players": 3, "pits": [2]}
    assert raises(ProtocolError, check_command, bad, RULESET.new_options).code == "bad_field"


def test_every_expansion_decision_has_an_entry_mode():
    from firmware.rules.mls.codes import (
        K_AIR_DIE,
        K_AIR_MOVE,
        K_AIR_SUPPORT,
        K_DEAL_MAT,
        K_PORTAL_SWAP,
        N_KINDS_PITS,
    )
    from firmware.rules.ruleset import ENTRY_CHANCE, ENTRY_DIAL, ENTRY_PIECE, ENTRY_ROLL

    e = RULESET.entry
    assert len(e) == N_KINDS_PITS   # every kind the engine has, the board enters
    assert e[K_DEAL_MAT] == ENTRY_CHANCE and e[K_AIR_DIE] == ENTRY_ROLL
    assert e[K_AIR_MOVE] == ENTRY_PIECE                     # the airship: lifted and put down
    assert e[K_AIR_SUPPORT] == e[K_PORTAL_SWAP] == ENTRY_DIAL


def test_automountie_and_air_transport_decisions_have_their_entry_modes():
    from firmware.rules.mls.codes import (
        K_AIR_TRANSPORT,
        K_AM_DIRECTION,
        K_AM_PAY,
        K_AM_TROPHY,
        K_DROP_JUMP,
        N_KINDS_PITS,
    )
    from firmware.rules.ruleset import ENTRY_DIAL, ENTRY_SPACE

    e = RULESET.entry
    assert len(e) == N_KINDS_PITS == K_AIR_TRANSPORT + 1
    for k in (K_AM_PAY, K_AM_TROPHY, K_DROP_JUMP, K_AIR_TRANSPORT):
        assert e[k] == ENTRY_DIAL, k
    assert e[K_AM_DIRECTION] == ENTRY_SPACE   # her path: the space she would fly to


def test_a_base_game_does_not_load_the_expansion_modules():
    if MICROPYTHON:
        return   # no subprocess there; the heap game (make test-heap) plays the base game
    import subprocess
    import sys

    code = ("import sys\nfrom tests.rules.support import board\n"
            "from firmware.rules.mls.ruleset import RULESET\n"
            "st = RULESET.new_game(board(), 4, {})\n"
            "st.apply(st.legal_actions()[0])\n"
            "RULESET.from_bytes(board(), st.to_bytes())\n"
            "print(sorted(m for m in sys.modules if 'pits' in m))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
