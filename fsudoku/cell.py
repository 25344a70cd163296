"""Cells, rows and grids of Sarkar's "Writing a Fast Sudoku Solver in Haskell" (#1, "Setting up").

Glossary: a *cell* is either ``Fixed`` (one digit) or ``Possible`` (the digits it may
still take, ascending); a *row* is a tuple of 9 cells (also used for a column or a
sub-grid); a *grid* is a tuple of 9 rows.

>>> Fixed(4)
Fixed 4
>>> Possible((1, 2, 3))
Possible [1,2,3]
>>> Possible((2, 9)) == Possible((2, 9))
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from returns.maybe import Maybe, Nothing, Some


@dataclass(frozen=True, slots=True)
class Fixed:
    """A cell with a known digit.

    Haskell (#1, "Setting up"): ``data Cell = Fixed Int | Possible [Int] deriving (Show, Eq)``
    """

    value: int
    mask: int = field(init=False, repr=False, compare=False)
    """The digit as a bit set (bit ``value - 1``): a cached view, not part of the value."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "mask", 1 << (self.value - 1) if self.value > 0 else 0)

    def __repr__(self) -> str:
        return f"Fixed {self.value}"


@dataclass(frozen=True, slots=True)
class Possible:
    """A cell with the digits it may still take (ascending, as the Haskell keeps them).

    Haskell (#1, "Setting up"): ``data Cell = Fixed Int | Possible [Int] deriving (Show, Eq)``
    """

    values: tuple[int, ...]
    mask: int = field(init=False, repr=False, compare=False)
    """The digits as a bit set (bit ``d - 1`` for digit ``d``): a cached view of ``values``."""

    def __post_init__(self) -> None:
        mask = 0
        for x in self.values:
            mask |= 1 << (x - 1)
        object.__setattr__(self, "mask", mask)

    def __repr__(self) -> str:
        return "Possible [" + ",".join(map(str, self.values)) + "]"


Cell: TypeAlias = Fixed | Possible
"""``data Cell = Fixed Int | Possible [Int]``"""

Row: TypeAlias = tuple[Cell, ...]
"""``type Row = [Cell]``"""

Grid: TypeAlias = tuple[Row, ...]
"""``type Grid = [Row]``"""

FIXED: tuple[Fixed, ...] = tuple(Fixed(d) for d in range(10))
"""Shared ``Fixed d`` values (index ``d``): equal cells are the same object, so
comparing unchanged grids is cheap."""

_POSSIBLE: dict[tuple[int, ...], Possible] = {}


def possible(values: tuple[int, ...]) -> Possible:
    """The ``Possible`` cell of these digits, shared: every equal cell the solvers make
    is the same object, so comparing grids (``fixM``'s ``x' == x``) is mostly an
    identity check. Haskell: the constructor ``Possible :: [Int] -> Cell`` (#1, "Setting up").

    >>> possible((2, 9)) is possible((2, 9))
    True
    """
    cell = _POSSIBLE.get(values)
    if cell is None:
        cell = _POSSIBLE.setdefault(values, Possible(values))
    return cell


ALL_DIGITS: Possible = possible(tuple(range(1, 10)))
"""``Possible [1..9]``, the cell ``readGrid`` makes of a ``.``."""


_MAYBE_CELL: dict[tuple[int, ...], Maybe[Cell]] = {(): Nothing}
JUST_FIXED: tuple[Maybe[Cell], ...] = tuple(Some(cell) for cell in FIXED)
"""``Just (Fixed d)`` (index ``d``), shared."""


def maybe_cell(ys: tuple[int, ...]) -> Maybe[Cell]:
    """No digits: ``Nothing``; one: ``Just (Fixed y)``; more: ``Just (Possible ys)``.

    Haskell: ``makeCell :: [Int] -> Maybe Cell`` (#2), the case analysis also of #1's
    ``pruneCell``; results are
    shared (there are only 512 digit sets), which keeps the solvers' hot loops cheap.

    >>> maybe_cell(()), maybe_cell((7,)), maybe_cell((5, 7))
    (<Nothing>, <Some: Fixed 7>, <Some: Possible [5,7]>)
    """
    made = _MAYBE_CELL.get(ys)
    if made is None:
        made = Some(FIXED[ys[0]]) if len(ys) == 1 else Some(possible(ys))
        _MAYBE_CELL[ys] = made
    return made


MAYBE_CELL_OF_MASK: tuple[Maybe[Cell], ...] = tuple(
    maybe_cell(tuple(d for d in range(1, 10) if m >> (d - 1) & 1)) for m in range(512)
)
"""``maybe_cell`` of the digits of each 9-bit set (index: the set), shared."""


def digits_mask(cells: Row) -> int:
    """The digits of a unit's fixed cells, as a bit set.

    Haskell (#1, "Pruning the Cells"): the local ``fixeds :: [Int]`` of ``pruneCells``.

    >>> digits_mask((FIXED[1], possible((2, 3)), FIXED[4]))
    9
    """
    found = 0
    for cell in cells:
        if cell.__class__ is Fixed:
            found |= cell.mask
    return found
