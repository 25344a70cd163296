"""Sarkar's solvers unit by unit, over plain ``int`` masks: the model of the fast engines.

The same algorithms as :mod:`fsudoku.sarkar1` and :mod:`fsudoku.sarkar2`, cell for
cell and pass for pass, with cells as 9-bit masks (:mod:`fsudoku.fast.masks`) and a
grid as a ``list`` of 81 of them. The batch engine (:mod:`fsudoku.fast.vector`) and
the one-puzzle engine (:mod:`fsudoku.fast.lanes`, which calls the one-unit functions
here for the rare units it does not settle itself, and this module's search for
``exclusives-sets``) follow it; the tests hold all three to the reference.

One shortcut, exact by argument: ``pruneGrid`` only re-prunes *dirty* units, the units
a cell of which changed since the unit was last pruned (all 27 for a new puzzle; the
pivot's three for a child of a settled grid). A clean unit is one ``pruneCells`` leaves
as it is, so skipping it changes neither the pass nor the fixed point:

* #2's ``pruneCells`` (both Exclusives rules) is idempotent: the fixed-digit passes
  end with no fixed digit among the other cells, and an Exclusives pass fixes a cell
  only to a digit no other cell of the unit holds; so a unit is clean right after it
  is pruned.
* #1's ``pruneCells`` is not (a cell it fixes prunes the others only on the next
  pass), so a unit it changed stays dirty.

>>> from fsudoku.grid_io import SAMPLE
>>> outcome = solve_counted(read_masks(SAMPLE), "exclusives")
>>> show_solution(outcome[0])[:9], outcome[1]
('693784512', 1)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fsudoku.base.names import SarkarRule
from fsudoku.base.outcome import Found, GaveUp
from fsudoku.fast.masks import (
    ALL_UNITS,
    CELL_UNIT_BITS,
    DIGITS,
    POPCOUNT,
    UNITS,
    read_masks,
    show_solution,
)

__all__ = [
    "exclusives",
    "fixeds",
    "is_grid_filled",
    "is_grid_invalid",
    "next_grids",
    "prune_cells_by_exclusives",
    "prune_cells_by_fixed",
    "prune_grid",
    "read_masks",
    "search_line",
    "show_solution",
    "solve_counted",
]

Cells = list[int]
"""One unit's masks (``[Cell]``)."""

PruneCells = Callable[[Cells], "Cells | None"]
"""``[Cell] -> Maybe [Cell]`` over masks."""

_CELL_BITS: Final = tuple(1 << i for i in range(9))
_SINGLE: Final = tuple(m != 0 and m & (m - 1) == 0 for m in range(1 << 9))


def fixeds(cells: Cells) -> int:
    """The digits of a unit's fixed cells, as a mask.

    Haskell: the ``fixeds`` of ``pruneCellsByFixed :: [Cell] -> Maybe [Cell]``
    (Sarkar #2, "Pruning the Cells, Exclusively").

    >>> fixeds([0b1, 0b110, 0b1000])
    9
    """
    found = 0
    for m in cells:
        if _SINGLE[m]:
            found |= m
    return found


def prune_cells_by_fixed(cells: Cells) -> Cells | None:
    """Remove the fixed digits from the other cells; ``None`` when a cell loses all its digits.

    The fixed digits are taken before the pass. #1's ``pruneCells``; #2's
    ``pruneCellsByFixed``.

    Haskell: ``pruneCellsByFixed :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the
    Cells, Exclusively"); ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #1, "Pruning
    the Cells").

    >>> prune_cells_by_fixed([0b1000, 0b101000, 0b11])
    [8, 32, 3]
    >>> prune_cells_by_fixed([0b1, 0b10, 0b11]) is None
    True
    """
    found = fixeds(cells)
    if not found:
        return cells
    keep = ~found
    out: Cells = []
    for m in cells:
        if not _SINGLE[m]:
            m &= keep
            if not m:
                return None
        out.append(m)
    return out


def exclusives(cells: Cells) -> list[int]:
    """The unit's Exclusive groups, each as a digit mask (``exclusivePossibilities``).

    A group is the n digits (n < 4) that occur in exactly the same n non-fixed cells;
    groups come in the Haskell's order (by their descending cell list).

    Haskell: ``exclusivePossibilities :: [Cell] -> [[Int]]`` (Sarkar #2, "A Little
    Forward, a Little Backward").

    >>> from fsudoku.fast.masks import DIGITS
    >>> row = [0b100101000, 1, 16, 0b100100000, 64, 0b110100110, 0b100100000, 0b110100110, 0b110100110]
    >>> [DIGITS[g] for g in exclusives(row)]
    [(4,), (2, 3, 8)]
    """
    where = [0] * 9  # digit -> the cells holding it, as a mask
    for i, m in enumerate(cells):
        if not _SINGLE[m]:
            bit = _CELL_BITS[i]
            for x in DIGITS[m]:
                where[x - 1] |= bit
    groups: dict[int, int] = {}  # cell mask -> digit mask
    for d, is_ in enumerate(where):
        if is_ and POPCOUNT[is_] < 4:
            groups[is_] = groups.get(is_, 0) | 1 << d
    return [
        groups[is_]
        for is_ in sorted(groups, key=_descending_cells)
        if POPCOUNT[is_] == POPCOUNT[groups[is_]]
    ]


def _descending_cells(is_: int) -> tuple[int, ...]:
    """The Haskell key of a group: its cell positions, descending (``Map`` order)."""
    return tuple(i for i in range(8, -1, -1) if is_ >> i & 1)


def prune_cells_by_exclusives(cells: Cells, *, sets: bool = False) -> Cells:
    """Prune each non-fixed cell to its Exclusive digits when those are a group.

    As published (``sets=False``) a group's digit list is descending and a cell's
    intersection ascending, compared as lists: only one-digit groups ever match.
    With ``sets=True`` the groups are compared as sets (``exclusives-sets``). Never
    ``Nothing``: a matching intersection is a non-empty group.

    Haskell: ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning
    the Cells, Exclusively").

    >>> twins = [0b100001001, 4, 0b101111001, 0b110001001, 0b110101001, 0b110101001, 0b110001001, 2, 0b111111001]
    >>> prune_cells_by_exclusives(twins) == twins
    True
    >>> [DIGITS[m] for m in prune_cells_by_exclusives(twins, sets=True)][2]
    (5, 7)
    """
    groups = exclusives(cells)
    if not groups:
        return cells
    all_exclusives = 0
    for g in groups:
        all_exclusives |= g
    matching = groups if sets else [g for g in groups if _SINGLE[g]]
    out: Cells = []
    for m in cells:
        if not _SINGLE[m]:
            intersection = m & all_exclusives
            if intersection in matching:
                m = intersection
        out.append(m)
    return out


def _fix(f: Callable[[Cells], Cells | None], cells: Cells) -> Cells | None:
    """Apply ``f`` until the cells stop changing or ``f`` fails.

    Haskell: ``fixM :: (Eq t, Monad m) => (t -> m t) -> t -> m t`` at ``m = Maybe``,
    ``t = [Cell]`` (Sarkar #2, "Pruning the Cells, Exclusively").
    """
    while True:
        new = f(cells)
        if new is None or new == cells:
            return new
        cells = new


def prune_cells_exclusives(cells: Cells) -> Cells | None:
    """#2's ``pruneCells``: the fixed-digit pass, then the Exclusives pass, each to its fixed point.

    Haskell: ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the Cells,
    Exclusively").
    """
    pruned = _fix(prune_cells_by_fixed, cells)
    if pruned is None:
        return None
    return _fix(prune_cells_by_exclusives, pruned)


def prune_cells_sets(cells: Cells) -> Cells | None:
    """#2's ``pruneCells`` with the Exclusives compared as sets (``exclusives-sets``).

    Haskell: ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the Cells,
    Exclusively"), with a set comparison in ``pruneCellsByExclusives``.
    """
    pruned = _fix(prune_cells_by_fixed, cells)
    if pruned is None:
        return None
    return _fix(lambda c: prune_cells_by_exclusives(c, sets=True), pruned)


PRUNE_CELLS: Final[dict[SarkarRule, PruneCells]] = {
    "simple": prune_cells_by_fixed,
    "exclusives": prune_cells_exclusives,
    "exclusives-sets": prune_cells_sets,
}
"""Each rule's ``pruneCells``."""

IDEMPOTENT: Final[dict[SarkarRule, bool]] = {
    "simple": False,
    "exclusives": True,
    "exclusives-sets": True,
}
"""Whether the rule's ``pruneCells`` is idempotent (see the module docstring)."""


def _has_dups(cells: Cells) -> bool:
    """Whether two fixed cells of a unit hold the same digit."""
    seen = 0
    for m in cells:
        if _SINGLE[m]:
            if seen & m:
                return True
            seen |= m
    return False


def prune_grid(
    grid: list[int], rule: SarkarRule, dirty: int = ALL_UNITS, *, strict: bool = True
) -> list[int] | None:
    """Prune rows, then columns, then sub-grids, until the grid settles (in place).

    ``dirty`` is the 27-bit set of units that may change (see the module docstring).
    With ``strict=False`` a repeated fixed digit ends the pruning at once with
    ``None``: the search's shortcut, exact for it because fixed cells never change,
    so the settled grid would fail ``isGridInvalid`` anyway.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid").

    >>> from fsudoku.grid_io import SAMPLE
    >>> g = prune_grid(read_masks(SAMPLE), "simple")
    >>> [DIGITS[m] for m in g[:3]]
    [(5, 6, 7, 8, 9), (3, 6, 7, 8, 9), (3, 5, 6, 7, 9)]
    """
    prune_cells = PRUNE_CELLS[rule]
    idempotent = IDEMPOTENT[rule]
    touched = 0
    while True:
        changed = False
        for u in range(27):
            if not dirty >> u & 1:
                continue
            unit = UNITS[u]
            cells = [grid[i] for i in unit]
            new = prune_cells(cells)
            if new is None:
                return None
            touched |= 1 << u
            if new != cells:
                changed = True
                for i, old, m in zip(unit, cells, new, strict=True):
                    if old != m:
                        grid[i] = m
                        dirty |= CELL_UNIT_BITS[i]
                if not strict and _has_dups(new):
                    return None
                if idempotent:
                    dirty &= ~(1 << u)
            else:
                dirty &= ~(1 << u)
        if not changed:
            if not strict and any(
                touched >> u & 1 and _has_dups([grid[i] for i in UNITS[u]]) for u in range(27)
            ):
                return None
            return grid


def is_grid_filled(grid: list[int]) -> bool:
    """Whether every cell is fixed.

    Haskell: ``isGridFilled :: Grid -> Bool`` (Sarkar #1, "Solving the Puzzle").
    """
    return all(_SINGLE[m] for m in grid)


def is_grid_invalid(grid: list[int]) -> bool:
    """Whether a unit repeats a fixed digit or has an empty cell.

    Haskell: ``isGridInvalid :: Grid -> Bool`` (Sarkar #1, "Solving the Puzzle").

    >>> is_grid_invalid([1, 1] + [511] * 79), is_grid_invalid([1, 2] + [511] * 79)
    (True, False)
    """
    return any(0 in cells or _has_dups(cells) for cells in ([grid[i] for i in u] for u in UNITS))


def next_grids(grid: list[int]) -> tuple[int, list[int], list[int]]:
    """The pivot and the two next grids: the pivot fixed to its smallest digit, and the rest.

    The pivot is the first non-fixed cell with the fewest digits; the second grid gives
    it the other digits.

    Haskell: ``nextGrids :: Grid -> (Grid, Grid)`` (Sarkar #1, "Making the Choice").

    >>> i, g1, g2 = next_grids([1, 0b110, 0b111] + [1] * 78)
    >>> i, g1[i], g2[i]
    (1, 2, 4)
    """
    best = 10
    pivot = -1
    for i, m in enumerate(grid):
        n = POPCOUNT[m]
        if 1 < n < best:
            best, pivot = n, i
            if n == 2:
                break
    m = grid[pivot]
    first = m & -m
    grid1 = grid.copy()
    grid1[pivot] = first
    grid2 = grid.copy()
    grid2[pivot] = m ^ first
    return pivot, grid1, grid2


def solve_counted(
    grid: list[int], rule: SarkarRule, max_nodes: int | None = None
) -> tuple[list[int] | None, int]:
    """``solve`` depth-first, and its node count (calls of ``solve``, dead ends included).

    Raises :class:`fsudoku.base.outcome.GaveUp` when node ``max_nodes + 1`` would start,
    as :func:`fsudoku.run.trace.run_sarkar` does.

    Haskell: ``solve :: Grid -> Maybe Grid`` (Sarkar #1, "Solving the Puzzle").
    """
    nodes = 0
    stack: list[tuple[list[int], int]] = [(grid.copy(), ALL_UNITS)]
    while stack:
        g, dirty = stack.pop()
        if max_nodes is not None and nodes >= max_nodes:
            raise GaveUp(nodes)
        nodes += 1
        pruned = prune_grid(g, rule, dirty, strict=False)
        if pruned is None:
            continue
        if is_grid_filled(pruned):
            return pruned, nodes
        pivot, grid1, grid2 = next_grids(pruned)
        stack.append((grid2, CELL_UNIT_BITS[pivot]))
        stack.append((grid1, CELL_UNIT_BITS[pivot]))
    return None, nodes


def search_line(
    puzzle: str, rule: SarkarRule = "exclusives", max_nodes: int | None = None
) -> Found | None:
    """What the search finds for one line under a rule (``None``: not a puzzle).

    >>> search_line("11" + "." * 79), search_line("x")
    (Found(solution=None, nodes=1, gave_up=False), None)
    """
    grid = read_masks(puzzle)
    if grid is None:
        return None
    try:
        solution, nodes = solve_counted(grid, rule, max_nodes)
    except GaveUp as stop:
        return Found(None, stop.nodes, True)
    if solution is None:
        return Found(None, nodes)
    return Found(show_solution(solution), nodes)
