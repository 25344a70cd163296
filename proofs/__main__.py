"""``python -m proofs``: check and print every proof; ``--mutants``: plant known bugs.

Exit status 0 when every step holds (resp. every mutant is caught), 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence

from proofs import all_proofs
from proofs.chain import check, render
from proofs.mutants import MUTANTS, render_summary, render_table, run_mutant


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m proofs",
        description="Check the lectures' equational proofs step by step with Hypothesis.",
    )
    parser.add_argument(
        "--mutants",
        action="store_true",
        help="plant known bugs one at a time (the record of parts with one function "
        "replaced) and show which laws and proof steps catch them",
    )
    parser.add_argument(
        "--only",
        action="append",
        metavar="NAME",
        help="only the proofs (or mutants) whose name contains NAME (repeatable)",
    )
    parser.add_argument(
        "--examples", type=int, metavar="N", help="examples per step (default: per proof)"
    )
    parser.add_argument("--derandomize", action="store_true", help="the same examples on every run")
    parser.add_argument("--list", action="store_true", help="list the proofs and exit")
    return parser


def _selected(name: str, only: Sequence[str] | None) -> bool:
    return only is None or any(o in name for o in only)


def _run_proofs(args: argparse.Namespace) -> int:
    failed: list[str] = []
    total_steps = 0
    started = time.perf_counter()
    for proof in all_proofs():
        if not _selected(proof.name, args.only):
            continue
        result = check(proof, args.examples, derandomize=args.derandomize)
        total_steps += len(result.steps)
        print(render(result))
        print()
        if not result.ok:
            failed.append(f"{proof.name} (steps {[s.index for s in result.failed]})")
    elapsed = time.perf_counter() - started
    if failed:
        print(f"FAILED: {', '.join(failed)}  ({total_steps} steps, {elapsed:.1f} s)")
        return 1
    print(f"All {total_steps} steps hold ({elapsed:.1f} s).")
    return 0


def _run_mutants(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    reports = []
    for mutant in MUTANTS:
        if not _selected(mutant.name, args.only):
            continue
        report = run_mutant(mutant, max_examples=args.examples, derandomize=args.derandomize)
        reports.append(report)
        print(render_table([report]), flush=True)
    survivors = [r.mutant.name for r in reports if not r.caught]
    elapsed = time.perf_counter() - started
    print()
    print(render_summary(reports))
    if survivors:
        print(f"SURVIVED: {', '.join(survivors)}  ({elapsed:.1f} s)")
        return 1
    print(f"All {len(reports)} mutants caught ({elapsed:.1f} s).")
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; the exit status."""
    args = _parser().parse_args(argv)
    if args.list:
        for proof in all_proofs():
            print(f"{proof.name:<30} {proof.statement}")
        return 0
    return _run_mutants(args) if args.mutants else _run_proofs(args)


if __name__ == "__main__":
    sys.exit(main())
