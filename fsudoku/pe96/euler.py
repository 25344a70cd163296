"""Project Euler problem 96: the sum of the top-left 3-digit numbers of the solved grids.

Notes (all three solutions): each solution's top-left three-digit number, summed over
the fifty grids. The command ``fsudoku euler96 FILE`` reads a file and picks a solver
(:mod:`fsudoku.app.euler96`); this module is the sum itself, for any solver of puzzle
lines.

Glossary: ``solve`` a function from a puzzle line to its solution (or ``None``),
``lines`` the lines of a puzzle file (either format of :mod:`fsudoku.pe96.formats`).

>>> from fsudoku.grid_io import SAMPLE
>>> from fsudoku.pe96 import dlx
>>> euler96_sum([SAMPLE, SAMPLE], lambda line: dlx.solve(line).value_or(None))
1386
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from fsudoku.base.oracle import is_solution
from fsudoku.grid_io import is_puzzle
from fsudoku.pe96.formats import read_puzzles

PuzzleSolver = Callable[[str], "str | None"]
"""A puzzle line (already valid) to its solution, or ``None`` when there is none; it
may raise ``ValueError`` for a puzzle it does not try."""


def top_left(solution: str) -> int:
    """The 3-digit number in the first three cells of the top row.

    Raises ``ValueError`` when it does not start with three digits.

    >>> top_left("483921657" + "0" * 72)
    483
    """
    head = solution[:3]
    if len(head) != 3 or not all(c in "0123456789" for c in head):
        raise ValueError(f"a solution starts with three digits, not {head!r}")
    return int(head)


def euler96_sum(lines: Iterable[str], solve: PuzzleSolver) -> int:
    """Solve each puzzle of the input and sum the top-left numbers of the solutions.

    Raises ``ValueError`` naming the entry when a puzzle is not valid, has no solution,
    is not tried (``solve`` raised ``ValueError``), or ``solve`` returns something that
    is not a solution of it, and when the input holds no puzzle at all (the sum of
    nothing is no answer); ``TypeError`` for ``lines`` that are a ``str`` (an iterable
    of lines is expected).

    >>> euler96_sum(["1" * 81], lambda line: None)
    Traceback (most recent call last):
    ...
    ValueError: 1: no solution
    """
    entries = read_puzzles(lines)
    total = 0
    count = 0
    for entry in entries:
        count += 1
        if not is_puzzle(entry.text):
            raise ValueError(f"{entry.label}: not a puzzle")
        try:
            solution = solve(entry.text)
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
