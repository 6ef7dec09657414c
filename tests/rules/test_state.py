# The state: a short versioned serialised form with a checksum, a look-ahead clone without undo
# snapshots, and checked decisions that change nothing when refused. (Round trips, clones, undo
# and redo, the hash and replay from the history, for every ruleset: tests/conformance/.)
from firmware.bots import RandomBot, chance_step
from firmware.rules.mls.bot import nudge
from firmware.rng import Rng
from firmware.rules.mls.codes import A_MOVE, CHANCE, G_APPLE, G_GEM, G_QUEST, K_ACTION, K_OVER, N_KINDS
from firmware.rules.mls.engine import RULESET_MLS, State, new_game
from firmware.rules.mls.layout import GOODS, HOLD_HAND, HOLD_SUPPLY, N_STAGES
from firmware.rules.errors import CorruptStateError, IllegalDecisionError, NotYourDecisionError
from firmware.rules.framing import frame, ruleset_of, unframe

from .support import CAMP, board, raises, scenario


def _played(seed=3, decisions=150, players=4):
    rng = Rng(seed)
    st = new_game(board(), players)
    bots = [RandomBot(rng, nudge) for _ in range(players)]
    for _ in range(decisions):
        if st.current_player() == CHANCE:
            chance_step(st, rng)
        else:
            st.apply(bots[st.current_player()].choose(st))
    return st


def test_a_4_player_game_saves_in_under_420_bytes():
    # (the round trip itself, at every decision of every game: tests/conformance/test_playouts.py)
    st = _played()
    data = st.to_bytes()
    assert bytes(State.from_bytes(board(), data).s) == bytes(st.s)
    assert len(data) < 420


def test_a_wrong_magic_version_or_length_is_refused():
    data = bytearray(_played().to_bytes())
    for i, v in ((0, 0x51), (2, 99), (4, 36)):
        bad = bytearray(data)
        bad[i] = v
        raises(CorruptStateError, State.from_bytes, board(), bytes(bad))
    raises(CorruptStateError, State.from_bytes, board(), bytes(data[:-1]))
    raises(CorruptStateError, State.from_bytes, board(), b"")


def test_a_save_of_the_format_before_reads_as_it_was():
    # framing.FORMAT 2 changed only The Rise of Fenris's Infrastructure Mods bytes (that game's
    # test: test_fenris_infra.py): a My Little Scythe save of format 1 reads into the same game.
    st = _played()
    data = bytearray(st.to_bytes())
    assert data[2] == 2
    data[2] = 1
    assert bytes(State.from_bytes(board(), bytes(data)).s) == bytes(st.s)


def test_a_flipped_byte_fails_the_checksum():
    data = bytearray(_played().to_bytes())
    data[100] ^= 1
    e = raises(CorruptStateError, State.from_bytes, board(), bytes(data))
    assert "checksum" in str(e)


def test_inconsistent_values_with_a_good_checksum_are_refused():
    st = _played()
    st.s[GOODS + 3] += 1          # an apple out of nowhere (the apples of space 3)
    e = raises(CorruptStateError, State.from_bytes, board(), st.to_bytes())
    assert "goods" in str(e)


def test_the_frame_is_shared_and_names_its_ruleset():
    st = _played()
    data = st.to_bytes()
    assert data == frame(RULESET_MLS, board().n_spaces, st.s)
    assert ruleset_of(data) == RULESET_MLS
    assert ruleset_of(b"") is None and ruleset_of(b"XB" + data[2:]) is None
    assert bytes(unframe(data, RULESET_MLS, board().n_spaces, len(st.s))) == bytes(st.s)
    for args, word in (((RULESET_MLS + 1, board().n_spaces, len(st.s)), "another ruleset"),
                       ((RULESET_MLS, board().n_spaces, len(st.s) + 1), "length")):
        e = raises(CorruptStateError, unframe, data, *args)
        assert word in str(e), str(e)


def test_goods_are_held_by_spaces_the_supply_and_a_gift_in_hand():
    st = scenario(seekers={0: (31, 36), 1: (12, CAMP)}, goods={31: (2, 1), 36: (0, 3, 1)})
    assert st.goods_at(31, G_APPLE) == 2 == st.apples(31) and st.goods_at(36, G_QUEST) == 1
    assert st.goods_at(HOLD_SUPPLY, G_GEM) == st.supply(G_GEM)
    assert st.goods_at(HOLD_HAND, G_APPLE) == 0
    assert st.holders_of(0) == [31, 36] and st.holders_of(1) == [12]
    assert st.controlled(0, G_GEM) == 4 and st.controlled(1, G_GEM) == 0
    st.move_goods(G_GEM, 36, 31, 2)
    assert st.gems(31) == 3 and st.gems(36) == 1 and st.controlled(0, G_GEM) == 4
    st.move_goods(G_GEM, 31, HOLD_SUPPLY, 3)
    assert st.gems(31) == 0 and st.check() is None
    for good, total in ((G_APPLE, 24), (G_GEM, 24), (G_QUEST, 12)):
        assert sum(st.goods_at(x, good) for x in st.holders()) == total


def test_every_decision_kind_and_stage_has_its_functions():
    for kind in range(1, N_KINDS):
        assert (State.LEGAL[kind] is None) == (kind == K_OVER) == (State.DO[kind] is None), kind
    assert len(State.LEGAL) == len(State.DO) == N_KINDS
    assert len(State.PENDING) == N_STAGES and None not in State.PENDING[1:]


def test_a_look_ahead_clone_keeps_no_undo_snapshots_and_undoes_by_replay():
    st = _played(decisions=40)
    before = bytes(st.s)
    c = st.clone(False)
    c.apply(c.legal_actions()[0])
    after = bytes(c.s)
    c.apply(c.legal_actions()[0])
    assert c._snaps == [] and bytes(st.s) == before
    c.undo()                       # from the history, replayed from the start
    assert bytes(c.s) == after
    c.keep_history = False
    c.apply(c.legal_actions()[0])
    assert c._snaps == []


def test_nothing_to_undo_at_the_start():
    st = new_game(board(), 2)
    raises(IllegalDecisionError, st.undo)


def test_a_refused_decision_changes_nothing():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)}, last={0: A_MOVE})
    before = bytes(st.s)
    raises(IllegalDecisionError, st.apply_checked, A_MOVE)
    raises(IllegalDecisionError, st.apply_checked, 999)
    raises(IllegalDecisionError, st.apply_checked, "move")
    raises(NotYourDecisionError, st.apply_checked, 1, 1)
    assert bytes(st.s) == before and st.decision() == K_ACTION


def test_errors_read_as_sentences_from_the_catalogue():
    st = scenario(seekers={0: (CAMP, CAMP), 1: (CAMP, CAMP)})
    e = raises(NotYourDecisionError, st.apply_checked, 1, 1)
    assert str(e) == "player 1 cannot decide now: waiting for 0"
    assert e.code == "not_your_decision"
