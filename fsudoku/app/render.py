"""What ``fsudoku solve`` prints for one puzzle, in each output format.

The default format is the article's ``main``: ``showGrid`` of the solution, then an
empty line (``putStrLn``), or the line ``Invalid input`` / ``No solution found``.
"""

from __future__ import annotations

from typing import Literal, TypeAlias, get_args

from fsudoku import sarkar1, sarkar2
from fsudoku.app.messages import shown
from fsudoku.base.names import SolverName
from fsudoku.base.outcome import INVALID_INPUT, NO_SOLUTION, Outcome
from fsudoku.grid_io import read_grid, show_grid_with_possibilities
from fsudoku.pe96.formats import Entry, format_boxed, format_euler
from fsudoku.run.registry import PRUNE_CELLS

Format: TypeAlias = Literal["grid", "line", "possibilities", "euler", "boxed"]
"""An output format of ``fsudoku solve``."""

FORMATS: tuple[Format, ...] = get_args(Format)


_SPACED = b"".join(b"0 " * 8 + b"0\n" for _ in range(9))
"""``showGrid``'s layout of a solution: a digit at each even offset, ``" "`` or ``"\n"``
between them (the ``0`` are placeholders)."""


def grid_text(solution: str) -> str:
    """``showGrid`` of a solution given as 81 digits (9 lines of spaced digits).

    Haskell (#1, "Setting up"): ``showGrid :: Grid -> String``, on a solution's digits.

    >>> print(grid_text("123456789" * 9), end="")  # doctest: +ELLIPSIS
    1 2 3 4 5 6 7 8 9
    ...
    1 2 3 4 5 6 7 8 9
    """
    text = bytearray(_SPACED)
    text[::2] = solution.encode("ascii")  # the 81 digits at the even offsets
    return text.decode("ascii")


def message(outcome: Outcome) -> str:
    """The line of an outcome that is not a solution, as the program words it.

    A refusal says what to do instead.

    >>> message(Outcome.refused(64))
    'Refused: 64 blanks (filter valid . completions would try 9^64 grids; use --force, or --solver bird)'
    """
    if outcome.status == "refused":
        return outcome.message().removesuffix(")") + "; use --force, or --solver bird)"
    return outcome.message()


def render(outcome: Outcome, entry: Entry, fmt: str, solver: SolverName) -> str:
    """The text printed for one puzzle, always ending with a newline.

    The default format is the article's ``main``.
    """
    if fmt == "possibilities":
        return _possibilities(entry.text, solver)
    if outcome.status != "solved" or outcome.solution is None:
        return message(outcome) + "\n"
    if fmt == "line":
        return outcome.solution + "\n"
    if fmt == "euler":
        label = entry.label if entry.label.startswith("Grid") else f"Grid {entry.label}"
        return format_euler(shown(label), outcome.solution) + "\n"
    if fmt == "boxed":
        return format_boxed(outcome.solution) + "\n"
    return grid_text(outcome.solution) + "\n"  # putStrLn $ showGrid grid'


def _possibilities(line: str, solver: SolverName) -> str:
    grid = read_grid(line)
    if not grid:
        return INVALID_INPUT + "\n"
    rule = PRUNE_CELLS.get(solver, sarkar2.prune_cells)
    settled = sarkar1.prune_grid(grid.unwrap(), rule)
    if not settled:
        return NO_SOLUTION + "\n"
    return show_grid_with_possibilities(settled.unwrap()) + "\n"
