"""The laws of Bird's Sudoku lecture, as functions that compute both sides of an equation.

Each law function takes its data first (a matrix, a list, a predicate...) and then, as
keyword-only parameters, the functions of :mod:`fsudoku.bird` that the law is about,
defaulting to the real ones. It returns ``(left, right)``, the two sides evaluated, to
be compared with the law's equality:

* ``list``: the same elements in the same order;
* ``bag``: the same elements with the same multiplicities, order aside;
* ``set``: the same elements, multiplicities aside;

see :func:`holds` and the table :data:`LAWS`, which also names the functions under
test of each law (its keyword-only parameters), so a wrong version can be substituted
for one of them (``boxs_involution(m, boxs=a_wrong_boxs)``) and the law rerun.

Which equality each law satisfies was found by testing (``tests/test_laws.py``) and is
the strongest that holds: the naturality of ``expand`` for ``cols`` and ``boxs``, the
law of ``expand1`` and the two laws of ``search`` hold as bags but not as lists (the
tests show counterexamples), everything else holds as lists.

>>> m = (("123", "45"),)
>>> holds("bag", *expand1_law(m)), holds("list", *expand1_law(m))
(True, False)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from inspect import Parameter, signature
from itertools import chain
from typing import Any, Literal, TypeVar

from fsudoku import bird
from fsudoku.bird import Grid, Matrix, Row

A = TypeVar("A")
B = TypeVar("B")
C = TypeVar("C")

Equality = Literal["list", "bag", "set"]
"""How the two sides of a law are compared."""

Choices = Matrix[str]
"""A choice matrix (Haskell ``Matrix [Digit]``)."""


def holds(equality: Equality, left: Iterable[Hashable], right: Iterable[Hashable]) -> bool:
    """Whether the two sides of a law are equal as lists, bags or sets.

    >>> holds("list", [1, 2], [2, 1]), holds("bag", [1, 2], [2, 1])
    (False, True)
    >>> holds("bag", [1, 1, 2], [1, 2]), holds("set", [1, 1, 2], [1, 2])
    (False, True)
    """
    if equality == "list":
        return list(left) == list(right)
    if equality == "bag":
        return Counter(left) == Counter(right)
    return set(left) == set(right)


class Diverged(AssertionError):
    """A law's computation did not terminate within its bound: the law fails."""


def _identity(x: A) -> A:
    """``id``."""
    return x


# ---------------------------------------------------------------------------- LFONC


def map_identity(xs: Sequence[A]) -> tuple[list[A], list[A]]:
    """Mapping the identity over a list changes nothing (LFONC, first functor law).

    Haskell: ``map id = id`` (list equality).

    >>> map_identity([3, 1, 2])
    ([3, 1, 2], [3, 1, 2])
    """
    return list(map(_identity, xs)), list(xs)


def map_fusion(
    xs: Sequence[A], f: Callable[[B], C], g: Callable[[A], B]
) -> tuple[list[C], list[C]]:
    """Two maps in a row are one map of the composition (LFONC, second functor law).

    Haskell: ``map f . map g = map (f . g)`` (list equality).

    >>> map_fusion([1, 2], str, lambda x: x * 10)
    (['10', '20'], ['10', '20'])
    """
    return list(map(f, map(g, xs))), [f(g(x)) for x in xs]


# ----------------------------------------------------------------------- involutions


def rows_involution(
    m: Matrix[A], *, rows: Callable[[Matrix[A]], Matrix[A]] = bird.rows
) -> tuple[Matrix[A], Matrix[A]]:
    """Taking the rows of the rows of a matrix gives it back.

    Haskell: ``rows . rows = id`` (list equality).
    """
    return rows(rows(m)), m


def cols_involution(
    m: Matrix[A], *, cols: Callable[[Matrix[A]], Matrix[A]] = bird.cols
) -> tuple[Matrix[A], Matrix[A]]:
    """Taking the columns of the columns of a (non-empty, rectangular) matrix gives it back.

    Haskell: ``cols . cols = id`` (list equality).

    >>> cols_involution(((1, 2, 3), (4, 5, 6)))
    (((1, 2, 3), (4, 5, 6)), ((1, 2, 3), (4, 5, 6)))
    """
    return cols(cols(m)), m


def boxs_involution(
    m: Matrix[A], n: int = 3, *, boxs: Callable[..., Matrix[A]] = bird.boxs
) -> tuple[Matrix[A], Matrix[A]]:
    """Taking the boxes of the boxes of an n²×n² matrix gives it back.

    Haskell: ``boxs . boxs = id`` (list equality).
    """
    return boxs(boxs(m, n), n), m


def group_ungroup(
    k: int,
    xss: Matrix[A],
    *,
    group: Callable[[int, Sequence[A]], Matrix[A]] = bird.group,
    ungroup: Callable[[Iterable[Sequence[A]]], Row[A]] = bird.ungroup,
) -> tuple[Matrix[A], Matrix[A]]:
    """Joining pieces of length ``k`` and cutting the result again gives the pieces back.

    Haskell: ``group k . ungroup = id`` on lists of pieces of length ``k > 0`` (list
    equality).

    >>> group_ungroup(2, ((1, 2), (3, 4)))
    (((1, 2), (3, 4)), ((1, 2), (3, 4)))
    """
    return group(k, ungroup(xss)), xss


def ungroup_group(
    k: int,
    xs: Row[A],
    *,
    group: Callable[[int, Sequence[A]], Matrix[A]] = bird.group,
    ungroup: Callable[[Iterable[Sequence[A]]], Row[A]] = bird.ungroup,
) -> tuple[Row[A], Row[A]]:
    """Cutting a list into pieces of length ``k > 0`` and joining them gives it back.

    Haskell: ``ungroup . group k = id`` for ``k > 0`` (list equality).

    >>> ungroup_group(2, (1, 2, 3))
    ((1, 2, 3), (1, 2, 3))
    """
    return ungroup(group(k, xs)), xs


# ----------------------------------------------------------------------------- LNAT


def rows_naturality(
    m: Choices,
    *,
    rows: Callable[[Matrix[Any]], Matrix[Any]] = bird.rows,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
) -> tuple[list[Grid], list[Grid]]:
    """Expanding then taking rows equals taking rows then expanding (LNAT).

    Haskell: ``map rows . expand = expand . rows`` (list equality).
    """
    return [rows(g) for g in expand(m)], list(expand(rows(m)))


def cols_naturality(
    m: Choices,
    *,
    cols: Callable[[Matrix[Any]], Matrix[Any]] = bird.cols,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
) -> tuple[list[Grid], list[Grid]]:
    """Expanding then taking columns equals taking columns then expanding, order aside (LNAT).

    Haskell: ``map cols . expand = expand . cols`` (bag equality: ``expand`` varies the
    last cell in reading order fastest, and ``cols`` changes the reading order).

    >>> left, right = cols_naturality((("1", "23"), ("45", "6")))
    >>> left == right, holds("bag", left, right)
    (False, True)
    """
    return [cols(g) for g in expand(m)], list(expand(cols(m)))


def boxs_naturality(
    m: Choices,
    n: int = 3,
    *,
    boxs: Callable[..., Matrix[Any]] = bird.boxs,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
) -> tuple[list[Grid], list[Grid]]:
    """Expanding then taking boxes equals taking boxes then expanding, order aside (LNAT).

    Haskell: ``map boxs . expand = expand . boxs`` (bag equality, as for ``cols``).
    """
    return [boxs(g, n) for g in expand(m)], list(expand(boxs(m, n)))


def cp_naturality(
    xss: Sequence[Sequence[A]],
    f: Callable[[A], B],
    *,
    cp: Callable[[Sequence[Sequence[Any]]], Iterator[Row[Any]]] = bird.cp,
) -> tuple[list[Row[B]], list[Row[B]]]:
    """Mapping over the lists of a product equals the product of the mapped lists (LNAT).

    Haskell: ``map (map f) . cp = cp . map (map f)`` (list equality).

    >>> cp_naturality([[1, 2], [3]], str)
    ([('1', '3'), ('2', '3')], [('1', '3'), ('2', '3')])
    """
    left = [tuple(map(f, ys)) for ys in cp(xss)]
    right = list(cp([[f(x) for x in xs] for xs in xss]))
    return left, right


# --------------------------------------------------------------------------- LFILCP


def filter_all_cp(
    xss: Sequence[Sequence[A]],
    p: Callable[[A], bool],
    *,
    cp: Callable[[Sequence[Sequence[Any]]], Iterator[Row[Any]]] = bird.cp,
) -> tuple[list[Row[A]], list[Row[A]]]:
    """Filtering a product by ``all p`` is the product of the filtered lists (LFILCP).

    Haskell: ``filter (all p) . cp = cp . map (filter p)`` (list equality).

    >>> filter_all_cp([[1, 2], [3, 4]], lambda x: x != 3)
    ([(1, 4), (2, 4)], [(1, 4), (2, 4)])
    """
    left = [ys for ys in cp(xss) if all(p(y) for y in ys)]
    right = list(cp([[x for x in xs if p(x)] for xs in xss]))
    return left, right


# -------------------------------------------------------------------------- LFILINV


def filter_involution(
    xs: Sequence[A], p: Callable[[A], bool], f: Callable[[A], A]
) -> tuple[list[A], list[A]]:
    """For an involution ``f``, filtering by ``p . f`` is ``map f . filter p . map f`` (LFILINV).

    Haskell: ``filter (p . f) = map f . filter p . map f`` when ``f . f = id`` (list
    equality).

    >>> filter_involution([1, -2, 3], lambda x: x > 0, lambda x: -x)
    ([-2], [-2])
    """
    return [x for x in xs if p(f(x))], [f(y) for y in (f(x) for x in xs) if p(y)]


def filter_map(
    xs: Sequence[A], p: Callable[[B], bool], f: Callable[[A], B]
) -> tuple[list[B], list[B]]:
    """Filtering after a map is mapping after filtering by ``p . f`` (LFILINV's lemma).

    Haskell: ``filter p . map f = map f . filter (p . f)`` (list equality).

    >>> filter_map([1, 2, 3], lambda y: y > 4, lambda x: 2 * x)
    ([6], [6])
    """
    return [y for y in map(f, xs) if p(y)], [f(x) for x in xs if p(f(x))]


def filter_commute(
    xs: Sequence[A], p: Callable[[A], bool], q: Callable[[A], bool]
) -> tuple[list[A], list[A]]:
    """Two filters by total predicates commute.

    Haskell: ``filter p . filter q = filter q . filter p`` (list equality).

    >>> filter_commute(range(6), lambda x: x % 2 == 0, lambda x: x > 1)
    ([2, 4], [2, 4])
    """
    return [x for x in xs if q(x) and p(x)], [x for x in xs if p(x) and q(x)]


def filter_via_test(
    xs: Sequence[A],
    p: Callable[[A], bool],
    *,
    test: Callable[[Callable[[A], bool], A], list[A]] = bird.test,
) -> tuple[list[A], list[A]]:
    """``filter`` is ``concat . map (test p)`` (the definition the lecture's proof uses).

    Haskell: ``filter p = concat . map (test p)`` (list equality).

    >>> filter_via_test([1, 2, 3], lambda x: x != 2)
    ([1, 3], [1, 3])
    """
    return [x for x in xs if p(x)], list(chain.from_iterable(test(p, x) for x in xs))


# ---------------------------------------------------------------------------- LPRUNE


def lprune(
    row: Row[str],
    *,
    cp: Callable[[Sequence[Sequence[Any]]], Iterator[Row[Any]]] = bird.cp,
    nodups: Callable[[Sequence[Any]], bool] = bird.nodups,
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row,
) -> tuple[list[Row[str]], list[Row[str]]]:
    """Pruning a row of choices keeps every choice of a row without duplicates (LPRUNE).

    Haskell: ``filter nodups . cp = filter nodups . cp . pruneRow`` (list equality).

    >>> lprune(("1", "12", "23"))
    ([('1', '2', '3')], [('1', '2', '3')])
    """
    return [ys for ys in cp(row) if nodups(ys)], [ys for ys in cp(prune_row(row)) if nodups(ys)]


# ----------------------------------------------------------------------------- prune


def prune_from(
    n: int = 3,
    *,
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row,
    rows: Callable[[Choices], Choices] = bird.rows,
    cols: Callable[[Choices], Choices] = bird.cols,
    boxs: Callable[..., Choices] = bird.boxs,
) -> Callable[[Choices], Choices]:
    """Bird's ``prune`` built from its parts, so that a part can be replaced.

    Haskell: ``pruneBy f = f . map pruneRow . f`` and
    ``prune = pruneBy rows . pruneBy cols . pruneBy boxs``; with the default parts it is
    :func:`fsudoku.bird.prune`.

    >>> m = (("1", "1234", "1234", "1234"),) + (("1234",) * 4,) * 3
    >>> prune_from(2)(m) == bird.prune(m, n=2)
    True
    """

    def prune_by(f: Callable[[Choices], Choices], m: Choices) -> Choices:
        return f(tuple(prune_row(r) for r in f(m)))

    def prune(m: Choices) -> Choices:
        return prune_by(rows, prune_by(cols, prune_by(lambda x: boxs(x, n), m)))

    return prune


def prune_keeps_solutions(
    m: Choices,
    n: int = 3,
    *,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
    valid: Callable[..., bool] = bird.valid,
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row,
    boxs: Callable[..., Choices] = bird.boxs,
) -> tuple[list[Grid], list[Grid]]:
    """Pruning a choice matrix loses none of its valid expansions (the lecture's theorem).

    Haskell: ``filter valid . expand = filter valid . expand . prune`` (list equality:
    ``prune`` only deletes choices, keeping the order of those left, so the pruned
    expansion is a subsequence of the unpruned one, and it loses only invalid grids).
    """
    prune = prune_from(n, prune_row=prune_row, boxs=boxs)
    left = [g for g in expand(m) if valid(g, n)]
    right = [g for g in expand(prune(m)) if valid(g, n)]
    return left, right


def many_prune_fixpoint(
    m: Choices,
    n: int = 3,
    *,
    many: Callable[[Callable[[Choices], Choices], Choices], Choices] = bird.many,
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row,
    boxs: Callable[..., Choices] = bird.boxs,
) -> tuple[list[Choices], list[Choices]]:
    """Pruning to a fixpoint gives a matrix that pruning does not change.

    Haskell: ``prune (many prune m) = many prune m`` (equality of one matrix, shown
    as one-element lists). Raises :class:`Diverged` when ``many prune`` does not stop
    within the number of choices of ``m`` (which a correct ``prune`` cannot exceed).
    """
    prune = prune_from(n, prune_row=prune_row, boxs=boxs)
    # A prune that only removes choices reaches its fixpoint in at most that many steps;
    # a wrong one may cycle, and many would loop forever.
    bound = sum(len(cs) for row in m for cs in row) + 2
    steps = 0

    def bounded_prune(x: Choices) -> Choices:
        nonlocal steps
        steps += 1
        if steps > bound:
            raise Diverged(f"many prune: no fixpoint after {bound} steps")
        return prune(x)

    fixpoint = many(bounded_prune, m)
    return [prune(fixpoint)], [fixpoint]


# --------------------------------------------------------------------- expand1, search


def expand1_law(
    m: Choices,
    *,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
    expand1: Callable[[Choices], list[Choices]] = bird.expand1,
) -> tuple[list[Grid], list[Grid]]:
    """Expanding an incomplete matrix expands each matrix of ``expand1``, order aside.

    Haskell: ``expand = concat . map expand . expand1`` for incomplete matrices (bag
    equality: ``expand1`` splits the cell with the fewest choices first, which need not
    be the first open cell in reading order).
    """
    return list(expand(m)), [g for m1 in expand1(m) for g in expand(m1)]


def complete_safe_extract(
    m: Choices,
    n: int = 3,
    *,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
    valid: Callable[..., bool] = bird.valid,
    extract: Callable[[Choices], Grid] = bird.extract,
) -> tuple[list[Grid], list[Grid]]:
    """A complete and safe choice matrix stands for exactly one valid grid, its extract.

    Haskell: ``filter valid (expand m) = [extract m]`` for complete and safe ``m`` (list
    equality).
    """
    return [g for g in expand(m) if valid(g, n)], [extract(m)]


def search_expand1(
    m: Choices,
    n: int = 3,
    *,
    search: Callable[..., Iterator[Grid]] = bird.search,
    expand1: Callable[[Choices], list[Choices]] = bird.expand1,
) -> tuple[list[Grid], list[Grid]]:
    """Searching an incomplete safe matrix finds what searching ``expand1``'s finds, order aside.

    Haskell: ``search = concat . map search . expand1`` for incomplete and safe
    matrices (bag equality: ``search`` splits the pruned matrix, ``expand1`` here the
    unpruned one, and they may split different cells).
    """
    return list(search(m, n)), [g for m1 in expand1(m) for g in search(m1, n)]


def search_specification(
    m: Choices,
    n: int = 3,
    *,
    search: Callable[..., Iterator[Grid]] = bird.search,
    expand: Callable[[Choices], Iterator[Grid]] = bird.expand,
    valid: Callable[..., bool] = bird.valid,
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row,
    boxs: Callable[..., Choices] = bird.boxs,
) -> tuple[list[Grid], list[Grid]]:
    """Searching finds the valid expansions of the pruned matrix, order aside.

    Haskell: ``search = filter valid . expand . prune`` (the lecture's definition of
    ``search`` before its derivation; bag equality: ``search`` finds them in the order
    of its splits, not in reading order).
    """
    prune = prune_from(n, prune_row=prune_row, boxs=boxs)
    return list(search(m, n)), [g for g in expand(prune(m)) if valid(g, n)]


# ---------------------------------------------------------------------------- the table


@dataclass(frozen=True)
class Law:
    """A law: its name, its Haskell equation, its equality and its function."""

    name: str
    equation: str
    equality: Equality
    function: Callable[..., tuple[Any, Any]]

    @property
    def parameters(self) -> frozenset[str]:
        """The functions under test: the keyword-only parameters of the law function."""
        return frozenset(
            name
            for name, parameter in signature(self.function).parameters.items()
            if parameter.kind is Parameter.KEYWORD_ONLY
        )

    def check(self, *args: Any, **kwargs: Any) -> bool:
        """Whether the law holds for these arguments (with these functions under test)."""
        left, right = self.function(*args, **kwargs)
        return holds(self.equality, left, right)


LAWS: tuple[Law, ...] = (
    Law("map_identity", "map id = id", "list", map_identity),
    Law("map_fusion", "map f . map g = map (f . g)", "list", map_fusion),
    Law("rows_involution", "rows . rows = id", "list", rows_involution),
    Law("cols_involution", "cols . cols = id", "list", cols_involution),
    Law("boxs_involution", "boxs . boxs = id", "list", boxs_involution),
    Law("group_ungroup", "group k . ungroup = id", "list", group_ungroup),
    Law("ungroup_group", "ungroup . group k = id", "list", ungroup_group),
    Law("rows_naturality", "map rows . expand = expand . rows", "list", rows_naturality),
    Law("cols_naturality", "map cols . expand = expand . cols", "bag", cols_naturality),
    Law("boxs_naturality", "map boxs . expand = expand . boxs", "bag", boxs_naturality),
    Law("cp_naturality", "map (map f) . cp = cp . map (map f)", "list", cp_naturality),
    Law("filter_all_cp", "filter (all p) . cp = cp . map (filter p)", "list", filter_all_cp),
    Law(
        "filter_involution",
        "filter (p . f) = map f . filter p . map f",
        "list",
        filter_involution,
    ),
    Law("filter_map", "filter p . map f = map f . filter (p . f)", "list", filter_map),
    Law("filter_commute", "filter p . filter q = filter q . filter p", "list", filter_commute),
    Law("filter_via_test", "filter p = concat . map (test p)", "list", filter_via_test),
    Law("lprune", "filter nodups . cp = filter nodups . cp . pruneRow", "list", lprune),
    Law(
        "prune_keeps_solutions",
        "filter valid . expand = filter valid . expand . prune",
        "list",
        prune_keeps_solutions,
    ),
    Law("many_prune_fixpoint", "prune (many prune m) = many prune m", "list", many_prune_fixpoint),
    Law("expand1_law", "expand = concat . map expand . expand1", "bag", expand1_law),
    Law(
        "complete_safe_extract",
        "filter valid (expand m) = [extract m]",
        "list",
        complete_safe_extract,
    ),
    Law("search_expand1", "search = concat . map search . expand1", "bag", search_expand1),
    Law(
        "search_specification",
        "search = filter valid . expand . prune",
        "bag",
        search_specification,
    ),
)
"""Every law, with the strongest equality it satisfies."""
