"""The process that runs one of the benchmarks' fsudoku rows.

It is ``fsudoku.app.bench``'s child (``batch``: what ``fsudoku solve`` does; ``calls``: one
call a puzzle), tuned by :func:`benchmarks.settings.settle_run` unless ``--plain``, and the
``small`` mode of the small-batch target.
"""

from __future__ import annotations

import json
import os
import shlex
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the child itself loads fsudoku only after its settings
    from fsudoku.app.bench import Row

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
"""The repository (the child imports ``benchmarks`` from it)."""

SMALL_BATCH = 300
"""Puzzles per call in the small-batch target."""

SMALL_BATCHES = 10
"""How many small batches, spread evenly over the file, the small-batch target times."""


def launcher(plain: bool = False, program: str | None = None) -> Callable[[str, Row], list[str]]:
    """How the benchmarks start one of fsudoku's rows.

    This checkout's child, tuned or ``plain``, or an installed ``fsudoku`` ``program``
    (``solve``; its rows count no nodes: an older version, say).
    """

    def launch(mode: str, row: Row) -> list[str]:
        if program is not None:
            from fsudoku.base.names import SARKAR_RULES

            fmt = "grid" if row.solver in SARKAR_RULES else "line"
            options = ["--solver", str(row.solver), "--engine", row.engine, "--format", fmt]
            return [*shlex.split(program), "solve", "-q", *options, "--jobs", str(row.jobs)]
        code = (
            f"import sys; sys.path.insert(0, {ROOT!r}); from benchmarks import child; "
            f"child.main(plain={plain!r})"
        )
        return [sys.executable, "-c", code, mode, str(row.solver), row.engine, str(row.jobs)]

    return launch


def main(plain: bool = False) -> None:
    """Run one row: its settings, then its mode on the puzzles of standard input.

    The arguments are ``-c CODE MODE SOLVER ENGINE JOBS``. The row's settings come first
    (before fsudoku loads NumPy), then its mode; it ends as solve ends.
    """
    if not plain:
        from benchmarks.settings import settle_run

        settle_run()
    from fsudoku.app import bench, process

    if sys.argv[1] != "small":
        process.end(bench.child())
    lines = sys.stdin.read().splitlines()
    print(json.dumps(small(lines, sys.argv[2], sys.argv[3])), file=sys.stderr)
    process.end(0)


def small(lines: list[str], solver: str, engine: str) -> dict[str, float]:
    """The CPU microseconds a puzzle of whole-input and of small-batch ``solve_many`` calls.

    The whole input goes through one ``fsudoku.solve_many``, and :data:`SMALL_BATCHES`
    batches of :data:`SMALL_BATCH` puzzles spread over it through one call each.
    """
    from fsudoku import solve_many

    def solve(batch: list[str]) -> None:
        for _ in solve_many(batch, solver, engine=engine):  # type: ignore[arg-type]
            pass

    solve(lines[:SMALL_BATCH])  # warm
    started = time.process_time()
    solve(lines)
    whole = (time.process_time() - started) / max(len(lines), 1) * 1e6
    starts = spread(len(lines), SMALL_BATCH, SMALL_BATCHES)
    started = time.process_time()
    for start in starts:
        solve(lines[start : start + SMALL_BATCH])
    batches = (time.process_time() - started) / max(len(starts) * SMALL_BATCH, 1) * 1e6
    return {"whole": whole, "small": batches, "batches": len(starts)}


def spread(total: int, size: int, count: int) -> list[int]:
    """``count`` start indexes of batches of ``size``, spread evenly over ``total``.

    >>> spread(1000, 300, 3), spread(100, 300, 3)
    ([0, 350, 700], [0])
    """
    if total <= size:
        return [0]
    last = total - size
    return sorted({round(i * last / max(count - 1, 1)) for i in range(count)})
