"""Sarkar's "Writing a Fast Sudoku Solver in Haskell #2": only what #2 changes.

Sections: Singles, Twins and Triplets; A Little Forward, a Little Backward
(``exclusivePossibilities``); Pruning the Cells, Exclusively (``makeCell``,
``pruneCellsByFixed``, ``pruneCellsByExclusives``, ``fixM``, the new ``pruneCells``).
Everything else (``pruneGrid``, ``nextGrids``, ``solve``, ...) is #1's
(:mod:`fsudoku.sarkar1`), run with this module's :func:`prune_cells`.

Glossary: ``row``/``cells`` one unit; ``exclusives`` the digit groups found in it;
``is`` a list of (1-based) cell positions; ``xs`` a list of digits.

Erratum kept (see README, "Errata"): as published, each group's digits come out
descending (``[8,3,2]``) while a cell's intersection is ascending (``[2,3,8]``), and
they are compared as lists, so only one-digit groups (Singles) ever prune. That is
the reference behaviour (``exclusives``). The prose's intent, groups compared as
sets so that Twins and Triplets prune, is the named variant :func:`prune_cells_sets`
(``exclusives-sets``).

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

from collections.abc import Callable

from returns.maybe import Maybe, Some

from fsudoku import sarkar1
from fsudoku.cell import FIXED, JUST_FIXED, Cell, Fixed, Grid, Possible, Row, maybe_cell, possible
from fsudoku.fp import fix_m, kleisli, traverse
from fsudoku.sarkar1 import is_possible

__all__ = [
    "SAMPLE_ROW",
    "TWINS_ROW",
    "exclusive_possibilities",
    "exclusive_possibilities_sets",
    "is_possible",
    "make_cell",
    "prune_cells",
    "prune_cells_by_exclusives",
    "prune_cells_by_exclusives_sets",
    "prune_cells_by_fixed",
    "prune_cells_sets",
    "prune_grid",
    "prune_grid_sets",
    "solve",
    "solve_sets",
]

# ---------------------------------------------------------------------------
# A Little Forward, a Little Backward

SAMPLE_ROW: Row = (
    possible((4, 6, 9)),
    FIXED[1],
    FIXED[5],
    possible((6, 9)),
    FIXED[7],
    possible((2, 3, 6, 8, 9)),
    possible((6, 9)),
    possible((2, 3, 6, 8, 9)),
    possible((2, 3, 6, 8, 9)),
)
"""The sample row of #2's "A Little Forward, a Little Backward"."""

TWINS_ROW: Row = (
    possible((1, 4, 9)),
    FIXED[3],
    possible((1, 4, 5, 6, 7, 9)),
    possible((1, 4, 8, 9)),
    possible((1, 4, 6, 8, 9)),
    possible((1, 4, 6, 8, 9)),
    possible((1, 4, 8, 9)),
    FIXED[2],
    possible((1, 4, 5, 6, 7, 8, 9)),
)
"""The Twins row of #2's "Singles, Twins and Triplets" (5 and 7 only in cells 3 and 9)."""


def exclusive_possibilities(row: Row) -> list[list[int]]:
    """The groups of n digits that occur in exactly the same n cells (n < 4) of a unit.

    Haskell (#2, "A Little Forward, a Little Backward")::

        exclusivePossibilities :: [Cell] -> [[Int]]

    The seven steps of the article, with its sample values, are the steps below.

    >>> exclusive_possibilities(SAMPLE_ROW)
    [[4], [8, 3, 2]]
    """
    # input
    # [Possible [4,6,9], Fixed 1, Fixed 5, Possible [6,9], Fixed 7, Possible [2,3,6,8,9],
    #  Possible [6,9], Possible [2,3,6,8,9], Possible [2,3,6,8,9]]

    # step 1: zip [1..9]
    step1 = list(zip(range(1, 10), row, strict=False))
    # [(1,Possible [4,6,9]),(2,Fixed 1),(3,Fixed 5),(4,Possible [6,9]),(5,Fixed 7),
    #  (6,Possible [2,3,6,8,9]),(7,Possible [6,9]),(8,Possible [2,3,6,8,9]),(9,Possible [2,3,6,8,9])]

    # step 2: filter (isPossible . snd)
    step2 = [(i, c) for i, c in step1 if isinstance(c, Possible)]
    # [(1,Possible [4,6,9]),(4,Possible [6,9]),(6,Possible [2,3,6,8,9]),
    #  (7,Possible [6,9]),(8,Possible [2,3,6,8,9]),(9,Possible [2,3,6,8,9])]

    # step 3: foldl' (\acc ~(i, Possible xs) -> foldl' (\acc' x -> Map.insertWith prepend x [i] acc') acc xs) Map.empty
    step3: dict[int, list[int]] = {}
    for i, cell in step2:
        for x in cell.values:
            step3[x] = [i, *step3.get(x, ())]  # prepend: cell lists come out descending
    # fromList [(2,[9,8,6]),(3,[9,8,6]),(4,[1]),(6,[9,8,7,6,4,1]),(8,[9,8,6]),(9,[9,8,7,6,4,1])]

    # step 4: Map.filter ((< 4) . length)
    step4 = {x: is_ for x, is_ in sorted(step3.items()) if len(is_) < 4}
    # fromList [(2,[9,8,6]),(3,[9,8,6]),(4,[1]),(8,[9,8,6])]

    # step 5: Map.foldlWithKey' (\acc x is -> Map.insertWith prepend is [x] acc) Map.empty
    step5: dict[tuple[int, ...], list[int]] = {}
    for x, is_ in step4.items():  # keys ascending, as Map folds them
        key = tuple(is_)
        step5[key] = [x, *step5.get(key, ())]  # prepend: digit lists come out descending
    # fromList [([1],[4]),([9,8,6],[8,3,2])]

    # step 6: Map.filterWithKey (\is xs -> length is == length xs)
    step6 = {is_: xs for is_, xs in step5.items() if len(is_) == len(xs)}
    # fromList [([1],[4]),([9,8,6],[8,3,2])]

    # step 7: Map.elems (in key order)
    return [step6[is_] for is_ in sorted(step6)]
    # [[4],[8,3,2]]


# ---------------------------------------------------------------------------
# Pruning the Cells, Exclusively


def make_cell(ys: list[int] | tuple[int, ...]) -> Maybe[Cell]:
    """No digits: ``Nothing``; one: a fixed cell; more: a cell with those possibilities.

    Haskell (#2, "Pruning the Cells, Exclusively")::

        makeCell :: [Int] -> Maybe Cell
        makeCell ys = case ys of
          [] -> Nothing
          [y] -> Just $ Fixed y
          _ -> Just $ Possible ys

    >>> make_cell([]), make_cell([7]), make_cell([5, 7])
    (<Nothing>, <Some: Fixed 7>, <Some: Possible [5,7]>)
    """
    return maybe_cell(tuple(ys))


def prune_cells_by_fixed(cells: Row) -> Maybe[Row]:
    """#1's ``pruneCells``, through ``makeCell``.

    Haskell (#2, "Pruning the Cells, Exclusively")::

        pruneCellsByFixed :: [Cell] -> Maybe [Cell]
        pruneCellsByFixed cells = traverse pruneCell cells
          where
            fixeds = [x | Fixed x <- cells]
            pruneCell (Possible xs) = makeCell (xs Data.List.\\\\ fixeds)
            pruneCell x = Just x

    >>> prune_cells_by_fixed((FIXED[4], possible((4, 6)), possible((1, 2))))
    <Some: (Fixed 4, Fixed 6, Possible [1,2])>
    """
    fixeds = frozenset(c.value for c in cells if isinstance(c, Fixed))

    def prune_cell(cell: Cell) -> Maybe[Cell]:
        if isinstance(cell, Possible):
            return make_cell(tuple(x for x in cell.values if x not in fixeds))
        return JUST_FIXED[cell.value]

    return traverse(prune_cell, cells)


def prune_cells_by_exclusives(
    cells: Row,
    exclusive_possibilities: Callable[[Row], list[list[int]]] = exclusive_possibilities,
) -> Maybe[Row]:
    """Prune each cell to its Exclusive digits, when those form one of the unit's groups.

    Haskell (#2, "Pruning the Cells, Exclusively"):
    ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]``. With ``exclusives`` the groups of
    the unit and ``allExclusives = concat exclusives``: a fixed cell stays; a cell
    ``Possible xs`` becomes ``makeCell intersection`` when
    ``intersection `elem` exclusives``, with ``intersection = xs `intersect` allExclusives``;
    no group at all leaves the cells as they are.

    As published, a group's digits are descending and ``intersection`` ascending,
    compared as lists: only one-digit groups match. The Twins of the article stay
    (``exclusive_possibilities`` is a parameter only so that the intended variant,
    :func:`prune_cells_by_exclusives_sets`, can pass sorted groups):

    >>> prune_cells_by_exclusives(TWINS_ROW) == Some(TWINS_ROW)
    True
    >>> prune_cells_by_exclusives(SAMPLE_ROW).unwrap()[0]
    Fixed 4
    """
    exclusives = exclusive_possibilities(cells)
    if not exclusives:
        return Some(cells)
    all_exclusives = frozenset(x for xs in exclusives for x in xs)

    def prune_cell(cell: Cell) -> Maybe[Cell]:
        if isinstance(cell, Fixed):
            return JUST_FIXED[cell.value]
        intersection = [x for x in cell.values if x in all_exclusives]
        if intersection in exclusives:
            return make_cell(intersection)
        return maybe_cell(cell.values)

    return traverse(prune_cell, cells)


def prune_cells(cells: Row) -> Maybe[Row]:
    """Prune a unit by its fixed digits to a fixed point, then by its Exclusives.

    Haskell (#2, "Pruning the Cells, Exclusively")::

        pruneCells :: [Cell] -> Maybe [Cell]
        pruneCells cells = fixM pruneCellsByFixed cells >>= fixM pruneCellsByExclusives

    >>> from fsudoku.grid_io import show_possibilities_row
    >>> print(show_possibilities_row(prune_cells(SAMPLE_ROW).unwrap()).rstrip())
    4           1           5           [     6  9] 7           [ 23  6 89] [     6  9] [ 23  6 89] [ 23  6 89]
    """
    return _prune_cells(cells)


def _settle_by_fixed(cells: Row) -> Maybe[Row]:
    """``fixM pruneCellsByFixed``."""
    return fix_m(prune_cells_by_fixed, cells)


def _settle_by_exclusives(cells: Row) -> Maybe[Row]:
    """``fixM pruneCellsByExclusives``."""
    return fix_m(prune_cells_by_exclusives, cells)


_prune_cells = kleisli(_settle_by_fixed, _settle_by_exclusives)


def prune_grid(grid: Grid) -> Maybe[Grid]:
    """#1's ``pruneGrid`` with #2's ``pruneCells``."""
    return sarkar1.prune_grid(grid, prune_cells)


def solve(grid: Grid) -> Maybe[Grid]:
    """#1's ``solve`` with #2's ``pruneCells`` (the ``exclusives`` solver)."""
    return sarkar1.solve(grid, prune_cells)


# ---------------------------------------------------------------------------
# The prose's intent: Exclusives compared as sets (named variant ``exclusives-sets``)


def exclusive_possibilities_sets(row: Row) -> list[list[int]]:
    """``exclusivePossibilities`` with each group's digits ascending, as a cell's
    intersection is: the one-line fix that makes Twins and Triplets prune, as the
    article's prose describes (``map sort . exclusivePossibilities``).

    >>> exclusive_possibilities_sets(SAMPLE_ROW)
    [[4], [2, 3, 8]]
    """
    return [sorted(xs) for xs in exclusive_possibilities(row)]


def prune_cells_by_exclusives_sets(cells: Row) -> Maybe[Row]:
    """``pruneCellsByExclusives`` over the sorted groups: Twins and Triplets prune.

    >>> from fsudoku.grid_io import show_possibilities_row
    >>> print(show_possibilities_row(prune_cells_by_exclusives_sets(TWINS_ROW).unwrap()))
    [1  4    9] 3           [    5 7  ] [1  4   89] [1  4 6 89] [1  4 6 89] [1  4   89] 2           [    5 7  ]
    """
    return prune_cells_by_exclusives(cells, exclusive_possibilities_sets)


def prune_cells_sets(cells: Row) -> Maybe[Row]:
    """``pruneCells`` of #2 with the set-comparing Exclusives (``exclusives-sets``)."""
    return _prune_cells_sets(cells)


def _settle_by_exclusives_sets(cells: Row) -> Maybe[Row]:
    """``fixM pruneCellsByExclusives`` with the set-comparing Exclusives."""
    return fix_m(prune_cells_by_exclusives_sets, cells)


_prune_cells_sets = kleisli(_settle_by_fixed, _settle_by_exclusives_sets)


def prune_grid_sets(grid: Grid) -> Maybe[Grid]:
    """``pruneGrid`` with the set-comparing Exclusives."""
    return sarkar1.prune_grid(grid, prune_cells_sets)


def solve_sets(grid: Grid) -> Maybe[Grid]:
    """``solve`` with the set-comparing Exclusives (the ``exclusives-sets`` solver)."""
    return sarkar1.solve(grid, prune_cells_sets)
