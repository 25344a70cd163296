"""Every proof of ``proofs/`` holds, and the checker reports a broken step precisely."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from typing import Any

import pytest
from hypothesis import strategies as st

from fsudoku import bird
from fsudoku import testing as equality
from fsudoku.testing import FSUDOKU
from proofs import __main__ as proofs_main
from proofs import all_proofs, boxs_involution, build, chain, filter_map_lemma, many_fixpoint
from proofs.__main__ import main
from proofs.boards import Board, board_argument, choice_boards
from proofs.chain import (
    BAG,
    FUNCTION,
    FUNCTION_BAG,
    LIST,
    SET,
    Proof,
    ProofResult,
    by,
    check,
    render,
    start,
)
from proofs.mutants import boxs_swapping_two_cells as swapped_boxs
from proofs.prelude import compose, fmap

PROOFS = all_proofs()
MAX_EXAMPLES = (
    8  # each step at full strength: python3 -m proofs (test_the_proofs_hold_at_full_strength)
)
"""Examples per step here (a proof's own number when smaller): keeps the file fast."""


@pytest.mark.parametrize("proof", PROOFS, ids=[p.name for p in PROOFS])
def test_proof_holds(proof: Proof[Any]) -> None:
    # Each step: expression i-1 = expression i, with the equality its hint states.
    result = check(proof, min(proof.max_examples, MAX_EXAMPLES))
    assert result.ok, render(result)
    assert len(result.steps) == len(proof.steps) - 1
    assert all(s.examples > 0 for s in result.steps)


def test_every_theorem_of_the_brief_is_there() -> None:
    names = {p.name for p in PROOFS}
    expected = {
        "boxs_involution",
        "rows_involution",
        "cols_involution",
        "lfilinv",
        "filter_map_lemma",
        "prune_by_rows",
        "prune_theorem",
        "search_expand1",
        "search_complete",
        "sub_grids_to_rows_involution",
    }
    assert expected <= names, expected - names


def _broken_boxs_proof() -> tuple[Proof[Any], str]:
    """The boxs proof with expression 3 wrong (one ``map cols`` forgotten)."""
    proof = boxs_involution.proofs()[3]
    assert proof.name == "boxs_involution"
    steps = list(proof.steps)
    hint = steps[3].hint
    steps[3] = dataclasses.replace(
        steps[3],
        value=lambda v: compose(
            fmap(bird.ungroup),
            bird.ungroup,
            fmap(bird.cols),
            lambda m: bird.group3(m, n=v.n),
            fmap(lambda r: bird.group3(r, n=v.n)),
        ),
    )
    return dataclasses.replace(proof, steps=tuple(steps)), hint


def test_a_broken_step_is_reported_with_its_number_and_hint() -> None:
    proof, hint = _broken_boxs_proof()
    result = check(proof, 20, derandomize=True)
    assert not result.ok
    # Expression 3 is wrong: step 3 (2 = 3) and step 4 (3 = 4) fail, the others hold.
    assert [s.index for s in result.failed] == [3, 4]
    failure = result.failed[0].failure
    assert failure is not None
    assert failure.index == 3 and failure.hint == hint == "group . ungroup = id"
    assert failure.left != failure.right
    text = render(result)
    assert "✗ step  3" in text and "{group . ungroup = id}" in text
    assert "step 3 {group . ungroup = id} does not hold for" in text
    assert "left  (expression 2)" in text and "right (expression 3)" in text
    assert "FAILS at step(s) [3, 4]" in text


def test_a_wrong_function_under_test_fails_the_steps_that_use_it() -> None:
    # filter that loses the last element: only the steps through the definition fail.
    def lossy_filter(p: Any) -> Any:
        return lambda xs: tuple(x for x in xs if p(x))[:-1]

    lemma = filter_map_lemma.proofs(filter_fn=lossy_filter)[0]
    result = check(lemma, 30, derandomize=True)
    assert [s.index for s in result.failed] == [1, 6]
    assert {s.hint for s in result.failed} == {"definition of filter"}


def test_a_bag_equality_claimed_as_a_list_equality_is_refuted() -> None:
    # expand = concat . map expand . expand1 holds for bags only: expand1 reorders.
    def as_list(xss: Any) -> list[Any]:
        return [x for xs in xss for x in xs]

    claimed: Proof[Board] = Proof(
        name="expand1_property_as_lists",
        statement="expand = concat . map expand . expand1",
        source="test",
        variables=choice_boards(3, min_open=2).filter(lambda v: not bird.complete(v.m)),
        arguments=board_argument,
        steps=(
            start("expand", lambda v: bird.expand),
            by(
                "property of expand1 (claimed for lists)",
                "concat . map expand . expand1",
                lambda v: compose(as_list, fmap(bird.expand), bird.expand1),
                eq=FUNCTION,
            ),
        ),
    )
    refuted = check(claimed, 40, shrink=False, derandomize=True)
    assert not refuted.ok, "expand1 never reordered the grids: the strategy is too weak"
    as_bags = dataclasses.replace(
        claimed,
        steps=(claimed.steps[0], dataclasses.replace(claimed.steps[1], equality=FUNCTION_BAG)),
    )
    assert check(as_bags, 40, derandomize=True).ok


@pytest.mark.parametrize(
    ("equality", "left", "right", "same"),
    [
        (LIST, (1, 2), (1, 2), True),
        (LIST, (1, 2), (2, 1), False),
        (BAG, (1, 2, 2), (2, 1, 2), True),
        (BAG, (1, 2), (1, 2, 2), False),
        (SET, (1, 2), (2, 2, 1), True),
        (SET, (1,), (1, 3), False),
    ],
)
def test_equalities(
    equality: Any, left: tuple[int, ...], right: tuple[int, ...], same: bool
) -> None:
    # list: same elements in order; bag: same counts; set: same members.
    assert equality.same(left, right) is same, (left, right)


def test_the_proofs_compare_with_the_laws_equalities() -> None:
    # One vocabulary: the equalities of the proofs are those of fsudoku.testing.
    assert (LIST, BAG, SET) == (equality.LIST, equality.BAG, equality.SET)
    assert (equality.LIST.extensional(), equality.BAG.extensional()) == (FUNCTION, FUNCTION_BAG)
    assert FUNCTION.point_free and not LIST.point_free and FUNCTION_BAG.pointwise == BAG
    assert [e.name for e in (LIST, FUNCTION, FUNCTION_BAG)] == [
        "list",
        "function",
        "function (bag)",
    ]


def test_the_proofs_are_built_with_a_record_of_parts() -> None:
    # A record with a wrong boxs reaches the proofs that take boxs, and only those.
    wrong = dataclasses.replace(FSUDOKU, boxs=swapped_boxs)
    built = {p.name: p for p in all_proofs(wrong)}
    assert set(built) == {p.name for p in PROOFS}
    assert not check(built["boxs_involution"], 10, derandomize=True).ok
    assert check(built["filter_map_lemma"], 10, derandomize=True).ok
    assert build(many_fixpoint.proofs, wrong)[0].name == "many_fixpoint"


def test_command_line_prints_the_chain_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["--only", "cols_involution"])
    out = capsys.readouterr().out
    assert status == 0, out
    assert "cols . cols" in out and "= {transpose . transpose = id (non-empty rows)}" in out
    assert "✓ step  1" in out and "All 2 steps hold" in out


def test_command_line_exits_non_zero_when_a_step_fails(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    proof, _ = _broken_boxs_proof()
    monkeypatch.setattr(proofs_main, "all_proofs", lambda: [proof])
    status = proofs_main.main(["--examples", "10", "--derandomize"])
    out = capsys.readouterr().out
    assert status == 1, out
    assert "✗ step  3" in out and "FAILED: boxs_involution (steps [3, 4])" in out


def test_an_expression_that_never_ends_fails_its_step(monkeypatch: pytest.MonkeyPatch) -> None:
    # A planted bug can make a loop run forever: the step fails instead of hanging.
    monkeypatch.setattr(chain, "EVALUATION_LIMIT", 0.2)

    def forever(_: object) -> object:
        while True:
            pass

    looping: Proof[int] = Proof(
        name="looping",
        statement="x = x",
        source="test",
        variables=st.just(0),
        steps=(start("x", lambda v: v), by("a loop", "x", forever, eq=LIST)),
    )
    result = check(looping, 1, shrink=False)
    assert not result.ok
    failure = result.failed[0].failure
    assert failure is not None and "Diverged" in failure.right


def test_result_of_a_failing_proof_is_not_ok() -> None:
    proof, _ = _broken_boxs_proof()
    result: ProofResult = check(proof, 5, derandomize=True)
    assert not result.ok and result.failed


@pytest.mark.slow
def test_the_proofs_hold_at_full_strength() -> None:
    # python3 -m proofs: every step with the examples its proof asks for
    done = subprocess.run(
        [sys.executable, "-m", "proofs"], capture_output=True, text=True, timeout=600, check=False
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
