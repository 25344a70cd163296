"""Project Euler 96: the sum of the top-left numbers, computed with each solver."""

from __future__ import annotations

import pytest
from conftest import P096, first_lines

from fsudoku.pe96.euler import SOLVERS, euler96, euler96_sum, solver_named, top_left
from fsudoku.pe96.formats import format_euler, is_puzzle, read_puzzles
from fsudoku.testing.oracle import is_solution
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION, blank_cells

PROJECT_EULER_96 = 24702
"""The published answer to Project Euler problem 96."""


def test_each_solver_computes_the_same_sum_on_the_project_euler_file() -> None:
    lines = first_lines(P096, 500)
    puzzles = [e.text for e in read_puzzles(lines)]
    assert len(puzzles) == 50 and all(is_puzzle(p) for p in puzzles)
    answers: dict[str, list[str]] = {}
    for name, solver in {n: solver_named(n) for n in SOLVERS}.items():
        solutions = [solver(p) for p in puzzles]
        assert all(
            s is not None and is_solution(s, p) for s, p in zip(solutions, puzzles, strict=True)
        ), name
        answers[name] = [s for s in solutions if s is not None]
    # list equality: the three solvers find the same 50 grids
    assert answers["mrv"] == answers["dlx"] == answers["norvig"]
    sums = {name: euler96_sum(lines, solver_named(name)) for name in SOLVERS}
    assert sums["dlx"] == sum(top_left(s) for s in answers["dlx"])
    assert set(sums.values()) == {PROJECT_EULER_96}, sums


def test_euler96_reads_the_file() -> None:
    if not P096.is_file():
        pytest.skip(f"{P096} is absent")
    assert euler96(P096, "norvig") == PROJECT_EULER_96


def test_sum_over_a_small_file_in_either_format() -> None:
    euler_format = format_euler("Grid 01", SAMPLE_PUZZLE).split("\n") * 2
    for lines in ([SAMPLE_PUZZLE, SAMPLE_PUZZLE], euler_format):
        for name in SOLVERS:
            assert euler96_sum(lines, solver_named(name)) == 2 * int(SAMPLE_SOLUTION[:3])


def test_bad_entries_are_reported() -> None:
    with pytest.raises(ValueError, match="2: not a puzzle"):
        euler96_sum([SAMPLE_PUZZLE, "12"], solver_named("dlx"))
    with pytest.raises(ValueError, match="1: no solution"):
        euler96_sum(["12345678." + "........9" + "." * 63], solver_named("mrv"))
    with pytest.raises(ValueError, match="not a solution"):
        euler96_sum([SAMPLE_PUZZLE], lambda p: "1" * 81)
    with pytest.raises(ValueError, match="unknown solver"):
        solver_named("sarkar")


def test_other_registered_solvers_by_name() -> None:
    registry = pytest.importorskip("fsudoku.solvers")
    others = [name for name in registry.SOLVERS if name not in SOLVERS and name != "bird-naive"]
    if not others:
        pytest.skip("no other solver registered")
    easy = blank_cells(SAMPLE_SOLUTION, range(0, 81, 4))
    for name in others:
        assert euler96_sum([easy], solver_named(name)) == int(SAMPLE_SOLUTION[:3]), name
