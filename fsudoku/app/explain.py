"""``fsudoku explain``: the articles' REPL sessions, for any puzzle.

The trace comes from the solver itself: :class:`Explainer` is told the events of the
run by :func:`fsudoku.run.trace.run_sarkar` (and :class:`BirdExplainer` by
:func:`fsudoku.run.trace.run_bird`), the wrappers around the port's recursive calls, and
prints them. Nothing here re-implements the search.

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

from fsudoku import bird
from fsudoku.app.messages import os_error_message, shown
from fsudoku.app.svg import Folder, clue_cells, svg_grid
from fsudoku.app.usage import MAX_STEPS, UsageError
from fsudoku.base.names import SolverName
from fsudoku.base.outcome import GaveUp
from fsudoku.cell import Fixed, Grid, Possible
from fsudoku.grid_io import is_puzzle, read_grid, show_cell_with_possibilities, show_grid, show_line
from fsudoku.run import registry
from fsudoku.run.registry import PRUNE_CELLS
from fsudoku.run.trace import BirdEvents, SarkarEvents, Stats, run_bird, run_sarkar

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


class Capped(Exception):
    """The trace reached its last step (``--max-steps``): the search stops there too."""


class Printer:
    """Numbers and prints the steps of a trace.

    It also draws each grid into ``pictures``; past ``max_steps`` it raises :class:`Capped`,
    which ends the search.
    """

    def __init__(
        self,
        out: TextIO,
        max_steps: int | None = None,
        pictures: Folder | None = None,
        clues: frozenset[int] | None = None,
    ) -> None:
        self.out = out
        self.max_steps = max_steps
        self.pictures = pictures
        self.clues = clues  # the puzzle's clues, drawn apart from deduced digits in SVG
        self.steps = 0

    def show(self, title: str, grid: Grid | None = None, pivot: int | None = None) -> None:
        """Print one step (a title, and a grid when there is one)."""
        if self.max_steps is not None and self.steps >= self.max_steps:
            raise Capped
        self.steps += 1
        self.out.write(f"\n[{self.steps}] {title}\n")
        if grid is not None:
            self.out.write(boxed_possibilities(grid, pivot))
            if self.pictures is not None:
                text = svg_grid(grid, pivot, f"{self.steps}: {title}", self.clues)
                self.pictures.add(self.steps, title, text)

    def stopped(self, nodes: int) -> None:
        """Say that the trace, and the search with it, stopped at its last step, and how to go on."""
        self.out.write(
            f"\n... trace stopped after {self.max_steps:,} steps (--max-steps); "
            f"the search stopped with it, at node {nodes}. "
            "--max-steps N shows N steps, --max-steps 0 every step.\n"
        )


class Explainer(SarkarEvents):
    """Prints each event of a Sarkar run as the articles show the steps."""

    def __init__(self, printer: Printer) -> None:
        self.printer = printer
        self.stats = Stats()
        self.passes = 0
        self.solution: Grid | None = None

    @property
    def nodes(self) -> int:
        """Nodes of the run so far."""
        return self.stats.nodes

    @property
    def backtracks(self) -> int:
        """Backtracks of the run so far."""
        return self.stats.backtracks

    def node(self, grid: Grid, stats: Stats) -> None:
        """Print the grid a call of ``solve`` starts on (the puzzle at node 1)."""
        self.stats = stats
        self.passes = 0
        if stats.nodes == 1:
            self.printer.show("the puzzle, with each cell's possibilities (solve, node 1)", grid)
        else:
            self.printer.show(f"solve, node {stats.nodes} (depth {stats.depth})")

    def pruned(self, stage: str, grid: Grid) -> None:
        """Print the grid after a pass of ``pruneGrid'`` over one kind of unit."""
        if stage == "rows":
            self.passes += 1
        self.printer.show(
            f"node {self.nodes}, pruneGrid' pass {self.passes}: after pruning {stage}", grid
        )

    def settled(self, grid: Maybe[Grid], stats: Stats) -> None:
        """Print the grid ``pruneGrid`` settled on, or the dead end of ``Nothing``."""
        if grid:
            self.printer.show(f"node {stats.nodes}: pruneGrid settled", grid.unwrap())
        else:
            self.printer.show(
                f"node {stats.nodes}: pruneGrid gave Nothing (a cell lost every digit): dead end"
            )

    def dead_end(self, grid: Grid, stats: Stats) -> None:
        """Print the dead end of an invalid settled grid."""
        self.printer.show(
            f"node {stats.nodes}: isGridInvalid (a digit twice in a unit, or an empty cell): "
            "dead end"
        )

    def pivot(self, grid: Grid, index: int, grid1: Grid, grid2: Grid, stats: Stats) -> None:
        """Print the pivot cell and the two grids ``nextGrids`` makes of it."""
        cell = grid[index // 9][index % 9]
        digits = list(cell.values) if isinstance(cell, Possible) else []
        where = f"row {index // 9 + 1}, column {index % 9 + 1}"
        parent = stats.nodes  # told as the node splits, before its first branch starts
        self.printer.show(
            f"node {parent}: pivot {where} {digits} (first cell with fewest possibilities); "
            f"nextGrids: grid1 fixes {digits[0]}",
            grid1,
            index,
        )
        self.printer.show(f"node {parent}: nextGrids: grid2 keeps {digits[1:]}", grid2, index)

    def backtrack(self, grid2: Grid, stats: Stats) -> None:
        """Print a backtrack to the second grid of a pivot."""
        self.printer.show(
            f"backtrack {stats.backtracks}: grid1 failed at depth {stats.depth}; solving grid2"
        )

    def solved(self, grid: Grid, stats: Stats) -> None:
        """Keep and print the solution."""
        self.solution = grid
        self.printer.show(f"node {stats.nodes}: isGridFilled: solved", grid)


def explain(
    puzzle: str,
    rule: SolverName,
    out: TextIO,
    max_steps: int | None = None,
    pictures: Folder | None = None,
    max_nodes: int | None = None,
) -> Explainer | None:
    """Walk one puzzle through Sarkar's solver with rule ``rule`` (``None``: not a puzzle).

    Raises :class:`GaveUp` past ``max_nodes`` nodes; past ``max_steps`` steps the trace
    and the search stop (the explainer has no solution then).
    """
    grid = read_grid(puzzle.replace("0", "."))
    if not grid:
        out.write("Invalid input\n")
        return None
    printer = Printer(out, max_steps, pictures, clue_cells(puzzle))
    explainer = Explainer(printer)
    started = time.perf_counter()
    try:
        result, stats = run_sarkar(
            grid.unwrap(), PRUNE_CELLS[rule], max_nodes=max_nodes, events=explainer
        )
    except Capped:
        printer.stopped(explainer.nodes)
        return explainer
    explainer.stats = stats
    elapsed = time.perf_counter() - started
    out.write("\n")
    if result:
        out.write("Solution:\n\n" + show_grid(result.unwrap()) + "\n")
        out.write(show_line(result.unwrap()) + "\n")
    else:
        out.write("No solution found\n")
    out.write(
        f"\nSummary ({rule}): {stats.nodes} nodes, {stats.backtracks} backtracks, "
        f"depth {stats.max_depth}, {elapsed * 1000:.1f} ms (with tracing)\n"
    )
    return explainer


def _svg_dir(path: str) -> None:
    """Make the directory of ``--svg`` and its parents.

    When it cannot be made, a usage error, worded as every subcommand words an OS error.
    """
    try:
        os.makedirs(path, exist_ok=True)
    except FileExistsError:  # something that is not a directory is in the way
        try:
            os.stat(path)
        except OSError as error:  # a symlink loop, a dangling link
            raise UsageError(os_error_message(path, error)) from None
        raise UsageError(f"{shown(path)}: not a directory") from None
    except OSError as error:
        raise UsageError(os_error_message(path, error)) from None


def main(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku explain``: print the steps of one puzzle's search.

    ``fsudoku explain PUZZLE [--solver ...] [--max-steps N] [--max-nodes N] [--svg DIR]``:
    the trace stops after :data:`~fsudoku.app.usage.MAX_STEPS` steps unless ``--max-steps``
    says otherwise (0: never). Status 0 when the trace reaches a solution, 1 otherwise
    (none, not a puzzle, given up, stopped), 74 when a picture cannot be written.
    """
    max_steps = MAX_STEPS if args.max_steps is None else args.max_steps or None
    pictures = None
    if args.svg is not None:
        _svg_dir(args.svg)
        pictures = Folder(args.svg, max_steps)
    try:
        if args.solver == "bird":
            solved = explain_bird(args.puzzle, out, max_steps, pictures, args.max_nodes)
        else:
            explainer = explain(args.puzzle, args.solver, out, max_steps, pictures, args.max_nodes)
            solved = explainer is not None and explainer.solution is not None
    except GaveUp as stop:
        out.write(f"Gave up after {stop.nodes} nodes\n")
        solved = False
    if pictures is not None:
        pictures.close()
    return 0 if solved else 1


def bird_grid(m: tuple[tuple[str, ...], ...]) -> Grid:
    """A Bird choice matrix shown as a Sarkar grid (a singleton choice as a fixed cell)."""
    return tuple(
        tuple(Fixed(int(cs)) if len(cs) == 1 else Possible(tuple(map(int, cs))) for cs in row)
        for row in m
    )


class BirdExplainer(BirdEvents):
    """Prints each event of a run of Bird's ``search``."""

    def __init__(self, printer: Printer) -> None:
        self.printer = printer
        self.backtracks = 0
        self.solution: Grid | None = None

    def node(self, m: bird.Matrix[str], stats: Stats) -> None:
        """Print the choice matrix a call of ``search`` starts on (the puzzle at node 1)."""
        if stats.nodes == 1:
            self.printer.show(
                "the puzzle as Bird's choice matrix (choices; search, node 1)", bird_grid(m)
            )
        else:
            self.printer.show(f"search, node {stats.nodes}")

    def unsafe(self, m: bird.Matrix[str], stats: Stats) -> None:
        """Print the dead end of a matrix that is not safe."""
        self.printer.show(
            f"node {stats.nodes}: not (safe pm): a fixed digit twice in a unit: dead end"
        )

    def complete(self, solution: bird.Grid, stats: Stats) -> None:
        """Keep and print the solution."""
        self.solution = bird_grid(solution)
        self.printer.show(f"node {stats.nodes}: complete pm: solution", self.solution)

    def expanded(self, pm: bird.Matrix[str], stats: Stats) -> None:
        """Print the pruned matrix, and the dead end when a cell has no choice left."""
        self.printer.show(
            f"node {stats.nodes}: prune (pruneBy boxs, then cols, then rows)", bird_grid(pm)
        )
        if any(cs == "" for row in pm for cs in row):
            self.printer.show(
                f"node {stats.nodes}: a cell has no choice left: expand1 gives []: dead end"
            )

    def branch(
        self, row: int, col: int, choices: str, choice: str, m1: bird.Matrix[str], stats: Stats
    ) -> None:
        """Print the choice the search goes on with (a backtrack when it is not the first)."""
        if choice != choices[0]:
            self.backtracks += 1
            self.printer.show(f"backtrack {self.backtracks}: the next choice of an earlier pivot")
        where = f"row {row + 1}, column {col + 1}"
        self.printer.show(
            f"expand1: pivot {where} [{choices}] (first cell with fewest choices); "
            f"choice {choice} ({choices.index(choice) + 1} of {len(choices)})",
            bird_grid(m1),
            row * 9 + col,
        )


def explain_bird(
    puzzle: str,
    out: TextIO,
    max_steps: int | None = None,
    pictures: Folder | None = None,
    max_nodes: int | None = None,
) -> bool:
    """Walk one puzzle through Bird's search of its choices; whether it reached a solution.

    Raises :class:`GaveUp` past ``max_nodes`` nodes.
    """
    line = puzzle.replace("0", ".")
    if not is_puzzle(line):
        out.write("Invalid input\n")
        return False
    printer = Printer(out, max_steps, pictures, clue_cells(line))
    tracer = BirdExplainer(printer)
    started = time.perf_counter()
    found, stats = run_bird(
        bird.choices(registry.bird_grid(line)), max_nodes=max_nodes, events=tracer
    )
    try:
        first = next(found, None)
    except Capped:
        printer.stopped(stats.nodes)
        return False
    elapsed = time.perf_counter() - started
    out.write("\n")
    if first is None:
        out.write("No solution found\n")
    else:
        out.write("Solution:\n\n" + show_grid(bird_grid(first)) + "\n")
        out.write(registry.bird_line(first) + "\n")
    out.write(
        f"\nSummary (bird): {stats.nodes} nodes, {tracer.backtracks} backtracks, "
        f"depth {stats.max_depth}, {elapsed * 1000:.1f} ms (with tracing)\n"
    )
    return first is not None
