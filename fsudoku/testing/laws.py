"""The laws of Bird's Sudoku lecture (and of Sarkar's articles), each declared once.

The functions under test are one record, :class:`Parts`, whose fields default to
fsudoku's own (:data:`FSUDOKU`); a planted bug, or your own version of a function, is
the record with that field replaced::

    wrong = dataclasses.replace(FSUDOKU, boxs=wrong_boxs)

Each law is declared by :func:`law` on the function computing both of its sides from
the parts and its arguments: its name (the function's), its Haskell equation, its
equality (:mod:`fsudoku.testing.equality`), the parts it uses, the domain of its
arguments (a name for :func:`fsudoku.testing.strategies.law_arguments`) and, for a law
that holds on part of that domain only, the condition (stated with the parts: a wrong
``safe`` or ``complete`` shows up too). :data:`LAWS` is every law, in the order declared;
:func:`fsudoku.testing.kit.check_laws` checks them with Hypothesis. This module needs
no Hypothesis.

Which equality each law satisfies was found by testing and is the strongest that
holds: the naturality of ``expand`` for ``cols`` and ``boxs``, the law of ``expand1`` and
the two laws of ``search`` hold as bags but not as lists (``tests/test_laws.py`` shows
counterexamples); that ``pruneGrid`` keeps every solution is stated as bags, because
the solutions are enumerated by a search whose order is not the law's business; every
other law holds as lists.

>>> m = (("123", "45"),)
>>> BAG.same(*expand1_law(FSUDOKU, m=m)), LIST.same(*expand1_law(FSUDOKU, m=m))
(True, False)
>>> boxs_involution
Law(boxs_involution: boxs . boxs = id, list equality)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from itertools import chain
from typing import Any, TypeVar

from returns.maybe import Maybe

from fsudoku import bird, fp, sarkar1, sarkar2, tz
from fsudoku.bird import Grid, Matrix, Row
from fsudoku.cell import Cell, Fixed, Possible
from fsudoku.cell import Grid as CellGrid
from fsudoku.cell import Row as CellRow
from fsudoku.run.registry import bird_line
from fsudoku.testing.equality import BAG, LIST, Equality

__all__ = [
    "FSUDOKU",
    "LAWS",
    "PART_NAMES",
    "SARKAR2",
    "Choices",
    "Diverged",
    "Law",
    "Parts",
    "Sides",
    "law",
    "unit",
]

A = TypeVar("A")
B = TypeVar("B")

Choices = Matrix[str]
"""A choice matrix (Haskell ``Matrix [Digit]``)."""

Sides = tuple[Any, Any]
"""The two sides of a law, evaluated."""


# ------------------------------------------------------------------------- the parts


@dataclass(frozen=True, repr=False)
class Parts:
    """The functions the laws are about, fsudoku's own unless replaced.

    Each field is named as the function of :mod:`fsudoku.bird` (Bird's, first) or of
    :mod:`fsudoku.sarkar1` (Sarkar's, last) it defaults to, and takes the same
    arguments. Sarkar #2's pruning replaces two of them, ``prune_cells`` and the
    ``prune_grid_once`` built on it: :data:`SARKAR2`.
    """

    # Bird, §validity: the shapes
    rows: Callable[[Matrix[Any]], Matrix[Any]] = bird.rows
    cols: Callable[[Matrix[Any]], Matrix[Any]] = bird.cols
    boxs: Callable[[Matrix[Any], int], Matrix[Any]] = bird.boxs
    group: Callable[[int, Sequence[Any]], Matrix[Any]] = bird.group
    ungroup: Callable[[Iterable[Sequence[Any]]], Row[Any]] = bird.ungroup
    # Bird, §specification and §validity
    cp: Callable[[Sequence[Iterable[Any]]], Iterable[Row[Any]]] = bird.cp
    expand: Callable[[Choices], Iterable[Grid]] = bird.expand
    nodups: Callable[[Sequence[Any]], bool] = bird.nodups
    valid: Callable[[Grid, int], bool] = bird.valid
    test: Callable[[Callable[[Any], bool], Any], Sequence[Any]] = bird.test
    # Bird, §pruning and §many
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row
    prune_by: Callable[[Callable[[Choices], Choices], Choices], Choices] = bird.prune_by
    prune: Callable[[Choices, int], Choices] = bird.prune
    many: Callable[[Callable[[Any], Any], Any], Any] = bird.many
    # Bird, §expand1 and §search
    expand1: Callable[[Choices], Sequence[Choices]] = bird.expand1
    complete: Callable[[Choices], bool] = bird.complete
    safe: Callable[[Choices, int], bool] = bird.safe
    extract: Callable[[Choices], Grid] = bird.extract
    search: Callable[[Choices, int], Iterable[Grid]] = bird.search
    # Sarkar #1, "Pruning the Grid" (fixM as Sarkar #2 names it)
    sub_grids_to_rows: Callable[[Matrix[Any]], Matrix[Any]] = sarkar1.sub_grids_to_rows
    transpose: Callable[[Sequence[Sequence[Any]]], Matrix[Any]] = tz.transpose
    prune_grid_once: Callable[[CellGrid], Maybe[CellGrid]] = sarkar1.prune_grid_once
    fix_m: Callable[[Callable[[Any], Maybe[Any]], Any], Maybe[Any]] = fp.fix_m
    # Sarkar #1, "Pruning the Cells" (#2 redefines it)
    prune_cells: Callable[[CellRow], Maybe[CellRow]] = sarkar1.prune_cells

    def replaced(self) -> dict[str, Callable[..., Any]]:
        """The parts that are not fsudoku's own, by name.

        >>> from dataclasses import replace
        >>> list(replace(FSUDOKU, cols=bird.rows).replaced())
        ['cols']
        """
        return {
            f.name: getattr(self, f.name)
            for f in fields(self)
            if getattr(self, f.name) is not f.default
        }

    def __repr__(self) -> str:
        """``Parts(...)`` with the replaced parts only (``Parts()`` for fsudoku's own).

        >>> from dataclasses import replace
        >>> replace(FSUDOKU, cols=bird.rows)
        Parts(cols=fsudoku.bird.rows)
        """
        replaced = ", ".join(f"{k}={_function_name(f)}" for k, f in self.replaced().items())
        return f"Parts({replaced})"


def _function_name(f: object) -> str:
    """``module.name`` of a function, else its ``repr``."""
    module, name = getattr(f, "__module__", None), getattr(f, "__qualname__", None)
    return f"{module}.{name}" if module and name else repr(f)


FSUDOKU = Parts()
"""fsudoku's own functions: Bird's (:mod:`fsudoku.bird`) and Sarkar's (:mod:`fsudoku.sarkar1`)."""

SARKAR2 = replace(
    FSUDOKU,
    prune_cells=sarkar2.prune_cells,
    prune_grid_once=partial(sarkar1.prune_grid_once, prune_cells=sarkar2.prune_cells),
)
"""fsudoku's own functions with Sarkar #2's ``pruneCells`` (as published), and the
``pruneGrid'`` of #1 over it."""

PART_NAMES: frozenset[str] = frozenset(f.name for f in fields(Parts))
"""The names of the fields of :class:`Parts`."""


def unit(parts: Parts, name: str, n: int) -> Callable[[Matrix[Any]], Matrix[Any]]:
    """The involution ``rows``, ``cols`` or ``boxs`` (boxes of side ``n``) of the parts.

    >>> unit(FSUDOKU, "boxs", 2)(((1, 2, 3, 4),) * 4)[0]
    (1, 2, 1, 2)
    """
    if name == "boxs":
        return lambda m: parts.boxs(m, n)
    if name in ("rows", "cols"):
        f: Callable[[Matrix[Any]], Matrix[Any]] = getattr(parts, name)
        return f
    raise ValueError(f"not a unit: {name!r}")


# -------------------------------------------------------------------------- the laws


class Diverged(AssertionError):
    """A law's computation did not terminate within its bound: the law fails."""


@dataclass(frozen=True, repr=False)
class Law:
    """A law: its equation and equality, the parts it uses and how to compute its sides."""

    name: str
    equation: str
    """The Haskell equation."""
    equality: Equality
    """How its two sides are compared."""
    uses: frozenset[str]
    """The parts (fields of :class:`Parts`) its sides and its condition call."""
    arguments: str
    """The domain of its arguments: a name for :func:`fsudoku.testing.strategies.law_arguments`."""
    sides: Callable[..., Sides]
    """Computes both sides from the parts and the arguments, ``sides(parts, **arguments)``."""
    condition: str = ""
    """Where the law holds, in words, when not on the whole domain of its arguments."""
    when: Callable[..., bool] | None = None
    """Whether the arguments satisfy the condition, ``when(parts, **arguments)``."""
    source: str = ""
    """Where the lecture or the articles state it (or the name they give it)."""
    examples: int = 100
    """How many examples Hypothesis tries by default."""

    def __post_init__(self) -> None:
        """Check that the parts it names exist."""
        unknown = self.uses - PART_NAMES
        if unknown:
            raise ValueError(f"law {self.name} uses unknown parts {sorted(unknown)}")

    @property
    def summary(self) -> str:
        """What the law says, in one English line (the first line of its docstring)."""
        doc = (self.sides.__doc__ or "").strip()
        return doc.splitlines()[0] if doc else ""

    @property
    def statement(self) -> str:
        """The equation, its equality and its condition, as messages print them.

        >>> search_expand1.statement
        'search = concat . map search . expand1  (bag equality; m incomplete and safe)'
        """
        where = f"; {self.condition}" if self.condition else ""
        return f"{self.equation}  ({self.equality} equality{where})"

    def __call__(self, parts: Parts, /, **arguments: Any) -> Sides:
        """Both sides of the law for these parts and arguments."""
        return self.sides(parts, **arguments)

    def applies(self, parts: Parts, /, **arguments: Any) -> bool:
        """Whether the arguments satisfy the law's condition (always, if it has none)."""
        return self.when is None or bool(self.when(parts, **arguments))

    def holds(self, parts: Parts, /, **arguments: Any) -> bool:
        """Whether the law holds for these parts and arguments (outside its condition: yes)."""
        if not self.applies(parts, **arguments):
            return True
        left, right = self(parts, **arguments)
        return self.equality.same(left, right)

    def __repr__(self) -> str:
        """``Law(name: equation, equality)``."""
        return f"Law({self.name}: {self.equation}, {self.equality} equality)"


def law(
    equation: str,
    equality: Equality,
    *,
    uses: tuple[str, ...] = (),
    arguments: str,
    condition: str = "",
    when: Callable[..., bool] | None = None,
    source: str = "",
    examples: int = 100,
) -> Callable[[Callable[..., Sides]], Law]:
    """Declare the decorated function, which computes both sides, as a law."""

    def declare(sides: Callable[..., Sides]) -> Law:
        return Law(
            name=sides.__name__,
            equation=equation,
            equality=equality,
            uses=frozenset(uses),
            arguments=arguments,
            sides=sides,
            condition=condition,
            when=when,
            source=source,
            examples=examples,
        )

    return declare


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

    Both sides are one matrix, shown as one-element lists. Raises :class:`Diverged` when
    ``many prune`` does not stop within the number of choices of ``m`` (which a correct
    ``prune``, removing choices only, cannot exceed).
    """

    def prune(x: Choices) -> Choices:
        return parts.prune(x, n)

    fixpoint = parts.many(_bounded(prune, sum(len(cs) for row in m for cs in row) + 2), m)
    return [parts.prune(fixpoint, n)], [fixpoint]


def _bounded(f: Callable[[A], B], bound: int) -> Callable[[A], B]:
    """``f``, raising :class:`Diverged` when called more than ``bound`` times."""
    calls = 0

    def counted(x: A) -> B:
        nonlocal calls
        calls += 1
        if calls > bound:
            raise Diverged(f"no fixpoint after {bound} steps")
        return f(x)

    return counted


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


# --------------------------------------------------------------------------- Sarkar


@law(
    "subGridsToRows . subGridsToRows = id",
    LIST,
    uses=("sub_grids_to_rows",),
    arguments="cell_grid",
    source='Sarkar #1, "Pruning the Grid"',
)
def sub_grids_to_rows_involution(parts: Parts, grid: CellGrid) -> Sides:
    """Turning the sub-grids of a grid into rows twice gives it back."""
    return parts.sub_grids_to_rows(parts.sub_grids_to_rows(grid)), grid


@law(
    "transpose . transpose = id",
    LIST,
    uses=("transpose",),
    arguments="cell_grid",
    condition="non-empty rectangular grids",
    source='Sarkar #1, "Pruning the Grid"',
)
def transpose_involution(parts: Parts, grid: CellGrid) -> Sides:
    """Transposing a grid twice gives it back."""
    return parts.transpose(parts.transpose(grid)), grid


def _digits(cell: Cell) -> tuple[int, ...]:
    """The digits a Sarkar cell may take: its one digit if fixed, its possibilities if not.

    A helper of the laws.

    >>> _digits(Fixed(4)), _digits(Possible((2, 9)))
    ((4,), (2, 9))
    """
    return (cell.value,) if isinstance(cell, Fixed) else cell.values


def _within(original: Sequence[tuple[int, ...]], pruned: Sequence[tuple[int, ...]]) -> Any:
    """Each cell's digits of ``pruned`` that ``original`` also has (``zipWith intersect``)."""
    return tuple(tuple(x for x in ys if x in xs) for xs, ys in zip(original, pruned, strict=True))


def _unit_completions(digits: Sequence[tuple[int, ...]]) -> list[tuple[int, ...]]:
    """``filter nodups (cp digits)``: the ways to give each cell of a unit one of its
    digits, no digit twice, in ``cp``'s order (prefixes with a repeat are cut early).

    >>> _unit_completions([(1, 2), (1, 2), (3,)])
    [(1, 2, 3), (2, 1, 3)]
    """

    def go(i: int, taken: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
        if i == len(digits):
            yield taken
            return
        for x in digits[i]:
            if x not in taken:
                yield from go(i + 1, (*taken, x))

    return list(go(0, ()))


@law(
    "fmap (zipWith intersect (map digits cs) . map digits) (pruneCells cs) = "
    "fmap (map digits) (pruneCells cs)",
    LIST,
    uses=("prune_cells",),
    arguments="sarkar_unit",
    source='Sarkar #1, "Pruning the Cells" (and #2\'s pruneCells)',
)
def prune_cells_removes_only(parts: Parts, cells: CellRow) -> Sides:
    """Pruning a unit only removes digits: each cell keeps a subset of its digits.

    ``digits`` is a cell's digits (its one digit when fixed). Both sides are one
    ``Maybe``, shown as one-element lists; a pruner that adds a digit to a cell, or
    changes the length of the unit, breaks it.

    >>> left, right = prune_cells_removes_only(FSUDOKU, cells=(Fixed(1), Possible((1, 2))))
    >>> left == right, right
    (True, [<Some: ((1,), (2,))>])
    """
    pruned = parts.prune_cells(cells)
    original = tuple(_digits(c) for c in cells)
    right = pruned.map(lambda row: tuple(_digits(c) for c in row))
    return [right.map(lambda ds: _within(original, ds))], [right]


@law(
    "filter nodups (cp (map digits cs)) = "
    "maybe [] (filter nodups . cp . map digits) (pruneCells cs)",
    LIST,
    uses=("prune_cells",),
    arguments="sarkar_unit",
    source="LPRUNE for Sarkar's cells (#1, \"Pruning the Cells\"; #2's pruneCells)",
)
def prune_cells_keeps_solutions(parts: Parts, cells: CellRow) -> Sides:
    """Pruning a unit of 9 cells keeps every way to fill it with the 9 digits once each.

    Bird's LPRUNE for Sarkar's cells: ``Nothing`` stands for no way at all. A list law:
    the pruner only removes digits, keeping the order of the rest. Sarkar #2's
    Exclusives rely on the unit holding every digit once, so the units are of 9 cells.

    >>> left, right = prune_cells_keeps_solutions(FSUDOKU, cells=(Fixed(1), Possible((1, 2))))
    >>> left, right
    ([(1, 2)], [(1, 2)])
    """
    right = parts.prune_cells(cells).map(lambda row: _unit_completions([_digits(c) for c in row]))
    return _unit_completions([_digits(c) for c in cells]), right.value_or([])


@law(
    "pruneGrid' = traverse pruneCells "
    ">=> fmap transpose . traverse pruneCells . transpose "
    ">=> fmap subGridsToRows . traverse pruneCells . subGridsToRows",
    LIST,
    uses=("prune_grid_once", "prune_cells", "transpose", "sub_grids_to_rows"),
    arguments="sarkar_grid",
    source='the definition of pruneGrid\' (Sarkar #1, "Pruning the Grid")',
    examples=30,
)
def prune_grid_once_definition(parts: Parts, grid: CellGrid) -> Sides:
    """One pruning pass prunes the rows, then the columns, then the sub-grids.

    Both sides are one ``Maybe`` grid, shown as one-element lists. The order of the
    three passes changes the grids a search meets, and so its node count, though not
    the fixed point a settled grid reaches.
    """

    def by(view: Callable[[CellGrid], CellGrid]) -> Callable[[CellGrid], Maybe[CellGrid]]:
        return lambda g: fp.traverse(parts.prune_cells, view(g)).map(view)

    def same(g: CellGrid) -> CellGrid:
        return g

    right = by(same)(grid).bind(by(lambda g: parts.transpose(g))).bind(by(parts.sub_grids_to_rows))
    return [parts.prune_grid_once(grid)], [right]


@law(
    "fixM pruneGrid' g >>= pruneGrid' = fixM pruneGrid' g",
    LIST,
    uses=("fix_m", "prune_grid_once"),
    arguments="sarkar_puzzle",
    source='Sarkar #1, "Pruning the Grid" (pruneGrid = fixM pruneGrid\')',
    examples=30,
)
def prune_grid_fixpoint(parts: Parts, grid: CellGrid) -> Sides:
    """Pruning a grid until it settles gives a grid that pruning does not change.

    Both sides are one ``Maybe`` grid, shown as one-element lists. Raises
    :class:`Diverged` when ``fixM`` does not stop within the number of possibilities of
    the grid (which a correct ``pruneGrid'``, removing possibilities only, cannot exceed).
    """
    fixpoint = _prune_grid(parts, grid)
    return [fixpoint.bind(parts.prune_grid_once)], [fixpoint]


def _prune_grid(parts: Parts, grid: CellGrid) -> Maybe[CellGrid]:
    """``pruneGrid = fixM pruneGrid'`` of the parts, raising :class:`Diverged` after more
    passes than the grid has possibilities (a correct ``pruneGrid'`` removes one at least
    per pass that changes the grid)."""
    bound = sum(len(c.values) for row in grid for c in row if isinstance(c, Possible)) + 2
    return parts.fix_m(_bounded(parts.prune_grid_once, bound), grid)


def _grid_digits(grid: CellGrid) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Each cell's digits (``map (map digits)``)."""
    return tuple(tuple(_digits(c) for c in row) for row in grid)


@law(
    "fmap (zipWith2 intersect (digits g) . digits) (pruneGrid g) = fmap digits (pruneGrid g)",
    LIST,
    uses=("fix_m", "prune_grid_once"),
    arguments="sarkar_grid",
    source='Sarkar #1, "Pruning the Grid" (pruneGrid = fixM pruneGrid\')',
    examples=30,
)
def prune_grid_removes_only(parts: Parts, grid: CellGrid) -> Sides:
    """Pruning a grid until it settles only removes digits: each cell keeps a subset.

    ``digits`` is the digits of each cell, ``zipWith2`` zips row by row. Both sides are
    one ``Maybe``, shown as one-element lists. Raises :class:`Diverged` as
    :func:`prune_grid_fixpoint` does.
    """
    original = _grid_digits(grid)
    right = _prune_grid(parts, grid).map(_grid_digits)
    return [
        right.map(lambda g: tuple(_within(xs, ys) for xs, ys in zip(original, g, strict=True)))
    ], [right]


def _solutions(grid: CellGrid) -> list[str]:
    """``filter valid . expand`` of a Sarkar grid, as 81-digit lines, enumerated by
    fsudoku's Bird ``search`` (which finds exactly the valid expansions, in its order)."""
    m = tuple(tuple("".join(map(str, _digits(c))) for c in row) for row in grid)
    return [bird_line(g) for g in bird.search(m, 3)]


@law(
    "filter valid (expand g) = maybe [] (filter valid . expand) (pruneGrid g)",
    BAG,
    uses=("fix_m", "prune_grid_once"),
    arguments="sarkar_grid_few_solutions",
    source='Sarkar #1, "Pruning the Grid" (Bird\'s theorem of §pruning, for pruneGrid)',
    examples=20,
)
def prune_grid_keeps_solutions(parts: Parts, grid: CellGrid) -> Sides:
    """Pruning a grid until it settles loses none of its solutions (and adds none).

    The solutions are enumerated with fsudoku's own Bird ``search`` on both sides (not
    the parts': this law is about Sarkar's pruning), so the sides are compared as bags.
    ``Nothing`` stands for no solution. The grids have few solutions (at most a few
    dozen), or the enumeration would not end. Raises :class:`Diverged` as
    :func:`prune_grid_fixpoint` does.
    """
    return _solutions(grid), _prune_grid(parts, grid).map(_solutions).value_or([])


# ---------------------------------------------------------------------------- the table

LAWS: tuple[Law, ...] = tuple(v for v in list(globals().values()) if isinstance(v, Law))
"""Every law, in the order declared above."""
