"""The dirty-unit tables of the batch engine: which units a changed cell makes dirty.

Per grid, ``dirty`` (``uint32``) is the set of units that may change when pruned, bit
``v`` for unit ``v`` (rows ``0..8``, columns ``9..17``, sub-grids ``18..26``, as in
:mod:`fsudoku.fast.masks`); bits ``9*s..9*s+8`` are the units of stage ``s``. A unit
that changed marks the other two units of each changed cell dirty, looked up in one
table by the unit and the 9-bit set of its changed positions; under #1 (rule
``simple``, not idempotent) the unit itself stays dirty too. Why skipping clean units
is exact: :mod:`fsudoku.fast.scalar`.

>>> bin(int(PIVOT_DIRTY[0]))
'0b1000000001000000001'
>>> int(MARKS[0 * 512 + 0b1]) == (1 << 9) | (1 << 18), int(MARKS_OWN[0]) == 0
(True, True)
"""

from __future__ import annotations

from typing import Final

import numpy as np
import numpy.typing as npt

from fsudoku.fast.masks import CELL_UNITS, UNITS

__all__ = [
    "ALL_DIRTY",
    "MARKS",
    "MARKS_OWN",
    "PIVOT_DIRTY",
    "POPCOUNT9",
    "POW9",
    "STAGE_BITS",
    "UNIT_CELLS",
    "UNPACK9",
]

UNIT_CELLS: Final[npt.NDArray[np.intp]] = np.array(UNITS, dtype=np.intp).T.copy()
"""``UNIT_CELLS[k, v]``: the grid cell at position ``k`` of unit ``v`` (``v = 9*stage + u``)."""
UNIT_CELLS.setflags(write=False)

OTHER_BITS: Final = np.array(
    [
        [
            (1 << CELL_UNITS[c][(v // 9 + 1) % 3]) | (1 << CELL_UNITS[c][(v // 9 + 2) % 3])
            for v, unit in enumerate(UNITS)
            for c in [unit[k]]
        ]
        for k in range(9)
    ],
    dtype=np.uint32,
)  # (9, 27) uint32: the other two units of cell k of unit v, as bits
OTHER_BITS.setflags(write=False)

UNPACK9: Final = ((np.arange(512)[:, None] >> np.arange(9)) & 1).astype(np.bool_)  # (512, 9) bool
"""The positions in each 9-bit set, as flags."""


def _marks_table(own: bool) -> npt.NDArray[np.uint32]:
    """``[v * 512 + p]``: the units dirty once the cells at positions ``p`` of unit ``v`` change.

    They are the other two units of each of those cells, and ``v`` itself if ``own`` and
    ``p`` is not empty.
    """
    others = OTHER_BITS.T[:, None, :] * UNPACK9[None, :, :]  # (27, 512, 9) uint32
    table: npt.NDArray[np.uint32] = np.bitwise_or.reduce(others, axis=2)  # (27, 512) uint32
    if own:
        table[:, 1:] |= (np.uint32(1) << np.arange(27, dtype=np.uint32))[:, None]
    table.setflags(write=False)
    return table.reshape(-1)  # (27*512,) uint32


MARKS: Final = _marks_table(False)
"""Dirty units of a changed unit's cells (#2's rules): ``MARKS[v * 512 + changed positions]``."""
MARKS_OWN: Final = _marks_table(True)
"""The same, and the unit itself (#1, ``simple``: its ``pruneCells`` is not idempotent)."""
POPCOUNT9: Final = UNPACK9.sum(axis=1).astype(np.intp)  # (512,) intp: units in each 9-bit set
POW9: Final = (1 << np.arange(9, dtype=np.uint16)).astype(np.uint16)[:, None]  # (9, 1) uint16
STAGE_BITS: Final = np.uint32(0x1FF)
"""The nine units of one stage, as bits (shifted by ``9 * stage``)."""

ALL_DIRTY: Final = np.uint32((1 << 27) - 1)
"""Every unit dirty: a new puzzle."""

PIVOT_DIRTY: Final = np.array(
    [(1 << r) | (1 << c) | (1 << b) for r, c, b in CELL_UNITS], dtype=np.uint32
)  # (81,) uint32: the three units of each cell
"""The units of each cell, as bits: the dirty units of a child of a settled grid."""
