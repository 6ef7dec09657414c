# The campaign of The Rise of Fenris on the board's flash, beside the game save and written the
# same power-safe way (storage.py: a temporary file renamed over the old one, a checksum over the
# whole): after every committed campaign decision and every episode recorded. A damaged or foreign
# file raises SaveError and nothing is half-loaded. Its head is the save's (magic "PBCP", format,
# the dice generator, the decision count, a byte kept 0), then the campaign's frame (framing.py,
# ruleset byte campaign_log.CAMPAIGN_ID) and the checksum.
from firmware.board.storage import SaveError, SaveFile


class CampaignFile(SaveFile):
    MAGIC = b"PBCP"   # save(c, rng_x, count) is SaveFile's

    def load(self, board, ruleset):
        """(campaign, rng_x, count) of `ruleset` (its campaign(): the Scythe ruleset's); SaveError if
        the file cannot be trusted."""
        from firmware.rules.errors import CorruptStateError

        data = self._read("saved campaign")
        try:
            c = ruleset.campaign().Campaign.from_bytes(board, data[14:-4])
        except CorruptStateError as e:
            raise SaveError(str(e)) from None
        return c, int.from_bytes(data[5:9], "little"), int.from_bytes(data[9:13], "little")


    def set_aside(self):
        """Keep the file as <path>.old (an older one there is replaced): a new campaign chosen at
        power-up loses nothing of the one it replaces. The rename is atomic, as a save's."""
        old = self.path + ".old"
        try:
            self.os.remove(old)
        except OSError:
            pass
        self.os.rename(self.path, old)
