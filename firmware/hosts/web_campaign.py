# The Rise of Fenris campaign on the page (docs/web.md, "A campaign"): the board's own keeper
# (firmware/board/campaign_keeper.py) on the virtual board (web_board.py), its file in the page's
# file system, and the campaign's bytes handed to the page after every change so the browser
# keeps them (localStorage) and gives them back when the page opens again. The page makes a
# campaign, imports one exported by `pomme campaign export` (its `state`), takes each campaign
# decision from its panel, draws the Mods with the board's dice (or takes the token drawn), and
# plays each episode's game on the virtual board with the deals the campaign fixes; the keeper
# records the game's end.
#
# Every function answers JSON: the campaign panel (the ruleset's campaign_panel.panel), `saved`
# (the campaign's whole frame, hex: what the browser keeps) and `doc` (the exported document);
# {"campaign": false} when the page's game has no campaign; ValueError (nothing changed) for a
# refused decision, a damaged import, an episode asked while none waits.
import json

from firmware.board.campaign_hook import keeper_of
from firmware.hosts.web_board import current
from firmware.rules import registry

PATH = "campaign.sav"   # in the page's (MicroPython WebAssembly's) file system
_held = [None, None]    # [the board the keeper belongs to, the keeper's opener]


def _keeper(make=True):
    """The keeper of the page's board (made at the first call for a new board: a campaign whose
    episode was being played waits again, the page's game having been replaced); None when the
    page's game has no campaign."""
    wb = current()
    if _held[0] is not wb:
        _held[0] = wb
        _held[1] = opener = keeper_of(wb.table, PATH)
        k = opener(False) if opener is not None else None
        if k is not None:
            k.game_replaced()
    opener = _held[1]
    k = opener(make) if opener is not None else None
    if k is not None and k.starts is None:   # dial 1's push between games: as the page's button
        k.starts = _by_the_dial
    return k


def _by_the_dial():
    """The episode's game started by a push of dial 1 (campaign_keeper.take): put on the page's
    board as its button does (the log and its words start again), the dice going on, the same bot
    seats (those the episode's game has)."""
    wb = current()
    k = _need()
    st = k.episode_game([1])
    wb.put_game(st, wb.table.rng.x, wb.table.ctl.seats.mask & ((1 << st.n_players()) - 1))


def _panel_module(wb):
    return registry.module(wb.rs.campaign_panel)


def summary():
    """The page's campaign panel (JSON); {"campaign": true, "held": false} while none is held."""
    k = _keeper(False)
    wb = current()
    if k is None and _held[1] is None:
        return json.dumps({"campaign": False})
    if k is None or k.c is None:
        return json.dumps({"campaign": True, "held": False, "aside": k.aside if k is not None else None})
    P = _panel_module(wb)
    out = P.panel(k.c)
    out["campaign"] = out["held"] = True
    out["count"] = k.count
    out["saved"] = P.hexlify(k.c.to_bytes())
    return json.dumps(out)


def draw():
    """The Mods drawn at random with the board's dice (the pending chance decisions): the page
    has no tokens to draw (at a table, the token drawn is entered as any decision: decide(a, -1))."""
    k = _need()
    c = k.need()
    rng = current().table.rng
    while not c.is_terminal() and c.current_player() < 0:
        k.decide(rng.weighted(c.chance_outcomes()))
    return summary()


def _need():
    k = _keeper()
    if k is None:
        raise ValueError("%s has no campaign" % current().rs.title)
    return k


def new(factions, players=2):
    """A new campaign: a seat for each faction named in `factions` ("nordic,crimea"), or, when it
    is blank, `players` factions drawn with the board's dice."""
    k = _need()
    wb = current()
    k.new(_panel_module(wb).seat_factions(factions, int(players), wb.table.rng))
    return summary()


def decide(a, p):
    """Seat p's campaign decision a (p -1: the Mod drawn, as the table enters it)."""
    k = _need()
    k.decide(int(a), int(p))
    return summary()


def load(state):
    """The campaign framed in `state` (hex: a saved or exported one) replaces the page's; its
    episode in progress, if any, waits to be started again."""
    from binascii import unhexlify

    k = _need()
    try:
        data = unhexlify(state)
    except (TypeError, ValueError):   # (binascii.Error is a ValueError)
        raise ValueError("the campaign's state is not hex") from None
    k.load(data)
    return summary()


def episode(seed=1, bots=0):
    """The episode's game on the page's board (model cards: the page has no printed ones), the
    seats in `bots` played by the board's bot."""
    k = _need()
    wb = current()
    st = k.episode_game([1])
    wb.put_game(st, int(seed), int(bots))
    return summary()


def away(p, on):
    """Seat p sits the campaign out (on 1) or comes back (0), between episodes."""
    k = _need()
    k.set_away(int(p), int(on))
    return summary()


def join(factions):
    """A player joins as a new seat with the faction named ("saxony")."""
    k = _need()
    wb = current()
    names = _panel_module(wb).seat_factions(factions, 1, wb.table.rng)
    if len(names) != 1:
        raise ValueError("a player joins with one faction")
    k.join(names[0])
    return summary()


def import_doc(text):
    """A document exported by `pomme campaign export` (or the page's Export): its `state` replaces
    the page's campaign (the state is what is read; its logs only say what it holds)."""
    P = _panel_module(current())
    try:
        doc = json.loads(text)
    except ValueError:
        raise ValueError("not a campaign document (JSON)") from None
    if not isinstance(doc, dict) or doc.get("format") != P.FORMAT:
        raise ValueError("not a campaign document (JSON)")
    if doc.get("version") != P.VERSION:
        raise ValueError("a campaign of format version %s; this page reads version %d" % (doc.get("version"),
                                                                                       P.VERSION))
    return load(doc.get("state"))


def document():
    """The exported document (JSON), as `pomme campaign export` writes it."""
    k = _need()
    return json.dumps(_panel_module(current()).document(k.need()))
