"""The verdict on one call of a solver, and the reports of the solver checker.

What was wrong, in words, the declaration that would explain it, and the reports of
:func:`fsudoku.testing.check_solver` (:class:`SolverDisagrees` for one kind,
:class:`SolverFailed` for all, :class:`KindReport` per kind).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Literal, TypeAlias

from fsudoku.base.oracle import is_solution
from fsudoku.testing._diagnosis import (
    clue_repeats,
    grid_rows,
    marked_cells,
    not_a_solution,
    side_by_side,
)
from fsudoku.testing._kinds import KINDS, Declared, Expected, Kind, Order
from fsudoku.testing._worker import Called

__all__ = ["KindReport", "SolverDisagrees", "SolverFailed", "Status"]

Status: TypeAlias = Literal["passed", "failed", "slow", "hung", "not run", "skipped", "off"]
"""How a kind went: no wrong answer; a wrong answer; no wrong answer, but calls past the
CPU limit; a call past the wall-clock backstop; not run (or cut short) for want of time
(the run's budget); nothing to check it with; turned off by a declaration."""

FAILING: tuple[Status, ...] = ("failed", "hung")
"""The statuses that fail a check (``slow`` too, when asked)."""

SHOWN_OUTPUT = 8
"""The lines of a solver's output shown beside its example."""


def function_name(f: object) -> str:
    """``module.name`` of a function, else its ``repr``."""
    module, name = getattr(f, "__module__", None), getattr(f, "__qualname__", None)
    return f"{module}.{name}" if module and name else repr(f)


def statement(solve: object, board: str) -> str:
    """The Python statement that calls the solver on a board.

    >>> statement(is_solution, "'1'")
    "import fsudoku.base.oracle; fsudoku.base.oracle.is_solution('1')"
    >>> statement(lambda line: None, "'1'")
    "solve('1')"
    """
    module, name = getattr(solve, "__module__", None), getattr(solve, "__name__", "")
    home = sys.modules.get(module) if isinstance(module, str) else None
    if home is not None and home.__spec__ is not None and getattr(home, str(name), None) is solve:
        return f"import {module}; {module}.{name}({board})"
    return f"{name if str(name).isidentifier() else 'solve'}({board})"


def said(called: Called) -> str:
    """What a call came to, in words."""
    if called.status == "raised":
        message = called.error
        return f"raised {called.error_type}" + (
            f" {message}" if message[:4] == "(at " else f": {message}"
        )
    return {
        "slow": f"nothing within {called.cpu:g} s of CPU time",
        "hung": f"nothing within {called.elapsed:.1f} s (wall clock)",
        "died": f"nothing: the worker process died ({called.error})",
        "unreadable": called.problem,
    }.get(called.status, repr(called.answer))


class SolverDisagrees(AssertionError):
    """A solver answered one (shrunk) line of one kind wrongly (or too slowly).

    It holds what the solver was given, what it answered, what was expected, what is wrong,
    a declaration that would explain it (``hint``), and the call that repeats it.
    """

    __module__ = "fsudoku.testing"  # where it is imported from, as tracebacks show it

    def __init__(
        self,
        name: str,
        kind: Kind,
        line: str,
        expected: Expected,
        called: Called,
        problem: str,
        detail: str = "",
        call: str = "",
        rerun: str = "",
        hint: str = "",
        board: str = "",
    ) -> None:
        self.name, self.kind, self.line, self.expected = name, kind, line, expected
        self.called, self.problem, self.detail = called, problem, detail
        self.call, self.rerun, self.hint = call, rerun, hint
        self.board = board or repr(line)
        """The board the solver was given, as a Python expression."""
        super().__init__(self.describe())

    @property
    def answer(self) -> str | None:
        """The answer, as a line (``None`` for none)."""
        answer: str | None = self.called.answer
        return answer

    @property
    def blanks(self) -> int:
        """The blanks (``.`` or ``0``) of the line."""
        return sum(c in ".0" for c in self.line)

    @property
    def clues(self) -> int:
        """The clues (``1``-``9``) of the line."""
        return sum(c in "123456789" for c in self.line)

    def describe(self) -> str:
        """The message: the kind, the line, the answer, what is wrong, how to repeat it."""
        lines = [
            f"kind {self.kind}: {KINDS[self.kind]}",
            f"  line      {self.line!r}",
            f"            {self.blanks} blanks, {self.clues} clues, {len(self.line)} characters",
            f"  expected  {_expected_text(self.expected)}",
            f"  answered  {said(self.called)}",
            f"  {self.called.status if self.called.status in ('slow', 'hung') else 'wrong':<10}"
            f"{self.problem}",
        ]
        lines += [" " * 12 + row for row in self.detail.splitlines()]
        lines += _labelled("traceback", self.called.trace.splitlines())
        printed = [repr(row) for row in self.called.output.splitlines()]
        if len(printed) > SHOWN_OUTPUT:
            printed[SHOWN_OUTPUT:] = [f"... and {len(printed) - SHOWN_OUTPUT} more lines"]
        lines += _labelled("printed", printed)
        lines += _labelled("hint", [self.hint] if self.hint else [])
        lines += _labelled("rerun", [self.rerun] if self.rerun else [])
        lines.append(f"  reproduce {self.call}")
        return "\n".join(lines)


def _labelled(label: str, rows: list[str]) -> list[str]:
    """Rows of a message, the first after its label."""
    return [f"  {label if i == 0 else '':<10}{row}" for i, row in enumerate(rows)]


class SolverFailed(AssertionError):
    """A solver failed some kinds: one :class:`SolverDisagrees` per failing kind."""

    __module__ = "fsudoku.testing"  # where it is imported from, as tracebacks show it

    def __init__(
        self, name: str, failures: tuple[SolverDisagrees, ...], reports: tuple[KindReport, ...]
    ) -> None:
        self.name, self.failures, self.reports = name, failures, reports
        kinds = ", ".join(f.kind for f in failures)
        checked = sum(r.status not in ("off", "skipped", "not run") for r in reports)
        super().__init__(
            f"solver {name} fails {len(failures)} of {checked} kinds: {kinds}\n\n"
            + "\n\n".join(f.describe() for f in failures)
        )


@dataclass(frozen=True)
class KindReport:
    """How one kind went (:data:`Status`), its example (``failure``), its costs."""

    kind: Kind
    status: Status
    examples: int = 0
    seconds: float = 0.0
    """Wall-clock seconds of the kind, the checker's own work included."""
    failure: SolverDisagrees | None = None
    """The wrong (or slow, or hung) call, shrunk where it was wrong."""
    note: str = ""
    cpu: float = 0.0
    """CPU seconds the solver took on the kind's calls."""


def _expected_text(expected: Expected) -> str:
    """What was expected, in words."""
    if expected.verdict == "not_a_puzzle":
        return "not a puzzle for this solver"
    if expected.verdict == "no_solution":
        return "None: the puzzle has no solution"
    if expected.verdict == "one":
        return "the puzzle's one solution"
    if expected.reference == "dlx":
        return "a solution (the puzzle has several: any will do)"
    return f"the first solution of {expected.reference}'s search (the puzzle has several)"


WHY = {
    "slow": "no answer within {called.cpu:g} s of CPU time (timeout=, --timeout)",
    "hung": "no answer within {called.elapsed:.1f} s of wall-clock time: it sleeps, waits "
    "or blocks, or its CPU time is its children's (backstop=, --backstop)",
    "died": "the worker process died during the call (a crash, os._exit, a signal)",
    "unreadable": "{called.problem}",
}
"""Why a call that came to no answer is wrong."""

DELIBERATE = ("ValueError", "RuntimeError", "Exception")
"""The builtin exceptions a solver may raise by design (others, a ``KeyError``, a
``TypeError``, are taken for bugs: no declaration is suggested for them)."""

WHAT = {
    "not_a_puzzle": ("invalid", "a line that is not a puzzle"),
    "several": ("several", "a puzzle with several solutions"),
    "no_solution": ("no_solution", "a puzzle with no solution"),
}
"""For each verdict that may be declared, its declaration and what it is about."""


@dataclass(frozen=True)
class Judge:
    """What a declaration and an order make of one call."""

    declared: Declared
    order: Order

    def problem(self, line: str, expected: Expected, called: Called) -> tuple[str, str]:
        """``(what is wrong, detail)``; ``("", "")`` when the call is right."""
        status = called.status
        if status in WHY:
            return WHY[status].format(called=called), ""
        verdict = expected.verdict
        if verdict in WHAT:
            name, what = WHAT[verdict]
            promise = getattr(self.declared, name)
            if isinstance(promise, type) or (promise == "none" and verdict != "no_solution"):
                return self._declared(promise, called, what)
        if status == "raised":
            return said(called), ""
        if called.changed:
            return called.changed + ": return a new board, or solve it in place and return it", ""
        return self._answer(line, expected, called.answer)

    def _declared(self, promise: object, called: Called, what: str) -> tuple[str, str]:
        """The declared answer to ``what``: ``None``, or raising the declared class."""
        if isinstance(promise, type):
            index = self.declared.catch().index(promise)
            if called.status == "raised" and called.matched[index]:
                return "", ""
            done = f"raised {called.error_type}" if called.status == "raised" else "returned"
            return f"{done} on {what}; declared: raises {promise.__name__}", ""
        if called.status == "raised":
            return f"{said(called)} on {what} (expected None)", ""
        if called.answer is not None:
            return f"answered {what} (expected None)", ""
        return "", ""

    def _answer(self, line: str, expected: Expected, answer: str | None) -> tuple[str, str]:
        """Judge an answer (``None`` or a line) against what the line expects."""
        puzzle = line.replace("0", ".")
        if expected.verdict == "no_solution":
            if answer is None:
                return "", ""
            repeats = clue_repeats(puzzle)
            why = f" ({repeats})" if repeats else ""
            found = not_a_solution(answer, puzzle) or "it is not a solution"
            return f"answered a puzzle that has no solution{why}", found + "\n" + _grids(
                answer, puzzle
            )
        if answer is None:
            return "found no solution, but the puzzle has one", "reference\n" + "\n".join(
                grid_rows(expected.solution or "")
            )
        if not is_solution(answer, puzzle):
            return not_a_solution(answer, puzzle).splitlines()[0], _rest(answer, puzzle)
        if self.order != "any" and expected.verdict == "several" and answer != expected.solution:
            return "a solution, but not the first one in this order", side_by_side(
                answer, expected.solution or ""
            )
        return "", ""

    def hint(self, kind: Kind, line: str, expected: Expected, called: Called) -> str:
        """The declaration that would explain a wrong call, when one would ('' otherwise)."""
        name, what = WHAT.get(expected.verdict, ("", ""))
        cls = called.error_type
        deliberate = "." in cls or cls in DELIBERATE
        if deliberate and name and getattr(self.declared, name) in ("none", "any"):
            flag = name.replace("_", "-")
            return f"if it raises {cls} on {what} by design: {name}={cls} (--{flag} raises:{cls})"
        answer = called.answer if called.status == "answered" else ""
        if kind == "zeros" and answer and is_solution(answer, line.replace("0", ".")):
            return "it reads both 0 and . as blanks: blanks='both' (--blanks both)"
        if name == "several" and self.declared.several == "any" and answer is None:
            return "if it refuses such puzzles by design: several='none' (--several none)"
        return ""


def _rest(answer: str, puzzle: str) -> str:
    """The findings after the first, and the answer marked beside the puzzle."""
    more = not_a_solution(answer, puzzle).splitlines()[1:]
    return "\n".join([*more, _grids(answer, puzzle)])


def _grids(answer: str, puzzle: str) -> str:
    """The answer beside the puzzle, its wrong cells (changed clues, repeats) marked."""
    if len(answer) != 81:
        return ""
    marks = marked_cells(answer, puzzle)
    left, right = grid_rows(answer, marks), grid_rows(puzzle)
    head = f"{'answered (* wrong)':<28}puzzle"
    return "\n".join([head, *(f"{a:<28}{b}" for a, b in zip(left, right, strict=True))])
