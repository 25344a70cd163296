"""The record of functions under test and the type each law is declared with.

:class:`Parts`, and :class:`Law`. A law is declared by :func:`law` on the function
computing both of its sides; the laws themselves are gathered in
:data:`fsudoku.testing.LAWS`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields, replace
from functools import partial
from typing import Any, Protocol, TypeVar

from returns.maybe import Maybe

from fsudoku import bird, fp, sarkar1, sarkar2, tz
from fsudoku.bird import Grid, Matrix, Row
from fsudoku.cell import Grid as CellGrid
from fsudoku.cell import Row as CellRow
from fsudoku.testing._equality import Equality

__all__ = [
    "FSUDOKU",
    "PART_NAMES",
    "SARKAR2",
    "Choices",
    "Diverged",
    "Law",
    "Parts",
    "Sides",
    "law",
]

A = TypeVar("A")
B = TypeVar("B")

Choices = Matrix[str]
"""A choice matrix (Haskell ``Matrix [Digit]``)."""

Sides = tuple[Any, Any]
"""The two sides of a law, evaluated."""


# ------------------------------------------------------ the types of the generic parts


class MatrixMap(Protocol):
    """``Matrix a -> Matrix a``, for every ``a``: ``rows``, ``cols``, ``transpose``."""

    def __call__(self, m: Matrix[A], /) -> Matrix[A]: ...


class BoxMap(Protocol):
    """``Matrix a -> Matrix a`` with the side of a box: ``boxs``."""

    def __call__(self, m: Matrix[A], n: int, /) -> Matrix[A]: ...


class Group(Protocol):
    """``Int -> [a] -> [[a]]``: ``group``."""

    def __call__(self, k: int, xs: Sequence[A], /) -> Matrix[A]: ...


class Ungroup(Protocol):
    """``[[a]] -> [a]``: ``ungroup``."""

    def __call__(self, xss: Iterable[Sequence[A]], /) -> Row[A]: ...


class Product(Protocol):
    """``[[a]] -> [[a]]``: ``cp``."""

    def __call__(self, xss: Sequence[Iterable[A]], /) -> Iterable[Row[A]]: ...


class FilterStep(Protocol):
    """``(a -> Bool) -> a -> [a]``: ``test``, the step of ``filter``."""

    def __call__(self, p: Callable[[A], bool], x: A, /) -> Sequence[A]: ...


class Fixpoint(Protocol):
    """``(Eq a) => (a -> a) -> a -> a``: ``many``."""

    def __call__(self, f: Callable[[A], A], x: A, /) -> A: ...


class FixM(Protocol):
    """``(Eq t) => (t -> Maybe t) -> t -> Maybe t``: ``fixM`` in the ``Maybe`` monad."""

    def __call__(self, f: Callable[[A], Maybe[A]], x: A, /) -> Maybe[A]: ...


# ------------------------------------------------------------------------- the parts


@dataclass(frozen=True, repr=False)
class Parts:
    """The functions the laws are about, fsudoku's own unless replaced.

    Each field is named as the function of :mod:`fsudoku.bird` (Bird's, first) or of
    :mod:`fsudoku.sarkar1` (Sarkar's, last) it defaults to, and takes the same
    arguments. Sarkar #2's pruning replaces two of them, ``prune_cells`` and the
    ``prune_grid_once`` built on it: :data:`SARKAR2`. A function that is generic in the
    Haskell (``rows :: Matrix a -> Matrix a``) is generic here too (its type is a protocol
    such as :class:`MatrixMap`), as the laws call it on matrices of any element type.
    """

    # Bird, §validity: the shapes
    rows: MatrixMap = bird.rows
    cols: MatrixMap = bird.cols
    boxs: BoxMap = bird.boxs
    group: Group = bird.group
    ungroup: Ungroup = bird.ungroup
    # Bird, §specification and §validity
    cp: Product = bird.cp
    expand: Callable[[Choices], Iterable[Grid]] = bird.expand
    nodups: Callable[[Sequence[object]], bool] = bird.nodups
    valid: Callable[[Grid, int], bool] = bird.valid
    test: FilterStep = bird.test
    # Bird, §pruning and §many
    prune_row: Callable[[Row[str]], Row[str]] = bird.prune_row
    prune_by: Callable[[Callable[[Choices], Choices], Choices], Choices] = bird.prune_by
    prune: Callable[[Choices, int], Choices] = bird.prune
    many: Fixpoint = bird.many
    # Bird, §expand1 and §search
    expand1: Callable[[Choices], Sequence[Choices]] = bird.expand1
    complete: Callable[[Choices], bool] = bird.complete
    safe: Callable[[Choices, int], bool] = bird.safe
    extract: Callable[[Choices], Grid] = bird.extract
    search: Callable[[Choices, int], Iterable[Grid]] = bird.search
    # Sarkar #1, "Pruning the Grid" (fixM as Sarkar #2 names it)
    sub_grids_to_rows: Callable[[CellGrid], CellGrid] = sarkar1.sub_grids_to_rows
    transpose: MatrixMap = tz.transpose
    prune_grid_once: Callable[[CellGrid], Maybe[CellGrid]] = sarkar1.prune_grid_once
    fix_m: FixM = fp.fix_m
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

        >>> from fsudoku.testing import search_expand1
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


def bounded(f: Callable[[A], B], bound: int) -> Callable[[A], B]:
    """``f``, raising :class:`Diverged` when called more than ``bound`` times."""
    calls = 0

    def counted(x: A) -> B:
        nonlocal calls
        calls += 1
        if calls > bound:
            raise Diverged(f"no fixpoint after {bound} steps")
        return f(x)

    return counted
