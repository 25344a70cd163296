"""Dancing Links' choice of column (Knuth's S heuristic), pinned by its node counts.

The search covers the first column, in header order, with the fewest rows left, and
stops looking at the first column with at most one: a later column with none left (a
dead end) is not seen until that row is tried. The node counts are a sum of those
choices, so they are compared with a plain Algorithm X over sets (below) that chooses
the same way; :data:`DEAD_END_AFTER_A_FORCED_ROW` is a puzzle whose count shows the stop.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings

from fsudoku.pe96 import dlx
from fsudoku.testing.strategies import SAMPLE_PUZZLE, puzzles

Placement = int  # cell * 9 + digit - 1


class SetsX:
    """Algorithm X over sets: the columns a placement covers, the placements of a column."""

    def __init__(self, puzzle: str) -> None:
        self.rows = {p: dlx.placement_columns(p // 9, p % 9 + 1) for p in range(729)}
        self.live = {c: [p for p in range(729) if c in self.rows[p]] for c in range(1, 325)}
        self.clues = [cell * 9 + int(ch) - 1 for cell, ch in enumerate(puzzle) if ch != "."]
        self.nodes = 0
        self.found = 0

    def select(self, p: Placement) -> list[tuple[int, list[Placement]]]:
        """Take out the columns of ``p`` and every row that meets one of them."""
        taken = []
        for c in self.rows[p]:
            rows = self.live.pop(c)
            taken.append((c, rows))
            for q in rows:
                for d in self.rows[q]:
                    if d != c and d in self.live:
                        self.live[d] = [x for x in self.live[d] if x != q]
        return taken

    def deselect(self, taken: list[tuple[int, list[Placement]]]) -> None:
        for c, rows in reversed(taken):
            self.live[c] = rows
            for q in rows:
                for d in self.rows[q]:
                    if d != c and d in self.live and q not in self.live[d]:
                        self.live[d] = sorted([*self.live[d], q])

    def choose(self) -> int:
        """The first column with the fewest rows, looking no further than one with at most one."""
        best, fewest = 0, 730
        for c in sorted(self.live):
            if len(self.live[c]) < fewest:
                best, fewest = c, len(self.live[c])
                if fewest <= 1:
                    break
        return best

    def search(self, limit: int) -> bool:
        """Count covers up to ``limit``; whether it was reached."""
        c = self.choose()
        for p in list(self.live[c]):
            self.nodes += 1
            taken = self.select(p)
            if not self.live:
                self.found += 1
                done = self.found == limit
            else:
                done = self.search(limit)
            self.deselect(taken)
            if done:
                return True
        return False

    def count(self, limit: int) -> tuple[int, int]:
        """Covers found (up to ``limit``) and nodes; the clue rows are taken first, uncounted."""
        for p in self.clues:
            if any(c not in self.live for c in self.rows[p]):
                return 0, 0  # two clues on one column
            self.select(p)
        if self.live:
            self.search(limit)
        else:
            self.found = 1
        return self.found, self.nodes


DEAD_END_AFTER_A_FORCED_ROW = (
    "..8...3....9.....7.........9....8...8.1....4.3......7..9..5.718..51.....1.....2.5"
)
"""A puzzle with several solutions on which the stop shows: counting two solutions takes
83 nodes; a choice that looked on, past a column of one row, to a later column of none
would find some dead ends a node sooner (80 nodes)."""


@pytest.mark.parametrize("puzzle", [DEAD_END_AFTER_A_FORCED_ROW, SAMPLE_PUZZLE])
def test_the_counts_are_those_of_algorithm_x_with_knuths_choice(puzzle: str) -> None:
    found, nodes, _ = dlx.count_covers(puzzle, limit=2)
    assert (found, nodes) == SetsX(puzzle).count(2)


def test_the_puzzle_that_shows_the_stop() -> None:
    assert dlx.count_covers(DEAD_END_AFTER_A_FORCED_ROW, limit=2) == (2, 83, False)


@pytest.mark.parametrize("limit", [1, 3])
def test_the_empty_grid(limit: int) -> None:
    found, nodes, _ = dlx.count_covers("." * 81, limit=limit)
    assert (found, nodes) == SetsX("." * 81).count(limit)


@settings(max_examples=20)
@given(puzzles(24, 60))
def test_the_counts_agree_on_any_puzzle(puzzle: str) -> None:
    found, nodes, _ = dlx.count_covers(puzzle, limit=2)
    assert (found, nodes) == SetsX(puzzle).count(2), puzzle
