"""Variables of the board proofs: matrices of labels and small choice matrices.

Matrices of *labels* (each cell a distinct integer, or an integer from a small range)
test the shape-only functions (``rows``, ``cols``, ``boxs``, ``subGridsToRows``): a
permutation of cells shows up at once when every cell is distinct.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from hypothesis import strategies as st

Matrix = tuple[tuple[Any, ...], ...]
"""A matrix as the proofs handle it: a tuple of rows."""


def cut(k: int, xs: list[Any]) -> Matrix:
    """``xs`` in rows of ``k``."""
    return tuple(tuple(xs[i : i + k]) for i in range(0, len(xs), k))


@st.composite
def label_matrices(draw: st.DrawFn, n: int) -> Matrix:
    """``n*n`` by ``n*n`` matrices: distinct labels, or labels from a small range.

    The cells come from a seeded generator (one draw per matrix: drawing 81 cells one by
    one is slow). For shape-only functions one matrix of distinct labels already fixes
    where every cell goes.
    """
    size = n * n
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    cells = (
        rng.sample(range(size * size), size * size)
        if draw(st.booleans())
        else rng.choices(range(4), k=size * size)
    )
    return cut(size, cells)


@st.composite
def rectangles(draw: st.DrawFn) -> Matrix:
    """Non-empty rectangular matrices of distinct labels (1..5 rows, 1..5 columns)."""
    height = draw(st.integers(1, 5))
    width = draw(st.integers(1, 5))
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    return cut(width, rng.sample(range(height * width), height * width))


class Board(NamedTuple):
    """A box side ``n`` and a matrix of side ``n*n``."""

    n: int
    m: Matrix


def show_board(v: Board) -> str:
    """``n = 2, m = ...`` with the matrix one row per line segment."""
    return f"n = {v.n}, m = {show_matrix(v.m)}"


def show_matrix(m: Matrix) -> str:
    """A matrix as ``[row / row / ...]`` with rows of strings joined compactly."""

    def cell(x: Any) -> str:
        return x if isinstance(x, str) else repr(x)

    return "[" + " / ".join(" ".join(cell(x) for x in row) for row in m) + "]"


def boards(ns: tuple[int, ...] = (2, 3)) -> st.SearchStrategy[Board]:
    """Boards of label matrices for each box side in ``ns``."""
    return st.sampled_from(ns).flatmap(lambda n: label_matrices(n).map(lambda m: Board(n, m)))


def board_argument(v: Board) -> tuple[object, ...]:
    """The matrix, as the argument of a point-free equality."""
    return (v.m,)


SOLVED_4X4 = "1234341221434321"
"""A solved 4x4 board (boxes of side 2)."""


@st.composite
def solved_4x4(draw: st.DrawFn) -> Matrix:
    """Solved 4x4 boards: :data:`SOLVED_4X4` relabelled, permuted and possibly transposed.

    Rows/columns are permuted within bands/stacks, and bands/stacks permuted.
    """

    def order() -> list[int]:
        bands = draw(st.permutations([0, 1]))
        return [2 * b + i for b in bands for i in draw(st.permutations([0, 1]))]

    labels = draw(st.permutations("1234"))
    rs, cs = order(), order()
    flip = draw(st.booleans())
    cells = [
        labels[int(SOLVED_4X4[(c if flip else r) * 4 + (r if flip else c)]) - 1]
        for r in rs
        for c in cs
    ]
    return cut(4, cells)


@st.composite
def opened_boards(
    draw: st.DrawFn, max_open: int = 8, min_open: int = 0, budget: int = 1024
) -> Board:
    """4x4 choice matrices: a solved board with ``min_open..max_open`` open cells.

    The open cells hold several choices (usually including the solution's digit), the
    others singletons.

    The number of grids ``expand`` makes is kept at most ``budget``: an open cell whose
    choices would exceed it keeps only the solution's digit.
    """
    solved = draw(solved_4x4())
    k = draw(st.integers(min_open, max_open))
    opened = set(draw(st.permutations(range(16)))[:k])
    cells: list[str] = []
    product = 1
    for i, d in enumerate(ch for row in solved for ch in row):
        if i in opened:
            chosen = set(draw(st.sets(st.sampled_from("1234"), min_size=1, max_size=4)))
            if draw(st.integers(0, 4)) > 0:
                chosen.add(d)  # usually keep the solution reachable
            if product * len(chosen) > budget:
                chosen = {d}
            product *= len(chosen)
            cells.append("".join(sorted(chosen)))
        else:
            cells.append(d)
    return Board(2, cut(4, cells))


@st.composite
def pruned_puzzles(draw: st.DrawFn, budget: int = 1024) -> Board:
    """The choice matrix of a 4x4 puzzle with 6..12 blanks, after one pruning pass.

    Such a puzzle often has several solutions; open cells beyond ``budget`` are reset to
    the solution's digit.
    """
    from fsudoku import bird

    solved = draw(solved_4x4())
    k = draw(st.integers(6, 12))
    blanks = set(draw(st.permutations(range(16)))[:k])
    line = "".join("0" if i in blanks else d for i, d in enumerate(ch for r in solved for ch in r))
    m = bird.prune(bird.choices(bird.s2g(line, n=2), n=2), n=2)
    cells = [cs for row in m for cs in row]
    truth = [d for row in solved for d in row]
    product = 1
    for i, cs in enumerate(cells):
        if product * len(cs) > budget:
            cells[i] = truth[i]
        product *= len(cells[i])
    return Board(2, cut(4, cells))


def choice_boards(
    max_open: int = 8, min_open: int = 0, budget: int = 1024
) -> st.SearchStrategy[Board]:
    """4x4 choice matrices, at most ``budget`` grids each, from three sources.

    The sources: :func:`opened_boards` (solved boards with a few open cells, sometimes a
    wrong singleton), :func:`pruned_puzzles` (often several solutions) and the package's
    :func:`fsudoku.testing.strategies.choice_matrices` (up to 5 open cells, some empty).
    With ``min_open``, every matrix has at least that many open cells.
    """
    from fsudoku.testing.strategies import choice_matrices

    def open_cells(v: Board) -> int:
        return sum(len(cs) != 1 for row in v.m for cs in row)

    shared = choice_matrices(2, max_open=min(5, max_open), allow_empty=True).map(
        lambda m: Board(2, m)
    )
    others = st.one_of(pruned_puzzles(budget), shared)
    if min_open > 0:
        others = others.filter(lambda v: open_cells(v) >= min_open)
    return st.one_of(opened_boards(max_open, min_open, budget), others)
