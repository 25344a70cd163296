"""The names of fsudoku's solvers, of Sarkar's three rules and of the engines.

One ``Literal`` each, so that a misspelt name fails ``mypy --strict``.

>>> from typing import get_args
>>> get_args(SarkarRule)
('simple', 'exclusives', 'exclusives-sets')
>>> set(get_args(SarkarRule)) <= set(SOLVERS), ENGINE_CHOICES
(True, ('auto', 'reference', 'fast'))
"""

from __future__ import annotations

from typing import Literal, TypeAlias, TypeGuard, get_args

SarkarRule: TypeAlias = Literal["simple", "exclusives", "exclusives-sets"]
"""The cell pruner of Sarkar's search: #1's, #2's as published, #2's as its prose intends."""

SolverName: TypeAlias = Literal[
    "simple", "exclusives", "exclusives-sets", "bird", "bird-naive", "mrv", "dlx", "norvig"
]
"""The name of a solver, in the order of the documents."""

Engine: TypeAlias = Literal["reference", "fast"]
"""An engine, the one that answered: the faithful port, or the NumPy engine (Sarkar's rules only)."""

EngineChoice: TypeAlias = Literal["auto", "reference", "fast"]
"""The engine asked for: ``auto`` is, for each solver, the fastest engine that gives the
reference's answers and node counts (:meth:`fsudoku.run.registry.SolverRecord.choose`)."""

SARKAR_RULES: tuple[SarkarRule, ...] = get_args(SarkarRule)
"""The three rules, in the order of the articles."""

SOLVERS: tuple[SolverName, ...] = get_args(SolverName)
"""Every solver name, in the order of the documents."""

ENGINES: tuple[Engine, ...] = get_args(Engine)
"""The engines: ``reference`` first."""

ENGINE_CHOICES: tuple[EngineChoice, ...] = get_args(EngineChoice)
"""What ``engine=`` and ``--engine`` take: ``auto`` (the default) first."""


def is_sarkar_rule(name: str) -> TypeGuard[SarkarRule]:
    """Whether a solver name is one of Sarkar's rules (the names the fast engine covers).

    >>> is_sarkar_rule("exclusives"), is_sarkar_rule("dlx")
    (True, False)
    """
    return name in SARKAR_RULES
