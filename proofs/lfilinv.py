"""LFILINV: ``filter (p . f) = map f . filter p . map f`` for every involution ``f``.

Bird/Portier (after LPRUNE), proved from the lemma of :mod:`proofs.filter_map_lemma`.
Checked for generated involutions of small integers.
"""

from __future__ import annotations

from typing import Any

from proofs.chain import Proof, by, start
from proofs.generic import FilterVars, filter_vars, involutions, show_filter_vars
from proofs.prelude import compose, filter_, fmap

STATEMENT = "filter (p . f) = map f . filter p . map f   (f . f = id)"
SOURCE = "Bird/Portier, LFILINV"


def _args(v: FilterVars) -> tuple[object, ...]:
    return (v.xs,)


def proofs() -> list[Proof[Any]]:
    """LFILINV for generated involutions on small integers."""
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
                "filter p . map f = map f . filter (p . f)",
                "map f . map f . filter (p . f)",
                lambda v: compose(fmap(v.f), fmap(v.f), filter_(compose(v.p, v.f))),
                fr="filter p . map f = map f . filter (p . f)",
            ),
            by(
                "LFONC and f . f = id",
                "filter (p . f)",
                lambda v: filter_(compose(v.p, v.f)),
                fr="LFONC et involutivité de f",
            ),
        ),
    )
    return [proof]
