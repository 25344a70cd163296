"""fsudoku: Sudoku solvers ported from Haskell to typed Python, faithfully.

The solvers of Abhinav Sarkar's "Writing a Fast Sudoku Solver in Haskell" #1 and #2,
Richard Bird's ("Thinking Functionally with Haskell") and the three of a set of notes on
Project Euler problem 96, each finding the solution its original finds first. This top
level is the short way in; the port itself is in the modules below, under the Haskell
names.

>>> import fsudoku
>>> puzzle = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
>>> outcome = fsudoku.solve(puzzle, solver="exclusives")
>>> outcome.status, outcome.solution[:9], outcome.nodes
('solved', '693784512', 1)
>>> [o.status for o in fsudoku.solve_many([puzzle, "not a puzzle"], solver="norvig")]
['solved', 'invalid']
>>> fsudoku.count_solutions("." * 81, limit=3)
3

**Solvers** (the :data:`Solver` names): ``simple`` (Sarkar #1), ``exclusives`` (#2 as
published, the default), ``exclusives-sets`` (#2 as its prose intends:
:mod:`fsudoku.erratum`), ``bird`` and ``bird-naive`` (Bird), ``mrv``, ``dlx`` and
``norvig`` (the Project Euler 96 notes). Each is described in
:data:`fsudoku.solvers.REGISTRY`.

**Input**, the same as ``fsudoku solve``'s: a puzzle is one line of 81 characters,
``1``-``9`` for a clue and ``.`` or ``0`` for a blank; one trailing line ending
(``\\n``, ``\\r\\n`` or ``\\r``) is dropped. With ``strict=True`` a line is read exactly
as the article's ``readGrid`` reads it (``.`` blanks only, nothing else), like
``fsudoku solve --strict-input``. :func:`read_grid` is always the article's ``readGrid``.
A line that is not a puzzle is not an error: its outcome is ``invalid``
(``Invalid input``).

**Errors**: a puzzle that is not a ``str`` raises ``TypeError``; an unknown solver or
engine name raises :class:`fsudoku.solvers.UnknownName` (a ``ValueError`` whose message
lists the valid names); a bad ``jobs``, ``max_nodes`` or ``limit`` raises ``TypeError``
(not an ``int``) or ``ValueError`` (out of range).

**Modules**: the port (:mod:`fsudoku.cell`, :mod:`fsudoku.grid_io`,
:mod:`fsudoku.sarkar1`, :mod:`fsudoku.sarkar2`, :mod:`fsudoku.erratum`,
:mod:`fsudoku.bird`), the Project Euler 96 solvers (:mod:`fsudoku.pe96`), node counts
and traces (:mod:`fsudoku.trace`), the registry (:mod:`fsudoku.solvers`), batches
(:mod:`fsudoku.batch`), the NumPy engine (:mod:`fsudoku.fast`) and the testing kit
(:mod:`fsudoku.testing`, with the ``hypothesis`` extra).

The names of this module load what they need on first use: ``import fsudoku`` (or
``import fsudoku.sarkar1``) loads neither the command line, the fast engine nor NumPy.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from returns.maybe import Maybe

    from fsudoku.cell import Grid
    from fsudoku.outcome import Outcome as Outcome
    from fsudoku.solvers import Engine as Engine
    from fsudoku.solvers import SolverName as Solver

__version__ = "0.2.0"
"""The version of fsudoku (the same as the distribution's)."""

_EXPORTS = (
    "Engine",
    "Outcome",
    "Solver",
    "count_solutions",
    "read_grid",
    "solve",
    "solve_many",
)

_LAZY: dict[str, tuple[str, str]] = {
    "Engine": ("fsudoku.solvers", "Engine"),
    "Outcome": ("fsudoku.outcome", "Outcome"),
    "Solver": ("fsudoku.solvers", "SolverName"),
}
"""The names of this module that live in another one, and where."""

_SUBMODULES = (
    "batch",
    "bird",
    "cell",
    "erratum",
    "fast",
    "fp",
    "grid_io",
    "outcome",
    "pe96",
    "sarkar1",
    "sarkar2",
    "solvers",
    "testing",
    "trace",
    "tz",
    "units",
)
"""The public submodules (``__all__`` lists them too, so API documentation tools find
them; the command line, :mod:`fsudoku.app`, is not a library API)."""

if TYPE_CHECKING:
    __all__ = [
        "Engine",
        "Outcome",
        "Solver",
        "batch",
        "bird",
        "cell",
        "count_solutions",
        "erratum",
        "fast",
        "fp",
        "grid_io",
        "outcome",
        "pe96",
        "read_grid",
        "sarkar1",
        "sarkar2",
        "solve",
        "solve_many",
        "solvers",
        "testing",
        "trace",
        "tz",
        "units",
    ]
else:

    def __getattr__(name: str) -> Any:
        """A lazy name, imported from its module on first use; ``__all__``, on first use,
        loads every name it lists (``from fsudoku import *``, ``help(fsudoku)``, pdoc).

        No Haskell counterpart: PEP 562's module ``__getattr__``.
        """
        if name == "__all__":
            for lazy in _LAZY:
                globals()[lazy] = __getattr__(lazy)
            globals()["__all__"] = sorted([*_EXPORTS, *_SUBMODULES])
            return globals()["__all__"]
        if name in _SUBMODULES:  # fsudoku.sarkar1 after a bare ``import fsudoku``
            return import_module(f"{__name__}.{name}")
        home = _LAZY.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(import_module(home[0]), home[1])
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The module's names, the lazy ones included.

        No Haskell counterpart: PEP 562's module ``__dir__``.
        """
        return sorted({*globals(), *_EXPORTS})


def _line(puzzle: object, strict: bool) -> str:
    """One puzzle line read by the command line's rule: ``0`` is a blank and one trailing
    line ending is dropped (``strict``: the line exactly as given).

    No Haskell counterpart: ``fsudoku solve``'s input rule, for one line.

    >>> _line("0" * 80 + "1\\r\\n", strict=False) == "." * 80 + "1"
    True
    >>> _line(81 * "0", strict=True) == "0" * 81
    True
    """
    from fsudoku import validate

    text = validate.line(puzzle)
    if strict:
        return text
    return text.removesuffix("\n").removesuffix("\r").replace("0", ".")


def _check_strict(strict: object) -> None:
    """``strict`` must be a ``bool``: a ``TypeError`` otherwise.

    No Haskell counterpart.
    """
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be True or False, not {strict!r}")


def solve(
    puzzle: str,
    solver: Solver = "exclusives",
    *,
    engine: Engine = "reference",
    max_nodes: int | None = None,
    strict: bool = False,
) -> Outcome:
    """Solve one puzzle line: its :class:`~fsudoku.outcome.Outcome` (status, solution, nodes).

    No Haskell counterpart: the article's ``main`` for one line, with any solver
    (:func:`fsudoku.solvers.solve_many` on a single line). ``max_nodes`` bounds the
    search (status ``gave_up`` past it); ``engine="fast"`` runs the NumPy engine (the
    three Sarkar rules; same results). Raises ``TypeError`` for a puzzle that is not a
    ``str`` and :class:`~fsudoku.solvers.UnknownName` for an unknown solver or engine.

    >>> solve("11" + "." * 79).status, solve("not a puzzle").status
    ('no_solution', 'invalid')
    >>> solve("0" * 81, strict=True).status
    'invalid'
    """
    from fsudoku import solvers, validate

    _check_strict(strict)
    line = _line(puzzle, strict)
    validate.bound(max_nodes)
    return next(solvers.solve_many([line], solver, engine, max_nodes))


def solve_many(
    lines: Iterable[str],
    solver: Solver = "exclusives",
    *,
    jobs: int = 1,
    engine: Engine = "reference",
    max_nodes: int | None = None,
    strict: bool = False,
) -> Iterator[Outcome]:
    """Solve each puzzle line in order: one :class:`~fsudoku.outcome.Outcome` per line,
    streamed as they are found.

    No Haskell counterpart: the article's ``main`` over many lines. ``jobs`` worker
    processes (``0``: one per core, as ``fsudoku solve --jobs 0``) solve in parallel;
    the outcomes stay in input order. Each line is read as :func:`solve` reads one
    (comments and Project Euler grids are a file format: :mod:`fsudoku.batch` reads
    those). The arguments are checked when this is called, each line when it is reached.

    >>> [o.nodes for o in solve_many(["1" * 81, "not a puzzle"])]
    [1, 0]
    """
    from fsudoku import solvers, validate

    _check_strict(strict)
    workers = validate.jobs(jobs) or os.cpu_count() or 1
    validate.bound(max_nodes)
    solvers.solve_many((), solver, engine, max_nodes)  # bad names fail now, not at a line
    texts = (_line(line, strict) for line in validate.lines(lines))
    if workers == 1:
        return solvers.solve_many(texts, solver, engine, max_nodes)
    return _in_workers(texts, solver, engine, max_nodes, workers)


def _in_workers(
    texts: Iterable[str], solver: Solver, engine: Engine, max_nodes: int | None, jobs: int
) -> Iterator[Outcome]:
    """The outcomes of :func:`fsudoku.batch.outcomes` with ``jobs`` workers, in order.

    No Haskell counterpart: Bird's parallel ``main``, as worker processes.
    """
    from fsudoku import batch

    entries = (batch.Entry(text, str(number)) for number, text in enumerate(texts, 1))
    for _, outcome in batch.outcomes(entries, solver, engine, max_nodes, jobs):
        yield outcome


def read_grid(puzzle: str) -> Maybe[Grid]:
    """The grid of an 81-character line, or ``Nothing``: the article's function, its
    argument checked first.

    Haskell (#1, "Setting up"): ``readGrid :: String -> Maybe Grid``
    (:func:`fsudoku.grid_io.read_grid`, which this calls on any ``str``). Raises
    ``TypeError`` for a puzzle that is not a ``str`` (``bytes`` included: decode them
    first), where the port would take any sequence.

    >>> read_grid("." * 81).map(lambda g: len(g))
    <Some: 9>
    >>> read_grid("0" * 81)
    <Nothing>
    """
    from fsudoku import grid_io, validate

    return grid_io.read_grid(validate.line(puzzle))


def count_solutions(
    puzzle: str,
    limit: int | None = None,
    *,
    max_nodes: int | None = 100_000,
    strict: bool = False,
) -> int:
    """The number of solutions of a puzzle line, counting stopped at ``limit``.

    Dancing Links enumerating every exact cover
    (:func:`fsudoku.pe96.counting.count_solutions`). ``limit=2`` tells a unique solution
    from several at little more than the cost of one solve. The search visits at most
    ``max_nodes`` nodes (100,000 by default, a quarter of a second): past them it raises
    :class:`~fsudoku.outcome.GaveUp` rather than run on, which it would for a puzzle with
    few clues (the empty grid has about 6.7 x 10^21 solutions); ``max_nodes=None`` lifts
    the bound. Raises ``TypeError`` for a puzzle that is not a ``str`` and ``ValueError``
    for a line that is not a puzzle or a ``limit`` below 1.

    >>> count_solutions(".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6...")
    1
    >>> count_solutions("11" + "0" * 79)
    0
    >>> count_solutions("." * 81, limit=2)
    2
    >>> count_solutions("." * 81)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.outcome.GaveUp: counting gave up after 100,000 nodes ...
    """
    _check_strict(strict)
    line = _line(puzzle, strict)
    from fsudoku.pe96 import counting

    return counting.count_solutions(line, limit, max_nodes)
