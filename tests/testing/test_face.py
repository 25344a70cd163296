"""The kit's one face: every name of the kit is imported from ``fsudoku.testing`` (the
strategies from ``fsudoku.testing.strategies``) and from nowhere else public; the
Hypothesis guard is written once and gives the line to install it, which
``fsudoku check-solver`` turns into a usage error; one options record serves the three
checkers; ``Puzzle`` is a type Hypothesis draws; the hard set is shipped."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import ROOT

import fsudoku
import fsudoku.testing as kit
from fsudoku import count_solutions
from fsudoku.cell import Fixed
from fsudoku.grid_io import is_puzzle
from fsudoku.testing import strategies
from fsudoku.testing._solver_checker import DEFAULTS
from fsudoku.testing.strategies import HARD_SET, Puzzle, hard_puzzle_lines

FOLDER = ROOT / "fsudoku" / "testing"
INSTALL = "pip install 'fsudoku[hypothesis]'"
WITHOUT_HYPOTHESIS = "import sys\nsys.modules['hypothesis'] = None  # as if not installed\n"


def public_modules() -> list[str]:
    """Every public module of the package, the command line's aside."""
    found = pkgutil.walk_packages(fsudoku.__path__, "fsudoku.")
    return [
        m.name
        for m in found
        if not any(part.startswith("_") for part in m.name.split(".")) and ".app" not in m.name
    ]


def test_every_kit_name_has_one_import_path() -> None:
    assert sorted(p.name for p in FOLDER.glob("[!_]*.py")) == ["strategies.py"]
    assert not set(kit.__all__) & set(strategies.__all__)
    assert {"check_solver", "SolverOptions", "LAWS", "boxs_involution"} <= set(kit.__all__)
    faces = {"fsudoku.testing", "fsudoku.testing.strategies"}
    names = {id(getattr(kit, n)): n for n in kit.__all__ if not isinstance(getattr(kit, n), str)}
    names |= {id(getattr(strategies, n)): n for n in strategies.__all__}
    for module_name in set(public_modules()) - faces:
        module = importlib.import_module(module_name)
        again = [n for n in getattr(module, "__all__", ()) if id(getattr(module, n)) in names]
        assert not again, f"{module_name} exports kit names {again}"


@pytest.mark.parametrize("removed", ["kit", "laws", "solver_checker", "equality", "kinds"])
def test_the_paths_of_0_3_are_gone(removed: str) -> None:
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module(f"fsudoku.testing.{removed}")


def test_the_hypothesis_guard_is_written_once() -> None:
    guards = [
        path.relative_to(ROOT).as_posix()
        for path in (ROOT / "fsudoku").rglob("*.py")
        for _ in re.finditer(r"try:\s+(import|from) hypothesis", path.read_text("utf-8"))
    ]
    assert guards == ["fsudoku/testing/__init__.py"]
    assert kit.INSTALL == INSTALL


def test_without_hypothesis_the_kit_gives_the_line_to_install_it() -> None:
    for statement in (
        "from fsudoku.testing import check_solver",
        "import fsudoku.testing.strategies",
    ):
        done = subprocess.run(
            [sys.executable, "-c", WITHOUT_HYPOTHESIS + statement],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        last = done.stderr.strip().splitlines()[-1]
        assert (
            last
            == f"ImportError: fsudoku.testing needs Hypothesis, which is not installed: {INSTALL}"
        )
    fine = WITHOUT_HYPOTHESIS + "import fsudoku\nassert fsudoku.solve('.' * 81).status == 'solved'"
    ran = subprocess.run([sys.executable, "-c", fine], capture_output=True, timeout=60, check=False)
    assert ran.returncode == 0, ran.stderr


def test_check_solver_without_hypothesis_is_a_usage_error_with_the_line_to_install() -> None:
    code = WITHOUT_HYPOTHESIS + (
        "sys.argv = ['fsudoku', 'check-solver', 'my_sudoku:solve']\n"
        "from fsudoku.app.cli import run\nrun()"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr == (
        "fsudoku: check-solver: fsudoku.testing needs Hypothesis, which is not installed: "
        f"{INSTALL}\n"
    )


def test_one_options_record_serves_the_three_checkers() -> None:
    for checker in (kit.check_solver, kit.check_kinds, kit.solver_tests):
        _, options = inspect.signature(checker).parameters.values()
        assert options.kind is inspect.Parameter.VAR_KEYWORD
        assert options.annotation == "Unpack[SolverOptions]", checker
    assert list(kit.SolverOptions.__annotations__) == list(DEFAULTS)


# --- the types Hypothesis draws --------------------------------------------------------------


@settings(max_examples=5, deadline=None)
@given(st.from_type(Puzzle))
def test_a_puzzle_by_its_type(puzzle: str) -> None:
    assert is_puzzle(puzzle) and count_solutions(puzzle, limit=1) == 1


@settings(max_examples=5, deadline=None)
@given(...)
def test_a_puzzle_by_annotation(puzzle: Puzzle, cell: Fixed) -> None:
    assert is_puzzle(puzzle) and isinstance(cell, Fixed)


# --- the hard set ----------------------------------------------------------------------------


def test_the_hard_set_is_shipped_and_the_hard_kind_runs_by_default(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("FSUDOKU_DATA", raising=False)
    assert HARD_SET.parent == FOLDER
    lines = hard_puzzle_lines()
    assert len(lines) >= 20 and all(count_solutions(p, limit=2) == 1 for p in lines[:3])
    (report,) = kit.check_kinds(
        lambda line: fsudoku.solve(line, solver="dlx").solution, kinds=["hard"], max_examples=2
    )
    assert (report.status, report.examples) == ("passed", 2), report
