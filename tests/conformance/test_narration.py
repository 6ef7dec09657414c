# The log in words (firmware/rules/narrate.py, Ruleset.narrator), for every registered game form
# (tests/conformance/games.py), on CPython and on the MicroPython unix port: in random and
# rule-bot games every decision a seat takes becomes a sentence, in English and in Spanish,
# and a secret entry's sentence never tells what was entered. Plus the sentences of the
# events the issue names: a pie fight, a trophy, a token placed by Seek, a Scythe combat, a star.
from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules.narrate import narrate
from firmware.rules.ruleset import ENTRY_SECRET
from firmware.text import set_language

from tests.conformance.games import add_tests, chance_pick, forms, game, in_this_volume
from tests.rules.support import MICROPYTHON

CAP = 700   # decisions per game
# a rule-bot game's (the rule bot is slow on the MicroPython port: 250 decisions of a Scythe game
# there take 2.1 s, 120 of them 0.8 s)
STRONG_CAP = 120 if MICROPYTHON else 250


def played(g, seed, kind, on_decision, cap=CAP):
    """A game of g (bots of `kind`), on_decision(before, a, after) after every decision."""
    rng = Rng(seed)
    st = g.new(g.players_for(seed))
    bot = make_bot(g.rs, Rng(seed + 7919), kind)
    n = 0
    while not st.is_terminal() and n < cap:
        a = chance_pick(st, rng) if st.current_player() < 0 else bot.choose(st)
        before = st.clone(False)
        st.apply(a)
        n += 1
        on_decision(before, a, st)
    return st


def _every_seat_decision_is_a_sentence(g):
    for kind, seed in (("random", 1), ("strong", 2)):
        for lang in ("en", "es"):
            set_language(lang)
            try:
                def check(before, a, after, kind=kind, lang=lang):
                    said = narrate(g.rs, before, a, after)
                    if before.current_player() >= 0:
                        assert said.strip(), "%s %s (%s): decision %d (kind %d) has no sentence" % (
                            g.name, kind, lang, a, before.decision())
                    if g.rs.entry[before.decision()] == ENTRY_SECRET:
                        # the entry itself is never in the sentence (only the reveal's totals)
                        alone = narrate(g.rs, before, a, before.clone(False))
                        assert alone == narrate(g.rs, before, 0 if a else 1, before.clone(False))
                played(g, seed, kind, check, STRONG_CAP if kind == "strong" else CAP)
            finally:
                set_language("en")


# A form of two options is played by make test-long only (games.in_this_volume).
add_tests(globals(), "every_seat_decision_is_a_sentence_in_english_and_spanish",
          _every_seat_decision_is_a_sentence, unix_combined=False, only=in_this_volume)


def _find(g, seeds, found):
    """The first (before, a, after, sentence) of games of g for which found(before, a, after)."""
    hit = []

    def look(before, a, after):
        if not hit and found(before, a, after):
            hit.append((before, a, after.clone(False), narrate(g.rs, before, a, after)))
    for seed in seeds:
        played(g, seed, "random", look, 3000)
        if hit:
            return hit[0]
    raise AssertionError("%s: no game of seeds %s had the event" % (g.name, seeds))


def test_a_pie_fight_names_both_seats_both_bids_and_the_winner():
    g = game("mls")

    def fought(before, a, after):
        return after.last_fight() is not None and after.last_fight() != before.last_fight()
    before, a, after, said = _find(g, range(1, 20), fought)
    att, dfn, won = before.active_player(), before.s[24], after.last_fight()[2]   # layout.FIGHT_DEF
    bids = after.last_fight()
    assert "Pie fight on space %d" % before.fight_space() in said, said
    assert "Seat %d bid %d" % (att + 1, bids[0]) in said, said
    assert "Seat %d bid %d" % (dfn + 1, bids[1]) in said, said
    assert said.endswith("Seat %d wins." % (won + 1)) or ("Seat %d wins." % (won + 1)) in said, said
    set_language("es")
    try:
        es = narrate(g.rs, before, a, after)
    finally:
        set_language("en")
    assert "Pelea de pasteles" in es and "gana Jugador %d" % (won + 1) in es, es


def test_a_trophy_earned_is_named_with_its_seat():
    from firmware.rules.mls import view
    from firmware.text import name

    g = game("mls")

    def earned(before, a, after):
        return any(view.trophies(after, p) != view.trophies(before, p) for p in range(after.n_players()))
    before, a, after, said = _find(g, range(1, 5), earned)
    for p in range(after.n_players()):
        new = view.trophies(after, p) & ~view.trophies(before, p)
        for k in range(8):
            if new & (1 << k):
                assert "Seat %d earns the trophy %s." % (p + 1, name("trophy", k)) in said, said


def test_a_token_placed_by_seek_names_the_good_and_the_space():
    from firmware.rules.mls.codes import K_SEEK_PLACE

    g = game("mls")
    before, a, after, said = _find(g, range(1, 5), lambda b, a, af: b.decision() == K_SEEK_PLACE)
    good = ("an apple token" if after.apples(a) > before.apples(a) else
            "a gem token" if after.gems(a) > before.gems(a) else "a quest token")
    assert said == "Seat %d places %s on space %d." % (before.current_player() + 1, good, a), said


def test_a_scythe_combat_names_both_sides_their_power_and_the_winner():
    from firmware.rules.scythe import layout as L

    g = game("scythe")

    def revealed(before, a, after):
        return before.decision() in (L.K_DIAL, L.K_CARD) and not before.s[L.C_SIDE] & 2 and \
            after.s[L.C_SIDE] & 2
    before, a, after, said = _find(g, range(1, 30), revealed)
    att, dfn = before.s[L.ACTIVE], before.s[L.C_DEF]
    won = dfn if after.s[L.C_SIDE] & 1 else att
    assert "Combat on hex %d" % (before.s[L.C_SPACE] + 1) in said, said
    assert "Seat %d (" % (att + 1) in said and "Seat %d (" % (dfn + 1) in said, said
    assert " power against " in said and ("Seat %d (" % (won + 1)) in said.split("; ")[-1], said


def test_a_scythe_star_is_named_with_its_seat():
    from firmware.rules.scythe.common import stars

    g = game("scythe")

    def starred(before, a, after):
        return any(stars(after, p) > stars(before, p) for p in range(after.n_players()))
    before, a, after, said = _find(g, range(1, 5), starred)
    p = [p for p in range(after.n_players()) if stars(after, p) > stars(before, p)][0]
    assert "Seat %d (" % (p + 1) in said and "earns a star" in said, said
    assert "%d in all" % stars(after, p) in said, said


__all__ = ("forms",)
