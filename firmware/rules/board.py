# The board as data: spaces, kinds, regions, adjacency, portals, Castle Everfree and the
# base-camp sites, built once from a board definition (hardware/maps/mls.json, parsed by
# the caller). Nothing about the map is written in the rules; everything comes from here.
from .compat import const
from .errors import BoardDataError

KIND_REGION = const(0)
KIND_PORTAL = const(1)
KIND_CASTLE = const(2)
_KINDS = {"region": KIND_REGION, "portal": KIND_PORTAL, "castle": KIND_CASTLE}
NO_REGION = const(255)


class Board:
    """Immutable tables of one printed board. Spaces are ints 0..n-1 in the data's order."""

    def __init__(self, data):
        try:
            spaces = data["spaces"]
            self.regions = tuple(data["regions"])
            camps = data["camps"]
            by_players = data["camp_sites_by_players"]
        except (KeyError, TypeError) as e:
            raise BoardDataError("bad_board", "missing %s" % e) from None
        n = len(spaces)
        if n == 0 or n > 60:
            raise BoardDataError("bad_board", "%d spaces" % n)
        self.n_spaces = n
        kind = bytearray(n)
        region = bytearray(n)
        neighbours = []
        seen = set()
        castle = -1
        for i, sp in enumerate(spaces):
            if sp.get("id", i) != i:
                raise BoardDataError("bad_board", "space %d has id %s" % (i, sp.get("id")))
            k = _KINDS.get(sp.get("kind"))
            if k is None:
                raise BoardDataError("bad_board", "space %d kind %s" % (i, sp.get("kind")))
            kind[i] = k
            qr = (sp["q"], sp["r"])
            if qr in seen:
                raise BoardDataError("bad_board", "two spaces at %s" % (qr,))
            seen.add(qr)
            if k == KIND_REGION:
                reg = sp.get("region")
                if not isinstance(reg, int) or not 0 <= reg < len(self.regions):
                    raise BoardDataError("bad_board", "space %d region %s" % (i, reg))
                region[i] = reg
            else:
                region[i] = NO_REGION
            if k == KIND_CASTLE:
                if castle >= 0:
                    raise BoardDataError("bad_board", "two castles")
                castle = i
            nb = sp.get("neighbours", ())
            for j in nb:
                if not 0 <= j < n or j == i:
                    raise BoardDataError("bad_board", "space %d neighbour %s" % (i, j))
            neighbours.append(tuple(nb))
        if castle < 0:
            raise BoardDataError("bad_board", "no castle")
        for i in range(n):
            for j in neighbours[i]:
                if i not in neighbours[j]:
                    raise BoardDataError("bad_board", "%d-%d adjacency is one-way" % (i, j))
        self.kind = bytes(kind)
        self.region = bytes(region)
        self.castle = castle
        # Ordinary steps never enter the castle: it only takes deliveries.
        self.steps = tuple(tuple(j for j in nb if j != castle) for nb in neighbours)
        self.portals = tuple(i for i in range(n) if kind[i] == KIND_PORTAL)
        # From a portal, every other portal is one step away (a portal jump).
        self.jumps = tuple(
            tuple(p for p in self.portals if p != i) if kind[i] == KIND_PORTAL else () for i in range(n)
        )
        self.castle_neighbours = neighbours[castle]
        self.next_to_castle = bytes(1 if castle in neighbours[i] else 0 for i in range(n))
        self.region_spaces = tuple(
            tuple(i for i in range(n) if region[i] == r) for r in range(len(self.regions))
        )
        fronts = []
        for c in camps:
            front = tuple(c["front"])
            for j in front:
                if not 0 <= j < n or kind[j] == KIND_CASTLE:
                    raise BoardDataError("bad_board", "camp front space %s" % j)
            fronts.append(front)
        self.camp_fronts = tuple(fronts)
        self.camp_sites_by_players = {}
        for key, sites in by_players.items():
            sites = tuple(sites)
            for s in sites:
                if not 0 <= s < len(fronts):
                    raise BoardDataError("bad_board", "camp site %s" % s)
            self.camp_sites_by_players[int(key)] = sites

    def is_portal(self, space):
        return self.kind[space] == KIND_PORTAL

    def distance_table(self):
        """All-pairs step distances for ordinary movement (portal to portal is one step,
        the castle is not entered). A host-side helper for tests and tools."""
        n = self.n_spaces
        inf = 255
        table = []
        for src in range(n):
            dist = bytearray(n)
            for i in range(n):
                dist[i] = inf
            dist[src] = 0
            frontier = [src]
            d = 0
            while frontier:
                d += 1
                nxt = []
                for x in frontier:
                    for y in self.step_targets(x):
                        if dist[y] == inf:
                            dist[y] = d
                            nxt.append(y)
                frontier = nxt
            table.append(bytes(dist))
        return table

    def step_targets(self, x):
        """Spaces one step from x: its neighbours and, from a portal, every other portal."""
        return self.steps[x] + self.jumps[x]
