"""The README's Python examples run as written (in a temporary directory)."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
BLOCKS = re.findall(r"```python\n(.*?)```", README.read_text(encoding="utf-8"), re.DOTALL)
SAMPLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."


def test_the_readme_has_examples() -> None:
    assert len(BLOCKS) >= 5


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i}" for i in range(len(BLOCKS))])
def test_readme_example_runs(block: str, tmp_path: Path) -> None:
    (tmp_path / "puzzles.txt").write_text(f"{SAMPLE}\nnot a puzzle\n")
    here = os.getcwd()
    os.chdir(tmp_path)
    out = io.StringIO()
    try:
        with contextlib.redirect_stdout(out):
            exec(compile(block, "README.md", "exec"), {"__name__": "readme_example"})
    finally:
        os.chdir(here)
    assert out.getvalue().strip(), "every example prints something"
