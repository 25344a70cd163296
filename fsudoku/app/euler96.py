"""``fsudoku euler96 FILE``: the Project Euler 96 sum of a puzzle file, with any solver.

The sum itself is :func:`fsudoku.pe96.euler.euler96_sum`; this is the command around it:
the file read as ``fsudoku solve`` reads it (bounded lines, bytes that are not UTF-8
make an invalid grid), the solver picked from the registry, and the answer or one line
of error.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TextIO

from fsudoku.app.messages import os_error_message, shown
from fsudoku.app.output import Writer
from fsudoku.app.process import EXIT_OK, EXIT_UNSOLVED, Signals
from fsudoku.app.usage import UsageError
from fsudoku.base.names import SolverName
from fsudoku.pe96.euler import PuzzleSolver, euler96_sum
from fsudoku.run import registry
from fsudoku.run.sources import text_lines

__all__ = ["euler96", "main", "solver_named"]


def solver_named(solver: SolverName) -> PuzzleSolver:
    """The registry's solver as a function of a puzzle line: its solution, or ``None``.

    ``ValueError`` for a puzzle it does not try (``bird-naive`` on many blanks).

    >>> solver_named("norvig")("1" * 81) is None
    True
    """
    run = registry.REGISTRY[solver].run

    def solve(puzzle: str) -> str | None:
        outcome = run(puzzle, None)
        if outcome.status == "refused":
            raise ValueError(
                f"{solver} does not try a puzzle with {outcome.blanks} blanks "
                f"(9^{outcome.blanks} completions)"
            )
        return outcome.solution

    return solve


def euler96(path: str | Path, solver: SolverName = "norvig") -> int:
    """The Project Euler 96 answer for a puzzle file, with the named solver.

    Raises ``OSError`` when the file cannot be read, and as
    :func:`~fsudoku.pe96.euler.euler96_sum` does.
    """
    with Path(path).open("rb") as handle:
        return euler96_sum(text_lines(handle), solver_named(solver))


def main(args: argparse.Namespace, out: TextIO, signals: Signals | None) -> int:
    """Run the command: the sum on stdout, or one line on stderr.

    Status 1 for a grid that is invalid, unsolvable, not tried or wrongly solved; 2 for a
    file that cannot be read.
    """
    try:
        if args.file == "-":
            if sys.stdin is None:
                raise UsageError("-: standard input is closed")
            total = euler96_sum(text_lines(sys.stdin.buffer), solver_named(args.solver))
        else:
            total = euler96(args.file, args.solver)
    except OSError as error:
        raise UsageError(os_error_message(args.file, error)) from None
    except ValueError as error:  # a grid invalid, unsolvable, not tried or wrongly solved
        message = f"fsudoku: euler96: {shown(args.file)}: {shown(str(error))}\n"
        Writer(sys.stderr, "standard error", signals).write(message)
        return EXIT_UNSOLVED
    Writer(out, "standard output", signals).write(f"{total}\n")
    return EXIT_OK
