"""Sarkar's "Writing a Fast Sudoku Solver in Haskell" (#1), in the article's section order.

Sections: Pruning the Cells, Pruning the Grid, Making the Choice, Solving the Puzzle.
(Setting up, the types and ``readGrid``/``showGrid``, live in :mod:`fsudoku.cell` and
:mod:`fsudoku.grid_io`; the article's ``main`` is ``fsudoku solve``.)

Glossary: ``cells`` one unit (a row, a column, or a sub-grid seen as a row);
``fixeds`` the digits of its fixed cells; ``grid`` a :data:`Grid`; ``grid1``/``grid2``
the two grids ``nextGrids`` makes; a *node* is one call of ``solve``.

The grid-level functions take the cell pruner as a parameter, ``prune_cells``,
defaulting to this article's: #2 (:mod:`fsudoku.sarkar2`) redefines only
``pruneCells`` and reuses everything here, as the article does. :func:`solve_with` is
``solve`` with its recursive call as a parameter, and the functions it calls a record,
:class:`SolveParts`; node counts, node bounds and the trace of ``fsudoku explain`` wrap
that call and replace those functions (:mod:`fsudoku.run.trace`).

>>> from fsudoku.grid_io import read_grid, show_grid
>>> grid = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
>>> print(show_grid(solve(grid.unwrap()).unwrap()), end="")
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

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import partial
from itertools import count
from typing import TypeAlias, TypeVar

from returns.maybe import Maybe, Nothing, Some

from fsudoku.cell import Cell, Fixed, Grid, Possible, Row
from fsudoku.fp import alt, fix, fix_m, traverse
from fsudoku.tz import chunks_of, concat, transpose

A = TypeVar("A")

PruneCells: TypeAlias = Callable[[Row], Maybe[Row]]
"""``[Cell] -> Maybe [Cell]``, the type of ``pruneCells`` (both articles')."""

Solve: TypeAlias = Callable[[Grid], Maybe[Grid]]
"""``Grid -> Maybe Grid``, the type of ``solve``."""

# ---------------------------------------------------------------------------
# Pruning the Cells


def prune_cells(cells: Row) -> Maybe[Row]:
    """Remove the digits of the unit's fixed cells from its other cells.

    Haskell (#1, "Pruning the Cells"): ``pruneCells :: [Cell] -> Maybe [Cell]``.
    A cell left with no digit fails the unit (``Nothing``), a cell left with one becomes
    fixed. The fixed digits are collected once, before the pass: a cell fixed by this
    pass prunes the others only on the next pass.

    >>> from fsudoku.grid_io import read_grid, show_possibilities_row
    >>> grid = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...").unwrap()
    >>> print(show_possibilities_row(prune_cells(grid[0]).unwrap()))
    6           [ 2345 789] [ 2345 789] [ 2345 789] [ 2345 789] [ 2345 789] [ 2345 789] 1           [ 2345 789]
    """
    fixeds = [x.value for x in cells if isinstance(x, Fixed)]

    def prune_cell(cell: Cell) -> Maybe[Cell]:
        if isinstance(cell, Possible):
            ys = [x for x in cell.values if x not in fixeds]  # xs \\ fixeds
            if not ys:
                return Nothing
            if len(ys) == 1:
                return Some(Fixed(ys[0]))
            return Some(Possible(tuple(ys)))
        return Some(cell)

    return traverse(prune_cell, cells)


# ---------------------------------------------------------------------------
# Pruning the Grid


def sub_grids_to_rows(grid: Grid) -> Grid:
    """Turn each 3x3 sub-grid into a row (its own inverse).

    Haskell (#1, "Pruning the Grid"): ``subGridsToRows :: Grid -> Grid``. Bands of
    three rows are cut into thirds, and the thirds of each column of the band joined.

    >>> from fsudoku.grid_io import read_grid, show_grid
    >>> g = read_grid("693784512487512936125963874932651487568247391741398625319475268856129743274836159").unwrap()
    >>> print(show_grid(sub_grids_to_rows(g)), end="")
    6 9 3 4 8 7 1 2 5
    7 8 4 5 1 2 9 6 3
    5 1 2 9 3 6 8 7 4
    9 3 2 5 6 8 7 4 1
    6 5 1 2 4 7 3 9 8
    4 8 7 3 9 1 6 2 5
    3 1 9 8 5 6 2 7 4
    4 7 5 1 2 9 8 3 6
    2 6 8 7 4 3 1 5 9
    >>> sub_grids_to_rows(sub_grids_to_rows(g)) == g
    True
    """

    def band_to_rows(rows: tuple[Row, ...]) -> tuple[Row, ...]:
        r1, r2, r3 = (chunks_of(3, row) for row in rows)
        return tuple(a + b + c for a, b, c in zip(r1, r2, r3, strict=True))

    return concat(band_to_rows(rows) for rows in chunks_of(3, grid))


def prune_grid_once(grid: Grid, prune_cells: PruneCells = prune_cells) -> Maybe[Grid]:
    """Prune every row, then every column, then every sub-grid, once.

    Haskell (#1, "Pruning the Grid"): ``pruneGrid' :: Grid -> Maybe Grid``. Columns and
    sub-grids are pruned as rows of the transposed and of the regrouped grid, and turned
    back; a unit that fails fails the grid.

    The article's REPL example (the possibilities, then the 7 that pops up in row 7):

    >>> from fsudoku.grid_io import read_grid, show_grid, show_grid_with_possibilities
    >>> g = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    >>> g1 = prune_grid_once(g.unwrap()).unwrap()
    >>> for line in show_grid_with_possibilities(g1).splitlines():
    ...     print(line.rstrip())
    6           [  3   789] [  3 5 7 9] [ 23 5 7 9] [ 234  78 ] [ 2345 789] [    5 789] 1           [ 2345  89]
    4           [1 3   789] [  3 5 7 9] [ 23 567 9] [123  678 ] [123 5 789] [    56789] [ 23 56789] [ 23 56 89]
    [1   5 789] 2           [  3 5 7 9] [  3 567 9] [1 34 678 ] [1 345 789] [    56789] [  3456789] [  3456 89]
    [ 2      9] [  3  6  9] [ 23  6  9] [ 23  6   ] 5           [123    8 ] 4           [ 2   6 89] 7
    [ 2  5 7 9] [   4 67 9] 8           [ 2   67  ] [12 4 67  ] [12 4  7  ] 3           [ 2  56  9] [12  56  9]
    [ 2  5 7  ] [  34 67  ] 1           [ 23  67  ] 9           [ 234  78 ] [    56 8 ] [ 2  56 8 ] [ 2  56 8 ]
    3           [1    6789] [     67 9] 4           7           [    5 7 9] 2           [    56789] [1   56 89]
    [ 2    789] 5           [ 2 4 67 9] 1           [ 23   7  ] [ 23   7 9] [     6789] [  34 6789] [  34 6 89]
    [12    7 9] [1  4  7 9] [ 2 4  7 9] 8           [ 23   7  ] 6           [1   5 7 9] [  345 7 9] [1 345   9]
    >>> print(show_grid(g1).splitlines()[6])
    3 . . 4 7 . 2 . .
    """
    return (
        traverse(prune_cells, grid)
        .bind(lambda g: traverse(prune_cells, transpose(g)).map(transpose))
        .bind(lambda g: traverse(prune_cells, sub_grids_to_rows(g)).map(sub_grids_to_rows))
    )


def prune_grid(grid: Grid, prune_cells: PruneCells = prune_cells) -> Maybe[Grid]:
    """Prune the grid until a pass changes nothing (``Nothing`` if a unit fails).

    Haskell (#1, "Pruning the Grid"): ``pruneGrid :: Grid -> Maybe Grid``

    >>> from fsudoku.grid_io import read_grid, show_grid_with_possibilities
    >>> g = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    >>> for line in show_grid_with_possibilities(prune_grid(g.unwrap()).unwrap()).splitlines():
    ...     print(line.rstrip())
    6           [  3   789] [  3 5 7 9] [ 23 5 7 9] [ 234   8 ] [ 2345 789] [    5 789] 1           [ 2345  89]
    4           [1 3   789] [  3 5 7 9] [ 23 567 9] [123  6 8 ] [123 5 789] [    56789] [ 23 56789] [ 23 56 89]
    [1   5 789] 2           [  3 5 7 9] [  3 567 9] [1 34 6 8 ] [1 345 789] [    56789] [  3456789] [  3456 89]
    [ 2      9] [  3  6  9] [ 23  6  9] [ 23  6   ] 5           [123    8 ] 4           [ 2   6 89] 7
    [ 2  5 7 9] [   4 67 9] 8           [ 2   67  ] [12 4 6   ] [12 4  7  ] 3           [ 2  56  9] [12  56  9]
    [ 2  5 7  ] [  34 67  ] 1           [ 23  67  ] 9           [ 234  78 ] [    56 8 ] [ 2  56 8 ] [ 2  56 8 ]
    3           [1    6 89] [     6  9] 4           7           [    5   9] 2           [    56 89] [1   56 89]
    [ 2    789] 5           [ 2 4 67 9] 1           [ 23      ] [ 23     9] [     6789] [  34 6789] [  34 6 89]
    [12    7 9] [1  4  7 9] [ 2 4  7 9] 8           [ 23      ] 6           [1   5 7 9] [  345 7 9] [1 345   9]
    """
    return fix_m(partial(prune_grid_once, prune_cells=prune_cells), grid)


# ---------------------------------------------------------------------------
# Making the Choice


def is_possible(cell: Cell) -> bool:
    """Whether a cell is not yet fixed.

    Haskell: ``isPossible :: Cell -> Bool`` (local to ``nextGrids`` in #1, "Making the
    Choice"; top level in #2).

    >>> is_possible(Possible((1, 2))), is_possible(Fixed(3))
    (True, False)
    """
    return isinstance(cell, Possible)


def possibility_count(cell: Cell) -> int:
    """How many digits a cell may take (1 for a fixed cell).

    Haskell (#1, "Making the Choice", local to ``nextGrids``): ``possibilityCount :: Cell -> Int``

    >>> possibility_count(Possible((1, 2, 3))), possibility_count(Fixed(3))
    (3, 1)
    """
    return len(cell.values) if isinstance(cell, Possible) else 1


def fix_cell(ic: tuple[int, Cell]) -> tuple[int, Cell, Cell]:
    """Split a pivot into its smallest digit fixed, and the rest (fixed if one is left).

    Haskell (#1, "Making the Choice", local to ``nextGrids``):
    ``fixCell :: (Int, Cell) -> (Int, Cell, Cell)``; a fixed cell is an error there, a
    ``ValueError`` here.

    >>> fix_cell((3, Possible((2, 9)))), fix_cell((0, Possible((1, 5, 8))))
    ((3, Fixed 2, Fixed 9), (0, Fixed 1, Possible [5,8]))
    """
    i, cell = ic
    if isinstance(cell, Possible) and len(cell.values) == 2:
        x, y = cell.values
        return i, Fixed(x), Fixed(y)
    if isinstance(cell, Possible) and cell.values:
        return i, Fixed(cell.values[0]), Possible(cell.values[1:])
    raise ValueError("Impossible case")


def replace(p: int, f: Callable[[A], A], xs: Iterable[A]) -> tuple[A, ...]:
    """The list with its element at index ``p`` replaced by ``f`` of it.

    Haskell (#1, "Making the Choice", local to ``nextGrids``, after ``replace2D``):
    ``replace :: Int -> (a -> a) -> [a] -> [a]``, the type GHC infers (the text gives none).

    >>> replace(1, str.upper, "abc")
    ('a', 'B', 'c')
    """
    return tuple(f(x) if i == p else x for x, i in zip(xs, count()))


def replace_2d(i: int, v: A, grid: tuple[tuple[A, ...], ...]) -> tuple[tuple[A, ...], ...]:
    """The grid with the cell at row-major index ``i`` replaced by ``v``.

    Haskell (#1, "Making the Choice", local to ``nextGrids``):
    ``replace2D :: Int -> a -> [[a]] -> [[a]]``, row ``x`` replaced by the row with its
    cell ``y`` replaced (``const v``).

    >>> replace_2d(1, Fixed(5), ((Fixed(1), Fixed(2)),))
    ((Fixed 1, Fixed 5),)
    """
    x, y = i // 9, i % 9  # i `quot` 9, i `mod` 9

    def const_v(_: A) -> A:
        return v

    return replace(x, partial(replace, y, const_v), grid)


def pivot(grid: Grid) -> tuple[int, Cell, Cell]:
    """The pivot's index, the pivot fixed to its smallest digit, and the pivot without it.

    The pivot is the first non-fixed cell (row-major) with the fewest possibilities.
    Haskell (#1, "Making the Choice"): the ``(i, first, rest)`` binding inside
    ``nextGrids :: Grid -> (Grid, Grid)``,
    a pipeline of ``concat``, ``zip [0..]``, ``filter (isPossible . snd)``,
    ``minimumBy`` on the possibility count and ``fixCell`` (``min`` keeps the first of
    equal keys, as ``minimumBy`` does).

    >>> from fsudoku.grid_io import read_grid
    >>> g = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    >>> pivot(prune_grid(g.unwrap()).unwrap())
    (27, Fixed 2, Fixed 9)
    """
    return fix_cell(
        min(
            (ic for ic in enumerate(concat(grid)) if is_possible(ic[1])),
            key=lambda ic: possibility_count(ic[1]),
        )
    )


def next_grids(grid: Grid) -> tuple[Grid, Grid]:
    """The two grids of the next search step.

    The pivot fixed to its first digit, and the pivot with that digit removed.

    Haskell (#1, "Making the Choice"): ``nextGrids :: Grid -> (Grid, Grid)``

    >>> from fsudoku.grid_io import read_grid, show_grid_with_possibilities
    >>> g = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    >>> settled = prune_grid(g.unwrap()).unwrap()
    >>> grid1, grid2 = next_grids(settled)

    The row-4-column-1 cell, ``[2, 9]``, is the first with only two possibilities;
    both grids are the settled grid but for that cell:

    >>> print(show_grid_with_possibilities(grid1).splitlines()[3].rstrip())
    2           [  3  6  9] [ 23  6  9] [ 23  6   ] 5           [123    8 ] 4           [ 2   6 89] 7
    >>> print(show_grid_with_possibilities(grid2).splitlines()[3].rstrip())
    9           [  3  6  9] [ 23  6  9] [ 23  6   ] 5           [123    8 ] 4           [ 2   6 89] 7
    >>> [sum(a != b for a, b in zip(concat(x), concat(settled))) for x in (grid1, grid2)]
    [1, 1]
    """
    i, first, rest = pivot(grid)
    return replace_2d(i, first, grid), replace_2d(i, rest, grid)


# ---------------------------------------------------------------------------
# Solving the Puzzle


def is_grid_filled(grid: Grid) -> bool:
    """Whether every cell is fixed.

    Haskell (#1, "Solving the Puzzle"): ``isGridFilled :: Grid -> Bool``

    >>> from fsudoku.grid_io import read_grid
    >>> is_grid_filled(read_grid("1" * 81).unwrap()), is_grid_filled(read_grid("." * 81).unwrap())
    (True, False)
    """
    return not any(isinstance(cell, Possible) for row in grid for cell in row)


def has_dups(xs: list[int]) -> bool:
    """Whether a list holds some element twice.

    Haskell (#1, "Solving the Puzzle", local to ``isGridInvalid``):
    ``hasDups :: Eq a => [a] -> Bool``, the type GHC infers: ``hasDups'`` with nothing seen yet.

    >>> has_dups([1, 2, 1]), has_dups([1, 2])
    (True, False)
    """
    return has_dups_seen(xs, [])


def has_dups_seen(ys: list[int], xs: list[int]) -> bool:
    """Whether ``ys`` holds some element twice, or one of ``xs`` (the elements seen before).

    Haskell (#1, "Solving the Puzzle", local to ``isGridInvalid``):
    ``hasDups' :: Eq a => [a] -> [a] -> Bool``, the type GHC infers; its recursion on ``y:ys`` is a loop, each
    ``y`` put in front of ``xs`` once looked for there.

    >>> has_dups_seen([1, 2], [3]), has_dups_seen([1, 2], [2])
    (False, True)
    """
    for y in ys:
        if y in xs:
            return True
        xs = [y, *xs]
    return False


def is_invalid_row(row: Row) -> bool:
    """Whether a unit repeats a fixed digit or has a cell with no possibilities.

    Haskell (#1, "Solving the Puzzle", local to ``isGridInvalid``): ``isInvalidRow :: [Cell] -> Bool``

    >>> is_invalid_row((Fixed(1), Fixed(1))), is_invalid_row((Fixed(1), Possible(())))
    (True, True)
    """
    fixeds = [c.value for c in row if isinstance(c, Fixed)]
    empty_possibles = [c for c in row if isinstance(c, Possible) and not c.values]
    return has_dups(fixeds) or bool(empty_possibles)


def is_grid_invalid(grid: Grid) -> bool:
    """Whether some row, column or sub-grid repeats a fixed digit or has an empty cell.

    Haskell (#1, "Solving the Puzzle"): ``isGridInvalid :: Grid -> Bool``

    >>> from fsudoku.grid_io import read_grid
    >>> is_grid_invalid(read_grid("11" + "." * 79).unwrap()), is_grid_invalid(read_grid("." * 81).unwrap())
    (True, False)
    """
    return (
        any(is_invalid_row(row) for row in grid)
        or any(is_invalid_row(row) for row in transpose(grid))
        or any(is_invalid_row(row) for row in sub_grids_to_rows(grid))
    )


@dataclass(frozen=True, slots=True)
class SolveParts:
    """The functions a search node is built from: the article's, unless replaced.

    Haskell (#1, "Solving the Puzzle"): the top-level functions that ``solve`` and its
    ``solve'`` call, ``pruneGrid``, ``isGridInvalid``, ``isGridFilled`` and ``nextGrids``,
    gathered in a record. #2 gives it another pruner (:func:`solve`); a traced run
    (:mod:`fsudoku.run.trace`) or a planted bug (``proofs.mutants``) gives it its own
    functions, and no module is patched.

    >>> SOLVE_PARTS.next_grids is next_grids
    True
    """

    prune_grid: Callable[[Grid], Maybe[Grid]] = prune_grid
    is_grid_invalid: Callable[[Grid], bool] = is_grid_invalid
    is_grid_filled: Callable[[Grid], bool] = is_grid_filled
    next_grids: Callable[[Grid], tuple[Grid, Grid]] = next_grids


SOLVE_PARTS = SolveParts()
"""The article's functions: this module's, with #1's cell pruner."""


def solve_with(solve: Solve, parts: SolveParts = SOLVE_PARTS) -> Solve:
    """``solve`` with its recursive call and its parts given: one node of the search.

    Haskell (#1, "Solving the Puzzle"): ``solve :: Grid -> Maybe Grid`` and its local
    ``solve'``. The body has the Haskell's shape (prune, then three guards, then the two
    branches); the recursive call is the parameter ``solve`` (open recursion), so
    counting, bounds and tracing wrap it from outside (:mod:`fsudoku.run.trace`), and
    :func:`solve` ties the knot. The functions it calls are those of ``parts``.

    >>> from fsudoku.grid_io import read_grid
    >>> grid = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...").unwrap()
    >>> fix(solve_with)(grid) == solve(grid)
    True
    """

    def solve_(grid: Grid) -> Maybe[Grid]:
        return parts.prune_grid(grid).bind(solve_prime)

    def solve_prime(g: Grid) -> Maybe[Grid]:
        if parts.is_grid_invalid(g):
            return Nothing
        if parts.is_grid_filled(g):
            return Some(g)
        grid1, grid2 = parts.next_grids(g)
        return alt(solve(grid1), lambda: solve(grid2))

    return solve_


def solve(grid: Grid, prune_cells: PruneCells = prune_cells) -> Maybe[Grid]:
    """Prune the grid, then search depth-first: the first solution, or ``Nothing``.

    Haskell (#1, "Solving the Puzzle"): ``solve :: Grid -> Maybe Grid``. The knot of
    :func:`solve_with`, its grid pruner built from ``prune_cells``.

    >>> from fsudoku.grid_io import read_grid
    >>> solve(read_grid("11" + "." * 79).unwrap())
    <Nothing>
    """
    parts = SolveParts(prune_grid=partial(prune_grid, prune_cells=prune_cells))
    return fix(lambda self: solve_with(self, parts))(grid)
