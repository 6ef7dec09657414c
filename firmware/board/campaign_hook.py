# Where the board's The Rise of Fenris campaign is opened (firmware/app.py, the simulated board):
# its keeper (campaign_keeper.py) is made only when a campaign is played, so a board that plays
# none carries nothing of it in its heap.
from firmware.board.campaign_file import CampaignFile


def keeper_of(table, path):
    """A function giving the board's campaign keeper (campaign_keeper.py) for `table`, made at the
    first campaign command, or at once when a campaign file is on the flash (an episode's end must
    be recorded); None on a board whose ruleset has no campaign. Until then nothing of the campaign
    is in the heap."""
    if getattr(table.ctl.rs, "campaign", None) is None:
        return None
    made = []

    def keeper(make=True):
        """The keeper (make=False: None unless it was made already)."""
        if not made:
            if not make:
                return None
            from firmware.board.campaign_keeper import CampaignKeeper

            made.append(CampaignKeeper(table, path))
        return made[0]
    if CampaignFile(path).exists():
        keeper()
    return keeper
