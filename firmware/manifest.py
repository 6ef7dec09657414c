# MicroPython manifest: the modules a board freezes into its image (docs/mcu.md).
#
#   make mcu                                   the emulated Cortex-M3 (QEMU mps2-an385)
#   make -C <micropython>/ports/rp2 BOARD=RPI_PICO FROZEN_MANIFEST=<abs path>/firmware/manifest.py
#
# Read by MicroPython's tools/makemanifest.py, with this file's folder as the working directory
# (relative paths below resolve from firmware/). Not a device module: it is not frozen itself.
# include(), require() and package() are globals that makemanifest.py provides; it runs under CPython.
# ruff: noqa: F821
# pyright: reportUndefinedVariable=false, reportAttributeAccessIssue=false

import os

# 1. What the port freezes by default (rp2, esp32: _boot, asyncio, ...). FROZEN_MANIFEST replaces
#    the port's manifest, so it is included here when the port has one. The qemu port has none:
#    it gets asyncio from step 2 instead.
try:
    include("$(PORT_DIR)/boards/manifest.py")
    _port_manifest = True
except Exception as e:  # ManifestFileError is not among a manifest's globals
    # Only "this file does not exist" is skipped; an error inside the port's manifest (nested:
    # "Error in manifest file: ..." twice) is raised, not hidden.
    if "[Errno 2]" not in str(e) or str(e).count("Error in manifest file") != 1:
        raise
    _port_manifest = False

# 2. asyncio (firmware/main_loop.py). A port without a manifest of its own may also be built
#    without the _asyncio C module (qemu: MICROPY_PY_ASYNCIO 0), so its pure-Python task queue
#    (asyncio/task.py, left out of extmod/asyncio/manifest.py) is frozen too.
if not _port_manifest:
    include("$(MPY_DIR)/extmod/asyncio")
    package("asyncio", ("task.py",), base_path="$(MPY_DIR)/extmod", opt=3)

# 3. The display driver (firmware/hal/display.py, docs/display.md): micropython-lib's ssd1306,
#    frozen from $(MPY_LIB_DIR) through its own manifest (it needs the port's built-in framebuf).
#    A port manifest that already requires it is not frozen twice (makemanifest skips a
#    manifest it has visited).
require("ssd1306")

# 4. The device code: every module under firmware/ except the unix port's stdin entry point
#    (hosts/sim_main.py) and this file. firmware/, firmware/rules/ and firmware/rules/mls/ are namespace
#    packages (no __init__.py, docs/rulesets.md): package() freezes files by path
#    (firmware/rules/mls/engine.py -> firmware/rules/mls/engine.mpy) and MicroPython's importer
#    treats a frozen folder without __init__ as a namespace package, as it does on a filesystem.
_EXCLUDE = (os.path.join("hosts", "sim_main.py"), "manifest.py")
_files = []
for _dir, _subdirs, _names in os.walk("."):
    _subdirs[:] = sorted(d for d in _subdirs if d != "__pycache__")
    for _name in sorted(_names):
        _rel = os.path.relpath(os.path.join(_dir, _name), ".")
        if _name.endswith(".py") and _rel not in _EXCLUDE:
            _files.append(_rel)

package("firmware", _files, base_path="..")

# The emulated board's RAM flash copies (tools/mcu/flash_native.py, viper): native code, which
# mpy-cross writes only for a named architecture, so it is not a device module (every one of
# those compiles for any board); frozen here with the port's -march, it runs from flash.
# firmware/hal/ramflash.py uses plain Python where it is absent.
module("flash_native.py", base_path="../tools/mcu")
