# The page's Finish button (web/board.js; docs/web.md): the board's bot plays every seat to the end
# of the game on the page, then the seats are the bot's or the people's as they were before, so a
# campaign's decisions after that game stay the people's (the campaign keeper's bot seats are the
# table's: docs/campaign.md, section 5). Page only: a board has no such button.
from firmware.hosts import web_board

_before = None   # (the table, the game Finish was pressed in, its bot seats before)


def finish():
    """Every seat of the page's game the bot's until the game ends."""
    global _before
    wb = web_board.current()
    t = wb.table
    st = t.ctl.st
    if _game_over not in t.listeners:
        t.listeners.insert(0, _game_over)   # ahead of a campaign keeper's (it records the end)
    if _before is None or _before[1] is not st:
        _before = (t, st, t.ctl.seats.mask)
    return wb.set_bots((1 << st.n_players()) - 1)


def _game_over(action):
    """A table listener: the game Finish gave to the bot is over, its seats go back; another game
    in its place gives nothing back."""
    global _before
    if _before is None:
        return
    t, st, mask = _before
    if t.ctl.st is not st:
        _before = None
    elif st.is_terminal():
        _before = None
        t.set_bots(mask)
