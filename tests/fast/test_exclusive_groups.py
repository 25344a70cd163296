"""The fast engines' Exclusives on two units where a shortcut would go wrong.

``exclusivePossibilities`` keeps groups of fewer than four cells, and the published
``pruneCellsByExclusives`` fixes a cell to its Single only when the Single is the
cell's whole intersection with the groups' digits:

- *a Single beside a kept triple*: digit 1 is held by cell A alone, digits 2, 3, 4 by
  A and two other cells alone (a triple, kept). A's intersection is ``[1,2,3,4]``, no
  group: A is left as it is (and, as published, the triple prunes nothing either);
- *a Single beside four digits in four cells*: digit 5 is held by cell A alone, digits
  1-4 by A and three other cells alone. Four cells make no group, so A's intersection is
  ``[5]``, and A is fixed to 5;
- *three digits in four cells*, the last cell of the unit one of them: no group, nothing
  prunes (counted as held by three cells, they would make a triple that prunes under the
  set-comparing rule).

Each unit is put in the first row, the first column and the first sub-grid of a grid
whose other cells may hold any digit (they make no group), and each engine's
``pruneGrid`` (the one-unit model, the one-puzzle engine, the batch engine) must settle
the grid to what the reference's does, under both Exclusives rules.
"""

from __future__ import annotations

import numpy as np
import pytest

from fsudoku import erratum, sarkar2
from fsudoku.base.names import SarkarRule
from fsudoku.cell import Fixed, Grid
from fsudoku.fast import lanes, masks_to_grid, scalar, vector
from fsudoku.fast.masks import UNITS

EVERY = 0x1FF


def mask(*digits: int) -> int:
    return sum(1 << (d - 1) for d in digits)


SINGLE_BESIDE_A_TRIPLE = [
    mask(1, 2, 3, 4),
    mask(2, 3, 4),
    mask(2, 3, 4),
    *[mask(5, 6, 7, 8, 9)] * 6,
]
SINGLE_BESIDE_A_QUAD = [mask(1, 2, 3, 4, 5), *[mask(1, 2, 3, 4)] * 3, *[mask(6, 7, 8, 9)] * 5]

THREE_DIGITS_IN_FOUR_CELLS = [
    mask(1, 2, 3, 4, 5),
    mask(1, 2, 3, 6, 7),
    mask(1, 2, 3, 8, 9),
    *[mask(4, 5, 6, 7, 8, 9)] * 5,
    mask(1, 2, 3, 4, 6, 8),
]

UNIT_CASES = {
    "triple": SINGLE_BESIDE_A_TRIPLE,
    "quad": SINGLE_BESIDE_A_QUAD,
    "spread": THREE_DIGITS_IN_FOUR_CELLS,
}
PLACES = {"row": UNITS[0], "column": UNITS[9], "sub-grid": UNITS[18]}
RULES: list[SarkarRule] = ["exclusives", "exclusives-sets"]


def grid_with(unit: list[int], cells: tuple[int, ...]) -> list[int]:
    """Every digit possible everywhere, but in ``cells``, which hold the unit."""
    grid = [EVERY] * 81
    for i, m in zip(cells, unit, strict=True):
        grid[i] = m
    return grid


def masks_of(grid: Grid) -> list[int]:
    return [
        1 << (c.value - 1) if isinstance(c, Fixed) else mask(*c.values) for row in grid for c in row
    ]


def reference(grid: list[int], rule: SarkarRule) -> list[int] | None:
    prune = sarkar2.prune_grid if rule == "exclusives" else erratum.prune_grid_sets
    return prune(masks_to_grid(grid)).map(masks_of).value_or(None)


def one_unit(grid: list[int], rule: SarkarRule) -> list[int] | None:
    """``fixM pruneGrid'`` over the one-unit functions: every unit, rows first, each pass."""
    prune_cells = scalar.PRUNE_CELLS[rule]
    grid = grid.copy()
    while True:
        before = grid.copy()
        for unit in UNITS:  # rows, then columns, then sub-grids
            cells = prune_cells([grid[i] for i in unit])
            if cells is None:
                return None
            for i, m in zip(unit, cells, strict=True):
                grid[i] = m
        if grid == before:
            return grid


def one_puzzle(grid: list[int], rule: SarkarRule) -> list[int] | None:
    pruned = lanes.prune_grid(lanes.from_masks(grid), rule)
    return None if pruned is None else lanes.to_masks(pruned)


def batch(grid: list[int], rule: SarkarRule) -> list[int] | None:
    grids = np.array([grid], dtype=np.uint16)  # (1, 81) uint16
    return grids[0].tolist() if vector.prune_grid(grids, rule)[0] else None


ENGINES = {"scalar": one_unit, "lanes": one_puzzle, "vector": batch}


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("case", UNIT_CASES)
def test_the_reference_does_what_the_module_says(case: str, place: str, rule: SarkarRule) -> None:
    cells = PLACES[place]
    settled = reference(grid_with(UNIT_CASES[case], cells), rule)
    assert settled is not None
    first = settled[cells[0]]
    expected = {"triple": mask(1, 2, 3, 4), "quad": mask(5), "spread": mask(1, 2, 3, 4, 5)}
    assert first == expected[case], (case, place, rule, first)


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("place", PLACES)
@pytest.mark.parametrize("case", UNIT_CASES)
def test_each_engine_settles_the_grid_as_the_reference_does(
    case: str, place: str, rule: SarkarRule, engine: str
) -> None:
    grid = grid_with(UNIT_CASES[case], PLACES[place])
    assert ENGINES[engine](grid, rule) == reference(grid, rule)
