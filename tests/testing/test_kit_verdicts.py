"""The kit's own verdicts: ``check_solver`` rejects every kind of wrong answer under every
``order``, and its message names the fault (the unit that repeats a digit, the clue
changed, the length, the character that is not a digit); it rejects an answer to a puzzle
with no solution, a refusal of a puzzle with one, an exception and an answer of no known
shape. A correct solver passes under every order, and a solution other than the search's
first passes ``order="any"`` only. ``check_counter`` rejects a listed answer that is not
a solution, a solution listed twice and a count that is off.

Every check is seeded and does not shrink (the first failing line is reported), so that it
is quick and the same on every run; the messages are checked against the line and the
answer, not against stored text."""

from __future__ import annotations

import importlib.util
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from fsudoku.base.names import SolverName
from fsudoku.pe96.dlx import exact_covers
from fsudoku.run.registry import solve_line
from fsudoku.testing import (
    KINDS,
    ORDERS,
    CounterDisagrees,
    Kind,
    Order,
    SolverDisagrees,
    SolverFailed,
    check_counter,
    check_solver,
)

HERE = Path(__file__).parent
_spec = importlib.util.spec_from_file_location("buggy_solvers", HERE / "buggy_solvers.py")
assert _spec is not None and _spec.loader is not None
buggy = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("buggy_solvers", buggy)
_spec.loader.exec_module(buggy)

SEED = 0
DIGITS = "123456789"
NEXT = str.maketrans(DIGITS, "234567891")
"""Each digit relabelled as the next (9 as 1): a solved grid stays solved, every clue changes."""

UNITS: dict[str, tuple[tuple[int, ...], ...]] = {
    "row": buggy.ROWS,
    "column": buggy.COLS,
    "box": buggy.BOXES,
}
PATTERN = "".join(DIGITS[(3 * r + r // 3 + c) % 9] for r in range(9) for c in range(9))
"""A solved grid that none of the kit's puzzles come from: the rows of 1 to 9, each
shifted by 3 (by 4 between bands)."""
SOLVABLE: tuple[Kind, ...] = ("unique", "several")
"""The kinds with one solution, and with several (the empty grid is tried where it tells more)."""
UNSOLVABLE: tuple[Kind, ...] = ("no_solution", "repeated_clue")
REFERENCES: dict[Order, SolverName] = {"any": "dlx", "sarkar": "simple", "bird": "bird"}
"""The registry's solver whose first solution each order expects of a puzzle with several."""


def rejected(
    solve: Callable[[Any], object], order: Order, kinds: tuple[Kind, ...], **options: Any
) -> dict[Kind, SolverDisagrees]:
    """The failure of each kind, every one of which must fail."""
    with pytest.raises(SolverFailed) as raised:
        check_solver(
            solve,
            order=order,
            kinds=kinds,
            max_examples=4 * len(kinds),
            shrink=False,
            **({"seed": SEED, "timeout": None} | options),
        )
    failed = raised.value
    found = {f.kind: f for f in failed.failures}
    ordered = [k for k in KINDS if k in kinds]
    assert list(found) == ordered, f"passed: {sorted(set(kinds) - set(found))}\n{failed}"
    head = f"solver {failed.name} fails {len(kinds)} of {len(kinds)} kinds: {', '.join(ordered)}"
    assert str(failed).startswith(head + "\n"), str(failed)
    return found


def passes(solve: Callable[[Any], object], order: Order, kinds: tuple[Kind, ...]) -> None:
    """The check passes every kind."""
    check_solver(
        solve,
        order=order,
        kinds=kinds,
        max_examples=2 * len(kinds),
        shrink=False,
        seed=SEED,
        timeout=None,
    )


def cell(i: int) -> str:
    """A cell as the messages name it: ``r3c4``."""
    return f"r{i // 9 + 1}c{i % 9 + 1}"


def clues(line: str) -> list[int]:
    """The cells of the line's clues."""
    return [i for i, c in enumerate(line) if c in DIGITS]


def all_repeats(grid: str) -> list[tuple[str, int, str]]:
    """Every ``(unit kind, unit index, digit)`` where the unit holds the digit twice or more."""
    return [
        (kind, k, d)
        for kind, units in UNITS.items()
        for k, unit in enumerate(units)
        for d in DIGITS
        if sum(grid[i] == d for i in unit) > 1
    ]


REPEAT = re.compile(
    r"(?P<d>\d) in (?P<kind>row|column|box) (?P<k>\d)"
    r"(?P<span> \(rows \d-\d, columns \d-\d\))? \((?P<cells>[^()]*)\)"
)


def assert_a_true_repeat(text: str, grid: str) -> tuple[str, int, str]:
    """``text`` (``5 in row 3 (columns 2, 7)``) names a unit that repeats the digit in
    ``grid``, and exactly the cells that hold it there."""
    m = REPEAT.fullmatch(text)
    assert m, text
    d, kind, k = m["d"], m["kind"], int(m["k"]) - 1
    holding = [i for i in UNITS[kind][k] if grid[i] == d]
    assert len(holding) > 1, f"{text}: the {kind} holds {d} {len(holding)} times"
    if kind == "row":
        assert m["cells"] == "columns " + ", ".join(str(i % 9 + 1) for i in holding), text
    elif kind == "column":
        assert m["cells"] == "rows " + ", ".join(str(i // 9 + 1) for i in holding), text
    else:
        r, c = 3 * (k // 3) + 1, 3 * (k % 3) + 1
        assert m["span"] == f" (rows {r}-{r + 2}, columns {c}-{c + 2})", text
        assert m["cells"] == ", ".join(cell(i) for i in holding), text
    assert m["span"] is None or kind == "box", text
    return kind, k, d


def assert_true_repeats(findings: list[str], grid: str) -> None:
    """Each finding names a true repeat of the answer; the ones not named are counted."""
    named: list[tuple[str, int, str]] = []
    for finding in findings:
        more = re.fullmatch(r"and (\d+) more repeats of a digit in a unit", finding)
        if more:
            assert finding is findings[-1], findings
            assert len(named) + int(more[1]) == len(all_repeats(grid)), findings
            return
        assert finding.startswith("the answer repeats "), finding
        named.append(assert_a_true_repeat(finding.removeprefix("the answer repeats "), grid))
    assert sorted(named) == sorted(all_repeats(grid)), findings


def changed_clue_texts(line: str, answer: str) -> list[str]:
    """What the messages say of each clue the answer changed, in cell order."""
    return [
        f"the answer changes the clue {line[i]} at {cell(i)} to {answer[i]}"
        for i in clues(line)
        if answer[i] != line[i]
    ]


def malformed_cells_text(answer: str) -> str:
    """What the messages say of an answer of 81 characters, some not digits."""
    bad = [i for i, c in enumerate(answer) if c not in DIGITS]
    shown = ", ".join(f"{cell(i)} holds {answer[i]!r}" for i in bad[:3])
    more = f" and {len(bad) - 3} more cells" if len(bad) > 3 else ""
    return f"the answer is malformed: {shown}{more}, not a digit 1-9"


def marked(detail: str, i: int) -> bool:
    """Whether the answer's grid in a message marks cell ``i`` with ``*``."""
    rows = detail.splitlines()
    start = next(n for n, row in enumerate(rows) if row.startswith("answered (* wrong)")) + 1
    grid = [row[:28] for row in rows[start : start + 11] if not row.startswith("------")]
    r, c = divmod(i, 9)
    return grid[r][2 * c + 2 * (c // 3) + 1] == "*"


# --- the planted wrong answers ---------------------------------------------------------

Findings = Callable[[str, str, list[str], str], None]
"""Checks the findings of a message (each thing said to be wrong with the answer) given
the line, the answer and the message's detail."""


@dataclass(frozen=True)
class Wrong:
    """A kind of wrong answer: made from the line and its solution, the kinds it is tried
    on, and what its message must find."""

    name: str
    make: Callable[[str, str], str]
    kinds: tuple[Kind, ...]
    findings: Findings

    def solve(self, line: str) -> str | None:
        """The planted solver: the wrong answer, or ``None`` where there is no solution
        and the answer needs one."""
        solution = buggy.correct(line)
        if solution is None and not set(self.kinds) & set(UNSOLVABLE):
            return None
        return self.make(line, solution or "")


def clue_to_change(line: str) -> int | None:
    """The clue a planted solver changes: the first in a box off the diagonal (whose name
    tells its rows from its columns), else the first."""
    found = clues(line)
    off_diagonal = [i for i in found if i // 27 != i % 9 // 3]
    chosen = off_diagonal or found
    return chosen[0] if chosen else None


def a_clue_changed(line: str, solution: str) -> str:
    """The solution with one clue of the line changed to the next digit."""
    i = clue_to_change(line)
    if i is None:
        return solution
    return solution[:i] + solution[i].translate(NEXT) + solution[i + 1 :]


def zero_for_first_blank(line: str, solution: str) -> str:
    """The solution with the line's first blank left as ``0``."""
    i = line.find(".")
    if i < 0:
        return solution
    return solution[:i] + "0" + solution[i + 1 :]


def repeats_only(line: str, answer: str, findings: list[str], detail: str) -> None:
    """All blanks 1: the message names repeats of the answer, and only true ones."""
    assert findings[0].startswith("the answer repeats "), findings
    assert_true_repeats(findings, answer)


def one_changed_clue(line: str, answer: str, findings: list[str], detail: str) -> None:
    """One clue changed: named first, by its cell, then the three units that now repeat
    the digit written there; the cell is marked in the answer's grid."""
    i = clue_to_change(line)
    assert i is not None, line
    assert findings[0] == f"the answer changes the clue {line[i]} at {cell(i)} to {answer[i]}"
    assert_true_repeats(findings[1:], answer)
    box = 3 * (i // 27) + i % 9 // 3
    units = {("row", i // 9, answer[i]), ("column", i % 9, answer[i]), ("box", box, answer[i])}
    assert set(all_repeats(answer)) == units, findings
    assert marked(detail, i), detail


def only_changed_clues(line: str, answer: str, findings: list[str], detail: str) -> None:
    """A valid grid of another puzzle: each changed clue named, no repeat."""
    assert findings == changed_clue_texts(line, answer), findings
    assert all(marked(detail, i) for i in clues(line) if answer[i] != line[i]), detail


def length(n: int) -> Findings:
    """An answer of ``n`` characters: that, and nothing else."""

    def only_the_length(line: str, answer: str, findings: list[str], detail: str) -> None:
        assert len(answer) == n
        assert findings == [f"the answer is malformed: {n} characters, not 81"], findings

    return only_the_length


def bad_characters(line: str, answer: str, findings: list[str], detail: str) -> None:
    """Characters that are not digits: the cells that hold them, with what they hold;
    then the repeats of the puzzle's own clues, if any (a full grid given back as it is
    has only those)."""
    if any(c not in DIGITS for c in answer):
        assert findings[0] == malformed_cells_text(answer), findings
        findings = findings[1:]
    assert_true_repeats(findings, answer)


WRONG = (
    Wrong(
        "every_blank_1",
        lambda line, solution: line.replace(".", "1"),
        (*SOLVABLE, *UNSOLVABLE),
        repeats_only,
    ),
    Wrong("a_clue_changed", a_clue_changed, ("unique", "several"), one_changed_clue),
    Wrong(
        "digits_relabelled",
        lambda line, solution: solution.translate(NEXT),
        ("unique", "several"),
        only_changed_clues,
    ),
    Wrong(
        "another_puzzles_solution",
        lambda line, solution: PATTERN,
        ("unique", "several", *UNSOLVABLE),
        only_changed_clues,
    ),
    Wrong("one_cell_short", lambda line, solution: solution[:80], SOLVABLE, length(80)),
    Wrong("one_cell_long", lambda line, solution: solution + solution[80], SOLVABLE, length(82)),
    Wrong("a_blank_left_0", zero_for_first_blank, SOLVABLE, bad_characters),
    Wrong(
        "the_puzzle_unsolved",
        lambda line, solution: line,
        (*SOLVABLE, *UNSOLVABLE),
        bad_characters,
    ),
)


def expected_text(kind: Kind, order: Order) -> str:
    """What the message says was expected of a line of the kind."""
    if kind in UNSOLVABLE:
        return "None: the puzzle has no solution"
    if kind == "unique":
        return "the puzzle's one solution"
    if order == "any":
        return "a solution (the puzzle has several: any will do)"
    return f"the first solution of {REFERENCES[order]}'s search (the puzzle has several)"


def assert_no_solution_problem(problem: str, line: str) -> None:
    """The problem of an answer to a puzzle with no solution: that, and for a puzzle whose
    clues repeat, each repeat (checked against the line)."""
    said = "answered a puzzle that has no solution"
    if not all_repeats(line):
        assert problem == said
        return
    opening = f"{said} (the clues repeat "
    assert problem.startswith(opening) and problem.endswith(")"), problem
    parts = problem.removeprefix(opening).removesuffix(")").split("; ")
    named = [assert_a_true_repeat(part, line) for part in parts]
    assert sorted(named) == sorted(all_repeats(line)), problem


def findings_of(failure: SolverDisagrees) -> list[str]:
    """What the message finds wrong with the answer: the problem (or, for a puzzle with no
    solution, what follows it), then the detail up to the grids."""
    lines = failure.detail.splitlines()
    end = next((n for n, row in enumerate(lines) if row.startswith("answered (* wrong)")), None)
    found = lines[:end]
    return found if failure.kind in UNSOLVABLE else [failure.problem, *found]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("wrong", WRONG, ids=[w.name for w in WRONG])
def test_a_wrong_answer_is_rejected_naming_its_fault(wrong: Wrong, order: Order) -> None:
    found = rejected(wrong.solve, order, wrong.kinds)
    for kind, failure in found.items():
        answer = wrong.solve(failure.line)
        assert isinstance(answer, str) and failure.answer == answer, failure
        message = str(failure)
        assert f"\n  answered  {answer!r}\n" in message, message
        assert f"\n  expected  {expected_text(kind, order)}\n" in message, message
        if kind in UNSOLVABLE:
            assert_no_solution_problem(failure.problem, failure.line)
        wrong.findings(failure.line, answer, findings_of(failure), failure.detail)


# --- no answer, an error, an answer of no known shape ------------------------------------


def refuses(line: str) -> None:
    """No solution, ever."""
    return None


def raises(line: str) -> str:
    """An exception, always."""
    raise ValueError("no answer here")


def returns_a_number(line: str) -> int:
    """Neither a line nor a grid."""
    return 42


@pytest.mark.parametrize("order", ORDERS)
def test_a_refusal_of_a_puzzle_with_a_solution_is_rejected(order: Order) -> None:
    for kind, failure in rejected(refuses, order, (*SOLVABLE, "empty")).items():
        assert failure.problem == "found no solution, but the puzzle has one", failure
        assert f"\n  expected  {expected_text(kind, order)}\n" in str(failure)
        reference = solve_line(REFERENCES[order] if kind != "unique" else "dlx", failure.line)
        head, *grid = failure.detail.splitlines()
        assert head == "reference", failure.detail
        assert re.sub(r"[^1-9]", "", "".join(grid)) == reference.solution, failure.detail


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize(
    ("solve", "problem"),
    [
        (raises, r"raised ValueError: no answer here \(at .*test_kit_verdicts\.py:\d+ in raises\)"),
        (
            returns_a_number,
            re.escape("returned 42: not a line, rows of digits, a dict of cells, None or a bool"),
        ),
    ],
    ids=["raises", "returns_a_number"],
)
def test_an_error_or_an_unreadable_answer_is_rejected_on_every_kind_of_puzzle(
    solve: Callable[[str], object], problem: str, order: Order
) -> None:
    for failure in rejected(solve, order, (*SOLVABLE, *UNSOLVABLE)).values():
        assert re.fullmatch(problem, failure.problem), failure
        assert failure.answer is None and failure.detail == ""


# --- other shapes, and the worker process ------------------------------------------------


def ones_in_the_same_shape(board: object) -> object:
    """Every blank (``0``) of a board of rows or a dict filled with 1, in the same shape."""
    if isinstance(board, dict):
        return {key: value or 1 for key, value in board.items()}
    assert isinstance(board, list)
    return [[value or 1 for value in row] for row in board]


@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("shape", ["rows", "dict"])
def test_a_wrong_answer_in_another_shape_is_rejected(shape: str, order: Order) -> None:
    kinds: tuple[Kind, ...] = ("several", "no_solution")
    for kind, failure in rejected(ones_in_the_same_shape, order, kinds, shape=shape).items():
        assert failure.answer == failure.line.replace(".", "1")
        if kind == "no_solution":
            assert_no_solution_problem(failure.problem, failure.line)
        repeats_only(failure.line, failure.answer, findings_of(failure), failure.detail)


def test_a_wrong_answer_is_rejected_the_same_from_a_worker_process() -> None:
    kinds: tuple[Kind, ...] = ("several", "repeated_clue")
    solve = WRONG[0].solve
    here = rejected(solve, "any", kinds)
    there = rejected(solve, "any", kinds, timeout=60.0)
    assert [(f.line, f.problem, f.detail) for f in here.values()] == [
        (f.line, f.problem, f.detail) for f in there.values()
    ]


# --- right answers -----------------------------------------------------------------------


def first_solution(order: Order) -> Callable[[str], str | None]:
    """A correct solver for the order: where a puzzle has several solutions, the first of
    the order's search (Sarkar's, Bird's; with ``any``, whichever the tests' own solver
    finds)."""

    def solve(line: str) -> str | None:
        solution: str | None = buggy.correct(line)
        if order == "any" or solution is None or len(solutions(solution_puzzle(line))) < 2:
            return solution
        return solve_line(REFERENCES[order], solution_puzzle(line)).solution

    solve.__qualname__ = f"first_solution({order!r})"
    return solve


def solution_puzzle(line: str) -> str:
    """The line with ``.`` blanks (for the registry's solvers)."""
    return line.replace("0", ".")


CHECKED: tuple[Kind, ...] = (
    "near_full",
    "full",
    "unique",
    "several",
    "no_solution",
    "repeated_clue",
    "invalid",
    "empty",
)
"""The kinds whose lines are quick to make and need no declaration: every verdict (one
solution, several, none, not a puzzle)."""


@pytest.mark.parametrize("order", ORDERS)
def test_a_correct_solver_passes_under_every_order(order: Order) -> None:
    passes(first_solution(order), order, CHECKED)


def another_solution(line: str, order: Order) -> str:
    """A solution of a puzzle with several, other than the first of the order's search."""
    puzzle = solution_puzzle(line)
    first = solve_line(REFERENCES[order], puzzle).solution
    assert first is not None, line
    for i, c in enumerate(puzzle):
        if c != ".":
            continue
        for d in DIGITS.replace(first[i], ""):
            other = solve_line("dlx", puzzle[:i] + d + puzzle[i + 1 :]).solution
            if other is not None:
                return other
    raise AssertionError(f"one solution only: {line}")


@pytest.mark.parametrize("order", ORDERS)
def test_a_solution_other_than_the_first_passes_under_any_only(order: Order) -> None:
    kinds: tuple[Kind, ...] = ("several", "empty")

    def not_the_first(line: str) -> str:
        return another_solution(line, order)

    if order == "any":
        passes(not_the_first, order, kinds)
        return
    for kind, failure in rejected(not_the_first, order, kinds).items():
        assert failure.problem == "a solution, but not the first one in this order", failure
        assert f"\n  expected  {expected_text(kind, order)}\n" in str(failure)
        first = solve_line(REFERENCES[order], failure.line).solution
        assert first is not None and failure.answer is not None
        differ = sum(a != b for a, b in zip(failure.answer, first, strict=True))
        head, *grids = failure.detail.splitlines()
        assert head.split() == ["answered", "expected"], failure.detail
        assert failure.detail.count("*") == 2 * differ > 0, failure.detail
        left = "".join(row[:28] for row in grids if not row.startswith("---"))
        assert re.sub(r"[^1-9]", "", left) == failure.answer, failure.detail
        right = "".join(row[28:] for row in grids if not row.startswith("---"))
        assert re.sub(r"[^1-9]", "", right) == first, failure.detail


# --- check_counter ----------------------------------------------------------------------


def counter_failure(count: Callable[[str], object]) -> CounterDisagrees:
    """What ``check_counter`` reports of the counter (it must report something)."""
    with pytest.raises(CounterDisagrees) as raised:
        check_counter(count, max_examples=12, seed=SEED, timeout=None, shrink=False)
    return raised.value


def solutions(line: str) -> list[str]:
    """Every solution of a line (the kit's puzzles have at most 20)."""
    return exact_covers(line, limit=21)[0]


@pytest.mark.parametrize("wrong", WRONG, ids=[w.name for w in WRONG])
def test_check_counter_rejects_a_listed_answer_that_is_not_a_solution(wrong: Wrong) -> None:
    def lists(line: str) -> list[str]:
        found = solutions(line)
        return [wrong.make(line, s) if n == 0 else s for n, s in enumerate(found)]

    failure = counter_failure(lists)
    listed = lists(failure.line)
    assert failure.count == len(listed) > 0
    assert failure.problem == (
        f"listed {len(listed)} solutions; number 1 is not a solution: {listed[0]!r}"
    )
    assert failure.called.answer == listed
    assert f"\n  wrong     {failure.problem}\n" in str(failure)


@pytest.mark.parametrize(
    ("count", "problem"),
    [
        (
            lambda line: [*solutions(line), *solutions(line)[:1]],
            "listed {n1} solutions, some twice ({n} distinct)",
        ),
        (lambda line: solutions(line)[1:], "listed {n_1} solutions"),
        (lambda line: len(solutions(line)) + 1, "counted {n1}"),
    ],
    ids=["one_listed_twice", "one_left_out", "one_too_many"],
)
def test_check_counter_rejects_a_count_that_is_off(
    count: Callable[[str], object], problem: str
) -> None:
    failure = counter_failure(count)
    n = len(solutions(failure.line))
    assert failure.count == n
    assert failure.problem == problem.format(n=n, n1=n + 1, n_1=n - 1), failure
