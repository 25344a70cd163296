"""The edges of the Project Euler file format, as ``fsudoku.pe96.formats`` decides them.

Each case is checked twice: through :func:`~fsudoku.pe96.formats.read_puzzles` on a list
of ``str``, and through the command line reading the same lines from a file (where a
line is kept to :data:`~fsudoku.pe96.formats.MAX_LINE` bytes as it is read,
:mod:`fsudoku.run.sources`): both must give the same entries, the labels and which of
them are puzzles. The decisions are in the docstring of ``fsudoku/pe96/formats.py``:
whitespace around a row is ignored; ``Grid02`` and ``Grid<TAB>03`` are headers,
labelled ``Grid02`` and ``Grid 03``; a ``#`` inside a line is a character of it; a line
longer than ``MAX_LINE`` bytes (a row padded with 2,000 spaces) is never a row.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from support import run_cli

from fsudoku.grid_io import is_puzzle
from fsudoku.pe96.formats import MAX_LINE, format_euler, read_puzzles
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

ROWS = format_euler("Grid", SAMPLE_PUZZLE).split("\n")[1:]
"""The sample's nine rows in the Euler format (``0`` blanks)."""


def block(header: str, rows: list[str] | None = None) -> list[str]:
    """A header and nine rows, each line with its newline."""
    return [header + "\n", *(row + "\n" for row in rows or ROWS)]


def changed(row: int, text: str) -> list[str]:
    """The sample's rows with one replaced."""
    rows = list(ROWS)
    rows[row] = text
    return rows


Expected = list[tuple[str, bool]]
"""The entries of an input: each one's label and whether its text is a puzzle."""

CASES: dict[str, tuple[list[str], Expected]] = {
    "rows with surrounding whitespace are rows": (
        block("Grid 01", [f"  {row} \t" for row in ROWS])
        + block("Grid 02", changed(3, "\t" + ROWS[3]))
        + block("Grid 03", changed(0, ROWS[0][:3] + " " + ROWS[0][3:])),  # inside: not a row
        [("Grid 01", True), ("Grid 02", True), ("Grid 03", False)],
    ),
    "Grid02 and Grid<TAB>03 are headers, their whitespace made one space": (
        block("Grid 01") + block("Grid02") + block("Grid\t03") + block("Grid \t 04 \t"),
        [("Grid 01", True), ("Grid02", True), ("Grid 03", True), ("Grid 04", True)],
    ),
    "a first header without a space starts the Euler format": (
        block("Grid\t01") + block("Grid02"),
        [("Grid 01", True), ("Grid02", True)],
    ),
    "a # inside an 81-character line is a character, not a comment": (
        [
            SAMPLE_PUZZLE + "\n",
            SAMPLE_PUZZLE[:40] + "#" + SAMPLE_PUZZLE[41:] + "\n",  # 81 characters, one '#'
            SAMPLE_PUZZLE + "#\n",  # a '#' after the puzzle: 82 characters
            "#" + SAMPLE_PUZZLE[1:] + "\n",  # a comment: no entry
            SAMPLE_SOLUTION + "\n",
        ],
        [("1", True), ("2", False), ("3", False), ("5", True)],
    ),
    "a # inside a row is a character of the row": (
        block("Grid 01") + block("Grid 02", changed(4, ROWS[4][:4] + "#" + ROWS[4][5:])),
        [("Grid 01", True), ("Grid 02", False)],
    ),
    "a row padded with 2,000 spaces is no row": (
        block("Grid 01", changed(4, ROWS[4] + " " * 2000))
        + block("Grid 02", changed(0, " " * 2000 + ROWS[0]))
        + block("Grid 03"),
        [("Grid 01", False), ("Grid 02", False), ("Grid 03", True)],
    ),
    "a row padded to MAX_LINE bytes is a row, one byte more is not": (
        block("Grid 01", changed(8, ROWS[8] + " " * (MAX_LINE - 9)))
        + block("Grid 02", changed(8, ROWS[8] + " " * (MAX_LINE - 8)))
        + block("Grid 03", changed(8, ROWS[8] + "\u00a0" * ((MAX_LINE - 9) // 2 + 1))),
        [("Grid 01", True), ("Grid 02", False), ("Grid 03", False)],  # U+00A0: 2 bytes
    ),
    "a line padded with 2,000 spaces is invalid in line mode too": (
        [SAMPLE_PUZZLE + " " * 2000 + "\n", "# " + "x" * 2000 + "\n", SAMPLE_PUZZLE + "\n"],
        [("1", False), ("3", True)],
    ),
}


def from_lines(lines: list[str]) -> Expected:
    return [(e.label, is_puzzle(e.text)) for e in read_puzzles(lines)]


def from_file(lines: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Expected:
    """The entries the command line reads from a file of these lines (``--stats`` names
    each entry's label and status on standard error)."""
    path = tmp_path / "puzzles.txt"
    path.write_text("".join(lines), encoding="utf-8")
    _, out = run_cli(["solve", "-q", "--stats", "--solver", "dlx", "--format", "line", str(path)])
    err = capsys.readouterr().err
    stats = [row.split("\t") for row in err.splitlines() if row.count("\t") == 2]
    assert len(out.splitlines()) == len(stats), (out, err)
    return [(label, status != "invalid") for label, status, _ in stats]


@pytest.mark.parametrize("case", CASES)
def test_the_euler_format_case_read_from_a_list_of_lines(case: str) -> None:
    lines, expected = CASES[case]
    assert from_lines(lines) == expected


@pytest.mark.parametrize("case", CASES)
def test_the_euler_format_case_read_by_the_command_line(
    case: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines, expected = CASES[case]
    assert from_file(lines, tmp_path, capsys) == expected


def test_a_valid_block_gives_the_puzzle_whatever_surrounds_its_rows() -> None:
    # the text of a block of padded rows is the block's puzzle, '.' for '0'
    lines, _ = CASES["rows with surrounding whitespace are rows"]
    assert [e.text for e in read_puzzles(lines)][:2] == [SAMPLE_PUZZLE] * 2


def test_an_euler_label_is_printed_as_read() -> None:
    # --format euler prints the normalised label above the solution's rows
    data = "".join(block("Grid\t07") + block("Grid08")).encode()
    code, out = run_cli(["solve", "-q", "--solver", "dlx", "--format", "euler", "-"], data)
    assert code == 0
    assert out.splitlines()[0::10] == ["Grid 07", "Grid08"], out
