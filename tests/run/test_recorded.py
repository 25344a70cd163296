"""Node counts and first solutions of every solver and engine, against recorded outputs.

``tests/golden/recorded/`` holds what the solvers that GHC's outputs do not cover
answered on the 284 lines of ``tests/golden/main/puzzles.tsv`` (several-solution,
no-solution, edge and invalid lines among them), checked when they were recorded (its
README; ``tools/record_outputs.py``). Each solver and each path through the fast engine
must give exactly those outcomes: status, first solution and node count. The files
themselves are checked too: the fast engine's equal GHC's outputs and the reference's.

Equality: :class:`~fsudoku.base.outcome.Outcome` values, field by field; a failure
names the lines that differ.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import pytest
from recorded_outputs import ghc, lines, puzzles, recorded

from fsudoku import fast
from fsudoku.base.names import SarkarRule, SolverName
from fsudoku.base.oracle import is_solution
from fsudoku.base.outcome import Outcome
from fsudoku.fast import driver, lanes
from fsudoku.run.registry import NAIVE_MAX_BLANKS, outcome_of, solve_line

FAST_RULES: tuple[SarkarRule, ...] = ("simple", "exclusives", "exclusives-sets")


def compare(name: str, numbers: Iterable[int], got: Iterable[Outcome]) -> None:
    """The outcomes on the lines ``numbers`` (0-based) are those recorded in ``name``."""
    expected = recorded(name)
    numbers = list(numbers)
    got = list(got)
    bad = [
        f"line {i + 1}: {g} != {expected[i]}"
        for i, g in zip(numbers, got, strict=True)
        if g != expected[i]
    ]
    assert not bad, f"{len(bad)} of {len(numbers)} differ from {name}.tsv:\n" + "\n".join(bad[:8])


def blanks(line: str) -> int:
    return line.count(".")


# --- the reference engine ----------------------------------------------------------------

CHEAP_NODES = 3
"""By default, ``exclusives-sets`` runs the lines recorded with at most this many nodes
and the :data:`CHEAP_SEVERAL` several-solution lines with the fewest nodes (about a fifth
of the set's nodes); ``-m slow`` runs the rest."""

CHEAP_SEVERAL = 20

NAIVE_FAST = 4
"""``bird-naive`` lines with at most this many blanks run by default (up to 9^4
completions); the lines with 5 and 6 blanks run with ``-m slow``."""


def subset(solver: SolverName, heavy: bool) -> list[int]:
    """The lines a run of ``solver`` covers: the cheap ones, or (``heavy``) the rest."""
    everything = range(len(puzzles()))
    if solver == "exclusives-sets":
        nodes = [o.nodes for o in recorded(solver)]
        several = [i for i, (kind, _) in enumerate(puzzles()) if kind.startswith("several")]
        fewest = set(sorted(several, key=nodes.__getitem__)[:CHEAP_SEVERAL])
        cheap = [nodes[i] <= CHEAP_NODES or i in fewest for i in everything]
    elif solver == "bird-naive":
        cheap = [
            not (NAIVE_FAST < blanks(line) <= NAIVE_MAX_BLANKS)
            or recorded(solver)[i].status != "solved"
            for i, line in enumerate(lines())
        ]
    else:
        cheap = [True for _ in everything]
    return [i for i in everything if cheap[i] != heavy]


REFERENCE: list[object] = [
    *(pytest.param(s, False, id=s) for s in ("mrv", "dlx", "norvig")),
    pytest.param("exclusives-sets", False, id="exclusives-sets-cheap"),
    pytest.param("exclusives-sets", True, id="exclusives-sets-rest", marks=pytest.mark.slow),
    pytest.param("bird-naive", False, id="bird-naive-few-blanks"),
    pytest.param("bird-naive", True, id="bird-naive-5-6-blanks", marks=pytest.mark.slow),
]


@pytest.mark.parametrize(("solver", "heavy"), REFERENCE)
def test_reference_matches_the_recorded_outputs(solver: SolverName, heavy: bool) -> None:
    # solve_line solver line == the recorded outcome (status, first solution, nodes)
    numbers = subset(solver, heavy)
    assert numbers, solver
    compare(solver, numbers, (solve_line(solver, lines()[i]) for i in numbers))


def test_the_default_runs_cover_the_several_solution_lines() -> None:
    # the cheap exclusives-sets lines: most lines, and lines whose first solution matters
    several = [i for i, (kind, _) in enumerate(puzzles()) if kind.startswith("several")]
    cheap = set(subset("exclusives-sets", heavy=False))
    assert sum(i in cheap for i in several) >= CHEAP_SEVERAL, len(several)
    assert len(cheap) >= 200, len(cheap)
    kinds = {kind for i, (kind, _) in enumerate(puzzles()) if i in cheap}
    assert {"edge", "invalid", "none", "unique", "several", "several-deep"} <= kinds, kinds


# --- the fast engine ---------------------------------------------------------------------

Path = Callable[[list[str], SarkarRule], list[Outcome]]

PATHS: dict[str, Path] = {
    "solve_one": lambda ls, r: [outcome_of(fast.solve_one(s, r)) for s in ls],
    "lanes": lambda ls, r: [outcome_of(lanes.search_line(s, r, None)) for s in ls],
    "solve_lines": lambda ls, r: list(map(outcome_of, fast.solve_lines(ls, r))),
    "solve_lines-64": lambda ls, r: list(map(outcome_of, fast.solve_lines(ls, r, chunk_size=64))),
    "solve_stream-16": lambda ls, r: list(map(outcome_of, driver.solve_stream(ls, r, None, 16))),
}
"""The paths through the fast engine: the one-puzzle engine (``solve_one``, over
``lanes``), and the batch engine (``solve_lines`` on more than ``FEW`` lines, with its
default chunk or 64 slots, and ``solve_stream`` with chunks of 16 slots, whose long
searches are split between slots)."""

SLOW_PATHS = {
    ("lanes", "exclusives-sets"),  # solve_one's path: by default on the several-solution lines
    *(("solve_lines", rule) for rule in FAST_RULES),  # 8192 slots: slow on few lines
    ("solve_lines-64", "simple"),  # tests/port/test_golden.py runs solve_lines on these two
    ("solve_lines-64", "exclusives"),
}


def fast_params() -> list[object]:
    return [
        pytest.param(
            path,
            rule,
            id=f"{path}-{rule}",
            marks=[pytest.mark.slow] if (path, rule) in SLOW_PATHS else [],
        )
        for path in PATHS
        for rule in FAST_RULES
    ]


@pytest.mark.parametrize(("path", "rule"), fast_params())
def test_fast_engine_matches_the_recorded_outputs(path: str, rule: SarkarRule) -> None:
    # every path through the fast engine gives the recorded outcome of every line
    assert len(lines()) > fast.FEW
    compare(f"fast-{rule}", range(len(lines())), PATHS[path](lines(), rule))


@pytest.mark.parametrize("rule", FAST_RULES)
def test_the_one_puzzle_engine_on_the_several_solution_lines(rule: SarkarRule) -> None:
    # the one-puzzle engine, by default, where the first solution matters most
    numbers = [i for i, (kind, _) in enumerate(puzzles()) if kind.startswith("several")]
    got = [outcome_of(lanes.search_line(lines()[i], rule, None)) for i in numbers]
    compare(f"fast-{rule}", numbers, got)


# --- the files themselves ----------------------------------------------------------------


@pytest.mark.parametrize(("rule", "stem"), [("simple", "sarkar1"), ("exclusives", "sarkar2")])
def test_the_recorded_fast_outputs_are_ghcs(rule: SarkarRule, stem: str) -> None:
    # the fast engine's files: what the compiled articles print, node counts included
    compare(f"fast-{rule}", range(len(lines())), ghc(stem))


def test_the_recorded_fast_outputs_are_the_references() -> None:
    # the fast engine's exclusives-sets file: what the reference's recorded file says
    assert recorded("fast-exclusives-sets") == recorded("exclusives-sets")


NAMES = (
    "exclusives-sets",
    "mrv",
    "dlx",
    "norvig",
    "bird-naive",
    *(f"fast-{r}" for r in FAST_RULES),
)


@pytest.mark.parametrize("name", NAMES)
def test_the_recorded_files_hold_checked_answers(name: str) -> None:
    # solutions solve their puzzles; unique puzzles have dlx's solution; none means none
    dlx = recorded("dlx")
    for (kind, line), outcome, other in zip(puzzles(), recorded(name), dlx, strict=True):
        if outcome.status == "refused":
            assert outcome.blanks == blanks(line) > NAIVE_MAX_BLANKS, (name, line)
            continue
        if outcome.solution is not None:
            assert is_solution(outcome.solution, line), (name, line)
        if kind.startswith("unique"):
            assert outcome.solution == other.solution, (name, line)
        if kind.startswith("none") or kind == "invalid":
            assert outcome.status == other.status and outcome.solution is None, (name, line)


def test_the_several_solution_lines_pin_each_searchs_order() -> None:
    # on the lines with several solutions, the solvers' first solutions differ
    several = [i for i, (kind, _) in enumerate(puzzles()) if kind.startswith("several")]
    firsts = [{recorded(n)[i].solution for n in NAMES if n != "bird-naive"} for i in several]
    assert all(None not in f for f in firsts)
    assert sum(len(f) >= 2 for f in firsts) >= 50, [len(f) for f in firsts]
    assert sum(len(f) >= 3 for f in firsts) >= 15, [len(f) for f in firsts]
