# The host's bots over the link (host_tools/session.bot_game, `pomme sim`) decide on their
# seat's view (`snapshot` with `p`, docs/protocol.md): the table's snapshot blanks a Scythe
# player's model objective cards (State.SECRET), so a bot deciding on it could never reveal one;
# its seat's view keeps its own, and the bot (behind FairBot) draws the others' again. The host
# holds every seat, so the board names the cards it deals and the log replays.
from firmware.rules.scythe.layout import K_OBJECTIVE
from host_tools.gamelog import replay, start_state
from host_tools.games import parse
from host_tools.inproc import InProcBoard
from host_tools.link import Client
from host_tools.session import bot_game


def test_a_simulated_scythe_game_reveals_model_objectives_and_replays_equal():
    revealed = 0
    for seed in (7, 8, 15):   # (random bots claim an objective in about one game in six: these do)
        board = InProcBoard(players=2, seed=seed, game="scythe")
        c = Client(board.port())
        c.connect()
        st, log = bot_game(c, seed=seed, out=lambda *a: None, game="scythe", options=parse("scythe")[1])
        c.close()
        assert st.is_terminal()
        again = replay(log)
        assert again.public_hash() == st.public_hash()
        kinds = []
        step = start_state(log)
        for a, _ in log.entries:
            kinds.append(step.decision())
            step.apply(a)
        revealed += kinds.count(K_OBJECTIVE)
        if revealed:
            break
    assert revealed, "no model objective revealed in three simulated games"


def test_a_game_started_without_the_deck_option_is_logged_as_printed_and_replays():
    # the `new` command without "cards" plays the printed cards (the board's default): its log
    # must say so ("mls+printed"; "mls" alone names the model deck), and the host's bots keep
    # to the snapshot when the log's game could not be the board's
    board = InProcBoard(players=2, seed=3, game="mls")
    c = Client(board.port())
    c.connect()
    st, log = bot_game(c, seed=3, out=lambda *a: None, max_decisions=20000)
    c.close()
    assert log.game == "mls+printed"
    assert st.is_terminal() and replay(log).public_hash() == st.public_hash()
