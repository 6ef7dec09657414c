# Device modules keep private copies of shared numbers (`_NAME = const(v)`), because
# MicroPython inlines private consts at compile time and keeps public ones in RAM. The one
# source is firmware/rules/mls/codes.py (decision kinds, actions, ...) and layout.py (the
# state layout). tools/gen_consts.py writes the marked copy blocks; here: every block is up
# to date, and every copy anywhere in firmware/ (marked block or not) equals its source:
# read from the texts as the tool reads them, and as Python imports the modules.
# A module-local private const is fine as long as its name is not a source name.
import importlib
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import gen_consts  # noqa: E402


def _imported(rel):
    name = rel[:-3].replace("/", ".")
    return importlib.import_module(name[:-len(".__init__")] if name.endswith(".__init__") else name)


def _constants(mod):
    """{NAME: value} of a module's public integer constants, as Python computed them."""
    return {k: v for k, v in vars(mod).items() if k[:1].isupper() and type(v) is int}


def test_every_private_copy_holds_the_value_of_its_source_as_imported():
    # Independent of how gen_consts reads the text: each device module and the modules it
    # copies from are imported (on CPython const() returns its argument, so a private copy
    # `_NAME` is a module attribute holding the value Python computed for it), and every
    # `_NAME` whose NAME is a public constant of those sources must hold the source's value.
    checked = 0
    wrong = []
    for rel in gen_consts.device_modules():
        if "const(" not in (ROOT / rel).read_text():
            continue                  # no constants: scripts (sim_main.py, manifest.py) stay unrun
        src = {}
        for path in gen_consts.sources_of(rel):
            for name, value in _constants(_imported(path)).items():
                assert src.setdefault(name, value) == value, (path, name)   # one value a name
        for attr, value in sorted(vars(_imported(rel)).items()):
            if attr[:1] != "_" or attr[1:] not in src or type(value) is not int:
                continue
            if value != src[attr[1:]]:
                wrong.append("%s: %s = %d, the source says %d" % (rel, attr, value, src[attr[1:]]))
            checked += 1
    assert not wrong, "; ".join(wrong)
    assert checked > 1000


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


def test_the_lights_private_codes_equal_their_public_names():
    # firmware/board/lights.py inlines the light codes; tests and hosts read light_codes.py.
    from firmware.board import light_codes, lights

    public = _constants(light_codes)
    private = {k[1:]: v for k, v in vars(lights).items() if k.startswith("_L_") and type(v) is int}
    assert len(public) == 12 and private == public
