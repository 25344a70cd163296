"""The shapes of boards a solver may take, and the answers it may give, read as lines.

:func:`fsudoku.testing.check_solver` makes its puzzles as lines; ``shape`` says how the
solver wants them: ``"line"`` (the line itself, 81 characters), ``"rows"`` (a list of 9
lists of 9 ``int``, ``0`` for a blank, a new one each call) or ``"dict"`` (a ``dict``
from ``(row, column)``, each 0 to 8, to an ``int``, ``0`` for a blank). Whatever the
shape, the answer may be a line of 81 digits, 9 rows of digits (``int`` or ``str``), a
dict of cells as above (or keyed ``"A1"`` to ``"I9"``, Norvig's names), ``None`` or
``False`` for no solution, ``True`` for "solved in place" (the board it was given, as it
is now), or a ``returns`` ``Maybe`` of any of these.

>>> to_input("1" + "." * 80, "rows")[0]
[1, 0, 0, 0, 0, 0, 0, 0, 0]
>>> read_answer([[1, 2, 3]] * 3, None)
('123123123', '')
>>> read_answer(42, None)
(None, 'returned 42: not a line, rows of digits, a dict of cells, None or a bool')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Literal, TypeAlias, get_args

from returns.maybe import Maybe

__all__ = ["Shape"]

Shape: TypeAlias = Literal["line", "rows", "dict"]
"""How the solver takes a board: a line, 9 rows of ints, or a dict of cells."""

SHAPES: tuple[Shape, ...] = get_args(Shape)

ROW_NAMES = "ABCDEFGHI"


def to_input(line: str, shape: Shape) -> object:
    """The board of an 81-character puzzle line (``.`` blanks) in the solver's shape."""
    if shape == "line":
        return line
    values = [0 if c in ".0" else int(c) for c in line]
    if shape == "rows":
        return [values[r * 9 : r * 9 + 9] for r in range(9)]
    return {(i // 9, i % 9): v for i, v in enumerate(values)}


def _digit(value: object) -> str:
    """One cell of an answer as a character (``?`` for what is not a digit 0-9)."""
    if isinstance(value, bool):
        return "?"
    if isinstance(value, int) and 0 <= value <= 9:
        return str(value)
    if isinstance(value, str) and len(value) == 1:
        return value
    return "?"


def _from_mapping(raw: Mapping[object, object]) -> str:
    """The line of a dict of cells keyed ``(row, column)`` or ``"A1"``-``"I9"``."""
    cells = []
    for r in range(9):
        for c in range(9):
            value = raw.get((r, c), raw.get(f"{ROW_NAMES[r]}{c + 1}", "?"))
            cells.append(_digit(value))
    return "".join(cells)


def read_answer(raw: object, given: object) -> tuple[str | None, str]:
    """A solver's answer as ``(line or None, problem)``.

    ``problem`` is '' when the answer could be read, else what was returned (then the line
    is ``None``). ``given`` is the board the solver was called with (``True`` reads it).
    """
    if isinstance(raw, Maybe):
        raw = raw.value_or(None)
    if raw is None or raw is False:
        return None, ""
    if raw is True:
        if isinstance(given, str):
            return None, "returned True: a line cannot be solved in place"
        return read_answer(given, None)
    if isinstance(raw, str):
        return raw, ""
    if isinstance(raw, Mapping):
        return _from_mapping(raw), ""
    if isinstance(raw, Sequence) and all(isinstance(row, Sequence) for row in raw):
        return "".join("".join(_digit(v) for v in row) for row in raw), ""
    return (
        None,
        f"returned {raw!r:.80}: not a line, rows of digits, a dict of cells, None or a bool",
    )


def board_text(line: str, shape: Shape) -> str:
    """The board of a puzzle line in the solver's shape, as a Python expression.

    >>> board_text("1" + "." * 80, "dict")
    '{(r, c): 0 for r in range(9) for c in range(9)} | {(0, 0): 1}'
    """
    board = to_input(line, shape)
    if isinstance(board, dict):
        nonzero = {k: v for k, v in board.items() if v}
        return f"{{(r, c): 0 for r in range(9) for c in range(9)}} | {nonzero!r}"
    return repr(board)
