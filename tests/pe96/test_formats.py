"""Puzzle files (81-character lines, Project Euler blocks) and the two output formats."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import P096, first_lines

from fsudoku.grid_io import is_puzzle
from fsudoku.pe96.formats import Entry, format_boxed, format_euler, read_puzzles
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION, puzzles


class CountingLines:
    """An endless source of lines that counts how many were taken."""

    def __init__(self, make: Iterator[str]) -> None:
        self.make = make
        self.taken = 0

    def __iter__(self) -> Iterator[str]:
        for line in self.make:
            self.taken += 1
            yield line


def euler_lines(blocks: list[tuple[str, str]]) -> list[str]:
    return [line + "\n" for label, text in blocks for line in format_euler(label, text).split("\n")]


# --- Line mode ----------------------------------------------------------------------


def test_line_mode_gives_one_entry_per_non_comment_line() -> None:
    lines = [
        "# a comment\n",
        SAMPLE_PUZZLE.replace(".", "0") + "\r\n",
        "\n",
        "n0t a puzzle\n",
        "#another\n",
        SAMPLE_PUZZLE,
    ]
    entries = list(read_puzzles(lines))
    assert entries == [
        Entry(SAMPLE_PUZZLE, "2"),
        Entry("", "3"),
        Entry("n.t a puzzle", "4"),
        Entry(SAMPLE_PUZZLE, "6"),
    ], entries
    assert [is_puzzle(e.text) for e in entries] == [True, False, False, True]


def test_a_byte_order_mark_is_dropped() -> None:
    entries = list(read_puzzles(["\ufeff" + SAMPLE_PUZZLE + "\n"]))
    assert entries == [Entry(SAMPLE_PUZZLE, "1")]


@given(st.lists(puzzles(), max_size=8), st.sampled_from(["\n", "\r\n"]))
@settings(max_examples=40)
def test_line_mode_round_trip(texts: list[str], ending: str) -> None:
    # map text (read_puzzles (map ((++ ending) . zeros) ps)) = ps   (list equality)
    lines = [t.replace(".", "0") + ending for t in texts]
    left = [e.text for e in read_puzzles(lines)]
    assert left == texts, (left, texts)


def test_line_mode_streams() -> None:
    source = CountingLines(itertools.repeat(SAMPLE_PUZZLE + "\n"))
    taken = list(itertools.islice(read_puzzles(source), 5))
    assert [e.label for e in taken] == ["1", "2", "3", "4", "5"]
    assert source.taken == 5, source.taken


# --- Euler mode ---------------------------------------------------------------------


@given(st.lists(puzzles(), min_size=1, max_size=6))
@settings(max_examples=40)
def test_euler_round_trip(texts: list[str]) -> None:
    # read_puzzles (format_euler blocks) = blocks   (list equality)
    blocks = [(f"Grid {i + 1:02d}", t) for i, t in enumerate(texts)]
    left = [(e.label, e.text) for e in read_puzzles(euler_lines(blocks))]
    assert left == blocks, (left, blocks)


def test_euler_mode_streams() -> None:
    block = euler_lines([("Grid 01", SAMPLE_PUZZLE)])
    source = CountingLines(itertools.cycle(block))
    taken = list(itertools.islice(read_puzzles(source), 3))
    assert [e.text for e in taken] == [SAMPLE_PUZZLE] * 3
    assert source.taken == 30, source.taken


def test_euler_mode_with_comments_blank_lines_and_crlf() -> None:
    lines = [
        "# PE 96\r\n",
        *(line.replace("\n", "\r\n") for line in euler_lines([("Grid 01", SAMPLE_PUZZLE)])),
        "\r\n",
        "# end\n",
    ]
    lines.insert(4, "# inside a block\n")
    assert list(read_puzzles(lines)) == [Entry(SAMPLE_PUZZLE, "Grid 01")]


def test_malformed_euler_blocks_give_invalid_entries() -> None:
    good = euler_lines([("Grid 02", SAMPLE_PUZZLE)])
    cut_short = euler_lines([("Grid 01", SAMPLE_PUZZLE)])[:5]  # header and 4 rows
    bad_row = euler_lines([("Grid 03", SAMPLE_PUZZLE)])
    # rows of 8 and 10 characters: still 81 in all, but not 9 rows of 9
    bad_row[3], bad_row[4] = bad_row[3][:8] + "\n", bad_row[3][8] + bad_row[4]
    stray = ["stray line\n"]
    at_end = euler_lines([("Grid 04", SAMPLE_PUZZLE)])[:3]
    entries = list(read_puzzles(cut_short + good + bad_row + stray + at_end))
    assert [e.label for e in entries] == ["Grid 01", "Grid 02", "Grid 03", "26", "Grid 04"]
    assert [is_puzzle(e.text) for e in entries] == [False, True, False, False, False]
    assert entries[1].text == SAMPLE_PUZZLE
    assert len(entries[2].text.replace("|", "")) == 81


def test_project_euler_file() -> None:
    lines = first_lines(P096, 500)
    entries = list(read_puzzles(lines))
    assert [e.label for e in entries] == [f"Grid {i:02d}" for i in range(1, 51)]
    assert all(is_puzzle(e.text) for e in entries)
    assert entries[0].text[:9] == "..3.2.6.."


# --- Validity -----------------------------------------------------------------------


CHARS = ".0123456789x５\r "


@st.composite
def one_char_changed(draw: st.DrawFn) -> str:
    """Puzzles with one cell replaced by any character (often still a puzzle)."""
    puzzle = draw(puzzles())
    i = draw(st.integers(0, 80))
    return puzzle[:i] + draw(st.sampled_from(CHARS)) + puzzle[i + 1 :]


@given(st.one_of(st.text(alphabet=CHARS, min_size=79, max_size=82), puzzles(), one_char_changed()))
@settings(max_examples=150)
def test_is_puzzle_is_read_grids_rule(text: str) -> None:
    # is_puzzle s = isJust (readGrid s)
    grid_io = pytest.importorskip("fsudoku.grid_io")
    left = is_puzzle(text)
    right = bool(grid_io.read_grid(text))
    assert left == right, (left, right)


# --- Output -------------------------------------------------------------------------


def test_format_euler() -> None:
    text = format_euler("Grid 07", SAMPLE_SOLUTION)
    lines = text.split("\n")
    assert lines[0] == "Grid 07" and len(lines) == 10
    assert "".join(lines[1:]) == SAMPLE_SOLUTION
    assert format_euler("Grid 01", SAMPLE_PUZZLE).split("\n")[1] == "000000010"


@given(puzzles())
@settings(max_examples=40)
def test_format_boxed_shows_every_cell_in_order(puzzle: str) -> None:
    # filter isCell (format_boxed p) = p   (list equality)
    boxed = format_boxed(puzzle)
    lines = boxed.split("\n")
    assert len(lines) == 13
    assert [lines[i] for i in (0, 4, 8, 12)] == ["+-------+-------+-------+"] * 4
    assert all(len(line) == 25 for line in lines)
    left = "".join(ch for ch in boxed if ch in ".123456789")
    assert left == puzzle, (left, puzzle)
    assert format_boxed(puzzle.replace(".", "0")) == boxed


@pytest.mark.parametrize("first", ["Gridlock", "Grid 01", "Grid"])
def test_a_first_line_starting_with_grid_does_not_swallow_the_lines_after_it(first: str) -> None:
    # no well-formed block follows: line mode, each line its own entry, in order
    lines = [first + "\n", SAMPLE_PUZZLE + "\n", SAMPLE_SOLUTION + "\n"]
    entries = list(read_puzzles(lines))
    assert [e.label for e in entries] == ["1", "2", "3"]
    assert [e.text for e in entries][1:] == [SAMPLE_PUZZLE, SAMPLE_SOLUTION]


def test_only_one_carriage_return_is_dropped() -> None:
    # "\r\n" is a Windows line ending; a line ending in "\r\r" keeps one "\r" (invalid)
    entries = list(read_puzzles([SAMPLE_PUZZLE + "\r\n", SAMPLE_PUZZLE + "\r\r\n"]))
    assert [e.text for e in entries] == [SAMPLE_PUZZLE, SAMPLE_PUZZLE + "\r"]
    assert [is_puzzle(e.text) for e in entries] == [True, False]
