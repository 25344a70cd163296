r"""Puzzles read from files and streams, in bounded memory: the entries of a batch.

The files and streams are read here; what their bytes mean, line by line, is the reader's
(:mod:`fsudoku.pe96.formats`, which states every rule once). A source that cannot be read
is a :class:`SourceError` in the stream of entries, and the sources after it are still
read.

Glossary: an *entry* is one puzzle of the input with its label (a line number, or
``Grid NN``); a *source* is a file name (``-``: standard input).

>>> import io
>>> from fsudoku.grid_io import SAMPLE
>>> [(e.label, e.text[:7]) for e in entries_of(io.BytesIO(SAMPLE.encode() + b"\nabc\n"))]
[('1', '.......'), ('2', 'abc')]
"""

from __future__ import annotations

import fcntl
import io
import os
import select
import stat
import sys
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import IO

from fsudoku.base import validate
from fsudoku.pe96.formats import Entry, LineSplitter, decode, puzzles_of

__all__ = [
    "Lines",
    "SourceError",
    "Sources",
    "entries_of",
    "read_sources",
    "text_lines",
]

READ_SIZE = 1 << 16
"""Bytes asked for by one read of an input."""


class Lines:
    r"""The lines of a binary stream (without their ``\n``), in bounded memory.

    Split and cut as the reader says (:class:`~fsudoku.pe96.formats.LineSplitter`). A
    stream whose descriptor does not block (``O_NONBLOCK``) is waited for when it has
    nothing to give: no data yet is not the end of the input.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self._read: Callable[[int], bytes | None] = getattr(stream, "read1", None) or stream.read
        try:
            self.fd: int | None = stream.fileno()
        except (OSError, ValueError, AttributeError):
            self.fd = None  # a stream in memory
        self._ready: deque[bytes] = deque()  # complete lines, in order
        self._splitter = LineSplitter()
        self.at_end = False

    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        while not self._ready:
            if self.at_end:
                raise StopIteration
            self.fill()
        return self._ready.popleft()

    @property
    def ready(self) -> bool:
        """Whether a complete line has been read and not taken yet."""
        return bool(self._ready)

    @property
    def skipping(self) -> bool:
        """Whether the rest of an overlong line is being skipped."""
        return self._splitter.skipping

    def fill(self) -> None:
        """One read of the stream: its complete lines to the ready ones, the rest kept."""
        chunk = self._chunk()
        if chunk is None:  # a descriptor that does not block, with nothing to read yet
            self.wait(None)
        elif not chunk:
            self.at_end = True
            self._ready.extend(self._splitter.end())
        else:
            self._ready.extend(self._splitter.feed(chunk))

    def _chunk(self) -> bytes | None:
        """The next bytes of the stream.

        ``b""`` at its end, ``None`` when a descriptor that does not block has nothing yet
        (``EAGAIN`` is not the end).
        """
        try:
            chunk = self._read(READ_SIZE)
        except BlockingIOError:
            return None
        if chunk is None:
            return None
        if chunk or self.fd is None or not _nonblocking(self.fd):
            return bytes(chunk)
        # a buffered stream gives b"" for EAGAIN too: the end only if, once the
        # descriptor is ready, there is still nothing to read
        self.wait(None)
        try:
            again = self._read(READ_SIZE)
        except BlockingIOError:
            return None
        return None if again is None else bytes(again)

    def wait(self, timeout: float | None) -> bool:
        """Whether the stream can be read without blocking, waiting up to ``timeout`` seconds.

        A ``timeout`` of ``None`` waits as long as it takes.
        """
        if self.fd is None:
            return True  # a stream in memory
        poller = select.poll()
        poller.register(self.fd, select.POLLIN | select.POLLPRI)
        return bool(poller.poll(None if timeout is None else int(timeout * 1000)))


def _nonblocking(fd: int) -> bool:
    """Whether a descriptor is in non-blocking mode (``O_NONBLOCK``)."""
    try:
        return bool(fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_NONBLOCK)
    except OSError:
        return False


def _binary(stream: object) -> IO[bytes]:
    """``stream``, which must be an open binary stream (a text one: pass its ``.buffer``)."""
    if isinstance(stream, io.TextIOBase) or not callable(getattr(stream, "read", None)):
        raise TypeError(f"expected a binary stream (open(path, 'rb')), not {type(stream).__name__}")
    return stream  # type: ignore[return-value]


def text_lines(stream: IO[bytes]) -> Iterator[str]:
    r"""The lines of an open binary stream as text (without their ``\n``), in bounded memory.

    ``lines <$> getContents``. Raises ``TypeError`` for a stream that is not binary.

    >>> list(text_lines(io.BytesIO(b"ab\r\ncd")))
    ['ab\r', 'cd']
    """
    return map(decode, Lines(_binary(stream)))


def entries_of(stream: IO[bytes], strict: bool = False) -> Iterator[Entry]:
    """The puzzles of one open binary stream, read as a stream.

    The article's ``lines <$> getContents``, plus the formats. Raises ``TypeError`` for a
    stream that is not binary.
    """
    return puzzles_of(text_lines(stream), validate.flag(strict, "strict"))


@dataclass(frozen=True, slots=True)
class SourceError:
    """A source that could not be opened or read: its name as given, and why."""

    source: str
    error: OSError


def open_source(path: str) -> IO[bytes]:
    """A source opened for reading (``-``: standard input's binary stream).

    A directory is refused here (``open`` would not say). Raises ``OSError``.
    """
    if path == "-":
        stream = getattr(sys.stdin, "buffer", None) if sys.stdin is not None else None
        if stream is None:
            raise OSError(9, "standard input is closed")
        return stream  # type: ignore[no-any-return]
    handle = open(path, "rb")  # noqa: SIM115 (returned open: the caller closes it)
    try:
        if stat.S_ISDIR(os.fstat(handle.fileno()).st_mode):
            raise IsADirectoryError(21, "Is a directory", path)
    except BaseException:
        handle.close()
        raise
    return handle


class Sources(Iterator["Entry | SourceError"]):
    """Every puzzle of the named sources in order, each read once, as a stream.

    ``-`` or none is standard input. A source that cannot be read is one
    :class:`SourceError` in its place. ``lines`` makes the reader of each source
    (:class:`Lines` unless told).
    """

    def __init__(
        self,
        paths: Sequence[str],
        strict: bool = False,
        lines: Callable[[IO[bytes]], Lines] = Lines,
    ) -> None:
        self.paths = list(paths) or ["-"]
        self.strict = strict
        self._make = lines
        self.reader: Lines | None = None
        """The reader of the source being read (``None`` between sources)."""
        self.index = -1
        """The index of the source being read."""
        self._items = self._all()

    def __next__(self) -> Entry | SourceError:
        return next(self._items)

    def _all(self) -> Iterator[Entry | SourceError]:
        for index, path in enumerate(self.paths):
            self.index = index
            try:
                stream = open_source(path)
            except OSError as error:
                yield SourceError(path, error)
                continue
            try:
                self.reader = self._make(stream)
                yield from puzzles_of(map(decode, self.reader), self.strict)
            except OSError as error:
                yield SourceError(path, error)
            finally:
                self.reader = None
                if path != "-":
                    stream.close()


def read_sources(paths: Sequence[str], strict: bool = False) -> Sources:
    """Every puzzle of the named files in order, each file read once as a stream.

    ``-`` or none is standard input; a pipe, a FIFO or ``/dev/stdin`` is read as a regular
    file is. A file that cannot be read is a :class:`SourceError` in its place, and the
    others are still read. Raises ``TypeError`` for ``paths`` that is a ``str`` (a list of
    names is expected) or holds something that is not a file name.

    >>> [type(item).__name__ for item in read_sources(["no-such-file"])]
    ['SourceError']
    """
    names: list[str] = []
    for number, item in enumerate(validate.iterable(paths, "paths", "file names"), 1):
        if not isinstance(item, (str, os.PathLike)):
            raise TypeError(f"paths item {number} must be a file name (str), not {item!r}")
        names.append(os.fsdecode(item))
    return Sources(names, validate.flag(strict, "strict"))
