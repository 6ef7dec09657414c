# Checks a board definition (format: hardware/README.md) before Board builds its tables.
# Used once, then released.
_KINDS = ("region", "portal", "castle")


def _bad(what):
    from .errors import BoardDataError   # only for a bad board: errors.py stays out of the heap

    raise BoardDataError("bad_board", what)


def check(data):
    try:
        spaces = data["spaces"]
        regions = data["regions"]
        camps = data["camps"]
        by_players = data["camp_sites_by_players"]
    except (KeyError, TypeError) as e:
        _bad("missing %s" % (e,))
    n = len(spaces)
    if n == 0 or n > 60:
        _bad("%d spaces" % n)
    seen = set()
    castles = 0
    for i in range(n):
        sp = spaces[i]
        if sp.get("id", i) != i:
            _bad("space %d has id %s" % (i, sp.get("id")))
        k = sp.get("kind")
        if k not in _KINDS:
            _bad("space %d kind %s" % (i, k))
        qr = (sp.get("q"), sp.get("r"))
        if qr in seen:
            _bad("two spaces at %s" % (qr,))
        seen.add(qr)
        if k == "region":
            reg = sp.get("region")
            if not isinstance(reg, int) or not 0 <= reg < len(regions):
                _bad("space %d region %s" % (i, reg))
        castles += k == "castle"
        nb = sp.get("neighbours", ())
        if len(nb) > 6:
            _bad("space %d has %d neighbours" % (i, len(nb)))
        for j in nb:
            if not isinstance(j, int) or not 0 <= j < n or j == i:
                _bad("space %d neighbour %s" % (i, j))
            if i not in spaces[j].get("neighbours", ()):
                _bad("%d-%d adjacency is one-way" % (i, j))
    if castles != 1:
        _bad("%d castles" % castles)
    for c in camps:
        front = c.get("front", ())
        if len(front) != 3:
            _bad("camp front %s" % (front,))
        for j in front:
            if not isinstance(j, int) or not 0 <= j < n or spaces[j]["kind"] == "castle":
                _bad("camp front space %s" % j)
    for key, sites in by_players.items():
        if not str(key).isdigit():
            _bad("player count %s" % key)
        for s in sites:
            if not isinstance(s, int) or not 0 <= s < len(camps):
                _bad("camp site %s" % s)
