"""Counting solutions with Dancing Links, and the verdict line of ``fsudoku check``.

Algorithm X enumerates every exact cover of a puzzle's matrix; each cover is one
solution (Project Euler 96 notes, index 1: "A solved grid is then precisely a choice
of 81 rows covering all 324 columns once each"). Counting stops at ``limit``, so a
uniqueness check (``limit=2``) costs little more than one solve.

Glossary: ``puzzle`` an 81-character line (``.`` blank, ``1``-``9`` clue), ``limit``
the count at which enumeration stops (``None``: never).

>>> PUZZLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
>>> count_solutions(PUZZLE), check_line(PUZZLE)
(1, 'unique')
>>> check_line("." * 81), check_line("11" + "." * 79), check_line("0" * 81)
('multiple 2', 'none', 'Invalid input')
"""

from __future__ import annotations

from fsudoku.grid_io import is_puzzle
from fsudoku.outcome import INVALID_INPUT
from fsudoku.pe96 import dlx


def count_solutions(puzzle: str, limit: int | None = None) -> int:
    """The number of solutions of a puzzle line, stopping at ``limit`` (0 for none).

    Raises ``ValueError`` for a line that is not a puzzle or a ``limit`` below 1.

    >>> count_solutions("." * 81, limit=7)
    7
    >>> count_solutions("1" * 81)
    0
    """
    if not is_puzzle(puzzle):
        raise ValueError(f"not a puzzle line: {puzzle!r}")
    if limit is not None and limit < 1:
        raise ValueError(f"limit must be at least 1, not {limit}")
    found, _nodes, _gave_up = dlx.count_covers(puzzle, limit)
    return found


def check_line(puzzle: str, limit: int = 2) -> str:
    """The verdict on one input line: ``unique``, ``multiple N``, ``none`` or
    ``Invalid input``.

    ``N`` is the number of solutions found before stopping at ``limit`` (so with the
    default ``limit=2`` it reads "at least 2"). The validity rule is ``readGrid``'s:
    exactly 81 characters, each ``.`` or ``1``-``9``.

    >>> check_line("." * 81, limit=4)
    'multiple 4'
    >>> check_line("." * 80)
    'Invalid input'
    """
    if limit < 2:
        raise ValueError(f"limit must be at least 2 to tell unique from multiple, not {limit}")
    if not is_puzzle(puzzle):
        return INVALID_INPUT
    n = count_solutions(puzzle, limit)
    if n == 0:
        return "none"
    if n == 1:
        return "unique"
    return f"multiple {n}"
