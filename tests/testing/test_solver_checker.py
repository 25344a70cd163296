"""``check_solver``: fsudoku's own solvers pass it quickly on any seed, the planted bugs
of issue 20 are each caught with a shrunk line and a message that names the broken unit
or rule, a looping solver fails within the time limit, declarations turn kinds on, off
or into checks, and a solver on lists of rows passes with its declarations."""

from __future__ import annotations

import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from fsudoku import count_solutions
from fsudoku.base.names import SarkarRule, SolverName
from fsudoku.run.registry import solve_line
from fsudoku.testing import (
    KINDS,
    Kind,
    Order,
    SolverDisagrees,
    SolverFailed,
    check_kinds,
    check_solver,
    solver_tests,
)
from proofs.mutants import PLANTED_SOLVERS, PlantedSolver, planted_solver_failure

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("buggy_solvers", HERE / "buggy_solvers.py")
assert _spec is not None and _spec.loader is not None
buggy = importlib.util.module_from_spec(_spec)
sys.modules["buggy_solvers"] = buggy
_spec.loader.exec_module(buggy)

CHEAP: list[Kind] = [k for k in KINDS if k not in ("minimal", "search", "hard")]
"""The kinds whose lines cost little to make (minimal puzzles take 0.1 s each)."""


def registry_solver(name: SolverName) -> Callable[[str], str | None]:
    """fsudoku's solver ``name`` as a function of a line."""

    def solve(line: str) -> str | None:
        return solve_line(name, line).solution

    solve.__qualname__ = f"registry_solver({name!r})"
    return solve


def failures(solve: Callable[[str], object], **options: object) -> dict[Kind, SolverDisagrees]:
    """The failing kinds of a check, each with its failure."""
    with pytest.raises(SolverFailed) as raised:
        check_solver(solve, **options)  # type: ignore[arg-type]
    found = {f.kind: f for f in raised.value.failures}
    assert str(raised.value).startswith(f"solver {raised.value.name} fails {len(found)} of ")
    return found


# --- fsudoku's own solvers pass -----------------------------------------------------


def test_dlx_passes_every_kind() -> None:
    check_solver(registry_solver("dlx"), blanks=".", max_examples=26)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_mrv_passes_the_sparse_kinds_on_any_seed(seed: int) -> None:
    """The plain backtracker that once ran past 60 s on a sparse puzzle: the sparse kind
    is bounded (65 blanks or more)."""
    check_solver(
        registry_solver("mrv"),
        kinds=["sparse", "empty", "several"],
        blanks=".",
        max_examples=30,
        seed=seed,
        fail_slow=True,
    )


OWN: list[tuple[SolverName, Order, SarkarRule | None]] = [
    ("norvig", "any", None),
    ("mrv", "any", None),
    ("simple", "sarkar", None),
    ("exclusives", "sarkar", "exclusives"),
    ("exclusives-sets", "sarkar", "exclusives-sets"),
    ("bird", "bird", None),
]
"""Sarkar #1 with ``order="any"`` is left out: the ``unique`` kind's 17-clue puzzles take
it more than the limit (it reports them as timed out, which is true)."""


@pytest.mark.slow
@pytest.mark.parametrize(("name", "order", "rule"), OWN, ids=[f"{n}-{o}" for n, o, _ in OWN])
def test_fsudoku_solvers_pass(name: SolverName, order: Order, rule: SarkarRule | None) -> None:
    """Every kind but the hard sets (Sarkar #1 and Bird take minutes on some of them)."""
    kinds = [k for k in KINDS if k != "hard" or name in ("norvig", "mrv")]
    check_solver(registry_solver(name), order=order, rule=rule, kinds=kinds, blanks=".")


# --- the planted bugs of issue 20 -----------------------------------------------------


def test_a_crash_on_zero_blanks_is_caught() -> None:
    found = failures(buggy.crashes_on_zeros, kinds=["unique", "zeros"], max_examples=6, seed=1)
    assert set(found) == {"zeros"}, found
    failure = found["zeros"]
    assert "raised KeyError: '0'" in failure.problem and "0" in failure.line
    assert failure.line.count("0") == 1, failure.line  # shrunk: a single 0 blank
    assert "buggy_solvers.py" in failure.called.error  # where it was raised
    # declared to read 0 blanks, it fails the same kind: a crash where a solution is due
    found = failures(buggy.crashes_on_zeros, kinds=["zeros"], blanks="both", max_examples=4, seed=1)
    assert found["zeros"].problem.startswith("raised KeyError: '0'")


def test_a_full_grid_returned_unchanged_is_caught() -> None:
    found = failures(
        buggy.full_grid_unchanged, kinds=["near_full", "full"], max_examples=16, seed=1
    )
    assert "full" in found, found
    failure = found["full"]
    assert failure.blanks == 0 and failure.answer == failure.line
    assert "answered a puzzle that has no solution" in failure.problem
    message = str(failure)
    assert "the answer repeats" in message and ("in column" in message or "in box" in message)


@pytest.mark.slow
def test_a_dropped_box_check_is_caught() -> None:
    found = failures(
        buggy.no_box_check,
        kinds=["near_full", "several"],
        max_examples=6,
        seed=1,
        timeout=30,
    )
    assert found
    for failure in found.values():
        assert " in box " in str(failure), failure
    assert any(f.problem.startswith("the answer repeats") for f in found.values())


@pytest.mark.slow
def test_giving_up_below_18_clues_is_caught_at_17() -> None:
    found = failures(buggy.gives_up_below_18_clues, kinds=["unique"], max_examples=8, seed=3)
    unique = found["unique"]
    assert unique.clues == 17 and count_solutions(unique.line) == 1
    assert unique.problem == "found no solution, but the puzzle has one"
    assert "17 clues" in str(unique)


def test_a_repeated_clue_returned_is_caught() -> None:
    found = failures(buggy.keeps_repeated_clues, kinds=["repeated_clue"], max_examples=20, seed=1)
    failure = found["repeated_clue"]
    assert "answered a puzzle that has no solution (the clues repeat" in failure.problem
    assert failure.blanks <= 4, failure.line  # shrunk towards a full grid
    assert "the answer repeats" in str(failure)


def test_a_looping_solver_is_slow_not_wrong_and_fails_only_when_asked() -> None:
    options: dict[str, Any] = {"kinds": ["unique"], "max_examples": 6, "timeout": 0.3, "seed": 2}
    (report,) = check_kinds(buggy.loops_on_sparse, **options)
    assert report.status == "slow", report
    failure = report.failure
    assert failure is not None and failure.blanks > 40, failure
    message = str(failure)
    assert "kind unique" in message and repr(failure.line) in message
    assert "  slow      no answer within 0.3 s of CPU time" in message
    with pytest.warns(UserWarning, match="unique slow"):
        check_solver(buggy.loops_on_sparse, **options)
    found = failures(buggy.loops_on_sparse, fail_slow=True, **options)
    assert found["unique"].called.status == "slow"


def test_every_failing_kind_is_reported_and_the_last_line_reproduces_it() -> None:
    found = failures(
        lambda line: None, kinds=["unique", "empty", "invalid"], max_examples=6, seed=0
    )
    assert set(found) == {"unique", "empty"}
    for failure in found.values():
        last = str(failure).splitlines()[-1]
        assert last == f"  reproduce solve({failure.line!r})"  # a lambda: called by its role
        assert "seed=0" in str(failure)


# --- the answers explained -------------------------------------------------------------


def test_a_malformed_answer_is_named() -> None:
    found = failures(lambda line: "1" * 47, kinds=["unique"], max_examples=3, seed=0)
    assert found["unique"].problem == "the answer is malformed: 47 characters, not 81"


def test_a_changed_clue_is_named() -> None:
    def change_first_clue(line: str) -> str | None:
        solved = buggy.correct(line)
        if solved is None:
            return None
        i = next(i for i, c in enumerate(line) if c in "123456789")
        changed: str = solved[:i] + ("1" if solved[i] != "1" else "2") + solved[i + 1 :]
        return changed

    found = failures(change_first_clue, kinds=["near_full"], max_examples=5, seed=0)
    assert "the answer changes the clue" in found["near_full"].problem


def test_another_first_solution_is_shown_as_two_grids() -> None:
    planted = next(p for p in PLANTED_SOLVERS if p.name == "second_solution")
    found = failures(planted.solve, order="sarkar", kinds=["several"], max_examples=5, seed=0)
    failure = found["several"]
    message = str(failure)
    assert "a solution, but not the first one in this order" in message
    assert "answered" in message and "expected" in message and "*" in failure.detail


# --- the planted bugs of proofs.mutants -------------------------------------------------

CAUGHT = [p for p in PLANTED_SOLVERS if not p.equivalent]


@pytest.mark.parametrize("planted", CAUGHT, ids=[p.name for p in CAUGHT])
def test_a_planted_solver_is_caught(planted: PlantedSolver) -> None:
    assert planted_solver_failure(planted, max_examples=30) is not None, planted.bug


@pytest.mark.slow
def test_reversing_the_passes_of_prune_grid_once_changes_no_answer() -> None:
    planted = next(p for p in PLANTED_SOLVERS if p.equivalent)
    assert planted_solver_failure(planted, max_examples=40) is None


# --- declarations ------------------------------------------------------------------------


def test_declarations_turn_kinds_off_or_into_checks() -> None:
    def refuses(line: str) -> str | None:
        if len(line) != 81 or any(c not in ".123456789" for c in line):
            raise ValueError("not a puzzle")
        if count_solutions(line, limit=2) == 2:
            return None
        solved: str | None = buggy.correct(line)
        return solved

    options = {"kinds": ["several", "invalid", "zeros"], "max_examples": 6, "seed": 0}
    check_solver(refuses, invalid=ValueError, several="none", blanks=".", **options)  # type: ignore[arg-type]
    found = failures(refuses, **options)
    assert set(found) == {"invalid", "zeros", "several"}
    reports = check_kinds(refuses, invalid="skip", several="skip", blanks=".", **options)  # type: ignore[arg-type]
    assert [(r.kind, r.status) for r in reports] == [
        ("several", "off"),
        ("invalid", "off"),
        ("zeros", "off"),
    ]


def test_a_declared_exception_must_be_raised() -> None:
    found = failures(
        lambda line: None, invalid=TypeError, kinds=["invalid"], max_examples=3, seed=0
    )
    assert "returned on a line that is not a puzzle; declared: raises TypeError" in str(
        found["invalid"]
    )


# --- a solver on lists of rows -----------------------------------------------------------


def test_a_rows_solver_passes() -> None:
    kinds: list[Kind] = ["near_full", "full", "several", "no_solution", "repeated_clue", "empty"]
    check_solver(buggy.rows_solver, shape="rows", kinds=kinds, max_examples=6, seed=0)
    check_solver(buggy.rows_in_place, shape="rows", kinds=["unique", "no_solution"], max_examples=4)


@pytest.mark.slow
def test_a_rows_solver_passes_with_the_default_examples() -> None:
    check_solver(buggy.rows_solver, shape="rows")


test_rows_solver = solver_tests(
    buggy.rows_solver, shape="rows", kinds=["several", "invalid", "sparse"], max_examples=3
)


def test_solver_tests_fail_with_the_kinds_failure_alone() -> None:
    test = solver_tests(lambda line: None, kinds=["unique", "invalid"], max_examples=4, seed=0)
    with pytest.raises(SolverDisagrees, match="kind unique"):
        test("unique")
    test("invalid")


# --- arguments ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"order": "first"}, "unknown order 'first'; choose one of 'any', 'sarkar', 'bird'"),
        ({"order": "any", "rule": "simple"}, "rule='simple' applies to order='sarkar' only"),
        ({"kinds": ["hardest"]}, r"unknown kinds of puzzles \['hardest'\]"),
        ({"kinds": []}, "kinds is empty"),
        ({"timeout": -1}, "timeout must be None or a number of seconds > 0"),
        ({"timeout": 0}, "timeout must be None or a number of seconds > 0, not 0"),
        ({"backstop": 0}, "backstop must be None or a number of seconds > 0"),
        ({"budget": 0}, "budget must be None or a number of seconds > 0"),
        ({"budget": float("inf")}, "budget must be None or a number of seconds > 0"),
        ({"max_examples": 0}, "max_examples must be None or a whole number >= 1, not 0"),
        ({"no_solution": "skip"}, "no_solution='skip': choose 'none' or an exception class"),
        ({"invalid": "ignore"}, "invalid='ignore': choose 'none', 'skip' or an exception class"),
        ({"blanks": "_"}, "blanks='_': choose"),
        ({"shape": "grid"}, "shape='grid': choose one of"),
    ],
)
def test_bad_arguments_are_refused_clearly(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_solver(lambda line: None, **{"max_examples": 1, **arguments})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a function of a line"):
        check_solver("solver", max_examples=1)  # type: ignore[arg-type]


def test_an_unknown_option_is_refused_by_name() -> None:
    with pytest.raises(TypeError, match="unknown options \\['timout'\\]"):
        check_solver(lambda line: None, timout=1)  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unknown options"):
        solver_tests(lambda line: None, timout=1)  # type: ignore[call-arg]


def test_a_dict_solver_answering_norvigs_squares_passes() -> None:
    def solve(board: dict[tuple[int, int], int]) -> dict[str, str] | bool:
        line = "".join(str(board[r, c] or ".") for r in range(9) for c in range(9))
        solved = buggy.correct(line)
        if solved is None:
            return False
        return {f"{'ABCDEFGHI'[i // 9]}{i % 9 + 1}": d for i, d in enumerate(solved)}

    check_solver(solve, shape="dict", kinds=["unique", "no_solution", "several"], max_examples=6)
