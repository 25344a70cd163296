"""The command line's parser: its errors, its help layout, and the exit statuses it lists.

Every ``--help`` ends with the exit statuses of its command, read from
:data:`fsudoku.app.process.STATUSES` (the one place they are defined), with what 0
and 1 mean for that command. A command line argparse refuses is an
:class:`ArgumentError`: the usage line, one line saying why, and a ``--help`` hint,
status 2.
"""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import TextIO, cast

from fsudoku.app.messages import shown
from fsudoku.app.output import Writer
from fsudoku.app.process import EXIT_OK, EXIT_UNSOLVED, STATUSES
from fsudoku.app.usage import UsageError

__all__ = ["OUTCOMES", "ArgumentError", "Parser", "exit_statuses", "finish"]

OUTCOMES: dict[str | None, tuple[str, str | None]] = {
    None: (
        "success (solve: every puzzle was solved; check: each has exactly one solution)",
        "some puzzle was not (solve: invalid, unsolvable, given up or refused; check: none, "
        "several or invalid; bench: a row failed); each command's --help says",
    ),
    "demo": ("the demo was shown", None),
    "solve": ("every puzzle was solved", "some line was invalid, unsolvable, given up or refused"),
    "check": (
        "every puzzle has exactly one solution",
        "some puzzle has none or several, or is invalid",
    ),
    "explain": (
        "the trace reached a solution",
        "it did not: no solution, not a puzzle, given up, or stopped at --max-steps",
    ),
    "euler96": (
        "the sum was printed",
        "a grid is invalid, unsolvable, not tried or wrongly solved",
    ),
    "bench": ("every row ran", "a row failed (its row says how)"),
    "generate": ("every puzzle was made", "the clues asked for were not reached"),
    "check-solver": (
        "no kind failed or hung (a slow kind passes, unless --fail-slow)",
        "a kind failed or hung, or was slow with --fail-slow (each example is shown)",
    ),
}
"""What the statuses 0 and 1 mean for each command (``None``: the program as a whole)."""


def exit_statuses(command: str | None = None) -> str:
    """The ``--help`` epilog of a command: its exit statuses, one a line.

    >>> print(exit_statuses("solve").splitlines()[1])
      0    every puzzle was solved
    """
    ok, unsolved = OUTCOMES.get(command, OUTCOMES[None])
    own = {EXIT_OK: ok, EXIT_UNSOLVED: unsolved}
    lines = ["exit status:"]
    for status, meaning in STATUSES.items():
        words = own.get(status, meaning)
        if words is not None:
            lines.append(
                textwrap.fill(
                    words, 79, initial_indent=f"  {status:<4} ", subsequent_indent=" " * 7
                )
            )
    return "\n".join(lines)


class _Formatter(argparse.RawDescriptionHelpFormatter):
    """Help as argparse lays it out, with the description and the epilog kept as written."""

    def __init__(self, prog: str) -> None:
        super().__init__(prog, max_help_position=30)


class ArgumentError(UsageError):
    """A command line argparse refused: printed with the usage line and a ``--help`` hint."""

    def __init__(self, message: str, usage: str, prog: str) -> None:
        super().__init__(message)
        self.usage = usage
        self.prog = prog

    def report(self) -> str:
        """The lines on stderr: the usage, the reason (escaped: it may quote an argument)."""
        return (
            f"{self.usage}fsudoku: {shown(str(self))}\n"
            f"Try '{self.prog} --help' for more information.\n"
        )


class Parser(argparse.ArgumentParser):
    """An argument parser whose errors are raised, and whose help is written whole."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        kwargs.setdefault("formatter_class", _Formatter)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def error(self, message: str) -> None:  # type: ignore[override]
        """Raise the error (the caller reports it) instead of exiting."""
        raise ArgumentError(message, self.format_usage(), self.prog)

    def _print_message(self, message: str, file: object = None) -> None:
        """Write ``--help`` and ``--version`` and flush them.

        A failure is an :class:`~fsudoku.app.output.OutputError` (argparse's own ignores
        it, and falls back to stderr).
        """
        if not message:
            return
        where = "standard error" if file is not None and file is sys.stderr else "standard output"
        Writer(cast("TextIO | None", file), where).write(message)


def finish(parser: argparse.ArgumentParser, sub: argparse._SubParsersAction[Parser]) -> None:
    """Give the program's help and each command's its exit statuses."""
    parser.epilog = f"{parser.epilog}\n\n{exit_statuses()}" if parser.epilog else exit_statuses()
    for name, command in sub.choices.items():
        command.epilog = exit_statuses(name)
