# Power cuts at the flash level, as littlefs itself is tested (tests/host/test_flash_power_cut.py
# runs this under the MicroPython unix port; tools/mcu runs it on the emulated board):
#
#   flash_cut_runner.py [DECISIONS] [SEED] [PLAYERS] [rename|direct] [BLOCK_SIZE] [BLOCKS] [JOURNAL]
#                       [game=NAME] [skip=N]
#
# 1. A bot game of NAME (a game name as the host writes it: "mls" (the default), "mls+pits+solo",
#    "scythe"; a ruleset that is not shipped is plugged in from tests/rulesets/; "campaign": a
#    whole campaign of The Rise of Fenris in its file, tests/board/campaign_play.py) is played with
#    the real save file (firmware/board/storage.py) on littlefs (vfs.VfsLfs2) on a RAM flash
#    chip (firmware/hal/ramflash.py), saving after every decision; after the first `skip`
#    decisions (saved, not logged: the cuts begin mid-game, over an existing save) every
#    program and erase of the chip is logged, and so is the point where each save was
#    reported done; DECISIONS decisions are logged at most.
# 2. The log is replayed operation by operation. At every operation power is cut twice: before
#    its first byte and halfway through it (a torn program or a half-erased block). Each time a
#    fresh board mounts what the flash then holds, loads the save, and must find exactly a state
#    the game committed, no older than the last save reported before the cut (and at most the
#    one being written); then it goes on: the next decision is applied and saved on the same
#    flash, and a second power-up must load that one.
# The flash is 16 blocks of 4 KB unless BLOCK_SIZE and BLOCKS say otherwise (the emulated
# board's heap holds 16 blocks of 512 bytes). "direct" saves by writing the save file in place,
# without the temporary file and rename of firmware/board/storage.py: the proof that a torn write is
# caught (this run must fail). JOURNAL: bytes for the log of operations.
# Prints "FAIL ..." for each cut point that breaks a rule, then "cut points N failures F ops M
# saves S game over|cut short"; the exit status is 1 when anything failed.
import gc
import sys

import vfs

from firmware.app import find_map
from firmware.bot_kinds import make_bot
from firmware.hal.ramflash import ERASE, RamFlash, apply, littlefs
from firmware.rng import Rng
from firmware.rules import registry
from firmware.board.storage import SaveError, SaveFile

MOUNT = "/flashcut"
BLOCK = 4096
BLOCKS = 16
JOURNAL = 1 << 20    # bytes of logged operations


class DirectSave(SaveFile):
    """The save written over the old one in place (what storage.py must not do)."""

    def __init__(self, path):
        SaveFile.__init__(self, path)
        self.tmp = path


save_file = SaveFile
game_over = False
last_save = 0   # bytes of the state in the last save (its frame; the save file adds 18)
first = 0   # the decision count when the log began (skip)


class Journal:
    """The chip's operations, packed into one buffer allocated up front (a list of tuples
    fragments the emulated board's 140 KB heap after some 300 operations). Records are
    kind, block (2 bytes), offset (2), length (2), data."""

    def __init__(self, size, most):
        self.buf = bytearray(size)
        self.at = [0] * most   # where each record starts
        self.n = 0
        self.end = 0

    def append(self, entry):
        kind, block, offset, data = entry
        e = self.end
        if self.n == len(self.at) or e + 7 + len(data) > len(self.buf):
            raise MemoryError("the journal is full: fewer decisions")
        b = self.buf
        b[e] = kind
        b[e + 1:e + 3] = block.to_bytes(2, "little")
        b[e + 3:e + 5] = offset.to_bytes(2, "little")
        b[e + 5:e + 7] = len(data).to_bytes(2, "little")
        b[e + 7:e + 7 + len(data)] = data
        self.at[self.n] = e
        self.n += 1
        self.end = e + 7 + len(data)

    def __len__(self):
        return self.n

    def room(self):
        """Bytes left (a save takes about 1 KB of operations)."""
        return min(len(self.buf) - self.end, 128 * (len(self.at) - self.n))

    def __getitem__(self, k):
        b = self.buf
        e = self.at[k]
        n = b[e + 5] | b[e + 6] << 8
        return b[e], b[e + 1] | b[e + 2] << 8, b[e + 3] | b[e + 4] << 8, memoryview(b)[e + 7:e + 7 + n]


def mount(dev):
    vfs.mount(littlefs(dev), MOUNT)   # with the board's options
    return save_file(MOUNT + "/game.sav")


def unmount():
    vfs.umount(MOUNT)


def parse_game(name):
    """(ruleset, options) of a game name "rs+option+word" (host_tools/games.py's form: an
    option turned on, or a word of Ruleset.aliases), read here without the host's modules."""
    if name == "campaign":   # The Rise of Fenris campaign, its file (tests/board/campaign_play.py)
        from tests.board.campaign_play import CampaignRuleset, CampaignSave, DirectCampaignSave

        global save_file
        save_file = DirectCampaignSave if save_file is DirectSave else CampaignSave
        return CampaignRuleset(), {}
    parts = name.split("+")
    if parts[0] not in registry.names():
        registry.plug("tests.rulesets." + parts[0])
    ruleset = registry.load(parts[0])
    options = {}
    for word in parts[1:]:
        value = [1]
        for w, option, v in ruleset.aliases:
            if w == word:
                word, value = option, [v]
        options[word] = value
    return ruleset, options


def reference(board, ruleset, options, decisions, seed, players, chip, start, journal, skip=0):
    """Play and save on the flash `chip` (a bytearray); `start` gets what it held when the
    log began (after `skip` decisions). (the operation log, hashes by commit count from
    `skip` on, the operation count when each save was done, the action of each commit)."""
    dev = RamFlash(BLOCK, BLOCKS, chip)
    littlefs(dev, True)
    save = mount(dev)
    rng = Rng(seed)
    if ruleset.name == "campaign":
        from tests.board.campaign_play import RandomChooser

        bot = RandomChooser(Rng(seed + 1))
    else:
        bot = make_bot(ruleset, Rng(seed + 1), "random")
    st = ruleset.new_game(board, players, options or None)
    st.undo_depth = 1          # the save is the memory here, not an undo stack
    st.keep_history = False    # (a campaign's: set on it by CampaignRuleset)
    count = 0
    while not st.is_terminal() and count < skip:   # saved, not logged
        st.apply(rng.weighted(st.chance_outcomes()) if st.current_player() < 0 else bot.choose(st))
        count += 1
        save.save(st, rng.x, count)
    unmount()
    start[:] = chip
    save = mount(dev)
    dev.log = journal
    hashes = [st.hash()]
    done_at = [0]
    actions = [-1]
    global first
    first = count
    while not st.is_terminal() and count < first + decisions and journal.room() > 4096:
        a = rng.weighted(st.chance_outcomes()) if st.current_player() < 0 else bot.choose(st)
        st.apply(a)
        count += 1
        save.save(st, rng.x, count)
        hashes.append(st.hash())
        done_at.append(len(journal))   # operations logged (the mkfs before is not)
        actions.append(a)
    unmount()
    global game_over, last_save
    game_over = st.is_terminal()
    last_save = len(st.to_bytes())
    return journal, hashes, done_at, actions


def check(image, board, ruleset, hashes, done_at, actions, k):
    """Power-up after a cut during operation k: None if every rule holds, else why not."""
    reported = 0
    while reported + 1 < len(done_at) and done_at[reported + 1] <= k:
        reported += 1
    dev = RamFlash(BLOCK, BLOCKS, image)
    try:
        save = mount(dev)
    except OSError as e:
        return "the flash does not mount (%s)" % e
    try:
        st, x, count = save.load(board, ruleset)
    except SaveError as e:
        unmount()
        if reported == 0 and first == 0 and "no saved" in str(e):
            return None    # cut before the first save was done: a new game starts
        return "no usable save (%s), %d reported" % (e, reported)
    count -= first         # counted from the first logged save
    if count < reported or count > reported + 1:
        unmount()
        return "loaded decision %d, last reported %d" % (count, reported)
    if st.hash() != hashes[count]:
        unmount()
        return "decision %d loaded with another state" % count
    if count + 1 >= len(actions):
        unmount()
        return None
    # It goes on: the next decision is saved on this flash and found at the next power-up.
    st.apply(actions[count + 1])
    try:
        save.save(st, x, first + count + 1)
    except OSError as e:
        return "the save after resuming fails (%s)" % e
    finally:
        unmount()
    save = mount(RamFlash(BLOCK, BLOCKS, dev.mem))    # the same chip, powered up again
    try:
        st, x, again = save.load(board, ruleset)
    except SaveError as e:
        return "after resuming at %d the next save is lost (%s)" % (count, e)
    finally:
        unmount()
    if again != first + count + 1 or st.hash() != hashes[count + 1]:
        return "after resuming at %d the next save loads as %d" % (count, again)
    return None


def main(argv):
    decisions = int(argv[1]) if len(argv) > 1 else 100000
    seed = int(argv[2]) if len(argv) > 2 else 3
    players = int(argv[3]) if len(argv) > 3 else 3
    global save_file, BLOCK, BLOCKS, JOURNAL
    if len(argv) > 4 and argv[4] == "direct":
        save_file = DirectSave
    if len(argv) > 6:
        BLOCK, BLOCKS = int(argv[5]), int(argv[6])
    if len(argv) > 7:
        JOURNAL = int(argv[7])
    name = "mls"
    skip = 0
    for arg in argv[8:]:
        if arg.startswith("game="):
            name = arg[5:]
        elif arg.startswith("skip="):
            skip = int(arg[5:])
    # The three flash images first, while the heap is in one piece (the board's is 140 KB).
    image = bytearray(b"\xff" * (BLOCK * BLOCKS))
    torn = bytearray(len(image))
    start = bytearray(len(image))
    journal = Journal(JOURNAL, JOURNAL // 32)
    ruleset, options = parse_game(name)
    board = ruleset.make_board(find_map(ruleset.map_name))
    log, hashes, done_at, actions = reference(board, ruleset, options, decisions, seed, players, image, start,
                                              journal, skip)
    image[:] = start
    cuts = failures = 0
    for k in range(len(log)):
        entry = log[k]
        size = BLOCK if entry[0] == ERASE else len(entry[3])
        for tear in (0, size // 2):
            torn[:] = image
            apply(torn, BLOCK, entry, tear)
            why = check(torn, board, ruleset, hashes, done_at, actions, k)
            cuts += 1
            if why is not None:
                failures += 1
                print("FAIL op %d (%s, block %d, %d of %d bytes): %s" % (
                    k, "erase" if entry[0] == ERASE else "program", entry[1], tear, size, why))
        apply(image, BLOCK, entry)
        if k % 64 == 0:
            gc.collect()
    print("cut points %d failures %d ops %d saves %d game %s save %d bytes" % (
        cuts, failures, len(log), len(hashes) - 1, "over" if game_over else "cut short", last_save))
    return failures


# The emulated board has no sys.argv: tools/mcu/flash_cut.py sets ARGV before this file.
sys.exit(1 if main(globals().get("ARGV") or sys.argv) else 0)
