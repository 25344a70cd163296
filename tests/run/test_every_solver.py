"""What every solver of the registry must do, on every engine it has: solutions that
keep the clues, node bounds that mean the same everywhere, the same outcomes for the
sample, a solved grid, a line that is not a puzzle and a clash; and the same answer as
every other solver on a puzzle with one solution."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from support import QUICK, SUDOKU17, first_lines

import fsudoku
from fsudoku import count_solutions, solve_many
from fsudoku.base.names import ENGINES, SOLVERS, Engine, SolverName
from fsudoku.base.oracle import is_solution
from fsudoku.base.outcome import Outcome
from fsudoku.run import registry
from fsudoku.run.registry import FAST_SOLVERS
from fsudoku.testing.strategies import (
    SAMPLE_PUZZLE,
    SAMPLE_SOLUTION,
    puzzles,
    puzzles_with_solutions,
)

RUNS = [
    (solver, engine)
    for solver in SOLVERS
    for engine in ENGINES
    if engine in registry.REGISTRY[solver].engines
]
"""Each solver with each of its engines."""

IDS = [f"{solver}-{engine}" for solver, engine in RUNS]

BLANKS = {"bird-naive": 4}
"""The most blanks a solver is given here (bird-naive tries up to 9^blanks completions)."""

ROOM = 20_000
"""A node bound no puzzle drawn here needs (a search that would is left out)."""


@pytest.mark.parametrize(("solver", "engine"), RUNS, ids=IDS)
@settings(max_examples=12)
@given(data=st.data())
def test_a_solution_is_a_solution_that_keeps_the_clues(
    solver: SolverName, engine: Engine, data: st.DataObject
) -> None:
    # is_solution (solve p) p, for a puzzle made from a solved grid
    puzzle = data.draw(puzzles(0, BLANKS.get(solver, 81)), label="puzzle")
    outcome = fsudoku.solve(puzzle, solver, engine=engine, max_nodes=ROOM)
    assume(outcome.status != "gave_up")
    assert outcome.solution is not None, outcome
    assert is_solution(outcome.solution, puzzle), (outcome.solution, puzzle)


@pytest.mark.parametrize(("solver", "engine"), RUNS, ids=IDS)
@settings(max_examples=12)
@given(data=st.data())
def test_a_node_bound_gives_up_exactly_past_it(
    solver: SolverName, engine: Engine, data: st.DataObject
) -> None:
    # solve p b = solve p   if nodes (solve p) <= b,   gave_up b   otherwise
    most = BLANKS.get(solver, 81)
    puzzle = data.draw(puzzles(min(20, most), most), label="puzzle")
    bound = data.draw(st.integers(0, 80), label="bound")
    free = fsudoku.solve(puzzle, solver, engine=engine, max_nodes=ROOM)
    assume(free.status != "gave_up")
    bounded = fsudoku.solve(puzzle, solver, engine=engine, max_nodes=bound)
    expected = free if free.nodes <= bound else Outcome.gave_up(bound)
    assert bounded == expected, (bounded, expected)


@pytest.mark.parametrize(("solver", "engine"), RUNS, ids=IDS)
def test_a_puzzle_a_solved_grid_a_clash_and_a_line_that_is_no_puzzle(
    solver: SolverName, engine: Engine
) -> None:
    near = SAMPLE_SOLUTION[:77] + "...."  # bird-naive tries 9^4 completions at most
    puzzle = near if solver == "bird-naive" else QUICK  # the sample's solution
    assert fsudoku.solve(puzzle, solver, engine=engine).solution == SAMPLE_SOLUTION
    solved = fsudoku.solve(SAMPLE_SOLUTION, solver, engine=engine)
    assert (solved.status, solved.solution, solved.engine) == ("solved", SAMPLE_SOLUTION, engine)
    for line in ("x" * 81, "", SAMPLE_PUZZLE[:80], "５" + SAMPLE_PUZZLE[1:]):
        assert fsudoku.solve(line, solver, engine=engine) == Outcome.invalid(), line
    clash = fsudoku.solve("11" + SAMPLE_SOLUTION[2:], solver, engine=engine)
    assert (clash.status, clash.solution) == ("no_solution", None)


BIRD_DEFAULT = 10
"""Bird's solver takes about 1 s per sudoku17 puzzle here: ``-m slow`` checks the first
10; ``pytest -m corpus`` checks the first 300."""


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
        answers[name] = next(solve_many([puzzle], name, engine="reference")).solution
    for name in sorted(FAST_SOLVERS):
        answers[f"{name} fast"] = next(solve_many([puzzle], name, engine="fast")).solution
    assert set(answers.values()) == {solution}, answers


def _agree_on_sudoku17(names: list[str], count: int) -> None:
    puzzles = first_lines(SUDOKU17, count)
    expected = [registry.solve_line("dlx", p).solution for p in puzzles]
    assert all(s is not None and is_solution(s, p) for s, p in zip(expected, puzzles, strict=True))
    for name in names:
        engine: Engine = "fast" if name.endswith(" fast") else "reference"
        solver = registry.record(name.removesuffix(" fast")).solver
        got = [o.solution for o in solve_many(puzzles, solver, engine=engine)]
        mismatches = [p for p, g, e in zip(puzzles, got, expected, strict=True) if g != e]
        assert not mismatches, (name, mismatches[:3])


@pytest.mark.slow
def test_sudoku17_first_300_all_but_bird() -> None:
    # exclusives, exclusives-sets (reference and fast), dlx, norvig: one answer each
    _agree_on_sudoku17(
        ["exclusives", "exclusives-sets", "norvig", "exclusives fast", "exclusives-sets fast"], 300
    )


@pytest.mark.slow
def test_sudoku17_bird_agrees_with_exclusives_first_10() -> None:
    _agree_on_sudoku17(["bird", "exclusives"], BIRD_DEFAULT)


@pytest.mark.corpus
def test_sudoku17_bird_and_mrv_agree_first_300() -> None:
    # the two slow solvers (about 1 s and 0.1 s per 17-clue puzzle), unbounded
    _agree_on_sudoku17(["bird", "mrv"], 300)
