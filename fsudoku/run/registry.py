"""The solver registry: every solver of fsudoku, one record each, and one way to call it.

Everything that lists solvers (the command line's choices, ``explain``, ``euler96``,
``bench``, the tests' parametrisation) derives from :data:`REGISTRY`.

Glossary: a *line* is one input line, ``0`` already turned into ``.``; a *solver* is
the name of one (:data:`~fsudoku.base.names.SolverName`); its *record*
(:class:`SolverRecord`) says which document it comes from, what one of its nodes is,
its engines, fastest first, and how to run it; an *engine* is an implementation of a
solver (``reference``: the faithful port; ``fast``: the NumPy engine, for the three
Sarkar rules), and every engine of a record gives the reference's answers and node
counts, so ``engine="auto"`` is its first. The engines' searches return
:class:`~fsudoku.base.outcome.Found` (or ``None``: not a puzzle); this module turns them
into :class:`~fsudoku.base.outcome.Outcome`.

>>> from fsudoku.grid_io import SAMPLE
>>> solve_line("exclusives", SAMPLE).solution[:9]
'693784512'
>>> solve_line("exclusives", "not a puzzle").status
'invalid'
>>> record("dlx").choose("auto"), record("exclusives").choose("auto")
('reference', 'fast')
>>> record("no-such")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fsudoku.base.validate.UnknownName: unknown solver 'no-such'; choose one of simple, exclusives, ...
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from fsudoku import bird, erratum, sarkar1, sarkar2
from fsudoku.base import validate
from fsudoku.base.names import SOLVERS, Engine, EngineChoice, SolverName
from fsudoku.base.outcome import FirstSolution, Found, GaveUp, Outcome, SolveLine
from fsudoku.base.validate import UnknownName
from fsudoku.grid_io import is_puzzle, read_grid, show_line
from fsudoku.pe96 import dlx, mrv, norvig
from fsudoku.run.trace import run_bird, run_sarkar

__all__ = [
    "NAIVE_MAX_BLANKS",
    "NAIVE_MAX_NODES",
    "REGISTRY",
    "SolverRecord",
    "UnknownName",
    "all_solutions",
    "bird_grid",
    "bird_line",
    "line_solver",
    "outcome_of",
    "record",
    "solve_line",
]

NAIVE_MAX_BLANKS = 6
"""``bird-naive`` enumerates 9^blanks completions: a puzzle with more blanks is refused
unless its search is bounded (``max_nodes``)."""

NAIVE_MAX_NODES = 1_000_000
"""The bound ``fsudoku solve --solver bird-naive --force`` gives when none is given."""


@dataclass(frozen=True, slots=True)
class SolverRecord:
    """One solver: its name, document, what a node is, how to run it, its engines.

    ``run`` solves one line (any ``str``) with an optional node bound, trusting its
    arguments; ``engines`` are its engines, fastest first; ``prune_cells`` is the cell
    pruner of a Sarkar rule (``None`` for the other solvers); ``traced``: whether
    :mod:`fsudoku.run.trace` can tell its steps (``fsudoku explain``).
    """

    solver: SolverName
    document: str
    node: str
    run: SolveLine
    engines: tuple[Engine, ...] = ("reference",)
    prune_cells: sarkar1.PruneCells | None = None
    traced: bool = False

    def choose(self, engine: EngineChoice) -> Engine:
        """The engine that answers when ``engine`` is asked for: ``auto`` is the fastest.

        An :class:`UnknownName` for an engine that does not cover this solver.

        >>> REGISTRY["bird"].choose("fast")
        Traceback (most recent call last):
        ...
        fsudoku.base.validate.UnknownName: the fast engine covers simple, exclusives, exclusives-sets, not 'bird'
        """
        if engine == "auto":
            return self.engines[0]
        if engine not in self.engines:
            covered = ", ".join(r.solver for r in _RECORDS if engine in r.engines)
            raise UnknownName(f"the {engine} engine covers {covered}, not {self.solver!r}")
        return engine


def outcome_of(found: Found | None, engine: Engine = "reference") -> Outcome:
    """The outcome of what ``engine`` found on a line (``None``: the line is not a puzzle).

    >>> outcome_of(None).status, outcome_of(Found(None, 3, True), "fast")
    ('invalid', Outcome(status='gave_up', solution=None, nodes=3, blanks=None, engine='fast'))
    """
    return Outcome.invalid(engine) if found is None else found.outcome(engine)


def line_solver(first_solution: FirstSolution) -> SolveLine:
    """The solver of input lines made of a search (the reference engine's).

    >>> solve_line = line_solver(lambda line, bound: Found(line, 1) if line.isdigit() else None)
    >>> solve_line("x").status, solve_line("12").solution
    ('invalid', '12')
    """

    def solve_line(line: str, max_nodes: int | None = None) -> Outcome:
        return outcome_of(first_solution(line, max_nodes))

    return solve_line


# ------------------------------------------------------------------- the adapters


def sarkar_search(prune_cells: sarkar1.PruneCells) -> SolveLine:
    """The article's ``main`` for one line with this rule.

    ``readGrid``, then ``solve`` through :func:`fsudoku.run.trace.run_sarkar`, which counts
    its nodes and applies the bound.

    >>> sarkar_search(sarkar1.prune_cells)("11" + "." * 79).status
    'no_solution'
    """

    def first_solution(line: str, max_nodes: int | None) -> Found | None:
        grid = read_grid(line).value_or(None)
        if grid is None:
            return None
        try:
            result, stats = run_sarkar(grid, prune_cells, max_nodes=max_nodes)
        except GaveUp as stop:
            return Found(None, stop.nodes, True)
        return Found(result.map(show_line).value_or(None), stats.nodes)

    return line_solver(first_solution)


def bird_grid(line: str, n: int = 3) -> bird.Grid:
    """The Bird grid of a puzzle line with ``.`` blanks.

    ``s2g`` after reading ``.`` as the lecture's blank (``'0'``).

    >>> bird_grid("1..4", n=1)
    (('1',), ('0',), ('0',), ('4',))
    """
    return bird.s2g(line.replace(".", "0"), n)


def bird_line(g: bird.Grid) -> str:
    """The digits of a Bird grid as one line, row by row (the inverse of :func:`bird_grid`).

    >>> bird_line(bird.s2g("1234", n=1))
    '1234'
    """
    return "".join(bird.ungroup(g))


def _bird_first(line: str, max_nodes: int | None) -> Found | None:
    """The first solution of ``solve'''`` for a line, and the calls of ``search``."""
    if not is_puzzle(line):
        return None
    try:
        found, stats = run_bird(bird.choices(bird_grid(line)), 3, max_nodes=max_nodes)
        first = next(found, None)
    except GaveUp as stop:
        return Found(None, stop.nodes, True)
    return Found(None if first is None else bird_line(first), stats.nodes)


def _bird_naive_first(line: str, max_nodes: int | None) -> Found:
    """The first solution of the specification ``filter valid . completions``.

    ``nodes`` is the number of completions examined (up to 9^blanks).
    """
    nodes = 0
    for g in bird.completions(bird_grid(line)):
        if max_nodes is not None and nodes >= max_nodes:
            return Found(None, nodes, True)
        nodes += 1
        if bird.valid(g):
            return Found(bird_line(g), nodes)
    return Found(None, nodes)


def _bird_naive_line(line: str, max_nodes: int | None = None) -> Outcome:
    """``bird-naive`` on any input line.

    A puzzle with more than :data:`NAIVE_MAX_BLANKS` blanks is refused unless its search is
    bounded.

    >>> _bird_naive_line("." * 81).status, _bird_naive_line("." * 81, max_nodes=5).status
    ('refused', 'gave_up')
    """
    if not is_puzzle(line):
        return Outcome.invalid()
    blanks = line.count(".")
    if max_nodes is None and blanks > NAIVE_MAX_BLANKS:
        return Outcome.refused(blanks)
    return _bird_naive_first(line, max_nodes).outcome()


def all_solutions(puzzle: str) -> Iterator[str]:
    """Every solution of Bird's ``solve'''`` for a puzzle line, as 81-digit lines, lazily.

    Haskell (Bird, §search): ``solve''' :: Grid -> [Grid]``, on a puzzle line (``.``
    blanks). Raises ``ValueError`` for a line that is not a puzzle.

    >>> p = "693784512487512936125963874932651487568247391741398625319475268856129743274836..."
    >>> [s[-3:] for s in all_solutions(p)]
    ['159']
    """
    grid = bird_grid(validate.puzzle(validate.line(puzzle), is_puzzle))
    return (bird_line(g) for g in bird.solve_search(grid))


# -------------------------------------------------------------------- the registry

FASTEST_FIRST: tuple[Engine, ...] = ("fast", "reference")
"""The engines of Sarkar's three rules: the NumPy engine (many times faster on a batch:
``benchmarks/``), then the port."""

_RECORDS = (
    SolverRecord(
        "simple",
        "Sarkar #1",
        "a call of solve",
        sarkar_search(sarkar1.prune_cells),
        FASTEST_FIRST,
        sarkar1.prune_cells,
        traced=True,
    ),
    SolverRecord(
        "exclusives",
        "Sarkar #2 (as published)",
        "a call of solve",
        sarkar_search(sarkar2.prune_cells),
        FASTEST_FIRST,
        sarkar2.prune_cells,
        traced=True,
    ),
    SolverRecord(
        "exclusives-sets",
        "Sarkar #2 (as its prose intends; fsudoku.erratum)",
        "a call of solve",
        sarkar_search(erratum.prune_cells_sets),
        FASTEST_FIRST,
        erratum.prune_cells_sets,
        traced=True,
    ),
    SolverRecord(
        "bird", "Bird, solve'''", "a call of search", line_solver(_bird_first), traced=True
    ),
    SolverRecord(
        "bird-naive", "Bird, filter valid . completions", "a completion examined", _bird_naive_line
    ),
    SolverRecord(
        "mrv",
        "Project Euler 96 notes, index 0",
        "a placement tried",
        line_solver(mrv.first_solution),
    ),
    SolverRecord(
        "dlx",
        "Project Euler 96 notes, index 1",
        "a matrix row tried",
        line_solver(dlx.first_solution),
    ),
    SolverRecord(
        "norvig", "Project Euler 96 notes, index 2", "a guess", line_solver(norvig.first_solution)
    ),
)

REGISTRY: Mapping[SolverName, SolverRecord] = {r.solver: r for r in _RECORDS}
"""Every solver's record, by name, in the order of the documents."""

assert tuple(REGISTRY) == SOLVERS, "the registry and SolverName list the same names"

PRUNE_CELLS: Mapping[SolverName, sarkar1.PruneCells] = {
    r.solver: r.prune_cells for r in _RECORDS if r.prune_cells is not None
}
"""The three Sarkar rules' cell pruners: #1, #2 as published, #2 as intended."""

TRACED: tuple[SolverName, ...] = tuple(r.solver for r in _RECORDS if r.traced)
"""The solvers ``fsudoku explain`` can show step by step."""

FAST_SOLVERS: tuple[SolverName, ...] = tuple(r.solver for r in _RECORDS if "fast" in r.engines)
"""The solvers the fast engine covers (the Sarkar rules)."""


def record(solver: str) -> SolverRecord:
    """The record of a solver.

    :class:`UnknownName` (a ``ValueError``) lists the names, and a name that is not a
    ``str`` is a ``TypeError``.

    >>> record("dlx").node
    'a matrix row tried'
    """
    return REGISTRY[validate.name(solver, SOLVERS, "solver")]


def solve_line(solver: SolverName, line: str, max_nodes: int | None = None) -> Outcome:
    """Solve one line with the reference implementation of a solver.

    The article's ``main`` for one line, for any solver. Raises :class:`UnknownName`
    for an unknown solver, ``TypeError`` for a line that is not a ``str``, and
    ``TypeError``/``ValueError`` for a ``max_nodes`` that is not ``None`` or an ``int`` >= 0.
    ``bird-naive`` refuses a puzzle with more than :data:`NAIVE_MAX_BLANKS` blanks
    unless given a ``max_nodes``.

    >>> solve_line("bird", "11" + "." * 79)
    Outcome(status='no_solution', solution=None, nodes=1, blanks=None, engine='reference')
    """
    checked = validate.options(solver, max_nodes=max_nodes)
    return REGISTRY[checked.solver].run(validate.line(line), checked.max_nodes)
