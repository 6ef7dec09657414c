# pyright: reportUndefinedVariable=false, reportAttributeAccessIssue=false
# ruff: noqa: F821
# The RAM flash's copies as viper loops (firmware/hal/ramflash.py): frozen into the emulated
# board's image (firmware/manifest.py) they are machine code in flash, no heap at all.
# Four 32-bit words a turn where both sides are aligned (an ARMv6-M core such as the
# RP2040's faults on an unaligned word), then the bytes left one by one. Addresses are
# viper ints (ptr8, ptr32 are viper's builtins).
# Native code: mpy-cross compiles this module only for a named architecture (the image's
# port gives it), so it lives here, not among the device modules that compile for any board;
# where it is absent (CPython, the unix port) ramflash.py uses plain Python.
import micropython
@micropython.viper
def copy(buf, mem, at: int, n: int):
    d = int(ptr8(buf))
    s = int(ptr8(mem)) + at
    e = d + n
    if ((d | s) & 3) == 0:
        e16 = d + ((n >> 4) << 4)
        while d < e16:
            ptr32(d)[0] = ptr32(s)[0]
            ptr32(d)[1] = ptr32(s)[1]
            ptr32(d)[2] = ptr32(s)[2]
            ptr32(d)[3] = ptr32(s)[3]
            d += 16
            s += 16
    while d < e:
        ptr8(d)[0] = ptr8(s)[0]
        d += 1
        s += 1
@micropython.viper
def program(mem, at: int, data, n: int):
    m = int(ptr8(mem)) + at
    s = int(ptr8(data))
    e = m + n
    if ((m | s) & 3) == 0:
        e16 = m + ((n >> 4) << 4)
        while m < e16:
            ptr32(m)[0] = ptr32(m)[0] & ptr32(s)[0]
            ptr32(m)[1] = ptr32(m)[1] & ptr32(s)[1]
            ptr32(m)[2] = ptr32(m)[2] & ptr32(s)[2]
            ptr32(m)[3] = ptr32(m)[3] & ptr32(s)[3]
            m += 16
            s += 16
    while m < e:
        ptr8(m)[0] = ptr8(m)[0] & ptr8(s)[0]
        m += 1
        s += 1
@micropython.viper
def erase(mem, at: int, n: int):
    m = int(ptr8(mem)) + at
    e = m + n
    if (m & 3) == 0:
        e16 = m + ((n >> 4) << 4)
        while m < e16:
            ptr32(m)[0] = -1
            ptr32(m)[1] = -1
            ptr32(m)[2] = -1
            ptr32(m)[3] = -1
            m += 16
    while m < e:
        ptr8(m)[0] = 0xFF
        m += 1
