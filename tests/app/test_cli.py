"""The command line: the article's ``main`` byte for byte, formats, errors, exit codes."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from support import run_cli as run

ARTICLE_INPUT = ".......12.5.4............3.7..6..4....1..........8....92....8.....51.7.......3..."
ARTICLE_OUTPUT = """\
3 6 4 9 7 8 5 1 2
1 5 2 4 3 6 9 7 8
8 7 9 1 2 5 6 3 4
7 3 8 6 5 1 4 2 9
6 9 1 2 4 7 3 8 5
2 4 5 3 8 9 1 6 7
9 2 3 7 6 4 8 5 1
4 8 6 5 1 2 7 9 3
5 1 7 8 9 3 2 4 6

"""
NO_SOLUTION = "11" + "." * 79


@pytest.mark.parametrize(
    ("solver", "engine"),
    [
        # Sarkar #1's reference takes seconds on the article's puzzle
        pytest.param("simple", "reference", marks=pytest.mark.slow),
        *[
            (solver, engine)
            for solver in ("simple", "exclusives", "exclusives-sets")
            for engine in ("reference", "fast")
            if (solver, engine) != ("simple", "reference")
        ],
    ],
)
def test_solve_prints_the_article_main_output(solver: str, engine: str) -> None:
    # $ echo "....12.5.4..." | stack exec sudoku   (Sarkar #1, "Solving the Puzzle")
    code, out = run(
        ["solve", "--solver", solver, "--engine", engine], ARTICLE_INPUT.encode() + b"\n"
    )
    assert (code, out) == (0, ARTICLE_OUTPUT), out


def test_one_result_per_line_in_order_with_the_articles_messages() -> None:
    data = f"{ARTICLE_INPUT}\nnot a puzzle\n\n{NO_SOLUTION}\r\n{ARTICLE_INPUT.replace('.', '0')}"
    code, out = run(["solve", "--format", "line", "--engine", "reference"], data.encode())
    lines = out.splitlines()
    solution = ARTICLE_OUTPUT.replace(" ", "").replace("\n", "")
    assert lines == [solution, "Invalid input", "Invalid input", "No solution found", solution]
    assert code == 1


def test_exit_status_zero_when_every_puzzle_is_solved() -> None:
    code, _ = run(["solve", "--format", "line"], (ARTICLE_INPUT + "\n").encode() * 2)
    assert code == 0


def test_possibilities_format_shows_the_settled_grid() -> None:
    puzzle = "6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
    code, out = run(["solve", "--format", "possibilities", "--solver", "simple"], puzzle.encode())
    first = out.splitlines()[0]
    assert first.rstrip() == (
        "6           [  3   789] [  3 5 7 9] [ 23 5 7 9] [ 234   8 ] [ 2345 789] "
        "[    5 789] 1           [ 2345  89]"
    ), first
    assert code == 0


def test_files_and_dash_read_in_order(tmp_path: Path) -> None:
    one = tmp_path / "one.txt"
    one.write_text(ARTICLE_INPUT + "\n")
    code, out = run(["solve", "--format", "line", str(one), "-", str(one)], b"bad\n")
    assert out.splitlines()[1] == "Invalid input"
    assert len(out.splitlines()) == 3
    assert code == 1


def test_a_missing_file_is_an_error_but_the_others_are_solved(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    one = tmp_path / "one.txt"
    one.write_text(ARTICLE_INPUT + "\n")
    code, out = run(
        ["solve", "--format", "line", str(tmp_path / "absent.txt"), str(tmp_path), str(one)]
    )
    assert code == 2
    assert len(out.splitlines()) == 1
    err = capsys.readouterr().err
    assert "absent.txt: no such file" in err and "is a directory" in err


def test_usage_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["solve", "--solver", "nope"])[0] == 2
    assert run(["frobnicate"])[0] == 2
    assert run(["solve", "--jobs", "-1"])[0] == 2
    assert "fsudoku:" in capsys.readouterr().err
    assert run(["solve", "--solver", "bird", "--engine", "fast"])[0] == 2  # the registry's rule
    assert "fast engine covers simple, exclusives, exclusives-sets, not 'bird'" in (
        capsys.readouterr().err
    )


def test_the_installed_script_runs() -> None:
    script = shutil.which("fsudoku")
    if script is None:
        pytest.skip("fsudoku is not installed as a script")
    done = subprocess.run(
        [script, "solve"], input=ARTICLE_INPUT + "\n", capture_output=True, text=True, check=False
    )
    assert (done.returncode, done.stdout) == (0, ARTICLE_OUTPUT), done.stderr


def test_python_dash_m_runs() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "fsudoku", "solve", "--format", "line"],
        input="x\n",
        capture_output=True,
        text=True,
        check=False,
    )
    assert (done.returncode, done.stdout) == (1, "Invalid input\n"), done.stderr


def test_bench_prints_one_row_per_solver_engine_and_jobs(tmp_path: Path) -> None:
    puzzles = tmp_path / "few.txt"
    puzzles.write_text(f"{ARTICLE_INPUT}\n{ARTICLE_INPUT}\n{ARTICLE_INPUT}\n")
    code, out = run(
        [
            "bench",
            str(puzzles),
            "--solver",
            "exclusives",
            "--solver",
            "dlx",
            "--engine",
            "reference",
            "--engine",
            "fast",
            "--jobs",
            "1",
            "--jobs",
            "2",
            "--hardest",
            "2",
        ]
    )
    assert code == 0
    rows = [
        line
        for line in out.splitlines()
        if line.startswith("| exclusives") or line.startswith("| dlx")
    ]
    # exclusives on both engines and dlx on the reference only, each with 1 and 2 jobs
    assert len(rows) == 6, out
    assert all(row.split("|")[4].strip() == "2" for row in rows), rows  # the 2 hardest
    assert "the 2 hardest" in out


def test_check_prints_one_verdict_per_line_and_exits_0_only_if_all_unique() -> None:
    two = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"
    data = f"{ARTICLE_INPUT}\n{two}\n{NO_SOLUTION}\nbad\n".encode()
    code, out = run(["check"], data)
    assert out.splitlines() == ["unique", "multiple 2+", "none", "Invalid input"]
    assert code == 1
    code, out = run(["check", "--limit", "5"], ("." * 81 + "\n").encode())
    assert out.splitlines() == ["multiple 5+"]  # counting stopped at the limit
    code, out = run(["check", "--limit", "3"], f"{two}\n".encode())
    assert out.splitlines() == ["multiple 2"]  # exactly two
    code, out = run(["check"], f"{ARTICLE_INPUT}\n".encode())
    assert (code, out) == (0, "unique\n")
    assert run(["check", "--limit", "1"])[0] == 2


def test_euler_and_boxed_formats(tmp_path: Path) -> None:
    euler = tmp_path / "grids.txt"
    rows = [ARTICLE_INPUT.replace(".", "0")[i : i + 9] for i in range(0, 81, 9)]
    euler.write_text("Grid 01\n" + "\n".join(rows) + "\n")
    code, out = run(["solve", "--format", "euler", str(euler)])
    solution = ARTICLE_OUTPUT.replace(" ", "").split("\n")[:9]
    assert out.splitlines() == ["Grid 01", *solution]
    code, out = run(["solve", "--format", "boxed"], ARTICLE_INPUT.encode())
    lines = out.splitlines()
    assert lines[0] == "+-------+-------+-------+" and lines[1] == "| 3 6 4 | 9 7 8 | 5 1 2 |"
    assert code == 0


def test_euler96_sums_the_top_left_numbers(tmp_path: Path) -> None:
    euler = tmp_path / "grids.txt"
    rows = [ARTICLE_INPUT.replace(".", "0")[i : i + 9] for i in range(0, 81, 9)]
    euler.write_text(("Grid 01\n" + "\n".join(rows) + "\n") * 2)
    code, out = run(["euler96", str(euler), "--solver", "dlx"])
    assert (code, out) == (0, f"{364 * 2}\n")
    assert run(["euler96", str(tmp_path / "absent.txt")])[0] == 2
    assert run(["euler96", str(tmp_path)])[0] == 2
    euler.write_text("Grid 01\n123\n")
    assert run(["euler96", str(euler)])[0] == 1  # a clear message, no traceback
