# What boot.py found at power-up, for main.py: SAFE is True when the safe-mode button was
# held (main.py then does not start the game, leaving the REPL free for mpremote).
import sys

SAFE = False
PINMAPS = {"rp2": "hardware/boards/pico.json", "esp32": "hardware/boards/esp32s3.json"}


def pinmap_path(platform=None):
    return PINMAPS.get(platform or sys.platform)


def check(machine=None, platform=None, read_json=None):
    """Read the safe button named in this board's pin map. Quick: one pin read."""
    global SAFE
    path = pinmap_path(platform)
    if path is None:
        return SAFE               # no board hardware here (unix port, CPython)
    if read_json is None:
        import json

        def _read(p):
            with open(p) as f:
                return json.load(f)

        read_json = _read

    if machine is None:
        import machine
    pin = machine.Pin(read_json(path)["buttons"]["safe"], machine.Pin.IN, machine.Pin.PULL_UP)
    SAFE = pin.value() == 0
    return SAFE
