"""Checked equational proofs of the Sudoku lectures' laws.

Each module holds one theorem (or a theorem and its lemma) as a chain of steps in the
lecture's notation; :mod:`proofs.chain` checks every step with Hypothesis. The
functions under test are keyword parameters of each module's ``proofs()`` builder
(defaulting to :mod:`fsudoku.bird`, :mod:`fsudoku.sarkar1` and :mod:`fsudoku.fp`),
named as the fields of :class:`fsudoku.testing.Parts`: :func:`build` passes a
record's parts to a builder, so a planted bug is the record with one function replaced,
substituted without touching any global (see :mod:`proofs.mutants`). Run
``python -m proofs``.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

from fsudoku.testing import FSUDOKU, PART_NAMES, Parts
from proofs import (
    boxs_involution,
    filter_map_lemma,
    lfilinv,
    many_fixpoint,
    prune_by_rows,
    prune_theorem,
    search_expand1,
    sub_grids_to_rows,
)
from proofs.chain import Proof

Builder = Callable[..., list[Proof[Any]]]
"""A module's ``proofs(**functions_under_test)``."""

THEOREMS: tuple[tuple[str, Builder], ...] = (
    ("filter_map_lemma", filter_map_lemma.proofs),
    ("lfilinv", lfilinv.proofs),
    ("boxs_involution", boxs_involution.proofs),
    ("prune_by_rows", prune_by_rows.proofs),
    ("prune_theorem", prune_theorem.proofs),
    ("search_expand1", search_expand1.proofs),
    ("many_fixpoint", many_fixpoint.proofs),
    ("sub_grids_to_rows", sub_grids_to_rows.proofs),
)
"""The theorem modules, in dependency order (a proof only cites earlier ones)."""


def parameters(builder: Builder) -> frozenset[str]:
    """The names of the functions under test a builder takes."""
    return frozenset(inspect.signature(builder).parameters)


def build(builder: Builder, parts: Parts = FSUDOKU) -> list[Proof[Any]]:
    """A module's proofs, built with the parts of the record its builder takes (by name).

    Its other functions under test (``group3``, ``filter_fn``) keep their defaults.
    """
    return builder(**{name: getattr(parts, name) for name in parameters(builder) & PART_NAMES})


def all_proofs(parts: Parts = FSUDOKU) -> list[Proof[Any]]:
    """Every proof, in dependency order, each built with the parts of the record."""
    return [proof for _, builder in THEOREMS for proof in build(builder, parts)]


__all__ = ["THEOREMS", "Builder", "Proof", "all_proofs", "build", "parameters"]
