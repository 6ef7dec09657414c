# My Little Scythe. The ruleset object is in ruleset.py (firmware/rules/registry.py finds it),
# so a program that only plays the engine does not hold it.
