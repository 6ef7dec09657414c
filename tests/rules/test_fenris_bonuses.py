# A campaign episode's Setup Bonuses (the `bonuses` module, fenris_bonuses.py; docs/campaign.md
# section 3): "Gain all bonuses earned under Setup Bonuses on your Campaign Log" (Episodes 4 to 8a's
# Setup; the Campaign Log: "$1, 1 Power, or 1 Popularity ... a permanent addition to your setup for
# all subsequent episodes"). CPython and the MicroPython unix port.
from firmware.rules.scythe import content as C
from firmware.rules.scythe import layout as L
from firmware.rules.scythe.common import po
from firmware.rules.scythe.ruleset import RULESET
from tests.rules.scythe_support import board


def _coins(st, p):
    return st.s[po(p) + L.P_COINS] | (st.s[po(p) + L.P_COINS + 1] << 8)


def _setup(options, answer):
    """A 3-player game's setup with `options`; answer(st) gives a chance outcome or None (the first
    of chance_outcomes). Returns the game at its first turn and the Setup Bonus decisions met."""
    st = RULESET.new_game(board(), 3, options)
    asked = []
    while st.current_player() < 0:
        if st.decision() == L.K_SETUP_BONUS:
            asked.append((st.s[L.SETUP_I], st.s[L.STAGE], st.legal_actions()))
        a = answer(st)
        st.apply_checked(a if a is not None else st.chance_outcomes()[0][0])
    return st, asked


def test_each_seat_gains_its_coins_power_and_popularity_bonus_at_the_setup():
    plain, none = _setup({"cards": [1], "vesna": [1]}, lambda st: None)
    bonus = {0: 4, 1: 2, 2: 1, 3: 0, 4: 5, 5: 3, 6: 9, 7: 0, 8: 0}   # SETUP_I: 3 * seat + kind

    def give(st):
        return bonus[st.s[L.SETUP_I]] if st.decision() == L.K_SETUP_BONUS else None
    st, asked = _setup({"cards": [1], "vesna": [1], "bonuses": [1]}, give)
    assert none == [] and [a[0] for a in asked] == list(range(9))
    assert all(a[1] == L.ST_BONUS for a in asked)
    assert [len(a[2]) for a in asked] == [32, 6, 6] * 3   # coins 0-31, power and popularity 0-5
    for p in range(3):
        c, w, pop = bonus[3 * p], bonus[3 * p + 1], bonus[3 * p + 2]
        assert _coins(st, p) == _coins(plain, p) + c
        assert st.s[po(p) + L.P_POWER] == plain.s[po(p) + L.P_POWER] + w
        assert st.s[po(p) + L.P_POP] == plain.s[po(p) + L.P_POP] + pop
    assert st.check() is None


def test_the_bonuses_come_after_the_mods_and_before_rivals_stars():
    order = []
    st = RULESET.new_game(board(), 2, {"cards": [1], "mechmods": [1], "rivals": [1], "bonuses": [1]})
    while st.decision() != L.K_RIVAL:
        k = st.decision()
        if k in (L.K_MOD_DRAWN, L.K_SETUP_BONUS) and (not order or order[-1] != k):
            order.append(k)
        st.apply_checked(st.legal_actions()[0] if st.current_player() >= 0 else st.chance_outcomes()[0][0])
    assert order == [L.K_MOD_DRAWN, L.K_SETUP_BONUS]
    assert 1 << C.MODULES.index("bonuses") == C.MOD_BONUSES


def test_the_log_says_each_seats_setup_bonus():
    # (Before stop 44 a Setup Bonus was read as a seat's name through the Desolation's words.)
    from firmware.rules.scythe.narrate import narrate

    st = RULESET.new_game(board(), 3, {"bonuses": [1]})
    said = []
    while st.current_player() < 0:
        before = st.clone()
        a = st.chance_outcomes()[0][0] if st.decision() != L.K_SETUP_BONUS else 3
        st.apply_checked(a)
        if before.decision() == L.K_SETUP_BONUS:
            said.append(narrate(before, a, st))
    assert len(said) == 9 and said[0].endswith("'s Setup Bonus: 3 coins."), said
    assert said[4].startswith("Seat 2 (") and said[4].endswith("'s Setup Bonus: 3 power."), said
    assert said[8].endswith("'s Setup Bonus: 3 popularity."), said
