"""The project's targets: each one's rows, its goal, and how a run is judged.

Every ratio is judged on CPU time (user and system, of the whole processes, workers
included), the median of the repeats; wall times are shown beside it. On a shared
machine the wall time of a row runs to twice its CPU time and more, and the CPU ratio
of two rows measured in the same rounds is the steadier figure. Each ratio also gives its
spread: the lowest and highest of the rounds' own ratios (round ``i`` of one row
against round ``i`` of the other).
"""

from __future__ import annotations

import os
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field

from benchmarks import lineup
from benchmarks.child import SMALL_BATCH
from benchmarks.lineup import CPP_PEER, FAST, NORVIG, PeerRow, Peers
from benchmarks.memory import peak_memory
from fsudoku.app.bench import Row, format_table, hardest, measure, run_process
from fsudoku.app.usage import External
from fsudoku.base.names import Engine, SolverName

HARD_SET = 375
"""How many of the hardest puzzles (most ``exclusives`` nodes) the hard-set target times."""

CALL_STRIDE = 10
"""The one-puzzle-per-call target times every ``CALL_STRIDE``-th puzzle of the file."""

PEER_PUZZLES = 1000
"""The batch rows beside the peers run on this many puzzles from the start of the file."""

REFERENCE_PUZZLES = 200
"""The reference's guard runs on this many puzzles from the start of the file."""

BIRD_PUZZLES = 20
"""The Bird target runs on this many puzzles from the start of the file."""

MEMORY_LIMIT = 150.0
"""MB the whole file may take, all processes together (the memory target)."""


@dataclass(slots=True)
class Verdict:
    """One line of the targets table."""

    target: str
    measured: str
    goal: str
    met: bool | None  # None: not measured (no command to compare with, or it failed)


@dataclass(slots=True)
class Group:
    """The table of a group of rows measured together, for the report."""

    title: str
    table: str
    failed: bool


@dataclass(slots=True)
class Setup:
    """What the targets of one run share, and the rows they measured."""

    puzzles: list[str]
    folder: str
    repeat: int = 1
    timeout: float | None = None
    hard_set: int = HARD_SET
    launch: Callable[[str, Row], list[str]] | None = None
    commands: dict[str, External] = field(default_factory=dict)  # by solver
    progress: Callable[[str], object] | None = None
    peers: Peers = field(default_factory=Peers)
    groups: list[Group] = field(default_factory=list)
    hard_lines: list[str] | None = None

    def hard(self) -> list[str]:
        """The hard set: the ``hard_set`` puzzles ``exclusives`` needs the most nodes for."""
        if self.hard_lines is None:
            self.hard_lines = hardest(self.puzzles, self.hard_set)
        return self.hard_lines

    def write(self, name: str, puzzles: list[str]) -> str:
        """A file of puzzle lines, one per input set, in the run's folder."""
        path = os.path.join(self.folder, f"{name}.txt")
        if not os.path.exists(path):
            with open(path, "w", encoding="utf-8") as handle:
                handle.writelines(p + "\n" for p in puzzles)
        return path

    def ours(self, solver: SolverName, engine: Engine, jobs: int, puzzles: int) -> Row:
        """One of fsudoku's rows."""
        return Row(f"{solver} {engine} jobs={jobs}", solver, engine, jobs, puzzles)

    def theirs(self, solver: str, puzzles: int) -> Row | None:
        """The row of the external command of ``solver``, if one was given."""
        e = self.commands.get(solver)
        return None if e is None else Row(e.label, e.solver, "external", 1, puzzles, external=e)

    def launcher(self) -> Callable[[str, Row], list[str]]:
        """How fsudoku's rows start."""
        from benchmarks.child import launcher

        return self.launch or launcher()

    def time(self, title: str, name: str, puzzles: list[str], *rows: Row | None) -> None:
        """Time ``rows`` on ``puzzles`` in rounds, and keep them for the report.

        A row that is ``None`` is a command not given.
        """
        rows_ = [r for r in rows if r is not None]
        path = self.write(name, puzzles)
        launch = self.launcher()
        measure(rows_, path, self.repeat, False, self.timeout, launch, self.progress)
        externals = [r.external for r in rows_ if r.external is not None]
        failed = any(r.failure() is not None for r in rows_)
        self.groups.append(Group(title, format_table(rows_, externals), failed))

    def side_by_side(
        self, title: str, name: str, puzzles: list[str], mode: lineup.BatchOrCalls
    ) -> dict[str, PeerRow]:
        """Time fsudoku's calls and the peers' on ``puzzles``, in rounds; the rows by label."""
        path = self.write(name, puzzles)
        rows = lineup.rows_of(self.peers, mode, self.folder, name)
        lineup.lineup(rows, path, self.repeat, self.timeout, self.progress)
        failed = any(r.failure() is not None for r in rows)
        self.groups.append(Group(title, lineup.table(rows, len(puzzles)), failed))
        return {r.label: r for r in rows}

    def modes(self, mode: str, row: Row, name: str, puzzles: list[str]) -> list[dict[str, float]]:
        """The figures of ``repeat`` runs of one of the child's untimed modes."""
        path, launch = self.write(name, puzzles), self.launcher()
        say = self.progress or (lambda text: None)
        figures = []
        for round_ in range(1, self.repeat + 1):
            say(f"round {round_}/{self.repeat}: {row.label} {mode} ...")
            run = run_process(launch(mode, row), path)
            if run.failure() is not None:
                raise RuntimeError(f"{row.label} ({mode}) failed: {run.failure()}")
            figures.append(run.stats)
        return figures


def spread(values: list[float]) -> str:
    """The lowest and highest of some figures, as ``a-b``.

    >>> spread([2.0, 1.25, 3.5])
    '1.25-3.5'
    """
    return f"{min(values):.3g}-{max(values):.3g}"


def ratio(name: str, ours: Row, theirs: Row | None, goal: float, slower: bool = False) -> Verdict:
    """The verdict of ``ours`` against ``theirs`` on a speed ratio.

    How many times as fast (``theirs``' CPU over ours, at least ``goal``), or with
    ``slower`` how many times as slow (ours over theirs, at most ``goal``). Not met when
    ours failed or printed other bytes; not measured without ``theirs`` or when it failed.
    """
    want = f"<= {goal:g}x" if slower else f">= {goal:g}x"
    if ours.failure() is not None:
        return Verdict(name, f"{ours.label} failed: {ours.failure()}", want, False)
    if theirs is None:
        return Verdict(name, f"{ours.cpu():.2f} s CPU (no command to compare with)", want, None)
    if theirs.failure() is not None:
        return Verdict(name, f"{theirs.label} failed: {theirs.failure()}", want, None)
    if any(r.digest != theirs.runs[0].digest for r in ours.runs):
        return Verdict(name, f"output differs from {theirs.label}", want, False)
    a, b = (ours, theirs) if slower else (theirs, ours)
    cpu = a.cpu() / max(b.cpu(), 1e-9)
    rounds = [x.cpu / max(y.cpu, 1e-9) for x, y in zip(a.runs, b.runs, strict=True)]
    cpus = [f"{r.cpu():.2f} s ({spread([x.cpu for x in r.runs])})" for r in (a, b)]
    measured = (
        f"{cpu:.2f}x CPU ({cpus[0]} / {cpus[1]}; rounds {spread(rounds)}x), "
        f"{a.wall() / max(b.wall(), 1e-9):.2f}x wall"
    )
    return Verdict(name, measured, want, cpu <= goal if slower else cpu >= goal)


# ---------------------------------------------------------------------------
# The targets


def whole(s: Setup) -> list[Verdict]:
    """The whole-file target: the fast engine at least 55 times as fast as the Haskell.

    On one core, against the compiled Haskell (``--jobs 2`` is timed beside it).
    """
    n = len(s.puzzles)
    one, two = s.ours("exclusives", "fast", 1, n), s.ours("exclusives", "fast", 2, n)
    ghc = s.theirs("exclusives", n)
    s.time(f"The whole file ({n:,} puzzles)", "whole", s.puzzles, one, two, ghc)
    return [ratio(f"Batch, all {n:,}, one core", one, ghc, 55)]


def hard(s: Setup) -> list[Verdict]:
    """The fast engine on the hardest puzzles: at least 40 times as fast as the Haskell."""
    chosen = s.hard()
    one, ghc = s.ours("exclusives", "fast", 1, len(chosen)), s.theirs("exclusives", len(chosen))
    s.time(f"The {len(chosen):,} hardest puzzles", "hard", chosen, one, ghc)
    return [ratio(f"Hard set ({len(chosen):,} hardest)", one, ghc, 40)]


def per_call(name: str, ours: PeerRow, theirs: PeerRow, key: str, goal: float) -> Verdict:
    """The verdict of ``ours`` against ``theirs`` on a CPU time a call (``key``: median, mean).

    At most ``goal`` times theirs. Not met when ours failed; not measured when theirs was
    not installed or failed.
    """
    want = f"<= {goal:g}x {theirs.label}"
    if not ours.measured():
        why = ours.skipped or ours.failure() or "not run"
        return Verdict(name, f"{ours.label} failed: {why}", want, False)
    if theirs.skipped is not None:
        return Verdict(name, f"{theirs.label} not measured: {theirs.skipped}", want, None)
    if not theirs.measured():
        return Verdict(name, f"{theirs.label} failed: {theirs.failure()}", want, None)
    a, b = ours.figure(key), theirs.figure(key)
    rounds = [
        x.stats[key] / max(y.stats[key], 1e-9) for x, y in zip(ours.runs, theirs.runs, strict=True)
    ]
    measured = (
        f"{a:,.0f} us vs {theirs.label} {b:,.0f} us ({a / max(b, 1e-9):.2f}x; "
        f"rounds {spread(rounds)}x)"
    )
    return Verdict(name, measured, want, a <= goal * b)


def calls(s: Setup) -> list[Verdict]:
    """The one-call-a-puzzle target on the file: the fast engine against ``norvig``.

    One puzzle per ``fsudoku.solve`` call (every 10th of the file), CPU time a call, the
    peers beside them: median at most half norvig's, mean at most twice norvig's.
    """
    chosen = s.puzzles[::CALL_STRIDE]
    title = f"One puzzle per call (every {CALL_STRIDE}th, {len(chosen):,})"
    rows = s.side_by_side(title, "calls", chosen, "calls")
    fast, norvig = rows[FAST], rows[NORVIG]
    return [
        per_call(f"{title}: median", fast, norvig, "median", 0.5),
        per_call(f"{title}: mean", fast, norvig, "mean", 2),
    ]


def hard_calls(s: Setup) -> list[Verdict]:
    """The one-call-a-puzzle target on the hard set: the fast engine's mean at most the others'.

    Against the C++ peer's (``pencilmark``) and ``norvig``'s, CPU time a call.
    """
    chosen = s.hard()
    title = f"One puzzle per call, the hard set ({len(chosen):,} hardest)"
    rows = s.side_by_side(title, "hard-calls", chosen, "calls")
    fast = rows[FAST]
    return [
        per_call(f"{title}: mean", fast, rows[CPP_PEER], "mean", 1),
        per_call(f"{title}: mean", fast, rows[NORVIG], "mean", 1),
    ]


def peers(s: Setup) -> list[Verdict]:
    """The batches beside the peers, on the first 1,000 puzzles: no goal, the table.

    fsudoku's solvers in one ``solve_many`` call; the peers, which have no batch call, one
    call a puzzle, and pencilmark's own program.
    """
    chosen = s.puzzles[:PEER_PUZZLES]
    title = f"The first {len(chosen):,} puzzles, batches beside the peers"
    s.side_by_side(title, "peers", chosen, "batch")
    return []


def small(s: Setup) -> list[Verdict]:
    """The small-batch target: CPU time a puzzle at most twice the whole file's.

    Small batches (300 puzzles a ``solve_many`` call, ten of them spread over the file)
    against the whole file in one call.
    """
    runs = s.modes("small", s.ours("exclusives", "fast", 1, 0), "whole", s.puzzles)
    batch, whole_ = (statistics.median(r[k] for r in runs) for k in ("small", "whole"))
    rounds = spread([r["small"] / r["whole"] for r in runs])
    measured = (
        f"{batch:,.0f} us/puzzle vs {whole_:,.0f} whole file "
        f"({batch / whole_:.2f}x CPU; rounds {rounds}x)"
    )
    count = int(runs[0]["batches"])
    batches = f"{count} batch{'es' * (count != 1)}"
    name = f"Small batches ({SMALL_BATCH} puzzles a solve_many, {batches})"
    return [Verdict(name, measured, "<= 2x", batch <= 2 * whole_)]


def memory(s: Setup) -> list[Verdict]:
    """The memory target: the whole file through the fast engine under 150 MB.

    With ``--jobs 1`` and ``--jobs 2``, every process counted (proportional set sizes), in
    runs of their own.
    """
    path, launch, found = s.write("whole", s.puzzles), s.launcher(), []
    say = s.progress or (lambda text: None)
    for jobs in (1, 2):
        row = s.ours("exclusives", "fast", jobs, len(s.puzzles))
        peaks = []
        for round_ in range(1, s.repeat + 1):
            say(f"round {round_}/{s.repeat}: {row.label} memory ...")
            peaks.append(peak_memory(launch("batch", row), path))
        found.append(
            Verdict(
                f"Memory, whole file, --jobs {jobs}",
                f"{max(peaks):,.0f} MB peak (all processes; rounds {spread(peaks)} MB)",
                f"< {MEMORY_LIMIT:g} MB",
                max(peaks) < MEMORY_LIMIT,
            )
        )
    return found


def reference(s: Setup) -> list[Verdict]:
    """The reference's guard: the port of Sarkar #2 at most 15 times as slow as the Haskell.

    ``exclusives`` with ``--engine reference``, on the first 200 puzzles.
    """
    chosen = s.puzzles[:REFERENCE_PUZZLES]
    ref, ghc = (
        s.ours("exclusives", "reference", 1, len(chosen)),
        s.theirs("exclusives", len(chosen)),
    )
    s.time(f"The first {len(chosen):,} puzzles", "first", chosen, ref, ghc)
    name = f"Reference exclusives, first {len(chosen):,}"
    return [ratio(name, ref, ghc, 15, slower=True)]


def bird(s: Setup) -> list[Verdict]:
    """The port of Bird's solver on the first 20 puzzles: at most 5 times as slow as the Haskell."""
    chosen = s.puzzles[:BIRD_PUZZLES]
    ours, theirs = s.ours("bird", "reference", 1, len(chosen)), s.theirs("bird", len(chosen))
    s.time(f"The first {len(chosen):,} puzzles, Bird's solver", "birds", chosen, ours, theirs)
    name = f"Reference bird, first {len(chosen):,}"
    return [ratio(name, ours, theirs, 5, slower=True)]


TARGETS: dict[str, Callable[[Setup], list[Verdict]]] = {
    "whole": whole,
    "hard": hard,
    "calls": calls,
    "hard-calls": hard_calls,
    "peers": peers,
    "small": small,
    "memory": memory,
    "reference": reference,
    "bird": bird,
}
"""Every target, by the name ``run.py`` takes, in the order a run measures them."""

NEEDS_CHECKOUT = ("calls", "hard-calls", "peers", "small")
"""The targets that time this checkout's library calls (not a ``--program``'s)."""
