"""``check_solver``: fsudoku's own solvers pass it, every planted-bug solver fails it,
its counterexamples shrink to small puzzles, and its strategies give what they promise.

The planted solvers are those of ``proofs.mutants`` (``PLANTED_SOLVERS``); each is
checked with the ``order`` (and the kinds of lines) that show its bug.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from returns.maybe import Maybe, Nothing

from fsudoku import count_solutions, sarkar1
from fsudoku.base.names import SolverName
from fsudoku.base.oracle import is_solution
from fsudoku.fp import fix_m
from fsudoku.grid_io import is_puzzle, read_grid, show_line
from fsudoku.run.registry import solve_line
from fsudoku.testing import kit, laws
from fsudoku.testing.kit import (
    KINDS,
    Order,
    Rule,
    SolverDisagrees,
    check_law,
    check_solver,
    solver_lines,
)
from fsudoku.testing.strategies import (
    ambiguous_puzzles,
    invalid_lines,
    unique_puzzles,
    unsolvable_puzzles,
)
from proofs import mutants
from proofs.mutants import MUTANTS, PLANTED_SOLVERS, PlantedSolver, planted_solver_failure

EXAMPLES = 64
"""Lines per check of a solver that should pass (8 of each kind; the reference runs on each)."""


def registry_solver(name: SolverName) -> Callable[[str], str | None]:
    """fsudoku's solver ``name`` as a function of a line."""

    def solve(line: str) -> str | None:
        return solve_line(name, line).solution

    solve.__qualname__ = f"registry_solver({name!r})"
    return solve


# --- fsudoku's own solvers pass ------------------------------------------------------

OWN: list[tuple[SolverName, Order, Rule | None]] = [
    ("norvig", "any", None),
    ("dlx", "any", None),
    ("mrv", "any", None),
    ("simple", "sarkar", None),
    ("exclusives", "sarkar", "exclusives"),
    ("exclusives-sets", "sarkar", "exclusives-sets"),
    ("bird", "bird", None),
    ("simple", "any", None),
]


@pytest.mark.parametrize(("name", "order", "rule"), OWN, ids=[f"{n}-{o}" for n, o, _ in OWN])
def test_fsudoku_solvers_pass(name: SolverName, order: Order, rule: Rule | None) -> None:
    check_solver(registry_solver(name), order=order, rule=rule, max_examples=EXAMPLES)


def test_a_maybe_solver_passes() -> None:
    """A solver returning ``Maybe[str]`` is read by its values: ``Some`` and ``Nothing``."""

    def solve(line: str) -> Maybe[str]:
        return read_grid(line).bind(sarkar1.solve).map(show_line)

    assert solve("not a puzzle") == Nothing
    check_solver(solve, order="sarkar", max_examples=EXAMPLES)


def test_the_fast_engine_passes_with_its_rule() -> None:
    from fsudoku import fast

    def solve(line: str) -> str | None:
        found = fast.solve_one(line, "exclusives")
        return None if found is None else found.solution

    check_solver(solve, order="sarkar", rule="exclusives", max_examples=EXAMPLES)


# --- the order matters ---------------------------------------------------------------


def test_sarkar_and_bird_find_different_first_solutions() -> None:
    """Sarkar #1's first solution is not Bird's: each fails the other's order."""
    pairs: list[tuple[SolverName, Order]] = [("simple", "bird"), ("bird", "sarkar")]
    for name, order in pairs:
        with pytest.raises(SolverDisagrees, match="not the first one in this order"):
            check_solver(
                registry_solver(name), order=order, kinds=["sparse"], max_examples=50, shrink=False
            )


@pytest.mark.parametrize(
    ("name", "rule"), [("exclusives-sets", "exclusives"), ("exclusives", "simple")]
)
def test_the_rule_decides_sarkars_first_solution(name: SolverName, rule: Rule) -> None:
    """Sarkar's rules prune differently, so their searches split other cells."""
    with pytest.raises(SolverDisagrees) as raised:
        check_solver(
            registry_solver(name),
            order="sarkar",
            rule=rule,
            kinds=["sparse"],
            max_examples=50,
            shrink=False,
        )
    assert raised.value.reference_name == rule
    assert count_solutions(raised.value.line, limit=2) == 2


# --- the planted bugs are caught -----------------------------------------------------

CAUGHT = [p for p in PLANTED_SOLVERS if not p.equivalent]


@pytest.mark.parametrize("planted", CAUGHT, ids=[p.name for p in CAUGHT])
def test_a_planted_solver_is_caught(planted: PlantedSolver) -> None:
    failure = planted_solver_failure(planted, max_examples=60)
    assert failure is not None, f"check_solver missed {planted.name}: {planted.bug}"
    # The report is true: the answer and the reference's are what they say.
    answer = kit._answer(planted.solve(failure.line))
    assert answer == failure.answer
    reference = solve_line(failure.reference_name, failure.line)
    assert reference == failure.reference
    if reference.solution is None:
        assert answer is not None
    elif planted.order == "any":
        assert answer is None or not is_solution(answer, failure.line)
    else:
        assert answer != reference.solution


@pytest.mark.parametrize("planted", CAUGHT, ids=[p.name for p in CAUGHT])
def test_a_planted_solver_is_caught_with_every_kind_of_line(planted: PlantedSolver) -> None:
    """Pointed at it without choosing the kinds of lines, check_solver still finds it."""
    with pytest.raises(SolverDisagrees):
        check_solver(planted.solve, order=planted.order, max_examples=100, shrink=False)


@pytest.mark.parametrize(
    "name", ["second_solution", "bird_reversed"], ids=["second_solution", "bird_reversed"]
)
def test_order_any_accepts_any_valid_solution(name: str) -> None:
    """Answering another solution than the reference's is right under order="any"."""
    planted = next(p for p in PLANTED_SOLVERS if p.name == name)
    check_solver(planted.solve, order="any", kinds=["several"], max_examples=30)


def test_reversing_the_passes_of_prune_grid_once_changes_no_answer() -> None:
    """The pass order is invisible to check_solver (the settled grids are the same) and
    caught by the law of pruneGrid's definition."""
    planted = next(p for p in PLANTED_SOLVERS if p.equivalent)
    assert planted.name == "passes_reversed"
    assert planted_solver_failure(planted, max_examples=EXAMPLES) is None
    mutant = next(m for m in MUTANTS if m.name == "prune_grid_order")
    with pytest.raises(kit.LawFailure, match="pruneGrid' = traverse pruneCells"):
        check_law(laws.prune_grid_once_definition, mutant.parts, max_examples=20)


@settings(max_examples=15)
@given(
    st.one_of(
        *(solver_lines(k, order="sarkar") for k in ("unique", "several", "no_solution", "sparse"))
    )
)
def test_the_open_body_with_the_ports_steps_is_sarkars_solve(line: str) -> None:
    """The planted solvers' Sarkar body, with the port's steps, finds what the port finds."""
    assert mutants.sarkar_solver()(line) == solve_line("simple", line).solution


SAMPLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
TWO_SOLUTIONS = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"
TWENTY_BLANKS = "69.7845124.7512.36.25..38.49..651487..8.47391.413986253194.52...5612.74..74836159"


def test_the_planted_steps_differ_from_the_ports() -> None:
    """The last-tie split differs only when the fewest possibilities is 3 or more; the
    reversed passes give another grid after one pass, the same one once settled."""
    empty = read_grid("." * 81).unwrap()
    assert mutants.next_grids_last_tie(empty) != sarkar1.next_grids(empty)
    settled = sarkar1.prune_grid(read_grid(TWO_SOLUTIONS).unwrap()).unwrap()
    assert mutants.next_grids_last_tie(settled) == sarkar1.next_grids(settled)  # ties of 2
    for line in (SAMPLE, TWENTY_BLANKS):
        grid = read_grid(line).unwrap()
        assert fix_m(mutants.prune_grid_once_reversed, grid) == sarkar1.prune_grid(grid)
    grid = read_grid(TWENTY_BLANKS).unwrap()
    assert mutants.prune_grid_once_reversed(grid) != sarkar1.prune_grid_once(grid)


# --- shrinking ---------------------------------------------------------------------


def test_counterexamples_shrink_to_small_puzzles() -> None:
    """The planted bugs' shrunk lines are small: a handful of blanks, or an empty line."""
    found: dict[str, SolverDisagrees] = {}
    for planted in PLANTED_SOLVERS:
        if planted.name in (
            "second_solution",
            "bird_reversed",
            "no_dead_end_test",
            "lenient_reader",
        ):
            failure = planted_solver_failure(planted, max_examples=100, shrink=True)
            assert failure is not None, planted.name
            found[planted.name] = failure
    for name in ("second_solution", "bird_reversed"):  # an unavoidable rectangle
        assert found[name].kind == "several" and found[name].blanks <= 10, found[name]
        assert found[name].clues >= 71 and count_solutions(found[name].line) == 2
    no_dead_end = found["no_dead_end_test"]  # a wrong clue whose peers are blank
    assert no_dead_end.kind == "no_solution" and no_dead_end.blanks <= 10, no_dead_end
    assert found["lenient_reader"].kind == "invalid" and len(found["lenient_reader"].line) <= 10


# --- the report and the arguments -------------------------------------------------------


def test_the_report_names_the_line_both_answers_and_what_is_wrong() -> None:
    planted = next(p for p in PLANTED_SOLVERS if p.name == "second_solution")
    failure = planted_solver_failure(planted, shrink=True, max_examples=60)
    assert failure is not None
    message = str(failure)
    assert "disagrees with fsudoku's reference, 'simple'" in message
    assert 'order="sarkar", rule="simple"' in message
    assert f"line      {failure.line!r}" in message
    assert f"answered  {failure.answer!r}" in message
    assert f"reference {failure.reference.solution!r}" in message
    assert KINDS[failure.kind] in message and f"{failure.blanks} blanks" in message
    assert "wrong     a solution, but not the first one in this order" in message


def test_a_crashing_solver_is_reported_with_its_exception() -> None:
    def crashing(line: str) -> str | None:
        raise ValueError(f"cannot read {line[:3]!r}")

    with pytest.raises(SolverDisagrees, match="raised ValueError: cannot read") as raised:
        check_solver(crashing, max_examples=5)
    assert isinstance(raised.value.error, ValueError)


def test_a_solver_returning_something_else_is_reported() -> None:
    with pytest.raises(SolverDisagrees, match="returned 42: not a str, None or a Maybe"):
        check_solver(lambda line: 42, max_examples=5)  # type: ignore[arg-type]


def test_the_empty_line_is_not_a_puzzle() -> None:
    with pytest.raises(SolverDisagrees, match="answered a line that is not a puzzle"):
        check_solver(lambda line: "1" * 81, kinds=["invalid"], max_examples=5)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"order": "first"}, "unknown order 'first'; choose one of 'any', 'sarkar', 'bird'"),
        ({"order": "any", "rule": "simple"}, "rule='simple' applies to order='sarkar' only"),
        ({"order": "sarkar", "rule": "naked"}, "unknown rule 'naked'; choose one of 'simple'"),
        ({"kinds": ["hard"]}, r"unknown kinds of puzzles \['hard'\]; choose among near_full"),
        ({"kinds": []}, "kinds is empty"),
    ],
)
def test_bad_arguments_are_refused_clearly(arguments: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        check_solver(lambda line: None, max_examples=1, **arguments)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="needs a function of a line"):
        check_solver("solver", max_examples=1)  # type: ignore[arg-type]


def test_check_solver_is_exported_lazily_and_needs_hypothesis_only_then() -> None:
    code = (
        "import sys, fsudoku.testing\n"
        "assert 'hypothesis' not in sys.modules\n"
        "fsudoku.testing.check_solver\n"
        "sys.exit(0 if 'hypothesis' in sys.modules else 1)"
    )
    assert subprocess.run([sys.executable, "-c", code], check=False, timeout=60).returncode == 0
    import fsudoku.testing

    assert fsudoku.testing.check_solver is check_solver
    assert fsudoku.testing.SolverDisagrees is SolverDisagrees


# --- the strategies ------------------------------------------------------------------


@settings(max_examples=30)
@given(unique_puzzles(min_blanks=10, max_blanks=60))
def test_unique_puzzles_have_one_solution(line: str) -> None:
    assert 10 <= line.count(".") <= 60 and count_solutions(line, limit=2) == 1


@settings(max_examples=30)
@given(ambiguous_puzzles(max_blanks=40))
def test_ambiguous_puzzles_have_several_solutions(line: str) -> None:
    assert 4 <= line.count(".") <= 40 and count_solutions(line, limit=2) == 2


@settings(max_examples=30)
@given(unsolvable_puzzles(min_blanks=5, max_blanks=50))
def test_unsolvable_puzzles_have_no_solution_and_no_repeated_clue(line: str) -> None:
    assert 5 <= line.count(".") <= 50 and count_solutions(line) == 0
    assert not sarkar1.is_grid_invalid(read_grid(line).unwrap())


@settings(max_examples=30)
@given(invalid_lines())
def test_invalid_lines_are_not_puzzles(line: str) -> None:
    assert not is_puzzle(line)
    assert solve_line("simple", line).status == "invalid"


@pytest.mark.parametrize(
    ("strategy", "message"),
    [
        (partial(unique_puzzles, max_blanks=65), "0 <= min_blanks <= max_blanks <= 64"),
        (partial(ambiguous_puzzles, min_blanks=3), "4 <= min_blanks <= max_blanks <= 81"),
        (partial(unsolvable_puzzles, min_blanks=9, max_blanks=8), "got min_blanks=9, max_blanks=8"),
    ],
)
def test_strategy_sizes_are_checked(strategy: Callable[[], object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        strategy()
    with pytest.raises(TypeError, match="max_blanks must be an int"):
        unique_puzzles(max_blanks=6.5)  # type: ignore[arg-type]
