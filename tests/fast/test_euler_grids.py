"""The fast engine against the reference on Project Euler 96's fifty grids, node counts
included, for the three Sarkar rules (when the file is there: it is not in the
repository).

By default, ``simple`` only, each search bounded at :data:`BOUND` nodes, which keeps the
reference cheap and still pins the first nodes of every grid: a search that takes more
nodes than the reference's gives up where the reference solves, and one that takes fewer
solves where the reference gives up. ``-m slow`` runs the three rules, bounded and to
their end.

Equality: :class:`~fsudoku.base.outcome.Outcome` values, grid by grid.
"""

from __future__ import annotations

from functools import cache

import pytest
from support import P096

from fsudoku import fast
from fsudoku.base.names import SarkarRule
from fsudoku.base.outcome import Outcome
from fsudoku.pe96.formats import read_puzzles
from fsudoku.run.registry import outcome_of, solve_line

RULES: tuple[SarkarRule, ...] = ("simple", "exclusives", "exclusives-sets")

BOUND = 6
"""The default runs' node bound (the reference needs more on a few grids under each rule)."""


@cache
def grids() -> tuple[str, ...]:
    if not P096.is_file():
        pytest.skip(f"{P096} is absent")
    with P096.open(encoding="utf-8") as handle:
        found = tuple(entry.text for entry in read_puzzles(handle))
    assert len(found) == 50
    return found


def compare(rule: SarkarRule, bound: int | None) -> None:
    reference = [solve_line(rule, grid, bound) for grid in grids()]
    batch = list(map(outcome_of, fast.solve_lines(grids(), rule, max_nodes=bound, chunk_size=16)))
    one = [outcome_of(fast.solve_one(grid, rule, bound)) for grid in grids()]
    for name, got in (("solve_lines", batch), ("solve_one", one)):
        bad = [
            f"Grid {i + 1:02d}: {g} != {r}"
            for i, (g, r) in enumerate(zip(got, reference, strict=True))
            if g != r
        ]
        assert not bad, f"{name} ({rule}, max_nodes={bound}):\n" + "\n".join(bad)
    if bound is not None:  # the bound is reached: it does bite on some grids
        assert any(o == Outcome.gave_up(bound) for o in reference), rule


@pytest.mark.parametrize(
    "rule", [pytest.param(r, marks=[pytest.mark.slow] if r != "simple" else []) for r in RULES]
)
def test_the_fast_engine_is_the_reference_on_the_euler_grids_first_nodes(
    rule: SarkarRule,
) -> None:
    # fast p (max_nodes=BOUND) = reference p (max_nodes=BOUND), for each of the 50 grids
    compare(rule, BOUND)


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
def test_the_fast_engine_is_the_reference_on_the_euler_grids(rule: SarkarRule) -> None:
    # fast p = reference p (first solution, node count), for each of the 50 grids
    compare(rule, None)
