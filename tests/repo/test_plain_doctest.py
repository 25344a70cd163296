"""The pages' ``>>>`` examples pass under plain ``pytest --doctest-glob='*.md'``, as a
reader runs them, not only under the project's own run (``test_examples.py``).

Plain doctest reads a page as text: the expected output of an example goes on up to a
blank line or the next ``>>>``, so a closing fence right after an output would be
taken for part of it; and a page's examples share one namespace and the folder they
run in, so a file an example opens must be made by an earlier example of the page.
The first test reads the pages (every run); the second runs the reader's command in an
empty folder (``-m slow``).
"""

from __future__ import annotations

import doctest
import subprocess
import sys
from pathlib import Path

import pytest
from support import ROOT

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
COMMAND = ["-m", "pytest", "-p", "no:cacheprovider", "--doctest-glob=*.md"]


def fenced_outputs(text: str) -> list[tuple[int, str]]:
    """The examples whose expected output takes in a fence: their line, their source."""
    return [
        (example.lineno + 1, example.source.strip())
        for example in doctest.DocTestParser().get_examples(text)
        if any(line.lstrip().startswith("```") for line in example.want.splitlines())
    ]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_no_example_takes_its_closing_fence_for_output(page: Path) -> None:
    found = fenced_outputs(page.read_text(encoding="utf-8"))
    assert not found, f"{page.name}: a blank line is due before the closing fence after {found}"


def test_the_check_finds_a_fence_taken_for_output() -> None:
    page = "```python\n>>> 1 + 1\n2\n```\n\n```python\n>>> 2 + 2\n4\n\n```\n"
    assert fenced_outputs(page) == [(2, "1 + 1")]


@pytest.mark.slow
def test_the_pages_pass_under_plain_pytest_doctest_glob(tmp_path: Path) -> None:
    # from an empty folder: every file a page opens is made by the page itself
    done = subprocess.run(
        [sys.executable, *COMMAND, *(str(p) for p in PAGES)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
    sessions = [p for p in PAGES if doctest.DocTestParser().get_examples(p.read_text("utf-8"))]
    assert f"{len(sessions)} passed" in done.stdout, done.stdout[-2000:]
