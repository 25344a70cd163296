"""``fsudoku check-solver MODULE:FUNCTION``: the testing kit pointed at your solver.

The module is imported from the current folder (or a ``.py`` file by its path), the
function checked by :func:`fsudoku.testing.check_kinds` kind by kind, and a table
printed: each kind passed, failed, timed out, skipped (nothing to check it with) or
off (a declaration turned it off), then each failure with its shrunk example. Exit
status 0 when no kind failed, 1 when one did, 2 for a command line or a function that
cannot be used (one line on stderr).
"""

from __future__ import annotations

import argparse
import builtins
import importlib
import importlib.util
import sys
from pathlib import Path
from typing import Any, TextIO

from fsudoku.app.process import EXIT_OK, EXIT_UNSOLVED
from fsudoku.app.usage import UsageError, positive, whole

__all__ = ["add_parser", "load_function", "main", "table"]

KIND_NAMES = [
    "near_full",
    "full",
    "unique",
    "minimal",
    "search",
    "several",
    "no_solution",
    "repeated_clue",
    "invalid",
    "zeros",
    "empty",
    "sparse",
    "hard",
]


def add_parser(sub: Any) -> None:
    """Add ``check-solver`` to the subcommands."""
    p = sub.add_parser(
        "check-solver",
        help="check your solver on every kind of puzzle (the testing kit)",
        description="Check a solver, MODULE:FUNCTION, on generated puzzles of every kind.",
    )
    p.add_argument(
        "target", metavar="MODULE:FUNCTION", help="e.g. my_sudoku:solve, or file.py:solve"
    )
    p.add_argument(
        "--order",
        choices=("any", "sarkar", "bird"),
        default="any",
        help="which solution a puzzle with several expects (default any)",
    )
    p.add_argument(
        "--rule",
        choices=("simple", "exclusives", "exclusives-sets"),
        default=None,
        help="Sarkar's cell pruner, with --order sarkar",
    )
    p.add_argument(
        "--kinds",
        nargs="+",
        metavar="KIND",
        default=None,
        help="only these kinds: " + ", ".join(KIND_NAMES),
    )
    p.add_argument(
        "--timeout",
        type=_seconds,
        default=5.0,
        help="seconds a call may take (default 5; 0: no limit, in this process)",
    )
    p.add_argument(
        "--examples",
        type=positive,
        default=100,
        help="lines in all, shared by the kinds (default 100)",
    )
    p.add_argument("--seed", type=whole, default=None, help="the seed of the search")
    p.add_argument(
        "--shape",
        choices=("line", "rows", "dict"),
        default="line",
        help="the board the function takes: a line (default), 9 rows of ints "
        "with 0 blanks, a dict (row, column) -> int with 0 blanks",
    )
    p.add_argument(
        "--blanks",
        choices=(".", "0", "both"),
        default=".",
        help="the blank characters the function reads (default .: a line with 0 is not a puzzle)",
    )
    p.add_argument(
        "--invalid",
        default="none",
        metavar="none|skip|raises:EXC",
        help="what it does with a line that is not a puzzle (default none)",
    )
    p.add_argument(
        "--several",
        default="any",
        metavar="any|none|skip|raises:EXC",
        help="what it does with a puzzle with several solutions (default any)",
    )
    p.add_argument(
        "--data",
        action="append",
        default=None,
        metavar="PATH",
        help="a file or folder of hard puzzles (default $FSUDOKU_DATA, "
        "tests/golden/heavy, ../shared/data)",
    )
    p.set_defaults(run=main)


def _seconds(text: str) -> float | None:
    """``--timeout``: seconds, ``0`` for no limit."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not value >= 0 or value == float("inf"):
        raise argparse.ArgumentTypeError(f"must be 0 or more seconds: {text!r}")
    return value or None


def load_function(target: str) -> tuple[Any, Any]:
    """The module and the function named ``MODULE:FUNCTION``.

    The module is imported from the current folder, or from a ``.py`` file; a
    :class:`UsageError` says what is missing.
    """
    module_name, sep, function_name = target.rpartition(":")
    if not sep or not module_name or not function_name:
        raise UsageError(
            f"check-solver needs MODULE:FUNCTION, e.g. my_sudoku:solve, not {target!r}"
        )
    if str(Path.cwd()) not in sys.path and "" not in sys.path:
        sys.path.insert(0, str(Path.cwd()))
    try:
        module = _import(module_name)
    except UsageError:
        raise
    except Exception as error:  # the user's module failed: one line, not its traceback
        raise UsageError(
            f"cannot import {module_name!r}: {type(error).__name__}: {error}"
        ) from None
    function: Any = module
    for part in function_name.split("."):
        if not hasattr(function, part):
            raise UsageError(f"module {module_name!r} has no function {function_name!r}")
        function = getattr(function, part)
    if not callable(function):
        raise UsageError(f"{target} is not a function: {function!r:.60}")
    return module, function


def _import(name: str) -> Any:
    """A module by name, or by the path of its ``.py`` file."""
    if name.endswith(".py"):
        path = Path(name)
        if not path.is_file():
            raise UsageError(f"cannot import {name!r}: no such file")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[path.stem] = module
        spec.loader.exec_module(module)
        return module
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name == name.split(".")[0] or error.name == name:
            raise UsageError(
                f"cannot import {name!r}: no module of that name in {Path.cwd()} or on sys.path"
            ) from None
        raise


def _declared(text: str, words: tuple[str, ...], option: str, module: Any) -> Any:
    """A declaration: one of ``words``, or ``raises:EXC`` for an exception class."""
    if text in words:
        return text
    kind, sep, name = text.partition(":")
    if kind != "raises" or not sep or not name:
        raise UsageError(f"--{option} {text!r}: choose {', '.join(words)} or raises:EXCEPTION")
    found = getattr(builtins, name, None) or getattr(module, name, None)
    if found is None and "." in name:
        home, _, attr = name.rpartition(".")
        try:
            found = getattr(importlib.import_module(home), attr, None)
        except ImportError:
            found = None
    if not (isinstance(found, type) and issubclass(found, BaseException)):
        raise UsageError(f"--{option} raises:{name}: no exception class of that name")
    return found


def table(reports: Any) -> str:
    """The per-kind table of a check, then a summary line."""
    rows = [f"{'kind':<15}{'result':<11}{'examples':>8}{'seconds':>9}  note"]
    for r in reports:
        note = r.note or (r.failure.problem if r.failure is not None else "")
        rows.append(f"{r.kind:<15}{r.status:<11}{r.examples:>8}{r.seconds:>9.2f}  {note}".rstrip())
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    rows.append(", ".join(f"{n} {status}" for status, n in counts.items()))
    return "\n".join(rows)


def main(args: argparse.Namespace, out: TextIO) -> int:
    """The command: the table and the failures on stdout; 0, 1 or 2."""
    module, function = load_function(args.target)
    invalid = _declared(args.invalid, ("none", "skip"), "invalid", module)
    several = _declared(args.several, ("any", "none", "skip"), "several", module)
    kinds = [k for each in args.kinds for k in each.split(",") if k] if args.kinds else None
    unknown = [k for k in kinds or () if k not in KIND_NAMES]
    if unknown:
        raise UsageError(
            f"unknown kinds {', '.join(unknown)}; choose among {', '.join(KIND_NAMES)}"
        )
    if args.rule is not None and args.order != "sarkar":
        raise UsageError("--rule applies to --order sarkar only")
    from fsudoku.testing.solver_checker import check_kinds  # Hypothesis, when asked for

    seed = (
        args.seed if args.seed is not None else __import__("random").SystemRandom().randrange(2**32)
    )
    out.write(
        f"checking {args.target} (order {args.order}, seed {seed}, "
        f"timeout {args.timeout or 'none'} s)\n"
    )
    out.flush()
    reports = check_kinds(
        function,
        order=args.order,
        rule=args.rule,
        kinds=kinds,
        max_examples=args.examples,
        seed=seed,
        timeout=args.timeout,
        invalid=invalid,
        several=several,
        blanks=args.blanks,
        shape=args.shape,
        data=args.data,
        name=args.target,
    )
    out.write(table(reports) + "\n")
    failures = [r.failure for r in reports if r.failure is not None]
    for failure in failures:
        text = failure.describe().replace(
            f"check_solver(..., kinds=[{failure.kind!r}], seed={seed})  # or ",
            f"fsudoku check-solver {args.target} (the same options) ",
        )
        out.write("\n" + text + "\n")
    return EXIT_UNSOLVED if failures else EXIT_OK
