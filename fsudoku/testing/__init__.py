"""The testing kit: the laws and checkers of laws, of solvers and of counters.

The laws of the lectures and a checker for them, a checker for whole solvers and one for
counters of solutions, the strategies, and the oracle.

Modules: :mod:`~fsudoku.testing.laws` (each law once, with its equation and its
equality: Bird's in :mod:`~fsudoku.testing.bird_laws`, Sarkar's in
:mod:`~fsudoku.testing.sarkar_laws`, the record of functions ``Parts`` in
:mod:`~fsudoku.testing.lawbook`), :mod:`~fsudoku.testing.equality` (list, bag and set
equalities), :mod:`~fsudoku.testing.kit` (all the checkers in one place:
:mod:`~fsudoku.testing.law_checker`, ``check_laws`` and ``law_tests``;
:mod:`~fsudoku.testing.solver_checker`, ``check_solver`` and ``solver_tests``, with the
kinds of puzzles and declarations of :mod:`~fsudoku.testing.kinds`, the verdicts of
:mod:`~fsudoku.testing.verdicts` and :mod:`~fsudoku.testing.diagnosis`, the worker
process of :mod:`~fsudoku.testing.worker`, the board shapes of
:mod:`~fsudoku.testing.adapters`; :mod:`~fsudoku.testing.counter_checker`,
``check_counter``), :mod:`~fsudoku.testing.strategies` (puzzles and matrices:
:mod:`~fsudoku.testing.puzzles`, :mod:`~fsudoku.testing.random_puzzles`,
:mod:`~fsudoku.testing.law_domains`) and :mod:`~fsudoku.base.oracle` (``is_solution``,
defined once). The checkers and the strategies need the ``hypothesis`` extra; the names
below are imported on first use, so importing this package does not import Hypothesis.

The page "Test your own solver" (``docs/testing-kit.md``) starts from the command,
``fsudoku check-solver module:function``.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fsudoku.testing.counter_checker import CounterDisagrees, check_counter
    from fsudoku.testing.kinds import KINDS, Declared
    from fsudoku.testing.law_checker import LawFailure, LawsFailed, check_law, check_laws, law_tests
    from fsudoku.testing.laws import FSUDOKU, LAWS, SARKAR2, Law, Parts
    from fsudoku.testing.solver_checker import check_kinds, check_solver, solver_tests
    from fsudoku.testing.verdicts import KindReport, SolverDisagrees, SolverFailed

if TYPE_CHECKING:  # at run time __all__ is made on first use (see __getattr__)
    __all__ = [
        "FSUDOKU",
        "KINDS",
        "LAWS",
        "SARKAR2",
        "CounterDisagrees",
        "Declared",
        "KindReport",
        "Law",
        "LawFailure",
        "LawsFailed",
        "Parts",
        "SolverDisagrees",
        "SolverFailed",
        "check_counter",
        "check_kinds",
        "check_law",
        "check_laws",
        "check_solver",
        "law_tests",
        "solver_tests",
    ]

_HOMES = {
    "FSUDOKU": "laws",
    "LAWS": "laws",
    "Law": "laws",
    "Parts": "laws",
    "SARKAR2": "laws",
    "KINDS": "kinds",
    "Declared": "kinds",
    "LawFailure": "law_checker",
    "LawsFailed": "law_checker",
    "check_law": "law_checker",
    "check_laws": "law_checker",
    "law_tests": "law_checker",
    "CounterDisagrees": "counter_checker",
    "check_counter": "counter_checker",
    "check_kinds": "solver_checker",
    "check_solver": "solver_checker",
    "solver_tests": "solver_checker",
    "KindReport": "verdicts",
    "SolverDisagrees": "verdicts",
    "SolverFailed": "verdicts",
}


@cache
def _submodules() -> frozenset[str]:
    """The names of this package's public submodules, read from its folder."""
    import pkgutil

    return frozenset(m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_"))


def __getattr__(name: str) -> Any:
    """The exported names, imported from their module on first use.

    ``__all__`` itself, on first use (``from fsudoku.testing import *``, pdoc), loads every
    name it lists.
    """
    if name == "__all__":
        for each in _HOMES:
            globals()[each] = __getattr__(each)
        globals()["__all__"] = sorted([*_HOMES, *_submodules()])
        return globals()["__all__"]
    home = _HOMES.get(name)
    if home is not None:
        return getattr(import_module(f"{__name__}.{home}"), name)
    if name in _submodules():
        return import_module(f"{__name__}.{name}")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
