"""The progress bar of a batch on a terminal, and the one-line summary it leaves.

The bar is drawn only on a terminal's stderr (and never with ``--quiet``): the count,
the rate and the ETA; its total is exact when every input is a regular file
(:func:`fsudoku.app.input.count_entries`).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Mapping
from typing import Any

__all__ = ["Progress", "check_summary", "screen", "summary"]

COLUMNS, ROWS = 80, 24
"""The terminal's size when it reports none (0 by 0: ``script``, many CI terminals) and
``COLUMNS`` and ``LINES`` do not say, as ``ls`` and the other coreutils take it."""


def _size(value: int, variable: str, fallback: int) -> int:
    """A terminal dimension; when the terminal reports 0, the environment's, then ``fallback``.

    >>> _size(120, "COLUMNS", 80), _size(0, "NO_SUCH_VARIABLE_HERE", 80)
    (120, 80)
    """
    if value > 0:
        return value
    text = os.environ.get(variable, "")
    return int(text) if text.isascii() and text.isdigit() and int(text) > 0 else fallback


def screen(stream: object) -> tuple[int, int]:
    """The columns and rows a bar on ``stream`` may use, as tqdm counts them (one less each).

    A terminal that reports 0 columns or rows gets ``COLUMNS`` and ``LINES``, or 80 by 24.
    """
    try:
        columns, rows = os.get_terminal_size(stream.fileno())  # type: ignore[attr-defined]
    except (AttributeError, OSError, ValueError):
        columns, rows = 0, 0
    return _size(columns, "COLUMNS", COLUMNS) - 1, _size(rows, "LINES", ROWS) - 1


class Progress:
    """Count, rate and ETA on a terminal's stderr, and the counts of each status.

    Silent when stderr is not a terminal; the counts are for the summary line. A terminal
    that reports no size gets a bar 80 columns wide (:func:`screen`).

    The ETA is the average rate over the whole run (tqdm's ``smoothing=0``), which
    settles after the first seconds rather than swinging with each batch.
    """

    def __init__(self, enabled: bool, total: int | None = None) -> None:
        self._bar: Any = None  # a tqdm bar (tqdm is not subscriptable at run time)
        self.started = time.monotonic()
        if enabled:
            from tqdm import tqdm  # loaded only for a bar that is drawn

            columns, rows = screen(sys.stderr)
            self._bar = tqdm(
                total=total,
                unit="puzzle",
                file=sys.stderr,
                leave=False,
                smoothing=0,
                ncols=columns,
                nrows=rows,
                mininterval=0.2,
            )
            self._bar.dynamic_ncols = screen  # follows the terminal's size, as it changes

    def update(self, count: int = 1) -> None:
        """``count`` more puzzles solved."""
        if self._bar is not None:
            self._bar.update(count)

    def close(self) -> None:
        """Remove the bar from the terminal."""
        if self._bar is not None:
            bar, self._bar = self._bar, None
            bar.close()

    def seconds(self) -> float:
        """Seconds since the bar was made."""
        return time.monotonic() - self.started


def summary(counts: dict[str, int], seconds: float) -> str:
    """The one-line summary of a run.

    ``49,151 puzzles: 49,151 solved, 0 invalid, 0 without solution, 5.2 s`` (give-ups and
    refusals too, when there are some).

    >>> summary({"solved": 3, "invalid": 1}, 0.25)
    '4 puzzles: 3 solved, 1 invalid, 0 without solution, 0.2 s'
    >>> summary({"solved": 1, "gave_up": 2}, 1.0)
    '3 puzzles: 1 solved, 0 invalid, 0 without solution, 2 given up, 1.0 s'
    """
    total = sum(counts.values())
    parts = [
        f"{counts.get('solved', 0):,} solved",
        f"{counts.get('invalid', 0):,} invalid",
        f"{counts.get('no_solution', 0):,} without solution",
    ]
    if counts.get("gave_up"):
        parts.append(f"{counts['gave_up']:,} given up")
    if counts.get("refused"):
        parts.append(f"{counts['refused']:,} refused")
    noun = "puzzle" if total == 1 else "puzzles"
    return f"{total:,} {noun}: {', '.join(parts)}, {seconds:.1f} s"


def check_summary(counts: Mapping[str, int], seconds: float) -> str | None:
    """``check``'s one-line summary (``None`` for no puzzle at all).

    >>> check_summary({"unique": 1, "multiple": 1, "none": 1}, 0.1)
    '3 puzzles: 1 unique, 1 multiple, 1 without solution, 0 invalid, 0.1 s'
    """
    total = sum(counts.values())
    if not total:
        return None
    return (
        f"{total:,} puzzle{'' if total == 1 else 's'}: {counts.get('unique', 0):,} unique, "
        f"{counts.get('multiple', 0):,} multiple, {counts.get('none', 0):,} without solution, "
        f"{counts.get('Invalid', 0):,} invalid, {seconds:.1f} s"
    )
