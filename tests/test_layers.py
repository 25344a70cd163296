"""The package's layering, checked on the source: an AST walk over every import.

Each module belongs to one layer; a module imports only from its own layer or lower
ones (lazy imports inside functions included); the port imports only the port; nothing
outside the application imports it; and there is no import cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "fsudoku"

LAYERS: tuple[tuple[str, frozenset[str]], ...] = (
    (
        "port",
        frozenset(
            {
                "fsudoku.cell",
                "fsudoku.fp",
                "fsudoku.tz",
                "fsudoku.grid_io",
                "fsudoku.sarkar1",
                "fsudoku.sarkar2",
                "fsudoku.erratum",
                "fsudoku.bird",
            }
        ),
    ),
    ("base", frozenset({"fsudoku.units", "fsudoku.outcome", "fsudoku.validate"})),
    (
        "engines",
        frozenset(
            {
                "fsudoku.trace",
                "fsudoku.pe96",
                "fsudoku.pe96.mrv",
                "fsudoku.pe96.dlx",
                "fsudoku.pe96.norvig",
                "fsudoku.pe96.counting",
                "fsudoku.pe96.formats",
                "fsudoku.fast",
                "fsudoku.fast.driver",
                "fsudoku.fast.lanes",
                "fsudoku.fast.masks",
                "fsudoku.fast.scalar",
                "fsudoku.fast.vector",
            }
        ),
    ),
    ("registry", frozenset({"fsudoku.solvers"})),
    (
        "library",
        frozenset(
            {
                "fsudoku",
                "fsudoku.batch",
                "fsudoku.pe96.euler",
                "fsudoku.strategies",
                "fsudoku.testing",
                "fsudoku.testing.equality",
                "fsudoku.testing.kit",
                "fsudoku.testing.laws",
                "fsudoku.testing.oracle",
                "fsudoku.testing.strategies",
            }
        ),
    ),
    (
        "application",
        frozenset(
            {
                "fsudoku.__main__",
                "fsudoku.app",
                "fsudoku.app.bench",
                "fsudoku.app.cli",
                "fsudoku.app.demo",
                "fsudoku.app.explain",
                "fsudoku.app.process",
                "fsudoku.app.render",
                "fsudoku.app.svg",
                "fsudoku.app.usage",
            }
        ),
    ),
)
"""Lowest first. A new module goes into the layer it belongs to."""

RANK = {module: rank for rank, (_, modules) in enumerate(LAYERS) for module in modules}
NAME = {module: name for name, modules in LAYERS for module in modules}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


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


def graph() -> dict[str, set[str]]:
    return {module: imports(path, module) for module, path in modules().items()}


def test_every_module_is_in_a_layer() -> None:
    missing = sorted(set(modules()) - set(RANK))
    assert not missing, f"put these modules in a layer of {__name__}.LAYERS: {missing}"


@pytest.mark.parametrize("module", sorted(modules()))
def test_imports_only_lower_or_same_layers(module: str) -> None:
    bad = sorted(m for m in graph()[module] if RANK.get(m, 99) > RANK.get(module, -1))
    assert not bad, f"{module} ({NAME.get(module)}) imports higher layers: {bad}"


def test_the_port_imports_only_the_port() -> None:
    port = LAYERS[0][1]
    bad = {m: sorted(graph()[m] - port) for m in port if graph()[m] - port}
    assert not bad, bad


def test_nothing_imports_the_application() -> None:
    app = LAYERS[-1][1]
    bad = {m: sorted(deps & app) for m, deps in graph().items() if m not in app and deps & app}
    assert not bad, bad


def test_no_import_cycle() -> None:
    edges = graph()
    # a package's __init__ is imported with each of its modules: ignore those edges
    edges = {m: {d for d in deps if not m.startswith(d + ".")} for m, deps in edges.items()}
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


def test_the_checker_sees_a_planted_violation(tmp_path: Path) -> None:
    # the walk finds a lazy import inside a function, as the layering needs it to
    planted = tmp_path / "planted.py"
    planted.write_text("def f():\n    from fsudoku.app.cli import main\n    return main\n")
    assert "fsudoku.app.cli" in imports(planted, "fsudoku.sarkar1")
