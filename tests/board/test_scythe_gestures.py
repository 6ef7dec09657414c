# Scythe's Move at the table: lifting a unit (character, mech, worker: each its own tag)
# lights its space and exactly the engine's legal destinations; putting it on a lit space
# commits the unit and its destination (the engine's two decisions, one gesture); an unlit
# space blinks red and nothing changes; putting it back is an undo. What a unit carries is
# then asked on the dial with the unit already standing on its destination.
import json

from firmware.hosts.bench import Bench
from firmware.bots import RandomBot
from firmware.board.light_codes import L_DEST, L_FIX, L_ORIGIN, L_OWN_DEST, L_WRONG
from firmware.rng import Rng
from firmware.rules.ruleset import OFF_BOARD
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.move import destinations
from firmware.rules.scythe.ruleset import RULESET

from ..rules.scythe_support import SAXONY, NORDIC, put, set_res, started, take_top
from ..rules.support import repo_path

RED = (160, 0, 0)
_DEF = None


def board_def():
    global _DEF
    if _DEF is None:
        with open(repo_path("hardware/maps/scythe.json")) as f:
            _DEF = json.load(f)
    return _DEF


def _at(st, p, u):
    return st.s[po(p) + L.P_UNITS + u]


def _moving(edit=None, seed=1):
    """Saxony (seat 0) against Nordic, Saxony's Move taken: its units wait to be lifted."""
    st = started((SAXONY, NORDIC))
    if edit is not None:
        edit(st)
    take_top(st, 0, C.TA_MOVE)
    assert st.decision() == L.K_MOVE_UNIT
    return Bench(board_def(), st, Rng(seed))


def _tag(p, u):
    return RULESET.tag_of(p, u)


def test_lifting_a_unit_lights_its_space_and_exactly_the_engines_legal_destinations():
    rig = _moving()
    for u in (L.U_CHARACTER, L.U_WORKER, L.U_WORKER + 1):
        legal = destinations(rig.st, 0, u)
        assert legal
        rig.lift_tag(_tag(0, u))
        assert rig.lit(L_ORIGIN) == [_at(rig.st, 0, u)]
        assert rig.lit(L_DEST) == legal, u
        rig.place_tag(_tag(0, u), _at(rig.st, 0, u))


def test_putting_a_unit_on_a_lit_space_commits_the_unit_and_its_destination():
    rig = _moving()
    d = destinations(rig.st, 0, L.U_CHARACTER)[0]
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), d)
    st = rig.st
    assert _at(st, 0, L.U_CHARACTER) == d
    assert st.decision() == L.K_MOVE_UNIT and st.s[L.MOVES_LEFT] == 1
    assert L.U_CHARACTER not in st.legal_actions()     # it moved: it may not move again
    rig.run(700)
    assert rig.lit(L_FIX) == [] and rig.lit(L_ORIGIN) == []


def test_a_unit_put_on_an_unlit_space_blinks_red_and_nothing_changes_until_put_right():
    rig = _moving()
    before = bytes(rig.st.s)
    legal = destinations(rig.st, 0, L.U_CHARACTER)
    far = [x for x in range(7, 54) if x not in legal and x != _at(rig.st, 0, L.U_CHARACTER)][0]
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), far)
    assert bytes(rig.st.s) == before
    assert rig.lit(L_WRONG) == [far]
    seen = set()
    for _ in range(6):
        rig.run(130)
        seen.add(rig.rgb(far))
    assert RED in seen and (0, 0, 0) in seen
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), legal[0])
    assert _at(rig.st, 0, L.U_CHARACTER) == legal[0] and rig.lit(L_WRONG) == []


def test_putting_a_unit_back_on_its_space_is_an_undo():
    rig = _moving()
    before = bytes(rig.st.s)
    x = _at(rig.st, 0, L.U_CHARACTER)
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    assert rig.lit(L_DEST)
    rig.place_tag(_tag(0, L.U_CHARACTER), x)
    assert bytes(rig.st.s) == before
    assert rig.lit(L_ORIGIN) == [] and rig.lit(L_DEST) == []


def _two_workers(st):
    put(st, 0, L.U_WORKER + 1, _at(st, 0, L.U_WORKER))   # both on one territory


def test_the_worker_lifted_is_the_worker_that_moves():
    rig = _moving(_two_workers)
    x = _at(rig.st, 0, L.U_WORKER)
    d = destinations(rig.st, 0, L.U_WORKER + 1)[0]
    rig.lift_tag(_tag(0, L.U_WORKER + 1))            # the second worker's tag, not the first's
    rig.place_tag(_tag(0, L.U_WORKER + 1), d)
    assert _at(rig.st, 0, L.U_WORKER + 1) == d and _at(rig.st, 0, L.U_WORKER) == x
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_a_worker_that_moved_lights_nothing_and_moving_it_again_changes_nothing():
    rig = _moving(_two_workers)
    d = destinations(rig.st, 0, L.U_WORKER)[0]
    rig.lift_tag(_tag(0, L.U_WORKER))
    rig.place_tag(_tag(0, L.U_WORKER), d)
    assert _at(rig.st, 0, L.U_WORKER) == d
    before = bytes(rig.st.s)
    rig.lift_tag(_tag(0, L.U_WORKER))
    assert rig.lit(L_DEST) == []
    again = [y for y in destinations(rig.st, 0, L.U_WORKER + 1) if y != d][0]
    rig.place_tag(_tag(0, L.U_WORKER), again)
    rig.run(700)
    assert bytes(rig.st.s) == before and again in rig.lit(L_FIX)   # a disagreement, shown


def test_a_unit_chosen_on_the_dial_is_then_moved_with_its_piece():
    rig = _moving()
    rig.choose(0, L.U_CHARACTER)
    assert rig.st.decision() == L.K_MOVE_TO
    d = destinations(rig.st, 0, L.U_CHARACTER)[-1]
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    assert rig.lit(L_DEST) == destinations(rig.st, 0, L.U_CHARACTER)
    rig.place_tag(_tag(0, L.U_CHARACTER), d)
    assert _at(rig.st, 0, L.U_CHARACTER) == d and rig.st.decision() == L.K_MOVE_UNIT


def test_done_moving_is_a_dial_choice():
    rig = _moving()
    assert L.MOVE_DONE in rig.ctl.options(0)
    rig.choose(0, L.MOVE_DONE)
    assert rig.st.decision() != L.K_MOVE_UNIT


def _mech_with_cargo(st):
    x = _at(st, 0, L.U_WORKER)
    put(st, 0, L.U_MECH, x)
    set_res(st, x, oil=2)


def test_what_a_mech_carries_is_asked_on_the_dial_with_the_mech_already_down():
    rig = _moving(_mech_with_cargo)
    x = _at(rig.st, 0, L.U_MECH)
    d = destinations(rig.st, 0, L.U_MECH)[0]
    rig.lift_tag(_tag(0, L.U_MECH))
    rig.place_tag(_tag(0, L.U_MECH), d)
    assert rig.st.decision() == L.K_CARRY and rig.ctl.options(0) == [0, 1]   # the worker
    rig.run(700)
    assert rig.lit(L_FIX) == []                  # the mech on d is where the game has it
    rig.choose(0, 1)                             # the worker goes along
    assert _at(rig.st, 0, L.U_WORKER) == d
    rig.lift_tag(_tag(0, L.U_WORKER))
    rig.place_tag(_tag(0, L.U_WORKER), d)
    assert rig.st.decision() == L.K_CARRY and rig.ctl.options(0) == [0, 1, 2]   # the oil
    rig.choose(0, 2)
    assert rig.st.s[L.RES0 + 4 * d] == 2 and rig.st.s[L.RES0 + 4 * x] == 0
    assert _at(rig.st, 0, L.U_MECH) == d and rig.st.decision() == L.K_MOVE_UNIT
    rig.run(700)
    assert rig.lit(L_FIX) == []


def test_a_whole_game_of_scythe_with_bots_through_gestures_only():
    """Every decision made at the table: units moved by one gesture (lift, put on a lit
    space), spaces with the wand, the rest on the dials; pieces the game moves by itself
    (workers sent home, a loser's units, workers produced) are put where it says
    (Bench.tidy)."""
    rig = Bench(board_def(), started((SAXONY, NORDIC, 2), (0, 1, 3)), Rng(3))
    rng = Rng(5)
    bot = RandomBot(rng)
    gestures = 0
    for _ in range(6000):
        st = rig.st
        if st.is_terminal():
            break
        rig.tidy()
        before = bytes(st.s)
        a = bot.choose(st) if st.decision() == L.K_MOVE_UNIT else -1
        if 0 <= a < L.MOVE_DONE:
            d = rng.choice(destinations(st, st.s[L.ACTIVE], a))
            t = _tag(st.s[L.ACTIVE], a)
            rig.lift_tag(t)
            assert rig.lit(L_DEST) == destinations(st, st.s[L.ACTIVE], a)
            c0 = rig.ctl.commits
            rig.place_tag(t, d)
            assert rig.ctl.commits >= c0 + 2         # the unit and its destination
            gestures += 1
        elif a == L.MOVE_DONE:
            rig.choose(0, a)
        else:
            rig.bot_turn(bot, rng)
        assert bytes(rig.st.s) != before, rig.st.decision()
    assert rig.st.is_terminal() and rig.st.winners()
    assert gestures > 10


def test_a_whole_game_of_scythe_one_person_and_two_bot_seats_through_gestures_only():
    """The bot seats' decisions carried out from the lights alone (a unit: its violet dial,
    then its piece from the violet space to the cyan one), the person's with random legal
    gestures."""
    from .test_bot_seats import play_with_bots

    bench = Bench(board_def(), started((SAXONY, NORDIC, 2), (0, 1, 3)), Rng(2), bots=6)
    rng = Rng(9)
    bots, person = play_with_bots(bench, RandomBot(rng), rng, 6000)
    assert bench.st.is_terminal() and bench.st.winners()
    assert bots > 20 and person > 10


def test_the_undo_button_takes_back_the_destination_then_the_unit():
    """One gesture made two decisions: the first press takes back the destination (the unit
    is shown back on its space and stays chosen), the second the choice of the unit."""
    rig = _moving()
    before = bytes(rig.st.s)
    x = _at(rig.st, 0, L.U_CHARACTER)
    legal = destinations(rig.st, 0, L.U_CHARACTER)
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), legal[0])
    rig.press_undo()
    assert rig.st.decision() == L.K_MOVE_TO and _at(rig.st, 0, L.U_CHARACTER) == x
    rig.run(700)
    assert x in rig.lit(L_FIX) and legal[0] in rig.lit(L_FIX)   # to be put back
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), x)
    assert rig.lit(L_FIX) == [] and rig.st.decision() == L.K_MOVE_TO
    rig.press_undo()
    assert bytes(rig.st.s) == before


def test_a_bot_seats_unit_is_named_on_the_display_then_moved_from_the_lights():
    from firmware.board.light_codes import L_BOT_DEST, L_BOT_LIFT
    from firmware.text import name

    st = started((SAXONY, NORDIC))
    take_top(st, 0, C.TA_MOVE)
    rig = Bench(board_def(), st, Rng(4), bots=1)
    u = rig.ctl.bot_choice()
    assert rig.st.decision() == L.K_MOVE_UNIT and rig.ctl.seats.plan_dial == 0
    assert rig.display.lines[1].endswith(name("unit", u)), rig.display.lines
    assert u < L.MOVE_DONE                       # (this seed's bot moves a unit)
    rig.press(0)
    d = rig.ctl.bot_choice()
    assert rig.st.decision() == L.K_MOVE_TO and d in destinations(rig.st, 0, u)
    assert rig.lit(L_BOT_LIFT) == [_at(rig.st, 0, u)] and rig.lit(L_BOT_DEST) == [d]
    rig.lift_tag(_tag(0, u))
    rig.place_tag(_tag(0, u), d)
    assert _at(rig.st, 0, u) == d


def test_a_combat_at_the_table_the_card_values_entered_on_the_secret_dials():
    """Combat cards are counts in the game: each card tucked behind a dial is its value,
    entered on that player's dial (any plausible value while the hand holds a card), secret
    until both lock; then the cards go face up to the discard pile and the hands' counts
    drop."""
    from ..rules.scythe_support import H, set_player

    def edit(st):
        put(st, 1, L.U_MECH, H(42))
        put(st, 0, L.U_CHARACTER, H(41))
        set_player(st, 0, power=5, hand=2)
        set_player(st, 1, power=5, hand=1)

    rig = _moving(edit)
    t = _tag(0, L.U_CHARACTER)
    rig.lift_tag(t)
    rig.place_tag(t, H(42))
    rig.choose(0, L.MOVE_DONE)
    assert rig.st.decision() == L.K_DIAL and RULESET.focus(rig.st) == H(42)
    rig.choose(0, 3)                             # the attacker: power 3
    assert rig.ctl.options(0) == [0, 2, 3, 4, 5]   # a card of any plausible value
    rig.choose(0, 5)                             # one slot (the character): done
    rig.choose(1, 1)                             # the defender: power 1
    assert rig.ctl.options(1) == [0, 2, 3, 4, 5]
    st = rig.st
    assert bytes(st.s[L.DISCARD:L.DISCARD + 4]) == bytes(4)   # nothing shows before both lock
    rig.choose(1, 4)
    st = rig.st
    assert bytes(st.s[L.DISCARD:L.DISCARD + 4]) == bytes((0, 0, 1, 1))
    assert st.s[po(0) + L.P_NCARDS] == 1                  # the attacker's 5 shown
    assert st.s[po(1) + L.P_NCARDS] == 1                  # the defender's 4, and a card drawn
    assert _at(st, 1, L.U_MECH) == st.board.home[NORDIC]  # Nordic's mech went home


def test_lifting_a_fenris_mech_lights_its_leap_and_fanatical_destinations():
    """The Rise of Fenris (docs/fenris.md 1.9): Leap's straight-line destinations and
    Fanatical's token territories are lit with the rest, exactly the engine's legal moves."""
    from tests.rules.test_fenris_faction import _clear, _straight, _token
    from tests.rules.scythe_support import board

    b = board()
    x, y, z, _d = _straight(b, lambda y, e: b.terrain[y] == 6)   # over a lake
    st = started((C.FACTION_FENRIS, NORDIC), mods=C.MOD_FENRIS)
    _clear(st)
    put(st, 0, L.U_CHARACTER, x)
    put(st, 0, L.U_MECH, x)          # Leap
    put(st, 0, L.U_MECH + 3, x)      # Fanatical
    far = [t for t in range(7, b.n_spaces) if b.terrain[t] in (1, 2, 3, 4, 5) and t != z
           and t not in [w for w, _ in b.neighbours(x)] and t != x][-1]
    _token(st, far)
    take_top(st, 0, C.TA_MOVE)
    rig = Bench(board_def(), st, Rng(1))
    legal = destinations(rig.st, 0, L.U_CHARACTER)
    assert z in legal and far in legal
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    assert rig.lit(L_DEST) == legal
    rig.place_tag(_tag(0, L.U_CHARACTER), far)
    assert _at(rig.st, 0, L.U_CHARACTER) == far


def test_influence_tokens_are_pieces_put_where_fenris_places_them_and_lifted_when_gained():
    """Fenris's 16 Influence tokens are tagged pieces (docs/fenris.md C6, 1.9: tags 91-106): the
    token the engine places ("you may place an Influence token on that territory", then "1 more"
    by the wand) is expected on its territory, shown out of place until the table puts it there;
    a token gained ("moves into a territory containing an Influence token ... Gain the Influence
    token") is expected off the board until the table lifts it."""
    from tests.rules.test_fenris_faction import _clear, _land_pair

    b = board_def()
    st = started((SAXONY, C.FACTION_FENRIS), mods=C.MOD_FENRIS)
    sb = st.board
    x, y = _land_pair(sb)
    _clear(st)
    put(st, 1, L.U_CHARACTER, x)
    st.s[po(1) + L.P_LAST] = 255
    from ..rules.scythe_support import begin_turn

    begin_turn(st, 1)
    take_top(st, 1, C.TA_MOVE)
    rig = Bench(b, st, Rng(1))
    assert RULESET.game_tags(rig.st) == L.INFL_TAG + L.N_INFL
    assert all(rig.expected()[L.INFL_TAG + k] == OFF_BOARD for k in range(L.N_INFL))   # its supply
    rig.lift_tag(_tag(1, L.U_CHARACTER))
    rig.place_tag(_tag(1, L.U_CHARACTER), y)
    if rig.st.decision() == L.K_MOVE_UNIT:
        rig.choose(0, L.MOVE_DONE)
    assert rig.st.decision() == L.K_INFLUENCE
    rig.choose(0, 1)
    tok = L.INFL_TAG                      # the lowest token in the supply
    assert rig.expected()[tok] == y and rig.st.decision() == L.K_INFLUENCE_AT
    rig.run(1000)
    assert rig.ctl.gestures.mismatch and y in rig.lit(L_FIX)   # out of place until it stands there
    rig.place_tag(tok, y)
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch
    z = [t for t in rig.st.legal_actions() if t != L.SPACE_DONE][0]
    rig.wand(z)
    assert rig.expected()[tok + 1] == z
    rig.place_tag(tok + 1, z)
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch
    # Saxony's character walks onto the first token's territory and gains it.
    st = rig.st.clone()
    put(st, 0, L.U_CHARACTER, x)
    st.s[po(0) + L.P_LAST] = 255
    begin_turn(st, 0)
    take_top(st, 0, C.TA_MOVE)
    rig = Bench(b, st, Rng(1))
    assert rig.where_tag(tok) == y
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), y)
    assert rig.expected()[tok] == OFF_BOARD and rig.expected()[tok + 1] == z
    rig.run(1000)
    assert rig.ctl.gestures.mismatch and y in rig.lit(L_FIX)   # the gained token is still on y
    rig.lift_tag(tok)
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch


def test_the_desolations_units_are_pieces_the_table_moves_where_its_die_sends_them():
    """The Desolation (docs/fenris.md C6, 1.12): its 4 mechs and character are tags 86-90 and its
    sixth unit the Tesla miniature (85), expected where it stands: around the Factory at setup;
    after its roll ("Move ALL Desolation units in that direction") they show out of place until
    the table puts them where they went; a destroyed one is expected off the board."""
    from firmware.rules.scythe import fenris_desolation as D

    st = started((SAXONY, NORDIC), mods=C.MOD_DESOLATION)
    units = D.units(st)
    rig = Bench(board_def(), st, Rng(1))
    assert RULESET.game_tags(rig.st) >= L.DES_TAG + 5
    assert [rig.where_tag(L.DES_TAG + k) for k in range(5)] + [rig.where_tag(L.TESLA_TAG)] == units
    st = rig.st.clone()
    f = len(st.s) - L.TAIL - L.F_SIZE
    st.s[f + L.F_DES_POP] = 13
    st.s[f + L.F_DES_STEP] = L.DES_START
    st.s[f + L.F_DES + 1] = L.NOWHERE          # (one destroyed before)
    st.s[L.ACTIVE] = D.order(st)[0]
    st.s[L.STAGE] = L.ST_DES_TURN
    st.begin()
    rig = Bench(board_def(), st, Rng(1))       # the board rolls its die (its own generator) at once
    moved = D.units(rig.st)
    assert moved != units and rig.st.decision() == L.K_SECTION   # its turn is over
    want = rig.expected()
    assert [want[L.DES_TAG + k] for k in range(5)] == [m if m != L.NOWHERE else OFF_BOARD for m in moved[:5]]
    assert want[L.TESLA_TAG] == moved[5] and want[L.DES_TAG + 1] == OFF_BOARD
    for k in (0, 2, 3, 4):                     # the table has not moved them yet
        rig.lift_tag(L.DES_TAG + k)
        rig.place_tag(L.DES_TAG + k, units[k])
    rig.run(1000)
    assert rig.ctl.gestures.mismatch           # out of place until the table moves them
    rig.tidy()
    rig.run(1000)
    assert not rig.ctl.gestures.mismatch and rig.where_tag(L.DES_TAG + 2) == moved[2]


def test_lifting_vesnas_character_lights_her_riverwalk_onto_a_structure():
    """The Rise of Fenris (docs/fenris.md 1.8): Vesna's Riverwalk "across rivers to/from an
    adjacent territory containing any player's structure" is lit with the rest, exactly the
    engine's legal moves, and the piece put there moves."""
    from tests.rules.scythe_support import board, build
    from tests.rules.test_fenris_vesna import _game, _river

    b = board()
    x, y = _river(b)
    st = _game(model=True)
    for p in range(2):
        for u in range(L.N_UNITS):
            st.s[po(p) + L.P_UNITS + u] = L.NOWHERE
    put(st, 0, L.U_CHARACTER, x)
    put(st, 0, L.U_MECH, x)          # mech 1: Riverwalk
    put(st, 1, L.U_WORKER, b.home[NORDIC])
    build(st, 1, 0, y)               # Nordic's structure across the river
    st.s[po(0) + L.P_LAST] = 255
    take_top(st, 0, C.TA_MOVE)
    rig = Bench(board_def(), st, Rng(1))
    legal = destinations(rig.st, 0, L.U_CHARACTER)
    assert y in legal
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    assert rig.lit(L_DEST) == legal
    rig.place_tag(_tag(0, L.U_CHARACTER), y)
    assert _at(rig.st, 0, L.U_CHARACTER) == y


def test_lifting_teslas_miniature_lights_his_moves_and_putting_it_down_moves_him():
    """The Rise of Fenris (docs/fenris.md 1.10, C6): Tesla's miniature is tag TESLA_TAG, expected
    where the engine has him; lifted on his finder's Move it lights exactly his destinations, and
    put on one it moves him (K_MOVE_UNIT U_TESLA, then K_MOVE_TO)."""
    from firmware.rules.scythe import fenris_tesla as T
    from tests.rules.test_fenris_tesla import BESIDE, _game, _tesla_at

    st = _game()
    _tesla_at(st, 0, BESIDE)
    st.s[po(0) + L.P_LAST] = 255
    take_top(st, 0, C.TA_MOVE)
    rig = Bench(board_def(), st, Rng(1))
    assert rig.rs.game_tags(rig.st) == L.TESLA_TAG + 1
    assert ("tesla", 5, L.TESLA_TAG) in rig.rs.game_pieces(rig.st)
    legal = T.destinations(rig.st, 0)
    assert legal and L.U_TESLA in rig.st.legal_actions()
    rig.lift_tag(L.TESLA_TAG)
    assert rig.lit(L_OWN_DEST) == legal   # his own colour, as the airship's
    rig.place_tag(L.TESLA_TAG, legal[0])
    assert T.at(rig.st) == legal[0]


def test_a_unit_that_cannot_pay_for_fenris_agents_blinks_until_put_back_where_it_entered_from():
    """Episode 4 (docs/campaign.md): "return your unit to the territory from which it entered": the
    engine has it there at once; the piece on the agents' tunnel and its place both blink amber until
    it is put back, which changes nothing more (no undo)."""
    from tests.rules.test_fenris_agents import _game, _tunnel, _wealth

    st = _game()
    y, x = _tunnel()
    put(st, 0, L.U_CHARACTER, x)
    _wealth(st, 0, 0, 1, 0)   # $1: any combat card (2 or more) is too dear
    st.s[po(0) + L.P_LAST] = 255
    take_top(st, 0, C.TA_MOVE)
    rig = Bench(board_def(), st, Rng(1))
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), y)   # the card is the board's draw (ENTRY_ROLL)
    assert _at(rig.st, 0, L.U_CHARACTER) == x and rig.st.decision() == L.K_MOVE_UNIT
    after = bytes(rig.st.s)
    rig.run(3000)
    assert rig.lit(L_FIX) == sorted((x, y))
    rig.lift_tag(_tag(0, L.U_CHARACTER))
    rig.place_tag(_tag(0, L.U_CHARACTER), x)
    rig.run(3000)
    assert rig.lit(L_FIX) == [] and bytes(rig.st.s) == after


def test_a_17th_piece_on_a_territory_is_shown_as_one_too_many_and_changes_nothing():
    """A territory reports 16 pieces (RULESET.max_stack: 8 workers, 4 mechs, a character and a
    structure of one player, with room to spare); The Rise of Fenris lets several players' units
    share one (the Desolation's defenders), so a 17th can happen: the reader then cannot say
    which pieces stand there, the space blinks, the display says how many it holds at most, and
    nothing is committed until one is taken off."""
    def crowd(st):
        for u in range(L.N_UNITS):          # Saxony's 13 units on 20
            put(st, 0, u, 20)
        for u in (L.U_CHARACTER, L.U_MECH, L.U_MECH + 1):   # and 3 of Nordic's: 16
            put(st, 1, u, 20)

    rig = _moving(crowd)
    rig.run(700)
    assert rig.lit(L_FIX) == [] and len(rig.sensors.tags(rig.channel[20]) or ()) == RULESET.max_stack == 16
    before = bytes(rig.st.s)
    worker = _tag(1, L.U_WORKER)
    home = rig.where_tag(worker)
    rig.lift_tag(worker)
    rig.place_tag(worker, 20)               # a 17th piece: a person's slip
    rig.run(3000)
    assert bytes(rig.st.s) == before
    assert 20 in rig.lit(L_FIX)
    assert "Space 20: 16 pieces at most, take one off" in rig.display.lines, rig.display.lines
    rig.lift_tag(_tag(0, L.U_WORKER + 7))   # another one off: 16 read again, one piece wrong
    rig.run(3000)
    assert rig.lit(L_FIX) == sorted((home, 20)) and not any("at most" in x for x in rig.display.lines)
    rig.place_tag(_tag(0, L.U_WORKER + 7), 20)   # back: crowded again
    rig.run(3000)
    assert any("at most" in x for x in rig.display.lines)
    rig.lift_tag(worker)
    rig.place_tag(worker, home)
    rig.run(3000)
    assert rig.lit(L_FIX) == [] and bytes(rig.st.s) == before
    assert not any("at most" in x for x in rig.display.lines)
