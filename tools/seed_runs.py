"""Run the tests that draw with Hypothesis under many seeds, with a fresh and a reused database.

A development tool, not part of the suite: the default run is derandomised in CI and
random locally, and its verdict must not depend on the seed, nor on what an earlier run
left in ``.hypothesis/``. Each run is ``python3 -m pytest --hypothesis-seed=S`` under the
``dev`` profile, on the test files that use Hypothesis (directly, or through the kit, the
law checker or the proofs) and the doctests of ``fsudoku/testing`` and ``proofs``; the
other tests draw nothing, so a seed cannot change them. Runs alternate: the first with
``.hypothesis/`` deleted, the next with what the run before left there, and so on.

    python3 tools/seed_runs.py                 # 30 runs, seeds 1..30
    python3 tools/seed_runs.py --runs 5 --first-seed 100

It prints one line a run (seed, database, pytest's summary, CPU seconds) and exits 1 if
any run failed.
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DRAWS = re.compile(r"hypothesis|fsudoku\.testing|from proofs|import proofs")
"""What a test file that draws with Hypothesis mentions."""


def drawing_files() -> list[str]:
    """The test files that use Hypothesis, and the doctest folders that do."""
    tests = sorted(ROOT.glob("tests/*/test_*.py"))
    found = [str(p.relative_to(ROOT)) for p in tests if DRAWS.search(p.read_text("utf-8"))]
    return [*found, "fsudoku/testing", "proofs"]


def children_cpu() -> float:
    """CPU seconds of the processes this one has waited for, so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def one_run(seed: int, fresh: bool, files: list[str]) -> tuple[bool, str, float]:
    """One run under ``seed``: whether it passed, pytest's last line, its CPU seconds."""
    if fresh:
        shutil.rmtree(ROOT / ".hypothesis", ignore_errors=True)
    env = {**os.environ, "HYPOTHESIS_PROFILE": "dev"}
    env.pop("CI", None)
    before = children_cpu()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            f"--hypothesis-seed={seed}",
            *files,
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = done.stdout.strip().splitlines()
    return done.returncode == 0, lines[-1] if lines else done.stderr[-200:], children_cpu() - before


def main(argv: list[str] | None = None) -> int:
    """Run the seeds and print a line for each."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30, help="how many seeds (default 30)")
    parser.add_argument("--first-seed", type=int, default=1, help="the first seed (default 1)")
    args = parser.parse_args(argv)
    files = drawing_files()
    print(f"{len(files)} paths: {' '.join(files)}", flush=True)
    failed = 0
    for i in range(args.runs):
        seed = args.first_seed + i
        fresh = i % 2 == 0
        ok, summary, cpu = one_run(seed, fresh, files)
        failed += not ok
        database = "fresh" if fresh else "reused"
        print(f"seed {seed:>6}  {database:<6}  {cpu:6.1f} s CPU  {summary}", flush=True)
    print(f"{args.runs - failed} of {args.runs} runs passed")
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
