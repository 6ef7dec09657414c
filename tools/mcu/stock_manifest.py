# MicroPython manifest of the emulated board as a maker gets a board: a stock MicroPython
# image WITHOUT the game frozen in (make mcu-stock, make mcu-romfs; docs/mcu.md, "Three
# deployment paths"). The game arrives afterwards, as `pomme flash` puts it: .mpy files on
# littlefs, or a ROMFS image.
#
# What is frozen is what a stock rp2 or esp32 image has and the qemu port lacks:
#   - asyncio (rp2 and esp32 freeze it from their boards/manifest.py; the qemu port has no
#     manifest and no _asyncio C module, so its pure-Python task queue too);
#   - the flash driver a port has in C (rp2.Flash, esp32.Partition): here the RAM flash of
#     firmware/hal/ramflash.py, frozen under the top-level name `ramflash` (not under firmware/,
#     which would shadow the firmware/ folder that `pomme flash` copies) with its viper copies
#     (tools/mcu/flash_native.py);
#   - the start-up a port's _boot.py does (pomme_boot.py: littlefs mounted at /, the ROMFS
#     partition at /rom), which the qemu port does not run by itself: the host types
#     `import pomme_boot` first, as the port would at power-up.
# Not frozen: ssd1306 (stock images do not have it: `pomme flash` installs it) and firmware/.
# ruff: noqa: F821
# pyright: reportUndefinedVariable=false, reportAttributeAccessIssue=false
include("$(MPY_DIR)/extmod/asyncio")
package("asyncio", ("task.py",), base_path="$(MPY_DIR)/extmod", opt=3)
module("flash_native.py", base_path=".")
module("ramflash.py", base_path="../../firmware/hal")
module("pomme_boot.py", base_path=".")
