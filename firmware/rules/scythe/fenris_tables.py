# The state's tables of a game with Tesla, Mad Tesla, the Desolation, Episode 4's agents or 5's Fortress (with
# their checks and weights) (fenris.FenrisState): made, and the module's
# hooks installed, by the first game with it only, so every other game keeps its code and heap.
_MADE = {}


def tesla_tables(cls, search=0, newera=0):
    """cls's (PENDING, LEGAL, DO) with Tesla's steps (fenris_tesla.py); search: with Episode 7's
    too (fenris_search.py); newera: with Episode 8a's (fenris_newera.py)."""
    t = _MADE.get(1)
    if t is None:
        from . import fenris_tesla

        t = _MADE[1] = fenris_tesla.tables(cls)
    if search:
        if 4 not in _MADE:
            from . import fenris_search

            _MADE[4] = fenris_search.tables(t)
        t = _MADE[4]
    if newera:
        if 5 not in _MADE:
            from . import fenris_newera

            _MADE[5] = fenris_newera.tables(t)
        t = _MADE[5]
    return t


def agents_tables(cls):
    """cls's tables with Episode 4's Fenris agents (fenris_agents.py)."""
    t = _MADE.get(6)
    if t is None:
        from . import fenris_agents

        t = _MADE[6] = fenris_agents.tables(cls)
    return t


def fortress_tables(cls):
    """cls's tables with Episode 5's Influence tokens and Annihilator (fenris_fortress.py)."""
    t = _MADE.get(8)
    if t is None:
        from . import fenris_fortress

        t = _MADE[8] = fenris_fortress.tables(cls)
    return t


def fortress_gone(st):
    """The objective cards Episode 5's Annihilator put out of the game (fenris_fortress.py)."""
    from .fenris_fortress import objectives_gone

    return objectives_gone(st)


def plea_tables(cls):
    """cls's tables with Episode 3's search of the Factory (fenris_plea.py)."""
    t = _MADE.get(9)
    if t is None:
        from . import fenris_plea

        t = _MADE[9] = fenris_plea.tables(cls)
    return t


def extra_tables(st, setup_from):
    """st's tables (its class's, or Tesla's, Mad Tesla's or Episode 4's agents', already st's) with
    Episode 1's revealed objective (fenris_extraobj.py; setup_from: fenris's, the setup step after
    it)."""
    key = 10 + (st.TESLA > 0) + (st.SEARCH > 0) + 3 * (st.MADTESLA > 0) + 4 * (st.AGENTS > 0)
    t = _MADE.get(key)
    if t is None:
        from . import fenris_extraobj

        after = lambda st: setup_from(st, 7)   # noqa: E731  (fenris._STEPS)
        t = _MADE[key] = fenris_extraobj.tables((st.PENDING, st.LEGAL, st.DO), after)
    return t


def mad_tables(cls, setup_from):
    """cls's tables with Mad Tesla's steps (fenris_mad_tesla_setup.py; setup_from: fenris's, the
    other modules' setup, after his)."""
    t = _MADE.get(2)
    if t is None:
        from . import fenris_mad_tesla_setup

        t = _MADE[2] = fenris_mad_tesla_setup.tables(cls, setup_from)
    return t


def des_tables(cls, setup_from):
    """cls's tables with the Desolation's steps (fenris_desolation_setup.py; setup_from: fenris's,
    the other modules' setup, after its own)."""
    t = _MADE.get(3)
    if t is None:
        from . import fenris_desolation_setup

        t = _MADE[3] = fenris_desolation_setup.tables(cls, setup_from)
    return t


def figure_check(st):
    """A problem with the bytes of Tesla, Mad Tesla or the Desolation (their modules: loaded with
    their tables), of Episode 4's agents, of the Perks' setup, else None."""
    if st.PERKS:
        from .fenris_perks import check as perks

        problem = perks(st)
        if problem:
            return problem
    if st.AGENTS:
        from .fenris_agents import check as agents

        return agents(st)
    if st.FORTRESS:
        from .fenris_fortress import check as fortress

        return fortress(st)
    if st.PLEA:
        from .fenris_plea import check as plea

        return plea(st)
    if st.TESLA:
        from .fenris_tesla import check

        problem = check(st)
        if not problem and st.NEWERA:
            from .fenris_newera import check as stars

            problem = stars(st)
        return problem
    if st.MADTESLA:
        from .fenris_mad_tesla_setup import check as mad

        return mad(st)
    if st.DESOLATION:
        from .fenris_desolation_setup import check as des

        return des(st)
    return None


def seen_weights(st):
    """(outcome, weight) of a combat card turned up (K_SEEN_CARD): by the cards of each value not in
    the discard pile (Mad Tesla's setup), nor next to the Desolation's tile, nor drawn for
    Episode 4's agents now."""
    if st.AGENTS:
        from .fenris_agents import seen_weights as agents

        return agents(st)
    if st.FORTRESS:
        from .fenris_fortress import seen_weights as fortress

        return fortress(st)
    if st.PLEA:   # (its draw, K_PLEA_DRAW: no combat card is turned up in its games)
        from .fenris_plea import draw_weights

        return draw_weights(st)
    if st.DESOLATION:
        from .fenris_desolation_combat import seen_weights as des

        return des(st)
    from .fenris_mad_tesla_setup import seen_weights as mad

    return mad(st)
