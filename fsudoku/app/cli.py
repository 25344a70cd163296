"""The ``fsudoku`` command: the article's ``main``, grown up.

Sarkar #1 ("Solving the Puzzle"): ``main :: IO ()`` reads ``lines <$> getContents`` and
for each line prints ``Invalid input`` (``readGrid`` gives ``Nothing``),
``No solution found`` (``solve`` gives ``Nothing``), or ``putStrLn $ showGrid grid'``.

``fsudoku solve`` does exactly that per input line (``--format grid``, the default),
byte for byte, and adds files, other solvers and engines, other formats, worker
processes, node bounds, and clear errors. Lines are split on ``\\n`` only, as
Haskell's ``lines``; a trailing ``\\r`` is dropped, ``0`` blanks become ``.``, bytes
that are not UTF-8 make that line ``Invalid input``.

Exit status: 0 when every puzzle was solved, 1 when some line was invalid,
unsolvable or given up, 2 for a usage error or an unreadable file, 130 on Ctrl-C.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from fsudoku import sarkar1
from fsudoku.app.render import FORMATS, render
from fsudoku.app.usage import UsageError
from fsudoku.batch import Entry, Progress, count_lines, outcomes, read_sources
from fsudoku.grid_io import SAMPLE, is_puzzle, read_grid, show_grid, show_grid_with_possibilities
from fsudoku.outcome import Outcome
from fsudoku.pe96.counting import check_line
from fsudoku.pe96.euler import euler96
from fsudoku.solvers import (
    ENGINES,
    FAST_SOLVERS,
    NAIVE_MAX_BLANKS,
    NAIVE_MAX_NODES,
    SARKAR_RULES,
    SOLVERS,
    TRACED,
    Engine,
    solve_many,
)
from fsudoku.trace import run_sarkar

EXIT_OK, EXIT_UNSOLVED, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130


PROGRESS_MIN = 20
"""Fewer puzzles than this (in named files) get no progress bar."""


def _progress(args: argparse.Namespace) -> Progress:
    """A progress bar on stderr when it is a terminal, the input is not typed at a
    terminal, there are more than a few puzzles, and ``--quiet`` is not given."""
    if args.quiet or not sys.stderr.isatty():
        return Progress(False)
    reads_stdin = not args.files or "-" in args.files
    if reads_stdin and sys.stdin.isatty():
        return Progress(False)
    total = count_lines(args.files)
    if total is not None and total < PROGRESS_MIN:
        return Progress(False)
    return Progress(True, total)


def cmd_solve(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku solve``: one result per puzzle, in order, flushed as found."""
    engine = _engine(args)
    max_nodes = args.max_nodes
    if args.solver == "bird-naive" and max_nodes is None:
        max_nodes = NAIVE_MAX_NODES
    errors: list[str] = []
    entries = read_sources(args.files, errors, args.strict_input)
    status = EXIT_OK
    progress = _progress(args)
    try:
        interactive = (not args.files or "-" in args.files) and sys.stdin.isatty()
        if args.solver == "bird-naive" and not args.force:
            stream = _refuse_many_blanks(entries, max_nodes)
        else:
            stream = outcomes(entries, args.solver, engine, max_nodes, _jobs(args), interactive)
        for entry, outcome in stream:
            out.write(render(outcome, entry, args.format, args.solver))
            out.flush()
            progress.update()
            if outcome.status != "solved":
                status = EXIT_UNSOLVED
            if args.stats:
                print(f"{entry.label}\t{outcome.status}\tnodes={outcome.nodes}", file=sys.stderr)
    finally:
        progress.close()
    for message in errors:
        print(message, file=sys.stderr)
    return EXIT_USAGE if errors else status


def _refuse_many_blanks(
    entries: Iterator[Entry], max_nodes: int | None
) -> Iterator[tuple[Entry, Outcome]]:
    """``bird-naive`` without ``--force``: a puzzle with more than a handful of blanks is
    refused (its line says why); the others are solved, one at a time."""
    for entry in entries:
        blanks = entry.text.count(".")
        if is_puzzle(entry.text) and blanks > NAIVE_MAX_BLANKS:
            yield entry, Outcome.refused(blanks)
        else:
            yield entry, next(solve_many([entry.text], "bird-naive", "reference", max_nodes))


def _engine(args: argparse.Namespace) -> Engine:
    engine: Engine | None = args.engine
    if engine is None:
        return "fast" if args.solver in FAST_SOLVERS else "reference"
    if engine == "fast" and args.solver not in FAST_SOLVERS:
        raise UsageError(
            f"the fast engine covers {', '.join(sorted(FAST_SOLVERS))}; "
            f"use --engine reference for {args.solver}"
        )
    return engine


def _jobs(args: argparse.Namespace) -> int:
    jobs: int = args.jobs
    if jobs == 0:
        return os.cpu_count() or 1
    return jobs


def cmd_demo(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku demo``: the articles' sample puzzle, its settled grid, its solution."""
    rule = SARKAR_RULES[args.solver] if args.solver in SARKAR_RULES else SARKAR_RULES["exclusives"]
    grid = read_grid(SAMPLE).unwrap()
    out.write('The sample puzzle of the articles (Sarkar #1, "Setting up"):\n\n')
    out.write(show_grid(grid) + "\n")
    settled = sarkar1.prune_grid(grid, rule)
    out.write(f"After pruneGrid ({args.solver}), with each cell's possibilities:\n\n")
    out.write(show_grid_with_possibilities(settled.unwrap()) + "\n")
    result, stats = run_sarkar(grid, rule)
    out.write(f"Solved by solve ({stats.nodes} nodes):\n\n")
    out.write(show_grid(result.unwrap()))
    out.flush()
    return EXIT_OK


def cmd_bench(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku bench``: solvers and engines side by side on the same puzzles."""
    from fsudoku.app import bench  # loaded when asked for

    return bench.main(args, out)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku check``: unique, multiple N, none, or Invalid input per puzzle."""
    errors: list[str] = []
    status = EXIT_OK
    progress = _progress(args)
    try:
        for entry in read_sources(args.files, errors):
            line = check_line(entry.text, args.limit)
            out.write(line + "\n")
            out.flush()
            progress.update()
            if line != "unique":
                status = EXIT_UNSOLVED
    finally:
        progress.close()
    for message in errors:
        print(message, file=sys.stderr)
    return EXIT_USAGE if errors else status


def cmd_euler96(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku euler96 FILE``: the Project Euler 96 sum."""
    if not os.path.exists(args.file):
        raise UsageError(f"{args.file}: no such file")
    if os.path.isdir(args.file):
        raise UsageError(f"{args.file}: is a directory")
    try:
        total = euler96(args.file, args.solver)
    except ValueError as error:  # a grid that is invalid, unsolvable or wrongly solved
        print(f"fsudoku: euler96: {error}", file=sys.stderr)
        return EXIT_UNSOLVED
    except OSError as error:
        raise UsageError(f"{args.file}: {error.strerror or error}") from None
    out.write(f"{total}\n")
    return EXIT_OK


def cmd_explain(args: argparse.Namespace, out: TextIO) -> int:
    """``fsudoku explain PUZZLE``: the articles' REPL session for any puzzle."""
    from fsudoku.app import explain  # loaded when asked for

    return explain.main(args, out)


# ---------------------------------------------------------------------------
# The command line


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return value


def _bound(text: str) -> int:
    value = _positive(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def _at_least_two(text: str) -> int:
    value = _positive(text)
    if value < 2:
        raise argparse.ArgumentTypeError("must be at least 2 (to tell unique from multiple)")
    return value


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        raise UsageError(message)


def build_parser() -> argparse.ArgumentParser:
    """The ``fsudoku`` argument parser (every subcommand)."""
    parser = _Parser(
        prog="fsudoku",
        description=(
            "Functional Sudoku solvers ported from Haskell: Sarkar's (simple, exclusives, "
            "exclusives-sets), Bird's (bird, bird-naive) and the Project Euler 96 notes' "
            "(mrv, dlx, norvig)."
        ),
        epilog="Start with `fsudoku demo`; then `fsudoku solve FILE` (one puzzle per line).",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    def solver_options(p: argparse.ArgumentParser, default: str = "exclusives") -> None:
        p.add_argument(
            "--solver",
            choices=SOLVERS,
            default=default,
            help=f"the algorithm (default {default}); see README for each",
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
        choices=FORMATS,
        default="grid",
        help="grid (the article's main, default), line (81 digits), "
        "possibilities (settled grid), euler, boxed",
    )
    p_solve.add_argument(
        "--engine",
        choices=ENGINES,
        default=None,
        help="reference (the faithful port) or fast (NumPy; default for the Sarkar rules)",
    )
    p_solve.add_argument(
        "--jobs",
        "-j",
        type=_positive,
        default=1,
        help="worker processes (0: all cores; default 1); output stays in input order",
    )
    p_solve.add_argument(
        "--max-nodes",
        type=_bound,
        default=None,
        help="give up on a puzzle after N search nodes (prints 'Gave up after N nodes')",
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
        help="also print each puzzle's status and node count on stderr",
    )
    p_solve.set_defaults(run=cmd_solve)

    p_demo = sub.add_parser("demo", help="solve the articles' sample puzzle and show each stage")
    solver_options(p_demo)
    p_demo.set_defaults(run=cmd_demo)

    p_bench = sub.add_parser("bench", help="time solvers and engines side by side on one file")
    p_bench.add_argument("file", metavar="FILE")
    p_bench.add_argument(
        "--solver",
        action="append",
        choices=SOLVERS,
        dest="solvers",
        help="a solver to time (repeatable; default exclusives)",
    )
    p_bench.add_argument(
        "--engine",
        action="append",
        choices=ENGINES,
        dest="engines",
        help="an engine to time (repeatable; default reference)",
    )
    p_bench.add_argument("--limit", type=_bound, default=None, help="only the first N puzzles")
    p_bench.add_argument(
        "--hardest",
        type=_bound,
        default=None,
        help="only the N puzzles exclusives needs the most nodes for",
    )
    p_bench.add_argument(
        "--jobs",
        "-j",
        type=_positive,
        action="append",
        help="worker processes (repeatable: one row per value; default 1)",
    )
    p_bench.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    p_bench.set_defaults(run=cmd_bench)

    p_check = sub.add_parser("check", help="count solutions: unique, multiple N, none")
    batch_options(p_check)
    p_check.add_argument(
        "--limit", type=_at_least_two, default=2, help="stop counting at N (default 2)"
    )
    p_check.set_defaults(run=cmd_check)

    p_euler = sub.add_parser("euler96", help="Project Euler 96: the sum of the top-left numbers")
    p_euler.add_argument("file", metavar="FILE")
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
    )
    p_explain.add_argument(
        "--max-steps", type=_bound, default=None, help="stop the trace after N steps"
    )
    p_explain.add_argument(
        "--svg", metavar="DIR", default=None, help="also write each grid shown as SVG"
    )
    p_explain.set_defaults(run=cmd_explain)
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the command line; returns the exit status (never raises for bad input)."""
    stream = out if out is not None else sys.stdout
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
        if args.command is None:
            parser.print_help(stream)
            return EXIT_USAGE
        run: Callable[[argparse.Namespace, TextIO], int] = args.run
        return run(args, stream)
    except UsageError as error:
        print(f"fsudoku: {error}", file=sys.stderr)
        return EXIT_USAGE
    except KeyboardInterrupt:
        print("fsudoku: interrupted", file=sys.stderr)
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
        return EXIT_OK


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())


if __name__ == "__main__":
    run()
