"""The names of fsudoku's solvers, of Sarkar's three rules and of the engines.

One ``Literal`` each, so that a misspelt name fails ``mypy --strict``.

>>> from typing import get_args
>>> get_args(SarkarRule)
('simple', 'exclusives', 'exclusives-sets')
>>> set(get_args(SarkarRule)) <= set(SOLVERS)
True
"""

from __future__ import annotations

from typing import Literal, TypeAlias, get_args

SarkarRule: TypeAlias = Literal["simple", "exclusives", "exclusives-sets"]
"""The cell pruner of Sarkar's search: #1's, #2's as published, #2's as its prose intends."""

SolverName: TypeAlias = Literal[
    "simple", "exclusives", "exclusives-sets", "bird", "bird-naive", "mrv", "dlx", "norvig"
]
"""The name of a solver, in the order of the documents."""

Engine: TypeAlias = Literal["reference", "fast"]
"""An engine: the faithful port, or the NumPy engine (Sarkar's rules only)."""

SARKAR_RULES: tuple[SarkarRule, ...] = get_args(SarkarRule)
"""The three rules, in the order of the articles."""

SOLVERS: tuple[SolverName, ...] = get_args(SolverName)
"""Every solver name, in the order of the documents."""

ENGINES: tuple[Engine, ...] = get_args(Engine)
"""The engines: ``reference`` first."""
