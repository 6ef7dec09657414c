# The Scythe board as data (hardware/maps/scythe.json, parsed by the caller), in flat bytes
# tables: terrain and flags per space, the neighbour of x in direction d at adj[x*6 + d]
# (255: none) with the edge to each in edge[...] (0 land, 1 river, 2 lake). Nothing about the
# map is written in the rules. Spaces 0..6 are the home bases, 7..53 the board hexes.
from ..compat import const

T_HOME = const(0)
T_FARM = const(1)
T_VILLAGE = const(2)
T_TUNDRA = const(3)
T_FOREST = const(4)
T_MOUNTAIN = const(5)
T_LAKE = const(6)
T_FACTORY = const(7)
TERRAINS = ("home_base", "farm", "village", "tundra", "forest", "mountain", "lake", "factory")
EDGES = ("land", "river", "lake")
# adj[x*6 + d]: the neighbour in direction d (opposite directions are d and (d + 3) % 6)
DIRECTIONS = ("e", "ne", "nw", "w", "sw", "se")
F_ENCOUNTER = const(1)
F_TUNNEL = const(2)
NO_SPACE = const(255)
FACTIONS = ("Nordic", "Rusviet", "Crimea", "Saxony", "Polania", "Albion", "Togawa")


class ScytheBoard:
    """Immutable tables of the Scythe main board."""

    def __init__(self, data):
        if data.get("game") != "scythe":
            raise ValueError("not a Scythe board definition")
        spaces = data["spaces"]
        n = len(spaces)
        self.n_spaces = n
        terrain = bytearray(n)
        flags = bytearray(n)
        adj = bytearray(b"\xff" * (n * 6))
        edge = bytearray(n * 6)
        for i, sp in enumerate(spaces):
            if sp["id"] != i:
                raise ValueError("space %d out of order" % i)
            terrain[i] = TERRAINS.index(sp["terrain"])
            flags[i] = (F_ENCOUNTER if sp["encounter"] else 0) | (F_TUNNEL if sp["tunnel"] else 0)
            for j, e, d in sp["neighbours"]:
                k = DIRECTIONS.index(d)
                adj[i * 6 + k] = j
                edge[i * 6 + k] = EDGES.index(e)
        for i in range(n):   # every border is seen from both sides, with the same edge
            for k in range(6):
                j = adj[i * 6 + k]
                if j != NO_SPACE and (i, edge[i * 6 + k]) not in self._sides(adj, edge, j):
                    raise ValueError("border %d-%d differs from its two sides" % (i, j))
        self.terrain = bytes(terrain)
        self.flags = bytes(flags)
        self.adj = bytes(adj)
        self.edge = bytes(edge)
        homes = data["home_bases"]
        self.home = bytes(homes[f] for f in FACTIONS)
        self.start = bytes(t for f in FACTIONS for t in data["start_territories"][f])
        self.factory = data["factory"]
        self.tunnels = bytes(i for i in range(n) if flags[i] & F_TUNNEL)
        self.lakes = bytes(i for i in range(n) if terrain[i] == T_LAKE)
        self.encounters = bytes(i for i in range(n) if flags[i] & F_ENCOUNTER)

    @staticmethod
    def _sides(adj, edge, j):
        return [(adj[j * 6 + k], edge[j * 6 + k]) for k in range(6) if adj[j * 6 + k] != NO_SPACE]

    def neighbours(self, x):
        """[(space, edge)] of the hexes bordering x."""
        o = x * 6
        return [(self.adj[o + k], self.edge[o + k]) for k in range(6) if self.adj[o + k] != NO_SPACE]

    def is_home(self, x):
        return self.terrain[x] == T_HOME
