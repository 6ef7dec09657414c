# A Rivals game the rules cannot end (docs/fenris.md S19): "Stars on an opponent's base may only be
# retrieved and placed on the Triumph Track through combat", and the 6th star is the game's only
# end. invariants_scythe.stalemate proves it where it can (every star placed or on a base, no two
# players' characters and mechs able to meet); the conformance playouts and the soak stop such a
# game there (games.Stalemate) and keep it apart from the failures.
from firmware.rules import registry
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po, stars
from tests.rules.support import MICROPYTHON

from . import invariants_scythe as I
from .games import Game, Stalemate, played, playout

_MODS = {"mechmods": [1], "rivals": [1]}


def _game(options=None):
    return Game("scythe+mechmods+rivals", registry.load("scythe"), options or _MODS, (2,))


def _reach(st, p):
    a = I._reach(st, p)
    assert a is not None
    return a


def _counts(st):
    """(stars of each player, combat stars of each player)."""
    return ([stars(st, p) for p in range(st.n_players())],
            [st.s[po(p) + L.P_COMBAT_STARS] for p in range(st.n_players())])


def test_a_rivals_game_whose_units_can_never_meet_and_whose_stars_are_all_out_is_a_stalemate():
    # Seed 484 (the soak's scythe+mechmods+rivals): Saxony, its mods in place of Riverwalk and
    # Underpass, boxed in by rivers on three territories holding its structures (no Mine can be
    # built), Crimea unable to cross to them; each has its other stars on the track.
    g = _game()
    try:
        playout(g, 484)
        raise AssertionError("seed 484 ended")
    except Stalemate as e:
        st, why = e.st, e.why
    assert "no star can be placed" in why and not st.is_terminal()
    assert sorted(_reach(st, 0)) == [4, 40, 41, 47]
    assert not _reach(st, 0) & _reach(st, 1)
    # and random play from there places no star and fights no combat
    before = _counts(st)
    rng_game = st.clone(undo=False)
    from firmware.bot_kinds import make_bot
    from firmware.rng import Rng

    from .games import chance_pick

    bot = make_bot(g.rs, Rng(5), "random")
    rng = Rng(6)
    for _ in range(3000 if MICROPYTHON else 20000):
        k = rng_game.decision()
        assert k not in (L.K_DIAL, L.K_RIVAL_STAR), k
        rng_game.apply(chance_pick(rng_game, rng) if rng_game.current_player() < 0 else bot.choose(rng_game))
    assert _counts(rng_game) == before and not rng_game.is_terminal()


def test_a_player_whose_workers_can_swim_to_a_boxed_in_rival_is_no_stalemate():
    # Seed 316: Rusviet boxed in on 25, 31 and 32, all of Nordic's stars out too; random play did
    # not end it in 3,000,000 decisions, but Nordic's workers swim ("Swim": across rivers) to 25
    # once Rusviet's units leave it, and its Underpass mechs then reach the mountain 32.
    st = played(_game(), 316, 15000)
    assert not st.is_terminal()
    assert 25 in _reach(st, 0) and 32 in _reach(st, 0)
    assert sorted(_reach(st, 1)) == [3, 25, 31, 32]
    assert I.stalemate(st) is None


def test_no_stalemate_is_claimed_with_a_module_whose_moves_the_proof_does_not_hold():
    from firmware.rules.scythe.fenris_options import WORDS

    st = played(_game(), 484, 4000)
    assert I.stalemate(st)
    plain = st.mods()
    for word in ("tesla", "madtesla", "desolation"):   # (their own units and moves: not in move.steps)
        st.mods = lambda w=word: plain | 1 << WORDS.index(w)
        assert I.stalemate(st) is None, word
    for word in ("war", "alliances", "vesna", "fenris"):   # (Vesna and Fenris: no seat plays them)
        st.mods = lambda w=word: plain | 1 << WORDS.index(w)
        assert I.stalemate(st), word


def test_a_seat_playing_vesna_or_fenris_takes_the_proof_back():
    from firmware.rules.scythe.content import FACTION_FENRIS, FACTION_VESNA
    from firmware.rules.scythe.fenris_options import WORDS

    st = played(_game(), 484, 4000)
    plain = st.mods()
    for word, faction in (("vesna", FACTION_VESNA), ("fenris", FACTION_FENRIS)):
        other = st.clone(undo=False)
        other.mods = lambda w=word: plain | 1 << WORDS.index(w)
        assert I.stalemate(other), word
        other.s[po(1) + L.P_FACTION] = faction   # (their moves are their units' own: Leap, Vesna's Riverwalk)
        assert I.stalemate(other) is None, word


def test_only_characters_and_mechs_meeting_can_end_a_rivals_game_whose_stars_are_all_out():
    # Seed 484 of scythe+fenris+mechmods+rivals (no seat plays Fenris): Nordic's workers swim
    # across the rivers to where Saxony's units go, but its character and mechs cannot, and a
    # worker never enters a territory holding an opponent's unit: no combat can ever happen.
    g = Game("scythe+fenris+mechmods+rivals", registry.load("scythe"), dict(_MODS, fenris=[1]), (2,))
    try:
        playout(g, 484)
        raise AssertionError("seed 484 ended")
    except Stalemate as e:
        st = e.st
    areas = [_reach(st, p) for p in range(2)]
    assert len(areas[0] & areas[1]) > 10   # (every unit: they overlap)
    fighters = [I._fighters(st, p, areas[p]) for p in range(2)]
    assert not fighters[0] & fighters[1]
    before = _counts(st)
    from firmware.bot_kinds import make_bot
    from firmware.rng import Rng

    from .games import chance_pick

    bot = make_bot(g.rs, Rng(5), "random")
    rng = Rng(6)
    for _ in range(3000 if MICROPYTHON else 20000):
        k = st.decision()
        assert k not in (L.K_DIAL, L.K_COMBAT_AT, L.K_RIVAL_STAR), k
        st.apply(chance_pick(st, rng) if st.current_player() < 0 else bot.choose(st))
    assert _counts(st) == before and not st.is_terminal()


def test_with_alliances_a_seat_with_swim_lets_every_player_s_workers_cross_rivers():
    # ("gaining the ally's faction ability": Nordic's Swim, workers across rivers, for its ally)
    from firmware.rules.scythe.fenris_options import WORDS

    st = played(_game(), 316, 15000)   # (Nordic and Rusviet, boxed in on 25, 31 and 32)
    alone = _reach(st, 1)
    plain = st.mods()
    st.mods = lambda: plain | 1 << WORDS.index("alliances")
    st.ALLIANCES = 1
    assert I._swim_for_all(st)
    assert alone < _reach(st, 1)
