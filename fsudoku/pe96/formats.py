r"""Reading puzzle files and showing solutions.

81-character lines, Project Euler's ``Grid NN`` blocks, and the boxed display.

Input is read as a stream (Project Euler 96 notes: "Python expresses parsing as a
generator over the file lines"): :func:`read_puzzles` takes any iterable of lines
and keeps at most one 9-row block in memory. The format is detected once per file,
from its first line that is not a comment:

- *Euler mode* when that line starts with ``Grid`` and a block follows it (its next
  line that is neither blank nor a comment is a row of 9 characters): each
  ``Grid NN`` header is followed by 9 rows of 9 characters (``0`` for a blank).
  Blank lines are ignored. A block cut short (by the end of the input or by the next
  header) or with a row that is not 9 characters long gives an entry whose text joins
  its rows with ``|``, which is never a valid puzzle. A non-blank line outside any
  block gives an entry of its own, read as in line mode.
- *Line mode* otherwise: every line that is not a comment, even an empty or
  malformed one, gives exactly one entry, labelled with its 1-based line number.

In both modes a line starting with ``#`` is a comment (no entry), one line ending
(``\n``, ``\r\n`` or ``\r``) is dropped (a line ending in ``\r\r\n`` keeps one
``\r``, and is not a puzzle), a byte-order mark at the start is dropped, and every
``0`` is replaced by ``.`` (the rule the command line applies before ``readGrid``);
nothing else is changed, so :func:`is_puzzle` decides what is valid.

The cases at the edges of the Euler format, decided:

- *A row with surrounding whitespace* (``"  003020600\t"``) is that row: what
  ``str.strip`` removes around a row is ignored; whitespace inside a row
  (``"003 020 600"``) is not, and makes its block invalid.
- *Headers*: a header is a line that starts with ``Grid`` (at its first character), so
  ``Grid02`` and ``Grid<TAB>03`` are headers; its label is the line with each run of
  whitespace made one space and none at the ends (``Grid02``, ``Grid 03``), so a
  label never holds a tab. A line with whitespace before ``Grid`` is no header.
- *A* ``#`` *inside a line* is a character of that line, not the start of a comment:
  an 81-character line with a ``#`` in it is an entry, and not a puzzle (no part of a
  line is ever cut off as a comment); in a block, a row holding a ``#`` makes the block
  invalid.
- *A line longer than* :data:`MAX_LINE` *bytes* (UTF-8, its ``\n`` not counted), such
  as a row padded with 2,000 spaces, is cut to its first :data:`MAX_LINE` bytes and
  marked with U+FFFD (which no puzzle or row holds): it is never a puzzle nor a row,
  whatever surrounds it, and a block holding it is invalid (a comment stays a comment,
  a header a header, its label ending in U+FFFD). This is what the command line does
  as it reads (:mod:`fsudoku.run.sources` keeps no more of a line), so a list of lines
  and a file give the same entries.

Glossary: ``entry`` one puzzle of the input with its label, ``text`` the
81-character candidate line, ``label`` ``Grid 01`` or a line number, ``rows`` the
rows of an Euler block.

>>> entries = list(read_puzzles(["# two puzzles\r\n", "1" * 81 + "\r\n", "0" * 80 + "\n"]))
>>> [(e.label, len(e.text), is_puzzle(e.text)) for e in entries]
[('2', 81, True), ('3', 80, False)]
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, islice

from fsudoku.base import validate
from fsudoku.grid_io import is_puzzle

__all__ = ["MAX_LINE", "Entry", "format_boxed", "format_euler", "is_puzzle", "read_puzzles"]

MAX_LINE = 1024
"""The bytes kept of one input line (UTF-8, without its ``\\n``): a longer line is never a
puzzle nor an Euler row (neither needs more, surrounding spaces included); the command
line keeps no more of a line as it reads it."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One puzzle of an input: its text (``0`` already read as ``.``) and its label."""

    text: str
    label: str


def _strip_line_ending(line: str) -> str:
    r"""Drop one ``\n``, ``\r\n`` or ``\r`` line ending.

    >>> _strip_line_ending("ab\r\n"), _strip_line_ending("ab\n"), _strip_line_ending("ab")
    ('ab', 'ab', 'ab')
    """
    return line.removesuffix("\n").removesuffix("\r")


def _normalize(text: str) -> str:
    """Read ``0`` as a blank.

    >>> _normalize("1020")
    '1.2.'
    """
    return text.replace("0", ".")


def _is_comment(line: str) -> bool:
    return line.startswith("#")


def _is_header(line: str) -> bool:
    return line.startswith("Grid")


def _label(header: str) -> str:
    r"""The label of a header line: each run of whitespace made one space, none at the ends.

    >>> _label("Grid\t03 "), _label("Grid02")
    ('Grid 03', 'Grid02')
    """
    return " ".join(header.split())


_OVERLONG = b"\xff"
"""Appended to the kept bytes of an overlong line before decoding: U+FFFD in the text."""


def _clip(raw: str) -> str:
    r"""A line cut to :data:`MAX_LINE` bytes and marked, when it is longer.

    As the command line reads it: its ``\n`` is kept and not counted; a line that is not
    longer is returned as it is.

    >>> _clip("1" * 81 + "\n") == "1" * 81 + "\n"
    True
    >>> clipped = _clip(" " * 2000 + "003020600\n")
    >>> len(clipped), clipped == " " * MAX_LINE + "\ufffd\n"
    (1026, True)
    """
    if len(raw) <= MAX_LINE // 4 + 1:  # at most 4 bytes a character: short enough
        return raw
    body = raw.removesuffix("\n")
    data = body.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_LINE:
        return raw
    return (data[:MAX_LINE] + _OVERLONG).decode("utf-8", "replace") + raw[len(body) :]


def _block_text(rows: list[str]) -> str:
    """The puzzle text of an Euler block.

    The rows joined, or ``|``-joined when the block is not 9 rows of 9 characters (so it can
    never be a valid puzzle).

    >>> _block_text(["003020600"] * 9)[:9]
    '..3.2.6..'
    >>> _block_text(["123"])
    '123'
    >>> _block_text(["1", "2"])
    '1|2'
    """
    if len(rows) == 9 and all(len(row) == 9 for row in rows):
        return _normalize("".join(rows))
    return "|".join(rows)


LOOKAHEAD = 64
"""Lines read past a first ``Grid`` header, at most, to see whether a block follows."""


def _block_follows(source: Iterator[str], head: list[str]) -> bool:
    """Whether a block follows a first header.

    It does when its next line that is neither blank nor a comment is a row of 9 characters.
    Reads no more than it needs (at most :data:`LOOKAHEAD` lines), each kept in ``head``.

    >>> _block_follows(iter(["", "003020600"]), []), _block_follows(iter(["1" * 81] * 9), [])
    (True, False)
    >>> _block_follows(iter(["Grid 02", "123456789"]), [])
    False
    """
    for raw in islice(source, LOOKAHEAD):
        head.append(raw)
        line = _strip_line_ending(raw)
        if _is_comment(line) or not line.strip():
            continue
        return not _is_header(line) and len(line.strip()) == 9
    return False


def read_puzzles(lines: Iterable[str]) -> Iterator[Entry]:
    r"""The puzzles of an input, one :class:`Entry` each, as a stream.

    The Euler format is chosen only when the first line that is not a comment starts
    with ``Grid`` *and* a block follows it (the next line that is neither blank nor a
    comment, within :data:`LOOKAHEAD` lines, is a row of 9 characters); otherwise the
    input is read in line mode, so that a first line that happens to start with
    ``Grid`` cannot swallow the puzzle lines after it: each of them gets its own entry.
    Raises ``TypeError`` when ``lines`` is a ``str`` or ``bytes`` (an iterable of lines
    is expected) or when a line is not a ``str`` (when it is reached).

    >>> euler = ["Grid 01\n"] + ["003020600\n"] * 9 + ["Grid 02\n", "123\n"]
    >>> [(e.label, e.text[:9]) for e in read_puzzles(euler)]
    [('Grid 01', '..3.2.6..'), ('Grid 02', '123')]
    >>> [e.label for e in read_puzzles(["\n", "#\n", "x"])]
    ['1', '3']
    >>> [e.label for e in read_puzzles(["Gridlock\n", "1" * 81, "2" * 81])]
    ['1', '2', '3']
    """
    return puzzles_of(validate.lines(lines))


def puzzles_of(source: Iterator[str]) -> Iterator[Entry]:
    """:func:`read_puzzles` on lines known to be ``str``: the format decided, then each entry.

    For the readers of :mod:`fsudoku.run.sources`.
    """
    source = map(_clip, source)
    head: list[str] = []  # the lines read to decide the format
    euler = False
    for raw in source:
        head.append(raw)
        line = _strip_line_ending(raw)
        if len(head) == 1:
            line = line.removeprefix("\ufeff")
        if _is_comment(line):
            continue
        euler = _is_header(line) and _block_follows(source, head)
        break
    yield from _entries_of(chain(head, source), euler)


def _entries_of(lines: Iterable[str], euler: bool) -> Iterator[Entry]:
    """The entries of an input whose format is decided (``euler``: the Euler format)."""
    lineno = 0
    header: str | None = None  # the label of the open Euler block
    rows: list[str] = []
    for raw in lines:
        lineno += 1
        line = _strip_line_ending(raw)
        if lineno == 1:
            line = line.removeprefix("\ufeff")
        if _is_comment(line):
            continue
        if not euler:
            yield Entry(_normalize(line), str(lineno))
            continue
        if _is_header(line):
            if header is not None:
                yield Entry(_block_text(rows), header)
            header = _label(line)
            rows = []
            continue
        row = line.strip()
        if not row:
            continue
        if header is None:
            yield Entry(_normalize(line), str(lineno))
            continue
        rows.append(row)
        if len(rows) == 9:
            yield Entry(_block_text(rows), header)
            header = None
            rows = []
    if header is not None:
        yield Entry(_block_text(rows), header)


def format_euler(label: str, solution: str) -> str:
    """A grid in the Project Euler block format.

    The label, then 9 rows of 9 digits (``0`` for a blank). No trailing newline. Raises
    ``TypeError`` for a label or solution that is not a ``str``, ``ValueError`` for a
    solution not 81 characters long.

    >>> print(format_euler("Grid 01", "123456789" * 9)[:37])
    Grid 01
    123456789
    123456789
    123456789
    >>> format_euler("Grid 02", "." * 81).splitlines()[1]
    '000000000'
    """
    validate.line(label, "label")
    if len(validate.line(solution, "solution")) != 81:
        raise ValueError(f"not an 81-character grid line: {solution!r}")
    text = solution.replace(".", "0")
    return "\n".join([label, *(text[i : i + 9] for i in range(0, 81, 9))])


_RULE = "+-------+-------+-------+"


def format_boxed(solution_or_grid_line: str) -> str:
    """A grid line drawn in boxes, ``.`` for a blank (``.`` or ``0``). No trailing newline.

    Raises ``TypeError`` for a line that is not a ``str``, ``ValueError`` for one that is
    not 81 characters long.

    >>> print(format_boxed("693784512487512936125963874932651487568247391741398625319475268856129743274836159"))
    +-------+-------+-------+
    | 6 9 3 | 7 8 4 | 5 1 2 |
    | 4 8 7 | 5 1 2 | 9 3 6 |
    | 1 2 5 | 9 6 3 | 8 7 4 |
    +-------+-------+-------+
    | 9 3 2 | 6 5 1 | 4 8 7 |
    | 5 6 8 | 2 4 7 | 3 9 1 |
    | 7 4 1 | 3 9 8 | 6 2 5 |
    +-------+-------+-------+
    | 3 1 9 | 4 7 5 | 2 6 8 |
    | 8 5 6 | 1 2 9 | 7 4 3 |
    | 2 7 4 | 8 3 6 | 1 5 9 |
    +-------+-------+-------+
    >>> format_boxed("0" * 81).splitlines()[1]
    '| . . . | . . . | . . . |'
    """
    if len(validate.line(solution_or_grid_line, "grid line")) != 81:
        raise ValueError(f"not an 81-character grid line: {solution_or_grid_line!r}")
    cells = [c if c in "123456789" else "." for c in solution_or_grid_line]
    out = [_RULE]
    for r in range(9):
        row = cells[r * 9 : r * 9 + 9]
        out.append("| " + " | ".join(" ".join(row[b : b + 3]) for b in (0, 3, 6)) + " |")
        if r % 3 == 2:
            out.append(_RULE)
    return "\n".join(out)
