"""The solver registry: every solver of fsudoku, one record each, and one way to call it.

Everything that lists solvers (the command line's choices, ``explain``, ``euler96``,
``bench``, the tests' parametrisation) derives from :data:`REGISTRY`.

Glossary: a *line* is one input line, ``0`` already turned into ``.``; a *solver* is a
record: its name, the document it comes from, what one of its nodes is, its engines
and how to run it; an *engine* is an implementation of a solver (``reference``: the
faithful port; ``fast``: the vectorized NumPy engine, for the three Sarkar rules).

>>> sample = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
>>> solve_line("exclusives", sample).solution[:9]
'693784512'
>>> solve_line("exclusives", "not a puzzle").status
'invalid'
>>> solver("no-such")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
fsudoku.solvers.UnknownName: unknown solver 'no-such'; choose one of simple, exclusives, ...
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias, get_args

from fsudoku import bird, erratum, sarkar1, sarkar2, validate
from fsudoku.grid_io import is_puzzle, read_grid, show_line
from fsudoku.outcome import Found, GaveUp, Outcome, SolveLine, line_solver
from fsudoku.pe96 import dlx, mrv, norvig
from fsudoku.trace import run_bird, run_sarkar

SolverName: TypeAlias = Literal[
    "simple", "exclusives", "exclusives-sets", "bird", "bird-naive", "mrv", "dlx", "norvig"
]
"""The name of a solver (a ``Literal``: a misspelt name fails ``mypy --strict``)."""

Engine: TypeAlias = Literal["reference", "fast"]
"""An engine: the faithful port, or the NumPy engine (Sarkar's rules only)."""

ENGINES: tuple[Engine, ...] = get_args(Engine)

NAIVE_MAX_BLANKS = 6
"""``bird-naive`` enumerates 9^blanks completions: more blanks are refused unless forced."""

NAIVE_MAX_NODES = 1_000_000
"""The node bound ``fsudoku solve --solver bird-naive --force`` gives when none is given."""


class UnknownName(ValueError):
    """A solver or engine name that the registry does not know (the message lists the valid ones)."""


@dataclass(frozen=True, slots=True)
class Solver:
    """One solver: its name, document, what a node is, its engines and how to run it.

    ``run`` solves one line with an optional node bound; ``prune_cells`` is the cell
    pruner of a Sarkar rule (``None`` for the other solvers); ``traced``: whether
    :mod:`fsudoku.trace` can tell its steps (``fsudoku explain``).
    """

    name: SolverName
    document: str
    node: str
    run: SolveLine
    engines: tuple[Engine, ...] = ("reference",)
    prune_cells: sarkar1.PruneCells | None = None
    traced: bool = False


# ------------------------------------------------------------------- the adapters


def sarkar_search(prune_cells: sarkar1.PruneCells) -> SolveLine:
    """The article's ``main`` for one line: ``readGrid``, then ``solve`` with this rule.

    No Haskell counterpart: ``solve`` run through :func:`fsudoku.trace.run_sarkar`, which
    counts its nodes and applies the bound.
    """

    def first_solution(line: str, max_nodes: int | None) -> Found:
        validate.puzzle_line(line)
        validate.bound(max_nodes)
        try:
            result, stats = run_sarkar(read_grid(line).unwrap(), prune_cells, max_nodes=max_nodes)
        except GaveUp as stop:
            return Found(None, stop.nodes, True)
        return Found(result.map(show_line).value_or(None), stats.nodes)

    return line_solver(first_solution)


def bird_first_solution(line: str, max_nodes: int | None) -> Found:
    """The first solution of ``solve'''`` for a puzzle line, and the calls of ``search``.

    No Haskell counterpart: the head of Bird's ``search . choices`` on the line, run
    through :func:`fsudoku.trace.run_bird`. Raises ``TypeError``/``ValueError`` for a
    line that is not a puzzle or a bad ``max_nodes``.
    """
    validate.puzzle_line(line)
    validate.bound(max_nodes)
    try:
        found, stats = run_bird(bird.choices(bird.line_to_grid(line)), max_nodes=max_nodes)
        first = next(found, None)
    except GaveUp as stop:
        return Found(None, stop.nodes, True)
    return Found(None if first is None else bird.grid_to_line(first), stats.nodes)


def bird_naive_first_solution(line: str, max_nodes: int | None) -> Found:
    """The first solution of the specification ``filter valid . completions``.

    No Haskell counterpart: the head of Bird's first ``solve``; ``nodes`` is the number
    of completions examined (up to 9^blanks: give a bound). Raises
    ``TypeError``/``ValueError`` for a line that is not a puzzle or a bad ``max_nodes``.
    """
    validate.puzzle_line(line)
    validate.bound(max_nodes)
    nodes = 0
    for g in bird.completions(bird.line_to_grid(line)):
        if max_nodes is not None and nodes >= max_nodes:
            return Found(None, nodes, True)
        nodes += 1
        if bird.valid(g):
            return Found(bird.grid_to_line(g), nodes)
    return Found(None, nodes)


def bird_naive_line(line: str, max_nodes: int | None = None) -> Outcome:
    """``bird-naive`` on any input line; without a node bound, a puzzle with more than
    :data:`NAIVE_MAX_BLANKS` blanks is refused (``Outcome.refused``) rather than run
    for 9^blanks completions: give ``max_nodes`` to try it anyway.

    No Haskell counterpart: the specification solver made safe to call with any line.

    >>> bird_naive_line("." * 81).status, bird_naive_line("." * 81, max_nodes=5).status
    ('refused', 'gave_up')
    """
    validate.line(line)
    if validate.bound(max_nodes) is None and is_puzzle(line):
        blanks = line.count(".")
        if blanks > NAIVE_MAX_BLANKS:
            return Outcome.refused(blanks)
    return _naive_line(line, max_nodes)


_naive_line = line_solver(bird_naive_first_solution)


def checked(run: SolveLine) -> SolveLine:
    """A line solver that checks its arguments first: ``TypeError`` for a line that is
    not a ``str`` (or a ``max_nodes`` that is not an ``int``), ``ValueError`` for a
    negative ``max_nodes`` (:mod:`fsudoku.validate`).

    No Haskell counterpart.

    >>> checked(dlx.solve_line)(b"12")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    TypeError: puzzle must be a str, not a bytes (b'12'): decode it first
    """

    def solve_line(line: str, max_nodes: int | None = None) -> Outcome:
        return run(validate.line(line), validate.bound(max_nodes))

    solve_line.__doc__ = run.__doc__
    return solve_line


# -------------------------------------------------------------------- the registry

_RECORDS = (
    Solver(
        "simple",
        "Sarkar #1",
        "a call of solve",
        checked(sarkar_search(sarkar1.prune_cells)),
        ENGINES,
        sarkar1.prune_cells,
        traced=True,
    ),
    Solver(
        "exclusives",
        "Sarkar #2 (as published)",
        "a call of solve",
        checked(sarkar_search(sarkar2.prune_cells)),
        ENGINES,
        sarkar2.prune_cells,
        traced=True,
    ),
    Solver(
        "exclusives-sets",
        "Sarkar #2 (as its prose intends; fsudoku.erratum)",
        "a call of solve",
        checked(sarkar_search(erratum.prune_cells_sets)),
        ENGINES,
        erratum.prune_cells_sets,
        traced=True,
    ),
    Solver(
        "bird",
        "Bird, solve'''",
        "a call of search",
        checked(line_solver(bird_first_solution)),
        traced=True,
    ),
    Solver(
        "bird-naive",
        "Bird, filter valid . completions",
        "a completion examined",
        bird_naive_line,
    ),
    Solver("mrv", "Project Euler 96 notes, index 0", "a placement tried", checked(mrv.solve_line)),
    Solver("dlx", "Project Euler 96 notes, index 1", "a matrix row tried", checked(dlx.solve_line)),
    Solver("norvig", "Project Euler 96 notes, index 2", "a guess", checked(norvig.solve_line)),
)

REGISTRY: Mapping[SolverName, Solver] = {record.name: record for record in _RECORDS}
"""Every solver, by name, in the order of the documents."""

_BY_NAME: dict[str, Solver] = {record.name: record for record in _RECORDS}

SOLVERS: tuple[SolverName, ...] = tuple(REGISTRY)
"""The solver names, in the registry's order."""

assert SOLVERS == get_args(SolverName), "the registry and SolverName list the same names"

SARKAR_RULES: Mapping[SolverName, sarkar1.PruneCells] = {
    r.name: r.prune_cells for r in _RECORDS if r.prune_cells is not None
}
"""The three Sarkar rules and their cell pruners: #1, #2 as published, #2 as intended."""

TRACED: tuple[SolverName, ...] = tuple(r.name for r in _RECORDS if r.traced)
"""The solvers ``fsudoku explain`` can show step by step."""

FAST_SOLVERS: frozenset[SolverName] = frozenset(r.name for r in _RECORDS if "fast" in r.engines)
"""The solvers the fast engine covers."""


def solver(name: str) -> Solver:
    """The record of solver ``name``; :class:`UnknownName` (a ``ValueError``) lists the names.

    No Haskell counterpart. Raises ``TypeError`` for a name that is not a ``str``.

    >>> solver("dlx").node
    'a matrix row tried'
    """
    if not isinstance(name, str):
        raise TypeError(
            f"a solver name is a str (one of {', '.join(SOLVERS)}), not {type(name).__name__}"
        )
    record = _BY_NAME.get(name)
    if record is None:
        raise UnknownName(f"unknown solver {name!r}; choose one of {', '.join(SOLVERS)}")
    return record


def reference(name: SolverName) -> SolveLine:
    """The reference implementation of solver ``name`` (any line: checks it first).

    No Haskell counterpart.
    """
    return solver(name).run


def solve_line(name: SolverName, line: str, max_nodes: int | None = None) -> Outcome:
    """Solve one line with the reference solver ``name``.

    No Haskell counterpart: the article's ``main`` for one line, for any solver. Raises
    :class:`UnknownName` for an unknown solver, ``TypeError`` for a line that is not a
    ``str``, ``TypeError``/``ValueError`` for a ``max_nodes`` that is not ``None`` or an
    ``int`` >= 0 (:mod:`fsudoku.validate`). ``bird-naive`` refuses a puzzle with more
    than :data:`NAIVE_MAX_BLANKS` blanks unless given a ``max_nodes``.

    >>> solve_line("bird", "11" + "." * 79)
    Outcome(status='no_solution', solution=None, nodes=1)
    """
    return solver(name).run(line, max_nodes)


def solve_many(
    lines: Iterable[str],
    name: SolverName = "exclusives",
    engine: Engine = "reference",
    max_nodes: int | None = None,
) -> Iterator[Outcome]:
    """Solve each line in order with solver ``name`` on ``engine``, streaming.

    No Haskell counterpart: the article's ``main`` over many lines. The arguments are
    checked at once, as :func:`solve_line`'s (and ``TypeError`` for ``lines`` that are a
    ``str`` rather than an iterable of lines); each line when it is reached.
    """
    record = solver(name)
    texts = validate.lines(lines)
    max_nodes = validate.bound(max_nodes)
    if not isinstance(engine, str):
        raise TypeError(f"an engine name is a str ({', '.join(ENGINES)}), not {engine!r}")
    if engine not in ENGINES:
        raise UnknownName(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine not in record.engines:
        covered = ", ".join(sorted(FAST_SOLVERS))
        raise UnknownName(f"the fast engine covers {covered}, not {name!r}")
    if engine == "fast":
        from fsudoku import fast  # NumPy is loaded only when the fast engine is asked for

        return fast.solve_many(texts, name, max_nodes=max_nodes)
    return (record.run(line, max_nodes) for line in texts)
