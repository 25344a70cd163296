"""Record what today's solvers answer on the golden puzzles, after checking the answers.

A development tool, not a test: ``python3 tools/record_outputs.py`` (re)writes
``tests/golden/recorded/``; ``--check`` only compares the files with what the code
answers now and says which differ. ``tests/run/test_recorded.py`` compares the code with
these files; ``tests/golden/recorded/README.md`` says what they hold.

Recorded: each solver and engine that GHC's outputs (``tests/golden/main``) do not
cover, on every line of ``tests/golden/main/puzzles.tsv``: the reference of
``exclusives-sets``, ``mrv``, ``dlx``, ``norvig`` and ``bird-naive``, and the fast engine
for the three Sarkar rules. One row per line, in order:
``status<TAB>nodes<TAB>solution<TAB>blanks`` (``-`` for no solution, no blanks).

Before writing, every answer is checked, and the tool stops at the first that fails:

- a recorded solution is a solution of its puzzle (:func:`fsudoku.base.oracle.is_solution`);
- on a puzzle with exactly one solution (counted by ``dlx.exact_covers`` with a limit
  of 2) every recorded solution is dlx's; a puzzle with none is ``no_solution`` for
  every solver, one with some is ``solved`` (but ``bird-naive``'s refusals);
- the fast engine's answers are the same through each of its paths (``solve_one``,
  ``lanes``, ``solve_lines`` on the whole set, ``solve_stream`` with small
  chunks) and equal the reference's (``solve_line`` of the same rule, which
  ``tests/port/test_golden.py`` pins to GHC for ``simple`` and ``exclusives``).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from fsudoku import fast  # noqa: E402
from fsudoku.base.names import SARKAR_RULES, SarkarRule, SolverName  # noqa: E402
from fsudoku.base.oracle import is_solution  # noqa: E402
from fsudoku.base.outcome import Outcome  # noqa: E402
from fsudoku.fast import driver, lanes  # noqa: E402
from fsudoku.grid_io import is_puzzle  # noqa: E402
from fsudoku.pe96 import dlx  # noqa: E402
from fsudoku.run.registry import outcome_of, solve_line  # noqa: E402

PUZZLES = ROOT / "tests" / "golden" / "main" / "puzzles.tsv"
OUT = ROOT / "tests" / "golden" / "recorded"

REFERENCE: tuple[SolverName, ...] = ("exclusives-sets", "mrv", "dlx", "norvig", "bird-naive")
"""The solvers recorded through the reference engine (``solve_line``)."""


def puzzle_lines() -> list[str]:
    """The ``line`` parts of ``puzzles.tsv``, in order."""
    rows = PUZZLES.read_text(encoding="utf-8").removesuffix("\n").split("\n")
    return [row.split("\t", 1)[1] for row in rows]


def row_of(outcome: Outcome) -> str:
    """One recorded row: status, nodes, solution (``-``: none), blanks (``-``: none)."""
    blanks = "-" if outcome.blanks is None else str(outcome.blanks)
    return f"{outcome.status}\t{outcome.nodes}\t{outcome.solution or '-'}\t{blanks}"


def fast_paths(rule: SarkarRule) -> dict[str, Callable[[list[str]], list[Outcome]]]:
    """Each path through the fast engine, as a function of all the lines."""
    return {
        "solve_one": lambda ls: [outcome_of(fast.solve_one(s, rule)) for s in ls],
        "lanes": lambda ls: [outcome_of(lanes.search_line(s, rule, None)) for s in ls],
        "solve_lines": lambda ls: list(map(outcome_of, fast.solve_lines(ls, rule))),
        "solve_stream-16": lambda ls: list(
            map(outcome_of, driver.solve_stream(ls, rule, None, 16))
        ),
    }


def check(name: str, lines: list[str], outcomes: list[Outcome], counts: list[int]) -> None:
    """Stop with a message at the first answer that fails a check of the module docstring."""
    for number, (line, outcome, count) in enumerate(zip(lines, outcomes, counts, strict=True), 1):
        where = f"{name}, line {number}: {outcome}"
        if not is_puzzle(line):
            assert outcome.status == "invalid", where
            continue
        if outcome.status == "refused":
            assert name == "bird-naive", where
            continue
        if outcome.solution is not None:
            assert is_solution(outcome.solution, line), where
        assert outcome.status == ("no_solution" if count == 0 else "solved"), where
        if count == 1:
            assert outcome.solution == dlx.exact_covers(line, limit=1)[0][0], where


def record() -> dict[str, list[Outcome]]:
    """Every recorded file's outcomes, checked."""
    lines = puzzle_lines()
    counts = [len(dlx.exact_covers(s, 2)[0]) if is_puzzle(s) else -1 for s in lines]
    files: dict[str, list[Outcome]] = {}
    for solver in REFERENCE:
        files[solver] = [solve_line(solver, s) for s in lines]
        check(solver, lines, files[solver], counts)
    for rule in SARKAR_RULES:
        reference = files.get(rule) or [solve_line(rule, s) for s in lines]
        for path, run in fast_paths(rule).items():
            got = run(lines)
            bad = [i + 1 for i, (a, b) in enumerate(zip(got, reference, strict=True)) if a != b]
            assert not bad, f"fast {rule} through {path} differs from the reference on {bad}"
        files[f"fast-{rule}"] = reference
        check(f"fast-{rule}", lines, reference, counts)
    return files


def main(argv: list[str] | None = None) -> int:
    """Record the outputs (or, with ``--check``, compare them); the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args(argv)
    differ = []
    for name, outcomes in record().items():
        path = OUT / f"{name}.tsv"
        text = "".join(row_of(o) + "\n" for o in outcomes)
        if args.check:
            if not path.is_file() or path.read_text(encoding="utf-8") != text:
                differ.append(path.name)
        else:
            OUT.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
    if differ:
        print("differ from the code:", ", ".join(differ))
        return 1
    print("checked" if args.check else f"written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
