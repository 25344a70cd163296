"""Reading and showing grids (Sarkar #1, "Setting up").

Glossary: ``s`` an input line, ``c`` one character of it, ``grid`` a :data:`Grid`.

>>> grid = read_grid(SAMPLE).unwrap()
>>> print(show_grid(grid), end="")
. . . . . . . 1 .
4 . . . . . . . .
. 2 . . . . . . .
. . . . 5 . 4 . 7
. . 8 . . . 3 . .
. . 1 . 9 . . . .
3 . . 4 . . 2 . .
. 5 . 1 . . . . .
. . . 8 . 6 . . .
"""

from __future__ import annotations

from returns.maybe import Maybe, Nothing, Some

from fsudoku.cell import Cell, Fixed, Grid, Possible
from fsudoku.fp import traverse
from fsudoku.tz import chunks_of

SAMPLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
"""The articles' sample puzzle (Sarkar #1, "Setting up")."""

_ASCII_DIGITS = frozenset("0123456789")


def is_digit(c: str) -> bool:
    """Whether ``c`` is an ASCII digit, as Haskell's ``Data.Char.isDigit`` says.

    ``str.isdigit`` also takes ``'５'`` and ``'٣'``.

    Haskell: ``Data.Char.isDigit :: Char -> Bool``

    >>> is_digit("7"), is_digit("５"), "５".isdigit()
    (True, False, True)
    """
    return c in _ASCII_DIGITS


def read_cell(c: str) -> Maybe[Cell]:
    """A ``.`` is a cell with every digit possible; ``1``-``9`` a fixed cell; else ``Nothing``.

    Haskell (#1, "Setting up", local to ``readGrid``): ``readCell :: Char -> Maybe Cell``

    >>> read_cell("."), read_cell("7"), read_cell("0"), read_cell("x")
    (<Some: Possible [1,2,3,4,5,6,7,8,9]>, <Some: Fixed 7>, <Nothing>, <Nothing>)
    """
    if c == ".":
        return Some(Possible((1, 2, 3, 4, 5, 6, 7, 8, 9)))
    if is_digit(c) and c > "0":
        return Some(Fixed(int(c)))
    return Nothing


_CELL_CHARS = frozenset(".123456789")


def is_puzzle(s: str) -> bool:
    """Whether :func:`read_grid` accepts the line: 81 characters, each ``.`` or ``1``-``9``.

    ``isJust . readGrid :: String -> Bool`` without building the grid.

    >>> is_puzzle("." * 81), is_puzzle("0" * 81), is_puzzle("." * 82), is_puzzle("５" + "." * 80)
    (True, False, False, False)
    """
    return len(s) == 81 and all(c in _CELL_CHARS for c in s)


def read_grid(s: str) -> Maybe[Grid]:
    """Parse an 81-character line into a grid, or ``Nothing`` if it is not one.

    Haskell (#1, "Setting up"): ``readGrid :: String -> Maybe Grid``. Any other length,
    or any character but ``.`` and ``1``-``9``, gives ``Nothing``.

    >>> read_grid(SAMPLE).map(lambda g: g[1][:2])
    <Some: (Fixed 4, Possible [1,2,3,4,5,6,7,8,9])>
    >>> read_grid("123"), read_grid(SAMPLE.replace(".", "0"))
    (<Nothing>, <Nothing>)
    """
    if len(s) == 81:
        return traverse(lambda row: traverse(read_cell, row), chunks_of(9, s))
    return Nothing


def show_cell(cell: Cell) -> str:
    """A fixed cell shows its digit, any other cell a dot.

    Haskell (#1, "Setting up", local to ``showGrid``): ``showCell :: Cell -> String``

    >>> show_cell(Fixed(3)), show_cell(Possible((1, 2)))
    ('3', '.')
    """
    if isinstance(cell, Fixed):
        return str(cell.value)
    return "."


def show_grid(grid: Grid) -> str:
    """The grid as 9 lines of 9 space-separated digits or dots.

    Haskell (#1, "Setting up"): ``showGrid :: Grid -> String``

    >>> show_grid(read_grid("1" * 81).unwrap()).splitlines()[0]
    '1 1 1 1 1 1 1 1 1'
    """
    return "".join(" ".join(map(show_cell, row)) + "\n" for row in grid)


def show_cell_with_possibilities(cell: Cell) -> str:
    """A fixed digit padded to 11 characters, or ``[...]`` with a space per missing digit.

    Haskell (#1, "Setting up", local to ``showGridWithPossibilities``): ``showCell :: Cell -> String``

    >>> show_cell_with_possibilities(Possible((2, 3, 8))) + "|" + show_cell_with_possibilities(Fixed(4)) + "|"
    '[ 23    8 ]|4          |'
    """
    if isinstance(cell, Fixed):
        return str(cell.value) + "          "
    xs = cell.values
    return "[" + "".join(str(x) if x in xs else " " for x in range(1, 10)) + "]"


def show_grid_with_possibilities(grid: Grid) -> str:
    """The grid with every non-fixed cell's possible digits, in 11-character columns.

    Haskell (#1, "Setting up"): ``showGridWithPossibilities :: Grid -> String``

    A fixed cell at the end of a line keeps its padding (the Haskell prints it; the
    article's page trims it), so the lines below are shown right-stripped:

    >>> for line in show_grid_with_possibilities(read_grid(SAMPLE).unwrap())[:3 * 108].splitlines():
    ...     print(line.rstrip())
    [123456789] [123456789] [123456789] [123456789] [123456789] [123456789] [123456789] 1           [123456789]
    4           [123456789] [123456789] [123456789] [123456789] [123456789] [123456789] [123456789] [123456789]
    [123456789] 2           [123456789] [123456789] [123456789] [123456789] [123456789] [123456789] [123456789]
    """
    return "".join(" ".join(map(show_cell_with_possibilities, row)) + "\n" for row in grid)


def show_line(grid: Grid) -> str:
    """The grid as one 81-character line, ``.`` for a non-fixed cell (the input format).

    The line format that ``readGrid :: String -> Maybe Grid`` reads,
    written back.

    >>> show_line(read_grid(SAMPLE).unwrap()) == SAMPLE
    True
    """
    return "".join(show_cell(cell) for row in grid for cell in row)


def show_possibilities_row(row: tuple[Cell, ...]) -> str:
    """One row shown with possibilities (no newline), for examples and traces.

    Haskell: one line of ``showGridWithPossibilities :: Grid -> String`` (#1, "Setting up").

    >>> show_possibilities_row((Fixed(1), Possible((2, 3))))
    '1           [ 23      ]'
    """
    return " ".join(map(show_cell_with_possibilities, row))


__all__ = [
    "SAMPLE",
    "Possible",
    "is_digit",
    "is_puzzle",
    "read_cell",
    "read_grid",
    "show_cell",
    "show_cell_with_possibilities",
    "show_grid",
    "show_grid_with_possibilities",
    "show_line",
    "show_possibilities_row",
]
