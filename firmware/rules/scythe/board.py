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
        if data.get("game") != "scythe" or data.get("format") != 2:
            raise ValueError("not a Scythe board definition (format 2)")
        n = data["n_spaces"]
        letters = data["terrain_letters"]
        codes = "".join(letters[t][0] for t in TERRAINS)    # the letter of each terrain code
        edge_codes = "".join(data["edge_letters"][e] for e in EDGES)
        terrain = bytearray(n)
        flags = bytearray(n)
        adj = bytearray(n * 6)
        edge = bytearray(n * 6)
        text = data["terrain"]
        links = data["adj"]
        borders = data["edges"]
        if len(text) != n or len(links) != 6 * n or len(borders) != 6 * n:
            raise ValueError("space tables of the wrong length")
        for i in range(n):
            terrain[i] = codes.index(text[i])
        for x in data["encounters"]:
            flags[x] |= F_ENCOUNTER
        for x in data["tunnels"]:
            flags[x] |= F_TUNNEL
        for k in range(6 * n):
            j = links[k]
            adj[k] = NO_SPACE if j < 0 else j
            edge[k] = 0 if j < 0 else edge_codes.index(borders[k])
        for i in range(n):   # every border is seen from both sides, with the same edge
            for d in range(6):
                j = adj[i * 6 + d]
                back = j * 6 + (d + 3) % 6
                if j != NO_SPACE and (adj[back] != i or edge[back] != edge[i * 6 + d]):
                    raise ValueError("border %d-%d differs from its two sides" % (i, j))
        self.n_spaces = n
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

    def neighbours(self, x):
        """[(space, edge)] of the hexes bordering x."""
        o = x * 6
        return [(self.adj[o + k], self.edge[o + k]) for k in range(6) if self.adj[o + k] != NO_SPACE]

    def is_home(self, x):
        return self.terrain[x] == T_HOME
