r"""fsudoku: Sudoku solvers ported from Haskell to typed Python, faithfully.

The solvers of Abhinav Sarkar's "Writing a Fast Sudoku Solver in Haskell" #1 and #2,
Richard Bird's ("Thinking Functionally with Haskell") and the three of a set of notes on
Project Euler problem 96, each finding the solution its original finds first. This top
level is the short way in; the port itself is in the modules below, under the Haskell
names.

>>> import fsudoku
>>> from fsudoku.grid_io import SAMPLE
>>> outcome = fsudoku.solve(SAMPLE, solver="exclusives")
>>> outcome.status, outcome.solution[:9], outcome.nodes
('solved', '693784512', 1)
>>> [o.status for o in fsudoku.solve_many([SAMPLE, "not a puzzle"], solver="norvig")]
['solved', 'invalid']
>>> fsudoku.count_solutions("." * 81, limit=3)
3

**Solvers** (the :data:`~fsudoku.base.names.SolverName` names): ``simple`` (Sarkar #1),
``exclusives`` (#2 as published, the default), ``exclusives-sets`` (#2 as its prose
intends: :mod:`fsudoku.erratum`), ``bird`` and ``bird-naive`` (Bird), ``mrv``, ``dlx``
and ``norvig`` (the Project Euler 96 notes). Each is described in
:data:`fsudoku.run.registry.REGISTRY`.

**Input**, the same as ``fsudoku solve``'s: a puzzle is one line of 81 characters,
``1``-``9`` for a clue and ``.`` or ``0`` for a blank; one trailing line ending
(``\n``, ``\r\n`` or ``\r``) is dropped. With ``strict=True`` a line is read exactly
as the article's ``readGrid`` reads it (``.`` blanks only, nothing else), like
``fsudoku solve --strict-input``. :func:`read_grid` is always the article's ``readGrid``.
A line that is not a puzzle is not an error: its outcome is ``invalid``
(``Invalid input``).

**Engines**: ``engine="auto"``, the default here and in ``fsudoku solve``, is for each
solver the fastest engine that gives the reference's answers and node counts (the NumPy
engine for the three Sarkar rules, the reference for the others); ``"reference"`` runs
the port itself, ``"fast"`` the NumPy engine. Each outcome says which one answered
(``Outcome.engine``).

**Errors**: each function checks its arguments once, when it is called: a puzzle that
is not a ``str`` raises ``TypeError``; an unknown solver or engine name raises
:class:`~fsudoku.base.validate.UnknownName` (a ``ValueError`` whose message lists the
valid names); a bad ``jobs``, ``max_nodes`` or ``limit`` raises ``TypeError`` (not an
``int``) or ``ValueError`` (out of range). When the lines given to :func:`solve_many`
raise, the outcome of every line read before is yielded first, then the exception.

**Layers** (folders, lowest first; a module imports only from its own or lower ones):
:mod:`fsudoku.base` and the port (the modules of this folder), which import nothing
of each other, :mod:`fsudoku.pe96` and
:mod:`fsudoku.fast` (the engines), :mod:`fsudoku.run` (the registry, node counts and
traces, batches), :mod:`fsudoku.testing` (the kit, with the ``hypothesis`` extra), and
the command line, :mod:`fsudoku.app`, which no module imports.

The names of this module load what they need on first use: ``import fsudoku`` (or
``import fsudoku.sarkar1``) loads neither the command line, the fast engine nor NumPy.
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing itself is not loaded: importing fsudoku costs nothing
if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
    from typing import Any

    from returns.maybe import Maybe

    from fsudoku.base.names import Engine as Engine
    from fsudoku.base.names import EngineChoice as EngineChoice
    from fsudoku.base.names import SolverName as SolverName
    from fsudoku.base.outcome import Outcome as Outcome
    from fsudoku.cell import Grid

    __version__: str
    """The version of fsudoku (the distribution's, from its metadata)."""

_LAZY: dict[str, tuple[str, str]] = {
    "Engine": ("fsudoku.base.names", "Engine"),
    "EngineChoice": ("fsudoku.base.names", "EngineChoice"),
    "Outcome": ("fsudoku.base.outcome", "Outcome"),
    "SolverName": ("fsudoku.base.names", "SolverName"),
}
"""The names of this module that live in another one, and where."""

_FUNCTIONS = ("count_solutions", "generate", "read_grid", "solve", "solve_many")

COUNT_MAX_NODES = 100_000
"""The nodes :func:`count_solutions` visits unless told otherwise: a puzzle with one
solution needs a few hundred (945 at most on the first 1,000 of sudoku17), and Dancing
Links counts about 400,000 a second."""

if not TYPE_CHECKING:

    def __getattr__(name: str) -> Any:
        """A lazy name, imported from its module on first use.

        ``__all__``, on first use, lists every name and public submodule
        (``from fsudoku import *``, pdoc).
        """
        if name == "__all__":
            import pkgutil

            public = [m.name for m in pkgutil.iter_modules(__path__) if not m.name.startswith("_")]
            names = sorted({*_LAZY, *_FUNCTIONS, *public} - {"app"})
            for lazy in _LAZY:
                globals()[lazy] = __getattr__(lazy)
            globals()["__all__"] = names
            return names
        if name == "__version__":  # read from the metadata only when asked for
            from importlib.metadata import PackageNotFoundError, version

            try:
                found = version("fsudoku")
            except PackageNotFoundError:  # a source tree that was never installed
                found = "0+unknown"
            globals()["__version__"] = found
            return found
        from importlib import import_module

        home = _LAZY.get(name)
        if home is not None:
            value = getattr(import_module(home[0]), home[1])
            globals()[name] = value
            return value
        try:  # fsudoku.sarkar1 after a bare ``import fsudoku``
            return import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None

    def __dir__() -> list[str]:
        """The module's names, the lazy ones included."""
        return sorted({*globals(), *_LAZY})


def solve(
    puzzle: str,
    solver: SolverName = "exclusives",
    *,
    engine: EngineChoice = "auto",
    max_nodes: int | None = None,
    strict: bool = False,
) -> Outcome:
    """Solve one puzzle line: its :class:`~fsudoku.base.outcome.Outcome` (status, solution, nodes).

    The article's ``main`` for one line, with any solver. ``max_nodes`` bounds the
    search (status ``gave_up`` past it); ``engine`` picks the engine (``auto``: the
    fastest that gives the reference's answers and node counts).

    >>> solve("11" + "." * 79).status, solve("not a puzzle").status
    ('no_solution', 'invalid')
    >>> solve("0" * 81, strict=True).status
    'invalid'
    """
    from fsudoku.base import validate
    from fsudoku.pe96.formats import puzzle_line
    from fsudoku.run.batch import Batch

    line = validate.line(puzzle)
    checked = validate.options(solver, engine, max_nodes, strict=strict)
    (outcome,) = Batch.of(checked).solve([puzzle_line(line, checked.strict)])
    return outcome


def solve_many(
    lines: Iterable[str],
    solver: SolverName = "exclusives",
    *,
    jobs: int = 1,
    engine: EngineChoice = "auto",
    max_nodes: int | None = None,
    strict: bool = False,
) -> Iterator[Outcome]:
    """Solve each puzzle line in order, yielding each outcome as soon as it is known.

    One :class:`~fsudoku.base.outcome.Outcome` per line.

    The article's ``main`` over many lines, on the same engine as :func:`solve`
    (``auto``: with the defaults, what ``fsudoku solve`` costs). ``jobs`` worker
    processes (``0``: one per core this process may use, as ``fsudoku solve --jobs 0``)
    solve in parallel; the outcomes stay in input order. Each line is read as
    :func:`solve` reads one (comments and Project Euler grids are a file format:
    :func:`fsudoku.run.sources.read_sources` reads those). The arguments are checked
    when this is called, each line when it is reached. If ``lines`` raises, the outcome
    of every line read before is yielded first, then the exception goes on. Closing
    the iterator (or leaving it by an exception) ends the workers.

    >>> [o.nodes for o in solve_many(["1" * 81, "not a puzzle"])]
    [1, 0]
    """
    from fsudoku.base import validate
    from fsudoku.pe96.formats import Entry, puzzle_line
    from fsudoku.run import pool
    from fsudoku.run.batch import Batch

    texts = validate.lines(lines)
    checked = validate.options(solver, engine, max_nodes, jobs=jobs, strict=strict)
    run = Batch.of(checked)
    entries = (Entry(puzzle_line(t, checked.strict), str(n)) for n, t in enumerate(texts, 1))
    outcomes = run.outcomes(entries, pool.worker_count(checked.jobs), source=lines)
    return (outcome for _, outcome in outcomes)


def read_grid(puzzle: str) -> Maybe[Grid]:
    """The grid of an 81-character line, or ``Nothing``.

    The article's function, its argument checked first.

    Haskell (#1, "Setting up"): ``readGrid :: String -> Maybe Grid``
    (:func:`fsudoku.grid_io.read_grid`, which this calls on any ``str``). Raises
    ``TypeError`` for a puzzle that is not a ``str`` (``bytes`` included: decode them
    first), where the port would take any sequence.

    >>> read_grid("." * 81).map(lambda g: len(g))
    <Some: 9>
    >>> read_grid("0" * 81)
    <Nothing>
    """
    from fsudoku import grid_io
    from fsudoku.base import validate

    return grid_io.read_grid(validate.line(puzzle))


def count_solutions(
    puzzle: str,
    limit: int | None = None,
    *,
    max_nodes: int | None = COUNT_MAX_NODES,
    strict: bool = False,
) -> int:
    """The number of solutions of a puzzle line, counting stopped at ``limit``.

    Dancing Links enumerating every exact cover
    (:func:`fsudoku.pe96.counting.count_solutions`). ``limit=2`` tells a unique solution
    from several at little more than the cost of one solve. The search visits at most
    ``max_nodes`` nodes (by default :data:`COUNT_MAX_NODES`, 100,000, a quarter of a
    second): past them it raises
    :class:`~fsudoku.base.outcome.GaveUp` rather than run on, as it would for a puzzle
    with few clues (the empty grid has about 6.7 x 10^21 solutions); ``max_nodes=None``
    lifts the bound. Raises ``TypeError`` for a puzzle that is not a ``str`` and
    ``ValueError`` for a line that is not a puzzle or a ``limit`` below 1.

    >>> from fsudoku.grid_io import SAMPLE
    >>> count_solutions(SAMPLE), count_solutions("11" + "0" * 79), count_solutions("." * 81, limit=2)
    (1, 0, 2)
    >>> count_solutions("." * 81)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fsudoku.base.outcome.GaveUp: counting gave up after 100,000 nodes ...
    """
    from fsudoku.base import validate
    from fsudoku.grid_io import is_puzzle
    from fsudoku.pe96 import counting
    from fsudoku.pe96.formats import puzzle_line

    line = puzzle_line(validate.line(puzzle), validate.flag(strict, "strict"))
    checked = validate.puzzle(line, is_puzzle)
    return counting.count_solutions(
        checked, validate.limit(limit), max_nodes=validate.bound(max_nodes)
    )


def generate(
    n: int = 1,
    *,
    clues: int | None = None,
    seed: int | None = None,
    unique: bool = True,
    symmetric: bool = False,
) -> list[str]:
    """``n`` distinct puzzle lines, each with exactly one solution.

    Uniqueness is checked by counting; the same ``seed`` gives the same lines.

    A random solved grid, then clues taken away in a random order while one solution is
    left (:mod:`fsudoku.run.generate`): down to ``clues`` (17 to 81), or, with ``None``,
    until no clue can go (a minimal puzzle, usually 22 to 26 clues). Removal rarely goes
    below 21 clues: asked for fewer, it raises
    :class:`~fsudoku.run.generate.GenerateGaveUp` (a ``ValueError`` naming the fewest it
    reached) after 100 tries a puzzle. ``symmetric`` takes clues away in pairs
    symmetric about the centre; ``unique=False`` takes ``clues`` away at random, without
    counting. ``seed=None`` draws a seed.

    >>> puzzles = generate(2, clues=28, seed=1)
    >>> [81 - p.count(".") for p in puzzles], [count_solutions(p, limit=2) for p in puzzles]
    ([28, 28], [1, 1])
    """
    from fsudoku.run import generate as made

    return made.generate(n, clues=clues, seed=seed, unique=unique, symmetric=symmetric)
