"""``boxs . boxs = id`` step by step (the lecture's "Solution"), and ``rows``, ``cols``.

In the lecture's proof ``group`` stands for ``group3``; it uses LFONC
(``map id = id``, ``map f . map g = map (f . g)``) and ``group . ungroup = id``,
``ungroup . group = id`` (on lists whose length is a multiple of 3, resp. of lists of
lists of length 3), ``cols . cols = id``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from fsudoku import bird
from proofs.boards import Board, board_argument, boards, rectangles, show_board, show_matrix
from proofs.chain import Proof, by, start
from proofs.prelude import Fn, compose, fmap, ident, transpose

SOURCE = 'Bird/Portier, §validity, "Solution"'


def proofs(
    *,
    boxs: Callable[..., Any] = bird.boxs,
    cols: Callable[..., Any] = bird.cols,
    rows: Callable[..., Any] = bird.rows,
    group3: Callable[..., Any] = bird.group3,
    ungroup: Callable[..., Any] = bird.ungroup,
) -> list[Proof[Any]]:
    """The three involutions; the keyword arguments are the functions under test."""

    def bx(v: Board) -> Fn:
        return partial(boxs, n=v.n)

    def grp(v: Board) -> Fn:
        return partial(group3, n=v.n)

    def half(v: Board) -> Fn:
        """``map ungroup . ungroup . map cols . group . map group`` (the definition)."""
        return compose(fmap(ungroup), ungroup, fmap(cols), grp(v), fmap(grp(v)))

    boxs_proof: Proof[Board] = Proof(
        name="boxs_involution",
        statement="boxs . boxs = id",
        source=SOURCE,
        domain="4x4 and 9x9 matrices of labels",
        assumes=("LFONC", "group . ungroup = id", "ungroup . group = id", "cols . cols = id"),
        variables=boards(),
        arguments=board_argument,
        show_variables=show_board,
        max_examples=60,
        steps=(
            start("boxs . boxs", lambda v: compose(bx(v), bx(v))),
            by(
                "unfold the definition of boxs in both factors",
                "map ungroup . ungroup . map cols . group . map group .\n"
                "map ungroup . ungroup . map cols . group . map group",
                lambda v: compose(half(v), half(v)),
                lecture_step=1,
            ),
            by(
                "map group . map ungroup = map (group . ungroup) = map id = id (LFONC)",
                "map ungroup . ungroup . map cols . group .\n"
                "ungroup . map cols . group . map group",
                lambda v: compose(
                    fmap(ungroup),
                    ungroup,
                    fmap(cols),
                    grp(v),
                    ungroup,
                    fmap(cols),
                    grp(v),
                    fmap(grp(v)),
                ),
                lecture_step=2,
            ),
            by(
                "group . ungroup = id",
                "map ungroup . ungroup . map cols .\nmap cols . group . map group",
                lambda v: compose(
                    fmap(ungroup), ungroup, fmap(cols), fmap(cols), grp(v), fmap(grp(v))
                ),
                lecture_step=3,
            ),
            by(
                "cols is an involution, so LFONC turns map cols . map cols into map id = id",
                "map ungroup . ungroup .\ngroup . map group",
                lambda v: compose(fmap(ungroup), ungroup, grp(v), fmap(grp(v))),
                lecture_step=4,
            ),
            by(
                "ungroup . group = id",
                "map ungroup .\nmap group",
                lambda v: compose(fmap(ungroup), fmap(grp(v))),
                lecture_step=5,
            ),
            by(
                "LFONC merges the maps into map (ungroup . group) = map id = id",
                "id",
                lambda v: ident,
                lecture_step=6,
            ),
        ),
    )

    definition: Proof[Board] = Proof(
        name="boxs_definition",
        statement="boxs = map ungroup . ungroup . map cols . group . map group",
        source="Bird/Portier, §validity (the diagram defining boxs)",
        domain="4x4 and 9x9 matrices of labels",
        variables=boards(),
        arguments=board_argument,
        show_variables=show_board,
        max_examples=20,
        remarks=(
            "Not implied by boxs . boxs = id: a boxs that swaps two cells which it",
            "leaves in place is still an involution (see the mutant boxs_swap_inside).",
        ),
        steps=(
            start("boxs", bx),
            by("definition of boxs", "map ungroup . ungroup . map cols . group . map group", half),
        ),
    )

    rows_proof: Proof[Board] = Proof(
        name="rows_involution",
        statement="rows . rows = id",
        source="Bird/Portier, §validity (stated with boxs . boxs = id)",
        domain="4x4 and 9x9 matrices of labels",
        assumes=(),
        variables=boards(),
        arguments=board_argument,
        show_variables=show_board,
        max_examples=30,
        steps=(
            start("rows . rows", lambda v: compose(rows, rows)),
            by("definition of rows (rows = id)", "id . id", lambda v: compose(ident, ident)),
            by("id . id = id", "id", lambda v: ident),
        ),
    )

    cols_proof: Proof[Any] = Proof(
        name="cols_involution",
        statement="cols . cols = id",
        source="Bird/Portier, §validity (stated with boxs . boxs = id)",
        domain="non-empty rectangular matrices of labels",
        assumes=("transpose . transpose = id on non-empty rectangular matrices",),
        variables=rectangles(),
        arguments=lambda m: (m,),
        show_variables=lambda m: f"m = {show_matrix(m)}",
        max_examples=40,
        steps=(
            start("cols . cols", lambda m: compose(cols, cols)),
            by(
                "definition of cols (transposition of a non-empty rectangular matrix)",
                "transpose . transpose",
                lambda m: compose(transpose, transpose),
            ),
            by("transpose . transpose = id (non-empty rows)", "id", lambda m: ident),
        ),
    )
    return [definition, rows_proof, cols_proof, boxs_proof]
