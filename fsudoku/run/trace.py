"""Instrumentation at the seams of the port.

Node counts, node bounds, the recursion guard, and the events ``fsudoku explain`` shows.

The port's searches are written with their recursive call as a parameter
(:func:`fsudoku.sarkar1.solve_with`, :func:`fsudoku.bird.search_with`), and the functions
a node calls as a record (:class:`fsudoku.sarkar1.SolveParts`,
:class:`fsudoku.bird.SearchParts`). Everything here is a wrapper slid between a node and
its recursive calls, or around a function of that record (Sarkar's grid pruner and
``nextGrids``, Bird's ``expand1``): the port's bodies stay the definitions, and what is
counted or traced is the port's own run.

Glossary: a *node* is one call of Sarkar's ``solve`` or of Bird's ``search`` (dead
branches included); :class:`Stats` holds what a run counted; an *events* object
(:class:`SarkarEvents`, :class:`BirdEvents`) is told each step; ``max_nodes`` bounds a
run: the call that would be node ``max_nodes + 1`` raises
:class:`~fsudoku.base.outcome.GaveUp` instead.

>>> from fsudoku import sarkar2
>>> from fsudoku.grid_io import SAMPLE, read_grid
>>> result, stats = run_sarkar(read_grid(SAMPLE).unwrap(), sarkar2.prune_cells)
>>> result.map(lambda g: g[0][0]), stats.nodes
(<Some: Fixed 6>, 1)
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import TypeVar

from returns.maybe import Maybe, Nothing

from fsudoku import bird, sarkar1
from fsudoku.base import validate
from fsudoku.base.outcome import GaveUp
from fsudoku.cell import Grid, Row
from fsudoku.fp import fix
from fsudoku.tz import concat, transpose

__all__ = [
    "BirdEvents",
    "GaveUp",
    "SarkarEvents",
    "Stats",
    "recursion_limit",
    "run_bird",
    "run_sarkar",
]

RECURSION_LIMIT = 20_000
"""Python frames a run may use: a Sarkar search goes one node deeper per branch taken,
and each node is a few frames."""

Choices = bird.Matrix[str]
"""A choice matrix of Bird's (Haskell ``Matrix [Digit]``)."""

A = TypeVar("A")
B = TypeVar("B")


@dataclass
class Stats:
    """What a run counted: nodes, the current and deepest nesting, and backtracks.

    Depth and backtracks are counted when a run has events to tell (``fsudoku
    explain``); a plain run counts nodes only.
    """

    nodes: int = 0
    depth: int = 0
    max_depth: int = 0
    backtracks: int = 0


@contextmanager
def recursion_limit(limit: int = RECURSION_LIMIT) -> Iterator[None]:
    """Raise Python's recursion limit to at least ``limit`` for the duration of a run.

    Haskell's stack grows as needed. Raises ``TypeError``/``ValueError`` for a ``limit``
    that is not an ``int`` >= 1.
    """
    with _deeper(validate.whole(limit, "limit", 1)):
        yield


@contextmanager
def _deeper(limit: int) -> Iterator[None]:
    """:func:`recursion_limit`, its limit trusted."""
    previous = sys.getrecursionlimit()
    sys.setrecursionlimit(max(previous, limit))
    try:
        yield
    finally:
        sys.setrecursionlimit(previous)


def _bounded(stats: Stats, max_nodes: int | None) -> None:
    """Count one node, or raise :class:`GaveUp` when the bound is reached."""
    if max_nodes is not None and stats.nodes >= max_nodes:
        raise GaveUp(stats.nodes)
    stats.nodes += 1


def _counted(stats: Stats, max_nodes: int | None, node: Callable[[A], B]) -> Callable[[A], B]:
    """``node``, counted and bounded: :func:`_bounded` before each call."""

    def counted(x: A) -> B:
        _bounded(stats, max_nodes)
        return node(x)

    return counted


# ------------------------------------------------------------------------- Sarkar


class SarkarEvents:
    """What a traced Sarkar run tells, step by step (every method does nothing here).

    The order is the search's: ``node``, the ``pruned`` passes, ``settled``; then
    ``dead_end`` or ``solved``, or ``pivot`` and the first branch's events, possibly
    ``backtrack`` and the second branch's.
    """

    def node(self, grid: Grid, stats: Stats) -> None:
        """A call of ``solve`` starts on ``grid`` (``stats.nodes`` is its number)."""

    def pruned(self, stage: str, grid: Grid) -> None:
        """A pass of ``pruneGrid'`` over the ``rows``, ``columns`` or ``sub-grids`` ended."""

    def settled(self, grid: Maybe[Grid], stats: Stats) -> None:
        """``pruneGrid`` returned (``Nothing``: a unit failed while pruning)."""

    def dead_end(self, grid: Grid, stats: Stats) -> None:
        """``isGridInvalid`` held for the settled grid."""

    def solved(self, grid: Grid, stats: Stats) -> None:
        """``isGridFilled`` held for the settled grid: a solution."""

    def pivot(self, grid: Grid, index: int, grid1: Grid, grid2: Grid, stats: Stats) -> None:
        """``nextGrids`` splits the settled ``grid`` at cell ``index`` (row-major).

        ``stats.nodes`` is the node that splits, as its first branch has not started yet.
        """

    def backtrack(self, grid2: Grid, stats: Stats) -> None:
        """The first branch failed; the search goes on with ``grid2``."""


@dataclass
class _SarkarNode:
    """The state of one active node of a traced run."""

    settled: Grid | None = None
    branches: int = 0


_VIEWS: tuple[tuple[str, Callable[[Grid], Grid]], ...] = (
    ("rows", lambda g: g),
    ("columns", transpose),
    ("sub-grids", sarkar1.sub_grids_to_rows),
)
"""The three passes of ``pruneGrid'``, in its order, each with the view that turns its
nine pruned units back into the grid (each view is its own inverse)."""


def run_sarkar(
    grid: Grid,
    prune_cells: sarkar1.PruneCells = sarkar1.prune_cells,
    *,
    max_nodes: int | None = None,
    events: SarkarEvents | None = None,
) -> tuple[Maybe[Grid], Stats]:
    """Run Sarkar's ``solve`` with this cell pruner, counting its nodes.

    It tells ``events`` each step. The result: that of :func:`fsudoku.sarkar1.solve`, and
    the counts. The wrapper around ``solve``'s recursive call; raises :class:`GaveUp` when
    the node bound is reached.

    Its arguments are trusted, as the port's are: ``grid`` is 9 rows of 9 cells (what
    :func:`fsudoku.grid_io.read_grid` makes), ``max_nodes`` is ``None`` or a count.

    >>> from fsudoku.grid_io import read_grid
    >>> run_sarkar(read_grid("11" + "." * 79).unwrap())
    (<Nothing>, Stats(nodes=1, depth=0, max_depth=0, backtracks=0))
    """
    stats = Stats()
    if events is None:
        parts = sarkar1.SolveParts(prune_grid=partial(sarkar1.prune_grid, prune_cells=prune_cells))
        first: sarkar1.Solve = fix(
            lambda solve: _counted(stats, max_nodes, sarkar1.solve_with(solve, parts))
        )
    else:
        first = _traced_sarkar(stats, max_nodes, events, prune_cells)
    with _deeper(RECURSION_LIMIT):
        return first(grid), stats


def _traced_sarkar(
    stats: Stats, max_nodes: int | None, events: SarkarEvents, prune_cells: sarkar1.PruneCells
) -> sarkar1.Solve:
    """The recursive call of a traced run: counts, and tells ``events`` each step."""
    active: list[_SarkarNode] = []
    units: list[Row] = []  # the pruned units of the pass in progress
    passes = [0]  # passes of pruneGrid' in the current node

    def traced_prune_cells(cells: Row) -> Maybe[Row]:
        result = prune_cells(cells)
        if result is not Nothing:
            units.append(result.unwrap())
        if len(units) == 9:  # pruneGrid' prunes nine units per pass
            stage, view = _VIEWS[passes[0] % 3]
            events.pruned(stage, view(tuple(units)))
            units.clear()
            passes[0] += 1
        return result

    def prune_grid(g: Grid) -> Maybe[Grid]:
        units.clear()
        passes[0] = 0
        result = sarkar1.prune_grid(g, traced_prune_cells)
        active[-1].settled = result.value_or(None)
        events.settled(result, stats)
        return result

    def next_grids(g: Grid) -> tuple[Grid, Grid]:
        grid1, grid2 = sarkar1.next_grids(g)
        index = next(
            i for i, (a, b) in enumerate(zip(concat(g), concat(grid1), strict=True)) if a != b
        )
        events.pivot(g, index, grid1, grid2, stats)
        return grid1, grid2

    def told(solve: sarkar1.Solve, g: Grid) -> Maybe[Grid]:
        if active:  # a branch of the parent: its first (after nextGrids) or its second
            parent = active[-1]
            if parent.branches > 0:
                stats.backtracks += 1
                events.backtrack(g, stats)
            parent.branches += 1
        here = _SarkarNode()
        active.append(here)
        stats.depth = len(active)
        stats.max_depth = max(stats.max_depth, stats.depth)
        events.node(g, stats)
        result = solve(g)
        if here.settled is not None and here.branches == 0:
            if result is Nothing:
                events.dead_end(here.settled, stats)
            else:
                events.solved(here.settled, stats)
        active.pop()
        stats.depth = len(active)
        return result

    parts = sarkar1.SolveParts(prune_grid=prune_grid, next_grids=next_grids)
    return fix(
        lambda solve: _counted(stats, max_nodes, partial(told, sarkar1.solve_with(solve, parts)))
    )


# --------------------------------------------------------------------------- Bird


class BirdEvents:
    """What a traced run of Bird's ``search`` tells (every method does nothing here).

    The order is the search's: ``node``; then ``unsafe``, or ``complete`` with the
    solution, or ``expanded`` with the pruned matrix and one ``branch`` before each
    search of a matrix of ``expand1``.
    """

    def node(self, m: Choices, stats: Stats) -> None:
        """A call of ``search`` starts on ``m``."""

    def unsafe(self, m: Choices, stats: Stats) -> None:
        """The pruned matrix was not ``safe``: this node finds nothing."""

    def complete(self, solution: bird.Grid, stats: Stats) -> None:
        """The pruned matrix was complete: ``extract`` gave this solution."""

    def expanded(self, pm: Choices, stats: Stats) -> None:
        """The pruned matrix ``pm`` was safe and not complete: ``expand1`` splits it."""

    def branch(
        self, row: int, col: int, choices: str, choice: str, m1: Choices, stats: Stats
    ) -> None:
        """The search goes on with ``m1``.

        The cell ``(row, col)`` of the pruned matrix, with these ``choices``, fixed to
        ``choice``.
        """


def run_bird(
    m: Choices,
    n: int = 3,
    *,
    max_nodes: int | None = None,
    events: BirdEvents | None = None,
) -> tuple[Iterator[bird.Grid], Stats]:
    """Run Bird's ``search`` on a choice matrix, counting the nodes it is made to visit.

    It tells ``events`` each step. The result: its solutions, lazily, and the counts so far.
    The wrapper around ``search``'s recursive call. Nodes are counted as the solutions are
    asked for; :class:`GaveUp` is raised from the iterator when the bound is reached.

    Its arguments are trusted, as the port's are: ``m`` is ``n * n`` rows of ``n * n``
    cells (what :func:`fsudoku.bird.choices` makes), ``max_nodes`` is ``None`` or a count.

    >>> found, stats = run_bird(bird.choices(bird.s2g("0034341200434321", n=2), n=2), n=2)
    >>> ["".join(bird.ungroup(s)) for s in found], stats.nodes
    (['1234341221434321', '2134341212434321'], 3)
    """
    stats = Stats()
    if events is None:
        first: bird.Search = fix(
            lambda search: _counted(stats, max_nodes, bird.search_with(search, n))
        )
    else:
        first = _traced_bird(stats, max_nodes, events, n)
    return first(m), stats


def _traced_bird(
    stats: Stats, max_nodes: int | None, events: BirdEvents, n: int
) -> Callable[[Choices], Iterator[bird.Grid]]:
    """The recursive call of a traced run of ``search``."""

    def traced_expand1(here: list[bool], pm: Choices) -> Iterable[Choices]:
        here[0] = True
        events.expanded(pm, stats)
        matrices = bird.expand1(pm)
        if not matrices:
            return
        row, col = next(  # the cell expand1 split: where its first matrix differs from pm
            (i, j)
            for i, (r, r1) in enumerate(zip(pm, matrices[0], strict=True))
            for j, (cs, c1) in enumerate(zip(r, r1, strict=True))
            if cs != c1
        )
        for m1 in matrices:
            events.branch(row, col, pm[row][col], m1[row][col], m1, stats)
            yield m1

    def visit(search: bird.Search, m: Choices) -> Iterator[bird.Grid]:
        here = [False]  # whether this node reached expand1
        stats.depth += 1
        stats.max_depth = max(stats.max_depth, stats.depth)
        events.node(m, stats)
        found = False
        parts = bird.SearchParts(expand1=partial(traced_expand1, here))
        node = bird.search_with(search, n, parts)
        for solution in node(m):
            if not here[0]:
                events.complete(solution, stats)
            found = True
            yield solution
        if not found and not here[0]:
            events.unsafe(m, stats)
        stats.depth -= 1

    return fix(lambda search: _counted(stats, max_nodes, partial(visit, search)))
