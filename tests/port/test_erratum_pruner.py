"""The erratum's cell pruner and search: ``fixM`` on both passes, and its own pruner.

``prune_cells_sets`` is #2's ``pruneCells`` over the sorted groups: each of its two
passes is repeated to its fixed point (``fixM``). ``solve_sets`` searches with that
pruner, not #1's or #2's; on a puzzle with several solutions, the first solution it
finds is its own (``tests/golden/recorded/exclusives-sets.tsv``).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from recorded_outputs import expected, puzzles, recorded

from fsudoku import erratum, sarkar1, sarkar2
from fsudoku.cell import Cell, Fixed, Possible
from fsudoku.fp import fix_m
from fsudoku.grid_io import read_grid, show_line
from fsudoku.testing.strategies import rows_of_cells


def pairs(*digits: tuple[int, int]) -> tuple[Cell, ...]:
    return tuple(Possible(d) for d in digits)


CHAIN: tuple[Cell, ...] = (
    Fixed(1),
    *pairs((1, 2), (2, 3), (3, 4), (4, 5), (5, 6), (6, 7), (7, 8), (8, 9)),
)
"""Each cell fixes the next one, on the next pass of ``pruneCellsByFixed`` only."""

TWO_ROUNDS: tuple[Cell, ...] = (
    Possible((4, 5, 6, 7, 9)),
    Possible((6, 7)),
    Possible((1, 2, 5, 7, 9)),
    Possible((5, 9)),
    Possible((1, 3, 5, 7, 9)),
    Possible((3, 7, 8)),
    Possible((4, 7)),
    Possible((4, 7, 8)),
    Fixed(7),
)
"""A unit on which one Exclusives pass (after the fixed-digit passes) is not the end:
what it prunes makes a new group for the next pass."""


def test_the_fixed_digit_passes_run_to_their_fixed_point() -> None:
    one_pass = sarkar2.prune_cells_by_fixed(CHAIN).unwrap()
    assert one_pass[2] == Possible((2, 3)), one_pass  # a second pass is needed
    assert erratum.prune_cells_sets(CHAIN).unwrap() == tuple(Fixed(d) for d in range(1, 10))


def test_the_exclusives_passes_run_to_their_fixed_point() -> None:
    settled = fix_m(sarkar2.prune_cells_by_fixed, TWO_ROUNDS).unwrap()
    once = erratum.prune_cells_by_exclusives_sets(settled).unwrap()
    assert erratum.prune_cells_by_exclusives_sets(once).unwrap() != once  # not the end
    pruned = erratum.prune_cells_sets(TWO_ROUNDS).unwrap()
    assert erratum.prune_cells_by_exclusives_sets(pruned).unwrap() == pruned
    assert pruned != once


@given(rows_of_cells())
def test_the_set_comparing_pruner_leaves_nothing_for_its_exclusives_pass(
    row: tuple[Cell, ...],
) -> None:
    pruned = erratum.prune_cells_sets(row)
    assert pruned.bind(erratum.prune_cells_by_exclusives_sets) == pruned, row


SEVERAL = [173, 181]
"""Lines of the main golden set with several solutions where the set-comparing search's
first solution is neither #1's nor (181) #2's, found in a few nodes."""


@pytest.mark.parametrize("index", SEVERAL)
def test_the_search_with_the_set_comparing_pruner_finds_its_own_first_solution(index: int) -> None:
    kind, line = puzzles()[index]
    assert kind == "several-deep", kind
    grid = read_grid(line).unwrap()
    mine = recorded("exclusives-sets")[index].solution
    assert mine is not None and mine != expected("simple")[index].solution
    assert erratum.solve_sets(grid).map(show_line).unwrap() == mine
    assert sarkar1.solve(grid).map(show_line).unwrap() != mine  # the test can tell
