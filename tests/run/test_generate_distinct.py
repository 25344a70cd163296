"""``generate(n, ...)`` gives exactly ``n`` distinct puzzles however often its draws
repeat, and ``is_minimal`` says no to a puzzle one of whose clues can go.

Repeated draws are made certain by a source of solved grids that repeats itself
(:func:`fsudoku.run.generate.random_grid` replaced); with ``clues=81`` a puzzle is its
grid, so the draws are the puzzles.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from fsudoku.grid_io import SAMPLE
from fsudoku.run import generate
from fsudoku.testing.strategies import SAMPLE_SOLUTION


def grids() -> list[str]:
    """Three solved grids: the sample's, with its digits renamed twice."""
    rename = str.maketrans("123456789", "234567891")
    second = SAMPLE_SOLUTION.translate(rename)
    return [SAMPLE_SOLUTION, second, second.translate(rename)]


@pytest.fixture
def repeating(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Grids drawn in this order: A, A, B, A, B, C, A, C; then no more (a test that asks
    for one more fails at once instead of drawing for ever)."""
    a, b, c = grids()
    draws: Iterator[str] = iter([a, a, b, a, b, c, a, c])

    def drawn(rng: object) -> str:
        try:
            return next(draws)
        except StopIteration:
            raise AssertionError("more draws than the test has") from None

    monkeypatch.setattr(generate, "random_grid", drawn)
    return [a, b, c]


@pytest.mark.parametrize("n", [1, 2, 3])
def test_n_distinct_puzzles_however_the_draws_repeat(repeating: list[str], n: int) -> None:
    assert generate.generate(n, clues=81, seed=0) == repeating[:n]


def test_the_stream_of_puzzles_never_repeats_one(repeating: list[str]) -> None:
    stream = generate.iter_puzzles(None, clues=81, seed=0)
    assert [next(stream) for _ in range(3)] == repeating


def test_the_three_grids_are_distinct_solved_grids() -> None:
    from fsudoku.base.oracle import is_solution

    a, b, c = grids()
    assert len({a, b, c}) == 3
    assert all(is_solution(g, "." * 81) for g in (a, b, c))


def with_clue(puzzle: str, cell: int) -> str:
    """``puzzle`` with the solution's digit in ``cell`` added as a clue."""
    return puzzle[:cell] + SAMPLE_SOLUTION[cell] + puzzle[cell + 1 :]


def test_the_sample_is_minimal() -> None:
    assert generate.is_minimal(SAMPLE)


@pytest.mark.parametrize("where", ["first", "last"])
def test_a_unique_puzzle_with_a_clue_that_can_go_is_not_minimal(where: str) -> None:
    blanks = [i for i, c in enumerate(SAMPLE) if c == "."]
    puzzle = with_clue(SAMPLE, blanks[0] if where == "first" else blanks[-1])
    assert generate.is_unique(puzzle)
    assert not generate.is_minimal(puzzle)
