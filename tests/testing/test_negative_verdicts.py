"""The kit's negative verdicts, each pinned by a planted solver (``misbehaving``) or
argument. The clock and the processes: a call past its CPU limit is slow, one past the
wall-clock backstop hung, neither is a wrong answer; no late answer reaches the next call;
a worker that dies fails; the solver's KeyboardInterrupt and SystemExit are verdicts, the
user's Ctrl-C stops the run; a solver's children end with the check and hold no descriptor
of the caller's; what it prints is shown beside its own example; a board it changes and a
state it keeps are named; the budget leaves kinds not run. The declarations: an exception
of another class than declared fails; ``no_solution`` may be declared to raise; a
declaration that turns kinds off says so; a failure that a declaration would explain names
it; a line solver's ``True`` is no answer; arguments out of range are refused;
``check-solver --timeout 0`` sets no limit.

No test here measures a duration: each catches a hang only (its limit, or pytest's)."""

from __future__ import annotations

import ast
import importlib.util
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from support import run_cli

from fsudoku.testing import Kind, check_counter, check_kinds, check_solver
from fsudoku.testing._worker import Caller

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("misbehaving", HERE / "misbehaving.py")
assert _spec is not None and _spec.loader is not None
misbehaving = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("misbehaving", misbehaving)
_spec.loader.exec_module(misbehaving)

BLANKS = "." * 81


def program(argv: list[str]) -> list[str]:
    """``fsudoku check-solver ...`` as a process of its own, in this folder."""
    return [sys.executable, "-m", "fsudoku", "check-solver", *argv]


def environment(pids: Path) -> dict[str, str]:
    """The environment of a program whose planted solver notes its processes in ``pids``."""
    return {**os.environ, misbehaving.PIDS: str(pids), "PYTHONPATH": str(HERE)}


def running(pid: int) -> bool:
    """Whether a process is there and not a zombie (an ended child nobody waited for)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_bytes().rsplit(b")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in (b"Z", b"X")


def noted(pids: Path) -> list[int]:
    """The process ids a planted solver noted."""
    return [int(p) for p in pids.read_text().split()] if pids.exists() else []


# --- slow, hung, late, dead ----------------------------------------------------------------


def test_a_call_past_the_cpu_limit_is_slow_one_that_waits_is_hung() -> None:
    with Caller(misbehaving.spins, timeout=0.2) as call:  # limit under test: CPU seconds
        slow = call(BLANKS)
        assert (slow.status, slow.cpu) == ("slow", 0.2)
        assert call("1" * 81).status == "answered"  # a new worker, for the next call
    # limit under test: a solver asleep for an hour is hung whatever the machine's load
    with Caller(misbehaving.sleeps, timeout=5, backstop=1) as call:
        assert call(BLANKS).status == "hung"


def test_a_late_answer_never_reaches_the_next_call() -> None:
    # limit under test: the first call sleeps 30 s; the next must be answered within 10 s
    with Caller(misbehaving.late, timeout=60, backstop=10) as call:
        assert call("1" * 81).status == "hung"
        after = call("2" * 81)
    assert (after.status, after.answer) == ("answered", "2" * 81)


def test_a_hung_kind_is_reported_hung_and_fails_the_check() -> None:
    options = {"kinds": ["unique"], "max_examples": 4, "seed": 0, "backstop": 1.0}
    (report,) = check_kinds(misbehaving.sleeps, **options)  # type: ignore[arg-type]
    assert report.status == "hung", report
    assert report.failure is not None and report.failure.problem.startswith(
        "no answer within 1.0 s of wall-clock time"
    )
    with pytest.raises(AssertionError, match="fails 1 of 1 kinds: unique"):
        check_solver(misbehaving.sleeps, **options)  # type: ignore[arg-type]


def test_a_worker_that_dies_fails_the_kind() -> None:
    (report,) = check_kinds(misbehaving.dies, kinds=["unique"], max_examples=4, seed=0)
    assert report.status == "failed" and report.failure is not None, report
    assert report.failure.problem.startswith("the worker process died during the call")
    assert "exit status 3" in str(report.failure)


# --- the solver's interrupts, the user's --------------------------------------------------


@pytest.mark.parametrize(
    ("solve", "said"),
    [("interrupts", "raised KeyboardInterrupt (at "), ("exits", "raised SystemExit: bye (at ")],
)
def test_a_solvers_interrupt_or_exit_is_a_verdict_with_one_short_traceback(
    solve: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run_cli(
        [
            "check-solver",
            f"misbehaving:{solve}",
            "--kinds",
            "unique",
            "--examples",
            "3",
            "--seed",
            "0",
        ]
    )
    assert code == 1, text
    assert f"  answered  {said}" in text, text
    assert text.count('File "') <= 3 and "Traceback" not in text, text
    assert not capsys.readouterr().err  # nothing but the report


def test_the_users_ctrl_c_stops_the_run_and_its_worker(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    argv = ["misbehaving:sleeps", "--kinds", "unique", "--examples", "4", "--seed", "0"]
    with subprocess.Popen(
        program(argv),
        cwd=HERE,
        env=environment(pids),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    ) as run:
        for _ in range(600):  # until the solver sleeps in its worker
            if noted(pids) or run.poll() is not None:
                break
            time.sleep(0.1)
        assert noted(pids), run.communicate(timeout=60)
        run.send_signal(signal.SIGINT)
        _, err = run.communicate(timeout=60)
    assert run.returncode == 130 and err.decode().strip() == "fsudoku: interrupted", err
    assert not any(running(pid) for pid in noted(pids))


# --- children, descriptors, output ----------------------------------------------------------


def test_a_forking_solver_leaves_no_process_and_no_descriptor_behind(tmp_path: Path) -> None:
    """As ``fsudoku check-solver ... | cat``: the pipe ends when the check ends (a child
    that held it would hang this test until its limit)."""
    pids = tmp_path / "pids"
    argv = ["misbehaving:forks", "--kinds", "unique", "--examples", "3", "--seed", "0"]
    done = subprocess.run(
        program(argv),
        cwd=HERE,
        env=environment(pids),
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert noted(pids)
    # a killed process is gone a moment after the signal, not at once: wait for that, with a
    # bound that only a child left running reaches
    deadline = time.monotonic() + 30
    while any(running(pid) for pid in noted(pids)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not any(running(pid) for pid in noted(pids))


def test_what_a_solver_prints_is_shown_beside_its_example_only(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["check-solver", "misbehaving:chatty", "--kinds", "near_full", "unique"]
    code, text = run_cli([*argv, "--examples", "6", "--seed", "0"])
    assert code == 1
    table, _, examples = text.partition("\nkind ")
    assert "solving" not in table and "warning" not in table, table
    line = next(row for row in examples.splitlines() if row.startswith("  line "))
    assert f"  printed   'solving {ast.literal_eval(line.split(maxsplit=1)[1])[:9]}'" in examples
    assert "'warning: this may take a while'" in examples
    assert "solving" not in capsys.readouterr().out


def test_the_report_in_json_lines() -> None:
    argv = ["check-solver", "misbehaving:chatty", "--kinds", "unique", "invalid"]
    code, text = run_cli([*argv, "--examples", "4", "--seed", "0", "--format", "jsonl"])
    unique, invalid = (json.loads(row) for row in text.splitlines())
    assert code == 1
    assert (unique["kind"], unique["status"], unique["seed"]) == ("unique", "failed", 0)
    assert unique["printed"].startswith(f"solving {unique['line'][:9]}\n")
    assert unique["reproduce"].startswith("python3 -c ")
    assert (invalid["status"], invalid["line"], invalid["reproduce"]) == ("passed", None, None)


# --- the board it was given, the state it keeps ------------------------------------------------


def test_a_solver_that_changes_its_board_is_named() -> None:
    (report,) = check_kinds(
        misbehaving.scribbles, shape="rows", kinds=["unique"], max_examples=3, seed=0
    )
    assert report.status == "failed" and report.failure is not None
    assert report.failure.problem.startswith("changed the board it was given (r"), report.failure


def test_a_solver_that_keeps_state_between_calls_is_named() -> None:
    (report,) = check_kinds(misbehaving.remembers, kinds=["unique"], max_examples=3, seed=0)
    assert report.status == "failed" and report.failure is not None
    assert report.failure.problem.startswith("answered this puzzle differently the second time")
    assert "keeps state from one call to the next" in report.failure.problem


# --- the budget ---------------------------------------------------------------------------


def test_past_the_budget_the_kinds_left_are_not_run() -> None:
    kinds = ["near_full", "unique", "several"]
    options = {"kinds": kinds, "max_examples": 60, "seed": 0, "budget": 1.0}
    reports = check_kinds(misbehaving.dawdles, **options)  # type: ignore[arg-type]
    assert [r.status for r in reports] == ["not run"] * 3, reports
    assert [r.examples for r in reports[1:]] == [0, 0]
    assert reports[0].note == f"the budget was spent after {reports[0].examples} examples"
    assert reports[1].note == "the budget was spent before it began"
    with pytest.warns(UserWarning, match="near_full not run, unique not run, several not run"):
        check_solver(misbehaving.dawdles, **options)  # type: ignore[arg-type]


def test_a_call_under_way_when_the_budget_runs_out_is_cut_not_hung() -> None:
    """The backstop (60 s) is far off: the call that sleeps is cut by the budget."""
    (report,) = check_kinds(
        misbehaving.sleeps, kinds=["unique"], budget=2.0, max_examples=4, seed=0
    )
    assert (report.status, report.failure) == ("not run", None), report


# --- declarations -------------------------------------------------------------------------


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
