"""``fsudoku explain``: the articles' REPL sessions, for any puzzle.

The trace comes from the solver itself: :class:`Explainer` is a
:class:`fsudoku.sarkar1.Search` (the object every ``solve`` reports its nodes to) that
prints what it is told, and the pruning passes are reported through
:func:`fsudoku.sarkar1.set_trace`. Nothing here re-implements the search.

Shown, in the articles' boxed layout (``showGridWithPossibilities`` with the
``+-----+`` rulers of the articles' figures): the puzzle with its possibilities; at
each node, the grid after each pruning pass (rows, columns, sub-grids) and once
``pruneGrid`` settles; each pivot with the two grids ``nextGrids`` makes; each dead
end and backtrack; the solution; then a summary (nodes, backtracks, depth, time).
"""

from __future__ import annotations

import argparse
import os
import time
from typing import TextIO

from returns.maybe import Maybe

from fsudoku import bird, sarkar1
from fsudoku.app.svg import svg_grid
from fsudoku.cell import FIXED, Grid, Possible, possible
from fsudoku.grid_io import read_grid, show_cell_with_possibilities, show_grid, show_line
from fsudoku.outcome import GaveUp
from fsudoku.pe96.formats import is_puzzle
from fsudoku.solvers import SARKAR_RULES

RULER = "+" + "+".join(["-" * 37] * 3) + "+"


def boxed_possibilities(grid: Grid, pivot: int | None = None) -> str:
    """The grid with possibilities between the articles' rulers; the pivot is marked ``*``.

    >>> from fsudoku.grid_io import read_grid, SAMPLE
    >>> print(boxed_possibilities(read_grid(SAMPLE).unwrap()).splitlines()[1])
    | [123456789] [123456789] [123456789] | [123456789] [123456789] [123456789] | [123456789] 1           [123456789] |
    """
    lines = [RULER]
    for r, row in enumerate(grid):
        shown = []
        for c, cell in enumerate(row):
            text = show_cell_with_possibilities(cell)
            if pivot == r * 9 + c:
                text = text.rstrip() + "*"
                text = text.ljust(11)
            shown.append(text)
        lines.append("| " + " | ".join(" ".join(shown[k : k + 3]) for k in (0, 3, 6)) + " |")
        if r % 3 == 2:
            lines.append(RULER)
    return "\n".join(lines) + "\n"


def pivot_of(grid: Grid, grid1: Grid) -> int:
    """The row-major index of the one cell where ``grid1`` differs from ``grid``."""
    for i in range(81):
        if grid[i // 9][i % 9] != grid1[i // 9][i % 9]:
            return i
    raise ValueError("nextGrids changed no cell")


class Explainer(sarkar1.Search):
    """A :class:`~fsudoku.sarkar1.Search` that prints each step as the articles show it."""

    def __init__(
        self,
        out: TextIO,
        max_steps: int | None = None,
        svg_dir: str | None = None,
    ) -> None:
        super().__init__()
        self.out = out
        self.max_steps = max_steps
        self.svg_dir = svg_dir
        self.steps = 0
        self.capped = False
        self.passes = 0
        self.solution: Grid | None = None

    def show(self, title: str, grid: Grid | None = None, pivot: int | None = None) -> None:
        """Print one step (a title, and a grid when there is one)."""
        if self.max_steps is not None and self.steps >= self.max_steps:
            if not self.capped:
                self.out.write(f"\n... trace stopped after {self.max_steps} steps (--max-steps)\n")
                self.capped = True
            return
        self.steps += 1
        self.out.write(f"\n[{self.steps}] {title}\n")
        if grid is not None:
            self.out.write(boxed_possibilities(grid, pivot))
            if self.svg_dir is not None:
                name = os.path.join(self.svg_dir, f"step-{self.steps:04d}.svg")
                with open(name, "w", encoding="utf-8") as handle:
                    handle.write(svg_grid(grid, pivot, f"{self.steps}: {title}"))

    def trace(self, stage: str, grid: Grid) -> None:
        """A pruning pass of ``pruneGrid'`` finished (told by ``sarkar1``'s trace)."""
        if stage == "rows":
            self.passes += 1
        self.show(f"node {self.nodes}, pruneGrid' pass {self.passes}: after pruning {stage}", grid)

    def enter(self, grid: Grid) -> None:
        super().enter(grid)
        self.passes = 0
        if self.nodes == 1:
            self.show("the puzzle, with each cell's possibilities (solve, node 1)", grid)
        else:
            self.show(f"solve, node {self.nodes} (depth {self.depth})")

    def settled(self, grid: Maybe[Grid]) -> None:
        if grid:
            self.show(f"node {self.nodes}: pruneGrid settled", grid.unwrap())
        else:
            self.show(
                f"node {self.nodes}: pruneGrid gave Nothing (a cell lost every digit): dead end"
            )

    def dead_end(self, grid: Grid) -> None:
        self.show(
            f"node {self.nodes}: isGridInvalid (a digit twice in a unit, or an empty cell): dead end"
        )

    def pivot(self, grid: Grid, grid1: Grid, grid2: Grid) -> None:
        i = pivot_of(grid, grid1)
        cell = grid[i // 9][i % 9]
        digits = list(cell.values) if isinstance(cell, Possible) else []
        where = f"row {i // 9 + 1}, column {i % 9 + 1}"
        self.show(
            f"node {self.nodes}: pivot {where} {digits} (first cell with fewest possibilities); "
            f"nextGrids: grid1 fixes {digits[0]}",
            grid1,
            i,
        )
        self.show(f"node {self.nodes}: nextGrids: grid2 keeps {digits[1:]}", grid2, i)

    def backtrack(self, grid2: Grid) -> None:
        super().backtrack(grid2)
        self.show(f"backtrack {self.backtracks}: grid1 failed at depth {self.depth}; solving grid2")

    def solved(self, grid: Grid) -> None:
        self.solution = grid
        self.show(f"node {self.nodes}: isGridFilled: solved", grid)


def explain(
    puzzle: str,
    rule: str,
    out: TextIO,
    max_steps: int | None = None,
    svg_dir: str | None = None,
    max_nodes: int | None = None,
) -> Explainer | None:
    """Walk one puzzle through Sarkar's solver with rule ``rule``; None if invalid."""
    grid = read_grid(puzzle.replace("0", "."))
    if not grid:
        out.write("Invalid input\n")
        return None
    explainer = Explainer(out, max_steps, svg_dir)
    explainer.max_nodes = max_nodes
    started = time.perf_counter()
    token = sarkar1.set_trace(explainer.trace)
    try:
        result, _ = sarkar1.run_search(grid.unwrap(), SARKAR_RULES[rule], explainer)
    finally:
        sarkar1.reset_trace(token)
    elapsed = time.perf_counter() - started
    out.write("\n")
    if result:
        out.write("Solution:\n\n" + show_grid(result.unwrap()) + "\n")
        out.write(show_line(result.unwrap()) + "\n")
    else:
        out.write("No solution found\n")
    out.write(
        f"\nSummary ({rule}): {explainer.nodes} nodes, {explainer.backtracks} backtracks, "
        f"depth {explainer.max_depth}, {elapsed * 1000:.1f} ms (with tracing)\n"
    )
    return explainer


def main(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku explain PUZZLE [--solver ...] [--max-steps N] [--svg DIR]``."""
    from fsudoku.app.cli import UsageError

    if args.svg is not None:
        try:
            os.makedirs(args.svg, exist_ok=True)
        except OSError as error:
            raise UsageError(f"{args.svg}: {error.strerror or error}") from None
    if args.solver == "bird":
        return explain_bird(args.puzzle, out, args.max_steps, args.svg)
    try:
        explainer = explain(args.puzzle, args.solver, out, args.max_steps, args.svg)
    except GaveUp as stop:
        out.write(f"Gave up after {stop.nodes} nodes\n")
        return 1
    if explainer is None or explainer.solution is None:
        return 1
    return 0


def bird_grid(m: tuple[tuple[str, ...], ...]) -> Grid:
    """A Bird choice matrix shown as a Sarkar grid (a singleton choice as a fixed cell)."""
    return tuple(
        tuple(FIXED[int(cs)] if len(cs) == 1 else possible(tuple(map(int, cs))) for cs in row)
        for row in m
    )


class BirdExplainer:
    """Prints what Bird's :func:`fsudoku.bird.search` tells its ``trace``."""

    def __init__(self, show: Explainer) -> None:
        self.printer = show
        self.nodes = 0
        self.backtracks = 0
        self.last_pruned: tuple[tuple[str, ...], ...] | None = None
        self.expanding: list[tuple[tuple[str, ...], ...]] = []
        self.solution: Grid | None = None

    def __call__(self, event: str, m: tuple[tuple[str, ...], ...]) -> None:
        show = self.printer.show
        if event == "node":
            self.nodes += 1
            if self.nodes == 1:
                show("the puzzle as Bird's choice matrix (choices; search, node 1)", bird_grid(m))
            else:
                show(f"search, node {self.nodes}")
        elif event == "pruned":
            self.last_pruned = m
            show(f"node {self.nodes}: prune (pruneBy boxs, then cols, then rows)", bird_grid(m))
            if any(cs == "" for row in m for cs in row) and bird.safe(m):
                show(f"node {self.nodes}: a cell has no choice left: expand1 gives []: dead end")
        elif event == "unsafe":
            show(f"node {self.nodes}: not (safe pm): a fixed digit twice in a unit: dead end")
        elif event == "complete":
            self.solution = bird_grid(m)
            show(f"node {self.nodes}: complete pm: solution", self.solution)
        elif event == "branch":
            parent = self._parent_of(m)
            i = _split_cell(parent, m)
            choices = parent[i // 9][i % 9]
            digit = m[i // 9][i % 9]
            if digit != choices[0]:
                self.backtracks += 1
                show(f"backtrack {self.backtracks}: the next choice of an earlier pivot")
            where = f"row {i // 9 + 1}, column {i % 9 + 1}"
            show(
                f"expand1: pivot {where} [{choices}] (first cell with fewest choices); "
                f"choice {digit} ({choices.index(digit) + 1} of {len(choices)})",
                bird_grid(m),
                i,
            )

    def _parent_of(self, m: tuple[tuple[str, ...], ...]) -> tuple[tuple[str, ...], ...]:
        """The matrix whose ``expand1`` made ``m``: the last pruned one, or one being
        expanded further up (depth-first order keeps them on a stack)."""
        if self.last_pruned is not None and _split_cell_or_none(self.last_pruned, m) is not None:
            self.expanding.append(self.last_pruned)
            self.last_pruned = None
        while self.expanding and _split_cell_or_none(self.expanding[-1], m) is None:
            self.expanding.pop()
        if not self.expanding:
            raise ValueError("a branch with no parent matrix")
        return self.expanding[-1]


def _split_cell_or_none(
    parent: tuple[tuple[str, ...], ...], child: tuple[tuple[str, ...], ...]
) -> int | None:
    """The one cell where ``child`` fixes a choice of ``parent`` (else None)."""
    diffs = [k for k in range(81) if parent[k // 9][k % 9] != child[k // 9][k % 9]]
    if len(diffs) != 1:
        return None
    k = diffs[0]
    cell = child[k // 9][k % 9]
    return k if len(cell) == 1 and cell in parent[k // 9][k % 9] else None


def _split_cell(parent: tuple[tuple[str, ...], ...], child: tuple[tuple[str, ...], ...]) -> int:
    k = _split_cell_or_none(parent, child)
    if k is None:
        raise ValueError("not a child of that matrix")
    return k


def explain_bird(
    puzzle: str, out: TextIO, max_steps: int | None = None, svg_dir: str | None = None
) -> int:
    """Walk one puzzle through Bird's ``solve'''`` (``search . choices``)."""
    line = puzzle.replace("0", ".")
    if not is_puzzle(line):
        out.write("Invalid input\n")
        return 1
    printer = Explainer(out, max_steps, svg_dir)
    tracer = BirdExplainer(printer)
    started = time.perf_counter()
    first = next(bird.search(bird.choices(bird.line_to_grid(line)), trace=tracer), None)
    elapsed = time.perf_counter() - started
    out.write("\n")
    if first is None:
        out.write("No solution found\n")
    else:
        out.write("Solution:\n\n" + show_grid(bird_grid(first)) + "\n")
        out.write(bird.grid_to_line(first) + "\n")
    out.write(
        f"\nSummary (bird): {tracer.nodes} nodes, {tracer.backtracks} backtracks, "
        f"{elapsed * 1000:.1f} ms (with tracing)\n"
    )
    return 0 if first is not None else 1
