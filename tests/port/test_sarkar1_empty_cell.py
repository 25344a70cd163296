"""Sarkar #1's ``pruneCells``: a cell left with no digit fails the whole unit (``Nothing``).

The search would reject such a grid later anyway (``isGridInvalid`` sees the empty cell),
so the solutions and node counts do not show the difference: these tests look at the
pruning itself, a unit and a grid.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st
from returns.maybe import Nothing

from fsudoku import sarkar1
from fsudoku.cell import Cell, Fixed, Possible
from fsudoku.grid_io import read_grid
from fsudoku.testing.strategies import fixed_cells, possible_cells

EVERY = Possible(tuple(range(1, 10)))


def test_a_cell_whose_digits_are_all_fixed_elsewhere_fails_the_unit() -> None:
    row: tuple[Cell, ...] = (Fixed(1), Fixed(2), Possible((1, 2)), *(EVERY,) * 6)
    assert sarkar1.prune_cells(row) == Nothing


def test_the_same_cell_one_digit_short_of_that_is_fixed() -> None:
    row: tuple[Cell, ...] = (Fixed(1), Fixed(2), Possible((1, 2, 3)), *(EVERY,) * 6)
    pruned = sarkar1.prune_cells(row).unwrap()
    assert pruned[2] == Fixed(3), pruned


def test_a_column_that_empties_a_cell_fails_the_grid() -> None:
    # the row pass leaves cell 7 of row 0 with 8 and 9; its column holds both (rows 1
    # and 2): the column pass of the same pruneGrid' empties it, and the grid fails
    line = "1234567.." + ".......8." + ".......9." + "." * 54
    grid = read_grid(line).unwrap()
    assert sarkar1.prune_grid_once(grid) == Nothing
    assert sarkar1.prune_grid(grid) == Nothing


@given(st.lists(st.one_of(fixed_cells(), possible_cells()), min_size=9, max_size=9))
def test_a_unit_fails_exactly_when_a_cell_has_no_digit_left(cells: list[Cell]) -> None:
    fixeds = {c.value for c in cells if isinstance(c, Fixed)}
    emptied = any(isinstance(c, Possible) and set(c.values) <= fixeds for c in cells)
    pruned = sarkar1.prune_cells(tuple(cells))
    assert (pruned == Nothing) == emptied, (cells, pruned)
    if not emptied:
        for before, after in zip(cells, pruned.unwrap(), strict=True):
            kept = {after.value} if isinstance(after, Fixed) else set(after.values)
            was = {before.value} if isinstance(before, Fixed) else set(before.values)
            assert kept == (was if isinstance(before, Fixed) else was - fixeds)
