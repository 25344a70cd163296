"""The one reader of puzzle input: one puzzle's rule is a file's, the count is the entries.

:func:`~fsudoku.pe96.formats.puzzle_line` (what ``fsudoku.solve`` reads) reads a line as a
file's line is read; :func:`~fsudoku.pe96.formats.count_entries` (the progress bar's total)
is the number of entries the reader gives, whatever the bytes and however they are cut
into chunks; :class:`~fsudoku.pe96.formats.LineSplitter` is Haskell's ``lines``, cut by
``MAX_LINE``.
"""

from __future__ import annotations

from itertools import pairwise

from hypothesis import given, settings
from hypothesis import strategies as st

from fsudoku.pe96.formats import (
    MAX_LINE,
    LineSplitter,
    count_entries,
    decode,
    format_euler,
    puzzle_line,
    read_puzzles,
)
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

ROWS = format_euler("Grid", SAMPLE_PUZZLE).split("\n")[1:]

LINE_PARTS = st.sampled_from(
    [
        SAMPLE_PUZZLE,
        SAMPLE_PUZZLE.replace(".", "0"),
        SAMPLE_SOLUTION,
        *ROWS[:2],
        "Grid 01",
        "Grid02",
        "# a comment",
        "#",
        "",
        " ",
        "\r",
        "\ufeff",
        "0",
        "x" * (MAX_LINE + 5),
        "é" * 600,
    ]
)

BYTE_LINES = st.lists(
    st.one_of(
        st.lists(LINE_PARTS, max_size=3).map(lambda parts: "".join(parts).encode()),
        st.binary(max_size=12).map(lambda data: data.replace(b"\n", b"")),
    ),
    max_size=14,
)


def chunked(data: bytes, cuts: list[int]) -> list[bytes]:
    """``data`` cut at the given offsets."""
    points = sorted({0, len(data), *(c % (len(data) + 1) for c in cuts)})
    return [data[a:b] for a, b in pairwise(points)]


def haskell_lines(data: bytes) -> list[bytes]:
    """The lines Haskell's ``lines`` sees (split on \\n; no empty last line)."""
    return data.removesuffix(b"\n").split(b"\n") if data else []


def entries(data: bytes, strict: bool) -> int:
    """The entries the reader gives for ``data``, read as the command line reads it."""
    lines = [decode(line) for line in haskell_lines(data)]
    if strict:
        return len(lines)
    return len(list(read_puzzles(lines)))


@settings(max_examples=150)
@given(
    lines=BYTE_LINES,
    euler=st.booleans(),
    newline_at_end=st.booleans(),
    cuts=st.lists(st.integers(0, 10_000), max_size=6),
    strict=st.booleans(),
)
def test_the_count_is_the_number_of_entries_read(
    lines: list[bytes], euler: bool, newline_at_end: bool, cuts: list[int], strict: bool
) -> None:
    # count_entries (chunks of s) = length (entries of s), however s is cut
    if euler:  # a file that starts as the Euler format
        lines = [b"Grid 01", *(row.encode() for row in ROWS), *lines]
    data = b"\n".join(lines) + (b"\n" if newline_at_end and lines else b"")
    chunks = chunked(data, cuts)
    assert count_entries(lambda: iter(chunks), strict) == entries(data, strict)


def test_a_comment_after_a_byte_order_mark_is_counted_as_the_reader_reads_it() -> None:
    # the first line is a comment: the Euler block after it is one entry, not ten lines
    data = "\ufeff# fifty grids\nGrid 01\n".encode() + "\n".join(ROWS).encode() + b"\n"
    assert entries(data, strict=False) == 1
    assert count_entries(lambda: [data]) == 1
    assert count_entries(lambda: [data], strict=True) == 11
    lines = "\ufeff# one puzzle\n".encode() + SAMPLE_PUZZLE.encode()
    assert entries(lines, strict=False) == count_entries(lambda: [lines[:2], lines[2:]]) == 1


def test_the_count_reads_each_chunk_once_a_pass() -> None:
    # the line format is counted in one pass after the format is decided: no chunk is kept
    passes = []

    def chunks() -> list[bytes]:
        passes.append(1)
        return [b"# c\n", (SAMPLE_PUZZLE + "\n").encode() * 3]

    assert count_entries(chunks) == 3
    assert len(passes) == 2
    passes.clear()
    assert count_entries(chunks, strict=True) == 4
    assert len(passes) == 1


@settings(max_examples=150)
@given(
    lines=st.lists(
        st.one_of(
            st.binary(max_size=20), st.integers(MAX_LINE - 3, MAX_LINE + 3).map(b"a".__mul__)
        ),
        max_size=6,
    ).map(lambda xs: [x.replace(b"\n", b"") for x in xs]),
    newline_at_end=st.booleans(),
    cuts=st.lists(st.integers(0, 10_000), max_size=8),
)
def test_the_splitter_is_haskells_lines_each_line_cut(
    lines: list[bytes], newline_at_end: bool, cuts: list[int]
) -> None:
    # concat (feed c) ++ end = map cut (lines s), however s is cut into chunks c
    data = b"\n".join(lines) + (b"\n" if newline_at_end and lines else b"")
    splitter = LineSplitter()
    got = [line for chunk in chunked(data, cuts) for line in splitter.feed(chunk)]
    got += splitter.end()
    cut = [x if len(x) <= MAX_LINE else x[:MAX_LINE] + b"\xff" for x in haskell_lines(data)]
    assert got == cut
    assert all(len(line) <= MAX_LINE + 1 for line in got)


@settings(max_examples=200)
@given(
    st.lists(LINE_PARTS, max_size=3).map("".join),
    st.sampled_from(["", "\n", "\r\n", "\r", "\r\r\n"]),
)
def test_one_puzzle_is_read_as_a_line_of_a_file(text: str, ending: str) -> None:
    # a line that is not a comment nor a header: puzzle_line l = text (read_puzzles [l])
    line = text + ending
    if line.startswith(("#", "\ufeff", "Grid")) or len(line.encode()) > MAX_LINE:
        return
    (entry,) = read_puzzles([line])
    assert puzzle_line(line) == entry.text
    assert puzzle_line(line, strict=True) == line
