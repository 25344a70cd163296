"""Solvers for the kit's own tests: a correct one on lines, one on lists of rows, and the
planted bugs of issue 20, each a small change to the correct one."""

from __future__ import annotations

from collections.abc import Sequence

ROWS = tuple(tuple(r * 9 + c for c in range(9)) for r in range(9))
COLS = tuple(tuple(r * 9 + c for r in range(9)) for c in range(9))
BOXES = tuple(
    tuple((3 * (b // 3) + i) * 9 + 3 * (b % 3) + j for i in range(3) for j in range(3))
    for b in range(9)
)


def peers_of(units: Sequence[Sequence[int]]) -> list[set[int]]:
    """The cells that share one of ``units`` with each cell."""
    peers: list[set[int]] = [set() for _ in range(81)]
    for unit in units:
        for i in unit:
            peers[i].update(unit)
    for i in range(81):
        peers[i].discard(i)
    return peers


ALL_UNITS = ROWS + COLS + BOXES
NO_BOX_UNITS = ROWS + COLS
ALL_PEERS = peers_of(ALL_UNITS)
NO_BOX_PEERS = peers_of(NO_BOX_UNITS)


def _choice(
    cells: list[str], peers: list[set[int]], units: Sequence[Sequence[int]]
) -> tuple[int, str] | None:
    """The cell to fill next and the digits to try there: a cell with the fewest
    candidates, or a digit with one place left in a unit; ``(-1, "")`` when solved,
    ``None`` at a dead end."""
    left = {
        i: [d for d in "123456789" if all(cells[p] != d for p in peers[i])]
        for i, c in enumerate(cells)
        if c == "."
    }
    if not left:
        return -1, ""
    best = min(left, key=lambda i: len(left[i]))
    if len(left[best]) <= 1:
        return (best, "".join(left[best])) if left[best] else None
    for unit in units:
        placed = {cells[i] for i in unit}
        for d in "123456789":
            if d not in placed:
                spots = [i for i in unit if i in left and d in left[i]]
                if not spots:
                    return None
                if len(spots) == 1:
                    return spots[0], d
    return best, "".join(left[best])


def _search(cells: list[str], peers: list[set[int]], units: Sequence[Sequence[int]]) -> bool:
    """Fill the blanks (``.``): fewest candidates first, hidden singles forced;
    ``False`` at a dead end (the cells as they were)."""
    choice = _choice(cells, peers, units)
    if choice is None:
        return False
    cell, digits = choice
    if cell < 0:
        return True
    for d in digits:
        cells[cell] = d
        if _search(cells, peers, units):
            return True
    cells[cell] = "."
    return False


def _solve(
    line: str,
    peers: list[set[int]] = ALL_PEERS,
    units: Sequence[Sequence[int]] = ALL_UNITS,
    check_clues: bool = True,
) -> str | None:
    """The solution of a line (``.`` or ``0`` blanks) or ``None``."""
    if len(line) != 81 or any(c not in ".0123456789" for c in line):
        return None
    cells = ["." if c in ".0" else c for c in line]
    if check_clues and any(
        c != "." and any(cells[p] == c for p in peers[i]) for i, c in enumerate(cells)
    ):
        return None
    return "".join(cells) if _search(cells, peers, units) else None


def correct(line: str) -> str | None:
    """A correct solver of lines, ``.`` or ``0`` for a blank."""
    return _solve(line)


def crashes_on_zeros(line: str) -> str | None:
    """Reads each cell through a table without ``0``: a ``0`` blank raises KeyError."""
    table = {c: c for c in ".123456789"}
    return correct("".join(table[c] for c in line[:81]) + line[81:])


def full_grid_unchanged(line: str) -> str | None:
    """Returns a line with no blank as it is, solved or not."""
    if len(line) == 81 and "." not in line and "0" not in line:
        return line
    return correct(line)


def no_box_check(line: str) -> str | None:
    """Checks rows and columns, not boxes."""
    return _solve(line, NO_BOX_PEERS, NO_BOX_UNITS)


def gives_up_below_18_clues(line: str) -> str | None:
    """Refuses puzzles with fewer than 18 clues."""
    if sum(c in "123456789" for c in line) < 18:
        return None
    return correct(line)


def keeps_repeated_clues(line: str) -> str | None:
    """Never checks the clues: a repeated clue stays in the answer."""
    return _solve(line, units=(), check_clues=False)


def loops_on_sparse(line: str) -> str | None:
    """Loops forever, using all the CPU it can, on a line with more than 40 blanks."""
    while sum(c in ".0" for c in line) > 40:
        pass
    return correct(line)


def rows_solver(board: list[list[int]]) -> list[list[int]] | None:
    """A correct solver on 9 lists of 9 ints, 0 for a blank (the shape most solvers in
    the wild take): solves a copy, returns it, or ``None``."""
    line = "".join(str(v) if v else "." for row in board for v in row)
    solved = correct(line)
    if solved is None:
        return None
    return [[int(solved[r * 9 + c]) for c in range(9)] for r in range(9)]


def rows_in_place(board: list[list[int]]) -> bool:
    """The tutorial shape: fills the board in place and returns whether it could."""
    solved = rows_solver(board)
    if solved is None:
        return False
    board[:] = solved
    return True
