"""``fsudoku generate N``: puzzles with exactly one solution, one line each, from a seed.

The puzzles are those of :func:`fsudoku.run.generate.iter_puzzles` (a random solved
grid, clues taken away while one solution is left), written as they are made. Asked for
fewer clues than removal reaches, the command stops with one line naming the fewest
clues it reached (exit status 1).
"""

from __future__ import annotations

import argparse
from typing import Any, TextIO

from fsudoku.app.process import EXIT_OK, EXIT_UNSOLVED
from fsudoku.app.usage import UsageError, positive, whole

__all__ = ["add_parser", "main"]


def add_parser(sub: Any) -> None:
    """Add ``generate`` to the subcommands."""
    p = sub.add_parser("generate", help="make N puzzles with exactly one solution")
    p.add_argument("n", type=positive, metavar="N", help="how many puzzles")
    p.add_argument(
        "--clues",
        type=whole,
        default=None,
        metavar="K",
        help="exactly K clues, 17 to 81 (default: as few as removal reaches, usually 22-26)",
    )
    p.add_argument(
        "--seed",
        type=whole,
        default=None,
        metavar="N",
        help="the same seed, the same puzzles (default: a new one each run)",
    )
    p.add_argument("--symmetric", action="store_true", help="clues symmetric about the centre")
    p.add_argument(
        "--attempts",
        type=positive,
        default=None,
        metavar="N",
        help="grids tried per puzzle before giving up on --clues K (default: 100)",
    )
    p.set_defaults(run=main)


def main(args: argparse.Namespace, out: TextIO) -> int:
    """Run the command: one puzzle line each, or one line on stderr.

    Status 1: the clues were not reached; 2: bad arguments.
    """
    import sys

    from fsudoku.run import generate

    try:
        made = generate.iter_puzzles(
            args.n,
            clues=args.clues,
            seed=args.seed,
            symmetric=args.symmetric,
            attempts=args.attempts or generate.ATTEMPTS,
        )
    except ValueError as error:
        raise UsageError(str(error)) from None
    try:
        for puzzle in made:
            out.write(puzzle + "\n")
            out.flush()
    except generate.GenerateGaveUp as gave_up:
        sys.stderr.write(f"fsudoku generate: {gave_up}\n")
        return EXIT_UNSOLVED
    return EXIT_OK
