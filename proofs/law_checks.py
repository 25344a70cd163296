"""The law functions of :mod:`fsudoku.testing.laws`, run with generated arguments.

Each law of :data:`fsudoku.testing.laws.LAWS` is run by Hypothesis on the arguments
:func:`fsudoku.testing.strategies.law_arguments` draws for it, with some functions under test
replaced (keyword parameters of the law function), and compared with the equality the
law table states. :mod:`proofs.mutants` uses this to see which laws catch a planted bug.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from hypothesis import HealthCheck, Phase, given, settings

from fsudoku.testing.laws import LAWS, Law, holds
from fsudoku.testing.strategies import law_arguments
from proofs.chain import show, time_limit

DEFAULT_EXAMPLES = 30
"""Examples per law when the caller gives no number."""


@dataclass(frozen=True)
class LawCheck:
    """A law function with a strategy for its arguments.

    ``run(functions, max_examples, derandomize)`` calls the law with the given functions
    under test substituted, and returns ``None`` when it holds, or a description of a
    counterexample.
    """

    name: str
    parameters: frozenset[str]
    run: Callable[[Mapping[str, Callable[..., Any]], int | None, bool], str | None]


class _LawFailure(AssertionError):
    """A law does not hold for some arguments."""


def law_check(law: Law) -> LawCheck:
    """The check of one law of the table."""
    arguments = law_arguments(law.name)

    def run(
        functions: Mapping[str, Callable[..., Any]], max_examples: int | None, derandomize: bool
    ) -> str | None:
        substituted = {k: f for k, f in functions.items() if k in law.parameters}

        def body(kwargs: dict[str, Any]) -> None:
            try:
                with time_limit():
                    left, right = law.function(**kwargs, **substituted)
            except Exception as exc:  # the planted bug may crash the law, or loop
                raise _LawFailure(
                    f"{law.equation} fails for {show(kwargs, 200)}: "
                    f"raised {type(exc).__name__}: {exc}"
                ) from exc
            if not holds(law.equality, left, right):
                raise _LawFailure(
                    f"{law.equation} ({law.equality}) fails for {show(kwargs, 200)}: "
                    f"{show(left, 150)} /= {show(right, 150)}"
                )

        options: dict[str, Any] = {"derandomize": True} if derandomize else {}
        test = settings(
            max_examples=max_examples or DEFAULT_EXAMPLES,
            deadline=None,
            database=None,
            report_multiple_bugs=False,
            print_blob=False,
            phases=(Phase.explicit, Phase.generate),
            suppress_health_check=list(HealthCheck),
            **options,
        )(given(arguments)(body))
        try:
            test()
        except _LawFailure as failure:
            return str(failure)
        return None

    return LawCheck(law.name, law.parameters, run)


def _checks() -> tuple[tuple[LawCheck, ...], tuple[str, ...]]:
    checks: list[LawCheck] = []
    missing: list[str] = []
    for law in LAWS:
        try:
            checks.append(law_check(law))
        except KeyError:
            missing.append(law.name)
    return tuple(checks), tuple(missing)


LAW_CHECKS, LAWS_WITHOUT_ARGUMENTS = _checks()
"""The runnable law checks, and the names of the laws no argument strategy exists for."""
