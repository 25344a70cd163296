r"""Every message that names something a user gave shows it escaped.

A name with a terminal escape (``\x1b[2J`` clears the screen) and a newline goes through
each message of the program that names a file, a folder, a command, an argument or a
piece of a file's content; each must reach stderr as ``\x1b[2J`` and ``\n``, on one line.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from support import run_cli

from fsudoku.app import cli
from fsudoku.testing.strategies import SAMPLE_PUZZLE

NAME = "evil\x1b[2J\nNEXT"
"""A name that clears the screen, then starts a line of its own."""


def euler_file(folder: Path, label: str, rows: list[str] | None = None) -> Path:
    """A Project Euler file of one grid, labelled ``label``."""
    rows = rows or [SAMPLE_PUZZLE[i : i + 9].replace(".", "0") for i in range(0, 81, 9)]
    path = folder / "grids.txt"
    path.write_text("\n".join([label, *rows]) + "\n")
    return path


def in_the_way(folder: Path) -> Path:
    """A file where a folder is asked for."""
    path = folder / NAME
    path.write_text("not a folder\n")
    return path


def index_is_a_folder(folder: Path) -> Path:
    """A folder for pictures where ``index.html`` is a folder: the last picture fails."""
    path = folder / NAME
    (path / "index.html").mkdir(parents=True)
    return path


def made(folder: Path, kind: str) -> Path:
    """``folder/NAME``, made a folder or an empty file."""
    path = folder / NAME
    if kind == "folder":
        path.mkdir()
    else:
        path.write_text("")
    return path


def one_puzzle(folder: Path) -> Path:
    path = folder / "one.txt"
    path.write_text(SAMPLE_PUZZLE + "\n")
    return path


CASES: dict[str, Callable[[Path], list[str]]] = {
    "solve, a missing file": lambda d: ["solve", str(d / NAME)],
    "solve, a folder": lambda d: ["solve", str(made(d, "folder"))],
    "check, a missing file": lambda d: ["check", str(d / NAME)],
    "euler96, a missing file": lambda d: ["euler96", str(d / NAME)],
    "euler96, a grid's label": lambda d: [
        "euler96",
        str(euler_file(d, f"Grid {NAME[:-5]}", ["1" * 9] * 9)),  # no solution
    ],
    "bench, a missing file": lambda d: ["bench", str(d / NAME)],
    "bench, a file without a puzzle": lambda d: ["bench", str(made(d, "file"))],
    "bench --against, a command": lambda d: ["bench", str(one_puzzle(d)), "--against", NAME],
    "bench --against, a path": lambda d: [
        "bench",
        str(one_puzzle(d)),
        "--against",
        str(d / NAME),
    ],
    "bench --against, a variable": lambda d: [
        "bench",
        str(one_puzzle(d)),
        "--against",
        f"{NAME[:4]}={NAME}",
    ],
    "explain --svg, a file": lambda d: ["explain", SAMPLE_PUZZLE, "--svg", str(in_the_way(d))],
    "explain --svg, below a file": lambda d: [
        "explain",
        SAMPLE_PUZZLE,
        "--svg",
        str(in_the_way(d) / "pictures"),
    ],
    "explain --svg, a picture": lambda d: [
        "explain",
        SAMPLE_PUZZLE,
        "--max-steps",
        "1",
        "--svg",
        str(index_is_a_folder(d)),
    ],
    "an unknown command": lambda d: [NAME],
    "an unknown option": lambda d: ["solve", f"--{NAME}"],
    "a bad number": lambda d: ["solve", "--jobs", NAME],
    "a bad choice": lambda d: ["solve", "--format", NAME],
    "check-solver, a module": lambda d: ["check-solver", f"{NAME}:solve"],
    "check-solver, a file": lambda d: ["check-solver", f"{d / NAME}.py:solve"],
}
"""Each message path: the command line that takes it, made in a fresh folder."""


def check(err: str) -> None:
    assert "\x1b" not in err, err
    assert "evil\\x1b[2J" in err, err  # the name is there, escaped
    assert not any(line.startswith("NEXT") for line in err.splitlines()), err


@pytest.mark.parametrize("case", list(CASES))
def test_a_name_in_a_message_is_escaped(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = CASES[case](tmp_path)
    code, out = run_cli(argv)
    err = capsys.readouterr().err
    assert code in (1, 2, 74), (code, err)
    check(err)
    assert "\x1b" not in out, out


def test_the_stats_line_shows_a_label_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _ = run_cli(["solve", "--stats", str(euler_file(tmp_path, f"Grid {NAME[:-5]}"))])
    err = capsys.readouterr().err
    assert code == 0 and "\x1b" not in err and "evil\\x1b[2J" in err, err


@pytest.mark.parametrize(
    "error",
    [RuntimeError(NAME), FileNotFoundError(2, "No such file or directory", NAME)],
    ids=["internal", "os"],
)
def test_an_error_from_within_a_command_shows_its_text_escaped(
    error: Exception, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def failing(*_: object) -> int:
        raise error

    monkeypatch.setattr(cli, "cmd_check", failing)
    code, _ = run_cli(["check"], b"")
    assert code in (2, 70)
    check(capsys.readouterr().err)
