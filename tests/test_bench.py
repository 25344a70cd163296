"""``fsudoku bench``: every row a whole process, ``--against`` commands timed the same
way, per-call figures only when asked for, tables that render, clear errors."""

from __future__ import annotations

import io
import os
import shlex
import sys
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from fsudoku.app import bench
from fsudoku.app.cli import main as cli_main
from fsudoku.app.usage import UsageError
from fsudoku.grid_io import SAMPLE


def run_bench(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = bench.run(argv, out)
    return code, out.getvalue()


def table_rows(text: str) -> list[list[str]]:
    """The cells of every row of the Markdown tables in ``text``, header rows included."""
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    rows: list[list[str]] = []
    cells: list[str] | None = None
    for token in tokens:
        if token.type == "tr_open":
            cells = []
        elif token.type in ("th_open", "td_open") and cells is not None:
            cells.append("")
        elif token.type == "inline" and cells is not None and cells:
            cells[-1] = token.content
        elif token.type == "tr_close" and cells is not None:
            rows.append(cells)
            cells = None
    return rows


def test_plural() -> None:
    assert [bench.plural(n, "node") for n in (0, 1, 2)] == ["0 nodes", "1 node", "2 nodes"]


def test_against_names_the_solver_only_when_it_is_one() -> None:
    assert bench.parse_against("bird=./b --x") == bench.External("./b --x", "bird")
    assert bench.parse_against("FOO=1 ./b") == bench.External("FOO=1 ./b")
    with pytest.raises(UsageError):
        bench.parse_against("  ")


def test_jobs_0_is_every_core() -> None:
    assert bench._jobs(0) == (os.cpu_count() or 1)
    assert bench._jobs(3) == 3


def test_rows_are_whole_processes_and_against_is_timed_the_same_way(tmp_path: Path) -> None:
    # one puzzle, a bad line: fsudoku's rows and an external command (fsudoku solve
    # itself, so its output is the same) in one table whose rows all have the
    # header's number of cells
    data = tmp_path / "two.txt"
    data.write_text(f"{SAMPLE}\nnot a puzzle\n")
    external = f"{shlex.quote(sys.executable)} -m fsudoku solve --engine reference -q"
    code, out = run_bench(
        [
            str(data),
            "--engine",
            "reference",
            "--engine",
            "fast",
            "--against",
            f"exclusives={external}",
        ]
    )
    assert code == 0, out
    assert out.startswith(f"{data}: 2 puzzles\n"), out
    rows = table_rows(out)
    assert len(rows) == 4, out  # header, two engines, the external command
    assert all(len(r) == len(rows[0]) for r in rows), rows
    header = rows[0]
    assert "per call median us" not in header  # only with --per-puzzle
    for row in rows[1:3]:
        cell = dict(zip(header, row, strict=True))
        assert cell["unsolved"] == "1 invalid", row
        assert cell["output"].startswith("same as"), row  # byte for byte the command's
        assert cell["nodes mean / median / max"] == "0.5 / 0.5 / 1", row
        assert cell[header[-1]].endswith(")"), row  # the ratio to the command
    assert rows[3][1] == "external"


def test_per_puzzle_adds_the_per_call_columns(tmp_path: Path) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    code, out = run_bench([str(data), "--engine", "fast", "--per-puzzle", "--limit", "1"])
    assert code == 0, out
    assert out.startswith(f"{data}: the first puzzle\n"), out
    rows = table_rows(out)
    header = rows[0]
    assert [h for h in header if h.startswith("per call")] == [
        "per call median us",
        "per call mean us",
        "per call p99 us",
    ]
    cell = dict(zip(header, rows[1], strict=True))
    assert float(cell["per call median us"].replace(",", "")) > 0, cell


def test_errors_have_one_prefix(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    missing = tmp_path / "missing.txt"
    assert cli_main(["bench", str(missing)]) == 2
    err = capsys.readouterr().err
    assert err == f"fsudoku: {missing}: no such file\n", err
    assert bench.run([str(tmp_path)]) == 2
    err = capsys.readouterr().err
    assert err == f"fsudoku: {tmp_path}: is a directory\n", err


def test_format_table_counts_what_is_not_solved() -> None:
    row = bench.Row("x", "exclusives", "fast", 1, 3)
    stats = {
        "nodes_mean": 1.0,
        "nodes_median": 1,
        "nodes_max": 1,
        "statuses": {"solved": 1, "invalid": 1, "no_solution": 1},
    }
    row.runs.append(bench.Run(1.0, 0.5, 10.0, "d", 0, stats))
    text = bench.format_table([row], [])
    rows = table_rows(text)
    assert all(len(r) == len(rows[0]) for r in rows), rows
    assert dict(zip(rows[0], rows[1], strict=True))["unsolved"] == "1 invalid, 1 no solution"
