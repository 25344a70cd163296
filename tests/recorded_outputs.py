"""Every solver's expected outcomes on the main golden set, for the tests that need them.

For ``simple``, ``exclusives`` and ``bird``: GHC's outputs (``tests/golden/main``); for
the other solvers and for the fast engine: the recorded outputs of
``tests/golden/recorded`` (its README says how they were made and checked). Either way,
one :class:`~fsudoku.base.outcome.Outcome` per line of ``puzzles.tsv``.
"""

from __future__ import annotations

from functools import cache

from support import GOLDEN

from fsudoku.base.names import SolverName
from fsudoku.base.outcome import INVALID_INPUT, NO_SOLUTION, Outcome, Status
from fsudoku.grid_io import is_puzzle

RECORDED = GOLDEN / "recorded"

GHC_STEMS: dict[str, str] = {"simple": "sarkar1", "exclusives": "sarkar2", "bird": "bird"}
"""The solvers GHC's outputs cover, and the stems of their files."""

_STATUSES: tuple[Status, ...] = ("solved", "no_solution", "invalid", "gave_up", "refused")


def _rows(path_name: str) -> list[str]:
    text = (GOLDEN / path_name).read_text(encoding="utf-8")
    assert text.endswith("\n"), path_name
    return text[:-1].split("\n")


@cache
def puzzles() -> tuple[tuple[str, str], ...]:
    """The (kind, line) pairs of the main golden set, in order."""
    return tuple((k, line) for k, line in (row.split("\t", 1) for row in _rows("main/puzzles.tsv")))


def lines() -> list[str]:
    """The puzzle lines of the main golden set, in order."""
    return [line for _, line in puzzles()]


def _status(text: str) -> Status:
    for status in _STATUSES:
        if text == status:
            return status
    raise AssertionError(f"not a status: {text!r}")


@cache
def recorded(name: str) -> tuple[Outcome, ...]:
    """The outcomes of one recorded file (``mrv``, ``fast-simple``, ...), one per line."""
    out = []
    for row in _rows(f"recorded/{name}.tsv"):
        status, nodes, solution, blanks = row.split("\t")
        out.append(
            Outcome(
                _status(status),
                None if solution == "-" else solution,
                int(nodes),
                None if blanks == "-" else int(blanks),
            )
        )
    assert len(out) == len(puzzles()), name
    return tuple(out)


def _nodes(row: str) -> int:
    assert row.startswith("nodes="), row
    return int(row.removeprefix("nodes="))


@cache
def ghc(stem: str) -> tuple[Outcome, ...]:
    """GHC's answers in ``golden/main/<stem>.txt`` as outcomes, one per puzzle line
    (Bird's program was given the valid lines only: the others are ``invalid``)."""
    rows = _rows(f"main/{stem}.txt")
    out: list[Outcome] = []
    i = 0
    if stem == "bird":
        answers = iter(range(0, len(rows), 2))
        for line in lines():
            if not is_puzzle(line):
                out.append(Outcome.invalid())
                continue
            j = next(answers)
            nodes = _nodes(rows[j + 1])
            solved = rows[j] != NO_SOLUTION
            out.append(Outcome.solved(rows[j], nodes) if solved else Outcome.no_solution(nodes))
        assert next(answers, None) is None
        return tuple(out)
    while i < len(rows):
        if rows[i] == INVALID_INPUT:
            out.append(Outcome.invalid())
            i += 1
        elif rows[i] == NO_SOLUTION:
            out.append(Outcome.no_solution(_nodes(rows[i + 1])))
            i += 2
        else:  # showGrid (9 lines), the empty line of putStrLn, nodes=N
            solution = "".join("".join(rows[i : i + 9]).split())
            out.append(Outcome.solved(solution, _nodes(rows[i + 10])))
            i += 11
    assert len(out) == len(puzzles()), stem
    return tuple(out)


def expected(solver: SolverName) -> tuple[Outcome, ...]:
    """What the reference of ``solver`` answers on each line (GHC's, or recorded)."""
    stem = GHC_STEMS.get(solver)
    return ghc(stem) if stem is not None else recorded(solver)
