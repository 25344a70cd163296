"""The laws, and their checker: each law of :data:`LAWS` checked with Hypothesis for a record of functions.

The functions under test are a :class:`~fsudoku.testing.Parts`: fsudoku's own
(``FSUDOKU``), with the ones you wrote in their place. In a pytest module, one line
makes one test per law (``test_laws[boxs_involution]``, ...)::

    from dataclasses import replace

    from fsudoku.testing import FSUDOKU, law_tests
    from my_sudoku import my_boxs, my_prune_row

    MINE = replace(FSUDOKU, boxs=my_boxs, prune_row=my_prune_row)

    test_laws = law_tests(MINE)

To check only some laws: ``law_tests(MINE, laws=[law for law in LAWS if "boxs" in
law.uses])``. Elsewhere, ``check_laws(MINE)`` checks them all and raises one
:class:`LawsFailed` listing every failing law, and ``check_law(law, MINE)`` checks one,
raising :class:`LawFailure`. Both are ``AssertionError`` subclasses whose message
names the law, its equation and its equality, and shows the shrunk counterexample
with both sides. The settings are those of the current Hypothesis profile, except:
each law's own number of examples (or ``max_examples``), no deadline, no example
database, and Hypothesis itself quiet (the failure says everything).

Which equality each law satisfies was found by testing and is the strongest that
holds: the naturality of ``expand`` for ``cols`` and ``boxs``, the law of ``expand1`` and
the two laws of ``search`` hold as bags but not as lists; that ``pruneGrid`` keeps every
solution is stated as bags, because the solutions are enumerated by a search whose order
is not the law's business; every other law holds as lists.

>>> from fsudoku.testing import Parts, rows_involution
>>> check_law(rows_involution, max_examples=5)
>>> wrong = Parts(rows=lambda m: m[1:])  # FSUDOKU with its rows replaced
>>> check_law(rows_involution, wrong, max_examples=20)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fsudoku.testing.LawFailure: law rows_involution does not hold: rows . rows = id  (list equality)
...

pytest is needed for :func:`law_tests` only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis.errors import Unsatisfiable

from fsudoku.testing._bird_laws import BIRD_LAWS
from fsudoku.testing._law_domains import law_arguments
from fsudoku.testing._lawbook import FSUDOKU, Law, Parts
from fsudoku.testing._sarkar_laws import SARKAR_LAWS

__all__ = ["LAWS", "LawFailure", "LawsFailed", "check_law", "check_laws", "law_tests"]

LAWS: tuple[Law, ...] = BIRD_LAWS + SARKAR_LAWS
"""Every law: Bird's, then Sarkar's, each in the order declared."""


def show(value: object, limit: int = 400) -> str:
    """A readable, bounded rendering of a value."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + " ...)"


class LawFailure(AssertionError):
    """A law does not hold for a record of parts: the shrunk counterexample and both sides."""

    __module__ = "fsudoku.testing"  # where it is imported from, as tracebacks show it

    def __init__(
        self,
        law: Law,
        parts: Parts,
        arguments: Mapping[str, Any] | None = None,
        left: object = None,
        right: object = None,
        error: BaseException | None = None,
    ) -> None:
        self.law = law
        self.parts = parts
        self.arguments = dict(arguments) if arguments is not None else None
        self.left = left
        self.right = right
        self.error = error
        super().__init__(self.describe())

    def describe(self) -> str:
        """The message: the law, its equation and equality, the counterexample, both sides."""
        law = self.law
        head = f"law {law.name} does not hold: {law.statement}"
        if self.arguments is None:
            return (
                f"{head}\n  no arguments satisfy its condition ({law.condition})\n"
                f"  with  {self.parts!r}"
            )
        given_ = ", ".join(f"{k} = {show(v, 200)}" for k, v in self.arguments.items())
        lines = [head, f"  for   {given_}"]
        if self.error is not None:
            lines.append(f"  raised {type(self.error).__name__}: {self.error}")
        else:
            lines.append(f"  left  = {show(self.left)}")
            lines.append(f"  right = {show(self.right)}")
        lines.append(f"  with  {self.parts!r}")
        return "\n".join(lines)


class LawsFailed(AssertionError):
    """Some laws do not hold for a record of parts: one :class:`LawFailure` each."""

    __module__ = "fsudoku.testing"  # where it is imported from, as tracebacks show it

    def __init__(self, parts: Parts, failures: tuple[LawFailure, ...], checked: int) -> None:
        self.parts = parts
        self.failures = failures
        self.checked = checked
        names = ", ".join(f.law.name for f in failures)
        super().__init__(
            f"{len(failures)} of {checked} laws fail for {parts!r}: {names}\n\n"
            + "\n\n".join(f.describe() for f in failures)
        )


class _Counterexample(Exception):
    """Raised in Hypothesis' test when a law fails, so that Hypothesis shrinks its arguments."""

    def __init__(
        self,
        arguments: Mapping[str, Any],
        left: object = None,
        right: object = None,
        error: BaseException | None = None,
    ) -> None:
        super().__init__(arguments)
        self.arguments = arguments
        self.left = left
        self.right = right
        self.error = error


def check_law(
    law: Law,
    parts: Parts = FSUDOKU,
    *,
    max_examples: int | None = None,
    shrink: bool = True,
    derandomize: bool | None = None,
) -> None:
    """Check one law for ``parts`` with Hypothesis; raise :class:`LawFailure` if it fails.

    ``max_examples`` overrides the law's own number; ``shrink=False`` reports the first
    counterexample found (faster); ``derandomize`` overrides the profile's.
    """

    def body(arguments: dict[str, Any]) -> None:
        try:
            applies = law.applies(parts, **arguments)
        except Exception as exc:  # a wrong part may crash the condition
            raise _Counterexample(arguments, error=exc) from exc
        if not applies:
            reject()
        try:
            left, right = law(parts, **arguments)
            same = law.equality.same(left, right)
        except Exception as exc:  # a wrong part may crash the law, or loop (Diverged)
            raise _Counterexample(arguments, error=exc) from exc
        if not same:
            raise _Counterexample(arguments, left, right)

    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    options: dict[str, Any] = {} if derandomize is None else {"derandomize": derandomize}
    run = settings(
        max_examples=max_examples or law.examples,
        deadline=None,
        database=None,
        phases=phases if shrink else phases[:2],
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        **options,
    )(given(law_arguments(law))(body))
    try:
        run()
    except _Counterexample as found:
        raise LawFailure(
            law, parts, found.arguments, found.left, found.right, found.error
        ) from found.error
    except Unsatisfiable:
        raise LawFailure(law, parts) from None


def check_laws(
    parts: Parts = FSUDOKU, *, laws: Iterable[Law] | None = None, max_examples: int | None = None
) -> None:
    """Check every law (or ``laws``) for ``parts``; raise :class:`LawsFailed` if any fails.

    >>> check_laws(laws=[law for law in LAWS if law.uses == {"rows"}], max_examples=5)
    """
    selected = tuple(LAWS if laws is None else laws)
    failures: list[LawFailure] = []
    for law in selected:
        try:
            check_law(law, parts, max_examples=max_examples)
        except LawFailure as failure:
            failures.append(failure)
    if failures:
        raise LawsFailed(parts, tuple(failures), len(selected))


def law_tests(
    parts: Parts = FSUDOKU, *, laws: Iterable[Law] | None = None, max_examples: int | None = None
) -> Callable[[Law], None]:
    """A pytest test of ``parts``, parametrized by law: assign it to ``test_...`` in a module.

    >>> from fsudoku.testing import rows_involution
    >>> test_laws = law_tests(laws=[rows_involution], max_examples=5)
    >>> test_laws(rows_involution)  # what pytest calls, once a law
    """
    import pytest

    selected = tuple(LAWS if laws is None else laws)

    @pytest.mark.parametrize("law", selected, ids=[law.name for law in selected])
    def test_law(law: Law) -> None:
        """The law holds for the parts."""
        check_law(law, parts, max_examples=max_examples)

    return test_law
