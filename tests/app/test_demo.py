"""``fsudoku demo``: Sarkar #1's steps on the sample puzzle, each the port's own result,
in the article's order, every label naming the solver that ran."""

from __future__ import annotations

import functools
import subprocess
import sys

import pytest
from returns.maybe import Maybe
from support import run_cli, sarkar1_on_the_sample

from fsudoku import sarkar1
from fsudoku.app.explain import boxed_possibilities
from fsudoku.base.names import SARKAR_RULES, SOLVERS, SolverName
from fsudoku.cell import Grid
from fsudoku.grid_io import SAMPLE, read_grid, show_line
from fsudoku.pe96.formats import format_boxed
from fsudoku.run.registry import PRUNE_CELLS
from fsudoku.run.trace import Stats, run_sarkar

GRID = read_grid(SAMPLE).unwrap()


@functools.cache
def demo(*options: str) -> tuple[int, str]:
    """``fsudoku demo`` with these options, run once for the module (Sarkar #1 takes about
    1,500 nodes on the sample); without options, as README's first command runs it."""
    if options:
        return run_cli(["demo", *options])
    done = subprocess.run(
        [sys.executable, "-m", "fsudoku", "demo"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    return done.returncode, done.stdout + done.stderr


@functools.cache
def solved(rule: SolverName) -> tuple[Maybe[Grid], Stats]:
    """The traced run of a Sarkar rule on the sample, once for the module."""
    return sarkar1_on_the_sample() if rule == "simple" else run_sarkar(GRID, PRUNE_CELLS[rule])


def positions(out: str, parts: list[str]) -> list[int]:
    """Where each part is found in ``out``, each after the one before."""
    found, start = [], 0
    for part in parts:
        at = out.find(part, start)
        assert at >= 0, f"not found (in order): {part[:200]}"
        found.append(at)
        start = at + len(part)
    return found


def test_the_demo_shows_sarkar_1_in_the_articles_order() -> None:
    code, out = demo()
    assert code == 0
    settled = sarkar1.prune_grid(GRID).unwrap()
    index, _, _ = sarkar1.pivot(settled)
    grid1, grid2 = sarkar1.next_grids(settled)
    result, stats = solved("simple")
    positions(
        out,
        [
            "fsudoku demo: the simple solver, from Sarkar #1",
            format_boxed(SAMPLE),  # the sample, boxed as in the article
            boxed_possibilities(GRID),  # readGrid: every cell's possibilities
            "pruneGrid (simple)",
            boxed_possibilities(settled),  # the settled grid, [..] cells open
            f"nextGrids (simple): the first pivot is the cell at row {index // 9 + 1}, "
            f"column {index % 9 + 1}",
            boxed_possibilities(grid1, index),
            boxed_possibilities(grid2, index),
            f"solve (simple): solved after {stats.nodes} nodes",
            format_boxed(show_line(result.unwrap())),
            "Sarkar #2's rule (exclusives) on the same puzzle: pruneGrid alone fixes all 81 cells",
            f"fsudoku explain {SAMPLE} --solver simple",
        ],
    )
    assert "[123456789]" in boxed_possibilities(GRID)
    assert "[123456789]" not in boxed_possibilities(settled)


def test_the_line_on_sarkar_2_is_what_its_rule_does() -> None:
    settled = sarkar1.prune_grid(GRID, PRUNE_CELLS["exclusives"]).unwrap()
    assert sarkar1.is_grid_filled(settled)  # the line's claim: settled without search
    _, stats = solved("exclusives")
    _, out = demo()
    assert f"no search (solve: {stats.nodes} node)." in out


@pytest.mark.parametrize(
    "solver",
    # each demo of a Sarkar #2 rule runs #1 too, for its closing line: #1's own demo is
    # enough for every edit
    [s if s == "simple" else pytest.param(s, marks=pytest.mark.slow) for s in SARKAR_RULES],
)
def test_every_label_names_the_solver_that_ran(solver: SolverName) -> None:
    code, out = demo() if solver == "simple" else demo("--solver", solver)
    assert code == 0
    rule = PRUNE_CELLS[solver]
    _, stats = solved(solver)
    others = [name for name in SOLVERS if name != solver]
    for line in out.splitlines():
        if line.startswith(("fsudoku demo:", "pruneGrid", "nextGrids", "isGridFilled", "solve")):
            assert f"{solver}" in line, line
            assert not any(f"({name})" in line or f" {name} " in line for name in others), line
    assert f"solve ({solver}): solved after {stats.nodes} node" in out
    assert boxed_possibilities(sarkar1.prune_grid(GRID, rule).unwrap()) in out
    # the closing comparison names the other article's rule, and is the last but one line
    closing = out.splitlines()[-2]
    assert ("(exclusives)" if solver == "simple" else "(simple)") in closing


@pytest.mark.parametrize("solver", [s for s in SOLVERS if s not in SARKAR_RULES])
def test_a_solver_without_these_steps_is_refused_clearly(
    solver: str, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = run_cli(["demo", "--solver", solver])
    err = capsys.readouterr().err
    assert (code, out) == (2, "")
    assert "demo shows Sarkar's algorithm" in err and solver in err
    assert "--solver simple, exclusives, exclusives-sets" in err
    assert ("fsudoku explain" if solver == "bird" else "fsudoku solve --solver") in err
    assert "Traceback" not in err


def test_the_suggested_explain_command_is_bounded_and_says_how_to_see_every_step() -> None:
    _, out = demo()
    last = out.splitlines()[-1]
    assert last.endswith(f"fsudoku explain {SAMPLE} --solver simple --max-steps 100"), last
    assert "--max-steps 0" in last, last


def test_readmes_first_command_runs() -> None:
    code, out = demo()  # python3 -m fsudoku demo
    assert code == 0, out
