# Straight lines across a hex board, from its adjacency alone (Pie in the Sky's Automountie
# flies her airship along them). Built once per board, and only by a game that needs them:
# the base game's heap and interned names stay as they were (a table in Board itself
# pushed the 64 KB heap game over its limit). beyond[x*6 + i] is the space after
# steps[x*6 + i] on the line from x through it (NO_SPACE at the board's edge or the castle).
from .compat import const

_NO_SPACE = const(255)


def _adjacent(board, a, b):
    steps = board.steps
    for i in range(a * 6, a * 6 + 6):
        if steps[i] == b:
            return True
    return False


def _after(board, x, y):
    """The space after y on the line x -> y: the neighbour of y opposite x, the one next to
    neither x nor a common neighbour of x and y (the castle counts, though not a step)."""
    steps = board.steps
    near = board.next_to_castle
    for i in range(y * 6, y * 6 + 6):
        z = steps[i]
        if z == _NO_SPACE:
            break
        if z == x or _adjacent(board, x, z) or near[x] and near[y] and near[z]:
            continue
        for j in range(x * 6, x * 6 + 6):
            c = steps[j]
            if c != _NO_SPACE and _adjacent(board, c, y) and _adjacent(board, c, z):
                break
        else:
            return z
    return _NO_SPACE


def beyond(board):
    """The board's line table (see above), built on first use and kept on the board."""
    t = getattr(board, "beyond", None)
    if t is None:
        n = board.n_spaces
        steps = board.steps
        t = bytearray(n * 6)
        for x in range(n):
            for i in range(6):
                y = steps[x * 6 + i]
                t[x * 6 + i] = _NO_SPACE if y == _NO_SPACE else _after(board, x, y)
        t = bytes(t)
        board.beyond = t
    return t


def line(board, x, i):
    """The spaces in a straight line from x through its i-th neighbour (steps[x*6 + i]), out
    to the edge or the castle (x excluded); [] when x has no i-th neighbour."""
    steps = board.steps
    t = beyond(board)
    out = []
    prev = x
    y = steps[x * 6 + i]
    while y != _NO_SPACE:
        out.append(y)
        nxt = t[prev * 6 + i]
        prev = y
        y = nxt
        if y != _NO_SPACE:
            for j in range(prev * 6, prev * 6 + 6):
                if steps[j] == y:
                    i = j - prev * 6
                    break
    return out
