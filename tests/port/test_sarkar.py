"""Sarkar #1 and #2: the reference port's properties, the erratum, the sample corpus."""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from returns.iterables import Fold
from returns.maybe import Maybe, Nothing, Some
from support import QUICK, SUDOKU17, first_lines

from fsudoku import erratum, sarkar1, sarkar2
from fsudoku.base.names import SolverName
from fsudoku.base.oracle import is_solution
from fsudoku.cell import Cell, Fixed, Grid, Possible
from fsudoku.fp import alt, fix_m, traverse
from fsudoku.grid_io import (
    SAMPLE,
    read_grid,
    show_grid,
    show_grid_with_possibilities,
    show_line,
    show_possibilities_row,
)
from fsudoku.run.registry import PRUNE_CELLS
from fsudoku.run.trace import SarkarEvents, run_sarkar
from fsudoku.testing.strategies import (
    SAMPLE_SOLUTION,
    contradictory_puzzles,
    puzzles_with_solutions,
    solved_grids,
)
from fsudoku.tz import transpose

RULES = PRUNE_CELLS


def grid_of(line: str) -> Grid:
    return read_grid(line).unwrap()


def digits_of(cell: Cell) -> frozenset[int]:
    return frozenset([cell.value]) if isinstance(cell, Fixed) else frozenset(cell.values)


# --- the functional helpers --------------------------------------------------------

maybe_ints = st.one_of(st.just(Nothing), st.integers(-5, 5).map(Some))


@given(st.lists(maybe_ints, max_size=12))
def test_traverse_agrees_with_fold_collect(items: list[Maybe[int]]) -> None:
    # traverse id xs == Fold.collect xs (as lists)
    left = traverse(lambda m: m, items)
    right = Fold.collect(items, Some(())).map(tuple)
    assert left == right, (left, right)


def test_traverse_short_circuits() -> None:
    seen: list[int] = []

    def f(n: int) -> Maybe[int]:
        seen.append(n)
        return Nothing if n == 2 else Some(n)

    assert traverse(f, [1, 2, 3, 4]) == Nothing
    assert seen == [1, 2]


def test_traverse_gives_a_tuple_of_the_results_in_order() -> None:
    # traverse f xs = Just ys, ys the results in order, as a tuple whatever xs is
    cells = (Fixed(1), Possible((2, 3)), Fixed(4))
    assert traverse(Some, cells).unwrap() == cells
    kept = traverse(Some, list(cells)).unwrap()
    assert kept == cells and type(kept) is tuple
    changed = traverse(lambda c: Some(Fixed(2)) if c == Possible((2, 3)) else Some(c), cells)
    assert changed.unwrap() == (Fixed(1), Fixed(2), Fixed(4))


def test_alt_does_not_evaluate_the_second_branch_after_a_success() -> None:
    calls: list[str] = []

    def second() -> Maybe[int]:
        calls.append("second")
        return Some(2)

    assert alt(Some(1), second) == Some(1)
    assert calls == []
    assert alt(Nothing, second) == Some(2)
    assert calls == ["second"]


@given(st.integers(0, 200), st.integers(1, 7))
def test_fix_m_returns_a_fixpoint(start: int, step: int) -> None:
    # fixM f x >>= \y -> f y == Just y
    def f(n: int) -> Maybe[int]:
        return Some(max(n - step, n // 2 if n > 50 else 0))

    result = fix_m(f, start).unwrap()
    assert f(result) == Some(result), (f(result), result)


def test_fix_m_stops_at_the_first_repeat_and_handles_long_chains() -> None:
    # a chain longer than Python's recursion limit: fix_m is a loop
    assert fix_m(lambda n: Some(n - 1 if n > 0 else 0), 50_000) == Some(0)


def test_fix_m_returns_the_value_it_was_given_at_the_fixpoint() -> None:
    # at the fixpoint fixM returns its argument (the value f was given), not the equal
    # value f made from it
    start = [1, 2, 3]
    assert fix_m(lambda v: Some(list(v)), start).unwrap() is start
    first, again = [1, 2], [1, 2]
    steps = iter([first, again])
    assert fix_m(lambda v: Some(next(steps)), [1]).unwrap() is first


def test_cells_are_values() -> None:
    # deriving (Eq): cells equal by their digits, usable as keys, and never changed in place
    for cell, copy, field in (
        (Fixed(3), Fixed(3), "value"),
        (Possible((2, 9)), Possible((2, 9)), "values"),
    ):
        assert cell == copy and hash(cell) == hash(copy) and len({cell, copy}) == 1
        with pytest.raises(dataclasses.FrozenInstanceError):
            setattr(cell, field, getattr(copy, field))


def test_cells_carry_no_instance_dictionary() -> None:
    # slotted cells: a grid holds 81 of them, thousands of grids a search
    for cell in (Fixed(3), Possible((2, 9))):
        assert not hasattr(cell, "__dict__"), type(cell)


def test_a_fixed_zero_prunes_no_digit() -> None:
    # Haskell's Fixed 0 is a cell like any other: pruneCells takes [0] away, which removes
    # nothing from the other cells' digits
    cells = (Fixed(0), Possible((1, 2)), Possible((1, 9)))
    assert sarkar1.prune_cells(cells) == Some(cells)


# --- reading and showing -------------------------------------------------------------


@given(solved_grids())
def test_read_grid_show_round_trip(line: str) -> None:
    # showLine <$> readGrid s == Just s, and showGrid shows the same digits
    grid = grid_of(line)
    assert show_line(grid) == line, (show_line(grid), line)
    shown = show_grid(grid).replace(" ", "").replace("\n", "")
    assert shown == line, (shown, line)


@pytest.mark.parametrize(
    "line",
    [
        "",
        "." * 80,
        "." * 82,
        "0" * 81,
        "x" + "." * 80,
        "５" + "." * 80,  # a fullwidth digit: str.isdigit says yes, Data.Char.isDigit no
        "٣" + "." * 80,  # an Arabic-Indic digit
        " " + "." * 80,
    ],
)
def test_read_grid_rejects_what_haskell_rejects(line: str) -> None:
    assert read_grid(line) == Nothing


@given(solved_grids())
def test_transpose_and_sub_grids_to_rows_are_involutions(line: str) -> None:
    # transpose . transpose = id; subGridsToRows . subGridsToRows = id (list equality)
    grid = grid_of(line)
    assert transpose(transpose(grid)) == grid
    left, right = sarkar1.sub_grids_to_rows(sarkar1.sub_grids_to_rows(grid)), grid
    assert left == right, (left, right)


def test_show_grid_with_possibilities_keeps_the_haskell_padding() -> None:
    # A fixed cell shows as its digit padded with ten spaces (Sarkar #1's showCell),
    # the last cell of a line included.
    text = show_grid_with_possibilities(grid_of(SAMPLE))
    lines = text.split("\n")
    assert lines[0].endswith("1           [123456789]")
    assert lines[3].endswith("7" + " " * 10)
    assert all(len(line) == 9 * 11 + 8 for line in lines[:9])


# --- pruning ---------------------------------------------------------------------------


@pytest.mark.parametrize("rule", sorted(RULES))
@settings(max_examples=40)
@given(pair=puzzles_with_solutions(max_blanks=60))
def test_prune_grid_only_removes_digits_and_keeps_the_solution(
    rule: SolverName, pair: tuple[str, str]
) -> None:
    # every cell of pruneGrid g is a subset of g's cell, and holds the solution's digit
    puzzle, solution = pair
    grid = grid_of(puzzle)
    settled = sarkar1.prune_grid(grid, RULES[rule])
    assert settled != Nothing, puzzle
    for i, (before, after) in enumerate(
        zip(
            (c for row in grid for c in row),
            (c for row in settled.unwrap() for c in row),
            strict=True,
        )
    ):
        assert digits_of(after) <= digits_of(before), (i, before, after)
        assert int(solution[i]) in digits_of(after), (i, solution[i], after)


@pytest.mark.parametrize("rule", sorted(RULES))
@settings(max_examples=25)
@given(pair=puzzles_with_solutions(max_blanks=50))
def test_solve_returns_a_valid_grid_keeping_the_clues(
    rule: SolverName, pair: tuple[str, str]
) -> None:
    # solve g == Just g' where g' is filled, valid, and keeps every clue of g
    puzzle, _ = pair
    result = sarkar1.solve(grid_of(puzzle), RULES[rule])
    assert result != Nothing, puzzle
    solution = result.unwrap()
    assert sarkar1.is_grid_filled(solution)
    assert not sarkar1.is_grid_invalid(solution)
    assert is_solution(show_line(solution), puzzle), (show_line(solution), puzzle)


@pytest.mark.parametrize("rule", sorted(RULES))
@settings(max_examples=25)
@given(puzzle=contradictory_puzzles(max_blanks=45))
def test_solve_returns_nothing_without_a_solution(rule: SolverName, puzzle: str) -> None:
    # solve g == Nothing when a unit repeats a clue
    assert sarkar1.solve(grid_of(puzzle), RULES[rule]) == Nothing, puzzle


def test_solve_counts_every_call_including_dead_branches() -> None:
    # QUICK needs more than one node under #1; every node is a call of solve
    result, stats = run_sarkar(grid_of(QUICK), sarkar1.prune_cells)
    assert show_line(result.unwrap()) == SAMPLE_SOLUTION
    assert result == sarkar1.solve(grid_of(QUICK))
    traced, counted = run_sarkar(grid_of(QUICK), sarkar1.prune_cells, events=SarkarEvents())
    assert traced == result and counted.nodes == stats.nodes > 1
    assert counted.backtracks >= 1


def test_max_nodes_bounds_the_search() -> None:
    from fsudoku.base.outcome import GaveUp

    with pytest.raises(GaveUp) as stop:
        run_sarkar(grid_of("." * 81), sarkar2.prune_cells, max_nodes=3)
    assert stop.value.nodes == 3


def test_next_grids_pivot_is_the_first_fewest_possibilities_cell() -> None:
    # minimumBy returns the first minimum: row-major order breaks ties
    article = "6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
    settled = sarkar1.prune_grid(grid_of(article), sarkar1.prune_cells).unwrap()
    grid1, grid2 = sarkar1.next_grids(settled)
    assert grid1[3][0] == Fixed(2) and grid2[3][0] == Fixed(9)
    assert settled[3][0] == Possible((2, 9))


def test_fix_cell_refuses_a_cell_with_fewer_than_two_possibilities() -> None:
    # fixCell _ = error "Impossible case": a fixed cell, or a cell with no digit left
    for cell in (Fixed(4), Possible(())):
        with pytest.raises(ValueError, match="Impossible case"):
            sarkar1.fix_cell((0, cell))
    # a single digit left: Fixed x and Possible [] (the second equation, x:xs with xs = [])
    assert sarkar1.fix_cell((5, Possible((7,)))) == (5, Fixed(7), Possible(()))


# --- #2: exclusives and the erratum ---------------------------------------------------


def test_the_example_rows_are_the_articles() -> None:
    # the sample row of "A Little Forward, a Little Backward" (as its comments show it)
    # and the Twins row of "Singles, Twins and Triplets" (as showGridWithPossibilities)
    sample = (
        "[Possible [4,6,9], Fixed 1, Fixed 5, Possible [6,9], Fixed 7, Possible [2,3,6,8,9], "
        "Possible [6,9], Possible [2,3,6,8,9], Possible [2,3,6,8,9]]"
    )
    assert repr(list(sarkar2.SAMPLE_ROW)) == sample
    twins = (
        "[1  4    9] 3           [1  4567 9] [1  4   89] [1  4 6 89] [1  4 6 89] [1  4   89] "
        "2           [1  456789]"
    )
    assert show_possibilities_row(sarkar2.TWINS_ROW) == twins


def test_erratum_grid_functions_use_the_set_comparing_rule() -> None:
    # pruneGrid and solve over the sorted groups: the same as #1's over prune_cells_sets,
    # and on this puzzle the settled grid differs from #2's as published
    line = "...3.9...9....4.5..43.2..6...1.......2....93.39.6.1...7..1..8......82.....5....4."
    grid = grid_of(line)
    settled = erratum.prune_grid_sets(grid)
    assert settled == sarkar1.prune_grid(grid, erratum.prune_cells_sets) != Nothing
    assert settled != sarkar2.prune_grid(grid)
    solved = erratum.solve_sets(grid)
    assert solved == sarkar1.solve(grid, erratum.prune_cells_sets)
    assert is_solution(show_line(solved.unwrap()), line)


def test_exclusive_possibilities_of_the_article_sample_row() -> None:
    left, right = sarkar2.exclusive_possibilities(sarkar2.SAMPLE_ROW), [[4], [8, 3, 2]]
    assert left == right, (left, right)


def test_exclusive_possibilities_numbers_the_cells_as_zip_1_to_9_does() -> None:
    # zip [1..9] cells: a shorter list is numbered as far as it goes, a longer one is cut
    # after its ninth cell (the tenth cell's 1 and 2 would break the group of cells 1 and 9)
    pair = Possible((1, 2))
    short = (pair, pair, Possible((3, 4)))
    assert sarkar2.exclusive_possibilities(short) == [[2, 1]]
    long: tuple[Cell, ...] = (pair, *(Fixed(d) for d in range(3, 10)), pair, pair)
    assert sarkar2.exclusive_possibilities(long) == [[2, 1]]


def test_erratum_twins_prune_only_in_the_sets_variant() -> None:
    # The article's twins row: 5 and 7 only in cells 3 and 9.
    row = sarkar2.TWINS_ROW
    assert sarkar2.exclusive_possibilities(row) == [[7, 5]]
    published = sarkar2.prune_cells(row).unwrap()
    intended = erratum.prune_cells_sets(row).unwrap()
    assert published == row, published
    assert intended[2] == Possible((5, 7)) and intended[8] == Possible((5, 7)), intended
    assert [intended[i] for i in (0, 1, 3, 4, 5, 6, 7)] == [row[i] for i in (0, 1, 3, 4, 5, 6, 7)]


def test_erratum_a_single_is_left_alone_when_the_cell_holds_a_twin_digit() -> None:
    # 4 only in cell 1; 2 and 3 only in cells 1 and 2 (a twin): cell 1's intersection
    # with all the groups' digits is [2,3,4], which is no group, so nothing prunes.
    row: tuple[Cell, ...] = (
        Possible((2, 3, 4, 5)),
        Possible((2, 3, 6)),
        *(Possible((5, 6, 7, 8, 9)),) * 7,
    )
    assert sarkar2.exclusive_possibilities(row) == [[4], [3, 2]]
    assert sarkar2.prune_cells_by_exclusives(row) == Some(row)
    # the sets variant prunes the twin cell 2 to [2,3]; cell 1's [2,3,4] is still no group
    pruned = erratum.prune_cells_by_exclusives_sets(row).unwrap()
    assert pruned == (row[0], Possible((2, 3)), *row[2:]), pruned


def test_four_digits_in_the_same_four_cells_are_no_group() -> None:
    # n < 4: a quad (1-4 only in cells 1-4) is dropped, so the Single 5 of cell 1 is
    # that cell's whole intersection with the groups' digits, and fixes it
    row: tuple[Cell, ...] = (
        Possible((1, 2, 3, 4, 5)),
        *(Possible((1, 2, 3, 4)),) * 3,
        *(Possible((6, 7, 8, 9)),) * 5,
    )
    assert sarkar2.exclusive_possibilities(row) == [[5]]
    assert sarkar2.prune_cells_by_exclusives(row) == Some((Fixed(5), *row[1:]))


def test_a_unit_without_groups_is_returned_as_it_is() -> None:
    # pruneCellsByExclusives: no Exclusives -> Just cells, whatever the cells hold
    row: tuple[Cell, ...] = (Possible(()), *(Possible(tuple(range(1, 10))),) * 8)
    assert sarkar2.exclusive_possibilities(row) == []
    assert sarkar2.prune_cells_by_exclusives(row) == Some(row)


def test_two_digits_unique_to_one_cell_prune_nothing() -> None:
    # 1 and 2 only in cell 1: cells [1] with digits [2,1]: 1 cell, 2 digits, dropped.
    row: tuple[Cell, ...] = (Possible((1, 2, 3)), *(Possible((3, 4, 5, 6, 7, 8, 9)),) * 8)
    assert sarkar2.exclusive_possibilities(row) == []
    assert sarkar2.prune_cells_by_exclusives(row) == Some(row)


def test_footnote_6_exclusives_on_an_unsettled_row_gives_a_wrong_row() -> None:
    # Footnote 6: a row that just got a 9 fixed by pruneCellsByFixed, not run again,
    # keeps a 9 in one non-fixed cell; pruneCellsByExclusives takes it for a Single
    # and fixes it: two 9s in the row.
    row: tuple[Cell, ...] = (
        Fixed(1),
        Fixed(2),
        Fixed(3),
        Fixed(4),
        Fixed(5),
        Fixed(6),
        Possible((6, 9)),  # pruneCellsByFixed turns this into Fixed 9 ...
        Possible((8, 9)),  # ... but this 9 goes only on the next pass
        Possible((7, 8)),
    )
    unsettled = sarkar2.prune_cells_by_fixed(row).unwrap()  # one pass only
    assert unsettled == (*row[:6], Fixed(9), Possible((8, 9)), Possible((7, 8))), unsettled
    wrong = sarkar2.prune_cells_by_exclusives(unsettled).unwrap()
    assert wrong[7] == Fixed(9) and wrong[6] == Fixed(9), wrong  # two 9s: invalid
    assert sarkar1.is_invalid_row(wrong)
    settled = sarkar2.prune_cells(unsettled).unwrap()  # fixM pruneCellsByFixed first
    assert not sarkar1.is_invalid_row(settled), settled
    assert settled[7] == Fixed(8) and settled[8] == Fixed(7), settled


# --- the corpus --------------------------------------------------------------------------


@pytest.mark.parametrize("count", [30, pytest.param(300, marks=pytest.mark.slow)])
@pytest.mark.parametrize("rule", ["exclusives", "exclusives-sets"])
def test_first_sudoku17_solved(rule: SolverName, count: int) -> None:
    puzzles = first_lines(SUDOKU17, count)
    for puzzle in puzzles:
        result = sarkar1.solve(grid_of(puzzle), RULES[rule])
        assert result != Nothing, puzzle
        assert is_solution(show_line(result.unwrap()), puzzle), puzzle


@settings(max_examples=15)
@given(pair=puzzles_with_solutions(max_blanks=40))
def test_rules_agree_on_puzzles_with_one_solution(pair: tuple[str, str]) -> None:
    # on a puzzle with one solution, every rule finds that solution
    from fsudoku import count_solutions

    puzzle, solution = pair
    assume(count_solutions(puzzle, limit=2) == 1)
    answers = {
        rule: show_line(sarkar1.solve(grid_of(puzzle), prune).unwrap())
        for rule, prune in RULES.items()
    }
    assert set(answers.values()) == {solution}, answers
