"""docs/scale.md's Dask program runs on a local cluster and prints what the page shows.

The program is a file of the reader's own (it needs ``if __name__ == "__main__":``, as
Dask's workers are started with ``spawn``), so the page shows it as a ```` ```py ````
block, which ``test_examples.py`` does not run; here it is written to a file beside the
pages' ``puzzles.txt`` and run as ``python3 solve_bag.py``. Skipped when Dask (the
``dask`` extra) is not installed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

from fsudoku.testing.strategies import SAMPLE_PUZZLE

PAGE = ROOT / "docs" / "scale.md"

TWO = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"

FILES = {"puzzles.txt": f"{SAMPLE_PUZZLE}\n{TWO}\nnot a puzzle\n"}
"""The file the page's examples read, as ``test_examples.py`` lays it out for them: the
articles' sample, a puzzle with two solutions and a line that is not a puzzle."""


def program_and_output() -> tuple[str, str]:
    """The page's Dask program (its ```py block) and the ```text block after it."""
    text = PAGE.read_text(encoding="utf-8")
    found = re.search(r"```py\n(.*?)```\n.*?```text\n(.*?)```", text, re.DOTALL)
    assert found, f"{PAGE}: no ```py program followed by a ```text block"
    return found.group(1), found.group(2)


def test_the_page_shows_a_program_that_uses_a_bag_on_a_local_cluster() -> None:
    program, output = program_and_output()
    assert "LocalCluster(" in program and "map_partitions(" in program, program
    assert "fsudoku.solve_many(" in program, program
    assert len(output.splitlines()) == len(FILES["puzzles.txt"].splitlines())


def test_the_dask_program_prints_what_the_page_shows(tmp_path: Path) -> None:
    pytest.importorskip("dask.bag", reason="Dask is not installed (the dask extra)")
    pytest.importorskip("distributed", reason="Dask's distributed is not installed")
    program, output = program_and_output()
    for name, text in FILES.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    (tmp_path / "solve_bag.py").write_text(program, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "solve_bag.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,  # only a hang: a local cluster starts in seconds
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == output, done.stderr
