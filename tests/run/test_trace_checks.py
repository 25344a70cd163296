"""The counts of the traced runs (:mod:`fsudoku.run.trace`): a run of a 9x9 grid counts
its nodes, and a traced run's ``max_depth`` is the depth of its search (the longest chain
of nested calls), which an independent count gives, not its node count.

The depths are counted here by tying the port's open recursion
(:func:`fsudoku.sarkar1.solve_with`, :func:`fsudoku.bird.search_with`) with a call that
knows its own depth, on puzzles of the main golden set whose searches backtrack (so
depth and node count differ).
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import partial

import pytest
from recorded_outputs import expected, lines, puzzles
from returns.maybe import Maybe

from fsudoku import bird, sarkar1
from fsudoku.base.names import SolverName
from fsudoku.cell import Fixed, Grid, Possible
from fsudoku.grid_io import read_grid
from fsudoku.run.registry import bird_grid
from fsudoku.run.trace import BirdEvents, SarkarEvents, run_bird, run_sarkar


def searches(solver: SolverName, low: int, high: int) -> list[tuple[str, bool]]:
    """Lines whose reference search takes ``low`` to ``high`` nodes: two with no
    solution (their searches backtrack: depth below node count) and two with several,
    each with whether it has no solution."""
    found = []
    for prefix in ("none", "several"):
        found += [
            (line, prefix == "none")
            for (kind, line), o in zip(puzzles(), expected(solver), strict=True)
            if kind.startswith(prefix) and low <= o.nodes <= high
        ][:2]
    assert len(found) == 4, solver
    return found


# --- a 9x9 grid ---------------------------------------------------------------------------

CELL = Possible(tuple(range(1, 10)))
ROW = (CELL,) * 9


def test_run_sarkar_accepts_a_9_by_9_grid() -> None:
    result, stats = run_sarkar(((Fixed(1),) * 9,) + (ROW,) * 8)  # a clash: one node
    assert result == Maybe.empty and stats.nodes == 1


# --- depths --------------------------------------------------------------------------------


def sarkar_depth(grid: Grid) -> int:
    """The deepest nesting of ``solve`` calls to its first solution (the first call is 1)."""
    deepest = 0

    def at(depth: int, g: Grid) -> Maybe[Grid]:
        nonlocal deepest
        deepest = max(deepest, depth)
        return sarkar1.solve_with(partial(at, depth + 1))(g)

    at(1, grid)
    return deepest


def bird_depth(m: bird.Matrix[str]) -> int:
    """The deepest nesting of ``search`` calls made to reach the first solution."""
    deepest = 0

    def at(depth: int, m1: bird.Matrix[str]) -> Iterator[bird.Grid]:
        nonlocal deepest
        deepest = max(deepest, depth)
        return bird.search_with(partial(at, depth + 1))(m1)

    next(at(1, m), None)
    return deepest


@pytest.mark.parametrize(("line", "none"), searches("simple", 5, 40))
def test_a_traced_sarkar_runs_max_depth_is_its_depth(line: str, none: bool) -> None:
    grid = read_grid(line).unwrap()
    _, stats = run_sarkar(grid, events=SarkarEvents())
    assert stats.nodes == expected("simple")[lines().index(line)].nodes
    assert stats.max_depth == sarkar_depth(grid), stats
    assert stats.max_depth < stats.nodes or not none, stats


@pytest.mark.parametrize(("line", "none"), searches("bird", 5, 60))
def test_a_traced_bird_runs_max_depth_is_its_depth(line: str, none: bool) -> None:
    m = bird.choices(bird_grid(line))
    found, stats = run_bird(m, events=BirdEvents())
    next(found, None)
    assert stats.nodes == expected("bird")[lines().index(line)].nodes
    assert stats.max_depth == bird_depth(m), stats
    assert stats.max_depth < stats.nodes or not none, stats


def test_a_traced_bird_run_of_one_node_has_depth_one() -> None:
    solved = next(
        s for s, o in zip(lines(), expected("bird"), strict=True) if o.nodes == 1 and o.solution
    )
    found, stats = run_bird(bird.choices(bird_grid(solved)), events=BirdEvents())
    assert list(found) and (stats.nodes, stats.max_depth, stats.depth) == (1, 1, 0)
