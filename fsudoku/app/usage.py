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
from fsudoku.base.names import ENGINES, SARKAR_RULES, SOLVERS, SolverName
from fsudoku.grid_io import SAMPLE


class UsageError(Exception):
    """A bad command line or an unreadable file: one line on stderr, exit status 2."""


MAX_STEPS = 1000
"""The steps ``fsudoku explain`` shows, text and pictures, unless ``--max-steps`` says
otherwise (``--max-steps 0``: every step; the sample under ``simple`` takes 13,314)."""


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


def demo_solver(text: str) -> str:
    """``demo --solver``: one of Sarkar's rules; another solver is refused, saying where its steps are.

    >>> demo_solver("simple")
    'simple'
    >>> demo_solver("bird")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: demo shows Sarkar's algorithm ... For Bird's search step by step: ...
    """
    if text not in SOLVERS or text in SARKAR_RULES:
        return text  # argparse's choices refuse what is no solver
    if text == "bird":
        elsewhere = f"Bird's search step by step: fsudoku explain {SAMPLE} --solver bird"
    else:
        elsewhere = f"its result on the sample: echo {SAMPLE} | fsudoku solve --solver {text}"
    raise argparse.ArgumentTypeError(
        "demo shows Sarkar's algorithm (pruneGrid, nextGrids, solve), run with one of "
        f"his rules: --solver {', '.join(SARKAR_RULES)}; {text} has other steps. "
        f"For {elsewhere}"
    )


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
        """The command as bench's table shows it: its program's base name, its arguments.

        Escaped (:func:`~fsudoku.app.messages.shown`): a terminal escape in it is shown, not
        obeyed.
        """
        words = shlex.split(self.command) or [self.command]
        return shown(" ".join([os.path.basename(words[0]), *words[1:]]))


def against(text: str) -> External:
    """``bench --against [SOLVER=]CMD``: the command, and its solver if named.

    Raises :class:`UsageError` (status 2, before anything runs) for an empty command or
    solver name, quoting that does not parse, a command that runs nothing (only variable
    assignments: ``x=/usr/bin/cmd``, where ``x`` is no solver), and a program that cannot
    be found: in each of its simple commands (``a | b``, ``a && b``), a path that is no
    executable file, or a name neither ``PATH`` nor the shell knows.

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
        lexer = shlex.shlex(external.command, posix=True, punctuation_chars=True)
        lexer.whitespace_split = True
        words = list(lexer)
    except ValueError as error:
        raise UsageError(f"{where}: {str(error).lower()}") from None
    found = programs(words)
    if not found:
        hint = f" ({shown(name)} is no solver: {', '.join(SOLVERS)})" if sep and not named else ""
        raise UsageError(f"{where}: nothing to run: it only sets a variable{hint}")
    for program in found:
        _check_program(where, program)
    return external


_SEPARATORS = frozenset({"|", "||", "&&", ";", "&", "|&", "(", ")", ";;"})
"""The shell's operators between two simple commands."""


def programs(words: list[str]) -> list[str]:
    """The program each simple command of a shell command line starts.

    ``words`` are the line's words and operators. Variable assignments and redirections
    are passed over; a word the shell expands (``$X``) or a compound command is ``""``
    (it cannot be checked before it runs).

    >>> programs(["X=1", "./a", "2", ">", "/dev/null", "|", "b", "&&", "$C"])
    ['./a', 'b', '']
    >>> programs(["x=/no/such/cmd"])
    []
    """
    found: list[str] = []
    first = True
    index = 0
    while index < len(words):
        word = words[index]
        after = words[index + 1] if index + 1 < len(words) else ""
        index += 1
        if word in _SEPARATORS:
            first = True
        elif word and set(word) <= set("<>&|"):  # a redirection: its target goes with it
            index += 1
        elif word.isdigit() and after and set(after) <= set("<>&|") and after not in _SEPARATORS:
            continue  # the descriptor of a redirection (2>)
        elif first and "=" in word and word.split("=")[0].isidentifier():
            continue  # NAME=VALUE: the command's environment
        elif first:
            first = False
            found.append("" if word[:1] in "{!" or "$" in word or "`" in word else word)
    return found


def _check_program(where: str, program: str) -> None:
    """Raise :class:`UsageError` when ``program`` (``""``: not known before it runs) cannot run."""
    if not program:
        return
    if "/" in program:
        found = os.path.isfile(program) and os.access(program, os.X_OK)
    else:  # a name on the PATH, or one of the shell's own
        probe = ["sh", "-c", 'command -v -- "$1" >/dev/null', "sh", program]
        found = subprocess.run(probe, check=False).returncode == 0
    if not found:
        why = "not an executable file" if os.path.exists(program) else "no such command"
        raise UsageError(f"{where}: {shown(program)}: {why}")


def bench_arguments(p: argparse.ArgumentParser) -> None:
    """Add the options of ``fsudoku bench`` to ``p``."""
    p.add_argument("file", metavar="FILE", help="the puzzles, one a line (-: stdin)")
    p.add_argument(
        "--solver",
        action="append",
        choices=SOLVERS,
        dest="solvers",
        help="a solver to time (repeatable; default: exclusives)",
    )
    p.add_argument(
        "--engine",
        action="append",
        choices=ENGINES,
        dest="engines",
        help="an engine to time (repeatable; default: reference)",
    )
    p.add_argument(
        "--limit", type=positive, default=None, metavar="N", help="only the first N puzzles"
    )
    p.add_argument(
        "--hardest",
        type=positive,
        default=None,
        metavar="N",
        help="only the N puzzles exclusives needs the most nodes for",
    )
    p.add_argument(
        "--jobs",
        "-j",
        type=whole,
        action="append",
        metavar="N",
        help="worker processes (repeatable: one row per value; 0: one per core; default: 1)",
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
        "(default: 600; 0: no limit)",
    )
    p.add_argument(
        "--repeat",
        type=positive,
        default=1,
        metavar="N",
        help="run every row N times; show medians (default: 1)",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress on stderr")
