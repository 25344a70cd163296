"""How the two sides of an equation are compared: as lists, as bags or as sets.

* :data:`LIST`: the same value (for lists: the same elements in the same order);
* :data:`BAG`: the same elements with the same multiplicities, order aside;
* :data:`SET`: the same elements, multiplicities aside.

A point-free equation (``f . g = h``) compares two functions extensionally: both are
applied to the same arguments and their results compared as values, as lists, bags or
sets: :data:`FUNCTION`, :data:`FUNCTION_BAG`, :data:`FUNCTION_SET`. The laws of
:data:`fsudoku.testing.LAWS` compute both sides from their arguments, so they use the
first three; the proofs of ``proofs/`` use all six.

>>> LIST.same([1, 2], [2, 1]), BAG.same([1, 2], [2, 1])
(False, True)
>>> BAG.same([1, 1, 2], [1, 2]), SET.same([1, 1, 2], [1, 2])
(False, True)
>>> FUNCTION_BAG.name, FUNCTION_BAG.pointwise == BAG
('function (bag)', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, TypeGuard

__all__ = [
    "BAG",
    "EQUALITIES",
    "FUNCTION",
    "FUNCTION_BAG",
    "FUNCTION_SET",
    "LIST",
    "SET",
    "Equality",
]

Kind = Literal["list", "bag", "set"]
"""What two values are compared as."""


@dataclass(frozen=True)
class Equality:
    """An equality of values (as lists, bags or sets), or of functions, extensionally."""

    kind: Kind
    point_free: bool = False
    """Whether the two sides are functions, applied to the same arguments and their
    results compared with ``kind``."""

    @property
    def name(self) -> str:
        """``list``, ``bag`` or ``set``; ``function``, ``function (bag)`` or ``function (set)``.

        >>> LIST.name, FUNCTION.name, FUNCTION_SET.name
        ('list', 'function', 'function (set)')
        """
        if not self.point_free:
            return self.kind
        return "function" if self.kind == "list" else f"function ({self.kind})"

    @property
    def pointwise(self) -> Equality:
        """The equality the results of two functions are compared with (itself for values)."""
        return Equality(self.kind)

    def extensional(self) -> Equality:
        """The same comparison, of two functions by their results on the same arguments."""
        return Equality(self.kind, point_free=True)

    def same(self, left: object, right: object) -> bool:
        """Whether two values are equal: lists by ``==``; bags and sets as sequences.

        A side that is not a sequence (a list or tuple) is equal to nothing as a bag or a
        set. Elements that cannot be hashed are compared with ``==``.

        >>> BAG.same((1, 2, 2), (2, 1, 2)), LIST.same((1, 2), (2, 1)), SET.same((1, 1), (1,))
        (True, False, True)
        >>> BAG.same([[1], [2]], [[2], [1]]), SET.same([[1], [1]], [[1]]), BAG.same(1, 1)
        (True, True, False)
        """
        if self.kind == "list":
            return left == right
        if not _is_sequence(left) or not _is_sequence(right):
            return False
        if self.kind == "bag":
            return _same_bag(left, right)
        return _same_set(left, right)

    def __str__(self) -> str:
        """The name, as messages print it."""
        return self.name


def _is_sequence(x: object) -> TypeGuard[Sequence[object]]:
    """Whether ``x`` is a list or a tuple (what the sides of bag and set equations are)."""
    return isinstance(x, list | tuple)


def _same_bag(left: Sequence[object], right: Sequence[object]) -> bool:
    """The same elements with the same multiplicities."""
    try:
        return Counter(left) == Counter(right)
    except TypeError:  # unhashable elements
        rest = list(right)
        for x in left:
            for i, y in enumerate(rest):
                if x == y:
                    del rest[i]
                    break
            else:
                return False
        return not rest


def _same_set(left: Sequence[object], right: Sequence[object]) -> bool:
    """The same elements, multiplicities aside."""
    try:
        return set(left) == set(right)
    except TypeError:  # unhashable elements
        return all(x in right for x in left) and all(y in left for y in right)


LIST = Equality("list")
BAG = Equality("bag")
SET = Equality("set")
FUNCTION = LIST.extensional()
FUNCTION_BAG = BAG.extensional()
FUNCTION_SET = SET.extensional()

EQUALITIES: tuple[Equality, ...] = (LIST, BAG, SET, FUNCTION, FUNCTION_BAG, FUNCTION_SET)
"""Every equality, strongest first for values, then for functions."""
