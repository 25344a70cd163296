"""Hypothesis strategies for Sudoku puzzles and for the arguments of the laws, by name.

This module gathers three: :mod:`fsudoku.testing.puzzles` (puzzles of the articles'
sample solution under the grid's symmetries: one, several or no solution, lines that
are not puzzles), :mod:`fsudoku.testing.random_puzzles` (puzzles of random solution
grids: minimal ones, ones that need search, the public hard sets) and
:mod:`fsudoku.testing.law_domains` (Bird's grids and choice matrices, Sarkar's cells,
the laws' arguments). Each name is imported from its module on first use.

They need Hypothesis, fsudoku's ``hypothesis`` extra: from a checkout,
``python3 -m pip install -e '.[hypothesis]'``. Without it, importing this module raises
an ``ImportError`` that says so.
"""

from __future__ import annotations


def _hypothesis_setup_hook() -> None:
    """Register the type strategies of Sarkar's cells, for ``st.from_type(Cell)``.

    The entry point of the ``hypothesis`` plugin group: ``Fixed``
    (:func:`~fsudoku.testing.law_domains.fixed_cells`) and ``Possible``
    (:func:`~fsudoku.testing.law_domains.possible_cells`).

    Defined before this module imports Hypothesis, and resolving the strategies only
    when they are first used: importing this module may be what imports Hypothesis,
    which then calls this hook while the module is still half-initialized.
    """
    from hypothesis import strategies as hyp

    from fsudoku.cell import Fixed, Possible

    def fixed(_: type) -> hyp.SearchStrategy[Fixed]:
        from fsudoku.testing.law_domains import fixed_cells

        return fixed_cells()

    def possible(_: type) -> hyp.SearchStrategy[Possible]:
        from fsudoku.testing.law_domains import possible_cells

        return possible_cells()

    hyp.register_type_strategy(Fixed, fixed)
    hyp.register_type_strategy(Possible, possible)


# The imports follow the hook on purpose (see its docstring).
from importlib import import_module  # noqa: E402
from typing import TYPE_CHECKING, Any  # noqa: E402

try:
    import hypothesis.strategies  # noqa: F401
except ImportError as missing:  # say which extra brings it
    raise ImportError(
        "fsudoku's Hypothesis strategies need Hypothesis, which is not installed: install "
        "fsudoku's hypothesis extra (from a checkout: python3 -m pip install -e "
        "'.[hypothesis]'), or Hypothesis itself (python3 -m pip install 'hypothesis>=6.100')",
        name="hypothesis",
    ) from missing

if TYPE_CHECKING:
    from fsudoku.testing.law_domains import (
        choice_matrices,
        choice_rows,
        fixed_cells,
        int_matrices,
        law_arguments,
        possible_cells,
        rows_of_cells,
        solved_boards,
    )
    from fsudoku.testing.puzzles import (
        BAD_CHARACTERS,
        SAMPLE_PUZZLE,
        SAMPLE_SOLUTION,
        ambiguous_puzzles,
        blank_cells,
        contradictory_puzzles,
        empty_grid,
        invalid_lines,
        near_full_grids,
        puzzles,
        puzzles_with_solutions,
        solved_grids,
        unique_puzzles,
        unsolvable_puzzles,
    )
    from fsudoku.testing.random_puzzles import (
        full_grids,
        hard_puzzle_lines,
        hard_puzzles,
        minimal_puzzles,
        no_solution_puzzles,
        random_grids,
        random_unique_puzzles,
        search_puzzles,
        several_solution_puzzles,
        with_blanks,
    )

    __all__ = [
        "BAD_CHARACTERS",
        "SAMPLE_PUZZLE",
        "SAMPLE_SOLUTION",
        "ambiguous_puzzles",
        "blank_cells",
        "choice_matrices",
        "choice_rows",
        "contradictory_puzzles",
        "empty_grid",
        "fixed_cells",
        "full_grids",
        "hard_puzzle_lines",
        "hard_puzzles",
        "int_matrices",
        "invalid_lines",
        "law_arguments",
        "minimal_puzzles",
        "near_full_grids",
        "no_solution_puzzles",
        "possible_cells",
        "puzzles",
        "puzzles_with_solutions",
        "random_grids",
        "random_unique_puzzles",
        "rows_of_cells",
        "search_puzzles",
        "several_solution_puzzles",
        "solved_boards",
        "solved_grids",
        "unique_puzzles",
        "unsolvable_puzzles",
        "with_blanks",
    ]

_MODULES = ("puzzles", "random_puzzles", "law_domains")


def __getattr__(name: str) -> Any:
    """A strategy (or constant) of the three modules, imported on first use.

    ``__all__``, on first use, lists them all.
    """
    if name == "__all__":  # every name loaded: pdoc and ``import *`` read the module's dict
        names = []
        for module in _MODULES:
            home = import_module(f"fsudoku.testing.{module}")
            for each in home.__all__:
                globals()[each] = getattr(home, each)
                names.append(each)
        globals()["__all__"] = sorted(names)
        return globals()["__all__"]
    if name.startswith("__"):
        raise AttributeError(name)
    for module in _MODULES:
        home = import_module(f"fsudoku.testing.{module}")
        if name in home.__all__:
            value = getattr(home, name)
            globals()[name] = value
            return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
