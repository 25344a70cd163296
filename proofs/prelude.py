"""The Haskell Prelude pieces the proofs are written in, curried and composable.

Every function here builds a one-argument function, so that a point-free Haskell
expression such as ``map f . filter p . map f`` reads
``compose(fmap(f), filter_(p), fmap(f))``. Results are tuples (Haskell lists);
iterators coming from the functions under test are materialised with :func:`force`.

``compose``, ``fmap``, ``concat`` and ``transpose`` are the port's own
(:mod:`fsudoku.tz`), so that a step of a proof and the definition it is about use one
function; ``ident`` is toolz's ``identity``, and the curried functions are toolz's
``curry`` of their definitions.

>>> compose(fmap(str), filter_(lambda x: x > 1))([1, 2, 3])
('2', '3')
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

from toolz import curry
from toolz import identity as ident

from fsudoku import tz
from fsudoku.tz import compose, concat, fmap, transpose

__all__ = [
    "Fn",
    "all_",
    "chunks_of",
    "compose",
    "concat",
    "concat_map",
    "filter_",
    "fmap",
    "force",
    "ident",
    "test",
    "transpose",
    "zip_with3",
]

Fn = Callable[[Any], Any]
"""A one-argument function of the proofs (Haskell ``a -> b``)."""


def force(value: object) -> object:
    """The value with every list-like part (tuple, list, iterator) turned into a tuple.

    Haskell lists are lazy; Python's iterators can be consumed once. Comparing forced
    values compares what Haskell would print. Strings (choice cells) are left alone.

    >>> force(iter([iter("ab"), (1, [2])]))
    (('a', 'b'), (1, (2,)))
    >>> force("123")
    '123'
    """
    if isinstance(value, str | bytes):
        return value
    if isinstance(value, tuple | list | Iterator):
        return tuple(force(x) for x in value)
    return value


@curry
def filter_(p: Callable[[Any], bool], xs: Iterable[Any]) -> tuple[Any, ...]:
    """Haskell ``filter p``.

    >>> filter_(lambda x: x > 1)([1, 2, 3])
    (2, 3)
    """
    return tuple(x for x in xs if p(x))


@curry
def test(p: Callable[[Any], bool], x: Any) -> tuple[Any, ...]:
    """``test p x = if p x then [x] else []`` (the lecture's helper defining ``filter``).

    >>> test(bool)(0), test(bool)(5)
    ((), (5,))
    """
    return (x,) if p(x) else ()


def concat_map(f: Fn) -> Fn:
    """Haskell ``concatMap f``.

    >>> concat_map(lambda x: (x, x))([1, 2])
    (1, 1, 2, 2)
    """
    return compose(concat, fmap(f))


@curry
def all_(p: Callable[[Any], bool], xs: Iterable[Any]) -> bool:
    """Haskell ``all p``.

    >>> all_(bool)([1, 2]), all_(bool)([1, 0])
    (True, False)
    """
    return all(p(x) for x in xs)


@curry
def zip_with3(
    f: Callable[[Any, Any, Any], Any], xs: Iterable[Any], ys: Iterable[Any], zs: Iterable[Any]
) -> tuple[Any, ...]:
    """Haskell ``zipWith3 f`` (stops at the shortest list, as Haskell does).

    >>> zip_with3(lambda a, b, c: a + b + c)((1, 2), (10, 20), (100, 200, 300))
    (111, 222)
    """
    return tuple(f(x, y, z) for x, y, z in zip(xs, ys, zs, strict=False))


@curry
def chunks_of(n: int, xs: Sequence[Any]) -> tuple[tuple[Any, ...], ...]:
    """``Data.List.Split.chunksOf n``: pieces of length ``n``, the last possibly shorter.

    The port's :func:`fsudoku.tz.chunks_of` (``toolz.partition_all``), the one
    ``subGridsToRows`` is defined with, curried; the pieces are tuples.

    >>> chunks_of(2)((1, 2, 3))
    ((1, 2), (3,))
    """
    return tz.chunks_of(n, xs)
