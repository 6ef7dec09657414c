"""`pomme campaign` and `pomme sim --campaign`: the campaign of the ruleset that has one (The Rise
of Fenris, Scythe's: its laptop side is the ruleset's `host_campaign` module,
host_tools/views/scythe_campaign.py; docs/campaign.md)."""

from firmware.rules import registry

from .text import t


def ruleset():
    """The ruleset whose campaign the board keeps (None if no ruleset here has one)."""
    for name in registry.names():
        rs = registry.load(name)
        if getattr(rs, "host_campaign", None):
            return rs
    return None


def module():
    """The campaign's laptop side (its ruleset's host_campaign module); LinkError if none."""
    from .link import LinkError

    rs = ruleset()
    if rs is None:
        raise LinkError(t("campaign.none"))
    return registry.module(rs.host_campaign)


def _cmd(args):
    return module().cmd_campaign(args)


def add_parser(command):
    p = command("campaign", t("help.campaign"))
    p.add_argument("action", nargs="?", default="show", choices=("show", "new", "decide", "episode", "export",
                                                                "import", "away", "back", "join"))
    p.add_argument("file", nargs="?", help=t("help.campaign_file"))
    p.add_argument("--port", required=True)
    p.add_argument("--factions", help=t("help.campaign_factions"))
    p.add_argument("--choice", type=int, help=t("help.campaign_choice"))
    p.add_argument("--seat", type=int, help=t("help.campaign_seat"))
    p.set_defaults(fn=_cmd)
