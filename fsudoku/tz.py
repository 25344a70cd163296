"""The typed face of toolz: the few list functions the ports need, under their Haskell names.

toolz ships no type information; this module is the only place fsudoku imports it,
so the rest of the package stays ``mypy --strict`` clean.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TypeVar

import toolz

A = TypeVar("A")


def chunks_of(n: int, xs: Iterable[A]) -> tuple[tuple[A, ...], ...]:
    """Split a list into pieces of length ``n`` (the last may be shorter).

    Haskell: ``Data.List.Split.chunksOf :: Int -> [e] -> [[e]]``

    >>> chunks_of(3, "abcdefgh")
    (('a', 'b', 'c'), ('d', 'e', 'f'), ('g', 'h'))
    """
    return tuple(toolz.partition_all(n, xs))


def concat(xss: Iterable[Iterable[A]]) -> tuple[A, ...]:
    """Flatten one level of nesting.

    Haskell: ``concat :: [[a]] -> [a]``

    >>> concat([[1, 2], [], [3]])
    (1, 2, 3)
    """
    return tuple(toolz.concat(xss))


def transpose(xss: Sequence[Sequence[A]]) -> tuple[tuple[A, ...], ...]:
    """Rows become columns (for rectangular lists, as every grid here is).

    Haskell: ``Data.List.transpose :: [[a]] -> [[a]]``

    >>> transpose([[1, 2, 3], [4, 5, 6]])
    ((1, 4), (2, 5), (3, 6))
    """
    return tuple(zip(*xss, strict=True))
