"""``fsudoku demo``: Sarkar #1's walk through the articles' sample puzzle.

What a reader of "Writing a Fast Sudoku Solver in Haskell" #1 expects, in its order:
the sample puzzle boxed as in the article, every cell's possibilities as ``readGrid``
makes them, the grid once ``pruneGrid`` settles it (``[..]`` cells still open), the
first pivot and the two grids ``nextGrids`` makes of it, then the solution with the
number of calls of ``solve``; then one line on what #2's rule does to the same puzzle,
and the ``fsudoku explain`` command that shows the search step by step.

Every step is the port's own function (:func:`fsudoku.sarkar1.prune_grid`,
:func:`fsudoku.sarkar1.pivot`, :func:`fsudoku.sarkar1.next_grids`) or its counted run
(:func:`fsudoku.run.trace.run_sarkar`), with the cell pruner of the solver asked for, and
every label names that solver. Only Sarkar's three rules (``simple``, ``exclusives``,
``exclusives-sets``) have these steps; another solver is refused with a message that
says where to look instead (exit status 2).
"""

from __future__ import annotations

from typing import TextIO

from fsudoku import sarkar1
from fsudoku.app.explain import boxed_possibilities
from fsudoku.base.names import SarkarRule
from fsudoku.cell import Cell, Fixed, Grid
from fsudoku.grid_io import SAMPLE, read_grid, show_line
from fsudoku.pe96.formats import format_boxed
from fsudoku.run.registry import PRUNE_CELLS, REGISTRY
from fsudoku.run.trace import run_sarkar

RULE_OF: dict[SarkarRule, tuple[str, str]] = {
    "simple": ("Sarkar #1's pruneCells", "each unit's fixed digits removed from its other cells"),
    "exclusives": ("Sarkar #2's pruneCells as published", "#1's, then Singles fixed"),
    "exclusives-sets": (
        "Sarkar #2's pruneCells as its prose intends",
        "#1's, then Singles, Twins and Triplets",
    ),
}
"""Each Sarkar rule's ``pruneCells``, and what it does."""

DEMO_EXIT_OK = 0

DEMO_STEPS = 100
"""The steps of the ``fsudoku explain`` command the demo suggests (its ``--max-steps``)."""


def fixed_count(grid: Grid) -> int:
    """How many cells of the grid are fixed.

    >>> fixed_count(read_grid(SAMPLE).unwrap())
    17
    """
    return sum(isinstance(cell, Fixed) for row in grid for cell in row)


def digits(cell: Cell) -> list[int]:
    """The digits a cell may still take.

    >>> first_row = read_grid(SAMPLE).unwrap()[0]
    >>> digits(first_row[0]), digits(first_row[7])
    ([1, 2, 3, 4, 5, 6, 7, 8, 9], [1])
    """
    return [cell.value] if isinstance(cell, Fixed) else list(cell.values)


def demo(out: TextIO, solver: SarkarRule = "simple") -> int:
    """Write the demo of ``solver`` to ``out``; returns the exit status.

    The article's REPL sessions on its sample puzzle, in order (``demo --solver`` takes only
    Sarkar's rules: :func:`fsudoku.app.usage.demo_solver`).
    """
    rule = PRUNE_CELLS[solver]
    node = REGISTRY[solver].node
    grid = read_grid(SAMPLE).unwrap()
    write = out.write

    write(f"fsudoku demo: the {solver} solver, from {REGISTRY[solver].document}\n\n")
    write('The sample puzzle of Sarkar #1 ("A sample puzzle"), as the article boxes it:\n\n')
    write(format_boxed(SAMPLE) + "\n\n")
    write(f"readGrid: the {fixed_count(grid)} clues fixed, every blank with all nine digits:\n\n")
    write(boxed_possibilities(grid) + "\n")

    settled = sarkar1.prune_grid(grid, rule).unwrap()  # the sample settles without a failure
    open_cells = 81 - fixed_count(settled)
    name, does = RULE_OF[solver]
    write(f"pruneGrid ({solver}): {name} on every row, column and sub-grid until nothing\n")
    write(
        f"changes ({does}); {fixed_count(settled)} cells fixed, {open_cells} still open ([..]):\n\n"
    )
    write(boxed_possibilities(settled) + "\n")

    if sarkar1.is_grid_filled(settled):
        write(f"isGridFilled ({solver}): pruneGrid fixed every cell, so solve needs no pivot.\n\n")
    else:
        index, first, rest = sarkar1.pivot(settled)
        grid1, grid2 = sarkar1.next_grids(settled)
        cell = settled[index // 9][index % 9]
        where = f"row {index // 9 + 1}, column {index % 9 + 1}"
        write(
            f"nextGrids ({solver}): the first pivot is the cell at {where}, {digits(cell)}, "
            "the first open cell with the fewest possibilities (marked *).\n"
        )
        write(f"grid1 fixes it to {digits(first)[0]}:\n\n")
        write(boxed_possibilities(grid1, index) + "\n")
        kept = digits(rest)
        shown = f"{kept[0]}, now fixed" if isinstance(rest, Fixed) else f"{kept}"
        write(f"grid2 keeps the other possibilities ({shown}):\n\n")
        write(boxed_possibilities(grid2, index) + "\n")

    result, stats = run_sarkar(grid, rule)
    solution = result.unwrap()
    write(
        f"solve ({solver}): solved after {stats.nodes} node{'s' if stats.nodes != 1 else ''} "
        f"(a node is {node}, dead ends included):\n\n"
    )
    write(format_boxed(show_line(solution)) + "\n\n")
    write(comparison(grid, solver) + "\n")
    write(
        f"The first {DEMO_STEPS} steps of the search (--max-steps 0: all of them): "
        f"fsudoku explain {SAMPLE} --solver {solver} --max-steps {DEMO_STEPS}\n"
    )
    out.flush()
    return DEMO_EXIT_OK


def comparison(grid: Grid, solver: SarkarRule) -> str:
    """One line on the other article's rule on the same puzzle.

    #2's after #1's run, #1's after one of #2's.

    ``pruneGrid`` and ``solve`` with the other article's rule.

    >>> comparison(read_grid(SAMPLE).unwrap(), "simple")[:40]
    "Sarkar #2's rule (exclusives) on the sam"
    """
    other: SarkarRule = "exclusives" if solver == "simple" else "simple"
    article = "#2" if other == "exclusives" else "#1"
    rule = PRUNE_CELLS[other]
    settled = sarkar1.prune_grid(grid, rule)
    _, stats = run_sarkar(grid, rule)
    nodes = f"{stats.nodes} node{'s' if stats.nodes != 1 else ''}"
    head = f"Sarkar {article}'s rule ({other}) on the same puzzle: "
    if settled and sarkar1.is_grid_filled(settled.unwrap()):
        return head + f"pruneGrid alone fixes all 81 cells, no search (solve: {nodes})."
    open_cells = 81 - fixed_count(settled.unwrap()) if settled else 81
    return head + f"pruneGrid leaves {open_cells} cells open, and solve needs {nodes}."
