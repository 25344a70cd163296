"""Sarkar's "Writing a Fast Sudoku Solver in Haskell #2": only what #2 changes.

Sections: Singles, Twins and Triplets; A Little Forward, a Little Backward
(``exclusivePossibilities``); Pruning the Cells, Exclusively (``makeCell``,
``pruneCellsByFixed``, ``pruneCellsByExclusives``, ``fixM``, the new ``pruneCells``).
Everything else (``pruneGrid``, ``nextGrids``, ``solve``, ...) is #1's
(:mod:`fsudoku.sarkar1`), run with this module's :func:`prune_cells`.

Glossary: ``row``/``cells`` one unit; ``exclusives`` the digit groups found in it;
``is`` a list of (1-based) cell positions; ``xs`` a list of digits.

As published, the Exclusives of a unit are compared as lists whose digits come out in
opposite orders, so only Singles prune: this module is that published behaviour (the
``exclusives`` solver). The intended behaviour, and the difference, are in
:mod:`fsudoku.erratum` (the ``exclusives-sets`` solver).

>>> from fsudoku.grid_io import read_grid, show_grid, SAMPLE
>>> print(show_grid(solve(read_grid(SAMPLE).unwrap()).unwrap()), end="")
6 9 3 7 8 4 5 1 2
4 8 7 5 1 2 9 3 6
1 2 5 9 6 3 8 7 4
9 3 2 6 5 1 4 8 7
5 6 8 2 4 7 3 9 1
7 4 1 3 9 8 6 2 5
3 1 9 4 7 5 2 6 8
8 5 6 1 2 9 7 4 3
2 7 4 8 3 6 1 5 9
"""

from __future__ import annotations

from functools import partial

from returns.maybe import Maybe, Nothing, Some

from fsudoku import sarkar1
from fsudoku.cell import Cell, Fixed, Grid, Possible, Row
from fsudoku.fp import fix_m, traverse
from fsudoku.sarkar1 import is_possible
from fsudoku.tz import pipe

__all__ = [
    "SAMPLE_ROW",
    "TWINS_ROW",
    "exclusive_possibilities",
    "is_possible",
    "make_cell",
    "prune_cells",
    "prune_cells_by_exclusives",
    "prune_cells_by_fixed",
    "prune_grid",
    "solve",
]

# ---------------------------------------------------------------------------
# A Little Forward, a Little Backward

SAMPLE_ROW: Row = (
    Possible((4, 6, 9)),
    Fixed(1),
    Fixed(5),
    Possible((6, 9)),
    Fixed(7),
    Possible((2, 3, 6, 8, 9)),
    Possible((6, 9)),
    Possible((2, 3, 6, 8, 9)),
    Possible((2, 3, 6, 8, 9)),
)
"""The sample row of #2's "A Little Forward, a Little Backward"."""

TWINS_ROW: Row = (
    Possible((1, 4, 9)),
    Fixed(3),
    Possible((1, 4, 5, 6, 7, 9)),
    Possible((1, 4, 8, 9)),
    Possible((1, 4, 6, 8, 9)),
    Possible((1, 4, 6, 8, 9)),
    Possible((1, 4, 8, 9)),
    Fixed(2),
    Possible((1, 4, 5, 6, 7, 8, 9)),
)
"""The Twins row of #2's "Singles, Twins and Triplets" (5 and 7 only in cells 3 and 9)."""


def number_cells(row: Row) -> list[tuple[int, Cell]]:
    """Number a unit's cells from 1 (nine at most): step 1 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): ``zip [1..9]``; a tenth cell
    and after are dropped, as ``zip`` drops them.

    The step's type in the Haskell: ``:: [Cell] -> [(Int, Cell)]``.

    >>> number_cells((Fixed(3), Possible((1, 2))))
    [(1, Fixed 3), (2, Possible [1,2])]
    """
    return list(zip(range(1, 10), row, strict=False))


def non_fixed_cells(numbered: list[tuple[int, Cell]]) -> list[tuple[int, Possible]]:
    """Keep the numbered cells that are not fixed: step 2 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): ``filter (isPossible . snd)``.

    The step's type in the Haskell: ``:: [(Int, Cell)] -> [(Int, Cell)]``.

    >>> non_fixed_cells([(1, Fixed(3)), (2, Possible((1, 2)))])
    [(2, Possible [1,2])]
    """
    return [(i, c) for i, c in numbered if isinstance(c, Possible)]


def prepend(new: list[int], old: list[int]) -> list[int]:
    """The one element of ``new`` put in front of ``old``: how steps 3 and 5 insert.

    Haskell (#2, "A Little Forward, a Little Backward", local to ``exclusivePossibilities``):
    ``prepend :: [a] -> [a] -> [a]``, the type GHC infers (its first argument matched
    lazily): what ``Map.insertWith`` combines a new value and the one at its key with.

    >>> prepend([3], [2, 1])
    [3, 2, 1]
    """
    (y,) = new
    return [y, *old]


def cells_of_digits(numbered: list[tuple[int, Possible]]) -> dict[int, list[int]]:
    """Map each digit to its cells, the last cell first: step 3 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): a ``Data.Map`` built by a
    nested ``foldl'`` over the cells and their digits with ``Map.insertWith prepend``,
    which puts each new cell in front, so a digit's cells come out descending. The
    ``dict`` is in key order, as a ``Data.Map`` is.

    The step's type in the Haskell: ``:: [(Int, Cell)] -> Map.Map Int [Int]``.

    >>> cells_of_digits([(1, Possible((2, 5))), (3, Possible((1, 2)))])
    {1: [3], 2: [3, 1], 5: [1]}
    """
    cells: dict[int, list[int]] = {}
    for i, cell in numbered:
        for x in cell.values:
            cells[x] = prepend([i], cells[x]) if x in cells else [i]  # Map.insertWith
    return dict(sorted(cells.items()))


def digits_in_fewer_than_four_cells(cells: dict[int, list[int]]) -> dict[int, list[int]]:
    """Drop the digits found in four cells or more: step 4 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): ``Map.filter`` on the length.

    The step's type in the Haskell: ``:: Map.Map Int [Int] -> Map.Map Int [Int]``.

    >>> digits_in_fewer_than_four_cells({1: [4, 3, 2, 1], 2: [3, 1]})
    {2: [3, 1]}
    """
    return {x: is_ for x, is_ in cells.items() if len(is_) < 4}


def digits_of_cells(cells: dict[int, list[int]]) -> dict[tuple[int, ...], list[int]]:
    """Flip the map, each list of cells to its digits: step 5 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): ``Map.foldlWithKey'`` over the
    digits in ascending order into a new map with ``Map.insertWith``, which puts each new
    digit in front, so each list of digits comes out descending. A list of cells, the
    new map's key, is a tuple here; the ``dict`` is in key order.

    The step's type in the Haskell: ``:: Map.Map Int [Int] -> Map.Map [Int] [Int]``.

    >>> digits_of_cells({1: [1], 2: [3, 1], 5: [3], 7: [3, 1]})
    {(1,): [1], (3,): [5], (3, 1): [7, 2]}
    """
    digits: dict[tuple[int, ...], list[int]] = {}
    for x, is_ in cells.items():  # digits in ascending order, as a Map folds its keys
        key = tuple(is_)
        digits[key] = prepend([x], digits[key]) if key in digits else [x]  # Map.insertWith
    return dict(sorted(digits.items()))


def groups_with_as_many_digits_as_cells(
    digits: dict[tuple[int, ...], list[int]],
) -> dict[tuple[int, ...], list[int]]:
    """Keep the cell lists with as many digits as cells: step 6 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): ``Map.filterWithKey`` on the
    two lengths.

    The step's type in the Haskell: ``:: Map.Map [Int] [Int] -> Map.Map [Int] [Int]``.

    >>> groups_with_as_many_digits_as_cells({(1,): [1], (3,): [5, 2], (3, 1): [7, 2]})
    {(1,): [1], (3, 1): [7, 2]}
    """
    return {is_: xs for is_, xs in digits.items() if len(is_) == len(xs)}


def exclusive_groups(groups: dict[tuple[int, ...], list[int]]) -> list[list[int]]:
    """The digit lists of the map, in key order: step 7 of ``exclusivePossibilities``.

    Haskell (#2, "A Little Forward, a Little Backward"): ``Map.elems``.

    The step's type in the Haskell: ``:: Map.Map [Int] [Int] -> [[Int]]``.

    >>> exclusive_groups({(1,): [1], (3, 1): [7, 2]})
    [[1], [7, 2]]
    """
    return list(groups.values())


def exclusive_possibilities(row: Row) -> list[list[int]]:
    """The groups of n digits that occur in exactly the same n cells (n < 4) of a unit.

    Haskell (#2, "A Little Forward, a Little Backward"):
    ``exclusivePossibilities :: [Cell] -> [[Int]]``, a pipeline of seven steps (``&``,
    :func:`fsudoku.tz.pipe`), here the seven functions above in the same order: :func:`number_cells`,
    :func:`non_fixed_cells`, :func:`cells_of_digits`,
    :func:`digits_in_fewer_than_four_cells`, :func:`digits_of_cells`,
    :func:`groups_with_as_many_digits_as_cells`, :func:`exclusive_groups`.
    ``tests/port/test_articles.py`` compares the value of each step on the article's
    sample row with the value the article prints.

    >>> exclusive_possibilities(SAMPLE_ROW)
    [[4], [8, 3, 2]]
    """
    groups: list[list[int]] = pipe(
        row,
        number_cells,
        non_fixed_cells,
        cells_of_digits,
        digits_in_fewer_than_four_cells,
        digits_of_cells,
        groups_with_as_many_digits_as_cells,
        exclusive_groups,
    )
    return groups


# ---------------------------------------------------------------------------
# Pruning the Cells, Exclusively


def make_cell(ys: list[int] | tuple[int, ...]) -> Maybe[Cell]:
    """No digits: ``Nothing``; one: a fixed cell; more: a cell with those possibilities.

    Haskell (#2, "Pruning the Cells, Exclusively"): ``makeCell :: [Int] -> Maybe Cell``

    >>> make_cell([]), make_cell([7]), make_cell([5, 7])
    (<Nothing>, <Some: Fixed 7>, <Some: Possible [5,7]>)
    """
    if not ys:
        return Nothing
    if len(ys) == 1:
        return Some(Fixed(ys[0]))
    return Some(Possible(tuple(ys)))


def prune_cells_by_fixed(cells: Row) -> Maybe[Row]:
    """Remove the digits of the unit's fixed cells from its other cells (#1's rule).

    Haskell (#2, "Pruning the Cells, Exclusively"):
    ``pruneCellsByFixed :: [Cell] -> Maybe [Cell]``, #1's ``pruneCells`` with the case
    analysis moved into ``makeCell``.

    >>> prune_cells_by_fixed((Fixed(4), Possible((4, 6)), Possible((1, 2))))
    <Some: (Fixed 4, Fixed 6, Possible [1,2])>
    """
    fixeds = [x.value for x in cells if isinstance(x, Fixed)]

    def prune_cell(cell: Cell) -> Maybe[Cell]:
        if isinstance(cell, Possible):
            return make_cell([x for x in cell.values if x not in fixeds])
        return Some(cell)

    return traverse(prune_cell, cells)


def prune_cells_by_exclusives(cells: Row) -> Maybe[Row]:
    """Prune each cell to its Exclusive digits, when those form one of the unit's groups.

    Haskell (#2, "Pruning the Cells, Exclusively"):
    ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]``. A cell's digits are cut down to
    those that belong to some group; if what is left is itself one of the groups, the
    cell becomes that (fixed, for a group of one); a unit with no group is unchanged.

    As published, a group's digits are descending and a cell's ascending, compared as
    lists: only one-digit groups match, and the Twins of the article stay (the intended
    variant, over sorted groups, is :mod:`fsudoku.erratum`'s).

    >>> prune_cells_by_exclusives(TWINS_ROW) == Some(TWINS_ROW)
    True
    >>> prune_cells_by_exclusives(SAMPLE_ROW).unwrap()[0]
    Fixed 4
    """
    exclusives = exclusive_possibilities(cells)
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


def prune_cells(cells: Row) -> Maybe[Row]:
    """Prune a unit by its fixed digits until that settles, then by its Exclusives until that settles.

    Haskell (#2, "Pruning the Cells, Exclusively"): ``pruneCells :: [Cell] -> Maybe [Cell]``,
    ``fixM pruneCellsByFixed`` then ``fixM pruneCellsByExclusives`` in the ``Maybe`` monad.

    >>> from fsudoku.grid_io import show_possibilities_row
    >>> print(show_possibilities_row(prune_cells(SAMPLE_ROW).unwrap()).rstrip())
    4           1           5           [     6  9] 7           [ 23  6 89] [     6  9] [ 23  6 89] [ 23  6 89]
    """
    return fix_m(prune_cells_by_fixed, cells).bind(partial(fix_m, prune_cells_by_exclusives))


def prune_grid(grid: Grid) -> Maybe[Grid]:
    """Prune the grid to its fixed point with #2's cell pruner.

    Haskell (#2): ``pruneGrid :: Grid -> Maybe Grid``, #1's, over the new ``pruneCells``.
    """
    return sarkar1.prune_grid(grid, prune_cells)


def solve(grid: Grid) -> Maybe[Grid]:
    """Solve with #2's cell pruner (the ``exclusives`` solver).

    Haskell (#2): ``solve :: Grid -> Maybe Grid``, #1's, over the new ``pruneCells``.
    """
    return sarkar1.solve(grid, prune_cells)
