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
from fsudoku.outcome import Outcome
from fsudoku.pe96 import dlx, mrv, norvig
from fsudoku.pe96.formats import is_puzzle, read_puzzles
from fsudoku.testing.oracle import is_solution

Solver = Callable[[str], "str | None"]
"""A puzzle line (already valid) to its solution, or ``None`` when there is none."""


def _solution_of(solve_line: Callable[[str], Outcome]) -> Solver:
    def solver(puzzle: str) -> str | None:
        return solve_line(puzzle).solution

    return solver


SOLVERS: dict[str, Solver] = {
    "mrv": _solution_of(mrv.solve_line),
    "dlx": _solution_of(dlx.solve_line),
    "norvig": _solution_of(norvig.solve_line),
}
"""The three solvers of the notes, by name (index 0, 1, 2)."""


def solver_named(name: str) -> Solver:
    """The solver called ``name``: ``mrv``, ``dlx``, ``norvig``, or any other solver of
    :mod:`fsudoku.solvers` (Sarkar's, Bird's) when that registry knows the name.

    >>> solver_named("norvig")("1" * 81) is None
    True
    >>> solver_named("bogo")
    Traceback (most recent call last):
    ...
    ValueError: unknown solver 'bogo'
    """
    if name in SOLVERS:
        return SOLVERS[name]
    if name in solvers.SOLVERS:

        def solver(puzzle: str) -> str | None:
            return solvers.solve_line(name, puzzle).solution

        return solver
    raise ValueError(f"unknown solver {name!r}")


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
