"""The Haskell Prelude pieces the proofs are written in, curried and composable.

Every function here builds a one-argument function, so that a point-free Haskell
expression such as ``map f . filter p . map f`` reads
``compose(fmap(f), filter_(p), fmap(f))``. Results are tuples (Haskell lists);
iterators coming from the functions under test are materialised with :func:`force`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import reduce
from typing import Any

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


def ident(x: Any) -> Any:
    """Haskell ``id``.

    >>> ident(3)
    3
    """
    return x


def compose(*fs: Fn) -> Fn:
    """Haskell ``f . g . h``: the rightmost function is applied first.

    >>> compose(lambda x: x + 1, lambda x: x * 10)(2)
    21
    """

    def composed(x: Any) -> Any:
        return reduce(lambda acc, f: f(acc), reversed(fs), x)

    return composed


def fmap(f: Fn) -> Fn:
    """Haskell ``map f``, as a function of the list.

    >>> fmap(str)([1, 2])
    ('1', '2')
    """

    def mapped(xs: Iterable[Any]) -> tuple[Any, ...]:
        return tuple(f(x) for x in xs)

    return mapped


def filter_(p: Callable[[Any], bool]) -> Fn:
    """Haskell ``filter p``.

    >>> filter_(lambda x: x > 1)([1, 2, 3])
    (2, 3)
    """

    def filtered(xs: Iterable[Any]) -> tuple[Any, ...]:
        return tuple(x for x in xs if p(x))

    return filtered


def test(p: Callable[[Any], bool]) -> Fn:
    """``test p x = if p x then [x] else []`` (the lecture's helper defining ``filter``).

    >>> test(bool)(0), test(bool)(5)
    ((), (5,))
    """

    def tested(x: Any) -> tuple[Any, ...]:
        return (x,) if p(x) else ()

    return tested


def concat(xss: Iterable[Iterable[Any]]) -> tuple[Any, ...]:
    """Haskell ``concat``.

    >>> concat([(1, 2), (), iter([3])])
    (1, 2, 3)
    """
    return tuple(x for xs in xss for x in xs)


def concat_map(f: Fn) -> Fn:
    """Haskell ``concatMap f``.

    >>> concat_map(lambda x: (x, x))([1, 2])
    (1, 1, 2, 2)
    """
    return compose(concat, fmap(f))


def all_(p: Callable[[Any], bool]) -> Callable[[Iterable[Any]], bool]:
    """Haskell ``all p``.

    >>> all_(bool)([1, 2]), all_(bool)([1, 0])
    (True, False)
    """

    def holds(xs: Iterable[Any]) -> bool:
        return all(p(x) for x in xs)

    return holds


def transpose(xss: Iterable[Iterable[Any]]) -> tuple[tuple[Any, ...], ...]:
    """Haskell ``Data.List.transpose`` for rectangular lists.

    >>> transpose([(1, 2), (3, 4)])
    ((1, 3), (2, 4))
    """
    return tuple(zip(*xss, strict=True))


def zip_with3(f: Callable[[Any, Any, Any], Any]) -> Callable[[Any, Any, Any], tuple[Any, ...]]:
    """Haskell ``zipWith3 f`` (stops at the shortest list, as Haskell does).

    >>> zip_with3(lambda a, b, c: a + b + c)((1, 2), (10, 20), (100, 200, 300))
    (111, 222)
    """

    def zipped(xs: Iterable[Any], ys: Iterable[Any], zs: Iterable[Any]) -> tuple[Any, ...]:
        return tuple(f(x, y, z) for x, y, z in zip(xs, ys, zs, strict=False))

    return zipped


def chunks_of(n: int) -> Fn:
    """``Data.List.Split.chunksOf n``: pieces of length ``n``, the last possibly shorter.

    >>> chunks_of(2)("abcde")
    ('ab', 'cd', 'e')
    >>> chunks_of(2)((1, 2, 3))
    ((1, 2), (3,))
    """

    def chunked(xs: Any) -> tuple[Any, ...]:
        return tuple(xs[i : i + n] for i in range(0, len(xs), n))

    return chunked
