"""Every planted bug of ``proofs.mutants`` is caught by a law or a proof step."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from returns.maybe import Nothing, Some

from fsudoku import bird
from fsudoku import testing as laws
from fsudoku.fp import fix_m
from fsudoku.testing import FSUDOKU, LAWS
from proofs import mutants
from proofs.law_checks import law_failure, laws_using
from proofs.mutants import MUTANTS, Mutant, render_summary, render_table, run_mutant

# boxs_swap_inside is caught by the proofs only, after every law has run: its own test
# (test_the_same_box_swap_is_caught_by_proofs_only) checks that, and this one leaves it out
CAUGHT_HERE = [m for m in MUTANTS if m.name != "boxs_swap_inside"]


@pytest.mark.parametrize("mutant", CAUGHT_HERE, ids=[m.name for m in CAUGHT_HERE])
def test_mutant_is_caught(mutant: Mutant) -> None:
    # Each mutant replaces exactly one part, which some law or proof uses.
    assert len(mutant.replaced) == 1, mutant.replaced
    report = run_mutant(mutant, first_only=True, derandomize=True)
    assert report.checked, f"nothing uses {sorted(mutant.replaced)}: the mutant cannot be tested"
    assert report.caught, render_table([report])


def honest_prune_row(r: bird.Row[str]) -> bird.Row[str]:
    """The real pruneRow, as another function (so that it counts as replaced)."""
    return bird.prune_row(r)


def test_the_correct_function_is_not_caught() -> None:
    # The runner itself must not report a catch when nothing is wrong.
    honest = Mutant(
        "honest_prune_row", "the real pruneRow", replace(FSUDOKU, prune_row=honest_prune_row)
    )
    report = run_mutant(honest, max_examples=5, derandomize=True)
    assert report.checked and not report.caught, render_table([report])
    assert any(c.startswith("law ") for c in report.checked), report.checked


def test_the_laws_checked_are_those_using_the_part() -> None:
    # A mutant of prune_row meets lprune and the definition of pruneBy, not boxs . boxs = id.
    names = {law.name for law in laws_using({"prune_row"})}
    assert {"lprune", "prune_by_definition"} <= names
    assert "boxs_involution" not in names
    assert all("prune_row" in law.uses for law in laws_using({"prune_row"}, LAWS))


def test_a_law_check_reports_a_broken_law() -> None:
    # lprune: filter nodups . cp = filter nodups . cp . pruneRow (list equality)
    assert law_failure(laws.lprune, FSUDOKU, 20, True) is None
    wrong = replace(FSUDOKU, prune_row=mutants.prune_row_dropping_a_digit)
    failure = law_failure(laws.lprune, wrong, 20, True)
    assert failure is not None
    assert "law lprune does not hold" in failure and "pruneRow  (list equality)" in failure


def test_the_table_and_the_summary_name_what_caught_a_mutant() -> None:
    many = next(m for m in MUTANTS if m.name == "many_early")
    report = run_mutant(many, max_examples=10, derandomize=True)
    table = render_table([report])
    assert "✗ law many_prune_fixpoint: prune (many prune m) = many prune m" in table
    assert "✗ proof many_fixpoint step 3" in table
    summary = render_summary([report])
    assert "many_early" in summary and "caught" in summary


@pytest.mark.slow
def test_the_same_box_swap_is_caught_by_proofs_only() -> None:
    # Still an involution, same cells per box: no law sees it, the definition steps do.
    inside = next(m for m in MUTANTS if m.name == "boxs_swap_inside")
    report = run_mutant(inside, max_examples=8, derandomize=True)
    assert any(c.startswith("law ") for c in report.checked), report.checked
    kinds = {c.kind for c in report.catches}
    assert kinds == {"proof"}, render_table([report])
    assert any("definition of boxs" in c.where for c in report.catches)


# The mutants really differ from the functions they replace (else "caught" means nothing).

GRID_4X4 = bird.group(4, tuple(range(16)))


def test_boxs_mutant_differs() -> None:
    assert mutants.boxs_swapping_two_cells(GRID_4X4, n=2) != bird.boxs(GRID_4X4, n=2)


def test_prune_row_mutant_differs() -> None:
    row = ("1", "1234", "34", "2")
    assert bird.prune_row(row) == ("1", "34", "34", "2")
    assert mutants.prune_row_dropping_a_digit(row) == ("1", "3", "34", "2")


def test_expand1_mutant_differs() -> None:
    m = (("12", "3"),)
    assert len(mutants.expand1_losing_a_choice(m)) == len(bird.expand1(m)) - 1 == 1


def test_fix_m_and_many_mutants_stop_one_step_early() -> None:
    def down(k: int) -> Any:
        return Some(max(k - 3, 0))

    assert fix_m(down, 10) == Some(0)
    assert mutants.fix_m_stopping_early(down, 10) == Some(1)
    assert mutants.fix_m_stopping_early(lambda k: Nothing, 10) == Nothing
    assert bird.many(lambda k: max(k - 3, 0), 10) == 0
    assert mutants.many_stopping_early(lambda k: max(k - 3, 0), 10) == 1
