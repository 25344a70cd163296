"""Hypothesis strategies for Sudoku puzzles, built from known-good values.

Every strategy starts from a solved grid (the articles' sample solution), relabels
its digits and permutes it by symmetries that keep it solved (rows within a band,
bands, columns within a stack, stacks, transposition), then blanks cells. Shrinking
therefore moves towards the sample solution and towards fewer blanks, which keeps
failing examples readable.

Glossary: a *line* is an 81-character puzzle string, ``.`` for a blank; a *solved
grid* is a line with no blank.

Install with the ``hypothesis`` extra (``pip install fsudoku[hypothesis]``).
"""

from __future__ import annotations

from collections.abc import Sequence

from hypothesis import strategies as st

SAMPLE_SOLUTION = (
    "693784512487512936125963874932651487568247391741398625319475268856129743274836159"
)
"""The solution of the articles' sample puzzle (Sarkar #1, "Solving the Puzzle")."""

SAMPLE_PUZZLE = (
    ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
)
"""The articles' sample puzzle (Sarkar #1, "Setting up"): 17 clues, one solution."""


def _permutation_within_groups(
    draw: st.DrawFn, groups: int = 3, size: int = 3
) -> list[int]:
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

    >>> from fsudoku.strategies import solved_grids
    >>> len(solved_grids().example())
    81
    """
    labels = draw(st.permutations("123456789"))
    relabel = {str(i + 1): labels[i] for i in range(9)}
    rows = _permutation_within_groups(draw)
    cols = _permutation_within_groups(draw)
    transpose = draw(st.booleans())
    cells = [
        relabel[SAMPLE_SOLUTION[(c if transpose else r) * 9 + (r if transpose else c)]]
        for r in rows
        for c in cols
    ]
    return "".join(cells)


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
        st.lists(
            st.integers(0, 80), min_size=min_blanks, max_size=max_blanks, unique=True
        )
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


def _hypothesis_setup_hook() -> None:
    """Entry point of the ``hypothesis`` plugin group: registers type strategies."""
