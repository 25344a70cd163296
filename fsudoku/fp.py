"""The little functional toolkit the Haskell code leans on: ``traverse``, ``>>=``, ``<|>``, ``fixM``, ``fix``.

Glossary: ``f`` a function returning ``Maybe``, ``xs`` a list, ``x`` a value.
Every Haskell ``Maybe`` is a :class:`returns.maybe.Maybe` here. ``traverse`` is a
short-circuiting loop, the same result as ``returns.iterables.Fold.collect``
(property-tested against it).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeVar

from returns.maybe import Maybe, Nothing, Some

A = TypeVar("A")
B = TypeVar("B")


def traverse(f: Callable[[A], Maybe[B]], xs: Iterable[A]) -> Maybe[tuple[B, ...]]:
    """Apply ``f`` to each element; ``Nothing`` as soon as one gives ``Nothing``.

    Haskell: ``traverse :: (a -> Maybe b) -> [a] -> Maybe [b]``
    (Data.Traversable; Sarkar #1 "Pruning the Cells" uses it so that one failing
    cell fails the whole row). Later elements are not looked at after a ``Nothing``.

    >>> half = lambda n: Some(n // 2) if n % 2 == 0 else Nothing
    >>> traverse(half, [2, 4, 8])
    <Some: (1, 2, 4)>
    >>> traverse(half, [2, 3, 8])
    <Nothing>
    """
    ys: list[B] = []
    for x in xs:
        y = f(x)
        if y is Nothing:
            return Nothing
        ys.append(y.unwrap())
    return Some(tuple(ys))


def bind(m: Maybe[A], f: Callable[[A], Maybe[B]]) -> Maybe[B]:
    """``f`` of the value of a ``Some``; ``Nothing`` stays ``Nothing`` (``f`` is not called).

    Haskell: ``(>>=) :: Maybe a -> (a -> Maybe b) -> Maybe b`` (Sarkar #1, "Pruning the Grid"
    chains its passes with it; ``readGrid s >>= solve`` reads and solves). The same result
    as ``m.bind(f)``, with a type every checker reads in full: pyright reads returns'
    ``Maybe.bind``, declared over a higher-kinded ``Kind1``, as partially unknown.

    >>> half = lambda n: Some(n // 2) if n % 2 == 0 else Nothing
    >>> bind(Some(8), half), bind(Some(3), half), bind(Nothing, half)
    (<Some: 4>, <Nothing>, <Nothing>)
    """
    if m is Nothing:
        return Nothing
    return f(m.unwrap())


def alt(first: Maybe[A], second: Callable[[], Maybe[A]]) -> Maybe[A]:
    """The first result if it is a ``Some``, otherwise the second (computed only then).

    Haskell (Sarkar #1, "Solving the Puzzle"): ``(<|>) :: Maybe a -> Maybe a -> Maybe a``
    of the ``Alternative Maybe`` instance, which is lazy in its second argument: here
    that argument is a thunk, so ``solve grid1 <|> solve grid2`` does not search
    ``grid2`` when ``grid1`` succeeds.

    >>> alt(Some(1), lambda: Some(2))
    <Some: 1>
    >>> alt(Nothing, lambda: Some(2))
    <Some: 2>
    >>> alt(Some(1), lambda: 1 // 0)  # never evaluated
    <Some: 1>
    """
    if first is Nothing:
        return second()
    return first


def fix_m(f: Callable[[A], Maybe[A]], x: A) -> Maybe[A]:
    """Apply ``f`` until the value stops changing; ``Nothing`` if ``f`` ever fails.

    Haskell (Sarkar #2, "Pruning the Cells, Exclusively"; first used in #1's ``pruneGrid``):
    ``fixM :: (Eq t, Monad m) => (t -> m t) -> t -> m t``. The Haskell recurses; this
    is a loop (Python has a recursion limit) making the same calls in the same order.

    >>> fix_m(lambda n: Some(max(n - 3, 0)), 10)
    <Some: 0>
    >>> fix_m(lambda n: Some(n - 1) if n > 0 else Nothing, 3)
    <Nothing>
    """
    while True:
        result = f(x)
        if result is Nothing:
            return Nothing
        x_new = result.unwrap()
        if x_new == x:
            return Some(x)
        x = x_new


def fix(open_: Callable[[Callable[[A], B]], Callable[[A], B]]) -> Callable[[A], B]:
    """The function that is its own recursive call: ties the knot of an open recursion.

    Haskell: ``Data.Function.fix :: (a -> a) -> a``, at function type. The solvers'
    bodies take their recursive call as a parameter (``sarkar1.solve_with``); ``fix``
    passes them themselves, and a wrapper can be slid in between (:mod:`fsudoku.run.trace`).

    >>> fact = fix(lambda self: lambda n: 1 if n == 0 else n * self(n - 1))
    >>> fact(5)
    120
    """

    def knot(x: A) -> B:
        return tied(x)

    tied = open_(knot)
    return tied
