"""The benchmarks' harness (``benchmarks/``): its settings, its memory sampling, how it
judges a target, the side-by-side rows (their adapters, answer checks and skips), a run of
it on a puzzle, and its documents' tables. Quick: no figure is checked, only what the
harness makes of the figures. The installed peers' adapters are tried where the peers are
installed (``pencilmark``, ``dlxsudoku`` in this environment), and skipped elsewhere."""

from __future__ import annotations

import doctest
import gc
import importlib.util
import io
import os
import shlex
import subprocess
import sys
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from support import ROOT

from benchmarks import child, lineup, memory, peers, settings, targets
from benchmarks.run import main as run_main
from fsudoku.app.bench import Row, Run
from fsudoku.grid_io import SAMPLE
from fsudoku.testing.strategies import SAMPLE_SOLUTION

BENCHMARKS = ROOT / "benchmarks"


def row(label: str, cpus: list[float], status: int = 0, digest: str = "d") -> Row:
    """A row with one run per CPU time given (wall twice the CPU time)."""
    r = Row(label, "exclusives", "fast", 1, 10)
    r.runs.extend(Run(2 * c, c, digest, status) for c in cpus)
    return r


def test_the_modules_doctests_pass() -> None:
    for module in (child, lineup, memory, peers, settings, targets):
        assert doctest.testmod(module).failed == 0, module.__name__


def test_a_ratio_is_judged_on_the_cpu_medians_with_the_rounds_spread() -> None:
    ours, ghc = row("ours", [1.0, 2.0, 1.0]), row("ghc", [60.0, 80.0, 40.0])
    fast = targets.ratio("t", ours, ghc, 50)
    assert fast.met is True and fast.goal == ">= 50x", fast
    assert fast.measured.startswith("60.00x CPU (60.00 s (40-80) / 1.00 s (1-2); rounds 40-60x)")
    slow = targets.ratio("t", ghc, ours, 15, slower=True)  # 60 times as slow
    assert (slow.met, slow.goal) == (False, "<= 15x"), slow
    assert targets.ratio("t", ours, row("ghc", [30.0] * 3), 50).met is False


def test_a_target_is_not_met_nor_measured_against_a_failed_or_missing_row() -> None:
    fine, ghc = row("ours", [1.0]), row("ghc", [100.0])
    theirs = targets.ratio("t", fine, row("ghc", [1.0], status=1), 50)
    assert (theirs.measured, theirs.met) == ("ghc failed: exit 1", None)
    ours = targets.ratio("t", row("ours", [1.0], status=-9), ghc, 5, slower=True)
    assert (ours.measured, ours.met) == ("ours failed: signal 9", False)
    alone = targets.ratio("t", fine, None, 50)
    assert alone.met is None and "no command" in alone.measured
    other = targets.ratio("t", row("ours", [1.0], digest="x"), ghc, 50)
    assert (other.measured, other.met) == ("output differs from ghc", False)


def test_rows_start_from_compiled_modules(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    package.mkdir()
    (package / "mod.py").write_text("X = 1\n")
    assert settings.compile_package(str(package))
    cached = importlib.util.cache_from_source(str(package / "mod.py"))
    assert Path(cached).is_file()
    (package / "broken.py").write_text("def (\n")
    assert not settings.compile_package(str(package))  # reported, not raised


def test_the_tuning_collects_less_and_asks_for_no_blas_threads(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("OPENBLAS_NUM_THREADS", raising=False)
    before = gc.get_threshold()
    try:
        settings.settle_run()
        assert gc.get_threshold()[0] == settings.YOUNG_OBJECTS
        assert os.environ["OPENBLAS_NUM_THREADS"] == "1"
    finally:
        gc.set_threshold(*before)
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "4")
    settings.no_blas_threads()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "4"  # the user's, kept


def test_a_tuned_row_is_tuned_and_a_plain_one_is_not() -> None:
    # the row's command line, with bench's child replaced by one that shows the settings
    probe = (
        "import gc, os, fsudoku.app.bench as b; b.child = lambda: print(gc.get_threshold()[0], "
        "os.environ.get('OPENBLAS_NUM_THREADS')) or 0; "
    )
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    default = str(gc.get_threshold()[0])  # 700 before Python 3.13, 2000 since
    for plain, expected in ((False, ["10000", "1"]), (True, [default, "None"])):
        argv = child.launcher(plain=plain)("batch", row("r", []))
        argv[2] = probe + argv[2]
        done = subprocess.run(
            argv, capture_output=True, text=True, env=env, timeout=30, check=False
        )
        assert done.stdout.split() == expected, done


def test_another_program_is_timed_through_its_solve() -> None:
    argv = child.launcher(program="/opt/old/bin/fsudoku --x")("batch", row("r", []))
    assert argv[:4] == ["/opt/old/bin/fsudoku", "--x", "solve", "-q"]
    assert argv[argv.index("--format") + 1] == "grid" and argv[-2:] == ["--jobs", "1"]


def test_the_memory_of_a_process_tree_is_sampled(tmp_path: Path) -> None:
    stdin = tmp_path / "empty.txt"
    stdin.write_text("")
    hold = (
        "b = bytearray(64 << 20); b[::4096] = b'x' * len(b[::4096]); import time; time.sleep(0.6)"
    )
    lone = memory.peak_memory([sys.executable, "-c", hold], str(stdin))
    assert 60 < lone < 200, lone
    one = f"{shlex.quote(sys.executable)} -c {shlex.quote(hold)}"
    two = f"{one} & {one}; wait"
    both = memory.peak_memory(two, str(stdin))
    assert both > 1.5 * lone, (lone, both)  # both processes, counted together


def test_a_run_of_the_reference_target_on_one_puzzle(tmp_path: Path) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    solve = f"{sys.executable} -m fsudoku solve --engine reference -q"
    out = io.StringIO()
    argv = [str(data), "reference", "--repeat", "1", "-q", "--against", f"exclusives={solve}"]
    assert run_main(argv, out) == 0, out.getvalue()
    text = out.getvalue()
    assert "| Reference exclusives, first 1 |" in text and "| <= 15x | yes |" in text, text
    assert "same as python" in text or "same as " in text, text
    assert table_problems(text) == [], text


# ---------------------------------------------------------------- side by side


def peer_row(label: str, figures: list[dict[str, float]], status: int = 0) -> lineup.PeerRow:
    """A side-by-side row with one run per figures given."""
    r = lineup.PeerRow(label, "calls", [])
    r.runs.extend(Run(1.0, 1.0, "d", status, dict(f)) for f in figures)
    return r


def test_a_call_is_judged_on_the_rounds_medians_and_a_missing_peer_is_not_measured() -> None:
    fast = peer_row("fast", [{"mean": 100.0}, {"mean": 300.0}, {"mean": 200.0}])
    cpp = peer_row("cpp", [{"mean": 250.0}, {"mean": 250.0}, {"mean": 100.0}])
    met = targets.per_call("t", fast, cpp, "mean", 1)
    assert (met.met, met.goal) == (True, "<= 1x cpp"), met
    assert met.measured.startswith("200 us vs cpp 250 us (0.80x; rounds 0.4-2x)"), met
    assert targets.per_call("t", fast, cpp, "mean", 0.5).met is False
    gone = lineup.PeerRow("cpp", "calls", [], skipped="cpp is not installed")
    assert targets.per_call("t", fast, gone, "mean", 1).met is None
    broken = peer_row("cpp", [{"mean": 1.0}], status=1)
    assert targets.per_call("t", fast, broken, "mean", 1).met is None
    wrong = peer_row("fast", [{"mean": 1.0}])
    wrong.problem = "1 wrong"
    assert targets.per_call("t", wrong, cpp, "mean", 1).met is False


def test_answers_are_checked_against_their_puzzles(tmp_path: Path) -> None:
    answers = tmp_path / "answers.txt"
    swapped = SAMPLE_SOLUTION[1] + SAMPLE_SOLUTION[0] + SAMPLE_SOLUTION[2:]
    raised = {"NoSolution: no": 1}
    for text, errors, problem in [
        (SAMPLE_SOLUTION, {}, None),
        (swapped, {}, "1 wrong, 0 without an answer (first: puzzle 1)"),
        ("-", raised, "0 wrong, 1 without an answer (first: puzzle 1; raised NoSolution: no)"),
        (f"{SAMPLE_SOLUTION}\n{SAMPLE_SOLUTION}", {}, "2 answers for 1 puzzles"),
    ]:
        answers.write_text(f"{text}\n")
        assert lineup.check([SAMPLE], str(answers), errors) == problem, text


def test_a_command_passes_only_with_the_checked_rows_bytes() -> None:
    checked = peer_row("a", [{}])
    same, other = peer_row("b", [{}]), peer_row("c", [{}])
    same.mode = other.mode = "command"
    other.runs[0].digest = "e"
    lineup.commands_checked([checked, same, other])
    assert same.failure() is None and other.failure() is not None


def test_the_adapters_answer_one_puzzle(tmp_path: Path) -> None:
    for name in ("fsudoku exclusives fast", "fsudoku norvig"):
        for mode in ("calls", "batch"):
            output, stats = peers.run(mode, name, None, [SAMPLE, SAMPLE])
            assert output == [SAMPLE_SOLUTION] * 2 and stats["count"] == 2, (name, mode, stats)
    script = tmp_path / "sudoku.py"  # a stand-in with Norvig's names; its tests must not run
    script.write_text(
        f"squares = list(range(81))\ndef solve(grid):\n    return dict(enumerate({SAMPLE_SOLUTION!r}))\n"
        "if __name__ == '__main__':\n    raise SystemExit('ran as a script')\n"
    )
    output, stats = peers.run("calls", "sudoku.py (Norvig)", str(script), [SAMPLE])
    assert output == [SAMPLE_SOLUTION] and stats["version"].startswith("sha256 "), stats
    assert "skip" in peers.run("calls", "sudoku.py (Norvig)", None, [SAMPLE])[1]


@pytest.mark.parametrize("name", ["pencilmark", "dlxsudoku"])
def test_an_installed_peer_answers_one_puzzle(name: str) -> None:
    pytest.importorskip(name)
    output, stats = peers.run("calls", name, None, [SAMPLE])
    assert output == [SAMPLE_SOLUTION] and stats["errors"] == {}, stats


def test_a_peer_that_is_not_installed_is_skipped_with_its_reason(tmp_path: Path) -> None:
    found = lineup.Peers.find(str(tmp_path))  # no venv, no sudoku.py
    assert found.python == sys.executable and found.script is None
    assert "no sudoku.py" in (found.missing("sudoku.py (Norvig)") or "")
    (tmp_path / "sudoku.py").write_text("")
    assert lineup.Peers.find(str(tmp_path)).script == str(tmp_path / "sudoku.py")
    # a peer's row in an interpreter without the peer: status 69 and the reason
    code = (
        "import sys; sys.modules['pencilmark'] = None; " + found.argv("calls", "pencilmark", "")[2]
    )
    argv = [sys.executable, "-c", code, "calls", "pencilmark", "", ""]
    done = subprocess.run(argv, input=f"{SAMPLE}\n", capture_output=True, text=True, timeout=60)
    assert done.returncode == peers.UNAVAILABLE and done.stdout == "", done
    assert "pencilmark" in done.stderr.splitlines()[-1] and "skip" in done.stderr, done


def test_a_run_of_the_peers_target_checks_every_answer(tmp_path: Path) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    script = tmp_path / "sudoku.py"  # a solver whose answer breaks a row
    script.write_text(
        "squares = list(range(81))\ndef solve(grid):\n    return {s: '1' for s in squares}\n"
    )
    out = io.StringIO()
    argv = [str(data), "peers", "--repeat", "1", "-q", "--norvig-script", str(script)]
    assert run_main(argv, out) == 1, out.getvalue()  # a row failed
    text = out.getvalue()
    assert text.startswith("## ") and "```sh\npython3 benchmarks/run.py " in text, text
    assert "| fsudoku exclusives fast | " in text and "| 1 right | - |" in text, text
    assert "failed: 1 wrong, 0 without an answer (first: puzzle 1)" in text, text
    assert "load average" in text and table_problems(text) == [], text


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["nowhere"], "no target nowhere"),
        (["calls", "--program", "fsudoku"], "--program times whole runs only"),
        (["--against", "exclusives=./no-such-ghc"], "no such command"),
        (["--peers", "/no/such/folder"], "no such folder"),
        (["hard-calls", "--program", "fsudoku"], "--program times whole runs only"),
    ],
)
def test_a_bad_command_line_is_status_2_and_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str], says: str
) -> None:
    data = tmp_path / "one.txt"
    data.write_text(f"{SAMPLE}\n")
    assert run_main([str(data), *argv], io.StringIO()) == 2
    err = capsys.readouterr().err
    assert err.startswith("benchmarks: ") and says in err and err.count("\n") == 1, err


def test_the_script_runs_from_anywhere(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, str(BENCHMARKS / "run.py"), "--help"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=30,
        check=False,
    )
    assert done.returncode == 0 and "TARGET" in done.stdout, done


def table_problems(markdown: str) -> list[str]:
    """The tables whose rows do not all have their header's number of cells."""
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    problems, cells, header = [], 0, 0
    for token in tokens:
        if token.type == "tr_open":
            cells = 0
        elif token.type in ("th_open", "td_open"):
            cells += 1
        elif token.type == "tr_close":
            header = header or cells
            if cells != header:
                problems.append(f"line {token.map[0] + 1 if token.map else '?'}: {cells} cells")
        elif token.type == "table_close":
            header = 0
    return problems


@pytest.mark.parametrize(
    "document",
    sorted(p.relative_to(BENCHMARKS).as_posix() for p in BENCHMARKS.rglob("*.md")),
)
def test_the_documents_tables_are_whole(document: str) -> None:
    text = (BENCHMARKS / document).read_text(encoding="utf-8")
    assert "|---|" in text, document
    assert table_problems(text) == []


def test_the_readme_names_every_target_and_its_goal() -> None:
    text = (BENCHMARKS / "README.md").read_text(encoding="utf-8")
    for name in targets.TARGETS:
        assert f"| `{name}` |" in text, name
    assert "python3 benchmarks/run.py" in text
