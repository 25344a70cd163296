r"""The reader of puzzle input, and the two output formats.

Every rule of reading puzzles is stated here, once: the library's functions, ``fsudoku
solve``, ``check`` and ``euler96`` and the progress bar's count all read by these rules
(:mod:`fsudoku.run.sources` opens the files and streams; the program polls them).

Bytes to lines (what a file or stream gives):

- Lines are split on ``\n`` only, as Haskell's ``lines`` splits them: a last line without
  its ``\n`` is a line, and there is no empty line after a last ``\n``.
- A line longer than :data:`MAX_LINE` bytes (its ``\n`` not counted) is cut to its first
  :data:`MAX_LINE` bytes and marked with a byte that is not UTF-8; its rest is skipped as
  it is read, without being kept. The mark reads as U+FFFD, which no puzzle, row or header
  holds, so such a line is never a puzzle nor a row, whatever surrounds it (a comment
  stays a comment, a header a header, its label ending in U+FFFD). A line given as text
  is cut the same way, so a list of lines and a file give the same entries.
- Bytes that are not UTF-8 read as U+FFFD: their line is ``Invalid input``.

Lines to entries (:func:`read_puzzles`), in bounded memory (Project Euler 96 notes: "Python
expresses parsing as a generator over the file lines"). One line ending (``\n``,
``\r\n`` or ``\r``) is dropped, so a line ending in ``\r\r\n`` keeps one ``\r`` and is
not a puzzle; a byte-order mark at the start is dropped; a line starting with ``#`` is
a comment (no entry); every ``0`` is read as ``.`` (the rule the command line applies
before ``readGrid``); nothing else is changed, so :func:`~fsudoku.grid_io.is_puzzle` decides what is
valid. The format is decided once per input, from its first line that is not a comment:

- *Euler mode* when that line starts with ``Grid`` and a block follows it (its next line
  that is neither blank nor a comment, within :data:`LOOKAHEAD` lines, is a row of 9
  characters): each ``Grid NN`` header is followed by 9 rows of 9 characters (``0`` for a
  blank). Blank lines are ignored. A block cut short (by the end of the input or by the
  next header) or with a row that is not 9 characters long gives an entry whose text
  joins its rows with ``|``, which is never a valid puzzle. A non-blank line outside any
  block gives an entry of its own, read as in line mode.
- *Line mode* otherwise: every line that is not a comment, even an empty or malformed
  one, gives exactly one entry, labelled with its 1-based line number; so a first line
  that happens to start with ``Grid`` cannot swallow the puzzle lines after it.

*Strict* input (``--strict-input``, ``strict=True``) is read as the Haskell ``main``
reads it: every line is an entry, exactly as it is (no comments, no Euler grids, no
``0`` blanks, a ``\r`` kept).

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

Glossary: ``entry`` one puzzle of the input with its label, ``text`` the
81-character candidate line, ``label`` ``Grid 01`` or a line number, ``rows`` the
rows of an Euler block, ``chunk`` bytes as one read of a stream gives them.

>>> from fsudoku.grid_io import is_puzzle
>>> entries = list(read_puzzles(["# two puzzles\r\n", "1" * 81 + "\r\n", "0" * 80 + "\n"]))
>>> [(e.label, len(e.text), is_puzzle(e.text)) for e in entries]
[('2', 81, True), ('3', 80, False)]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import chain, islice

from fsudoku.base import validate

__all__ = [
    "MAX_LINE",
    "Entry",
    "LineSplitter",
    "count_entries",
    "decode",
    "format_boxed",
    "format_euler",
    "puzzle_line",
    "read_puzzles",
]

MAX_LINE = 1024
"""The bytes kept of one input line (UTF-8, without its ``\\n``): a longer line is never a
puzzle nor an Euler row (neither needs more, surrounding spaces included)."""

LOOKAHEAD = 64
"""Lines read past a first ``Grid`` header, at most, to see whether a block follows."""

_COMMENT, _HEADER, _BOM = "#", "Grid", "\ufeff"  # what comments and headers start with
_OVERLONG = b"\xff"  # the mark of an overlong line: not UTF-8, it reads as U+FFFD


@dataclass(frozen=True, slots=True)
class Entry:
    """One puzzle of an input: its text (``0`` already read as ``.``) and its label."""

    text: str
    label: str


# --- One line ------------------------------------------------------------------------


def _strip_line_ending(line: str) -> str:
    r"""Drop one ``\n``, ``\r\n`` or ``\r`` line ending.

    >>> _strip_line_ending("ab\r\n"), _strip_line_ending("ab\n"), _strip_line_ending("ab\r\r")
    ('ab', 'ab', 'ab\r')
    """
    return line.removesuffix("\n").removesuffix("\r")


def _normalize(text: str) -> str:
    """Read ``0`` as a blank.

    >>> _normalize("1020")
    '1.2.'
    """
    return text.replace("0", ".")


def puzzle_line(line: str, strict: bool = False) -> str:
    r"""One puzzle line as the command line reads it: one line ending dropped, ``0`` a blank.

    ``strict``: the line exactly as given. What :func:`fsudoku.solve` reads.

    >>> puzzle_line("0" * 80 + "1\r\n") == "." * 80 + "1"
    True
    >>> puzzle_line("0" * 81, strict=True) == "0" * 81
    True
    """
    return line if strict else _normalize(_strip_line_ending(line))


def _label(header: str) -> str:
    r"""The label of a header line: each run of whitespace made one space, none at the ends.

    >>> _label("Grid\t03 "), _label("Grid02")
    ('Grid 03', 'Grid02')
    """
    return " ".join(header.split())


# --- Bytes to lines ------------------------------------------------------------------


def _clip(raw: bytes) -> bytes:
    r"""A line (without its ``\n``) cut to :data:`MAX_LINE` bytes and marked, when longer.

    >>> _clip(b"12"), len(_clip(b" " * 2000))
    (b'12', 1025)
    """
    return raw if len(raw) <= MAX_LINE else raw[:MAX_LINE] + _OVERLONG


def _clip_text(raw: str) -> str:
    r"""A line given as text, cut as :func:`_clip` cuts its bytes (its ``\n`` kept, not counted).

    >>> clipped = _clip_text(" " * 2000 + "003020600\n")
    >>> len(clipped), clipped == " " * MAX_LINE + "\ufffd\n"
    (1026, True)
    """
    if len(raw) <= MAX_LINE // 4 + 1:  # at most 4 bytes a character: short enough
        return raw
    body = raw.removesuffix("\n")
    data = body.encode("utf-8", "surrogatepass")
    if len(data) <= MAX_LINE:
        return raw
    return decode(_clip(data)) + raw[len(body) :]


def decode(raw: bytes) -> str:
    r"""One line of bytes as text: bytes that are not UTF-8 read as U+FFFD.

    >>> decode(b"12\r"), decode(b"\xff1")
    ('12\r', '\ufffd1')
    """
    return raw.decode("utf-8", errors="replace")


class LineSplitter:
    r"""Haskell's ``lines`` over the chunks of a stream, each line cut by :data:`MAX_LINE`.

    Bounded memory: at most :data:`MAX_LINE` bytes of a line are kept; a longer line is
    given as soon as that much is fed, and the rest of it is skipped.

    >>> splitter = LineSplitter()
    >>> splitter.feed(b"ab\ncd"), splitter.feed(b"e\n\nf"), splitter.end()
    ([b'ab'], [b'cde', b''], [b'f'])
    """

    def __init__(self) -> None:
        self._partial = bytearray()  # the start of the next line (at most MAX_LINE bytes)
        self.skipping = False
        """Whether the rest of an overlong line is being skipped."""

    def feed(self, chunk: bytes) -> list[bytes]:
        """The lines that ``chunk`` completes, in order; the start of the next one is kept."""
        parts = chunk.split(b"\n")
        tail = parts.pop()  # the start of a line not ended yet (may be empty)
        if parts:
            if self.skipping:
                parts.pop(0)  # the end of an overlong line, given already
                self.skipping = False
            elif self._partial:
                parts[0] = bytes(self._partial) + parts[0]
            self._partial.clear()
        done = [_clip(part) for part in parts]
        if tail and not self.skipping:
            self._partial += tail
            if len(self._partial) > MAX_LINE:  # too long: give it now, skip the rest
                done.append(_clip(bytes(self._partial)))
                self._partial.clear()
                self.skipping = True
        return done

    def end(self) -> list[bytes]:
        r"""The last line, at the end of the stream, when it has no ``\n``."""
        last = [bytes(self._partial)] if self._partial and not self.skipping else []
        self._partial.clear()
        self.skipping = False
        return last


def _lines_of(chunks: Iterable[bytes]) -> Iterator[str]:
    """The lines of a stream given as chunks, as text."""
    splitter = LineSplitter()
    for chunk in chunks:
        yield from map(decode, splitter.feed(chunk))
    yield from map(decode, splitter.end())


# --- Lines to entries ----------------------------------------------------------------


def read_puzzles(lines: Iterable[str]) -> Iterator[Entry]:
    r"""The puzzles of an input, one :class:`Entry` each, as a stream.

    ``lines`` are the input's lines, with or without their line endings. The format is
    decided as the module says. Raises ``TypeError`` when ``lines`` is a ``str`` or
    ``bytes`` (an iterable of lines is expected) or when a line is not a ``str`` (when it
    is reached).

    >>> euler = ["Grid 01\n"] + ["003020600\n"] * 9 + ["Grid 02\n", "123\n"]
    >>> [(e.label, e.text[:9]) for e in read_puzzles(euler)]
    [('Grid 01', '..3.2.6..'), ('Grid 02', '123')]
    >>> [e.label for e in read_puzzles(["\n", "#\n", "x"])]
    ['1', '3']
    >>> [e.label for e in read_puzzles(["Gridlock\n", "1" * 81, "2" * 81])]
    ['1', '2', '3']
    """
    return puzzles_of(validate.lines(lines))


def puzzles_of(lines: Iterable[str], strict: bool = False) -> Iterator[Entry]:
    """:func:`read_puzzles` on lines known to be ``str``, and strict input.

    For the readers of :mod:`fsudoku.run.sources`.
    """
    if strict:
        yield from (Entry(line, str(number)) for number, line in enumerate(lines, 1))
        return
    source = map(_clip_text, lines)
    euler, head = _decide(source)
    yield from _entries_of(chain(head, source), euler)


def _line_text(raw: str, first: bool) -> str:
    """A line without its line ending, and the first without a byte-order mark."""
    line = _strip_line_ending(raw)
    return line.removeprefix(_BOM) if first else line


def _decide(source: Iterator[str]) -> tuple[bool, list[str]]:
    """Whether an input is in the Euler format, and the lines read to decide it."""
    head: list[str] = []
    for raw in source:
        head.append(raw)
        line = _line_text(raw, first=len(head) == 1)
        if not line.startswith(_COMMENT):
            return line.startswith(_HEADER) and _block_follows(source, head), head
    return False, head


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
        if line.startswith(_COMMENT) or not line.strip():
            continue
        return not line.startswith(_HEADER) and len(line.strip()) == 9
    return False


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


def _entries_of(lines: Iterable[str], euler: bool) -> Iterator[Entry]:
    """The entries of an input whose format is decided (``euler``: the Euler format)."""
    header: str | None = None  # the label of the open Euler block
    rows: list[str] = []
    for lineno, raw in enumerate(lines, 1):
        line = _line_text(raw, first=lineno == 1)
        if line.startswith(_COMMENT):
            continue
        if not euler:
            yield Entry(_normalize(line), str(lineno))
            continue
        if line.startswith(_HEADER):
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


# --- Counting entries ----------------------------------------------------------------


def count_entries(chunks: Callable[[], Iterable[bytes]], strict: bool = False) -> int:
    r"""The number of entries of a stream, without keeping it.

    ``chunks`` gives the stream's bytes from its start, anew at each call. The format
    decided, the entries of the Euler format are read; the lines of the line format (but
    comments) or of strict input are counted at memory speed. The progress bar's total.

    >>> count_entries(lambda: [b"# c\n1", b"2\n\n", b"#\n3"])
    3
    >>> count_entries(lambda: [b"# c\n1", b"2\n\n", b"#\n3"], strict=True)
    5
    >>> count_entries(lambda: [b"Grid 01\n", b"003020600\n" * 9])
    1
    """
    if not strict:
        euler, _ = _decide(_lines_of(chunks()))
        if euler:
            return sum(1 for _ in puzzles_of(_lines_of(chunks())))
    mark = ("\n" + _COMMENT).encode()  # the start of a comment line, after the first
    marked = (_BOM + _COMMENT).encode()  # the start of a first comment after a byte-order mark
    lines = comments = 0
    previous, start = b"\n", b""  # the byte before a chunk; the stream's first bytes
    for chunk in chunks():
        if not chunk:
            continue
        lines += chunk.count(b"\n")
        if not strict:
            comments += (previous + chunk).count(mark)
        previous = chunk[-1:]
        start += chunk[: len(marked) - len(start)]
    if previous != b"\n":
        lines += 1  # a last line without its newline
    if not strict and start == marked:
        comments += 1
    return lines - comments


# --- Output --------------------------------------------------------------------------


def format_euler(label: str, solution: str) -> str:
    """A grid line (81 characters) in the Project Euler block format.

    The label, then 9 rows of 9 digits (``0`` for a blank). No trailing newline.

    >>> print(format_euler("Grid 01", "123456789" * 9)[:37])
    Grid 01
    123456789
    123456789
    123456789
    >>> format_euler("Grid 02", "." * 81).splitlines()[1]
    '000000000'
    """
    text = solution.replace(".", "0")
    return "\n".join([label, *(text[i : i + 9] for i in range(0, 81, 9))])


_RULE = "+-------+-------+-------+"


def format_boxed(solution_or_grid_line: str) -> str:
    """A grid line (81 characters) drawn in boxes, ``.`` for a blank (``.`` or ``0``).

    No trailing newline.

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
    cells = [c if c in "123456789" else "." for c in solution_or_grid_line]
    out = [_RULE]
    for r in range(9):
        row = cells[r * 9 : r * 9 + 9]
        out.append("| " + " | ".join(" ".join(row[b : b + 3]) for b in (0, 3, 6)) + " |")
        if r % 3 == 2:
            out.append(_RULE)
    return "\n".join(out)
