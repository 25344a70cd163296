"""Planted bugs, and the laws and proof steps that catch them.

Each mutant is the record of functions under test, :data:`fsudoku.testing.laws.FSUDOKU`,
with one function replaced by a wrong version. The laws of :mod:`fsudoku.testing.laws`
that use it are checked for that record (:mod:`proofs.law_checks`), and the proofs
whose builders take it are built with it (:func:`proofs.build`); no module is patched,
so the rest of the code keeps the correct functions. A mutant that no law and no proof
step notices means the checks are too weak.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal, TypeVar

from returns.maybe import Maybe, Nothing, Some

from fsudoku import bird
from fsudoku.testing.laws import FSUDOKU, LAWS, Law, Parts
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
)


# ---------------------------------------------------------------------------- runner

MUTANT_EXAMPLES = 15
"""Examples per proof step (at most) when running mutants; each law tries its own number
(:attr:`fsudoku.testing.laws.Law.examples`: laws are cheap, and stop at the first
counterexample)."""


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
    """Check every law that uses a replaced part, and every step of every proof whose
    builder takes one, with the mutant's record.

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
    lines = [f"{'mutant':<18} {'replaces':<12} {'laws':>9} {'proof steps':>12}  verdict"]
    for report in reports:
        laws_checked = sum(c.startswith("law ") for c in report.checked)
        laws_caught = sum(c.kind == "law" for c in report.catches)
        steps_caught = len(report.catches) - laws_caught
        lines.append(
            f"{report.mutant.name:<18} {', '.join(sorted(report.mutant.replaced)):<12} "
            f"{f'{laws_caught}/{laws_checked}':>9} {steps_caught:>12}  "
            + ("caught" if report.caught else "SURVIVED")
        )
    return "\n".join(lines)
