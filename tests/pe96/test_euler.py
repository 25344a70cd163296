"""Project Euler 96: the sum of the top-left numbers, with each of the notes' solvers."""

from __future__ import annotations

import pytest
from support import P096, first_lines

from fsudoku.base.oracle import is_solution
from fsudoku.grid_io import is_puzzle
from fsudoku.pe96 import dlx, mrv, norvig
from fsudoku.pe96.euler import PuzzleSolver, euler96_sum, top_left
from fsudoku.pe96.formats import format_euler, read_puzzles
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

PROJECT_EULER_96 = 24702
"""The published answer to Project Euler problem 96."""

SOLVERS: dict[str, PuzzleSolver] = {
    "mrv": lambda p: mrv.solve(p).value_or(None),
    "dlx": lambda p: dlx.solve(p).value_or(None),
    "norvig": lambda p: norvig.solve(p).value_or(None),
}
"""The notes' three solvers, as functions of a puzzle line."""


def test_each_solver_computes_the_same_sum_on_the_project_euler_file() -> None:
    lines = first_lines(P096, 500)
    puzzles = [e.text for e in read_puzzles(lines)]
    assert len(puzzles) == 50 and all(is_puzzle(p) for p in puzzles)
    answers: dict[str, list[str]] = {}
    for name, solve in SOLVERS.items():
        solutions = [solve(p) for p in puzzles]
        assert all(
            s is not None and is_solution(s, p) for s, p in zip(solutions, puzzles, strict=True)
        ), name
        answers[name] = [s for s in solutions if s is not None]
    # list equality: the three solvers find the same 50 grids
    assert answers["mrv"] == answers["dlx"] == answers["norvig"]
    sums = {name: euler96_sum(lines, solve) for name, solve in SOLVERS.items()}
    assert sums["dlx"] == sum(top_left(s) for s in answers["dlx"])
    assert set(sums.values()) == {PROJECT_EULER_96}, sums


def test_sum_over_a_small_file_in_either_format() -> None:
    euler_format = format_euler("Grid 01", SAMPLE_PUZZLE).split("\n") * 2
    for lines in ([SAMPLE_PUZZLE, SAMPLE_PUZZLE], euler_format):
        for solve in SOLVERS.values():
            assert euler96_sum(lines, solve) == 2 * int(SAMPLE_SOLUTION[:3])


def test_bad_entries_are_reported() -> None:
    with pytest.raises(ValueError, match="2: not a puzzle"):
        euler96_sum([SAMPLE_PUZZLE, "12"], SOLVERS["dlx"])
    with pytest.raises(ValueError, match="1: no solution"):
        euler96_sum(["12345678." + "........9" + "." * 63], SOLVERS["mrv"])
    with pytest.raises(ValueError, match="not a solution"):
        euler96_sum([SAMPLE_PUZZLE], lambda p: "1" * 81)
    with pytest.raises(ValueError, match="no puzzle"):
        euler96_sum([], SOLVERS["dlx"])
    with pytest.raises(ValueError, match="three digits"):
        top_left("12")
