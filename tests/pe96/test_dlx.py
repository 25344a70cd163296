"""Exact cover with Dancing Links: the matrix, cover/uncover, the search and its bounds."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from fsudoku.base.oracle import is_solution
from fsudoku.base.outcome import Outcome
from fsudoku.pe96 import dlx
from fsudoku.run.registry import solve_line
from fsudoku.testing.strategies import (
    SAMPLE_PUZZLE,
    SAMPLE_SOLUTION,
    contradictory_puzzles,
    puzzles,
)


def test_sample_puzzle_has_the_articles_solution() -> None:
    outcome = solve_line("dlx", SAMPLE_PUZZLE)
    assert outcome.status == "solved", outcome
    assert outcome.solution == SAMPLE_SOLUTION, (outcome.solution, SAMPLE_SOLUTION)
    assert outcome.nodes > 0


def test_every_placement_discharges_one_constraint_of_each_kind() -> None:
    # Each of the 324 columns is covered by exactly 9 of the 729 placements.
    counts = [0] * (dlx.N_COLUMNS + 1)
    for cell in range(81):
        for digit in range(1, 10):
            columns = dlx.placement_columns(cell, digit)
            kinds = [(c - 1) // 81 for c in columns]
            assert kinds == [0, 1, 2, 3], (cell, digit, columns)
            for c in columns:
                counts[c] += 1
    assert counts[1:] == [9] * dlx.N_COLUMNS


def test_build_emits_one_row_per_clue_and_nine_per_blank() -> None:
    built = dlx.build(SAMPLE_PUZZLE)
    assert built is not None
    (left, right, up, down, column, size, row_id), clue_nodes = built
    clues = sum(ch != "." for ch in SAMPLE_PUZZLE)
    rows = clues + 9 * (81 - clues)
    assert len(left) == 1 + dlx.N_COLUMNS + 4 * rows, len(left)
    assert len(clue_nodes) == clues
    # Column sizes add up to the number of nodes, and each column ring is consistent.
    assert sum(size[1:]) == 4 * rows
    for c in range(1, dlx.N_COLUMNS + 1):
        n, i = 0, down[c]
        while i != c:
            assert column[i] == c and up[down[i]] == i
            n, i = n + 1, down[i]
        assert n == size[c], (c, n, size[c])
    # Every row ring has four nodes with the same placement.
    for first in range(dlx.N_COLUMNS + 1, len(left), 4):
        ring = [first, right[first], right[right[first]], right[right[right[first]]]]
        assert right[ring[-1]] == first and left[first] == ring[-1]
        assert len({row_id[x] for x in ring}) == 1


@given(contradictory_puzzles())
@settings(max_examples=60)
def test_clashing_clues_are_detected_when_building(puzzle: str) -> None:
    # build p = None when two clues cover one column; solve_line p = no_solution 0
    assert dlx.build(puzzle) is None
    outcome = solve_line("dlx", puzzle)
    assert (outcome.status, outcome.nodes) == ("no_solution", 0), outcome


def test_consistent_clues_without_a_solution() -> None:
    # Row 0 lacks only a 9, and column 8 already has its 9 in row 1.
    puzzle = "12345678." + "........9" + "." * 63
    assert dlx.build(puzzle) is not None
    assert solve_line("dlx", puzzle).status == "no_solution"
    assert dlx.count_covers(puzzle) == (0, 0, False)


@given(puzzles(40, 81), st.integers(1, 4))
@settings(max_examples=40)
def test_enumerated_covers_are_distinct_solutions(puzzle: str, limit: int) -> None:
    # exact_covers p k = the first k covers, all distinct solutions (set equality of sizes)
    solutions, _nodes, gave_up = dlx.exact_covers(puzzle, limit)
    assert not gave_up
    assert 1 <= len(solutions) <= limit
    assert len(set(solutions)) == len(solutions), solutions
    assert all(is_solution(s, puzzle) for s in solutions)
    found, _, _ = dlx.count_covers(puzzle, limit)
    assert found == len(solutions), (found, len(solutions))


def test_full_grid_needs_no_search() -> None:
    assert solve_line("dlx", SAMPLE_SOLUTION) == Outcome.solved(SAMPLE_SOLUTION, 0)
