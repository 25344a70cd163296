"""A fast path for Sarkar's solvers: the same algorithms over 9-bit masks, many puzzles
at a time with NumPy, exactly equivalent to :mod:`fsudoku.sarkar1`/:mod:`fsudoku.sarkar2`.

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

One puzzle at a time (:func:`solve_one`, and :func:`solve_many` on a few lines) runs
the same algorithms with the whole grid in one Python ``int`` (:mod:`fsudoku.fast.lanes`,
over the one-unit functions of :mod:`fsudoku.fast.scalar`): NumPy's per-call cost only
pays off over many grids, or on a long search, which the batch engine splits.

Rules: ``simple`` (Sarkar #1), ``exclusives`` (#2 as published: only one-digit
Exclusive groups prune), ``exclusives-sets`` (#2 as the prose intends).

Results, for every line: the same solution (the first in depth-first order), the
same ``No solution found``/``Invalid input``, and the same node count as the
reference; with ``max_nodes``, the same give-ups.

>>> from fsudoku.grid_io import SAMPLE
>>> [o.status for o in solve_many([SAMPLE, "1" * 81, "x"])]
['solved', 'no_solution', 'invalid']
>>> solve_one(SAMPLE, "exclusives").nodes
1
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain, islice

import numpy as np

from fsudoku.cell import FIXED, Cell, Grid, possible
from fsudoku.fast import lanes
from fsudoku.fast.driver import solve_stream
from fsudoku.fast.masks import DIGITS, RULES, read_masks
from fsudoku.fast.vector import prune_grid
from fsudoku.grid_io import show_grid_with_possibilities
from fsudoku.outcome import Outcome

__all__ = ["DEFAULT_CHUNK", "RULES", "masks_to_grid", "settle", "solve_many", "solve_one"]

DEFAULT_CHUNK = 8192
"""Default number of puzzles read, and searches run, at a time."""


def solve_many(
    puzzles: Iterable[str],
    solver: str = "exclusives",
    *,
    max_nodes: int | None = None,
    chunk_size: int = DEFAULT_CHUNK,
    on_decided: Callable[[int], object] | None = None,
    on_idle: Callable[[], object] | None = None,
) -> Iterator[Outcome]:
    """The outcome of each puzzle line, in order, streamed.

    Each item is one line without its newline (as Haskell's ``lines`` gives them).
    Memory is bounded by ``chunk_size``, not by the number of lines. An input of at
    most ``FEW`` lines is solved line by line (:func:`solve_one`). ``on_decided`` is
    told of the puzzles decided as the engine decides them, ahead of their turn to be
    yielded (a progress bar's count). ``on_idle`` is called before the engine computes
    or reads more lines, when something was yielded since it was last called (a caller
    that buffers its output flushes it then).

    >>> [o.nodes for o in solve_many(["." * 81], "exclusives", max_nodes=3)]
    [3]
    """
    if solver not in RULES:
        raise ValueError(f"unknown solver {solver!r}; expected one of {RULES}")
    source = iter(puzzles)
    head = list(islice(source, FEW + 1))
    if len(head) <= FEW:
        return _told(head, solver, max_nodes, chunk_size, on_decided, on_idle)
    return solve_stream(chain(head, source), solver, max_nodes, chunk_size, on_decided, on_idle)


def _told(
    lines: list[str],
    solver: str,
    max_nodes: int | None,
    chunk_size: int,
    on_decided: Callable[[int], object] | None,
    on_idle: Callable[[], object] | None,
) -> Iterator[Outcome]:
    """The outcomes of a short input, one line at a time, with the hooks of
    :func:`solve_many`."""
    for number, line in enumerate(lines):
        if number and on_idle is not None:
            on_idle()
        outcome = _solve_few(line, solver, max_nodes, chunk_size)
        if on_decided is not None:
            on_decided(1)
        yield outcome


FEW = 4
"""Inputs of at most this many lines are solved one at a time (:func:`solve_one`)."""

FEW_NODES = 1000
"""How many nodes a puzzle gets on the one-puzzle engine before the batch engine,
which splits a long search over its slots, takes it over from the start."""


def _solve_few(line: str, solver: str, max_nodes: int | None, chunk_size: int) -> Outcome:
    """One line of a short input: the one-puzzle engine first (a batch costs more than
    an easy puzzle), then, past ``FEW_NODES`` nodes, the batch engine from the start.
    Both give the reference's outcome, so the second answer replaces the first, give-ups
    included."""
    bound = FEW_NODES if max_nodes is None else min(max_nodes, FEW_NODES)
    outcome = lanes.solve_line(line, solver, bound)
    if outcome.status != "gave_up" or bound == max_nodes:
        return outcome
    return next(solve_stream([line], solver, max_nodes, chunk_size))


def solve_one(puzzle: str, solver: str = "exclusives", max_nodes: int | None = None) -> Outcome:
    """The outcome of one puzzle line: the grid in one ``int`` (:mod:`fsudoku.fast.lanes`),
    and past ``FEW_NODES`` nodes the batch engine (no per-call NumPy cost on the many
    puzzles that need few nodes).

    >>> solve_one("11" + "." * 79)
    Outcome(status='no_solution', solution=None, nodes=1)
    """
    if solver not in RULES:
        raise ValueError(f"unknown solver {solver!r}; expected one of {RULES}")
    return _solve_few(puzzle, solver, max_nodes, DEFAULT_CHUNK)


def masks_to_grid(masks: list[int]) -> Grid:
    """The :data:`fsudoku.cell.Grid` of 81 masks (for showing and comparing)."""
    cells: list[Cell] = [
        FIXED[DIGITS[m][0]] if len(DIGITS[m]) == 1 else possible(DIGITS[m]) for m in masks
    ]
    return tuple(tuple(cells[r * 9 : r * 9 + 9]) for r in range(9))


def settle(puzzle: str, solver: str = "exclusives") -> str | None:
    """The puzzle pruned until it settles (the NumPy engine, with no search shortcut),
    shown with its possibilities; ``None`` when pruning fails.

    Raises :class:`ValueError` if the line is not a puzzle.

    Haskell: ``pruneGrid :: Grid -> Maybe Grid`` (Sarkar #1, "Pruning the Grid"), then
    ``showGridWithPossibilities :: Grid -> String`` (Sarkar #1, "Setting up").

    >>> from fsudoku.grid_io import SAMPLE
    >>> settle(SAMPLE, "simple").splitlines()[3].rstrip()
    '[ 2   6  9] [  3  6  9] [ 23  6  9] [ 23  6   ] 5           [123    8 ] 4           [ 2   6 89] 7'
    >>> settle("1234567.." + "........8" + "........9" + "." * 54) is None
    True
    """
    if solver not in RULES:
        raise ValueError(f"unknown solver {solver!r}; expected one of {RULES}")
    masks = read_masks(puzzle)
    if masks is None:
        raise ValueError("Invalid input")
    grids = np.array([masks], dtype=np.uint16)  # (1, 81) uint16
    if not prune_grid(grids, solver, strict=True)[0]:
        return None
    return show_grid_with_possibilities(masks_to_grid(grids[0].tolist()))
