"""Bit layout shared by the fast engines: cells as 9-bit masks, units as index tables.

A cell is an ``int`` (or a ``uint16`` array element) whose bit ``d - 1`` is set when
digit ``d`` is possible. A mask with one bit is a ``Fixed`` cell; a mask with two or
more bits is a ``Possible`` cell; ``0`` never appears in a grid (Sarkar's solvers turn
an empty cell into ``Nothing`` at once). A grid is 81 masks in row-major order.

The 27 units are numbered as ``pruneGrid'`` visits them: rows ``0..8``, columns
``9..17``, sub-grids ``18..26`` in ``subGridsToRows`` order (sub-grid ``b`` covers rows
``3*(b//3)..`` and columns ``3*(b%3)..``, read row-major).

>>> UNITS[18 + 4]
(30, 31, 32, 39, 40, 41, 48, 49, 50)
>>> read_masks("12" + "." * 79)[:3]
[1, 2, 511]
>>> read_masks("0" * 81) is None, read_masks("1" * 80) is None
(True, True)
"""

from __future__ import annotations

from typing import Final

from fsudoku.base.units import ALL as ALL
from fsudoku.base.units import POPCOUNT as POPCOUNT
from fsudoku.base.units import UNITS as UNITS

CELL_UNITS: Final = tuple((i // 9, 9 + i % 9, 18 + 3 * (i // 27) + (i % 9) // 3) for i in range(81))
"""The row, column and sub-grid (unit numbers) of each cell."""

DIGITS: Final = tuple(tuple(d + 1 for d in range(9) if m >> d & 1) for m in range(1 << 9))
"""The ascending digit list of each mask."""

_READ_CELL: Final = {".": ALL, **{str(d): 1 << (d - 1) for d in range(1, 10)}}


def read_masks(s: str) -> list[int] | None:
    """``readGrid`` over masks: 81 characters, each ``.`` or ``1``-``9``; else ``None``.

    Haskell: ``readGrid :: String -> Maybe Grid`` (Sarkar #1, "Setting up").
    """
    if len(s) != 81:
        return None
    try:
        return [_READ_CELL[c] for c in s]
    except KeyError:
        return None
