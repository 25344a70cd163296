"""Hypothesis strategies for Sudoku puzzles, for the lines the solver checker tries, and for the laws' arguments.

Puzzles of the articles' sample solution under the grid's symmetries (one, several or no
solution, lines that are not puzzles), puzzles of random solution grids (minimal ones,
ones that need search, the hard set), the lines of each kind of
:func:`fsudoku.testing.check_solver` (:func:`solver_lines`), Bird's grids and choice
matrices and Sarkar's cells. ``docs/strategies.md`` shows each with an example.

:data:`Puzzle` is a puzzle line as a type: ``st.from_type(Puzzle)``, and ``@given(...)``
on a test whose argument is annotated ``Puzzle``, draw :func:`puzzles`; Sarkar's
``Fixed`` and ``Possible`` cells are registered the same way.

>>> from hypothesis import given, settings, strategies as st
>>> @settings(max_examples=5)
... @given(st.from_type(Puzzle))
... def test_a_puzzle(line):
...     assert len(line) == 81
>>> test_a_puzzle()
"""

from __future__ import annotations

from typing import NewType

from hypothesis import strategies as st

from fsudoku.cell import Fixed, Possible
from fsudoku.testing import _law_domains, _puzzles, _random_puzzles
from fsudoku.testing._kinds import solver_lines
from fsudoku.testing._law_domains import *  # noqa: F403
from fsudoku.testing._puzzles import *  # noqa: F403
from fsudoku.testing._random_puzzles import *  # noqa: F403

Puzzle = NewType("Puzzle", str)
"""An 81-character puzzle line with a solution at least, ``.`` for a blank (drawn by
:func:`puzzles` when asked for by type)."""

__all__ = ["Puzzle", "solver_lines"]
__all__ += _law_domains.__all__
__all__ += _puzzles.__all__
__all__ += _random_puzzles.__all__


def _hypothesis_setup_hook() -> None:
    """Register :data:`Puzzle` and Sarkar's cells with Hypothesis, for ``st.from_type``.

    The entry point of the ``hypothesis`` plugin group, called when Hypothesis is first
    imported (this module is loaded whole by then).
    """
    st.register_type_strategy(Puzzle, _puzzles.puzzles().map(Puzzle))
    st.register_type_strategy(Fixed, _law_domains.fixed_cells())
    st.register_type_strategy(Possible, _law_domains.possible_cells())
