"""The test oracle: is an 81-character string a solution of a puzzle?

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

DIGITS = frozenset("123456789")

UNITS: tuple[tuple[int, ...], ...] = (
    tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
    + tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
    + tuple(
        tuple((br + i) * 9 + bc + j for i in range(3) for j in range(3))
        for br in (0, 3, 6)
        for bc in (0, 3, 6)
    )
)
"""The 9 rows, 9 columns and 9 boxes as tuples of cell indexes.

>>> len(UNITS), UNITS[18]
(27, (0, 1, 2, 9, 10, 11, 18, 19, 20))
"""


def is_filled_grid(solution: str) -> bool:
    """81 digits ``1``-``9`` with every unit a permutation of ``1``-``9``.

    >>> is_filled_grid("123456789" * 9)
    False
    >>> is_filled_grid("1" * 80)
    False
    """
    if len(solution) != 81 or not set(solution) <= DIGITS:
        return False
    return all(set(solution[i] for i in unit) == DIGITS for unit in UNITS)


def keeps_clues(solution: str, puzzle: str) -> bool:
    """Every clue (``1``-``9``) of the puzzle stands in the same cell of the solution.

    >>> keeps_clues("123", "1.3"), keeps_clues("123", "2..")
    (True, False)
    """
    return len(solution) == len(puzzle) and all(
        p == s for p, s in zip(puzzle, solution, strict=True) if p in DIGITS
    )


def is_solution(solution: str, puzzle: str) -> bool:
    """The solution is a filled, valid grid that keeps every clue of the puzzle.

    >>> is_solution("1" * 81, "." * 81)
    False
    """
    return is_filled_grid(solution) and keeps_clues(solution, puzzle)
