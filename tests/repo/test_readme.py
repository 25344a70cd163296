"""The README's Python examples run as written (in a temporary directory)."""

from __future__ import annotations

import contextlib
import io
import os
import re
from pathlib import Path

import pytest
from support import ROOT

README = ROOT / "README.md"
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


# ---------------------------------------------------------------------------
# The README as a reader sees it: rendered tables, the first screen, install lines

TEXT = README.read_text(encoding="utf-8")
FIRST_SCREEN = TEXT.split("\n## Library tour", 1)[0]


def table_problems(markdown: str) -> list[str]:
    """Rows of the rendered tables whose cell count differs from their header's, and
    table lines the renderer did not take as rows (markdown-it-py, as GitHub renders)."""
    from markdown_it import MarkdownIt
    from markdown_it.rules_block.table import escapedSplit

    def cells(line: str) -> int:
        columns = escapedSplit(line.strip())
        if columns and columns[0] == "":
            columns.pop(0)
        if columns and columns[-1] == "":
            columns.pop()
        return len(columns)

    lines = markdown.splitlines()
    tokens = MarkdownIt("commonmark").enable("table").parse(markdown)
    problems = []
    header = 0
    for token in tokens:
        if token.type == "table_open" and token.map:
            start, end = token.map
            header = cells(lines[start])
            rows = sum(
                1 for t in tokens if t.type == "tr_open" and t.map and start <= t.map[0] < end
            )
            if rows != end - start - 1:  # every line but the delimiter row is a row
                problems.append(f"line {start + 1}: {end - start - 1} lines, {rows} rows")
        if token.type == "tr_open" and token.map:
            line = lines[token.map[0]]
            if cells(line) != header:
                problems.append(f"line {token.map[0] + 1}: {cells(line)} cells, not {header}")
    return problems


def test_every_table_row_has_as_many_cells_as_its_header() -> None:
    assert "| --- |" in TEXT or "|---|" in TEXT  # there are tables to check
    problems = table_problems(TEXT)
    assert not problems, "\n".join(problems)


def test_the_table_check_sees_a_broken_row() -> None:
    # two rows on one line, and an unescaped | inside code: both are caught
    broken = "| a | b |\n|---|---|\n| `x` | 1 | | `y` | 2 |\n| `p | q` | 3 |\n| `r \\| s` | 4 |\n"
    problems = table_problems(broken)
    assert len(problems) == 2 and "line 3" in problems[0] and "line 4" in problems[1], problems


def test_the_first_screen_says_what_it_is_links_the_documents_and_gives_two_commands() -> None:
    for url in (
        "https://abhinavsarkar.net/posts/fast-sudoku-solver-in-haskell-1/",
        "https://abhinavsarkar.net/posts/fast-sudoku-solver-in-haskell-2/",
        "https://doi.org/10.1017/CBO9781316092415",
        "https://projecteuler.net/problem=96",
    ):
        assert f"({url})" in FIRST_SCREEN, url
    commands = re.findall(r"```sh\n(.*?)```", FIRST_SCREEN, re.DOTALL)
    assert commands == [
        "python3 -m pip install -e . && fsudoku demo\n",
        "python3 -m pip install -e '.[dev]' && python3 -m pytest\n",
    ]
    taste = re.findall(r"```python\n(.*?)```", FIRST_SCREEN, re.DOTALL)
    assert len(taste) == 1 and len(taste[0].splitlines()) <= 11
    assert taste[0] == BLOCKS[0]  # and it runs, as every block does (test_readme_example_runs)
    assert len(FIRST_SCREEN.splitlines()) <= 60


def test_readmes_test_command_is_what_ci_runs() -> None:
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8")
    assert "python3 -m pip install -e '.[dev]' && python3 -m pytest" in ci


def test_install_lines_work_from_a_checkout() -> None:
    import tomllib

    project = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    extras = set(project["project"]["optional-dependencies"])
    installs = re.findall(r"pip install ([^`\n]*)", TEXT)
    assert installs
    for args in installs:
        target = args.split("&&")[0].strip()
        assert target.startswith("-e "), args  # from the checkout, not from an index
        spec = target.removeprefix("-e ").strip()
        if spec != ".":
            match = re.fullmatch(r"'\.\[([a-z,]+)\]'", spec)  # quoted, for every shell
            assert match and set(match.group(1).split(",")) <= extras, args
