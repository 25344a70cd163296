"""What a solver says about one puzzle line: the common result type of every solver.

Glossary: ``line`` is one input line (81 characters once normalized), ``solution``
an 81-character string of digits ``1``-``9``, ``nodes`` the number of search nodes
the solver visited (for Sarkar's solvers: calls of ``solve``, dead branches included).

Engines return :class:`Found` (what a search found on a puzzle line), or ``None`` for a
line that is not a puzzle; the registry (:mod:`fsudoku.run.registry`) turns that into an
:class:`Outcome`, which says which engine answered.

>>> Outcome.solved("1" * 81, nodes=3).status
'solved'
>>> Outcome.no_solution(nodes=5).message()
'No solution found'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Literal, NamedTuple, Protocol, TypeAlias

from returns.maybe import Maybe, Nothing, Some

from fsudoku.base.names import Engine

Status = Literal["solved", "no_solution", "invalid", "gave_up", "refused"]
"""What became of a line: solved, no solution, not a puzzle, past the node bound, not tried."""

INVALID_INPUT = "Invalid input"
"""The article's ``main`` for a line ``readGrid`` refuses."""

NO_SOLUTION = "No solution found"
"""The article's ``main`` for a grid ``solve`` finds no solution of."""


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer for one puzzle.

    A solution, no solution, invalid input, a give-up, or a refusal (``blanks``: the blanks
    of a puzzle not tried). ``engine`` is the engine that answered; it is not compared:
    two outcomes with the same answer are equal, whichever engine gave each.

    >>> Outcome.solved("1" * 81, 3, engine="fast") == Outcome.solved("1" * 81, 3)
    True
    """

    status: Status
    solution: str | None = None
    nodes: int = 0
    blanks: int | None = None
    engine: Engine = field(default="reference", compare=False)

    @staticmethod
    def solved(solution: str, nodes: int = 0, engine: Engine = "reference") -> Outcome:
        """A solved puzzle, the solution as 81 digits."""
        return Outcome("solved", solution, nodes, None, engine)

    @staticmethod
    def no_solution(nodes: int = 0, engine: Engine = "reference") -> Outcome:
        """The search ran out of branches: ``No solution found``."""
        return Outcome("no_solution", None, nodes, None, engine)

    @staticmethod
    def invalid(engine: Engine = "reference") -> Outcome:
        """The line is not a puzzle: ``Invalid input``."""
        return Outcome("invalid", None, 0, None, engine)

    @staticmethod
    def gave_up(nodes: int, engine: Engine = "reference") -> Outcome:
        """The search hit its node bound before it finished."""
        return Outcome("gave_up", None, nodes, None, engine)

    @staticmethod
    def refused(blanks: int) -> Outcome:
        """Not tried: the specification solver (``bird-naive``) on too many blanks."""
        return Outcome("refused", None, 0, blanks)

    def to_maybe(self) -> Maybe[str]:
        """The solution, or ``Nothing`` (no solution, not a puzzle, given up, refused).

        >>> Outcome.solved("1" * 81).to_maybe().map(len), Outcome.invalid().to_maybe()
        (<Some: 81>, <Nothing>)
        """
        return Nothing if self.solution is None else Some(self.solution)

    def message(self) -> str:
        """The one-line message of a non-solved outcome (the articles' wording where they have one).

        >>> Outcome.refused(64).message()
        'Refused: 64 blanks (filter valid . completions would try 9^64 grids)'
        """
        if self.status == "invalid":
            return INVALID_INPUT
        if self.status == "no_solution":
            return NO_SOLUTION
        if self.status == "gave_up":
            return f"Gave up after {self.nodes} nodes"
        if self.status == "refused":
            return (
                f"Refused: {self.blanks} blanks (filter valid . completions would try "
                f"9^{self.blanks} grids)"
            )
        return "Solved"


class Found(NamedTuple):
    """What a search found on a valid puzzle line.

    Its first solution (or ``None``), the nodes it visited, and whether it stopped at its
    node bound.
    """

    solution: str | None
    nodes: int
    gave_up: bool = False

    def outcome(self, engine: Engine = "reference") -> Outcome:
        """The :class:`Outcome` of this search, by ``engine``.

        >>> Found("1" * 81, 3).outcome().status, Found(None, 9, True).outcome("fast").engine
        ('solved', 'fast')
        """
        if self.solution is not None:
            return Outcome.solved(self.solution, self.nodes, engine)
        if self.gave_up:
            return Outcome.gave_up(self.nodes, engine)
        return Outcome.no_solution(self.nodes, engine)


FirstSolution: TypeAlias = Callable[[str, "int | None"], "Found | None"]
"""A search of a line with an optional node bound: what it found, or ``None`` when the
line is not a puzzle."""


class SolveLine(Protocol):
    """``solve_line(line, max_nodes=None)``: any input line to an :class:`Outcome`."""

    def __call__(self, line: str, max_nodes: int | None = None) -> Outcome:
        """The outcome of ``line``, searched with at most ``max_nodes`` nodes."""


def maybe_solver(first_solution: FirstSolution) -> Callable[[str], Maybe[str]]:
    """The ``Maybe`` face of a search.

    The first solution of any line, or ``Nothing`` (no solution, or not a puzzle).

    >>> solve = maybe_solver(lambda line, bound: Found(line, 1) if line.isdigit() else None)
    >>> solve("12"), solve("x")
    (<Some: 12>, <Nothing>)
    """

    def solve(line: str) -> Maybe[str]:
        found = first_solution(line, None)
        return Nothing if found is None else Maybe.from_optional(found.solution)

    return solve


class GaveUp(Exception):
    """A search reached its node bound.

    Raised inside a search (and by :func:`fsudoku.count_solutions`); carries the node count.
    """

    def __init__(self, nodes: int, message: str | None = None) -> None:
        super().__init__(message or f"Gave up after {nodes} nodes")
        self.nodes = nodes
