"""Write the private constant copies of device modules from their one source.

Usage: python tools/gen_consts.py           rewrite every out-of-date block
       python tools/gen_consts.py --check   list out-of-date blocks, exit 1 if any

MicroPython inlines a private `_NAME = const(v)` at compile time (no RAM, no lookup) but
keeps a public or imported name in RAM. So a device module copies the numbers it uses from
firmware/rules/mls/codes.py (decision kinds, actions, ...) and layout.py (the state layout)
as private consts. In a module holding a block between BEGIN and END below, this tool
writes exactly the copies the module uses (every `_NAME` it mentions whose NAME is a source
constant), sorted, with the source's value. tests/host/test_private_copies.py fails when a
block is out of date or when any `_NAME = const(v)` in firmware/ differs from its source.
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SOURCES = ("firmware/rules/mls/codes.py", "firmware/rules/mls/layout.py")
# A ruleset package with sources of its own: its modules copy from these instead.
PACKAGES = {
    "firmware/rules/scythe/": ("firmware/rules/scythe/layout.py", "firmware/rules/scythe/content.py",
                               "firmware/rules/scythe/board.py"),
}
BEGIN = "# -- private copies of codes.py and layout.py (tools/gen_consts.py writes this block) --"
END = "# -- end of private copies --"

PUBLIC = re.compile(r"^([A-Z][A-Z0-9_]*) = const\((-?(?:0x[0-9a-fA-F]+|\d+))\)", re.M)
PRIVATE = re.compile(r"^_([A-Z][A-Z0-9_]*) = const\((-?(?:0x[0-9a-fA-F]+|\d+))\)", re.M)
USE = re.compile(r"(?<![A-Za-z0-9_])_([A-Z][A-Z0-9_]*)\b")


def _read(rel):
    with open(os.path.join(ROOT, rel)) as f:
        return f.read()


def sources_of(rel):
    """The source files the module `rel` copies from (its package's, else SOURCES)."""
    for prefix, files in PACKAGES.items():
        if rel.startswith(prefix):
            return files
    return SOURCES


def sources(rel=""):
    """{NAME: value} of every public constant of the sources module `rel` copies from (My
    Little Scythe's by default); a name in two sources must have one value."""
    out = {}
    for path in sources_of(rel):
        for name, v in PUBLIC.findall(_read(path)):
            v = int(v, 0)
            if name in out and out[name] != v:
                raise ValueError("%s: %s = %d, another source says %d" % (path, name, v, out[name]))
            out[name] = v
    return out


def device_modules():
    """Every firmware/ module but the sources, as paths relative to ROOT."""
    every: set[str] = set(SOURCES)
    for files in PACKAGES.values():
        every.update(files)
    out = []
    for d, dirs, names in os.walk(os.path.join(ROOT, "firmware")):
        dirs.sort()
        for n in sorted(names):
            rel = os.path.relpath(os.path.join(d, n), ROOT).replace(os.sep, "/")
            if n.endswith(".py") and rel not in every:
                out.append(rel)
    return out


def private_copies(text):
    """{NAME: value} of the `_NAME = const(v)` lines in a module's text."""
    return {k: int(v, 0) for k, v in PRIVATE.findall(text)}


def split(text):
    """(before, block, after) around the marked block, or None if there is none."""
    i = text.find(BEGIN + "\n")
    if i < 0:
        return None
    j = text.find(END + "\n", i)
    if j < 0:
        raise ValueError("a private copies block without its end marker")
    k = i + len(BEGIN) + 1
    return text[:k], text[k:j], text[j:]


def block_for(before, after, src):
    """The block a module needs: a copy of each source constant it mentions outside the
    block and does not define there itself."""
    rest = before + after
    local = set(private_copies(rest))
    used = sorted({n for n in USE.findall(rest) if n in src and n not in local})
    return "".join("_%s = const(%d)\n" % (n, src[n]) for n in used)


def regenerate(text, src):
    """The module text with its block up to date (unchanged if it has no block)."""
    parts = split(text)
    if parts is None:
        return text
    before, _, after = parts
    return before + block_for(before, after, src) + after


def main():
    check = "--check" in sys.argv[1:]
    stale = []
    for rel in device_modules():
        text = _read(rel)
        new = regenerate(text, sources(rel))
        if new == text:
            continue
        stale.append(rel)
        if not check:
            with open(os.path.join(ROOT, rel), "w") as f:
                f.write(new)
    for rel in stale:
        print(("out of date: " if check else "rewrote: ") + rel)
    sys.exit(1 if check and stale else 0)


if __name__ == "__main__":
    main()
