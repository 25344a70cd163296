"""``fsudoku bench``: time solvers, engines and commands on the same puzzles.

Solvers, engines, worker counts and external commands, a whole process a row (in a process
group of its own), shown as a Markdown table.

fsudoku's rows do what ``fsudoku solve`` does; ``--against [SOLVER=]CMD`` adds a shell
command that reads the same lines, and a column: its wall time over each row's (CPU in
brackets). SIGINT, SIGTERM and SIGHUP kill the group of the row being timed, as
``--timeout`` does a command's. The project's targets are the repository's ``benchmarks/``.
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import heapq
import itertools
import json
import os
import resource
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO, cast

from fsudoku import solve, solve_many
from fsudoku.app import output, render
from fsudoku.app.input import EntryStream
from fsudoku.app.messages import os_error_message, shown
from fsudoku.app.usage import External, UsageError
from fsudoku.base.names import SARKAR_RULES, Engine, SolverName
from fsudoku.run import batch, sources
from fsudoku.run.registry import FAST_SOLVERS

MAX_PUZZLES = 1_000_000
"""The most puzzles bench reads (about 130 MB of lines in memory); more: ``--limit``."""


def plural(count: int, word: str) -> str:
    """``1 puzzle``, ``2 puzzles``: ``plural(49151, "puzzle") == "49,151 puzzles"``."""
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


@dataclass(slots=True)
class Run:
    """One timed run of a process: wall and CPU seconds, output digest, exit status."""

    wall: float
    cpu: float
    digest: str
    status: int
    stats: dict[str, Any] = field(default_factory=dict)
    timed_out: bool = False

    def failure(self) -> str | None:
        """How the run failed, or ``None`` (a shell reports signal N as 128 + N)."""
        if self.timed_out or self.status < 0:
            return "timeout" if self.timed_out else f"signal {-self.status}"
        killed = f" (signal {self.status - 128})" if 128 < self.status <= 192 else ""
        return f"exit {self.status}{killed}" if self.status else None


@dataclass(slots=True)
class Row:
    """One line of the table: a solver on an engine with some workers, or a command."""

    label: str
    solver: SolverName | None
    engine: str
    jobs: int
    puzzles: int
    runs: list[Run] = field(default_factory=list)
    calls: list[dict[str, float]] = field(default_factory=list)
    external: External | None = None

    def wall(self) -> float:
        """The median wall-clock time of the row's runs."""
        return statistics.median(r.wall for r in self.runs)

    def cpu(self) -> float:
        """The median CPU time of the row's runs."""
        return statistics.median(r.cpu for r in self.runs)

    def failure(self) -> str | None:
        """The failure of the row's first run that failed, or ``None``."""
        return next(filter(None, (r.failure() for r in self.runs)), None)


def kill_group(pid: int) -> None:
    """Kill a row's process group (what is left of it), bench's signals held meanwhile."""
    held = signal.pthread_sigmask(signal.SIG_BLOCK, (signal.SIGINT, signal.SIGTERM, signal.SIGHUP))
    with contextlib.suppress(OSError):
        os.killpg(pid, signal.SIGKILL)
    signal.pthread_sigmask(signal.SIG_SETMASK, held)


def run_process(argv: Sequence[str] | str, path: str, timeout: float | None = None) -> Run:
    """Run a command line on the file ``path`` in a process group of its own.

    A ``str`` is a shell command. The group is killed past ``timeout``, on any error and at
    its end. Its ``stats``: the JSON that ends the standard error of fsudoku's rows.
    """
    late, shell, pipe = False, isinstance(argv, str), subprocess.PIPE
    with open(path, "rb") as stdin:
        before, started = resource.getrusage(resource.RUSAGE_CHILDREN), time.perf_counter()
        errors = subprocess.DEVNULL if shell else pipe  # fsudoku's rows: their figures
        process = subprocess.Popen(
            argv, shell=shell, stdin=stdin, stdout=pipe, stderr=errors, start_new_session=True
        )
    try:
        out, err = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        kill_group(process.pid)
        (out, err), late = process.communicate(), True
    except BaseException:
        kill_group(process.pid)
        process.wait()
        raise
    wall, usage = time.perf_counter() - started, resource.getrusage(resource.RUSAGE_CHILDREN)
    kill_group(process.pid)  # what it left behind
    cpu = usage.ru_utime + usage.ru_stime - before.ru_utime - before.ru_stime
    figures: dict[str, Any] = {}
    with contextlib.suppress(ValueError):  # the last line of a row's standard error
        figures = json.loads((err or b"{}").strip().rsplit(b"\n", 1)[-1])
    return Run(wall, cpu, hashlib.sha256(out).hexdigest(), process.returncode, figures, late)


def child_argv(mode: str, row: Row) -> list[str]:
    """One of fsudoku's rows (``batch`` or ``calls``): a new interpreter, ended as solve's."""
    code = "import sys; from fsudoku.app import bench, process; process.end(bench.child())"
    return [sys.executable, "-c", code, mode, str(row.solver), row.engine, str(row.jobs)]


def child() -> int:
    """Run one of fsudoku's rows on the puzzles of standard input.

    The arguments are ``-c CODE MODE SOLVER ENGINE JOBS``. ``batch`` does what
    ``fsudoku solve`` does, and counts nodes (but a refused puzzle's, not searched) and
    statuses; ``calls`` times one ``fsudoku.solve`` a puzzle.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # the parent reports an interrupt
    mode, solver, engine = sys.argv[1], cast(SolverName, sys.argv[2]), cast(Engine, sys.argv[3])
    figures: dict[str, Any] = {"nodes": None, "statuses": {}}
    if mode == "calls":
        lines, times = sys.stdin.read().splitlines(), []
        for line in lines[:1] + lines:  # the first call warms up, and is not counted
            started = time.perf_counter()
            solve(line, solver, engine=engine)
            times.append((time.perf_counter() - started) * 1e6)
        times = sorted(times[1:])
        p99 = times[min(len(times) - 1, round(0.99 * (len(times) - 1)))]
        figures = {"median": statistics.median(times), "mean": statistics.fmean(times), "p99": p99}
    else:
        writer, nodes = output.Writer(sys.stdout, "standard output", held=True), []  # as solve's
        entries = EntryStream(["-"], False, lambda error: None)  # read as solve reads it
        jobs = int(sys.argv[4])
        fmt, idle = "grid" if solver in SARKAR_RULES else "line", writer.flush
        for entry, outcome in batch.outcomes(
            entries, solver, engine=engine, jobs=jobs, on_idle=idle
        ):
            nodes += [outcome.nodes] if outcome.status != "refused" else []
            figures["statuses"][outcome.status] = figures["statuses"].get(outcome.status, 0) + 1
            writer.write(render.render(outcome, entry, fmt, solver))
        writer.flush()
        if nodes:
            figures["nodes"] = [statistics.fmean(nodes), statistics.median(nodes), max(nodes)]
    print(json.dumps(figures), file=sys.stderr)  # its last line
    return 0


def read_puzzles(path: str, limit: int | None) -> list[str]:
    """The first ``limit`` puzzles of a file (a usage error: unreadable, none, too many)."""
    puzzles: list[str] = []
    for entry in sources.read_sources([path]):
        if isinstance(entry, sources.SourceError):
            raise UsageError(os_error_message(entry.source, entry.error))
        if len(puzzles) == MAX_PUZZLES:
            more = f"more than {plural(MAX_PUZZLES, 'puzzle')}, the most bench reads"
            raise UsageError(f"bench: {shown(path)}: {more} (--limit N, N <= {MAX_PUZZLES:,})")
        puzzles.append(entry.text)
        if len(puzzles) == limit:
            break
    if not puzzles:
        raise UsageError(f"bench: {shown(path)}: no puzzle in the input")
    return puzzles


def hardest(puzzles: list[str], count: int) -> list[str]:
    """The ``count`` puzzles that ``exclusives`` needs the most nodes for, in file order."""
    nodes = [o.nodes for o in solve_many(puzzles, "exclusives", engine="fast")]
    chosen = heapq.nlargest(count, range(len(puzzles)), key=lambda i: (nodes[i], -i))
    return [puzzles[i] for i in sorted(chosen)]


def measure(
    rows: list[Row],
    path: str,
    repeat: int = 1,
    per_puzzle: bool = False,
    timeout: float | None = None,
    launch: Callable[[str, Row], list[str]] = child_argv,
    progress: Callable[[str], object] | None = None,
) -> None:
    """Run every row ``repeat`` times, in rounds; commands with ``timeout`` seconds a run."""
    progress = progress or (lambda text: None)
    for round_, row in ((i, r) for i in range(1, repeat + 1) for r in rows):
        progress(f"round {round_}/{repeat}: {row.label} ...")
        if row.external is None:
            run = run_process(launch("batch", row), path)
        else:
            run = run_process(row.external.command, path, timeout)
        row.runs.append(run)
        if run.failure() is not None:
            progress(f"round {round_}/{repeat}: {row.label} failed: {run.failure()}")
        elif per_puzzle and row.external is None and row.jobs == 1:
            row.calls.append(run_process(launch("calls", row), path).stats)


def format_table(rows: list[Row], externals: list[External], per_puzzle: bool = False) -> str:
    """The rows as a Markdown table; ``output`` is there with commands or a failed row."""
    output = bool(externals) or any(r.failure() is not None for r in rows)
    head = ["solver", "engine", "jobs", "puzzles", "wall s", "CPU s", "us/puzzle"]
    head += [f"per call {k} us" for k in ("median", "mean", "p99")] if per_puzzle else []
    head += ["nodes mean / median / max", "unsolved", *["output"] * output]
    head += [f"x {e.label}" for e in externals]
    theirs = {e: next(r for r in rows if r.external is e) for e in externals}
    lines = [_line(head), "|---" * len(head) + "|"]
    for r in rows:
        stats, per = r.runs[0].stats, r.wall() / max(r.puzzles, 1) * 1e6
        cells = [r.solver or r.label, r.engine, "-" if r.external else str(r.jobs)]
        cells += [f"{r.puzzles:,}", f"{r.wall():,.2f}", f"{r.cpu():,.2f}", f"{per:,.0f}"]
        for key in ("median", "mean", "p99") if per_puzzle else ():
            values = [c[key] for c in r.calls if key in c]
            cells.append(f"{statistics.median(values):,.0f}" if values else "-")
        mean, median, top = stats.get("nodes") or (None, 0, 0)
        cells.append("-" if mean is None else f"{mean:,.1f} / {median:g} / {top:,}")
        counts = sorted((k.replace("_", " "), n) for k, n in stats.get("statuses", {}).items())
        unsolved = ", ".join(f"{n:,} {k}" for k, n in counts if k != "solved") or "0"
        cells += [unsolved if "statuses" in stats else "-", *[_same(r, externals, theirs)] * output]
        lines.append(_line(cells + [_ratio(r, e, theirs[e]) for e in externals]))
    return "\n".join(lines)


def _line(cells: list[str]) -> str:
    """One Markdown table line; a ``|`` in a cell (a command's pipe) is escaped."""
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def _ratio(row: Row, external: External, other: Row) -> str:
    """A command's wall time over a row's (CPU in brackets), where one is taken."""
    not_its = external.solver is not None and (row.external or row.solver != external.solver)
    if row is other or not_its or row.failure() or other.failure():
        return "-"
    return f"{other.wall() / row.wall():.3g}x ({other.cpu() / max(row.cpu(), 1e-9):.3g}x)"


def _same(row: Row, externals: list[External], theirs: dict[External, Row]) -> str:
    """Whether a row printed the bytes of its solver's first command that did not fail."""
    if row.failure() is not None:
        return f"failed: {row.failure()}"
    for e in externals if row.external is None else []:
        if e.solver == row.solver and theirs[e].failure() is None:
            same = all(a.digest == theirs[e].runs[0].digest for a in row.runs)
            return f"same as {e.label}" if same else f"differs from {e.label}"
    return "-"


def main(args: argparse.Namespace, out: TextIO) -> int:
    """Time the rows the command line asks for and print their table; the exit status."""
    externals: list[External] = args.against or []
    puzzles = read_puzzles(args.file, args.limit)
    label = plural(len(puzzles), "puzzle")
    if args.limit:
        label = f"the first {label}" if len(puzzles) != 1 else "the first puzzle"
    if args.hardest:
        puzzles = hardest(puzzles, args.hardest)
        label = f"the {len(puzzles):,} hardest (most exclusives nodes) of {label}"
    asked = itertools.product(args.solvers or ["exclusives"], args.engines or ["reference"])
    rows = [
        Row(f"{s} {e} jobs={j}", s, e, j, len(puzzles))
        for (s, e), j in itertools.product(asked, args.jobs or [1])
        if e != "fast" or s in FAST_SOLVERS
    ]
    rows += [Row(e.label, e.solver, "external", 1, len(puzzles), external=e) for e in externals]
    if not rows:
        raise UsageError(f"bench: nothing to time (the fast engine: {', '.join(FAST_SOLVERS)})")
    loud = not args.quiet and sys.stderr is not None and sys.stderr.isatty()
    with tempfile.TemporaryDirectory(prefix="fsudoku-bench-") as folder:
        path = os.path.join(folder, "puzzles.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(p + "\n" for p in puzzles)
        say = (lambda text: print(text, file=sys.stderr)) if loud else None
        measure(rows, path, args.repeat, args.per_puzzle, args.timeout or None, progress=say)
    medians = f", medians of {plural(args.repeat, 'run')}" if args.repeat > 1 else ""
    table = format_table(rows, externals, args.per_puzzle)
    out.write(f"{shown(args.file)}: {label}{medians}\n\n{table}\n")
    out.flush()
    return 1 if any(r.failure() is not None for r in rows) else 0
