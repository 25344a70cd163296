"""Counting solutions, the ``check`` verdicts, the oracle, and the three solvers'
agreement with each other, with a brute-force count and with Bird's solver."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from functools import partial

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import SUDOKU17, first_lines

from fsudoku.base.oracle import UNITS, is_filled_grid, is_solution, keeps_clues
from fsudoku.base.outcome import Outcome
from fsudoku.pe96 import counting, dlx
from fsudoku.pe96.counting import check_line
from fsudoku.run.registry import all_solutions, solve_line
from fsudoku.testing.strategies import (
    SAMPLE_PUZZLE,
    SAMPLE_SOLUTION,
    blank_cells,
    contradictory_puzzles,
    near_full_grids,
    puzzles,
    puzzles_with_solutions,
    solved_grids,
)

SOLVE_LINES: dict[str, Callable[[str, int | None], Outcome]] = {
    name: partial(solve_line, name) for name in ("mrv", "dlx", "norvig")
}


def count_solutions(puzzle: str, limit: int | None = None) -> int:
    """:func:`fsudoku.pe96.counting.count_solutions` with room enough for these puzzles."""
    return counting.count_solutions(puzzle, limit, max_nodes=1_000_000)


MRV_BOUND = 2000
"""Node bound for ``mrv`` on sudoku17: plain forward checking needs a median of about
12,000 placements there (and up to about 430,000), too slow for a test run."""


def brute_force_count(puzzle: str) -> int:
    """Every filling of the blanks with digits no clue in the cell's units already has,
    each full grid checked by the oracle."""
    blanks = [i for i, ch in enumerate(puzzle) if ch == "."]
    options = [
        [d for d in "123456789" if all(puzzle[q] != d for u in UNITS if i in u for q in u)]
        for i in blanks
    ]
    cells = list(puzzle)
    n = 0
    for digits in itertools.product(*options):
        for i, d in zip(blanks, digits, strict=True):
            cells[i] = d
        n += is_solution("".join(cells), puzzle)
    return n


def rectangles(grid: str) -> Iterator[tuple[int, int, int, int]]:
    """Cells ``(r1,c1) (r1,c2) (r2,c1) (r2,c2)`` holding ``a b / b a`` in exactly two
    boxes: blanking them leaves exactly two solutions."""
    for r1, r2 in itertools.combinations(range(9), 2):
        for c1, c2 in itertools.combinations(range(9), 2):
            if (r1 // 3 == r2 // 3) == (c1 // 3 == c2 // 3):
                continue  # four boxes, or one
            a, b = grid[r1 * 9 + c1], grid[r1 * 9 + c2]
            if grid[r2 * 9 + c1] == b and grid[r2 * 9 + c2] == a:
                yield r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2


@st.composite
def deadly_rectangles(draw: st.DrawFn) -> str:
    """Puzzles with two solutions: a solved grid with one swappable rectangle blanked."""
    grid = draw(solved_grids())
    found = list(itertools.islice(rectangles(grid), 20))
    assume(found)
    return blank_cells(grid, draw(st.sampled_from(found)))


@st.composite
def altered_puzzles(draw: st.DrawFn, min_blanks: int = 30, max_blanks: int = 55) -> str:
    """Puzzles with one clue changed to a digit no other clue in its units has: the
    clues stay consistent, and the puzzle may or may not keep a solution."""
    puzzle = draw(puzzles(min_blanks, max_blanks))
    clues = [i for i, ch in enumerate(puzzle) if ch != "."]
    assume(clues)
    cell = draw(st.sampled_from(clues))
    seen = {puzzle[q] for u in UNITS if cell in u for q in u}
    digits = [d for d in "123456789" if d not in seen]
    assume(digits)
    return puzzle[:cell] + draw(st.sampled_from(digits)) + puzzle[cell + 1 :]


# --- The oracle ---------------------------------------------------------------------


def test_oracle_accepts_the_sample_and_rejects_near_misses() -> None:
    assert is_solution(SAMPLE_SOLUTION, SAMPLE_PUZZLE)
    swapped = SAMPLE_SOLUTION[1] + SAMPLE_SOLUTION[0] + SAMPLE_SOLUTION[2:]
    assert not is_filled_grid(swapped)  # columns 0 and 1 now repeat digits
    assert not is_solution(SAMPLE_SOLUTION[:80], SAMPLE_PUZZLE)
    assert not is_solution(SAMPLE_SOLUTION[:80] + "0", SAMPLE_PUZZLE)
    assert not keeps_clues(SAMPLE_SOLUTION, "7" + SAMPLE_PUZZLE[1:])


@given(solved_grids(), st.integers(0, 80), st.sampled_from("123456789"))
@settings(max_examples=60)
def test_oracle_rejects_any_changed_cell(grid: str, cell: int, digit: str) -> None:
    # is_filled_grid (grid with one cell changed) = False
    assume(grid[cell] != digit)
    assert is_filled_grid(grid)
    assert not is_filled_grid(grid[:cell] + digit + grid[cell + 1 :])


# --- Counting -----------------------------------------------------------------------


@given(st.one_of(near_full_grids(6), contradictory_puzzles(6)))
@settings(max_examples=80)
def test_count_equals_brute_force_on_near_full_grids(puzzle: str) -> None:
    # count_solutions p = length [g | g <- fillings p, is_solution g p]   (at most 6 blanks)
    left = count_solutions(puzzle)
    right = brute_force_count(puzzle)
    assert left == right, (left, right)


@given(deadly_rectangles())
@settings(max_examples=30)
def test_deadly_rectangles_have_two_solutions(puzzle: str) -> None:
    # count_solutions p = 2 = brute_force_count p
    left = count_solutions(puzzle)
    right = brute_force_count(puzzle)
    assert left == right == 2, (left, right)
    assert check_line(puzzle) == "multiple 2+"  # counting stopped at the default limit 2
    assert check_line(puzzle, limit=3) == "multiple 2"  # exactly two
    assert check_line(puzzle, limit=5) == "multiple 2"


@given(puzzles(40, 81), st.integers(1, 6))
@settings(max_examples=40)
def test_limit_stops_the_count(puzzle: str, limit: int) -> None:
    # count_solutions p k = min k (count_solutions p (k + 1))
    left = count_solutions(puzzle, limit)
    right = min(limit, count_solutions(puzzle, limit + 1))
    assert left == right, (left, right)
    assert left >= 1


def test_count_examples() -> None:
    assert count_solutions(SAMPLE_PUZZLE) == 1
    assert count_solutions("." * 81, limit=10) == 10
    assert count_solutions(SAMPLE_SOLUTION) == 1
    assert count_solutions("11" + "." * 79) == 0
    assert count_solutions("12345678." + "........9" + "." * 63, limit=3) == 0


def test_check_line_verdicts() -> None:
    assert check_line(SAMPLE_PUZZLE) == "unique"
    assert check_line("." * 81) == "multiple 2+"  # the count stopped at the limit
    assert check_line("." * 81, limit=3) == "multiple 3+"
    assert check_line("12345678." + "........9" + "." * 63) == "none"
    assert check_line("11" + "." * 79) == "none"
    for bad in ["", "." * 80, "." * 82, "0" * 81, "５" + "." * 80, SAMPLE_PUZZLE + "\r"]:
        assert check_line(bad) == "Invalid input", bad
    with pytest.raises(ValueError, match="limit must be a whole number >= 2"):
        check_line(SAMPLE_PUZZLE, limit=1)


# --- The solvers against the count and each other -----------------------------------


@given(st.one_of(altered_puzzles(), puzzles(0, 81), contradictory_puzzles()))
@settings(max_examples=60)
def test_solvers_agree_with_the_count_on_solvability(puzzle: str) -> None:
    # isJust (solve p) = count_solutions p 1 > 0   (for each solver)
    solvable = count_solutions(puzzle, 1) > 0
    for name, solve in SOLVE_LINES.items():
        outcome = solve(puzzle, None)
        left = outcome.status == "solved"
        assert left == solvable, (name, left, solvable, outcome)
        if outcome.solution is not None:
            assert is_solution(outcome.solution, puzzle), (name, outcome)


@given(puzzles_with_solutions(0, 40))
@settings(max_examples=60)
def test_solvers_agree_on_unique_puzzles(pair: tuple[str, str]) -> None:
    # solve p = the one solution of p   (for each solver, when count_solutions p 2 = 1)
    puzzle, solution = pair
    assume(count_solutions(puzzle, 2) == 1)
    for name, solve in SOLVE_LINES.items():
        left = solve(puzzle, None).solution
        assert left == solution, (name, left, solution)


@pytest.mark.parametrize("count", [60, pytest.param(300, marks=pytest.mark.slow)])
def test_solvers_agree_on_sudoku17(count: int) -> None:
    lines = first_lines(SUDOKU17, count)
    mrv_solved = 0
    for puzzle in lines:
        answer = solve_line("dlx", puzzle).solution
        assert answer is not None and is_solution(answer, puzzle), puzzle
        assert solve_line("norvig", puzzle).solution == answer, puzzle
        outcome = solve_line("mrv", puzzle, MRV_BOUND)
        if outcome.status != "gave_up":
            assert outcome.solution == answer, (puzzle, outcome)
            mrv_solved += 1
        else:
            assert outcome.nodes == MRV_BOUND
    for puzzle in lines[:100]:
        assert check_line(puzzle) == "unique", puzzle
    assert mrv_solved > 0


# --- Bird's solver ------------------------------------------------------------------


@given(st.one_of(puzzles(0, 10), deadly_rectangles(), contradictory_puzzles(10)))
@settings(max_examples=30)
def test_count_equals_birds_enumeration(puzzle: str) -> None:
    # count_solutions p = length (solve''' p)   (few blanks)
    found = list(all_solutions(puzzle))
    assert all(is_solution(s, puzzle) for s in found)
    left = count_solutions(puzzle)
    right = len(found)
    assert left == right, (left, right)
    # bag equality: DLX enumerates the same solutions
    dlx_found, _, _ = dlx.exact_covers(puzzle, None)
    assert sorted(dlx_found) == sorted(found), (dlx_found, found)
