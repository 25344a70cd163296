"""The typed face of toolz.

The list functions and combinators the ports need, under their Haskell names.

toolz ships no type information; this module is the only place fsudoku imports it, so
the rest of the package stays ``mypy --strict`` clean. Point-free Haskell definitions
(``f . g . h``, ``x & f & g``) are written with :func:`compose` and :func:`pipe`, and a
partially applied ``map f`` is :func:`fmap`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import partial
from typing import Any, TypeVar

import toolz

A = TypeVar("A")
B = TypeVar("B")


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


def compose(*fs: Callable[[Any], Any]) -> Callable[[Any], Any]:
    """The functions composed right to left: the last is applied first.

    Haskell: ``(.) :: (b -> c) -> (a -> b) -> a -> c``, chained.

    >>> compose(str, lambda x: x + 1)(41)
    '42'
    """
    composed: Callable[[Any], Any] = toolz.compose(*fs)
    return composed


def pipe(x: Any, *fs: Callable[[Any], Any]) -> Any:
    """``x`` passed through the functions left to right.

    Haskell: ``(&) :: a -> (a -> b) -> b`` (``Data.Function``), chained.

    >>> pipe(41, lambda x: x + 1, str)
    '42'
    """
    return toolz.pipe(x, *fs)


def fmap(f: Callable[[A], B]) -> Callable[[Iterable[A]], tuple[B, ...]]:
    """``map f``, partially applied: a function of a list (the result a tuple).

    Haskell: ``map :: (a -> b) -> [a] -> [b]``, curried.

    >>> fmap(abs)([-1, 2, -3])
    (1, 2, 3)
    """
    mapped: Callable[[Iterable[A]], tuple[B, ...]] = toolz.compose(tuple, partial(map, f))
    return mapped
