"""LFILINV: ``filter (p . f) = map f . filter p . map f`` for every involution ``f``.

Bird/Portier (after LPRUNE), proved from the lemma of :mod:`proofs.filter_map_lemma`.
Checked for generated involutions of small integers, and for the involutions the
lecture uses it on, ``rows``, ``cols`` and ``boxs``, over lists of 4x4 matrices.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, NamedTuple

from hypothesis import strategies as st

from fsudoku import bird
from proofs.boards import Matrix, label_matrices, show_matrix
from proofs.chain import Proof, by, start
from proofs.generic import FilterVars, filter_vars, involutions, show_filter_vars
from proofs.prelude import Fn, compose, filter_, fmap

STATEMENT = "filter (p . f) = map f . filter p . map f   (f . f = id)"
SOURCE = "Bird/Portier, LFILINV"


def _args(v: FilterVars) -> tuple[object, ...]:
    return (v.xs,)


MATRIX_PREDICATES: dict[str, Callable[[Matrix], bool]] = {
    "all nodups": lambda m: all(bird.nodups(r) for r in m),
    "nodups . head": lambda m: bird.nodups(m[0]),
    "\\m -> head (head m) < last (last m)": lambda m: m[0][0] < m[-1][-1],
    "\\m -> 0 `elem` head m": lambda m: 0 in m[0],
}
"""Predicates on matrices, by their Haskell text."""


class UnitVars(NamedTuple):
    """An involution's name, a predicate's text and a list of matrices."""

    f: str
    p: str
    xs: list[Matrix]


def _show_units(v: UnitVars) -> str:
    return f"f = {v.f}, p = {v.p}, xs = [{', '.join(show_matrix(m) for m in v.xs)}]"


def _units(v: UnitVars) -> tuple[object, ...]:
    return (v.xs,)


def unit_vars() -> st.SearchStrategy[UnitVars]:
    """``f`` among rows, cols, boxs; ``p`` a matrix predicate; lists of 4x4 matrices."""
    return st.builds(
        UnitVars,
        st.sampled_from(("rows", "cols", "boxs")),
        st.sampled_from(sorted(MATRIX_PREDICATES)),
        st.lists(label_matrices(2), max_size=6),
    )


def proofs(
    *,
    rows: Callable[..., Any] = bird.rows,
    cols: Callable[..., Any] = bird.cols,
    boxs: Callable[..., Any] = bird.boxs,
) -> list[Proof[Any]]:
    """LFILINV for generated involutions on small integers, and for rows, cols, boxs."""
    units: dict[str, Fn] = {"rows": rows, "cols": cols, "boxs": partial(boxs, n=2)}

    def f(v: UnitVars) -> Fn:
        return units[v.f]

    def p(v: UnitVars) -> Fn:
        return MATRIX_PREDICATES[v.p]

    unit_proof: Proof[UnitVars] = Proof(
        name="lfilinv_units",
        statement=STATEMENT + "   with f = rows, cols, boxs",
        source=SOURCE + " (as used in the pruneBy derivation)",
        domain="lists of 4x4 matrices of labels",
        assumes=("filter_map_lemma", "LFONC", "rows, cols, boxs are involutions"),
        variables=unit_vars(),
        arguments=_units,
        show_variables=_show_units,
        max_examples=40,
        steps=(
            start(
                "map f . filter p . map f",
                lambda v: compose(fmap(f(v)), filter_(p(v)), fmap(f(v))),
            ),
            by(
                "filter_map_lemma: filter p . map f = map f . filter (p . f)",
                "map f . map f . filter (p . f)",
                lambda v: compose(fmap(f(v)), fmap(f(v)), filter_(compose(p(v), f(v)))),
                lecture_step=1,
            ),
            by(
                "LFONC and f . f = id make map f . map f the identity",
                "filter (p . f)",
                lambda v: filter_(compose(p(v), f(v))),
                lecture_step=2,
            ),
        ),
    )
    proof: Proof[FilterVars] = Proof(
        name="lfilinv",
        statement=STATEMENT,
        source=SOURCE,
        domain="involutions f, predicates p on small integers",
        assumes=("filter_map_lemma", "LFONC"),
        variables=filter_vars(involutions()),
        arguments=_args,
        show_variables=show_filter_vars,
        max_examples=60,
        steps=(
            start(
                "map f . filter p . map f",
                lambda v: compose(fmap(v.f), filter_(v.p), fmap(v.f)),
            ),
            by(
                "filter_map_lemma: filter p . map f = map f . filter (p . f)",
                "map f . map f . filter (p . f)",
                lambda v: compose(fmap(v.f), fmap(v.f), filter_(compose(v.p, v.f))),
                lecture_step=1,
            ),
            by(
                "LFONC and f . f = id make map f . map f the identity",
                "filter (p . f)",
                lambda v: filter_(compose(v.p, v.f)),
                lecture_step=2,
            ),
        ),
    )
    return [proof, unit_proof]
