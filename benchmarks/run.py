"""Measure the project's targets on a file of puzzles and print them as Markdown.

``python3 benchmarks/run.py FILE [TARGET ...]`` (see ``benchmarks/README.md``).

The exit status is 0 when every target measured was met, 1 when one was not (or a row
failed), 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import os
import platform
import shlex
import signal
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Sequence
from typing import TextIO

if __package__ in (None, ""):  # run as a script: the repository's folders first
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.child import ROOT, launcher
from benchmarks.lineup import Peers
from benchmarks.settings import compile_package, no_blas_threads
from benchmarks.targets import HARD_SET, NEEDS_CHECKOUT, TARGETS, Setup, Verdict
from fsudoku.app.bench import plural, read_puzzles
from fsudoku.app.messages import shown
from fsudoku.app.usage import External, UsageError, against, positive, seconds


def build_parser() -> argparse.ArgumentParser:
    """The harness's command line."""
    p = argparse.ArgumentParser(prog="benchmarks/run.py", description=__doc__)
    p.add_argument("file", metavar="FILE", help="the puzzles (sudoku17.txt for the targets)")
    p.add_argument(
        "targets",
        nargs="*",
        metavar="TARGET",
        help=f"what to measure, of: {', '.join(TARGETS)} (default: all of them)",
    )
    p.add_argument(
        "--against",
        action="append",
        type=against,
        default=[],
        metavar="SOLVER=CMD",
        help="the compiled Haskell of a solver (exclusives=..., bird=...), read on stdin",
    )
    p.add_argument(
        "--peers",
        metavar="DIR",
        type=folder,
        help="the peers: DIR/venv (pencilmark, dlxsudoku installed) and DIR/sudoku.py (Norvig's)",
    )
    p.add_argument(
        "--norvig-script",
        metavar="PATH",
        type=script,
        help="Norvig's sudoku.py (else DIR/sudoku.py)",
    )
    p.add_argument("--repeat", type=positive, default=5, help="rounds of every row (default 5)")
    p.add_argument(
        "--timeout", type=seconds, default=1800.0, help="seconds a command's run may take"
    )
    p.add_argument("--hardest", type=positive, default=HARD_SET, help="size of the hard set")
    p.add_argument("--limit", type=positive, default=None, help="only the first N puzzles")
    how = p.add_mutually_exclusive_group()
    how.add_argument(
        "--plain", action="store_true", help="fsudoku's rows without the benchmarks' tuning"
    )
    how.add_argument(
        "--program",
        metavar="CMD",
        help="time this fsudoku program's `solve` for fsudoku's rows (another version)",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
    return p


def folder(text: str) -> str:
    """``--peers DIR``: an existing folder."""
    if not os.path.isdir(text):
        raise UsageError(f"--peers {shown(text)}: no such folder")
    return text


def script(text: str) -> str:
    """``--norvig-script PATH``: an existing file."""
    if not os.path.isfile(text):
        raise UsageError(f"--norvig-script {shown(text)}: no such file")
    return text


class LoadSampler:
    """The machine's one-minute load average, sampled every ``every`` seconds meanwhile."""

    def __init__(self, every: float = 10.0) -> None:
        self.samples = [os.getloadavg()[0]]
        self.every, self.stop = every, threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self.stop.wait(self.every):
            self.samples.append(os.getloadavg()[0])

    def __enter__(self) -> LoadSampler:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self.samples.append(os.getloadavg()[0])

    def summary(self) -> str:
        """The first and last samples, and their range."""
        low, high = min(self.samples), max(self.samples)
        return (
            f"load average {self.samples[0]:.2f} at the start, {self.samples[-1]:.2f} at the end, "
            f"{low:.2f} to {high:.2f} in {len(self.samples)} samples"
        )


def machine() -> str:
    """The cores, processor, Python, NumPy and the checkout's commit, in one sentence."""
    model = ""
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            model = next((ln.split(":", 1)[1].strip() for ln in handle if "model name" in ln), "")
    except OSError:
        pass
    import numpy

    commit = _git("rev-parse", "--short", "HEAD") or "unknown"
    if _git("status", "--porcelain", "--untracked-files=no"):
        commit += " (with changes not committed)"
    cpu = f" ({model})" if model else ""
    return (
        f"{os.cpu_count()} cores{cpu}, Python {platform.python_version()}, "
        f"NumPy {numpy.__version__}, the checkout at commit {commit}"
    )


def _git(*args: str) -> str:
    """The output of a git command in the checkout (empty when git cannot tell)."""
    try:
        done = subprocess.run(
            ["git", "-C", ROOT, *args], capture_output=True, text=True, timeout=30, check=False
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip() if done.returncode == 0 else ""


def heading(argv: Sequence[str], args: argparse.Namespace, setup: Setup, began: float) -> str:
    """The section's heading (``began``: when the run started), its command, the hard set."""
    when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(began))
    command = shlex.join(["python3", "benchmarks/run.py", *argv])
    what = " ".join(args.targets) if args.targets else "every target"
    hard = (
        f"The hard set is the harness's own: the {setup.hard_set:,} puzzles of the file that "
        "`exclusives` needs the most nodes for (the most, then the first in the file).\n\n"
    )
    return f"## {when}: {what}\n\n```sh\n{command}\n```\n\n{hard}"


def report(args: argparse.Namespace, setup: Setup, verdicts: list[Verdict], out: TextIO) -> None:
    """The targets table, then every group of rows measured."""
    how = f"rows of `{args.program} solve`" if args.program else "fsudoku's rows"
    how += ", plain" if args.plain else ("" if args.program else ", tuned")
    out.write(
        f"{shown(args.file)}: the targets, {how}; medians of {plural(args.repeat, 'run')}\n\n"
    )
    out.write("| target | measured | goal | met |\n|---|---|---|---|\n")
    for v in verdicts:
        met = "-" if v.met is None else ("yes" if v.met else "no")
        out.write(f"| {v.target} | {v.measured} | {v.goal} | {met} |\n")
    for group in setup.groups:
        out.write(f"\n{group.title}:\n\n{group.table}\n")


def _stop(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: end the run as Ctrl-C does (the row being timed is killed)."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Measure the targets the command line names; the exit status (130 on Ctrl-C)."""
    try:
        return _main(sys.argv[1:] if argv is None else argv, out)
    except KeyboardInterrupt:
        print("benchmarks: interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str], out: TextIO) -> int:
    """:func:`main`, Ctrl-C aside."""
    try:
        args = build_parser().parse_args(argv)
        names = args.targets or list(TARGETS)
        unknown = [n for n in names if n not in TARGETS]
        if unknown:
            raise UsageError(f"no target {', '.join(unknown)} (targets: {', '.join(TARGETS)})")
        if args.program and any(n in NEEDS_CHECKOUT for n in names):
            raise UsageError(f"--program times whole runs only: not {', '.join(NEEDS_CHECKOUT)}")
        puzzles = read_puzzles(args.file, args.limit)
    except UsageError as error:
        print(f"benchmarks: {error}", file=sys.stderr)
        return 2
    if not args.plain:
        no_blas_threads()  # for every row (and the hard set, chosen in this process)
    compile_package()  # the rows' start-up is an installed program's, not a compiler's
    compile_package(os.path.dirname(os.path.abspath(__file__)))  # the side-by-side rows'
    commands: dict[str, External] = {e.solver: e for e in args.against if e.solver}
    loud = not args.quiet and sys.stderr is not None and sys.stderr.isatty()
    started, began = time.monotonic(), time.time()
    peers = Peers.find(args.peers, args.norvig_script, plain=args.plain)
    with LoadSampler() as load, tempfile.TemporaryDirectory(prefix="fsudoku-benchmarks-") as temp:
        setup = Setup(
            puzzles,
            temp,
            repeat=args.repeat,
            timeout=args.timeout or None,
            hard_set=args.hardest,
            launch=launcher(plain=args.plain, program=args.program),
            commands=commands,
            progress=(lambda text: print(text, file=sys.stderr)) if loud else None,
            peers=peers,
        )
        verdicts = [v for name in names for v in TARGETS[name](setup)]
    out.write(heading(argv, args, setup, began))
    report(args, setup, verdicts, out)
    out.write(f"\n{machine()}; {load.summary()}; {time.monotonic() - started:,.0f} s.\n")
    failed = any(group.failed for group in setup.groups)
    return 1 if failed or any(v.met is False for v in verdicts) else 0


if __name__ == "__main__":
    for ending in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(ending, _stop)
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)  # a reader gone (| head): quietly, as Unix does
    sys.exit(main())
