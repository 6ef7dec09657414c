"""Type-check with pyright: device code against the MicroPython stubs, host code against
CPython. Writes the pyright configs into build/ (the stubs' path depends on the venv's
Python version) and runs pyright on each.

Usage: python tools/typecheck.py [device|host ...]
"""
import json
import os
import subprocess
import sys
import sysconfig

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SITE = sysconfig.get_paths()["purelib"]
DEVICE = ["firmware", "boot.py", "main.py"]
# The Blinka backend runs on CPython (Raspberry Pi / CircuitPython): checked as host code.
DEVICE_EXCLUDE = ["../firmware/hal/blinka.py"]
HOST = ["host_tools", "tools", "tests", "firmware/hal/blinka.py", "setup.py"]


def config(name, include, device):
    cfg = {
        # pyright reads paths relative to the config file (in build/)
        "include": [os.path.join("..", p) for p in include if os.path.exists(os.path.join(ROOT, p))],
        "exclude": ["**/__pycache__"] + (DEVICE_EXCLUDE if device else []),
        "pythonVersion": "3.9" if not device else "3.8",
        "typeCheckingMode": "standard",
        "reportMissingModuleSource": False,
    }
    if device:
        # The MicroPython stubs put a MicroPython stdlib/ in site-packages: use it as typeshed.
        # What this check is for: an import MicroPython does not have, a misspelt attribute
        # (machine.Pin.valu), an undefined name. The stubs' builtins reject valid MicroPython
        # calls (range(n), bytes(n), dict.get(k)), so call/argument/index checks are off here;
        # the same code is type-checked against CPython by the host run (tests import it).
        cfg["typeshedPath"] = SITE
        cfg["extraPaths"] = [ROOT, SITE]
        cfg["typeCheckingMode"] = "basic"
        for rule in ("reportCallIssue", "reportArgumentType", "reportIndexIssue",
                     "reportAssignmentType", "reportOptionalSubscript"):
            cfg[rule] = False
    else:
        cfg["extraPaths"] = [ROOT, os.path.join(ROOT, "tools")]
        cfg["venvPath"] = os.path.dirname(sys.prefix)
        cfg["venv"] = os.path.basename(sys.prefix)
    os.makedirs(os.path.join(ROOT, "build"), exist_ok=True)
    path = os.path.join(ROOT, "build", "pyrightconfig.%s.json" % name)
    with open(path, "w") as f:
        json.dump(cfg, f, indent=1)
    return path


def main():
    which = sys.argv[1:] or ["device", "host"]
    pyright = os.path.join(os.path.dirname(sys.executable), "pyright")
    failed = False
    for name in which:
        path = config(name, DEVICE if name == "device" else HOST, name == "device")
        print("pyright (%s code)" % name, flush=True)
        r = subprocess.run([pyright, "-p", path])
        failed |= r.returncode != 0
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
