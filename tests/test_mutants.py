"""Every planted bug of ``proofs.mutants`` is caught by a law or a proof step."""

from __future__ import annotations

from typing import Any

import pytest
from returns.maybe import Nothing, Some

from fsudoku import bird
from fsudoku.fp import fix_m
from proofs import mutants
from proofs.law_checks import LAW_CHECKS, LAWS_WITHOUT_ARGUMENTS
from proofs.mutants import MUTANTS, Mutant, render_table, run_mutant


@pytest.mark.parametrize("mutant", MUTANTS, ids=[m.name for m in MUTANTS])
def test_mutant_is_caught(mutant: Mutant) -> None:
    report = run_mutant(mutant, first_only=True, derandomize=True)
    assert report.checked, f"nothing takes `{mutant.parameter}`: the mutant cannot be tested"
    assert report.caught, render_table([report])


def test_the_correct_function_is_not_caught() -> None:
    # The runner itself must not report a catch when nothing is wrong.
    honest = Mutant("honest_prune_row", "the real pruneRow", "prune_row", bird.prune_row)
    report = run_mutant(honest, max_examples=5, derandomize=True)
    assert report.checked and not report.caught, render_table([report])


def test_every_law_of_the_table_can_be_run() -> None:
    # Each law of fsudoku.testing.laws.LAWS has an argument strategy, so mutants meet every law.
    assert not LAWS_WITHOUT_ARGUMENTS, LAWS_WITHOUT_ARGUMENTS
    assert len(LAW_CHECKS) >= 20


def test_a_law_check_reports_a_broken_law() -> None:
    # lprune: filter nodups . cp = filter nodups . cp . pruneRow (list equality)
    lprune = next(c for c in LAW_CHECKS if c.name == "lprune")
    assert lprune.run({}, 20, True) is None
    failure = lprune.run({"prune_row": mutants.prune_row_dropping_a_digit}, 20, True)
    assert failure is not None and "pruneRow" in failure


def test_the_same_box_swap_is_caught_by_proofs_only() -> None:
    # Still an involution, same cells per box: no law sees it, the definition steps do.
    inside = next(m for m in MUTANTS if m.name == "boxs_swap_inside")
    report = run_mutant(inside, max_examples=8, derandomize=True)
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
