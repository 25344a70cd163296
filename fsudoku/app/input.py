"""The program's input: its puzzles as a stream, and their count.

The puzzles of its files come as a stream that knows what is waiting; the count is for the
progress bar. Both are read by the reader's rules (:mod:`fsudoku.pe96.formats`); what is
here is the program's: polling, and the descriptors the count reads through.

An entry is *waiting* when it can be read without blocking: a regular file always has
one; a pipe or a terminal only when its writer has written it (``poll``). The batch
(:func:`fsudoku.run.batch.outcomes`) solves what is waiting together, and answers
everything read so far before a read that may block, so ``tail -f log | fsudoku solve``
or a program that waits for each answer gets it at once.
"""

from __future__ import annotations

import os
import stat
import sys
from collections.abc import Callable, Iterator, Sequence

from fsudoku.pe96 import formats
from fsudoku.pe96.formats import Entry
from fsudoku.run.sources import Lines, SourceError, Sources, open_source

__all__ = ["COUNT_MAX", "EntryStream", "count_entries"]


class _PolledLines(Lines):
    """:class:`~fsudoku.run.sources.Lines` that can say whether the next line is waiting."""

    def waiting(self) -> bool:
        """Whether the next line (or the end) can be read without blocking.

        A line being skipped is not waiting: its end may be far (``/dev/zero``), and what
        was read before it is answered first.
        """
        while True:
            if self.ready or self.at_end:
                return True
            if self.skipping or not self.wait(0):
                return False
            self.fill()


class EntryStream(Iterator[Entry]):
    """The entries of the named sources, and whether the next one is waiting.

    A source that cannot be read is told to ``on_error`` (and the others are still read).
    """

    def __init__(
        self,
        paths: Sequence[str],
        strict: bool,
        on_error: Callable[[SourceError], object],
    ) -> None:
        self._sources = Sources(paths, strict, _PolledLines)
        self._on_error = on_error

    def __next__(self) -> Entry:
        while True:
            item = next(self._sources)
            if isinstance(item, SourceError):
                self._on_error(item)
                continue
            return item

    def waiting(self) -> bool:
        """Whether the next entry (or the end) can be read without blocking."""
        reader = self._sources.reader
        if isinstance(reader, _PolledLines):
            if reader.ready:  # the common case: a line read and not taken yet
                return True
            if not reader.waiting():
                return False
            if reader.ready or not reader.at_end:
                return True
        following = self._sources.index + 1  # this source is read to its end: the next decides
        paths = self._sources.paths
        return following >= len(paths) or _regular(paths[following])


def _stdin_fd() -> int | None:
    """The file descriptor under standard input (``None``: closed, or not a file)."""
    try:
        return None if sys.stdin is None else int(sys.stdin.fileno())
    except (OSError, ValueError, AttributeError):
        return None


def _regular(path: str) -> bool:
    """Whether a source is a regular file (its reads never block)."""
    try:
        if path == "-":
            fd = _stdin_fd()
            return fd is not None and stat.S_ISREG(os.fstat(fd).st_mode)
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


COUNT_MAX = 1 << 28
"""Sources larger than this (256 MiB in all) are counted as they are read."""


def count_entries(paths: Sequence[str], strict: bool = False) -> int | None:
    """The number of entries of the named sources, when it can be known without consuming them.

    That is when every source is a regular file (standard input included) of at most
    :data:`COUNT_MAX` bytes in all; otherwise ``None`` (count as you go).

    The total of the progress bar: each file counted by the reader
    (:func:`fsudoku.pe96.formats.count_entries`), through its descriptor from its current
    offset, without moving it. A source that cannot be read counts 0, as it gives no entry.
    """
    sizes: list[tuple[str, int, int]] = []  # (path, offset, bytes to count)
    for path in list(paths) or ["-"]:
        found = _size(path)
        if found is None:
            return None
        sizes.append((path, *found))
    if sum(size for _, _, size in sizes) > COUNT_MAX:
        return None
    total = 0
    for path, offset, _ in sizes:
        try:
            if path == "-":
                fd = _stdin_fd()
                total += 0 if fd is None else _count(fd, offset, strict)
            else:
                with open_source(path) as handle:
                    total += _count(handle.fileno(), 0, strict)
        except OSError:
            continue
    return total


def _size(path: str) -> tuple[int, int] | None:
    """A source's offset and the bytes to count from it.

    ``None`` when the sources cannot be counted; ``(0, 0)`` for a file that cannot be found,
    or a directory: opening it fails, and it counts 0.
    """
    try:
        if path == "-":
            fd = _stdin_fd()
            if fd is None:
                return None
            info = os.fstat(fd)
            offset = os.lseek(fd, 0, os.SEEK_CUR) if stat.S_ISREG(info.st_mode) else 0
        else:
            info = os.stat(path)
            offset = 0
    except OSError:
        return None if path == "-" else (0, 0)
    if stat.S_ISDIR(info.st_mode):
        return (0, 0)
    if not stat.S_ISREG(info.st_mode):
        return None
    return offset, max(info.st_size - offset, 0)


def _count(fd: int, offset: int, strict: bool) -> int:
    """The entries of one regular file, from ``offset``, without moving its position."""

    def chunks() -> Iterator[bytes]:
        position = offset
        while data := os.pread(fd, 1 << 20, position):
            position += len(data)
            yield data

    return formats.count_entries(chunks, strict)
