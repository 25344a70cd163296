"""The README as a reader sees it: at most 200 lines, the texts linked and the two
commands on its first screen, tables that render, install lines that work from a
clone. (Its examples, and the docs pages', are run by ``test_examples.py``.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support import ROOT

README = ROOT / "README.md"
TEXT = README.read_text(encoding="utf-8")
FIRST_SCREEN = TEXT.split("\n## The data", 1)[0]
PAGES = [README, *sorted((ROOT / "docs").glob("*.md"))]

COMMANDS = [
    "python3 -m venv .venv && . .venv/bin/activate && python3 -m pip install -e . && fsudoku demo\n",
    "python3 -m venv .venv && . .venv/bin/activate && python3 -m pip install -e '.[dev]'"
    " && python3 -m pytest\n",
]
"""The two commands: install and run the demo; install the tools and run the tests."""


def test_the_readme_is_at_most_200_lines() -> None:
    assert len(TEXT.splitlines()) <= 200


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


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_table_row_has_as_many_cells_as_its_header(page: Path) -> None:
    text = page.read_text(encoding="utf-8")
    problems = table_problems(text)
    assert not problems, "\n".join(problems)


def test_the_table_check_sees_a_broken_row() -> None:
    # two rows on one line, and an unescaped | inside code: both are caught
    broken = "| a | b |\n|---|---|\n| `x` | 1 | | `y` | 2 |\n| `p | q` | 3 |\n| `r \\| s` | 4 |\n"
    problems = table_problems(broken)
    assert len(problems) == 2 and "line 3" in problems[0] and "line 4" in problems[1], problems


def test_the_first_screen_says_what_it_is_links_the_texts_and_gives_two_commands() -> None:
    for url in (
        "https://abhinavsarkar.net/posts/fast-sudoku-solver-in-haskell-1/",
        "https://abhinavsarkar.net/posts/fast-sudoku-solver-in-haskell-2/",
        "https://doi.org/10.1017/CBO9781316092415",
        "https://projecteuler.net/problem=96",
    ):
        assert f"({url})" in FIRST_SCREEN, url
    assert re.findall(r"```sh\n(.*?)```", FIRST_SCREEN, re.DOTALL) == COMMANDS
    assert len(FIRST_SCREEN.splitlines()) <= 60


def test_readmes_test_command_is_what_ci_runs() -> None:
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert COMMANDS[1] in ci.splitlines(keepends=True)


def test_install_lines_work_from_a_checkout() -> None:
    import tomllib

    project = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    extras = set(project["project"]["optional-dependencies"])
    texts = [page.read_text(encoding="utf-8") for page in PAGES]
    installs = [args for text in texts for args in re.findall(r"pip install ([^`\n]*)", text)]
    assert installs
    for args in installs:
        target = args.split("&&")[0].strip()
        assert target.startswith("-e "), args  # from the checkout, not from an index
        spec = target.removeprefix("-e ").strip()
        if spec != ".":
            match = re.fullmatch(r"'\.\[([a-z,]+)\]'", spec)  # quoted, for every shell
            assert match and set(match.group(1).split(",")) <= extras, args
