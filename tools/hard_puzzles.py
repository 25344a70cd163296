"""Make fsudoku's own hard set, ``fsudoku/testing/hard.txt``: the kit's ``hard`` kind.

A development tool, not part of the suite. It generates minimal puzzles with
:func:`fsudoku.generate` (seeded, so the same every run), counts the nodes a plain
backtracker (fsudoku's ``mrv``) searches on each, and keeps the ones it searches most,
hardest first. Every puzzle is fsudoku's own: no outside data is redistributed.

    python3 tools/hard_puzzles.py                 # 400 puzzles tried, 24 kept
    python3 tools/hard_puzzles.py --tried 100 --kept 10 --out /tmp/hard.txt
"""

from __future__ import annotations

import argparse
from pathlib import Path

import fsudoku
from fsudoku.run.registry import solve_line

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "fsudoku" / "testing" / "hard.txt"


def hardest(tried: int, kept: int, seed: int) -> list[tuple[int, str]]:
    """The ``kept`` puzzles of ``tried`` generated ones that ``mrv`` searches most."""
    scored = []
    for k in range(tried):
        (puzzle,) = fsudoku.generate(1, seed=seed + k)
        scored.append((solve_line("mrv", puzzle).nodes, puzzle))
    return sorted(scored, key=lambda pair: -pair[0])[:kept]


def main() -> None:
    """Write the hard set."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tried", type=int, default=400, help="puzzles generated (400)")
    parser.add_argument("--kept", type=int, default=24, help="puzzles kept (24)")
    parser.add_argument("--seed", type=int, default=1, help="the first seed (1)")
    parser.add_argument("--out", type=Path, default=OUT, help="the file written")
    args = parser.parse_args()
    found = hardest(args.tried, args.kept, args.seed)
    head = (
        f"# fsudoku's hard set: made by tools/hard_puzzles.py --tried {args.tried} "
        f"--kept {args.kept} --seed {args.seed}\n"
        "# minimal puzzles of fsudoku.generate, hardest first for a plain backtracker\n"
        "# (mrv search nodes, then the puzzle)\n"
    )
    args.out.write_text(head + "".join(f"{nodes}\t{p}\n" for nodes, p in found), "utf-8")
    print(f"{args.out}: {len(found)} puzzles, {found[-1][0]} to {found[0][0]} nodes")


if __name__ == "__main__":
    main()
