"""The pages say what the code is: every name of docs/names.md exists where the page says,
the tables of laws, exit statuses and solvers are the code's, and every link leads to a
file. (The pages' examples are run by ``test_examples.py``.)"""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest
from markdown_it import MarkdownIt
from support import ROOT

DOCS = ROOT / "docs"
PAGES = [
    ROOT / "README.md",
    *sorted(DOCS.glob("*.md")),
    ROOT / "benchmarks" / "README.md",
    *sorted((ROOT / "benchmarks" / "results").glob("*.md")),
]

GUIDE_PAGES = {ROOT / "benchmarks" / "README.md"}
"""Pages outside docs/ that README must link, as it links every page of docs/."""


def tables(page: Path) -> list[tuple[str, list[str], list[list[str]]]]:
    """Each table of a page: the heading above it, its header cells, its rows' cells (the
    cells' source text, as markdown-it-py splits them)."""
    tokens = MarkdownIt("commonmark").enable("table").parse(page.read_text(encoding="utf-8"))
    found: list[tuple[str, list[str], list[list[str]]]] = []
    heading = ""
    row: list[str] | None = None
    rows: list[list[str]] = []
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            heading = tokens[i + 1].content
        elif token.type == "table_open":
            rows = []
        elif token.type == "tr_open":
            row = []
        elif token.type == "inline" and row is not None:
            row.append(token.content)
        elif token.type == "tr_close" and row is not None:
            rows.append(row)
            row = None
        elif token.type == "table_close":
            found.append((heading, rows[0], rows[1:]))
    return found


def code_spans(text: str) -> list[str]:
    return re.findall(r"`([^`]+)`", text)


# ------------------------------------------------------------------ docs/names.md

NOTE = re.compile(r"\([^()]*\)")
"""A note in parentheses: not a name (``(tuples; a choice is a `str`)``)."""

IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def listed_names(page: Path) -> list[tuple[str, str]]:
    """Every ``(module, name)`` the page's tables list: each code span of a row's
    *Python* cell, outside notes in parentheses, with the row's *module*."""
    found = []
    for heading, header, rows in tables(page):
        if "Python" not in header:
            continue
        assert "module" in header, f"{heading}: a table of names needs a module column"
        python, module = header.index("Python"), header.index("module")
        for row in rows:
            (home,) = code_spans(row[module])
            names = code_spans(NOTE.sub("", row[python]))
            assert names, f"{heading}: a row without a Python name: {row}"
            found += [(home, name) for name in names]
    return found


def missing(pairs: list[tuple[str, str]]) -> list[str]:
    """The ``module.name`` pairs that are not a module's attribute (or not names)."""
    wrong = []
    for home, name in pairs:
        try:
            module = importlib.import_module(home)
        except ImportError:
            wrong.append(f"{home} (no such module)")
            continue
        if not IDENTIFIER.fullmatch(name) or not hasattr(module, name):
            wrong.append(f"{home}.{name}")
    return wrong


def test_every_name_of_the_names_page_is_in_its_module() -> None:
    pairs = listed_names(DOCS / "names.md")
    assert len(pairs) >= 150, len(pairs)
    assert {home for home, _ in pairs} >= {
        "fsudoku.sarkar1",
        "fsudoku.sarkar2",
        "fsudoku.bird",
        "fsudoku.pe96.dlx",
        "fsudoku.run.registry",
        "fsudoku.base.outcome",
        "fsudoku.run.trace",
    }
    wrong = missing(pairs)
    assert not wrong, wrong


def test_the_names_check_sees_a_wrong_name(tmp_path: Path) -> None:
    page = tmp_path / "names.md"
    page.write_text(
        "## A\n\n| Haskell | Python | module |\n|---|---|---|\n"
        "| `pruneGrid` | `prune_grid` (a note: `anything`) | `fsudoku.sarkar1` |\n"
        "| `solve` | `solve`, `slove` | `fsudoku.sarkar1` |\n"
        "| `x` | `read_grid` | `fsudoku.no_such_module` |\n"
        "| `y` | `fsudoku solve` | `fsudoku.app.cli` |\n",
        encoding="utf-8",
    )
    pairs = listed_names(page)
    assert ("fsudoku.sarkar1", "anything") not in pairs
    assert missing(pairs) == [
        "fsudoku.sarkar1.slove",
        "fsudoku.no_such_module (no such module)",
        "fsudoku.app.cli.fsudoku solve",
    ]


# ----------------------------------------------------------- tables that are the code's


def test_the_laws_table_is_the_laws_of_the_code() -> None:
    from fsudoku.testing import LAWS

    (table,) = [rows for _, header, rows in tables(DOCS / "laws.md") if header[0] == "law"]
    shown = [
        (code_spans(name)[0], code_spans(equation)[0], equality, source)
        for name, equation, equality, source in table
    ]
    assert shown == [(law.name, law.equation, str(law.equality), law.source) for law in LAWS]


def test_the_exit_statuses_are_the_programs() -> None:
    from fsudoku.app import process

    (table,) = [rows for _, header, rows in tables(DOCS / "cli.md") if header[0] == "status"]
    shown = [int(status) for status, _ in table]
    constants = sorted(v for k, v in vars(process).items() if k.startswith("EXIT_"))
    assert shown == constants


def test_the_readmes_solvers_are_the_registrys() -> None:
    from fsudoku.run.registry import REGISTRY

    (table,) = [rows for _, header, rows in tables(ROOT / "README.md") if "--solver" in header[0]]
    shown = {code_spans(row[0])[0]: row[-1] for row in table}
    assert shown == {name: record.node for name, record in REGISTRY.items()}


# ------------------------------------------------------------------------- links

LINK = re.compile(r"\]\(([^)\s]+)\)")


def local_links(page: Path) -> list[Path]:
    """The files a page links to (not web addresses), anchors dropped."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.DOTALL)
    targets = [t.split("#")[0] for t in LINK.findall(text) if "://" not in t]
    return [(page.parent / t).resolve() for t in targets if t]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_link_leads_to_a_file(page: Path) -> None:
    links = local_links(page)
    broken = [p for p in links if not p.exists()]
    assert not broken, broken


def test_the_readme_links_every_page_of_the_guide() -> None:
    linked = set(local_links(ROOT / "README.md"))
    pages = set(DOCS.glob("*.md")) | GUIDE_PAGES
    assert pages <= linked, sorted(pages - linked)


def test_the_link_check_sees_a_broken_link(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("[a](page.md) [b](gone.md#x) [c](https://example.org/x.md)\n")
    assert [p.name for p in local_links(page) if not p.exists()] == ["gone.md"]


# ----------------------------------------------------------------- the tools


def test_the_mutation_tools_own_tests_exist_for_every_module() -> None:
    from tools.mutation import own_tests

    modules = [p.relative_to(ROOT).as_posix() for p in (ROOT / "fsudoku").rglob("*.py")]
    paths = {a.split("::")[0] for m in modules for a in own_tests(m)}
    assert paths and not [p for p in sorted(paths) if not (ROOT / p).exists()]
