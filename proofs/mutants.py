"""Planted bugs, and the laws and proof steps that catch them.

Each mutant is a wrong version of one function under test. It is substituted through
the keyword parameters of the proofs' builders (and of the law functions of
:mod:`fsudoku.testing.laws`, when present), never by patching a module: the rest of the code
keeps the correct functions. A mutant that no law and no proof step notices means the
checks are too weak.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, TypeVar

from returns.maybe import Maybe, Nothing, Some

from fsudoku import bird
from proofs import THEOREMS, parameters
from proofs.chain import check_step
from proofs.law_checks import LAW_CHECKS, LawCheck

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


@dataclass(frozen=True)
class Mutant:
    """A planted bug: the wrong ``function`` given for the parameter ``parameter``."""

    name: str
    bug: str
    parameter: str
    function: Callable[..., Any]


MUTANTS: tuple[Mutant, ...] = (
    Mutant(
        "boxs_swap",
        "boxs swaps two cells (box 1 cell 2 <-> box 2 cell 1)",
        "boxs",
        boxs_swapping_two_cells,
    ),
    Mutant(
        "boxs_swap_inside",
        "boxs swaps the first two cells of the first box (still an involution)",
        "boxs",
        boxs_swapping_within_a_box,
    ),
    Mutant(
        "prune_row_drop",
        "pruneRow drops one extra digit (last choice of the first open cell)",
        "prune_row",
        prune_row_dropping_a_digit,
    ),
    Mutant(
        "expand1_lose",
        "expand1 loses a choice (its last matrix)",
        "expand1",
        expand1_losing_a_choice,
    ),
    Mutant(
        "fix_m_early",
        "fixM stops one step early (returns the value before the last change)",
        "fix_m",
        fix_m_stopping_early,
    ),
    Mutant(
        "many_early",
        "many stops one step early (returns the value before the last change)",
        "many",
        many_stopping_early,
    ),
)


# ---------------------------------------------------------------------------- runner

MUTANT_EXAMPLES = 15
"""Examples per proof step (at most) and per law when running mutants."""


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
    laws: Sequence[LawCheck] = LAW_CHECKS,
) -> MutantReport:
    """Run every law and proof that takes the mutant's parameter, with the mutant.

    With ``first_only`` the run stops at the first catch (enough to know it is caught).
    """
    checked: list[str] = []
    catches: list[Catch] = []
    for law in laws:
        if mutant.parameter not in law.parameters:
            continue
        checked.append(f"law {law.name}")
        failure = law.run(
            {mutant.parameter: mutant.function}, max_examples or MUTANT_EXAMPLES, derandomize
        )
        if failure is not None:
            catches.append(Catch("law", law.name, failure))
            if first_only:
                return MutantReport(mutant, tuple(checked), tuple(catches))
    for _, builder in THEOREMS:
        if mutant.parameter not in parameters(builder):
            continue
        for proof in builder(**{mutant.parameter: mutant.function}):
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


def render_table(reports: Sequence[MutantReport]) -> str:
    """A table mutant -> the laws and proof steps that caught it."""
    lines: list[str] = []
    for report in reports:
        verdict = "caught" if report.caught else "SURVIVED"
        lines.append(f"{report.mutant.name:<16} {verdict}: {report.mutant.bug}")
        lines.append(
            f"{'':<16} ran {len(report.checked)} checks taking `{report.mutant.parameter}`"
        )
        for catch in report.catches:
            looped = "  (no value: the loop never settles)" if "Diverged" in catch.detail else ""
            lines.append(f"{'':<16}   ✗ {catch.kind} {catch.where}{looped}")
        if not report.checked:
            lines.append(f"{'':<16}   (nothing takes `{report.mutant.parameter}` as a parameter)")
    return "\n".join(lines)
