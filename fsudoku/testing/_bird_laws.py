"""The laws of Bird's Sudoku lecture, each declared once.

They are gathered with Sarkar's in :data:`fsudoku.testing.LAWS`, in the order declared
here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import chain
from typing import Any, TypeVar

from fsudoku.bird import Grid, Matrix, Row
from fsudoku.testing._equality import BAG, LIST
from fsudoku.testing._lawbook import Choices, Law, Parts, Sides, bounded, law, unit

__all__ = [
    "boxs_involution",
    "boxs_naturality",
    "cols_involution",
    "cols_naturality",
    "complete_safe_extract",
    "cp_naturality",
    "expand1_law",
    "filter_all_cp",
    "filter_commute",
    "filter_involution",
    "filter_map",
    "filter_via_test",
    "group_ungroup",
    "lprune",
    "many_prune_fixpoint",
    "map_fusion",
    "map_identity",
    "prune_by_definition",
    "prune_definition",
    "prune_keeps_solutions",
    "rows_involution",
    "rows_naturality",
    "search_expand1",
    "search_specification",
    "ungroup_group",
    "valid_by_units",
]

A = TypeVar("A")


def _identity(x: A) -> A:
    """``id``."""
    return x


# ---------------------------------------------------------------------------- LFONC


@law("map id = id", LIST, arguments="int_list", source="LFONC")
def map_identity(parts: Parts, xs: Sequence[Any]) -> Sides:
    """Mapping the identity over a list changes nothing (first functor law).

    >>> map_identity(FSUDOKU, xs=[3, 1, 2])
    ([3, 1, 2], [3, 1, 2])
    """
    return list(map(_identity, xs)), list(xs)


@law("map f . map g = map (f . g)", LIST, arguments="int_list_and_two_functions", source="LFONC")
def map_fusion(
    parts: Parts, xs: Sequence[Any], f: Callable[[Any], Any], g: Callable[[Any], Any]
) -> Sides:
    """Two maps in a row are one map of the composition (second functor law).

    >>> map_fusion(FSUDOKU, xs=[1, 2], f=str, g=lambda x: x * 10)
    (['10', '20'], ['10', '20'])
    """
    return list(map(f, map(g, xs))), [f(g(x)) for x in xs]


# ----------------------------------------------------------------------- involutions


@law("rows . rows = id", LIST, uses=("rows",), arguments="square_matrix", source="§validity")
def rows_involution(parts: Parts, m: Matrix[Any]) -> Sides:
    """Taking the rows of the rows of a matrix gives it back."""
    return parts.rows(parts.rows(m)), m


@law("cols . cols = id", LIST, uses=("cols",), arguments="square_matrix", source="§validity")
def cols_involution(parts: Parts, m: Matrix[Any]) -> Sides:
    """Taking the columns of the columns of a (non-empty, rectangular) matrix gives it back.

    >>> cols_involution(FSUDOKU, m=((1, 2, 3), (4, 5, 6)))
    (((1, 2, 3), (4, 5, 6)), ((1, 2, 3), (4, 5, 6)))
    """
    return parts.cols(parts.cols(m)), m


@law("boxs . boxs = id", LIST, uses=("boxs",), arguments="board", source="§validity")
def boxs_involution(parts: Parts, m: Matrix[Any], n: int) -> Sides:
    """Taking the boxes of the boxes of an n²×n² matrix gives it back."""
    return parts.boxs(parts.boxs(m, n), n), m


@law(
    "group k . ungroup = id",
    LIST,
    uses=("group", "ungroup"),
    arguments="pieces",
    condition="pieces of length k > 0",
    source="§validity",
)
def group_ungroup(parts: Parts, k: int, xss: Matrix[Any]) -> Sides:
    """Joining pieces of length ``k`` and cutting the result again gives the pieces back.

    >>> group_ungroup(FSUDOKU, k=2, xss=((1, 2), (3, 4)))
    (((1, 2), (3, 4)), ((1, 2), (3, 4)))
    """
    return parts.group(k, parts.ungroup(xss)), xss


@law(
    "ungroup . group k = id",
    LIST,
    uses=("group", "ungroup"),
    arguments="int_tuple_and_length",
    condition="k > 0",
    source="§validity",
)
def ungroup_group(parts: Parts, k: int, xs: Row[Any]) -> Sides:
    """Cutting a list into pieces of length ``k > 0`` and joining them gives it back.

    >>> ungroup_group(FSUDOKU, k=2, xs=(1, 2, 3))
    ((1, 2, 3), (1, 2, 3))
    """
    return parts.ungroup(parts.group(k, xs)), xs


# ----------------------------------------------------------------------------- LNAT


@law(
    "map rows . expand = expand . rows",
    LIST,
    uses=("rows", "expand"),
    arguments="choice_matrix",
    source="LNAT",
    examples=60,
)
def rows_naturality(parts: Parts, m: Choices) -> Sides:
    """Expanding then taking rows equals taking rows then expanding."""
    return [parts.rows(g) for g in parts.expand(m)], list(parts.expand(parts.rows(m)))


@law(
    "map cols . expand = expand . cols",
    BAG,
    uses=("cols", "expand"),
    arguments="choice_matrix",
    source="LNAT",
    examples=60,
)
def cols_naturality(parts: Parts, m: Choices) -> Sides:
    """Expanding then taking columns equals taking columns then expanding, order aside.

    A bag law: ``expand`` varies the last cell in reading order fastest, and ``cols``
    changes the reading order.

    >>> left, right = cols_naturality(FSUDOKU, m=(("1", "23"), ("45", "6")))
    >>> LIST.same(left, right), BAG.same(left, right)
    (False, True)
    """
    return [parts.cols(g) for g in parts.expand(m)], list(parts.expand(parts.cols(m)))


@law(
    "map boxs . expand = expand . boxs",
    BAG,
    uses=("boxs", "expand"),
    arguments="choice_board",
    source="LNAT",
    examples=60,
)
def boxs_naturality(parts: Parts, m: Choices, n: int) -> Sides:
    """Expanding then taking boxes equals taking boxes then expanding, order aside (as for cols)."""
    return [parts.boxs(g, n) for g in parts.expand(m)], list(parts.expand(parts.boxs(m, n)))


@law(
    "map (map f) . cp = cp . map (map f)",
    LIST,
    uses=("cp",),
    arguments="nested_lists_and_function",
    source="LNAT",
)
def cp_naturality(parts: Parts, xss: Sequence[Sequence[Any]], f: Callable[[Any], Any]) -> Sides:
    """Mapping over the lists of a product equals the product of the mapped lists.

    >>> cp_naturality(FSUDOKU, xss=[[1, 2], [3]], f=str)
    ([('1', '3'), ('2', '3')], [('1', '3'), ('2', '3')])
    """
    left = [tuple(map(f, ys)) for ys in parts.cp(xss)]
    right = list(parts.cp([[f(x) for x in xs] for xs in xss]))
    return left, right


# --------------------------------------------------------------------------- LFILCP


@law(
    "filter (all p) . cp = cp . map (filter p)",
    LIST,
    uses=("cp",),
    arguments="nested_lists_and_predicate",
    source="LFILCP",
)
def filter_all_cp(parts: Parts, xss: Sequence[Sequence[Any]], p: Callable[[Any], bool]) -> Sides:
    """Filtering a product by ``all p`` is the product of the filtered lists.

    >>> filter_all_cp(FSUDOKU, xss=[[1, 2], [3, 4]], p=lambda x: x != 3)
    ([(1, 4), (2, 4)], [(1, 4), (2, 4)])
    """
    left = [ys for ys in parts.cp(xss) if all(p(y) for y in ys)]
    right = list(parts.cp([[x for x in xs if p(x)] for xs in xss]))
    return left, right


# -------------------------------------------------------------------------- LFILINV


@law(
    "filter (p . f) = map f . filter p . map f",
    LIST,
    uses=("rows", "cols", "boxs"),
    arguments="matrices_predicate_and_unit",
    condition="f . f = id: f is rows, cols or boxs",
    source="LFILINV",
)
def filter_involution(
    parts: Parts, xs: Sequence[Matrix[Any]], p: Callable[[Any], bool], f: str
) -> Sides:
    """For an involution ``f``, filtering by ``p . f`` is ``map f . filter p . map f``.

    >>> filter_involution(FSUDOKU, xs=[((1, 2), (3, 4))], p=lambda m: m[0][1] == 3, f="cols")
    ([((1, 2), (3, 4))], [((1, 2), (3, 4))])
    """
    g = unit(parts, f, 2)
    return [x for x in xs if p(g(x))], [g(y) for y in (g(x) for x in xs) if p(y)]


@law(
    "filter p . map f = map f . filter (p . f)",
    LIST,
    arguments="int_list_predicate_and_function",
    source="the lemma of LFILINV",
)
def filter_map(
    parts: Parts, xs: Sequence[Any], p: Callable[[Any], bool], f: Callable[[Any], Any]
) -> Sides:
    """Filtering after a map is mapping after filtering by ``p . f``.

    >>> filter_map(FSUDOKU, xs=[1, 2, 3], p=lambda y: y > 4, f=lambda x: 2 * x)
    ([6], [6])
    """
    return [y for y in map(f, xs) if p(y)], [f(x) for x in xs if p(f(x))]


@law(
    "filter p . filter q = filter q . filter p",
    LIST,
    arguments="int_list_and_two_predicates",
    condition="p and q total",
    source="§pruning",
)
def filter_commute(
    parts: Parts, xs: Sequence[Any], p: Callable[[Any], bool], q: Callable[[Any], bool]
) -> Sides:
    """Two filters by total predicates commute.

    >>> filter_commute(FSUDOKU, xs=range(6), p=lambda x: x % 2 == 0, q=lambda x: x > 1)
    ([2, 4], [2, 4])
    """
    return [x for x in xs if q(x) and p(x)], [x for x in xs if p(x) and q(x)]


@law(
    "filter p = concat . map (test p)",
    LIST,
    uses=("test",),
    arguments="int_list_and_predicate",
    source="the definition of filter in LFILINV's proof",
)
def filter_via_test(parts: Parts, xs: Sequence[Any], p: Callable[[Any], bool]) -> Sides:
    """``filter`` is ``concat . map (test p)``.

    >>> filter_via_test(FSUDOKU, xs=[1, 2, 3], p=lambda x: x != 2)
    ([1, 3], [1, 3])
    """
    return [x for x in xs if p(x)], list(chain.from_iterable(parts.test(p, x) for x in xs))


# ---------------------------------------------------------------------------- valid


@law(
    "filter valid . expand = "
    "filter (all nodups . boxs) . filter (all nodups . cols) . filter (all nodups . rows) . expand",
    LIST,
    uses=("expand", "valid", "nodups", "rows", "cols", "boxs"),
    arguments="choice_board",
    source="the definition of valid",
    examples=60,
)
def valid_by_units(parts: Parts, m: Choices, n: int) -> Sides:
    """The valid expansions are those whose rows, columns and boxes have no duplicates."""

    def all_nodups(f: Callable[[Matrix[Any]], Matrix[Any]]) -> Callable[[Grid], bool]:
        return lambda g: all(parts.nodups(r) for r in f(g))

    by_rows, by_cols = all_nodups(parts.rows), all_nodups(parts.cols)
    by_boxs = all_nodups(unit(parts, "boxs", n))
    left = [g for g in parts.expand(m) if parts.valid(g, n)]
    right = [g for g in parts.expand(m) if by_rows(g) and by_cols(g) and by_boxs(g)]
    return left, right


# --------------------------------------------------------------------------- LPRUNE


@law(
    "filter nodups . cp = filter nodups . cp . pruneRow",
    LIST,
    uses=("cp", "nodups", "prune_row"),
    arguments="choice_row",
    source="LPRUNE",
)
def lprune(parts: Parts, row: Row[str]) -> Sides:
    """Pruning a row of choices keeps every choice of a row without duplicates.

    >>> lprune(FSUDOKU, row=("1", "12", "23"))
    ([('1', '2', '3')], [('1', '2', '3')])
    """
    left = [ys for ys in parts.cp(row) if parts.nodups(ys)]
    right = [ys for ys in parts.cp(parts.prune_row(row)) if parts.nodups(ys)]
    return left, right


# ---------------------------------------------------------------------------- prune


@law(
    "pruneBy f = f . map pruneRow . f",
    LIST,
    uses=("prune_by", "prune_row", "rows", "cols", "boxs"),
    arguments="choice_board_and_unit",
    condition="f is rows, cols or boxs",
    source="the definition of pruneBy",
)
def prune_by_definition(parts: Parts, m: Choices, n: int, f: str) -> Sides:
    """Pruning by a unit prunes each of its rows, between two applications of it."""
    g = unit(parts, f, n)
    return parts.prune_by(g, m), g(tuple(parts.prune_row(r) for r in g(m)))


@law(
    "prune = pruneBy rows . pruneBy cols . pruneBy boxs",
    LIST,
    uses=("prune", "prune_by", "rows", "cols", "boxs"),
    arguments="choice_board",
    source="the definition of prune",
)
def prune_definition(parts: Parts, m: Choices, n: int) -> Sides:
    """One pruning pass prunes by boxes, then by columns, then by rows.

    >>> m = (("1", "1234", "1234", "1234"),) + (("1234",) * 4,) * 3
    >>> LIST.same(*prune_definition(FSUDOKU, m=m, n=2))
    True
    """
    by_boxs = parts.prune_by(unit(parts, "boxs", n), m)
    return parts.prune(m, n), parts.prune_by(parts.rows, parts.prune_by(parts.cols, by_boxs))


@law(
    "filter valid . expand = filter valid . expand . prune",
    LIST,
    uses=("expand", "valid", "prune"),
    arguments="choice_board",
    source="the lecture's theorem (§pruning)",
    examples=60,
)
def prune_keeps_solutions(parts: Parts, m: Choices, n: int) -> Sides:
    """Pruning a choice matrix loses none of its valid expansions.

    A list law: ``prune`` only deletes choices, keeping the order of those left, so the
    pruned expansion is a subsequence of the unpruned one, and it loses only invalid
    grids.
    """
    left = [g for g in parts.expand(m) if parts.valid(g, n)]
    right = [g for g in parts.expand(parts.prune(m, n)) if parts.valid(g, n)]
    return left, right


@law(
    "prune (many prune m) = many prune m",
    LIST,
    uses=("many", "prune"),
    arguments="pruning_board",
    source="§many",
    examples=40,
)
def many_prune_fixpoint(parts: Parts, m: Choices, n: int) -> Sides:
    """Pruning to a fixpoint gives a matrix that pruning does not change.

    Both sides are one matrix, shown as one-element lists. Raises :class:`~fsudoku.testing._lawbook.Diverged` when
    ``many prune`` does not stop within the number of choices of ``m`` (which a correct
    ``prune``, removing choices only, cannot exceed).
    """

    def prune(x: Choices) -> Choices:
        return parts.prune(x, n)

    fixpoint = parts.many(bounded(prune, sum(len(cs) for row in m for cs in row) + 2), m)
    return [parts.prune(fixpoint, n)], [fixpoint]


# --------------------------------------------------------------------- expand1, search


@law(
    "expand = concat . map expand . expand1",
    BAG,
    uses=("expand", "expand1", "complete"),
    arguments="choice_matrix",
    condition="m incomplete",
    when=lambda parts, m: not parts.complete(m),
    source="§expand1",
    examples=60,
)
def expand1_law(parts: Parts, m: Choices) -> Sides:
    """Expanding an incomplete matrix expands each matrix of ``expand1``, order aside.

    A bag law: ``expand1`` splits the cell with the fewest choices first, which need not
    be the first open cell in reading order.
    """
    return list(parts.expand(m)), [g for m1 in parts.expand1(m) for g in parts.expand(m1)]


@law(
    "filter valid (expand m) = [extract m]",
    LIST,
    uses=("expand", "valid", "extract", "complete", "safe"),
    arguments="complete_board",
    condition="m complete and safe",
    when=lambda parts, m, n: parts.complete(m) and parts.safe(m, n),
    source="§search",
    examples=60,
)
def complete_safe_extract(parts: Parts, m: Choices, n: int) -> Sides:
    """A complete and safe choice matrix stands for exactly one valid grid, its extract."""
    return [g for g in parts.expand(m) if parts.valid(g, n)], [parts.extract(m)]


@law(
    "search = concat . map search . expand1",
    BAG,
    uses=("search", "expand1", "complete", "safe"),
    arguments="safe_choice_board",
    condition="m incomplete and safe",
    when=lambda parts, m, n: not parts.complete(m) and parts.safe(m, n),
    source="§search",
    examples=60,
)
def search_expand1(parts: Parts, m: Choices, n: int) -> Sides:
    """Searching an incomplete safe matrix finds what searching ``expand1``'s finds, order aside.

    A bag law: ``search`` splits the pruned matrix, ``expand1`` here the unpruned one,
    and they may split different cells.
    """
    return list(parts.search(m, n)), [g for m1 in parts.expand1(m) for g in parts.search(m1, n)]


@law(
    "search = filter valid . expand . prune",
    BAG,
    uses=("search", "expand", "valid", "prune"),
    arguments="choice_board",
    source="§search (the definition before the derivation)",
    examples=60,
)
def search_specification(parts: Parts, m: Choices, n: int) -> Sides:
    """Searching finds the valid expansions of the pruned matrix, order aside.

    A bag law: ``search`` finds them in the order of its splits, not in reading order.
    """
    return list(parts.search(m, n)), [
        g for g in parts.expand(parts.prune(m, n)) if parts.valid(g, n)
    ]


BIRD_LAWS: tuple[Law, ...] = tuple(v for v in list(globals().values()) if isinstance(v, Law))
"""Bird's laws, in the order declared above."""
