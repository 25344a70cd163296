"""Every solver of fsudoku gives the same answer on every puzzle with one solution."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from support import SUDOKU17, first_lines

from fsudoku import count_solutions, solve_many
from fsudoku.base.names import SOLVERS, Engine
from fsudoku.base.oracle import is_solution
from fsudoku.pe96 import dlx
from fsudoku.run import registry
from fsudoku.run.registry import FAST_SOLVERS
from fsudoku.testing.strategies import puzzles_with_solutions

BIRD_DEFAULT = 10
"""Bird's solver takes about 1 s per sudoku17 puzzle here: the default run checks the
first 10; ``pytest -m corpus`` checks the first 300."""


@settings(max_examples=20)
@given(pair=puzzles_with_solutions(max_blanks=45))
def test_every_solver_and_engine_finds_the_one_solution(pair: tuple[str, str]) -> None:
    # solve p == the solution of p, for every solver, when p has exactly one solution
    puzzle, solution = pair
    assume(count_solutions(puzzle, limit=2) == 1)
    answers: dict[str, str | None] = {}
    for name in SOLVERS:
        if name == "bird-naive":
            continue
        answers[name] = next(solve_many([puzzle], name)).solution
    for name in sorted(FAST_SOLVERS):
        answers[f"{name} fast"] = next(solve_many([puzzle], name, engine="fast")).solution
    assert set(answers.values()) == {solution}, answers


def _agree_on_sudoku17(names: list[str], count: int) -> None:
    puzzles = first_lines(SUDOKU17, count)
    expected = [dlx.first_solution(p).solution for p in puzzles]
    assert all(s is not None and is_solution(s, p) for s, p in zip(expected, puzzles, strict=True))
    for name in names:
        engine: Engine = "fast" if name.endswith(" fast") else "reference"
        solver = registry.record(name.removesuffix(" fast")).solver
        got = [o.solution for o in solve_many(puzzles, solver, engine=engine)]
        mismatches = [p for p, g, e in zip(puzzles, got, expected, strict=True) if g != e]
        assert not mismatches, (name, mismatches[:3])


def test_sudoku17_first_300_all_but_bird() -> None:
    # exclusives, exclusives-sets (reference and fast), dlx, norvig: one answer each
    _agree_on_sudoku17(
        ["exclusives", "exclusives-sets", "norvig", "exclusives fast", "exclusives-sets fast"], 300
    )


def test_sudoku17_bird_agrees_with_exclusives_first_10() -> None:
    _agree_on_sudoku17(["bird", "exclusives"], BIRD_DEFAULT)


@pytest.mark.corpus
def test_sudoku17_bird_and_mrv_agree_first_300() -> None:
    # the two slow solvers (about 1 s and 0.1 s per 17-clue puzzle), unbounded
    _agree_on_sudoku17(["bird", "mrv"], 300)
