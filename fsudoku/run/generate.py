"""Puzzles with exactly one solution, made from random solved grids, reproducible from a seed.

A puzzle is made in two steps. First a solved grid, by a randomized search: the cell with
the fewest candidates is filled first (the lowest index among ties), its candidates tried
in an order drawn from the random source, and a dead end undone. Then clues are taken
away one at a time in a random order; each removal is kept only if the puzzle still has
exactly one solution, counted with Dancing Links (:mod:`fsudoku.pe96.counting`, stopped
at two). With no target number of clues the removal goes through every cell, and the
result is *minimal*: no clue can be taken away without a second solution appearing.

Removal rarely goes below 21 clues: minimal puzzles made this way have 22 to 26 clues
as a rule (:data:`MIN_CLUES` is the floor no unique puzzle goes below, 17). Asked for
``clues=K``, :func:`generate` tries up to ``attempts`` grids and removal orders for each
puzzle and raises :class:`GenerateGaveUp`, which names the fewest clues it reached,
when none gets down to ``K``. A ``random.Random`` is the only source of chance: the same
seed gives the same puzzles, in the same order, on every run.

>>> from random import Random
>>> grid = random_grid(Random(7))
>>> len(grid), sorted(set(grid)) == list("123456789")
(81, True)
>>> puzzle = remove_clues(grid, Random(7))
>>> is_minimal(puzzle), counting.count_solutions(puzzle, 2, max_nodes=None)
(True, 1)
>>> generate(2, clues=30, seed=1) == generate(2, clues=30, seed=1)
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from random import Random

from fsudoku.base import validate
from fsudoku.base.outcome import GaveUp
from fsudoku.base.units import ALL, PEERS, POPCOUNT
from fsudoku.pe96 import counting

__all__ = [
    "ATTEMPTS",
    "MIN_CLUES",
    "GenerateGaveUp",
    "generate",
    "is_minimal",
    "is_unique",
    "iter_puzzles",
    "random_grid",
    "remove_clues",
]

MIN_CLUES = 17
"""The fewest clues of a puzzle with one solution (McGuire, Tugemann and Civario, 2012):
:func:`generate` refuses fewer."""

ATTEMPTS = 100
"""How many grids and removal orders :func:`generate` tries for each puzzle asked for
with ``clues=K`` before it gives up."""

COUNT_NODES = 200_000
"""The node bound of each uniqueness count; a count that gives up counts as "not one
solution" (a clue is then kept). No count of a puzzle with 17 or more clues is near it."""

DIGITS = "123456789"


def random_grid(rng: Random) -> str:
    """A solved grid drawn by a randomized search.

    Fewest candidates first, candidates in an order drawn from ``rng``.

    >>> random_grid(Random(1)) == random_grid(Random(1)) != random_grid(Random(2))
    True
    """
    cells = [0] * 81
    masks = [ALL] * 81
    found = _fill(cells, masks, rng)
    assert found, "a grid with no clue always has a solution"
    return "".join(DIGITS[d - 1] for d in cells)


def _fill(cells: list[int], masks: list[int], rng: Random) -> bool:
    """Fill the empty cells (``0``) consistently with their candidate masks.

    ``False`` at a dead end (the lists as they were).
    """
    best, fewest = -1, 10
    for i in range(81):
        if cells[i] == 0 and POPCOUNT[masks[i]] < fewest:
            best, fewest = i, POPCOUNT[masks[i]]
    if best < 0:
        return True
    digits = [d for d in range(1, 10) if masks[best] >> (d - 1) & 1]
    rng.shuffle(digits)
    for d in digits:
        bit = 1 << (d - 1)
        touched = [p for p in PEERS[best] if cells[p] == 0 and masks[p] & bit]
        if any(masks[p] == bit for p in touched):
            continue  # a peer would be left with no candidate
        cells[best] = d
        for p in touched:
            masks[p] &= ~bit
        if _fill(cells, masks, rng):
            return True
        for p in touched:
            masks[p] |= bit
        cells[best] = 0
    return False


def is_unique(line: str) -> bool:
    """Whether the puzzle line has exactly one solution.

    Counted up to two; a count past :data:`COUNT_NODES` nodes counts as several.

    >>> is_unique("." * 81), is_unique("123456789" * 9)
    (False, False)
    """
    try:
        return counting.count_solutions(line, 2, max_nodes=COUNT_NODES) == 1
    except GaveUp:
        return False


def _removal_order(rng: Random, symmetric: bool) -> list[tuple[int, ...]]:
    """The cells to try to blank, in a drawn order.

    One at a time, or (``symmetric``) in pairs symmetric about the centre (the centre
    alone).
    """
    groups: list[tuple[int, ...]] = (
        [(i, 80 - i) for i in range(40)] + [(40,)] if symmetric else [(i,) for i in range(81)]
    )
    rng.shuffle(groups)
    return groups


def remove_clues(
    solution: str,
    rng: Random,
    *,
    clues: int | None = None,
    symmetric: bool = False,
    unique: bool = True,
) -> str:
    """The solved grid with clues taken away, as long as the puzzle stays as asked.

    Clues are taken in an order drawn from ``rng``, each removal kept while the puzzle has
    one solution (``unique``), down to ``clues`` clues or, with ``None``, as far as it goes
    (a minimal puzzle). It may stop above ``clues``.

    >>> from fsudoku.testing.strategies import SAMPLE_SOLUTION
    >>> puzzle = remove_clues(SAMPLE_SOLUTION, Random(3), clues=30)
    >>> sum(c != "." for c in puzzle), is_unique(puzzle)
    (30, True)
    """
    cells = list(solution)
    left = 81
    target = 0 if clues is None else clues
    for group in _removal_order(rng, symmetric):
        if left - len(group) < target:
            continue
        for i in group:
            cells[i] = "."
        if not unique or is_unique("".join(cells)):
            left -= len(group)
            if left == target:
                break
        else:
            for i in group:
                cells[i] = solution[i]
    return "".join(cells)


def is_minimal(puzzle: str) -> bool:
    """Whether the puzzle has one solution and loses it when any clue is taken away.

    >>> from fsudoku.grid_io import SAMPLE
    >>> from fsudoku.testing.strategies import SAMPLE_SOLUTION
    >>> is_minimal(SAMPLE), is_minimal(SAMPLE_SOLUTION)
    (True, False)
    """
    if not is_unique(puzzle):
        return False
    return all(
        not is_unique(puzzle[:i] + "." + puzzle[i + 1 :]) for i, c in enumerate(puzzle) if c != "."
    )


@dataclass
class GenerateGaveUp(ValueError):
    """No puzzle with the asked number of clues was reached within the attempts."""

    clues: int
    fewest: int
    attempts: int

    def __str__(self) -> str:
        """The clues asked for, the fewest reached, and what to do."""
        return (
            f"no puzzle with {self.clues} clues in {self.attempts} attempts (the fewest "
            f"reached: {self.fewest}); removing clues rarely goes below 21: ask for more "
            "clues, or for more attempts"
        )


def _one(rng: Random, clues: int | None, symmetric: bool, unique: bool, attempts: int) -> str:
    """One puzzle: with ``clues``, the first attempt that reaches them."""
    fewest = 81
    for _ in range(attempts if clues is not None else 1):
        puzzle = remove_clues(
            random_grid(rng), rng, clues=clues, symmetric=symmetric, unique=unique
        )
        given = 81 - puzzle.count(".")
        if clues is None or given == clues:
            return puzzle
        fewest = min(fewest, given)
    raise GenerateGaveUp(clues or 0, fewest, attempts)


def iter_puzzles(
    n: int | None = None,
    *,
    clues: int | None = None,
    seed: int | None = None,
    unique: bool = True,
    symmetric: bool = False,
    attempts: int = ATTEMPTS,
) -> Iterator[str]:
    """The puzzles of :func:`generate`, one at a time (``n=None``: without end).

    The arguments are checked when this is called.
    """
    count = validate.optional(n, "n")
    target = _clues(clues, unique)
    tries = validate.whole(attempts, "attempts", 1)
    rng = Random(validate.optional(seed, "seed"))
    flags = validate.flag(unique, "unique"), validate.flag(symmetric, "symmetric")

    def run() -> Iterator[str]:
        seen: set[str] = set()
        while count is None or len(seen) < count:
            puzzle = _one(rng, target, flags[1], flags[0], tries)
            if puzzle not in seen:
                seen.add(puzzle)
                yield puzzle

    return run()


def _clues(clues: object, unique: bool) -> int | None:
    """The target number of clues, checked.

    ``None``, or 17 to 81 (0 to 81 when the puzzles need not be unique, which then need a
    number).
    """
    floor = MIN_CLUES if unique else 0
    target = validate.optional(clues, "clues")
    if target is None and not unique:
        raise ValueError("clues is needed when unique=False (say how many clues to keep)")
    if target is not None and not floor <= target <= 81:
        why = " (no puzzle with fewer than 17 clues has one solution)" if unique else ""
        raise ValueError(f"clues must be between {floor} and 81{why}, not {target}")
    return target


def generate(
    n: int = 1,
    *,
    clues: int | None = None,
    seed: int | None = None,
    unique: bool = True,
    symmetric: bool = False,
    attempts: int = ATTEMPTS,
) -> list[str]:
    """``n`` distinct puzzle lines (``.`` blanks), each with exactly one solution.

    The same ``seed`` gives the same lines.

    ``clues=None`` makes minimal puzzles (usually 22 to 26 clues); ``clues=K`` makes
    puzzles with exactly ``K`` clues (17 to 81), trying up to ``attempts`` grids for each
    and raising :class:`GenerateGaveUp` when none reaches ``K`` (below 21 that is
    likely). ``symmetric=True`` takes clues away in pairs symmetric about the centre.
    ``unique=False`` takes ``K`` clues away at random without counting (``clues`` is
    then needed, and may be 0). ``seed=None`` draws a seed from the system.

    >>> [p.count(".") for p in generate(3, clues=25, seed=5)]
    [56, 56, 56]
    >>> generate(clues=16)
    Traceback (most recent call last):
    ...
    ValueError: clues must be between 17 and 81 (no puzzle with fewer than 17 clues has one solution), not 16
    """
    return list(
        iter_puzzles(
            validate.whole(n, "n"),
            clues=clues,
            seed=seed,
            unique=unique,
            symmetric=symmetric,
            attempts=attempts,
        )
    )
