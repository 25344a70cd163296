"""Timing the three Project Euler 96 solvers: median and 99th-percentile time per puzzle.

A benchmark, not a test: run it by hand, e.g. on the first 1,000 puzzles of
sudoku17::

    python3 -m fsudoku.bench_pe96 --solver dlx --count 1000 sudoku17.txt
    python3 -m fsudoku.bench_pe96 --clock cpu --count 1000 sudoku17.txt

Glossary: ``us`` microseconds, ``p99`` the 99th percentile (nearest rank),
``timing`` the summary of one run.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from itertools import islice
from pathlib import Path

from fsudoku import dlx, mrv, norvig
from fsudoku.formats import is_puzzle, read_puzzles
from fsudoku.outcome import Outcome

SOLVE_LINES: dict[str, Callable[[str, int | None], Outcome]] = {
    "mrv": mrv.solve_line,
    "dlx": dlx.solve_line,
    "norvig": norvig.solve_line,
}
"""``solve_line`` of each solver, by name."""


@dataclass(frozen=True, slots=True)
class Timing:
    """The summary of one run: how many puzzles, their outcomes, and times in microseconds."""

    puzzles: int
    solved: int
    gave_up: int
    median_us: float
    p99_us: float
    mean_us: float
    max_us: float
    median_nodes: float
    max_nodes: int

    def describe(self) -> str:
        """One line for a terminal."""
        return (
            f"{self.puzzles} puzzles, {self.solved} solved, {self.gave_up} gave up: "
            f"median {self.median_us:.0f} us, p99 {self.p99_us:.0f} us, "
            f"mean {self.mean_us:.0f} us, max {self.max_us:.0f} us; "
            f"nodes median {self.median_nodes:g}, max {self.max_nodes}"
        )


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The nearest-rank ``q``-th percentile of an ascending, non-empty sequence.

    >>> percentile(list(range(1, 101)), 99), percentile([5.0], 99)
    (99, 5.0)
    """
    rank = max(1, math.ceil(q / 100 * len(sorted_values)))
    return sorted_values[rank - 1]


CLOCKS: dict[str, Callable[[], float]] = {"wall": time.perf_counter, "cpu": time.process_time}
"""Wall-clock time, or this process's CPU time (steadier on a busy machine)."""


def time_solver(
    solve_line: Callable[[str, int | None], Outcome],
    puzzles: Iterable[str],
    max_nodes: int | None = None,
    clock: Callable[[], float] = time.perf_counter,
) -> Timing:
    """Time ``solve_line`` on each puzzle (one call each, wall clock by default).

    >>> timing = time_solver(dlx.solve_line, ["1" * 81, "." * 81])
    >>> timing.puzzles, timing.solved
    (2, 1)
    """
    times: list[float] = []
    nodes: list[int] = []
    solved = gave_up = 0
    for puzzle in puzzles:
        start = clock()
        outcome = solve_line(puzzle, max_nodes)
        times.append((clock() - start) * 1e6)
        nodes.append(outcome.nodes)
        solved += outcome.status == "solved"
        gave_up += outcome.status == "gave_up"
    if not times:
        raise ValueError("no puzzles to time")
    times.sort()
    return Timing(
        puzzles=len(times),
        solved=solved,
        gave_up=gave_up,
        median_us=statistics.median(times),
        p99_us=percentile(times, 99),
        mean_us=statistics.fmean(times),
        max_us=times[-1],
        median_nodes=statistics.median(nodes),
        max_nodes=max(nodes),
    )


def first_puzzles(path: str | Path, count: int) -> list[str]:
    """The first ``count`` valid puzzles of a file (either input format)."""
    with Path(path).open(encoding="utf-8") as handle:
        valid = (e.text for e in read_puzzles(handle) if is_puzzle(e.text))
        return list(islice(valid, count))


def time_named(
    name: str,
    path: str | Path,
    count: int = 1000,
    max_nodes: int | None = None,
    clock: str = "wall",
) -> Timing:
    """Time the solver called ``name`` on the first ``count`` puzzles of a file."""
    return time_solver(SOLVE_LINES[name], first_puzzles(path, count), max_nodes, CLOCKS[clock])


def main(argv: Sequence[str] | None = None) -> int:
    """``python3 -m fsudoku.bench_pe96 [--solver NAME]... [--count N] [--max-nodes N]
    [--clock wall|cpu] FILE``"""
    parser = argparse.ArgumentParser(prog="python3 -m fsudoku.bench_pe96")
    parser.add_argument("file")
    parser.add_argument("--solver", action="append", choices=sorted(SOLVE_LINES))
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--max-nodes", type=int, default=None)
    parser.add_argument("--clock", choices=sorted(CLOCKS), default="wall")
    args = parser.parse_args(argv)
    puzzles = first_puzzles(args.file, args.count)
    for name in args.solver or ["dlx", "norvig"]:
        timing = time_solver(SOLVE_LINES[name], puzzles, args.max_nodes, CLOCKS[args.clock])
        print(f"{name} ({args.clock} clock): {timing.describe()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
