# Where a Seeker can go in one Move action. Pure functions over the board tables.
#
# A Seeker moves up to `steps` spaces (2 without carrying, 1 carrying). A step goes to a
# neighbouring space or, from a portal, to any other portal (a portal jump). The castle is
# never crossed; it is a destination only for a carrying Seeker completing a delivery
# (from a space next to it, or by a portal jump). Entering a space where an opponent's
# Seeker stands ends the move. With Portal Express one portal jump per Seeker is free.


def mark_reach(board, blocked, origin, front, steps, free_jump, with_castle, out):
    """Set out[x] = 1 for every space reachable from origin (a space, or a camp whose front
    spaces are `front` when origin < 0). out[castle] = 1 means the castle is reachable
    (only when with_castle). `blocked[x]` is nonzero where an opponent stands. out must be
    zeroed by the caller. Allocates nothing but the recursion frames."""
    if origin < 0:
        for y in front:
            out[y] = 1
            if (steps > 1 or free_jump) and not blocked[y]:
                _walk(board, blocked, y, steps - 1, free_jump, with_castle, out)
        return
    out[origin] = 1
    _walk(board, blocked, origin, steps, free_jump, with_castle, out)


def _walk(board, blocked, x, left, jump, with_castle, out):
    castle = board.castle
    if left > 0:
        steps = board.steps
        for i in range(x * 6, x * 6 + 6):
            y = steps[i]
            if y == 255:
                break
            out[y] = 1
            if (left > 1 or jump) and not blocked[y]:
                _walk(board, blocked, y, left - 1, jump, with_castle, out)
        if with_castle and board.next_to_castle[x]:
            out[castle] = 1
    if board.kind[x] == 1:   # a portal: every other portal is one step (a jump)
        if with_castle and (left > 0 or jump):
            out[castle] = 1
        for y in board.portals:
            if y == x:
                continue
            if jump:  # the free jump first: it keeps every step for later
                out[y] = 1
                if not blocked[y]:
                    _walk(board, blocked, y, left, False, with_castle, out)
            elif left > 0:
                out[y] = 1
                if left > 1 and not blocked[y]:
                    _walk(board, blocked, y, left - 1, False, with_castle, out)
