"""The command line as people already know it: ``--version``, ``python -m fsudoku``, usage
errors with the usage line and a ``--help`` hint, and help on stderr when no command is
given."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support import run_cli

import fsudoku


def fsudoku_command(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "fsudoku", *args],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        stdin=subprocess.DEVNULL,
    )


def test_version() -> None:
    done = fsudoku_command("--version")
    assert (done.returncode, done.stdout, done.stderr) == (
        0,
        f"fsudoku {fsudoku.__version__}\n",
        "",
    )


def test_no_command_prints_the_help_on_stderr_with_status_2() -> None:
    done = fsudoku_command()
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("usage: fsudoku ")
    assert "demo" in done.stderr and "solve" in done.stderr and "--version" in done.stderr


def test_help_is_on_stdout_with_status_0() -> None:
    done = fsudoku_command("--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: fsudoku ")
    done = fsudoku_command("solve", "--help")
    assert done.returncode == 0 and done.stdout.startswith("usage: fsudoku solve ")


@pytest.mark.parametrize(
    ("argv", "usage", "hint"),
    [
        (["frobnicate"], "usage: fsudoku [-h]", "Try 'fsudoku --help' for more information."),
        (
            ["solve", "--solver", "nope"],
            "usage: fsudoku solve [-h]",
            "Try 'fsudoku solve --help' for more information.",
        ),
        (
            ["check", "--limit", "1"],
            "usage: fsudoku check [-h]",
            "Try 'fsudoku check --help' for more information.",
        ),
        (["explain"], "usage: fsudoku explain [-h]", "Try 'fsudoku explain --help'"),
    ],
)
def test_a_usage_error_prints_the_usage_line_and_a_help_hint(
    argv: list[str], usage: str, hint: str
) -> None:
    done = fsudoku_command(*argv)
    assert (done.returncode, done.stdout) == (2, "")
    lines = done.stderr.splitlines()
    assert lines[0].startswith(usage), done.stderr
    assert any(line.startswith("fsudoku: ") for line in lines), done.stderr
    assert lines[-1].startswith(hint), done.stderr
    assert "Traceback" not in done.stderr


def test_an_unreadable_file_is_not_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    # status 2 too, but no usage line: the command line itself was right
    code, _ = run_cli(["euler96", "/nonexistent/p096.txt"])
    err = capsys.readouterr().err
    assert code == 2 and "no such file" in err and "usage:" not in err


def test_main_returns_instead_of_exiting_for_help_and_version() -> None:
    assert run_cli(["--version"])[0] == 0
    assert run_cli(["--help"])[0] == 0
