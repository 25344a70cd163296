"""The solvers timed beside fsudoku, and the process that times one of them.

Each adapter is the smallest call of a solver on one puzzle line: fsudoku's own
(``fsudoku.solve``, one call a puzzle, or ``fsudoku.solve_many``, one call for them all)
and the peers a Python user can install, imported when the row runs:

- ``pencilmark`` (PyPI; a C++ engine): ``pencilmark.solve(line)``, the solution as a list
  of digits (it raises when a puzzle has no solution or more than one);
- Norvig's ``sudoku.py`` (the essay's program, a file run by path, not a package):
  ``solve(line)``, a dict of the squares' digits (or ``False``);
- ``dlxsudoku`` (PyPI): ``Sudoku(line)``, then its ``solve()``.

A row is a process (:func:`main`): it loads its adapter (or ends with status 69,
``EX_UNAVAILABLE``, and the reason, when the peer is not installed), calls it once on the
first puzzle to warm up, then times each call with the process's CPU clock, and writes
its answers, one line a puzzle (81 digits, or ``-`` for none), after the last call.
The answers are checked by the harness, never while a call is timed. This module imports
only the standard library (and the peer, or fsudoku, when a row runs): a row of a peer
runs in the peers' own interpreter, where fsudoku need not be installed.

Glossary: ``line`` a puzzle line (``.`` or ``0`` a blank), ``call`` the adapter's timed
function on one line, ``answer`` what it returned as 81 digits (``None``: no answer).
"""

from __future__ import annotations

import hashlib
import importlib
import importlib.metadata
import importlib.util
import json
import os
import statistics
import sys
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # a peer's row runs where fsudoku may not be installed
    from fsudoku.base.names import Engine, SolverName

UNAVAILABLE = 69
"""A row's exit status when its solver cannot be loaded (``EX_UNAVAILABLE``)."""

NO_ANSWER = "-"
"""A row's output line for a puzzle it gave no answer for."""


@dataclass(frozen=True, slots=True)
class Loaded:
    """A solver, loaded: its timed call, how its result reads as 81 digits, its version."""

    call: Callable[[str], Any]
    answer: Callable[[Any], str | None]
    version: str
    batch: Callable[[list[str]], Iterable[Any]] | None = None


@dataclass(frozen=True, slots=True)
class Adapter:
    """How to load one solver: fsudoku's (``ours``), a distribution's, or a script's."""

    load: Callable[[str | None], Loaded]
    package: str | None = None  # the distribution that installs it
    script: bool = False  # a program given by its path
    ours: bool = False  # fsudoku's: it has a batch call, and runs in the harness's interpreter


def digits(values: Iterable[object]) -> str:
    """A peer's solution (a sequence of digits) as 81 characters.

    >>> digits([1, 2, 3]), digits("456")
    ('123', '456')
    """
    return "".join(str(v) for v in values)


def _fsudoku(solver: SolverName, engine: Engine) -> Callable[[str | None], Loaded]:
    """The library's ``solve`` and ``solve_many``, with ``solver`` on ``engine``."""

    def load(script: str | None) -> Loaded:
        import functools

        import fsudoku

        return Loaded(
            functools.partial(fsudoku.solve, solver=solver, engine=engine),
            lambda outcome: outcome.solution,
            str(fsudoku.__version__),
            batch=functools.partial(fsudoku.solve_many, solver=solver, engine=engine),
        )

    return load


def _pencilmark(script: str | None) -> Loaded:
    """``pencilmark.solve``: its solution is a list of digits."""
    pencilmark = importlib.import_module("pencilmark")
    return Loaded(pencilmark.solve, digits, importlib.metadata.version("pencilmark"))


def _dlxsudoku(script: str | None) -> Loaded:
    """``dlxsudoku.Sudoku(line)`` and its ``solve()``: the grid solves itself in place."""
    sudoku = importlib.import_module("dlxsudoku").Sudoku

    def call(line: str) -> Any:
        grid = sudoku(line)
        grid.solve()
        return grid

    return Loaded(call, lambda grid: grid.to_oneliner(), importlib.metadata.version("dlxsudoku"))


def _norvig(script: str | None) -> Loaded:
    """Norvig's ``solve`` from the file ``script``, loaded by path (its own tests not run)."""
    if script is None:
        raise ImportError("no sudoku.py given")
    spec = importlib.util.spec_from_file_location("norvig_sudoku", script)
    if spec is None or spec.loader is None:
        raise ImportError(f"{script}: not a Python file")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)  # its name is not __main__: its test run stays out
    squares = module.squares

    def answer(values: Any) -> str | None:
        return "".join(values[s] for s in squares) if values else None

    with open(script, "rb") as handle:
        version = "sha256 " + hashlib.sha256(handle.read()).hexdigest()[:12]
    return Loaded(module.solve, answer, version)


ADAPTERS: dict[str, Adapter] = {
    "fsudoku exclusives fast": Adapter(_fsudoku("exclusives", "fast"), ours=True),
    "fsudoku norvig": Adapter(_fsudoku("norvig", "reference"), ours=True),
    "pencilmark": Adapter(_pencilmark, package="pencilmark"),
    "sudoku.py (Norvig)": Adapter(_norvig, script=True),
    "dlxsudoku": Adapter(_dlxsudoku, package="dlxsudoku"),
}
"""Every solver the side-by-side rows time, by the label of its rows."""


def timed_calls(call: Callable[[str], Any], lines: list[str]) -> tuple[list[Any], list[float]]:
    """Each line's result (or the exception it raised) and the CPU seconds of its call.

    The first line is solved once more before, untimed: the warm-up.

    >>> results, times = timed_calls(len, ["ab", "c"])
    >>> results, len(times), all(t >= 0 for t in times)
    ([2, 1], 2, True)
    """
    clock, results, times = time.process_time, [], []
    for line in lines[:1]:
        _result(call, line)
    for line in lines:
        started = clock()
        result = _result(call, line)
        times.append(clock() - started)
        results.append(result)
    return results, times


def timed_batch(
    batch: Callable[[list[str]], Iterable[Any]], lines: list[str]
) -> tuple[list[Any], float]:
    """The results of one batch call on all the lines, and its CPU seconds.

    A few lines go through a batch of their own before, untimed: the warm-up.

    >>> timed_batch(lambda lines: map(len, lines), ["ab", "c"])[0]
    [2, 1]
    """
    list(batch(lines[:10]))
    started = time.process_time()
    results = list(batch(lines))
    return results, time.process_time() - started


def _result(call: Callable[[str], Any], line: str) -> Any:
    """The call's result, or the exception it raised (a peer's way of saying no)."""
    try:
        return call(line)
    except Exception as error:
        return error


def answers(loaded: Loaded, results: list[Any]) -> tuple[list[str], dict[str, int]]:
    """The results as output lines (81 digits, or ``-``), and the exceptions raised, counted.

    >>> answers(Loaded(len, str, "1"), [12, ValueError("no")])
    (['12', '-'], {'ValueError: no': 1})
    """
    lines: list[str] = []
    errors: dict[str, int] = {}
    for result in results:
        if isinstance(result, Exception):
            key = f"{type(result).__name__}: {result}"[:120]
            errors[key] = errors.get(key, 0) + 1
            lines.append(NO_ANSWER)
            continue
        try:
            text = loaded.answer(result)
        except Exception as error:  # a result the adapter cannot read: no answer
            text = None
            errors[type(error).__name__] = errors.get(type(error).__name__, 0) + 1
        lines.append(text if text else NO_ANSWER)
    return lines, errors


def figures(times: list[float]) -> dict[str, float]:
    """The median, mean and 99th percentile of calls' CPU times, in microseconds.

    >>> figures([0.001, 0.003, 0.002])
    {'median': 2000.0, 'mean': 2000.0, 'p99': 3000.0, 'total': 0.006, 'count': 3}
    """
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return {
        "median": statistics.median(ordered) * 1e6,
        "mean": statistics.fmean(ordered) * 1e6,
        "p99": p99 * 1e6,
        "total": round(sum(ordered), 9),
        "count": len(ordered),
    }


def run(
    mode: str, name: str, script: str | None, lines: list[str]
) -> tuple[list[str], dict[str, Any]]:
    """Time one row: its output lines and its figures (``skip`` when it cannot load).

    ``mode`` is ``calls`` (one call a puzzle) or ``batch`` (one call for all).
    """
    try:
        loaded = ADAPTERS[name].load(script)
    except Exception as error:  # not installed, or a file that is not the program
        return [], {"skip": f"{type(error).__name__}: {error}"[:200]}
    if mode == "batch" and loaded.batch is not None:
        results, total = timed_batch(loaded.batch, lines)
        stats: dict[str, Any] = {"mean": total / max(len(lines), 1) * 1e6, "total": total}
        stats["count"] = len(lines)
    else:
        results, times = timed_calls(loaded.call, lines)
        stats = figures(times) if times else {"count": 0}
    output, errors = answers(loaded, results)
    stats |= {"version": loaded.version, "errors": errors}
    return output, stats


def main(plain: bool = False) -> None:
    """The process of one row: ``-c CODE MODE NAME SCRIPT ANSWERS`` (empty: none).

    It reads the puzzles on standard input and writes its answers on standard output (and
    to the file ``ANSWERS`` if one is named); its figures are the last line of its
    standard error (``skip`` and status 69 when the solver cannot be loaded).
    """
    if not plain:
        from benchmarks.settings import settle_run

        settle_run()
    mode, name, script, keep = sys.argv[1:5]
    lines = sys.stdin.read().splitlines()
    out, sys.stdout = sys.stdout, sys.stderr  # what a peer prints is not an answer
    output, stats = run(mode, name, script or None, lines)
    text = "".join(f"{line}\n" for line in output)
    out.write(text)
    out.flush()
    if keep:
        with open(keep, "w", encoding="utf-8") as handle:
            handle.write(text)
    print(json.dumps(stats), file=sys.stderr)  # its last line
    sys.stderr.flush()
    os._exit(UNAVAILABLE if "skip" in stats else 0)
