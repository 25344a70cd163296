"""Sarkar's search for one puzzle, a whole grid in one Python ``int``: the one-puzzle engine.

Glossary (the bit layout):

* *lane* ``c``: bits ``16c .. 16c + 15`` of an ``int``, for cell ``c`` (row-major). A
  **grid** holds each cell's 9-bit mask (:mod:`fsudoku.fast.masks`) in its lane, bits
  9-15 zero; an operation on the ``int`` is one on all 81 cells.
* **keep**: ``0x7FFF`` on the lanes of the grid's non-fixed cells, 0 on the others.
* *stage* ``s``: rows (0), columns (1) or sub-grids (2), nine disjoint units pruned at
  once; a unit's *anchor* is its first cell, where a reduction over the unit lands.
* **fixeds**: for each stage, each lane holds the digits of the fixed cells of its unit
  (the reference's ``fixeds``, spread over the unit); the three stages side by side,
  stage ``s`` at bit ``1296 s``. A newly fixed cell adds its digit to its three units
  from a table (:data:`_FIXED_IN_UNITS`), so no pass reduces the grid for them.
* a **node**: ``(grid, keep, fixeds)``, a grid still to be searched.

What a stage computes is exactly each unit's ``pruneCells`` run in lockstep:
``fixM pruneCellsByFixed`` (remove ``fixeds`` until no new cell is fixed), then
``fixM pruneCellsByExclusives`` (the Singles: digits held by one non-fixed cell of a
unit, over a reduction tree; a cell holding its Single and a digit of a kept pair or
triple group is left as it is, as published). ``exclusives-sets`` prunes its Exclusives
unit by unit with the one-unit function (:mod:`fsudoku.fast.scalar`).

The search (:func:`search`) takes the shortcuts below, each exact:

* a stage runs only when a unit of it changed since it was last pruned
  (:mod:`fsudoku.fast.scalar`);
* a node fails as soon as a cell is fixed to a digit already fixed in one of its units
  (fixed cells never change: the settled grid would fail ``isGridInvalid``);
* a node fails at once when removing fixed digits from every unit until no new cell is
  fixed (``pruneCellsByFixed`` everywhere, to its fixed point) empties a cell or repeats
  a digit (:func:`fixed_point`). That fixed point is the largest grid below the node's
  whose every unit ``pruneCellsByFixed`` leaves as it is; the settled grid, if the node
  did not fail, is such a grid, so it would have that empty cell or repeat too;
* under ``simple`` (#1), ``pruneGrid`` *is* that fixed point: the search takes it and
  runs no stage at all.

It can stop after a number of nodes and go on later from its stack (the package hands
a long search over to the batch engine that way).

>>> from fsudoku.grid_io import SAMPLE
>>> grid, nodes = search([node(read_grid(SAMPLE) or 0)], 0, "exclusives", None)
>>> show_grid(grid or 0)[:9], nodes
('693784512', 1)
"""

from __future__ import annotations

from array import array
from typing import Final

from fsudoku.base.names import SarkarRule
from fsudoku.base.outcome import Found
from fsudoku.fast import scalar
from fsudoku.fast.masks import CELL_UNITS, UNITS

__all__ = [
    "Node",
    "fixed_point",
    "fixeds_of",
    "from_masks",
    "node",
    "prune_grid",
    "prune_stage",
    "read_grid",
    "search",
    "search_line",
    "show_grid",
    "to_masks",
]

Node = tuple[int, int, int]
"""A grid still to be searched: ``(grid, keep, fixeds)``."""

_W: Final = 16  # bits per lane
_LANES: Final = 81
_BITS: Final = _W * _LANES  # one grid; the fixeds of stage s start at bit _BITS * s

L1: Final = sum(1 << (_W * c) for c in range(_LANES))
"""1 in every lane."""
_LH: Final = L1 << (_W - 1)  # bit 15 of every lane
_L7: Final = L1 * 0x7FFF  # 0x7FFF in every lane

_OFFSETS: Final = (
    tuple(range(9)),  # rows: a unit's cells after its first
    tuple(9 * k for k in range(9)),  # columns
    (0, 1, 2, 9, 10, 11, 18, 19, 20),  # sub-grids
)
_ANCHORS: Final = tuple(tuple(UNITS[9 * s + u][0] for u in range(9)) for s in range(3))
_ANCHOR_MASK: Final = tuple(sum(0x1FF << (_W * a) for a in _ANCHORS[s]) for s in range(3))
_REPEAT: Final = tuple(sum(1 << (_W * o) for o in _OFFSETS[s]) for s in range(3))
"""Multiplying a value held on the anchors by this copies it to every lane of the unit."""

_UNIT_LANES: Final = tuple(
    tuple(sum(1 << (_W * c) for c in UNITS[CELL_UNITS[i][s]]) for i in range(_LANES))
    for s in range(3)
)
"""Per stage and cell: 1 on the lanes of the cell's unit."""

_FIXED_IN_UNITS: Final = tuple(
    sum(((1 << (b % _W)) * _UNIT_LANES[s][b // _W]) << (_BITS * s) for s in range(3))
    if b % _W < 9
    else 0
    for b in range(_BITS)
)
"""``[16 c + d]``: the fixeds of digit ``d + 1`` fixed in cell ``c`` (its three units)."""


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


def _keep(grid: int) -> int:
    """``0x7FFF`` on the lanes of the grid's non-fixed cells, 0 on the others."""
    nonsingle = ((grid & ((grid | _LH) - L1)) + _L7) & _LH  # m & (m - 1) is not 0: bit 15
    return nonsingle - (nonsingle >> 15)


def _or_reduce(x: int, stage: int) -> int:
    """Each unit's OR of ``x`` on its anchor lane (other lanes: garbage)."""
    if stage == 2:
        t = x | x >> 16 | x >> 32
        return t | t >> 144 | t >> 288
    step = 16 if stage == 0 else 144  # the bits between a unit's cells
    t = x | x >> step
    t |= t >> 2 * step
    t |= t >> 4 * step
    return t | x >> 8 * step


def fixeds_of(grid: int, keep: int, strict: bool = True) -> int:
    """The fixeds of a grid (see the glossary); -1 if a unit repeats a fixed digit, unless ``strict``.

    Haskell: the ``fixeds`` of ``pruneCellsByFixed`` (Sarkar #2, "Pruning the Cells,
    Exclusively"), for every unit; the repeat is ``isInvalidRow``'s (Sarkar #1).

    >>> fixeds_of(read_grid("11" + "." * 79) or 0, 0, strict=False)
    -1
    """
    fixed = grid ^ (grid & keep)
    fixeds = 0
    for stage in range(3):
        found = _or_reduce(fixed, stage) & _ANCHOR_MASK[stage]
        if not strict and found.bit_count() != fixed.bit_count():
            return -1  # fewer digits than fixed cells in some unit
        fixeds |= (found * _REPEAT[stage]) << (_BITS * stage)
    return fixeds


def _add_fixed(cells: int, fixeds: int, strict: bool) -> int:
    """``fixeds`` with the newly fixed ``cells`` (their masks); -1 on a repeat, unless ``strict``."""
    while cells:
        b = cells.bit_length() - 1
        spread = _FIXED_IN_UNITS[b]
        if fixeds & spread and not strict:
            return -1  # the digit is fixed in a unit of the cell already
        fixeds |= spread
        cells ^= 1 << b
    return fixeds


def fixed_point(grid: int, keep: int, fixeds: int) -> Node | None:
    """``pruneCellsByFixed`` over every unit until no new cell is fixed; ``None`` if it fails.

    It fails when a cell loses all its digits or a unit repeats a fixed digit. Over a
    node, it fails only if the node fails (see the module's text); under ``simple`` it
    is what ``pruneGrid`` settles the node to.

    >>> grid, keep, _ = fixed_point(*node(read_grid("12" + "." * 79) or 0))
    >>> to_masks(grid)[:3] == [1, 2, 0x1FC], keep & 0xFFFF_FFFF
    (True, 0)
    """
    return _prune_cells_by_fixed(grid, keep, fixeds, -1, once=False, strict=False)


def _prune_cells_by_fixed(
    grid: int, keep: int, fixeds: int, stage: int, once: bool, strict: bool
) -> Node | None:
    """``fixM pruneCellsByFixed`` over every unit of a stage (one pass if ``once``).

    Every unit of every stage if ``stage`` is -1. Haskell: ``pruneCellsByFixed ::
    [Cell] -> Maybe [Cell]`` (Sarkar #2, "Pruning the Cells, Exclusively"), #1's
    ``pruneCells`` (one pass). ``None`` when a cell loses all its digits (or, unless
    ``strict``, is fixed to a digit fixed in one of its units).
    """
    lh, l1, l7 = _LH, L1, _L7
    shift = _BITS * stage
    while True:
        if stage < 0:
            gone = grid & keep & (fixeds | fixeds >> _BITS | fixeds >> 2 * _BITS)
        else:
            gone = grid & keep & (fixeds >> shift)
        if not gone:
            return grid, keep, fixeds
        grid ^= gone
        if (grid + l7) & lh != lh:
            return None  # a cell lost all its digits: Nothing
        nonsingle = ((grid & ((grid | lh) - l1)) + l7) & lh
        new = nonsingle - (nonsingle >> 15)
        fixed_now = keep ^ new
        if not fixed_now:
            return grid, keep, fixeds  # no new fixed digit: the next pass removes nothing
        keep = new
        fixeds = _add_fixed(grid & fixed_now, fixeds, strict)
        if fixeds < 0 or once:
            return None if fixeds < 0 else (grid, keep, fixeds)


def _seen(mp: int, stage: int) -> tuple[int, int]:
    """The digits held by at least 1, 2 cells of ``mp`` in each unit, on its anchor lane.

    The other lanes hold garbage. Counted over a tree of cell groups: pairs, fours,
    eights and the ninth cell; in a sub-grid, its rows of three, then the three rows.
    """
    if stage == 2:
        y, z = mp >> 16, mp >> 32
        t1 = mp | y | z  # each row of three cells
        t2 = (mp & y) | (z & (mp | y))
        b1, c1 = t1 >> 144, t1 >> 288
        s1 = t1 | b1  # the first two rows
        s2 = t2 | t2 >> 144 | (t1 & b1)
        return s1 | c1, s2 | t2 >> 288 | (s1 & c1)
    step = 16 if stage == 0 else 144
    y = mp >> step
    p1, p2 = mp | y, mp & y  # pairs of cells (k, k + 1)
    y = p1 >> 2 * step
    q1, q2 = p1 | y, p2 | p2 >> 2 * step | (p1 & y)  # fours (k .. k + 3)
    y = q1 >> 4 * step
    s1, s2 = q1 | y, q2 | q2 >> 4 * step | (q1 & y)  # eights (k .. k + 7)
    y = mp >> 8 * step  # the ninth cell
    return s1 | y, s2 | (s1 & y)


def _in_kept_groups(mp: int, own: int, lanes: int, stage: int) -> int:
    """Bit 15 of the lanes of ``lanes`` (``0x7FFF``) whose cell is in a kept pair or triple group.

    A group is the n digits (n < 4) held by exactly the same n non-fixed cells of a unit;
    a cell in one holds all its digits. Each digit of the cell but its Single (``own``)
    is grouped by the cells that hold it.
    """
    unit_lanes = _UNIT_LANES[stage]
    found = 0
    while lanes:
        at = lanes.bit_length() - 15  # the lane's first bit
        cells = unit_lanes[at >> 4]
        holders: dict[int, int] = {}  # cells holding a digit -> how many digits
        others = (mp ^ own) >> at & 0x1FF
        while others:
            digit = others.bit_length() - 1
            held = mp >> digit & cells
            holders[held] = holders.get(held, 0) + 1
            others ^= 1 << digit
        if any(n in (2, 3) and n == held.bit_count() for held, n in holders.items()):
            found |= 0x8000 << at
        lanes ^= 0x7FFF << at
    return found


def _prune_cells_by_exclusives(
    grid: int, keep: int, fixeds: int, stage: int, strict: bool
) -> Node | None:
    """``fixM pruneCellsByExclusives`` as published, every unit of a stage.

    Haskell: ``pruneCellsByExclusives :: [Cell] -> Maybe [Cell]`` (Sarkar #2). A pass
    fixes each cell holding one Single and no digit of a kept pair or triple group.
    ``None`` only when, unless ``strict``, a cell is fixed to a digit fixed in one of its
    other units.
    """
    lh, l1, l7 = _LH, L1, _L7
    anchors = _ANCHOR_MASK[stage]
    repeat = _REPEAT[stage]
    while True:
        mp = grid & keep  # the non-fixed cells
        s1, s2 = _seen(mp, stage)
        once = (s1 ^ s2) & anchors  # each unit's digits held by one cell
        if not once:
            return grid, keep, fixeds
        own = mp & (once * repeat)  # each cell's digits held by no other cell
        multi = ((own & ((own | lh) - l1)) + l7) & lh  # bit 15: two or more of them
        fire = ((own + l7) & lh) ^ multi  # bit 15: the cell holds one Single
        big = mp & fire - (fire >> 15)
        big &= (big | lh) - l1
        big &= (big | lh) - l1  # the firing cells of three digits or more
        if big:
            big = (big + l7) & lh
            fire ^= _in_kept_groups(mp, own, big - (big >> 15), stage)
        if not fire:
            return grid, keep, fixeds
        fire -= fire >> 15
        grid ^= (grid ^ own) & fire
        keep ^= fire
        fixeds = _add_fixed(grid & fire, fixeds, strict)
        if fixeds < 0:
            return None


def _counts(mp: int, stage: int) -> tuple[int, int, int]:
    """The digits held by at least 2, 3, 4 cells of ``mp`` in each unit, on its anchor lane.

    Counted over three groups of three cells (a row's thirds, a column's, a sub-grid's
    rows), then over the three groups.
    """
    near, far = _THIRDS[stage]  # the bits between cells of a group, and between groups
    y, z = mp >> near, mp >> 2 * near
    a1, a2, a3 = mp | y | z, (mp & y) | (z & (mp | y)), mp & y & z  # each group of three
    b1, b2, b3 = a1 >> far, a2 >> far, a3 >> far
    c1, c2, c3 = a1 >> 2 * far, a2 >> 2 * far, a3 >> 2 * far
    s1, s2 = a1 | b1, a2 | b2 | (a1 & b1)  # two groups
    s3, s4 = a3 | b3 | (a2 & b1) | (a1 & b2), (a3 & b1) | (a2 & b2) | (a1 & b3)
    s4 |= (s3 & c1) | (s2 & c2) | (s1 & c3)
    return s2 | c2 | (s1 & c1), s3 | c3 | (s2 & c1) | (s1 & c2), s4


_THIRDS: Final = ((16, 48), (144, 432), (16, 144))


def _group_cells(mp: int, stage: int) -> int:
    """Bit 15 of the cells of ``mp`` that hold a Single or may be in a pair or a triple group.

    A pair group's two digits are each held by exactly two cells, a triple's three by
    exactly three: such a cell holds two twice-digits or three thrice-digits.
    """
    lh, l1, l7 = _LH, L1, _L7
    anchors, repeat = _ANCHOR_MASK[stage], _REPEAT[stage]
    s2, s3, s4 = _counts(mp, stage)
    once = (_or_reduce(mp, stage) ^ s2) & anchors
    single = ((mp & (once * repeat)) + l7) & lh
    twice = mp & (((s2 ^ s3) & anchors) * repeat)
    t2 = ((twice & ((twice | lh) - l1)) + l7) & lh  # >= 2 twice-digits
    thrice = mp & (((s3 ^ s4) & anchors) * repeat)
    t3 = thrice & ((thrice | lh) - l1)
    return single | t2 | (((t3 & ((t3 | lh) - l1)) + l7) & lh)  # or >= 3 thrice-digits


def _prune_cells_by_exclusives_sets(
    grid: int, keep: int, fixeds: int, stage: int, strict: bool
) -> Node | None:
    """``fixM pruneCellsByExclusives`` with groups compared as sets, every unit of a stage.

    The ``exclusives-sets`` rule: the one-unit function on each unit that holds a group
    (a unit with none is left as it is).
    """
    lanes = _group_cells(grid & keep, stage)
    if not lanes:
        return grid, keep, fixeds
    masks = to_masks(grid)
    for u in {_LANE_UNIT[stage][(low.bit_length() - 1) >> 4] for low in _lanes_of(lanes)}:
        cells = UNITS[9 * stage + u]
        old = [masks[i] for i in cells]
        new = scalar.prune_cells_sets(old) or old  # fixM, after the fixed-digit passes
        for i, m in zip(cells, new, strict=True):
            masks[i] = m
    new_grid = from_masks(masks)
    if new_grid == grid:
        return grid, keep, fixeds
    new_keep = _keep(new_grid)
    fixeds = _add_fixed(new_grid & (keep ^ new_keep), fixeds, strict)
    return None if fixeds < 0 else (new_grid, new_keep, fixeds)


def _lanes_of(flags: int) -> list[int]:
    """Each flag of ``flags`` (bit 15 of some lanes) alone."""
    out = []
    while flags:
        low = flags & -flags
        out.append(low)
        flags ^= low
    return out


_LANE_UNIT: Final = tuple(
    {c: u for u in range(9) for c in UNITS[9 * s + u]} for s in range(3)
)  # per stage: cell -> the unit (0..8) holding it


def _prune_stage(node: Node, stage: int, rule: SarkarRule, strict: bool) -> Node | None:
    """Every unit of one stage pruned by the rule's ``pruneCells``: the new node, or ``None``."""
    pruned = _prune_cells_by_fixed(*node, stage, rule == "simple", strict)
    if pruned is None or rule == "simple":
        return pruned
    if rule == "exclusives":
        return _prune_cells_by_exclusives(*pruned, stage, strict)
    return _prune_cells_by_exclusives_sets(*pruned, stage, strict)


def prune_stage(grid: int, stage: int, rule: SarkarRule, strict: bool) -> int | None:
    """Every unit of one stage pruned by the rule's ``pruneCells``: the new grid, or ``None``.

    ``None`` when a unit fails (or, unless ``strict``, a unit of the grid repeats a fixed
    digit, before or once pruned).
    """
    keep = _keep(grid)
    fixeds = fixeds_of(grid, keep, strict)
    pruned = None if fixeds < 0 else _prune_stage((grid, keep, fixeds), stage, rule, strict)
    return None if pruned is None else pruned[0]


def _prune_node(node: Node, rule: SarkarRule, strict: bool) -> Node | None:
    """Prune rows, columns, sub-grids, ... until the grid settles; ``None`` on failure.

    A stage is pruned again only when a unit of it changed since it was last pruned:
    after a stage changes the grid, the other two run until two in a row change nothing.
    Under ``simple`` (#1) a stage that changed the grid is not settled either.
    """
    stage, quiet, needed = 0, 0, 3  # stages in a row that changed nothing, and how many end it
    while quiet < needed:
        pruned = _prune_stage(node, stage, rule, strict)
        if pruned is None:
            return None
        if pruned[0] != node[0]:
            quiet, needed = 0, 3 if rule == "simple" else 2
            node = pruned
        else:
            quiet += 1
        stage = stage + 1 if stage < 2 else 0
    return node


def prune_grid(grid: int, rule: SarkarRule, *, strict: bool = True) -> int | None:
    """Prune rows, columns, sub-grids, ... until the grid settles; ``None`` on failure.

    Unless ``strict``, ``None`` also when a unit repeats a fixed digit.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid").
    """
    keep = _keep(grid)
    fixeds = fixeds_of(grid, keep, strict)
    pruned = None if fixeds < 0 else _prune_node((grid, keep, fixeds), rule, strict)
    return None if pruned is None else pruned[0]


def node(grid: int) -> Node:
    """The node of a puzzle's grid (its fixeds -1 if a unit repeats a fixed digit: it fails)."""
    keep = _keep(grid)
    return grid, keep, fixeds_of(grid, keep, strict=False)


def _settle(item: Node, rule: SarkarRule) -> Node | None:
    """The settled node of a search's node (``pruneGrid``), or ``None`` if the node fails."""
    if item[2] < 0:
        return None
    closed = fixed_point(*item)
    if closed is None or rule == "simple":
        return closed
    return _prune_node(item, rule, strict=False)


def _children(settled: Node) -> tuple[Node, Node] | None:
    """``nextGrids``: the two nodes split on the first cell with the fewest digits.

    ``None`` when the grid is filled. The first child has the cell fixed to its first
    digit, the second the cell's other digits (fixed if one).
    """
    grid, keep, fixeds = settled
    lh, l1, l7 = _LH, L1, _L7
    y = grid & keep
    y &= (y | lh) - l1  # the non-fixed cells' masks less one digit
    if not y:
        return None
    while True:
        z = y & ((y | lh) - l1)  # one digit less again
        exact = ((y + l7) & lh) ^ ((z + l7) & lh)  # y has exactly one bit left
        if exact:
            break
        y = z
    at = (exact & -exact).bit_length() - 16  # the pivot's lane
    m = grid >> at & 0x1FF
    first = m & -m
    rest = m ^ first
    fixed = keep ^ (0x7FFF << at)
    one = (grid ^ (rest << at), fixed, fixeds | _FIXED_IN_UNITS[at + first.bit_length() - 1])
    if rest & (rest - 1):
        return one, (grid ^ (first << at), keep, fixeds)
    return one, (grid ^ (first << at), fixed, fixeds | _FIXED_IN_UNITS[at + rest.bit_length() - 1])


def search(
    stack: list[Node], nodes: int, rule: SarkarRule, stop: int | None
) -> tuple[int | None, int]:
    """Go on with a depth-first search: its first solution (or ``None``) and its node count.

    ``stack`` holds the nodes still to search, the next one last, and is consumed in
    place; ``nodes`` counts the nodes (calls of ``solve``) already made. The search
    stops before node ``stop + 1`` would start: it then returns ``None`` with the nodes
    left on the stack (an empty stack: the search is over).

    Haskell: ``solve :: Grid -> Maybe Grid`` (Sarkar #1, "Solving the Puzzle").
    """
    pop, push = stack.pop, stack.append
    limit = -1 if stop is None else stop
    while stack:
        if nodes == limit:
            return None, nodes
        nodes += 1
        settled = _settle(pop(), rule)
        if settled is None:
            continue
        children = _children(settled)
        if children is None:
            return settled[0], nodes
        push(children[1])
        push(children[0])
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
    stack = [node(grid)]
    solution, nodes = search(stack, 0, rule, max_nodes)
    if solution is not None:
        return Found(show_grid(solution), nodes)
    return Found(None, nodes, bool(stack))
