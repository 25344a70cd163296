"""Each public entry point checks its arguments once, at its own boundary: counted with
cProfile over one call, every function of :mod:`fsudoku.base.validate` and the puzzle
rule (:func:`fsudoku.grid_io.is_puzzle`) included."""

from __future__ import annotations

import cProfile
import pstats
from collections import Counter
from collections.abc import Callable

import pytest
from support import QUICK

import fsudoku
from fsudoku.base.names import SOLVERS, SolverName
from fsudoku.grid_io import SAMPLE
from fsudoku.run import registry

NEAR = "693784512487512936125963874932651487568247391741398625319475268856129743274836..."


def checks(call: Callable[[], object]) -> Counter[str]:
    """How many times ``call`` ran each check of fsudoku.base.validate (the helpers
    that ``bound``, ``limit``, ``jobs`` and ``lines`` call left out), and is_puzzle."""
    call()  # first-use imports are not counted
    profile = cProfile.Profile()
    profile.runcall(call)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    counted: Counter[str] = Counter()
    for (path, _line, name), (_, calls, *_rest) in stats.items():
        helper = name in ("optional", "_whole", "_kind", "whole", "iterable", "checked")
        if (path.endswith("base/validate.py") and not helper) or (
            path.endswith("grid_io.py") and name == "is_puzzle"
        ):
            counted[name] += calls
    return counted


@pytest.mark.parametrize("solver", SOLVERS)
def test_one_solve_checks_each_argument_once(solver: SolverName) -> None:
    puzzle = NEAR if solver == "bird-naive" else QUICK
    counted = checks(lambda: fsudoku.solve(puzzle, solver))
    # the puzzle's type, the flag, the bound: once each; two names (the solver, the
    # engine); the puzzle rule once (it tells a puzzle from a line that is Invalid input)
    assert counted == Counter(line=1, flag=1, bound=1, name=2, is_puzzle=1), counted


@pytest.mark.parametrize("solver", ["simple", "exclusives", "exclusives-sets"])
def test_one_fast_solve_checks_each_argument_once(solver: SolverName) -> None:
    counted = checks(lambda: fsudoku.solve(SAMPLE, solver, engine="fast"))
    assert counted == Counter(line=1, flag=1, bound=1, name=2), counted  # read_masks decides


def test_a_count_and_a_registry_call_check_each_argument_once() -> None:
    counted = checks(lambda: fsudoku.count_solutions(SAMPLE, limit=2))
    assert counted == Counter(line=1, flag=1, puzzle=1, is_puzzle=1, limit=1, bound=1), counted
    counted = checks(lambda: registry.solve_line("dlx", SAMPLE, 1000))
    assert counted == Counter(line=1, bound=1, name=1, is_puzzle=1), counted


def test_a_batch_checks_each_line_once() -> None:
    counted = checks(lambda: list(fsudoku.solve_many([SAMPLE] * 5, "dlx")))
    assert counted == Counter(lines=1, line=5, flag=1, bound=1, name=2, jobs=1, is_puzzle=5), (
        counted
    )
