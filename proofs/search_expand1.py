"""``search = concat . map search . expand1`` and the correctness of Bird's ``search``.

Bird/Portier, §search. For an incomplete safe matrix the lecture derives
``filter valid . expand = concat . map (filter valid . expand . prune) . expand1`` and
poses ``search = filter valid . expand . prune``; for a complete safe matrix
``filter valid (expand m) = [extract m]``. The third proof puts the cases together:
the program ``search`` (with its three guards) returns the same grids as
``filter valid . expand``, by induction on the number of open cells.

``expand1`` fixes one cell, so ``concat . map expand . expand1`` lists the grids of
``expand`` in another order: those steps are equalities of bags, not lists.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from hypothesis import strategies as st

from fsudoku import bird
from fsudoku.testing.strategies import solved_boards
from proofs.boards import Board, board_argument, choice_boards, show_board
from proofs.chain import BAG, FUNCTION_BAG, LIST, Proof, by, start
from proofs.prelude import Fn, compose, concat, filter_, fmap

SOURCE = "Bird/Portier, §search"
MAX_OPEN = 8

GUARDS = (
    "if not (safe pm) then []\n"
    "else if complete pm then [extract pm]\n"
    "else {rest}\n"
    "  with pm = prune m"
)


def incomplete_safe_boards() -> st.SearchStrategy[Board]:
    """4x4 choice matrices that are safe and not complete."""
    return choice_boards(MAX_OPEN, min_open=1).filter(
        lambda v: not bird.complete(v.m) and bird.safe(v.m, n=v.n)
    )


def complete_safe_boards() -> st.SearchStrategy[Board]:
    """Complete safe choice matrices: solved 4x4 and 9x9 grids, one digit per cell."""
    return st.sampled_from((2, 3)).flatmap(
        lambda n: solved_boards(n).map(lambda g: Board(n, bird.choices(g, n)))
    )


def proofs(
    *,
    expand: Callable[..., Any] = bird.expand,
    expand1: Callable[..., Any] = bird.expand1,
    valid: Callable[..., Any] = bird.valid,
    prune: Callable[..., Any] = bird.prune,
    safe: Callable[..., Any] = bird.safe,
    complete: Callable[..., Any] = bird.complete,
    extract: Callable[..., Any] = bird.extract,
    search: Callable[..., Any] = bird.search,
) -> list[Proof[Any]]:
    """The incomplete case, the complete case and the program's correctness."""

    def fv(v: Board) -> Fn:
        return filter_(partial(valid, n=v.n))

    def pr(v: Board) -> Fn:
        return partial(prune, n=v.n)

    def sr(v: Board) -> Fn:
        return partial(search, n=v.n)

    def spec(v: Board) -> Fn:
        """``filter valid . expand . prune``."""
        return compose(fv(v), expand, pr(v))

    incomplete: Proof[Board] = Proof(
        name="search_expand1",
        statement="search = concat . map search . expand1   (as bags; m safe, not complete)",
        source=SOURCE,
        domain=f"safe, incomplete 4x4 choice matrices, at most {MAX_OPEN} open cells",
        assumes=(
            "expand = concat . map expand . expand1 (bags)",
            "filter p . concat = concat . map (filter p)",
            "LFONC",
            "prune_theorem",
            "search_program",
        ),
        variables=incomplete_safe_boards(),
        arguments=board_argument,
        show_variables=show_board,
        max_examples=20,
        steps=(
            start("search", sr),
            by(
                "search_program: search gives the grids of filter valid . expand . prune",
                "filter valid . expand . prune",
                spec,
                eq=FUNCTION_BAG,
            ),
            by(
                "prune_theorem, right to left: pruning first loses no valid grid",
                "filter valid . expand",
                lambda v: compose(fv(v), expand),
            ),
            by(
                "expand1 splits expand: expand = concat . map expand . expand1, as bags",
                "filter valid . concat . map expand . expand1",
                lambda v: compose(fv(v), concat, fmap(expand), expand1),
                eq=FUNCTION_BAG,
                lecture_step=1,
            ),
            by(
                "filtering a concatenation filters each part: "
                "filter p . concat = concat . map (filter p)",
                "concat . map (filter valid) . map expand . expand1",
                lambda v: compose(concat, fmap(fv(v)), fmap(expand), expand1),
                lecture_step=2,
            ),
            by(
                "LFONC merges the two maps",
                "concat . map (filter valid . expand) . expand1",
                lambda v: compose(concat, fmap(compose(fv(v), expand)), expand1),
                lecture_step=3,
            ),
            by(
                "prune_theorem inside the map",
                "concat . map (filter valid . expand . prune) . expand1",
                lambda v: compose(concat, fmap(spec(v)), expand1),
                lecture_step=4,
            ),
            by(
                "search_program again, inside the map",
                "concat . map search . expand1",
                lambda v: compose(concat, fmap(sr(v)), expand1),
                eq=FUNCTION_BAG,
            ),
        ),
    )

    complete_case: Proof[Board] = Proof(
        name="search_complete",
        statement="filter valid (expand m) = [extract m]   (m safe and complete)",
        source=SOURCE,
        domain="solved 4x4 and 9x9 grids as choice matrices",
        assumes=("cp of singletons is one list",),
        variables=complete_safe_boards(),
        show_variables=show_board,
        max_examples=30,
        steps=(
            start("filter valid (expand m)", lambda v: fv(v)(expand(v.m))),
            by(
                "m complete: every cell a singleton, so expand m = [extract m]",
                "filter valid [extract m]",
                lambda v: fv(v)((extract(v.m),)),
                eq=LIST,
            ),
            by(
                "m safe and complete: no unit has two equal digits, so valid (extract m)",
                "[extract m]",
                lambda v: (extract(v.m),),
                eq=LIST,
            ),
        ),
    )

    def guarded(v: Board, rest: Callable[[Any], object], last: bool = True) -> object:
        pm = pr(v)(v.m)
        if not safe(pm, n=v.n):
            return ()
        if last and complete(pm):
            return (extract(pm),)
        return rest(pm)

    def children(v: Board, f: Fn) -> Callable[[Any], object]:
        return lambda pm: concat(fmap(f)(expand1(pm)))

    program: Proof[Board] = Proof(
        name="search_program",
        statement="search m = filter valid (expand m)   (as bags; by induction on open cells)",
        source=SOURCE + " (the program search . choices)",
        domain=f"4x4 choice matrices, at most {MAX_OPEN} open cells",
        assumes=("prune_theorem", "search_expand1", "search_complete"),
        variables=choice_boards(MAX_OPEN),
        show_variables=show_board,
        max_examples=20,
        steps=(
            start("search m", lambda v: sr(v)(v.m)),
            by(
                "unfold search: prune m, then its three cases",
                GUARDS.format(rest="concat (map search (expand1 pm))"),
                lambda v: guarded(v, children(v, sr(v))),
                eq=LIST,
            ),
            by(
                "induction: search = filter valid . expand . prune on each of expand1 pm",
                GUARDS.format(rest="concat (map (filter valid . expand . prune) (expand1 pm))"),
                lambda v: guarded(v, children(v, spec(v))),
                eq=BAG,
            ),
            by(
                "prune_theorem, LFONC and expand = concat . map expand . expand1 (bags)",
                GUARDS.format(rest="filter valid (expand pm)"),
                lambda v: guarded(v, compose(fv(v), expand)),
                eq=BAG,
            ),
            by(
                "search_complete: filter valid (expand pm) = [extract pm]",
                "if not (safe pm) then [] else filter valid (expand pm)\n  with pm = prune m",
                lambda v: guarded(v, compose(fv(v), expand), last=False),
                eq=LIST,
            ),
            by(
                "not (safe pm): a unit has two equal singletons, no grid of expand pm is valid",
                "filter valid (expand pm)\n  with pm = prune m",
                lambda v: spec(v)(v.m),
                eq=LIST,
            ),
            by(
                "prune_theorem",
                "filter valid (expand m)",
                lambda v: compose(fv(v), expand)(v.m),
                eq=LIST,
            ),
        ),
    )
    return [incomplete, complete_case, program]
