"""The reference's own tests of its Exclusives step (Sarkar #2, "A Little Forward, a Little
Backward" and "Pruning the Cells, Exclusively"), without the fast engine.

``exclusivePossibilities`` finds the groups of n digits (n < 4) that occur in exactly
the same n non-fixed cells of a unit; ``pruneCellsByExclusives`` cuts a cell down to its
digits of the groups when those are one group. As published, a group's digits come out
descending and a cell's stay ascending, and they are compared as lists: only a group of
one digit (a Single) ever matches. :mod:`fsudoku.erratum` compares them as sets.

Each step is checked against a specification written here from that description (sets
of cells and digits, not the seven steps), on random units and on units built for each
step: a quad is no group, a triple is one; a cell list with more or fewer digits than
cells is no group; the published comparison is of lists, the erratum's of sets.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Some

from fsudoku import erratum, sarkar2
from fsudoku.cell import Cell, Fixed, Possible, Row

ALL = tuple(range(1, 10))


def groups_spec(row: Row) -> list[list[int]]:
    """The groups: digits sharing exactly the same n non-fixed cells, 0 < n < 4, as many
    digits as cells; each group's digits descending, the groups in the order of their
    cell lists (each descending, compared as lists: ``Data.Map``'s key order)."""
    open_cells = {i: set(c.values) for i, c in enumerate(row[:9], 1) if isinstance(c, Possible)}
    where: dict[frozenset[int], set[int]] = {}
    for digit in ALL:
        cells = frozenset(i for i, values in open_cells.items() if digit in values)
        if 0 < len(cells) < 4:
            where.setdefault(cells, set()).add(digit)
    keyed = [
        (sorted(cells, reverse=True), sorted(digits, reverse=True))
        for cells, digits in where.items()
        if len(cells) == len(digits)
    ]
    return [digits for _, digits in sorted(keyed)]


def pruned_spec(row: Row, sets: bool) -> Row:
    """The unit after one Exclusives pass: a non-fixed cell whose digits among the groups'
    are exactly one group becomes that group; as published (not ``sets``), only when the
    group is a Single, which fixes the cell."""
    groups = [set(g) for g in groups_spec(row)]
    digits = set().union(*groups)
    out: list[Cell] = []
    for cell in row:
        kept = set(cell.values) & digits if isinstance(cell, Possible) else set()
        if kept in groups and (sets or len(kept) == 1):
            out.append(Fixed(*kept) if len(kept) == 1 else Possible(tuple(sorted(kept))))
        else:
            out.append(cell)
    return tuple(out)


@st.composite
def units(draw: st.DrawFn) -> Row:
    """Nine cells: fixed, or two to nine digits ascending; small digit sets often, so
    that Singles, Twins, Triplets and quads all occur."""
    pool = draw(st.lists(st.sampled_from(ALL), min_size=3, max_size=9, unique=True))
    cells: list[Cell] = []
    for _ in range(9):
        if draw(st.integers(0, 5)) == 0:
            cells.append(Fixed(draw(st.sampled_from(ALL))))
        else:
            values = draw(st.lists(st.sampled_from(sorted(pool)), min_size=2, unique=True))
            cells.append(Possible(tuple(sorted(values))))
    return tuple(cells)


@settings(max_examples=150, deadline=None)
@given(units())
def test_exclusive_possibilities_meets_its_specification(row: Row) -> None:
    assert sarkar2.exclusive_possibilities(row) == groups_spec(row)


@settings(max_examples=100, deadline=None)
@given(units())
def test_prune_cells_by_exclusives_meets_its_specification(row: Row) -> None:
    # published: only Singles fix a cell; the erratum: a cell becomes its group
    assert sarkar2.prune_cells_by_exclusives(row) == Some(pruned_spec(row, sets=False))
    assert erratum.prune_cells_by_exclusives_sets(row) == Some(pruned_spec(row, sets=True))


def unit(*cells: tuple[int, ...]) -> Row:
    """A unit of non-fixed cells with these digits (padded with 5-9 cells to nine)."""
    padded = [*cells, *[(5, 6, 7, 8, 9)] * (9 - len(cells))]
    return tuple(Possible(values) for values in padded)


# --- step 4: digits in fewer than four cells -----------------------------------------------

QUAD = unit((1, 2, 3, 4, 9), (1, 2, 3, 4, 8), (1, 2, 3, 4, 7), (1, 2, 3, 4, 6))
"""1-4 only in cells 1-4 (each with one more digit): a quad."""

TRIPLE = unit((1, 2, 3, 9), (1, 2, 3, 8), (1, 2, 3, 4, 7), (4, 6), (4, 5))
"""1-3 only in cells 1-3: a triple."""


def test_four_digits_in_four_cells_are_no_group() -> None:
    assert sarkar2.digits_in_fewer_than_four_cells({1: [4, 3, 2, 1], 2: [3, 2, 1]}) == {
        2: [3, 2, 1]
    }
    assert sarkar2.exclusive_possibilities(QUAD) == []
    assert erratum.prune_cells_by_exclusives_sets(QUAD) == Some(QUAD)  # the quad stays


def test_three_digits_in_three_cells_are_a_group() -> None:
    assert sarkar2.exclusive_possibilities(TRIPLE) == [[3, 2, 1]]
    pruned = erratum.prune_cells_by_exclusives_sets(TRIPLE).unwrap()
    assert pruned[:3] == (Possible((1, 2, 3)),) * 3 and pruned[3:] == TRIPLE[3:]
    assert sarkar2.prune_cells_by_exclusives(TRIPLE) == Some(TRIPLE)  # as published


# --- step 6: as many digits as cells -------------------------------------------------------

PAIR_IN_ONE_CELL = unit((1, 2, 9), (3, 4, 9), (3, 4, 8))
"""1 and 2 only in cell 1 (two digits, one cell); 3 and 4 only in cells 2 and 3 (a twin)."""

ONE_DIGIT_IN_TWO_CELLS = unit((1, 2, 3), (1, 2, 3), (3, 4), (4, 6, 7))
"""1 and 2 in cells 1 and 2 (a twin); 3 in cells 1-3 (one digit, three cells); 4 in 3-4."""


def test_more_digits_than_cells_are_no_group() -> None:
    assert sarkar2.groups_with_as_many_digits_as_cells({(1,): [2, 1], (3, 2): [4, 3]}) == {
        (3, 2): [4, 3]
    }
    assert sarkar2.exclusive_possibilities(PAIR_IN_ONE_CELL) == [[4, 3]]
    assert sarkar2.prune_cells_by_exclusives(PAIR_IN_ONE_CELL) == Some(PAIR_IN_ONE_CELL)


def test_fewer_digits_than_cells_are_no_group() -> None:
    assert sarkar2.groups_with_as_many_digits_as_cells({(2, 1): [5], (3,): [7]}) == {(3,): [7]}
    assert sarkar2.exclusive_possibilities(ONE_DIGIT_IN_TWO_CELLS) == [[2, 1]]
    # no Single: nothing is fixed, as published
    assert sarkar2.prune_cells_by_exclusives(ONE_DIGIT_IN_TWO_CELLS) == Some(ONE_DIGIT_IN_TWO_CELLS)


# --- the comparison: a cell's digits among the groups', against the groups ---------------

SINGLE_AND_TWIN = unit((1, 5, 6), (2, 3, 6), (2, 3, 7), (4, 9), (4, 8))
"""1 only in cell 1 (a Single), 2 and 3 only in cells 2 and 3 (a twin)."""


def test_a_single_fixes_its_cell_and_a_twin_is_left_as_published() -> None:
    assert sarkar2.exclusive_possibilities(SINGLE_AND_TWIN) == [[1], [3, 2]]
    pruned = sarkar2.prune_cells_by_exclusives(SINGLE_AND_TWIN).unwrap()
    assert pruned == (Fixed(1), *SINGLE_AND_TWIN[1:]), pruned  # [2,3] is not [3,2]


def test_the_erratum_compares_as_sets_and_prunes_the_twin() -> None:
    pruned = erratum.prune_cells_by_exclusives_sets(SINGLE_AND_TWIN).unwrap()
    assert pruned[:3] == (Fixed(1), Possible((2, 3)), Possible((2, 3))), pruned
    assert pruned[3:] == SINGLE_AND_TWIN[3:]


def test_a_cell_holding_two_groups_is_neither() -> None:
    # cell 1 holds the Single 1 and the twin 2, 3: its digits among the groups', [1,2,3],
    # are no group, so it is left alone (published and erratum alike)
    row = unit((1, 2, 3, 6), (2, 3, 6), (4, 9), (4, 8))
    assert sarkar2.exclusive_possibilities(row) == [[1], [3, 2]]
    assert sarkar2.prune_cells_by_exclusives(row) == Some(row)
    pruned = erratum.prune_cells_by_exclusives_sets(row).unwrap()
    assert pruned[0] == row[0] and pruned[1] == Possible((2, 3)), pruned
