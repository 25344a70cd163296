"""Check a function that counts a puzzle's solutions, or lists them all, against fsudoku's count.

The count is Dancing Links, :func:`fsudoku.pe96.counting.count_solutions`.

:func:`check_counter` tries puzzles with no solution, one, and a few (at most ``limit``,
so that a function that lists every solution finishes), each call in a worker process
with a time limit, and raises :class:`CounterDisagrees` with the shrunk puzzle.

Needs the ``hypothesis`` extra.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from hypothesis import HealthCheck, Phase, Verbosity, assume, given, settings
from hypothesis import seed as hypothesis_seed
from hypothesis import strategies as st

from fsudoku.base.oracle import is_solution
from fsudoku.pe96 import counting
from fsudoku.testing._adapters import Shape, board_text, read_answer, to_input
from fsudoku.testing._puzzles import ambiguous_puzzles, contradictory_puzzles, near_full_grids
from fsudoku.testing._random_puzzles import (
    no_solution_puzzles,
    random_unique_puzzles,
    several_solution_puzzles,
)
from fsudoku.testing._solver_checker import _seconds
from fsudoku.testing._verdicts import function_name, said, statement
from fsudoku.testing._worker import Called, Caller, backstop

__all__ = ["CounterDisagrees", "check_counter"]

COUNT_NODES = 1_000_000
"""The node bound of fsudoku's count of a drawn puzzle (past it, the puzzle is skipped)."""


def read_count(raw: object, board: object) -> tuple[Any, str]:
    """A counter's answer: an ``int``, or the list of the solutions it listed (lines).

    >>> read_count(3, None), read_count(["12", [[1, 2]]], None)
    ((3, ''), (['12', '12'], ''))
    """
    if isinstance(raw, int) and not isinstance(raw, bool):
        return raw, ""
    if isinstance(raw, Iterable) and not isinstance(raw, str | Mapping):
        listed = [read_answer(each, board) for each in raw]
        bad = next((problem for _, problem in listed if problem), "")
        return [line or "" for line, _ in listed], bad
    return None, f"returned {raw!r:.80}: not a count (int) or an iterable of solutions"


class CounterDisagrees(AssertionError):
    """A counter gave another count (or list of solutions) than fsudoku's on a puzzle."""

    __module__ = "fsudoku.testing"  # where it is imported from, as tracebacks show it

    def __init__(
        self, name: str, line: str, count: int, called: Called, problem: str, call: str
    ) -> None:
        self.name, self.line, self.count, self.called = name, line, count, called
        self.problem, self.call = problem, call
        super().__init__(
            f"counter {name} disagrees with fsudoku's count\n"
            f"  line      {line!r}\n"
            f"            {line.count('.')} blanks; fsudoku counts {count} solutions\n"
            f"  wrong     {problem}\n"
            f"  reproduce {call}"
        )


def _problem(line: str, count: int, called: Called) -> str:
    """What is wrong with the call ('' when it is right)."""
    if called.status != "answered":
        return said(called)
    answer = called.answer
    if isinstance(answer, int):
        return "" if answer == count else f"counted {answer}"
    wrong = [i for i, s in enumerate(answer, 1) if not is_solution(s, line)]
    if wrong:
        return f"listed {len(answer)} solutions; number {wrong[0]} is not a solution: {answer[wrong[0] - 1]!r}"
    if len(set(answer)) != len(answer):
        return f"listed {len(answer)} solutions, some twice ({len(set(answer))} distinct)"
    return "" if len(answer) == count else f"listed {len(answer)} solutions"


def check_counter(
    count: Callable[[Any], object],
    *,
    limit: int = 20,
    max_examples: int | None = None,
    seed: int | None = None,
    timeout: float | None = 5.0,
    shape: Shape = "line",
    shrink: bool = True,
) -> None:
    """Check a counter of solutions on puzzles with 0 to ``limit`` solutions.

    Raise :class:`CounterDisagrees` with the shrunk puzzle if it is wrong on one.

    ``count`` takes a board (``shape``, as :func:`fsudoku.testing.check_solver`'s) and
    returns the number of its solutions, or an iterable of them all (each a line, rows
    or a dict): then each must be a solution, none twice, and as many as fsudoku counts.

    >>> from fsudoku import count_solutions
    >>> check_counter(count_solutions, max_examples=10)
    >>> def at_most_one(line):
    ...     return min(count_solutions(line, limit=2), 1)
    >>> check_counter(at_most_one, max_examples=40, seed=2)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.testing.CounterDisagrees: counter ...at_most_one disagrees with fsudoku's count
    ...
    """
    __tracebackhide__ = True
    if not callable(count):
        raise TypeError(f"check_counter needs a function of a board, not {count!r}")
    for what, value in (
        ("limit", limit),
        ("max_examples", 1 if max_examples is None else max_examples),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise ValueError(f"{what} must be a whole number >= 1, not {value!r}")
    timeout = _seconds("timeout", timeout)
    name = function_name(count)
    kinds = (
        near_full_grids(8),
        random_unique_puzzles(max_blanks=60),
        ambiguous_puzzles(max_blanks=12),
        several_solution_puzzles(max_blanks=40),
        no_solution_puzzles(),
        contradictory_puzzles(),
    )
    # a drawn index, not st.one_of: one_of came to favour some kinds over others
    lines = st.integers(0, len(kinds) - 1).flatmap(lambda i: kinds[i])
    found: list[tuple[str, int, Called, str]] = []

    def body(line: str) -> None:
        expected = counting.count_solutions(line, limit + 1, max_nodes=COUNT_NODES)
        assume(expected <= limit)
        board = to_input(line, shape)
        called = caller(board)
        problem = _problem(line, expected, called)
        if problem:
            found.append((line, expected, called, problem))
            raise AssertionError(problem)

    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    run = settings(
        max_examples=max_examples or settings().max_examples,
        deadline=None,
        database=None,
        phases=phases if shrink else phases[:2],
        report_multiple_bugs=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        derandomize=False,
    )(given(lines)(body))
    run = hypothesis_seed(random.SystemRandom().randrange(2**32) if seed is None else seed)(run)
    with (
        Caller(count, timeout, read=read_count, backstop=backstop(timeout)) as caller,
        contextlib.suppress(AssertionError),
    ):
        run()
    if found:
        line, expected, called, problem = found[-1]
        raise CounterDisagrees(
            name, line, expected, called, problem, statement(count, board_text(line, shape))
        ) from None
