# The page's view of a My Little Scythe game for its panels (web/board.js), run in MicroPython
# WebAssembly beside the firmware: each seat's friendship, pies, spells, trophies, kingdom and
# camp site, and the tokens on each space. Page code, like the host's views (host_tools/views/):
# the firmware (firmware/hosts/web_board.py) imports no ruleset's modules and takes this through
# web_board.set_panel(panel). MicroPython-compatible.


def panel(rs, st):
    """{"seats": [...], "goods": [[apples, gems, quest token] per space]} for My Little Scythe;
    empty seats for another ruleset (the page then shows only what the board shows)."""
    n = st.n_players()
    if rs.name != "mls":
        return {"seats": [{} for _ in range(n)]}
    from firmware.rules.mls import view
    from firmware.text import name

    seats = []
    for p in range(n):
        mask = view.trophies(st, p)
        seats.append({"friendship": view.friendship(st, p), "pies": st.pies(p), "spells": st.spells(p),
                      "trophies": [name("trophy", t) for t in range(8) if mask & (1 << t)],
                      "kingdom": name("kingdom", view.kingdom(st, p)), "camp": view.camp_site(st, p)})
    goods = [[st.apples(i), st.gems(i), st.quest_token(i)] for i in range(st.board.n_spaces)]
    return {"seats": seats, "goods": goods}
