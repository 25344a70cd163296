"""``fsudoku bench``: solvers, engines, worker counts and external solver commands side
by side, on the same puzzles, in one run.

The articles time their ``main`` on a file with ``time``; this
does the same for every row, in one run, so that the ratios come from one run.

Each row is one whole process, started, fed and timed the same way: the puzzles on
its standard input (one line each), its output read from a pipe, its time taken from
start to exit (start-up and imports included), its CPU time (user + system, workers
included) and the peak memory of its process tree (a lone process's resident size;
with workers, their proportional set sizes: a page they share is counted once).
fsudoku's rows run what ``fsudoku solve`` runs (``--format grid``, the article's
``main``, for Sarkar's solvers; ``--format line`` for the others, which is what the minimal ``main`` of
Bird's solver prints); ``--against CMD`` adds a row for an external
command that reads the same lines on standard input (the articles' code compiled with
GHC, say), and a column with each row's speed relative to it. ``SOLVER=CMD`` says
which solver the command implements: its ratio column and its output check are then
only for that solver's rows. Rows run one after another, never at the same time; with
``--repeat R`` every row runs R times, in rounds, and the table shows medians.

Columns: ``wall s`` (start to exit), ``CPU s``, ``us/puzzle`` (wall), ``nodes``
(search nodes per puzzle, mean / median / max, as the solver counts them; the puzzles
``bird-naive`` refuses are not searched and left out, ``-`` if none was), ``peak MB``
(memory of the process and its workers together, sampled: a lone process's resident
size, or their proportional set sizes, shared pages counted once), ``unsolved``,
``output`` (whether the output is byte for byte that of the external command of the
same solver) and ``xCMD`` (the external command's wall time over this row's: how
many times faster; CPU time ratio in brackets).

``--per-puzzle`` adds a pass of single calls, in a process of its own after the
timed run: each puzzle solved by its own call of ``fsudoku.run.registry.solve_many`` on a
one-line input (for the fast engine: :func:`fsudoku.fast.solve_one`), in a warm
process; the ``per call`` columns are the median, mean and 99th percentile of those
calls. ``--targets`` measures the rows of the speed targets (README's Benchmarks).

A row whose process exits with a non-zero status or is killed is a failed row: its
``output`` column says ``failed: exit N`` or ``failed: signal N`` (``failed: exit 137
(signal 9)`` when the shell that runs an ``--against`` command reports its command
killed), its ratio cells are ``-``, no row's ratio is taken against it, and ``bench``
exits with status 1 (0 when every row ran). A command whose non-zero status means
something else can be wrapped: ``fsudoku solve`` exits 1 when a puzzle is left
unsolved, so ``"fsudoku solve || [ $? -eq 1 ]"``. The ``output`` of one of fsudoku's rows is
compared with the first ``--against`` command of its solver that did not fail, in the
order given (``-`` when there is none); later commands of the same solver get their own
ratio column only. An empty command, an empty solver name before ``=`` or a command
whose shell quoting does not parse is a usage error (status 2) before anything runs.

The puzzles are read into memory: at most ``MAX_PUZZLES`` of them (``--limit N`` stops
reading at N); past that, and for an input with no puzzle, a usage error (status 2).

Times are wall-clock on what may be a shared machine: compare rows of one run, not
runs, and prefer the CPU ratio when other jobs are running.
"""

from __future__ import annotations

import argparse
import hashlib
import heapq
import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from fsudoku.app.usage import UsageError, bench_arguments
from fsudoku.base.names import SARKAR_RULES, SOLVERS, Engine, SolverName
from fsudoku.base.outcome import Outcome
from fsudoku.run.registry import FAST_SOLVERS, NAIVE_MAX_NODES


def solve_many(
    lines: Sequence[str], solver: SolverName, engine: Engine, max_nodes: int | None = None
) -> Iterator[Outcome]:
    """The outcomes of lines in this process (the library's batch, one job)."""
    from fsudoku import solve_many as many

    return many(lines, solver, engine=engine, max_nodes=max_nodes)


__all__ = [
    "External",
    "Row",
    "compile_package",
    "format_table",
    "hardest",
    "main",
    "parse_against",
    "plural",
    "read_puzzles",
    "run",
]

SMALL_BATCH = 300
"""Puzzles per call in the small-batch target."""

SMALL_BATCHES = 10
"""How many small batches, spread evenly over the file, the small-batch target times."""

CALL_STRIDE = 10
"""The one-puzzle-per-call target times every ``CALL_STRIDE``-th puzzle of the file."""

BIRD_PUZZLES = 20
"""The Bird target runs on this many puzzles from the start of the file."""

REFERENCE_PUZZLES = 1000
"""The reference target runs on this many puzzles from the start of the file."""

HARD_SET = 375
"""Default size of the hard set (``--hardest``) in ``--targets``."""

MAX_PUZZLES = 1_000_000
"""The most puzzles ``bench`` reads (about 130 MB of lines in memory); more: ``--limit``."""

EXIT_FAILED = 1
"""The exit status of a run in which a row failed (exited non-zero or was killed)."""


def plural(count: int, word: str) -> str:
    """``1 puzzle``, ``2 puzzles``, ``49,151 puzzles``.


    >>> plural(1, "node"), plural(0, "puzzle"), plural(49151, "puzzle")
    ('1 node', '0 puzzles', '49,151 puzzles')
    """
    return f"{count:,} {word}" if count == 1 else f"{count:,} {word}s"


# ---------------------------------------------------------------------------
# What one row measured


@dataclass(slots=True)
class Run:
    """One timed run of a process: wall and CPU seconds, peak memory, output digest."""

    wall: float
    cpu: float
    peak_mb: float
    digest: str
    status: int
    stats: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class External:
    """An external solver command (``--against``), and the solver it implements."""

    command: str
    solver: SolverName | None = None

    @property
    def label(self) -> str:
        """The command as the table shows it (its program's base name and arguments)."""
        words = shlex.split(self.command) or [self.command]
        return " ".join([os.path.basename(words[0]), *words[1:]])


def parse_against(text: str) -> External:
    """``--against [SOLVER=]CMD``: the command, and the solver it implements if named.


    >>> parse_against("exclusives=/tmp/ghc/sarkar2")
    External(command='/tmp/ghc/sarkar2', solver='exclusives')
    >>> parse_against("./solve --fast").solver is None
    True
    """
    name, sep, rest = text.partition("=")
    if sep and not name.strip():
        raise UsageError(f"--against {_quoted(text)}: no solver name before '='")
    if sep and name in SOLVERS:
        if not rest.strip():
            raise UsageError(f"--against {_quoted(text)}: no command after '{name}='")
        external = External(rest.strip(), name)
    elif not text.strip():
        raise UsageError("--against needs a command")
    else:
        external = External(text.strip())
    try:
        shlex.split(external.command)
    except ValueError as error:
        reason = str(error)
        raise UsageError(f"--against {_quoted(text)}: {reason[:1].lower() + reason[1:]}") from None
    return external


def _quoted(text: str) -> str:
    r"""An option value as a shell would take it back (for messages).


    >>> print(_quoted("\\"), _quoted("cat 'x"), _quoted("exclusives="))
    '\' "cat 'x" 'exclusives='
    """
    if "'" not in text:
        return f"'{text}'"
    if not any(c in text for c in '"$`\\'):
        return f'"{text}"'
    return shlex.quote(text)


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
        """The median wall time of the runs."""
        return statistics.median(r.wall for r in self.runs)

    def cpu(self) -> float:
        """The median CPU time of the runs."""
        return statistics.median(r.cpu for r in self.runs)

    def peak(self) -> float:
        """The largest peak memory of the runs (MB)."""
        return max(r.peak_mb for r in self.runs)

    def stats(self) -> dict[str, Any]:
        """The node and status figures of the first run (the same in every run)."""
        return self.runs[0].stats if self.runs else {}

    def call(self, key: str) -> float | None:
        """The median over repeats of a per-call figure (``median``, ``mean``, ``p99``)."""
        values = [c[key] for c in self.calls if key in c]
        return statistics.median(values) if values else None

    def failure(self) -> str | None:
        """How the row failed (``exit 1``, ``signal 9``), or ``None`` if every run ran."""
        return next((_failure(r.status) for r in self.runs if r.status != 0), None)


def _failure(status: int) -> str:
    """A process's non-zero exit status in words (negative: killed by that signal).

    A shell reports a command killed by signal N as 128 + N.

    >>> _failure(1), _failure(-9), _failure(137)
    ('exit 1', 'signal 9', 'exit 137 (signal 9)')
    """
    if status < 0:
        return f"signal {-status}"
    if 128 < status <= 128 + 64:
        return f"exit {status} (signal {status - 128})"
    return f"exit {status}"


# ---------------------------------------------------------------------------
# Running a process, timing it, sampling its memory


def _tree_memory(pid: int, proportional: bool = True) -> tuple[int, int]:
    """The memory (bytes) of a process and all its descendants (Linux), and how many
    processes that is: the sum of their proportional set sizes (a page shared by forked
    workers is counted once, split between them), or of their resident sizes
    (``proportional=False``, cheap to read; also where ``smaps_rollup`` cannot be read)."""
    total, count = 0, 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            total += _own_memory(p) if proportional else _resident(p)
            count += 1
            with open(f"/proc/{p}/task/{p}/children") as handle:
                todo.extend(int(c) for c in handle.read().split())
        except (OSError, ValueError):
            continue
    return total, count


def _own_memory(pid: int) -> int:
    """One process's proportional set size (bytes), or its resident size."""
    try:
        with open(f"/proc/{pid}/smaps_rollup") as handle:
            for line in handle:
                if line.startswith("Pss:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    return _resident(pid)


def _resident(pid: int) -> int:
    """One process's resident size (bytes)."""
    with open(f"/proc/{pid}/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


SAMPLE_EVERY = 0.02
"""Seconds between two samples of a row's resident memory."""

PSS_GROWTH = 1 << 21
"""Resident bytes a tree of processes must gain before their proportional sizes are read
again (reading them walks every page table of the processes, which slows them down);
they are also read every tenth sample. A lone process's peak is its resident size."""


def _run_process(argv: Sequence[str] | str, stdin_path: str, *, shell: bool = False) -> Run:
    """Run one process on ``stdin_path``; its time, CPU, peak memory, output digest, and
    the JSON it writes on file descriptor ``FSUDOKU_BENCH_FD`` (fsudoku's own rows)."""
    read_fd, write_fd = os.pipe()
    env = dict(os.environ, FSUDOKU_BENCH_FD=str(write_fd))
    digest = hashlib.sha256()
    peak = [0]
    with open(stdin_path, "rb") as stdin:
        started = time.perf_counter()
        process = subprocess.Popen(
            argv,
            shell=shell,
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            pass_fds=(write_fd,),
            env=env,
        )
        os.close(write_fd)
        stop = threading.Event()

        def sample() -> None:
            highest, count = 0, 0
            while not stop.is_set():
                resident, processes = _tree_memory(process.pid, proportional=False)
                count += 1
                if processes == 1:  # nothing shared to split: its resident size
                    peak[0] = max(peak[0], resident)
                elif resident > highest + PSS_GROWTH or count % 10 == 0:
                    highest = max(highest, resident)
                    peak[0] = max(peak[0], _tree_memory(process.pid)[0])
                stop.wait(SAMPLE_EVERY)

        sampler = threading.Thread(target=sample, daemon=True)
        sampler.start()
        chunks: list[bytes] = []

        def read_stats() -> None:
            while block := os.read(read_fd, 1 << 16):
                chunks.append(block)

        reader = threading.Thread(target=read_stats, daemon=True)
        reader.start()
        assert process.stdout is not None
        try:
            for block in iter(lambda: process.stdout.read(1 << 16), b""):  # type: ignore[union-attr]
                digest.update(block)
            _, status, usage = os.wait4(process.pid, 0)
        except BaseException:
            process.kill()
            process.wait()
            raise
        finally:
            stop.set()
        wall = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        process.stdout.close()
        reader.join(5)
        sampler.join(1)
    os.close(read_fd)
    stats: dict[str, Any] = {}
    text = b"".join(chunks).decode("utf-8", "replace").strip()
    if text:
        try:
            stats = json.loads(text)
        except ValueError:
            stats = {}
    # ru_maxrss would count the parent's pages the child had between fork and exec:
    # the sampled resident memory of the tree is the figure (maxrss if none was taken)
    peak_mb = peak[0] / 2**20 if peak[0] else usage.ru_maxrss / 1024
    return Run(
        wall=wall,
        cpu=usage.ru_utime + usage.ru_stime,
        peak_mb=peak_mb,
        digest=digest.hexdigest(),
        status=process.returncode,
        stats=stats,
    )


def compile_package(directory: str | None = None) -> bool:
    """Byte-compile the modules of ``directory`` (fsudoku's, by default) where Python
    keeps them (``__pycache__``), as an install does; whether it worked.

    Python writes these files itself on first import, unless ``PYTHONDONTWRITEBYTECODE``
    is set: then every row would spend its start-up compiling fsudoku again, which an
    installed program does not do. Files already up to date are left alone, and a
    directory that cannot be written is not an error.
    """
    import compileall

    if directory is None:
        directory = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    try:
        return bool(compileall.compile_dir(directory, quiet=2))
    except OSError:
        return False


def _child_argv(mode: str, solver: SolverName, engine: Engine, jobs: int) -> list[str]:
    """The command line of one of fsudoku's rows (a fresh interpreter)."""
    # ended as `fsudoku solve` ends (fsudoku.app.process.end: streams flushed, then
    # os._exit), so that no interpreter shutdown is timed that fsudoku does not have
    code = (
        "import sys; from fsudoku.app.bench import child; "
        "from fsudoku.app.process import end; end(child(sys.argv[1:]))"
    )
    return [sys.executable, "-c", code, mode, solver, engine, str(jobs)]


# ---------------------------------------------------------------------------
# The child process: the article's main over the same lines, and what it counted


def _report(stats: dict[str, Any]) -> None:
    """Write the child's figures to the parent's pipe (if there is one)."""
    fd = os.environ.get("FSUDOKU_BENCH_FD")
    if fd is None:
        return
    try:
        os.write(int(fd), json.dumps(stats).encode())
    except (OSError, ValueError):
        pass


def _max_nodes(solver: SolverName) -> int | None:
    """The node bound ``fsudoku solve`` gives a solver by default."""
    return NAIVE_MAX_NODES if solver == "bird-naive" else None


def _summary(outcomes: list[tuple[str, int]]) -> dict[str, Any]:
    """The figures of a row's outcomes (status, nodes): puzzles, nodes and statuses.

    A refused puzzle (``bird-naive``) was not searched: its
    ``nodes`` is its blank count, left out of the node figures (``None`` if nothing was
    searched).

    >>> s = _summary([("solved", 3), ("refused", 64), ("solved", 1)])
    >>> s["nodes_mean"], s["nodes_max"], s["statuses"]
    (2.0, 3, {'solved': 2, 'refused': 1})
    >>> _summary([("refused", 64)])["nodes_mean"] is None
    True
    """
    nodes = [n for status, n in outcomes if status != "refused"]
    statuses: dict[str, int] = {}
    for status, _ in outcomes:
        statuses[status] = statuses.get(status, 0) + 1
    return {
        "puzzles": len(outcomes),
        "nodes_mean": statistics.fmean(nodes) if nodes else None,
        "nodes_median": statistics.median(nodes) if nodes else None,
        "nodes_max": max(nodes) if nodes else None,
        "statuses": statuses,
    }


def _calls(lines: list[str], solver: SolverName, engine: Engine) -> dict[str, float]:
    """Each line solved by its own call, timed: median, mean and p99 microseconds."""
    if engine == "fast":
        from fsudoku.fast import solve_one

        def one(line: str) -> object:
            return solve_one(line, solver, _max_nodes(solver))  # type: ignore[arg-type]

    else:

        def one(line: str) -> object:
            return next(solve_many([line], solver, engine, _max_nodes(solver)))

    if lines:
        one(lines[0])  # warm: imports and first-call costs are not a call's
    times: list[float] = []
    clock = time.perf_counter
    for line in lines:
        t0 = clock()
        one(line)
        times.append((clock() - t0) * 1e6)
    times.sort()
    if not times:
        return {}
    return {
        "median": statistics.median(times),
        "mean": statistics.fmean(times),
        "p99": times[min(len(times) - 1, round(0.99 * (len(times) - 1)))],
    }


def _small(lines: list[str], solver: SolverName, engine: Engine) -> dict[str, float]:
    """CPU microseconds per puzzle: the whole input through one ``solve_many``, and
    ``SMALL_BATCHES`` batches of ``SMALL_BATCH`` puzzles spread over it."""
    list(solve_many(lines[:SMALL_BATCH], solver, engine))  # warm
    t0 = time.process_time()
    for _ in solve_many(lines, solver, engine):
        pass
    whole = (time.process_time() - t0) / max(len(lines), 1) * 1e6
    starts = _spread(len(lines), SMALL_BATCH, SMALL_BATCHES)
    t0 = time.process_time()
    for start in starts:
        for _ in solve_many(lines[start : start + SMALL_BATCH], solver, engine):
            pass
    small = (time.process_time() - t0) / max(len(starts) * SMALL_BATCH, 1) * 1e6
    return {"whole": whole, "small": small, "batches": len(starts)}


def _spread(total: int, size: int, count: int) -> list[int]:
    """``count`` start indexes of batches of ``size``, spread evenly over ``total``.

    >>> _spread(1000, 300, 3), _spread(100, 300, 3)
    ([0, 350, 700], [0])
    """
    if total <= size:
        return [0]
    last = total - size
    return sorted({round(i * last / max(count - 1, 1)) for i in range(count)})


def child(argv: list[str]) -> int:
    """The process of one of fsudoku's rows: ``mode solver engine jobs``, puzzles on
    standard input. ``batch``: ``fsudoku solve`` (the article's ``main``); ``calls``:
    one call per puzzle, timed; ``small``: the small-batch figures.
    """
    import signal

    signal.signal(signal.SIGINT, signal.SIG_DFL)  # the parent reports an interrupt
    mode, solver_text, engine_text, jobs_text = argv
    solver: SolverName = solver_text  # type: ignore[assignment]
    engine: Engine = engine_text  # type: ignore[assignment]
    jobs = int(jobs_text)
    if mode == "calls":
        lines = sys.stdin.read().splitlines()
        _report(_calls(lines, solver, engine))
        return 0
    if mode == "small":
        lines = sys.stdin.read().splitlines()
        _report(_small(lines, solver, engine))
        return 0
    from fsudoku.app.output import Writer
    from fsudoku.app.render import render
    from fsudoku.run.batch import outcomes
    from fsudoku.run.sources import entries_of

    # what `fsudoku solve` does with standard input, timed as a whole by the parent:
    # answers held and written in bursts, before each wait
    recorded: list[tuple[str, int]] = []
    fmt = "grid" if solver in SARKAR_RULES else "line"
    writer = Writer(sys.stdout, "standard output", held=True)
    stream = outcomes(
        entries_of(sys.stdin.buffer), solver, engine=engine, jobs=jobs, on_idle=writer.flush
    )
    for entry, outcome in stream:
        recorded.append((outcome.status, outcome.nodes))
        writer.write(render(outcome, entry, fmt, solver))
    writer.flush()
    _report(_summary(recorded))
    return 0


# ---------------------------------------------------------------------------
# Input


def read_puzzles(path: str, limit: int | None) -> list[str]:
    """The first ``limit`` puzzles of a file (any format ``fsudoku solve`` reads).

    Raises :class:`UsageError` for a file that cannot be read,
    has no puzzle, or has more than ``MAX_PUZZLES`` (and ``limit`` does not stop the
    reading before): reading stops at the first puzzle past the cap.
    """
    from fsudoku.app.messages import os_error_message
    from fsudoku.run.sources import SourceError, read_sources

    errors: list[str] = []
    puzzles: list[str] = []
    over = False
    for entry in read_sources([path]):
        if isinstance(entry, SourceError):
            errors.append(os_error_message(entry.source, entry.error))
            continue
        if len(puzzles) >= MAX_PUZZLES:
            over = True
            break
        puzzles.append(entry.text)
        if limit is not None and len(puzzles) >= limit:
            break
    if errors:
        raise UsageError("; ".join(e.removeprefix("fsudoku: ") for e in errors))
    if over:
        raise UsageError(
            f"bench: {path}: more than {MAX_PUZZLES:,} puzzles (the most bench reads); "
            f"use --limit N with N at most {MAX_PUZZLES:,}"
        )
    if not puzzles:
        raise UsageError(f"bench: {path}: no puzzle in the input")
    return puzzles


def hardest(puzzles: list[str], count: int) -> list[str]:
    """The ``count`` puzzles that ``exclusives`` needs the most nodes for, in file order."""
    nodes = [o.nodes for o in solve_many(puzzles, "exclusives", "fast")]
    chosen = heapq.nlargest(count, range(len(puzzles)), key=lambda i: (nodes[i], -i))
    return [puzzles[i] for i in sorted(chosen)]


class _Inputs:
    """Temporary files of puzzle lines, one per input set, removed at the end."""

    def __init__(self) -> None:
        self.dir = tempfile.TemporaryDirectory(prefix="fsudoku-bench-")
        self.count = 0

    def write(self, puzzles: list[str]) -> str:
        self.count += 1
        path = os.path.join(self.dir.name, f"input{self.count}.txt")
        with open(path, "w", encoding="utf-8") as handle:
            handle.writelines(p + "\n" for p in puzzles)
        return path

    def close(self) -> None:
        self.dir.cleanup()


# ---------------------------------------------------------------------------
# The table


def _jobs(value: int) -> int:
    """``--jobs 0``: every core, as for ``fsudoku solve``."""
    return (os.cpu_count() or 1) if value == 0 else value


def _measure(
    rows: list[Row],
    path: str,
    repeat: int,
    per_puzzle: bool,
    progress: Callable[[str], None],
) -> None:
    """Run every row ``repeat`` times, in rounds (each round every row once)."""
    for round_ in range(repeat):
        for row in rows:
            progress(f"round {round_ + 1}/{repeat}: {row.label} ...")
            if row.external is not None:
                run = _run_process(row.external.command, path, shell=True)
            else:
                assert row.solver is not None
                argv = _child_argv("batch", row.solver, row.engine, row.jobs)  # type: ignore[arg-type]
                run = _run_process(argv, path)
            row.runs.append(run)
            if run.status != 0:
                progress(f"round {round_ + 1}/{repeat}: {row.label} failed: {_failure(run.status)}")
            elif per_puzzle and row.external is None and row.jobs == 1:
                assert row.solver is not None
                argv = _child_argv("calls", row.solver, row.engine, 1)  # type: ignore[arg-type]
                row.calls.append(_run_process(argv, path).stats)


def _num(value: float | None, digits: int = 0) -> str:
    return "-" if value is None else f"{value:,.{digits}f}"


def _unsolved(stats: dict[str, Any]) -> str:
    statuses: dict[str, int] = dict(stats.get("statuses", {}))
    statuses.pop("solved", None)
    if not statuses:
        return "0"
    return ", ".join(f"{n:,} {status.replace('_', ' ')}" for status, n in sorted(statuses.items()))


def format_table(rows: list[Row], externals: list[External], per_puzzle: bool = False) -> str:
    """The rows as a Markdown table (every row has as many cells as the header); the
    ``output`` column is there when there are external commands or a row failed."""
    output = bool(externals) or any(r.failure() is not None for r in rows)
    head = ["solver", "engine", "jobs", "puzzles", "wall s", "CPU s", "us/puzzle"]
    if per_puzzle:
        head += ["per call median us", "per call mean us", "per call p99 us"]
    head += ["nodes mean / median / max", "peak MB", "unsolved"]
    if output:
        head += ["output"]
    head += [f"x {e.label}" for e in externals]
    lines = [_table_line(head), "|" + "---|" * len(head)]
    by_command = {e: next(r for r in rows if r.external is e) for e in externals}
    for r in rows:
        stats = r.stats()
        cells = [
            r.solver or r.label,
            r.engine,
            str(r.jobs) if r.external is None else "-",
            f"{r.puzzles:,}",
            f"{r.wall():,.2f}",
            f"{r.cpu():,.2f}",
            f"{r.wall() / max(r.puzzles, 1) * 1e6:,.0f}",
        ]
        if per_puzzle:
            cells += [_num(r.call("median")), _num(r.call("mean")), _num(r.call("p99"))]
        if stats.get("nodes_mean") is not None:
            cells.append(
                f"{stats['nodes_mean']:,.1f} / {stats['nodes_median']:g} / {stats['nodes_max']:,}"
            )
        else:
            cells.append("-")
        cells += [f"{r.peak():,.0f}", _unsolved(stats) if stats else "-"]
        if output:
            cells.append(_same_output(r, externals, by_command))
        for e in externals:
            other = by_command[e]
            if r is other or (e.solver is not None and r.solver not in (None, e.solver)):
                cells.append("-")
            elif r.external is not None and e.solver is not None:
                cells.append("-")
            elif r.failure() is not None or other.failure() is not None:
                cells.append("-")
            else:
                cells.append(
                    f"{other.wall() / r.wall():.3g}x ({other.cpu() / max(r.cpu(), 1e-9):.3g}x)"
                )
        lines.append(_table_line(cells))
    return "\n".join(lines)


def _table_line(cells: list[str]) -> str:
    r"""One Markdown table line; a ``|`` in a cell (a command's pipe) is escaped.

    >>> _table_line(["a", "x || y"])
    '| a | x \\|\\| y |'
    """
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def _same_output(row: Row, externals: list[External], by_command: dict[External, Row]) -> str:
    """Whether the row's output is byte for byte that of the first external command of
    its solver that did not fail; ``failed: ...`` for a failed row."""
    failure = row.failure()
    if failure is not None:
        return f"failed: {failure}"
    if row.external is not None:
        return "-"
    for e in externals:
        other = by_command[e]
        if e.solver == row.solver and other.failure() is None:
            same = all(a.digest == other.runs[0].digest for a in row.runs)
            return f"same as {e.label}" if same else f"differs from {e.label}"
    return "-"


# ---------------------------------------------------------------------------
# The targets


@dataclass(slots=True)
class Target:
    """One row of the targets table."""

    name: str
    measured: str
    goal: str
    met: bool | None


def _failed_target(name: str, ours: Row, theirs: Row | None, goal: str) -> Target | None:
    """The target row of a failed measurement (ours: not met; theirs: not measured)."""
    if ours.failure() is not None:
        return Target(name, f"{ours.label} failed: {ours.failure()}", goal, False)
    if theirs is not None and theirs.failure() is not None:
        return Target(name, f"{theirs.label} failed: {theirs.failure()}", goal, None)
    return None


def _ratio_row(name: str, ours: Row, theirs: Row | None, goal: float) -> Target:
    failed = _failed_target(name, ours, theirs, f">= {goal:g}x")
    if failed is not None:
        return failed
    if theirs is None:
        return Target(name, f"{ours.wall():.2f} s (no --against command)", f">= {goal:g}x", None)
    wall = theirs.wall() / ours.wall()
    cpu = theirs.cpu() / max(ours.cpu(), 1e-9)
    measured = (
        f"{wall:.1f}x wall ({theirs.wall():.2f} s / {ours.wall():.2f} s), "
        f"{cpu:.1f}x CPU ({theirs.cpu():.2f} s / {ours.cpu():.2f} s)"
    )
    return Target(name, measured, f">= {goal:g}x", min(wall, cpu) >= goal)


def _slowdown_row(name: str, ours: Row, theirs: Row | None, goal: float) -> Target:
    failed = _failed_target(name, ours, theirs, f"<= {goal:g}x")
    if failed is not None:
        return failed
    if theirs is None:
        return Target(name, f"{ours.wall():.2f} s (no --against command)", f"<= {goal:g}x", None)
    wall = ours.wall() / theirs.wall()
    cpu = ours.cpu() / max(theirs.cpu(), 1e-9)
    per = ours.wall() / max(ours.puzzles, 1) * 1e3
    measured = (
        f"{wall:.2f}x wall ({ours.wall():.2f} s / {theirs.wall():.2f} s; {per:,.2f} ms/puzzle), "
        f"{cpu:.2f}x CPU"
    )
    return Target(name, measured, f"<= {goal:g}x", max(wall, cpu) <= goal)


def _targets(args: argparse.Namespace, puzzles: list[str], out: TextIO, progress: Any) -> int:
    """Measure and print the rows of the speed targets."""
    externals = [parse_against(a) for a in args.against or []]
    sarkar = next((e for e in externals if e.solver == "exclusives"), None)
    bird_cmd = next((e for e in externals if e.solver == "bird"), None)
    repeat = args.repeat
    inputs = _Inputs()
    try:
        whole = inputs.write(puzzles)
        hard_set = hardest(puzzles, args.hardest or HARD_SET)
        hard = inputs.write(hard_set)
        calls = inputs.write(puzzles[::CALL_STRIDE])
        first = inputs.write(puzzles[:REFERENCE_PUZZLES])
        birds = inputs.write(puzzles[:BIRD_PUZZLES])

        def ours(solver: SolverName, engine: Engine, jobs: int, count: int) -> Row:
            return Row(f"{solver} {engine} jobs={jobs}", solver, engine, jobs, count)

        def theirs(e: External | None, count: int) -> Row | None:
            return None if e is None else Row(e.label, e.solver, "external", 1, count, external=e)

        groups: list[tuple[str, list[Row]]] = []
        w1 = ours("exclusives", "fast", 1, len(puzzles))
        w2 = ours("exclusives", "fast", 2, len(puzzles))
        groups.append((whole, [w1, w2] + [r for r in [theirs(sarkar, len(puzzles))] if r]))
        h1 = ours("exclusives", "fast", 1, len(hard_set))
        groups.append((hard, [h1] + [r for r in [theirs(sarkar, len(hard_set))] if r]))
        ref = ours("exclusives", "reference", 1, min(len(puzzles), REFERENCE_PUZZLES))
        groups.append((first, [ref] + [r for r in [theirs(sarkar, ref.puzzles)] if r]))
        bird = ours("bird", "reference", 1, min(len(puzzles), BIRD_PUZZLES))
        groups.append((birds, [bird] + [r for r in [theirs(bird_cmd, bird.puzzles)] if r]))
        for path, rows in groups:
            _measure(rows, path, repeat, False, progress)
        one_fast = ours("exclusives", "fast", 1, len(puzzles[::CALL_STRIDE]))
        one_norvig = ours("norvig", "reference", 1, one_fast.puzzles)
        small: list[dict[str, float]] = []
        for round_ in range(repeat):
            progress(f"round {round_ + 1}/{repeat}: one call per puzzle, small batches ...")
            for row in (one_fast, one_norvig):
                argv = _child_argv("calls", row.solver, row.engine, 1)  # type: ignore[arg-type]
                row.calls.append(_run_process(argv, calls).stats)
            small.append(_run_process(_child_argv("small", "exclusives", "fast", 1), whole).stats)
    finally:
        inputs.close()

    def med(key: str) -> float:
        return statistics.median(s[key] for s in small)

    table: list[Target] = [
        _ratio_row(
            f"Batch, all {len(puzzles):,}, one core", w1, groups[0][1][-1] if sarkar else None, 50
        ),
        _ratio_row(
            f"Hard set ({len(hard_set):,} hardest)", h1, groups[1][1][-1] if sarkar else None, 40
        ),
    ]
    fm, fa = one_fast.call("median") or 0.0, one_fast.call("mean") or 0.0
    nm, na = one_norvig.call("median") or 0.0, one_norvig.call("mean") or 0.0
    table.append(
        Target(
            f"One puzzle per call (every {CALL_STRIDE}th, {one_fast.puzzles:,}): median",
            f"{fm:,.0f} us vs norvig {nm:,.0f} us ({fm / max(nm, 1e-9):.2f}x)",
            "<= 1x norvig",
            fm <= nm,
        )
    )
    table.append(
        Target(
            "One puzzle per call: mean",
            f"{fa:,.0f} us vs norvig {na:,.0f} us ({fa / max(na, 1e-9):.2f}x)",
            "<= 2x norvig",
            fa <= 2 * na,
        )
    )
    ratio = med("small") / max(med("whole"), 1e-9)
    table.append(
        Target(
            f"Small batches ({SMALL_BATCH} puzzles per solve_many, {int(med('batches'))} batches)",
            f"{med('small'):,.0f} us/puzzle vs {med('whole'):,.0f} whole file (CPU, {ratio:.2f}x)",
            "<= 2x",
            ratio <= 2,
        )
    )
    for row in (w1, w2):
        table.append(
            Target(
                f"Memory, whole file, --jobs {row.jobs}",
                f"{row.peak():,.0f} MB peak (all processes)",
                "< 150 MB",
                row.peak() < 150,
            )
        )
    table.append(
        _slowdown_row(
            f"Reference exclusives, first {ref.puzzles:,}",
            ref,
            groups[2][1][-1] if sarkar else None,
            5,
        )
    )
    table.append(
        _slowdown_row(
            f"Reference bird, first {bird.puzzles:,}",
            bird,
            groups[3][1][-1] if bird_cmd else None,
            5,
        )
    )
    out.write(f"{args.file}: the speed targets, medians of {plural(repeat, 'run')}\n\n")
    out.write("| target | measured | goal | met |\n|---|---|---|---|\n")
    for t in table:
        met = "-" if t.met is None else ("yes" if t.met else "no")
        out.write(_table_line([t.name, t.measured, t.goal, met]) + "\n")
    out.write("\nThe rows measured:\n")
    for path_rows in groups:
        rows_ = path_rows[1]
        exts = [r.external for r in rows_ if r.external is not None]
        out.write("\n" + format_table(rows_, exts) + "\n")
    out.flush()
    failed = any(r.failure() is not None for _, rows_ in groups for r in rows_)
    return EXIT_FAILED if failed else 0


# ---------------------------------------------------------------------------
# The command


def main(args: argparse.Namespace, out: TextIO) -> int:
    """Run the benchmark the command line describes and print the table."""
    solvers: list[SolverName] = args.solvers or ["exclusives"]
    engines: list[Engine] = args.engines or ["reference"]
    jobs_list = [_jobs(j) for j in (args.jobs or [1])]
    externals = [parse_against(a) for a in getattr(args, "against", None) or []]
    per_puzzle: bool = getattr(args, "per_puzzle", False)
    repeat: int = getattr(args, "repeat", 1) or 1
    quiet = args.quiet or sys.stderr is None or not sys.stderr.isatty()
    compile_package()  # the rows' start-up is an installed program's, not a compiler's

    def progress(message: str) -> None:
        if not quiet:
            print(message, file=sys.stderr)

    if getattr(args, "targets", False):
        args.repeat = repeat
        args.against = getattr(args, "against", None)
        return _targets(args, read_puzzles(args.file, args.limit), out, progress)
    puzzles = read_puzzles(args.file, args.limit)
    label = plural(len(puzzles), "puzzle")
    if args.limit:
        label = f"the first {label}" if len(puzzles) != 1 else "the first puzzle"
    if args.hardest:
        puzzles = hardest(puzzles, args.hardest)
        label = f"the {len(puzzles):,} hardest (most exclusives nodes) of {label}"
    rows: list[Row] = []
    for solver in solvers:
        for engine in engines:
            if engine == "fast" and solver not in FAST_SOLVERS:
                continue
            for jobs in jobs_list:
                rows.append(
                    Row(f"{solver} {engine} jobs={jobs}", solver, engine, jobs, len(puzzles))
                )
    for e in externals:
        rows.append(Row(e.label, e.solver, "external", 1, len(puzzles), external=e))
    if not rows:
        raise UsageError(
            f"bench: nothing to time (the fast engine covers {', '.join(sorted(FAST_SOLVERS))})"
        )
    inputs = _Inputs()
    try:
        _measure(rows, inputs.write(puzzles), repeat, per_puzzle, progress)
    finally:
        inputs.close()
    runs = f", medians of {plural(repeat, 'run')}" if repeat > 1 else ""
    out.write(f"{args.file}: {label}{runs}\n\n")
    out.write(format_table(rows, externals, per_puzzle) + "\n")
    out.flush()
    return EXIT_FAILED if any(r.failure() is not None for r in rows) else 0


def build_parser() -> argparse.ArgumentParser:
    """A parser for ``fsudoku bench`` alone (``python -m fsudoku.app.bench``)."""

    class Parser(argparse.ArgumentParser):
        def error(self, message: str) -> None:  # type: ignore[override]
            raise UsageError(message)

    parser = Parser(prog="fsudoku bench", description=__doc__.splitlines()[0] if __doc__ else None)
    bench_arguments(parser)
    return parser


def run(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """``fsudoku bench`` as a program of its own: the exit status, never a traceback."""
    stream = out if out is not None else sys.stdout
    try:
        return main(build_parser().parse_args(argv), stream)
    except UsageError as error:
        print(f"fsudoku: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("fsudoku: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(run())
