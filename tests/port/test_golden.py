"""Golden outputs: the seed documents' code compiled with GHC, run on generated puzzles.

``tests/golden/README.md`` says how the files were made. The reference port is checked
against them on its own (no fast engine): for Sarkar #1 (``simple``) and #2 as
published (``exclusives``), the first solution or the exact message and the number of
calls of ``solve``; for Bird's ``solve'''`` (``bird``), the first solution and the
number of calls of ``search``; for both Sarkar rules, the grid after one pass of
``pruneGrid'`` and the grid ``pruneGrid`` settles on, shown by
``showGridWithPossibilities``. A separate test checks the fast engine against the
same data.

Equalities: answers are compared as strings (the solution's ``showGrid`` text, the
message) and node counts as integers; grids as their ``showGridWithPossibilities``
text, character for character (trailing padding included).

``golden/main`` runs by default; ``golden/heavy`` (longer searches) with ``-m corpus``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from returns.maybe import Maybe
from support import GOLDEN

from fsudoku import fast, sarkar1, sarkar2
from fsudoku.base.names import SarkarRule, SolverName
from fsudoku.base.outcome import INVALID_INPUT, NO_SOLUTION, Outcome
from fsudoku.cell import Grid
from fsudoku.grid_io import read_grid, show_grid, show_grid_with_possibilities
from fsudoku.run.registry import outcome_of, solve_line

SETS = ("main", "heavy")
SARKAR: dict[SolverName, str] = {"simple": "sarkar1", "exclusives": "sarkar2"}
"""The Sarkar rules and the stem of their golden files."""

PRUNE_CELLS = {"simple": sarkar1.prune_cells, "exclusives": sarkar2.prune_cells}
_CELL_CHARS = frozenset(".123456789")


@dataclass(frozen=True)
class Answer:
    """One answer of a GHC program: the solution as 81 digits (or ``None``), the message
    it printed for a puzzle it did not solve, the ``showGrid`` text it printed for one it
    solved (Sarkar's mains only), and the node count (``None`` after ``Invalid input``)."""

    solution: str | None
    message: str | None
    shown: str | None
    nodes: int | None


@dataclass(frozen=True)
class Pruned:
    """One record of a pruning program: the input line, then ``None`` for ``Invalid
    input``, else the text of ``pruneGrid'`` (one pass) and of ``pruneGrid`` (settled),
    ``None`` for ``Nothing``."""

    line: str
    valid: bool
    once: str | None
    settled: str | None


def _lines(path: Path) -> list[str]:
    """The lines of a golden file, as Haskell's ``lines`` splits them (``\\n`` only)."""
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n"), f"{path} does not end with a newline"
    return text[:-1].split("\n")


def _nodes(line: str) -> int:
    assert line.startswith("nodes="), line
    return int(line.removeprefix("nodes="))


@cache
def puzzles(which: str) -> tuple[tuple[str, str], ...]:
    """The (kind, line) pairs of a golden set, in order."""
    pairs = [row.split("\t", 1) for row in _lines(GOLDEN / which / "puzzles.tsv")]
    return tuple((kind, line) for kind, line in pairs)


def is_valid(line: str) -> bool:
    """Whether ``readGrid`` accepts the line (what the golden Bird file was given)."""
    return len(line) == 81 and set(line) <= _CELL_CHARS


@cache
def sarkar_answers(which: str, stem: str) -> tuple[Answer, ...]:
    """The answers of ``sarkar1-nodes``/``sarkar2-nodes``: the article's main, each answer
    followed by ``nodes=N`` (none after ``Invalid input``)."""
    rows = _lines(GOLDEN / which / f"{stem}.txt")
    out: list[Answer] = []
    i = 0
    while i < len(rows):
        if rows[i] == INVALID_INPUT:
            out.append(Answer(None, INVALID_INPUT, None, None))
            i += 1
        elif rows[i] == NO_SOLUTION:
            out.append(Answer(None, NO_SOLUTION, None, _nodes(rows[i + 1])))
            i += 2
        else:  # showGrid (9 lines), then the empty line of putStrLn, then nodes=N
            shown = "".join(row + "\n" for row in rows[i : i + 9])
            assert rows[i + 9] == "", rows[i + 9]
            solution = "".join(shown.split())
            out.append(Answer(solution, None, shown, _nodes(rows[i + 10])))
            i += 11
    return tuple(out)


@cache
def bird_answers(which: str) -> tuple[Answer, ...]:
    """The answers of ``bird-nodes`` (one per valid puzzle line): 81 digits or
    ``No solution found``, then ``nodes=N``."""
    rows = _lines(GOLDEN / which / "bird.txt")
    return tuple(
        Answer(None, NO_SOLUTION, None, _nodes(rows[i + 1]))
        if rows[i] == NO_SOLUTION
        else Answer(rows[i], None, None, _nodes(rows[i + 1]))
        for i in range(0, len(rows), 2)
    )


@cache
def pruned(which: str, stem: str) -> tuple[Pruned, ...]:
    """The records of ``sarkar1-settle``/``sarkar2-settle``."""
    rows = _lines(GOLDEN / which / f"{stem}-prune.txt")
    out: list[Pruned] = []
    i = 0

    def block() -> str | None:
        nonlocal i
        if rows[i] == "Nothing":
            i += 1
            return None
        i += 9
        return "".join(row + "\n" for row in rows[i - 9 : i])

    while i < len(rows):
        line = rows[i]
        i += 1
        if rows[i] == INVALID_INPUT:
            i += 1
            out.append(Pruned(line, False, None, None))
            continue
        assert rows[i] == "pruneGrid'", rows[i]
        i += 1
        once = block()
        assert rows[i] == "pruneGrid", rows[i]
        i += 1
        out.append(Pruned(line, True, once, block()))
    return tuple(out)


def sarkar_cases(which: str) -> list[tuple[SolverName, str, str, Answer]]:
    return [
        (rule, kind, line, answer)
        for rule, stem in SARKAR.items()
        for (kind, line), answer in zip(puzzles(which), sarkar_answers(which, stem), strict=True)
    ]


def bird_cases(which: str) -> list[tuple[str, str, Answer]]:
    valid = [(kind, line) for kind, line in puzzles(which) if is_valid(line)]
    return [(k, line, a) for (k, line), a in zip(valid, bird_answers(which), strict=True)]


def prune_cases(which: str) -> list[tuple[SolverName, Pruned]]:
    return [(rule, record) for rule, stem in SARKAR.items() for record in pruned(which, stem)]


def _set(which: str) -> list[pytest.MarkDecorator]:
    return [pytest.mark.corpus] if which == "heavy" else []


SAMPLE_EVERY = {"simple": 8, "exclusives": 4, "bird": 4, "prune": 2}
"""The default run compares one case in N of the main set with GHC's, from the second case
on, for each Sarkar rule, Bird and the pruning records (#1's reference takes a tenth of
a second a case, seconds on some; the first case, the articles' sample, takes it about
1,500 nodes, and README's example checks that count); ``-m slow`` compares the others."""


def _sampled(which: str, rule: str, i: int) -> list[pytest.MarkDecorator]:
    if which == "main" and (i - 1) % SAMPLE_EVERY.get(rule, 1):
        return [pytest.mark.slow]
    return _set(which)


def params_sarkar() -> list[object]:
    return [
        pytest.param(
            which,
            rule,
            line,
            answer,
            id=f"{which}-{rule}-{i:03d}-{kind}",
            marks=_sampled(which, rule, i),
        )
        for which in SETS
        for i, (rule, kind, line, answer) in enumerate(sarkar_cases(which))
    ]


def params_bird() -> list[object]:
    return [
        pytest.param(
            which, line, answer, id=f"{which}-{i:03d}-{kind}", marks=_sampled(which, "bird", i)
        )
        for which in SETS
        for i, (kind, line, answer) in enumerate(bird_cases(which))
    ]


def params_prune() -> list[object]:
    return [
        pytest.param(rule, record, id=f"{which}-{rule}-{i:03d}", marks=_sampled(which, "prune", i))
        for which in SETS
        for i, (rule, record) in enumerate(prune_cases(which))
    ]


def check(outcome: Outcome, answer: Answer) -> None:
    """The outcome says what GHC printed: the same message, or the same solution shown
    by ``showGrid``, and the same node count."""
    if answer.message is not None:
        assert outcome.message() == answer.message, (outcome, answer)
        assert outcome.solution is None, outcome
    else:
        assert outcome.status == "solved", (outcome, answer)
        assert outcome.solution == answer.solution, (outcome.solution, answer.solution)
        if answer.shown is not None:
            grid = read_grid(outcome.solution or "").unwrap()
            assert show_grid(grid) == answer.shown
    if answer.nodes is not None:
        assert outcome.nodes == answer.nodes, (outcome.nodes, answer.nodes)


def shown(grid: Maybe[Grid]) -> str | None:
    return grid.map(show_grid_with_possibilities).value_or(None)


# --- the files themselves ----------------------------------------------------------------


@pytest.mark.parametrize("which", SETS)
def test_golden_files_cover_every_puzzle(which: str) -> None:
    # one answer per line for Sarkar's mains, one per valid line for Bird's
    lines = [line for _, line in puzzles(which)]
    for stem in SARKAR.values():
        assert len(sarkar_answers(which, stem)) == len(lines), stem
        records = pruned(which, stem)
        rest = iter(lines)  # the pruning records follow the puzzles' order
        assert all(any(r.line == line for line in rest) for r in records), stem
        assert [r.valid for r in records] == [is_valid(r.line) for r in records]
        assert 3 * sum(r.valid for r in records) >= sum(map(is_valid, lines)), stem
    assert len(bird_answers(which)) == sum(map(is_valid, lines))
    kinds = {kind for kind, _ in puzzles(which)}
    if which == "main":
        assert {"invalid", "empty", "near-full", "unique", "several", "none", "order"} <= kinds, (
            kinds
        )


def test_golden_several_solutions_depend_on_the_search_order() -> None:
    # the puzzles with several solutions pin the first one: the three searches disagree
    birds = {line: answer.solution for _, line, answer in bird_cases("main")}
    s1, s2 = (sarkar_answers("main", stem) for stem in SARKAR.values())
    firsts = [
        {a.solution, b.solution, birds[line]}
        for (kind, line), a, b in zip(puzzles("main"), s1, s2, strict=True)
        if kind.startswith("several")
    ]
    assert all(None not in f for f in firsts)
    assert sum(len(f) > 1 for f in firsts) >= 20, firsts


# --- the reference port on its own -------------------------------------------------------


@pytest.mark.parametrize(("which", "rule", "line", "answer"), params_sarkar())
def test_sarkar_reference_matches_ghc(
    which: str, rule: SarkarRule, line: str, answer: Answer
) -> None:
    # main (readGrid, then solve, then showGrid or the message) and the calls of solve
    check(solve_line(rule, line), answer)


@pytest.mark.parametrize(("which", "line", "answer"), params_bird())
def test_bird_reference_matches_ghc(which: str, line: str, answer: Answer) -> None:
    # head (solve''' (s2g line)) as 81 digits, or "No solution found"; the calls of search
    check(solve_line("bird", line), answer)


@pytest.mark.parametrize(("rule", "record"), params_prune())
def test_prune_grid_matches_ghc(rule: SarkarRule, record: Pruned) -> None:
    # readGrid; pruneGrid' grid and pruneGrid grid, shown by showGridWithPossibilities
    grid = read_grid(record.line)
    assert bool(grid) == record.valid, record.line
    if not record.valid:
        return
    g = grid.unwrap()
    assert shown(sarkar1.prune_grid_once(g, PRUNE_CELLS[rule])) == record.once
    settled = sarkar2.prune_grid(g) if rule == "exclusives" else sarkar1.prune_grid(g)
    assert shown(settled) == record.settled


# --- the fast engine against the same data -----------------------------------------------


@pytest.mark.slow  # the fast engine meets GHC's answers in tests/run/test_recorded.py too
@pytest.mark.parametrize("which", [pytest.param(w, marks=_set(w)) for w in SETS])
@pytest.mark.parametrize("rule", SARKAR)
def test_fast_engine_matches_ghc(which: str, rule: SarkarRule) -> None:
    # the batch engine over the whole set, then settle for the pruning records
    lines = [line for _, line in puzzles(which)]
    answers = sarkar_answers(which, SARKAR[rule])
    for line, outcome, answer in zip(
        lines, map(outcome_of, fast.solve_lines(lines, rule)), answers, strict=True
    ):
        try:
            check(outcome, answer)
        except AssertionError as error:
            raise AssertionError(f"{line}: {error}") from None
    for record in pruned(which, SARKAR[rule]):
        if record.valid:
            assert fast.settle(record.line, rule) == record.settled, record.line
