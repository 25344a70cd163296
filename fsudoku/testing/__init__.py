"""The testing kit: checkers of laws, of solvers and of counters, in one namespace.

Every name of the kit is imported from here (``from fsudoku.testing import check_solver``),
the Hypothesis strategies from :mod:`fsudoku.testing.strategies`; the modules whose names
begin with ``_`` are the kit's own.

- Solvers: :func:`check_solver` checks a whole solver on every kind of puzzle
  (:data:`KINDS`) and raises :class:`SolverFailed`; :func:`check_kinds` returns one
  :class:`KindReport` a kind; :func:`solver_tests` is one pytest test a kind. Their
  options are one record, :class:`SolverOptions`.
- Counters: :func:`check_counter` raises :class:`CounterDisagrees`.
- Laws: :data:`LAWS` (each :class:`Law` by its name too, e.g. :data:`boxs_involution`),
  about a record of functions, :class:`Parts` (:data:`FSUDOKU`, fsudoku's own);
  :func:`check_law`, :func:`check_laws` and :func:`law_tests` check them, raising
  :class:`LawFailure` / :class:`LawsFailed`; :data:`LIST`, :data:`BAG`, :data:`SET` and
  the point-free equalities compare the two sides.

The kit needs Hypothesis, fsudoku's ``hypothesis`` extra; without it, importing this
package raises an ``ImportError`` that gives the line to install it. The pages "Test your
own solver" (``docs/testing-kit.md``) and "Strategies" (``docs/strategies.md``) show it
at work.
"""

from __future__ import annotations

# ruff: noqa: E402  (the kit is imported once Hypothesis is known to be there)

INSTALL = "pip install 'fsudoku[hypothesis]'"
"""The command that installs what the kit needs."""

try:
    import hypothesis  # noqa: F401  (the one check that it is there)
except ImportError as missing:
    raise ImportError(
        f"fsudoku.testing needs Hypothesis, which is not installed: {INSTALL}",
        name="hypothesis",
    ) from missing

from fsudoku.testing import (
    _bird_laws,
    _counter_checker,
    _equality,
    _kinds,
    _law_checker,
    _lawbook,
    _sarkar_laws,
    _solver_checker,
    _verdicts,
    strategies,
)
from fsudoku.testing._bird_laws import *  # noqa: F403
from fsudoku.testing._counter_checker import *  # noqa: F403
from fsudoku.testing._equality import *  # noqa: F403
from fsudoku.testing._kinds import *  # noqa: F403
from fsudoku.testing._law_checker import *  # noqa: F403
from fsudoku.testing._lawbook import *  # noqa: F403
from fsudoku.testing._sarkar_laws import *  # noqa: F403
from fsudoku.testing._solver_checker import *  # noqa: F403
from fsudoku.testing._verdicts import *  # noqa: F403

__all__ = ["INSTALL", "strategies"]
__all__ += _bird_laws.__all__
__all__ += _counter_checker.__all__
__all__ += _equality.__all__
__all__ += _kinds.__all__
__all__ += _law_checker.__all__
__all__ += _lawbook.__all__
__all__ += _sarkar_laws.__all__
__all__ += _solver_checker.__all__
__all__ += _verdicts.__all__
