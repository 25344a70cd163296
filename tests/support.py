"""What the tests share: the repository's paths, the data files, and small helpers."""

from __future__ import annotations

import functools
import io
import sys
import textwrap
from pathlib import Path

import pytest
from returns.maybe import Maybe

from fsudoku.cell import Grid
from fsudoku.run.trace import Stats

ROOT = Path(__file__).resolve().parent.parent
"""The repository."""

GOLDEN = ROOT / "tests" / "golden"
"""What the seed documents' Haskell, compiled with GHC, prints (``golden/README.md``)."""

DATA = ROOT.parent / "shared" / "data"
SUDOKU17 = DATA / "sudoku17.txt"
"""Gordon Royle's 49,151 puzzles with 17 clues, when present."""

P096 = DATA / "p096_sudoku.txt"
"""Project Euler 96's fifty grids, when present."""

SEEDS = ROOT.parent / "shared" / "seeds"
"""The source documents, when present."""


def _with_clues_of_the_solution(cells: tuple[int, ...]) -> str:
    from fsudoku.grid_io import SAMPLE
    from fsudoku.testing.strategies import SAMPLE_SOLUTION

    return "".join(SAMPLE_SOLUTION[i] if i in cells else c for i, c in enumerate(SAMPLE))


QUICK = _with_clues_of_the_solution((46, 56, 65, 78))
"""The articles' sample with four more clues from its solution: the same one solution,
and a search every solver makes in a moment (Sarkar #1's reference: 16 nodes, 6 of
them dead ends) where the sample takes #1 about 1,500 nodes. For tests that need a
search with a backtrack, not the sample's cost."""


@functools.cache
def sarkar1_on_the_sample() -> tuple[Maybe[Grid], Stats]:
    """Sarkar #1's reference on the articles' sample, traced (about 1,500 nodes), once a run."""
    from fsudoku.grid_io import SAMPLE, read_grid
    from fsudoku.run.trace import run_sarkar

    return run_sarkar(read_grid(SAMPLE).unwrap())


def first_lines(path: Path, n: int) -> list[str]:
    """The first ``n`` lines of a data file, or skip the test when it is absent."""
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    with path.open(encoding="utf-8") as handle:
        return [line.rstrip("\n") for _, line in zip(range(n), handle, strict=False)]


def run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str]:
    """``fsudoku`` through ``main(argv)``, with ``stdin`` as its standard input: the exit
    status and what it printed."""
    from fsudoku.app.cli import main

    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        code = main(argv, out)
    finally:
        sys.stdin = old
    return code, out.getvalue()


TOP_LEVEL_CONSUMER = textwrap.dedent(
    """
    import fsudoku

    puzzle = "." * 81
    outcome: fsudoku.Outcome = fsudoku.solve(puzzle, solver="simple", strict=True)
    name: fsudoku.SolverName = "dlx"
    count: int = fsudoku.count_solutions(puzzle, limit=2)
    statuses = [o.status for o in fsudoku.solve_many([puzzle], solver=name, jobs=2)]
    reveal_type(fsudoku.read_grid)
    reveal_type(statuses)
    fsudoku.solve(puzzle, solver="no-such")  # must be an error: not a solver name
    fsudoku.slove(puzzle)  # must be an error: fsudoku has no such name
    """
)
"""A downstream module of the top level, ``import fsudoku``: two lines must fail."""


def check_top_level_consumer(out: str) -> None:
    """``mypy --strict``'s verdict on :data:`TOP_LEVEL_CONSUMER`: exactly its two errors."""
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 2, out
    assert "consumer.py:11" in errors[0] and '"solver" to "solve"' in errors[0], out
    assert "Literal['no-such']" in errors[0], out
    assert "consumer.py:12" in errors[1] and 'has no attribute "slove"' in errors[1], out
    assert "def (puzzle: str) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed" in out, out
    assert "list[Literal['solved'] | Literal['no_solution'] | Literal['invalid']" in out, out
