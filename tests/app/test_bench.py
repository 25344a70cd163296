"""``fsudoku bench``: every row a whole process, ``--against`` commands timed the same
way, per-call figures only when asked for, tables that render, clear errors."""

from __future__ import annotations

import importlib.util
import io
import os
import shlex
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from fsudoku.app import bench
from fsudoku.app.cli import main as cli_main
from fsudoku.app.usage import UsageError
from fsudoku.grid_io import SAMPLE
from fsudoku.pe96.formats import Entry


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
    # (fsudoku solve exits 1 for the unsolved line: for bench that status is no failure)
    solve = f"{shlex.quote(sys.executable)} -m fsudoku solve --engine reference -q"
    external = f"{solve} || [ $? -eq 1 ]"
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


# --- what a hostile user tried ---------------------------------------------------------


def test_read_puzzles_stops_at_the_cap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench, "MAX_PUZZLES", 3)
    data = tmp_path / "four.txt"
    data.write_text(f"{SAMPLE}\n" * 4)
    assert bench.read_puzzles(str(data), 2) == [SAMPLE] * 2  # --limit stops it as before
    assert bench.read_puzzles(str(data), 3) == [SAMPLE] * 3
    assert cli_main(["bench", str(data), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fsudoku: bench: {data}: more than 3 puzzles"), err
    assert err.count("\n") == 1 and "--limit" in err, err


def test_an_endless_input_is_not_read_past_the_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    # ``yes "$P" | fsudoku bench -``: one entry past the cap may be read, no more (an
    # uncapped read fails here instead of growing without bound)
    import fsudoku.run.sources

    monkeypatch.setattr(bench, "MAX_PUZZLES", 3)
    entry = next(iter(fsudoku.run.sources.entries_of(io.BytesIO(f"{SAMPLE}\n".encode()))))
    read: list[str] = []

    def endless(paths: list[str], strict: bool = False) -> Iterator[Entry]:
        while len(read) < 10:
            read.append(entry.text)
            yield entry
        raise AssertionError("read on past the cap")

    monkeypatch.setattr(fsudoku.run.sources, "read_sources", endless)
    with pytest.raises(UsageError, match="more than 3 puzzles"):
        bench.read_puzzles("-", None)
    assert len(read) == 4
    assert bench.read_puzzles("-", 2) == [SAMPLE] * 2


@pytest.mark.parametrize(
    "extra", [[], ["--hardest", "2"], ["--targets"], ["--per-puzzle"], ["--engine", "fast"]]
)
def test_an_input_without_a_puzzle_is_one_line_and_status_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str]
) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("")
    assert cli_main(["bench", str(empty), "--quiet", *extra]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"fsudoku: bench: {empty}: no puzzle in the input\n", captured.err
    assert captured.out == ""  # no table of 0 puzzles


@pytest.mark.parametrize(
    ("against", "reason"),
    [
        ("exclusives=", "no command after 'exclusives='"),
        ("exclusives=  ", "no command after 'exclusives='"),
        ("=cat", "no solver name before '='"),
        ("cat 'x", "no closing quotation"),
        ("\\", "no escaped character"),
        ("bird=cat 'x", "no closing quotation"),
    ],
)
def test_a_bad_against_is_a_usage_error_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], against: str, reason: str
) -> None:
    with pytest.raises(UsageError, match="--against"):
        bench.parse_against(against)
    # refused before the file is even read: the missing file is not what is reported
    missing = tmp_path / "missing.txt"
    assert cli_main(["bench", str(missing), "--against", against]) == 2
    err = capsys.readouterr().err
    assert err == f"fsudoku: --against {bench._quoted(against)}: {reason}\n", err
    assert shlex.split(bench._quoted(against)) == [against]  # as the shell would take it


def test_failed_commands_are_failed_rows_and_no_ratio_is_taken_against_them(
    tmp_path: Path,
) -> None:
    # one puzzle with more than 6 blanks (bird-naive refuses it); commands that fail in
    # each way, then fsudoku solve for exclusives after the failed exclusives command
    # (the output check skips the failed one), then one that works (cat)
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    solve = f"{shlex.quote(sys.executable)} -m fsudoku solve --engine reference -q"
    against = [
        "exclusives=false",
        "/nonexistent/cmd",
        "sh -c 'kill -9 $$'",  # the shell that runs it reports 128 + 9
        "exec sh -c 'kill -9 $$'",  # killed itself
        f"exclusives={solve}",
        "cat",
    ]
    argv = [str(data), "--solver", "exclusives", "--solver", "bird-naive", "--quiet"]
    code, out = run_bench(argv + [a for command in against for a in ("--against", command)])
    assert code == 1, out  # a row failed
    rows = table_rows(out)
    header = rows[0]
    assert all(len(r) == len(header) for r in rows), rows
    assert len(rows) == 1 + 2 + len(against), out
    ours, naive, *externals = (dict(zip(header, r, strict=True)) for r in rows[1:])
    assert [e["output"] for e in externals] == [
        "failed: exit 1",
        "failed: exit 127",
        "failed: exit 137 (signal 9)",
        "failed: signal 9",
        "-",
        "-",
    ], out
    ratios = [h for h in header if h.startswith("x ")]
    assert len(ratios) == len(against), header
    for column, row in zip(ratios, externals, strict=True):
        works = row["output"] == "-"
        assert works or all(row[c] == "-" for c in ratios), (column, out)  # a failed row's
        assert ours[column].endswith(")") if works else ours[column] == "-", (column, out)
    assert ours["output"] == f"same as {bench.External(solve).label}", out
    # bird-naive refused the puzzle: its blank count is not a node count
    assert naive["unsolved"] == "1 refused", out
    assert naive["nodes mean / median / max"] == "-", out
    assert naive["output"] == "-" and naive[ratios[-1]].endswith(")"), out


def test_a_command_with_a_pipe_keeps_the_table_whole() -> None:
    row = bench.Row("a | b", None, "external", 1, 1, external=bench.External("a | b"))
    row.runs.append(bench.Run(1.0, 0.5, 10.0, "d", 0, {}))
    rows = table_rows(bench.format_table([row], [row.external]))  # type: ignore[list-item]
    assert rows[0][-1] == "x a | b" and rows[1][0] == "a | b", rows
    assert all(len(r) == len(rows[0]) for r in rows), rows


def test_summary_leaves_refused_puzzles_out_of_the_nodes() -> None:
    stats = bench._summary([("solved", 2), ("refused", 64), ("solved", 4)])
    assert (stats["nodes_mean"], stats["nodes_median"], stats["nodes_max"]) == (3.0, 3.0, 4)
    assert stats["statuses"] == {"solved": 2, "refused": 1}
    row = bench.Row("x", "bird-naive", "reference", 1, 1)
    row.runs.append(bench.Run(1.0, 0.5, 10.0, "d", 0, bench._summary([("refused", 64)])))
    cells = dict(zip(*table_rows(bench.format_table([row], [])), strict=True))
    assert cells["nodes mean / median / max"] == "-" and cells["unsolved"] == "1 refused"


def test_a_failed_row_of_fsudoku_is_shown_and_the_others_still_run(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # a child of fsudoku's that dies (killed, say) fails its row, not the whole run
    child_argv = bench._child_argv

    def dying(mode: str, solver: str, engine: str, jobs: int) -> list[str]:
        if solver == "bird":
            return ["sh", "-c", "kill -9 $$"]
        return child_argv(mode, solver, engine, jobs)  # type: ignore[arg-type]

    monkeypatch.setattr(bench, "_child_argv", dying)
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    code, out = run_bench([str(data), "--solver", "bird", "--solver", "exclusives", "-q"])
    assert code == 1, out
    rows = table_rows(out)
    cells = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert [(c["solver"], c["output"]) for c in cells] == [
        ("bird", "failed: signal 9"),
        ("exclusives", "-"),
    ], out
    assert cells[1]["unsolved"] == "0", out


def test_targets_are_not_met_nor_measured_against_a_failed_row() -> None:
    def row(label: str, status: int) -> bench.Row:
        r = bench.Row(label, "exclusives", "fast", 1, 10)
        r.runs.append(bench.Run(1.0, 1.0, 10.0, "d", status, {}))
        return r

    theirs = bench._ratio_row("t", row("ours", 0), row("ghc", 1), 50)
    assert (theirs.measured, theirs.met) == ("ghc failed: exit 1", None)
    ours = bench._slowdown_row("t", row("ours", -9), row("ghc", 0), 5)
    assert (ours.measured, ours.met) == ("ours failed: signal 9", False)
    fine = bench._ratio_row("t", row("ours", 0), row("ghc", 0), 50)
    assert fine.met is False and "1.0x wall" in fine.measured


def test_rows_start_from_compiled_modules(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text("X = 1\n")
    assert bench.compile_package(str(package))
    cached = importlib.util.cache_from_source(str(package / "mod.py"))
    assert Path(cached).is_file()
    (package / "broken.py").write_text("def (\n")
    assert not bench.compile_package(str(package))  # reported, not raised
