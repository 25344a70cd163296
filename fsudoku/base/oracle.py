"""The test oracle: whether an 81-character string is a solution of a puzzle.

Written once, independently of every solver: it only looks at the finished grid.
A solution is 81 digits ``1``-``9``; each of the 27 units (9 rows, 9 columns, 9
boxes) holds every digit once; every clue of the puzzle (a ``1``-``9`` character)
stands in the same cell of the solution.

Glossary: ``solution`` the candidate answer, ``puzzle`` the puzzle line (``.`` or
``0`` for a blank), ``units`` the 27 tuples of 9 cell indexes.

>>> SOLUTION = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
>>> is_solution(SOLUTION, "6" + "." * 80), is_solution(SOLUTION, "1" + "." * 80)
(True, False)
"""

from __future__ import annotations

from functools import cache

DIGITS = frozenset("123456789")


@cache
def units(n: int = 3) -> tuple[tuple[int, ...], ...]:
    """The rows, columns and boxes of a board with boxes of side ``n``, as cell indexes.

    The oracle's own tables.

    >>> len(units()), units()[18], len(units(2))
    (27, (0, 1, 2, 9, 10, 11, 18, 19, 20), 12)
    """
    size = n * n
    return (
        tuple(tuple(r * size + c for c in range(size)) for r in range(size))
        + tuple(tuple(r * size + c for r in range(size)) for c in range(size))
        + tuple(
            tuple((br + i) * size + bc + j for i in range(n) for j in range(n))
            for br in range(0, size, n)
            for bc in range(0, size, n)
        )
    )


UNITS: tuple[tuple[int, ...], ...] = units()
"""The 9 rows, 9 columns and 9 boxes as tuples of cell indexes."""


def is_filled_grid(solution: str, n: int = 3) -> bool:
    """Every cell a digit and every unit a permutation of the digits (``1``-``9`` when ``n=3``).

    The oracle.

    >>> is_filled_grid("123456789" * 9)
    False
    >>> is_filled_grid("1" * 80)
    False
    >>> is_filled_grid("1234341221434321", n=2)
    True
    """
    digits = frozenset(str(d) for d in range(1, n * n + 1))
    if len(solution) != n**4 or not set(solution) <= digits:
        return False
    return all({solution[i] for i in unit} == digits for unit in units(n))


def keeps_clues(solution: str, puzzle: str) -> bool:
    """Every clue (a digit other than ``0``) of the puzzle stands in the same cell of the solution.

    The oracle.

    >>> keeps_clues("123", "1.3"), keeps_clues("123", "2.."), keeps_clues("123", "0.3")
    (True, False, True)
    """
    return len(solution) == len(puzzle) and all(
        p == s for p, s in zip(puzzle, solution, strict=True) if p in DIGITS
    )


def is_solution(solution: str, puzzle: str, n: int = 3) -> bool:
    """The solution is a filled, valid grid that keeps every clue of the puzzle.

    The oracle, defined once and used by every test.

    >>> is_solution("1" * 81, "." * 81)
    False
    >>> is_solution("1234341221434321", "1..4" + "." * 12, n=2)
    True
    """
    return is_filled_grid(solution, n) and keeps_clues(solution, puzzle)
