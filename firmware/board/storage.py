# Power-safe saving of the game: after every committed decision the whole game (state, the
# dice generator, the decision count) is written to a temporary file that is then renamed
# over the save (atomic on littlefs and POSIX; not on FAT). On boot the save is read back
# and checked; a corrupt or foreign save raises SaveError with a clear message and is
# never half-loaded. Format 2 adds one byte after the header: the bot seats (bit p: seat p is
# played by the board's bot); a format-1 save is read as a game with no bot seats.
from firmware.rules.compat import const, crc32

_MAGIC = b"PBSV"
SAVE_FORMAT = const(2)


class SaveError(Exception):
    pass


class SaveFile:
    MAGIC = _MAGIC   # campaign_file.CampaignFile: another file of the same scheme

    def __init__(self, path, os_module=None):
        if os_module is None:
            import os as os_module
        self.os = os_module
        self.path = path
        self.tmp = path + ".tmp"
        # The bot seats: those of the game last loaded (None: none loaded yet); the Table
        # sets them, and every save writes them.
        self.seats = None
        self.frame = None   # the state framed for the last save: reused by the next

    def exists(self):
        try:
            self.os.stat(self.path)
            return True
        except OSError:
            return False

    def save(self, st, rng_x, count):
        seats = self.seats or 0
        # Framed into the buffer of the last save (the link's snapshots use it too): a save
        # allocates no state-sized block in a heap whose free space is in small pieces.
        body = self.frame = st.to_bytes(self.frame)
        head = (self.MAGIC + bytes((SAVE_FORMAT,)) + rng_x.to_bytes(4, "little") + count.to_bytes(4, "little")
                + bytes((seats,)))
        # Written in three pieces, the checksum carried over: no copy of the whole save in a
        # heap whose free space is in small pieces.
        crc = crc32(body, crc32(head)) & 0xFFFFFFFF
        with open(self.tmp, "wb") as f:
            f.write(head)
            f.write(body)
            f.write(crc.to_bytes(4, "little"))
        self.os.rename(self.tmp, self.path)

    def _read(self, what="saved game"):
        """The file's bytes, its magic, format and checksum checked (SaveError if not)."""
        try:
            with open(self.path, "rb") as f:
                data = f.read()
        except OSError:
            raise SaveError("no " + what) from None
        if len(data) < 17 or data[:4] != self.MAGIC:
            raise SaveError("the %s is not a Pomme Board save" % what)
        if data[4] not in (1, SAVE_FORMAT):
            raise SaveError("the %s has format %d; this firmware reads 1 and %d"
                            % (what, data[4], SAVE_FORMAT))
        if int.from_bytes(data[-4:], "little") != crc32(data[:-4]) & 0xFFFFFFFF:
            raise SaveError("the %s is damaged (checksum)" % what)
        return data

    def load(self, board, ruleset):
        """(state, rng_x, count) from the save of a `ruleset` game; SaveError if it cannot
        be trusted or is another game's."""
        from firmware.rules.errors import CorruptStateError

        data = self._read()
        head = 13 if data[4] == 1 else 14
        seats = 0 if data[4] == 1 else data[13]
        body = data[head:-4]
        if len(body) > 3 and body[3] != ruleset.id:
            raise SaveError("the saved game is not a %s game (ruleset %d)" % (ruleset.title, body[3]))
        try:
            st = ruleset.from_bytes(board, body)
        except CorruptStateError as e:
            raise SaveError(str(e)) from None
        why = ruleset.not_on_the_board(st)
        if why:
            raise SaveError(why)
        if seats >> st.n_players():
            raise SaveError("the saved game's bot seats (%d) name a seat a %d-player game does not have"
                            % (seats, st.n_players()))
        self.seats = seats
        return st, int.from_bytes(data[5:9], "little"), int.from_bytes(data[9:13], "little")

    def abort(self):
        """Forget the saved game (the player chose a fresh start)."""
        for p in (self.path, self.tmp):
            try:
                self.os.remove(p)
            except OSError:
                pass
