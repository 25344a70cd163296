"""An input line longer than ``MAX_LINE`` bytes is given cut, with a mark that makes it
invalid (:mod:`fsudoku.run.sources`).

Its first ``MAX_LINE`` bytes are kept and a byte that is not UTF-8 is put after them, so
the line reads with U+FFFD and is never a puzzle, however its start looks: a puzzle
followed by a kilobyte of spaces is ``Invalid input``, not the puzzle. The line is given
as soon as that much of it is read (a line longer than one read of the stream), or
whole (a line that ends within a read), and the same either way.
"""

from __future__ import annotations

import io

import pytest

import fsudoku
from fsudoku.pe96.formats import MAX_LINE
from fsudoku.run.sources import entries_of, text_lines
from fsudoku.testing.strategies import SAMPLE_PUZZLE

PADDED = SAMPLE_PUZZLE.encode() + b" " * (2 * MAX_LINE)
"""A puzzle, then spaces: too long for a line."""


class Trickle(io.RawIOBase):
    """A stream that gives at most ``size`` bytes a read (a slow pipe)."""

    def __init__(self, data: bytes, size: int) -> None:
        self.data = memoryview(data)
        self.size = size

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: bytearray) -> int:  # type: ignore[override]
        n = min(len(buffer), self.size, len(self.data))
        buffer[:n] = self.data[:n]
        self.data = self.data[n:]
        return n


def streams(data: bytes) -> dict[str, io.RawIOBase | io.BytesIO]:
    """The same bytes read at once, and a hundred bytes a read."""
    return {"at once": io.BytesIO(data), "trickled": Trickle(data, 100)}


@pytest.mark.parametrize("how", ["at once", "trickled"])
def test_an_overlong_line_is_cut_and_marked(how: str) -> None:
    data = PADDED + b"\n" + b"x" * (MAX_LINE + 1) + b"\nabc\n"
    lines = list(text_lines(streams(data)[how]))  # type: ignore[arg-type]
    assert lines == [
        SAMPLE_PUZZLE + " " * (MAX_LINE - 81) + "\ufffd",
        "x" * MAX_LINE + "\ufffd",
        "abc",
    ]


@pytest.mark.parametrize("how", ["at once", "trickled"])
def test_a_line_of_exactly_max_line_bytes_is_kept_whole(how: str) -> None:
    data = b"y" * MAX_LINE + b"\n"
    assert list(text_lines(streams(data)[how])) == ["y" * MAX_LINE]  # type: ignore[arg-type]


@pytest.mark.parametrize("how", ["at once", "trickled"])
def test_a_puzzle_padded_past_the_limit_is_invalid_input(how: str) -> None:
    data = PADDED + b"\n" + SAMPLE_PUZZLE.encode() + b"\n"
    entries = list(entries_of(streams(data)[how]))  # type: ignore[arg-type]
    assert [e.label for e in entries] == ["1", "2"]
    statuses = [o.status for o in fsudoku.solve_many(e.text for e in entries)]
    assert statuses == ["invalid", "solved"]
