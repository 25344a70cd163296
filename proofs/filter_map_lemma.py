"""``filter p . map f = map f . filter (p . f)``, via ``filter p = concat . map (test p)``.

The lemma behind the first hint of LFILINV (Bird/Portier, after LFILINV), and the
corollary ``filter (p . f) . map f = map f . filter p`` for an involution ``f``.
"""

from __future__ import annotations

from typing import Any

from proofs.chain import Proof, by, start
from proofs.generic import FilterVars, filter_vars, involutions, show_filter_vars, tables
from proofs.prelude import Fn, compose, concat, filter_, fmap, test

SOURCE = "Bird/Portier, proof of the lemma used by LFILINV"


def _args(v: FilterVars) -> tuple[object, ...]:
    return (v.xs,)


def proofs(*, filter_fn: Any = filter_) -> list[Proof[Any]]:
    """The lemma and its corollary; ``filter_fn`` is the ``filter`` under test."""

    def filter_p(p: Any) -> Fn:
        return filter_fn(p)  # type: ignore[no-any-return]

    lemma: Proof[FilterVars] = Proof(
        name="filter_map_lemma",
        statement="filter p . map f = map f . filter (p . f)",
        source=SOURCE,
        domain="f, p on small integers",
        assumes=("LFONC", "naturality of concat"),
        variables=filter_vars(tables),
        arguments=_args,
        show_variables=show_filter_vars,
        max_examples=60,
        steps=(
            start("filter p . map f", lambda v: compose(filter_p(v.p), fmap(v.f))),
            by(
                "definition of filter",
                "concat . map (test p) . map f",
                lambda v: compose(concat, fmap(test(v.p)), fmap(v.f)),
                lecture_step=1,
            ),
            by(
                "LFONC merges the two maps",
                "concat . map (test p . f)",
                lambda v: compose(concat, fmap(compose(test(v.p), v.f))),
                lecture_step=2,
            ),
            by(
                "testing f x is testing x with p . f, then mapping f: "
                "test p . f = map f . test (p . f)",
                "concat . map (map f . test (p . f))",
                lambda v: compose(concat, fmap(compose(fmap(v.f), test(compose(v.p, v.f))))),
                lecture_step=3,
            ),
            by(
                "LFONC splits the map",
                "concat . map (map f) . map (test (p . f))",
                lambda v: compose(concat, fmap(fmap(v.f)), fmap(test(compose(v.p, v.f)))),
                lecture_step=4,
            ),
            by(
                "concat is natural: concat . map (map f) = map f . concat",
                "map f . concat . map (test (p . f))",
                lambda v: compose(fmap(v.f), concat, fmap(test(compose(v.p, v.f)))),
                lecture_step=5,
            ),
            by(
                "definition of filter",
                "map f . filter (p . f)",
                lambda v: compose(fmap(v.f), filter_p(compose(v.p, v.f))),
                lecture_step=6,
            ),
        ),
    )
    corollary: Proof[FilterVars] = Proof(
        name="filter_map_corollary",
        statement="filter (p . f) . map f = map f . filter p   (f . f = id)",
        source="Bird/Portier, after the lemma (by involutivity of f and LFONC)",
        domain="involutions f, predicates p on small integers",
        assumes=("filter_map_lemma", "LFONC"),
        variables=filter_vars(involutions()),
        arguments=_args,
        show_variables=show_filter_vars,
        max_examples=60,
        steps=(
            start(
                "filter (p . f) . map f",
                lambda v: compose(filter_p(compose(v.p, v.f)), fmap(v.f)),
            ),
            by(
                "filter_map_lemma with p := p . f",
                "map f . filter (p . f . f)",
                lambda v: compose(fmap(v.f), filter_p(compose(v.p, v.f, v.f))),
            ),
            by(
                "f is an involution, so p . f . f = p",
                "map f . filter p",
                lambda v: compose(fmap(v.f), filter_p(v.p)),
            ),
        ),
    )
    return [lemma, corollary]
