# pyright: reportAttributeAccessIssue=false
# A campaign episode's Mods from the Campaign Log (`owned`; docs/campaign.md section 3), as the
# "Mech Mods" and "Infrastructure Mods" sections of ../shared/rules/scythe-rise-of-fenris.txt
# give them, quoted at each test: no draw; each player's Mech Mods placed over any of its faction
# mat's abilities or set aside, its Infrastructure Mods all face up, each used once a game.
# CPython and the MicroPython unix port.
from firmware.rules.errors import IllegalDecisionError, SetupError
from firmware.rules.scythe import content as C
from firmware.rules.scythe import fenris_infra as I
from firmware.rules.scythe import fenris_mods as MM
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.support import raises
from tests.rules.scythe_support import (ENGINEERING, INDUSTRIAL, NORDIC, RUSVIET, SAXONY, begin_turn, board,
                                        section_of, set_player)

TOWNSHIP, UNDERPASS, ARTILLERY, SCOUT, CAMARADERIE, SWORD = 4, 5, 7, 9, 11, 14
MACHINERY, ASSEMBLY, CONSTRUCTION, RECRUITMENT, AUTOMACHINES = range(5)


def _setup(mods, logs, slot=None, factions=(NORDIC, RUSVIET), asked=None):
    """A 2-player game past setup with `mods` and `owned` on: seat p given the Mods logs[p] (Mech
    Mods' ability bits, Infrastructure Mods' indexes) as the campaign's keeper gives them (each
    that is offered, then MODS_DONE); each Mech Mod placed on slot(st, p) (None: the first free
    slot). asked: a list that gets each (decision, seat) of the Mods' setup."""
    from firmware.rules.scythe.fenris import new_game

    st = new_game(board(), 2, True, mods | C.MOD_OWNED)
    while st.current_player() == -1 or st.decision() == L.K_MOD_SLOT:
        k = st.decision()
        opts = st.legal_actions()
        i = st.s[L.SETUP_I]
        if asked is not None and k in (L.K_MOD_DRAWN, L.K_MOD_SLOT, L.K_INFRA_DRAWN, L.K_INFRA_KEEP):
            asked.append((k, i))
        if k == L.K_DEAL_FACTION:
            a = factions[i]
        elif k == L.K_DEAL_MAT:
            a = (INDUSTRIAL, ENGINEERING)[i]
        elif k in (L.K_MOD_DRAWN, L.K_INFRA_DRAWN):
            given = [a for a in opts if a in logs[i]]
            a = given[0] if given else L.MODS_DONE
        elif k == L.K_MOD_SLOT:
            a = opts[0] if slot is None else slot(st, i)
        else:
            a = opts[0]
        st.apply_checked(a, st.current_player())
    return st


def _mechs(st, p):
    return [MM.slot(st, p, j) for j in range(4)]


def test_owned_is_refused_without_mech_or_infrastructure_mods():
    for opts in ({"owned": [1]}, {"owned": [1], "war": [1]}):
        assert "add mechmods or infra" in str(raises(SetupError, RULESET.new_game, board(), 2, opts))
    for other in ("mechmods", "infra"):
        assert RULESET.new_game(board(), 2, {"owned": [1], other: [1]}).check() is None


def test_every_mech_mod_on_the_log_may_cover_a_printed_ability_up_to_the_four_slots():
    # "During setup, you may choose to replace mech abilities on your faction mat with your Mech
    # Mods." Not the module's "place up to 2": four Mods cover Nordic's four slots; the fifth on
    # the log is set aside, never asked where ("Set aside any extras").
    asked = []
    log = (TOWNSHIP, UNDERPASS, SCOUT, CAMARADERIE, SWORD)
    st = _setup(C.MOD_MECHMODS, (log, ()), asked=asked)
    assert _mechs(st, 0) == [TOWNSHIP, UNDERPASS, SCOUT, CAMARADERIE]
    assert _mechs(st, 1) == [-1, -1, -1, -1]
    assert asked.count((L.K_MOD_SLOT, 0)) == 4 and (L.K_MOD_SLOT, 1) not in asked
    assert st.decision() == L.K_SECTION and st.check() is None


def test_the_mods_on_the_log_may_all_be_set_aside():
    # "Set aside any extras (which may include all of your Mods; you are not required to use them)."
    st = _setup(C.MOD_MECHMODS, ((SCOUT, SWORD), (SCOUT,)), slot=lambda st, p: L.MOD_SKIP)
    assert _mechs(st, 0) == [-1, -1, -1, -1] == _mechs(st, 1)
    assert st.check() is None


def test_a_mod_printed_on_the_current_faction_mat_is_never_given():
    # "discard any duplicates (e.g., from your draw, Mods you already have, and abilities on your
    # current faction mat)": Nordic's mat prints Artillery, Rusviet's Township; only the Mods
    # after the last one given are offered (the log's order), then MODS_DONE.
    from firmware.rules.scythe.fenris import new_game

    st = new_game(board(), 2, True, C.MOD_MECHMODS | C.MOD_OWNED)
    while st.decision() != L.K_MOD_DRAWN:
        k = st.decision()
        st.apply((NORDIC, RUSVIET)[st.s[L.SETUP_I]] if k == L.K_DEAL_FACTION else st.legal_actions()[0])
    opts = st.legal_actions()
    assert ARTILLERY not in opts and opts == [b for b in MM.PLAYED if b != ARTILLERY] + [L.MODS_DONE]
    st.apply_checked(SCOUT)
    assert st.decision() == L.K_MOD_SLOT and st.current_player() == 0
    st.apply_checked(1, 0)
    assert st.legal_actions() == [CAMARADERIE, SWORD, L.MODS_DONE]
    before = bytes(st.s)
    raises(IllegalDecisionError, st.apply_checked, TOWNSHIP)   # before the last one given: refused
    assert bytes(st.s) == before
    st.apply_checked(L.MODS_DONE)
    assert TOWNSHIP not in st.legal_actions() and st.s[L.SETUP_I] == 1   # Rusviet's Township


def test_every_infrastructure_mod_on_the_log_is_face_up_and_used_once():
    # "During setup, place your Infrastructure Mods face-up in your play area." "Each
    # Infrastructure Mod may be used ONCE per game (flip it over)." Four on the log: all four
    # face up (not the module's "up to 2"), no keep-or-discard asked.
    asked = []
    st = _setup(C.MOD_INFRA, ((MACHINERY, ASSEMBLY, CONSTRUCTION, AUTOMACHINES), (RECRUITMENT,)),
                factions=(NORDIC, SAXONY), asked=asked)
    assert I.kept(st, 0) == [(MACHINERY, False), (ASSEMBLY, False), (CONSTRUCTION, False),
                             (AUTOMACHINES, False)]
    assert I.kept(st, 1) == [(RECRUITMENT, False)]
    assert not [k for k, _ in asked if k == L.K_INFRA_KEEP]
    assert st.check() is None
    # Machinery: Upgrade without its cost, once
    for time in (0, 1):
        set_player(st, 0, last=255)
        begin_turn(st, 0)
        st.apply_checked(section_of(st, 0, C.TA_BOLSTER), 0)   # Industrial: Upgrade below Bolster
        st.apply_checked(L.O_SKIP, 0)
        offered = st.decision() == L.K_BOTTOM and L.O_INFRA in st.legal_actions()
        assert offered == (time == 0), (time, st.decision(), st.legal_actions())
        if time == 0:
            st.apply_checked(L.O_INFRA, 0)
            while st.decision() in (L.K_UPGRADE_TOP, L.K_UPGRADE_BOTTOM):   # the Upgrade, as usual
                st.apply_checked(st.legal_actions()[0], 0)
    assert I.kept(st, 0)[0] == (MACHINERY, True) and st.check() is None


def test_the_check_refuses_more_kept_mods_than_the_module_allows():
    # The module's "place up to 2 of them face up" still holds without `owned`.
    from tests.rules.scythe_support import started

    st = started((NORDIC, SAXONY), (INDUSTRIAL, ENGINEERING), mods=C.MOD_INFRA)
    x = len(st.s) - L.TAIL - L.F_SIZE + L.F_INFRA
    st.s[x] = 0b111
    assert st.check() == "infrastructure mods of player 0"
    st.s[x] = 0b11
    st.s[x + 1] = 0b100   # flipped, not kept
    assert st.check() == "infrastructure mods of player 0"


def test_the_campaigns_copy_of_the_played_mods_is_the_modules():
    from firmware.rules.scythe import campaign_episode as E

    assert tuple(E._MECH_PLAYED) == tuple(MM.PLAYED)
    assert tuple(E._INFRA_PLAYED) == tuple(I.PLAYED)
