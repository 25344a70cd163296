"""Sarkar's search for one puzzle, a whole grid in one Python ``int``: the one-puzzle engine.

Every unit of a stage is pruned at once, with a few dozen big-integer operations (SIMD
within a register).

Layout: cell ``c`` (row-major) is *lane* ``c``, bits ``16c .. 16c + 15`` of the grid
``int``; a lane holds the cell's 9-bit mask (:mod:`fsudoku.fast.masks`), its bits 9-15
are zero. An operation on the ``int`` is an operation on all 81 cells. A stage (rows,
columns or sub-grids) is nine disjoint units, so pruning them together is pruning
them one after the other: a unit is reduced (OR, sum, counts of its cells' digits)
onto its *anchor* lane (its first cell) by shifting the grid by the offsets of its
other cells, and a value on the anchors is broadcast back to the unit's lanes by the
opposite shifts (rows: offsets 1..8 lanes; columns: 9, 18, .., 72; sub-grids: 1, 2,
9, 10, 11, 18, 19, 20).

What a stage computes is exactly each unit's ``pruneCells``, run in lockstep:
``fixM pruneCellsByFixed`` (passes until no unit changes: a unit that has settled is
left as it is by another pass), then ``fixM pruneCellsByExclusives`` likewise. The
Exclusives pass as published fixes the cells that hold a Single (a digit held by no
other non-fixed cell of the unit) and no digit of a kept pair or triple group
(:mod:`fsudoku.fast.vector`); a cell holding two twice-digits or three thrice-digits
might hold such a group, and its unit is then pruned by the exact one-unit function
(:func:`fsudoku.fast.scalar.prune_cells_by_exclusives`).

``exclusives-sets`` prunes its Exclusives unit by unit, with the one-unit function.

The search (:func:`search`, the one search of one puzzle in this package) skips
stages with no unit changed since they were last pruned (exact: see
:mod:`fsudoku.fast.scalar`), and fails a node as soon as a unit of the stage just
pruned repeats a fixed digit (the settled grid would fail ``isGridInvalid``). It can
stop after a number of nodes and go on later from its stack (the package hands a
long search over to the batch engine that way).

>>> from fsudoku.grid_io import SAMPLE
>>> grid, nodes = search([read_grid(SAMPLE) or 0], 0, "exclusives", None)
>>> show_grid(grid or 0)[:9], nodes
('693784512', 1)
"""

from __future__ import annotations

from array import array
from typing import Final

from fsudoku.base.names import SarkarRule
from fsudoku.base.outcome import Found
from fsudoku.fast import scalar
from fsudoku.fast.masks import UNITS

__all__ = [
    "from_masks",
    "prune_grid",
    "prune_stage",
    "read_grid",
    "search",
    "search_line",
    "show_grid",
    "to_masks",
]

_W: Final = 16  # bits per lane
_LANES: Final = 81

L1: Final = sum(1 << (_W * c) for c in range(_LANES))
"""1 in every lane."""
_LH: Final = L1 << (_W - 1)  # bit 15 of every lane
_L7: Final = L1 * ((1 << (_W - 1)) - 1)  # 0x7FFF in every lane
_LM: Final = L1 * 0x1FF  # the 9 digit bits of every lane

_OFFSETS: Final = (
    tuple(range(9)),  # rows: a unit's cells after its first
    tuple(9 * k for k in range(9)),  # columns
    (0, 1, 2, 9, 10, 11, 18, 19, 20),  # sub-grids
)
_ANCHORS: Final = tuple(tuple(UNITS[9 * s + u][0] for u in range(9)) for s in range(3))
_ANCHOR_MASK: Final = tuple(sum(0xFFFF << (_W * a) for a in _ANCHORS[s]) for s in range(3))
_REPEAT: Final = tuple(sum(1 << (_W * o) for o in _OFFSETS[s]) for s in range(3))
"""Multiplying a value held on the anchors by this copies it to every lane of the unit."""

_STEP: Final = (_W, 9 * _W, 0)
"""The bits between a unit's cells, for rows and columns (0: sub-grids, three rows of three)."""

_LANE_UNIT: Final = tuple(
    {c: u for u in range(9) for c in UNITS[9 * s + u]} for s in range(3)
)  # per stage: cell -> the unit (0..8) holding it


def from_masks(masks: list[int]) -> int:
    """The grid ``int`` of 81 masks.

    >>> to_masks(from_masks([1, 2, 511] + [4] * 78))[:4]
    [1, 2, 511, 4]
    """
    return int.from_bytes(array("H", masks).tobytes(), "little")


def to_masks(grid: int) -> list[int]:
    """The 81 masks of a grid ``int``."""
    lanes = array("H")
    lanes.frombytes(grid.to_bytes(2 * _LANES, "little"))
    return lanes.tolist()


_NOT_CELLS: Final = str.maketrans(dict.fromkeys(".123456789"))
"""Deletes every character a puzzle line may hold."""
_LOW_BYTE: Final = bytes(
    0xFF if b == ord(".") else (1 << (b - 49)) & 0xFF if 49 <= b <= 57 else 0 for b in range(256)
)
_HIGH_BYTE: Final = bytes(1 if b in (ord("."), ord("9")) else 0 for b in range(256))
_DIGIT_OF_LOW: Final = bytes(
    ord("9") if b == 0 else 48 + b.bit_length() if b & (b - 1) == 0 else 0 for b in range(256)
)  # the low byte of a fixed cell's lane -> its digit's character


def read_grid(line: str) -> int | None:
    """The grid ``int`` of a puzzle line (``readGrid``); ``None`` when it is not one.

    Haskell: ``readGrid :: String -> Maybe Grid`` (Sarkar #1, "Setting up").

    >>> to_masks(read_grid("12." + "9" * 78))[:4], read_grid("12")
    ([1, 2, 511, 256], None)
    """
    if len(line) != _LANES or line.translate(_NOT_CELLS):
        return None
    text = line.encode("ascii")
    lanes = bytearray(2 * _LANES)
    lanes[0::2] = text.translate(_LOW_BYTE)
    lanes[1::2] = text.translate(_HIGH_BYTE)
    return int.from_bytes(lanes, "little")


def show_grid(grid: int) -> str:
    """The 81 digits of a filled grid ``int``.

    >>> show_grid(read_grid("123456789" * 9))[:10]
    '1234567891'
    """
    return grid.to_bytes(2 * _LANES, "little")[0::2].translate(_DIGIT_OF_LOW).decode("ascii")


def _or_reduce(x: int, stage: int) -> int:
    """Each unit's OR of ``x`` on its anchor lane (other lanes: garbage)."""
    if stage == 0:
        t = x | x >> 16
        t |= t >> 32
        t |= t >> 64
        return t | x >> 128
    if stage == 1:
        t = x | x >> 144
        t |= t >> 288
        t |= t >> 576
        return t | x >> 1152
    t = x | x >> 16 | x >> 32
    return t | t >> 144 | t >> 288


def _add_reduce(x: int, stage: int) -> int:
    """Each unit's sum of ``x`` (lanes <= 0x100) on its anchor lane."""
    if stage == 0:
        t = x + (x >> 16)
        t += t >> 32
        t += t >> 64
        return t + (x >> 128)
    if stage == 1:
        t = x + (x >> 144)
        t += t >> 288
        t += t >> 576
        return t + (x >> 1152)
    t = x + (x >> 16) + (x >> 32)
    return t + (t >> 144) + (t >> 288)


def _seen(mp: int, stage: int) -> tuple[int, int, tuple[int, ...]]:
    """The digits held by at least 1, 2 cells of ``mp`` in each unit, on its anchor lane.

    The other lanes hold garbage; the digits are counted over a tree of cell groups
    (pairs, fours, eights and the ninth cell; in a sub-grid, its rows of three), whose
    parts come third, for :func:`_seen_more`.
    """
    if stage == 2:
        y, z = mp >> 16, mp >> 32
        t1 = mp | y | z  # each row of three cells
        t2 = (mp & y) | (z & (mp | y))
        b1, b2, c1, c2 = t1 >> 144, t2 >> 144, t1 >> 288, t2 >> 288
        s1 = t1 | b1  # the first two rows
        s2 = t2 | b2 | (t1 & b1)
        return s1 | c1, s2 | c2 | (s1 & c1), (mp, y, z, t1, t2, b1, b2, c1, c2, s1, s2)
    step = 16 if stage == 0 else 144  # the lanes between a unit's cells
    y = mp >> step
    p1, p2 = mp | y, mp & y  # pairs of cells (k, k + 1)
    y1, y2 = p1 >> 2 * step, p2 >> 2 * step
    q1, q2 = p1 | y1, p2 | y2 | (p1 & y1)  # fours (k .. k + 3)
    z1, z2 = q1 >> 4 * step, q2 >> 4 * step
    s1, s2 = q1 | z1, q2 | z2 | (q1 & z1)  # eights (k .. k + 7)
    x = mp >> 8 * step  # the ninth cell
    return s1 | x, s2 | (s1 & x), (step, p1, p2, y1, y2, q1, q2, z1, z2, s2, x)


def _seen_more(parts: tuple[int, ...], stage: int) -> tuple[int, int, int]:
    """The digits held by at least 2, 3, 4 cells in each unit, from the parts of :func:`_seen`."""
    if stage == 2:
        mp, y, z, t1, t2, b1, b2, c1, c2, s1, s2 = parts
        t3 = mp & y & z
        b3, c3 = t3 >> 144, t3 >> 288
        s3 = t3 | b3 | (t2 & b1) | (t1 & b2)
        s4 = (t3 & b1) | (t2 & b2) | (t1 & b3)
        s4 |= (s3 & c1) | (s2 & c2) | (s1 & c3)
        s3 |= c3 | (s2 & c1) | (s1 & c2)
        return s2 | c2 | (s1 & c1), s3, s4
    step, p1, p2, y1, y2, q1, q2, z1, z2, s2, x = parts
    q3 = (p2 & y1) | (p1 & y2)
    q4 = p2 & y2
    z3 = q3 >> 4 * step
    s3 = q3 | z3 | (q2 & z1) | (q1 & z2)
    s4 = q4 | (q4 >> 4 * step) | (q3 & z1) | (q2 & z2) | (q1 & z3)
    s1 = q1 | z1
    return s2 | (s1 & x), s3 | (s2 & x), s4 | (s3 & x)


def _units_of(lanes: int, stage: int) -> set[int]:
    """The units (``0..8``) of a stage that hold any of ``lanes`` (flags on bit 15)."""
    units: set[int] = set()
    while lanes:
        low = lanes & -lanes
        units.add(_LANE_UNIT[stage][(low.bit_length() - 1) // _W])
        lanes ^= low
    return units


def _in_groups(mp: int, parts: tuple[int, ...], stage: int) -> int:
    """Bit 15 of the cells of ``mp`` that a pair or a triple group may be in.

    A pair group's two digits are each held by exactly two cells, a triple's three by
    exactly three: such a cell holds two twice-digits or three thrice-digits.
    ``parts``: those of :func:`_seen` for ``mp``.
    """
    anchors = _ANCHOR_MASK[stage]
    repeat = _REPEAT[stage]
    lh, l1, l7 = _LH, L1, _L7
    s2, s3, s4 = _seen_more(parts, stage)
    twice = mp & (((s2 ^ (s2 & s3)) & anchors) * repeat)
    t2 = ((twice & ((twice | lh) - l1)) + l7) & lh  # >= 2 twice-digits
    thrice = mp & (((s3 ^ (s3 & s4)) & anchors) * repeat)
    t3 = thrice & ((thrice | lh) - l1)
    return t2 | (((t3 & ((t3 | lh) - l1)) + l7) & lh)  # or >= 3 thrice-digits


def _exact_units(grid: int, new: int, stage: int, lanes: int) -> int:
    """``new`` with the units holding any of ``lanes`` pruned by the exact Exclusives pass.

    ``lanes`` are flags on bit 15; the one-unit pass runs over ``grid``.
    """
    masks = to_masks(grid)
    out = to_masks(new)
    for u in _units_of(lanes, stage):
        cells = UNITS[9 * stage + u]
        pruned = scalar.prune_cells_by_exclusives([masks[i] for i in cells])
        for i, m in zip(cells, pruned, strict=True):
            out[i] = m
    return from_masks(out)


def _keep(grid: int) -> int:
    """``0x7FFF`` on the lanes of the grid's non-fixed cells, 0 on the others."""
    nonsingle = ((grid & ((grid | _LH) - L1)) + _L7) & _LH  # m & (m - 1) is not 0: bit 15
    return nonsingle - (nonsingle >> 15)


def prune_stage(grid: int, stage: int, rule: SarkarRule, strict: bool) -> int | None:
    """Every unit of one stage pruned by the rule's ``pruneCells``: the new grid, or ``None``.

    ``None`` when a unit fails (or, unless ``strict``, repeats a fixed digit once pruned).
    """
    pruned = _prune_stage(grid, _keep(grid), stage, rule, strict)
    return None if pruned is None else pruned[0]


def _prune_stage(
    grid: int, keep: int, stage: int, rule: SarkarRule, strict: bool
) -> tuple[int, int] | None:
    """:func:`prune_stage` given the grid's :func:`_keep`, and the new grid's with it.

    Every mask below is a non-negative ``int`` (``a & ~b`` is written ``a ^ (a & b)``:
    the complement of a big ``int`` is a negative one, slow to combine).
    """
    anchors = _ANCHOR_MASK[stage]
    repeat = _REPEAT[stage]
    lh, l1, l7 = _LH, L1, _L7
    # fixM pruneCellsByFixed (#1's pruneCells: one pass). A pass that fixes no new cell
    # removes the same digits again: nothing, so the loop stops when no cell was fixed.
    step = _STEP[stage]
    last = -1
    while keep != last:
        last = keep
        fixed = grid ^ (grid & keep)  # the fixed cells' masks
        if step:  # each unit's fixed digits: _or_reduce, written out
            t = fixed | fixed >> step
            t |= t >> 2 * step
            t |= t >> 4 * step
            found = (t | fixed >> 8 * step) & anchors
        else:
            t = fixed | fixed >> 16 | fixed >> 32
            found = (t | t >> 144 | t >> 288) & anchors
        gone = grid & (found * repeat) & keep  # the digits the pass removes
        if not gone:
            break
        grid ^= gone
        if (grid + l7) & lh != lh:
            return None  # a cell lost all its digits: Nothing
        nonsingle = ((grid & ((grid | lh) - l1)) + l7) & lh
        keep = nonsingle - (nonsingle >> 15)
        if rule == "simple":
            fixed = grid ^ (grid & keep)
            found = _or_reduce(fixed, stage) & anchors
            break
    if not strict and _add_reduce(fixed, stage) & anchors != found:
        return None  # a unit repeats a fixed digit (fixed cells never change again)
    if rule == "simple":
        return grid, keep
    if rule == "exclusives-sets":
        new = _exact_sets(grid, keep, stage)
        return (grid, keep) if new == grid else (new, _keep(new))
    return _prune_exclusive_singles(grid, keep, stage)


def _prune_exclusive_singles(grid: int, keep: int, stage: int) -> tuple[int, int]:
    """``fixM pruneCellsByExclusives`` as published, every unit of a stage (never ``Nothing``).

    ``keep``: the grid's :func:`_keep`; returned with the new grid's. A pass fixes each
    cell holding one Single and no digit of a kept pair or triple; a cell that might
    hold such a group has its unit pruned by the one-unit function.
    """
    anchors = _ANCHOR_MASK[stage]
    repeat = _REPEAT[stage]
    lh, l1, l7 = _LH, L1, _L7
    while True:
        mp = grid & keep  # the non-fixed cells
        s1, s2, parts = _seen(mp, stage)
        once = (s1 ^ (s1 & s2)) & anchors  # each unit's digits held by one cell
        if not once:
            return grid, keep
        own = mp & (once * repeat)  # each cell's digits held by no other cell
        multi = ((own & ((own | lh) - l1)) + l7) & lh  # bit 15: two or more of them
        cand = ((own + l7) & lh) ^ multi  # bit 15: the cell holds one Single
        if not cand:
            return grid, keep
        fire = cand - (cand >> 15)
        new = grid ^ ((grid ^ own) & fire)
        check = cand & _in_groups(mp, parts, stage)  # a kept group might block the Single
        if check:
            new = _exact_units(grid, new, stage, check)
            if new == grid:
                return grid, keep
        grid = new
        nonsingle = ((grid & ((grid | lh) - l1)) + l7) & lh
        keep = nonsingle - (nonsingle >> 15)


def _exact_sets(grid: int, keep: int, stage: int) -> int:
    """``fixM pruneCellsByExclusives`` with groups compared as sets, every unit of a stage.

    The ``exclusives-sets`` rule. A unit changes only if a cell holds a Single, or may
    hold a pair or a triple group (a cell's Exclusive digits are a group only if the
    cell holds the group); those units are pruned by the one-unit function.
    """
    mp = grid & keep
    s1, s2, parts = _seen(mp, stage)
    once = (s1 ^ (s1 & s2)) & _ANCHOR_MASK[stage]
    lanes = _in_groups(mp, parts, stage)
    if once:
        lanes |= ((mp & (once * _REPEAT[stage])) + _L7) & _LH
    if not lanes:
        return grid
    masks = to_masks(grid)
    changed = False
    for u in _units_of(lanes, stage):
        cells = UNITS[9 * stage + u]
        old = [masks[i] for i in cells]
        new = old
        while True:
            pruned = scalar.prune_cells_by_exclusives(new, sets=True)
            if pruned == new:
                break
            new = pruned
        if new != old:
            changed = True
            for i, m in zip(cells, new, strict=True):
                masks[i] = m
    return from_masks(masks) if changed else grid


def prune_grid(
    grid: int, rule: SarkarRule, dirty: int = 0b111, *, strict: bool = True
) -> int | None:
    """Prune rows, columns, sub-grids, ... until the grid settles; ``None`` on failure.

    ``dirty``: the stages (bits 0-2) that may change.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid").
    """
    stage = 0
    keep = _keep(grid)
    while dirty:
        if dirty >> stage & 1:
            pruned = _prune_stage(grid, keep, stage, rule, strict)
            if pruned is None:
                return None
            new, keep = pruned
            if new != grid:
                dirty = 0b111 if rule == "simple" else 0b111 ^ (1 << stage)
                grid = new
            else:
                dirty &= 0b111 ^ (1 << stage)
        stage = stage + 1 if stage < 2 else 0
    return grid


def _pivot(grid: int) -> int:
    """The lane of the first non-fixed cell with the fewest digits (-1: filled)."""
    y = grid & ((grid | _LH) - L1)  # cells' masks less one digit
    if not (y + _L7) & _LH:
        return -1
    while True:
        z = y & ((y | _LH) - L1)  # one digit less again
        exact = ((y + _L7) & _LH) ^ ((z + _L7) & _LH)  # y has exactly one bit left
        if exact:
            return ((exact & -exact).bit_length() - 1) // _W
        y = z


def search(
    stack: list[int], nodes: int, rule: SarkarRule, stop: int | None
) -> tuple[int | None, int]:
    """Go on with a depth-first search: its first solution (or ``None``) and its node count.

    ``stack`` holds the grids still to search, the next one last, and is consumed in
    place; ``nodes`` counts the nodes (calls of ``solve``) already made. The search
    stops before node ``stop + 1`` would start: it then returns ``None`` with the grids
    left on the stack (an empty stack: the search is over).

    Haskell: ``solve :: Grid -> Maybe Grid`` (Sarkar #1, "Solving the Puzzle").
    """
    pop, push = stack.pop, stack.append
    limit = -1 if stop is None else stop
    while stack:
        if nodes == limit:
            return None, nodes
        nodes += 1
        pruned = prune_grid(pop(), rule, 0b111, strict=False)
        if pruned is None:
            continue
        p = _pivot(pruned)
        if p < 0:
            return pruned, nodes
        shift = _W * p
        m = pruned >> shift & 0x1FF
        first = m & -m
        push(pruned ^ (first << shift))  # nextGrids' second grid: the other digits
        push(pruned ^ ((m ^ first) << shift))  # its first: the pivot fixed
    return None, nodes


def search_line(
    puzzle: str, rule: SarkarRule = "exclusives", max_nodes: int | None = None
) -> Found | None:
    """What the search finds for one line under a rule (``None``: not a puzzle).

    >>> search_line("11" + "." * 79), search_line("x")
    (Found(solution=None, nodes=1, gave_up=False), None)
    """
    grid = read_grid(puzzle)
    if grid is None:
        return None
    stack = [grid]
    solution, nodes = search(stack, 0, rule, max_nodes)
    if solution is not None:
        return Found(show_grid(solution), nodes)
    return Found(None, nodes, bool(stack))
