# Device modules keep private copies of shared numbers (`_NAME = const(v)`), because
# MicroPython inlines private consts at compile time and keeps public ones in RAM. Every
# copy must equal its source: the engine's layout, or the public codes.py value.
import re
from pathlib import Path

from firmware.rules.mls import codes

ROOT = Path(__file__).resolve().parents[2]
CONST = re.compile(r"^(_[A-Z][A-Z0-9_]*) = const\((-?(?:0x[0-9a-fA-F]+|\d+))\)", re.M)


def _consts(path):
    return {k: int(v, 0) for k, v in CONST.findall((ROOT / path).read_text())}


ENGINE = _consts("firmware/rules/mls/engine.py")
COPIES = ["firmware/rules/mls/view.py", "firmware/rules/mls/editing.py", "firmware/rules/mls/setup.py",
          "firmware/rules/mls/loading.py", "firmware/rules/mls/content_mls.py",
          "firmware/rules/mls/content_check.py", "firmware/rules/mls/content.py", "firmware/bots.py"]


def _source_value(name):
    public = name[1:]
    if hasattr(codes, public):
        return getattr(codes, public)
    return ENGINE.get(name)


def test_engine_copies_of_codes_equal_codes():
    for name, value in ENGINE.items():
        if hasattr(codes, name[1:]):
            assert value == getattr(codes, name[1:]), name


def test_every_private_copy_equals_its_source():
    checked = 0
    for path in COPIES:
        for name, value in _consts(path).items():
            src = _source_value(name)
            assert src is not None, "%s: %s has no source in codes.py or engine.py" % (path, name)
            assert value == src, "%s: %s = %d, source says %d" % (path, name, value, src)
            checked += 1
    assert checked > 40
