# The layering of the device code (docs/rulesets.md): the rules below the board below the
# app, rulesets reached only through the registry, and no import cycle, counting the imports
# made inside functions too (MicroPython pays for every module it holds).
import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FIRMWARE = ROOT / "firmware"


def _module_name(path):
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p) for p in FIRMWARE.rglob("*.py")}


def _imports(path):
    """Every firmware module `path` imports (top level and inside functions)."""
    name = _module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                mod = ".".join(base + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            subs = [mod + "." + a.name for a in node.names if mod + "." + a.name in MODULES]
            out.update(subs or [mod])   # `from pkg import module` imports the module
    # A module's own packages are not dependencies: Python runs them before it anyway.
    return {m for m in out if m in MODULES and m != name and not name.startswith(m + ".")}


GRAPH = {_module_name(p): _imports(p) for p in FIRMWARE.rglob("*.py")}


def _under(mod, *prefixes):
    return any(mod == p or mod.startswith(p + ".") for p in prefixes)


def test_the_rules_import_nothing_above_them():
    for mod, deps in GRAPH.items():
        if _under(mod, "firmware.rules"):
            bad = [d for d in deps if not _under(d, "firmware.rules", "firmware.text")]
            assert not bad, "%s imports %s" % (mod, bad)


def test_the_hardware_seams_import_only_the_hal_and_compat():
    for mod, deps in GRAPH.items():
        if _under(mod, "firmware.hal"):
            bad = [d for d in deps if not _under(d, "firmware.hal", "firmware.rules.compat")]
            assert not bad, "%s imports %s" % (mod, bad)


def test_nothing_outside_a_ruleset_imports_its_modules():
    for mod, deps in GRAPH.items():
        if _under(mod, "firmware.rules.mls"):
            continue
        bad = [d for d in deps if _under(d, "firmware.rules.mls")]
        assert not bad, "%s imports %s: go through firmware.rules.registry" % (mod, bad)


def test_the_board_layer_does_not_import_the_app_or_the_link():
    board = [m for m in GRAPH if _under(m, "firmware.board")]
    board += ["firmware.hosts.bench", "firmware.bots", "firmware.rng"]
    for mod in board:
        bad = [d for d in GRAPH[mod] if _under(d, "firmware.app", "firmware.link", "firmware.hosts.sim_main",
                                                 "firmware.main_loop")]
        assert not bad, "%s imports %s" % (mod, bad)


def test_no_import_cycle():
    done = set()
    path = []

    def visit(mod):
        if mod in path:
            raise AssertionError("import cycle: " + " -> ".join(path[path.index(mod):] + [mod]))
        if mod in done:
            return
        path.append(mod)
        for d in sorted(GRAPH.get(mod, ())):
            visit(d)
        path.pop()
        done.add(mod)

    for mod in sorted(GRAPH):
        visit(mod)
