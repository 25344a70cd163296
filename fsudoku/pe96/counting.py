"""Counting solutions with Dancing Links, and the verdict line of ``fsudoku check``.

Algorithm X enumerates every exact cover of a puzzle's matrix; each cover is one
solution (Project Euler 96 notes, index 1: "A solved grid is then precisely a choice
of 81 rows covering all 324 columns once each"). Counting stops at ``limit``, so a
uniqueness check (``limit=2``) costs little more than one solve.

Glossary: ``puzzle`` an 81-character line (``.`` blank, ``1``-``9`` clue), ``limit``
the count at which enumeration stops (``None``: never).

>>> from fsudoku.grid_io import SAMPLE as PUZZLE
>>> count_solutions(PUZZLE, max_nodes=None), check_line(PUZZLE)
(1, 'unique')
>>> check_line("." * 81), check_line("11" + "." * 79), check_line("0" * 81)
('multiple 2+', 'none', 'Invalid input')
"""

from __future__ import annotations

from fsudoku.base import validate
from fsudoku.base.outcome import INVALID_INPUT, GaveUp
from fsudoku.grid_io import is_puzzle
from fsudoku.pe96 import dlx


def count_solutions(puzzle: str, limit: int | None = None, *, max_nodes: int | None) -> int:
    """The number of solutions of a puzzle line, stopping at ``limit``.

    ``limit=None`` counts them all; :class:`~fsudoku.base.outcome.GaveUp` past ``max_nodes``
    nodes.

    The bound has no default here: ``max_nodes=None`` counts for as long as it takes,
    which for a puzzle with few clues is longer than anyone waits (the empty grid has
    about 6.7 x 10^21 solutions); :func:`fsudoku.count_solutions` gives one. The
    arguments are not checked (:func:`fsudoku.count_solutions` checks them): a puzzle
    line, a ``limit`` of ``None`` or at least 1, a ``max_nodes`` of ``None`` or at least 0.

    >>> count_solutions("." * 81, limit=7, max_nodes=None)
    7
    >>> count_solutions("1" * 81, max_nodes=None)
    0
    >>> count_solutions("." * 81, max_nodes=100_000)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.base.outcome.GaveUp: counting gave up after 100,000 nodes (10,870 solutions so far): ...
    """
    found, _solutions, nodes, gave_up = dlx.algorithm_x(puzzle, limit, max_nodes, False)
    if gave_up:
        raise GaveUp(
            nodes,
            f"counting gave up after {nodes:,} nodes ({found:,} solutions so far): give a "
            "limit (2 tells one solution from several), or max_nodes=None to count them all",
        )
    return found


def check_line(puzzle: str, limit: int = 2) -> str:
    """The verdict on one input line.

    ``unique``, ``multiple N``, ``multiple N+``, ``none`` or ``Invalid input``.

    ``multiple N``: exactly ``N`` solutions (the count ended below ``limit``);
    ``multiple N+``: the count stopped at ``limit = N``, so there are at least ``N``
    (with the default ``limit=2``, every puzzle with several solutions reads
    ``multiple 2+``). The validity rule is ``readGrid``'s: exactly 81 characters, each
    ``.`` or ``1``-``9``. Raises ``TypeError`` for a line that is not a ``str``,
    ``TypeError``/``ValueError`` for a ``limit`` that is not an ``int`` >= 2.

    >>> check_line("." * 81, limit=4)
    'multiple 4+'
    >>> two = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"
    >>> check_line(two), check_line(two, limit=3)
    ('multiple 2+', 'multiple 2')
    >>> check_line("." * 80)
    'Invalid input'
    """
    validate.line(puzzle)
    validate.whole(limit, "limit", 2)
    if not is_puzzle(puzzle):
        return INVALID_INPUT
    n = count_solutions(puzzle, limit, max_nodes=None)  # a finite limit: the count ends
    if n == 0:
        return "none"
    if n == 1:
        return "unique"
    return f"multiple {n}+" if n == limit else f"multiple {n}"
