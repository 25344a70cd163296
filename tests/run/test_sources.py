"""Files and streams read by the one reader: a stream gives the entries its lines give,
and a source that cannot be read is an error in its place, the others still read.

The rules of reading are :mod:`fsudoku.pe96.formats`'; :mod:`fsudoku.run.sources` opens
the sources and splits their bytes into lines, and states no rule of its own.
"""

from __future__ import annotations

import io
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from fsudoku.pe96.formats import Entry, format_euler, read_puzzles
from fsudoku.run import sources
from fsudoku.run.sources import SourceError, entries_of, read_sources
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

ROWS = format_euler("Grid", SAMPLE_PUZZLE).split("\n")[1:]

TEXT_LINES = st.lists(
    st.one_of(
        st.sampled_from(
            [SAMPLE_PUZZLE, SAMPLE_SOLUTION, "Grid 01", *ROWS[:3], "# c", "\ufeff#", "0\r", ""]
        ),
        st.text(max_size=12).map(lambda t: t.replace("\n", "")),
        st.integers(1000, 1100).map(lambda n: "é" * (n // 2)),  # around MAX_LINE bytes
    ),
    max_size=12,
)


@settings(max_examples=150)
@given(lines=TEXT_LINES, euler=st.booleans(), newline_at_end=st.booleans())
def test_a_stream_gives_the_entries_its_lines_give(
    lines: list[str], euler: bool, newline_at_end: bool
) -> None:
    # entries_of (encode (unlines ls)) = read_puzzles ls   (list equality)
    if euler:
        lines = ["Grid 01", *ROWS, *lines]
    data = "\n".join(lines) + ("\n" if newline_at_end and lines else "")
    from_bytes = list(entries_of(io.BytesIO(data.encode())))
    as_lines = data.removesuffix("\n").split("\n") if data else []
    assert from_bytes == list(read_puzzles(as_lines))


def test_strict_input_is_every_line_as_it_is() -> None:
    data = b"# c\n0" + SAMPLE_PUZZLE.encode() + b"\r\n\xff\n"
    assert list(entries_of(io.BytesIO(data), strict=True)) == [
        Entry("# c", "1"),
        Entry("0" + SAMPLE_PUZZLE + "\r", "2"),
        Entry("\ufffd", "3"),
    ]


def test_a_source_that_cannot_be_read_is_an_error_in_its_place(tmp_path: Path) -> None:
    first, last = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_text(SAMPLE_PUZZLE + "\n", encoding="utf-8")
    last.write_text("x\n", encoding="utf-8")
    names = [str(first), str(tmp_path / "missing.txt"), str(tmp_path), str(last)]
    items = list(read_sources(names))
    assert items[0] == Entry(SAMPLE_PUZZLE, "1") and items[3] == Entry("x", "1")
    assert [type(item) for item in items[1:3]] == [SourceError, SourceError]
    assert [item.source for item in items[1:3] if isinstance(item, SourceError)] == names[1:3]
    assert isinstance(items[2], SourceError) and isinstance(items[2].error, IsADirectoryError)


def test_the_sources_state_no_rule_of_their_own() -> None:
    # the reader's rules (comments, headers, blanks, line endings, MAX_LINE, the mark of an
    # overlong line, the byte-order mark) are written in the reader only
    text = Path(sources.__file__).read_text(encoding="utf-8")
    code = text.split('"""', 2)[2]  # after the module's docstring
    for rule in ('"#"', 'b"#"', '"Grid"', 'replace("0"', '"\\r"', "MAX_LINE", "\\xff", "ufeff"):
        assert rule not in code, rule
