"""Planted bugs, and the laws, proof steps and differential checks that catch them.

Each mutant is the record of functions under test, :data:`fsudoku.testing.FSUDOKU`,
with one function replaced by a wrong version. The laws of :data:`fsudoku.testing.LAWS`
that use it are checked for that record (:mod:`proofs.law_checks`), and the proofs
whose builders take it are built with it (:func:`proofs.build`); no module is patched,
so the rest of the code keeps the correct functions. A mutant that no law and no proof
step notices means the checks are too weak.

Each planted solver (:data:`PLANTED_SOLVERS`) is a whole solver of lines with a bug,
built from the port's open recursion (:func:`fsudoku.sarkar1.solve_with`,
:func:`fsudoku.bird.search_with`) with one function of the record it calls
(:class:`fsudoku.sarkar1.SolveParts`, :class:`fsudoku.bird.SearchParts`) replaced;
:func:`fsudoku.testing.check_solver`, pointed at it with the right ``order``,
must report it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from itertools import islice
from typing import Literal, TypeVar

from returns.maybe import Maybe, Nothing, Some

from fsudoku import bird, sarkar1, sarkar2
from fsudoku.base.names import SarkarRule
from fsudoku.cell import Cell, Grid, Possible, Row
from fsudoku.fp import fix, fix_m, traverse
from fsudoku.grid_io import read_grid, show_line
from fsudoku.run.trace import recursion_limit
from fsudoku.testing import (
    FSUDOKU,
    KINDS,
    LAWS,
    Kind,
    Law,
    LineSolver,
    Order,
    Parts,
    SolverDisagrees,
    SolverFailed,
    check_solver,
)
from fsudoku.tz import concat, transpose
from proofs import THEOREMS, build, parameters
from proofs.chain import check_step
from proofs.law_checks import law_failure, laws_using

A = TypeVar("A")


# --------------------------------------------------------------------------- mutants


def boxs_swapping_two_cells(m: bird.Matrix[A], n: int = 3) -> bird.Matrix[A]:
    """``boxs``, then the second cell of the first box swapped with the first of the second."""
    b = [list(row) for row in bird.boxs(m, n)]
    b[0][1], b[1][0] = b[1][0], b[0][1]
    return tuple(tuple(row) for row in b)


def boxs_swapping_within_a_box(m: bird.Matrix[A], n: int = 3) -> bird.Matrix[A]:
    """``boxs``, then the first two cells of the first box swapped.

    Still an involution (both cells are fixed points of ``boxs``), and every box keeps
    its cells: only a law that pins down where each cell goes can see it.
    """
    b = [list(row) for row in bird.boxs(m, n)]
    b[0][0], b[0][1] = b[0][1], b[0][0]
    return tuple(tuple(row) for row in b)


def prune_row_dropping_a_digit(r: bird.Row[str]) -> bird.Row[str]:
    """``pruneRow``, then the last choice of the first cell with several choices dropped."""
    pruned = bird.prune_row(r)
    for i, cs in enumerate(pruned):
        if len(cs) > 1:
            return (*pruned[:i], cs[:-1], *pruned[i + 1 :])
    return pruned


def expand1_losing_a_choice(m: bird.Matrix[str]) -> list[bird.Matrix[str]]:
    """``expand1`` without its last matrix (the last choice of the cell it splits)."""
    return bird.expand1(m)[:-1]


def fix_m_stopping_early(f: Callable[[A], Maybe[A]], x: A) -> Maybe[A]:
    """``fixM`` that returns the value before the last change instead of the fixed point."""
    previous = x
    while True:
        result = f(x)
        if result is Nothing:
            return Nothing
        x_new = result.unwrap()
        if x_new == x:
            return Some(previous)
        previous, x = x, x_new


def many_stopping_early(f: Callable[[A], A], x: A) -> A:
    """``many`` that returns the value before the last change instead of the fixed point."""
    previous = x
    while True:
        y = f(x)
        if x == y:
            return previous
        previous, x = x, y


def prune_grid_once_reversed(
    grid: Grid, prune_cells: sarkar1.PruneCells = sarkar1.prune_cells
) -> Maybe[Grid]:
    """``pruneGrid'`` with its three passes in reverse order: sub-grids, columns, rows.

    The grid it settles to is the same (each pass only removes digits, so the fixed
    point does not depend on their order); the grids met on the way, and so a
    search's node count, may differ.
    """
    return (
        traverse(prune_cells, sarkar1.sub_grids_to_rows(grid))
        .map(sarkar1.sub_grids_to_rows)
        .bind(lambda g: traverse(prune_cells, transpose(g)).map(transpose))
        .bind(lambda g: traverse(prune_cells, g))
    )


def prune_cells_dropping_a_digit(cells: Row) -> Maybe[Row]:
    """#1's ``pruneCells``, then the last digit of the first cell with 3 or more dropped."""

    def drop(row: Row) -> Row:
        for i, cell in enumerate(row):
            if isinstance(cell, Possible) and len(cell.values) >= 3:
                shorter: Cell = Possible(cell.values[:-1])
                return (*row[:i], shorter, *row[i + 1 :])
        return row

    return sarkar1.prune_cells(cells).map(drop)


@dataclass(frozen=True)
class Mutant:
    """A planted bug: the record of parts with a wrong function in place of one of them."""

    name: str
    bug: str
    parts: Parts

    @property
    def replaced(self) -> frozenset[str]:
        """The names of the parts that differ from fsudoku's own."""
        return frozenset(self.parts.replaced())


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "boxs_swap",
        "boxs swaps two cells (box 1 cell 2 <-> box 2 cell 1)",
        replace(FSUDOKU, boxs=boxs_swapping_two_cells),
    ),
    Mutant(
        "boxs_swap_inside",
        "boxs swaps the first two cells of the first box (still an involution)",
        replace(FSUDOKU, boxs=boxs_swapping_within_a_box),
    ),
    Mutant(
        "prune_row_drop",
        "pruneRow drops one extra digit (last choice of the first open cell)",
        replace(FSUDOKU, prune_row=prune_row_dropping_a_digit),
    ),
    Mutant(
        "expand1_lose",
        "expand1 loses a choice (its last matrix)",
        replace(FSUDOKU, expand1=expand1_losing_a_choice),
    ),
    Mutant(
        "fix_m_early",
        "fixM stops one step early (returns the value before the last change)",
        replace(FSUDOKU, fix_m=fix_m_stopping_early),
    ),
    Mutant(
        "many_early",
        "many stops one step early (returns the value before the last change)",
        replace(FSUDOKU, many=many_stopping_early),
    ),
    Mutant(
        "prune_grid_order",
        "pruneGrid' prunes the sub-grids, then the columns, then the rows",
        replace(FSUDOKU, prune_grid_once=prune_grid_once_reversed),
    ),
    Mutant(
        "prune_cells_drop",
        "pruneCells drops one extra digit (the last of the first cell with 3 or more)",
        replace(FSUDOKU, prune_cells=prune_cells_dropping_a_digit),
    ),
)


# ---------------------------------------------------------------------------- runner

MUTANT_EXAMPLES = 15
"""Examples per proof step (at most) when running mutants.

Each law tries its own number (:attr:`fsudoku.testing.Law.examples`: laws are
cheap, and stop at the first counterexample).
"""


@dataclass(frozen=True)
class Catch:
    """A law or proof step that failed with the mutant in place."""

    kind: Literal["law", "proof"]
    where: str
    detail: str


@dataclass(frozen=True)
class MutantReport:
    """What was run with a mutant, and what caught it."""

    mutant: Mutant
    checked: tuple[str, ...]
    catches: tuple[Catch, ...] = field(default=())

    @property
    def caught(self) -> bool:
        """Whether at least one law or proof step failed."""
        return bool(self.catches)


def run_mutant(
    mutant: Mutant,
    *,
    first_only: bool = False,
    max_examples: int | None = None,
    derandomize: bool = False,
    laws: Sequence[Law] = LAWS,
) -> MutantReport:
    """Check every law and proof step that uses a replaced part, with the mutant's record.

    A proof's steps are checked when its builder takes a replaced part.

    With ``first_only`` the run stops at the first catch (enough to know it is caught).
    """
    checked: list[str] = []
    catches: list[Catch] = []
    for law in laws_using(mutant.replaced, laws):
        checked.append(f"law {law.name}")
        failure = law_failure(law, mutant.parts, max_examples, derandomize)
        if failure is not None:
            catches.append(Catch("law", f"{law.name}: {law.statement}", failure))
            if first_only:
                return MutantReport(mutant, tuple(checked), tuple(catches))
    for _, builder in THEOREMS:
        if not mutant.replaced & parameters(builder):
            continue
        for proof in build(builder, mutant.parts):
            checked.append(f"proof {proof.name}")
            for index in range(1, len(proof.steps)):
                result = check_step(
                    proof,
                    index,
                    max_examples or min(proof.max_examples, MUTANT_EXAMPLES),
                    shrink=False,
                    derandomize=derandomize,
                )
                if result.ok:
                    continue
                detail = str(result.failure) if result.failure is not None else result.error
                catches.append(
                    Catch("proof", f"{proof.name} step {index} {{{result.hint}}}", detail)
                )
                if first_only:
                    return MutantReport(mutant, tuple(checked), tuple(catches))
    return MutantReport(mutant, tuple(checked), tuple(catches))


def run_mutants(
    mutants: Sequence[Mutant] = MUTANTS,
    *,
    first_only: bool = False,
    max_examples: int | None = None,
    derandomize: bool = False,
) -> tuple[MutantReport, ...]:
    """Run every mutant."""
    return tuple(
        run_mutant(m, first_only=first_only, max_examples=max_examples, derandomize=derandomize)
        for m in mutants
    )


def _count(k: int, noun: str) -> str:
    """``1 law``, ``2 laws``."""
    return f"{k} {noun}" if k == 1 else f"{k} {noun}s"


def render_table(reports: Sequence[MutantReport]) -> str:
    """A table mutant -> the laws and proof steps that caught it."""
    lines: list[str] = []
    for report in reports:
        verdict = "caught" if report.caught else "SURVIVED"
        taking = ", ".join(f"`{name}`" for name in sorted(report.mutant.replaced))
        laws = sum(c.startswith("law ") for c in report.checked)
        lines.append(f"{report.mutant.name:<16} {verdict}: {report.mutant.bug}")
        proofs = len(report.checked) - laws
        lines.append(
            f"{'':<16} checked {_count(laws, 'law')} and {_count(proofs, 'proof')} using {taking}"
        )
        for catch in report.catches:
            looped = "  (no value: the loop never settles)" if "Diverged" in catch.detail else ""
            lines.append(f"{'':<16}   ✗ {catch.kind} {catch.where}{looped}")
        if not report.checked:
            lines.append(f"{'':<16}   (no law or proof uses {taking})")
    return "\n".join(lines)


def render_summary(reports: Sequence[MutantReport]) -> str:
    """One line per mutant: what it replaces, and how many laws and proof steps caught it."""
    lines = [f"{'mutant':<18} {'replaces':<16} {'laws':>9} {'proof steps':>12}  verdict"]
    for report in reports:
        laws_checked = sum(c.startswith("law ") for c in report.checked)
        laws_caught = sum(c.kind == "law" for c in report.catches)
        steps_caught = len(report.catches) - laws_caught
        lines.append(
            f"{report.mutant.name:<18} {', '.join(sorted(report.mutant.replaced)):<16} "
            f"{f'{laws_caught}/{laws_checked}':>9} {steps_caught:>12}  "
            + ("caught" if report.caught else "SURVIVED")
        )
    return "\n".join(lines)


# ------------------------------------------------------------- planted-bug solvers


def next_grids_last_tie(grid: Grid) -> tuple[Grid, Grid]:
    """``nextGrids`` that splits the last cell of fewest possibilities when there are 3 or more.

    The reference splits the first such cell; with 2 possibilities this one does too.
    """
    open_cells = [ic for ic in enumerate(concat(grid)) if sarkar1.is_possible(ic[1])]
    fewest = min(sarkar1.possibility_count(c) for _, c in open_cells)
    ties = [ic for ic in open_cells if sarkar1.possibility_count(ic[1]) == fewest]
    i, first, rest = sarkar1.fix_cell(ties[-1] if fewest >= 3 else ties[0])
    return sarkar1.replace_2d(i, first, grid), sarkar1.replace_2d(i, rest, grid)


def sarkar_line_solver(solve: sarkar1.Solve) -> Callable[[str], str | None]:
    """The line solver of a Sarkar search: ``readGrid``, the search, the solution's line."""

    def solve_line(line: str) -> str | None:
        with recursion_limit():
            return read_grid(line).bind(solve).map(show_line).value_or(None)

    return solve_line


def sarkar_solver(parts: sarkar1.SolveParts = sarkar1.SOLVE_PARTS) -> Callable[[str], str | None]:
    """Sarkar's search with these parts, tied, as a line solver.

    The knot is :func:`fsudoku.sarkar1.solve_with`; a planted bug is a record of parts
    with one function replaced.
    """
    return sarkar_line_solver(fix(lambda self: sarkar1.solve_with(self, parts)))


def sarkar_second_solution(line: str) -> str | None:
    """Sarkar #1's search that goes past its first solution to the next one.

    The first is kept when there is only one: the recursive call hides the first solution
    it meets.
    """

    def hiding_first(parts: sarkar1.SolveParts) -> sarkar1.Solve:
        hidden = False

        def hide(body: sarkar1.Solve, grid: Grid) -> Maybe[Grid]:
            nonlocal hidden
            found = body(grid)
            if found is not Nothing and not hidden:  # the innermost node that found it
                hidden = True
                return Nothing
            return found

        return fix(lambda self: partial(hide, sarkar1.solve_with(self, parts)))

    second = sarkar_line_solver(hiding_first(sarkar1.SOLVE_PARTS))(line)
    return second if second is not None else sarkar_solver()(line)


def bird_choices_reversed(line: str) -> Maybe[str]:
    """Bird's search trying the choices of the cell it splits last to first (a ``Maybe`` solver)."""

    def expand1_reversed(m: bird.Matrix[str]) -> list[bird.Matrix[str]]:
        return bird.expand1(m)[::-1]

    parts = bird.SearchParts(expand1=expand1_reversed)
    search = fix(lambda self: bird.search_with(self, 3, parts))
    if read_grid(line) is Nothing:
        return Nothing
    with recursion_limit():
        first = list(islice(search(bird.choices(bird.s2g(line.replace(".", "0")))), 1))
    return Some("".join(bird.ungroup(first[0]))) if first else Nothing


def lenient_reader(line: str) -> str | None:
    """Sarkar #2's solver reading any line: its first 81 characters, padded with blanks.

    Anything but ``1``-``9`` is a blank (#2's pruner: quick on the puzzles that makes).
    """
    cells = "".join(c if c in "123456789" else "." for c in line[:81]).ljust(81, ".")
    return sarkar_solver(sarkar1.SolveParts(prune_grid=sarkar2.prune_grid))(cells)


@dataclass(frozen=True)
class PlantedSolver:
    """A solver of lines with a planted bug, and how ``check_solver`` is pointed at it."""

    name: str
    bug: str
    solve: LineSolver
    order: Order
    rule: SarkarRule | None = None
    kinds: tuple[Kind, ...] | None = None
    """The kinds of lines that show the bug (``None``: all)."""
    equivalent: str = ""
    """Why ``check_solver`` cannot see it, and what catches it instead.

    ``check_solver`` cannot see a bug that answers as the reference does; this is empty
    for a bug ``check_solver`` reports.
    """


PLANTED_SOLVERS: tuple[PlantedSolver, ...] = (
    PlantedSolver(
        "second_solution",
        "Sarkar #1's search returning its second solution instead of its first",
        sarkar_second_solution,
        "sarkar",
        kinds=("several", "sparse"),
    ),
    PlantedSolver(
        "bird_reversed",
        "Bird's search trying the choices of a split cell in reverse order",
        bird_choices_reversed,
        "bird",
        kinds=("several", "sparse"),
    ),
    PlantedSolver(
        "no_dead_end_test",
        "Sarkar #1's search without isGridInvalid: a grid with a repeated digit is an answer",
        sarkar_solver(sarkar1.SolveParts(is_grid_invalid=lambda g: False)),
        "any",
        kinds=("repeated_clue", "no_solution"),
    ),
    PlantedSolver(
        "lenient_reader",
        "Sarkar #2's solver reading lines that are not puzzles (bad characters are blanks)",
        lenient_reader,
        "any",
        kinds=("invalid",),
    ),
    PlantedSolver(
        "last_tie",
        "Sarkar #1's nextGrids splitting the last of the cells with the fewest "
        "possibilities when that is 3 or more",
        sarkar_solver(sarkar1.SolveParts(next_grids=next_grids_last_tie)),
        "sarkar",
        kinds=("sparse", "empty"),
    ),
    PlantedSolver(
        "passes_reversed",
        "Sarkar #1's pruneGrid' pruning the sub-grids, then the columns, then the rows",
        sarkar_solver(sarkar1.SolveParts(prune_grid=partial(fix_m, prune_grid_once_reversed))),
        "sarkar",
        equivalent="each pass only removes digits, so every node settles to the same grid "
        "and the search finds the same first solution (only node counts can differ): "
        "the law prune_grid_once_definition catches it (mutant prune_grid_order)",
    ),
)
"""The planted-bug solvers, and the ``order`` (and kinds of lines) that show each."""


def planted_solver_failure(
    planted: PlantedSolver,
    *,
    max_examples: int | None = None,
    shrink: bool = False,
    derandomize: bool = True,
) -> SolverDisagrees | None:
    """What ``check_solver`` reports for a planted solver: its first failing kind.

    ``None`` when it finds no disagreement. The solvers read ``.`` blanks only, and the
    public hard sets are left out (Sarkar #1 takes minutes on some).
    """
    try:
        check_solver(
            planted.solve,
            order=planted.order,
            rule=planted.rule,
            kinds=planted.kinds or [k for k in KINDS if k != "hard"],
            max_examples=max_examples,
            shrink=shrink,
            derandomize=derandomize,
            blanks=".",
        )
    except SolverFailed as failed:
        return failed.failures[0]
    return None
