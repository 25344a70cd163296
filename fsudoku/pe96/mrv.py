"""Backtracking with minimum remaining values and forward checking.

The Project Euler 96 notes, index 0.

The five stages of the notes: (1) the candidates of one empty cell are the digits
missing from its row, column and box; (2) the working set of ``(cell, candidates)``
pairs is built once per puzzle; (3) each step picks the cell with the fewest
candidates (MRV; the notes sort the working set by size and take the first, which
is the minimum with the lowest cell index, as here): none is a dead end, one a
forced move; (4) placing a digit makes a
NEW working set with that digit removed from the cell's peers (forward checking), so
undoing a choice is free: the old working set is still there; (5) an empty working
set is a solved grid, and a branch where some cell dropped to zero candidates is
skipped before it is entered (the notes' fail-fast check).

Glossary:

- ``cell`` an index ``0``-``80`` (row-major), ``row, col = divmod(cell, 9)``;
- ``mask`` a 9-bit candidate set (bit ``d - 1`` for digit ``d``); ``bit`` one digit;
- ``masks``/``counts`` the working set as two 81-slot lists, a cell's candidate mask
  and its number of candidates (the notes' ``(row, col, candidates)`` triples; a
  filled cell has mask ``0`` and count ``FILLED``);
- ``placed`` the placements so far as a linked list ``(cell, digit, placed)`` or
  ``None``: the grid is never written in place;
- ``IS_PEER[cell]`` a tuple of 81 flags, true for the 20 peers of ``cell``;
  ``PEERS[cell]`` the same peers as a tuple of cell indexes.

What counts as a node: one search node per placement tried (forced moves included).

>>> from fsudoku.grid_io import SAMPLE as PUZZLE
>>> solve(PUZZLE)
<Some: 693784512487512936125963874932651487568247391741398625319475268856129743274836159>
>>> first_solution("11" + "." * 79).solution is None
True
"""

from __future__ import annotations

from fsudoku.base.outcome import Found, maybe_solver
from fsudoku.base.units import ALL as ALL
from fsudoku.base.units import PEERS as PEERS
from fsudoku.base.units import POPCOUNT
from fsudoku.grid_io import is_puzzle

COUNT = POPCOUNT
"""Population count of every 9-bit mask."""

IS_PEER: tuple[tuple[bool, ...], ...] = tuple(
    tuple(q in PEERS[s] for q in range(81)) for s in range(81)
)
"""``IS_PEER[s][q]``: ``q`` shares a row, column or box with ``s`` (and is not ``s``).

>>> sum(IS_PEER[40]), IS_PEER[0][80], IS_PEER[0][20], IS_PEER[0][0]
(20, False, True, False)
"""

Placed = tuple[int, int, "Placed"] | None
"""The placements made so far, newest first: ``(cell, digit, older)``."""

# --- Stage 1: candidates for one cell -----------------------------------------------


def candidates(puzzle: str, cell: int) -> int:
    """The digits (as a mask) not yet used in the cell's row, column and 3x3 box.

    The box origin snaps each coordinate down to a multiple of three
    (``box_row = row - row % 3``).

    >>> from fsudoku.grid_io import SAMPLE as PUZZLE
    >>> [d for d in range(1, 10) if candidates(PUZZLE, 0) >> (d - 1) & 1]
    [5, 6, 7, 8, 9]
    """
    row, col = divmod(cell, 9)
    box_row = row - row % 3
    box_col = col - col % 3
    used = set(puzzle[row * 9 : row * 9 + 9])
    used.update(puzzle[r * 9 + col] for r in range(9))
    used.update(
        puzzle[r * 9 + c] for r in range(box_row, box_row + 3) for c in range(box_col, box_col + 3)
    )
    mask = ALL
    for ch in used:
        if ch != ".":
            mask &= ~(1 << (int(ch) - 1))
    return mask


# --- Stage 2: the working set, built once -------------------------------------------


def working_set(puzzle: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The empty cells and their candidate masks, built once per puzzle.

    >>> cells, masks = working_set("." + "123456789"[1:] + "." * 72)
    >>> cells[:2], masks[0]
    ((0, 9), 1)
    """
    cells = tuple(cell for cell, ch in enumerate(puzzle) if ch == ".")
    return cells, tuple(candidates(puzzle, cell) for cell in cells)


def clues_consistent(puzzle: str) -> bool:
    """No digit stands twice in a row, column or box (a puzzle the search can start from).

    >>> clues_consistent("1" + "." * 80), clues_consistent("1" + "." * 8 + "1" + "." * 71)
    (True, False)
    """
    for cell, ch in enumerate(puzzle):
        if ch != ".":
            peers = IS_PEER[cell]
            if any(peers[q] and puzzle[q] == ch for q in range(81)):
                return False
    return True


# --- Stages 3-5: MRV selection, forward checking, backtracking ---------------------

FILLED = 10
"""The count a filled cell carries in the working set: larger than any candidate count,
so the MRV minimum skips it, and ``FILLED`` as the minimum means the grid is full."""


def working_arrays(puzzle: str) -> tuple[list[int], list[int]]:
    """The working set as two 81-slot lists.

    Each cell's candidate mask (``0`` when it is filled) and its candidate count (``FILLED``
    when it is filled).

    >>> masks, counts = working_arrays("1" + "." * 80)
    >>> masks[0], counts[0], masks[1], counts[1]
    (0, 10, 510, 8)
    """
    cells, cands = working_set(puzzle)
    masks = [0] * 81
    counts = [FILLED] * 81
    for cell, mask in zip(cells, cands, strict=True):
        masks[cell] = mask
        counts[cell] = COUNT[mask]
    return masks, counts


def search(puzzle: str, max_nodes: int | None = None) -> tuple[Placed, bool, int, bool]:
    """Depth-first search for the first solution.

    The result: the placements of the first solution, whether one was found, the node count,
    and whether the search gave up at ``max_nodes``.

    Iterative: the stack holds, per open cell, the working set it was chosen from and
    its untried digits. Each placement copies the working set, marks the cell filled
    and removes the digit from its peers; a branch where a peer is left with no
    candidate is skipped (fail-fast) but still counted as a node. A working set is
    never changed once it is on the stack, so backtracking just pops.

    >>> placed, found, nodes, gave_up = search("." + "23456789" + "." * 72)
    >>> placed is not None and found, gave_up
    (True, False)
    """
    peers_of = PEERS
    bound = -1 if max_nodes is None else max_nodes
    masks, counts = working_arrays(puzzle)
    nodes = 0
    # Stage 3 for the first step: the cell with the fewest candidates.
    low = min(counts)
    if low == FILLED:
        return None, True, 0, False
    i = counts.index(low)
    stack: list[tuple[list[int], list[int], Placed, int, int]] = [
        (masks, counts, None, i, masks[i])
    ]
    while stack:
        masks, counts, placed, i, untried = stack.pop()
        if not untried:
            continue  # a dead end: the chosen cell has no candidate
        bit = untried & -untried
        untried ^= bit
        if untried:
            stack.append((masks, counts, placed, i, untried))
        if nodes == bound:
            return None, False, nodes, True
        nodes += 1
        now: Placed = (i, bit.bit_length(), placed)
        # Stage 4: forward checking on a new working set.
        new_masks = masks[:]
        new_counts = counts[:]
        new_masks[i] = 0
        new_counts[i] = FILLED
        alive = True
        for q in peers_of[i]:
            m = new_masks[q]
            if m & bit:
                m ^= bit
                if not m:
                    alive = False  # fail-fast: a peer has no candidate left
                    break
                new_masks[q] = m
                new_counts[q] -= 1
        if not alive:
            continue
        # Stage 5: no empty cell left is a full grid; else MRV picks the next cell.
        low = min(new_counts)
        if low == FILLED:
            return now, True, nodes, False
        best = new_counts.index(low)
        stack.append((new_masks, new_counts, now, best, new_masks[best]))
    return None, False, nodes, False


def fill(puzzle: str, placed: Placed) -> str:
    """The puzzle with the placements written in.

    >>> fill("..3", (1, 2, (0, 1, None)))
    '123'
    """
    grid = list(puzzle)
    while placed is not None:
        cell, digit, placed = placed
        grid[cell] = str(digit)
    return "".join(grid)


# --- The public interface -----------------------------------------------------------


def first_solution(puzzle: str, max_nodes: int | None = None) -> Found | None:
    """Backtracking with MRV and forward checking on a line; ``None`` if it is not a puzzle.

    The notes' first solver, index 0: the first solution and the placements tried.
    Clues that already clash give no solution with 0 nodes. The arguments are not
    checked (:mod:`fsudoku.base.validate`; ``fsudoku.solve(line, "mrv")`` checks them).

    >>> first_solution("1" * 81)
    Found(solution=None, nodes=0, gave_up=False)
    >>> first_solution("." * 81, max_nodes=4)
    Found(solution=None, nodes=4, gave_up=True)
    >>> first_solution("." * 80) is None
    True
    """
    if not is_puzzle(puzzle):
        return None
    if not clues_consistent(puzzle):
        return Found(None, 0)
    placed, found, nodes, gave_up = search(puzzle, max_nodes)
    return Found(fill(puzzle, placed) if found else None, nodes, gave_up)


solve = maybe_solver(first_solution)
"""The first solution of an input line, or ``Nothing`` (no solution, or not a puzzle)."""
