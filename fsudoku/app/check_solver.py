"""``fsudoku check-solver MODULE:FUNCTION``: the testing kit pointed at your solver.

The module is imported from the current folder (or a ``.py`` file by its path), the
function checked by :func:`fsudoku.testing.check_kinds` kind by kind, and a table
printed (or one JSON object a kind, ``--format jsonl``): each kind passed, failed, slow,
hung, not run, skipped or off, then the example of each kind that did not pass. Exit
status 0 when no kind failed or hung, 1 when one did (or was slow, with
``--fail-slow``), 2 for a command line or a function that cannot be used, or a missing
Hypothesis (one line on stderr).
"""

from __future__ import annotations

import argparse
import builtins
import importlib
import importlib.util
import json
import math
import random
import shlex
import sys
from pathlib import Path
from typing import Any, TextIO

from fsudoku.app.messages import shown
from fsudoku.app.process import EXIT_OK, EXIT_UNSOLVED
from fsudoku.app.usage import UsageError, positive, seconds, whole

__all__ = ["add_parser", "load_function", "main", "table"]


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
        "--kinds", nargs="+", metavar="KIND", default=None, help="only these kinds (default all)"
    )
    p.add_argument(
        "--timeout",
        type=seconds,
        default=None,
        help="CPU seconds a call may take: past it, the call is slow (default 5; 0: no limit)",
    )
    p.add_argument(
        "--backstop",
        type=seconds,
        default=None,
        help="seconds a call may wait: past it, the call is hung (default 10 times "
        "--timeout, at least 60; 0: no limit)",
    )
    p.add_argument(
        "--budget",
        type=seconds,
        default=None,
        help="seconds the whole check may take: the kinds left are not run (default 300; "
        "0: no limit)",
    )
    p.add_argument("--fail-slow", action="store_true", help="a slow kind fails the check")
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
    for option, words, what in (
        ("invalid", "none|skip", "a line that is not a puzzle"),
        ("several", "any|none|skip", "a puzzle with several solutions"),
        ("no-solution", "none", "a puzzle with no solution"),
    ):
        p.add_argument(
            f"--{option}",
            default=words.split("|")[0],
            metavar=f"{words}|raises:EXC",
            help=f"what it does with {what} (default {words.split('|')[0]})",
        )
    p.add_argument(
        "--data",
        action="append",
        default=None,
        metavar="PATH",
        help="a file or folder of hard puzzles (default $FSUDOKU_DATA, else fsudoku's own)",
    )
    p.add_argument(
        "--format",
        choices=("text", "jsonl"),
        default="text",
        help="a table (default), or one JSON object a kind: kind, status, examples, seconds, "
        "cpu_seconds, seed, note, line, answer, problem, detail, hint, printed, reproduce",
    )
    p.set_defaults(run=main)


def load_function(target: str) -> tuple[Any, Any]:
    """The module and the function named ``MODULE:FUNCTION``.

    The module is imported from the current folder, or from a ``.py`` file; a
    :class:`UsageError` says what is missing.
    """
    module_name, sep, function_name = target.rpartition(":")
    if not sep or not module_name or not function_name:
        raise UsageError(
            f"check-solver needs MODULE:FUNCTION, e.g. my_sudoku:solve, not '{shown(target)}'"
        )
    if str(Path.cwd()) not in sys.path and "" not in sys.path:
        sys.path.insert(0, str(Path.cwd()))
    try:
        module = _import(module_name)
    except UsageError:
        raise
    except Exception as error:  # the user's module failed: one line, not its traceback
        raise UsageError(
            f"cannot import '{shown(module_name)}': {type(error).__name__}: {shown(str(error))}"
        ) from None
    function: Any = module
    for part in function_name.split("."):
        if not hasattr(function, part):
            raise UsageError(
                f"module '{shown(module_name)}' has no function '{shown(function_name)}'"
            )
        function = getattr(function, part)
    if not callable(function):
        raise UsageError(f"{shown(target)} is not a function: {function!r:.60}")
    return module, function


def _import(name: str) -> Any:
    """A module by name, or by the path of its ``.py`` file."""
    if name.endswith(".py"):
        path = Path(name)
        if not path.is_file():
            raise UsageError(f"cannot import '{shown(name)}': no such file")
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
                f"cannot import '{shown(name)}': no module of that name in "
                f"{shown(str(Path.cwd()))} or on sys.path"
            ) from None
        raise


def _declared(text: str, words: tuple[str, ...], option: str, module: Any) -> Any:
    """A declaration: one of ``words``, or ``raises:EXC`` for an exception class."""
    if text in words:
        return text
    kind, sep, name = text.partition(":")
    if kind != "raises" or not sep or not name:
        raise UsageError(
            f"--{option} '{shown(text)}': choose {', '.join(words)} or raises:EXCEPTION"
        )
    found = getattr(builtins, name, None) or getattr(module, name, None)
    if found is None and "." in name:
        home, _, attr = name.rpartition(".")
        try:
            found = getattr(importlib.import_module(home), attr, None)
        except ImportError:
            found = None
    if not (isinstance(found, type) and issubclass(found, BaseException)):
        raise UsageError(f"--{option} raises:{shown(name)}: no exception class of that name")
    return found


def table(reports: Any) -> str:
    """The per-kind table of a check, then a summary line."""
    head = f"{'kind':<15}{'result':<11}{'examples':>8}{'cpu s':>8}{'wall s':>8}  note"
    rows = [head]
    for r in reports:
        note = r.note or (r.failure.problem if r.failure is not None else "")
        rows.append(
            f"{r.kind:<15}{r.status:<11}{r.examples:>8}{r.cpu:>8.2f}{r.seconds:>8.2f}  {note}"
        )
    counts: dict[str, int] = {}
    for r in reports:
        counts[r.status] = counts.get(r.status, 0) + 1
    rows.append(", ".join(f"{n} {status}" for status, n in counts.items()))
    return "\n".join(row.rstrip() for row in rows)


def command(target: str, board: str) -> str:
    """The shell command that calls the function of ``MODULE:FUNCTION`` on a board.

    >>> print(command("my_sudoku:solve", "'1'"))
    python3 -c "import my_sudoku; print(repr(my_sudoku.solve('1')))"
    >>> print(command("my_sudoku:solve", "'$1'"))
    python3 -c 'import my_sudoku; print(repr(my_sudoku.solve('"'"'$1'"'"')))'
    """
    module, _, function = target.rpartition(":")
    if module.endswith(".py"):
        head, *rest = function.split(".")
        found = f"runpy.run_path({module!r})[{head!r}]" + "".join(f".{r}" for r in rest)
        code = f"import runpy; print(repr({found}({board})))"
    else:
        code = f"import {module}; print(repr({module}.{function}({board})))"
    plain = not set(code) & set('"$`\\!')  # nothing the shell reads inside double quotes
    return f'python3 -c "{code}"' if plain else f"python3 -c {shlex.quote(code)}"


def _record(report: Any, seed: int, target: str) -> dict[str, Any]:
    """One kind's report as a JSON object (``--format jsonl``)."""
    failure = report.failure
    record = {
        "kind": report.kind,
        "status": report.status,
        "examples": report.examples,
        "seconds": round(report.seconds, 3),
        "cpu_seconds": round(report.cpu, 3),
        "seed": seed,
        "note": report.note,
    }
    keys = ("line", "answer", "problem", "detail", "hint", "printed", "reproduce")
    record.update(dict.fromkeys(keys))
    if failure is not None:
        record.update(
            line=failure.line,
            answer=failure.answer,
            problem=failure.problem,
            detail=failure.detail,
            hint=failure.hint,
            printed=failure.called.output,
            reproduce=command(target, failure.board),
        )
    return record


def _kit() -> Any:
    """The testing kit; a :class:`UsageError` with the line to install it when it cannot run."""
    try:
        import fsudoku.testing
    except ImportError as error:
        if error.name != "hypothesis":
            raise
        raise UsageError(f"check-solver: {error}") from None
    return fsudoku.testing


def main(args: argparse.Namespace, out: TextIO) -> int:
    """The command: the table and the examples on stdout; 0, 1 or 2."""
    kit = _kit()
    module, function = load_function(args.target)
    kinds = [k for each in args.kinds for k in each.split(",") if k] if args.kinds else None
    unknown = [k for k in kinds or () if k not in kit.KINDS]
    if unknown:
        raise UsageError(
            f"unknown kinds {shown(', '.join(unknown))}; choose among {', '.join(kit.KINDS)}"
        )
    if args.rule is not None and args.order != "sarkar":
        raise UsageError("--rule applies to --order sarkar only")
    options: dict[str, Any] = {
        "invalid": _declared(args.invalid, ("none", "skip"), "invalid", module),
        "several": _declared(args.several, ("any", "none", "skip"), "several", module),
        "no_solution": _declared(args.no_solution, ("none",), "no-solution", module),
    }
    limits = {"timeout": args.timeout, "backstop": args.backstop, "budget": args.budget}
    for name, value in limits.items():  # 0: no limit
        if value is not None:
            options[name] = (math.inf if name == "backstop" else None) if value == 0 else value
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**32)
    if args.format == "text":
        timeout = options.get("timeout", kit.DEFAULT_TIMEOUT)
        out.write(
            f"checking {shown(args.target)} (order {args.order}, seed {seed}, timeout "
            f"{'none' if timeout is None else f'{timeout:g} s'} of CPU)\n"
        )
        out.flush()
    reports = kit.check_kinds(
        function,
        order=args.order,
        rule=args.rule,
        kinds=kinds,
        max_examples=args.examples,
        seed=seed,
        fail_slow=args.fail_slow,
        blanks=args.blanks,
        shape=args.shape,
        data=args.data,
        name=shown(args.target),
        **options,
    )
    failing = ("failed", "hung", "slow") if args.fail_slow else ("failed", "hung")
    if args.format == "jsonl":
        for report in reports:
            out.write(json.dumps(_record(report, seed, args.target), ensure_ascii=False) + "\n")
    else:
        out.write(table(reports) + "\n")
        for failure in (r.failure for r in reports if r.failure is not None):
            failure.rerun = f"fsudoku check-solver {shown(args.target)} (the same options) "
            failure.rerun += f"--kinds {failure.kind} --seed {seed}"
            failure.call = command(args.target, failure.board)
            out.write("\n" + failure.describe() + "\n")
    return EXIT_UNSOLVED if any(r.status in failing for r in reports) else EXIT_OK
