"""Check a whole solver against fsudoku's reference on generated puzzles, kind by kind.

:func:`check_solver` runs one Hypothesis search per kind of puzzle
(:data:`~fsudoku.testing.kinds.KINDS`), each call of the solver in a worker process with
a time limit (:mod:`fsudoku.testing.worker`), and raises one :class:`SolverFailed` that
lists every failing kind with its shrunk example (:class:`SolverDisagrees`): what was
wrong, in words, the answers as grids, and the call that repeats it.
:func:`solver_tests` gives one pytest test per kind; :func:`check_kinds` returns the
report of each kind (the ``fsudoku check-solver`` table) without raising.

Needs the ``hypothesis`` extra, and pytest for :func:`solver_tests` only.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, TypeAlias

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.errors import Unsatisfiable
from returns.maybe import Maybe

from fsudoku.testing.adapters import Shape, call_text, to_input
from fsudoku.testing.kinds import (
    Blanks,
    Declared,
    Expected,
    Kind,
    Order,
    Rule,
    _kinds,
    _reference_name,
    expectation,
    solver_lines,
)
from fsudoku.testing.random_puzzles import hard_puzzle_lines
from fsudoku.testing.verdicts import (
    Judge,
    KindReport,
    SolverDisagrees,
    SolverFailed,
    Status,
    function_name,
)
from fsudoku.testing.worker import Called, Caller

__all__ = [
    "DEFAULT_TIMEOUT",
    "KindReport",
    "LineSolver",
    "SolverDisagrees",
    "SolverFailed",
    "check_kinds",
    "check_solver",
    "solver_tests",
]

LineSolver: TypeAlias = Callable[[str], str | None] | Callable[[str], Maybe[str]]
"""A solver of input lines: the solution as 81 digits, or ``None`` (or a ``Maybe``)."""

DEFAULT_TIMEOUT = 5.0
"""Seconds a call of the solver may take (``timeout=None``: no limit, in this process)."""

TIMEOUTS_PER_KIND = 4
"""Calls past the limit after which a kind's shrinking stops (each costs the limit): the
smallest line that timed out so far is reported."""


class _Found(Exception):
    """Raised in Hypothesis' test when the solver is wrong, so Hypothesis shrinks the line."""


class _Enough(BaseException):
    """Ends a kind's search early (too many calls past the limit); Hypothesis lets it through."""


@dataclass
class _KindRun:
    """One kind's search: its settings, and the smallest failure seen so far."""

    kind: Kind
    caller: Caller
    judge: Judge
    rule: Rule | None
    examples: int = 0
    timeouts: int = 0
    last: tuple[str, Expected, Called, str, str] | None = None

    def body(self, line: str) -> None:
        """Hypothesis' test: call the solver on the line and judge the answer."""
        __tracebackhide__ = True
        declared = self.judge.declared
        expected = expectation(line, declared, self.judge.order, self.rule)
        if expected.verdict == "skip":
            reject()
        self.examples += 1
        board = line if declared.shape == "line" else to_input(line, declared.shape)
        called = self.caller(board)
        problem, detail = self.judge.problem(line, expected, called)
        if not problem:
            return
        self.last = (line, expected, called, problem, detail)
        if called.status == "timed_out":
            self.timeouts += 1
            if self.timeouts >= TIMEOUTS_PER_KIND:
                raise _Enough
        raise _Found


@dataclass(frozen=True)
class _Options:
    """The settings shared by every kind of one check."""

    name: str
    order: Order
    rule: Rule | None
    declared: Declared
    each: int
    shrink: bool
    derandomize: bool | None
    seed: int | None
    timeout: float | None
    hard: tuple[str, ...]
    data_note: str

    def rerun(self, kind: Kind) -> str:
        """The call that runs this kind's search again."""
        if self.seed is None:
            return ""
        return f"check_solver(..., kinds=[{kind!r}], seed={self.seed})  # or --kinds {kind} --seed {self.seed}"


def _run_kind(kind: Kind, solve: Callable[[Any], object], options: _Options) -> KindReport:
    """One kind's Hypothesis search, reported."""
    __tracebackhide__ = True
    started = time.perf_counter()
    if kind == "hard" and not options.hard:
        return KindReport(kind, "skipped", note=options.data_note)
    off = options.declared.off()
    if kind in off:
        return KindReport(kind, "off", note=off[kind])
    judge = Judge(options.declared, options.order)
    with Caller(solve, options.timeout, options.declared.catch()) as caller:
        run = _KindRun(kind, caller, judge, options.rule)
        test = _settings(options)(
            given(
                solver_lines(
                    kind, order=options.order, declared=options.declared, hard=options.hard
                )
            )(run.body)
        )
        if options.seed is not None:
            test = hypothesis_seed(options.seed)(test)
        try:
            test()
        except (_Found, _Enough):
            pass
        except Unsatisfiable:
            return KindReport(
                kind,
                "skipped",
                run.examples,
                time.perf_counter() - started,
                note="no line of this kind could be checked (the reference gave up)",
            )
        except Exception:
            if run.last is None:
                raise
    seconds = time.perf_counter() - started
    if run.last is None:
        return KindReport(kind, "passed", run.examples, seconds)
    line, expected, called, problem, detail = run.last
    shape = options.declared.shape
    failure = SolverDisagrees(
        options.name,
        kind,
        line,
        expected,
        called,
        problem,
        detail,
        call_text(options.name, line, shape),
        options.rerun(kind),
    )
    status: Status = "timed out" if called.status == "timed_out" else "failed"
    return KindReport(kind, status, run.examples, seconds, failure)


def _settings(options: _Options) -> settings:
    """The Hypothesis settings of every kind's search."""
    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    extra: dict[str, Any] = {}
    if options.derandomize is not None:
        extra["derandomize"] = options.derandomize
    elif options.seed is not None:
        extra["derandomize"] = False
    return settings(
        max_examples=options.each,
        deadline=None,
        database=None,
        phases=phases if options.shrink else phases[:2],
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        **extra,
    )


def check_kinds(
    solve: Callable[[Any], object],
    *,
    order: Order = "any",
    rule: Rule | None = None,
    kinds: Iterable[Kind] | None = None,
    max_examples: int | None = None,
    shrink: bool = True,
    derandomize: bool | None = None,
    seed: int | None = None,
    timeout: float | None = DEFAULT_TIMEOUT,
    invalid: Literal["none", "skip"] | type[BaseException] = "none",
    several: Literal["any", "none", "skip"] | type[BaseException] = "any",
    blanks: Blanks = ".",
    shape: Shape = "line",
    data: Any = None,
    name: str | None = None,
) -> tuple[KindReport, ...]:
    """Check the solver kind by kind, as :func:`check_solver` does, and return each kind's report.

    Nothing is raised; ``name`` is how reports call the solver.

    >>> reports = check_kinds(
    ...     lambda line: None, kinds=["invalid", "zeros"], invalid="skip", blanks=".", max_examples=2
    ... )
    >>> [(r.kind, r.status) for r in reports]
    [('invalid', 'off'), ('zeros', 'off')]
    >>> (report,) = check_kinds(lambda line: None, kinds=["empty"], max_examples=1, seed=0)
    >>> report.status, report.failure.problem
    ('failed', 'found no solution, but the puzzle has one')
    """
    __tracebackhide__ = True
    options = _options(
        solve,
        order,
        rule,
        kinds,
        max_examples,
        shrink,
        derandomize,
        seed,
        timeout,
        Declared(invalid, several, blanks, shape),
        data,
        name,
    )
    return tuple(_run_kind(kind, solve, options) for kind in _kinds(kinds))


def _options(
    solve: object,
    order: Order,
    rule: Rule | None,
    kinds: Iterable[Kind] | None,
    max_examples: int | None,
    shrink: bool,
    derandomize: bool | None,
    seed: int | None,
    timeout: float | None,
    declared: Declared,
    data: Any,
    name: str | None,
) -> _Options:
    """The checked arguments of a check, as one record."""
    if not callable(solve):
        raise TypeError(f"check_solver needs a function of a line, not {solve!r}")
    _reference_name(order, rule)
    wanted = _kinds(kinds)
    if timeout is not None and (
        isinstance(timeout, bool) or not timeout > 0 or not math.isfinite(timeout)
    ):
        raise ValueError(f"timeout must be None or a number of seconds > 0, not {timeout!r}")
    if max_examples is not None and (isinstance(max_examples, bool) or max_examples < 1):
        raise ValueError(f"max_examples must be None or a whole number >= 1, not {max_examples!r}")
    each = max(1, -(-(max_examples or settings().max_examples) // len(wanted)))
    derandomized = derandomize if derandomize is not None else settings().derandomize
    if seed is None and not derandomized:
        seed = random.SystemRandom().randrange(2**32)
    hard = hard_puzzle_lines(data) if "hard" in wanted else ()
    note = "no hard set found: give data=, --data or $FSUDOKU_DATA (files of puzzle lines)"
    return _Options(
        name or function_name(solve),
        order,
        rule,
        declared,
        each,
        shrink,
        derandomize,
        seed,
        timeout,
        hard,
        note,
    )


def check_solver(
    solve: LineSolver | Callable[[Any], object],
    *,
    order: Order = "any",
    rule: Rule | None = None,
    kinds: Iterable[Kind] | None = None,
    max_examples: int | None = None,
    shrink: bool = True,
    derandomize: bool | None = None,
    seed: int | None = None,
    timeout: float | None = DEFAULT_TIMEOUT,
    invalid: Literal["none", "skip"] | type[BaseException] = "none",
    several: Literal["any", "none", "skip"] | type[BaseException] = "any",
    blanks: Blanks = ".",
    shape: Shape = "line",
    data: Any = None,
) -> None:
    """Check a solver against fsudoku's reference on generated puzzles of every kind.

    Raise :class:`SolverFailed`, listing each failing kind with its shrunk line, if any kind
    fails.

    ``solve`` takes a board (``shape``: a line, 9 rows of ints, a dict of cells) and
    returns the solution (a line, rows, a dict, ``True`` for solved in place) or
    ``None``/``False`` for no solution. Each kind of :data:`~fsudoku.testing.kinds.KINDS`
    (all by default, or ``kinds``) is one Hypothesis search of
    ``max_examples / len(kinds)`` lines (at least one; ``max_examples`` is the profile's by
    default), shrunk on failure (``shrink=False``: the first failure found), from ``seed``
    (drawn when not given, and shown in the report). Each call runs in a worker process
    and fails past ``timeout`` seconds (``None``: in this process, no limit).

    Where a puzzle has one solution, any valid answer is right; where it has several,
    ``order="any"`` takes any, ``"sarkar"`` the first of Sarkar's search with the cell
    pruner ``rule``, ``"bird"`` the first of Bird's; where it has none, ``None``. The
    declarations ``invalid``, ``several`` and ``blanks`` (:class:`~fsudoku.testing.kinds.Declared`)
    say what the solver promises beyond that; ``data`` is where the ``hard`` kind finds
    its puzzle files (skipped when there are none).

    >>> check_solver(lambda line: None, kinds=["invalid", "repeated_clue"], max_examples=4)
    >>> check_solver(lambda line: None, kinds=["empty"], max_examples=1, seed=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.testing.verdicts.SolverFailed: solver ...<lambda> fails 1 of 1 kinds: empty
    <BLANKLINE>
    kind empty: the empty grid
      line      '.................................................................................'
                81 blanks, 0 clues, 81 characters
      expected  a solution (the puzzle has several: any will do)
      answered  None
      wrong     found no solution, but the puzzle has one
    ...
    """
    __tracebackhide__ = True
    reports = check_kinds(
        solve,
        order=order,
        rule=rule,
        kinds=kinds,
        max_examples=max_examples,
        shrink=shrink,
        derandomize=derandomize,
        seed=seed,
        timeout=timeout,
        invalid=invalid,
        several=several,
        blanks=blanks,
        shape=shape,
        data=data,
    )
    failures = tuple(r.failure for r in reports if r.failure is not None)
    if failures:
        raise SolverFailed(failures[0].name, failures, reports) from None


def solver_tests(solve: Callable[[Any], object], **options: Any) -> Callable[[Kind], None]:
    """A pytest test of the solver, parametrized by kind.

    Assign it to ``test_...`` in a module. ``options`` are :func:`check_solver`'s; a kind
    turned off or skipped is a skipped test, a failing kind fails with its
    :class:`SolverDisagrees` alone.

    >>> test_mine = solver_tests(lambda line: None, kinds=["invalid", "empty"], max_examples=2)
    >>> test_mine("invalid")  # what pytest calls, once a kind
    >>> test_mine("empty")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.testing.verdicts.SolverDisagrees: kind empty: the empty grid
    ...
    """
    import pytest

    kinds = _kinds(options.pop("kinds", None))

    @pytest.mark.parametrize("kind", kinds, ids=list(kinds))
    def test_solver(kind: Kind) -> None:
        """The solver passes the kind."""
        __tracebackhide__ = True
        (report,) = check_kinds(solve, kinds=[kind], **options)
        if report.failure is not None:
            raise report.failure from None
        if report.status in ("off", "skipped"):
            pytest.skip(f"{kind}: {report.status} ({report.note})")

    return test_solver
