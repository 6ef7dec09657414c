# What the page's panels show of a My Little Scythe game (Ruleset.page_panel, read by
# firmware/hosts/web_board.py): each seat's friendship, pies, spells, trophies, kingdom and camp
# site, and the tokens on each space. A board never imports it.
from firmware.text import name

from . import view


def panel(st):
    """{"seats": [...], "goods": [[apples, gems, quest token] per space]}."""
    seats = []
    for p in range(st.n_players()):
        mask = view.trophies(st, p)
        seats.append({"friendship": view.friendship(st, p), "pies": st.pies(p), "spells": st.spells(p),
                      "trophies": [name("trophy", t) for t in range(8) if mask & (1 << t)],
                      "kingdom": name("kingdom", view.kingdom(st, p)), "camp": view.camp_site(st, p)})
    goods = [[st.apples(i), st.gems(i), st.quest_token(i)] for i in range(st.board.n_spaces)]
    return {"seats": seats, "goods": goods}
