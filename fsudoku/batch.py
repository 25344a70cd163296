"""The batch layer: puzzles read from sources, their outcomes in input order (in this
process or in worker processes), and progress.

A library API: ``fsudoku solve`` is a thin front end over it, and a program that wants
"the outcomes of this file with 2 workers and a progress bar" calls it directly:

>>> import io
>>> from fsudoku.grid_io import SAMPLE
>>> lines = io.BytesIO(SAMPLE.encode() + b"\\nabc\\n")
>>> [(e.label, o.status) for e, o in outcomes(entries_of(lines), "exclusives", "reference")]
[('1', 'solved'), ('2', 'invalid')]

Glossary: an *entry* is one puzzle of the input with its label (a line number, or
``Grid NN``); a *source* is a file name (``-`` for standard input); an *outcome* is
what a solver says of one entry (:class:`~fsudoku.outcome.Outcome`).

Input rules: lines are split on ``\n`` only, as Haskell's ``lines``; a trailing ``\r``
is dropped (unless ``strict``), ``0`` blanks become ``.``, bytes that are not UTF-8
make that line ``Invalid input``; the Euler format is detected per file
(:func:`fsudoku.pe96.formats.read_puzzles`).
"""

from __future__ import annotations

import signal
import sys
from collections import deque
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from typing import IO, NoReturn

from tqdm import tqdm

from fsudoku.outcome import Outcome
from fsudoku.pe96.formats import Entry, read_puzzles
from fsudoku.solvers import Engine, SolverName, solve_many

__all__ = [
    "Entry",
    "Progress",
    "count_lines",
    "entries_of",
    "outcomes",
    "read_sources",
]


# ---------------------------------------------------------------------------
# Sources


def _decode(raw: bytes, strict: bool = False) -> str:
    """One raw line to text: the ``\\n`` and (unless ``strict``) one ``\\r`` dropped; bad
    UTF-8 kept visible as U+FFFD, which no puzzle contains, so the line reads as
    ``Invalid input``."""
    if raw.endswith(b"\n"):
        raw = raw[:-1]
    if raw.endswith(b"\r") and not strict:
        raw = raw[:-1]
    return raw.decode("utf-8", errors="replace")


def _raw_lines(stream: IO[bytes], strict: bool = False) -> Iterator[str]:
    for raw in stream:
        yield _decode(raw, strict)


def _entries(lines: Iterable[str], strict: bool = False) -> Iterator[Entry]:
    """Puzzles of one file, the format detected from it (lines, or Euler's grids).

    ``strict``: every line as it is, as the Haskell ``main`` reads it (no ``0`` blanks,
    no comments, no Euler grids, a ``\\r`` kept)."""
    if strict:
        for number, line in enumerate(lines, 1):
            yield Entry(line, str(number))
        return
    for entry in read_puzzles(lines):
        yield Entry(entry.text, entry.label)


def read_sources(paths: Sequence[str], errors: list[str], strict: bool = False) -> Iterator[Entry]:
    """Every puzzle of the named files in order (``-`` or none: standard input).

    A file that cannot be read is reported in ``errors`` and skipped; the others
    are still read.
    """
    for path in paths or ["-"]:
        if path == "-":
            yield from entries_of(sys.stdin.buffer, strict)
            continue
        try:
            handle = open(path, "rb")
        except IsADirectoryError:
            errors.append(f"fsudoku: {path}: is a directory")
            continue
        except FileNotFoundError:
            errors.append(f"fsudoku: {path}: no such file")
            continue
        except OSError as error:
            errors.append(f"fsudoku: {path}: {error.strerror or error}")
            continue
        with handle:
            try:
                yield from entries_of(handle, strict)
            except OSError as error:
                errors.append(f"fsudoku: {path}: {error.strerror or error}")


def entries_of(stream: IO[bytes], strict: bool = False) -> Iterator[Entry]:
    """The puzzles of one open binary stream, read as a stream.

    No Haskell counterpart: the article's ``lines <$> getContents``, plus formats.
    """
    return _entries(_raw_lines(stream, strict), strict)


# ---------------------------------------------------------------------------
# Outcomes, in input order, in this process or in workers


def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _solve_chunk(
    texts: list[str], solver: SolverName, engine: Engine, max_nodes: int | None
) -> list[Outcome]:
    return list(solve_many(texts, solver, engine, max_nodes))


def _chunks(entries: Iterable[Entry], size: int) -> Iterator[list[Entry]]:
    chunk: list[Entry] = []
    for entry in entries:
        chunk.append(entry)
        if len(chunk) == size:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def outcomes(
    entries: Iterable[Entry],
    solver: SolverName,
    engine: Engine,
    max_nodes: int | None = None,
    jobs: int = 1,
    interactive: bool = False,
) -> Iterator[tuple[Entry, Outcome]]:
    """Each entry with its outcome, in input order, with ``jobs`` worker processes.

    ``interactive``: the input is a terminal, so each line is answered before the next
    is read."""
    if interactive:  # a terminal: answer each line before reading the next one
        for entry in entries:
            yield entry, next(solve_many([entry.text], solver, engine, max_nodes))
        return
    if jobs <= 1:
        read: deque[Entry] = deque()

        def entry_texts() -> Iterator[str]:
            for entry in entries:
                read.append(entry)
                yield entry.text

        for outcome in solve_many(entry_texts(), solver, engine, max_nodes):
            yield read.popleft(), outcome
        return
    size = 4096 if engine == "fast" else 8  # the fast engine is efficient on big batches
    window = 4 * jobs  # chunks in flight: memory stays bounded whatever the input size
    with ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_sigint) as pool:
        pending: deque[tuple[list[Entry], Future[list[Outcome]]]] = deque()
        try:
            for chunk in _chunks(entries, size):
                texts = [e.text for e in chunk]
                pending.append((chunk, pool.submit(_solve_chunk, texts, solver, engine, max_nodes)))
                while len(pending) >= window:
                    done_chunk, future = pending.popleft()
                    yield from zip(done_chunk, future.result(), strict=True)
            while pending:
                done_chunk, future = pending.popleft()
                yield from zip(done_chunk, future.result(), strict=True)
        except BaseException:
            for _, future in pending:
                future.cancel()
            pool.shutdown(wait=False, cancel_futures=True)
            raise


class Progress:
    """Count, rate and ETA on a terminal's stderr (silent otherwise)."""

    def __init__(self, enabled: bool, total: int | None = None) -> None:
        self.bar: tqdm[NoReturn] | None = None
        if enabled:
            self.bar = tqdm(total=total, unit="puzzle", file=sys.stderr, leave=False)

    def update(self) -> None:
        if self.bar is not None:
            self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def count_lines(paths: Sequence[str]) -> int | None:
    """The number of lines of the named regular files (None for stdin), for the ETA."""
    if not paths or "-" in paths:
        return None
    total = 0
    for path in paths:
        try:
            with open(path, "rb") as handle:
                total += sum(
                    chunk.count(b"\n") for chunk in iter(lambda: handle.read(1 << 20), b"")
                )
        except OSError:
            continue
    return total
