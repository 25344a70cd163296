"""The laws of Sarkar's articles (the pruning of cells and grids), each declared once.

They are gathered after Bird's in :data:`fsudoku.testing.LAWS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from returns.maybe import Maybe

from fsudoku import bird, fp
from fsudoku.cell import Cell, Fixed, Possible
from fsudoku.cell import Grid as CellGrid
from fsudoku.cell import Row as CellRow
from fsudoku.run.registry import bird_line
from fsudoku.testing._equality import BAG, LIST
from fsudoku.testing._lawbook import Law, Parts, Sides, bounded, law

__all__ = [
    "prune_cells_keeps_solutions",
    "prune_cells_removes_only",
    "prune_grid_fixpoint",
    "prune_grid_keeps_solutions",
    "prune_grid_once_definition",
    "prune_grid_removes_only",
    "sub_grids_to_rows_involution",
    "transpose_involution",
]


@law(
    "subGridsToRows . subGridsToRows = id",
    LIST,
    uses=("sub_grids_to_rows",),
    arguments="cell_grid",
    source='Sarkar #1, "Pruning the Grid"',
)
def sub_grids_to_rows_involution(parts: Parts, grid: CellGrid) -> Sides:
    """Turning the sub-grids of a grid into rows twice gives it back."""
    return parts.sub_grids_to_rows(parts.sub_grids_to_rows(grid)), grid


@law(
    "transpose . transpose = id",
    LIST,
    uses=("transpose",),
    arguments="cell_grid",
    condition="non-empty rectangular grids",
    source='Sarkar #1, "Pruning the Grid"',
)
def transpose_involution(parts: Parts, grid: CellGrid) -> Sides:
    """Transposing a grid twice gives it back."""
    return parts.transpose(parts.transpose(grid)), grid


def _digits(cell: Cell) -> tuple[int, ...]:
    """The digits a Sarkar cell may take: its one digit if fixed, its possibilities if not.

    A helper of the laws.

    >>> _digits(Fixed(4)), _digits(Possible((2, 9)))
    ((4,), (2, 9))
    """
    return (cell.value,) if isinstance(cell, Fixed) else cell.values


def _within(original: Sequence[tuple[int, ...]], pruned: Sequence[tuple[int, ...]]) -> Any:
    """Each cell's digits of ``pruned`` that ``original`` also has (``zipWith intersect``)."""
    return tuple(tuple(x for x in ys if x in xs) for xs, ys in zip(original, pruned, strict=True))


def _unit_completions(digits: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``filter nodups (cp digits)``: the ways to complete a unit, no digit twice.

    Each cell of the unit is given one of its digits, in ``cp``'s order (prefixes with a
    repeat are cut early).

    >>> _unit_completions([(1, 2), (1, 2), (3,)])
    [(1, 2, 3), (2, 1, 3)]
    """

    def go(i: int, taken: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(digits):
            yield taken
            return
        for x in digits[i]:
            if x not in taken:
                yield from go(i + 1, (*taken, x))

    return list(go(0, ()))


@law(
    "fmap (zipWith intersect (map digits cs) . map digits) (pruneCells cs) = "
    "fmap (map digits) (pruneCells cs)",
    LIST,
    uses=("prune_cells",),
    arguments="sarkar_unit",
    source='Sarkar #1, "Pruning the Cells" (and #2\'s pruneCells)',
)
def prune_cells_removes_only(parts: Parts, cells: CellRow) -> Sides:
    """Pruning a unit only removes digits: each cell keeps a subset of its digits.

    ``digits`` is a cell's digits (its one digit when fixed). Both sides are one
    ``Maybe``, shown as one-element lists; a pruner that adds a digit to a cell, or
    changes the length of the unit, breaks it.

    >>> left, right = prune_cells_removes_only(FSUDOKU, cells=(Fixed(1), Possible((1, 2))))
    >>> left == right, right
    (True, [<Some: ((1,), (2,))>])
    """
    pruned = parts.prune_cells(cells)
    original = tuple(_digits(c) for c in cells)
    right = pruned.map(lambda row: tuple(_digits(c) for c in row))
    return [right.map(lambda ds: _within(original, ds))], [right]


@law(
    "filter nodups (cp (map digits cs)) = "
    "maybe [] (filter nodups . cp . map digits) (pruneCells cs)",
    LIST,
    uses=("prune_cells",),
    arguments="sarkar_unit",
    source="LPRUNE for Sarkar's cells (#1, \"Pruning the Cells\"; #2's pruneCells)",
)
def prune_cells_keeps_solutions(parts: Parts, cells: CellRow) -> Sides:
    """Pruning a unit of 9 cells keeps every way to fill it with the 9 digits once each.

    Bird's LPRUNE for Sarkar's cells: ``Nothing`` stands for no way at all. A list law:
    the pruner only removes digits, keeping the order of the rest. Sarkar #2's
    Exclusives rely on the unit holding every digit once, so the units are of 9 cells.

    >>> left, right = prune_cells_keeps_solutions(FSUDOKU, cells=(Fixed(1), Possible((1, 2))))
    >>> left, right
    ([(1, 2)], [(1, 2)])
    """
    right = parts.prune_cells(cells).map(lambda row: _unit_completions([_digits(c) for c in row]))
    return _unit_completions([_digits(c) for c in cells]), right.value_or([])


@law(
    "pruneGrid' = traverse pruneCells "
    ">=> fmap transpose . traverse pruneCells . transpose "
    ">=> fmap subGridsToRows . traverse pruneCells . subGridsToRows",
    LIST,
    uses=("prune_grid_once", "prune_cells", "transpose", "sub_grids_to_rows"),
    arguments="sarkar_grid",
    source='the definition of pruneGrid\' (Sarkar #1, "Pruning the Grid")',
    examples=30,
)
def prune_grid_once_definition(parts: Parts, grid: CellGrid) -> Sides:
    """One pruning pass prunes the rows, then the columns, then the sub-grids.

    Both sides are one ``Maybe`` grid, shown as one-element lists. The order of the
    three passes changes the grids a search meets, and so its node count, though not
    the fixed point a settled grid reaches.
    """

    def by(view: Callable[[CellGrid], CellGrid]) -> Callable[[CellGrid], Maybe[CellGrid]]:
        return lambda g: fp.traverse(parts.prune_cells, view(g)).map(view)

    def same(g: CellGrid) -> CellGrid:
        return g

    right = by(same)(grid).bind(by(lambda g: parts.transpose(g))).bind(by(parts.sub_grids_to_rows))
    return [parts.prune_grid_once(grid)], [right]


@law(
    "fixM pruneGrid' g >>= pruneGrid' = fixM pruneGrid' g",
    LIST,
    uses=("fix_m", "prune_grid_once"),
    arguments="sarkar_puzzle",
    source='Sarkar #1, "Pruning the Grid" (pruneGrid = fixM pruneGrid\')',
    examples=30,
)
def prune_grid_fixpoint(parts: Parts, grid: CellGrid) -> Sides:
    """Pruning a grid until it settles gives a grid that pruning does not change.

    Both sides are one ``Maybe`` grid, shown as one-element lists. Raises
    :class:`~fsudoku.testing._lawbook.Diverged` when ``fixM`` does not stop within the number of possibilities of
    the grid (which a correct ``pruneGrid'``, removing possibilities only, cannot exceed).
    """
    fixpoint = _prune_grid(parts, grid)
    return [fixpoint.bind(parts.prune_grid_once)], [fixpoint]


def _prune_grid(parts: Parts, grid: CellGrid) -> Maybe[CellGrid]:
    """``pruneGrid = fixM pruneGrid'`` of the parts, with a bound on its passes.

    Raises :class:`~fsudoku.testing._lawbook.Diverged` after more passes than the grid has
    possibilities (a correct ``pruneGrid'`` removes one at least per pass that changes the
    grid).
    """
    bound = sum(len(c.values) for row in grid for c in row if isinstance(c, Possible)) + 2
    return parts.fix_m(bounded(parts.prune_grid_once, bound), grid)


def _grid_digits(grid: CellGrid) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each cell's digits (``map (map digits)``)."""
    return tuple(tuple(_digits(c) for c in row) for row in grid)


@law(
    "fmap (zipWith2 intersect (digits g) . digits) (pruneGrid g) = fmap digits (pruneGrid g)",
    LIST,
    uses=("fix_m", "prune_grid_once"),
    arguments="sarkar_grid",
    source='Sarkar #1, "Pruning the Grid" (pruneGrid = fixM pruneGrid\')',
    examples=30,
)
def prune_grid_removes_only(parts: Parts, grid: CellGrid) -> Sides:
    """Pruning a grid until it settles only removes digits: each cell keeps a subset.

    ``digits`` is the digits of each cell, ``zipWith2`` zips row by row. Both sides are
    one ``Maybe``, shown as one-element lists. Raises :class:`~fsudoku.testing._lawbook.Diverged` as
    :func:`prune_grid_fixpoint` does.
    """
    original = _grid_digits(grid)
    right = _prune_grid(parts, grid).map(_grid_digits)
    return [
        right.map(lambda g: tuple(_within(xs, ys) for xs, ys in zip(original, g, strict=True)))
    ], [right]


def _solutions(grid: CellGrid) -> list[str]:
    """``filter valid . expand`` of a Sarkar grid, as 81-digit lines.

    Enumerated by fsudoku's Bird ``search`` (which finds exactly the valid expansions, in
    its order).
    """
    m = tuple(tuple("".join(map(str, _digits(c))) for c in row) for row in grid)
    return [bird_line(g) for g in bird.search(m, 3)]


@law(
    "filter valid (expand g) = maybe [] (filter valid . expand) (pruneGrid g)",
    BAG,
    uses=("fix_m", "prune_grid_once"),
    arguments="sarkar_grid_few_solutions",
    source='Sarkar #1, "Pruning the Grid" (Bird\'s theorem of §pruning, for pruneGrid)',
    examples=20,
)
def prune_grid_keeps_solutions(parts: Parts, grid: CellGrid) -> Sides:
    """Pruning a grid until it settles loses none of its solutions (and adds none).

    The solutions are enumerated with fsudoku's own Bird ``search`` on both sides (not
    the parts': this law is about Sarkar's pruning), so the sides are compared as bags.
    ``Nothing`` stands for no solution. The grids have few solutions (at most a few
    dozen), or the enumeration would not end. Raises :class:`~fsudoku.testing._lawbook.Diverged` as
    :func:`prune_grid_fixpoint` does.
    """
    return _solutions(grid), _prune_grid(parts, grid).map(_solutions).value_or([])


SARKAR_LAWS: tuple[Law, ...] = tuple(v for v in list(globals().values()) if isinstance(v, Law))
"""Sarkar's laws, in the order declared above."""
