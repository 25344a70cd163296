"""``fsudoku bench``: every row a whole process in a group of its own, ``--against``
commands timed the same way (with a time limit, and ended with bench), per-call figures
only when asked for, tables that render, clear errors with file names escaped."""

from __future__ import annotations

import contextlib
import io
import json
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from markdown_it import MarkdownIt

from fsudoku.app import bench
from fsudoku.app.cli import main as cli_main
from fsudoku.app.messages import shown
from fsudoku.app.usage import External, UsageError, against
from fsudoku.grid_io import SAMPLE
from fsudoku.pe96.formats import Entry


def run_bench(argv: list[str]) -> tuple[int, str]:
    out = io.StringIO()
    code = cli_main(["bench", *argv], out)
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
    assert against("bird=cat --x") == External("cat --x", "bird")
    assert against("FOO=1 cat") == External("FOO=1 cat")  # FOO is no solver: the environment
    assert against(f"{sys.executable} -V").label == f"{os.path.basename(sys.executable)} -V"
    with pytest.raises(UsageError):
        against("  ")


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
    assert run_bench([str(tmp_path)])[0] == 2
    err = capsys.readouterr().err
    assert err == f"fsudoku: {tmp_path}: is a directory\n", err


def test_format_table_counts_what_is_not_solved() -> None:
    row = bench.Row("x", "exclusives", "fast", 1, 3)
    stats = {"nodes": [1.0, 1, 1], "statuses": {"solved": 1, "invalid": 1, "no_solution": 1}}
    row.runs.append(bench.Run(1.0, 0.5, "d", 0, stats))
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


@pytest.mark.parametrize("extra", [[], ["--hardest", "2"], ["--per-puzzle"], ["--engine", "fast"]])
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
    ("command", "reason"),
    [
        ("exclusives=", "no command after 'exclusives='"),
        ("exclusives=  ", "no command after 'exclusives='"),
        ("  ", "no command"),
        ("=cat", "no solver name before '='"),
        ("cat 'x", "no closing quotation"),
        ("\\", "no escaped character"),
        ("bird=cat 'x", "no closing quotation"),
        ("cat\x1b[2J", "cat\\x1b[2J: no such command"),
        (
            "X=1 Y=2",
            "nothing to run: it only sets a variable (X is no solver: simple, "
            "exclusives, exclusives-sets, bird, bird-naive, mrv, dlx, norvig)",
        ),
        (
            "x=/no/such/cmd",
            "nothing to run: it only sets a variable (x is no solver: simple, exclusives, "
            "exclusives-sets, bird, bird-naive, mrv, dlx, norvig)",
        ),
        ("true | /no/such/cmd", "/no/such/cmd: no such command"),
        ("cd / && no-such-program-here", "no-such-program-here: no such command"),
        ("X=1 true 2>/dev/null; /no/such/cmd <in", "/no/such/cmd: no such command"),
    ],
)
def test_a_bad_against_is_a_usage_error_before_anything_runs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str, reason: str
) -> None:
    with pytest.raises(UsageError, match="--against"):
        against(command)
    # refused before the file is even read: the missing file is not what is reported
    missing = tmp_path / "missing.txt"
    assert cli_main(["bench", str(missing), "--against", command]) == 2
    err = capsys.readouterr().err
    assert err == f"fsudoku: --against {shown(shlex.quote(command))}: {reason}\n", err


def test_failed_commands_are_failed_rows_and_no_ratio_is_taken_against_them(
    tmp_path: Path,
) -> None:
    # one puzzle with more than 6 blanks (bird-naive refuses it); commands that fail in
    # each way, then fsudoku solve for exclusives after the failed exclusives command
    # (the output check skips the failed one), then one that works (cat)
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    solve = f"{shlex.quote(sys.executable)} -m fsudoku solve --engine reference -q"
    commands = [
        "exclusives=false",
        "sh -c 'exit 127'",
        "sh -c 'kill -9 $$'",  # the shell that runs it reports 128 + 9
        "exec sh -c 'kill -9 $$'",  # killed itself
        f"exclusives={solve}",
        "cat",
    ]
    argv = [str(data), "--solver", "exclusives", "--solver", "bird-naive", "--quiet"]
    code, out = run_bench(argv + [a for command in commands for a in ("--against", command)])
    assert code == 1, out  # a row failed
    rows = table_rows(out)
    header = rows[0]
    assert all(len(r) == len(header) for r in rows), rows
    assert len(rows) == 1 + 2 + len(commands), out
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
    assert len(ratios) == len(commands), header
    for column, row in zip(ratios, externals, strict=True):
        works = row["output"] == "-"
        assert works or all(row[c] == "-" for c in ratios), (column, out)  # a failed row's
        assert ours[column].endswith(")") if works else ours[column] == "-", (column, out)
    assert ours["output"] == f"same as {External(solve).label}", out
    # bird-naive refused the puzzle: its blank count is not a node count
    assert naive["unsolved"] == "1 refused", out
    assert naive["nodes mean / median / max"] == "-", out
    assert naive["output"] == "-" and naive[ratios[-1]].endswith(")"), out


def test_a_command_with_a_pipe_keeps_the_table_whole() -> None:
    row = bench.Row("a | b", None, "external", 1, 1, external=External("a | b"))
    row.runs.append(bench.Run(1.0, 0.5, "d", 0, {}))
    rows = table_rows(bench.format_table([row], [row.external]))  # type: ignore[list-item]
    assert rows[0][-1] == "x a | b" and rows[1][0] == "a | b", rows
    assert all(len(r) == len(rows[0]) for r in rows), rows


def test_a_row_that_searched_nothing_has_no_node_figures() -> None:
    row = bench.Row("x", "bird-naive", "reference", 1, 1)
    row.runs.append(bench.Run(1.0, 0.5, "d", 0, {"nodes": None, "statuses": {"refused": 1}}))
    cells = dict(zip(*table_rows(bench.format_table([row], [])), strict=True))
    assert cells["nodes mean / median / max"] == "-" and cells["unsolved"] == "1 refused"


def test_a_failed_row_of_fsudoku_is_shown_and_the_others_still_run(tmp_path: Path) -> None:
    # a child of fsudoku's that dies (killed, say) fails its row, not the whole run
    def dying(mode: str, row: bench.Row) -> list[str]:
        return ["sh", "-c", "kill -9 $$"] if row.solver == "bird" else bench.child_argv(mode, row)

    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    rows_ = [bench.Row(s, s, "reference", 1, 1) for s in ("bird", "exclusives")]
    bench.measure(rows_, str(data), launch=dying)
    assert [r.failure() for r in rows_] == ["signal 9", None]
    out = bench.format_table(rows_, [])
    rows = table_rows(out)
    cells = [dict(zip(rows[0], r, strict=True)) for r in rows[1:]]
    assert [(c["solver"], c["output"]) for c in cells] == [
        ("bird", "failed: signal 9"),
        ("exclusives", "-"),
    ], out
    assert cells[1]["unsolved"] == "0", out


# --- commands that hang, signals, names with control characters ---------------------


def running(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def gone(pid: int, seconds: float = 30.0) -> bool:
    """Whether ``pid`` has ended within ``seconds``."""
    deadline = time.monotonic() + seconds
    while running(pid) and time.monotonic() < deadline:
        time.sleep(0.02)
    return not running(pid)


def read_pid(path: Path, seconds: float = 20.0) -> int:
    """The pid a command wrote to ``path`` (once it has written it)."""
    deadline = time.monotonic() + seconds
    while True:
        text = path.read_text() if path.exists() else ""
        if text.endswith("\n"):
            return int(text)
        if time.monotonic() > deadline:
            raise AssertionError(f"no pid in {path}")
        time.sleep(0.02)


def lingering(pidfile: Path) -> str:
    """A command that starts a background ``sleep``, writes its pid and waits for it:
    killing the shell alone leaves the ``sleep`` running."""
    return f"sleep 30 & echo $! > {shlex.quote(str(pidfile))}; wait"


def test_a_command_past_its_time_limit_is_a_failed_row_and_its_group_is_killed(
    tmp_path: Path,
) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    pidfile = tmp_path / "pid"
    started = time.monotonic()
    code, out = run_bench([str(data), "-q", "--timeout", "0.5", "--against", lingering(pidfile)])
    took = time.monotonic() - started
    assert code == 1, out
    sleeper = read_pid(pidfile, 0)
    try:
        rows = [dict(zip(table_rows(out)[0], r, strict=True)) for r in table_rows(out)[1:]]
        assert [r["output"] for r in rows] == ["-", "failed: timeout"], out
        assert took < 10, took
        assert gone(sleeper), "the command's background sleep was left running"
    finally:
        with contextlib.suppress(OSError):
            os.kill(sleeper, signal.SIGKILL)


@pytest.mark.parametrize(
    ("signum", "status", "name"),
    [
        (signal.SIGINT, 130, "interrupted"),
        (signal.SIGTERM, 143, "terminated"),
        (signal.SIGHUP, 129, "hung up"),
    ],
)
def test_a_signal_ends_bench_and_the_command_it_is_timing(
    tmp_path: Path, signum: int, status: int, name: str
) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    pidfile = tmp_path / "pid"
    argv = [sys.executable, "-m", "fsudoku", "bench", str(data), "-q"]
    process = subprocess.Popen(
        [*argv, "--against", lingering(pidfile)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    sleeper = None
    try:
        sleeper = read_pid(pidfile)
        os.kill(process.pid, signum)  # bench alone, not its group
        _, err = process.communicate(timeout=20)
        assert process.returncode == status, err
        assert err.decode().splitlines()[-1] == f"fsudoku: {name}", err
        assert gone(sleeper), "the command's background sleep was left running"
    finally:
        process.kill()
        process.wait()
        if sleeper is not None:
            with contextlib.suppress(OSError):
                os.kill(sleeper, signal.SIGKILL)


@pytest.mark.parametrize(
    "command",
    [
        "/nonexistent/cmd",
        "no-such-program-here --fast",
        "exclusives=./no-such-solver",
        "x=/no/such/cmd",  # x is no solver: a variable, and nothing to run
        "cat | /no/such/cmd",
    ],
)
def test_a_command_that_does_not_exist_is_a_usage_error_before_any_row(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: str
) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    marker = tmp_path / "ran"
    first = f"touch {shlex.quote(str(marker))}"
    code = cli_main(["bench", str(data), "-q", "--against", first, "--against", command])
    captured = capsys.readouterr()
    assert code == 2, captured
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith("fsudoku: --against "), captured.err
    assert "no such command" in captured.err or "nothing to run" in captured.err, captured.err
    assert not marker.exists(), "a row was timed before the command was checked"


def test_commands_that_can_run_are_taken() -> None:
    for command in ["X=1 cat", "cat | cat", "cd / && true", "(true)", "exec cat", "$SHELL -c :"]:
        assert against(command).command == command


NASTY = "puzzles\x1b]0;owned\x07\n.txt"
"""A file name with a terminal escape (it sets the window title) and a newline."""


def test_an_empty_file_with_a_control_character_in_its_name_is_shown_escaped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    empty = tmp_path / NASTY
    empty.write_text("")
    assert cli_main(["bench", str(empty), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err == f"fsudoku: bench: {shown(str(empty))}: no puzzle in the input\n", err
    assert "\x1b" not in err and "\x07" not in err


def test_a_file_past_the_cap_with_a_control_character_in_its_name_is_shown_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(bench, "MAX_PUZZLES", 1)
    data = tmp_path / NASTY
    data.write_text(f"{SAMPLE}\n" * 2)
    assert cli_main(["bench", str(data), "--quiet"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"fsudoku: bench: {shown(str(data))}: more than 1 puzzle"), err
    assert "\x1b" not in err and err.count("\n") == 1, err


def test_the_tables_title_shows_the_file_name_escaped(tmp_path: Path) -> None:
    data = tmp_path / NASTY
    data.write_text(f"{SAMPLE}\n")
    code, out = run_bench([str(data), "-q"])
    assert code == 0, out
    assert out.startswith(f"{shown(str(data))}: 1 puzzle\n"), out
    assert "\x1b" not in out


def test_a_row_with_workers_reads_its_input_as_solve_does_and_does_not_hang() -> None:
    # workers start (by fork) while more input is on its way: a thread reading standard
    # input ahead would hold its lock, and a forked worker closing standard input
    # (as multiprocessing's start does) would wait for it forever
    row = bench.Row("r", "exclusives", "reference", 2, 0)
    process = subprocess.Popen(
        bench.child_argv("batch", row),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
    )
    try:
        assert process.stdin is not None
        process.stdin.write(f"{SAMPLE}\n".encode() * 60)
        process.stdin.flush()
        time.sleep(0.5)  # the workers start meanwhile
        process.stdin.write(f"{SAMPLE}\n".encode() * 20)
        out, err = process.communicate(timeout=10)
    finally:
        with contextlib.suppress(OSError):
            os.killpg(process.pid, signal.SIGKILL)
        process.wait()
    assert process.returncode == 0, err
    assert out.count(b"\n\n") == 80, out[-200:]  # 80 grids, a blank line after each
    assert json.loads(err.splitlines()[-1])["statuses"] == {"solved": 80}
