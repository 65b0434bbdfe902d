"""The package is a house in layers (ARCHITECTURE.md): each module imports only its own layer
and those below, and no modules import each other in a circle. Every import counts, a lazy one
inside a function and one under `if TYPE_CHECKING:` too, since each is a dependency all the
same. The imports are read from the source with `ast`, not by importing anything."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "twentyone_edu"

# From the ground up; a module may import its own layer and the layers before it.
LAYERS = ("words", "game", "exact", "simulate", "plots", "widgets", "course", "top")


def layer_of(module: str) -> str:
    """The layer of a module of the package, by its folder (or its name, for the two modules
    that are a layer each)."""
    parts = module.split(".")[1:]
    if not parts or parts[0] == "locale":
        return "top"  # the package's __init__, and the translators' command
    return parts[0]


def modules() -> dict[str, tuple[Path, bool]]:
    """Every module of the package: dotted name -> (file, whether it is a package __init__)."""
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = list(path.relative_to(ROOT).with_suffix("").parts)
        is_package = parts[-1] == "__init__"
        found[".".join(parts[:-1] if is_package else parts)] = (path, is_package)
    return found


MODULES = modules()


def imports(source: str, module: str, is_package: bool) -> set[str]:
    """The package's modules that `source`, the text of `module`, imports anywhere in it."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            target = node.module or ""
            if node.level:
                base = module.split(".")[: None if is_package else -1]
                base = base[: len(base) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            for alias in node.names:
                submodule = f"{target}.{alias.name}"
                found.add(submodule if submodule in MODULES else target)
    return {name for name in found if name in MODULES and name != module}


GRAPH = {module: imports(path.read_text(encoding="utf-8"), module, is_package)
         for module, (path, is_package) in MODULES.items()}


def test_every_module_is_in_a_layer():
    assert {layer_of(module) for module in MODULES} <= set(LAYERS)


@pytest.mark.parametrize("module", sorted(MODULES))
def test_no_module_imports_a_layer_above_its_own(module):
    mine = LAYERS.index(layer_of(module))
    upward = sorted(other for other in GRAPH[module] if LAYERS.index(layer_of(other)) > mine)
    assert not upward, f"{module} ({layer_of(module)}) imports {upward} from above"


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`: its strongly connected components of more than one
    module, or of one that imports itself (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            if len(component) > 1 or node in graph[node]:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circles():
    assert circles(GRAPH) == []


def test_the_circle_finder_finds_a_circle():
    """The check above can fail: a small graph with a circle is found, one without is not."""
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def test_the_import_reader_sees_lazy_and_type_checking_imports():
    """A lazy import inside a function and one under TYPE_CHECKING are read as imports, and a
    name imported from a package is the submodule of that name when there is one."""
    source = (
        "from typing import TYPE_CHECKING\n"
        "from .errors import RuleError\n"
        "if TYPE_CHECKING:\n"
        "    from ..game.rules import RuleSet\n"
        "def late():\n"
        "    from .. import exact\n"
        "    import twentyone_edu.plots\n")
    assert imports(source, "twentyone_edu.words.sample", False) == {
        "twentyone_edu.words.errors", "twentyone_edu.game.rules", "twentyone_edu.exact",
        "twentyone_edu.plots"}


def test_architecture_md_names_every_module():
    """ARCHITECTURE.md stays true: each module file is named in it, in its layer's section."""
    text = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    missing = [str(path.relative_to(PACKAGE)) for path, is_package in MODULES.values()
               if not is_package and path.name != "__main__.py"
               and str(path.relative_to(PACKAGE)) not in text]
    assert not missing, f"ARCHITECTURE.md does not name {missing}"


OLD_PATHS = sorted(__import__("twentyone_edu").MOVED.items())


@pytest.mark.parametrize(("old", "new"), OLD_PATHS)
def test_an_old_module_path_still_imports_the_module_that_moved(old, new):
    """`from twentyone_edu.table import Table` keeps working after 0.2 (CHANGELOG.md): the
    old path is the module at the new one, not a copy, and its own name is unchanged."""
    import importlib
    import subprocess
    import sys

    moved = importlib.import_module(new)
    assert importlib.import_module(old) is moved
    assert moved.__name__ == new and moved.__spec__.name == new
    fresh = subprocess.run(  # a first import by the old path, in a new interpreter
        [sys.executable, "-c", f"import {old} as m, {new} as n; assert m is n"],
        capture_output=True, text=True, cwd=ROOT)
    assert fresh.returncode == 0, fresh.stderr


def test_the_changelog_says_which_old_paths_work_and_which_are_gone():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    for old, new in OLD_PATHS:
        assert f"`{old}`" in text and f"`{new}`" in text, old
    for gone in ("twentyone_edu.messages", "twentyone_edu.validate", "twentyone_edu.limits",
                 "twentyone_edu.results", "twentyone_edu.table_messages"):
        assert f"`{gone}`" in text, gone


def test_the_lessons_public_imports_keep_working():
    """What notebooks and users write, as the issue lists it, unchanged."""
    from twentyone_edu.reference import P
    from twentyone_edu.rules import RuleSet
    from twentyone_edu.table import Table

    import twentyone_edu as t21
    from twentyone_edu import exact
    from twentyone_edu.widgets import TableWidget, quiz

    assert t21.hand_value("A 9").total == 20 and t21.Table is Table
    assert exact.decision_values("K Q")["stand"] == exact.decision_values("Q K")["stand"]
    assert t21.plots.__name__ == "twentyone_edu.plots" and RuleSet is t21.RuleSet
    assert callable(P) and callable(quiz) and TableWidget.__name__ == "TableWidget"


def test_an_old_module_is_an_attribute_of_the_package_too():
    """`t21.rules.variant_title(...)`, as lesson 12 writes it, without importing it first."""
    import subprocess
    import sys

    names = [old.rsplit(".", 1)[1] for old, _ in OLD_PATHS]
    code = "import twentyone_edu as t21\n" + "\n".join(
        f"assert t21.{name} is __import__('{new}', fromlist=['_'])"
        for name, (_, new) in zip(names, OLD_PATHS, strict=True))
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                           cwd=ROOT)
    assert fresh.returncode == 0, fresh.stderr
