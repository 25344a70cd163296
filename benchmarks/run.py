"""Measure the project's targets on a file of puzzles and print them as Markdown.

``python3 benchmarks/run.py FILE [TARGET ...]`` (see ``benchmarks/README.md``).

The exit status is 0 when every target measured was met, 1 when one was not (or a row
failed), 2 for a bad command line.
"""

from __future__ import annotations

import argparse
import os
import platform
import signal
import sys
import tempfile
import time
from collections.abc import Sequence
from typing import TextIO

if __package__ in (None, ""):  # run as a script: the repository's folders first
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from benchmarks.child import launcher
from benchmarks.settings import compile_package, no_blas_threads
from benchmarks.targets import HARD_SET, NEEDS_CHECKOUT, TARGETS, Setup, Verdict
from fsudoku.app.bench import format_table, plural, read_puzzles
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
    for title, rows in setup.groups:
        externals = [r.external for r in rows if r.external is not None]
        out.write(f"\n{title}:\n\n{format_table(rows, externals)}\n")


def _stop(signum: int, frame: object) -> None:
    """SIGTERM or SIGHUP: end the run as Ctrl-C does (the row being timed is killed)."""
    raise SystemExit(128 + signum)


def main(argv: Sequence[str] | None = None, out: TextIO = sys.stdout) -> int:
    """Measure the targets the command line names; the exit status (130 on Ctrl-C)."""
    try:
        return _main(argv, out)
    except KeyboardInterrupt:
        print("benchmarks: interrupted", file=sys.stderr)
        return 130


def _main(argv: Sequence[str] | None, out: TextIO) -> int:
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
    commands: dict[str, External] = {e.solver: e for e in args.against if e.solver}
    loud = not args.quiet and sys.stderr is not None and sys.stderr.isatty()
    started, load = time.monotonic(), os.getloadavg()
    with tempfile.TemporaryDirectory(prefix="fsudoku-benchmarks-") as folder:
        setup = Setup(
            puzzles,
            folder,
            repeat=args.repeat,
            timeout=args.timeout or None,
            hard_set=args.hardest,
            launch=launcher(plain=args.plain, program=args.program),
            commands=commands,
            progress=(lambda text: print(text, file=sys.stderr)) if loud else None,
        )
        verdicts = [v for name in names for v in TARGETS[name](setup)]
    report(args, setup, verdicts, out)
    out.write(
        f"\nPython {platform.python_version()}, {os.cpu_count()} cores; load average "
        f"{load[0]:.2f} at the start, {os.getloadavg()[0]:.2f} at the end; "
        f"{time.monotonic() - started:,.0f} s.\n"
    )
    failed = any(r.failure() is not None for _, rows in setup.groups for r in rows)
    return 1 if failed or any(v.met is False for v in verdicts) else 0


if __name__ == "__main__":
    for ending in (signal.SIGTERM, signal.SIGHUP):
        signal.signal(ending, _stop)
    sys.exit(main())
