"""Each public entry point checks its arguments once, where it is called: the calls into
:mod:`fsudoku.base.validate` from outside it, counted with cProfile over one call (a
check's own helpers are not counted), and the puzzle rule
(:func:`fsudoku.grid_io.is_puzzle`), which decides ``Invalid input``."""

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
from fsudoku.pe96.formats import Entry
from fsudoku.run import batch, registry

NEAR = "693784512487512936125963874932651487568247391741398625319475268856129743274836..."

VALIDATE = "base/validate.py"


def checks(call: Callable[[], object]) -> Counter[str]:
    """How many times ``call`` called each function of fsudoku.base.validate from outside
    it, and the puzzle rule (``is_puzzle``) from anywhere."""
    call()  # first-use imports are not counted
    profile = cProfile.Profile()
    profile.runcall(call)
    stats = pstats.Stats(profile).stats  # type: ignore[attr-defined]
    counted: Counter[str] = Counter()
    for (path, _line, name), (_, calls, _tt, _ct, callers) in stats.items():
        if path.endswith("grid_io.py") and name == "is_puzzle":
            counted[name] += calls
        elif path.endswith(VALIDATE):
            outside = sum(
                c[1] for (where, _, _), c in callers.items() if not where.endswith(VALIDATE)
            )
            if outside:
                counted[name] += outside
    return counted


def argument_checks(counted: Counter[str]) -> int:
    return sum(n for name, n in counted.items() if name != "is_puzzle")


@pytest.mark.parametrize("solver", SOLVERS)
@pytest.mark.parametrize("engine", ["auto", "reference"])
def test_one_solve_makes_two_calls_into_the_checks(solver: SolverName, engine: str) -> None:
    puzzle = NEAR if solver == "bird-naive" else QUICK
    counted = checks(lambda: fsudoku.solve(puzzle, solver, engine=engine))  # type: ignore[arg-type]
    # the puzzle's type, then the options (solver, engine, bound, strict) in one call;
    # the puzzle rule at most once (the Sarkar searches read the grid: readGrid decides)
    assert counted - Counter(is_puzzle=counted["is_puzzle"]) == Counter(line=1, options=1)
    assert argument_checks(counted) == 2 and counted["is_puzzle"] <= 1, counted


@pytest.mark.parametrize("solver", ["simple", "exclusives", "exclusives-sets"])
def test_one_fast_solve_checks_as_much(solver: SolverName) -> None:
    counted = checks(lambda: fsudoku.solve(SAMPLE, solver, engine="fast"))
    assert counted == Counter(line=1, options=1), counted  # read_masks decides validity


def test_a_count_and_a_registry_call_check_each_argument_once() -> None:
    counted = checks(lambda: fsudoku.count_solutions(SAMPLE, limit=2))
    assert counted == Counter(line=1, flag=1, puzzle=1, is_puzzle=1, limit=1, bound=1), counted
    counted = checks(lambda: registry.solve_line("dlx", SAMPLE, 1000))
    assert counted == Counter(line=1, options=1, is_puzzle=1), counted


def test_a_batch_checks_each_line_once() -> None:
    lines = [SAMPLE] * 5
    counted = checks(lambda: list(fsudoku.solve_many(lines, "dlx")))
    # the lines' iterable and the options once; each line once (the check's generator,
    # resumed once a line and once more at the end), and the puzzle rule once a line
    assert counted == Counter(lines=1, options=1, checked=6, is_puzzle=5), counted
    entries = [Entry(line, str(n)) for n, line in enumerate(lines)]
    counted = checks(lambda: list(batch.outcomes(entries, "dlx")))
    assert counted == Counter(options=1, iterable=1, line=5, is_puzzle=5), counted


def test_the_engines_below_the_top_level_check_nothing() -> None:
    from fsudoku import fast
    from fsudoku.pe96 import counting, dlx, mrv, norvig

    for call in (
        lambda: fast.solve_one(SAMPLE),
        lambda: list(fast.solve_lines([SAMPLE] * 6)),
        lambda: fast.settle(SAMPLE),
        lambda: counting.count_solutions(SAMPLE, 2, max_nodes=None),
        lambda: dlx.exact_covers(SAMPLE),
        lambda: [search(SAMPLE) for search in (dlx.first_solution, mrv.first_solution)],
        lambda: norvig.solve(SAMPLE),
        lambda: list(batch.Batch("norvig").solve([SAMPLE])),
    ):
        assert argument_checks(checks(call)) == 0
