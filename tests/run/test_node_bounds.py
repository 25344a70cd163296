"""``max_nodes`` at its exact boundary, for every solver and every path of every engine.

A puzzle whose search takes exactly ``N`` nodes (as recorded: GHC's outputs, or
``tests/golden/recorded``) gives the same outcome with ``max_nodes=N`` as without a
bound, and gives up with ``max_nodes=N-1``, reporting ``N-1`` nodes. The puzzles are
chosen from the main golden set for each solver: the several-solution, no-solution and
unique lines with the most nodes under a cap, and one decided at its first node.

Equality: :class:`~fsudoku.base.outcome.Outcome` values.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from recorded_outputs import expected, lines, puzzles, recorded

import fsudoku
from fsudoku import fast
from fsudoku.base.names import SARKAR_RULES, SOLVERS, SarkarRule, SolverName
from fsudoku.base.outcome import Outcome
from fsudoku.fast import driver
from fsudoku.run.registry import outcome_of, solve_line

CAP: dict[SolverName, int] = {
    "simple": 20,
    "exclusives": 20,
    "exclusives-sets": 20,
    "bird": 60,
    "bird-naive": 3200,
    "mrv": 1300,
    "dlx": 160,
    "norvig": 40,
}
"""The most nodes a chosen puzzle takes on the reference (a few hundred milliseconds
of search for each solver)."""

FAST_CAP = {"solve_one": 1500, "facade": 100, "solve_lines": 30, "solve_stream-2": 30}
"""The fast engine's caps: the one-puzzle paths' past :data:`fsudoku.fast.FEW_NODES`, so
that ``solve_one``'s hand-over to the batch engine is at the boundary too (``simple``'s
deepest line); the batch paths' lower (a lone search costs the batch engine more)."""


KINDS: tuple[Callable[[str, Outcome], bool], ...] = (
    lambda kind, o: o.status == "solved" and kind.startswith("several"),
    lambda kind, o: o.status == "no_solution",
    lambda kind, o: o.status == "solved" and not kind.startswith("several"),
)
"""The kinds of line a bound is checked on (of a kind of the golden set, and an outcome)."""


def chosen(name: str, outcomes: tuple[Outcome, ...], cap: int) -> list[int]:
    """The lines (0-based) a solver's bound is checked on: for each kind of line, the one
    with the most nodes up to ``cap``, and a line decided at its first node."""
    picks: list[int] = []
    for wanted in KINDS:
        fits = [
            i
            for i, ((kind, _), o) in enumerate(zip(puzzles(), outcomes, strict=True))
            if wanted(kind, o) and 2 <= o.nodes <= cap
        ]
        if fits:
            picks.append(max(fits, key=lambda i: outcomes[i].nodes))
    picks.append(next(i for i, o in enumerate(outcomes) if o.status == "solved" and o.nodes == 1))
    assert len(picks) >= 3, (name, picks)
    return picks


Run = Callable[[str, int | None], Outcome]


def _batch(rule: SarkarRule, chunk: int | None) -> Run:
    """A fast-engine batch path: the line among four other lines (more than ``FEW``), so
    that ``solve_lines`` (64 slots) takes the batch engine; ``chunk`` slots for
    ``solve_stream``."""

    def run(line: str, bound: int | None) -> Outcome:
        batch = [line, "x", *["1" * 81] * 3]  # a clash: decided at its first node
        if chunk is None:
            found = list(fast.solve_lines(batch, rule, max_nodes=bound, chunk_size=64))
        else:
            found = list(driver.solve_stream(batch, rule, bound, chunk))
        assert found[1] is None
        assert found[2:] == [fast.solve_one("1" * 81, rule, bound)] * 3, found
        return outcome_of(found[0])

    return run


def fast_runs(rule: SarkarRule) -> dict[str, Run]:
    return {
        "solve_one": lambda s, b: outcome_of(fast.solve_one(s, rule, b)),
        "facade": lambda s, b: fsudoku.solve(s, rule, engine="fast", max_nodes=b),
        "solve_lines": _batch(rule, None),
        "solve_stream-2": _batch(rule, 2),  # two slots: a long search is split in jobs
    }


FAST_RUNS: dict[str, dict[str, Run]] = {rule: fast_runs(rule) for rule in SARKAR_RULES}
"""Each path through the fast engine, for each rule."""


def params() -> list[object]:
    out: list[object] = [pytest.param(s, "reference", id=f"{s}-reference") for s in SOLVERS]
    for rule, runs in FAST_RUNS.items():
        out += [pytest.param(rule, path, id=f"{rule}-fast-{path}") for path in runs]
    return out


def check(run: Run, line: str, free: Outcome) -> None:
    at = run(line, free.nodes)
    below = run(line, free.nodes - 1)
    assert at == free, ("max_nodes=N", line, at, free)
    assert below == Outcome.gave_up(free.nodes - 1), ("max_nodes=N-1", line, below, free)


@pytest.mark.parametrize(("solver", "path"), params())
def test_a_search_of_n_nodes_solves_with_n_and_gives_up_with_n_minus_1(
    solver: SolverName, path: str
) -> None:
    # solve p (max_nodes=N) = solve p,  solve p (max_nodes=N-1) = gave_up (N-1),  N = nodes p
    if path == "reference":
        outcomes = expected(solver)
        run: Run = lambda s, b: solve_line(solver, s, b)  # noqa: E731
        cap = CAP[solver]
    else:
        outcomes = recorded(f"fast-{solver}")
        run = FAST_RUNS[solver][path]
        cap = FAST_CAP[path]
    numbers = chosen(solver, outcomes, cap)
    for i in numbers:
        check(run, lines()[i], outcomes[i])
    # a line that is no puzzle is invalid whatever the bound
    assert run("x" * 81, 0) == Outcome.invalid()


def test_the_fast_engine_is_checked_past_the_one_puzzle_engines_share() -> None:
    # solve_one hands a search over FEW_NODES to the batch engine: one chosen line needs it
    numbers = chosen("simple", recorded("fast-simple"), FAST_CAP["solve_one"])
    assert max(recorded("fast-simple")[i].nodes for i in numbers) > fast.FEW_NODES
