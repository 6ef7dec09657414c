# tools/soak.py's games on the MicroPython unix port (--micropython): one block of seeds of one
# combination, played with the conformance suite's checks (tests/conformance/checked.py), its
# result one JSON line on stdout: [games, decisions, seconds, [[seed, error], ...],
# [[seed, "stalemate" | "capped", decisions], ...]]. Run by tools/soak.py:
#     micropython -X heapsize=8m tools/soak_mp.py '[name, ruleset, options, players, first, count, kind,
#                                                   full_every]'
# with the checkout on MICROPYPATH. Seconds are the wall clock's (the port has no process time).
import json
import sys
import time

from firmware.rules import registry
from tests.conformance import checked
from tests.conformance import games as G

def main(spec):
    name, rs_name, options, players, first, count, kind, full_every = spec
    G._plug_test_rulesets()   # (--set forms: the test rulesets too)
    g = G.Game(name, registry.load(rs_name), options, tuple(players))
    t = time.time()
    decisions, failed, unended = checked.play_seeds(
        g, first, count, kind, full_every, lambda e: "%s: %s (micropython)" % (type(e).__name__, e))
    return [count, decisions, round(time.time() - t, 3), failed, unended]   # (tuples: JSON arrays)


if __name__ == "__main__":
    print(json.dumps(main(json.loads(sys.argv[1]))))
