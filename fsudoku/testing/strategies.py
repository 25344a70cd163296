"""Hypothesis strategies for Sudoku puzzles, built from known-good values.

Every strategy starts from a solved grid (the articles' sample solution), relabels
its digits and permutes it by symmetries that keep it solved (rows within a band,
bands, columns within a stack, stacks, transposition), then blanks cells. Shrinking
therefore moves towards the sample solution and towards fewer blanks, which keeps
failing examples readable.

Glossary: a *line* is an 81-character puzzle string, ``.`` for a blank; a *solved
grid* is a line with no blank.

They need Hypothesis, fsudoku's ``hypothesis`` extra: from a checkout,
``python3 -m pip install -e '.[hypothesis]'``. Without it, importing this module raises
an ``ImportError`` that says so.
"""

from __future__ import annotations


def _hypothesis_setup_hook() -> None:
    """Entry point of the ``hypothesis`` plugin group: registers the type strategies
    of Sarkar's cells, ``Fixed`` (:func:`fixed_cells`) and ``Possible``
    (:func:`possible_cells`), so ``st.from_type(Cell)`` works.

    Defined before this module imports Hypothesis, and resolving the strategies only
    when they are first used: importing this module may be what imports Hypothesis,
    which then calls this hook while the module is still half-initialized.
    """
    from hypothesis import strategies as hyp

    from fsudoku.cell import Fixed, Possible

    hyp.register_type_strategy(Fixed, lambda _: fixed_cells())
    hyp.register_type_strategy(Possible, lambda _: possible_cells())


# The imports follow the hook on purpose (see its docstring).
from collections.abc import Callable, Sequence  # noqa: E402
from functools import cache  # noqa: E402
from typing import TYPE_CHECKING, Any, Generic, TypeVar  # noqa: E402

try:
    from hypothesis import strategies as st
except ImportError as missing:  # say which extra brings it
    raise ImportError(
        "fsudoku's Hypothesis strategies need Hypothesis, which is not installed: install "
        "fsudoku's hypothesis extra (from a checkout: python3 -m pip install -e "
        "'.[hypothesis]'), or Hypothesis itself (python3 -m pip install 'hypothesis>=6.100')",
        name="hypothesis",
    ) from missing

from fsudoku import bird  # noqa: E402
from fsudoku.cell import Cell, Fixed, Grid, Possible  # noqa: E402
from fsudoku.run.registry import bird_grid  # noqa: E402

if TYPE_CHECKING:
    from fsudoku.testing.laws import Law

R = TypeVar("R")

__all__ = [
    "BAD_CHARACTERS",
    "SAMPLE_PUZZLE",
    "SAMPLE_SOLUTION",
    "ambiguous_puzzles",
    "blank_cells",
    "choice_matrices",
    "choice_rows",
    "contradictory_puzzles",
    "empty_grid",
    "fixed_cells",
    "int_matrices",
    "invalid_lines",
    "law_arguments",
    "near_full_grids",
    "possible_cells",
    "puzzles",
    "puzzles_with_solutions",
    "rows_of_cells",
    "solved_boards",
    "solved_grids",
    "unique_puzzles",
    "unsolvable_puzzles",
]

SAMPLE_SOLUTION = (
    "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
)
"""The solution of the articles' sample puzzle (Sarkar #1, "Solving the Puzzle")."""

SAMPLE_PUZZLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
"""The articles' sample puzzle (Sarkar #1, "Setting up"): 17 clues, one solution."""


def _permutation_within_groups(draw: st.DrawFn, groups: int = 3, size: int = 3) -> list[int]:
    """A permutation of 0..8 that permutes groups of 3 and the members of each group."""
    order = draw(st.permutations(range(groups)))
    result: list[int] = []
    for g in order:
        result.extend(g * size + i for i in draw(st.permutations(range(size))))
    return result


@st.composite
def solved_grids(draw: st.DrawFn) -> str:
    """Solved 9x9 grids: the sample solution relabelled, its rows, columns, bands and
    stacks permuted, possibly transposed.

    >>> from fsudoku.testing.strategies import solved_grids
    >>> from hypothesis import find
    >>> find(solved_grids(), lambda line: True) == SAMPLE_SOLUTION
    True
    """
    return _symmetric(draw, SAMPLE_SOLUTION)[0]


def _symmetric(draw: st.DrawFn, *lines: str) -> tuple[str, ...]:
    """The lines (the sample solution, puzzles of it) under one drawn symmetry of the
    grid: digits relabelled (``.`` kept), rows, columns, bands and stacks permuted,
    possibly transposed. A puzzle and its solution stay a puzzle and its solution, and
    keep their number of solutions."""
    labels = draw(st.permutations("123456789"))
    relabel = {str(i + 1): labels[i] for i in range(9)}
    relabel["."] = "."
    rows = _permutation_within_groups(draw)
    cols = _permutation_within_groups(draw)
    transpose = draw(st.booleans())
    return tuple(
        "".join(
            relabel[line[(c if transpose else r) * 9 + (r if transpose else c)]]
            for r in rows
            for c in cols
        )
        for line in lines
    )


def blank_cells(grid: str, blanks: Sequence[int]) -> str:
    """The grid with the given cell indexes replaced by ``.``.

    >>> blank_cells("123", [1])
    '1.3'
    """
    hole = set(blanks)
    return "".join("." if i in hole else ch for i, ch in enumerate(grid))


@st.composite
def puzzles_with_solutions(
    draw: st.DrawFn, min_blanks: int = 0, max_blanks: int = 81
) -> tuple[str, str]:
    """Pairs ``(puzzle, solution)``: a solved grid with some cells blanked.

    The solution is *a* solution of the puzzle; with many blanks the puzzle can have
    several solutions, so compare against it only where uniqueness is known.
    """
    solution = draw(solved_grids())
    blanks = draw(
        st.lists(st.integers(0, 80), min_size=min_blanks, max_size=max_blanks, unique=True)
    )
    return blank_cells(solution, blanks), solution


def puzzles(min_blanks: int = 0, max_blanks: int = 81) -> st.SearchStrategy[str]:
    """Puzzles: solved grids with cells blanked. They always have a solution, and
    can have several (any number of blanks up to ``max_blanks``)."""
    return puzzles_with_solutions(min_blanks, max_blanks).map(lambda pair: pair[0])


def near_full_grids(max_blanks: int = 8) -> st.SearchStrategy[str]:
    """Puzzles with at most ``max_blanks`` blanks (a solution always exists)."""
    return puzzles(0, max_blanks)


@st.composite
def contradictory_puzzles(draw: st.DrawFn, max_blanks: int = 81) -> str:
    """Puzzles with no solution: a clue is overwritten by a digit that already stands
    in the same row, so some unit holds a digit twice."""
    puzzle, solution = draw(puzzles_with_solutions(0, max_blanks))
    row = draw(st.integers(0, 8))
    a, b = draw(st.lists(st.integers(0, 8), min_size=2, max_size=2, unique=True))
    cells = list(puzzle)
    cells[row * 9 + a] = solution[row * 9 + b]
    cells[row * 9 + b] = solution[row * 9 + b]
    return "".join(cells)


def empty_grid() -> str:
    """The grid with no clue (many solutions)."""
    return "." * 81


# ------------------------------------- puzzles with one, several or no solutions


def _check_blanks(strategy: str, min_blanks: int, max_blanks: int, low: int, high: int) -> None:
    """Raise ``ValueError`` unless ``low <= min_blanks <= max_blanks <= high`` (integers).

    >>> _check_blanks("unique_puzzles", 3, 2, 0, 64)
    Traceback (most recent call last):
    ...
    ValueError: unique_puzzles: need 0 <= min_blanks <= max_blanks <= 64, got min_blanks=3, max_blanks=2
    """
    for name, value in (("min_blanks", min_blanks), ("max_blanks", max_blanks)):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError(f"{strategy}: {name} must be an int, got {value!r}")
    if not low <= min_blanks <= max_blanks <= high:
        raise ValueError(
            f"{strategy}: need {low} <= min_blanks <= max_blanks <= {high}, "
            f"got min_blanks={min_blanks}, max_blanks={max_blanks}"
        )


def _unavoidable_rectangles(solution: str) -> list[tuple[int, int, int, int]]:
    """The unavoidable rectangles of a solved grid: four cells in two rows, two columns
    and two boxes holding ``a b / b a``. Blanking them leaves two solutions (swap ``a``
    and ``b``), whatever else is blanked.

    The sample solution has 8, and symmetries keep them:

    >>> len(_unavoidable_rectangles(SAMPLE_SOLUTION)), _unavoidable_rectangles(SAMPLE_SOLUTION)[0]
    (8, (6, 7, 78, 79))
    """
    found = []
    for r1 in range(9):
        for r2 in range(r1 + 1, 9):
            for c1 in range(9):
                for c2 in range(c1 + 1, 9):
                    if (r1 // 3 == r2 // 3) == (c1 // 3 == c2 // 3):
                        continue  # one box, or four: not two
                    a, b = solution[r1 * 9 + c1], solution[r1 * 9 + c2]
                    if solution[r2 * 9 + c1] == b and solution[r2 * 9 + c2] == a:
                        found.append((r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2))
    return found


def _blank_count(draw: st.DrawFn, low: int, high: int) -> int:
    """A number of blanks in ``low..high``, shrinking towards ``low``."""
    return draw(st.integers(low, high))


def _some_cells(draw: st.DrawFn, cells: Sequence[int], k: int) -> list[int]:
    """``k`` distinct cells drawn from ``cells``, shrinking towards the first ones."""
    return draw(st.lists(st.sampled_from(cells), min_size=k, max_size=k, unique=True))


def unique_puzzles(*, min_blanks: int = 0, max_blanks: int = 64) -> st.SearchStrategy[str]:
    """Puzzles with exactly one solution: the articles' 17-clue sample puzzle under a
    symmetry of the grid, with some of its 64 blanks filled from its solution.

    ``min_blanks``/``max_blanks`` bound the blanks left (0 to 64); shrinking goes
    towards ``min_blanks`` blanks.

    >>> from hypothesis import given, settings
    >>> from fsudoku import count_solutions
    >>> @settings(max_examples=10)
    ... @given(unique_puzzles(min_blanks=5, max_blanks=50))
    ... def test_one_solution(line):
    ...     assert 5 <= line.count(".") <= 50 and count_solutions(line) == 1
    >>> test_one_solution()
    >>> unique_puzzles(max_blanks=70)
    Traceback (most recent call last):
    ...
    ValueError: unique_puzzles: need 0 <= min_blanks <= max_blanks <= 64, got min_blanks=0, max_blanks=70
    """
    _check_blanks("unique_puzzles", min_blanks, max_blanks, 0, 64)
    return _unique_puzzles(min_blanks, max_blanks)


@st.composite
def _unique_puzzles(draw: st.DrawFn, min_blanks: int, max_blanks: int) -> str:
    """:func:`unique_puzzles`, its arguments checked."""
    puzzle, solution = _symmetric(draw, SAMPLE_PUZZLE, SAMPLE_SOLUTION)
    holes = [i for i, c in enumerate(puzzle) if c == "."]
    kept = _some_cells(draw, holes, _blank_count(draw, min_blanks, max_blanks))
    return blank_cells(solution, kept)


def ambiguous_puzzles(*, min_blanks: int = 4, max_blanks: int = 81) -> st.SearchStrategy[str]:
    """Puzzles with at least two solutions: a solved grid with one of its unavoidable
    rectangles blanked (its two digits can be swapped), and other cells blanked.

    ``min_blanks``/``max_blanks`` bound the blanks (4 to 81); shrinking goes towards
    ``min_blanks`` blanks, the rectangle's four at the least.

    >>> from hypothesis import given, settings
    >>> from fsudoku import count_solutions
    >>> @settings(max_examples=10)
    ... @given(ambiguous_puzzles(max_blanks=30))
    ... def test_several_solutions(line):
    ...     assert 4 <= line.count(".") <= 30 and count_solutions(line, limit=2) == 2
    >>> test_several_solutions()
    """
    _check_blanks("ambiguous_puzzles", min_blanks, max_blanks, 4, 81)
    return _ambiguous_puzzles(min_blanks, max_blanks)


@st.composite
def _ambiguous_puzzles(draw: st.DrawFn, min_blanks: int, max_blanks: int) -> str:
    """:func:`ambiguous_puzzles`, its arguments checked."""
    solution = draw(solved_grids())
    rectangle = draw(st.sampled_from(_unavoidable_rectangles(solution)))
    others = [i for i in range(81) if i not in rectangle]
    extra = _some_cells(draw, others, _blank_count(draw, min_blanks, max_blanks) - 4)
    return blank_cells(solution, [*rectangle, *extra])


def _peers(i: int) -> frozenset[int]:
    """The 20 cells that share a row, a column or a box with cell ``i``."""
    r, c = divmod(i, 9)
    box = [(r // 3 * 3 + k // 3) * 9 + c // 3 * 3 + k % 3 for k in range(9)]
    return frozenset([r * 9 + k for k in range(9)] + [k * 9 + c for k in range(9)] + box) - {i}


def unsolvable_puzzles(*, min_blanks: int = 2, max_blanks: int = 63) -> st.SearchStrategy[str]:
    """Puzzles with no solution whose clues repeat no digit in a unit: a
    :func:`unique_puzzles` puzzle with one more clue, a wrong digit that none of the
    cell's clued peers holds. The contradiction shows only when pruning, or deep in the
    search when many cells are blank.

    ``min_blanks``/``max_blanks`` bound the blanks (2 to 63); shrinking goes towards
    ``min_blanks`` blanks.

    >>> from hypothesis import given, settings
    >>> from fsudoku.grid_io import read_grid
    >>> from fsudoku import count_solutions
    >>> from fsudoku.sarkar1 import is_grid_invalid
    >>> @settings(max_examples=10)
    ... @given(unsolvable_puzzles(min_blanks=30))
    ... def test_no_solution(line):
    ...     assert line.count(".") >= 30 and count_solutions(line) == 0
    ...     assert not is_grid_invalid(read_grid(line).unwrap())  # no clue repeated
    >>> test_no_solution()
    """
    _check_blanks("unsolvable_puzzles", min_blanks, max_blanks, 2, 63)
    return _unsolvable_puzzles(min_blanks, max_blanks)


@st.composite
def _unsolvable_puzzles(draw: st.DrawFn, min_blanks: int, max_blanks: int) -> str:
    """:func:`unsolvable_puzzles`, its arguments checked."""
    puzzle, solution = _symmetric(draw, SAMPLE_PUZZLE, SAMPLE_SOLUTION)
    holes = [i for i, c in enumerate(puzzle) if c == "."]
    # A wrong digit d at a blank t is unopposed when its peers holding d are blank too.
    wrongs = []
    for t in holes:
        holding: dict[str, list[int]] = {}
        for p in sorted(_peers(t)):
            holding.setdefault(solution[p], []).append(p)
        for d, opposed in sorted(holding.items()):
            if len(opposed) <= max_blanks and all(puzzle[p] == "." for p in opposed):
                wrongs.append((t, d, opposed))
    t, d, opposed = draw(st.sampled_from(wrongs))
    others = [i for i in holes if i != t and i not in opposed]
    blanks = _blank_count(draw, max(min_blanks, len(opposed)), max_blanks)
    kept = [*opposed, *_some_cells(draw, others, blanks - len(opposed))]
    line = blank_cells(solution, kept)
    return line[:t] + d + line[t + 1 :]


BAD_CHARACTERS = "x?*-#a５٣¹"
"""Characters :func:`invalid_lines` puts in a line: letters, punctuation, and
characters ``str.isdigit`` takes that ``readGrid`` does not (``'５'``, ``'٣'``, ``'¹'``).
``0`` is left out: many formats write a blank as ``0``."""


@st.composite
def invalid_lines(draw: st.DrawFn) -> str:
    """Lines that are not puzzles (``readGrid`` gives ``Nothing``): a puzzle cut short
    (down to the empty line), one with one to three more characters, or one with a
    character of :data:`BAD_CHARACTERS` in place of a cell.

    >>> from hypothesis import find, given, settings
    >>> from fsudoku.grid_io import is_puzzle
    >>> find(invalid_lines(), lambda line: True)
    ''
    >>> @settings(max_examples=20)
    ... @given(invalid_lines())
    ... def test_not_a_puzzle(line):
    ...     assert not is_puzzle(line)
    >>> test_not_a_puzzle()
    """
    line = draw(puzzles())
    how = draw(st.sampled_from(["short", "long", "character"]))
    if how == "short":
        return line[: draw(st.integers(0, 80))]
    if how == "long":
        return line + draw(st.text(alphabet=".123456789", min_size=1, max_size=3))
    i = draw(st.integers(0, 80))
    return line[:i] + draw(st.sampled_from(BAD_CHARACTERS)) + line[i + 1 :]


# --------------------------------------------------------- Bird's grids and choices


def _base_board(n: int) -> tuple[tuple[int, ...], ...]:
    """A solved board of boxes of side ``n`` (digits as 0-based ints): the usual
    shifted pattern, row ``r`` starting at ``(r mod n) * n + r div n``."""
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
"""The involutions the laws take by name (``fsudoku.testing.laws.unit``)."""


def _rows_without_duplicates(m: tuple[tuple[Any, ...], ...]) -> bool:
    """``all nodups``, the lecture's predicate in LFILINV."""
    return all(bird.nodups(r) for r in m)


@st.composite
def _complete_boards(draw: st.DrawFn, n: int = 2) -> tuple[tuple[str, ...], ...]:
    """Complete Bird choice matrices (every cell a singleton): a solved board's, or
    one with a cell overwritten by another digit (then not safe)."""
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
    """Units of 9 Sarkar cells: the cells of a permutation of 1-9, up to ``max_open`` of
    them opened to 2 to ``max_digits`` digits, their own and others, or (one time in
    five) others only: so most units can be completed, and some prune to ``Nothing``.
    Kept small so that the ways to complete a unit can be listed."""
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
    >>> from fsudoku.testing.laws import LAWS, boxs_involution
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
