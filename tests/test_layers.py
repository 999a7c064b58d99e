"""The shape of the code, read from its imports with `ast`: no import cycles anywhere in
companion/ (imports inside functions and under TYPE_CHECKING count too), none between its
subpackages either, pure rules (pygame only under companion/ui/), foundations (core/,
dice/, files/) that need nothing above them, a session that knows rule systems only
through the contract, and a window that names no game."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import companion

ROOT = Path(companion.__file__).resolve().parent


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in ROOT.rglob("*.py") if "_builtin" not in p.parts}


MODULES = _modules()


def _imports(name: str, path: Path) -> set[str]:
    """Every module of companion that `name` imports, wherever the import stands."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            # `from pkg import mod` imports the module pkg.mod where there is one.
            targets = [f"{base}.{a.name}" if f"{base}.{a.name}" in MODULES else base
                       for a in node.names]
        else:
            continue
        found |= {t for t in targets if t in MODULES and t != name}
    return found


GRAPH = {name: _imports(name, path) for name, path in MODULES.items()}


def _cycles() -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in sorted(GRAPH[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    return groups


def test_no_module_imports_itself_back_by_any_path():
    assert _cycles() == []


def _package(name: str) -> str:
    """companion.dice.odds -> companion.dice; a module at companion's root is its own.
    A game's command-line verbs (`rulesets/<game>/cli.py`) are the command line's layer,
    not the rules': they stand on the session as the shared verbs do."""
    if _is_game_verbs(name):
        return "companion.commands"
    return ".".join(name.split(".")[:2])


def _is_game_verbs(name: str) -> bool:
    parts = name.split(".")
    return len(parts) == 4 and parts[1] == "rulesets" and parts[3] == "cli"


def test_no_subpackage_imports_itself_back_through_another():
    packages: dict[str, set[str]] = {}
    for name, found in GRAPH.items():
        packages.setdefault(_package(name), set()).update(
            _package(m) for m in found if _package(m) != _package(name))
    saved = dict(GRAPH)
    GRAPH.clear()
    GRAPH.update({name: packages.get(name, set()) for name in
                  set(packages) | {m for found in packages.values() for m in found}})
    try:
        assert _cycles() == []
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


# What the foundations may import besides one another: the package's version and name,
# the errors and the paths. Everything else (the tables, the rules, the session, the
# window) is built on them.
FOUNDATIONS = ("companion.core", "companion.dice", "companion.files")
BELOW_FOUNDATIONS = ("companion", "companion.errors", "companion.paths")


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _package(m) in FOUNDATIONS))
def test_the_foundations_import_only_each_other_the_errors_and_the_paths(module):
    above = sorted(m for m in GRAPH[module]
                   if _package(m) not in FOUNDATIONS and m not in BELOW_FOUNDATIONS)
    assert above == []


def test_the_cycle_finder_finds_a_cycle():
    GRAPH["companion.errors"].add("companion.session.session")
    try:
        assert any("companion.errors" in group for group in _cycles())
    finally:
        GRAPH["companion.errors"].discard("companion.session.session")


def _imports_pygame(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                 else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
        if any(n == "pygame" or n.startswith("pygame.") for n in names):
            return True
    return False


def test_only_the_ui_imports_pygame():
    outside = [name for name, path in MODULES.items()
               if not name.startswith("companion.ui") and _imports_pygame(path)]
    assert outside == []


def _reaches(start: str) -> set[str]:
    seen: set[str] = set()
    todo = [start]
    while todo:
        for nxt in GRAPH[todo.pop()]:
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


@pytest.mark.parametrize("module", ["companion.rulesets.base", "companion.session.session"])
def test_the_contract_and_the_session_know_no_rule_system_and_no_ui(module):
    reached = _reaches(module)
    assert not [m for m in reached if m.startswith(("companion.ui", "companion.commands"))]
    generic = ("companion.rulesets.base", "companion.rulesets.playable", "companion.rulesets")
    systems = [m for m in reached if m.startswith("companion.rulesets.") and m not in generic]
    assert systems == []


def test_rules_never_import_the_session_the_commands_or_the_ui():
    for name in MODULES:
        if name.startswith("companion.rulesets.") and not _is_game_verbs(name):
            bad = [m for m in GRAPH[name]
                   if m.startswith(("companion.ui", "companion.commands", "companion.session"))]
            assert bad == [], name


def test_the_window_imports_no_screen_and_no_screen_imports_the_window():
    screens = [m for m in MODULES if m.startswith(("companion.ui.skirmish",
                                                    "companion.ui.battle"))]
    assert not set(screens) & GRAPH["companion.ui.app"]
    for name in MODULES:
        if name.startswith("companion.ui.") and name not in ("companion.ui.app",
                                                               "companion.ui.launch"):
            assert "companion.ui.app" not in GRAPH[name], name


GAMES = ("skirmish", "battle", "grimdark")


def _names_a_game(path: Path) -> list[str]:
    """Identifiers that name a game, and strings that are a game's id (as in
    `ruleset.id == "skirmish"`); help texts and examples may mention them."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        words: list[str] = []
        if isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, ast.FunctionDef | ast.ClassDef):
            words = [node.name]
        elif isinstance(node, ast.Import | ast.ImportFrom):
            words = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) \
                and node.value.strip().lower() in GAMES:
            found.append(repr(node.value))
        found += [w for w in words if any(g in w.lower() for g in GAMES)]
    return found


@pytest.mark.parametrize("module", ["companion.ui.app", "companion.ui.host",
                                    "companion.ui.session.screen", "companion.session.session",
                                    "companion.commands.session", "companion.rulesets.base"])
def test_the_window_the_session_and_the_command_line_name_no_game(module):
    assert _names_a_game(MODULES[module]) == []


TESTS = Path(__file__).resolve().parent
# Folders of tests that are not a package's: shared helpers and the data tests read.
NOT_MIRRORS = {"support", "golden", "sessions", "grimdark_forum", "__pycache__"}


def test_the_tests_mirror_the_package():
    """Each folder of tests/ is a folder of companion/, so a change's tests are found
    where its code is."""
    folders = [p.relative_to(TESTS) for p in TESTS.rglob("*") if p.is_dir()
               and not NOT_MIRRORS & set(p.relative_to(TESTS).parts)
               and not any(part.startswith(".") for part in p.parts)]
    assert folders
    assert [f for f in folders if not (ROOT / f).is_dir()] == []


REGISTRIES = {"companion.games.registry", "companion.ui.registry"}


def _in_a_game(name: str) -> bool:
    return any(g in name.split(".") for g in GAMES)


def test_outside_its_folders_and_the_registries_no_module_names_a_game():
    """A game is its package under rulesets/ and its folder under ui/, and one entry in
    each registry: nothing else names it, so a new game changes nothing else."""
    naming = {name for name, path in MODULES.items()
              if not _in_a_game(name) and name not in REGISTRIES and _names_a_game(path)}
    placed_elsewhere = {name for name in MODULES if _in_a_game(name)
                        and not name.startswith(("companion.rulesets.", "companion.ui."))}
    assert naming == set() and placed_elsewhere == set()


def test_the_naming_check_finds_a_game_named():
    assert _names_a_game(MODULES["companion.games.registry"])
    assert not _names_a_game(MODULES["companion.session.session"])


LONG = 500  # lines: a module longer says why at its top (issue 25)


def test_a_module_over_five_hundred_lines_says_at_its_top_why_it_is_one():
    tools = ROOT.parent / "tools"
    unexplained = []
    for path in [*ROOT.rglob("*.py"), *tools.rglob("*.py")]:
        text = path.read_text(encoding="utf-8")
        if text.count("\n") > LONG:
            docstring = ast.get_docstring(ast.parse(text)) or ""
            if "long module" not in docstring:
                unexplained.append(str(path.relative_to(ROOT.parent)))
    assert unexplained == []
