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

import os
from collections.abc import Callable, Iterable
from pathlib import Path

from fsudoku import solvers, validate
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
    (a ``ValueError``) that lists the valid ones, a name that is not a ``str`` a
    ``TypeError``. The solver raises ``TypeError`` for a puzzle that is not a ``str``,
    and ``ValueError`` when it does not try the puzzle (``bird-naive`` on more than
    :data:`fsudoku.solvers.NAIVE_MAX_BLANKS` blanks).

    >>> solver_named("norvig")("1" * 81) is None
    True
    >>> solver_named("bogo")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.solvers.UnknownName: unknown solver 'bogo'; choose one of simple, exclusives, ...
    """
    run = solvers.solver(name).run

    def solve(puzzle: str) -> str | None:
        outcome = run(validate.line(puzzle), None)
        if outcome.status == "refused":
            raise ValueError(
                f"{name} does not try a puzzle with {outcome.nodes} blanks "
                f"(9^{outcome.nodes} completions)"
            )
        return outcome.solution

    return solve


def top_left(solution: str) -> int:
    """The 3-digit number in the first three cells of the top row.

    >>> top_left("483921657" + "0" * 72)
    483

    Raises ``TypeError`` for a solution that is not a ``str``, ``ValueError`` when it
    does not start with three digits.
    """
    head = validate.line(solution, "solution")[:3]
    if len(head) != 3 or not all(c in "0123456789" for c in head):
        raise ValueError(f"a solution starts with three digits, not {head!r}")
    return int(head)


def euler96_sum(lines: Iterable[str], solver: Solver) -> int:
    """Solve each puzzle of the input and sum the top-left numbers of the solutions.

    Raises ``ValueError`` naming the entry when a puzzle is not valid, has no
    solution, is not tried, or the solver returns something that is not a solution of
    it, and when the input holds no puzzle at all (the sum of nothing is no answer);
    ``TypeError`` for ``lines`` that are a ``str`` (an iterable of lines is expected)
    or a ``solver`` that is not callable.

    >>> euler96_sum(["1" * 81], solver_named("dlx"))
    Traceback (most recent call last):
    ...
    ValueError: 1: no solution
    """
    entries = read_puzzles(lines)
    if not callable(solver):
        raise TypeError(f"solver must be callable (a puzzle to its solution), not {solver!r}")
    total = 0
    count = 0
    for entry in entries:
        count += 1
        if not is_puzzle(entry.text):
            raise ValueError(f"{entry.label}: not a puzzle")
        try:
            solution = solver(entry.text)
        except ValueError as error:
            raise ValueError(f"{entry.label}: {error}") from None
        if solution is None:
            raise ValueError(f"{entry.label}: no solution")
        if not isinstance(solution, str) or not is_solution(solution, entry.text):
            raise ValueError(f"{entry.label}: the solver's answer is not a solution")
        total += top_left(solution)
    if not count:
        raise ValueError("no puzzle in the input")
    return total


def euler96(path: str | Path, solver_name: str = "norvig") -> int:
    """The Project Euler 96 answer for a puzzle file, with the named solver.

    No Haskell counterpart. The file is read as ``fsudoku solve`` reads it
    (:func:`fsudoku.batch.text_lines`: bounded lines, bytes that are not UTF-8 make an
    invalid grid). Raises ``OSError`` when the file cannot be read, ``TypeError`` for a
    path that is not a ``str`` or ``os.PathLike``, and as :func:`solver_named` and
    :func:`euler96_sum` do.
    """
    from fsudoku.batch import text_lines

    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"path must be a file name (str or os.PathLike), not {path!r}")
    solver = solver_named(solver_name)
    with Path(path).open("rb") as handle:
        return euler96_sum(text_lines(handle), solver)
