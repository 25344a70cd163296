"""The package's layering, derived from its folders and checked on the source (an AST
walk over every import, lazy ones inside functions included).

A module's layer is its folder: the modules at the top of ``fsudoku/`` are the port,
each subpackage (``base``, ``pe96``, ``fast``, ``run``, ``testing``, ``app``) is a layer,
and ``fsudoku/__init__.py`` is the facade. The folders' imports of each other must form
no cycle (so they have an order, lowest first), the port imports only the port and
``base`` only ``base`` (the two lowest layers, side by side), only the program imports
the facade, nothing imports the program, and no module imports itself back through
others.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

import pytest
from support import ROOT

PACKAGE = ROOT / "fsudoku"

PORT = "port"
BASE = "base"
FACADE = "facade"
PROGRAM = "app"


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


@cache
def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def layer(module: str) -> str:
    """The layer of a module, from where it is: its subpackage, the port, or the facade."""
    parts = module.split(".")
    if module == "fsudoku":
        return FACADE
    if module == "fsudoku.__main__":
        return PROGRAM
    if (PACKAGE / parts[1]).is_dir():
        return parts[1]
    return PORT


def imports(path: Path, module: str) -> set[str]:
    """The fsudoku modules that a file imports, anywhere in it (resolved to modules)."""
    known = modules()
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                base = ".".join(package.split(".")[: len(package.split(".")) - node.level + 1])
                base = f"{base}.{node.module}" if node.module else base
            names = [
                f"{base}.{alias.name}" if f"{base}.{alias.name}" in known else base
                for alias in node.names
            ]
        for name in names:
            while name and name not in known:
                name = name.rpartition(".")[0]
            if name.startswith("fsudoku") and name != module:
                found.add(name)
    return found


@cache
def graph() -> dict[str, frozenset[str]]:
    return {module: frozenset(imports(path, module)) for module, path in modules().items()}


def layer_graph() -> dict[str, set[str]]:
    """Which layers each layer imports (a package's ``__init__`` imported with one of its
    modules is part of the same import, not an edge)."""
    edges: dict[str, set[str]] = {layer(m): set() for m in modules()}
    for module, deps in graph().items():
        for dep in deps:
            if layer(dep) != layer(module) and not module.startswith(dep + "."):
                edges[layer(module)].add(layer(dep))
    return edges


def order() -> list[str]:
    """The layers, lowest first: each imports only layers before it (a cycle fails)."""
    edges = layer_graph()
    done: list[str] = []
    visiting: list[str] = []

    def visit(name: str) -> None:
        if name in done:
            return
        if name in visiting:
            raise AssertionError("layers import each other: " + " -> ".join([*visiting, name]))
        visiting.append(name)
        for dep in sorted(edges[name]):
            visit(dep)
        visiting.pop()
        done.append(name)

    for name in sorted(edges, key=lambda n: (n == PROGRAM, n)):  # the program last
        visit(name)
    return done


def test_the_folders_have_an_order_port_and_base_first_program_last() -> None:
    layers = order()
    assert set(layers[:2]) == {PORT, BASE} and layers[-1] == PROGRAM, layers
    assert set(layers) == {PORT, FACADE, PROGRAM, BASE, "pe96", "fast", "run", "testing"}


def test_every_folder_imports_only_folders_below_it() -> None:
    layers = order()
    rank = {name: i for i, name in enumerate(layers)}
    bad = {
        module: sorted(
            d
            for d in deps
            if rank[layer(d)] > rank[layer(module)] and not module.startswith(d + ".")
        )
        for module, deps in graph().items()
    }
    assert not {m: d for m, d in bad.items() if d}, bad


@pytest.mark.parametrize("lowest", [PORT, BASE])
def test_the_port_and_base_import_only_themselves(lowest: str) -> None:
    bad = {
        module: sorted(d for d in deps if layer(d) != lowest)
        for module, deps in graph().items()
        if layer(module) == lowest
    }
    assert not {m: d for m, d in bad.items() if d}, bad


def test_only_the_program_imports_the_facade_and_nothing_imports_the_program() -> None:
    for module, deps in graph().items():
        if layer(module) != PROGRAM:
            assert not [d for d in deps if layer(d) == PROGRAM], module
            assert module == "fsudoku" or "fsudoku" not in deps, module


def test_no_import_cycle() -> None:
    edges = dict(graph())
    # a package's __init__ is imported with each of its modules: ignore those edges
    edges = {
        m: frozenset(d for d in deps if not m.startswith(d + ".")) for m, deps in edges.items()
    }
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(m: str) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(edges.get(m, ())):
            if state.get(d) == 1:
                cycle = [*stack[stack.index(d) :], d]
                raise AssertionError(" -> ".join(cycle))
            if d not in state:
                visit(d)
        stack.pop()
        state[m] = 2

    for m in sorted(edges):
        if m not in state:
            visit(m)


@pytest.mark.parametrize("limit", [600])
def test_no_module_is_too_long(limit: int) -> None:
    long = {m: n for m, p in modules().items() if (n := len(p.read_text().splitlines())) > limit}
    assert not long, long


def test_the_checker_sees_a_planted_violation(tmp_path: Path) -> None:
    # the walk finds a lazy import inside a function, as the layering needs it to
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    from fsudoku.app.cli import main\n    return main\n")
    assert "fsudoku.app.cli" in imports(planted, "fsudoku.sarkar1")
    assert layer("fsudoku.sarkar1") == PORT and layer("fsudoku.run.batch") == "run"
