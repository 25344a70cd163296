"""Bird's solver (fsudoku.bird): solutions, the specification, the lecture's questions.

The laws are in tests/test_laws.py; the agreement of this solver with the others on
300 sudoku17 puzzles is tested with the solver registry, not here.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator
from itertools import islice, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import SUDOKU17, first_lines

from fsudoku import bird
from fsudoku.base.oracle import is_solution
from fsudoku.bird import Grid
from fsudoku.run.registry import solve_line
from fsudoku.run.trace import run_bird
from fsudoku.testing.strategies import (
    SAMPLE_PUZZLE,
    SAMPLE_SOLUTION,
    contradictory_puzzles,
    puzzles,
    puzzles_with_solutions,
    solved_boards,
)


def line_of(g: Grid) -> str:
    """A grid's digits as one line."""
    return "".join(bird.ungroup(g))


def all_solutions(puzzle: str) -> Iterator[str]:
    """Every solution of Bird's search for a puzzle line (``.`` blanks), as lines."""
    return (line_of(g) for g in bird.solve_search(grid(puzzle)))


def lines(grids: Iterable[Grid]) -> list[str]:
    """The grids as lines of digits."""
    return [line_of(g) for g in grids]


@st.composite
def small_puzzles(draw: st.DrawFn, n: int = 2, max_blanks: int = 5) -> str:
    """Bird puzzle lines (``0`` blanks) of boxes of side ``n``, from solved boards, with
    at most ``max_blanks`` blanks (they may have several solutions)."""
    board = line_of(draw(solved_boards(n)))
    blanks = draw(st.lists(st.integers(0, len(board) - 1), max_size=max_blanks, unique=True))
    return "".join("0" if i in blanks else ch for i, ch in enumerate(board))


def grid(line: str, n: int = 3) -> Grid:
    return bird.s2g(line.replace(".", "0"), n)


# --- the sample puzzle ----------------------------------------------------------------


def test_first_solution_of_the_sample_puzzle() -> None:
    """solve''' finds the article's solution of the sample puzzle first."""
    first = next(bird.solve_search(grid(SAMPLE_PUZZLE)))
    assert line_of(first) == SAMPLE_SOLUTION


def test_sample_puzzle_has_exactly_one_solution() -> None:
    assert list(all_solutions(SAMPLE_PUZZLE)) == [SAMPLE_SOLUTION]


def test_solve_line_on_the_sample_puzzle() -> None:
    outcome = solve_line("bird", SAMPLE_PUZZLE)
    assert outcome.status == "solved"
    assert outcome.solution == SAMPLE_SOLUTION
    assert outcome.nodes > 1


# --- the solvers against the specification ------------------------------------------


@settings(max_examples=40)
@given(small_puzzles(2, max_blanks=6))
def test_search_finds_the_valid_completions_4x4(puzzle: str) -> None:
    """The solutions of solve''' are the valid completions (set), each once (bag)."""
    g = grid(puzzle, 2)
    found = lines(bird.solve_search(g, 2))
    brute = lines(g for g in bird.completions(g, 2) if bird.valid(g, 2))
    assert brute, puzzle  # a blanked solved board has a solution
    assert sorted(found) == sorted(brute), (found, brute)


@settings(max_examples=40)
@given(small_puzzles(2, max_blanks=5))
def test_every_solver_agrees_with_the_specification_4x4(puzzle: str) -> None:
    """solve, solve', solve'' and solve''' find the same solutions (as sets)."""
    g = grid(puzzle, 2)
    spec = set(lines(bird.solve(g, 2)))
    assert set(lines(bird.solve_pruned(g, 2))) == spec
    assert set(lines(bird.solve_many_pruned(g, 2))) == spec
    assert set(lines(bird.solve_search(g, 2))) == spec


def check_against_completions(puzzle: str, solution: str) -> None:
    """solve''''s solutions are the valid completions (set), each found once."""
    g = grid(puzzle)
    found = list(all_solutions(puzzle))
    brute = set(lines(g for g in bird.completions(g) if bird.valid(g)))
    assert solution in brute
    assert len(found) == len(set(found))
    assert set(found) == brute, (found, brute)


@settings(max_examples=6)
@given(puzzles_with_solutions(1, 4))
def test_search_finds_the_valid_completions_9x9(pair: tuple[str, str]) -> None:
    """On 9x9 puzzles with at most 4 blanks, solve''' = filter valid . completions (set)."""
    check_against_completions(*pair)


def test_search_finds_the_valid_completions_9x9_five_blanks() -> None:
    """The same with 5 blanks, once (9^5 completions: a few seconds)."""
    blanks = {0, 13, 26, 30, 80}
    puzzle = "".join("." if i in blanks else ch for i, ch in enumerate(SAMPLE_SOLUTION))
    check_against_completions(puzzle, SAMPLE_SOLUTION)


@settings(max_examples=25)
@given(puzzles(0, 55))
def test_solutions_are_valid_and_keep_the_clues(puzzle: str) -> None:
    """The first solutions of solve''' are valid grids that keep the clues."""
    for solution in islice(all_solutions(puzzle), 3):
        assert bird.valid(grid(solution)), solution
        assert is_solution(solution, puzzle), (puzzle, solution)


@settings(max_examples=25)
@given(contradictory_puzzles())
def test_contradictory_puzzles_have_no_solution(puzzle: str) -> None:
    assert list(all_solutions(puzzle)) == []
    outcome = solve_line("bird", puzzle)
    assert outcome.status == "no_solution"
    assert outcome.nodes == 1  # the first search call finds the matrix unsafe


def test_two_solutions_in_haskell_order() -> None:
    """A 4x4 puzzle with two solutions: solve''' yields both, in the Haskell's order."""
    g = grid("0034341200434321", 2)
    assert lines(bird.solve_search(g, 2)) == ["1234341221434321", "2134341212434321"]
    assert lines(bird.solve(g, 2)) == ["1234341221434321", "2134341212434321"]


def test_search_is_lazy() -> None:
    """The first solution of the empty grid comes without enumerating the others."""
    first = next(bird.solve_search(grid("." * 81)))
    assert is_solution(line_of(first), "." * 81)
    first_completion = next(bird.completions(grid("." * 81)))
    assert line_of(first_completion) == "1" * 81


def test_search_does_no_work_until_a_solution_is_asked_for() -> None:
    """The lecture's "49000 grids in under a second": building the searches of many
    puzzles explores nothing (laziness); only asking for a solution does."""
    bird.prune_row.cache_clear()
    pending = [bird.search(bird.choices(grid(SAMPLE_PUZZLE))) for _ in range(500)]
    assert bird.prune_row.cache_info().misses == 0  # no row pruned yet
    next(pending[0])
    assert bird.prune_row.cache_info().misses > 0


def test_search_recursion_stays_shallow() -> None:
    """Search depth is bounded by the open cells (81): fine under a low recursion limit."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(250)
    try:
        assert solve_line("bird", "." * 81).status == "solved"
    finally:
        sys.setrecursionlimit(limit)


# --- command-line adapters -------------------------------------------------------------


def test_solve_line_counts_search_calls() -> None:
    found, stats = run_bird(bird.choices(grid(SAMPLE_PUZZLE)))
    assert next(found) == next(bird.search(bird.choices(grid(SAMPLE_PUZZLE))))
    assert solve_line("bird", SAMPLE_PUZZLE).nodes == stats.nodes > 1


def test_solve_line_gives_up_at_the_node_bound() -> None:
    needed = solve_line("bird", SAMPLE_PUZZLE).nodes
    assert solve_line("bird", SAMPLE_PUZZLE, max_nodes=needed).status == "solved"
    gave_up = solve_line("bird", SAMPLE_PUZZLE, max_nodes=needed - 1)
    assert gave_up.status == "gave_up"
    assert gave_up.nodes == needed - 1
    assert gave_up.solution is None


@settings(max_examples=15)
@given(puzzles_with_solutions(0, 3))
def test_naive_solver_agrees_with_search(pair: tuple[str, str]) -> None:
    """On puzzles with at most 3 blanks the naive solver finds solve''''s first solution
    (both are unique there) and counts the completions it examined."""
    puzzle, solution = pair
    naive = solve_line("bird-naive", puzzle)
    assert naive.status == "solved"
    assert naive.solution == solution == solve_line("bird", puzzle).solution
    assert 1 <= naive.nodes <= 9 ** puzzle.count(".")


def test_naive_solver_outcomes() -> None:
    no_blank = solve_line("bird-naive", SAMPLE_SOLUTION)
    assert (no_blank.status, no_blank.solution, no_blank.nodes) == ("solved", SAMPLE_SOLUTION, 1)
    broken = "11" + SAMPLE_SOLUTION[2:79] + ".."
    assert solve_line("bird-naive", broken) == solve_line("bird-naive", broken, max_nodes=81)
    assert solve_line("bird-naive", broken).status == "no_solution"
    assert solve_line("bird-naive", broken).nodes == 81
    assert solve_line("bird-naive", broken, max_nodes=80).status == "gave_up"
    assert solve_line("bird-naive", SAMPLE_PUZZLE, max_nodes=1000).status == "gave_up"


def test_all_solutions_of_a_puzzle_with_two() -> None:
    """Blanking a rectangle of the sample solution whose two digits can swap (a b / b a,
    rows in one band) leaves two solutions: all_solutions finds both, once each."""
    rectangles = [
        {r1 * 9 + c1, r1 * 9 + c2, r2 * 9 + c1, r2 * 9 + c2}
        for r1, r2, c1, c2 in product(range(9), repeat=4)
        if r1 < r2
        and c1 < c2
        and r1 // 3 == r2 // 3
        and SAMPLE_SOLUTION[r1 * 9 + c1] == SAMPLE_SOLUTION[r2 * 9 + c2]
        and SAMPLE_SOLUTION[r1 * 9 + c2] == SAMPLE_SOLUTION[r2 * 9 + c1]
    ]
    assert rectangles
    puzzle = "".join("." if i in rectangles[0] else ch for i, ch in enumerate(SAMPLE_SOLUTION))
    found = list(all_solutions(puzzle))
    assert SAMPLE_SOLUTION in found
    assert len(found) == len(set(found)) == 2
    assert all(is_solution(s, puzzle) for s in found)


# --- the lecture's questions -----------------------------------------------------------


def test_cp_of_no_lists_is_the_unit() -> None:
    """cp [] = [[]]: one way to choose from no lists; the unit of the product."""
    assert list(bird.cp([])) == [()]
    assert list(bird.cp([[1, 2, 3], [2], [1, 3]])) == [
        (1, 2, 1),
        (1, 2, 3),
        (2, 2, 1),
        (2, 2, 3),
        (3, 2, 1),
        (3, 2, 3),
    ]


def test_expand1_r1_empty_choice_gives_no_matrix() -> None:
    """(R1) expand1 on a matrix with an empty choice returns []."""
    m = (("12", "3"), ("", "456"))
    assert bird.expand1(m) == []
    assert list(bird.expand(m)) == []


def test_expand1_r2_singletons_only_is_an_error() -> None:
    """(R2) expand1 on a matrix of singletons fails (minimum [])."""
    with pytest.raises(ValueError, match=r"minimum \[\]"):
        bird.expand1(bird.choices(grid(SAMPLE_SOLUTION)))


def test_cols_of_the_empty_matrix_is_undefined() -> None:
    with pytest.raises(ValueError, match="cols"):
        bird.cols(())


@pytest.mark.parametrize("n", [0, 4])
def test_digits_need_one_character_each(n: int) -> None:
    # boards of 1, 4 or 9 digits only: no digit at all, or more than '9', is refused
    with pytest.raises(ValueError, match="one-character digits"):
        bird.digits(n)
    assert bird.digits(1) == "1"


def test_group_of_zero_terminates_only_on_the_empty_list() -> None:
    # group 0 [] = []; group 0 xs loops forever in Haskell for any non-empty xs
    assert bird.group(0, []) == ()
    for k, xs in ((0, "a"), (0, "abc"), (-1, "ab")):
        with pytest.raises(ValueError, match="does not terminate"):
            bird.group(k, xs)


def test_the_default_box_side_is_three() -> None:
    # every function with a box side n works on 9x9 boards when n is not given
    line = "0" + SAMPLE_SOLUTION[1:40] + "0" + SAMPLE_SOLUTION[41:]
    g = grid(line)
    assert lines(bird.solve(g)) == lines(bird.solve_pruned(g)) == [SAMPLE_SOLUTION]
    assert lines(bird.solve_many_pruned(g)) == [SAMPLE_SOLUTION]
    first_box = [SAMPLE_SOLUTION[r * 9 + c] for r in range(3) for c in range(3)]
    assert list(bird.boxs(grid(SAMPLE_SOLUTION))[0]) == first_box
    # a lone 5 in the third row and column: pruned from its 3x3 box, not beyond
    pruned = bird.prune(bird.choices(grid("0" * 20 + "5" + "0" * 60)))
    assert pruned[0][0] == "12346789" and pruned[3][3] == "123456789", pruned
    assert bird.safe(bird.choices(grid(SAMPLE_SOLUTION)))
    # a 3 twice in the first box, in different rows and columns: only boxes catch it
    assert not bird.safe(bird.choices(grid("3" + "0" * 19 + "3" + "0" * 60)))
    found = bird.search_with(bird.search)(bird.choices(grid(SAMPLE_PUZZLE)))
    assert line_of(next(found)) == SAMPLE_SOLUTION


def test_valid_needs_every_box_valid() -> None:
    # columns 1 and 4 swapped: rows and columns still hold each digit once, but the
    # boxes of the first two stacks do not (those of the third stack still do)
    rows = [SAMPLE_SOLUTION[r * 9 : r * 9 + 9] for r in range(9)]
    swapped = "".join(row[3] + row[1:3] + row[0] + row[4:] for row in rows)
    g = grid(swapped)
    assert all(bird.nodups(r) for r in bird.rows(g)) and all(bird.nodups(c) for c in bird.cols(g))
    assert any(bird.nodups(b) for b in bird.boxs(g))
    assert not bird.valid(g)
    assert bird.valid(grid(SAMPLE_SOLUTION))


def test_extract_takes_the_head_of_each_cell() -> None:
    # extract = map (map head), whatever the cells hold
    assert bird.extract((("123", "4"), ("56", "7"))) == (("1", "4"), ("5", "7"))


class Counted:
    """A value that counts the equality tests made on it."""

    tests = 0

    def __init__(self, value: int) -> None:
        self.value = value

    def __eq__(self, other: object) -> bool:
        Counted.tests += 1
        return isinstance(other, Counted) and self.value == other.value

    __hash__ = None  # type: ignore[assignment]


@pytest.mark.parametrize("k", [0, 1, 2, 5, 9])
def test_nodups_makes_quadratically_many_comparisons(k: int) -> None:
    """nodups compares each element with every later one: k(k-1)/2 tests, no duplicates."""
    Counted.tests = 0
    assert bird.nodups([Counted(v) for v in range(k)])
    assert Counted.tests == k * (k - 1) // 2


def test_many_is_a_loop() -> None:
    """many needs no recursion: 100000 steps to the fixpoint."""
    assert bird.many(lambda x: max(x - 1, 0), 100_000) == 0


def test_faithful_solvers_order_matches_expand1_order() -> None:
    """expand1 keeps the choices' order: the children of a split come in digit order."""
    m = (("1", "23"), ("456", "78"))
    assert [x[0][1] for x in bird.expand1(m)] == ["2", "3"]


# --- sudoku17 --------------------------------------------------------------------------


def test_first_sudoku17_puzzles() -> None:
    """The first two sudoku17 puzzles (the cheapest to search) are solved correctly."""
    for puzzle in first_lines(SUDOKU17, 2):
        outcome = solve_line("bird", puzzle)
        assert outcome.solution is not None and is_solution(outcome.solution, puzzle), puzzle


@pytest.mark.corpus
def test_first_30_sudoku17_puzzles() -> None:
    """The first 30 sudoku17 puzzles are solved correctly (a valid grid keeping the clues).

    About 50 s of CPU on this port; the 300-puzzle agreement with the other solvers is
    tested elsewhere.
    """
    for puzzle in first_lines(SUDOKU17, 30):
        outcome = solve_line("bird", puzzle)
        assert outcome.solution is not None and is_solution(outcome.solution, puzzle), puzzle
