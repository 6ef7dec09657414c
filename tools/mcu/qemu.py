"""The emulated board in QEMU: boot, reset and stop live in host_tools/qemu_board.py (also used
by `pomme sim --target qemu` and the HIL suite); the smoke run and the benchmark import them
from here."""
from host_tools.qemu_board import boot, reset, stop  # noqa: F401
