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


# Every ruleset package shipped under firmware/rules/ (a folder with a ruleset.py), and the
# names the registry knows them by.
RULESET_PACKAGES = sorted("firmware.rules." + p.parent.name for p in FIRMWARE.glob("rules/*/ruleset.py"))


def _ruleset_names():
    from firmware.rules import registry

    return registry.names()


def test_every_shipped_ruleset_package_is_registered():
    from firmware.rules import registry

    assert len(RULESET_PACKAGES) >= 2
    for pkg in RULESET_PACKAGES:
        assert registry.load(pkg.rpartition(".")[2]).name == pkg.rpartition(".")[2], pkg


def test_nothing_outside_a_ruleset_imports_its_modules():
    for pkg in RULESET_PACKAGES:
        for mod, deps in GRAPH.items():
            if _under(mod, pkg):
                continue
            bad = [d for d in deps if _under(d, pkg)]
            assert not bad, "%s imports %s: go through firmware.rules.registry" % (mod, bad)


# The host's per-game code: the views (host_tools/views/: maps, board pictures, search hooks)
# and the text catalogues; everything else reaches a game through the ruleset seam.
HOST = ROOT / "host_tools"
HOST_PER_GAME = (HOST / "views", HOST / "text")


def _host_files():
    return sorted(p for p in HOST.rglob("*.py") if not any(d in p.parents for d in HOST_PER_GAME))


def _host_imports(path):
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and not node.level:
            out.add(node.module or "")
            out.update((node.module or "") + "." + a.name for a in node.names)
    return out


def test_the_host_imports_no_ruleset_outside_its_views():
    files = _host_files()
    assert len(files) >= 15
    for path in files:
        for pkg in RULESET_PACKAGES:
            bad = sorted(m for m in _host_imports(path) if _under(m, pkg))
            assert not bad, "%s imports %s: go through the ruleset (host_tools/views/)" % (path, bad)


def _strings(path):
    """The string constants of a module, its docstrings left out (prose may name a game)."""
    tree = ast.parse(path.read_text())
    docs = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docs.add(id(body[0].value))
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            yield node.lineno, node.value


def _names_a_game(text, names):
    return any(text == n or text.startswith(n + "+") or text.startswith("firmware.rules." + n)
               for n in names)


def test_the_host_names_no_ruleset_outside_its_views():
    names = _ruleset_names()
    for path in _host_files():
        bad = [(line, v) for line, v in _strings(path) if _names_a_game(v, names)]
        assert not bad, "%s names a game: %s (take it from the ruleset or the registry)" % (path, bad)


def _quoted_games(text, names):
    """The game names quoted in a script ("mls", 'mls+pits', `scythe`)."""
    import re

    out = []
    for n in names:
        out += [m.group(0) for m in re.finditer(r"""["'`]%s(\+[\w+]*)?["'`]""" % re.escape(n), text)]
    return out


def test_the_page_names_no_ruleset():
    # The page's scripts take the game from the firmware (web_board.default_game, map_file).
    names = _ruleset_names()
    assert _quoted_games('start(map, "mls+pits"); x = `scythe`', names) == ['"mls+pits"', "`scythe`"]
    for path in sorted((ROOT / "web").glob("*.js")):
        bad = _quoted_games(path.read_text(), names)
        assert not bad, "%s names a game: %s" % (path, bad)


def test_the_names_check_sees_a_game_named_in_code():
    # The check itself: a game's name in code is found, in prose it is not.
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        f = Path(d) / "m.py"
        f.write_text('"""The mls game."""\nGAME = "mls"\nOPTS = "mls+pits"\n')
        found = [v for _, v in _strings(f) if _names_a_game(v, ["mls"])]
    assert found == ["mls", "mls+pits"]


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


def _reach(mod):
    seen = set()
    todo = [mod]
    while todo:
        for d in GRAPH.get(todo.pop(), ()):
            if d not in seen:
                seen.add(d)
                todo.append(d)
    return seen


def test_the_boards_campaign_lines_load_neither_content_nor_the_pages_panel():
    # An episode's end on a small heap found no room for content.py's hundred constants
    # (docs/campaign.md, section 5): the display's lines take the names from names.py.
    reached = _reach("firmware.rules.scythe.campaign_lines")
    assert "firmware.rules.scythe.names" in reached
    assert not reached & {"firmware.rules.scythe.content", "firmware.rules.scythe.campaign_panel"}, reached
