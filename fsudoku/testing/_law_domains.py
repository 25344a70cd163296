"""Hypothesis strategies for the arguments of the laws.

Bird's grids and choice matrices, Sarkar's cells and grids, lists and functions
(:func:`law_arguments`, by domain).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from hypothesis import strategies as st

from fsudoku import bird
from fsudoku.cell import Cell, Fixed, Grid, Possible
from fsudoku.run.registry import bird_grid
from fsudoku.testing._puzzles import (
    _permutation_within_groups,
    ambiguous_puzzles,
    contradictory_puzzles,
    puzzles,
    solved_grids,
    unique_puzzles,
    unsolvable_puzzles,
)

if TYPE_CHECKING:
    from fsudoku.testing._lawbook import Law

R = TypeVar("R")

__all__ = [
    "choice_matrices",
    "choice_rows",
    "fixed_cells",
    "int_matrices",
    "law_arguments",
    "possible_cells",
    "rows_of_cells",
    "solved_boards",
]

# --------------------------------------------------------- Bird's grids and choices


def _base_board(n: int) -> tuple[tuple[int, ...], ...]:
    """A solved board of boxes of side ``n`` (digits as 0-based ints).

    The usual shifted pattern, row ``r`` starting at ``(r mod n) * n + r div n``.
    """
    size = n * n
    return tuple(tuple(((r % n) * n + r // n + c) % size for c in range(size)) for r in range(size))


@st.composite
def solved_boards(draw: st.DrawFn, n: int = 2) -> tuple[tuple[str, ...], ...]:
    """Solved Bird grids (``bird.Grid``) of boxes of side ``n``: 4x4 for 2, 9x9 for 3.

    For ``n=3`` they are :func:`solved_grids` cut into rows; otherwise a shifted-pattern
    board with relabelled digits and permuted rows, bands, columns and stacks, possibly
    transposed. Each is a complete grid (one solution: itself).

    >>> from fsudoku.bird import valid
    >>> from hypothesis import find
    >>> find(solved_boards(2), lambda g: True)
    (('1', '2', '3', '4'), ('3', '4', '1', '2'), ('2', '3', '4', '1'), ('4', '1', '2', '3'))
    >>> valid(find(solved_boards(2), lambda g: g[0][0] != "1"), n=2)
    True
    """
    size = n * n
    if n == 3:
        line = draw(solved_grids())
        return tuple(tuple(line[r * 9 : r * 9 + 9]) for r in range(9))
    base = _base_board(n)
    labels = draw(st.permutations([str(d) for d in range(1, size + 1)]))
    rows = _permutation_within_groups(draw, n, n)
    cols = _permutation_within_groups(draw, n, n)
    transpose = draw(st.booleans())
    return tuple(tuple(labels[base[c][r] if transpose else base[r][c]] for c in cols) for r in rows)


@st.composite
def choice_matrices(
    draw: st.DrawFn, n: int = 2, max_open: int = 4, allow_empty: bool = False
) -> tuple[tuple[str, ...], ...]:
    """Bird choice matrices of boxes of side ``n`` with at most ``max_open`` open cells.

    Drawn from a :func:`solved_boards` board: up to ``max_open`` cells are opened to an
    ascending string of digits that holds the board's digit and at least one other;
    every other cell is the singleton of the board's digit. So the board is always
    among the expansions, and a matrix can expand to several valid grids (several
    solutions). With ``allow_empty``, an opened cell may instead become the empty
    choice ``""`` (then the matrix expands to nothing).

    >>> from hypothesis import find
    >>> m = find(choice_matrices(2, max_open=3), lambda m: any(len(cs) > 1 for cs in m[1]))
    >>> [sum(len(cs) > 1 for cs in row) for row in m][1:], all(len(cs) <= 2 for row in m for cs in row)
    ([1, 0, 0], True)
    """
    size = n * n
    board = draw(solved_boards(n))
    digits = [str(d) for d in range(1, size + 1)]
    opened = draw(st.lists(st.integers(0, size * size - 1), max_size=max_open, unique=True))
    cells = [list(row) for row in board]
    for index in opened:
        r, c = divmod(index, size)
        true = cells[r][c]
        if allow_empty and draw(st.booleans()):
            cells[r][c] = ""
            continue
        others = draw(
            st.lists(st.sampled_from([d for d in digits if d != true]), min_size=1, unique=True)
        )
        cells[r][c] = "".join(sorted([true, *others]))
    return tuple(tuple(row) for row in cells)


def rows_of_cells() -> st.SearchStrategy[tuple[Cell, ...]]:
    """Rows of 9 Sarkar cells, consistent with a solved row (a permutation of 1-9).

    Each cell is the ``Fixed`` digit of the permutation or a ``Possible`` that holds
    that digit and at least one other. Such a row can usually be completed in several
    ways.

    >>> from hypothesis import find
    >>> find(rows_of_cells(), lambda row: isinstance(row[0], Possible))[0]
    Possible [1,2]
    """
    return _rows_of_cells()


@st.composite
def _rows_of_cells(draw: st.DrawFn) -> tuple[Cell, ...]:
    solved = draw(st.permutations(range(1, 10)))
    cells: list[Cell] = []
    for d in solved:
        if draw(st.booleans()):
            cells.append(Fixed(d))
        else:
            others = draw(
                st.lists(
                    st.sampled_from([e for e in range(1, 10) if e != d]), min_size=1, unique=True
                )
            )
            cells.append(Possible(tuple(sorted([d, *others]))))
    return tuple(cells)


def fixed_cells() -> st.SearchStrategy[Fixed]:
    """``Fixed`` cells of a digit 1-9 (the strategy registered for ``Fixed``)."""
    return st.integers(1, 9).map(lambda d: Fixed(d))


def possible_cells() -> st.SearchStrategy[Possible]:
    """``Possible`` cells: ascending, at least two distinct digits 1-9 (registered)."""
    return st.lists(st.integers(1, 9), min_size=2, max_size=9, unique=True).map(
        lambda ds: Possible(tuple(sorted(ds)))
    )


# --------------------------------------------------------------- arguments of the laws


class _Shown(Generic[R]):
    """A generated function that shows the calls made to it (in a law's counterexample)."""

    def __init__(self, f: Callable[[Any], R]) -> None:
        self._f = f
        self._calls: dict[str, R] = {}

    def __call__(self, x: Any) -> R:
        """``f x``, remembered."""
        y = self._f(x)
        self._calls.setdefault(repr(x), y)
        return y

    def __repr__(self) -> str:
        """``function(x -> f x, ...)`` for the calls made so far."""
        return "function(" + ", ".join(f"{x} -> {y!r}" for x, y in self._calls.items()) + ")"


def _predicates() -> st.SearchStrategy[Callable[[Any], bool]]:
    """Total, pure predicates (any argument)."""
    return st.functions(like=lambda x: True, returns=st.booleans(), pure=True).map(_Shown)


def _int_functions() -> st.SearchStrategy[Callable[[Any], int]]:
    """Total, pure functions to small integers."""
    return st.functions(like=lambda x: 0, returns=st.integers(0, 5), pure=True).map(_Shown)


def int_matrices(n: int = 2) -> st.SearchStrategy[tuple[tuple[int, ...], ...]]:
    """Square n²×n² matrices of small integers (any values: not Sudoku boards)."""
    size = n * n
    row = st.lists(st.integers(0, 9), min_size=size, max_size=size).map(tuple)
    return st.lists(row, min_size=size, max_size=size).map(tuple)


def choice_rows(width: int = 4, digits: str = "1234") -> st.SearchStrategy[tuple[str, ...]]:
    """Rows of arbitrary choice cells: ascending strings of distinct ``digits``.

    A cell may be empty or a singleton; the row need not be consistent with any
    solution.
    """
    cell = st.sets(st.sampled_from(digits)).map(lambda ds: "".join(sorted(ds)))
    return st.lists(cell, min_size=width, max_size=width).map(tuple)


_UNITS = ("rows", "cols", "boxs")
"""The involutions the laws take by name (``fsudoku.testing._lawbook.unit``)."""


def _rows_without_duplicates(m: tuple[tuple[Any, ...], ...]) -> bool:
    """``all nodups``, the lecture's predicate in LFILINV."""
    return all(bird.nodups(r) for r in m)


@st.composite
def _complete_boards(draw: st.DrawFn, n: int = 2) -> tuple[tuple[str, ...], ...]:
    """Complete Bird choice matrices (every cell a singleton).

    A solved board's, or one with a cell overwritten by another digit (then not safe).
    """
    cells = [list(row) for row in bird.choices(draw(solved_boards(n)), n)]
    if draw(st.integers(0, 2)) == 0:
        size = n * n
        r, c = draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1))
        digits = [str(d) for d in range(1, size + 1) if str(d) != cells[r][c]]
        cells[r][c] = draw(st.sampled_from(digits))
    return tuple(tuple(row) for row in cells)


def _cell_grids() -> st.SearchStrategy[Grid]:
    """9x9 Sarkar grids: of ``Fixed`` cells of any digits, or of a puzzle (read_grid)."""
    labels = int_matrices(3).map(lambda m: tuple(tuple(Fixed(1 + v % 9) for v in r) for r in m))
    return labels | _sarkar_puzzles()


def _sarkar_puzzles() -> st.SearchStrategy[Grid]:
    """The Sarkar grids of 9x9 puzzles (20 to 60 blanks)."""
    from fsudoku.grid_io import read_grid

    return puzzles(20, 60).map(lambda line: read_grid(line).unwrap())


def _sarkar_grids(*lines: st.SearchStrategy[str]) -> st.SearchStrategy[Grid]:
    """The Sarkar grids of the lines of any of these strategies."""
    from fsudoku.grid_io import read_grid

    return st.one_of(*lines).map(lambda line: read_grid(line).unwrap())


@st.composite
def _sarkar_units(draw: st.DrawFn, max_open: int = 5, max_digits: int = 4) -> tuple[Cell, ...]:
    """Units of 9 Sarkar cells, small enough to list the ways to complete them.

    The cells of a permutation of 1-9, up to ``max_open`` of them opened to 2 to
    ``max_digits`` digits, their own and others, or (one time in five) others only: so most
    units can be completed, and some prune to ``Nothing``.
    """
    solved = draw(st.permutations(range(1, 10)))
    cells: list[Cell] = [Fixed(d) for d in solved]
    for i in draw(st.lists(st.integers(0, 8), max_size=max_open, unique=True)):
        others = [d for d in range(1, 10) if d != solved[i]]
        own = [] if draw(st.integers(0, 4)) == 4 else [solved[i]]
        ds = draw(
            st.lists(
                st.sampled_from(others),
                min_size=2 - len(own),
                max_size=max_digits - len(own),
                unique=True,
            )
        )
        cells[i] = Possible(tuple(sorted([*own, *ds])))
    return tuple(cells)


@cache
def _law_domains() -> dict[str, st.SearchStrategy[dict[str, Any]]]:
    """The domains of the laws' arguments, by name (see :func:`law_arguments`)."""
    ints = st.lists(st.integers(-5, 5), max_size=8)
    small_lists = st.lists(st.lists(st.integers(0, 4), max_size=3), max_size=4)
    choices4 = choice_matrices(2, max_open=4, allow_empty=True)
    units = st.sampled_from(_UNITS)
    matrices4 = st.lists(solved_boards(2) | int_matrices(2), max_size=5)
    matrix_predicates = _predicates() | st.just(_rows_without_duplicates)
    nine = puzzles(40, 64).map(lambda line: bird.choices(bird_grid(line)))
    rows9 = choice_matrices(3, max_open=4).flatmap(st.sampled_from)
    pieces = st.integers(1, 4).flatmap(
        lambda k: st.fixed_dictionaries(
            {
                "k": st.just(k),
                "xss": st.lists(
                    st.lists(st.integers(0, 9), min_size=k, max_size=k).map(tuple), max_size=5
                ).map(tuple),
            }
        )
    )

    def on(**strategies: st.SearchStrategy[Any]) -> st.SearchStrategy[dict[str, Any]]:
        return st.fixed_dictionaries(strategies)

    return {
        "int_list": on(xs=ints),
        "int_list_and_two_functions": on(xs=ints, f=_int_functions(), g=_int_functions()),
        "int_list_predicate_and_function": on(xs=ints, p=_predicates(), f=_int_functions()),
        "int_list_and_two_predicates": on(xs=ints, p=_predicates(), q=_predicates()),
        "int_list_and_predicate": on(xs=ints, p=_predicates()),
        "int_tuple_and_length": on(
            k=st.integers(1, 4), xs=st.lists(st.integers(0, 9), max_size=10).map(tuple)
        ),
        "pieces": pieces,
        "nested_lists_and_function": on(xss=small_lists, f=_int_functions()),
        "nested_lists_and_predicate": on(xss=small_lists, p=_predicates()),
        "square_matrix": on(m=int_matrices(2) | int_matrices(3)),
        "board": st.sampled_from([2, 3]).flatmap(lambda n: on(m=int_matrices(n), n=st.just(n))),
        "matrices_predicate_and_unit": on(xs=matrices4, p=matrix_predicates, f=units),
        "choice_matrix": on(m=choices4),
        "choice_board": on(m=choices4, n=st.just(2)),
        "choice_board_and_unit": on(m=choices4, n=st.just(2), f=units),
        "choice_row": on(row=choice_rows(4) | choice_rows(5, "12345") | rows9),
        "pruning_board": on(m=choice_matrices(2, max_open=10, allow_empty=True), n=st.just(2))
        | on(m=nine, n=st.just(3)),
        "complete_board": on(m=_complete_boards(2), n=st.just(2)),
        "safe_choice_board": on(m=choice_matrices(2, max_open=6), n=st.just(2)),
        "cell_grid": on(grid=_cell_grids()),
        "sarkar_puzzle": on(grid=_sarkar_puzzles()),
        "sarkar_unit": on(cells=_sarkar_units()),
        "sarkar_grid": on(
            grid=_sarkar_grids(
                puzzles(20, 60),
                unsolvable_puzzles(min_blanks=20, max_blanks=60),
                contradictory_puzzles(max_blanks=60),
            )
        ),
        "sarkar_grid_few_solutions": on(
            grid=_sarkar_grids(
                unique_puzzles(max_blanks=50),
                ambiguous_puzzles(max_blanks=12),
                unsolvable_puzzles(max_blanks=50),
                contradictory_puzzles(max_blanks=12),
            )
        ),
    }


def law_arguments(law: Law | str) -> st.SearchStrategy[dict[str, Any]]:
    """The keyword arguments of a law (or of the laws over a domain named as in ``Law.arguments``).

    Domains: lists of small integers with functions and predicates (``int_list...``),
    nested lists (``nested_lists...``), square matrices of integers 4x4 or 9x9
    (``square_matrix``, ``board`` with its box side ``n``), 4x4 choice matrices with at
    most 4 open cells, some empty (``choice_matrix``, ``choice_board``), rows of choices
    (``choice_row``), units of 9 Sarkar cells (``sarkar_unit``), and Sarkar grids
    (``cell_grid``, ``sarkar_puzzle``; ``sarkar_grid`` with puzzles that have no
    solution; ``sarkar_grid_few_solutions``, whose solutions can be listed). Boards are
    4x4 (``n=2``) wherever ``expand`` is involved. The functions under test are not among the
    arguments: they are the ``Parts`` the law is checked with.

    >>> from hypothesis import find
    >>> from fsudoku.testing import LAWS, boxs_involution
    >>> sorted(find(law_arguments(boxs_involution), lambda kw: True))
    ['m', 'n']
    >>> all(isinstance(law_arguments(law), st.SearchStrategy) for law in LAWS)
    True
    """
    domain = law if isinstance(law, str) else law.arguments
    domains = _law_domains()
    if domain not in domains:
        raise KeyError(f"no strategy for the law arguments {domain!r}; known: {sorted(domains)}")
    return domains[domain]
