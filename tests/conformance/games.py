# The games the conformance suite runs: every registered ruleset (the shipped ones in
# firmware/rules/registry.py and every test ruleset under tests/rulesets/, plugged in) in every
# set of options its own seam declares: each combination of its on/off `new` options
# (Ruleset.new_options ranges (0, 1)) that a new game accepts, and each word of its solo option
# (Ruleset.aliases) on those. Nothing here names a ruleset: one added later is in the suite.
# Plain Python for both runners (pytest and tests/mp_runner.py on the MicroPython unix port).
import json
import os

from firmware.bot_kinds import make_bot
from firmware.rng import Rng
from firmware.rules import registry
from firmware.rules.errors import RulesError

from tests.rules.support import MICROPYTHON, repo_path

_CHANCE = -1
_BOARDS = {}
_FORMS = []
# A random game's longest: random bots in scythe+rivals+war put up to 4 stars each on home bases
# and then must win combats to end (120 seeds: median 2,204 decisions, 2 past 20,000, the
# longest 32,020). The soak (tools/soak.py) found scythe+rivals seed 972, 2 players, ending at
# its 40,138th decision (stars 6 and 5): a cap 2.5 times the longest seen, not a rule.
MAX_DECISIONS = 100000
# How often a playout asks the ruleset whether its game can still end (Stalemate): a Rivals game
# whose players' stars are all on the track or on bases and whose units can never meet.
STALEMATE_EVERY = 1000
# The suite in two volumes (docs/testing.md): `make test` plays the first seeds of each check, a
# quick volume that still plays every form; `make test-long` (POMME_LONG=1) plays the seeds after
# them and the checks the quick volume leaves to it (volume()). CI runs both.
LONG = os.getenv("POMME_LONG") == "1"


def _plug_test_rulesets():
    """Every package under tests/rulesets/ (a folder with an __init__.py) plugged in."""
    top = repo_path("tests/rulesets/__init__.py")[:-len("__init__.py")]
    for name in sorted(os.listdir(top)):
        try:
            open(top + name + "/__init__.py").close()
        except OSError:
            continue
        registry.plug("tests.rulesets." + name)


class Game:
    """One ruleset with one set of `new` options: name as the host writes it ("mls+pits+solo"),
    players: the player counts it takes (1 for a solo game)."""

    def __init__(self, name, rs, options, players):
        self.name = name
        self.rs = rs
        self.options = options
        self.players = players

    def board(self):
        return board_of(self.rs)

    def new(self, players):
        return self.rs.new_game(self.board(), players, self.options or None)

    def players_for(self, seed):
        """A player count for the game of `seed`: each count in turn."""
        return self.players[seed % len(self.players)]

    def ident(self):
        """The name as a Python identifier part ("mls_pits_solo")."""
        return self.name.replace("+", "_")


def board_of(rs):
    b = _BOARDS.get(rs.name)
    if b is None:
        with open(repo_path("hardware/maps/%s.json" % rs.map_name)) as f:
            b = _BOARDS[rs.name] = rs.make_board(json.load(f))
    return b


def _combination(names, mask):
    """The options of `names` whose bit is set in mask (names[0] the lowest bit). Made one at a
    time: 18 on/off options are 262,144 combinations, too many tuples for the unix port's heap."""
    return tuple(names[i] for i in range(len(names)) if (mask >> i) & 1)


def _accepted(rs, players, options):
    try:
        rs.new_game(board_of(rs), players, options or None)
        return True
    except RulesError:
        return False


def _form(rs, on_off, solos, mask):
    """(options, playable, lo, hi, solo_words) of the combination `mask`, or None if no game of it
    is accepted (plain or solo)."""
    options = {}
    for k in _combination(on_off, mask):
        options[k] = [1]
    lo, hi = rs.player_range(options)
    if solos:   # its games of 1 player are its solo words' (below)
        lo = max(lo, 2)
    playable = lo <= hi and _accepted(rs, lo, options)
    solo_words = []
    for word, value in solos:
        solo = dict(options)
        solo[rs.solo_option] = [value]
        if _accepted(rs, 1, solo):
            solo_words.append((word, solo))
    return (options, playable, lo, hi, solo_words) if playable or solo_words else None


def _clashes(rs, on_off, solos):
    """Per option, the options it clashes with (a bit mask): both accepted alone, refused as a pair.
    A clash holds in every larger set (the rulesets' refusals: fenris_options.CLASHES, ...), so no
    set holding one is tried (tests/host/test_conformance_forms.py checks this against trying every
    combination)."""
    n = len(on_off)
    alone = [_form(rs, on_off, solos, 1 << i) is not None for i in range(n)]
    out = [0] * n
    for i in range(n):
        for j in range(i + 1, n):
            if alone[i] and alone[j] and _form(rs, on_off, solos, (1 << i) | (1 << j)) is None:
                out[i] |= 1 << j
                out[j] |= 1 << i
    return out


def _accept(rs, on_off, solos, clashes, i, mask, out, everything=False):
    """Into out, in increasing order, the accepted combinations that hold `mask` and any of options
    0..i, none of them clashing (everything: every combination tried, no clash skipped)."""
    if i < 0:
        if _form(rs, on_off, solos, mask) is not None:
            out.append(mask)
        return
    _accept(rs, on_off, solos, clashes, i - 1, mask, out, everything)
    if everything or not clashes[i] & mask:
        _accept(rs, on_off, solos, clashes, i - 1, mask | (1 << i), out, everything)


def _has(masks, m):
    """m in masks (sorted): a binary search."""
    lo, hi = 0, len(masks)
    while lo < hi:
        mid = (lo + hi) // 2
        if masks[mid] < m:
            lo = mid + 1
        else:
            hi = mid
    return lo < len(masks) and masks[lo] == m


def _kept(masks, n):
    """Of the accepted combinations of n on/off options (bit masks, sorted): none, each alone, each
    pair and each maximal one (no accepted combination holds it and one option more: the rulesets'
    refusals are clashes, which hold in every larger set, and options that need another, so none
    larger is accepted either). Every combination is a valid game, but they grow as 2^options (The
    Rise of Fenris's Module Chart allows 1,984): docs/fenris.md section 2's proposal, so the suite
    grows with the pairs, not the subsets."""
    out = []
    for m in masks:
        if bin(m).count("1") <= 2 or not any(_has(masks, m | (1 << i)) for i in range(n) if not (m >> i) & 1):
            out.append(m)
    return out


def forms():
    """Every Game: each ruleset's plain game, its on/off options alone, in pairs and in the
    largest combinations it accepts (_kept), and on each the solo words of its solo option."""
    if _FORMS:
        return _FORMS
    from array import array

    _plug_test_rulesets()
    made = []   # (into _FORMS once whole: a MemoryError half way leaves none, not a part)
    for name in registry.names():
        rs = registry.load(name)
        on_off = sorted(k for k, v in rs.new_options.items()
                        if tuple(v) == (0, 1) and k != rs.solo_option and k != rs.deck_option)
        solos = [(w, v) for w, opt, v in rs.aliases if opt == rs.solo_option] if rs.solo_option else []
        accepted = array("I")   # (masks only, in order: the unix port's heap; the forms made again below)
        _accept(rs, on_off, solos, _clashes(rs, on_off, solos), len(on_off) - 1, 0, accepted)
        kept = _kept(accepted, len(on_off))
        for size in range(len(on_off) + 1):   # by size, then by mask
            for mask in kept:
                if bin(mask).count("1") != size:
                    continue
                form = _form(rs, on_off, solos, mask)
                assert form is not None   # (accepted above)
                options, playable, lo, hi, solo_words = form
                label = "+".join((name,) + _combination(on_off, mask))
                if playable:
                    made.append(Game(label, rs, options, tuple(range(lo, hi + 1))))
                for word, solo in solo_words:
                    made.append(Game(label + "+" + word, rs, solo, (1,)))
    _FORMS.extend(made)
    return _FORMS


def game(name):
    """The Game of a name as forms() writes it."""
    for g in forms():
        if g.name == name:
            return g
    raise KeyError(name)


def parse(name):
    """(ruleset, options) of a game name "rs+opt+word" (as host_tools/games.py reads it, for
    device code that cannot import the host's)."""
    forms()
    parts = name.split("+")
    rs = registry.load(parts[0])
    options = {}
    for word in parts[1:]:
        for w, opt, v in rs.aliases:
            if w == word:
                options[opt] = [v]
                break
        else:
            options[word] = [1]
    return rs, options


def invariants_of(rs):
    """The ruleset's own invariant hooks (tests/conformance/invariants_<name>.py: step(st,
    before, kind) after every decision, end(st) at the end), or None: st.check() and the
    suite's generic checks only."""
    try:
        return __import__("tests.conformance.invariants_" + rs.name, None, None, ["step"])
    except ImportError:
        return None


def chance_pick(st, rng):
    return rng.weighted(st.chance_outcomes())


class NoEnd(AssertionError):
    """A playout past MAX_DECISIONS (a test fails on it; the soak keeps such games apart)."""


class Stalemate(Exception):
    """A game the rules cannot end, proven by the ruleset's invariants module (stalemate(st):
    why, else None; docs/fenris.md S19): the playout stops there (st: the game, why: the proof)."""

    def __init__(self, st, why):
        super().__init__(why)
        self.st = st
        self.why = why


def playout(g, seed, kind="random", on_step=None, players=None):
    """One game of g to its end: chance drawn with its weights, every seat's bot of `kind`
    ("random" or "strong": firmware/bot_kinds.py). on_step(st, before, kind, action) on the new
    game (before, kind, action None) and after every decision (before: the bytes before it).
    Returns the finished state; raises Stalemate where the ruleset proves the game cannot end
    (asked every STALEMATE_EVERY decisions)."""
    rng = Rng(seed)
    if players is None:
        players = g.players_for(seed)
    st = g.new(players)
    bot = make_bot(g.rs, Rng(seed + 7919), kind)
    proof = getattr(invariants_of(g.rs), "stalemate", None)
    n = 0
    if on_step is not None:
        on_step(st, None, None, None)
    while not st.is_terminal():
        k = st.decision()
        a = chance_pick(st, rng) if st.current_player() == _CHANCE else bot.choose(st)
        before = bytes(st.s) if on_step is not None else None
        st.apply(a)
        n += 1
        if n >= MAX_DECISIONS:
            raise NoEnd("%s seed %d: no end after %d decisions" % (g.name, seed, n))
        if on_step is not None:
            on_step(st, before, k, a)
        if proof is not None and n % STALEMATE_EVERY == 0:
            why = proof(st)
            if why:
                raise Stalemate(st, why)
    return st


def played(g, seed, decisions, players=None):
    """A game of g after `decisions` random decisions (or its end)."""
    rng = Rng(seed)
    st = g.new(players or g.players_for(seed))
    bot = make_bot(g.rs, Rng(seed + 7919), "random")
    for _ in range(decisions):
        if st.is_terminal():
            break
        st.apply(chance_pick(st, rng) if st.current_player() == _CHANCE else bot.choose(st))
    return st


def add_tests(namespace, name, fn, games=None, unix_combined=True, seeds=None, only=None):
    """namespace["test_<name>__<game>"] = a test calling fn(game), for every Game: both
    runners collect module-level test_ functions, so each game is a test of its own.
    unix_combined False: on the MicroPython unix port a combined form's test is skipped, saying
    so (suite time: 140 of the 164 forms combine options; the unix port plays each one's random
    game with every invariant, test_playouts.py, and each plain form and option alone in full;
    CPython runs them all).
    seeds: a function of the Game giving the seeds this run plays (volume()); the test calls
    fn(game, seeds). only: a function of the Game, true for the forms this run checks
    (in_this_volume). A form with no seed in this run, or not `only`, gets no test (the other
    volume has it)."""
    for g in games if games is not None else forms():
        if only is not None and not only(g):
            continue
        mine = None if seeds is None else seeds(g)
        if mine is None or len(mine):
            namespace["test_%s__%s" % (name, g.ident())] = _bound(fn, g, unix_combined, mine)


def on_off_count(g):
    """How many on/off options the form turns on (its solo word aside)."""
    return len([k for k in g.options if k != g.rs.solo_option])


def combined(g):
    """Two or more on/off options (Scythe's modules together: scythe+rivals+war, ...)."""
    return on_off_count(g) > 1


def pair(g):
    """Exactly two on/off options: the forms that grow with the square of the options."""
    return on_off_count(g) == 2


def volume(quick, whole):
    """The seeds of a check with `whole` seeds that this run plays: make test the first `quick`
    (the quick volume), make test-long (LONG) the others. Each seed is played by one of the two."""
    quick = min(quick, whole)
    return range(quick, whole) if LONG else range(quick)


_COVER = None


def _cover():
    """The names of the largest combinations (three options or more) that make test checks once a
    form: of each ruleset's, greedily the one turning on the most options the chosen ones do not
    (ties: the first in forms()' order), until together they turn on every option the largest
    combinations do (since stop 62: 7 of Scythe's 20)."""
    out = []
    for rs in {h.rs.name: h.rs for h in forms()}.values():
        largest = [h for h in forms() if h.rs is rs and combined(h) and not pair(h)]
        need = set(k for h in largest for k in h.options if k != rs.solo_option)
        while need:
            best = largest[0]
            for h in largest:
                if len(need.intersection(h.options)) > len(need.intersection(best.options)):
                    best = h
            out.append(best.name)
            need.difference_update(best.options)
    return out


def in_cover(g):
    """Whether g is one of _cover()'s combinations."""
    global _COVER
    if _COVER is None:
        _COVER = _cover()
    return g.name in _COVER


def in_this_volume(g):
    """For a check run once a form: whether this run makes it: a form of two options, and one of
    the largest combinations not in_cover, in make test-long; any other in make test (suite time:
    124 of the 166 forms are pairs)."""
    return (pair(g) or combined(g) and not in_cover(g)) == LONG


def _bound(fn, g, unix_combined=True, seeds=None):
    def test():
        if MICROPYTHON and not unix_combined and combined(g):
            from tests import skip

            skip("a combined form: on CPython only (the unix port plays its random game)")
        if seeds is None:
            fn(g)
        else:
            fn(g, seeds)
    return test


__all__ = ("MICROPYTHON",)
