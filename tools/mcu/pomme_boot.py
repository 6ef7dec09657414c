# The start-up of the emulated stock board (frozen by tools/mcu/stock_manifest.py): what a
# port's _boot.py and C start-up do at power-up on a Pico or an ESP32-S3, which the qemu port
# does not. The host types `import pomme_boot` at the raw REPL after every reset.
#
# - littlefs on a RAM flash of LFS_BLOCKS blocks of 4 KB in the board's PSRAM at LFS_ADDR
#   (QEMU keeps it across a reset, as a board keeps its flash), mounted at / and made the
#   working folder, formatted when blank: where `pomme flash` copies its files;
# - the ROMFS partition (0x21000000, 4 MB: the MPS2_AN385 board's MICROPY_HW_ROMFS_PART0_*),
#   when the image has one and it holds a ROMFS image, mounted at /rom with /rom and
#   /rom/lib appended to sys.path, as extmod/vfs.c mp_vfs_mount_romfs_protected() does on
#   the ports that mount it at power-up.
import sys

import vfs

LFS_ADDR = 0x21400000   # after the ROMFS partition (0x21000000 + 4 MB)
LFS_BLOCKS = 128        # 512 KB: the .mpy files (about 180 KB), the data files and the saves


def romfs():
    """Mount the ROMFS partition at /rom; True when it holds an image."""
    ioctl = getattr(vfs, "rom_ioctl", None)
    if ioctl is None:
        return False
    rom = ioctl(2, 0)
    if isinstance(rom, int) or bytes(rom[:3]) != b"\xd2\xcd\x31":
        return False
    vfs.mount(vfs.VfsRom(rom), "/rom")
    sys.path.append("/rom")
    sys.path.append("/rom/lib")
    return True


def boot():
    from ramflash import mount

    mount(LFS_ADDR, 4096, LFS_BLOCKS)
    return romfs()


ROMFS = boot()
