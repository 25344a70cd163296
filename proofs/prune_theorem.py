"""``filter valid . expand = filter valid . expand . prune`` (Bird/Portier, §pruning).

The lecture states it follows from the ``pruneBy`` derivation of
:mod:`proofs.prune_by_rows` (for ``rows``, ``cols`` and ``boxs``) and from
``filter p . filter q = filter q . filter p``; the chain below spells it out. Since
``prune = pruneBy rows . pruneBy cols . pruneBy boxs`` applies ``pruneBy boxs`` first,
the ``boxs`` filter is brought next to ``expand`` first.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from fsudoku import bird
from proofs.boards import Board, board_argument, choice_boards, show_board
from proofs.chain import Proof, by, start
from proofs.prelude import Fn, all_, compose, filter_

SOURCE = "Bird/Portier, §pruning (the property sought)"
MAX_OPEN = 8

FR = "filter (all nodups . rows)"
FC = "filter (all nodups . cols)"
FB = "filter (all nodups . boxs)"
COMMUTE = "filter p . filter q = filter q . filter p"


def proofs(
    *,
    rows: Callable[..., Any] = bird.rows,
    cols: Callable[..., Any] = bird.cols,
    boxs: Callable[..., Any] = bird.boxs,
    nodups: Callable[..., Any] = bird.nodups,
    valid: Callable[..., Any] = bird.valid,
    expand: Callable[..., Any] = bird.expand,
    prune: Callable[..., Any] = bird.prune,
    prune_by: Callable[..., Any] = bird.prune_by,
) -> list[Proof[Any]]:
    """The theorem, from the three ``pruneBy`` theorems and commuting filters."""

    def fr(v: Board) -> Fn:
        return filter_(compose(all_(nodups), rows))

    def fc(v: Board) -> Fn:
        return filter_(compose(all_(nodups), cols))

    def fb(v: Board) -> Fn:
        return filter_(compose(all_(nodups), partial(boxs, n=v.n)))

    def by_rows(v: Board) -> Fn:
        return partial(prune_by, rows)

    def by_cols(v: Board) -> Fn:
        return partial(prune_by, cols)

    def by_boxs(v: Board) -> Fn:
        return partial(prune_by, partial(boxs, n=v.n))

    def filter_valid(v: Board) -> Fn:
        return filter_(partial(valid, n=v.n))

    proof: Proof[Board] = Proof(
        name="prune_theorem",
        statement="filter valid . expand = filter valid . expand . prune",
        source=SOURCE,
        domain=f"4x4 choice matrices, at most {MAX_OPEN} open cells",
        assumes=("prune_by_rows", "prune_by_cols", "prune_by_boxs", COMMUTE),
        variables=choice_boards(MAX_OPEN),
        arguments=board_argument,
        show_variables=show_board,
        max_examples=15,
        steps=(
            start("filter valid . expand", lambda v: compose(filter_valid(v), expand)),
            by(
                "definition of valid",
                f"{FB} .\n{FC} .\n{FR} . expand",
                lambda v: compose(fb(v), fc(v), fr(v), expand),
            ),
            by(
                COMMUTE,
                f"{FC} .\n{FR} .\n{FB} . expand",
                lambda v: compose(fc(v), fr(v), fb(v), expand),
            ),
            by(
                "pruneBy theorem for boxs",
                f"{FC} .\n{FR} .\n{FB} . expand . pruneBy boxs",
                lambda v: compose(fc(v), fr(v), fb(v), expand, by_boxs(v)),
            ),
            by(
                COMMUTE,
                f"{FB} .\n{FR} .\n{FC} . expand . pruneBy boxs",
                lambda v: compose(fb(v), fr(v), fc(v), expand, by_boxs(v)),
            ),
            by(
                "pruneBy theorem for cols",
                f"{FB} .\n{FR} .\n{FC} . expand . pruneBy cols . pruneBy boxs",
                lambda v: compose(fb(v), fr(v), fc(v), expand, by_cols(v), by_boxs(v)),
            ),
            by(
                COMMUTE,
                f"{FB} .\n{FC} .\n{FR} . expand . pruneBy cols . pruneBy boxs",
                lambda v: compose(fb(v), fc(v), fr(v), expand, by_cols(v), by_boxs(v)),
            ),
            by(
                "pruneBy theorem for rows",
                f"{FB} .\n{FC} .\n{FR} . expand . pruneBy rows . pruneBy cols . pruneBy boxs",
                lambda v: compose(fb(v), fc(v), fr(v), expand, by_rows(v), by_cols(v), by_boxs(v)),
            ),
            by(
                "definition of prune",
                f"{FB} .\n{FC} .\n{FR} . expand . prune",
                lambda v: compose(fb(v), fc(v), fr(v), expand, partial(prune, n=v.n)),
            ),
            by(
                "definition of valid",
                "filter valid . expand . prune",
                lambda v: compose(filter_valid(v), expand, partial(prune, n=v.n)),
            ),
        ),
    )
    return [proof]
