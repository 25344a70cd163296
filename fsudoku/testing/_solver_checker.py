"""Check a whole solver against fsudoku's reference on generated puzzles, kind by kind.

:func:`check_solver` runs one Hypothesis search per kind of puzzle (:data:`~fsudoku.testing.KINDS`), each
call of the solver in a worker process under a limit of CPU time and a wall-clock
backstop (:mod:`fsudoku.testing._worker`), and raises one :class:`SolverFailed` that
lists every failing kind with its shrunk example (:class:`SolverDisagrees`): what was
wrong, in words, the answers as grids, what the solver printed, and the call that
repeats it. :func:`solver_tests` gives one pytest test per kind; :func:`check_kinds`
returns the report of each kind (the ``fsudoku check-solver`` table) without raising.
The three take the same options, :class:`SolverOptions`.

pytest is needed for :func:`solver_tests` only.
"""

from __future__ import annotations

import math
import os
import random
import time
import warnings
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias, TypedDict, Unpack

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis import seed as hypothesis_seed
from hypothesis.errors import Unsatisfiable
from returns.maybe import Maybe

from fsudoku.base.names import SarkarRule
from fsudoku.testing._adapters import Shape, board_text, to_input
from fsudoku.testing._kinds import (
    Blanks,
    Declared,
    Expected,
    Kind,
    Order,
    _kinds,
    _reference_name,
    expectation,
    solver_lines,
)
from fsudoku.testing._random_puzzles import hard_puzzle_lines
from fsudoku.testing._verdicts import (
    FAILING,
    Judge,
    KindReport,
    SolverDisagrees,
    SolverFailed,
    Status,
    function_name,
    said,
    statement,
)
from fsudoku.testing._worker import Called, Caller
from fsudoku.testing._worker import backstop as default_backstop

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_TIMEOUT",
    "LineSolver",
    "SolverOptions",
    "check_kinds",
    "check_solver",
    "solver_tests",
]

LineSolver: TypeAlias = Callable[[str], str | None] | Callable[[str], Maybe[str]]
"""A solver of input lines: the solution as 81 digits, or ``None`` (or a ``Maybe``)."""

DEFAULT_TIMEOUT = 5.0
"""CPU seconds a call of the solver may take."""

DEFAULT_BUDGET = 300.0
"""Wall-clock seconds a whole check may take; the kinds left then are not run."""

SLOW_PER_KIND = 2
"""Calls past the CPU limit after which a kind's search stops (each costs the limit)."""

Data: TypeAlias = "str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None"


class SolverOptions(TypedDict, total=False):
    """The options of :func:`check_solver`, :func:`check_kinds` and :func:`solver_tests`.

    Each is a keyword argument of the three; :data:`DEFAULTS` holds the defaults.
    """

    order: Order
    """Which solution a puzzle with several expects: ``"any"``, the first of Sarkar's
    search (``"sarkar"``, with ``rule``) or of Bird's (``"bird"``)."""
    rule: SarkarRule | None
    """Sarkar's cell pruner, with ``order="sarkar"`` (``"simple"`` by default)."""
    kinds: Iterable[Kind] | None
    """The kinds to check (:data:`~fsudoku.testing.KINDS`, all by default)."""
    max_examples: int | None
    """Lines in all, shared by the kinds (the Hypothesis profile's by default)."""
    shrink: bool
    """Whether a failing line is shrunk (else the first one found is reported)."""
    derandomize: bool | None
    """Hypothesis' ``derandomize`` (the profile's by default)."""
    seed: int | None
    """The seed of the search (drawn, and shown in reports, by default)."""
    timeout: float | None
    """CPU seconds a call may take: past it the call is ``slow`` (``None``: no limit)."""
    backstop: float | None
    """Wall-clock seconds a call may take: past it the call is ``hung`` (by default ten
    times ``timeout``, at least 60; ``math.inf``: no limit)."""
    budget: float | None
    """Wall-clock seconds the whole check may take: the kinds left are ``not run``."""
    fail_slow: bool
    """Whether a ``slow`` kind fails the check."""
    invalid: Literal["none", "skip"] | type[BaseException]
    """What the solver does with a line that is not a puzzle (:class:`Declared`)."""
    several: Literal["any", "none", "skip"] | type[BaseException]
    """What it does with a puzzle with several solutions."""
    no_solution: Literal["none"] | type[BaseException]
    """What it does with a puzzle with no solution."""
    blanks: Blanks
    """The blank characters it reads."""
    shape: Shape
    """The board it takes: a line, 9 rows of ints, or a dict of cells."""
    data: Data
    """Files or folders of hard puzzles, for the ``hard`` kind (fsudoku's own set by default)."""
    name: str | None
    """How reports call the solver (its module and name by default)."""


DEFAULTS: SolverOptions = {
    "order": "any",
    "rule": None,
    "kinds": None,
    "max_examples": None,
    "shrink": True,
    "derandomize": None,
    "seed": None,
    "timeout": DEFAULT_TIMEOUT,
    "backstop": None,
    "budget": DEFAULT_BUDGET,
    "fail_slow": False,
    "invalid": "none",
    "several": "any",
    "no_solution": "none",
    "blanks": ".",
    "shape": "line",
    "data": None,
    "name": None,
}
"""The default of each option."""


class _Found(Exception):
    """Raised in Hypothesis' test when the solver is wrong, so Hypothesis shrinks the line."""


class _Stop(BaseException):
    """Ends a kind's search early (a hang, slow calls, the budget spent); Hypothesis lets it through."""


@dataclass
class _Plan:
    """A check's checked options, and what they make."""

    solve: Callable[[Any], object]
    options: SolverOptions
    name: str
    kinds: tuple[Kind, ...]
    declared: Declared
    each: int
    seed: int | None
    hard: tuple[str, ...]
    backstop: float | None
    started: float | None = None

    def left(self) -> float | None:
        """The seconds left of the budget (its clock starts with the first kind; ``None``: no budget)."""
        now, budget = time.monotonic(), self.options["budget"]
        self.started = self.started or now
        return None if budget is None else max(0.0, budget - (now - self.started))

    def out_of_time(self) -> bool:
        """Whether the budget is spent."""
        return self.left() == 0.0

    def failure(
        self, kind: Kind, judge: Judge, found: tuple[str, Expected, Called, str, str]
    ) -> SolverDisagrees:
        """The report of one call: the line, the call, what is wrong, how to repeat it."""
        line, expected, called, problem, detail = found
        seed = self.seed
        rerun = (
            f"check_solver(..., kinds=[{kind!r}], seed={seed})  # or --kinds {kind} --seed {seed}"
        )
        board = board_text(line, self.declared.shape)
        hint = judge.hint(kind, line, expected, called)
        return SolverDisagrees(
            self.name, kind, line, expected, called, problem, detail,
            statement(self.solve, board), rerun if seed is not None else "", hint, board,
        )  # fmt: skip


@dataclass
class _KindRun:
    """One kind's search: the calls, and the smallest wrong one, the first slow or hung one."""

    kind: Kind
    plan: _Plan
    caller: Caller
    judge: Judge
    examples: int = 0
    cpu: float = 0.0
    wrong: tuple[str, Expected, Called, str, str] | None = None
    late: tuple[str, Expected, Called, str, str] | None = None
    slow: int = 0
    cut: bool = False
    first: tuple[str, Expected] | None = None
    seen: dict[str, tuple[tuple[object, ...], str]] = field(default_factory=dict)

    def body(self, line: str) -> None:
        """Hypothesis' test: call the solver on the line and judge the answer."""
        __tracebackhide__ = True
        if self.plan.out_of_time():
            self.cut = True
            raise _Stop
        options = self.plan.options
        expected = expectation(line, self.plan.declared, options["order"], options["rule"])
        if expected.verdict == "skip":
            reject()
        self.examples += 1
        self.check(line, expected)

    def check(self, line: str, expected: Expected) -> None:
        """One call, judged: :class:`_Found` when wrong, :class:`_Stop` when enough."""
        board = to_input(line, self.plan.declared.shape)
        called = self.caller(board, self.plan.left())
        self.cpu += called.cpu
        if called.status == "cut":  # the budget ran out during the call
            self.cut = True
            raise _Stop
        if called.status in ("slow", "hung"):
            self.late = self.late or (
                line,
                expected,
                called,
                *self.judge.problem(line, expected, called),
            )
            self.slow += called.status == "slow"
            if called.status == "hung" or self.slow >= SLOW_PER_KIND:
                raise _Stop
            return
        problem, detail = self.judge.problem(line, expected, called)
        now = ((called.status, called.answer, called.error_type), said(called))
        before = self.seen.setdefault(line, now)
        if before[0] != now[0] and expected.verdict != "several":
            problem, detail = (
                (
                    f"answered this puzzle differently the second time ({before[1]}, then "
                    f"{now[1]}): it keeps state from one call to the next"
                ),
                "",
            )
        if not problem:
            self.first = self.first or (line, expected)
            return
        self.wrong = (line, expected, called, problem, detail)
        raise _Found

    def report(self, started: float) -> KindReport:
        """The kind's report: failed, hung, slow, not run (the budget spent) or passed."""
        seconds = time.perf_counter() - started
        status: Status = "passed"
        found, note = self.wrong, ""
        if found is None and self.late is not None:
            found, status = self.late, ("hung" if self.late[2].status == "hung" else "slow")
        elif found is not None:
            status = "failed"
        if self.slow:
            calls = "1 call" if self.slow == 1 else f"{self.slow} calls"
            note = f"{calls} past {self.plan.options['timeout']:g} s of CPU time"
        if self.cut and status in ("passed", "slow"):
            status = "not run" if status == "passed" else status
            note = f"{note}; " if note else ""
            note += f"the budget was spent after {self.examples} examples"
        failure = None if found is None else self.plan.failure(self.kind, self.judge, found)
        return KindReport(self.kind, status, self.examples, seconds, failure, note, self.cpu)


def _run_kind(kind: Kind, plan: _Plan) -> KindReport:
    """One kind's Hypothesis search, reported."""
    __tracebackhide__ = True
    started = time.perf_counter()
    if kind == "hard" and not plan.hard:
        return KindReport(kind, "skipped", note="no hard puzzle in the files of data=")
    off = plan.declared.off()
    if kind in off:
        return KindReport(kind, "off", note=off[kind])
    if plan.out_of_time():
        return KindReport(kind, "not run", note="the budget was spent before it began")
    options = plan.options
    judge = Judge(plan.declared, options["order"])
    timeout = options["timeout"]
    with Caller(plan.solve, timeout, plan.declared.catch(), backstop=plan.backstop) as caller:
        run = _KindRun(kind, plan, caller, judge)
        lines = solver_lines(kind, order=options["order"], declared=plan.declared, hard=plan.hard)
        test = _settings(plan)(given(lines)(run.body))
        if plan.seed is not None:
            test = hypothesis_seed(plan.seed)(test)
        try:
            test()
            if run.first is not None and run.late is None:  # the same puzzle again
                run.check(*run.first)
        except (_Found, _Stop):
            pass
        except Unsatisfiable:
            note = "no line of this kind could be checked (the reference gave up)"
            return KindReport(
                kind, "skipped", run.examples, time.perf_counter() - started, note=note
            )
        except Exception:
            if run.wrong is None:
                raise
    return run.report(started)


def _settings(plan: _Plan) -> settings:
    """The Hypothesis settings of every kind's search."""
    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    extra: dict[str, Any] = {}
    if plan.options["derandomize"] is not None:
        extra["derandomize"] = plan.options["derandomize"]
    elif plan.seed is not None:
        extra["derandomize"] = False
    return settings(
        max_examples=plan.each,
        deadline=None,
        database=None,
        phases=phases if plan.options["shrink"] else phases[:2],
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        **extra,
    )


def _seconds(name: str, value: object, endless: bool = False) -> float | None:
    """An option of seconds: ``None``, or a number > 0 (infinite where ``endless``)."""
    if value is None:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not value > 0
        or (math.isinf(value) and not endless)
    ):
        raise ValueError(f"{name} must be None or a number of seconds > 0, not {value!r}")
    return float(value)


def _plan(solve: object, given_options: SolverOptions) -> _Plan:
    """The checked options of a check, and what they make."""
    unknown = sorted(set(given_options) - set(DEFAULTS))
    if unknown:
        raise TypeError(f"unknown options {unknown}; the options are {', '.join(DEFAULTS)}")
    options: SolverOptions = {**DEFAULTS, **given_options}
    if not callable(solve):
        raise TypeError(f"check_solver needs a function of a line, not {solve!r}")
    _reference_name(options["order"], options["rule"])
    kinds = _kinds(options["kinds"])
    timeout = _seconds("timeout", options["timeout"])
    backstop = _seconds("backstop", options["backstop"], endless=True)
    _seconds("budget", options["budget"])
    most = options["max_examples"]
    if most is not None and (isinstance(most, bool) or not isinstance(most, int) or most < 1):
        raise ValueError(f"max_examples must be None or a whole number >= 1, not {most!r}")
    declared = Declared(
        options["invalid"],
        options["several"],
        options["no_solution"],
        options["blanks"],
        options["shape"],
    )
    seed = options["seed"]
    derandomize = options["derandomize"]
    if seed is None and not (settings().derandomize if derandomize is None else derandomize):
        seed = random.SystemRandom().randrange(2**32)
    backstop = default_backstop(timeout) if backstop is None else backstop
    return _Plan(
        solve,
        options,
        options["name"] or function_name(solve),
        kinds,
        declared,
        max(1, -(-(most or settings().max_examples) // len(kinds))),
        seed,
        hard_puzzle_lines(options["data"]) if "hard" in kinds else (),
        None if math.isinf(backstop) else backstop,
    )


def check_kinds(
    solve: Callable[[Any], object], **options: Unpack[SolverOptions]
) -> tuple[KindReport, ...]:
    """Check the solver kind by kind, as :func:`check_solver` does, and return each kind's report.

    Nothing is raised for the solver's faults.

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
    plan = _plan(solve, options)
    return tuple(_run_kind(kind, plan) for kind in plan.kinds)


def _failing(options: SolverOptions) -> tuple[Status, ...]:
    """The statuses that fail a check with these options."""
    return FAILING + (("slow",) if options.get("fail_slow") else ())


def check_solver(
    solve: LineSolver | Callable[[Any], object], **options: Unpack[SolverOptions]
) -> None:
    """Check a solver against fsudoku's reference on generated puzzles of every kind.

    Raise :class:`SolverFailed`, listing each failing kind with its shrunk line, if any kind
    fails (or hangs; or is slow, with ``fail_slow=True``); warn of the kinds that were slow
    or not run.

    ``solve`` takes a board (``shape``: a line, 9 rows of ints, a dict of cells) and
    returns the solution (a line, rows, a dict, ``True`` for solved in place) or
    ``None``/``False`` for no solution. Each kind of :data:`~fsudoku.testing.KINDS` is one
    Hypothesis search, each call in a worker process under a limit of CPU time and a
    wall-clock backstop. Where a puzzle has one solution any valid answer is right, where
    it has none ``None``; ``order`` says which a puzzle with several expects. The options,
    each with its meaning and default, are :class:`SolverOptions`; ``docs/testing-kit.md``
    shows the kit at work.

    >>> check_solver(lambda line: None, kinds=["invalid", "repeated_clue"], max_examples=4)
    >>> check_solver(lambda line: None, kinds=["empty"], max_examples=1, seed=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.testing.SolverFailed: solver ...<lambda> fails 1 of 1 kinds: empty
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
    reports = check_kinds(solve, **options)
    failing = _failing(options)
    failures = tuple(r.failure for r in reports if r.failure is not None and r.status in failing)
    if failures:
        raise SolverFailed(failures[0].name, failures, reports) from None
    late = [f"{r.kind} {r.status}" for r in reports if r.status in ("slow", "not run")]
    if late:
        warnings.warn(f"not every kind was checked in full: {', '.join(late)}", stacklevel=2)


def solver_tests(
    solve: Callable[[Any], object], **options: Unpack[SolverOptions]
) -> Callable[[Kind], None]:
    """A pytest test of the solver, parametrized by kind.

    Assign it to ``test_...`` in a module. The options are checked here, once, and are
    :func:`check_solver`'s; a kind turned off, skipped or not run is a skipped test, a
    failing kind fails with its :class:`SolverDisagrees` alone.

    >>> test_mine = solver_tests(lambda line: None, kinds=["invalid", "empty"], max_examples=2)
    >>> test_mine("invalid")  # what pytest calls, once a kind
    >>> test_mine("empty")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.testing.SolverDisagrees: kind empty: the empty grid
    ...
    """
    import pytest

    plan = _plan(solve, options)
    failing = _failing(options)

    @pytest.mark.parametrize("kind", plan.kinds, ids=list(plan.kinds))
    def test_solver(kind: Kind) -> None:
        """The solver passes the kind."""
        __tracebackhide__ = True
        report = _run_kind(kind, plan)
        if report.failure is not None and report.status in failing:
            raise report.failure from None
        if report.status in ("off", "skipped", "not run"):
            pytest.skip(f"{kind}: {report.status} ({report.note})")

    return test_solver
