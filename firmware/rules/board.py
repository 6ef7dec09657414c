# The board as data: spaces, kinds, regions, adjacency, portals, Castle Everfree and the
# base-camp sites, built once from a board definition (hardware/maps/mls.json, parsed by
# the caller). Nothing about the map is written in the rules; everything comes from here.
# Tables are flat bytes (MicroPython RAM): neighbours of x are steps[x*6 : x*6+6], 255-padded.
from .compat import const, release

KIND_REGION = const(0)
KIND_PORTAL = const(1)
KIND_CASTLE = const(2)
NO_REGION = const(255)
NO_SPACE = const(255)
MAX_NEIGHBOURS = const(6)


class Board:
    """Immutable tables of one printed board. Spaces are ints 0..n-1 in the data's order."""

    def __init__(self, data):
        from . import board_check

        board_check.check(data)
        release(board_check.__name__)
        spaces = data["spaces"]
        n = len(spaces)
        self.n_spaces = n
        self.regions = tuple(data["regions"])
        kinds = {"region": KIND_REGION, "portal": KIND_PORTAL, "castle": KIND_CASTLE}
        kind = bytearray(n)
        region = bytearray(n)
        for i, sp in enumerate(spaces):
            kind[i] = kinds[sp["kind"]]
            region[i] = sp["region"] if kind[i] == KIND_REGION else NO_REGION
            if kind[i] == KIND_CASTLE:
                self.castle = i
        castle = self.castle
        steps = bytearray(n * MAX_NEIGHBOURS)
        near = bytearray(n)
        for i, sp in enumerate(spaces):
            k = 0
            for j in sp["neighbours"]:
                if j == castle:
                    near[i] = 1   # ordinary steps never enter the castle: it takes deliveries only
                else:
                    steps[i * MAX_NEIGHBOURS + k] = j
                    k += 1
            while k < MAX_NEIGHBOURS:
                steps[i * MAX_NEIGHBOURS + k] = NO_SPACE
                k += 1
        self.kind = bytes(kind)
        self.region = bytes(region)
        self.steps = bytes(steps)
        self.next_to_castle = bytes(near)
        # From a portal, every other portal is one step away (a portal jump).
        self.portals = bytes(i for i in range(n) if kind[i] == KIND_PORTAL)
        self.region_spaces = tuple(
            bytes(i for i in range(n) if region[i] == r) for r in range(len(self.regions))
        )
        self.camp_fronts = tuple(bytes(c["front"]) for c in data["camps"])
        self.camp_sites_by_players = {}
        for key, sites in data["camp_sites_by_players"].items():
            self.camp_sites_by_players[int(key)] = bytes(sites)

    def is_portal(self, space):
        return self.kind[space] == KIND_PORTAL

    def neighbours(self, x):
        """Spaces next to x (the castle left out), as a list."""
        o = x * MAX_NEIGHBOURS
        return [y for y in self.steps[o:o + MAX_NEIGHBOURS] if y != NO_SPACE]

    def step_targets(self, x):
        """Spaces one step from x: its neighbours and, from a portal, every other portal."""
        out = self.neighbours(x)
        if self.kind[x] == KIND_PORTAL:
            out += [p for p in self.portals if p != x]
        return out

    def distance_table(self):
        """All-pairs step distances for ordinary movement (portal to portal is one step,
        the castle is not entered). A helper for tests and tools, not used in play."""
        n = self.n_spaces
        table = []
        for src in range(n):
            dist = bytearray(n)
            for i in range(n):
                dist[i] = 255
            dist[src] = 0
            frontier = [src]
            d = 0
            while frontier:
                d += 1
                nxt = []
                for x in frontier:
                    for y in self.step_targets(x):
                        if dist[y] == 255:
                            dist[y] = d
                            nxt.append(y)
                frontier = nxt
            table.append(bytes(dist))
        return table

