"""The fast engine (:mod:`fsudoku.fast`) against the reference port: for every rule,
the same outcome (status, solution, node count) and the same settled grid.

Equalities: ``Outcome`` is a frozen dataclass (status, solution, nodes compared as
values); settled grids are compared as their ``showGridWithPossibilities`` text;
units as lists of masks.
"""

from __future__ import annotations

import itertools
import tracemalloc
import warnings
from collections.abc import Iterable, Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import SUDOKU17, first_lines

from fsudoku import erratum, fast, sarkar1, sarkar2
from fsudoku.base.names import SARKAR_RULES, SarkarRule
from fsudoku.base.outcome import Found, Outcome
from fsudoku.cell import Cell, Fixed, Possible, Row
from fsudoku.fast import DEFAULT_CHUNK, driver, lanes, scalar, settle, vector
from fsudoku.fast.masks import DIGITS, POPCOUNT, UNITS, read_masks
from fsudoku.grid_io import SAMPLE, read_grid, show_grid_with_possibilities
from fsudoku.run.registry import PRUNE_CELLS, REGISTRY, outcome_of
from fsudoku.testing.strategies import (
    SAMPLE_SOLUTION,
    contradictory_puzzles,
    empty_grid,
    near_full_grids,
    puzzles,
    puzzles_with_solutions,
)

RULES = SARKAR_RULES
REFERENCE = {rule: REGISTRY[rule].run for rule in RULES}


def solve_many(
    lines: Iterable[str], rule: SarkarRule = "exclusives", **options: Any
) -> Iterator[Outcome]:
    """The fast engine's :func:`~fsudoku.fast.solve_lines`, as outcomes."""
    return map(outcome_of, fast.solve_lines(lines, rule, **options))


def solve_one(line: str, rule: SarkarRule = "exclusives", max_nodes: int | None = None) -> Outcome:
    """The fast engine's :func:`~fsudoku.fast.solve_one`, as an outcome."""
    return outcome_of(fast.solve_one(line, rule, max_nodes))


def lanes_line(line: str, rule: SarkarRule = "exclusives", max_nodes: int | None = None) -> Outcome:
    return outcome_of(lanes.search_line(line, rule, max_nodes))


# --- strategies ---------------------------------------------------------------------

fixed_masks = st.integers(0, 8).map(lambda d: 1 << d)
possible_masks = st.integers(3, 511).filter(lambda m: POPCOUNT[m] >= 2)
cell_masks = st.one_of(fixed_masks, possible_masks)
unit_masks = st.lists(cell_masks, min_size=9, max_size=9)
"""Units of 9 cells: ``Fixed`` (one bit) or ``Possible`` (two or more bits)."""


def sparse_puzzles(rule: SarkarRule) -> st.SearchStrategy[str]:
    """Puzzles the reference solves quickly enough under ``rule`` (#1 is slow when sparse)."""
    if rule == "simple":
        return st.one_of(puzzles(20, 45), contradictory_puzzles(45))
    return st.one_of(puzzles(30, 81), contradictory_puzzles(81))


def cell_of(mask: int) -> Cell:
    digits = DIGITS[mask]
    return Fixed(digits[0]) if len(digits) == 1 else Possible(digits)


def row_of(masks: list[int]) -> Row:
    return tuple(cell_of(m) for m in masks)


def masks_of(row: Row) -> list[int]:
    return [
        1 << (c.value - 1) if isinstance(c, Fixed) else sum(1 << (x - 1) for x in c.values)
        for c in row
    ]


def batch_engine(
    lines: list[str],
    rule: SarkarRule = "exclusives",
    *,
    max_nodes: int | None = None,
    chunk_size: int = DEFAULT_CHUNK,
) -> Iterator[Outcome]:
    """The batch engine itself (``solve_many`` solves inputs of a few lines one at a time)."""
    return map(outcome_of, driver.solve_stream(lines, rule, max_nodes, chunk_size))


def reference_settled(puzzle: str, rule: SarkarRule) -> str | None:
    pruned = sarkar1.prune_grid(read_grid(puzzle).unwrap(), PRUNE_CELLS[rule])
    return show_grid_with_possibilities(pruned.unwrap()) if pruned else None


# --- the unit kernels ---------------------------------------------------------------


@given(st.lists(unit_masks, min_size=1, max_size=12))
def test_exclusives_agree_with_exclusive_possibilities(units: list[list[int]]) -> None:
    # exclusivePossibilities row, as digit masks in the same order (list equality)
    for masks in units:
        left = scalar.exclusives(masks)
        right = [
            sum(1 << (x - 1) for x in xs) for xs in sarkar2.exclusive_possibilities(row_of(masks))
        ]
        assert left == right, (left, right)
    # allExclusives = concat exclusives, as a set of digits (mask equality), every unit at once
    batch = np.array(units, dtype=np.uint16).T.copy()  # (9, U) uint16
    left_all = vector.exclusives(batch)[0].tolist()
    right_all = [int(np.bitwise_or.reduce([0, *scalar.exclusives(m)])) for m in units]
    assert left_all == right_all, (left_all, right_all)


@pytest.mark.parametrize("rule", RULES)
@given(units=st.lists(unit_masks, min_size=1, max_size=16))
def test_prune_cells_agree_with_reference(rule: SarkarRule, units: list[list[int]]) -> None:
    # pruneCells cells, for each unit of a batch (Nothing = failed; else list equality)
    batch = np.array(units, dtype=np.uint16).T.copy()  # (9, U) uint16
    new, failed, dups = vector.prune_cells(batch, rule)
    for j, masks in enumerate(units):
        right = PRUNE_CELLS[rule](row_of(masks))
        left = None if failed[j] else row_of(new[:, j].tolist())
        assert left == (right.unwrap() if right else None), (masks, left, right)
        left_scalar = scalar.PRUNE_CELLS[rule](masks)
        assert left_scalar == (masks_of(right.unwrap()) if right else None), (masks, left_scalar)
        if right and rule != "simple":  # dups: isInvalidRow of the pruned unit
            assert bool(dups[j]) == sarkar1.is_invalid_row(right.unwrap()), masks


@pytest.mark.parametrize("sets", [False, True])
@given(units=st.lists(unit_masks, min_size=1, max_size=16))
def test_prune_cells_by_exclusives_agree_with_reference(sets: bool, units: list[list[int]]) -> None:
    # pruneCellsByExclusives cells (list equality), published and set-comparing
    batch = np.array(units, dtype=np.uint16).T.copy()  # (9, U) uint16
    new = vector.prune_cells_by_exclusives(batch, sets=sets)
    prune = erratum.prune_cells_by_exclusives_sets if sets else sarkar2.prune_cells_by_exclusives
    for j, masks in enumerate(units):
        right = masks_of(prune(row_of(masks)).unwrap())
        assert new[:, j].tolist() == right, (masks, new[:, j].tolist(), right)
        assert scalar.prune_cells_by_exclusives(masks, sets=sets) == right, masks


def test_published_exclusives_differ_from_sets() -> None:
    # the Twins row: the published pass leaves it, the set-comparing one prunes the twins
    masks = masks_of(sarkar2.TWINS_ROW)
    batch = np.array([masks], dtype=np.uint16).T.copy()
    assert vector.prune_cells_by_exclusives(batch)[:, 0].tolist() == masks
    pruned = vector.prune_cells_by_exclusives(batch, sets=True)[:, 0].tolist()
    assert [DIGITS[m] for m in pruned][2] == (5, 7), pruned
    assert pruned != masks


def test_the_batch_engine_raises_no_numpy_warning() -> None:
    # numpy warns on a division by zero (and the CLI would print it): the set-comparing
    # pass on the Twins row, then the sample puzzle under every rule, with warnings as errors
    batch = np.array([masks_of(sarkar2.TWINS_ROW)], dtype=np.uint16).T.copy()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        pruned = vector.prune_cells_by_exclusives(batch, sets=True)[:, 0].tolist()
        solved = {rule: list(batch_engine([SAMPLE], rule)) for rule in RULES}
    assert [DIGITS[m] for m in pruned][2] == (5, 7), pruned
    for rule, outcomes in solved.items():
        assert [o.solution for o in outcomes] == [SAMPLE_SOLUTION], (rule, outcomes)


def test_unit_tables() -> None:
    # subGridsToRows order, and each cell in exactly one unit of each stage
    assert UNITS[18 + 1] == (3, 4, 5, 12, 13, 14, 21, 22, 23)
    for stage in range(3):
        cells = sorted(i for u in UNITS[stage * 9 : stage * 9 + 9] for i in u)
        assert cells == list(range(81)), stage


# --- the one-puzzle engine: a whole stage in one int -------------------------------

grid_masks = st.lists(
    st.one_of(fixed_masks, possible_masks, possible_masks), min_size=81, max_size=81
)
"""Grids of 81 cells, about a third of them fixed (repeated digits and all)."""


def stage_by_units(masks: list[int], stage: int, rule: SarkarRule) -> list[int] | None:
    """Each unit of one stage pruned by the one-unit ``pruneCells`` (``None``: one failed)."""
    out = masks.copy()
    for u in range(9):
        cells = UNITS[9 * stage + u]
        pruned = scalar.PRUNE_CELLS[rule]([masks[i] for i in cells])
        if pruned is None:
            return None
        for i, m in zip(cells, pruned, strict=True):
            out[i] = m
    return out


def has_repeated_fixed(cells: list[int]) -> bool:
    fixed = [m for m in cells if POPCOUNT[m] == 1]
    return len(fixed) != len(set(fixed))


@pytest.mark.parametrize("rule", RULES)
@given(masks=grid_masks, stage=st.integers(0, 2))
def test_lanes_stage_is_each_units_prune_cells(
    rule: SarkarRule, masks: list[int], stage: int
) -> None:
    # prune_stage g s == the nine units of stage s, each by pruneCells (list equality;
    # Nothing when a unit fails); unless strict, also Nothing when a unit of any stage
    # repeats a fixed digit (fixed cells never change: the pruned grid repeats it too)
    right = stage_by_units(masks, stage, rule)
    left = lanes.prune_stage(lanes.from_masks(masks), stage, rule, strict=True)
    assert (None if left is None else lanes.to_masks(left)) == right, masks
    search = lanes.prune_stage(lanes.from_masks(masks), stage, rule, strict=False)
    repeats = right is not None and any(
        has_repeated_fixed([right[i] for i in unit]) for unit in UNITS
    )
    expected = None if right is None or repeats else right
    assert (None if search is None else lanes.to_masks(search)) == expected, masks


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=50)
@given(masks=grid_masks)
def test_lanes_prune_grid_agrees_with_reference(rule: SarkarRule, masks: list[int]) -> None:
    # pruneGrid over one int == the reference's pruneGrid (grid equality, or both Nothing)
    left = lanes.prune_grid(lanes.from_masks(masks), rule, strict=True)
    right = sarkar1.prune_grid(fast.masks_to_grid(masks), PRUNE_CELLS[rule])
    assert (None if left is None else fast.masks_to_grid(lanes.to_masks(left))) == (
        right.unwrap() if right else None
    ), masks


def test_lanes_single_blocked_by_a_pair() -> None:
    # row 0: 1 is held by cell 0 only, 2 and 3 by cells 0 and 1 only (a kept pair):
    # cell 0's Exclusive digits are [1,2,3], no group, so the Single 1 does not fix it;
    # with 2 also in cell 6 the pair is gone and the Single fixes cell 0 to 1
    paired = [
        0b111,
        0b110,
        0b1111000,
        0b1111000,
        0b1111000,
        0b111111000,
        0b110001000,
        0b101001000,
        0b11001000,
    ]
    unpaired = [*paired[:6], 0b110001010, *paired[7:]]
    for row, first in ((paired, 0b111), (unpaired, 0b1)):
        masks = row + [0x1FF] * 72
        for rule in ("exclusives", "exclusives-sets"):
            right = scalar.PRUNE_CELLS[rule](row)
            assert right is not None and right[0] == first, (rule, right)
            left = lanes.prune_stage(lanes.from_masks(masks), 0, rule, strict=True)
            assert left is not None and lanes.to_masks(left)[:9] == right, rule


@given(st.one_of(st.text(max_size=90), puzzles(), st.text(".123456789", min_size=81, max_size=81)))
def test_lanes_read_grid_is_read_masks(line: str) -> None:
    # readGrid over one int == readGrid over masks (list equality, or both Nothing)
    grid = lanes.read_grid(line)
    assert (None if grid is None else lanes.to_masks(grid)) == read_masks(line), line


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=10)
@given(line=puzzles(min_blanks=50), stop=st.integers(0, 12))
def test_a_stopped_search_goes_on_where_it_stopped(rule: SarkarRule, line: str, stop: int) -> None:
    # search to `stop` nodes, then on from its stack == the whole search (same solution,
    # same node count); stopped early, its stack holds what is left; ended, none
    whole = lanes.search_line(line, rule)
    assert whole is not None
    stack = [lanes.node(lanes.read_grid(line) or 0)]
    solution, nodes = lanes.search(stack, 0, rule, stop)
    assert nodes == min(stop, whole.nodes) and (solution is None or nodes == whole.nodes)
    if solution is None:
        assert bool(stack) == (whole.nodes > stop), (line, stop)
        solution, nodes = lanes.search(stack, nodes, rule, None)
    assert (None if solution is None else lanes.show_grid(solution)) == whole.solution
    assert nodes == whole.nodes and (solution is not None or not stack)


# --- whole puzzles: outcome, node count, settled grid ----------------------------


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=25)
@given(data=st.data())
def test_solve_many_agrees_with_reference(rule: SarkarRule, data: st.DataObject) -> None:
    # solve_many ps == map (reference rule) ps   (list equality of Outcomes)
    lines = data.draw(st.lists(sparse_puzzles(rule), min_size=1, max_size=5))
    chunk = data.draw(st.integers(1, 4))
    right = [REFERENCE[rule](line, None) for line in lines]
    left = list(solve_many(lines, rule, chunk_size=chunk))
    assert left == right, (lines, left, right)
    batch = list(batch_engine(lines, rule, chunk_size=chunk))
    assert batch == right, (lines, batch, right)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=20)
@given(data=st.data())
def test_solve_one_and_settle_agree_with_reference(rule: SarkarRule, data: st.DataObject) -> None:
    # solve_one p == reference p;  settle p == showGridWithPossibilities <$> pruneGrid p
    line = data.draw(sparse_puzzles(rule))
    left = solve_one(line, rule)
    right = REFERENCE[rule](line, None)
    assert left == right, (line, left, right)
    left_settled = settle(line, rule)
    right_settled = reference_settled(line, rule)
    assert left_settled == right_settled, (line, left_settled, right_settled)


@pytest.mark.parametrize("rule", ["exclusives", "exclusives-sets"])
@settings(max_examples=6)
@given(lines=st.lists(puzzles(min_blanks=50), min_size=2, max_size=3))
def test_several_solutions_first_in_depth_first_order(rule: SarkarRule, lines: list[str]) -> None:
    # the first solution of the depth-first search, with its node count (Outcome equality)
    left = list(batch_engine(lines, rule, chunk_size=1))
    right = [REFERENCE[rule](line, None) for line in lines]
    assert left == right, (lines, left, right)
    assert list(solve_many(lines, rule)) == right


@pytest.mark.parametrize("rule", ["exclusives", "exclusives-sets"])
def test_empty_grid(rule: SarkarRule) -> None:
    # solve "." * 81: the first grid of the depth-first search (Outcome equality);
    # not for #1, whose reference needs minutes on it
    line = empty_grid()
    right = REFERENCE[rule](line, None)
    assert list(solve_many([line], rule)) == [right]
    assert list(batch_engine([line], rule)) == [right]
    assert solve_one(line, rule) == right
    assert settle(line, rule) == reference_settled(line, rule)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=15)
@given(lines=st.lists(near_full_grids(), min_size=1, max_size=8))
def test_near_full_grids(rule: SarkarRule, lines: list[str]) -> None:
    # near-full grids: solved by pruning (Outcome equality)
    left = list(batch_engine(lines, rule))
    right = [REFERENCE[rule](line, None) for line in lines]
    assert left == right, (lines, left, right)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=15)
@given(data=st.data())
def test_max_nodes_agrees_with_reference(rule: SarkarRule, data: st.DataObject) -> None:
    # solve with a node bound: the same give-ups, with the same node counts
    lines = data.draw(st.lists(sparse_puzzles(rule), min_size=1, max_size=4))
    bound = data.draw(st.integers(0, 30))
    chunk = data.draw(st.integers(1, 3))
    right = [REFERENCE[rule](line, bound) for line in lines]
    left = list(batch_engine(lines, rule, max_nodes=bound, chunk_size=chunk))
    assert left == right, (lines, bound, left, right)
    assert list(solve_many(lines, rule, max_nodes=bound, chunk_size=chunk)) == right
    assert [solve_one(line, rule, bound) for line in lines] == right


@given(st.one_of(st.text(max_size=90), puzzles_with_solutions().map(lambda p: p[0] + "\r")))
def test_invalid_lines(line: str) -> None:
    # readGrid: exactly 81 characters, each '.' or ASCII 1-9 (as the reference)
    right = REFERENCE["exclusives"](line, 1)
    if right.status == "invalid":
        assert list(solve_many([line])) == [Outcome.invalid()]
        assert list(batch_engine([line])) == [Outcome.invalid()]
        assert solve_one(line) == Outcome.invalid()


def test_few_lines_switch_engines_on_long_searches(monkeypatch: pytest.MonkeyPatch) -> None:
    # a few-line input runs the one-puzzle engine first; past FEW_NODES nodes the batch
    # engine goes on with the same search, with the same outcome (Outcome equality)
    lines = first_lines(SUDOKU17, 200)
    long_search = [lines[i] for i in (0, 1, 143, 184, 196)]  # 1, 1, 106, 108, 119 nodes
    resumed: list[int] = []
    resume = driver.resume

    def counting(grids: vector.U16, nodes: int, *args: Any) -> Found:
        resumed.append(nodes)
        return resume(grids, nodes, *args)

    monkeypatch.setattr(driver, "resume", counting)
    monkeypatch.setattr(fast, "FEW_NODES", 64)
    for line in long_search:
        right = lanes_line(line)
        assert list(solve_many([line])) == [right], line
        assert solve_one(line) == right, line
        for bound in (64, 100, 110):  # at the switch, and past it: gave up or solved
            bounded = lanes_line(line, max_nodes=bound)
            assert list(solve_many([line], max_nodes=bound)) == [bounded], (line, bound)
    # three searches of over FEW_NODES nodes, each unbounded twice and bounded past the
    # switch twice: each goes on from the 64 nodes run (a bound of 64 gives up there)
    assert resumed == [64] * 12


def test_a_full_stack_moves_down_over_the_entries_taken_by_splits() -> None:
    # a slot whose stack is full but had its bottom entries split off reuses that room
    # (the entries shift down, in order) instead of doubling every slot's depth
    batch = driver.Batch("exclusives", 2, None)
    depth = batch.depth
    batch.stack[0, :, 0] = np.arange(depth)
    batch.stack_pivot[0] = np.arange(depth)
    batch.base[0], batch.top[0] = 4, depth
    batch._make_room(np.array([0], dtype=np.intp))
    assert batch.depth == depth
    assert (int(batch.base[0]), int(batch.top[0])) == (0, depth - 4)
    assert batch.stack[0, : depth - 4, 0].tolist() == list(range(4, depth))
    assert batch.stack_pivot[0, : depth - 4].tolist() == list(range(4, depth))
    batch.base[0], batch.top[0] = 0, depth  # full, nothing split off: the depth doubles
    batch._make_room(np.array([0], dtype=np.intp))
    assert batch.depth == 2 * depth and int(batch.top[0]) == depth
    assert batch.stack[0, : depth - 4, 0].tolist() == list(range(4, depth))


def test_a_batch_with_no_busy_slot_ends_no_job() -> None:
    batch = driver.Batch("simple", 3, None)
    assert batch.step() == ([], [])


# --- the corpus ---------------------------------------------------------------------


class SplitCounter:
    """Counts the jobs split off by the batch driver."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.count = 0
        split = driver.Batch.split

        def counting(batch: driver.Batch, donors: vector.Ints) -> tuple[vector.U16, vector.Ints]:
            self.count += donors.size
            return split(batch, donors)

        monkeypatch.setattr(driver.Batch, "split", counting)


@pytest.mark.parametrize(
    # the reference takes about 20 ms a puzzle here: 2,000 run under the slow tests' limit
    "count",
    [60, pytest.param(2000, marks=pytest.mark.slow)],
)
def test_first_sudoku17_agree_with_reference(monkeypatch: pytest.MonkeyPatch, count: int) -> None:
    # solve_many (the first sudoku17) == reference: the same output and the same node
    # counts; a small batch, so that long searches are split across slots
    lines = first_lines(SUDOKU17, count)
    splits = SplitCounter(monkeypatch)
    left = list(solve_many(lines, "exclusives", chunk_size=32))
    right = [REFERENCE["exclusives"](line, None) for line in lines]
    mismatches = [(line, a, b) for line, a, b in zip(lines, left, right, strict=True) if a != b]
    assert not mismatches, mismatches[:3]
    assert splits.count > 0


def test_first_2000_sudoku17_solved() -> None:
    # each answer of the default batch is a solution of its puzzle
    lines = first_lines(SUDOKU17, 2000)
    for line, outcome in zip(lines, solve_many(lines), strict=True):
        assert outcome.status == "solved" and outcome.solution is not None, line
        assert all(p in (".", s) for p, s in zip(line, outcome.solution, strict=True)), line
        grid = np.array([int(c) for c in outcome.solution]).reshape(9, 9)
        for unit in UNITS:
            assert sorted(grid.reshape(81)[list(unit)]) == list(range(1, 10)), line


def test_batch_engine_agrees_with_one_puzzle_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    # the batch engine, splitting long searches, == the one-puzzle engine (Outcome equality)
    lines = first_lines(SUDOKU17, 60)
    splits = SplitCounter(monkeypatch)
    for rule in ("exclusives", "exclusives-sets"):
        left = list(solve_many(lines, rule, chunk_size=16))
        right = [lanes_line(line, rule) for line in lines]
        assert left == right, rule
    assert splits.count > 0


@pytest.mark.corpus
def test_all_sudoku17_agree_with_reference() -> None:
    # the whole corpus: solve_many == reference, node counts included
    lines = first_lines(SUDOKU17, 10**6)
    right = (REFERENCE["exclusives"](line, None) for line in lines)
    for line, left, expected in zip(lines, solve_many(lines), right, strict=True):
        assert left == expected, (line, left, expected)


# --- streaming -----------------------------------------------------------------------

STREAM_PATTERN = [
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179",
    "53467891267219534819834256785976142342685379171392485696153728428741963534528617.",
    "1" * 81,
    "not a puzzle",
    ".34678912672195348198342567859761423426853791713924856961537284287419635345286.7.",
]


def test_streaming_is_bounded_and_in_order() -> None:
    # 30,000 lines from a generator: results in input order, memory bounded by the
    # batch, not by the input (all 30,000 outcomes would take over 6 MB)
    expected = [REFERENCE["exclusives"](line, None) for line in STREAM_PATTERN]
    total = 30_000
    produced = 0

    def lines() -> Iterator[str]:
        nonlocal produced
        for line in itertools.islice(itertools.cycle(STREAM_PATTERN), total):
            produced += 1
            yield line

    tracemalloc.start()
    try:
        outcomes = solve_many(lines(), chunk_size=256)
        first = next(outcomes)
        assert produced <= 256 * driver.WINDOW + 256, produced  # lazy: not all read first
        count = 1
        assert first == expected[0]
        for i, outcome in enumerate(outcomes, start=1):
            assert outcome == expected[i % len(STREAM_PATTERN)], (i, outcome)
            count += 1
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == total
    assert peak < 3_000_000, peak  # about 1.4 MB measured
