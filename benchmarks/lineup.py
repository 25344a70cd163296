"""fsudoku's library calls and the installable peers, side by side, every answer checked.

A row is one process of :mod:`benchmarks.peers` (a solver's one call a puzzle, or its
batch call) or a peer's own command line; the rows of a group run one after another in
rounds, as the other targets' rows do. A row's figures are its CPU times a call (or a
puzzle, in a batch), timed inside the process, warm; the process's CPU time (start-up,
import and warm-up included) is shown beside them.

Every answer is checked (:func:`fsudoku.base.oracle.is_solution`: a filled grid that keeps
the puzzle's clues): a wrong or missing answer fails the row, and a later round that
prints other bytes than the first fails it too. A peer that is not installed is skipped,
with the reason, and a target that needs it is not measured (``-``), not failed.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import statistics
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal

from benchmarks import peers
from benchmarks.child import ROOT
from fsudoku.app.bench import Run, run_process
from fsudoku.base.oracle import is_solution

Mode = Literal["calls", "batch", "command"]
"""How a row solves its puzzles: one call each, one batch call, or its own program."""

BatchOrCalls = Literal["calls", "batch"]
"""How a group's fsudoku rows solve: one call a puzzle, or one batch call."""

FAST = "fsudoku exclusives fast"
"""The row every other row is compared with."""

NORVIG = "fsudoku norvig"
"""fsudoku's port of Norvig's solver: the reference a single call is judged against."""

CPP_PEER = "pencilmark"
"""The C++ engine on PyPI."""


@dataclass(frozen=True, slots=True)
class Peers:
    """Where the peers are: their interpreter, Norvig's script, pencilmark's program.

    The installed peers load in ``python`` (a virtual environment of their own, say);
    fsudoku's rows run in the harness's interpreter.
    """

    python: str = sys.executable
    script: str | None = None
    command: str | None = None
    plain: bool = False

    @classmethod
    def find(cls, folder: str | None, script: str | None = None, plain: bool = False) -> Peers:
        """The peers of ``folder``: its ``venv`` (or this interpreter) and its ``sudoku.py``.

        ``script`` names Norvig's program elsewhere; pencilmark's program is the
        environment's ``pencilmark`` (or the one on ``PATH``).
        """
        python, bin_ = sys.executable, None
        if folder is not None:
            venv = os.path.join(folder, "venv", "bin")
            if os.access(os.path.join(venv, "python"), os.X_OK):
                python, bin_ = os.path.join(venv, "python"), venv
            mine = os.path.join(folder, "sudoku.py")
            script = script or (mine if os.path.isfile(mine) else None)
        command = shutil.which("pencilmark", path=bin_) if bin_ else shutil.which("pencilmark")
        return cls(python, script, command, plain)

    def argv(self, mode: Mode, name: str, keep: str) -> list[str]:
        """The command line of a row of :mod:`benchmarks.peers`."""
        code = (
            f"import sys; sys.path.insert(0, {ROOT!r}); from benchmarks import peers; "
            f"peers.main(plain={self.plain!r})"
        )
        python = sys.executable if peers.ADAPTERS[name].ours else self.python
        return [python, "-c", code, mode, name, self.script or "", keep]

    def missing(self, name: str) -> str | None:
        """Why a row of ``name`` cannot run, when the harness can tell without running it."""
        adapter = peers.ADAPTERS[name]
        if adapter.script and self.script is None:
            return "no sudoku.py given (--peers DIR with DIR/sudoku.py, or --norvig-script)"
        if adapter.script and not os.path.isfile(self.script or ""):
            return f"{self.script}: no such file"
        here = self.python == sys.executable
        if adapter.package and here and importlib.util.find_spec(adapter.package) is None:
            return f"{adapter.package} is not installed (install it in DIR/venv, then --peers DIR)"
        return None


@dataclass(slots=True)
class PeerRow:
    """One row of a side-by-side group: a solver, how it is called, its rounds."""

    label: str
    mode: Mode
    argv: list[str]
    skipped: str | None = None
    runs: list[Run] = field(default_factory=list)
    problem: str | None = None  # what its answers' check found
    program: str | None = None  # a command: the row of the package it comes with

    def failure(self) -> str | None:
        """How the row failed: a run, or its answers (a skipped row has not failed)."""
        failed = next(filter(None, (r.failure() for r in self.runs)), None)
        return f"exit status: {failed}" if failed else self.problem

    def measured(self) -> bool:
        """Whether the row has figures to compare."""
        return self.skipped is None and self.failure() is None and bool(self.runs)

    def figure(self, key: str) -> float:
        """The median of the rounds' ``key`` figure (microseconds)."""
        return statistics.median(float(r.stats[key]) for r in self.runs)

    def version(self) -> str:
        """The version its first run reported."""
        return str(self.runs[0].stats.get("version", "-")) if self.runs else "-"


def rows_of(found: Peers, mode: BatchOrCalls, folder: str, group: str) -> list[PeerRow]:
    """A group's rows: every adapter, and in a batch group pencilmark's own program.

    fsudoku's rows solve in ``mode``; the peers, which have no batch call, one call a puzzle.
    """
    rows = []
    for i, name in enumerate(peers.ADAPTERS):
        how: Mode = mode if peers.ADAPTERS[name].ours else "calls"
        keep = os.path.join(folder, f"answers-{group}-{i}.txt")
        rows.append(PeerRow(name, how, found.argv(how, name, keep), found.missing(name)))
    if mode == "batch":
        argv = [found.command, "solve", "-"] if found.command else []
        why = None if found.command else "no pencilmark program (--peers DIR with DIR/venv)"
        rows.append(PeerRow("pencilmark solve -", "command", argv, why, program=CPP_PEER))
    return rows


def lineup(
    rows: list[PeerRow],
    path: str,
    repeat: int,
    timeout: float | None = None,
    progress: Callable[[str], object] | None = None,
) -> None:
    """Run every row that can run ``repeat`` times, in rounds, and check its answers.

    The first round's answers are checked; every later round must print the same bytes.
    A row that failed or turned out not installed is not run again.
    """
    say = progress or (lambda text: None)
    with open(path, encoding="utf-8") as handle:
        puzzles = handle.read().splitlines()
    for round_ in range(1, repeat + 1):
        for row in rows:
            if row.skipped is not None or row.failure() is not None:
                continue
            say(f"round {round_}/{repeat}: {row.label} ({row.mode}) ...")
            run = run_process(row.argv, path, timeout)
            if run.status == peers.UNAVAILABLE and "skip" in run.stats:
                row.skipped = str(run.stats["skip"])
                continue
            row.runs.append(run)
            if run.failure() is None and row.mode != "command" and round_ == 1:
                row.problem = check(puzzles, row.argv[-1], run.stats.get("errors") or {})
            elif run.failure() is None and run.digest != row.runs[0].digest:
                row.problem = f"round {round_} printed other answers than round 1"
    commands_checked(rows)


def check(puzzles: list[str], answers_path: str, errors: dict[str, int]) -> str | None:
    """What is wrong with a row's answers (the file it wrote), or ``None``.

    ``errors``: the exceptions its calls raised, counted (the first is quoted).
    """
    with open(answers_path, encoding="utf-8") as handle:
        found = handle.read().splitlines()
    if len(found) != len(puzzles):
        return f"{len(found):,} answers for {len(puzzles):,} puzzles"
    none = [i for i, a in enumerate(found) if a == peers.NO_ANSWER]
    wrong = [
        i for i, a in enumerate(found) if a != peers.NO_ANSWER and not is_solution(a, puzzles[i])
    ]
    if not none and not wrong:
        return None
    first = min(none + wrong) + 1
    raised = f"; raised {next(iter(errors))}" if errors else ""
    return (
        f"{len(wrong):,} wrong, {len(none):,} without an answer (first: puzzle {first:,}{raised})"
    )


def commands_checked(rows: list[PeerRow]) -> None:
    """A command's answers are checked by their bytes: those of a row whose answers were."""
    checked = {r.runs[0].digest for r in rows if r.mode != "command" and r.measured()}
    for row in rows:
        if row.mode == "command" and row.measured() and row.runs[0].digest not in checked:
            row.problem = "its output is not the checked answers of the other rows"


def answers_cell(row: PeerRow, puzzles: int) -> str:
    """The answers column: checked, or what was wrong, or why the row did not run."""
    if row.skipped is not None:
        return f"not measured: {row.skipped}"
    if row.failure() is not None:
        return f"failed: {row.failure()}"
    if row.mode == "command":
        return f"{puzzles:,} right (its output is the checked rows')"
    return f"{puzzles:,} right" if row.runs else "-"


def table(rows: list[PeerRow], puzzles: int) -> str:
    """A group's rows as a Markdown table.

    Per-call groups show each row's median, mean and 99th percentile CPU time a call;
    batch groups its CPU time a puzzle. ``x fast`` is the row's figure over fsudoku's
    fast engine's (the mean; and the median in a per-call group).
    """
    calls = all(r.mode == "calls" for r in rows)
    fast = next((r for r in rows if r.label == FAST and r.measured()), None)
    head = ["row", "version", "how", "puzzles"]
    head += ["CPU a call, median us", "mean us", "p99 us"] if calls else ["CPU a puzzle, us"]
    head += ["process CPU s"] + ([] if calls else ["process CPU a puzzle, us"])
    head += ["answers", "x fast (median, mean)" if calls else "x fast"]
    lines = [_line(head), "|---" * len(head) + "|"]
    how = {"calls": "one call a puzzle", "batch": "one batch call", "command": "its program"}
    versions = {r.label: r.version() for r in rows}
    for r in rows:
        version = versions.get(r.program or "", "-") if r.mode == "command" else r.version()
        cells = [r.label, version, how[r.mode], f"{puzzles:,}"]
        shown = r.measured() and r.mode != "command"
        keys = ("median", "mean", "p99") if calls else ("mean",)
        cells += [f"{r.figure(k):,.0f}" if shown else "-" for k in keys]
        cpu = statistics.median(x.cpu for x in r.runs) if r.runs else None
        cells.append("-" if cpu is None else f"{cpu:,.2f}")
        if not calls:
            cells.append("-" if cpu is None else f"{cpu / max(puzzles, 1) * 1e6:,.0f}")
        cells.append(answers_cell(r, puzzles))
        cells.append(_times(r, fast, ("median", "mean") if calls else ("mean",)))
        lines.append(_line(cells))
    return "\n".join(lines)


def _times(row: PeerRow, fast: PeerRow | None, keys: tuple[str, ...]) -> str:
    """How many times fsudoku's fast engine's figures a row's are."""
    if fast is None or row is fast or not row.measured() or row.mode == "command":
        return "-"
    return ", ".join(f"{row.figure(k) / max(fast.figure(k), 1e-9):.3g}x" for k in keys)


def _line(cells: list[str]) -> str:
    """One Markdown table line (a ``|`` in a cell escaped)."""
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
