# The pomme command when things go wrong: one clear line, an exit code, no traceback.
import pytest

from host_tools.cli import main


def _one_error(capsys):
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


@pytest.mark.parametrize(
    "argv, says",
    [
        (["sim", "--bots", "1"], "takes 2 to 6 players"),
        (["sim", "--bots", "9"], "takes 2 to 6 players"),
        (["sim", "--bots", "-2"], "--bots"),
        (["sim", "--bots", "3", "--seed", "-1"], "--seed must be 0 to"),
        (["sim", "--bots", "3", "--seed", "99999999999"], "--seed must be 0 to"),
        (["monitor", "--port", "x", "--seconds", "-1"], "--seconds"),
        (["playout", "--games", "0"], "--games"),
    ],
)
def test_argument_ranges_are_checked_before_anything_starts(capsys, argv, says):
    with pytest.raises(SystemExit) as exit:
        main(argv)
    assert exit.value.code == 2
    err = _one_error(capsys)
    assert says in err
    assert "simulated board" not in capsys.readouterr().out
