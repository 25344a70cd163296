"""``fsudoku bench``: solvers and engines side by side, on the same puzzles, in one run.

Each (solver, engine) pair runs in its own child process, one after another, so that
their peak memory is their own and they never compete for a core. For each it prints:

- ``puzzles/s`` and ``us/puzzle``: the whole batch, streamed as ``fsudoku solve`` does;
- ``median us`` and ``p99 us``: each puzzle timed on its own (the reference solves one
  puzzle at a time, so its batch gives these; a batched engine gets a second pass with
  one call per puzzle);
- ``nodes``: search nodes per puzzle (mean / median / max), as the solver counts them;
- ``peak MB``: the child's peak resident memory;
- ``speedup``: the first row's batch time over this row's.

Times are wall-clock on a shared machine: compare rows of one run, not runs.
"""

from __future__ import annotations

import argparse
import multiprocessing
import resource
import statistics
import sys
import time
from dataclasses import dataclass
from typing import TextIO

from fsudoku.outcome import Outcome
from fsudoku.solvers import FAST_SOLVERS, solve_many


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table."""

    solver: str
    engine: str
    puzzles: int
    batch_seconds: float
    median_us: float
    p99_us: float
    nodes_mean: float
    nodes_median: float
    nodes_max: int
    peak_mb: float
    unsolved: int


def _percentile(sorted_values: list[float], fraction: float) -> float:
    if not sorted_values:
        return 0.0
    index = min(len(sorted_values) - 1, round(fraction * (len(sorted_values) - 1)))
    return sorted_values[index]


def measure(
    puzzles: list[str], solver: str, engine: str, jobs: int = 1, progress: bool = False
) -> Row:
    """Time one solver on one engine over ``puzzles`` (in this process); ``progress``
    shows a bar on stderr (count, rate, ETA)."""
    from fsudoku.cli import Progress

    bar = Progress(progress, len(puzzles))
    started = time.perf_counter()
    singles: list[float] = []
    if jobs > 1:
        from fsudoku.cli import Entry, outcomes

        entries = iter([Entry(p, str(i)) for i, p in enumerate(puzzles, 1)])
        batch: list[Outcome] = [o for _, o in outcomes(entries, solver, engine, None, jobs)]
    else:
        batch = []
        last = started
        for outcome in solve_many(puzzles, solver, engine):
            now = time.perf_counter()
            bar.update()
            batch.append(outcome)
            singles.append((now - last) * 1e6)  # one puzzle at a time (reference engines)
            last = now
    batch_seconds = time.perf_counter() - started
    bar.close()
    if engine == "fast" or jobs > 1:  # batched: time each puzzle on its own call
        singles = []
        for puzzle in puzzles:
            t0 = time.perf_counter()
            for _ in solve_many([puzzle], solver, engine):
                pass
            singles.append((time.perf_counter() - t0) * 1e6)
    singles.sort()
    nodes = [o.nodes for o in batch]
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return Row(
        solver=solver,
        engine=engine,
        puzzles=len(puzzles),
        batch_seconds=batch_seconds,
        median_us=statistics.median(singles) if singles else 0.0,
        p99_us=_percentile(singles, 0.99),
        nodes_mean=statistics.fmean(nodes) if nodes else 0.0,
        nodes_median=statistics.median(nodes) if nodes else 0.0,
        nodes_max=max(nodes, default=0),
        peak_mb=peak_kb / 1024,
        unsolved=sum(o.status != "solved" for o in batch),
    )


def _child(
    puzzles: list[str], solver: str, engine: str, jobs: int, progress: bool, queue: object
) -> None:
    row = measure(puzzles, solver, engine, jobs, progress)
    queue.put(row)  # type: ignore[attr-defined]


def measure_in_child(
    puzzles: list[str], solver: str, engine: str, jobs: int = 1, progress: bool = False
) -> Row:
    """``measure`` in a fresh process (its own peak memory)."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    process = context.Process(target=_child, args=(puzzles, solver, engine, jobs, progress, queue))
    process.start()
    row: Row = queue.get()
    process.join()
    return row


def format_table(rows: list[Row]) -> str:
    """The rows as an aligned text table (Markdown-compatible)."""
    header = (
        "| solver | engine | puzzles | puzzles/s | us/puzzle | median us | p99 us "
        "| nodes mean/median/max | peak MB | speedup |"
    )
    lines = [header, "|" + "---|" * 10]
    base = rows[0].batch_seconds if rows else 1.0
    for r in rows:
        per = r.batch_seconds / max(r.puzzles, 1)
        lines.append(
            f"| {r.solver} | {r.engine} | {r.puzzles:,} | {r.puzzles / r.batch_seconds:,.1f} "
            f"| {per * 1e6:,.0f} | {r.median_us:,.0f} | {r.p99_us:,.0f} "
            f"| {r.nodes_mean:.1f} / {r.nodes_median:g} / {r.nodes_max:,} "
            f"| {r.peak_mb:,.0f} | {base / r.batch_seconds:.2f}x |"
        )
        if r.unsolved:
            lines[-1] += f" ({r.unsolved} unsolved)"
    return "\n".join(lines)


def read_puzzles(path: str, limit: int | None) -> list[str]:
    """The first ``limit`` puzzles of a file (any format ``fsudoku solve`` reads)."""
    from fsudoku.cli import read_sources

    errors: list[str] = []
    puzzles: list[str] = []
    for entry in read_sources([path], errors):
        puzzles.append(entry.text)
        if limit is not None and len(puzzles) >= limit:
            break
    if errors:
        from fsudoku.cli import UsageError

        raise UsageError("; ".join(errors))
    return puzzles


def main(args: argparse.Namespace, out: TextIO) -> int:
    """Run the benchmark the command line describes and print the table."""
    solvers: list[str] = args.solvers or ["exclusives"]
    engines: list[str] = args.engines or ["reference"]
    puzzles = read_puzzles(args.file, args.limit)
    rows: list[Row] = []
    for solver in solvers:
        for engine in engines:
            if engine == "fast" and solver not in FAST_SOLVERS:
                continue
            show = not args.quiet and sys.stderr.isatty() and len(puzzles) >= 20
            if show:
                print(f"timing {solver} on {engine} ...", file=sys.stderr)
            rows.append(measure_in_child(puzzles, solver, engine, args.jobs, show))
    out.write(f"{args.file}: {len(puzzles):,} puzzles, jobs={args.jobs}\n\n")
    out.write(format_table(rows) + "\n")
    out.flush()
    return 0
