"""The law functions of :mod:`fsudoku.laws`, run with generated arguments.

Placeholder until the law module exists: no law checks.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class LawCheck:
    """A law function with a strategy for its arguments.

    ``run(functions, max_examples, derandomize)`` calls the law with the given functions under test
    substituted, and returns ``None`` when it holds, or a description of a counterexample.
    """

    name: str
    parameters: frozenset[str]
    run: Callable[[Mapping[str, Callable[..., Any]], int | None, bool], str | None]


LAW_CHECKS: tuple[LawCheck, ...] = ()
