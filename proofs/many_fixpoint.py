"""``f (many f x) = many f x`` and ``fixM f x >>= f = fixM f x``: the loops stop at a fixed point.

Bird's ``many`` (Bird/Portier, §many) and Sarkar's ``fixM`` (Sarkar #1, "Pruning the
Grid") iterate a pruning function until it changes nothing. That the result is a
fixed point is what ``solve''`` and ``pruneGrid`` rely on; the chains unfold the
iteration, written out here as a recursion of its own, to the value it stops at.
Checked with ``f = prune`` (Bird) and ``f = pruneGrid'`` (Sarkar).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from hypothesis import strategies as st
from returns.maybe import Maybe, Some

from fsudoku import bird
from fsudoku.fp import fix_m as fp_fix_m
from fsudoku.testing.strategies import puzzles
from proofs.boards import Board, choice_boards, show_board
from proofs.chain import LIST, Proof, by, start

SOURCE_MANY = "Bird/Portier, §many"
SOURCE_FIX_M = 'Sarkar #1, "Pruning the Grid" (fixM)'


def unfold_many(f: Callable[[Any], Any], x: Any) -> Any:
    """Apply ``f`` from ``x`` until a value is its own image, and return that value.

    Haskell: ``many :: (Eq a) => (a -> a) -> a -> a`` (Bird/Portier, §many).
    """
    y = f(x)
    return x if x == y else unfold_many(f, y)


def unfold_fix_m(f: Callable[[Any], Maybe[Any]], x: Any) -> Maybe[Any]:
    """Apply ``f`` from ``x`` until it returns its argument unchanged, or until it fails.

    The result is that value, in ``Some``, or ``Nothing`` as soon as ``f`` fails.

    Haskell: ``fixM :: (Eq t, Monad m) => (t -> m t) -> t -> m t`` (Sarkar #1, "Pruning
    the Grid"; Sarkar #2, "Pruning the Cells, Exclusively").
    """
    return f(x).bind(lambda x2: Some(x) if x2 == x else unfold_fix_m(f, x2))


def many_boards() -> st.SearchStrategy[Board]:
    """4x4 choice matrices with many open cells, and 9x9 puzzles' choice matrices."""
    nine = puzzles(20, 60).map(
        lambda line: Board(3, bird.choices(bird.s2g(line.replace(".", "0"))))
    )
    return st.one_of(choice_boards(max_open=12), nine)


class SarkarGrid(NamedTuple):
    """A puzzle line and its Sarkar grid."""

    line: str
    grid: Any


def sarkar_grids() -> st.SearchStrategy[SarkarGrid]:
    """Sarkar grids of 9x9 puzzles (20 to 60 blanks)."""
    from fsudoku.grid_io import read_grid

    return puzzles(20, 60).map(lambda line: SarkarGrid(line, read_grid(line).unwrap()))


def _default_prune_grid_once() -> Callable[[Any], Maybe[Any]]:
    from fsudoku.sarkar1 import prune_grid_once

    return prune_grid_once


def proofs(
    *,
    many: Callable[..., Any] = bird.many,
    prune: Callable[..., Any] = bird.prune,
    fix_m: Callable[..., Any] = fp_fix_m,
    prune_grid_once: Callable[..., Any] | None = None,
) -> list[Proof[Any]]:
    """The fixed-point property of ``many prune`` and of ``fixM pruneGrid'``."""
    sarkar_prune = prune_grid_once or _default_prune_grid_once()

    def pr(v: Board) -> Callable[[Any], Any]:
        return partial(prune, n=v.n)

    many_proof: Proof[Board] = Proof(
        name="many_fixpoint",
        statement="f (many f x) = many f x   (f = prune)",
        source=SOURCE_MANY,
        domain="4x4 choice matrices and choice matrices of 9x9 puzzles",
        assumes=("the iteration reaches a fixed point (prune only removes choices)",),
        variables=many_boards(),
        show_variables=show_board,
        max_examples=25,
        steps=(
            start("f (many f x)", lambda v: pr(v)(many(pr(v), v.m))),
            by(
                "definition of many, unfolded: many f x = y, the first of x, f x, "
                "f (f x), ... with y == f y",
                "f y",
                lambda v: pr(v)(unfold_many(pr(v), v.m)),
                eq=LIST,
            ),
            by(
                "y == f y (where the unfolding stopped)",
                "y",
                lambda v: unfold_many(pr(v), v.m),
                eq=LIST,
            ),
            by(
                "definition of many (the same unfolding)",
                "many f x",
                lambda v: many(pr(v), v.m),
                eq=LIST,
            ),
        ),
    )

    fix_m_proof: Proof[SarkarGrid] = Proof(
        name="fix_m_fixpoint",
        statement="fixM f x >>= f = fixM f x   (f = pruneGrid')",
        source=SOURCE_FIX_M,
        domain="Sarkar grids of 9x9 puzzles",
        assumes=("the iteration reaches a fixed point or Nothing",),
        variables=sarkar_grids(),
        show_variables=lambda v: f"x = {v.line}",
        max_examples=15,
        steps=(
            start("fixM f x >>= f", lambda v: fix_m(sarkar_prune, v.grid).bind(sarkar_prune)),
            by(
                "definition of fixM, unfolded: fixM f x = Just y, the first of x, x', ... "
                "with f y = Just y (or Nothing when f fails first)",
                "Just y >>= f",
                lambda v: unfold_fix_m(sarkar_prune, v.grid).bind(sarkar_prune),
                eq=LIST,
            ),
            by(
                "f y = Just y (where the unfolding stopped); Nothing >>= f = Nothing",
                "Just y",
                lambda v: unfold_fix_m(sarkar_prune, v.grid),
                eq=LIST,
            ),
            by(
                "definition of fixM (the same unfolding)",
                "fixM f x",
                lambda v: fix_m(sarkar_prune, v.grid),
                eq=LIST,
            ),
        ),
    )
    return [many_proof, fix_m_proof]
