"""Hypothesis strategies for Sudoku puzzles built from the articles' sample solution.

Every strategy here starts from the sample solution, relabels its digits and permutes it
by symmetries that keep it solved (rows within a band, bands, columns within a stack,
stacks, transposition), then blanks cells. Shrinking therefore moves towards the sample
solution and towards fewer blanks, which keeps failing examples readable. Puzzles of many
other solution grids are in :mod:`fsudoku.testing._random_puzzles`.

Glossary: a *line* is an 81-character puzzle string, ``.`` for a blank; a *solved
grid* is a line with no blank.
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

from fsudoku.base.units import PEERS

__all__ = [
    "BAD_CHARACTERS",
    "SAMPLE_PUZZLE",
    "SAMPLE_SOLUTION",
    "ambiguous_puzzles",
    "blank_cells",
    "contradictory_puzzles",
    "empty_grid",
    "invalid_lines",
    "near_full_grids",
    "puzzles",
    "puzzles_with_solutions",
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
    """Solved 9x9 grids.

    The sample solution relabelled, its rows, columns, bands and stacks permuted, possibly
    transposed.

    >>> from fsudoku.testing.strategies import solved_grids
    >>> from hypothesis import find
    >>> find(solved_grids(), lambda line: True) == SAMPLE_SOLUTION
    True
    """
    return _symmetric(draw, SAMPLE_SOLUTION)[0]


def _symmetric(draw: st.DrawFn, *lines: str) -> tuple[str, ...]:
    """The lines under one drawn symmetry of the grid.

    The lines are the sample solution and puzzles of it: digits relabelled (``.`` kept),
    rows, columns, bands and stacks permuted, possibly transposed. A puzzle and its solution
    stay a puzzle and its solution, and keep their number of solutions.
    """
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
    """Puzzles: solved grids with cells blanked.

    They always have a solution, and can have several (any number of blanks up to
    ``max_blanks``).
    """
    return puzzles_with_solutions(min_blanks, max_blanks).map(lambda pair: pair[0])


def near_full_grids(max_blanks: int = 8) -> st.SearchStrategy[str]:
    """Puzzles with at most ``max_blanks`` blanks (a solution always exists)."""
    return puzzles(0, max_blanks)


@st.composite
def contradictory_puzzles(draw: st.DrawFn, max_blanks: int = 81) -> str:
    """Puzzles with no solution, some unit holding a digit twice.

    A clue is overwritten by a digit that already stands in the same row.
    """
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
    """The unavoidable rectangles of a solved grid.

    Four cells in two rows, two columns and two boxes holding ``a b / b a``. Blanking them
    leaves two solutions (swap ``a`` and ``b``), whatever else is blanked.

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
    """Puzzles with exactly one solution.

    The articles' 17-clue sample puzzle under a symmetry of the grid, with some of its 64
    blanks filled from its solution.

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
    """Puzzles with at least two solutions.

    A solved grid with one of its unavoidable rectangles blanked (its two digits can be
    swapped), and other cells blanked.

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


def unsolvable_puzzles(*, min_blanks: int = 2, max_blanks: int = 63) -> st.SearchStrategy[str]:
    """Puzzles with no solution whose clues repeat no digit in a unit.

    A :func:`unique_puzzles` puzzle with one more clue, a wrong digit that none of the
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
        for p in PEERS[t]:
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
    """Lines that are not puzzles (``readGrid`` gives ``Nothing``).

    A puzzle cut short (down to the empty line), one with one to three more characters, or
    one with a character of :data:`BAD_CHARACTERS` in place of a cell.

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
