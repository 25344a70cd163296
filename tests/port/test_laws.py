"""The laws of fsudoku.testing.LAWS hold for fsudoku's own functions, and the kit reports
a planted bug.

One generated test per law (``test_law_holds[<law>]``), each with the equality the
table states; the hand-written tests below show what the table cannot: that the bag
laws are not list laws (counterexamples), why the conditions of the laws are needed,
and how the kit reports a failing law.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any

import pytest

from fsudoku import bird
from fsudoku import testing as laws
from fsudoku.bird import Matrix
from fsudoku.cell import Row as CellRow
from fsudoku.testing import (
    BAG,
    FSUDOKU,
    LAWS,
    LIST,
    PART_NAMES,
    SARKAR2,
    Law,
    LawFailure,
    LawsFailed,
    Parts,
    check_law,
    check_laws,
    law_tests,
)
from fsudoku.testing import _sarkar_laws as sarkar_laws

test_law_holds = law_tests(FSUDOKU)
"""One test per law of the table: it holds for fsudoku's own parts."""


def swapped_boxs(m: Matrix[Any], n: int = 3) -> Matrix[Any]:
    """``boxs``, then the second cell of the first box swapped with the first of the second."""
    b = [list(row) for row in bird.boxs(m, n)]
    b[0][1], b[1][0] = b[1][0], b[0][1]
    return tuple(tuple(row) for row in b)


def unusable(*args: object, **kwargs: object) -> Any:
    """A part a law does not name: calling it is an error."""
    raise AssertionError("called a part the law does not name in `uses`")


# --- the table -------------------------------------------------------------------


@pytest.mark.parametrize("law", LAWS, ids=[law.name for law in LAWS])
def test_law_uses_only_the_parts_it_names(law: Law) -> None:
    """With every other part unusable, the law still holds: its ``uses`` is complete."""
    others = {f.name: unusable for f in fields(Parts) if f.name not in law.uses}
    check_law(law, replace(FSUDOKU, **others), max_examples=3)


def test_every_part_is_used_by_a_law() -> None:
    """Each field of Parts is the subject of some law."""
    used = frozenset().union(*(law.uses for law in LAWS))
    assert used == PART_NAMES, PART_NAMES - used


def test_the_table_describes_each_law() -> None:
    """Names are unique and are the functions', each law has an equation and a summary."""
    names = [law.name for law in LAWS]
    assert len(names) == len(set(names)) >= 29
    for law in LAWS:
        assert getattr(laws, law.name) is law
        assert " = " in law.equation and law.summary, law
        assert law.when is None or law.condition, f"{law.name}: a condition without words"


# --- bag laws that are not list laws ------------------------------------------------


def test_cols_and_boxs_naturality_are_not_list_laws() -> None:
    """The orders differ: expand varies the last open cell in reading order fastest."""
    # map cols . expand = expand . cols   and   map boxs . expand = expand . boxs
    # cols reads cell (1,0) before (0,1); boxs reads (1,0) before (0,2)
    rest = (("2", "1", "4", "3"), ("4", "3", "2", "1"))
    for_cols = (("1", "23", "3", "4"), ("34", "4", "1", "2"), *rest)
    for_boxs = (("1", "2", "34", "4"), ("34", "4", "1", "2"), *rest)
    assert laws.cols_naturality.equality == laws.boxs_naturality.equality == BAG
    for left, right in (
        laws.cols_naturality(FSUDOKU, m=for_cols),
        laws.boxs_naturality(FSUDOKU, m=for_boxs, n=2),
    ):
        assert BAG.same(left, right), (left, right)
        assert not LIST.same(left, right), (left, right)


def test_expand1_law_is_not_a_list_law() -> None:
    """expand1 splits the cell with the fewest choices, not the first open cell."""
    # expand = concat . map expand . expand1
    m = (("123", "4"), ("12", "3"))
    assert laws.expand1_law.equality == BAG and laws.expand1_law.applies(FSUDOKU, m=m)
    left, right = laws.expand1_law(FSUDOKU, m=m)
    assert BAG.same(left, right), (left, right)
    assert not LIST.same(left, right), (left, right)


def test_search_laws_are_not_list_laws() -> None:
    """search splits the pruned matrix, so its order differs from both right-hand sides."""
    # search = concat . map search . expand1   and   search = filter valid . expand . prune
    for_expand1 = (
        ("124", "12", "3", "4"),
        ("13", "134", "2", "1"),
        ("4", "3", "1", "2"),
        ("1234", "1234", "4", "3"),
    )
    for_spec = (
        ("1234", "234", "1234", "1"),
        ("1234", "1", "3", "134"),
        ("34", "1234", "13", "2"),
        ("1", "2", "124", "23"),
    )
    assert laws.search_expand1.applies(FSUDOKU, m=for_expand1, n=2)
    assert laws.search_expand1.equality == laws.search_specification.equality == BAG
    for left, right in (
        laws.search_expand1(FSUDOKU, m=for_expand1, n=2),
        laws.search_specification(FSUDOKU, m=for_spec, n=2),
    ):
        assert len(left) == 2
        assert BAG.same(left, right), (left, right)
        assert not LIST.same(left, right), (left, right)


# --- the conditions of the laws are needed ------------------------------------------


def test_group_after_ungroup_needs_the_right_shape() -> None:
    """Pieces of another length do not come back: the law holds on pieces of length k."""
    # group k . ungroup = id   (fails off its domain)
    left, right = laws.group_ungroup(FSUDOKU, k=2, xss=((1, 2, 3),))
    assert not LIST.same(left, right), (left, right)


def test_complete_unsafe_matrix_has_no_solution() -> None:
    """Why the extract law needs safe: a complete unsafe matrix expands to no valid grid."""
    # filter valid (expand m) = [extract m]   (fails for m complete, not safe)
    m = (("1", "1", "2", "3"),) + (("1", "2", "3", "4"),) * 3
    assert not laws.complete_safe_extract.applies(FSUDOKU, m=m, n=2)
    left, right = laws.complete_safe_extract(FSUDOKU, m=m, n=2)
    assert left == [] and right == [bird.extract(m)]


# --- the kit reports failing laws ------------------------------------------------------


def test_a_planted_bug_fails_check_laws_naming_the_law_and_its_equation() -> None:
    """A wrong boxs breaks boxs . boxs = id; the message names the law and shows both sides."""
    wrong = replace(FSUDOKU, boxs=swapped_boxs)
    with pytest.raises(LawsFailed) as raised:
        check_laws(wrong, laws=[laws.boxs_naturality, laws.boxs_involution])
    assert raised.value.checked == 2
    assert [f.law.name for f in raised.value.failures] == ["boxs_involution"]
    failure = raised.value.failures[0]
    assert failure.arguments is not None and sorted(failure.arguments) == ["m", "n"]
    assert failure.left != failure.right
    message = str(raised.value)
    assert "law boxs_involution does not hold: boxs . boxs = id  (list equality)" in message
    assert "left  = " in message and "right = " in message
    assert f"Parts(boxs={swapped_boxs.__module__}.swapped_boxs)" in message


def test_law_tests_make_a_failing_test_for_a_planted_bug() -> None:
    """The generated test fails for the law the bug breaks, and passes for the others."""
    wrong = replace(FSUDOKU, boxs=swapped_boxs)
    test = law_tests(wrong, max_examples=20)
    test(laws.cols_involution)
    with pytest.raises(LawFailure, match=r"boxs \. boxs = id"):
        test(laws.boxs_involution)


@pytest.mark.slow
def test_a_condition_that_never_holds_is_a_failure() -> None:
    """A complete that says yes to everything leaves the expand1 law nothing to check."""
    with pytest.raises(LawFailure, match=r"no arguments satisfy its condition \(m incomplete\)"):
        check_law(laws.expand1_law, replace(FSUDOKU, complete=lambda m: True), max_examples=10)


def test_a_part_that_raises_is_a_failure() -> None:
    """The exception of a crashing part is reported with the arguments it crashed on."""

    def broken_expand1(m: Matrix[str]) -> list[Matrix[str]]:
        raise ValueError("broken")

    with pytest.raises(LawFailure, match="raised ValueError: broken") as raised:
        check_law(laws.expand1_law, replace(FSUDOKU, expand1=broken_expand1), max_examples=10)
    assert raised.value.arguments is not None and "m" in raised.value.arguments


def test_a_fixpoint_loop_that_never_settles_is_a_failure() -> None:
    """A prune that keeps changing the matrix makes many loop: the law's bound stops it."""

    def flipping_prune(m: Matrix[str], n: int = 3) -> Matrix[str]:
        first = "1" if m[0][0] != "1" else "2"
        return ((first, *m[0][1:]), *m[1:])

    with pytest.raises(LawFailure, match="raised Diverged"):
        check_law(laws.many_prune_fixpoint, replace(FSUDOKU, prune=flipping_prune), max_examples=5)


# --- Sarkar's pruning laws --------------------------------------------------------------

SARKAR_PRUNING = [
    laws.prune_cells_removes_only,
    laws.prune_cells_keeps_solutions,
    laws.prune_grid_once_definition,
    laws.prune_grid_fixpoint,
    laws.prune_grid_removes_only,
    laws.prune_grid_keeps_solutions,
]


def test_sarkar2_and_the_erratum_keep_the_pruning_laws() -> None:
    """#2's pruneCells, as published and as intended, keep every law of Sarkar's pruning."""
    from functools import partial

    from fsudoku import erratum, sarkar1

    sets = replace(
        FSUDOKU,
        prune_cells=erratum.prune_cells_sets,
        prune_grid_once=partial(sarkar1.prune_grid_once, prune_cells=erratum.prune_cells_sets),
    )
    for parts in (SARKAR2, sets):
        check_laws(parts, laws=SARKAR_PRUNING, max_examples=6)


@pytest.mark.slow
def test_each_pruning_law_pins_down_its_own_mistake() -> None:
    """A pruner that drops a digit loses solutions but removes only; a pruneGrid' with its
    passes reversed settles to the same grids but is not the definition."""
    from proofs.mutants import MUTANTS

    by_name = {m.name: m.parts for m in MUTANTS}
    drop, order = by_name["prune_cells_drop"], by_name["prune_grid_order"]
    with pytest.raises(LawsFailed) as raised:
        check_laws(drop, laws=SARKAR_PRUNING[:2], max_examples=100)
    assert [f.law.name for f in raised.value.failures] == ["prune_cells_keeps_solutions"]
    with pytest.raises(LawsFailed) as raised:
        check_laws(order, laws=SARKAR_PRUNING[2:], max_examples=20)
    assert [f.law.name for f in raised.value.failures] == ["prune_grid_once_definition"]


def test_a_pruner_that_adds_a_digit_breaks_removes_only() -> None:
    """pruneCells must not give a cell a digit it did not have."""
    from returns.maybe import Some

    from fsudoku.cell import Fixed, Possible

    def widening(cells: CellRow) -> Any:
        return Some(tuple(Possible((1, 2)) if c == Fixed(1) else c for c in cells))

    with pytest.raises(LawFailure, match="prune_cells_removes_only does not hold"):
        check_law(laws.prune_cells_removes_only, replace(FSUDOKU, prune_cells=widening))


def test_unit_completions_are_filter_nodups_of_cp() -> None:
    """The laws list a unit's completions without building the whole product."""
    digits = [(1, 2, 3), (1, 2), (2, 3), (4,)]
    product = [xs for xs in bird.cp(digits) if bird.nodups(xs)]
    assert (
        sarkar_laws._unit_completions(digits)
        == product
        == [(1, 2, 3, 4), (2, 1, 3, 4), (3, 1, 2, 4)]
    )
    assert sarkar_laws._unit_completions([(1, 2), (1, 2), (1, 2)]) == []
