r"""The ``fsudoku`` command: the article's ``main``, grown up.

Sarkar #1 ("Solving the Puzzle"): ``main :: IO ()`` reads ``lines <$> getContents`` and
for each line prints ``Invalid input`` (``readGrid`` gives ``Nothing``),
``No solution found`` (``solve`` gives ``Nothing``), or ``putStrLn $ showGrid grid'``.

``fsudoku solve`` does exactly that per input line (``--format grid``, the default),
byte for byte, and adds files, other solvers and engines, other formats, worker
processes, node bounds, and clear errors. The input is read by the rules of
:mod:`fsudoku.pe96.formats`; the exit statuses are :data:`fsudoku.app.process.STATUSES`
(each ``--help`` lists its command's).
"""

from __future__ import annotations

# first, before anything slow: a signal while the modules below load ends quietly
from fsudoku.app import output, process

# isort: split
import argparse
import contextlib
import errno
import os
import sys
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from typing import TextIO

from fsudoku import __version__
from fsudoku.app.input import EntryStream, count_entries
from fsudoku.app.messages import os_error_message, shown
from fsudoku.app.output import OutputError, Writer
from fsudoku.app.parser import ArgumentError, Parser, finish
from fsudoku.app.process import (
    EXIT_INTERNAL,
    EXIT_INTERRUPTED,
    EXIT_OK,
    EXIT_OUTPUT,
    EXIT_UNSOLVED,
    EXIT_USAGE,
    Signals,
    Stopped,
)
from fsudoku.app.progress import Progress, check_summary, summary
from fsudoku.app.records import check_record, json_line, solve_record
from fsudoku.app.render import FORMATS, render
from fsudoku.app.svg import PictureError
from fsudoku.app.usage import (
    MAX_STEPS,
    UsageError,
    at_least_two,
    bench_arguments,
    demo_solver,
    whole,
)
from fsudoku.app.workers import tie_to_parent
from fsudoku.base.names import ENGINE_CHOICES, SARKAR_RULES, SOLVERS, EngineChoice
from fsudoku.base.validate import UnknownName
from fsudoku.pe96.counting import check_line
from fsudoku.run.batch import outcomes
from fsudoku.run.pool import usable_cores, worker_count
from fsudoku.run.registry import NAIVE_MAX_NODES, REGISTRY, TRACED
from fsudoku.run.sources import SourceError

_SIGNALS: list[Signals | None] = [None]  # the signals of the run in progress


PROGRESS_MIN = 20
"""Fewer puzzles than this (in named files) get no progress bar."""


def _isatty(stream: object) -> bool:
    """Whether a standard stream is open on a terminal."""
    try:
        return stream is not None and bool(stream.isatty())  # type: ignore[attr-defined]
    except (OSError, ValueError, AttributeError):
        return False


def _decorated(args: argparse.Namespace) -> bool:
    """Whether stderr gets a progress bar and a summary: a terminal, and no ``--quiet``."""
    return not args.quiet and _isatty(sys.stderr)


def _progress(args: argparse.Namespace) -> Progress:
    """The progress bar of a run, shown only where it helps.

    It is on stderr when stderr is a terminal, the input is not typed at a terminal, there
    are more than a few puzzles, and ``--quiet`` is not given. Its total is exact when every
    source is a regular file (counted without reading any other source); otherwise it counts
    as it goes.
    """
    if not _decorated(args):
        return Progress(False)
    reads_stdin = not args.files or "-" in args.files
    if reads_stdin and _isatty(sys.stdin):
        return Progress(False)
    total = count_entries(args.files, getattr(args, "strict_input", False))
    if total is not None and total < PROGRESS_MIN:
        return Progress(False)
    return Progress(True, total)


def _err(signals: Signals | None) -> Writer:
    """Standard error, as a :class:`~fsudoku.app.output.Writer`."""
    return Writer(sys.stderr, "standard error", signals)


def _tick(progress: Progress) -> Callable[[int], None]:
    """Tell the bar of puzzles solved; a bar that cannot be drawn is an output failure."""

    def tick(count: int) -> None:
        try:
            progress.update(count)
        except (OSError, ValueError) as error:
            raise OutputError("standard error", error) from None

    return tick


def _close_quietly(progress: Progress) -> None:
    """Remove the bar on the way out of a run that failed (its error is what counts)."""
    with contextlib.suppress(OSError, ValueError):
        progress.close()


def _flush_quietly(writer: Writer) -> None:
    """Write the answers held, on the way out of a run that stopped.

    An output that fails again is not reported twice; after a signal, this takes a second at
    most.
    """
    if writer.signals is not None:
        writer.signals.last_words()
    with contextlib.suppress(OutputError):
        writer.flush()


def _finish(
    args: argparse.Namespace,
    progress: Progress,
    errors: list[str],
    line: str | None,
    signals: Signals | None,
) -> None:
    """End a batch: remove the bar, report unreadable sources, and summarise.

    The one-line summary is written when stderr is a terminal.
    """
    try:
        progress.close()
    except (OSError, ValueError) as error:
        raise OutputError("standard error", error) from None
    err = _err(signals)
    for message in errors:
        err.write(f"fsudoku: {message}\n")
    if _decorated(args) and line is not None:
        err.write(line + "\n")


def _entries(args: argparse.Namespace, errors: list[str]) -> EntryStream:
    """The puzzles of the command's files; a file that cannot be read is one message."""

    def unreadable(item: SourceError) -> None:
        errors.append(os_error_message(item.source, item.error))

    return EntryStream(args.files, getattr(args, "strict_input", False), unreadable)


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku solve``: one result per puzzle, in order, flushed as found."""
    engine = _engine(args)
    jobs = _jobs(args.jobs)
    max_nodes = args.max_nodes
    if args.solver == "bird-naive" and args.force and max_nodes is None:
        max_nodes = NAIVE_MAX_NODES  # forced: bounded, so the registry tries it
    signals = _SIGNALS[0]
    # answers held between the batch layer's waits (one write per burst), unless each
    # is followed by a --stats line on stderr, which must not overtake it
    writer = Writer(out, "standard output", signals, held=not args.stats)
    err = _err(signals)
    errors: list[str] = []
    counts: Counter[str] = Counter()
    progress = _progress(args)
    stream = outcomes(
        _entries(args, errors),
        args.solver,
        engine=engine,
        jobs=jobs,
        max_nodes=max_nodes,
        on_decided=_tick(progress),
        on_idle=writer.flush,
        worker_setup=partial(tie_to_parent, os.getpid()),
        on_fallback=partial(_no_workers, err),
    )
    with contextlib.ExitStack() as ending:
        ending.callback(_close_quietly, progress)
        ending.callback(stream.close)  # workers reaped at once
        ending.callback(_flush_quietly, writer)  # what was found before an interruption
        for entry, outcome in stream:
            if args.format == "jsonl":
                writer.write(json_line(solve_record(entry, outcome)))
            else:
                writer.write(render(outcome, entry, args.format, args.solver))
            counts[outcome.status] += 1
            if args.stats:
                err.write(f"{shown(entry.label)}\t{outcome.status}\tnodes={outcome.nodes}\n")
        ending.pop_all()
    writer.flush()
    line = summary(counts, progress.seconds()) if counts else None
    _finish(args, progress, errors, line, signals)
    if errors:
        return EXIT_USAGE
    return EXIT_OK if counts["solved"] == sum(counts.values()) else EXIT_UNSOLVED


def _no_workers(err: Writer, error: OSError) -> None:
    """The one line of a run whose worker processes could not be started."""
    reason = error.strerror or str(error) or type(error).__name__
    err.write(
        f"fsudoku: warning: cannot start worker processes ({reason[:1].lower()}{reason[1:]}); "
        "solving in this process\n"
    )


def _engine(args: argparse.Namespace) -> EngineChoice:
    """``--engine``, checked to cover ``--solver`` by the registry's rule (a usage error)."""
    engine: EngineChoice = args.engine
    try:
        REGISTRY[args.solver].choose(engine)
    except UnknownName as error:
        raise UsageError(f"{error}; use --engine auto or reference") from None
    return engine


def _jobs(jobs: int) -> int:
    """``--jobs N``: 0 is one worker per core; more workers than cores is a usage error."""
    try:
        return worker_count(jobs)
    except ValueError:
        raise UsageError(
            f"--jobs {jobs}: at most {usable_cores()}, the cores this process may use "
            "(0: all of them)"
        ) from None


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku demo``: Sarkar #1's steps on the articles' sample puzzle (:mod:`fsudoku.app.demo`)."""
    from fsudoku.app import demo  # loaded when asked for

    return demo.demo(out, args.solver)


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku bench``: solvers and engines side by side on the same puzzles."""
    from fsudoku.app import bench  # loaded when asked for

    if getattr(args, "jobs", None):
        args.jobs = [_jobs(jobs) for jobs in args.jobs]  # the bounds of solve --jobs
    return bench.main(args, out)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku check``: how many solutions each puzzle has.

    One of unique, multiple N (exactly N), multiple N+ (counting stopped at ``--limit N``),
    none, or Invalid input per puzzle.
    """
    signals = _SIGNALS[0]
    writer = Writer(out, "standard output", signals)
    errors: list[str] = []
    counts: Counter[str] = Counter()
    progress = _progress(args)
    tick = _tick(progress)
    with contextlib.ExitStack() as ending:
        ending.callback(_close_quietly, progress)
        for entry in _entries(args, errors):
            line = check_line(entry.text, args.limit)
            jsonl = args.format == "jsonl"
            writer.write(json_line(check_record(entry, line)) if jsonl else line + "\n")
            tick(1)
            counts[line.split()[0]] += 1
        ending.pop_all()
    _finish(args, progress, errors, check_summary(counts, progress.seconds()), signals)
    if errors:
        return EXIT_USAGE
    return EXIT_OK if counts["unique"] == sum(counts.values()) else EXIT_UNSOLVED


def cmd_euler96(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku euler96 FILE``: the Project Euler 96 sum (``-``: standard input)."""
    from fsudoku.app import euler96  # loaded when asked for

    return euler96.main(args, out, _SIGNALS[0])


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku explain PUZZLE``: the articles' REPL session for any puzzle."""
    from fsudoku.app import explain  # loaded when asked for

    return explain.main(args, out)


# ---------------------------------------------------------------------------
# The command line


def build_parser() -> argparse.ArgumentParser:
    """The ``fsudoku`` argument parser (every subcommand)."""
    parser = Parser(
        prog="fsudoku",
        description=(
            "Functional Sudoku solvers ported from Haskell: Sarkar's (simple, exclusives,\n"
            "exclusives-sets), Bird's (bird, bird-naive) and the Project Euler 96 notes'\n"
            "(mrv, dlx, norvig)."
        ),
        epilog="Start with `fsudoku demo`; then `fsudoku solve FILE` (one puzzle per line).",
    )
    parser.add_argument("--version", action="version", version=f"fsudoku {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=Parser)

    def solver_options(p: argparse.ArgumentParser, default: str = "exclusives") -> None:
        p.add_argument(
            "--solver",
            choices=SOLVERS,
            default=default,
            help="the algorithm (default: %(default)s); README has a line on each",
        )

    def batch_options(p: argparse.ArgumentParser) -> None:
        p.add_argument(
            "files", nargs="*", metavar="FILE", help="puzzle files (default: stdin; - is stdin)"
        )
        p.add_argument("--quiet", "-q", action="store_true", help="no progress bar on stderr")

    p_solve = sub.add_parser("solve", help="solve puzzles, one result per input puzzle, in order")
    batch_options(p_solve)
    solver_options(p_solve)
    p_solve.add_argument(
        "--format",
        choices=(*FORMATS, "jsonl"),
        default="grid",
        help="grid: the article's main (default); line: 81 digits; possibilities: the "
        "settled grid; euler; boxed; jsonl: one JSON object a puzzle (docs/cli.md)",
    )
    p_solve.add_argument(
        "--engine",
        choices=ENGINE_CHOICES,
        default="auto",
        help="auto (the default: each solver's fastest engine that gives the reference's "
        "answers and node counts, fast for the Sarkar rules), reference (the faithful port) "
        "or fast (NumPy)",
    )
    p_solve.add_argument(
        "--jobs",
        "-j",
        type=whole,
        default=1,
        metavar="N",
        help="worker processes (0: one per core; default: 1); output stays in input order",
    )
    p_solve.add_argument(
        "--max-nodes",
        type=whole,
        default=None,
        metavar="N",
        help="give up on a puzzle past N search nodes ('Gave up after N nodes'; default: none)",
    )
    p_solve.add_argument(
        "--force", action="store_true", help="let bird-naive try puzzles with many blanks"
    )
    p_solve.add_argument(
        "--strict-input",
        action="store_true",
        help="read lines exactly as the article's Haskell main does: 0 is not a blank, "
        "no comments or Euler grids, a trailing CR makes the line invalid",
    )
    p_solve.add_argument(
        "--stats",
        action="store_true",
        help="also print each puzzle's label, status and node count on stderr",
    )
    p_solve.set_defaults(run=cmd_solve)

    p_demo = sub.add_parser(
        "demo", help="Sarkar #1's steps on the articles' sample puzzle, from readGrid to solve"
    )
    p_demo.add_argument(
        "--solver",
        type=demo_solver,
        choices=SARKAR_RULES,
        default="simple",
        help="the rule of Sarkar's solver (default: %(default)s)",
    )
    p_demo.set_defaults(run=cmd_demo)

    p_bench = sub.add_parser("bench", help="time solvers and engines side by side on one file")
    bench_arguments(p_bench)
    p_bench.set_defaults(run=cmd_bench)

    p_check = sub.add_parser("check", help="count solutions: unique, multiple N, none")
    batch_options(p_check)
    p_check.add_argument(
        "--limit",
        type=at_least_two,
        default=2,
        metavar="N",
        help="stop counting at N solutions (default: 2)",
    )
    p_check.add_argument(
        "--format",
        choices=("text", "jsonl"),
        default="text",
        help="text: one verdict a line (default); jsonl: one JSON object a puzzle",
    )
    p_check.set_defaults(run=cmd_check)

    p_euler = sub.add_parser("euler96", help="Project Euler 96: the sum of the top-left numbers")
    p_euler.add_argument("file", metavar="FILE", help="a file of Project Euler grids (-: stdin)")
    solver_options(p_euler, "norvig")
    p_euler.set_defaults(run=cmd_euler96)

    p_explain = sub.add_parser(
        "explain", help="walk one puzzle through the algorithm, step by step"
    )
    p_explain.add_argument("puzzle", metavar="PUZZLE", help="81 characters, . or 0 for a blank")
    p_explain.add_argument(
        "--solver",
        choices=TRACED,
        default="exclusives",
        help="whose steps: one of Sarkar's rules, or Bird's search (default: %(default)s)",
    )
    p_explain.add_argument(
        "--max-steps",
        type=whole,
        default=None,
        metavar="N",
        help=f"stop the trace, and the search, after N steps (default: {MAX_STEPS:,}; "
        "0: every step)",
    )
    p_explain.add_argument(
        "--max-nodes",
        type=whole,
        default=None,
        metavar="N",
        help="give up past N search nodes ('Gave up after N nodes'; default: none)",
    )
    p_explain.add_argument(
        "--svg",
        metavar="DIR",
        default=None,
        help="also draw each grid shown as DIR/step-N.svg, with DIR/index.html",
    )
    p_explain.set_defaults(run=cmd_explain)

    from fsudoku.app import check_solver, generate  # the kit's command and the generator's

    check_solver.add_parser(sub)
    generate.add_parser(sub)
    finish(parser, sub)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (never raises, never a traceback).

    SIGINT, SIGTERM and SIGHUP end the run with 130, 143 or 129 and one line on stderr
    (:mod:`fsudoku.app.process`); output that cannot be written ends it with 74.
    """
    with Signals() as signals:
        _SIGNALS[0] = signals
        try:
            status = _main(argv, out)
            if signals.received is not None:  # raised where Python ignores exceptions
                signals._raise()
            return status
        except KeyboardInterrupt:
            process.say_once("interrupted")
            return EXIT_INTERRUPTED
        except Stopped as stop:
            process.say_once(stop.name)
            return stop.status
        finally:
            _SIGNALS[0] = None


def _main(argv: Sequence[str] | None, out: TextIO | None) -> int:
    """:func:`main`, inside its signal handlers."""
    stream = out if out is not None else sys.stdout
    parser = build_parser()
    try:
        try:
            args = parser.parse_args(argv)
        except SystemExit as done:  # --help, --version: argparse printed them
            return done.code if isinstance(done.code, int) else EXIT_OK
        if args.command is None:
            _complain(parser.format_help())
            return EXIT_USAGE
        run: Callable[[argparse.Namespace, TextIO], int] = args.run
        if stream is None:
            raise OutputError("standard output")
        return run(args, stream)
    except ArgumentError as error:
        _complain(error.report())
        return EXIT_USAGE
    except UsageError as error:
        _complain(f"fsudoku: {shown(str(error))}\n")
        return EXIT_USAGE
    except PictureError as error:  # explain --svg
        _complain(f"fsudoku: {shown(str(error))}\n")
        return EXIT_OUTPUT
    except OutputError as error:
        if error.broken_pipe:  # the reader went away (``| head``): quiet, as a filter is
            process.die_of_broken_pipe()
            return process.EXIT_BROKEN_PIPE
        output.silence(sys.stdout if error.where == "standard output" else sys.stderr)
        with contextlib.suppress(OutputError):
            _err(None).write(f"fsudoku: {error}\n")
        return EXIT_OUTPUT
    except OSError as error:  # a write of a subcommand that writes on its own
        if error.errno == errno.EPIPE:
            process.die_of_broken_pipe()
            return process.EXIT_BROKEN_PIPE
        where = "standard output" if error.errno in _OUTPUT_ERRNOS else None
        if where is None:
            with contextlib.suppress(OutputError):
                _err(None).write(f"fsudoku: {os_error_message(error.filename or '', error)}\n")
            return EXIT_USAGE
        output.silence(sys.stdout)
        with contextlib.suppress(OutputError):
            _err(None).write(f"fsudoku: {OutputError(where, error)}\n")
        return EXIT_OUTPUT
    except MemoryError:
        with contextlib.suppress(OutputError):
            _err(None).write("fsudoku: out of memory\n")
        return EXIT_INTERNAL
    except Exception as error:  # a bug: one line, not a traceback
        with contextlib.suppress(OutputError):
            _err(None).write(
                f"fsudoku: internal error: {type(error).__name__}: {shown(str(error))}\n"
            )
        return EXIT_INTERNAL


def _complain(text: str) -> None:
    """Say what went wrong on stderr, never on stdout.

    A stderr that cannot be written changes nothing (the status says it).
    """
    with contextlib.suppress(OutputError):
        _err(None).write(text)


_OUTPUT_ERRNOS = frozenset({errno.EPIPE, errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EIO})
"""The errors of a write that failed (a closed pipe, a full disk)."""


def run() -> None:
    """Console-script entry point: the exit status of :func:`main`, as the process's."""
    process.occupy_standard_fds()
    process.end(main())


if __name__ == "__main__":
    run()
