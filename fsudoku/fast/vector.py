"""Sarkar's pruning over NumPy arrays of masks: many units of many grids at once.

Layouts (bit ``d - 1`` of a ``uint16`` is digit ``d``; see :mod:`fsudoku.fast.masks`):

* a batch of grids is ``(B, 81) uint16``, row-major cells;
* a batch of units is ``(9, U) uint16``, *cell-major*: ``units[k, j]`` is cell ``k`` of
  unit ``j``. What a unit needs (the OR of its fixed cells, the digits seen once) is
  then a few whole-row operations over the ``U`` axis, which NumPy does fast, where a
  reduction along a short last axis would be slow;
* per grid, ``dirty`` (:data:`~fsudoku.fast.dirty.DIRTY`) is the set of units that may
  change when pruned, one 16-bit group a stage (rows, columns, sub-grids), and
  ``stage`` (``8 *`` 0 rows, 1 columns, 2 sub-grids) is where its pruning goes on next.

The functions mirror the Haskell (names in snake_case), each over a whole batch:
:func:`prune_cells_by_fixed` and :func:`prune_cells_by_exclusives` are one pass over
``U`` units; :func:`prune_cells` runs them to their fixed points (``fixM``), a unit
leaving each loop as soon as it stops changing; :func:`prune_grid_once` prunes, for
each grid, the dirty units of its next stage that has any; :func:`prune_grid` repeats
that until no unit is dirty (``fixM pruneGrid'``). Skipping clean units is exact
(see :mod:`fsudoku.fast.scalar`). Each grid moves through its own stages, so grids
that settle early leave the batch at once and a search can start its next node.

The Exclusives are found without building any map, from running ORs over the cells
(``seen[k]``: the digits held by at least ``k`` non-fixed cells): ``once``, ``twice``,
``thrice`` are the digits held by exactly 1, 2, 3 cells; a one-digit group (a
*Single*) is the ``once`` digit of a cell that holds exactly one; the twice-digits
two cells share are exactly the digits whose cells are that pair, a kept group when
there are two of them; likewise three cells and three thrice-digits.

As published (rule ``exclusives``) only Singles match a cell's intersection (a longer
group is a descending list, the intersection ascending), so a pass fixes the Single
cells holding no digit of a kept pair or triple; those groups are looked for only
around Single cells with at least two twice-digits or three thrice-digits.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

import numpy as np
import numpy.typing as npt

from fsudoku.base.names import SarkarRule
from fsudoku.fast.dirty import (
    ALL_DIRTY,
    DIRTY,
    FIRST_DIRTY,
    GROUPS,
    MARKS,
    MARKS_OWN,
    NEXT_STAGE,
    PIVOT_DIRTY,
    POW9,
    UNIT_CELLS,
    UNPACK9,
)
from fsudoku.fast.masks import POPCOUNT, UNITS

U16 = npt.NDArray[np.uint16]
Bools = npt.NDArray[np.bool_]
Ints = npt.NDArray[np.intp]

__all__ = [
    "ALL_DIRTY",
    "PIVOT_DIRTY",
    "STAGE_CELLS",
    "UNIT_CELLS",
    "exclusives",
    "fixeds",
    "is_grid_filled",
    "is_grid_invalid",
    "next_grids",
    "prune_cells",
    "prune_cells_by_exclusives",
    "prune_cells_by_fixed",
    "prune_grid",
    "prune_grid_once",
]

STAGE_CELLS: Final[Ints] = np.array(UNITS, dtype=np.intp).reshape(3, 9, 9).transpose(0, 2, 1).copy()
"""``STAGE_CELLS[s, k, u]``: the grid cell at position ``k`` of unit ``u`` of stage ``s``."""
STAGE_CELLS.setflags(write=False)

_PAIRS: Final[Ints] = np.array(list(combinations(range(9), 2)), dtype=np.intp).T.copy()
"""The 36 pairs of cell positions, ``(2, 36)``."""
_PAIRS8: Final[Ints] = np.array(list(combinations(range(8), 2)), dtype=np.intp).T.copy()
"""The 28 pairs of 8 positions (the other cells of a cell), ``(2, 28)``."""
_TRIPLES: Final[Ints] = np.array(list(combinations(range(9), 3)), dtype=np.intp).T.copy()
"""The 84 triples of cell positions, ``(3, 84)``."""
_PAIRS_OF: Final[Ints] = np.array(
    [[p for p in range(36) if k in _PAIRS[:, p]] for k in range(9)], dtype=np.intp
)
"""For each cell position, the 8 pairs holding it, ``(9, 8)``."""
_TRIPLES_OF: Final[Ints] = np.array(
    [[p for p in range(84) if k in _TRIPLES[:, p]] for k in range(9)], dtype=np.intp
)
"""For each cell position, the 28 triples holding it, ``(9, 28)``."""

_OTHERS: Final[Ints] = np.array([[o for o in range(9) if o != k] for k in range(9)], dtype=np.intp)
"""For each cell position, the 8 others, ``(9, 8)``."""
_OTHER_PAIRS: Final[Ints] = np.array(
    [list(combinations([o for o in range(9) if o != k], 2)) for k in range(9)], dtype=np.intp
)
"""For each cell position, the 28 pairs of other positions, ``(9, 28, 2)``."""

_ONE: Final = np.uint16(1)
_COUNTS: Final = np.array(POPCOUNT, dtype=np.intp)  # (512,) intp: digits in each mask
_IS_ONE: Final[Bools] = _COUNTS == 1  # (512,) bool: a one-digit mask
_AT_LEAST_2: Final[Bools] = _COUNTS >= 2  # (512,) bool
_AT_LEAST_3: Final[Bools] = _COUNTS >= 3  # (512,) bool
_SHIFTS: Final = np.arange(9, dtype=np.uint16)  # (9,) uint16: bit of each digit
_DIGIT_BITS: Final = (_ONE << _SHIFTS).astype(np.uint16)  # (9,) uint16
_CELL_INDEX: Final[U16] = np.arange(81, dtype=np.uint16)
_COUNT_KEY: Final[U16] = np.array(
    [(n if n > 1 else 10) << 7 for n in (bin(m).count("1") for m in range(512))], dtype=np.uint16
)  # (512,) uint16: possibilityCount << 7, fixed cells (and 0) last


def _singles(m: U16) -> Bools:
    """Which masks have exactly one bit (fixed cells), for masks that are never 0."""
    single: Bools = (m & (m - _ONE)) == 0  # same shape as m, bool
    return single


def _bits_exactly(m: U16, k: int) -> Bools:
    """Which masks have exactly ``k`` bits (``k`` in 1..3)."""
    for _ in range(k - 1):
        m = m & (m - _ONE)
    exact: Bools = (m != 0) & ((m & (m - _ONE)) == 0)  # same shape as m, bool
    return exact


# ---------------------------------------------------------------------------
# Pruning the cells (units are (9, U), cell-major)


def fixeds(units: U16) -> U16:
    """The digits of each unit's fixed cells, as one mask per unit.

    Haskell: the ``fixeds`` of ``pruneCellsByFixed :: [Cell] -> Maybe [Cell]``
    (Sarkar #2, "Pruning the Cells, Exclusively").

    >>> fixeds(np.array([[1, 4], [6, 4], [8, 3]], dtype=np.uint16)).tolist()
    [9, 4]
    """
    fx = units * _singles(units)  # (9, U) uint16: fixed cells' masks, 0 elsewhere
    found: U16 = np.bitwise_or.reduce(fx, axis=0)  # (U,) uint16
    return found


def prune_cells_by_fixed(units: U16) -> tuple[U16, Bools, Bools]:
    """One pass of ``pruneCellsByFixed`` (#1's ``pruneCells``) over every unit.

    Returns the pruned units, which units failed (a cell lost all its digits:
    ``Nothing``), and which units repeat a fixed digit (before the pass).

    Haskell: ``pruneCellsByFixed :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the
    Cells, Exclusively"); ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #1, "Pruning
    the Cells").

    >>> u = np.array([[8, 1], [40, 1], [3, 2], [6, 3]], dtype=np.uint16)
    >>> new, failed, dups = prune_cells_by_fixed(u)
    >>> new[:, 0].tolist(), failed.tolist(), dups.tolist()
    ([8, 32, 3, 6], [False, True], [False, True])
    """
    fx = units * _singles(units)  # (9, U) uint16: fixed cells' masks, 0 elsewhere
    found = np.bitwise_or.reduce(fx, axis=0)  # (U,) uint16: the fixeds
    dups = np.add.reduce(fx, axis=0, dtype=np.uint16) != found  # (U,) bool
    new = (units & ~found) | fx  # (9, U) uint16: a fixed cell's digit is in found: kept by fx
    failed = new.min(axis=0) == 0  # (U,) bool
    return new, failed, dups


def _fix_fixed(units: U16) -> tuple[U16, Bools]:
    """``fixM pruneCellsByFixed`` on every unit: the units, and which repeat a fixed digit.

    A failed unit is left with an empty cell (its other cells do not matter). A pass
    that fixes no new digit leaves the fixed digits as they were (a new fixed cell's
    digit is never one of them), so the next pass would change nothing: only the
    units whose fixed digits grew go on.
    """
    fx = units * _singles(units)  # (9, U) uint16: fixed cells' masks, 0 elsewhere
    found = np.bitwise_or.reduce(fx, axis=0)  # (U,) uint16: the fixeds
    out = cur = units  # (9, U), (9, A) uint16: all units, the units still changing
    at: Ints | None = None  # (A,) intp: where the units still changing are in out (None: all)
    while True:
        new = (cur & ~found) | fx  # (9, A) uint16: one pass
        fx = new * _singles(new)  # (9, A) uint16
        after = np.bitwise_or.reduce(fx, axis=0)  # (A,) uint16
        if at is None:
            out = new
        else:
            out[:, at] = new
        grew = (after != found).nonzero()[0]  # (A',) intp
        if grew.size == found.size:
            cur, found = new, after
            continue
        if not grew.size:
            break
        cur, fx, found = new.take(grew, axis=1), fx.take(grew, axis=1), after.take(grew)
        at = grew if at is None else at.take(grew)
    if at is not None:  # fx and after are only the last units'
        fx = out * _singles(out)  # (9, U) uint16
        after = np.bitwise_or.reduce(fx, axis=0)  # (U,) uint16
    return out, np.add.reduce(fx, axis=0, dtype=np.uint16) != after


def _seen(mp: U16) -> tuple[U16, U16, tuple[U16, ...]]:
    """Digits held by at least 1, 2 of the given cells (``mp``: (9, U)), and the counts of groups.

    Counted over a tree of cell groups (pairs, then fours, then eight, then the
    ninth cell), so that a batch of a few units costs few NumPy calls; the groups'
    counts go on to three and four cells in :func:`_seen_more`.

    >>> mp = np.array([[1], [3], [7], [15], [0], [0], [0], [0], [0]], dtype=np.uint16)
    >>> [int(x[0]) for x in _seen_more(_seen(mp))]
    [15, 7, 3, 1]
    """
    a: U16 = mp[0:4]  # (4, U): cells 0-3
    b: U16 = mp[4:8]  # (4, U): cells 4-7
    p1: U16 = a | b  # (4, U): pairs (k, k + 4), at least once
    p2: U16 = a & b  # (4, U): twice
    a1, a2, b1, b2 = p1[0:2], p2[0:2], p1[2:4], p2[2:4]  # (2, U) each
    q1: U16 = a1 | b1  # (2, U): fours, at least once
    q2: U16 = a2 | b2 | (a1 & b1)  # (2, U): at least twice
    c1, d1 = q1  # (U,) each: the first and the second four
    x: U16 = mp[8]  # (U,): the ninth cell
    eight1: U16 = c1 | d1  # (U,): the eight
    eight2: U16 = q2[0] | q2[1] | (c1 & d1)  # (U,)
    seen1: U16 = eight1 | x  # (U,) uint16
    seen2: U16 = eight2 | (eight1 & x)  # (U,) uint16
    parts: tuple[U16, ...] = (a1, a2, b1, b2, q1, q2, eight2, x)
    return seen1, seen2, parts


def _seen_more(seen: tuple[U16, U16, tuple[U16, ...]]) -> tuple[U16, U16, U16, U16]:
    """Digits held by at least 1, 2, 3, 4 of the cells, from :func:`_seen`."""
    seen1, seen2, (a1, a2, b1, b2, q1, q2, eight2, x) = seen
    q3 = (a2 & b1) | (a1 & b2)  # (2, U): fours, three times
    q4 = a2 & b2  # (2, U): four times
    (c1, d1), (c2, d2), (c3, d3) = q1, q2, q3  # (U,) each
    eight3 = c3 | d3 | (c2 & d1) | (c1 & d2)  # (U,)
    eight4 = q4[0] | q4[1] | (c3 & d1) | (c2 & d2) | (c1 & d3)  # (U,)
    return seen1, seen2, eight3 | (eight2 & x), eight4 | (eight3 & x)


def exclusives(units: U16, *, sets: bool = False) -> tuple[U16, U16]:
    """The Exclusive groups of each unit, as a pass needs them: ``allExclusives``, and targets.

    ``allExclusives`` is one mask per unit; a cell's target is the group mask its
    intersection must equal to be pruned (0: none can).

    Haskell: ``exclusivePossibilities :: [Cell] -> [[Int]]`` (Sarkar #2, "A Little
    Forward, a Little Backward").

    The sample row of #2 ("A Little Forward, a Little Backward") has the Single 4
    (cell 1) and the triplet 2, 3, 8 (cells 6, 8, 9):

    >>> row = [0b100101000, 1, 16, 0b100100000, 64, 0b110100110, 0b100100000, 0b110100110, 0b110100110]
    >>> all_ex, target = exclusives(np.array(row, dtype=np.uint16)[:, None])
    >>> bin(int(all_ex[0])), target[:, 0].tolist()
    ('0b10001110', [8, 0, 0, 0, 0, 0, 0, 0, 0])
    >>> target_sets = exclusives(np.array(row, dtype=np.uint16)[:, None], sets=True)[1]
    >>> target_sets[:, 0].tolist()
    [8, 0, 0, 0, 0, 134, 0, 134, 134]
    """
    mp = units * ~_singles(units)  # (9, U) uint16: non-fixed cells only
    seen1, seen2, seen3, seen4 = _seen_more(_seen(mp))  # (U,) uint16 each
    once = seen1 & ~seen2  # (U,) uint16
    twice = seen2 & ~seen3  # (U,) uint16
    thrice = seen3 & ~seen4  # (U,) uint16
    own = mp & once  # (9, U) uint16: each cell's digits held by no other cell
    single_group = _bits_exactly(own, 1)  # (9, U) bool: a kept one-digit group
    singles = own * single_group  # (9, U) uint16
    t = mp & twice  # (9, U) uint16
    pairs = t[_PAIRS[0]] & t[_PAIRS[1]]  # (36, U) uint16: digits whose cells are that pair
    pairs *= _bits_exactly(pairs, 2)  # (36, U) uint16: kept pair groups, else 0
    h = mp & thrice  # (9, U) uint16
    triples = h[_TRIPLES[0]] & h[_TRIPLES[1]] & h[_TRIPLES[2]]  # (84, U) uint16
    triples *= _bits_exactly(triples, 3)  # (84, U) uint16: kept triple groups, else 0
    all_exclusives = (
        np.bitwise_or.reduce(singles, axis=0)
        | np.bitwise_or.reduce(pairs, axis=0)
        | np.bitwise_or.reduce(triples, axis=0)
    )  # (U,) uint16
    if not sets:
        return all_exclusives, singles
    inter = mp & all_exclusives  # (9, U) uint16
    target = singles.copy()  # (9, U) uint16
    pair_hit = (pairs[_PAIRS_OF] == inter[:, None, :]) & (inter != 0)[:, None, :]  # (9, 8, U)
    triple_hit = (triples[_TRIPLES_OF] == inter[:, None, :]) & (inter != 0)[
        :, None, :
    ]  # (9, 28, U)
    hit = pair_hit.any(axis=1) | triple_hit.any(axis=1)  # (9, U) bool
    target |= inter * (hit & (singles == 0))  # (9, U) uint16
    return all_exclusives, target


def _exclusive_singles(units: U16) -> tuple[Ints, Ints, U16]:
    """Where one ``pruneCellsByExclusives`` pass as published (only Singles match) fixes a cell.

    Returns the unit and the position of each cell it fixes, ``(S,) intp`` each, and
    the digit, ``(S,) uint16``.

    A Single cell (its one digit held by no other cell) is fixed unless it also holds
    a digit of a kept pair or triple group (the digits of its intersection would then
    be more than the Single). Such a group needs two twice-digits (three
    thrice-digits) in the cell; only those cells are checked, against the 8 pairs
    and 28 triples of cells that include them.

    Haskell: ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning
    the Cells, Exclusively").
    """
    mp = units * ((units & (units - _ONE)) != 0)  # (9, U) uint16: non-fixed cells only
    seen = _seen(mp)  # digits in >= 1, 2 cells, (U,) uint16 each, and the groups' counts
    once = seen[0] & ~seen[1]  # (U,) uint16: digits held by one cell
    cand = once.nonzero()[0]  # (V,) intp: units with such digits
    mpv = mp.take(cand, axis=1)  # (9, V) uint16
    own = (mpv & once.take(cand)).reshape(-1)  # (9V,) uint16: digits no other cell holds
    at = own.nonzero()[0]  # (S,) intp: k*V + v
    digit = own.take(at)  # (S,) uint16
    single = _IS_ONE.take(digit)  # (S,) bool: one such digit: a kept group
    at, digit = at[single], digit[single]  # (S,) each
    k, v = np.divmod(at, cand.size)  # (S,) intp each: cell position, unit in cand
    u: Ints = cand[v]  # (S,) intp: unit
    if not at.size:
        return u, k, digit
    _, seen2, seen3, seen4 = _seen_more(seen)  # (U,) uint16 each
    cell = mpv.reshape(-1).take(at)  # (S,) uint16
    twice = cell & (seen2 & ~seen3).take(u)  # (S,) uint16: the cell's digits in 2 cells
    h = cell & (seen3 & ~seen4).take(u)  # (S,) uint16: ... in 3 cells
    check = _AT_LEAST_2.take(twice) | _AT_LEAST_3.take(h)  # (S,) bool
    if check.any():
        c = check.nonzero()[0]  # (W,) intp: Singles a group might block
        oc = mpv.reshape(-1).take(_OTHERS[k[c]].T * cand.size + v[c])  # (8, W) uint16: others
        blocked = _bits_exactly(oc & twice[c], 2).any(axis=0)  # (W,) bool: a kept pair
        trip = oc[_PAIRS8[0]] & oc[_PAIRS8[1]] & h[c]  # (28, W) uint16
        blocked |= _bits_exactly(trip, 3).any(axis=0)  # (W,) bool: a kept triple
        keep = np.ones(at.size, dtype=np.bool_)  # (S,) bool
        keep[c[blocked]] = False
        u, k, digit = u[keep], k[keep], digit[keep]  # (S',) each
    return u, k, digit


def prune_cells_by_exclusives(units: U16, *, sets: bool = False) -> U16:
    """One ``pruneCellsByExclusives`` pass over every unit (never ``Nothing``).

    A non-fixed cell whose intersection with the unit's ``allExclusives`` is one of
    the unit's groups becomes that intersection (fixed if it is one digit). As
    published only one-digit groups match; ``sets=True`` compares groups as sets.

    Haskell: ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning
    the Cells, Exclusively").

    >>> twins = [0b100001001, 4, 0b101111001, 0b110001001, 0b110101001, 0b110101001, 0b110001001, 2, 0b111111001]
    >>> u = np.array(twins, dtype=np.uint16)[:, None]
    >>> bool((prune_cells_by_exclusives(u) == u).all())
    True
    >>> prune_cells_by_exclusives(u, sets=True)[[2, 8], 0].tolist()
    [80, 80]
    """
    if not sets:
        u, k, digit = _exclusive_singles(units)  # (S,) each
        out = units.copy()  # (9, U) uint16
        out[k, u] = digit
        return out
    all_ex, target = exclusives(units, sets=True)  # (U,), (9, U) uint16
    inter = units & all_ex  # (9, U) uint16
    hit = (inter == target) & (target != 0)  # (9, U) bool
    new: U16 = units ^ ((units ^ inter) * hit)  # (9, U) uint16
    return new


def prune_cells(units: U16, rule: SarkarRule) -> tuple[U16, Bools, Bools]:
    """Each unit's ``pruneCells`` under a rule: the pruned units, and which failed or repeat.

    A unit fails when its ``pruneCells`` is ``Nothing``; it repeats when, once pruned,
    two of its fixed cells hold the same digit.

    ``simple`` is #1's single pass; ``exclusives``/``exclusives-sets`` run the
    fixed-digit pass to its fixed point, then the Exclusives pass to its fixed point,
    each unit leaving a loop as soon as it stops changing (``fixM``). A failed unit is
    left with an empty cell, its other cells unspecified.

    Haskell: ``pruneCells :: [Cell] -> Maybe [Cell]`` (Sarkar #1, "Pruning the Cells";
    Sarkar #2, "Pruning the Cells, Exclusively").
    """
    if rule == "simple":
        return prune_cells_by_fixed(units)
    out, dups = _fix_fixed(units)  # (9, U) uint16, (U,) bool
    failed = out.min(axis=0) == 0  # (U,) bool
    # fixM pruneCellsByExclusives
    if rule == "exclusives":
        active = np.arange(out.shape[1])  # (A,) intp: the units still changing (failed or not)
        cur = out  # (9, A) uint16
        while True:
            u, k, digit = _exclusive_singles(cur)  # (S,) each: the cells it fixes
            if not u.size:
                return out, failed, dups
            out[k, active.take(u)] = digit
            moved = np.zeros(active.size, dtype=np.bool_)  # (A,) bool
            moved[u] = True
            active = active.compress(moved)  # (A',) intp
            cur = out.take(active, axis=1)  # (9, A') uint16
    active = (~failed).nonzero()[0]  # (A,) intp
    cur = out.take(active, axis=1)  # (9, A) uint16
    while active.size:
        new = prune_cells_by_exclusives(cur, sets=True)  # (9, A) uint16
        keep = (np.bitwise_or.reduce(new ^ cur, axis=0)).nonzero()[0]  # (A',) intp
        active = active[keep]  # (A',) intp
        cur = new.take(keep, axis=1)  # (9, A') uint16
        out[:, active] = cur  # (9, U) uint16
    return out, failed, dups


# ---------------------------------------------------------------------------
# Pruning the grid ((B, 81) grids; per grid a 27-bit set of dirty units, a next stage;
# the tables of dirty units are in fsudoku.fast.dirty)


def prune_grid_once(
    grids: U16,
    dirty: npt.NDArray[np.uint64],
    stage: Ints,
    slots: Ints,
    rule: SarkarRule,
    *,
    strict: bool = True,
) -> Bools:
    """One stage of ``pruneGrid'`` for each of the given grids, in place; which of them failed.

    Each grid ``g`` in ``slots`` (all with some dirty unit; ``dirty``: one
    :data:`~fsudoku.fast.dirty.DIRTY` per grid) prunes the dirty units of its next
    stage that has any, starting at stage ``stage[g] // 8`` (0 rows, 1 columns, 2
    sub-grids; a stage with no dirty unit is one ``pruneGrid'`` would leave alone);
    then ``stage[g]`` moves past it. A changed cell makes its other two units dirty;
    a pruned unit becomes clean, except under #1 when it changed (not idempotent).
    So the stages of one grid run rows, columns, sub-grids, rows, ... over its dirty
    units, and the grid has settled (``fixM pruneGrid'``) when none is dirty.

    A grid fails when a unit fails (``Nothing``); with ``strict=False`` also when a
    unit repeats a fixed digit (the search's shortcut: fixed cells never change, so
    the settled grid would fail ``isGridInvalid`` anyway).

    Haskell: ``pruneGrid' :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid").
    """
    if not grids.flags.c_contiguous:
        raise ValueError("grids must be C-contiguous (they are pruned in place)")
    n = slots.size
    groups = dirty.view(GROUPS)  # (4B,) <u2: each grid's dirty units, stage by stage
    nonempty = np.packbits(
        groups.reshape(-1, 4).take(slots, axis=0) != 0, axis=1, bitorder="little"
    )  # (n, 1) uint8: bit s: stage s has dirty units (bit 3 is never set)
    chosen = FIRST_DIRTY.take(stage.take(slots) + nonempty.reshape(-1))  # (n,) intp: stage
    at = slots * 4 + chosen  # (n,) intp: the chosen stage's group of each grid
    bits = groups.take(at)  # (n,) <u2: its dirty units
    groups[at] = 0
    stage[slots] = NEXT_STAGE.take(chosen)
    i, u = np.divmod(UNPACK9.take(bits, axis=0).reshape(-1).nonzero()[0], 9)  # (U,) intp each
    unit = chosen.take(i) * 9 + u  # (U,) intp: unit number 0..26 (i: which grid of slots)
    cells = UNIT_CELLS.take(unit, axis=1)  # (9, U) intp: cells of each unit
    cells += (slots * 81).take(i)  # (9, U) intp: flat cell indexes
    flat = grids.reshape(-1)  # (B*81,) uint16 view
    units = flat.take(cells)  # (9, U) uint16
    new, failed, dups = prune_cells(units, rule)  # (9, U) uint16, (U,) bool, (U,) bool
    pattern = ((new != units) * POW9).sum(axis=0, dtype=np.uint16)  # (U,) uint16: changed
    flat[cells] = new
    table = MARKS_OWN if rule == "simple" else MARKS
    np.bitwise_or.at(dirty, slots.take(i), table.take(unit * 512 + pattern))
    fail = np.zeros(n, dtype=np.bool_)  # (n,) bool
    fail[i[failed if strict else failed | dups]] = True
    return fail


def prune_grid(grids: U16, rule: SarkarRule, *, strict: bool = True) -> Bools:
    """Prune every grid (in place) until it settles; which grids did not fail.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid").

    >>> from fsudoku.fast.masks import read_masks
    >>> from fsudoku.grid_io import SAMPLE
    >>> g = np.array([read_masks(SAMPLE)], dtype=np.uint16)
    >>> ok = prune_grid(g, "simple")
    >>> ok.tolist(), g[0, :3].tolist()
    ([True], [496, 484, 372])
    """
    n = grids.shape[0]
    dirty = np.full(n, ALL_DIRTY, dtype=DIRTY)  # (n,) <u8
    stage = np.zeros(n, dtype=np.intp)  # (n,) intp
    ok = np.ones(n, dtype=np.bool_)  # (n,) bool
    slots = np.arange(n)  # (a,) intp: grids still pruning
    while slots.size:
        fail = prune_grid_once(grids, dirty, stage, slots, rule, strict=strict)  # (a,) bool
        ok[slots[fail]] = False
        slots = slots[~fail & (dirty[slots] != 0)]  # (a',) intp
    return ok


# ---------------------------------------------------------------------------
# Making the choice, solving


def next_grids(grids: U16) -> tuple[Ints, U16, U16]:
    """The pivot of each grid, its smallest digit, and the rest.

    The pivot is the first non-fixed cell (row-major) with the fewest digits; ``-1``
    for a filled grid.

    Haskell: ``nextGrids :: Grid -> (Grid, Grid)`` (Sarkar #1, "Making the Choice").

    >>> g = np.array([[1, 6, 7] + [1] * 78, [1] * 81], dtype=np.uint16)
    >>> pivot, first, rest = next_grids(g)
    >>> pivot.tolist(), first.tolist(), rest.tolist()
    ([1, -1], [2, 0], [4, 0])
    """
    n = grids.shape[0]
    counts = _popcount_key(grids)  # (n, 81) uint16: count << 7 | cell, fixed cells high
    key = counts.min(axis=1)  # (n,) uint16
    filled = key >= (10 << 7)  # (n,) bool
    pivot = (key & 127).astype(np.intp)  # (n,) intp
    pivot[filled] = -1
    m = grids[np.arange(n), np.maximum(pivot, 0)]  # (n,) uint16
    first = m & (~m + _ONE)  # (n,) uint16: lowest bit
    first[filled] = 0
    rest = m ^ first  # (n,) uint16
    rest[filled] = 0
    return pivot, first, rest


def _popcount_key(grids: U16) -> U16:
    """Per cell ``possibilityCount << 7 | cell`` (fixed cells: ``10 << 7 | cell``)."""
    key: U16 = _COUNT_KEY[grids] | _CELL_INDEX  # (n, 81) uint16
    return key


def is_grid_filled(grids: U16) -> Bools:
    """Which grids have every cell fixed.

    Haskell: ``isGridFilled :: Grid -> Bool`` (Sarkar #1, "Solving the Puzzle").
    """
    filled: Bools = np.logical_and.reduce(_singles(grids), axis=1)  # (n,) bool
    return filled


def is_grid_invalid(grids: U16) -> Bools:
    """Which grids have a unit repeating a fixed digit or an empty cell.

    Haskell: ``isGridInvalid :: Grid -> Bool`` (Sarkar #1, "Solving the Puzzle").

    >>> g = np.array([[1, 1] + [511] * 79, [1, 2] + [511] * 79], dtype=np.uint16)
    >>> is_grid_invalid(g).tolist()
    [True, False]
    """
    n = grids.shape[0]
    bad: Bools = np.logical_or.reduce(grids == 0, axis=1)  # (n,) bool
    for stage in range(3):
        units = grids[:, STAGE_CELLS[stage]]  # (n, 9, 9) uint16: [g, k, u]
        units = units.transpose(1, 0, 2).reshape(9, n * 9)  # (9, n*9) uint16
        dups = prune_cells_by_fixed(units)[2].reshape(n, 9)  # (n, 9) bool
        bad |= np.logical_or.reduce(dups, axis=1)  # (n,) bool
    return bad
