"""The testing kit in one place: the law checker and the solver checker.

- Laws (:mod:`fsudoku.testing.law_checker`): :func:`check_law`, :func:`check_laws`,
  :func:`law_tests` check the laws of :mod:`fsudoku.testing.laws` for a record of your
  functions, raising :class:`LawFailure` / :class:`LawsFailed`.
- Solvers (:mod:`fsudoku.testing.solver_checker`): :func:`check_solver` checks a whole
  solver on every kind of puzzle (:data:`KINDS`), raising :class:`SolverFailed` with one
  :class:`SolverDisagrees` per failing kind; :func:`solver_tests` gives one pytest test
  per kind; :func:`check_kinds` returns the report of each kind.
- Counters (:mod:`fsudoku.testing.counter_checker`): :func:`check_counter` checks a
  function that counts, or lists, a puzzle's solutions.

The page "Test your own solver" (``docs/testing-kit.md``) shows them at work. Needs the
``hypothesis`` extra, and pytest for the ``..._tests`` functions only.

>>> check_solver(lambda line: None, kinds=["invalid"], max_examples=3)
"""

from __future__ import annotations

from fsudoku.testing.counter_checker import CounterDisagrees as CounterDisagrees
from fsudoku.testing.counter_checker import check_counter as check_counter
from fsudoku.testing.kinds import KINDS as KINDS
from fsudoku.testing.kinds import ORDERS as ORDERS
from fsudoku.testing.kinds import RULES as RULES
from fsudoku.testing.kinds import Blanks as Blanks
from fsudoku.testing.kinds import Declared as Declared
from fsudoku.testing.kinds import Kind as Kind
from fsudoku.testing.kinds import Order as Order
from fsudoku.testing.kinds import Rule as Rule
from fsudoku.testing.kinds import solver_lines as solver_lines
from fsudoku.testing.law_checker import LawFailure as LawFailure
from fsudoku.testing.law_checker import LawsFailed as LawsFailed
from fsudoku.testing.law_checker import check_law as check_law
from fsudoku.testing.law_checker import check_laws as check_laws
from fsudoku.testing.law_checker import law_tests as law_tests
from fsudoku.testing.solver_checker import DEFAULT_TIMEOUT as DEFAULT_TIMEOUT
from fsudoku.testing.solver_checker import LineSolver as LineSolver
from fsudoku.testing.solver_checker import check_kinds as check_kinds
from fsudoku.testing.solver_checker import check_solver as check_solver
from fsudoku.testing.solver_checker import solver_tests as solver_tests
from fsudoku.testing.verdicts import KindReport as KindReport
from fsudoku.testing.verdicts import SolverDisagrees as SolverDisagrees
from fsudoku.testing.verdicts import SolverFailed as SolverFailed

__all__ = [
    "DEFAULT_TIMEOUT",
    "KINDS",
    "ORDERS",
    "RULES",
    "Blanks",
    "CounterDisagrees",
    "Declared",
    "Kind",
    "KindReport",
    "LawFailure",
    "LawsFailed",
    "LineSolver",
    "Order",
    "Rule",
    "SolverDisagrees",
    "SolverFailed",
    "check_counter",
    "check_kinds",
    "check_law",
    "check_laws",
    "check_solver",
    "law_tests",
    "solver_lines",
    "solver_tests",
]
