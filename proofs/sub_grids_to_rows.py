"""``subGridsToRows . subGridsToRows = id`` (Sarkar #1, "Pruning the Grid").

Sarkar shows the involution only by running it on one grid. Here it is proved by
calculation: first ``subGridsToRows = boxs`` (through ``concatMap``, ``chunksOf``,
``zipWith3`` and ``concat``), then Bird's ``boxs . boxs = id``
(:mod:`proofs.boxs_involution`). ``chunksOf`` is :func:`proofs.prelude.chunks_of`.
Checked on 9x9 matrices of distinct fixed cells (the function is shape-only: it never
looks inside a cell).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from hypothesis import strategies as st

from fsudoku import bird
from fsudoku.cell import Fixed
from proofs.boards import Matrix, label_matrices, show_matrix
from proofs.chain import Proof, by, start
from proofs.prelude import (
    Fn,
    chunks_of,
    compose,
    concat,
    concat_map,
    fmap,
    ident,
    transpose,
    zip_with3,
)

SOURCE = 'Sarkar #1, "Pruning the Grid" (shown there by example only)'
BAND = (
    "band rows = let [r1, r2, r3] = map (chunksOf 3) rows\n"
    "            in zipWith3 (\\a b c -> a ++ b ++ c) r1 r2 r3"
)


def band(rows: Any) -> tuple[Any, ...]:
    """Sarkar's lambda: the three rows of a band, cut in thirds and regrouped by box."""
    r1, r2, r3 = fmap(chunks_of(3))(rows)  # the irrefutable pattern [r1, r2, r3]
    return zip_with3(lambda a, b, c: a + b + c)(r1, r2, r3)


def definition() -> Fn:
    """``concatMap band . chunksOf 3``: Sarkar's definition, transcribed."""
    return compose(concat_map(band), chunks_of(3))


def fixed_grids() -> st.SearchStrategy[Matrix]:
    """9x9 grids of ``Fixed`` cells (distinct labels, or few labels)."""
    return label_matrices(3).map(lambda m: tuple(tuple(Fixed(x) for x in row) for row in m))


def _show(m: Matrix) -> str:
    return "grid = " + show_matrix(tuple(tuple(c.value for c in row) for row in m))


def _arg(m: Matrix) -> tuple[object, ...]:
    return (m,)


def _default_sub_grids_to_rows() -> Callable[..., Any]:
    from fsudoku.sarkar1 import sub_grids_to_rows

    return sub_grids_to_rows


def proofs(
    *,
    sub_grids_to_rows: Callable[..., Any] | None = None,
    boxs: Callable[..., Any] = bird.boxs,
    cols: Callable[..., Any] = bird.cols,
    group3: Callable[..., Any] = bird.group3,
    ungroup: Callable[..., Any] = bird.ungroup,
) -> list[Proof[Any]]:
    """The lemma ``subGridsToRows = boxs`` and the involution it gives."""
    sgr = sub_grids_to_rows or _default_sub_grids_to_rows()
    g3 = partial(group3, n=3)
    box9 = partial(boxs, n=3)

    lemma: Proof[Matrix] = Proof(
        name="sub_grids_to_rows_is_boxs",
        statement="subGridsToRows = boxs",
        source=SOURCE,
        domain="9x9 grids of Fixed cells",
        assumes=(
            "LFONC",
            "naturality of ungroup (concat) and of group3",
            "zipWith3 f r1 r2 r3 = map (\\[a, b, c] -> f a b c) (transpose [r1, r2, r3])",
        ),
        variables=fixed_grids(),
        arguments=_arg,
        show_variables=_show,
        max_examples=40,
        steps=(
            start("subGridsToRows", lambda m: sgr),
            by(
                "definition of subGridsToRows",
                "concatMap band . chunksOf 3\n  where " + BAND.replace("\n", "\n        "),
                lambda m: definition(),
            ),
            by(
                "concatMap f = concat . map f",
                "concat . map band . chunksOf 3",
                lambda m: compose(concat, fmap(band), chunks_of(3)),
            ),
            by(
                "zipWith3 (\\a b c -> a ++ b ++ c) r1 r2 r3 = map concat (transpose [r1, r2, r3])",
                "concat . map (map concat . transpose . map (chunksOf 3)) . chunksOf 3",
                lambda m: compose(
                    concat,
                    fmap(compose(fmap(concat), transpose, fmap(chunks_of(3)))),
                    chunks_of(3),
                ),
            ),
            by(
                "chunksOf 3 = group3, concat = ungroup, transpose = cols (non-empty, rectangular)",
                "ungroup . map (map ungroup . cols . map group3) . group3",
                lambda m: compose(ungroup, fmap(compose(fmap(ungroup), cols, fmap(g3))), g3),
            ),
            by(
                "LFONC",
                "ungroup . map (map ungroup) . map cols . map (map group3) . group3",
                lambda m: compose(ungroup, fmap(fmap(ungroup)), fmap(cols), fmap(fmap(g3)), g3),
            ),
            by(
                "naturality of ungroup: ungroup . map (map f) = map f . ungroup",
                "map ungroup . ungroup . map cols . map (map group3) . group3",
                lambda m: compose(fmap(ungroup), ungroup, fmap(cols), fmap(fmap(g3)), g3),
            ),
            by(
                "naturality of group3: map (map f) . group3 = group3 . map f",
                "map ungroup . ungroup . map cols . group3 . map group3",
                lambda m: compose(fmap(ungroup), ungroup, fmap(cols), g3, fmap(g3)),
            ),
            by("definition of boxs", "boxs", lambda m: box9),
        ),
    )

    involution: Proof[Matrix] = Proof(
        name="sub_grids_to_rows_involution",
        statement="subGridsToRows . subGridsToRows = id",
        source=SOURCE,
        domain="9x9 grids of Fixed cells",
        assumes=("sub_grids_to_rows_is_boxs", "boxs_involution"),
        variables=fixed_grids(),
        arguments=_arg,
        show_variables=_show,
        max_examples=40,
        steps=(
            start("subGridsToRows . subGridsToRows", lambda m: compose(sgr, sgr)),
            by("subGridsToRows = boxs (lemma above)", "boxs . boxs", lambda m: compose(box9, box9)),
            by("boxs . boxs = id (Bird's Solution)", "id", lambda m: ident),
        ),
    )
    return [lemma, involution]
