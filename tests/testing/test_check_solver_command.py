"""``fsudoku check-solver MODULE:FUNCTION``: the table, the exit statuses, the
declaration flags and the usage errors (one line, status 2)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from support import run_cli

HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def in_this_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command imports the module from the current folder."""
    monkeypatch.chdir(HERE)


def test_a_correct_rows_solver_passes() -> None:
    kinds = "near_full,full,several,no_solution,repeated_clue,invalid,empty"
    code, text = run_cli(
        [
            "check-solver",
            "buggy_solvers:rows_solver",
            "--shape",
            "rows",
            "--kinds",
            kinds,
            "--examples",
            "14",
            "--seed",
            "1",
        ]
    )
    assert code == 0, text
    assert "checking buggy_solvers:rows_solver (order any, seed 1" in text
    assert "near_full      passed" in text and "invalid        off" in text
    assert text.splitlines()[-1] == "6 passed, 1 off"


def test_a_buggy_solver_fails_with_its_shrunk_example() -> None:
    code, text = run_cli(
        [
            "check-solver",
            "buggy_solvers:crashes_on_zeros",
            "--kinds",
            "unique",
            "zeros",
            "--examples",
            "6",
            "--seed",
            "1",
        ]
    )
    assert code == 1
    assert "zeros          failed" in text and "raised KeyError" in text
    assert (
        "rerun     fsudoku check-solver buggy_solvers:crashes_on_zeros (the same options) --kinds zeros --seed 1"
        in text
    )
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("  reproduce python3 -c "), last
    # the reproduce line is a command: run here, it raises the error reported
    done = subprocess.run(
        last.removeprefix("  reproduce "),
        shell=True,
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=HERE,
        env={
            **os.environ,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        },
    )
    assert done.returncode == 1 and "KeyError: '0'" in done.stderr, done.stderr


def test_declarations_on_the_command_line() -> None:
    code, text = run_cli(
        [
            "check-solver",
            "buggy_solvers:correct",
            "--kinds",
            "invalid",
            "--invalid",
            "raises:ValueError",
            "--examples",
            "3",
            "--seed",
            "0",
        ]
    )
    assert code == 1 and "declared: raises ValueError" in text


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["nosuch:solve"], "cannot import 'nosuch': no module of that name"),
        (["buggy_solvers:nope"], "module 'buggy_solvers' has no function 'nope'"),
        (["buggy_solvers"], "check-solver needs MODULE:FUNCTION"),
        (["buggy_solvers:correct", "--invalid", "raises:Nope"], "no exception class of that name"),
        (["buggy_solvers:correct", "--kinds", "hardest"], "unknown kinds hardest"),
    ],
)
def test_usage_errors_are_one_line(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, text = run_cli(["check-solver", *argv])
    err = capsys.readouterr().err
    assert code == 2 and text == ""
    assert err.count("\n") == 1 and message in err, err


def test_the_options_defaults_are_the_kits(capsys: pytest.CaptureFixture[str]) -> None:
    """The command's help gives the library's defaults (it cannot import them: the kit
    needs Hypothesis, the help does not)."""
    from fsudoku.testing import DEFAULT_BUDGET, DEFAULT_TIMEOUT

    code, _ = run_cli(["check-solver", "--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert code == 0
    assert f"(default {DEFAULT_TIMEOUT:g}; 0: no limit)" in help_text
    assert f"(default {DEFAULT_BUDGET:g}; 0: no limit)" in help_text
