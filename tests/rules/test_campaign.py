# The Rise of Fenris campaign between its games (docs/campaign.md; "Campaign Log", "Mech Mods",
# "Infrastructure Mods" and each episode's "Rewards" of ../shared/rules/scythe-rise-of-fenris.txt,
# quoted at each test): the Campaign Log, the Perks, the vote, the Setup Bonuses, the Mods, the
# factions, the branches and the campaign winner. CPython and the MicroPython unix port.
from firmware.rules.errors import CorruptStateError, IllegalDecisionError, SetupError
from firmware.rules.scythe import campaign as C
from firmware.rules.scythe import campaign_data as D
from firmware.rules.scythe import campaign_log as G
from firmware.rules.scythe import campaign_panel as P
from firmware.rng import Rng
from tests.rules.scythe_support import board
from tests.rules.support import raises

NORDIC, RUSVIET, CRIMEA, SAXONY, POLANIA = 0, 1, 2, 3, 4


def _new(factions=(NORDIC, RUSVIET, CRIMEA)):
    return C.new_campaign(board(), list(factions))


def _default(c):
    """The answer a test does not care about: no Perk, no switch, no buy, the first option."""
    k = c.decision()
    opts = c.legal_actions()
    if k in (G.K_PERK, G.K_BUY, G.K_SWITCH, G.K_VOTE):
        return 0
    return opts[0]


def _run(c, answer=None):
    """Decide until the campaign waits for a game (or is over); answer(c) -> an option, or None
    for the default."""
    while not c.is_terminal():
        a = answer(c) if answer else None
        c.apply_checked(_default(c) if a is None else a)
        assert c.check() is None, c.check()


def _result(coins=0, cols=0, free=0, tokens=0, units=0, events=0):
    return (coins, cols, free, tokens, units, events)


def _play(c, winners=(0,), results=None, answer=None):
    """The episode's game ends with `results` (default: nothing for anyone); its rewards run."""
    n = c.s[0]
    c.end_episode(list(winners), results or [_result() for _ in range(n)])
    _run(c, answer)


def _rewards(c, winners=(0,), results=None):
    """The episode's game ends; its rewards run to the next episode's first Perk asked."""
    c.end_episode(list(winners), results or [_result() for _ in range(c.s[0])])
    while not c.is_terminal() and c.decision() != G.K_PERK:
        c.apply_checked(_default(c))


def _to(c, episode, war=False):
    """Play episodes with nothing earned until `episode`'s setup (war: Episode 1 votes War)."""
    _run(c)
    while G.episode(c) != episode:
        vote = (lambda c: c.legal_actions()[-1] if c.decision() == G.K_VOTE else None) if war else None
        _play(c, answer=vote)
    return c


def _wealth(c, p, k):
    G.set16(c.s, G.lo(p) + G.L_WEALTH, k)


# ---- the Campaign Log: Wealth, victories, the Triumph Log ------------------------------------------
def test_the_coins_of_an_episode_are_added_to_wealth_and_the_winner_records_a_victory():
    # "Wealth: After gaining coins from all scoring categories at the end of an episode, add your
    # end-game coins to your total"; "Victories: ... mark the box for each episode that you win"
    c = _to(_new(), D.E1)
    _play(c, winners=(1,), results=[_result(40), _result(55), _result(0)])
    assert [G.wealth(c, p) for p in range(3)] == [40, 55, 0]
    assert [c.s[G.lo(p) + G.L_VICTORIES] for p in range(3)] == [0, 1, 0]
    _play(c, winners=(1,), results=[_result(10), _result(5), _result(7)])
    assert [G.wealth(c, p) for p in range(3)] == [50, 60, 7]
    assert c.s[G.lo(1) + G.L_VICTORIES] == 0b11   # games 1 and 2


def test_the_triumph_log_checks_one_box_a_category_row_1_then_row_2():
    # "check off the box for each star you placed on the Triumph Track, with a limit of one per
    # category. Check the box in Row 1 after the first time you earn a given Triumph, Row 2 the
    # second time, and so on."
    c = _to(_new(), D.E1)
    _play(c, results=[_result(cols=0b1 | 0b100000000), _result(), _result()])   # upgrades, combat
    assert G.checks(c, 0) == [1, 0, 0, 0, 0, 0, 0, 0, 1]
    _play(c, results=[_result(cols=0b1), _result(), _result()])
    assert G.checks(c, 0)[0] == 2 and G.checks(c, 0)[8] == 1


def test_a_full_triumph_log_column_takes_no_more_checks():
    c = _to(_new(), D.E1)
    c.s[G.lo(0) + G.L_TRIUMPH + 3] = D.LOG_ROWS
    _play(c, results=[_result(cols=0b1000), _result(), _result()])
    assert G.checks(c, 0)[3] == D.LOG_ROWS


def test_a_star_for_any_category_is_placed_by_its_player_in_a_column_not_checked_this_episode():
    # Episode 1 Rewards: "Stars earned from the revealed objective card can be used for any 1
    # category on your Triumph Log." (with the log's "limit of one per category")
    c = _to(_new(), D.E1)
    c.end_episode([0], [_result(), _result(cols=0b10, free=1), _result()])
    assert c.decision() == G.K_FREE and c.current_player() == 1
    assert c.legal_actions() == [0, 2, 3, 4, 5, 6, 7, 8]   # not Mechs (column 1), checked this episode
    c.apply_checked(4, 1)
    assert G.checks(c, 1) == [0, 1, 0, 0, 1, 0, 0, 0, 0]


# ---- Perks ------------------------------------------------------------------------------------------
def test_episode_1_offers_each_player_one_perk_for_free():
    # Episode 1 Setup: "For this game only, all players may use 1 Perk for free."; "There are 7
    # Perks per player"
    c = _new()
    assert c.decision() == G.K_PERK and c.current_player() == 0
    assert c.legal_actions() == [0, 1, 2, 3, 4, 5, 6, 7]
    c.apply_checked(2)
    assert G.perk_now(c, 0) == 1 and G.wealth(c, 0) == 0 and c.s[G.lo(0) + G.L_PERKS] == 0b10
    assert c.current_player() == 1   # "choose in player order"


def test_from_episode_2_a_perk_costs_15_and_a_player_short_of_it_is_offered_none():
    # "If desired, deduct $15 from your Wealth to purchase a Perk to use in this game."
    c = _new()
    _run(c)
    _rewards(c, results=[_result(14), _result(20), _result(15)])
    # seat 0 ($14) has one option, no Perk: it is not asked; seat 1 ($20) is
    assert c.decision() == G.K_PERK and c.current_player() == 1 and G.perk_now(c, 0) == -1
    c2 = _new()
    _run(c2)
    _rewards(c2, results=[_result(16), _result(20), _result(15)])
    assert c2.current_player() == 0 and len(c2.legal_actions()) == 8
    c2.apply_checked(3)
    assert G.wealth(c2, 0) == 1


def test_each_perk_is_used_once_in_the_campaign():
    # "You may use each of your Perks exactly once throughout the entire campaign (and only 1 per
    # episode)."
    c = _new()
    c.apply_checked(5)
    _run(c)
    _rewards(c, results=[_result(100), _result(), _result()])
    assert 5 not in c.legal_actions() and 4 in c.legal_actions()


# ---- Episode 1: the vote -------------------------------------------------------------------------
def _vote(c, war_tokens):
    _run(c, lambda c: war_tokens[c.current_player()] if c.decision() == G.K_VOTE else None)


def test_episode_1_each_player_gains_1_influence_token_and_the_majority_decides_war_or_peace():
    # "Give each player 1 Influence token (in addition to any earned by placing stars during the
    # game)"; "If the majority of tokens indicate a preference for War, proceed to Episode 2a. If the
    # majority of tokens indicate a preference for Peace, proceed to Episode 2b."
    c = _to(_new(), D.E1)
    c.end_episode([0], [_result(tokens=2), _result(), _result()])
    assert c.decision() == G.K_VOTE and c.legal_actions() == [0, 1, 2, 3]   # 2 earned + 1 given
    _vote(c, [3, 0, 0])   # War 3, Peace 2
    assert G.episode(c) == D.E2A and G.modules(c) == ("war", "rivals", "warsetup")
    c = _to(_new(), D.E1)
    c.end_episode([0], [_result(tokens=2), _result(), _result()])
    _vote(c, [2, 0, 0])   # War 2, Peace 3
    assert G.episode(c) == D.E2B and G.modules(c) == ("peace", "alliances")


def test_episode_1_a_tied_vote_is_decided_by_the_winner_of_episode_1():
    # "If there is a tie, the player who won Episode 1 decides either War or Peace."
    c = _to(_new((NORDIC, RUSVIET)), D.E1)
    c.end_episode([1], [_result(), _result()])
    c.apply_checked(1)   # seat 0: War
    c.apply_checked(0)   # seat 1: Peace
    assert c.decision() == G.K_TIE and c.current_player() == 1
    c.apply_checked(0, 1)
    assert G.episode(c) == D.E2A


def test_a_vote_is_secret_until_every_player_has_voted():
    # "All players decide secretly and reveal simultaneously."
    c = _to(_new(), D.E1)
    c.end_episode([0], [_result(tokens=3), _result(), _result()])
    a = c.clone()
    b = c.clone()
    a.apply_checked(0)
    b.apply_checked(4)
    assert a.s != b.s and a.public_bytes() == b.public_bytes() and a.public_hash() == b.public_hash()


# ---- Mods ----------------------------------------------------------------------------------------
def _draws(c):
    """Apply the pending draws (the first token each time): [(seat, kind)] drawn."""
    out = []
    while c.decision() == G.K_DRAW:
        assert c.current_player() == -1   # chance: the table enters the token drawn
        out.append((c.s[G.CUR], c.s[G.KIND_DRAWN] - 2))
        c.apply_checked(c.legal_actions()[0])
    return out


def test_episode_2a_unlocks_mech_mods_2_plus_1_a_mech_deployed_1_kept_free_the_rest_50_each():
    # Episode 2a Rewards: "Draw 2 Mods plus 1 Mod for each mech you deployed this game. Keep 1 for
    # free, then you may also purchase any of the other Mods you drew for $50 each."; "Players all
    # draw, then make their purchasing choices simultaneously."
    c = _to(_new((NORDIC, RUSVIET)), D.E2A, war=True)
    c.end_episode([0], [_result(coins=120, units=2), _result(coins=30)])
    assert _draws(c) == [(0, D.MECH)] * 4 + [(1, D.MECH)] * 2   # everyone draws first
    assert c.decision() == G.K_KEEP and c.current_player() == 0 and c.legal_actions() == [0, 1, 2, 3]
    c.apply_checked(1)
    for _ in range(2):
        assert c.decision() == G.K_BUY and c.current_player() == 0 and c.legal_actions() == [0, 1]
        c.apply_checked(1)
    # the third: $20 would be left, not offered (a single option is applied): seat 1 chooses next,
    # and nothing of seat 0's choice is carried out yet
    assert c.decision() == G.K_KEEP and c.current_player() == 1
    assert G.wealth(c, 0) == 120 and G.u16(c.s, G.lo(0) + G.L_MECH) == 0
    c.apply_checked(0)
    c.apply_checked(0)   # seat 1 buys nothing ($30)
    mech = G.u16(c.s, G.lo(0) + G.L_MECH)
    assert G.bits(mech) == 3 and G.wealth(c, 0) == 20 and c.s[G.lo(0) + G.L_BOUGHT] == 2
    assert G.bits(G.u16(c.s, G.lo(1) + G.L_MECH)) == 1 and G.wealth(c, 1) == 30


def test_the_mods_a_player_chooses_stay_secret_until_every_player_has_chosen():
    # "Players all draw, then make their purchasing choices simultaneously."
    c = _to(_new((NORDIC, RUSVIET)), D.E2A, war=True)
    c.end_episode([0], [_result(coins=120), _result(coins=120)])
    _draws(c)
    a = c.clone()
    b = c.clone()
    for st, buy in ((a, 1), (b, 0)):
        st.apply_checked(0)     # seat 0 keeps its first Mod free
        st.apply_checked(buy)   # and buys the second, or not
    assert a.current_player() == b.current_player() == 1
    assert a.s != b.s and a.public_bytes() == b.public_bytes()
    for st in (a, b):
        st.apply_checked(0)
        st.apply_checked(0)
    assert a.public_bytes() != b.public_bytes() and G.wealth(a, 0) == 70 and G.wealth(b, 0) == 120


def test_episode_3_each_player_draws_2_mods_of_the_unlocked_type_and_the_winner_3():
    # Episode 3 Rewards: "each player draws 2 Mods from the supply and may purchase them ($50 each).
    # As a bonus, the game winner draws +1 Mod, for a total of 3 Mods to choose from."
    c = _to(_new(), D.E3)   # Peace in 2b: Infrastructure Mods unlocked
    before = [c.s[G.lo(p) + G.L_INFRA] for p in range(3)]   # (each kept one free in 2b)
    c.end_episode([1], [_result(), _result(), _result()])
    while c.decision() != G.K_DRAW:
        c.apply_checked(_default(c))
    assert _draws(c) == [(0, D.INFRA)] * 2 + [(1, D.INFRA)] * 3 + [(2, D.INFRA)] * 2
    # nothing kept free, nothing affordable ($0), no Perk either: Episode 4's game waits
    assert c.is_terminal() and G.episode(c) == D.E4
    assert [c.s[G.lo(p) + G.L_INFRA] for p in range(3)] == before


def test_a_draw_never_gives_a_mod_the_player_has_drew_already_or_has_printed_on_its_mat():
    # "When drawing Mech Mods, discard any duplicates (e.g., from your draw, Mods you already have,
    # and abilities on your current faction mat) and draw replacements."
    from firmware.rules.scythe import campaign_rewards as R

    c = _to(_new((RUSVIET, CRIMEA)), D.E2A, war=True)
    G.set16(c.s, G.lo(0) + G.L_MECH, 1 << 1)   # Camaraderie owned
    c.end_episode([0], [_result(units=1), _result()])
    first = c.legal_actions()
    assert R.candidates(c, 1, D.MECH) == [i for i in range(D.N_MECH_MODS) if i != 2]   # Crimea: Scout
    assert 5 not in first            # Rusviet's mat prints Township
    assert 1 not in first and len(first) == D.N_MECH_MODS - 2
    c.apply_checked(first[0])
    assert first[0] not in c.legal_actions()


def test_a_player_holds_at_most_6_mods_of_a_type():
    # "You are limited to 6 total Mech Mods, as indicated on your Campaign Log."
    c = _to(_new((NORDIC, RUSVIET)), D.E2A, war=True)
    G.set16(c.s, G.lo(0) + G.L_MECH, 0b111110000000)   # 5 owned (none printed on Nordic's mat)
    c.end_episode([0], [_result(coins=200), _result()])
    _draws(c)
    c.apply_checked(0)          # kept free: the 6th; the other is not offered for sale, even at $200
    assert c.decision() == G.K_KEEP and c.current_player() == 1
    c.apply_checked(0)
    assert G.bits(G.u16(c.s, G.lo(0) + G.L_MECH)) == 6 and G.wealth(c, 0) == 200


def test_episode_2b_unlocks_infrastructure_mods_2_plus_1_a_structure_built():
    # Episode 2b Rewards: "Draw 2 Mods plus 1 Mod for each structure you built this game. Keep 1
    # for free"
    c = _to(_new((NORDIC, RUSVIET)), D.E2B)
    c.end_episode([0], [_result(units=3), _result()])
    drawn = []
    while c.decision() == G.K_DRAW:
        assert all(a < D.N_INFRA_MODS for a in c.legal_actions())
        drawn.append((c.s[G.CUR], c.s[G.KIND_DRAWN] - 2))
        c.apply_checked(c.legal_actions()[-1])
    assert drawn == [(0, D.INFRA)] * 5 + [(1, D.INFRA)] * 2
    assert c.s[G.FLAGS] & G.F_INFRA and not c.s[G.FLAGS] & G.F_MECH
    c.apply_checked(0)
    c.apply_checked(0)   # seat 1 keeps its first too
    assert G.bits(c.s[G.lo(0) + G.L_INFRA]) == 1 and G.bits(c.s[G.lo(1) + G.L_INFRA]) == 1


def test_episode_4_unlocks_the_other_type_2_of_each_and_the_winner_one_more_of_either():
    # Episode 4 Rewards: "Add the Mod tokens you did not unlock in Episode 2a/b"; "each player draws
    # 2 of each Mod type (4 total tokens) ... the game winner draws +1 Mod of either type, for a
    # total of 5 Mods to choose from."
    c = _to(_new((NORDIC, RUSVIET)), D.E4)
    assert not c.s[G.FLAGS] & G.F_MECH
    c.end_episode([1], [_result(), _result()])
    kinds = []
    while not c.is_terminal() and c.decision() != G.K_PERK:
        if c.decision() == G.K_EXTRA:
            assert c.current_player() == 1
            c.apply_checked(1)   # an Infrastructure Mod
        elif c.decision() == G.K_DRAW:
            kinds.append((c.s[G.CUR], c.s[G.KIND_DRAWN] - 2))
            c.apply_checked(c.legal_actions()[0])
        else:
            c.apply_checked(_default(c))
    assert kinds.count((0, D.MECH)) == 2 and kinds.count((0, D.INFRA)) == 2
    assert kinds.count((1, D.MECH)) == 2 and kinds.count((1, D.INFRA)) == 3
    assert c.s[G.FLAGS] & G.F_MECH and c.s[G.FLAGS] & G.F_INFRA


# ---- Setup Bonuses ---------------------------------------------------------------------------------
def test_episode_3_raises_a_setup_bonus_for_every_2_influence_tokens_rounded_up():
    # Episode 3 Rewards: "For every 2 Influence tokens you have (rounded up), increase a Setup Bonus
    # on your Campaign Log by 1 (observing the limits on Power and Popularity)."
    c = _to(_new(), D.E3)
    c.end_episode([0], [_result(tokens=3), _result(tokens=1), _result()])
    asked = []
    while c.decision() == G.K_BONUS:
        asked.append(c.current_player())
        c.apply_checked(D.BONUS_POWER)
    assert asked == [0, 0, 1]
    assert G.bonuses(c, 0) == [0, 2, 0] and G.bonuses(c, 1) == [0, 1, 0]


def test_a_setup_bonus_at_its_limit_is_not_offered():
    c = _to(_new(), D.E3)
    c.s[G.lo(0) + G.L_BONUS + D.BONUS_POWER] = D.BONUS_LIMIT[D.BONUS_POWER]
    c.end_episode([0], [_result(tokens=2), _result(), _result()])
    assert c.decision() == G.K_BONUS and D.BONUS_POWER not in c.legal_actions()


def test_episode_7_raises_a_setup_bonus_for_each_encounter_token():
    # Episode 7 Rewards: "For each Encounter token you currently have on your faction mat, you may
    # increase a Setup Bonus by 1."
    c = _to(_new(), D.E7)
    c.end_episode([0], [_result(tokens=3), _result(), _result()])
    n = 0
    while c.decision() == G.K_BONUS:
        c.apply_checked(D.BONUS_COINS)
        n += 1
    assert n == 3 and G.bonuses(c, 0)[D.BONUS_COINS] == 3


# ---- factions ------------------------------------------------------------------------------------
def test_episode_3_vesna_goes_to_the_player_who_found_her_card_else_to_the_winner():
    # "a. If a player found the Vesna card, they gain control of the Vesna faction. b. If no one
    # found Vesna, then the player who won the game gains control of the Vesna faction."
    c = _to(_new(), D.E3)
    c.end_episode([0], [_result(), _result(), _result(events=G.EV_VESNA)])
    _run(c)
    assert G.faction(c, 2) == D.VESNA and G.faction(c, 0) == NORDIC
    c = _to(_new(), D.E3)
    c.end_episode([1], [_result(), _result(), _result()])
    _run(c)
    assert G.faction(c, 1) == D.VESNA


def test_episode_3_switches_go_lowest_total_wealth_first_mods_bought_counting_50():
    # "c. Total up each player's Wealth (for this purpose only, all purchased Mods count as $50
    # toward a player's TOTAL WEALTH). The player with the LOWEST total Wealth chooses a new faction
    # first."; "a. The Vesna player may not change factions at this point."
    c = _to(_new((NORDIC, RUSVIET, CRIMEA, SAXONY)), D.E3)
    c.end_episode([3], [_result(40), _result(30), _result(20), _result()])   # seat 3: Vesna
    while c.decision() == G.K_BONUS:
        c.apply_checked(c.legal_actions()[0])
    c.s[G.lo(1) + G.L_BOUGHT] = 1   # seat 1: $30 + a Mod bought = $80
    seen = []
    while c.decision() == G.K_SWITCH:
        seen.append(c.current_player())
        c.apply_checked(1)
    assert seen == [0, 1, 2]   # not the Vesna player
    order = []
    while c.decision() == G.K_FACTION:
        order.append(c.current_player())
        c.apply_checked(c.legal_actions()[-1])
    assert order == [2, 0, 1]   # $20, $40, $80
    # "After faction selection, the Vesna player chooses a home base from among the unselected
    # factions"
    assert c.decision() == G.K_BASE and c.current_player() == 3
    held = [G.faction(c, p) for p in range(3)]
    assert all(b not in held for b in c.legal_actions())


def test_a_player_who_switches_may_take_a_faction_another_switcher_gave_up():
    # "b. Any other player who decides to change faction adds their faction mat to the unused
    # faction mats."
    c = _to(_new(), D.E3)
    c.end_episode([2], [_result(10), _result(50), _result()])
    _run(c, lambda c: 1 if c.decision() == G.K_SWITCH else
         (RUSVIET if c.decision() == G.K_FACTION and c.current_player() == 0 else None))
    assert G.faction(c, 0) == RUSVIET and G.faction(c, 1) != RUSVIET and G.faction(c, 2) == D.VESNA


def test_episode_5_fenris_goes_to_who_defeated_the_annihilator_on_their_previous_home_base():
    # "a. If a player defeated the Annihilator in combat, they gain control of the Fenris faction. b.
    # If no one defeated the Annihilator, the winner of this game gains control"; "That player's
    # previous home base will be Fenris' home base."
    c = _to(_new(), D.E5)
    c.end_episode([0], [_result(), _result(events=G.EV_ANNIHILATOR), _result()])
    _run(c)
    assert G.faction(c, 1) == D.FENRIS and G.home_base(c, 1) == RUSVIET
    c = _to(_new(), D.E5)
    v = [p for p in range(3) if G.faction(c, p) == D.VESNA][0]
    base = G.home_base(c, v)
    c.end_episode([v], [_result(), _result(), _result()])
    _run(c)
    # "This may result in the Vesna faction not being in use for a game"
    assert G.faction(c, v) == D.FENRIS and G.home_base(c, v) == base
    assert D.VESNA not in [G.faction(c, p) for p in range(3)]


def test_episode_6_switches_go_winner_first_then_by_score_and_vesna_keeps_her_base():
    # Episode 6 Rewards: "b. The WINNER of this game chooses a new faction first. Then the player
    # with the next highest score"; "c. If you choose Vesna or Fenris, you will keep using the
    # current position of their home base"
    c = _to(_new(), D.E5)   # seat 0 is Vesna (Episode 3's winner)
    c.end_episode([0], [_result(), _result(events=G.EV_ANNIHILATOR), _result()])   # seat 1: Fenris
    _run(c)
    vbase = c.s[G.VBASE]
    assert G.faction(c, 0) == D.VESNA and G.home_base(c, 0) == vbase
    c.end_episode([2], [_result(50), _result(60), _result(10)])   # the winner with the lowest score
    order = []

    def answer(c):
        if c.decision() == G.K_SWITCH:
            return 0 if c.current_player() == 1 else 1
        if c.decision() == G.K_FACTION:
            order.append(c.current_player())
            return D.VESNA if D.VESNA in c.legal_actions() else None
        return None
    _run(c, answer)
    assert order == [2, 0]   # the winner ($10), then seat 0 ($50; seat 1, $60, keeps Fenris)
    assert G.faction(c, 2) == D.VESNA and G.home_base(c, 2) == vbase and c.s[G.VBASE] == vbase


def test_episode_6_a_player_taking_vesna_whose_base_is_in_use_chooses_an_unused_base():
    # "unless that base is in use by another player's faction, in which case you may choose an
    # unused base to use."
    c = _to(_new(), D.E6)   # seat 0: Vesna in 3, then Fenris in 5, on Vesna's base
    vbase = c.s[G.VBASE]
    assert G.faction(c, 0) == D.FENRIS and G.home_base(c, 0) == vbase
    c.end_episode([1], [_result(), _result(), _result()])

    def answer(c):
        if c.decision() == G.K_SWITCH:
            return 1 if c.current_player() == 1 else 0
        if c.decision() == G.K_FACTION:
            return D.VESNA
        return None
    _run(c, lambda c: answer(c) if c.decision() != G.K_BASE else None)
    assert G.faction(c, 1) == D.VESNA
    assert G.home_base(c, 1) not in (vbase, G.home_base(c, 2)) and c.s[G.VBASE] == G.home_base(c, 1)


# ---- the branches and the end ---------------------------------------------------------------------
def test_episode_7_plays_the_unused_combination_and_tesla_found_leads_to_8a_else_8b():
    # Episode 7 Setup: "In Episode 2a or 2b, you used either Rivals/War or Alliances/Peace. The
    # unused combination is activated now."; Outcome: "If a player found Tesla during Episode 7,
    # proceed to Episode 8a ... If no player found Tesla ... proceed to Episode 8b."
    # Special Rules: "To find Tesla, a player must collect the following number of Encounter
    # tokens" (the `search` module: Tesla's, and Episode 7's end, fenris_search.py)
    c = _to(_new(), D.E7, war=True)
    assert G.modules(c) == ("peace", "alliances", "tesla", "search")
    a = c.clone()
    a.end_episode([0], [_result(), _result(events=G.EV_TESLA), _result()])
    _run(a)
    assert G.episode(a) == D.E8A and G.modules(a) == ("tiles", "tesla", "newera")
    c.end_episode([0], [_result(), _result(), _result()])
    _run(c)
    assert G.episode(c) == D.E8B and G.modules(c) == ("madtesla",)
    assert G.modules(_to(_new(), D.E7)) == ("war", "rivals", "tesla", "search")


def test_episode_8_crosses_off_the_wealth_left_after_its_perks():
    # Episode 8a Setup: "If desired, deduct $15 from your Wealth to purchase a Perk to use in this
    # game. Then, cross off any remaining Wealth on your Campaign Log."
    c = _to(_new(), D.E7)
    c.end_episode([0], [_result(100), _result(7), _result(30)])
    while c.decision() != G.K_PERK:
        c.apply_checked(_default(c))
    c.apply_checked(1)
    _run(c)
    assert [G.wealth(c, p) for p in range(3)] == [0, 0, 0]


def test_the_campaign_winner_doubles_the_final_score_and_adds_25_a_full_triumph_log_line():
    # "double your final coin total for this game only, and then add any $25 bonuses you have
    # earned on your Triumph Log"; "The player with the highest total in the above chart is the
    # overall campaign winner (if there is a tie, share the victory)."
    c = _to(_new(), D.E8B)
    for col in range(D.N_CATEGORIES):
        c.s[G.lo(1) + G.L_TRIUMPH + col] = 1            # row 1 complete
    c.s[G.lo(1) + G.L_TRIUMPH + 0] = D.LOG_ROWS         # and the Upgrades column
    c.end_episode([0], [_result(60), _result(10), _result(25)])
    assert c.over() and c.is_terminal()
    assert G.totals(c) == [120, 20 + 2 * D.ROW_BONUS, 50]
    assert G.campaign_winners(c) == (0,)
    c2 = _to(_new((NORDIC, RUSVIET)), D.E8B)
    c2.end_episode([0], [_result(40), _result(40)])
    assert G.campaign_winners(c2) == (0, 1)


def test_the_winner_of_the_campaign_is_the_winner_of_the_final_episode_never_a_seat_sitting_it_out():
    # "The winner of the campaign is the winner of the final episode"; "At the end of this game,
    # you will double your final coin total for this game only, and then add any $25 bonuses":
    # a seat away from 8b has no final coin total; its Triumph Log bonuses alone do not rank it.
    c = _to(_new(), D.E8B)
    for col in (0, 1):   # seat 2: two full Triumph Log columns, $50 of bonuses
        c.s[G.lo(2) + G.L_TRIUMPH + col] = D.LOG_ROWS
    c.set_away(2, 1)
    c.end_episode([0], [_result(20), _result(10), _result(99)])   # (seat 2's not recorded)
    _run(c)
    assert c.over() and G.totals(c) == [40, 20, 2 * D.ROW_BONUS]
    assert G.campaign_winners(c) == (0,)
    c = _to(_new(), D.E8B)
    c.set_away(0, 1)
    c.end_episode([1], [_result(), _result(), _result()])   # all at $0: the seats that played share it
    assert G.totals(c) == [0, 0, 0] and G.campaign_winners(c) == (1, 2)


def test_the_8a_player_mats_are_chosen_richest_first_then_by_victories_then_log_stars():
    # "Begin with the player with the highest total wealth at the start of this episode ... Tie
    # breakers: Total games won in the campaign. Most stars achieved on your personal Triumph Log."
    c = _new()
    for p, w in enumerate((50, 80, 50)):
        _wealth(c, p, w)
    c.s[G.lo(2) + G.L_VICTORIES] = 0b1
    assert G.mat_order(c) == [1, 2, 0]
    c.s[G.lo(0) + G.L_VICTORIES] = 0b1
    c.s[G.lo(0) + G.L_TRIUMPH] = 2
    assert G.mat_order(c) == [1, 0, 2]


def test_the_leadership_style_orders_economy_governance_military_by_the_players_places():
    # "consider 2 additional categories: governance and military. Where you rank among players in
    # these categories will determine the 3 aspects of your leadership style"
    c = _to(_new((NORDIC, RUSVIET)), D.E8B)
    c.s[G.lo(0) + G.L_TRIUMPH + 1] = 3    # Deploy: military
    c.s[G.lo(1) + G.L_TRIUMPH + 0] = 2    # Upgrades: governance
    c.end_episode([0], [_result(10), _result(30)])
    # seat 0: Economy $20 (2nd), Governance 1 Infrastructure Mod (2nd), Military 3 (1st); seat 1:
    # $60, 1 Mod + 2 Upgrades, 0 (each Infrastructure Mod kept free in 2b)
    assert G.leadership(c) == [(2, 0, 1), (0, 1, 2)]


def test_the_leadership_style_ranks_among_the_players_of_the_final_episode_a_seat_away_has_none():
    # "Where you rank among players in these categories will determine the 3 aspects of your
    # leadership style"; "To temporarily drop a player mid-campaign, simply set aside their
    # accumulated tokens and campaign log until they rejoin": a seat away from 8b is not among them.
    c = _to(_new(), D.E8B)
    c.s[G.lo(0) + G.L_TRIUMPH + 1] = 3    # seat 0: Deploy (military)
    c.s[G.lo(1) + G.L_TRIUMPH + 0] = 2    # seat 1: Upgrades (governance)
    c.s[G.lo(2) + G.L_TRIUMPH + 0] = 4    # seat 2: more Upgrades than seat 1
    c.set_away(2, 1)
    c.end_episode([0], [_result(40), _result(10), _result()])
    _run(c)
    assert c.over()
    # seat 1 among seats 0 and 1: Economy $20 (2nd), Governance 1 Mod + 2 (1st), Military 0 (2nd);
    # seat 2's 4 Upgrades would have put seat 1's Governance 2nd too (then Economy first)
    assert G.leadership(c) == [(0, 2, 1), (1, 0, 2), ()]
    assert P.panel(c)["styles"][2] == "-"


# ---- the bytes ---------------------------------------------------------------------------------------
def test_a_campaign_reads_back_from_its_bytes_and_refuses_a_damaged_or_impossible_one():
    c = _to(_new(), D.E3)
    data = bytes(c.to_bytes())
    assert C.Campaign.from_bytes(board(), data).s == c.s
    bad = bytearray(data)
    bad[20] ^= 1
    raises(CorruptStateError, C.Campaign.from_bytes, board(), bytes(bad))
    c.s[G.lo(1) + G.L_FACTION] = c.s[G.lo(0) + G.L_FACTION]   # two seats, one faction
    raises(CorruptStateError, C.Campaign.from_bytes, board(), bytes(c.to_bytes()))


def test_a_campaign_needs_2_to_5_players_with_distinct_playable_factions():
    raises(SetupError, C.new_campaign, board(), [NORDIC])
    raises(SetupError, C.new_campaign, board(), [NORDIC, NORDIC])
    raises(SetupError, C.new_campaign, board(), [NORDIC, D.VESNA])
    raises(SetupError, C.new_campaign, board(), [0, 1, 2, 3, 4, 5])


def test_an_episode_ends_only_while_its_game_is_awaited_and_a_refusal_changes_nothing():
    c = _new()
    before = bytes(c.s)
    raises(IllegalDecisionError, c.end_episode, [0], [_result()] * 3)   # Perks not chosen yet
    assert bytes(c.s) == before
    _run(c)
    waiting = bytes(c.s)
    raises(IllegalDecisionError, c.end_episode, [0], [_result()] * 2)   # 2 results, 3 seats
    assert bytes(c.s) == waiting and c.is_terminal()


def test_a_reward_decision_is_undone():
    c = _to(_new(), D.E3)
    c.end_episode([0], [_result(tokens=4), _result(), _result()])
    before = bytes(c.s)
    c.apply_checked(D.BONUS_COINS)
    assert bytes(c.s) != before
    c.undo()
    assert bytes(c.s) == before


def test_random_campaigns_reach_a_winner_with_their_checks_kept():
    for seed in range(12):
        rng = Rng(seed + 1)
        n = 2 + seed % 4
        factions = list(D.PLAYABLE)
        for _ in range(5 - n):
            factions.remove(rng.choice(factions))
        c = C.new_campaign(board(), factions)
        played = []

        def pick(c, rng=rng):
            return rng.choice(c.legal_actions())
        while not c.over():
            _run(c, pick)
            if c.over():
                break
            played.append(G.episode(c))
            res = [_result(rng.below(91), rng.below(512), rng.below(3), rng.below(6), rng.below(5),
                           rng.below(8)) for _ in range(n)]
            c.end_episode([rng.below(n)], res)
            assert C.Campaign.from_bytes(board(), bytes(c.to_bytes())).s == c.s
        assert len(played) == 8 and played[0] == D.E1 and played[-1] in (D.E8A, D.E8B)
        assert G.campaign_winners(c)
        factions = [G.faction(c, p) for p in range(n)]
        assert len(set(factions)) == n


def test_episode_6_a_player_taking_fenris_takes_its_home_base():
    # Episode 6 Rewards: "c. If you choose Vesna or Fenris, you will keep using the current position
    # of their home base"
    c = _to(_new(), D.E5)   # seat 0: Vesna (Episode 3's winner)
    c.end_episode([0], [_result(), _result(events=G.EV_ANNIHILATOR), _result()])   # seat 1: Fenris
    _run(c)
    assert G.faction(c, 1) == D.FENRIS and G.home_base(c, 1) == RUSVIET and c.s[G.FBASE] == RUSVIET
    c.end_episode([2], [_result(), _result(), _result(30)])

    def answer(c):
        if c.decision() == G.K_SWITCH:
            return 1 if c.current_player() in (1, 2) else 0
        if c.decision() == G.K_FACTION and c.current_player() == 2:
            return D.FENRIS   # the winner picks first: the mat seat 1 gave up
        return None
    _run(c, answer)
    assert G.faction(c, 2) == D.FENRIS and G.home_base(c, 2) == RUSVIET
    assert G.faction(c, 1) not in (D.FENRIS, D.VESNA, RUSVIET)   # Rusviet's base holds Fenris's tile


def test_each_winner_of_a_shared_victory_draws_the_extra_mod():
    # "As a bonus, the game winner draws +1 Mod of either type" (a tie after Scythe's tiebreakers:
    # each winner)
    c = _to(_new(), D.E4)
    c.end_episode([1, 2], [_result(), _result(), _result()])
    asked = []
    while c.decision() != G.K_DRAW:
        if c.decision() == G.K_EXTRA:
            asked.append(c.current_player())
        c.apply_checked(_default(c))
    assert asked == [1, 2]
    drawn = _draws(c)
    assert [len([d for d in drawn if d[0] == p]) for p in range(3)] == [4, 5, 5]


def test_an_episode_without_a_winner_or_with_a_seat_the_campaign_has_not_is_refused():
    c = _to(_new(), D.E1)
    before = bytes(c.s)
    raises(IllegalDecisionError, c.end_episode, [], [_result()] * 3)
    raises(IllegalDecisionError, c.end_episode, [3], [_result()] * 3)
    assert bytes(c.s) == before


def test_the_player_who_found_tesla_is_kept_for_episode_8a():
    # Episode 8a Setup: "The Tesla miniature begins on the home base of the player who found him in
    # Episode 7."
    c = _to(_new(), D.E7)
    assert G.tesla_finder(c) == -1
    c.end_episode([0], [_result(), _result(), _result(events=G.EV_TESLA)])
    _run(c)
    assert G.episode(c) == D.E8A and G.tesla_finder(c) == 2
    # the episode's game: Tesla found by that seat, on its home base (campaign_episode.forced)
    from firmware.rules.scythe import fenris_tesla as T
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.campaign_episode import forced, options, start
    from firmware.rules.scythe.common import faction
    from firmware.rules.scythe.ruleset import RULESET

    _run(c)   # the mats and Perks chosen
    assert G.modules(c) == ("tiles", "tesla", "newera")
    start(c)
    st = RULESET.new_game(board(), 3, options(c, [1]))
    asked = False
    while st.current_player() < 0:
        a = forced(c, st)
        asked = asked or st.decision() == L.K_TESLA_START
        st.apply_checked(a if a is not None else st.chance_outcomes()[0][0])
    assert asked and T.finder(st) == 2
    assert T.at(st) == st.board.home[faction(st, 2)] == st.board.home[G.faction(c, 2)]


def test_the_8a_mat_order_goes_by_the_wealth_at_the_start_of_the_episode_not_after_its_perks():
    # "Begin with the player with the highest total wealth at the start of this episode"; then
    # "deduct $15 ... to purchase a Perk ... Then, cross off any remaining Wealth"
    c = _to(_new(), D.E7)
    c.end_episode([0], [_result(40), _result(70), _result(10)])
    while c.decision() != G.K_PERK:
        c.apply_checked(_default(c))
    assert G.mat_order(c) == [1, 0, 2]
    _run(c, lambda c: c.legal_actions()[-1] if c.decision() == G.K_PERK else None)
    assert [G.wealth(c, p) for p in range(3)] == [0, 0, 0] and c.is_terminal()
    assert G.mat_order(c) == [1, 0, 2]


def _to_8(factions, coins, tesla=False):
    """A campaign at Episode 8's setup (8a if tesla), its players' Wealth `coins` at its start."""
    c = _to(_new(factions), D.E7)
    events = [G.EV_TESLA if tesla and p == 0 else 0 for p in range(len(coins))]
    c.end_episode([0], [_result(k, events=e) for k, e in zip(coins, events)])
    while c.decision() not in (G.K_MAT, G.K_PERK):
        c.apply_checked(_default(c))
    return c


def test_episode_8s_player_mats_are_chosen_in_the_wealth_order_before_the_perks():
    # Episode 8b Setup: "For this episode, players choose their player mats. Begin with the player
    # with the highest total wealth at the start of this episode and proceed to the player with the
    # lowest wealth." Then "deduct $15 from your Wealth to purchase a Perk"
    c = _to_8((NORDIC, SAXONY, POLANIA), (30, 90, 60))
    assert G.episode(c) == D.E8B
    asked = []
    mats = [1, 5, 0]   # Engineering, Mechanical, Industrial
    while c.decision() == G.K_MAT:
        p = c.current_player()
        asked.append(p)
        opts = c.legal_actions()
        assert all(m not in opts for m in mats[:len(asked) - 1])   # a chosen mat is no one else's
        c.apply_checked(mats[len(asked) - 1], p)
    assert asked == [1, 2, 0] and c.decision() == G.K_PERK
    assert [c.s[G.ro(p) + G.R_UNITS] - 1 for p in range(3)] == [0, 1, 5]
    # the episode's game deals each seat the mat it chose (the board's dice deal the rest)
    from firmware.rules.scythe.campaign_episode import forced, options, start
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.common import po
    from firmware.rules.scythe.ruleset import RULESET

    def mat(st, p):
        return st.s[po(p) + L.P_MAT]

    _run(c)
    start(c)
    st = RULESET.new_game(board(), 3, options(c, [1]))
    rng = Rng(3)
    while st.current_player() < 0 and mat(st, 2) == 255:
        a = forced(c, st)
        st.apply_checked(a if a is not None else rng.weighted(st.chance_outcomes()))
    assert [mat(st, p) for p in range(3)] == [0, 1, 5]


def test_rusviet_may_not_choose_industrial_nor_crimea_patriotic_unless_it_is_the_last_mat_left():
    # "(NOTE: Rusviet may not choose the Industrial player mat and Crimea may not choose the
    # Patriotic mat.)"
    # (seat 1 wins every episode of _to: it holds Vesna, then Fenris, by Episode 8)
    c = _to_8((NORDIC, RUSVIET, CRIMEA), (30, 90, 60), tesla=True)
    assert G.episode(c) == D.E8A and [G.faction(c, p) for p in (1, 2)] == [RUSVIET, CRIMEA]
    assert c.current_player() == 1 and 0 not in c.legal_actions() and 3 in c.legal_actions()
    c.apply_checked(3)
    assert c.current_player() == 2 and 3 not in c.legal_actions() and 0 in c.legal_actions()
    raises(IllegalDecisionError, c.apply_checked, 3)
    c = _to_8((NORDIC, RUSVIET, CRIMEA), (30, 90, 60))
    c.apply_checked(1)           # Rusviet: Engineering
    assert c.legal_actions() == [0, 5, 6]   # Crimea: not Patriotic
    # gap C7: when the only mats left are barred, the seat takes one (never an empty choice)
    c = _to_8((NORDIC, SAXONY, POLANIA, CRIMEA, RUSVIET), (90, 80, 70, 60, 50))
    assert c.current_player() == 0
    for m in (1, 3, 5):
        c.apply_checked(m)
    assert c.current_player() == 3 and c.legal_actions() == [0, 6]
    c.apply_checked(6)
    # (a choice of one is no decision: the rules take it) Rusviet: Industrial, the only mat left
    assert c.decision() == G.K_PERK and c.s[G.ro(4) + G.R_UNITS] - 1 == 0


# ---- Players joining and sitting out ("To add a player mid-campaign ..."; "To temporarily drop a
# player mid-campaign ...") ---------------------------------------------------------------------------
def _waiting(c):
    _run(c)
    assert c.is_terminal() and not c.over()
    return c


def test_a_seat_set_aside_plays_no_episode_and_is_asked_nothing_until_it_rejoins():
    # "To temporarily drop a player mid-campaign, simply set aside their accumulated tokens and
    # campaign log until they rejoin."
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.campaign_episode import forced, of_game, options, start
    from firmware.rules.scythe.common import po
    from firmware.rules.scythe.ruleset import RULESET

    c = _waiting(_new((NORDIC, RUSVIET, CRIMEA)))
    log = bytes(c.s[G.lo(1):G.lo(1) + G.SLOT])
    c.set_away(1, 1)
    assert G.seats_in(c) == [0, 2]
    # the episode's game has the other two seats, their factions dealt as the campaign's
    start(c)
    st = RULESET.new_game(board(), len(G.seats_in(c)), options(c, [1]))
    rng = Rng(2)
    while st.decision() in (1, 2):   # the factions and mats dealt (layout.K_DEAL_FACTION, K_DEAL_MAT)
        a = forced(c, st)
        st.apply_checked(a if a is not None else rng.weighted(st.chance_outcomes()))
    from firmware.rules.scythe.common import faction

    assert st.n_players() == 2 and [faction(st, g) for g in range(2)] == [NORDIC, CRIMEA]
    raises(IllegalDecisionError, c.end_episode, [1], [_result(), _result(), _result()])   # not in the game
    c.end_episode([2], [_result(30), _result(99, cols=1), _result(50)])   # (seat 1's are not recorded)
    asked = []
    _run(c, lambda c: asked.append(c.current_player()) or None)
    assert 1 not in asked                                       # no vote, no Perk, no Mod asked of it
    assert bytes(c.s[G.lo(1):G.lo(1) + G.SLOT]) == log          # its log set aside, unchanged
    assert G.wealth(c, 2) == 50 and c.s[G.lo(2) + G.L_VICTORIES] == 1
    c.set_away(1, 0)
    assert G.seats_in(c) == [0, 1, 2]
    # the game's seats map back to the campaign's: seats 0, 1 of a 2-seat game are campaign seats 1, 2
    from tests.rules.scythe_support import started

    c.set_away(0, 1)
    st = started((RUSVIET, CRIMEA))
    st.s[po(1) + L.P_STARS] = 1   # the game's seat 1: an upgrades star (Triumph Log column 0)
    winners, results = of_game(c, st)
    assert results[0] == (0, 0, 0, 0, 0, 0)
    assert [r[1] for r in results[1:]] == [0, 1]
    assert winners == [[1, 2][w] for w in st.winners()]


def _bases_apart(c):
    bases = [G.home_base(c, p) for p in range(c.s[0])]
    return len(set(bases)) == len(bases)


def _seat_1_switches_to(faction, offered):
    """_run's answers: seat 1 alone switches, to `faction`; the first options of each kind asked
    kept in `offered`."""

    def answer(c):
        k = c.decision()
        offered.setdefault(k, c.legal_actions())
        if k == G.K_SWITCH:
            return 1 if c.current_player() == 1 else 0
        if k == G.K_FACTION:
            return faction
        return None
    return answer


def test_a_seat_set_aside_keeps_its_faction_mat_from_episode_3s_switches_and_vesnas_base_choice():
    # "To temporarily drop a player mid-campaign, simply set aside their accumulated tokens and
    # campaign log until they rejoin." Its faction mat is not one of "the unused faction mats"
    # and its base is not among "the unselected factions" Vesna's home base is chosen from.
    c = _to(_new((NORDIC, RUSVIET, CRIMEA, SAXONY)), D.E3)
    c.set_away(3, 1)   # Saxony sits Episode 3 out
    c.end_episode([0], [_result(), _result(), _result(), _result()])   # seat 0: Vesna
    offered = {}
    _run(c, _seat_1_switches_to(POLANIA, offered))
    assert G.faction(c, 0) == D.VESNA and G.faction(c, 1) == POLANIA
    assert offered[G.K_FACTION] == [NORDIC, RUSVIET, POLANIA]   # Saxony's mat is set aside, not unused
    assert offered[G.K_BASE] == [NORDIC, RUSVIET, 5, 6]         # nor is its base (nor Crimea's, Polania's)
    c.set_away(3, 0)
    assert c.check() is None and _bases_apart(c)
    assert C.Campaign.from_bytes(board(), bytes(c.to_bytes())).s == c.s


def test_a_seat_set_aside_keeps_its_faction_mat_and_home_base_from_episode_6s_switches():
    # "To temporarily drop a player mid-campaign, simply set aside their accumulated tokens and
    # campaign log until they rejoin." Episode 6: "Any player who decides to change faction adds
    # their faction mat to the unused faction mats"; Vesna's base "in use by another player's
    # faction" (a seat away's too): "you may choose an unused base to use".
    c = _to(_new((NORDIC, RUSVIET, CRIMEA, SAXONY)), D.E6)
    vbase = c.s[G.VBASE]
    assert G.faction(c, 0) == D.FENRIS and G.home_base(c, 0) == vbase == NORDIC
    c.set_away(0, 1)   # Fenris and Saxony sit Episode 6 out
    c.set_away(3, 1)
    c.end_episode([1], [_result(), _result(10), _result(), _result()])
    offered = {}
    _run(c, _seat_1_switches_to(D.VESNA, offered))
    assert offered[G.K_FACTION] == [RUSVIET, POLANIA, D.VESNA]   # not Fenris's nor Saxony's mat
    assert G.faction(c, 1) == D.VESNA and offered[G.K_BASE] == [RUSVIET, 4, 5, 6]   # Fenris is on Vesna's
    assert G.home_base(c, 1) == RUSVIET == c.s[G.VBASE]
    c.set_away(0, 0)
    c.set_away(3, 0)
    assert c.check() is None and _bases_apart(c)
    assert [G.faction(c, p) for p in range(4)] == [D.FENRIS, D.VESNA, CRIMEA, SAXONY]
    assert C.Campaign.from_bytes(board(), bytes(c.to_bytes())).s == c.s


def test_a_seat_is_set_aside_or_joins_only_between_episodes_and_two_seats_always_play():
    c = _new((NORDIC, RUSVIET, CRIMEA))
    before = bytes(c.s)
    raises(IllegalDecisionError, c.set_away, 1, 1)   # the Perks are being asked
    raises(IllegalDecisionError, c.join, SAXONY)
    assert bytes(c.s) == before
    _waiting(c)
    c.set_away(1, 1)
    before = bytes(c.s)
    raises(IllegalDecisionError, c.set_away, 0, 1)   # one seat would be left
    raises(IllegalDecisionError, c.set_away, 4, 1)   # no such seat
    assert bytes(c.s) == before and c.check() is None
    from firmware.rules.scythe.campaign_episode import start

    start(c)
    raises(IllegalDecisionError, c.set_away, 1, 0)   # the episode's game is being played
    assert c.check() is None


def test_a_player_joining_takes_an_unused_faction_and_an_equitable_log():
    # "To add a player mid-campaign, let them select an unused faction mat and give them an
    # equitable status on their campaign log (compared to other players at the time)." Gap C6
    # (Guess): the others' average Wealth, the least of each Setup Bonus and Triumph Log column.
    c = _waiting(_new((NORDIC, RUSVIET, CRIMEA)))
    for p, w in enumerate((30, 60, 100)):
        _wealth(c, p, w)
    for p, (bonus, col) in enumerate(((2, 3), (1, 1), (3, 2))):
        c.s[G.lo(p) + G.L_BONUS + 1] = bonus
        c.s[G.lo(p) + G.L_TRIUMPH + 4] = col
    c.s[G.lo(0) + G.L_VICTORIES] = 1
    before = bytes(c.s)
    raises(IllegalDecisionError, c.join, CRIMEA)     # a faction a seat holds
    raises(IllegalDecisionError, c.join, 5)          # Albion: not playable
    assert bytes(c.s) == before
    assert c.join(SAXONY) == 3 and c.s[0] == 4 and c.check() is None
    assert G.faction(c, 3) == SAXONY and G.home_base(c, 3) == SAXONY
    assert G.wealth(c, 3) == 63 and G.bonuses(c, 3)[1] == 1 and G.checks(c, 3)[4] == 1
    assert c.s[G.lo(3) + G.L_VICTORIES] == 0 and c.s[G.lo(3) + G.L_PERKS] == 0
    assert G.seats_in(c) == [0, 1, 2, 3]
    c.join(POLANIA)
    raises(IllegalDecisionError, c.join, 5)          # 5 seats: the most a campaign has
    assert c.s[0] == 5


def test_a_player_joining_may_not_select_a_faction_whose_home_base_vesna_or_fenris_holds():
    # "To add a player mid-campaign, let them select an unused faction mat"; Fenris: "That
    # player's previous home base will be Fenris' home base"; Vesna's is chosen "from among the
    # unselected factions": a faction whose home base holds their tile is not unused (a switch
    # does not offer it either), a seat away's included; refused, nothing changed.
    c = _waiting(_to(_new(), D.E4))   # seat 0: Vesna, on Nordic's home base
    assert G.faction(c, 0) == D.VESNA and G.home_base(c, 0) == NORDIC
    before = bytes(c.s)
    raises(IllegalDecisionError, c.join, NORDIC)
    assert bytes(c.s) == before
    c = _waiting(_to(_new(), D.E6))   # seat 0: Fenris since Episode 5, on the same base
    assert G.faction(c, 0) == D.FENRIS and G.home_base(c, 0) == c.s[G.FBASE] == NORDIC
    c.set_away(0, 1)
    before = bytes(c.s)
    raises(IllegalDecisionError, c.join, NORDIC)
    assert bytes(c.s) == before
    assert c.join(SAXONY) == 3 and G.home_base(c, 3) == SAXONY
    c.set_away(0, 0)
    c.set_away(1, 1)
    assert c.check() is None and _bases_apart(c)
    st, _ = _episode_game(c)   # Episode 6's game deals Fenris its base, the joiner its own
    assert st.check() is None


def _episode_game(c, kinds=()):
    """c's episode started and its 3-player game set up as the board's keeper sets it up: each
    chance outcome the campaign fixes (campaign_episode.forced; else the first), each player's
    decision its first option. (the game, [(decision, SETUP_I, outcome)] of the chance decisions
    of `kinds`)"""
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.campaign_episode import forced, options, start
    from firmware.rules.scythe.ruleset import RULESET

    start(c)
    st = RULESET.new_game(board(), 3, options(c, [1]))
    seen = []
    while st.s[L.STAGE] < L.ST_SECTION or st.s[L.STAGE] > L.ST_OVER:   # (Vesna's own setup too)
        if st.current_player() >= 0:
            st.apply_checked(st.legal_actions()[0])
            continue
        a = forced(c, st)
        a = a if a is not None else st.chance_outcomes()[0][0]
        if st.decision() in kinds:
            seen.append((st.decision(), st.s[L.SETUP_I], a))
        st.apply_checked(a)
    return st, seen


def test_an_episodes_game_gives_each_seat_its_setup_bonuses():
    # Episodes 4-8a Setup: "Gain all bonuses earned under Setup Bonuses on your Campaign Log."
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.campaign_episode import options
    from firmware.rules.scythe.common import po

    def game(c):
        return _episode_game(c)[0]

    c = _waiting(_to(_new(), D.E4))
    assert "bonuses" not in options(c)   # none earned: the game has no such step
    b = c.clone()
    for i, k in enumerate((3, 2, 1)):   # seat 1: $3, 2 power, 1 popularity
        b.s[G.lo(1) + G.L_BONUS + i] = k
    assert options(b)["bonuses"] == [1]
    plain, st = game(c), game(b)
    coins = [s.s[po(1) + L.P_COINS] for s in (plain, st)]
    assert coins[1] == coins[0] + 3
    assert st.s[po(1) + L.P_POWER] == plain.s[po(1) + L.P_POWER] + 2
    assert st.s[po(1) + L.P_POP] == plain.s[po(1) + L.P_POP] + 1
    assert [st.s[po(p) + L.P_POWER] for p in (0, 2)] == [plain.s[po(p) + L.P_POWER] for p in (0, 2)]


def test_an_episodes_game_puts_each_seats_mods_from_its_log_into_play():
    # "During setup, you may choose to replace mech abilities on your faction mat with your Mech
    # Mods." "During setup, place your Infrastructure Mods face-up in your play area." At Episode
    # 4 seat 0 is Vesna, 1 Rusviet (its mat prints Township), 2 Crimea (prints Scout). Seat 0
    # holds Artillery; seat 1 Township and Sword; seat 2 Artillery, Scout and Armor (no effect the
    # board plays: the table's), Machinery and Spy (likewise). "discard any duplicates (e.g., ...
    # abilities on your current faction mat)": Township and Scout are never given.
    from firmware.rules.scythe import fenris_infra as I
    from firmware.rules.scythe import fenris_mods as MM
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.campaign_episode import options

    def game(c):   # (K_MOD_SLOT: the first free slot)
        st, seen = _episode_game(c, (L.K_MOD_DRAWN, L.K_INFRA_DRAWN))
        return st, [(i, a) for _, i, a in seen]

    def mech(*names):
        return sum(1 << D.MECH_MODS.index(n) for n in names)

    c = _waiting(_to(_new(), D.E4))
    assert [G.faction(c, p) for p in range(3)] == [D.VESNA, RUSVIET, CRIMEA]
    for p in range(3):   # (the free Mods of 2a/2b taken back)
        G.set16(c.s, G.lo(p) + G.L_MECH, 0)
        c.s[G.lo(p) + G.L_INFRA] = 0
    assert not {"mechmods", "infra", "owned"} & set(options(c))
    armor = c.clone()
    armor.s[G.lo(2) + G.L_MECH] = mech("Armor")
    assert not {"mechmods", "infra", "owned"} & set(options(armor))   # nothing the board plays
    G.set16(c.s, G.lo(0) + G.L_MECH, mech("Artillery"))
    G.set16(c.s, G.lo(1) + G.L_MECH, mech("Township", "Sword"))
    G.set16(c.s, G.lo(2) + G.L_MECH, mech("Artillery", "Scout", "Armor"))
    c.s[G.lo(2) + G.L_INFRA] = (1 << 0) | (1 << 5)   # Machinery, Spy
    opts = options(c)
    assert opts["mechmods"] == opts["infra"] == opts["owned"] == [1]
    st, given = game(c)
    artillery, sword, done = 7, 14, L.MODS_DONE
    # (after Sword, the last Mod the board plays, MODS_DONE is the one outcome: not asked)
    assert given == [(0, artillery), (0, done), (1, sword), (2, artillery), (2, done),
                     (0, done), (1, done), (2, 0), (2, done)]
    assert MM.slot(st, 0, 1) == artillery   # (Vesna: her blank spaces first)
    assert [MM.slot(st, 1, j) for j in range(4)] == [sword, -1, -1, -1]
    assert [MM.slot(st, 2, j) for j in range(4)] == [artillery, -1, -1, -1]
    assert I.kept(st, 2) == [(0, False)] and I.kept(st, 0) == I.kept(st, 1) == []
    assert st.check() is None


def test_an_episodes_game_gives_each_seat_the_benefit_of_its_perk():
    # "After purchasing a Perk, check it off your Campaign Log and immediately gain the benefit."
    # "For the +1 Worker Perk, place it on one of your starting territories." (fenris_perks.py)
    from firmware.rules.scythe import layout as L
    from firmware.rules.scythe.campaign_episode import options
    from firmware.rules.scythe.common import po

    def game(c):
        st, seen = _episode_game(c, (L.K_PERK,))
        return st, [a for _, _, a in seen]

    c = _waiting(_to(_new(), D.E4))
    assert "perks" not in options(c)
    b = c.clone()
    b.s[G.lo(2) + G.L_PERK_NOW] = D.PERK_WORKER + 1
    assert options(b)["perks"] == [1]
    (plain, _), (st, perks) = game(c), game(b)
    assert perks == [L.PERK_NONE, L.PERK_NONE, D.PERK_WORKER]
    o = po(2) + L.P_UNITS + L.U_WORKER
    on = [sum(1 for x in s.s[o:o + 8] if x != L.NOWHERE) for s in (plain, st)]
    assert on == [2, 3]
