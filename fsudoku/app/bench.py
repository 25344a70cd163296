"""``fsudoku bench``: solvers, engines and worker counts side by side, on the same
puzzles, in one run.

Each (solver, engine, jobs) row runs in its own child process, one after another, so
that its peak memory is its own and rows never compete for a core. For each row:

- ``puzzles/s`` and ``us/puzzle``: the whole batch, streamed as ``fsudoku solve`` does;
- ``median us`` and ``p99 us``: each puzzle timed on its own. The reference solves one
  puzzle at a time, so its batch gives these; the fast engine gets a second pass with
  one call per puzzle; rows with several workers leave them out (``-``);
- ``nodes``: search nodes per puzzle (mean / median / max), as the solver counts them;
- ``peak MB``: the child's peak resident memory (workers not included);
- ``speedup``: the first row's batch time over this row's.

``--hardest N`` benchmarks the N puzzles of the file that the ``exclusives`` rule needs
the most nodes for (counted with the fast engine, which counts exactly as the reference).

Times are wall-clock on a shared machine: compare rows of one run, not runs.
"""

from __future__ import annotations

import argparse
import heapq
import multiprocessing
import resource
import statistics
import sys
import time
from dataclasses import dataclass
from typing import TextIO

from fsudoku.app.usage import UsageError
from fsudoku.outcome import Outcome
from fsudoku.solvers import FAST_SOLVERS, Engine, SolverName, solve_many


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the table."""

    solver: SolverName
    engine: Engine
    jobs: int
    puzzles: int
    batch_seconds: float
    median_us: float | None
    p99_us: float | None
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
    puzzles: list[str], solver: SolverName, engine: Engine, jobs: int = 1, progress: bool = False
) -> Row:
    """Time one solver on one engine over ``puzzles`` (in this process); ``progress``
    shows a bar on stderr (count, rate, ETA)."""
    from fsudoku.batch import Entry, Progress, outcomes

    bar = Progress(progress, len(puzzles))
    singles: list[float] = []
    batch: list[Outcome] = []
    started = last = time.perf_counter()
    if jobs > 1:
        entries = iter([Entry(p, str(i)) for i, p in enumerate(puzzles, 1)])
        for _, outcome in outcomes(entries, solver, engine, None, jobs):
            bar.update()
            batch.append(outcome)
    else:
        for outcome in solve_many(puzzles, solver, engine):
            now = time.perf_counter()
            bar.update()
            batch.append(outcome)
            singles.append((now - last) * 1e6)  # one puzzle at a time (reference engines)
            last = now
    batch_seconds = time.perf_counter() - started
    bar.close()
    if engine == "fast" and jobs == 1:  # batched: time each puzzle on its own call
        singles = []
        for puzzle in puzzles:
            t0 = time.perf_counter()
            for _ in solve_many([puzzle], solver, engine):
                pass
            singles.append((time.perf_counter() - t0) * 1e6)
    singles.sort()
    nodes = [o.nodes for o in batch]
    return Row(
        solver=solver,
        engine=engine,
        jobs=jobs,
        puzzles=len(puzzles),
        batch_seconds=batch_seconds,
        median_us=statistics.median(singles) if singles else None,
        p99_us=_percentile(singles, 0.99) if singles else None,
        nodes_mean=statistics.fmean(nodes) if nodes else 0.0,
        nodes_median=statistics.median(nodes) if nodes else 0.0,
        nodes_max=max(nodes, default=0),
        peak_mb=resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
        unsolved=sum(o.status != "solved" for o in batch),
    )


def _child(
    puzzles: list[str], solver: SolverName, engine: Engine, jobs: int, progress: bool, queue: object
) -> None:
    queue.put(measure(puzzles, solver, engine, jobs, progress))  # type: ignore[attr-defined]


def measure_in_child(
    puzzles: list[str], solver: SolverName, engine: Engine, jobs: int = 1, progress: bool = False
) -> Row:
    """``measure`` in a fresh process (its own peak memory)."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    process = context.Process(target=_child, args=(puzzles, solver, engine, jobs, progress, queue))
    process.start()
    row: Row = queue.get()
    process.join()
    return row


def _us(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f}"


def format_table(rows: list[Row]) -> str:
    """The rows as a Markdown table."""
    lines = [
        "| solver | engine | jobs | puzzles | puzzles/s | us/puzzle | median us | p99 us "
        "| nodes mean / median / max | peak MB | speedup |",
        "|" + "---|" * 11,
    ]
    base = rows[0].batch_seconds if rows else 1.0
    for r in rows:
        per = r.batch_seconds / max(r.puzzles, 1)
        line = (
            f"| {r.solver} | {r.engine} | {r.jobs} | {r.puzzles:,} "
            f"| {r.puzzles / r.batch_seconds:,.1f} | {per * 1e6:,.0f} "
            f"| {_us(r.median_us)} | {_us(r.p99_us)} "
            f"| {r.nodes_mean:,.1f} / {r.nodes_median:g} / {r.nodes_max:,} "
            f"| {r.peak_mb:,.0f} | {base / r.batch_seconds:.3g}x |"
        )
        if r.unsolved:
            line += f" {r.unsolved} not solved"
        lines.append(line)
    return "\n".join(lines)


def read_puzzles(path: str, limit: int | None) -> list[str]:
    """The first ``limit`` puzzles of a file (any format ``fsudoku solve`` reads)."""
    from fsudoku.batch import read_sources

    errors: list[str] = []
    puzzles: list[str] = []
    for entry in read_sources([path], errors):
        puzzles.append(entry.text)
        if limit is not None and len(puzzles) >= limit:
            break
    if errors:
        raise UsageError("; ".join(errors))
    return puzzles


def hardest(puzzles: list[str], count: int) -> list[str]:
    """The ``count`` puzzles that ``exclusives`` needs the most nodes for, in file order."""
    nodes = [o.nodes for o in solve_many(puzzles, "exclusives", "fast")]
    chosen = heapq.nlargest(count, range(len(puzzles)), key=lambda i: (nodes[i], -i))
    return [puzzles[i] for i in sorted(chosen)]


def main(args: argparse.Namespace, out: TextIO) -> int:
    """Run the benchmark the command line describes and print the table."""
    solvers: list[SolverName] = args.solvers or ["exclusives"]
    engines: list[Engine] = args.engines or ["reference"]
    jobs_list: list[int] = args.jobs or [1]
    puzzles = read_puzzles(args.file, args.limit)
    label = f"the first {len(puzzles):,} puzzles" if args.limit else f"{len(puzzles):,} puzzles"
    if args.hardest:
        puzzles = hardest(puzzles, args.hardest)
        label = f"the {len(puzzles):,} hardest (most exclusives nodes) of {label}"
    rows: list[Row] = []
    show = not args.quiet and sys.stderr.isatty() and len(puzzles) >= 20
    for solver in solvers:
        for engine in engines:
            if engine == "fast" and solver not in FAST_SOLVERS:
                continue
            for jobs in jobs_list:
                if show:
                    print(f"timing {solver} on {engine}, jobs={jobs} ...", file=sys.stderr)
                rows.append(measure_in_child(puzzles, solver, engine, jobs or 1, show))
    out.write(f"{args.file}: {label}\n\n")
    out.write(format_table(rows) + "\n")
    out.flush()
    return 0
