"""The progress bar's total: :func:`fsudoku.app.input.count_entries` counts the entries
the program will read, a last line without its newline included.

The count is the reader's (:func:`fsudoku.pe96.formats.count_entries`), made through the
file's descriptor; here it is compared with the entries
:func:`fsudoku.run.sources.read_sources` reads from the same files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from fsudoku.app.input import count_entries
from fsudoku.pe96.formats import format_euler
from fsudoku.run.sources import read_sources
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

EULER = "\n".join(format_euler(f"Grid {i:02d}", SAMPLE_PUZZLE) for i in (1, 2))

FILES: dict[str, bytes] = {
    "lines, the last without a newline": f"{SAMPLE_PUZZLE}\n{SAMPLE_SOLUTION}".encode(),
    "one line without a newline": SAMPLE_PUZZLE.encode(),
    "lines, the last with a newline": f"{SAMPLE_PUZZLE}\n{SAMPLE_SOLUTION}\n".encode(),
    "a comment last, without a newline": f"{SAMPLE_PUZZLE}\n# the end".encode(),
    "a bad line last, without a newline": f"{SAMPLE_PUZZLE}\nx".encode(),
    "CRLF lines, the last without a line ending": f"{SAMPLE_PUZZLE}\r\nabc".encode(),
    "a byte-order mark and a comment first": f"\ufeff# c\n{SAMPLE_PUZZLE}".encode(),
    "an empty last line": f"{SAMPLE_PUZZLE}\n\n".encode(),
    "Euler blocks, the last row without a newline": EULER.encode(),
    "Euler blocks with a newline": (EULER + "\n").encode(),
    "a byte-order mark and a comment, then Euler blocks": f"\ufeff# c\n{EULER}".encode(),
    "empty": b"",
}


@pytest.mark.parametrize("name", FILES)
def test_the_count_is_the_number_of_entries_read(name: str, tmp_path: Path) -> None:
    # count_entries [f] = length (read_sources [f]), whatever ends the file
    path = tmp_path / "puzzles.txt"
    path.write_bytes(FILES[name])
    entries = list(read_sources([str(path)]))
    assert count_entries([str(path)]) == len(entries), entries


def test_a_last_line_without_a_newline_is_counted(tmp_path: Path) -> None:
    # two files, each ending without a newline: 2 + 1 entries
    first, second = tmp_path / "a.txt", tmp_path / "b.txt"
    first.write_bytes(f"{SAMPLE_PUZZLE}\n{SAMPLE_PUZZLE}".encode())
    second.write_bytes(SAMPLE_SOLUTION.encode())
    assert count_entries([str(first), str(second)]) == 3
    assert count_entries([str(first)], strict=True) == 2
