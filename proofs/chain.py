"""Equational proofs as chains of steps, each step checked by Hypothesis.

A :class:`Proof` is written the way the lecture writes it::

    boxs . boxs
    = {by definition of boxs}
    map ungroup . ungroup . map cols . group . map group . ...
    = {group . ungroup = id}
    ...

Each :class:`Step` carries the expression text, the hint that justifies it (in
English, with the position of the step in the source's own proof when the chain
follows one), the equality the hint claims, and a Python function of the proof's
variables that computes the expression. Checking a proof means checking, for every
consecutive pair of steps, that Hypothesis finds no variables for which the two
computed values differ under the stated equality. A failure names the step number and
its hint and shows both sides.
"""

from __future__ import annotations

import signal
import textwrap
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, Generic, TypeVar

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis.strategies import SearchStrategy

# The equalities a hint claims: of values (LIST, BAG, SET) and of functions, compared
# extensionally on the proof's arguments (FUNCTION, FUNCTION_BAG, FUNCTION_SET).
from fsudoku.testing import BAG as BAG
from fsudoku.testing import FUNCTION as FUNCTION
from fsudoku.testing import FUNCTION_BAG as FUNCTION_BAG
from fsudoku.testing import FUNCTION_SET as FUNCTION_SET
from fsudoku.testing import LIST as LIST
from fsudoku.testing import SET as SET
from fsudoku.testing import Equality as Equality
from proofs.prelude import force

V = TypeVar("V")


@dataclass(frozen=True)
class Step(Generic[V]):
    """One line of a chain: ``= {hint}`` then the expression it leads to.

    ``value`` computes the expression from the proof's variables: a value, or for a
    point-free equality a function that the checker applies to the proof's arguments.
    The first step of a chain has no hint. ``lecture_step`` is the number of the
    same step in the source's own proof (``None``: a step of ours).
    """

    expr: str
    value: Callable[[V], object]
    hint: str = ""
    equality: Equality = FUNCTION
    lecture_step: int | None = None


def start(expr: str, value: Callable[[V], object]) -> Step[V]:
    """The first expression of a chain."""
    return Step(expr=expr, value=value)


def by(
    hint: str,
    expr: str,
    value: Callable[[V], object],
    *,
    eq: Equality = FUNCTION,
    lecture_step: int | None = None,
) -> Step[V]:
    """A step ``= {hint}`` leading to ``expr``.

    ``lecture_step`` is its number in the source's own proof.
    """
    return Step(expr=expr, value=value, hint=hint, equality=eq, lecture_step=lecture_step)


def _no_arguments(_: object) -> tuple[object, ...]:
    return ()


@dataclass(frozen=True)
class Proof(Generic[V]):
    """A theorem, the strategy of its variables, and the chain of steps proving it."""

    name: str
    statement: str
    source: str
    variables: SearchStrategy[V]
    steps: tuple[Step[V], ...]
    arguments: Callable[[V], tuple[object, ...]] = _no_arguments
    show_variables: Callable[[V], str] = repr
    assumes: tuple[str, ...] = ()
    domain: str = ""
    max_examples: int = 30
    remarks: tuple[str, ...] = field(default=())
    conclusion: Equality | None = None
    """When set, the statement is also checked directly, first expression against last.

    The check uses this equality: needed when it is stronger than the chain's weakest
    step (a chain through equalities of bags proves a statement about lists only up to
    order).
    """


class StepMismatch(AssertionError):
    """Two expressions of a chain differ (or one of them fails).

    ``index`` is the step (``index - 1`` and ``index`` are the expressions compared), or
    0 for the direct check of the whole statement (first against last expression).
    """

    def __init__(
        self, index: int, hint: str, variables: str, left: str, right: str, last: int = 0
    ) -> None:
        self.index = index
        self.hint = hint
        self.variables = variables
        self.left = left
        self.right = right
        self.left_label = f"expression {index - 1}" if index else "expression 0"
        self.right_label = f"expression {index}" if index else f"expression {last}"
        what = f"step {index} {{{hint}}}" if index else "the statement"
        super().__init__(
            f"{what} fails for {variables}\n"
            f"  left  ({self.left_label}): {left}\n"
            f"  right ({self.right_label}): {right}"
        )


@dataclass(frozen=True)
class StepResult:
    """The outcome of checking one step (``index`` >= 1 relates expressions index-1, index)."""

    proof: str
    index: int
    hint: str
    equality: Equality
    examples: int
    failure: StepMismatch | None = None
    error: str = ""

    @property
    def ok(self) -> bool:
        """Whether no counterexample was found."""
        return self.failure is None and not self.error


@dataclass(frozen=True)
class ProofResult:
    """The results of every step of one proof (and of the direct check, if any)."""

    proof: Proof[Any]
    steps: tuple[StepResult, ...]
    conclusion: StepResult | None = None

    @property
    def ok(self) -> bool:
        """Whether every step (and the direct check of the statement) holds."""
        return all(s.ok for s in self.steps) and (self.conclusion is None or self.conclusion.ok)

    @property
    def failed(self) -> tuple[StepResult, ...]:
        """The steps that do not hold."""
        return tuple(s for s in self.steps if not s.ok)


def show(value: object, limit: int = 400) -> str:
    """A readable, bounded rendering of a forced value."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + " ...)"


EVALUATION_LIMIT = 8.0
"""Seconds one expression may take: past them, the expression counts as having no value.

A planted bug can make a loop run forever (``many`` of a ``prune`` that never settles).
"""


class Diverged(Exception):
    """An expression gave no value within :data:`EVALUATION_LIMIT` seconds."""


@contextmanager
def time_limit(seconds: float | None = None) -> Iterator[None]:
    """Raise :class:`Diverged` in the body after ``seconds`` (default :data:`EVALUATION_LIMIT`).

    Main thread, POSIX only; elsewhere there is no limit.
    """
    if seconds is None:
        seconds = EVALUATION_LIMIT
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        yield
        return

    def interrupt(signum: int, frame: FrameType | None) -> None:
        raise Diverged(f"no value within {seconds} s")

    previous = signal.signal(signal.SIGALRM, interrupt)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _evaluate(proof: Proof[V], step: Step[V], equality: Equality, v: V) -> tuple[bool, object]:
    """``(True, value)`` or ``(False, error text)`` for one expression at ``v``."""
    try:
        with time_limit():
            value = step.value(v)
            if equality.point_free:
                if not callable(value):
                    return False, f"<not a function: {show(value)}>"
                value = value(*proof.arguments(v))
            return True, force(value)
    except Exception as exc:  # a broken function under test is a failed step, not a crash
        return False, f"<raised {type(exc).__name__}: {exc}>"


def check_step(
    proof: Proof[V],
    index: int,
    max_examples: int | None = None,
    *,
    shrink: bool = True,
    derandomize: bool = False,
) -> StepResult:
    """Check that expressions ``index - 1`` and ``index`` are equal, as step ``index`` says.

    ``max_examples`` overrides the proof's own number; ``shrink=False`` reports the first
    counterexample found (faster); ``derandomize`` makes the run repeatable.
    """
    after = proof.steps[index]
    return _check_pair(
        proof,
        index - 1,
        index,
        index,
        after.hint,
        after.equality,
        max_examples,
        shrink,
        derandomize,
    )


def check_conclusion(
    proof: Proof[V],
    max_examples: int | None = None,
    *,
    shrink: bool = True,
    derandomize: bool = False,
) -> StepResult | None:
    """Check the statement directly (first against last expression), if the proof asks."""
    if proof.conclusion is None:
        return None
    return _check_pair(
        proof,
        0,
        len(proof.steps) - 1,
        0,
        "statement",
        proof.conclusion,
        max_examples,
        shrink,
        derandomize,
    )


def _check_pair(
    proof: Proof[V],
    i: int,
    j: int,
    index: int,
    hint: str,
    equality: Equality,
    max_examples: int | None,
    shrink: bool,
    derandomize: bool,
) -> StepResult:
    """Hypothesis looks for variables where expressions ``i`` and ``j`` differ."""
    before, after = proof.steps[i], proof.steps[j]
    count = 0

    def body(v: V) -> None:
        nonlocal count
        count += 1
        ok_left, left = _evaluate(proof, before, equality, v)
        ok_right, right = _evaluate(proof, after, equality, v)
        if not (ok_left and ok_right and equality.same(left, right)):
            raise StepMismatch(
                index, hint, proof.show_variables(v), show(left), show(right), last=j
            )

    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    options: dict[str, Any] = {"derandomize": True} if derandomize else {}
    run = settings(
        max_examples=max_examples or proof.max_examples,
        deadline=None,
        database=None,
        report_multiple_bugs=False,
        print_blob=False,
        phases=phases if shrink else phases[:2],
        suppress_health_check=list(HealthCheck),
        **options,
    )(given(proof.variables)(body))
    try:
        run()
    except StepMismatch as mismatch:
        return StepResult(proof.name, index, hint, equality, count, failure=mismatch)
    except Exception as exc:  # e.g. the strategy itself could not generate data
        return StepResult(
            proof.name, index, hint, equality, count, error=f"{type(exc).__name__}: {exc}"
        )
    return StepResult(proof.name, index, hint, equality, count)


def check(
    proof: Proof[V],
    max_examples: int | None = None,
    *,
    shrink: bool = True,
    derandomize: bool = False,
) -> ProofResult:
    """Check every step of a proof (see :func:`check_step` for the options)."""
    return ProofResult(
        proof,
        tuple(
            check_step(proof, i, max_examples, shrink=shrink, derandomize=derandomize)
            for i in range(1, len(proof.steps))
        ),
        check_conclusion(proof, max_examples, shrink=shrink, derandomize=derandomize),
    )


def check_all(
    proofs: Sequence[Proof[Any]],
    max_examples: int | None = None,
    *,
    shrink: bool = True,
    derandomize: bool = False,
) -> tuple[ProofResult, ...]:
    """Check every proof."""
    return tuple(check(p, max_examples, shrink=shrink, derandomize=derandomize) for p in proofs)


MARK_OK = "✓"
MARK_FAIL = "✗"


def _indent(text: str, prefix: str) -> list[str]:
    return [prefix + line for line in text.splitlines()]


def render(result: ProofResult) -> str:
    """The proof as the lecture prints it, with a mark per step and any counterexample."""
    proof = result.proof
    width = 88
    lines = [f"── {proof.name}: {proof.statement}"]
    meta = [proof.source]
    if proof.domain:
        meta.append(proof.domain)
    if proof.assumes:
        meta.append("assumes " + ", ".join(proof.assumes))
    lines.extend(
        textwrap.wrap(
            "(" + "; ".join(meta) + ")", width=width, initial_indent="   ", subsequent_indent="    "
        )
    )
    lines.extend(_indent(proof.steps[0].expr, "     "))
    for step, res in zip(proof.steps[1:], result.steps, strict=True):
        mark = f"{MARK_OK if res.ok else MARK_FAIL} step {res.index:>2}, {step.equality.name}"
        hint_lines = textwrap.wrap(
            "{" + step.hint + "}",
            width=width - 20,
            initial_indent="   = ",
            subsequent_indent="      ",
            break_on_hyphens=False,
        )
        if step.lecture_step is not None:
            cited = f"(lecture, step {step.lecture_step})"
            if len(hint_lines[-1]) + 1 + len(cited) <= width - 20:
                hint_lines[-1] += " " + cited
            else:
                hint_lines.append("      " + cited)
        pad = max(2, width - len(hint_lines[-1]))
        hint_lines[-1] = hint_lines[-1] + " " * pad + mark
        lines.extend(hint_lines)
        lines.extend(_failure(res))
        lines.extend(_indent(step.expr, "     "))
    lines.extend("   " + r for r in proof.remarks)
    if result.conclusion is not None:
        c = result.conclusion
        text = f"   ∎ statement checked directly, first = last expression as {c.equality.name}"
        pad = max(2, width - len(text))
        lines.append(text + " " * pad + (MARK_OK if c.ok else MARK_FAIL))
        lines.extend(_failure(c))
    failed = [s.index for s in result.failed]
    if result.conclusion is not None and not result.conclusion.ok:
        failed.append(0)
    verdict = "holds" if result.ok else f"FAILS at step(s) {failed}"
    examples = sum(s.examples for s in result.steps)
    lines.append(f"   ∎ {verdict} ({len(result.steps)} steps, {examples} examples checked)")
    return "\n".join(lines)


def _failure(res: StepResult) -> list[str]:
    """The lines describing a failed check (none when it holds)."""
    f = res.failure
    if f is not None:
        what = f"step {f.index} {{{f.hint}}}" if f.index else "the statement"
        return [
            f"     {MARK_FAIL} {what} does not hold for",
            f"         {f.variables}",
            f"         left  ({f.left_label}): {f.left}",
            f"         right ({f.right_label}): {f.right}",
        ]
    if res.error:
        return [f"     {MARK_FAIL} step {res.index} could not be checked: {res.error}"]
    return []
