# The start-up of the emulated stock board (frozen by tools/mcu/stock_manifest.py): what a
# port's _boot.py and C start-up do at power-up on a Pico or an ESP32-S3, which the qemu port
# does not. The host types `import pomme_boot; pomme_boot.boot()` at the raw REPL after every
# reset (the benchmark calls boot() after its heap filler, so that littlefs's buffers count).
#
# - littlefs on a RAM flash of LFS_BLOCKS blocks of 4 KB in the board's PSRAM at LFS_ADDR
#   (QEMU keeps it across a reset, as a board keeps its flash), mounted at / and made the
#   working folder, formatted when blank: where `pomme flash` copies its files;
# - the ROMFS partition (0x21000000, 4 MB: the MPS2_AN385 board's MICROPY_HW_ROMFS_PART0_*)
#   is mounted at /rom by MicroPython itself as it starts (romfs() only says whether it was).
LFS_ADDR = 0x21400000   # after the ROMFS partition (0x21000000 + 4 MB)
LFS_BLOCKS = 256        # 1 MB: the .mpy files (about 230 KB in some 100 files; littlefs gives a file at least
                        # one 4 KB block, so 512 KB filled up), the data files and the saves


def romfs():
    """True when MicroPython mounted a ROMFS image at /rom as it started (py/runtime.c,
    mp_init: mp_vfs_mount_romfs_protected() on every port whose image has a partition, which
    appends /rom and /rom/lib to sys.path)."""
    import os

    try:
        os.stat("/rom")
        return True
    except OSError:
        return False


def boot():
    """littlefs at / (beside /rom, which MicroPython mounted first); True with a ROMFS image."""
    from ramflash import mount  # pyright: ignore[reportMissingImports]  (frozen in the image)

    mount(LFS_ADDR, 4096, LFS_BLOCKS)
    return romfs()

