"""The command line's shared vocabulary.

The error of a bad command line or an unreadable input (exit status 2), the types of its
number options, and the options of ``bench``.
"""

from __future__ import annotations

import argparse
import os
import shlex
import subprocess
from dataclasses import dataclass
from typing import cast

from fsudoku.app.messages import shown
from fsudoku.base.names import ENGINES, SOLVERS, SolverName


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


def seconds(text: str) -> float:
    """An option's value as a number of seconds, 0 or more.

    >>> seconds("2.5"), seconds("0")
    (2.5, 0.0)
    """
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds: {text!r}")
    return value


@dataclass(frozen=True, slots=True)
class External:
    """An external solver command (``bench --against``), and the solver it implements."""

    command: str
    solver: SolverName | None = None

    @property
    def label(self) -> str:
        """The command as bench's table shows it: its program's base name, its arguments."""
        words = shlex.split(self.command) or [self.command]
        return " ".join([os.path.basename(words[0]), *words[1:]])


def against(text: str) -> External:
    """``bench --against [SOLVER=]CMD``: the command, and its solver if named.

    Raises :class:`UsageError` (status 2, before anything runs) for an empty command or
    solver name, quoting that does not parse, and a program that cannot be found: a
    path that is no executable file, or a name neither ``PATH`` nor the shell knows.

    >>> against("exclusives=true")
    External(command='true', solver='exclusives')
    """
    name, sep, rest = text.partition("=")
    named, where = bool(sep) and name in SOLVERS, f"--against {shown(shlex.quote(text))}"
    external = External(rest.strip(), cast(SolverName, name)) if named else External(text.strip())
    if sep and not name.strip():
        raise UsageError(f"{where}: no solver name before '='")
    if not external.command:
        raise UsageError(f"{where}: no command" + (f" after '{name}='" if named else ""))
    try:
        words = shlex.split(external.command)
    except ValueError as error:
        raise UsageError(f"{where}: {str(error).lower()}") from None
    while words and "=" in words[0] and words[0].split("=")[0].isidentifier():
        words.pop(0)  # NAME=VALUE: the command's environment
    program = words[0] if words and words[0][0] not in "({!" else ""  # (...): the shell's
    if "/" in program:
        found = os.path.isfile(program) and os.access(program, os.X_OK)
    else:  # a name on the PATH, or one of the shell's own
        probe = ["sh", "-c", 'command -v -- "$1" >/dev/null', "sh", program]
        found = not program or subprocess.run(probe, check=False).returncode == 0
    if not found:
        why = "not an executable file" if os.path.exists(program) else "no such command"
        raise UsageError(f"{where}: {shown(program)}: {why}")
    return external


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
        type=against,
        metavar="[SOLVER=]CMD",
        help="also time an external command that reads the same lines on stdin "
        "(repeatable); SOLVER= says which solver it implements",
    )
    p.add_argument(
        "--timeout",
        type=seconds,
        default=600.0,
        metavar="S",
        help="end a command's run (and its process group) after S seconds, a failed row "
        "(default 600; 0: no limit)",
    )
    p.add_argument("--repeat", type=positive, default=1, help="run every row N times; show medians")
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
