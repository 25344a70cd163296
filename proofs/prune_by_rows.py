"""``filter (all nodups . rows) . expand = filter (all nodups . rows) . expand . pruneBy rows``.

Bird/Portier, §pruning: every step of the lecture's derivation, checked on 4x4 choice
matrices with few open cells (``expand`` is exponential). The lecture says the case
of ``cols`` and ``boxs`` is the same, the only property used being that the function
is an involution; the same chain is checked for them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from fsudoku import bird
from proofs.boards import Board, board_argument, choice_boards, show_board
from proofs.chain import FUNCTION, FUNCTION_BAG, Proof, Step, by, start
from proofs.prelude import Fn, all_, compose, filter_, fmap

SOURCE = "Bird/Portier, §pruning (derivation of pruneBy)"
ASSUMES = ("LFILINV", "LNAT", "LFILCP", "LFONC", "LPRUNE")
MAX_OPEN = 8
"""At most this many open cells: ``expand`` makes at most ``4 ** MAX_OPEN`` grids."""


def prune_by_proof(
    name: str,
    unit: Callable[[Board], Fn],
    *,
    expand: Callable[..., Any] = bird.expand,
    cp: Callable[..., Any] = bird.cp,
    nodups: Callable[..., Any] = bird.nodups,
    prune_row: Callable[..., Any] = bird.prune_row,
    prune_by: Callable[..., Any] = bird.prune_by,
    max_examples: int = 12,
) -> Proof[Board]:
    """The lecture's chain for the involution ``unit`` (``rows``, ``cols`` or ``boxs``).

    ``name`` is its Haskell name.
    """
    f = name

    def all_nodups_f(v: Board) -> Fn:
        return compose(all_(nodups), unit(v))

    def text(s: str) -> str:
        return s.replace("rows", f)

    # rows = id, so LNAT is an equality of lists for rows. For cols and boxs,
    # expand . f enumerates the cells in another order than map f . expand: the same
    # grids, another order, so LNAT is an equality of bags only.
    lnat = text("LNAT: map rows . expand = expand . rows")
    if name != "rows":
        lnat += f", as bags (expand . {f} lists the grids in another order)"

    lnat_eq = FUNCTION if name == "rows" else FUNCTION_BAG

    steps: tuple[Step[Board], ...] = (
        start(
            text("filter (all nodups . rows) . expand"),
            lambda v: compose(filter_(all_nodups_f(v)), expand),
        ),
        by(
            text("LFILINV, rows being an involution"),
            text("map rows . filter (all nodups) . map rows . expand"),
            lambda v: compose(fmap(unit(v)), filter_(all_(nodups)), fmap(unit(v)), expand),
            lecture_step=1,
        ),
        by(
            lnat,
            text("map rows . filter (all nodups) . expand . rows"),
            lambda v: compose(fmap(unit(v)), filter_(all_(nodups)), expand, unit(v)),
            lecture_step=2,
            eq=lnat_eq,
        ),
        by(
            "unfold expand = cp . map cp",
            text("map rows . filter (all nodups) . cp . map cp . rows"),
            lambda v: compose(fmap(unit(v)), filter_(all_(nodups)), cp, fmap(cp), unit(v)),
            lecture_step=3,
        ),
        by(
            "LFILCP takes the filter inside cp",
            text("map rows . cp . map (filter nodups) . map cp . rows"),
            lambda v: compose(fmap(unit(v)), cp, fmap(filter_(nodups)), fmap(cp), unit(v)),
            lecture_step=4,
        ),
        by(
            "LFONC merges the two maps",
            text("map rows . cp . map (filter nodups . cp) . rows"),
            lambda v: compose(fmap(unit(v)), cp, fmap(compose(filter_(nodups), cp)), unit(v)),
            lecture_step=5,
        ),
        by(
            "LPRUNE: pruning each row first keeps the same rows without duplicates",
            text("map rows . cp . map (filter nodups . cp . pruneRow) . rows"),
            lambda v: compose(
                fmap(unit(v)), cp, fmap(compose(filter_(nodups), cp, prune_row)), unit(v)
            ),
            lecture_step=6,
        ),
        by(
            "LFONC splits the map in two",
            text("map rows . cp . map (filter nodups) .\nmap (cp . pruneRow) . rows"),
            lambda v: compose(
                fmap(unit(v)), cp, fmap(filter_(nodups)), fmap(compose(cp, prune_row)), unit(v)
            ),
            lecture_step=7,
        ),
        by(
            "LFILCP, right to left, takes the filter out of cp again",
            text("map rows . filter (all nodups) . cp .\nmap (cp . pruneRow) . rows"),
            lambda v: compose(
                fmap(unit(v)), filter_(all_(nodups)), cp, fmap(compose(cp, prune_row)), unit(v)
            ),
            lecture_step=8,
        ),
        by(
            "LFONC splits map (cp . pruneRow)",
            text("map rows . filter (all nodups) .\ncp . map cp . map pruneRow . rows"),
            lambda v: compose(
                fmap(unit(v)), filter_(all_(nodups)), cp, fmap(cp), fmap(prune_row), unit(v)
            ),
            lecture_step=9,
        ),
        by(
            "fold cp . map cp back into expand",
            text("map rows . filter (all nodups) .\nexpand . map pruneRow . rows"),
            lambda v: compose(
                fmap(unit(v)), filter_(all_(nodups)), expand, fmap(prune_row), unit(v)
            ),
            lecture_step=10,
        ),
        by(
            text("LFILINV again, which moves map rows to the right of the filter"),
            text("filter (all nodups . rows) . map rows .\nexpand . map pruneRow . rows"),
            lambda v: compose(
                filter_(all_nodups_f(v)), fmap(unit(v)), expand, fmap(prune_row), unit(v)
            ),
            lecture_step=11,
        ),
        by(
            lnat,
            text("filter (all nodups . rows) . expand .\nrows . map pruneRow . rows"),
            lambda v: compose(filter_(all_nodups_f(v)), expand, unit(v), fmap(prune_row), unit(v)),
            lecture_step=12,
            eq=lnat_eq,
        ),
        by(
            text(
                "fold rows . map pruneRow . rows into pruneBy rows "
                "(pruneBy f = f . map pruneRow . f)"
            ),
            text("filter (all nodups . rows) . expand . pruneBy rows"),
            lambda v: compose(filter_(all_nodups_f(v)), expand, partial(prune_by, unit(v))),
            lecture_step=13,
        ),
    )
    return Proof(
        name=f"prune_by_{name}",
        statement=text(
            "filter (all nodups . rows) . expand = filter (all nodups . rows) . expand . pruneBy rows"
        ),
        source=SOURCE if name == "rows" else SOURCE + f", the symmetric case of {name}",
        domain=f"4x4 choice matrices, at most {MAX_OPEN} open cells",
        assumes=ASSUMES,
        variables=choice_boards(MAX_OPEN),
        arguments=board_argument,
        show_variables=show_board,
        max_examples=max_examples,
        steps=steps,
        conclusion=None if name == "rows" else FUNCTION,
        remarks=()
        if name == "rows"
        else (
            "Steps 2 and 12 hold for bags only, so the chain proves the statement up to order.",
            "As lists it holds too: both sides filter expand's enumeration of the same",
            "cells in the same order (pruneBy only removes choices); checked directly:",
        ),
    )


def proofs(
    *,
    rows: Callable[..., Any] = bird.rows,
    cols: Callable[..., Any] = bird.cols,
    boxs: Callable[..., Any] = bird.boxs,
    expand: Callable[..., Any] = bird.expand,
    cp: Callable[..., Any] = bird.cp,
    nodups: Callable[..., Any] = bird.nodups,
    prune_row: Callable[..., Any] = bird.prune_row,
    prune_by: Callable[..., Any] = bird.prune_by,
) -> list[Proof[Any]]:
    """The derivation for ``rows`` (as in the lecture), then ``cols`` and ``boxs``."""

    def proof(name: str, unit: Callable[[Board], Fn]) -> Proof[Board]:
        return prune_by_proof(
            name,
            unit,
            expand=expand,
            cp=cp,
            nodups=nodups,
            prune_row=prune_row,
            prune_by=prune_by,
        )

    return [
        proof("rows", lambda v: rows),
        proof("cols", lambda v: cols),
        proof("boxs", lambda v: partial(boxs, n=v.n)),
    ]
