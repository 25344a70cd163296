"""``fsudoku euler96``: any registered solver by name, and the file read as ``solve`` reads it."""

from __future__ import annotations

import pytest
from support import P096

from fsudoku.app.euler96 import euler96, solver_named
from fsudoku.base.names import SOLVERS
from fsudoku.grid_io import SAMPLE
from fsudoku.pe96.euler import euler96_sum
from fsudoku.testing.strategies import SAMPLE_SOLUTION, blank_cells

PROJECT_EULER_96 = 24702


def test_euler96_reads_the_file() -> None:
    if not P096.is_file():
        pytest.skip(f"{P096} is absent")
    assert euler96(P096, "norvig") == PROJECT_EULER_96


@pytest.mark.parametrize("solver", [s for s in SOLVERS if s != "bird-naive"])
def test_every_registered_solver_by_name(solver: str) -> None:
    easy = blank_cells(SAMPLE_SOLUTION, range(0, 81, 4))
    assert euler96_sum([easy], solver_named(solver)) == int(SAMPLE_SOLUTION[:3])  # type: ignore[arg-type]


def test_a_puzzle_bird_naive_does_not_try_is_named() -> None:
    with pytest.raises(ValueError, match="does not try a puzzle with 64 blanks"):
        solver_named("bird-naive")(SAMPLE)
