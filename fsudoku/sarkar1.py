"""Sarkar's "Writing a Fast Sudoku Solver in Haskell" (#1), in the article's section order.

Sections: Pruning the Cells, Pruning the Grid, Making the Choice, Solving the Puzzle.
(Setting up, the types and ``readGrid``/``showGrid``, live in :mod:`fsudoku.cell` and
:mod:`fsudoku.grid_io`; ``main`` is :func:`fsudoku.app.cli.main`.)

Glossary: ``cells`` one unit (a row, a column, or a sub-grid seen as a row);
``fixeds`` the digits of its fixed cells; ``grid`` a :data:`Grid`; ``grid1``/``grid2``
the two grids ``nextGrids`` makes; a *node* is one call of ``solve``.

The grid-level functions take the cell pruner as a parameter, ``prune_cells``,
defaulting to this article's: #2 (:mod:`fsudoku.sarkar2`) redefines only
``pruneCells`` and reuses everything here, as the article does.

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

import sys
from collections.abc import Callable
from contextvars import ContextVar, Token
from typing import TypeAlias

from returns.maybe import Maybe, Nothing, Some

from fsudoku.cell import FIXED, JUST_FIXED, Cell, Fixed, Grid, Possible, Row, maybe_cell, possible
from fsudoku.fp import alt, fix_m, traverse
from fsudoku.outcome import GaveUp
from fsudoku.tz import chunks_of, concat, transpose

PruneCells: TypeAlias = Callable[[Row], Maybe[Row]]
"""``[Cell] -> Maybe [Cell]``, the type of ``pruneCells`` (both articles')."""

# ---------------------------------------------------------------------------
# Pruning the Cells


def prune_cells(cells: Row) -> Maybe[Row]:
    """Remove the digits of the unit's fixed cells from its other cells.

    Haskell (#1, "Pruning the Cells")::

        pruneCells :: [Cell] -> Maybe [Cell]
        pruneCells cells = traverse pruneCell cells
          where
            fixeds = [x | Fixed x <- cells]
            pruneCell (Possible xs) = case xs Data.List.\\\\ fixeds of
              []  -> Nothing
              [y] -> Just $ Fixed y
              ys  -> Just $ Possible ys
            pruneCell x = Just x

    ``fixeds`` is taken once, before the pass: a cell fixed by this pass prunes the
    others only on the next pass.

    >>> from fsudoku.grid_io import read_grid, show_possibilities_row
    >>> grid = read_grid("6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...").unwrap()
    >>> print(show_possibilities_row(prune_cells(grid[0]).unwrap()))
    6           [ 2345 789] [ 2345 789] [ 2345 789] [ 2345 789] [ 2345 789] [ 2345 789] 1           [ 2345 789]
    """
    fixeds = frozenset(c.value for c in cells if isinstance(c, Fixed))

    def prune_cell(cell: Cell) -> Maybe[Cell]:
        if isinstance(cell, Possible):
            # case xs \\ fixeds of [] -> Nothing; [y] -> Just (Fixed y); ys -> Just (Possible ys)
            return maybe_cell(tuple(x for x in cell.values if x not in fixeds))
        return JUST_FIXED[cell.value]

    return traverse(prune_cell, cells)


# ---------------------------------------------------------------------------
# Pruning the Grid


def sub_grids_to_rows(grid: Grid) -> Grid:
    """Turn each 3x3 sub-grid into a row (its own inverse).

    Haskell (#1, "Pruning the Grid")::

        subGridsToRows :: Grid -> Grid
        subGridsToRows =
          concatMap (\\rows -> let [r1, r2, r3] = map (Data.List.Split.chunksOf 3) rows
                              in zipWith3 (\\a b c -> a ++ b ++ c) r1 r2 r3)
          . Data.List.Split.chunksOf 3

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


Trace = Callable[[str, Grid], None]
"""A callback told each intermediate grid of the search (for ``fsudoku explain``)."""

_TRACE: ContextVar[Trace | None] = ContextVar("fsudoku_sarkar_trace", default=None)


def _tap(stage: str) -> Callable[[Grid], Maybe[Grid]]:
    """``Just``, telling the active trace (if any) that ``stage`` produced this grid."""

    def tap(grid: Grid) -> Maybe[Grid]:
        trace = _TRACE.get()
        if trace is not None:
            trace(stage, grid)
        return Some(grid)

    return tap


def prune_grid_once(grid: Grid, prune_cells: PruneCells = prune_cells) -> Maybe[Grid]:
    """Prune every row, then every column, then every sub-grid, once (``pruneGrid'``).

    Haskell (#1, "Pruning the Grid")::

        pruneGrid' :: Grid -> Maybe Grid
        pruneGrid' grid =
          traverse pruneCells grid
          >>= fmap Data.List.transpose . traverse pruneCells . Data.List.transpose
          >>= fmap subGridsToRows . traverse pruneCells . subGridsToRows

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
        .bind(_tap("rows"))
        .bind(lambda g: traverse(prune_cells, transpose(g)).map(transpose))
        .bind(_tap("columns"))
        .bind(lambda g: traverse(prune_cells, sub_grids_to_rows(g)).map(sub_grids_to_rows))
        .bind(_tap("sub-grids"))
    )


def prune_grid(grid: Grid, prune_cells: PruneCells = prune_cells) -> Maybe[Grid]:
    """Prune the grid until it settles (``pruneGrid' `` to its fixed point).

    Haskell (#1, "Pruning the Grid")::

        pruneGrid :: Grid -> Maybe Grid
        pruneGrid = fixM pruneGrid'

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
    return fix_m(lambda g: prune_grid_once(g, prune_cells), grid)


# ---------------------------------------------------------------------------
# Making the Choice


def is_possible(cell: Cell) -> bool:
    """Whether a cell is not yet fixed.

    Haskell (a ``where`` clause of ``nextGrids`` in #1; top level in #2)::

        isPossible (Possible _) = True
        isPossible _            = False
    """
    return isinstance(cell, Possible)


def possibility_count(cell: Cell) -> int:
    """How many digits a cell may take (1 for a fixed cell)."""
    return len(cell.values) if isinstance(cell, Possible) else 1


def fix_cell(ic: tuple[int, Cell]) -> tuple[int, Cell, Cell]:
    """Split a pivot into its smallest digit fixed, and the rest.

    Haskell (a ``where`` clause of ``nextGrids``)::

        fixCell (i, Possible [x, y]) = (i, Fixed x, Fixed y)
        fixCell (i, Possible (x:xs)) = (i, Fixed x, Possible xs)
        fixCell _                    = error "Impossible case"

    >>> fix_cell((3, Possible((2, 9)))), fix_cell((0, Possible((1, 5, 8))))
    ((3, Fixed 2, Fixed 9), (0, Fixed 1, Possible [5,8]))
    """
    i, cell = ic
    if isinstance(cell, Possible) and len(cell.values) == 2:
        x, y = cell.values
        return i, FIXED[x], FIXED[y]
    if isinstance(cell, Possible) and cell.values:
        return i, FIXED[cell.values[0]], possible(cell.values[1:])
    raise ValueError("Impossible case")


def replace_2d(i: int, v: Cell, grid: Grid) -> Grid:
    """The grid with the cell at row-major index ``i`` replaced by ``v``.

    Haskell: ``replace2D :: Int -> a -> [[a]] -> [[a]]``
    """
    x, y = i // 9, i % 9
    row = grid[x]
    return (*grid[:x], (*row[:y], v, *row[y + 1 :]), *grid[x + 1 :])


def next_grids(grid: Grid) -> tuple[Grid, Grid]:
    """The two grids of the next search step: the pivot fixed to its first digit, and
    the pivot with that digit removed.

    The pivot is the first non-fixed cell (row-major) with the fewest possibilities.

    Haskell (#1, "Making the Choice"): ``nextGrids :: Grid -> (Grid, Grid)``, built as
    ``fixCell . minimumBy (compare `on` (possibilityCount . snd)) . filter (isPossible . snd)
    . zip [0..] . concat``, then ``(replace2D i first grid, replace2D i rest grid)``.

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
    i, first, rest = fix_cell(
        min(
            (ic for ic in enumerate(concat(grid)) if is_possible(ic[1])),
            key=lambda ic: possibility_count(ic[1]),
        )
    )
    return replace_2d(i, first, grid), replace_2d(i, rest, grid)


# ---------------------------------------------------------------------------
# Solving the Puzzle


def is_grid_filled(grid: Grid) -> bool:
    """Whether every cell is fixed.

    Haskell: ``isGridFilled grid = null [ () | Possible _ <- concat grid ]``
    """
    return not any(isinstance(cell, Possible) for row in grid for cell in row)


def has_dups(xs: list[int]) -> bool:
    """Whether a list holds some element twice (Haskell's ``hasDups``)."""
    return len(set(xs)) != len(xs)


def is_invalid_row(row: Row) -> bool:
    """A unit with a repeated fixed digit or a cell with no possibilities."""
    fixeds = [c.value for c in row if isinstance(c, Fixed)]
    empty_possibles = [c for c in row if isinstance(c, Possible) and not c.values]
    return has_dups(fixeds) or bool(empty_possibles)


def is_grid_invalid(grid: Grid) -> bool:
    """Whether some row, column or sub-grid repeats a fixed digit or has an empty cell.

    Haskell (#1, "Solving the Puzzle")::

        isGridInvalid :: Grid -> Bool
        isGridInvalid grid =
          any isInvalidRow grid
          || any isInvalidRow (Data.List.transpose grid)
          || any isInvalidRow (subGridsToRows grid)
    """
    return (
        any(is_invalid_row(row) for row in grid)
        or any(is_invalid_row(row) for row in transpose(grid))
        or any(is_invalid_row(row) for row in sub_grids_to_rows(grid))
    )


class Search:
    """Counts the nodes of one ``solve`` (calls, dead branches included) and tells a
    subclass each step; the solver itself is :func:`solve`'s code, not a copy.

    ``max_nodes`` bounds the search: the call that would be node ``max_nodes + 1``
    raises :class:`fsudoku.outcome.GaveUp`.
    """

    def __init__(self, max_nodes: int | None = None) -> None:
        self.nodes = 0
        self.max_nodes = max_nodes
        self.depth = 0
        self.max_depth = 0
        self.backtracks = 0

    def enter(self, grid: Grid) -> None:
        """A call of ``solve`` starts on ``grid``."""
        if self.max_nodes is not None and self.nodes >= self.max_nodes:
            raise GaveUp(self.nodes)
        self.nodes += 1
        self.depth += 1
        self.max_depth = max(self.max_depth, self.depth)

    def leave(self, result: Maybe[Grid]) -> None:
        """That call returns ``result``."""
        self.depth -= 1

    def settled(self, grid: Maybe[Grid]) -> None:
        """``pruneGrid`` returned (``Nothing``: a dead end found while pruning)."""

    def dead_end(self, grid: Grid) -> None:
        """``isGridInvalid`` held for the settled grid."""

    def pivot(self, grid: Grid, grid1: Grid, grid2: Grid) -> None:
        """``nextGrids`` split ``grid``."""

    def backtrack(self, grid2: Grid) -> None:
        """The first branch failed; the search goes on with ``grid2``."""
        self.backtracks += 1

    def solved(self, grid: Grid) -> None:
        """``isGridFilled`` held: a solution."""


def _solve(grid: Grid, prune_cells: PruneCells, search: Search) -> Maybe[Grid]:
    """One call of ``solve`` (one node), reporting to ``search``."""
    search.enter(grid)

    def solve_prime(g: Grid) -> Maybe[Grid]:
        if is_grid_invalid(g):
            search.dead_end(g)
            return Nothing
        if is_grid_filled(g):
            search.solved(g)
            return Some(g)
        grid1, grid2 = next_grids(g)
        search.pivot(g, grid1, grid2)
        return alt(_solve(grid1, prune_cells, search), lambda: _backtrack(grid2))

    def _backtrack(grid2: Grid) -> Maybe[Grid]:
        search.backtrack(grid2)
        return _solve(grid2, prune_cells, search)

    pruned = prune_grid(grid, prune_cells)
    search.settled(pruned)
    result = pruned.bind(solve_prime)
    search.leave(result)
    return result


def run_search(
    grid: Grid, prune_cells: PruneCells = prune_cells, search: Search | None = None
) -> tuple[Maybe[Grid], Search]:
    """Run ``solve`` on ``grid`` with a :class:`Search` that counts (and may trace).

    Raises :class:`fsudoku.outcome.GaveUp` when the search's node bound is reached.
    """
    search = search if search is not None else Search()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20_000))
    try:
        return _solve(grid, prune_cells, search), search
    finally:
        sys.setrecursionlimit(limit)


def solve(grid: Grid, prune_cells: PruneCells = prune_cells) -> Maybe[Grid]:
    """Prune the grid, then search depth-first: the first solution, or ``Nothing``.

    Haskell (#1, "Solving the Puzzle")::

        solve :: Grid -> Maybe Grid
        solve grid = pruneGrid grid >>= solve'
          where
            solve' g
              | isGridInvalid g = Nothing
              | isGridFilled g  = Just g
              | otherwise       =
                  let (grid1, grid2) = nextGrids g
                  in solve grid1 <|> solve grid2

    >>> from fsudoku.grid_io import read_grid
    >>> solve(read_grid("11" + "." * 79).unwrap())
    <Nothing>
    """
    return run_search(grid, prune_cells)[0]


def solve_counted(
    grid: Grid, prune_cells: PruneCells = prune_cells, max_nodes: int | None = None
) -> tuple[Maybe[Grid], int]:
    """``solve`` and its node count (calls of ``solve``, dead branches included).

    Raises :class:`fsudoku.outcome.GaveUp` if more than ``max_nodes`` nodes are needed.

    >>> from fsudoku.grid_io import read_grid, SAMPLE
    >>> solve_counted(read_grid(SAMPLE).unwrap())[1] > 1
    True
    """
    result, search = run_search(grid, prune_cells, Search(max_nodes))
    return result, search.nodes


def set_trace(trace: Trace | None) -> Token[Trace | None]:
    """Install a trace callback for the pruning passes (returns a token for reset).

    No Haskell counterpart: the hook behind ``fsudoku explain``."""
    return _TRACE.set(trace)


def reset_trace(token: Token[Trace | None]) -> None:
    """Remove the trace installed by :func:`set_trace` (no Haskell counterpart)."""
    _TRACE.reset(token)
