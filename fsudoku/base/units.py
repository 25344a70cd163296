"""The board's fixed tables, shared by the bitmask solvers (``mrv``, ``norvig``, ``fast``).

Glossary: a *cell* is an index ``0``-``80`` (row-major); a *mask* is a 9-bit set of
digits, bit ``d - 1`` for digit ``d``; a *unit* is a row, a column or a sub-grid. No
Haskell counterpart: the articles' lists compute these on the fly.

>>> len(UNITS), SUB_GRIDS[1][:3], PEERS[0][:9], POPCOUNT[0b101]
(27, (3, 4, 5), (1, 2, 3, 4, 5, 6, 7, 8, 9), 2)
"""

from __future__ import annotations

from typing import Final

ALL: Final = 0x1FF
"""The mask with all nine digits (``Possible [1..9]``)."""

ROWS: Final = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLUMNS: Final = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
SUB_GRIDS: Final = tuple(
    tuple((3 * (b // 3) + r) * 9 + 3 * (b % 3) + c for r in range(3) for c in range(3))
    for b in range(9)
)
UNITS: Final = ROWS + COLUMNS + SUB_GRIDS
"""The cell indexes of each unit, in ``pruneGrid'`` order (rows, columns, sub-grids)."""

PEERS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sorted({q for unit in UNITS if s in unit for q in unit} - {s})) for s in range(81)
)
"""The 20 cells that share a unit with each cell, ascending."""

POPCOUNT: Final = tuple(bin(m).count("1") for m in range(ALL + 1))
"""Number of digits in each mask."""
