"""Project Euler problem 96: solve every grid of the file and sum the 3-digit numbers
in the top-left corners of the solutions.

Notes (all three solutions): "Each then reads the three-digit top-left number off
every solution and sums across all fifty."

Glossary: ``solver`` a function from a puzzle line to its solution (or ``None``),
``SOLVERS`` the solvers by name, ``lines`` the lines of a puzzle file (either format
of :mod:`fsudoku.pe96.formats`).

>>> PUZZLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
>>> euler96_sum([PUZZLE, PUZZLE], solver_named("dlx"))
1386
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path

from fsudoku import solvers
from fsudoku.pe96.formats import is_puzzle, read_puzzles
from fsudoku.solvers import SolverName
from fsudoku.testing.oracle import is_solution

Solver = Callable[[str], "str | None"]
"""A puzzle line (already valid) to its solution, or ``None`` when there is none."""


SOLVERS: tuple[SolverName, ...] = ("mrv", "dlx", "norvig")
"""The three solvers of the notes (index 0, 1, 2); any solver of the registry may be used."""


def solver_named(name: str) -> Solver:
    """The solver called ``name`` in the registry (:mod:`fsudoku.solvers`).

    No Haskell counterpart. An unknown name raises :class:`fsudoku.solvers.UnknownName`
    (a ``ValueError``) that lists the valid ones.

    >>> solver_named("norvig")("1" * 81) is None
    True
    >>> solver_named("bogo")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.solvers.UnknownName: unknown solver 'bogo'; choose one of simple, exclusives, ...
    """
    run = solvers.solver(name).run

    def solve(puzzle: str) -> str | None:
        return run(puzzle, None).solution

    return solve


def top_left(solution: str) -> int:
    """The 3-digit number in the first three cells of the top row.

    >>> top_left("483921657" + "0" * 72)
    483
    """
    return int(solution[:3])


def euler96_sum(lines: Iterable[str], solver: Solver) -> int:
    """Solve each puzzle of the input and sum the top-left numbers of the solutions.

    Raises ``ValueError`` naming the entry when a puzzle is not valid, has no
    solution, or the solver returns something that is not a solution of it.

    >>> euler96_sum(["1" * 81], solver_named("dlx"))
    Traceback (most recent call last):
    ...
    ValueError: 1: no solution
    """
    total = 0
    for entry in read_puzzles(lines):
        if not is_puzzle(entry.text):
            raise ValueError(f"{entry.label}: not a puzzle")
        solution = solver(entry.text)
        if solution is None:
            raise ValueError(f"{entry.label}: no solution")
        if not is_solution(solution, entry.text):
            raise ValueError(f"{entry.label}: the solver's answer is not a solution")
        total += top_left(solution)
    return total


def euler96(path: str | Path, solver_name: str = "norvig") -> int:
    """The Project Euler 96 answer for a puzzle file, with the named solver."""
    solver = solver_named(solver_name)
    with Path(path).open(encoding="utf-8") as handle:
        return euler96_sum(handle, solver)
