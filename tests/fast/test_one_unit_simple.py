"""The one-puzzle engine (:mod:`fsudoku.fast.lanes`) under Sarkar #1's rule, against GHC.

On every puzzle line of the main golden set, ``lanes.search_line(line, "simple")``
finds what the article's compiled Haskell prints (``tests/golden/main/sarkar1.txt``):
the same first solution, or none, in the same number of calls of ``solve``. #1's
``pruneCells`` is not idempotent (a cell it fixes prunes the others on the next pass
only), which the engine's shortcut for clean units must respect; the ``order`` lines
settle differently if the three passes are taken in another order.
"""

from __future__ import annotations

from recorded_outputs import expected, puzzles

from fsudoku.fast import lanes


def test_the_one_puzzle_engine_finds_what_ghc_finds_under_the_simple_rule() -> None:
    wrong = []
    for (kind, line), outcome in zip(puzzles(), expected("simple"), strict=True):
        if outcome.status == "invalid":
            continue
        found = lanes.search_line(line, "simple")
        assert found is not None, line
        if (found.solution, found.nodes) != (outcome.solution, outcome.nodes):
            wrong.append(f"{kind} {line}: {found} but GHC: {outcome.solution} {outcome.nodes}")
    assert not wrong, "\n".join(wrong[:5]) + f"\n({len(wrong)} lines)"


def test_each_kind_of_line_is_there() -> None:
    kinds = {kind for kind, _ in puzzles()}
    assert {"order", "several", "none", "unique"} <= kinds, kinds
