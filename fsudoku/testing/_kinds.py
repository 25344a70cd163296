"""The kinds of puzzles :func:`fsudoku.testing.check_solver` tries.

Also what a solver may declare about itself, and what each line expects of it.

A *declaration* (:class:`Declared`) says what a solver promises beyond "a solution, or
``None``": how it answers lines that are not puzzles (``invalid``), puzzles with several
solutions (``several``), which characters it reads as blanks (``blanks``) and the shape
of board it takes (``shape``). Each turns kinds on, off, or into checks of what it says
(see :meth:`Declared.off` and :func:`expectation`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Literal, TypeAlias, get_args

from hypothesis import strategies as st

from fsudoku.base.names import SARKAR_RULES, SarkarRule, SolverName
from fsudoku.base.outcome import GaveUp
from fsudoku.grid_io import is_puzzle
from fsudoku.pe96 import counting
from fsudoku.run.registry import REGISTRY
from fsudoku.testing._adapters import SHAPES, Shape
from fsudoku.testing._puzzles import (
    ambiguous_puzzles,
    blank_cells,
    contradictory_puzzles,
    empty_grid,
    invalid_lines,
    near_full_grids,
    puzzles,
    unique_puzzles,
    unsolvable_puzzles,
)
from fsudoku.testing._random_puzzles import (
    NO_SOLUTION_MAX_BLANKS,
    full_grids,
    hard_puzzles,
    minimal_puzzles,
    no_solution_puzzles,
    random_grids,
    random_unique_puzzles,
    search_puzzles,
    several_solution_puzzles,
    with_blanks,
)

__all__ = ["KINDS", "ORDERS", "Blanks", "Declared", "Kind", "Order"]

Order: TypeAlias = Literal["any", "sarkar", "bird"]
"""Which answer is expected where a puzzle has several solutions: any valid one, the
first of Sarkar's search, or the first of Bird's (where it has one, it is that one)."""

Kind: TypeAlias = Literal[
    "near_full",
    "full",
    "unique",
    "minimal",
    "search",
    "several",
    "no_solution",
    "repeated_clue",
    "invalid",
    "zeros",
    "empty",
    "sparse",
    "hard",
]
"""The kinds of lines :func:`fsudoku.testing.check_solver` tries (see :data:`KINDS`)."""

Blanks: TypeAlias = Literal[".", "0", "both"]
"""The characters a solver reads as blanks."""

ORDERS: tuple[Order, ...] = get_args(Order)
KINDS: Mapping[Kind, str] = {
    "near_full": "a near-full grid (at most 8 blanks)",
    "full": "a full grid: solved, or two cells of a row swapped (no solution)",
    "unique": "a puzzle with one solution",
    "minimal": "a minimal puzzle (one solution; any clue taken away gives several)",
    "search": "a minimal puzzle that pruning alone does not solve (it needs search)",
    "several": "a puzzle with several solutions",
    "no_solution": "a puzzle with no solution, found only by pruning or searching",
    "repeated_clue": "a puzzle with no solution: a unit repeats a clue",
    "invalid": "a line that is not a puzzle",
    "zeros": "a puzzle with one solution, its blanks written 0 (or some 0, some .)",
    "empty": "the empty grid",
    "sparse": "a sparse puzzle (65 or more blanks; it has solutions)",
    "hard": "a puzzle of a hard set (fsudoku's own, or the files of data=)",
}
"""Each kind of line, as reports describe it, in the order tried."""

REFERENCE_NODES = 1_000
"""The node bound of the reference's search where a puzzle has several solutions and
the order is Sarkar's or Bird's; a line it gives up on is skipped."""

COUNT_NODES = 200_000
"""The node bound of the count that tells one solution from several."""

SEARCH_MAX_BLANKS = 55
"""The most blanks of a ``unique`` puzzle (Sarkar's sample under symmetry) when the
order is a search's (``sarkar``, ``bird``): sparser ones can take the reference seconds."""

SPARSE_BLANKS = 65
"""The fewest blanks of a ``sparse`` puzzle: between 45 and 65 blanks, some puzzles
take a plain backtracker (fsudoku's ``mrv``) or Sarkar #1 minutes; sparser ones have
so many solutions that a search finds one at once."""


DECLARATIONS: dict[str, tuple[str, ...]] = {
    "invalid": ("none", "skip"),
    "several": ("any", "none", "skip"),
    "no_solution": ("none",),
}
"""The declarations that take a word or an exception class, and their words."""


@dataclass(frozen=True)
class Declared:
    """What a solver declares about itself (each field's default: the strictest reading).

    ``invalid``: what it does with a line that is not a puzzle: ``"none"`` (returns
    ``None``), an exception class (raises it, or a subclass), ``"skip"`` (not tested).
    ``several``: what it does with a puzzle with several solutions: ``"any"`` (returns a
    solution; with ``order="sarkar"`` or ``"bird"``, that search's first), ``"none"``
    (refuses with ``None``), an exception class (raises it), ``"skip"`` (not tested).
    ``no_solution``: what it does with a puzzle with no solution: ``"none"`` (returns
    ``None``), or an exception class (raises it). ``blanks``: the blank characters it
    reads, ``"."``, ``"0"`` or ``"both"``; a line with another blank is, for it, not a
    puzzle. ``shape``: the board it takes (``"line"``, ``"rows"``, ``"dict"``).
    """

    invalid: Literal["none", "skip"] | type[BaseException] = "none"
    several: Literal["any", "none", "skip"] | type[BaseException] = "any"
    no_solution: Literal["none"] | type[BaseException] = "none"
    blanks: Blanks = "."
    shape: Shape = "line"

    def __post_init__(self) -> None:
        """Refuse a declaration that is none of the values above, clearly."""
        for name, words in DECLARATIONS.items():
            value = getattr(self, name)
            if not (
                value in words or (isinstance(value, type) and issubclass(value, BaseException))
            ):
                choices = ", ".join(map(repr, words))
                raise ValueError(f"{name}={value!r}: choose {choices} or an exception class")
        if self.blanks not in get_args(Blanks):
            raise ValueError(f"blanks={self.blanks!r}: choose '.', '0' or 'both'")
        if self.shape not in SHAPES:
            raise ValueError(f"shape={self.shape!r}: choose one of {', '.join(map(repr, SHAPES))}")

    def catch(self) -> tuple[type[BaseException], ...]:
        """The exception classes declared, each once."""
        found = (getattr(self, name) for name in DECLARATIONS)
        return tuple(dict.fromkeys(v for v in found if isinstance(v, type)))

    def off(self) -> dict[Kind, str]:
        """The kinds this declaration turns off, each with the reason."""
        off: dict[Kind, str] = {}
        if self.shape != "line":
            why = f"shape={self.shape!r}: only lines can be malformed or hold 0"
            off.update({"invalid": why, "zeros": why})
        if self.invalid == "skip":
            off["invalid"] = "invalid='skip'"
            if self.blanks != "both":
                off["zeros"] = f"invalid='skip' and blanks={self.blanks!r}"
        if self.several == "skip":
            off.update({k: "several='skip'" for k in ("several", "empty", "sparse")})
        return off

    def reads(self, line: str) -> bool:
        """Whether the solver reads every blank character of the line."""
        if self.shape != "line" or self.blanks == "both":
            return True
        return ("0" if self.blanks == "." else ".") not in line


def _kinds(kinds: Iterable[Kind] | None) -> tuple[Kind, ...]:
    """The kinds asked for, in :data:`KINDS` order; ``ValueError`` for an unknown one."""
    if kinds is None:
        return tuple(KINDS)
    asked = [kinds] if isinstance(kinds, str) else list(kinds)
    unknown = [k for k in asked if k not in KINDS]
    if unknown or not asked:
        raise ValueError(
            f"unknown kinds of puzzles {unknown}; choose among {', '.join(KINDS)}"
            if unknown
            else "kinds is empty; choose among " + ", ".join(KINDS)
        )
    return tuple(k for k in KINDS if k in asked)


def _reference_name(order: Order, rule: SarkarRule | None) -> SolverName:
    """The registry's solver whose answers ``order`` (and ``rule``) expects."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; choose one of {', '.join(map(repr, ORDERS))}")
    if rule is not None and order != "sarkar":
        raise ValueError(f"rule={rule!r} applies to order='sarkar' only, not {order!r}")
    if order == "sarkar":
        chosen = "simple" if rule is None else rule
        if chosen not in SARKAR_RULES:
            raise ValueError(
                f"unknown rule {rule!r}; choose one of {', '.join(map(repr, SARKAR_RULES))}"
            )
        return chosen
    return "bird" if order == "bird" else "dlx"


def _either(*strategies: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    """The lines of one of the strategies, each as likely (shrinking towards the first).

    A drawn index, as ``st.one_of`` was seen to favour some branches over others.
    """
    return st.integers(0, len(strategies) - 1).flatmap(lambda i: strategies[i])


@st.composite
def with_blanks_at_random(draw: st.DrawFn, grids: st.SearchStrategy[str], fewest: int) -> str:
    """A grid of ``grids`` with ``fewest`` to 81 cells blanked at random."""
    grid = draw(grids)
    blanks = draw(st.integers(fewest, 81))
    cells = draw(st.permutations(range(81)))[:blanks]
    return blank_cells(grid, cells)


def _canonical_lines(kind: Kind, order: Order, hard: tuple[str, ...]) -> st.SearchStrategy[str]:
    """The lines of a kind, ``.`` for blanks."""
    search = order != "any"
    most = SEARCH_MAX_BLANKS if search else 64  # 64: the 17 clues of the sample puzzle
    strategies: dict[Kind, st.SearchStrategy[str]] = {
        "near_full": near_full_grids(8),
        "full": full_grids(),
        "unique": _either(
            unique_puzzles(max_blanks=most),
            unique_puzzles(min_blanks=most, max_blanks=most),
            random_unique_puzzles(max_blanks=most),
        ),
        "minimal": minimal_puzzles(),
        "search": search_puzzles(),
        "several": _either(ambiguous_puzzles(), several_solution_puzzles()),
        "no_solution": _either(
            unsolvable_puzzles(max_blanks=NO_SOLUTION_MAX_BLANKS), no_solution_puzzles()
        ),
        "repeated_clue": contradictory_puzzles(),
        "invalid": invalid_lines(),
        "zeros": random_unique_puzzles(max_blanks=50),
        "empty": st.just(empty_grid()),
        "sparse": _either(
            puzzles(SPARSE_BLANKS, 81), with_blanks_at_random(random_grids(), SPARSE_BLANKS)
        ),
    }
    if kind == "hard":
        return hard_puzzles(hard)
    return strategies[kind]


def solver_lines(
    kind: Kind,
    *,
    order: Order = "any",
    declared: Declared | None = None,
    hard: tuple[str, ...] = (),
) -> st.SearchStrategy[str]:
    """The lines of one kind (see :data:`KINDS`), as the solver is given them.

    With the blanks its declaration reads (``0`` lines when it reads ``0`` only; for the
    ``zeros`` kind, the blank it does not read, or a mix when it reads both); ``hard`` are
    the lines of the hard sets.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=5)
    ... @given(solver_lines("unique", declared=Declared(blanks="0")))
    ... def test_zero_blanks(line):
    ...     assert "." not in line
    >>> test_zero_blanks()
    >>> solver_lines("hardest")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown kinds of puzzles ['hardest']; choose among near_full, full, ...
    """
    (kind,) = _kinds([kind])
    _reference_name(order, None)
    declared = declared or Declared()
    lines = _canonical_lines(kind, order, hard)
    if declared.shape != "line":
        return lines
    if kind == "zeros":
        return with_blanks(lines, {"both": "0.", ".": "0", "0": "."}[declared.blanks])
    return with_blanks(lines, "0") if declared.blanks == "0" else lines


Verdict: TypeAlias = Literal["not_a_puzzle", "no_solution", "one", "several", "skip"]


@dataclass(frozen=True)
class Expected:
    """What a line expects: its verdict and the reference's solution (where there is one)."""

    verdict: Verdict
    solution: str | None = None
    reference: SolverName = "dlx"


def expectation(
    line: str, declared: Declared, order: Order, rule: SarkarRule | None = None
) -> Expected:
    """What the line expects of a solver with this declaration.

    ``skip`` where it is not tested (a declaration turned it off, or the reference gave up).

    >>> expectation("0" * 81, Declared(blanks="."), "any").verdict
    'not_a_puzzle'
    >>> expectation("11" + "." * 79, Declared(), "any").verdict
    'no_solution'
    """
    canonical = line.replace("0", ".")
    if not is_puzzle(canonical) or not declared.reads(line):
        return Expected("skip" if declared.invalid == "skip" else "not_a_puzzle")
    try:
        count = counting.count_solutions(canonical, 2, max_nodes=COUNT_NODES)
    except GaveUp:
        count = 2
    if count == 0:
        return Expected("no_solution")
    if count == 1:
        return Expected("one", REGISTRY["dlx"].run(canonical).solution)
    if declared.several == "skip":
        return Expected("skip")
    name = _reference_name(order, rule)
    found = REGISTRY[name].run(canonical, REFERENCE_NODES)
    if found.status == "gave_up":
        return Expected("skip")
    return Expected("several", found.solution, name)
