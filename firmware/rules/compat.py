# What MicroPython has and CPython lacks (or the other way round), in one place.
try:
    from micropython import const  # noqa: F401
except ImportError:  # CPython

    def const(x):
        return x


try:
    from binascii import crc32
except ImportError:  # a port built without binascii.crc32
    crc32 = None

if crc32 is None:

    def crc32(data, crc=0):
        crc ^= 0xFFFFFFFF
        for b in data:
            crc ^= b
            for _ in range(8):
                crc = (crc >> 1) ^ (0xEDB88320 & -(crc & 1))
        return crc ^ 0xFFFFFFFF


def release(module_name):
    """Forget a module used once (its parent package's attribute too), so its code can be
    collected: MicroPython keeps imported code in RAM. CPython keeps it (re-importing
    would only cost time)."""
    import sys

    if sys.implementation.name != "micropython":
        return
    sys.modules.pop(module_name, None)
    pkg_name, _, name = module_name.rpartition(".")
    pkg = sys.modules.get(pkg_name)
    if pkg is not None and name in dir(pkg):
        delattr(pkg, name)
