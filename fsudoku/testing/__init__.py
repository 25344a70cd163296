"""The testing kit: the laws of the lectures, a checker for them, strategies, the oracle.

Modules: :mod:`~fsudoku.testing.laws` (the record of functions under test, ``Parts``,
and each law once, with its equation and its equality), :mod:`~fsudoku.testing.equality`
(list, bag and set equalities), :mod:`~fsudoku.testing.kit` (``check_laws``,
``law_tests``: the laws checked with Hypothesis; ``check_solver``: a whole solver
checked against fsudoku's reference), :mod:`~fsudoku.testing.strategies`
(puzzles and matrices built from known solutions) and :mod:`~fsudoku.base.oracle`
(``is_solution``, defined once). The kit and the strategies need the ``hypothesis``
extra; the names below are imported on first use, so importing this package does not
import Hypothesis.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fsudoku.testing.kit import (
        LawFailure,
        LawsFailed,
        SolverDisagrees,
        check_law,
        check_laws,
        check_solver,
        law_tests,
    )
    from fsudoku.testing.laws import FSUDOKU, LAWS, SARKAR2, Law, Parts

if TYPE_CHECKING:  # at run time __all__ is made on first use (see __getattr__)
    __all__ = [
        "FSUDOKU",
        "LAWS",
        "SARKAR2",
        "Law",
        "LawFailure",
        "LawsFailed",
        "Parts",
        "SolverDisagrees",
        "check_law",
        "check_laws",
        "check_solver",
        "law_tests",
    ]

_HOMES = {
    "FSUDOKU": "laws",
    "LAWS": "laws",
    "Law": "laws",
    "Parts": "laws",
    "SARKAR2": "laws",
    "LawFailure": "kit",
    "LawsFailed": "kit",
    "SolverDisagrees": "kit",
    "check_law": "kit",
    "check_laws": "kit",
    "check_solver": "kit",
    "law_tests": "kit",
}


_SUBMODULES = ("equality", "kit", "laws", "strategies")


def __getattr__(name: str) -> Any:
    """The exported names, imported from their module on first use; ``__all__`` itself,
    on first use (``from fsudoku.testing import *``, pdoc), loads every name it lists."""
    if name == "__all__":
        for each in _HOMES:
            globals()[each] = __getattr__(each)
        globals()["__all__"] = sorted([*_HOMES, *_SUBMODULES])
        return globals()["__all__"]
    if name in _SUBMODULES:
        return import_module(f"{__name__}.{name}")
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{home}"), name)
