"""The verdict on one call of a solver, and the reports of the solver checker.

What was wrong, in words, and the reports of :func:`fsudoku.testing.check_solver`
(:class:`SolverDisagrees` for one kind, :class:`SolverFailed` for all, :class:`KindReport`
per kind).

Needs no Hypothesis.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeAlias

from fsudoku.base.oracle import is_solution
from fsudoku.testing.diagnosis import (
    clue_repeats,
    grid_rows,
    marked_cells,
    not_a_solution,
    side_by_side,
)
from fsudoku.testing.kinds import KINDS, Declared, Expected, Kind, Order
from fsudoku.testing.worker import Called

__all__ = ["Judge", "KindReport", "SolverDisagrees", "SolverFailed", "Status", "function_name"]

Status: TypeAlias = Literal["passed", "failed", "timed out", "skipped", "off"]
"""How a kind went."""


def function_name(f: object) -> str:
    """``module.name`` of a function, else its ``repr``."""
    module, name = getattr(f, "__module__", None), getattr(f, "__qualname__", None)
    return f"{module}.{name}" if module and name else repr(f)


class SolverDisagrees(AssertionError):
    """A solver answered one (shrunk) line of one kind wrongly.

    It holds what the solver was given, what it answered, what was expected, what is wrong,
    and the call that repeats it.
    """

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
    ) -> None:
        self.name = name
        self.kind: Kind = kind
        self.line = line
        self.expected = expected
        self.called = called
        self.problem = problem
        self.detail = detail
        self.call = call
        self.rerun = rerun
        super().__init__(self.describe())

    @property
    def answer(self) -> str | None:
        """The answer, as a line (``None`` for none)."""
        answer: str | None = self.called.answer
        return answer

    @property
    def timed_out(self) -> bool:
        """Whether the call ran past the time limit."""
        return self.called.status == "timed_out"

    @property
    def reference_name(self) -> str:
        """The registry's solver whose answer was expected."""
        return self.expected.reference

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
        said = {
            "raised": f"raised {self.called.error_type}: {self.called.error}",
            "timed_out": f"nothing within the limit ({self.called.elapsed:.2f} s)",
            "died": f"nothing: the worker process died ({self.called.error})",
            "unreadable": self.called.problem,
        }.get(self.called.status, repr(self.called.answer))
        lines = [
            f"kind {self.kind}: {KINDS[self.kind]}",
            f"  line      {self.line!r}",
            f"            {self.blanks} blanks, {self.clues} clues, {len(self.line)} characters",
            f"  expected  {_expected_text(self.expected)}",
            f"  answered  {said}",
            f"  wrong     {self.problem}",
        ]
        lines += [" " * 12 + row for row in self.detail.splitlines()]
        if self.rerun:
            lines.append(f"  rerun     {self.rerun}")
        lines.append(f"  reproduce {self.call}")
        return "\n".join(lines)


class SolverFailed(AssertionError):
    """A solver failed some kinds: one :class:`SolverDisagrees` per failing kind."""

    def __init__(
        self, name: str, failures: tuple[SolverDisagrees, ...], reports: tuple[KindReport, ...]
    ) -> None:
        self.name = name
        self.failures = failures
        self.reports = reports
        kinds = ", ".join(f.kind for f in failures)
        checked = sum(r.status not in ("off", "skipped") for r in reports)
        super().__init__(
            f"solver {name} fails {len(failures)} of {checked} kinds: {kinds}\n\n"
            + "\n\n".join(f.describe() for f in failures)
        )


@dataclass(frozen=True)
class KindReport:
    """How one kind went: passed, failed (with the failure), timed out, skipped, off."""

    kind: Kind
    status: Status
    examples: int = 0
    seconds: float = 0.0
    failure: SolverDisagrees | None = None
    note: str = ""


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


@dataclass(frozen=True)
class Judge:
    """What a declaration and an order make of one call."""

    declared: Declared
    order: Order

    def problem(self, line: str, expected: Expected, called: Called) -> tuple[str, str]:
        """``(what is wrong, detail)``; ``("", "")`` when the call is right."""
        status = called.status
        if status == "timed_out":
            return f"timed out: no answer after {called.elapsed:.2f} s", ""
        if status == "died":
            return "the worker process died during the call (a crash, or os._exit)", ""
        if status == "unreadable":
            return called.problem, ""
        verdict = expected.verdict
        if verdict == "not_a_puzzle":
            return self._declared(self.declared.invalid, called, "a line that is not a puzzle")
        if verdict == "several" and self.declared.several != "any":
            return self._declared(self.declared.several, called, "a puzzle with several solutions")
        if status == "raised":
            return f"raised {called.error_type}: {called.error}", ""
        return self._answer(line, expected, called.answer)

    def _declared(self, promise: object, called: Called, what: str) -> tuple[str, str]:
        """The declared answer to ``what``: ``None``, or raising the declared class."""
        if isinstance(promise, type):
            index = self.declared.catch().index(promise)
            if called.status == "raised" and called.matched[index]:
                return "", ""
            said = f"raised {called.error_type}" if called.status == "raised" else "returned"
            return f"{said} on {what}; declared: raises {promise.__name__}", ""
        if called.status == "raised":
            return f"raised {called.error_type}: {called.error} on {what} (expected None)", ""
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
