"""Generated functions for the generic lemmas: predicates, functions and involutions.

They act on small integers, each a callable with a readable ``repr`` so counterexamples
can be read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from hypothesis import strategies as st

DOMAIN = range(8)
"""The small integers the generated functions act on."""


@dataclass(frozen=True)
class MemberOf:
    """The predicate ``(`elem` members)``."""

    members: frozenset[int]

    def __call__(self, x: int) -> bool:
        """Whether ``x`` is a member of the set."""
        return x in self.members

    def __repr__(self) -> str:
        return f"(`elem` {sorted(self.members)})"


@dataclass(frozen=True)
class Table:
    """A function on :data:`DOMAIN` given by its table of values."""

    values: tuple[int, ...]

    def __call__(self, x: int) -> int:
        """The value at ``x`` of the table."""
        return self.values[x]

    def __repr__(self) -> str:
        return "\\x -> " + repr(list(self.values)) + " !! x"


@dataclass(frozen=True)
class Swaps:
    """An involution on :data:`DOMAIN`: swaps the given disjoint pairs, fixes the rest."""

    pairs: tuple[tuple[int, int], ...]

    def __call__(self, x: int) -> int:
        """``x`` swapped by the first pair that holds it, else ``x`` itself."""
        for a, b in self.pairs:
            if x == a:
                return b
            if x == b:
                return a
        return x

    def __repr__(self) -> str:
        return "swap " + " ".join(f"{a}<->{b}" for a, b in self.pairs) if self.pairs else "id"


predicates = st.frozensets(st.sampled_from(DOMAIN)).map(MemberOf)
"""Predicates on :data:`DOMAIN`."""

tables = st.lists(st.sampled_from(DOMAIN), min_size=len(DOMAIN), max_size=len(DOMAIN)).map(
    lambda vs: Table(tuple(vs))
)
"""Arbitrary functions on :data:`DOMAIN`."""


@st.composite
def involutions(draw: st.DrawFn) -> Swaps:
    """Involutions on :data:`DOMAIN` (``f . f = id``)."""
    order = draw(st.permutations(list(DOMAIN)))
    k = draw(st.integers(0, len(DOMAIN) // 2))
    return Swaps(tuple((order[2 * i], order[2 * i + 1]) for i in range(k)))


lists = st.lists(st.sampled_from(DOMAIN), max_size=12)
"""Lists of small integers."""


class FilterVars(NamedTuple):
    """The variables ``p``, ``f`` and ``xs`` of the filter laws."""

    p: MemberOf
    f: Table | Swaps
    xs: list[int]


def show_filter_vars(v: FilterVars) -> str:
    """``p = ..., f = ..., xs = ...``."""
    return f"p = {v.p!r}, f = {v.f!r}, xs = {v.xs!r}"


def filter_vars(
    functions: st.SearchStrategy[Table] | st.SearchStrategy[Swaps],
) -> st.SearchStrategy[FilterVars]:
    """Variables of a filter law whose ``f`` is drawn from ``functions``."""
    return st.builds(FilterVars, predicates, functions, lists)
