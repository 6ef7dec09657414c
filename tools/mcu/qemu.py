"""The emulated board in QEMU (mps2-an385, Cortex-M3) with its UART on a pseudo-terminal,
reached as a board on USB (mpremote, pyserial). Used by the smoke run and the benchmark."""
import re
import subprocess
import time


def boot(elf, icount="shift=0"):
    """Start QEMU on `elf`; (the process, its serial port's pty path). RuntimeError when QEMU
    reports no pty within 10 s (it is stopped then)."""
    qemu = subprocess.Popen(
        ["qemu-system-arm", "-machine", "mps2-an385", "-nographic", "-monitor", "null", "-semihosting",
         "-icount", icount, "-serial", "pty", "-kernel", elf],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    pty = None
    deadline = time.monotonic() + 10
    while pty is None and time.monotonic() < deadline:
        line = qemu.stdout.readline() if qemu.stdout else ""
        if not line:
            break
        m = re.search(r"(/dev/pts/\d+)", line)
        pty = m.group(1) if m else None
    if pty is None:
        stop(qemu)
        raise RuntimeError("QEMU did not report its serial pseudo-terminal")
    return qemu, pty


def stop(qemu):
    qemu.terminate()
    try:
        qemu.wait(timeout=5)
    except subprocess.TimeoutExpired:
        qemu.kill()
