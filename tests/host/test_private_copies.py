# Device modules keep private copies of shared numbers (`_NAME = const(v)`), because
# MicroPython inlines private consts at compile time and keeps public ones in RAM. The one
# source is firmware/rules/mls/codes.py (decision kinds, actions, ...) and layout.py (the
# state layout). tools/gen_consts.py writes the marked copy blocks; here: every block is up
# to date, and every copy anywhere in firmware/ (marked block or not) equals its source.
# A module-local private const is fine as long as its name is not a source name.
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import gen_consts  # noqa: E402

from firmware.rules.mls import codes, layout  # noqa: E402


def test_the_sources_agree_with_the_imported_modules():
    src = gen_consts.sources()
    for name, value in src.items():
        mod = codes if hasattr(codes, name) else layout
        assert getattr(mod, name) == value, name
    # A name in both sources must mean the same (sources() raises otherwise).
    assert "K_MOVE" in src and "P0" in src and "HOLD_SUPPLY" in src


def test_every_private_copy_in_firmware_equals_its_source():
    checked = 0
    for rel in gen_consts.device_modules():
        src = gen_consts.sources(rel)   # a ruleset package with sources of its own: those
        for name, value in gen_consts.private_copies((ROOT / rel).read_text()).items():
            if name not in src:
                continue   # a module's own constant
            assert value == src[name], "%s: _%s = %d, the source says %d" % (rel, name, value, src[name])
            checked += 1
    assert checked > 200


def test_every_marked_block_is_up_to_date():
    stale = []
    blocks = 0
    for rel in gen_consts.device_modules():
        text = (ROOT / rel).read_text()
        if gen_consts.split(text) is None:
            continue
        blocks += 1
        if gen_consts.regenerate(text, gen_consts.sources(rel)) != text:
            stale.append(rel)
    assert not stale, "out of date (run python tools/gen_consts.py): %s" % ", ".join(stale)
    assert blocks >= 10



def test_private_copies_of_the_tag_codes_and_entry_kinds_equal_their_sources():
    """The controller reads the hardware seam's tag codes and the ruleset's entry kinds per
    place on a lift's path, as private consts: each must equal the public one."""
    from firmware import hal
    from firmware.rules import ruleset

    public = {}
    for mod in (hal, ruleset):
        path = ROOT / (mod.__name__.replace(".", "/") + ("/__init__.py" if mod is hal else ".py"))
        public.update({k: int(v, 0) for k, v in gen_consts.PUBLIC.findall(path.read_text())})
    checked = 0
    for rel in gen_consts.device_modules():
        if rel in ("firmware/hal/__init__.py", "firmware/rules/ruleset.py"):
            continue
        for name, value in gen_consts.private_copies((ROOT / rel).read_text()).items():
            if name in public and name not in gen_consts.sources(rel):
                assert value == public[name], "%s: _%s = %d, its source says %d" % (
                    rel, name, value, public[name])
                checked += 1
    assert checked >= 9   # the controller's copies
