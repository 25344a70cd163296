"""Backtracking with MRV and forward checking: the five stages and the search's bounds."""

from __future__ import annotations

from hypothesis import given, settings

from fsudoku.base.oracle import UNITS
from fsudoku.base.outcome import Outcome
from fsudoku.pe96 import mrv
from fsudoku.run.registry import solve_line
from fsudoku.testing.strategies import (
    SAMPLE_PUZZLE,
    SAMPLE_SOLUTION,
    contradictory_puzzles,
    puzzles,
)


def naive_candidates(puzzle: str, cell: int) -> set[int]:
    """Digits not in any unit of the cell, the slow way."""
    used = {puzzle[q] for u in UNITS if cell in u for q in u}
    return {d for d in range(1, 10) if str(d) not in used}


def digits_of(mask: int) -> set[int]:
    return {d for d in range(1, 10) if mask >> (d - 1) & 1}


@given(puzzles(0, 81))
@settings(max_examples=60)
def test_stage1_candidates(puzzle: str) -> None:
    # candidates p c = [1..9] \\ (row c ++ col c ++ box c)   (set equality)
    for cell in range(0, 81, 7):
        left, right = digits_of(mrv.candidates(puzzle, cell)), naive_candidates(puzzle, cell)
        assert left == right, (left, right)


@given(puzzles(0, 81))
@settings(max_examples=40)
def test_stage2_working_set(puzzle: str) -> None:
    # working_set p = [(c, candidates p c) | c <- blanks p]   (list equality)
    cells, masks = mrv.working_set(puzzle)
    left = list(zip(cells, masks, strict=True))
    right = [(c, mrv.candidates(puzzle, c)) for c, ch in enumerate(puzzle) if ch == "."]
    assert left == right, (left, right)
    arrays = mrv.working_arrays(puzzle)
    assert [arrays[0][c] for c in cells] == list(masks)
    assert all(arrays[1][c] == mrv.FILLED for c, ch in enumerate(puzzle) if ch != ".")


def test_peer_tables() -> None:
    for s in range(81):
        assert set(mrv.PEERS[s]) == {q for u in UNITS if s in u for q in u} - {s}
        assert [q for q in range(81) if mrv.IS_PEER[s][q]] == list(mrv.PEERS[s])


def test_dead_end_on_a_cell_without_candidates() -> None:
    # Row 0 lacks only a 9 and column 8 already has its 9: cell 8 has no candidate.
    puzzle = "12345678." + "........9" + "." * 63
    assert mrv.clues_consistent(puzzle)
    assert mrv.candidates(puzzle, 8) == 0
    assert solve_line("mrv", puzzle) == Outcome.no_solution(0)


@given(contradictory_puzzles())
@settings(max_examples=60)
def test_clashing_clues(puzzle: str) -> None:
    # solve_line p = no_solution 0   when some unit holds a digit twice
    assert not mrv.clues_consistent(puzzle)
    assert solve_line("mrv", puzzle) == Outcome.no_solution(0)


@given(puzzles(0, 81))
@settings(max_examples=40)
def test_one_node_per_blank_when_nothing_fails(puzzle: str) -> None:
    # nodes (solve_line p) >= blanks p, and = when no branch is undone
    outcome = solve_line("mrv", puzzle)
    blanks = puzzle.count(".")
    assert outcome.nodes >= blanks, (outcome.nodes, blanks)
    if blanks == 0:
        assert outcome.nodes == 0


def mrv_oracle(puzzle: str) -> tuple[str | None, int]:
    """The notes' MRV search, written plainly: the first solution and the placements
    tried. Each step takes the blank with the fewest candidates (the lowest index among
    equals) and tries its digits in ascending order; a placement is counted, and
    skipped when it leaves a blank peer without a candidate (fail-fast)."""
    grid = list(puzzle)
    nodes = 0

    def step() -> bool:
        nonlocal nodes
        blanks = [c for c in range(81) if grid[c] == "."]
        if not blanks:
            return True
        _, cell = min((len(naive_candidates("".join(grid), c)), c) for c in blanks)
        for d in sorted(naive_candidates("".join(grid), cell)):
            nodes += 1
            grid[cell] = str(d)
            now = "".join(grid)
            peers = [q for q in mrv.PEERS[cell] if grid[q] == "."]
            if all(naive_candidates(now, q) for q in peers) and step():
                return True
            grid[cell] = "."
        return False

    return ("".join(grid) if step() else None), nodes


@given(puzzles(0, 50))
@settings(max_examples=30)
def test_search_order_and_nodes_follow_the_notes(puzzle: str) -> None:
    # first_solution p == (the oracle's first solution, its placements tried)
    found = mrv.first_solution(puzzle)
    assert found is not None and (found.solution, found.nodes) == mrv_oracle(puzzle), puzzle


def test_search_order_and_nodes_on_the_sample_and_the_empty_grid() -> None:
    for puzzle in (SAMPLE_PUZZLE, "." * 81):
        found = mrv.first_solution(puzzle)
        assert found is not None and (found.solution, found.nodes) == mrv_oracle(puzzle), puzzle


def test_search_of_a_full_grid_places_nothing() -> None:
    # a grid with no blank: found at once, no node, not given up
    assert mrv.search(SAMPLE_SOLUTION) == (None, True, 0, False)


def test_fill_writes_the_placements() -> None:
    placed: mrv.Placed = None
    for cell, ch in enumerate(SAMPLE_SOLUTION):
        if SAMPLE_PUZZLE[cell] == ".":
            placed = (cell, int(ch), placed)
    assert mrv.fill(SAMPLE_PUZZLE, placed) == SAMPLE_SOLUTION
