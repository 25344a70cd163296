"""A fast path for Sarkar's solvers: the same algorithms over 9-bit masks, with NumPy.

Many puzzles at a time, exactly equivalent to :mod:`fsudoku.sarkar1`/:mod:`fsudoku.sarkar2`.

Bit layout: a cell is a ``uint16`` whose bit ``d - 1`` is set when digit ``d`` is
possible; one bit is a ``Fixed`` cell, two or more a ``Possible`` cell (Sarkar's
pruning never leaves an empty one: it is ``Nothing`` at once). A grid is 81 cells,
row-major; a batch of grids is ``(n, 81) uint16``; units are gathered cell-major,
``(9, U) uint16`` (:mod:`fsudoku.fast.vector`).

Search driver (:mod:`fsudoku.fast.driver`): a batch of slots, each running one
depth-first search with its own stack of pending grids. A step prunes one stage
(rows, columns or sub-grids) of every slot's grid at once, re-pruning only the units
that changed; a slot whose grid settled or failed finishes its node (a call of
``solve``) and goes on with its next grid, without waiting for the others. When no
new puzzle may start, idle slots take the bottom of a running search's stack as a
new job, ranked so that the first solution in depth-first order still wins and the
node count is still the reference's.

One puzzle at a time (:func:`solve_one`, and :func:`solve_lines` on a few lines) runs
the same algorithms with the whole grid in one Python ``int`` (:mod:`fsudoku.fast.lanes`,
the one search of one puzzle; the few units it does not prune itself go to the
one-unit functions of :mod:`fsudoku.fast.scalar`): NumPy's per-call cost only pays off
over many grids, or on a long search, which the batch engine then goes on with and
splits over its slots.

Rules: ``simple`` (Sarkar #1), ``exclusives`` (#2 as published: only one-digit
Exclusive groups prune), ``exclusives-sets`` (#2 as the prose intends).

Results, for every line: what the reference's search finds (a
:class:`~fsudoku.base.outcome.Found`: the first solution in depth-first order or none,
and the same node count; with ``max_nodes``, the same give-ups), or ``None`` for a
line that is not a puzzle.

>>> from fsudoku.grid_io import SAMPLE
>>> [found and found.nodes for found in solve_lines([SAMPLE, "1" * 81, "x"])]
[1, 1, None]
>>> solve_one(SAMPLE, "exclusives").nodes
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice

import numpy as np

from fsudoku.base.names import SarkarRule
from fsudoku.base.outcome import Found
from fsudoku.cell import Cell, Fixed, Grid, Possible
from fsudoku.fast import dirty, driver, lanes, masks, scalar, vector
from fsudoku.fast.driver import solve_stream
from fsudoku.fast.masks import DIGITS, read_masks
from fsudoku.fast.vector import prune_grid
from fsudoku.grid_io import show_grid_with_possibilities

__all__ = [
    "DEFAULT_CHUNK",
    "dirty",
    "driver",
    "lanes",
    "masks",
    "masks_to_grid",
    "scalar",
    "settle",
    "solve_lines",
    "solve_one",
    "vector",
]

DEFAULT_CHUNK = 8192
"""Default number of puzzles read, and searches run, at a time."""


def solve_lines(
    lines: Iterable[str],
    rule: SarkarRule = "exclusives",
    *,
    max_nodes: int | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    on_decided: Callable[[int], object] | None = None,
    on_idle: Callable[[], object] | None = None,
) -> Iterator[Found | None]:
    """What the search finds for each line, in order, streamed (``None``: not a puzzle).

    Each item is one line without its newline (as Haskell's ``lines`` gives them).
    Memory is bounded by ``chunk_size``, not by the number of lines. An input of at
    most ``FEW`` lines is solved line by line (:func:`solve_one`). ``on_decided`` is
    told of the puzzles decided as the engine decides them, ahead of their turn to be
    yielded (a progress bar's count). ``on_idle`` is called before the engine computes
    or reads more lines, when something was yielded since it was last called (a caller
    that buffers its output flushes it then). The arguments are not checked
    (:mod:`fsudoku.base.validate`): ``max_nodes`` is ``None`` or at least 0,
    ``chunk_size`` at least 1.

    >>> [found.nodes for found in solve_lines(["." * 81], "exclusives", max_nodes=3)]
    [3]
    """
    source = iter(lines)
    head = list(islice(source, FEW + 1))
    if len(head) <= FEW:
        return _told(head, rule, max_nodes, chunk_size, on_decided, on_idle)
    return solve_stream(chain(head, source), rule, max_nodes, chunk_size, on_decided, on_idle)


def _told(
    lines: list[str],
    rule: SarkarRule,
    max_nodes: int | None,
    chunk_size: int,
    on_decided: Callable[[int], object] | None,
    on_idle: Callable[[], object] | None,
) -> Iterator[Found | None]:
    """The results of a short input, one line at a time, with the hooks of :func:`solve_lines`."""
    for number, line in enumerate(lines):
        if number and on_idle is not None:
            on_idle()
        found = _solve_few(line, rule, max_nodes, chunk_size)
        if on_decided is not None:
            on_decided(1)
        yield found


FEW = 4
"""Inputs of at most this many lines are solved one at a time (:func:`solve_one`)."""

FEW_NODES = 1000
"""How many nodes a search runs on the one-puzzle engine before the batch engine goes on with it.

The batch engine takes the grids the search has still to go through as jobs, and
splits them over its slots.
"""


def _solve_few(line: str, rule: SarkarRule, max_nodes: int | None, chunk_size: int) -> Found | None:
    """One line of a short input: the one-puzzle engine, then past ``FEW_NODES`` the batch engine.

    The one-puzzle engine goes first (a batch costs more than an easy puzzle); past
    ``FEW_NODES`` nodes, the batch engine goes on with the same search from where it
    stopped, its pending grids in depth-first order, so the node count runs on.
    """
    grid = lanes.read_grid(line)
    if grid is None:
        return None
    stack = [lanes.node(grid)]
    bound = FEW_NODES if max_nodes is None else min(max_nodes, FEW_NODES)
    solution, nodes = lanes.search(stack, 0, rule, bound)
    if solution is not None:
        return Found(lanes.show_grid(solution), nodes)
    if not stack:
        return Found(None, nodes)
    if nodes == max_nodes:
        return Found(None, nodes, True)
    pending = np.array(
        [lanes.to_masks(grid) for grid, _, _ in reversed(stack)], dtype=np.uint16
    )  # (k, 81) uint16: the grids still to search, the next first
    return driver.resume(pending, nodes, rule, max_nodes, chunk_size)


def solve_one(
    puzzle: str, rule: SarkarRule = "exclusives", max_nodes: int | None = None
) -> Found | None:
    """What the search finds for one line (``None``: not a puzzle).

    The grid in one ``int`` (:mod:`fsudoku.fast.lanes`), and past ``FEW_NODES`` nodes the
    batch engine (no per-call NumPy cost on the many puzzles that need few nodes).

    The arguments are not checked (:mod:`fsudoku.base.validate`).

    >>> solve_one("11" + "." * 79)
    Found(solution=None, nodes=1, gave_up=False)
    """
    return _solve_few(puzzle, rule, max_nodes, DEFAULT_CHUNK)


def masks_to_grid(masks: list[int]) -> Grid:
    """The :data:`fsudoku.cell.Grid` of 81 masks (for showing and comparing)."""
    cells: list[Cell] = [
        Fixed(DIGITS[m][0]) if len(DIGITS[m]) == 1 else Possible(DIGITS[m]) for m in masks
    ]
    return tuple(tuple(cells[r * 9 : r * 9 + 9]) for r in range(9))


def settle(puzzle: str, rule: SarkarRule = "exclusives") -> str | None:
    """The puzzle pruned until it settles, shown with its possibilities; ``None`` if it fails.

    The NumPy engine, with no search shortcut.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid"), then
    ``showGridWithPossibilities :: Grid -> String`` (Sarkar #1, "Setting up"). A line
    that is not a puzzle is ``None`` too; the arguments are not checked.

    >>> from fsudoku.grid_io import SAMPLE
    >>> settle(SAMPLE, "simple").splitlines()[3].rstrip()
    '[ 2   6  9] [  3  6  9] [ 23  6  9] [ 23  6   ] 5           [123    8 ] 4           [ 2   6 89] 7'
    >>> settle("1234567.." + "........8" + "........9" + "." * 54), settle("x")
    (None, None)
    """
    masks = read_masks(puzzle)
    if masks is None:  # not a puzzle line
        return None
    grids = np.array([masks], dtype=np.uint16)  # (1, 81) uint16
    if not prune_grid(grids, rule, strict=True)[0]:
        return None
    return show_grid_with_possibilities(masks_to_grid(grids[0].tolist()))
