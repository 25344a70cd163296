"""The laws of :data:`fsudoku.testing.LAWS`, checked for a record of parts with the kit.

:mod:`proofs.mutants` uses this to see which laws catch a planted bug: it checks each
law that uses a replaced part with :func:`fsudoku.testing.check_law`, without
shrinking (the first counterexample is enough) and within a time limit (a planted bug
may make a law's computation run forever).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from fsudoku.testing import LAWS, Law, LawFailure, Parts, check_law
from proofs.chain import Diverged, time_limit

LAW_LIMIT = 30.0
"""Seconds the check of one law may take with a planted bug."""


def laws_using(names: Iterable[str], laws: Sequence[Law] = LAWS) -> tuple[Law, ...]:
    """The laws that use any of the named parts, in the table's order."""
    wanted = frozenset(names)
    return tuple(law for law in laws if law.uses & wanted)


def law_failure(
    law: Law, parts: Parts, max_examples: int | None = None, derandomize: bool = False
) -> str | None:
    """``None`` when the law holds for the parts, else a description of a counterexample."""
    try:
        with time_limit(LAW_LIMIT):
            check_law(law, parts, max_examples=max_examples, shrink=False, derandomize=derandomize)
    except LawFailure as failure:
        return str(failure)
    except Diverged as exc:
        return f"law {law.name} does not hold: {law.statement}\n  Diverged: {exc}"
    return None
