"""The kit's negative verdicts, each pinned by a planted solver or argument: an exception
of another class than declared fails; ``no_solution`` may be declared to raise; a
declaration that turns kinds off says so; a failure that a declaration would explain
names it; a line solver's ``True`` is no answer; arguments out of range are refused;
``check-solver --timeout 0`` sets no limit."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest
from support import run_cli

from fsudoku.testing import Kind, check_counter, check_kinds, check_solver

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("misbehaving", HERE / "misbehaving.py")
assert _spec is not None and _spec.loader is not None
misbehaving = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("misbehaving", misbehaving)
_spec.loader.exec_module(misbehaving)


@pytest.fixture
def in_this_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command imports the module from the current folder."""
    monkeypatch.chdir(HERE)


def test_an_exception_of_another_class_than_declared_fails() -> None:
    solve = misbehaving.raises_type_error_on_invalid
    (report,) = check_kinds(solve, kinds=["invalid"], invalid=ValueError, max_examples=3, seed=0)
    assert report.status == "failed" and report.failure is not None
    assert report.failure.problem == (
        "raised TypeError on a line that is not a puzzle; declared: raises ValueError"
    )
    check_kinds(solve, kinds=["invalid"], invalid=Exception, max_examples=3, seed=0)  # a subclass


def test_no_solution_may_be_declared_to_raise() -> None:
    solve = misbehaving.raises_on_no_solution
    kinds: list[Kind] = ["full", "no_solution", "repeated_clue", "unique"]
    check_solver(solve, kinds=kinds, no_solution=ValueError, max_examples=12, seed=0)
    undeclared = check_kinds(solve, kinds=["no_solution"], max_examples=3, seed=0)[0].failure
    assert undeclared is not None and undeclared.problem.startswith(
        "raised ValueError: no solution"
    )
    assert undeclared.hint == (
        "if it raises ValueError on a puzzle with no solution by design: "
        "no_solution=ValueError (--no-solution raises:ValueError)"
    )
    (report,) = check_kinds(
        misbehaving.correct, kinds=["no_solution"], no_solution=ValueError, max_examples=3, seed=0
    )
    assert report.failure is not None and report.failure.problem == (
        "returned on a puzzle with no solution; declared: raises ValueError"
    )


@pytest.mark.usefixtures("in_this_folder")
def test_declarations_that_raise_on_the_command_line() -> None:
    argv = ["check-solver", "misbehaving:raises_on_no_solution", "--kinds", "no_solution"]
    code, text = run_cli([*argv, "--no-solution", "raises:ValueError", "--examples", "3"])
    assert code == 0, text
    argv = ["check-solver", "misbehaving:refuses_invalid", "--kinds", "invalid", "--examples", "3"]
    code, text = run_cli([*argv, "--invalid", "raises:misbehaving.NotAPuzzle"])
    assert code == 0, text


def test_several_skip_turns_the_kinds_off_for_that_reason() -> None:
    reports = check_kinds(
        misbehaving.correct, kinds=["several", "empty", "sparse"], several="skip", max_examples=3
    )
    assert [(r.kind, r.status, r.note, r.examples) for r in reports] == [
        (kind, "off", "several='skip'", 0) for kind in ("several", "empty", "sparse")
    ]


@pytest.mark.parametrize(
    ("solve", "kind", "hint"),
    [
        (
            "reads_zeros_too",
            "zeros",
            "it reads both 0 and . as blanks: blanks='both' (--blanks both)",
        ),
        (
            "refuses_invalid",
            "invalid",
            "if it raises misbehaving.NotAPuzzle on a line that is not a puzzle by design: "
            "invalid=misbehaving.NotAPuzzle (--invalid raises:misbehaving.NotAPuzzle)",
        ),
        ("raises_type_error_on_invalid", "invalid", ""),  # a TypeError is taken for a bug
        (
            "refuses_several",
            "several",
            "if it refuses such puzzles by design: several='none' (--several none)",
        ),
    ],
)
def test_a_failure_a_declaration_explains_suggests_it(solve: str, kind: str, hint: str) -> None:
    (report,) = check_kinds(getattr(misbehaving, solve), kinds=[kind], max_examples=3, seed=0)  # type: ignore[list-item]
    assert report.failure is not None and report.failure.hint == hint
    assert (f"  hint      {hint}" in str(report.failure)) == bool(hint)
    solved = check_kinds(misbehaving.correct, kinds=[kind], max_examples=3, seed=0)  # type: ignore[list-item]
    assert solved[0].status == "passed"


def test_a_line_solver_returning_true_is_no_answer() -> None:
    (report,) = check_kinds(misbehaving.returns_true, kinds=["unique"], max_examples=2, seed=0)
    assert report.status == "failed" and report.failure is not None
    assert report.failure.problem == "returned True: a line cannot be solved in place"


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"limit": 0}, "limit must be a whole number >= 1, not 0"),
        ({"max_examples": 0}, "max_examples must be a whole number >= 1, not 0"),
        ({"timeout": 0}, "timeout must be None or a number of seconds > 0, not 0"),
    ],
)
def test_check_counter_refuses_arguments_out_of_range(
    arguments: dict[str, int], message: str
) -> None:
    with pytest.raises(ValueError, match=message):
        check_counter(misbehaving.correct, **arguments)  # type: ignore[arg-type]


@pytest.mark.usefixtures("in_this_folder")
def test_timeout_0_on_the_command_line_sets_no_limit() -> None:
    argv = ["check-solver", "misbehaving:wrong_when_limited", "--kinds", "unique", "--seed", "0"]
    code, text = run_cli([*argv, "--examples", "2", "--timeout", "0"])
    assert code == 0 and "timeout none" in text, text
    code, text = run_cli([*argv, "--examples", "2"])  # the default limit: the solver sees it
    assert code == 1, text
