"""What is wrong with an answer, in words, and two answers side by side.

A malformed answer, a changed clue, the row, column or box that repeats a digit; two answers
are shown as grids, the cells that differ marked.

Rows, columns and boxes are numbered 1 to 9 (boxes left to right, top to bottom), as a
reader counts them. Needs no Hypothesis.

>>> solved = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
>>> print(not_a_solution(solved[:9] + solved[10] + solved[9] + solved[11:], "." * 81))
the answer repeats 8 in column 1 (rows 2, 8)
the answer repeats 4 in column 2 (rows 2, 6)
>>> print(not_a_solution("1" * 47, "." * 81))
the answer is malformed: 47 characters, not 81
"""

from __future__ import annotations

from collections.abc import Sequence

from fsudoku.base.oracle import UNITS

__all__ = ["clue_repeats", "grid_rows", "not_a_solution", "repeats", "side_by_side", "unit_name"]

DIGITS = "123456789"

SHOWN = 4
"""The repeats :func:`not_a_solution` names (the others are counted)."""


def unit_name(u: int) -> str:
    """The name of unit ``u`` of :data:`fsudoku.base.oracle.UNITS` (rows, columns, boxes).

    >>> unit_name(0), unit_name(10), unit_name(22)
    ('row 1', 'column 2', 'box 5 (rows 4-6, columns 4-6)')
    """
    kind, k = divmod(u, 9)
    if kind == 0:
        return f"row {k + 1}"
    if kind == 1:
        return f"column {k + 1}"
    r, c = 3 * (k // 3) + 1, 3 * (k % 3) + 1
    return f"box {k + 1} (rows {r}-{r + 2}, columns {c}-{c + 2})"


def _where(u: int, cells: Sequence[int]) -> str:
    """The cells of a unit, named by what varies along it."""
    if u < 9:
        return "columns " + ", ".join(str(i % 9 + 1) for i in cells)
    if u < 18:
        return "rows " + ", ".join(str(i // 9 + 1) for i in cells)
    return ", ".join(_cell(i) for i in cells)


def _cell(i: int) -> str:
    """A cell as ``r3c4`` (row 3, column 4)."""
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def repeats(line: str) -> list[tuple[int, str, tuple[int, ...]]]:
    """Each ``(unit, digit, cells)`` where a unit holds a digit more than once.

    >>> repeats("11" + "." * 79)
    [(0, '1', (0, 1)), (18, '1', (0, 1))]
    """
    found = []
    for u, unit in enumerate(UNITS):
        for d in DIGITS:
            cells = tuple(i for i in unit if line[i] == d)
            if len(cells) > 1:
                found.append((u, d, cells))
    return found


def _repeat_text(whose: str, line: str) -> list[str]:
    """One sentence per repeat: ``the answer repeats 5 in row 3 (columns 2 and 7)``."""
    found = [
        f"{whose} repeats {d} in {unit_name(u)} ({_where(u, cells)})"
        for u, d, cells in repeats(line)
    ]
    if len(found) > SHOWN:
        found[SHOWN:] = [f"and {len(found) - SHOWN} more repeats of a digit in a unit"]
    return found


def clue_repeats(puzzle: str) -> str:
    """The repeats of a puzzle's clues, in one line ('' when none).

    >>> clue_repeats("1.1" + "." * 78)
    'the clues repeat 1 in row 1 (columns 1, 3); 1 in box 1 (rows 1-3, columns 1-3) (r1c1, r1c3)'
    """
    found = repeats(puzzle)
    if not found:
        return ""
    return "the clues repeat " + "; ".join(
        f"{d} in {unit_name(u)} ({_where(u, cells)})" for u, d, cells in found
    )


def malformed(answer: str) -> str:
    """Why an answer is not 81 digits 1-9 ('' when it is).

    >>> malformed("1" * 80 + "0"), malformed("12")
    ("malformed: r9c9 holds '0', not a digit 1-9", 'malformed: 2 characters, not 81')
    """
    if len(answer) != 81:
        return f"malformed: {len(answer)} characters, not 81"
    bad = [(i, c) for i, c in enumerate(answer) if c not in DIGITS]
    if not bad:
        return ""
    shown = ", ".join(f"{_cell(i)} holds {c!r}" for i, c in bad[:3])
    more = f" and {len(bad) - 3} more cells" if len(bad) > 3 else ""
    return f"malformed: {shown}{more}, not a digit 1-9"


def not_a_solution(answer: str, puzzle: str) -> str:
    """Why an answer is not a solution of the puzzle, one finding a line.

    Malformed, the clues it changed, the units that repeat a digit ('' when it is a
    solution).

    >>> print(not_a_solution("2" + "." * 80, "1" + "." * 80))
    the answer is malformed: r1c2 holds '.', r1c3 holds '.', r1c4 holds '.' and 77 more cells, not a digit 1-9
    the answer changes the clue 1 at r1c1 to 2
    """
    lines = []
    bad = malformed(answer)
    if bad:
        lines.append(f"the answer is {bad}")
    if len(answer) == 81 and len(puzzle) == 81:
        changed = [
            (i, p, a)
            for i, (p, a) in enumerate(zip(puzzle, answer, strict=True))
            if p in DIGITS and a != p
        ]
        lines += [f"the answer changes the clue {p} at {_cell(i)} to {a}" for i, p, a in changed]
        lines += _repeat_text("the answer", answer)
    return "\n".join(lines)


def marked_cells(answer: str, puzzle: str) -> set[int]:
    """The cells an answer gets wrong: changed clues and repeated digits."""
    if len(answer) != 81:
        return set()
    cells = {
        i for i, (p, a) in enumerate(zip(puzzle, answer, strict=False)) if p in DIGITS and a != p
    }
    for _, _, where in repeats(answer):
        cells.update(where)
    return cells


def grid_rows(line: str, marks: set[int] | frozenset[int] = frozenset()) -> list[str]:
    """A line as 11 rows of text (boxes ruled), each marked cell followed by ``*``.

    >>> grid_rows("1" + "." * 80, {0})[0]
    '1*. . | . . . | . . .'
    """
    padded = (line + " " * 81)[:81]
    rows = []
    for r in range(9):
        if r in (3, 6):
            rows.append("------+-------+------")
        cells = [padded[r * 9 + c] + ("*" if r * 9 + c in marks else " ") for c in range(9)]
        rows.append("| ".join("".join(cells[b : b + 3]) for b in (0, 3, 6)).rstrip())
    return rows


def side_by_side(left: str, right: str, titles: tuple[str, str] = ("answered", "expected")) -> str:
    """Two lines as grids side by side, the cells where they differ marked ``*`` in both.

    >>> print(side_by_side("12" + "." * 79, "21" + "." * 79).splitlines()[1])
    1*2*. | . . . | . . .       2*1*. | . . . | . . .
    """
    differ = {i for i in range(81) if i >= len(left) or i >= len(right) or left[i] != right[i]}
    a, b = grid_rows(left, differ), grid_rows(right, differ)
    width = 28
    head = f"{titles[0]:<{width}}{titles[1]}"
    body = [f"{x:<{width}}{y}" for x, y in zip(a, b, strict=True)]
    return "\n".join([head, *body])
