"""The dirty-unit tables of the batch engine: which units a changed cell makes dirty.

Per grid, ``dirty`` (a little-endian ``uint64``) is the set of units that may change
when pruned, one 16-bit group per stage: bit ``16*s + u`` for unit ``u`` of stage ``s``
(rows, columns, sub-grids, as in :mod:`fsudoku.fast.masks`), bits 9-15 of each group
and the fourth group zero. Seen as four ``uint16`` (:data:`GROUPS`), a grid's dirty
units are then one 9-bit set per stage. A unit that changed marks the other two
units of each changed cell dirty, looked up in one table by the unit and the 9-bit
set of its changed positions; under #1 (rule ``simple``, not idempotent) the unit
itself stays dirty too. Why skipping clean units is exact: :mod:`fsudoku.fast.scalar`.

>>> hex(int(PIVOT_DIRTY[0]))
'0x100010001'
>>> int(MARKS[0 * 512 + 0b1]) == (1 << 16) | (1 << 32), int(MARKS_OWN[0]) == 0
(True, True)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from fsudoku.fast.masks import CELL_UNITS, UNITS

__all__ = [
    "ALL_DIRTY",
    "DIRTY",
    "FIRST_DIRTY",
    "GROUPS",
    "MARKS",
    "MARKS_OWN",
    "NEXT_STAGE",
    "PIVOT_DIRTY",
    "POPCOUNT9",
    "POW9",
    "UNIT_CELLS",
    "UNPACK9",
]

DIRTY: Final = np.dtype("<u8")
"""The type of a grid's dirty units: little-endian, so that :data:`GROUPS` views it anywhere."""
GROUPS: Final = np.dtype("<u2")
"""The type of one stage's dirty units in a view of :data:`DIRTY` values (four per value)."""

UNIT_CELLS: Final[npt.NDArray[np.intp]] = np.array(UNITS, dtype=np.intp).T.copy()
"""``UNIT_CELLS[k, v]``: the grid cell at position ``k`` of unit ``v`` (``v = 9*stage + u``)."""
UNIT_CELLS.setflags(write=False)


def _bit(v: int) -> int:
    """The dirty bit of unit ``v`` (``9*stage + u``)."""
    return 1 << (16 * (v // 9) + v % 9)


OTHER_BITS: Final = np.array(
    [
        [
            _bit(CELL_UNITS[c][(v // 9 + 1) % 3]) | _bit(CELL_UNITS[c][(v // 9 + 2) % 3])
            for v, unit in enumerate(UNITS)
            for c in [unit[k]]
        ]
        for k in range(9)
    ],
    dtype=DIRTY,
)  # (9, 27) <u8: the other two units of cell k of unit v, as bits
OTHER_BITS.setflags(write=False)

UNPACK9: Final = ((np.arange(512)[:, None] >> np.arange(9)) & 1).astype(np.bool_)  # (512, 9) bool
"""The positions in each 9-bit set, as flags."""


def _marks_table(own: bool) -> npt.NDArray[np.uint64]:
    """``[v * 512 + p]``: the units dirty once the cells at positions ``p`` of unit ``v`` change.

    They are the other two units of each of those cells, and ``v`` itself if ``own`` and
    ``p`` is not empty.
    """
    others = OTHER_BITS.T[:, None, :] * UNPACK9[None, :, :]  # (27, 512, 9) <u8
    table: npt.NDArray[np.uint64] = np.bitwise_or.reduce(others, axis=2).astype(DIRTY)
    if own:
        table[:, 1:] |= np.array([_bit(v) for v in range(27)], dtype=DIRTY)[:, None]
    table.setflags(write=False)
    return table.reshape(-1)  # (27*512,) <u8


MARKS: Final = _marks_table(False)
"""Dirty units of a changed unit's cells (#2's rules): ``MARKS[v * 512 + changed positions]``."""
MARKS_OWN: Final = _marks_table(True)
"""The same, and the unit itself (#1, ``simple``: its ``pruneCells`` is not idempotent)."""
POPCOUNT9: Final = UNPACK9.sum(axis=1).astype(np.intp)  # (512,) intp: units in each 9-bit set
POW9: Final = (1 << np.arange(9, dtype=np.uint16)).astype(np.uint16)[:, None]  # (9, 1) uint16

ALL_DIRTY: Final = np.array(0x1FF_01FF_01FF, dtype=DIRTY)  # () <u8
"""Every unit dirty: a new puzzle."""

PIVOT_DIRTY: Final = np.array(
    [_bit(r) | _bit(c) | _bit(b) for r, c, b in CELL_UNITS], dtype=DIRTY
)  # (81,) <u8: the three units of each cell
"""The units of each cell, as bits: the dirty units of a child of a settled grid."""
PIVOT_DIRTY.setflags(write=False)

FIRST_DIRTY: Final = np.array(
    [
        next(((s + k) % 3 for k in range(3) if nonempty >> (s + k) % 3 & 1), s)
        for s in range(3)
        for nonempty in range(8)
    ],
    dtype=np.intp,
)  # (24,) intp
"""``[8*s + e]``: the first stage from ``s`` on with dirty units, ``e``: the stages that have some."""

NEXT_STAGE: Final = np.array([8, 16, 0], dtype=np.intp)  # (3,) intp
"""``8 *`` the stage after each stage (the start stage, as :data:`FIRST_DIRTY` is indexed)."""
