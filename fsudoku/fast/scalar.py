"""Sarkar's ``pruneCells`` one unit at a time, over plain ``int`` masks: the fast engines' model.

The unit functions of :mod:`fsudoku.sarkar1` and :mod:`fsudoku.sarkar2`, cell for
cell and pass for pass, with cells as 9-bit masks (:mod:`fsudoku.fast.masks`) and a
unit as a ``list`` of 9 of them. Both fast engines prune whole stages at once
(:mod:`fsudoku.fast.vector` over many grids, :mod:`fsudoku.fast.lanes` over one); the
one-puzzle engine calls these functions for the few units it leaves to them; the
tests hold all three to the reference.

One shortcut of both engines, exact by argument: ``pruneGrid`` only re-prunes *dirty*
units, the units a cell of which changed since the unit was last pruned (all 27 for a
new puzzle; the pivot's three for a child of a settled grid). A clean unit is one
``pruneCells`` leaves as it is, so skipping it changes neither the pass nor the fixed
point:

* #2's ``pruneCells`` (both Exclusives rules) is idempotent: the fixed-digit passes
  end with no fixed digit among the other cells, and an Exclusives pass fixes a cell
  only to a digit no other cell of the unit holds; so a unit is clean right after it
  is pruned.
* #1's ``pruneCells`` is not (a cell it fixes prunes the others only on the next
  pass), so a unit it changed stays dirty.

>>> PRUNE_CELLS["exclusives"]([1, 0b11, 0b111, 0b1110])
[1, 2, 4, 8]
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from fsudoku.base.names import SarkarRule
from fsudoku.fast.masks import DIGITS, POPCOUNT

__all__ = [
    "PRUNE_CELLS",
    "exclusives",
    "fix",
    "fixeds",
    "has_dups",
    "prune_cells_by_exclusives",
    "prune_cells_by_fixed",
    "prune_cells_exclusives",
    "prune_cells_sets",
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


def fix(f: Callable[[Cells], Cells | None], cells: Cells) -> Cells | None:
    """Apply ``f`` until the cells stop changing or ``f`` fails.

    Haskell: ``fixM :: (Eq t, Monad m) => (t -> m t) -> t -> m t`` at ``m = Maybe``,
    ``t = [Cell]`` (Sarkar #2, "Pruning the Cells, Exclusively").

    >>> fix(prune_cells_by_fixed, [1, 3, 7])
    [1, 2, 4]
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
    pruned = fix(prune_cells_by_fixed, cells)
    if pruned is None:
        return None
    return fix(prune_cells_by_exclusives, pruned)


def prune_cells_sets(cells: Cells) -> Cells | None:
    """#2's ``pruneCells`` with the Exclusives compared as sets (``exclusives-sets``).

    Haskell: ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the Cells,
    Exclusively"), with a set comparison in ``pruneCellsByExclusives``.
    """
    pruned = fix(prune_cells_by_fixed, cells)
    if pruned is None:
        return None
    return fix(lambda c: prune_cells_by_exclusives(c, sets=True), pruned)


PRUNE_CELLS: Final[dict[SarkarRule, PruneCells]] = {
    "simple": prune_cells_by_fixed,
    "exclusives": prune_cells_exclusives,
    "exclusives-sets": prune_cells_sets,
}
"""Each rule's ``pruneCells``."""


def has_dups(cells: Cells) -> bool:
    """Whether two fixed cells of a unit hold the same digit.

    Haskell: ``isInvalidRow``'s ``hasDups`` over the fixed cells (Sarkar #1, "Solving
    the Puzzle").

    >>> has_dups([1, 1, 6]), has_dups([1, 2, 1 | 2])
    (True, False)
    """
    seen = 0
    for m in cells:
        if _SINGLE[m]:
            if seen & m:
                return True
            seen |= m
    return False
