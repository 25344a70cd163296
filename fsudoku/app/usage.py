"""The command line's shared vocabulary: the error of a bad command line or an unreadable
input (exit status 2), the types of its number options, and the options of ``bench``.
"""

from __future__ import annotations

import argparse

from fsudoku.base.names import ENGINES, SOLVERS


class UsageError(Exception):
    """A bad command line or an unreadable file: one line on stderr, exit status 2."""


def whole(text: str) -> int:
    """An option's value as a whole number, 0 or more.


    >>> whole("0")
    0
    >>> whole("-1")
    Traceback (most recent call last):
    argparse.ArgumentTypeError: must be 0 or more: '-1'
    """
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more: {text!r}")
    return value


def positive(text: str) -> int:
    """An option's value as a whole number, 1 or more.


    >>> positive("3")
    3
    """
    value = whole(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be at least 1")
    return value


def at_least_two(text: str) -> int:
    """An option's value as a whole number, 2 or more (``check --limit``).


    >>> at_least_two("2")
    2
    """
    value = whole(text)
    if value < 2:
        raise argparse.ArgumentTypeError("must be at least 2 (to tell unique from multiple)")
    return value


def bench_arguments(p: argparse.ArgumentParser) -> None:
    """Add the options of ``fsudoku bench`` to ``p``."""
    p.add_argument("file", metavar="FILE")
    p.add_argument(
        "--solver",
        action="append",
        choices=SOLVERS,
        dest="solvers",
        help="a solver to time (repeatable; default exclusives)",
    )
    p.add_argument(
        "--engine",
        action="append",
        choices=ENGINES,
        dest="engines",
        help="an engine to time (repeatable; default reference)",
    )
    p.add_argument("--limit", type=positive, default=None, help="only the first N puzzles")
    p.add_argument(
        "--hardest",
        type=positive,
        default=None,
        help="only the N puzzles exclusives needs the most nodes for",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=whole,
        action="append",
        help="worker processes (repeatable: one row per value; 0: all cores; default 1)",
    )
    p.add_argument(
        "--per-puzzle",
        action="store_true",
        help="also time one call per puzzle (per call columns), in a process of its own",
    )
    p.add_argument(
        "--against",
        action="append",
        metavar="[SOLVER=]CMD",
        help="also time an external command that reads the same lines on stdin "
        "(repeatable); SOLVER= says which solver it implements",
    )
    p.add_argument("--repeat", type=positive, default=1, help="run every row N times; show medians")
    p.add_argument(
        "--targets",
        action="store_true",
        help="measure the speed targets (README's Benchmarks) instead of a table",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
