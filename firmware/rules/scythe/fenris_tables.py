# The state's tables of a game with Tesla or Mad Tesla (fenris.FenrisState): made, and the module's
# hooks installed, by the first game with it only, so every other game keeps its code and heap.
_MADE = {}


def tesla_tables(cls):
    """cls's (PENDING, LEGAL, DO) with Tesla's steps (fenris_tesla.py)."""
    t = _MADE.get(1)
    if t is None:
        from . import fenris_tesla

        t = _MADE[1] = fenris_tesla.tables(cls)
    return t


def mad_tables(cls, setup_from):
    """cls's tables with Mad Tesla's steps (fenris_mad_tesla_setup.py; setup_from: fenris's, the
    other modules' setup, after his)."""
    t = _MADE.get(2)
    if t is None:
        from . import fenris_mad_tesla_setup

        t = _MADE[2] = fenris_mad_tesla_setup.tables(cls, setup_from)
    return t
