"""Every solver of fsudoku under its command-line name, with one calling convention.

Glossary: a *line* is one input line, ``0`` already turned into ``.``; a *solver* maps
a line and an optional node bound to an :class:`~fsudoku.outcome.Outcome`; an
*engine* is an implementation of a solver (``reference``: the faithful port;
``fast``: the vectorized NumPy engine, for the three Sarkar rules).

>>> sample = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
>>> solve_line("exclusives", sample).solution[:9]
'693784512'
>>> solve_line("exclusives", "not a puzzle").status
'invalid'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from typing import TypeAlias

from fsudoku import bird, sarkar1, sarkar2
from fsudoku.grid_io import read_grid, show_line
from fsudoku.outcome import GaveUp, Outcome
from fsudoku.pe96 import dlx, mrv, norvig
from fsudoku.pe96.formats import is_puzzle

SolveLine: TypeAlias = Callable[[str, "int | None"], Outcome]
"""``solve_line(puzzle, max_nodes)``: one validated 81-character puzzle to an Outcome."""

SARKAR_RULES: dict[str, sarkar1.PruneCells] = {
    "simple": sarkar1.prune_cells,
    "exclusives": sarkar2.prune_cells,
    "exclusives-sets": sarkar2.prune_cells_sets,
}
"""The three Sarkar rules: #1, #2 as published, #2 as its prose intends."""

OTHER_SOLVERS: dict[str, SolveLine] = {
    "bird": bird.solve_line,
    "bird-naive": bird.solve_naive_line,
    "mrv": mrv.solve_line,
    "dlx": dlx.solve_line,
    "norvig": norvig.solve_line,
}
"""Solvers of the other documents (each takes a line ``read_grid`` accepts)."""

SOLVERS: tuple[str, ...] = (*SARKAR_RULES, *OTHER_SOLVERS)
ENGINES: tuple[str, ...] = ("reference", "fast")
FAST_SOLVERS: frozenset[str] = frozenset(SARKAR_RULES)


def sarkar_solve_line(prune_cells: sarkar1.PruneCells) -> SolveLine:
    """The article's ``main`` for one line: ``readGrid``, then ``solve`` with this rule."""

    def solve_one(line: str, max_nodes: int | None = None) -> Outcome:
        grid = read_grid(line)
        if not grid:
            return Outcome.invalid()
        try:
            result, nodes = sarkar1.solve_counted(grid.unwrap(), prune_cells, max_nodes)
        except GaveUp as stop:
            return Outcome.gave_up(stop.nodes)
        if result:
            return Outcome.solved(show_line(result.unwrap()), nodes)
        return Outcome.no_solution(nodes)

    return solve_one


def reference(name: str) -> SolveLine:
    """The reference implementation of solver ``name`` (checks the line first)."""
    if name in SARKAR_RULES:
        return sarkar_solve_line(SARKAR_RULES[name])
    if name not in OTHER_SOLVERS:
        raise KeyError(f"unknown solver {name!r}; choose one of {', '.join(SOLVERS)}")
    inner = OTHER_SOLVERS[name]

    def solve_one(line: str, max_nodes: int | None = None) -> Outcome:
        if not is_puzzle(line):
            return Outcome.invalid()
        return inner(line, max_nodes)

    return solve_one


def solve_line(name: str, line: str, max_nodes: int | None = None) -> Outcome:
    """Solve one line with the reference solver ``name``."""
    return reference(name)(line, max_nodes)


def solve_many(
    lines: Iterable[str],
    name: str = "exclusives",
    engine: str = "reference",
    max_nodes: int | None = None,
) -> Iterator[Outcome]:
    """Solve each line in order with solver ``name`` on ``engine``, streaming."""
    if engine == "fast":
        if name not in FAST_SOLVERS:
            covered = ", ".join(sorted(FAST_SOLVERS))
            raise KeyError(f"the fast engine covers {covered}, not {name!r}")
        from fsudoku import fast  # NumPy is loaded only when the fast engine is asked for

        return fast.solve_many(lines, name, max_nodes=max_nodes)
    if engine != "reference":
        raise KeyError(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    solver = reference(name)
    return (solver(line, max_nodes) for line in lines)
