"""What a solver says about one puzzle line: the common result type of every solver.

Glossary: ``line`` is one input line (81 characters once normalized), ``solution``
an 81-character string of digits ``1``-``9``, ``nodes`` the number of search nodes
the solver visited (for Sarkar's solvers: calls of ``solve``, dead branches included).

>>> Outcome.solved("1" * 81, nodes=3).status
'solved'
>>> Outcome.no_solution(nodes=5).message()
'No solution found'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from returns.maybe import Maybe, Nothing, Some

Status = Literal["solved", "no_solution", "invalid", "gave_up", "refused"]

INVALID_INPUT = "Invalid input"
NO_SOLUTION = "No solution found"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The answer for one puzzle: a solution, no solution, invalid input, or a give-up."""

    status: Status
    solution: str | None = None
    nodes: int = 0

    @staticmethod
    def solved(solution: str, nodes: int = 0) -> Outcome:
        """A solved puzzle, the solution as 81 digits."""
        return Outcome("solved", solution, nodes)

    @staticmethod
    def no_solution(nodes: int = 0) -> Outcome:
        """The search ran out of branches: ``No solution found``."""
        return Outcome("no_solution", None, nodes)

    @staticmethod
    def invalid() -> Outcome:
        """The line is not a puzzle: ``Invalid input``."""
        return Outcome("invalid", None, 0)

    @staticmethod
    def gave_up(nodes: int) -> Outcome:
        """The search hit its node bound before it finished."""
        return Outcome("gave_up", None, nodes)

    @staticmethod
    def refused(blanks: int) -> Outcome:
        """Not tried: the specification solver (``bird-naive``) on too many blanks."""
        return Outcome("refused", None, blanks)

    def to_maybe(self) -> Maybe[str]:
        """The solution, or ``Nothing`` (no solution, not a puzzle, given up).

        >>> Outcome.solved("1" * 81).to_maybe().map(len), Outcome.invalid().to_maybe()
        (<Some: 81>, <Nothing>)
        """
        return Nothing if self.solution is None else Some(self.solution)

    def message(self) -> str:
        """The one-line message of a non-solved outcome (the articles' wording)."""
        if self.status == "invalid":
            return INVALID_INPUT
        if self.status == "no_solution":
            return NO_SOLUTION
        if self.status == "gave_up":
            return f"Gave up after {self.nodes} nodes"
        if self.status == "refused":
            return (
                f"Refused: {self.nodes} blanks (filter valid . completions would try "
                f"9^{self.nodes} grids; use --force, or --solver bird)"
            )
        return "Solved"


class GaveUp(Exception):
    """Raised inside a search when its node bound is reached; carries the node count."""

    def __init__(self, nodes: int) -> None:
        super().__init__(f"Gave up after {nodes} nodes")
        self.nodes = nodes
