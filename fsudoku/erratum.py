"""The erratum of Sarkar's #2: Exclusives compared as sets, as the article's prose intends.

In "A Little Forward, a Little Backward" the groups of ``exclusivePossibilities`` are
built by putting each new element in front, so a group's digits come out descending
(``[8,3,2]`` on the sample row). ``pruneCellsByExclusives`` then asks whether a cell's
digits, kept in their ascending order (``[2,3,8]``), are one of the groups: as lists,
they never are, unless the group has a single digit. So the published code prunes
Singles only, while the prose describes Twins and Triplets pruning too.

fsudoku keeps the published code as the reference (:mod:`fsudoku.sarkar2`, the
``exclusives`` solver), and this module is the intended behaviour, a named variant
(the ``exclusives-sets`` solver): the same functions over groups sorted ascending, so
the comparison is the comparison of sets. Its ``pruneCellsByExclusives`` is its own
function, #2's body with the sorted groups. The difference, on the article's Twins row:

>>> from fsudoku import sarkar2
>>> from fsudoku.grid_io import show_possibilities_row
>>> sarkar2.prune_cells_by_exclusives(sarkar2.TWINS_ROW).unwrap() == sarkar2.TWINS_ROW
True
>>> print(show_possibilities_row(prune_cells_by_exclusives_sets(sarkar2.TWINS_ROW).unwrap()))
[1  4    9] 3           [    5 7  ] [1  4   89] [1  4 6 89] [1  4 6 89] [1  4   89] 2           [    5 7  ]

docs/errata.md shows what it changes on whole puzzles.
"""

from __future__ import annotations

from functools import partial

from returns.maybe import Maybe, Some

from fsudoku import sarkar1
from fsudoku.cell import Cell, Fixed, Grid, Row
from fsudoku.fp import fix_m, traverse
from fsudoku.sarkar2 import exclusive_possibilities, make_cell, prune_cells_by_fixed

__all__ = [
    "exclusive_possibilities_sets",
    "prune_cells_by_exclusives_sets",
    "prune_cells_sets",
    "prune_grid_sets",
    "solve_sets",
]


def exclusive_possibilities_sets(row: Row) -> list[list[int]]:
    """The Exclusives of a unit with each group's digits ascending, as a cell's are.

    Haskell: ``map sort . exclusivePossibilities :: [Cell] -> [[Int]]``: the
    one-line fix (Sarkar #2, "A Little Forward, a Little Backward").

    >>> from fsudoku.sarkar2 import SAMPLE_ROW
    >>> exclusive_possibilities_sets(SAMPLE_ROW)
    [[4], [2, 3, 8]]
    """
    return [sorted(xs) for xs in exclusive_possibilities(row)]


def prune_cells_by_exclusives_sets(cells: Row) -> Maybe[Row]:
    """Prune each cell to its Exclusive digits over the sorted groups: Twins and Triplets prune.

    Haskell: ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the
    Cells, Exclusively") with its ``exclusives`` bound to ``map sort (exclusivePossibilities
    cells)``; the rest of the body is #2's.

    >>> from fsudoku.sarkar2 import TWINS_ROW
    >>> prune_cells_by_exclusives_sets(TWINS_ROW).unwrap()[8]
    Possible [5,7]
    """
    exclusives = exclusive_possibilities_sets(cells)
    if not exclusives:
        return Some(cells)
    all_exclusives = [x for xs in exclusives for x in xs]

    def prune_cell(cell: Cell) -> Maybe[Cell]:
        if isinstance(cell, Fixed):
            return Some(cell)
        intersection = [x for x in cell.values if x in all_exclusives]
        if intersection in exclusives:
            return make_cell(intersection)
        return Some(cell)

    return traverse(prune_cell, cells)


def prune_cells_sets(cells: Row) -> Maybe[Row]:
    """#2's cell pruner with the set-comparing Exclusives (the ``exclusives-sets`` rule).

    Haskell: ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the Cells,
    Exclusively") over the sorted groups.

    >>> from fsudoku.sarkar2 import TWINS_ROW
    >>> prune_cells_sets(TWINS_ROW).unwrap()[2]
    Possible [5,7]
    """
    return fix_m(prune_cells_by_fixed, cells).bind(partial(fix_m, prune_cells_by_exclusives_sets))


def prune_grid_sets(grid: Grid) -> Maybe[Grid]:
    """Prune the grid to its fixed point with the set-comparing Exclusives.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1) over :func:`prune_cells_sets`.
    """
    return sarkar1.prune_grid(grid, prune_cells_sets)


def solve_sets(grid: Grid) -> Maybe[Grid]:
    """Solve with the set-comparing Exclusives (the ``exclusives-sets`` solver).

    Haskell: ``solve :: Grid -> Maybe Grid`` (Sarkar #1) over :func:`prune_cells_sets`.
    """
    return sarkar1.solve(grid, prune_cells_sets)
