"""Hypothesis strategies for puzzles of many different solution grids, and the hard sets.

Each grid comes from :func:`fsudoku.run.generate.random_grid` with a drawn seed (a
randomized search, so any of the solved grids can come up, not one grid under
symmetry); clues are taken away by :func:`fsudoku.run.generate.remove_clues`, which
keeps the puzzle's one solution. The number of blanks is drawn separately, so a failing
example shrinks towards fewer blanks. The hard sets are files of puzzles, read when they
are first needed (:func:`hard_puzzle_lines`): fsudoku's own (:data:`HARD_SET`) by default.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from random import Random

from hypothesis import reject
from hypothesis import strategies as st

from fsudoku.base.units import PEERS
from fsudoku.grid_io import is_puzzle
from fsudoku.pe96.formats import puzzles_of
from fsudoku.run.generate import is_unique, random_grid, remove_clues
from fsudoku.run.registry import REGISTRY

__all__ = [
    "DATA_ENV",
    "HARD_SET",
    "full_grids",
    "hard_puzzle_lines",
    "hard_puzzles",
    "minimal_puzzles",
    "no_solution_puzzles",
    "random_grids",
    "random_unique_puzzles",
    "search_puzzles",
    "several_solution_puzzles",
    "with_blanks",
]

SEEDS = st.integers(0, 2**32 - 1)
"""The seeds of the random grids."""


def random_grids() -> st.SearchStrategy[str]:
    """Solved grids of a randomized search, any of them (drawn by a seed).

    >>> from hypothesis import find
    >>> from fsudoku.base.oracle import is_filled_grid
    >>> is_filled_grid(find(random_grids(), lambda g: g[0] != "1"))
    True
    """
    return SEEDS.map(lambda seed: random_grid(Random(seed)))


@st.composite
def random_unique_puzzles(draw: st.DrawFn, min_blanks: int = 0, max_blanks: int = 64) -> str:
    """Puzzles with one solution, from a random grid.

    Clues are taken away while one solution is left, until ``min_blanks`` to ``max_blanks``
    cells are blank (fewer if the removal stops first at a minimal puzzle).

    >>> from hypothesis import HealthCheck, given, settings
    >>> from fsudoku import count_solutions
    >>> @settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow])
    ... @given(random_unique_puzzles(max_blanks=40))
    ... def test_one_solution(line):
    ...     assert line.count(".") <= 40 and count_solutions(line, limit=2) == 1
    >>> test_one_solution()
    """
    rng = Random(draw(SEEDS))
    blanks = draw(st.integers(min_blanks, max_blanks))
    return remove_clues(random_grid(rng), rng, clues=81 - blanks)


def minimal_puzzles() -> st.SearchStrategy[str]:
    """Minimal puzzles: one solution, and two or more once any clue is taken away.

    Usually 22 to 26 clues.
    """
    return SEEDS.map(_minimal)


def _minimal(seed: int) -> str:
    """The minimal puzzle of a seed."""
    rng = Random(seed)
    return remove_clues(random_grid(rng), rng)


def _needs_search(line: str) -> bool:
    """Whether every solver of the articles must search on the puzzle.

    That is when Sarkar #2's pruning (the strongest of the articles' rules) leaves cells
    open.
    """
    return REGISTRY["exclusives"].run(line).nodes > 1


SEARCH_TRIES = 20
"""How many minimal puzzles :func:`search_puzzles` makes to find one that needs search."""


def search_puzzles() -> st.SearchStrategy[str]:
    """Minimal puzzles that need search for Sarkar's and Bird's rules.

    Pruning to the fixpoint (Sarkar #2's, the strongest) leaves cells open.

    >>> _needs_search(_search_puzzle(1)), REGISTRY["simple"].run(_search_puzzle(1)).nodes > 1
    (True, True)
    """
    return SEEDS.map(_search_puzzle).filter(bool)


def _search_puzzle(seed: int) -> str:
    """The first of the seed's minimal puzzles that needs search ('' if none of a few)."""
    rng = Random(seed)
    for _ in range(SEARCH_TRIES):
        puzzle = remove_clues(random_grid(rng), rng)
        if _needs_search(puzzle):
            return puzzle
    return ""


@st.composite
def several_solution_puzzles(draw: st.DrawFn, max_blanks: int = 64) -> str:
    """Puzzles with two or more solutions.

    A random puzzle with one solution less one of the clues that made the solution unique.

    >>> from hypothesis import HealthCheck, given, settings
    >>> from fsudoku import count_solutions
    >>> @settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow])
    ... @given(several_solution_puzzles(max_blanks=50))
    ... def test_several(line):
    ...     assert count_solutions(line, limit=2) == 2
    >>> test_several()
    """
    rng = Random(draw(SEEDS))
    blanks = draw(st.integers(0, max_blanks - 1))
    puzzle = remove_clues(random_grid(rng), rng, clues=81 - blanks)
    clues = [i for i, c in enumerate(puzzle) if c != "."]
    rng.shuffle(clues)
    for i in clues:
        line = puzzle[:i] + "." + puzzle[i + 1 :]
        if not is_unique(line):
            return line
    reject()  # every clue could go: the removal was stopped by its target


NO_SOLUTION_MAX_BLANKS = 45
"""The most blanks of a :func:`no_solution_puzzles` puzzle: a plain backtracker (each
blank in reading order, digits 1 to 9) finishes every one of them in well under a
second, where at 55 blanks some take it seconds."""


@st.composite
def no_solution_puzzles(draw: st.DrawFn, max_blanks: int = NO_SOLUTION_MAX_BLANKS) -> str:
    """Puzzles with no solution whose clues repeat no digit in a unit.

    A random puzzle with one solution and one more clue, a wrong digit that none of the
    cell's clued peers holds (so only search, or pruning, shows the contradiction).

    >>> from hypothesis import HealthCheck, given, settings
    >>> from fsudoku import count_solutions
    >>> @settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow])
    ... @given(no_solution_puzzles())
    ... def test_none(line):
    ...     assert line.count(".") <= NO_SOLUTION_MAX_BLANKS and count_solutions(line) == 0
    >>> test_none()
    """
    rng = Random(draw(SEEDS))
    blanks = draw(st.integers(2, max_blanks + 1))
    solution = random_grid(rng)
    puzzle = remove_clues(solution, rng, clues=81 - blanks)
    wrongs = [
        (t, d)
        for t, c in enumerate(puzzle)
        if c == "."
        for d in "123456789"
        if d != solution[t] and all(puzzle[p] != d for p in PEERS[t])
    ]
    if not wrongs:
        reject()
    t, d = wrongs[draw(st.integers(0, len(wrongs) - 1))]
    return puzzle[:t] + d + puzzle[t + 1 :]


@st.composite
def full_grids(draw: st.DrawFn) -> str:
    """Grids with no blank, solved or not.

    A solved one, or one with two cells of a row swapped (its columns, or its boxes, then
    repeat a digit: no solution).

    >>> from hypothesis import HealthCheck, given, settings
    >>> from fsudoku.base.oracle import UNITS
    >>> @settings(max_examples=5, suppress_health_check=[HealthCheck.too_slow])
    ... @given(full_grids())
    ... def test_full(line):
    ...     assert "." not in line and all(sorted(line[i] for i in u) == list("123456789")
    ...         for u in UNITS[:9])
    >>> test_full()
    """
    grid = draw(random_grids())
    if not draw(st.booleans()):
        return grid
    row = draw(st.integers(0, 8))
    a, b = draw(st.lists(st.integers(0, 8), min_size=2, max_size=2, unique=True))
    cells = list(grid)
    i, j = row * 9 + a, row * 9 + b
    cells[i], cells[j] = cells[j], cells[i]
    return "".join(cells)


def with_blanks(lines: st.SearchStrategy[str], chars: str) -> st.SearchStrategy[str]:
    """The lines of a strategy with each blank written as one of ``chars``.

    ``"0"``: all zeros; ``"0."``: each a drawn one of the two.

    >>> from hypothesis import find
    >>> find(with_blanks(st.just("1.."), "0."), lambda line: "." in line)
    '10.'
    """
    return _with_blanks(lines, chars)


@st.composite
def _with_blanks(draw: st.DrawFn, lines: st.SearchStrategy[str], chars: str) -> str:
    """:func:`with_blanks`."""
    line = draw(lines)
    if len(chars) == 1:
        return line.replace(".", chars)
    return "".join(draw(st.sampled_from(chars)) if c == "." else c for c in line)


# ------------------------------------------------------------------------ the hard sets

DATA_ENV = "FSUDOKU_DATA"
"""The environment variable naming the files or folders of hard puzzles (separated by
``os.pathsep``), in place of :data:`HARD_SET`."""

HARD_SET = Path(__file__).with_name("hard.txt")
"""fsudoku's own hard set, shipped with it: minimal puzzles of :func:`fsudoku.generate`
that a plain backtracker searches longest (made by ``tools/hard_puzzles.py``)."""


def _places(data: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None) -> list[Path]:
    """The files and folders to read the hard sets from."""
    if data is not None:
        given = [data] if isinstance(data, str | os.PathLike) else list(data)
        return [Path(p) for p in given]
    env = os.environ.get(DATA_ENV)
    return [Path(p) for p in env.split(os.pathsep) if p] if env else [HARD_SET]


def _files(places: Iterable[Path]) -> list[Path]:
    """The ``.txt``/``.tsv`` files of the places (a file stands for itself), each once."""
    found: dict[Path, None] = {}
    for place in places:
        if place.is_file():
            found[place.resolve()] = None
        elif place.is_dir():
            for path in sorted([*place.glob("*.txt"), *place.glob("*.tsv")]):
                found[path.resolve()] = None
    return list(found)


def _puzzles_of(path: Path) -> list[str]:
    """The puzzle lines of a file, read as ``fsudoku solve`` reads it (:mod:`fsudoku.pe96.formats`).

    Of a line with tabs, its last field (``nodes<TAB>puzzle``, as :data:`HARD_SET` has them).
    """
    text = path.read_text(encoding="utf-8", errors="replace")
    fields = (line.split("\t")[-1] for line in text.splitlines())
    return [entry.text for entry in puzzles_of(fields) if is_puzzle(entry.text)]


@cache
def _hard_lines(files: tuple[Path, ...]) -> tuple[str, ...]:
    """Every distinct puzzle line of the files, in order."""
    return tuple(dict.fromkeys(p for path in files for p in _puzzles_of(path)))


def hard_puzzle_lines(
    data: str | os.PathLike[str] | Sequence[str | os.PathLike[str]] | None = None,
) -> tuple[str, ...]:
    """The puzzles of the hard sets found at ``data``; empty when none is there.

    ``data`` is a file, a folder, or several; by default ``$FSUDOKU_DATA``, else
    :data:`HARD_SET`.

    >>> hard_puzzle_lines("no/such/folder")
    ()
    """
    return _hard_lines(tuple(_files(_places(data))))


def hard_puzzles(lines: Sequence[str]) -> st.SearchStrategy[str]:
    """Puzzles drawn from the lines of the hard sets (shrinking towards the first)."""
    if not lines:
        raise ValueError("no hard puzzles: none of the data places holds a puzzle file")
    return st.sampled_from(lines)
