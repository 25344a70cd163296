"""Static checks as tests: mypy --strict over the project, ruff, and a downstream consumer."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from support import ROOT, TOP_LEVEL_CONSUMER, check_top_level_consumer

CONSUMER = textwrap.dedent(
    """
    from returns.maybe import Maybe

    from fsudoku.cell import Grid
    from fsudoku.grid_io import read_grid, show_grid
    from fsudoku.sarkar2 import solve

    grid: Maybe[Grid] = read_grid("." * 81)
    solved: Maybe[Grid] = grid.bind(solve)
    text: str = solved.map(show_grid).value_or("No solution found")
    reveal_type(read_grid)
    wrong: int = read_grid("x")  # must be an error: fsudoku's types are not Any
    """
)


def _mypy(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "mypy", *args],
        cwd=cwd,
        capture_output=True,
        text=True,
        check=False,
    )


@pytest.mark.slow
def test_mypy_strict_is_clean_over_the_project() -> None:
    result = _mypy(cwd=ROOT)  # files, strict and the returns plugin come from pyproject.toml
    assert result.returncode == 0, result.stdout + result.stderr


def test_a_downstream_consumer_typechecks_without_the_plugin(tmp_path: Path) -> None:
    (tmp_path / "consumer.py").write_text(CONSUMER)
    result = _mypy(
        "--strict", "--no-incremental", "--config-file", "/dev/null", "consumer.py", cwd=tmp_path
    )
    out = result.stdout
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1 and "consumer.py:12" in errors[0], out
    assert 'expression has type "Maybe[tuple[tuple[Fixed | Possible, ...], ...]]"' in errors[0], out
    assert "def (s: str) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed" in out, out


def test_a_downstream_consumer_of_the_top_level_typechecks(tmp_path: Path) -> None:
    (tmp_path / "consumer.py").write_text(TOP_LEVEL_CONSUMER)
    result = _mypy(
        "--strict", "--no-incremental", "--config-file", "/dev/null", "consumer.py", cwd=tmp_path
    )
    check_top_level_consumer(result.stdout)


def test_ruff_is_clean() -> None:
    ruff = shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    check = subprocess.run([ruff, "check", "."], cwd=ROOT, capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    fmt = subprocess.run([ruff, "format", "--check", "."], cwd=ROOT, capture_output=True, text=True)
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


CHECKED = ("fsudoku", "proofs", "tests", "tools", "benchmarks")
"""The folders mypy checks (``files`` in pyproject.toml), whose uses the stubs are for."""


def _declared(stub: Path) -> set[str]:
    """The top-level names a stub file declares."""
    found: set[str] = set()
    for node in ast.parse(stub.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.FunctionDef | ast.ClassDef):
            found.add(node.name)
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            found.add(node.target.id)
    return {name for name in found if not name.startswith("_")}


def _used(module: str) -> set[str]:
    """The names of ``module`` the project uses: ``from module import name`` or ``module.name``."""
    used: set[str] = set()
    for path in (p for folder in CHECKED for p in (ROOT / folder).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == module:
                used.update(alias.name for alias in node.names)
            elif (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Name)
                and node.value.id == module
            ):
                used.add(node.attr)
    return used


STUBS = sorted((ROOT / "stubs").rglob("*.pyi"))


@pytest.mark.parametrize("stub", STUBS, ids=[str(s.relative_to(ROOT)) for s in STUBS])
def test_the_local_stubs_declare_only_what_the_project_uses(stub: Path) -> None:
    parts = stub.relative_to(ROOT / "stubs").with_suffix("").parts
    module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
    declared = _declared(stub)
    assert declared, stub
    unused = declared - _used(module)
    assert not unused, f"{module}: {sorted(unused)}"
