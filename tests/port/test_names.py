"""Every definition of the documents' Haskell has a row in ``docs/names.md``.

The Haskell is read from ``../shared/seeds`` at run time (the tests skip without it): the
code lines of Bird's literate lecture (those that start with ``>``), and the code blocks
of Sarkar's two articles in the feed. A block there starts at the margin with a type
signature or a ``data``, ``type`` or ``instance`` declaration and goes on through its
indented lines (blank lines inside included) and the equations of the names it declares;
prose, GHCi sessions and the unrelated notes of the feed are not code.

A *definition* is a name bound by a type signature or an equation, at the top level or
local (in a ``where``, a ``let``, or an instance), the variables of a pattern binding
included, and the name a ``data`` or ``type`` declaration introduces. Comments are not
code. Each must be named in the *Haskell* column of the page's table for its document.
"""

from __future__ import annotations

import importlib
import inspect
import re
from pathlib import Path
from types import CodeType

import pytest
from markdown_it import MarkdownIt
from support import ROOT, SEEDS

NAMES_PAGE = ROOT / "docs" / "names.md"
SARKAR_SEED = "000_31e6888853710671.txt"
BIRD_SEED = "003_60df0a837a6007d2.txt"
SARKAR_TITLE = "Writing a Fast Sudoku Solver in Haskell"

SECTIONS = {"Sarkar #1": "sarkar1", "Sarkar #2": "sarkar2", "Bird": "bird"}
"""The page's headings (their start), and the document each one indexes."""

IDENT = r"[a-z_][A-Za-z0-9_']*"
VARIABLE = re.compile(r"(?<![\w'.])[a-z_][\w']*")
KEYWORDS = frozenset(
    {"case", "class", "data", "deriving", "do", "else", "if", "import", "in", "instance"}
    | {"let", "module", "newtype", "of", "then", "type", "where"}
)
DECLARATION = re.compile(
    rf"(?P<names>{IDENT}(?:\s*,\s*{IDENT})*)\s*::"
    r"|(?P<kind>data|type|newtype|instance)\s+(?P<type>\w+)?"
)
OPERATOR_DEFINITION = re.compile(
    r"[^=]*?\s(?!(?:->|<-|\\|\||@|~)\s)(?P<op>[!#$%&*+./<>?@\\^|~-][!#$%&*+./<=>?@\\^|~:-]*)"
    r"\s[^=]*=(?![=>])"
)
BOUND_PATTERN = re.compile(r"(?:\b(?:let|where)\s+)?(?P<pattern>[(\[~][^=]*?)\s*=(?![=>])")
LET_PATTERN = re.compile(r"\blet\s+(?P<pattern>[(\[][^=]*?)\s*=(?![=>])")
EQUATION = re.compile(
    rf"(?:(?:let|where)\s+)?(?P<name>{IDENT})"
    r"(?P<patterns>(?:\s+[^\s=|\\]+)*?)\s*(?P<eq>=(?![=>])|$)"
)
SPAN_TOKEN = re.compile(r"[A-Za-z_][\w']*|[!#$%&*+./<=>?@\\^|~:-]+")


# ---------------------------------------------------------------------- the Haskell


def code_of_line(line: str) -> str:
    """A code line without its comment, its indentation kept."""
    return re.split(r"(?<![!#$%&*+./<=>?@\\^|~:-])--(?![!#$%&*+./<=>?@\\^|~:])", line)[0].rstrip()


def variables(pattern: str) -> list[str]:
    """The variables a pattern binds (constructors, ``_`` and keywords aside)."""
    return [v for v in VARIABLE.findall(pattern) if v != "_" and v not in KEYWORDS]


def defined(line: str, following: str = "") -> list[str]:
    """The names a code line defines (``following``: the next non-blank code line)."""
    text = code_of_line(line).strip()
    if not text:
        return []
    declared = DECLARATION.match(text)
    if declared is not None:
        if declared["names"]:
            return [n.strip() for n in declared["names"].split(",")]
        return [declared["type"]] if declared["kind"] != "instance" and declared["type"] else []
    if text.startswith("|") and not text.startswith("||"):
        return []  # a guard
    found = [v for let in LET_PATTERN.finditer(text) for v in variables(let["pattern"])]
    operator = OPERATOR_DEFINITION.match(text)
    if operator is not None:
        return [*found, operator["op"]]
    bound = BOUND_PATTERN.match(text)
    if bound is not None:
        return [*found, *variables(bound["pattern"])]
    equation = EQUATION.match(text)
    if equation is None or equation["name"] in KEYWORDS or "->" in equation["patterns"]:
        return found
    guarded = following.strip().startswith("|") and not following.strip().startswith("||")
    if equation["eq"] == "=" or guarded:
        return [*found, equation["name"]]
    return found


def definitions(code: list[str]) -> list[str]:
    """The names the code lines define, each once, in order."""
    names: list[str] = []
    lines = [line for line in code if code_of_line(line).strip()]
    for i, line in enumerate(lines):
        following = lines[i + 1] if i + 1 < len(lines) else ""
        names += defined(line, following)
    return list(dict.fromkeys(names))


def literate_code(lines: list[str]) -> list[str]:
    """The code lines of a literate Haskell text (``>`` taken off)."""
    return [line[1:] for line in lines if line.startswith(">")]


def code_blocks(lines: list[str]) -> list[list[str]]:
    """The Haskell blocks of a plain text (see the module's docstring)."""
    blocks: list[list[str]] = []
    i = 0
    while i < len(lines):
        if not DECLARATION.match(lines[i]):
            i += 1
            continue
        block = [lines[i]]
        i += 1
        while i < len(lines):
            line = lines[i]
            if not line.strip():
                after = next((later for later in lines[i + 1 :] if later.strip()), "")
                if not after[:1].isspace():
                    break
            elif not line[:1].isspace():
                first = re.match(IDENT, line)
                declared = set(definitions(block))
                if not DECLARATION.match(line) and (first is None or first[0] not in declared):
                    break
            block.append(line)
            i += 1
        blocks.append(block)
    return blocks


def seed_lines(name: str) -> list[str]:
    """The lines of a seed document, or skip when the seeds are absent."""
    path = SEEDS / name
    if not path.is_file():
        pytest.skip(f"the seed documents are absent ({path.resolve()})")
    return path.read_text(encoding="utf-8").splitlines()


def seed_definitions(document: str) -> list[str]:
    """The definitions of one document: ``sarkar1``, ``sarkar2`` or ``bird``."""
    if document == "bird":
        return definitions(literate_code(seed_lines(BIRD_SEED)))
    lines = seed_lines(SARKAR_SEED)
    starts = [i for i, line in enumerate(lines) if line.startswith(SARKAR_TITLE)]
    assert len(starts) == 2, starts
    article = lines[starts[0] : starts[1]] if document == "sarkar1" else lines[starts[1] :]
    return definitions([line for block in code_blocks(article) for line in block])


# ------------------------------------------------------------------------ the page


def haskell_names(page: Path) -> dict[str, set[str]]:
    """The names in the *Haskell* column of each section's tables, by document."""
    tokens = MarkdownIt("commonmark").enable("table").parse(page.read_text(encoding="utf-8"))
    found: dict[str, set[str]] = {document: set() for document in SECTIONS.values()}
    document: str | None = None
    column: int | None = None
    cell = 0
    for i, token in enumerate(tokens):
        if token.type == "heading_open":
            heading = tokens[i + 1].content
            document = next((d for h, d in SECTIONS.items() if heading.startswith(h)), None)
        elif token.type == "tr_open":
            cell = 0
        elif token.type in ("th_open", "td_open"):
            cell += 1
        elif token.type == "inline" and document is not None and cell:
            if tokens[i - 1].type == "th_open" and token.content == "Haskell":
                column = cell
            elif tokens[i - 1].type == "td_open" and cell == column:
                spans = re.findall(r"`([^`]+)`", token.content.replace("\\|", "|"))
                found[document] |= {t for span in spans for t in SPAN_TOKEN.findall(span)}
        elif token.type == "table_close":
            column = None
    return found


def claimed_locals(page: Path) -> list[tuple[str, str, list[str]]]:
    """Each ``(module, function, locals)`` a note of the page's *Python* column claims.

    The note is the one right after the function's name; its locals are the names of the
    code spans after the word *local* or *locals*.
    """
    found: list[tuple[str, str, list[str]]] = []
    for line in page.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", line)[1:-1]]
        if len(cells) != 3 or not cells[2].startswith("`fsudoku"):
            continue
        module = cells[2].strip("`")
        for function, note in re.findall(r"`(\w+)` \(([^()]*)\)", cells[1]):
            claimed = re.split(r"\blocals?\b", note, maxsplit=1)
            if len(claimed) == 2:
                spans = re.findall(r"`([^`]+)`", claimed[1])
                found.append((module, function, [n.strip() for s in spans for n in s.split(",")]))
    return found


def names_in(code: CodeType) -> set[str]:
    """The names a function's code binds, its nested functions' included."""
    nested = [c for c in code.co_consts if isinstance(c, CodeType)]
    own = {*code.co_varnames, *code.co_cellvars, *code.co_freevars, *(c.co_name for c in nested)}
    return own.union(*map(names_in, nested))


def without_a_row(defined_names: list[str], listed: set[str]) -> list[str]:
    """The definitions the page does not name."""
    return [name for name in defined_names if name not in listed]


# ------------------------------------------------------------------------ the tests

AT_LEAST = {"sarkar1": 35, "sarkar2": 12, "bird": 45}
"""Fewer definitions than this would mean the documents were not read as code."""


@pytest.mark.parametrize("document", list(AT_LEAST))
def test_every_definition_of_the_documents_has_a_row_in_the_names_page(document: str) -> None:
    found = seed_definitions(document)
    assert len(found) >= AT_LEAST[document], found
    missing = without_a_row(found, haskell_names(NAMES_PAGE)[document])
    assert not missing, f"docs/names.md has no row for these definitions of {document}: {missing}"


def test_the_local_names_of_the_names_page_are_the_functions_locals() -> None:
    claims = claimed_locals(NAMES_PAGE)
    assert len(claims) >= 12, claims
    wrong = [
        f"{module}.{function}: {name}"
        for module, function, names in claims
        for code in [inspect.unwrap(getattr(importlib.import_module(module), function)).__code__]
        for name in names
        if name not in names_in(code)
    ]
    assert not wrong, wrong


def test_the_definitions_of_a_literate_text_are_found() -> None:
    text = [
        "Prose that mentions twice x = 2 * x is not code.",
        "> twice :: Int -> Int",
        "> twice x = x + x",
        ">",
        "> halves n",
        ">   | even n    = Just h",
        ">   | otherwise = Nothing",
        ">   where h = n `div` 2",
        "> pairUp xs = let (as', bs) = splitAt 2 xs in zip as' bs",
        "> -- unused :: Int",
        "> sumAll m = sum (map go m) + total",
        ">   where",
        ">   go (y:ys) = y",
        ">   total     = 0 || 1",
        ">   (firsts,rest:others) = break null m",
        "> instance Semigroup Box where",
        ">   Box a <> Box b = Box (a + b)",
        "> data Box = Box Int",
    ]
    assert definitions(literate_code(text)) == [
        "twice",
        "halves",
        "h",
        "as'",
        "bs",
        "pairUp",
        "sumAll",
        "go",
        "total",
        "firsts",
        "rest",
        "others",
        "<>",
        "Box",
    ]


def test_the_code_blocks_of_a_plain_text_are_found() -> None:
    text = [
        "Some prose: swap :: not a signature, it is inside a sentence.",
        "",
        "swap :: (a, b) -> (b, a)",
        "swap (x, y) = (y, x)",
        "",
        "swap turns a pair around, and so on.",
        "",
        "*Main> swap (1, 2)",
        "(2,1)",
        "",
        "count :: [Int] -> Int",
        "count xs = go xs 0",
        "  where",
        "    go [] n = n",
        "",
        "    go (_:ys) n = go ys (n + 1)",
        "",
        "count is done.",
    ]
    blocks = code_blocks(text)
    assert [block[0] for block in blocks] == ["swap :: (a, b) -> (b, a)", "count :: [Int] -> Int"]
    assert blocks[1][-1] == "    go (_:ys) n = go ys (n + 1)"
    assert definitions([line for block in blocks for line in block]) == ["swap", "count", "go"]


def test_a_definition_without_a_row_is_reported(tmp_path: Path) -> None:
    page = tmp_path / "names.md"
    page.write_text(
        "## Bird: the lecture\n\n| Haskell | Python | module |\n|---|---|---|\n"
        "| `expand1`, its local `smallest` | `expand1` | `fsudoku.bird` |\n"
        "| `<\\|>` | `alt` | `fsudoku.fp` |\n\n"
        "## Elsewhere\n\n| Haskell | Python | module |\n|---|---|---|\n"
        "| `counts` | `counts` | `fsudoku.bird` |\n",
        encoding="utf-8",
    )
    listed = haskell_names(page)
    assert {"expand1", "smallest", "<|>"} <= listed["bird"] and "counts" not in listed["bird"]
    assert without_a_row(["expand1", "smallest", "counts", "n"], listed["bird"]) == ["counts", "n"]
