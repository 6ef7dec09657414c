# A flash chip in RAM, for littlefs (vfs.VfsLfs2): the block device of the emulated board's
# saves and of the flash-level power-cut tests (tests/board/flash_cut_runner.py). It keeps
# the rules of NOR flash that littlefs is written for: an erase sets a whole block to 0xFF,
# a program can only clear bits (the bytes are ANDed in), reads see what is there.
#
# Power can fail in the middle of any operation: with cut_at = n, operation n (the n-th
# program or erase, counted from 0) does only its first `tear` bytes, and from then on the
# chip is dead: every operation fails with EIO, so littlefs stops with an OSError instead of
# an exception thrown through its C code. The bytes in `mem` are then what a board would
# find on its flash at the next power-up. With `log` set to a list, every operation is
# recorded there as (kind, block, offset, data) for replaying a run's operations one by one.
#
# The extended block protocol of MicroPython's vfs: readblocks/writeblocks(block, buf,
# offset) and ioctl(op, arg). littlefs calls it hundreds of times a save: on MicroPython the
# copies are viper loops (tools/mcu/flash_native.py, frozen into the emulated board: in
# flash), so a read allocates nothing and a program is not a bytecode loop per byte;
# elsewhere (CPython, the unix port) plain Python does the same.

_EIO = -5
PROG = 0
ERASE = 1
# 64 erased bytes written out: a constant, in flash when frozen (an expression would be heap)
_ERASED = (b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
           b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
           b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff"
           b"\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff")


# littlefs reads this chip READ_SIZE bytes at a time at least, and its caches (a read and a
# program cache per mount, one per open file) are 4 reads: 512 bytes. A save of up to 512
# bytes is then kept inline in littlefs's metadata (no block of its own, no erase per save),
# and a save makes about 90 reads instead of 470 with the default of 32 (issue 11: the
# figures in docs/performance.md), for 3 x 384 bytes of heap more.
READ_SIZE = 128
# On a heap with less than SMALL_HEAP bytes free at mount (the same edge as firmware/board/table.py
# collect_often()'s), littlefs's default: 32-byte reads and 128-byte caches; slower saves (after
# the frame: Table.flush), 768 B less heap held and 384 B less for each save's open file (the
# 5-player Scythe game with the modules fits 64 KB with it: docs/performance.md).
SMALL_READ_SIZE = 32
SMALL_HEAP = 81920
PSRAM = 0x21000000   # mps2-an385 (the emulated board, docs/mcu.md): outside the image's RAM


class RamFlash:
    def __init__(self, block_size=4096, blocks=16, image=None):
        """A blank chip, or one holding `image`: a bytearray is used as the chip's memory
        itself (a power-up of the same chip), other bytes are copied."""
        self.block_size = block_size
        self.blocks = blocks
        if image is None:
            self.mem = bytearray(b"\xff" * (block_size * blocks))
        else:
            if len(image) != block_size * blocks:
                raise ValueError("a flash image of %d bytes, not %d" % (len(image), block_size * blocks))
            self.mem = image if isinstance(image, bytearray) else bytearray(image)
        self.view = memoryview(self.mem)   # made once: a read allocates only its slice of it
        self.ops = 0          # programs and erases done so far
        self.cut_at = -1      # the operation during which power fails (-1: never)
        self.tear = 0         # bytes that operation gets done before it fails
        self.dead = False     # power has failed
        # (self.log: a list, or anything with append, such as the flash-cut runner's Journal)
        self.log = None  # type: list | None

    def readblocks(self, block, buf, offset=0):
        if self.dead:
            return _EIO
        _copy(buf, self.view, block * self.block_size + offset, len(buf))
        return 0

    def writeblocks(self, block, buf, offset=0):
        return self._do(PROG, block, offset or 0, buf)

    def _do(self, kind, block, offset, data):
        if self.dead:
            return _EIO
        if self.log is not None:
            self.log.append((kind, block, offset, bytes(data)))
        n = -1
        if self.ops == self.cut_at:
            n = self.tear
            self.dead = True
        apply(self.mem, self.block_size, (kind, block, offset, data), n)
        self.ops += 1
        return _EIO if self.dead else 0

    def ioctl(self, op, arg):
        if op == 4:      # block count
            return self.blocks
        if op == 5:      # block size
            return self.block_size
        if op == 6:      # erase a block
            return self._do(ERASE, arg, 0, b"")
        return 0         # init, deinit, sync


def _copy_py(buf, mem, at, n):
    buf[:] = mem[at:at + n]   # mem is a memoryview: no copy of the flash


def _program_py(mem, at, data, n):
    for i in range(n):
        mem[at + i] &= data[i]


def _erase_py(mem, at, n):
    view = memoryview(mem)
    k = len(_ERASED)
    while n >= k:   # a constant's bytes at a time, not a loop per byte
        view[at:at + k] = _ERASED
        at += k
        n -= k
    for i in range(at, at + n):
        mem[i] = 0xFF


try:
    # frozen into the emulated board (firmware/manifest.py), not a device module
    from flash_native import copy as _copy  # pyright: ignore[reportMissingImports]
    from flash_native import erase as _erase  # pyright: ignore[reportMissingImports]
    from flash_native import program  # pyright: ignore[reportMissingImports]
except (ImportError, SyntaxError, ValueError, NotImplementedError):   # no viper here
    _copy, program, _erase = _copy_py, _program_py, _erase_py
# program(mem, at, data, n), NOR programming: the first n bytes of data ANDed into mem from `at`.


def apply(mem, block_size, entry, n=-1):
    """Replay one logged operation (kind, block, offset, data) on an image `mem`, whole or
    only its first n bytes (a torn operation)."""
    kind, block, offset, data = entry
    a = block * block_size + offset
    if kind == ERASE:
        _erase(mem, a, block_size if n < 0 else min(n, block_size))
    else:
        program(mem, a, data, len(data) if n < 0 else min(n, len(data)))


def mount(addr=PSRAM, block=4096, blocks=16):
    """littlefs on a RAM flash of `blocks` blocks at `addr` (the emulated board's PSRAM:
    QEMU keeps it across a reset), mounted at / and made the working folder; a blank (or
    unreadable) flash is formatted first. Returns the block device. Here rather than in
    sim_board.py so that a board that only mounts it imports no more than this module."""
    import os

    import uctypes
    import vfs

    dev = RamFlash(block, blocks, uctypes.bytearray_at(addr, block * blocks))
    try:
        vfs.mount(littlefs(dev), "/")
    except OSError:
        littlefs(dev, True)
        vfs.mount(littlefs(dev), "/")
    os.chdir("/")
    return dev


def littlefs(dev, format=False):
    """littlefs (vfs.VfsLfs2) on the chip `dev` with this board's options (READ_SIZE), for
    mounting; format: make a blank filesystem on it instead (returns None)."""
    import gc

    import vfs

    size = READ_SIZE
    free = getattr(gc, "mem_free", None)
    if free is not None and free() < SMALL_HEAP:
        size = SMALL_READ_SIZE   # a small heap: 3 caches of 128 B, not 512 (1.1 KB less)
    if format:
        return vfs.VfsLfs2.mkfs(dev, readsize=size)  # pyright: ignore[reportArgumentType]
    return vfs.VfsLfs2(dev, readsize=size)  # pyright: ignore[reportArgumentType]
