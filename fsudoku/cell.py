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

from dataclasses import dataclass
from typing import TypeAlias


@dataclass(frozen=True, slots=True)
class Fixed:
    """A cell with a known digit (shown as Haskell's derived ``Show`` shows it).

    Haskell (#1, "Setting up"): ``data Cell = Fixed Int | Possible [Int] deriving (Show, Eq)``
    """

    value: int

    def __repr__(self) -> str:
        return f"Fixed {self.value}"


@dataclass(frozen=True, slots=True)
class Possible:
    """A cell with the digits it may still take, ascending (shown as Haskell shows it).

    Haskell (#1, "Setting up"): ``data Cell = Fixed Int | Possible [Int] deriving (Show, Eq)``
    """

    values: tuple[int, ...]

    def __repr__(self) -> str:
        return "Possible [" + ",".join(map(str, self.values)) + "]"


Cell: TypeAlias = Fixed | Possible
"""``data Cell = Fixed Int | Possible [Int]``"""

Row: TypeAlias = tuple[Cell, ...]
"""``type Row = [Cell]``"""

Grid: TypeAlias = tuple[Row, ...]
"""``type Grid = [Row]``"""
