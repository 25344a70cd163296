"""``fsudoku explain``: the trace is the solver's own run."""

from __future__ import annotations

import io
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from support import QUICK

from fsudoku import sarkar1
from fsudoku.app.cli import main
from fsudoku.app.explain import explain
from fsudoku.app.usage import MAX_STEPS
from fsudoku.base.names import SARKAR_RULES, SolverName
from fsudoku.grid_io import SAMPLE, read_grid, show_line
from fsudoku.run.registry import PRUNE_CELLS, solve_line
from fsudoku.run.trace import run_sarkar
from fsudoku.testing.strategies import contradictory_puzzles, puzzles


@pytest.mark.parametrize("rule", sorted(SARKAR_RULES))
@settings(max_examples=10)
@given(puzzle=puzzles(max_blanks=45))
def test_explain_ends_with_solves_grid_and_node_count(rule: SolverName, puzzle: str) -> None:
    out = io.StringIO()
    explainer = explain(puzzle, rule, out)
    assert explainer is not None
    result, stats = run_sarkar(read_grid(puzzle).unwrap(), PRUNE_CELLS[rule])
    nodes = stats.nodes
    assert explainer.nodes == nodes, (explainer.nodes, nodes)
    assert explainer.solution is not None and result.unwrap() == explainer.solution
    assert result == sarkar1.solve(read_grid(puzzle).unwrap(), PRUNE_CELLS[rule])
    summary = out.getvalue().rstrip().splitlines()[-1]
    assert f": {nodes} nodes, {explainer.backtracks} backtracks" in summary, summary
    assert show_line(explainer.solution) in out.getvalue()


@settings(max_examples=5)
@given(puzzle=contradictory_puzzles(max_blanks=40))
def test_explain_reports_no_solution_like_solve(puzzle: str) -> None:
    out = io.StringIO()
    explainer = explain(puzzle, "exclusives", out)
    assert explainer is not None and explainer.solution is None
    assert "No solution found" in out.getvalue()
    _, stats = run_sarkar(read_grid(puzzle).unwrap(), PRUNE_CELLS["exclusives"])
    assert explainer.nodes == stats.nodes


def test_explain_shows_passes_pivots_and_backtracks() -> None:
    out = io.StringIO()
    explainer = explain(QUICK, "simple", out)
    text = out.getvalue()
    assert explainer is not None and explainer.backtracks >= 1
    for needle in (
        "after pruning rows",
        "after pruning columns",
        "after pruning sub-grids",
        "pruneGrid settled",
        "pivot row",
        "grid2 keeps",
        "backtrack 1",
        "solved",
    ):
        assert needle in text, needle


def test_max_steps_stops_the_trace_and_the_search(tmp_path: Path) -> None:
    out = io.StringIO()
    code = main(["explain", SAMPLE, "--max-steps", "3", "--svg", str(tmp_path)], out)
    text = out.getvalue()
    assert code == 1  # stopped before a solution
    assert "[3]" in text and "[4]" not in text and "trace stopped after 3 steps" in text
    assert "the search stopped with it, at node 1" in text and "Solution:" not in text
    svgs = sorted(tmp_path.glob("*.svg"))
    assert len(svgs) == 3 and all(p.read_text().startswith("<svg") for p in svgs)
    assert [p.name for p in svgs] == ["step-0001.svg", "step-0002.svg", "step-0003.svg"]


def test_the_text_trace_is_bounded_unless_asked_and_says_how_to_lift_the_bound() -> None:
    # the demo's puzzle under simple takes 13,314 steps: by default, the first 1,000
    out = io.StringIO()
    code = main(["explain", SAMPLE, "--solver", "simple"], out)
    text = out.getvalue()
    assert code == 1  # stopped before a solution
    assert len(re.findall(r"^\[\d+\] ", text, re.MULTILINE)) == MAX_STEPS == 1000
    last = text.rstrip().splitlines()[-1]
    assert last.startswith("... trace stopped after 1,000 steps (--max-steps)"), last
    assert "--max-steps 0 every step" in last, last


def test_max_steps_0_shows_every_step() -> None:
    whole, unbounded = io.StringIO(), io.StringIO()
    explain(QUICK, "simple", whole)
    assert main(["explain", QUICK, "--solver", "simple", "--max-steps", "0"], unbounded) == 0
    shown = unbounded.getvalue()
    assert "trace stopped" not in shown and "Solution:" in shown
    assert shown.split("Summary")[0] == whole.getvalue().split("Summary")[0]


def test_explain_invalid_input() -> None:
    out = io.StringIO()
    assert main(["explain", "123"], out) == 1
    assert out.getvalue() == "Invalid input\n"


@settings(max_examples=8)
@given(puzzle=puzzles(min_blanks=20, max_blanks=35))
def test_bird_explain_ends_with_solve_line_grid_and_node_count(puzzle: str) -> None:
    from fsudoku.app.explain import explain_bird

    out = io.StringIO()
    solved = explain_bird(puzzle, out)
    outcome = solve_line("bird", puzzle)
    text = out.getvalue()
    assert solved and outcome.solution is not None
    assert text.rstrip().splitlines()[-3] == outcome.solution, text[-400:]
    assert f"Summary (bird): {outcome.nodes} nodes" in text


def test_an_svg_directory_that_cannot_be_made_is_worded_as_every_os_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a_file = tmp_path / "a.txt"
    a_file.write_text("x")
    (tmp_path / "loop1").symlink_to(tmp_path / "loop2")
    (tmp_path / "loop2").symlink_to(tmp_path / "loop1")
    cases = {
        a_file: "not a directory",
        a_file / "x": "not a directory",
        tmp_path / "loop1": "too many levels of symbolic links",
    }
    for path, reason in cases.items():
        assert main(["explain", SAMPLE, "--svg", str(path)], io.StringIO()) == 2
        assert capsys.readouterr().err == f"fsudoku: {path}: {reason}\n"
