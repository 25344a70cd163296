"""Every Python example of README.md and docs/*.md runs, and prints what the page shows.

The pages are read by Sybil (``sybil.parsers.markdown``). A ```` ```python ```` block is
either a ``>>>`` session, whose every output is compared as a doctest does, or a
program, followed by a ```` ```text ```` block holding exactly what it prints (a program
with no such block must print nothing); a ```` ```py ```` block is code for the reader's
own files (it imports their module), shown and not run. Each block runs on its own: in a fresh
namespace and in a fresh temporary folder holding the files of :data:`FILES`, the ones
the pages' examples open. Shell blocks (```` ```sh ````) are not run.
"""

from __future__ import annotations

import contextlib
import doctest
import io
from bisect import bisect_right
from dataclasses import dataclass
from pathlib import Path

import pytest
from support import ROOT
from sybil import Example, Sybil
from sybil.parsers.markdown import CodeBlockParser, PythonCodeBlockParser
from sybil.parsers.markdown.lexers import FencedCodeBlockLexer

SAMPLE = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
TWO = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"

FILES = {"puzzles.txt": f"{SAMPLE}\n{TWO}\nnot a puzzle\n"}
"""The files every example finds in its folder: ``puzzles.txt`` holds the articles'
sample puzzle, a puzzle with two solutions and a line that is not a puzzle (the
page that opens it makes it first, with these lines)."""

PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
"""The pages whose examples are run."""

SYBIL = Sybil(
    parsers=[
        PythonCodeBlockParser(doctest_optionflags=doctest.ELLIPSIS),
        CodeBlockParser(language="text", evaluator=lambda example: None),  # shown, not run
    ],
    path=str(ROOT),
)


@dataclass(frozen=True)
class Block:
    """One fenced code block of a page, with the examples Sybil found in it."""

    page: Path
    line: int
    language: str
    source: str
    examples: tuple[Example, ...]
    output: str | None = None
    """For a program, the ``text`` block right after it: what it must print."""

    @property
    def is_session(self) -> bool:
        return self.source.lstrip().startswith(">>>")

    def __str__(self) -> str:
        page = self.page.relative_to(ROOT) if self.page.is_relative_to(ROOT) else self.page
        return f"{page}:{self.line}"


def blocks(page: Path) -> list[Block]:
    """The Python blocks of a page, each with its examples and its shown output."""
    document = SYBIL.parse(page)
    lexer = FencedCodeBlockLexer(r".+", mapping={"language": "language", "source": "source"})
    fences = list(lexer(document))
    starts = [fence.start for fence in fences]
    found: dict[int, list[Example]] = {}
    for example in document:
        found.setdefault(bisect_right(starts, example.start) - 1, []).append(example)
    result = []
    for i, fence in enumerate(fences):
        language = str(fence.lexemes["language"])
        if language != "python":
            continue
        following = fences[i + 1] if i + 1 < len(fences) else None
        between = document.text[fence.end : following.start] if following else ""
        output = None
        if following and following.lexemes["language"] == "text" and not between.strip():
            output = str(following.lexemes["source"])
        line = document.text.count("\n", 0, fence.start) + 1
        source = str(fence.lexemes["source"])
        result.append(Block(page, line, language, source, tuple(found.get(i, ())), output))
    return result


def run(block: Block, folder: Path) -> str:
    """Run one block in ``folder``, in a fresh namespace: what a program printed (a
    session's outputs are compared by Sybil as it goes, and a mismatch raises)."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, text in FILES.items():
        (folder / name).write_text(text, encoding="utf-8")
    namespace = block.examples[0].namespace if block.examples else {}
    namespace.clear()
    namespace["__name__"] = "__example__"
    printed = io.StringIO()
    with contextlib.chdir(folder):
        for example in block.examples:
            if block.is_session:
                example.evaluate()
            else:
                with contextlib.redirect_stdout(printed):
                    example.evaluate()
    return printed.getvalue()


def check(block: Block, folder: Path) -> None:
    """Fail unless the block runs and prints what its page shows."""
    assert block.examples, f"{block}: Sybil found no example in this block"
    printed = run(block, folder)
    if block.is_session:
        assert block.output is None, f"{block}: a >>> session shows its output itself"
        return
    expected = block.output or ""
    assert printed == expected, (
        f"{block} printed:\n{printed}\nbut the page shows:\n{expected}"
        if expected
        else f"{block} printed:\n{printed}\nbut no ```text block after it shows that"
    )


ALL = [block for page in PAGES for block in blocks(page)]


def test_the_pages_have_examples() -> None:
    pages = {block.page.name for block in ALL}
    assert {"README.md", "library.md", "names.md"} <= pages, pages
    assert sum(len(block.examples) for block in ALL) >= 40


@pytest.mark.parametrize("block", ALL, ids=str)
def test_example(block: Block, tmp_path: Path) -> None:
    check(block, tmp_path)


def test_the_files_every_example_finds_are_the_ones_the_pages_make(tmp_path: Path) -> None:
    # run on their own, the pages make the files they open (plain doctest needs it):
    # the copies of FILES are theirs
    for name, text in FILES.items():
        makers = [b for b in ALL if f'Path("{name}").write_text' in b.source]
        assert makers, f"no page makes {name}"
        for block in makers:
            folder = tmp_path / str(block).replace("/", "-")
            run(block, folder)
            assert (folder / name).read_text(encoding="utf-8") == text, block


# ------------------------------------------------------------- the check can fail

BROKEN = """\
A session whose value changed:

```python
>>> 1 + 1
3
```

A program whose output changed:

```python
print("two")
```

```text
three
```

A program that prints what its page does not show:

```python
print("unshown")
```

A program that finds the example file:

```python
print(open("puzzles.txt").readline().strip() == SAMPLE)
```

```text
False
```
"""


def test_a_changed_value_or_output_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text(BROKEN.replace("SAMPLE", repr(SAMPLE)), encoding="utf-8")
    session, program, unshown, files = blocks(page)
    for block in (session, program, unshown):
        with pytest.raises(AssertionError):
            check(block, tmp_path / "run")
    shown = r"printed:\s+True\s+but the page shows:\s+False"  # the file is there
    with pytest.raises(AssertionError, match=shown):
        check(files, tmp_path / "run")


def test_each_block_has_a_fresh_namespace(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text("```python\n>>> x = 1\n```\n\n```python\n>>> x\n1\n```\n", encoding="utf-8")
    first, second = blocks(page)
    check(first, tmp_path)
    with pytest.raises(AssertionError, match="NameError"):
        check(second, tmp_path)
