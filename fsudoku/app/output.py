"""The program's output: whole answers to standard output, and what a write that
fails means.

Each answer is written whole and flushed (an answer is shorter than ``PIPE_BUF``, so a
pipe gets all of it or none). Standard output or error that cannot be written (a full
disk, a closed pipe, a closed descriptor) is an :class:`OutputError`: the run stops,
one line says so on stderr when it can, and the status is ``EX_IOERR`` (74).
"""

from __future__ import annotations

import contextlib
import os
import stat
import sys
from typing import TextIO

from fsudoku.app.process import PROGRAM, Signals

__all__ = ["PIECE", "OutputError", "Writer", "silence", "stderr"]


class OutputError(Exception):
    """Standard output or error could not be written."""

    def __init__(self, where: str, error: BaseException | None = None) -> None:
        reason = "closed"
        if isinstance(error, OSError) and error.strerror:
            reason = error.strerror[:1].lower() + error.strerror[1:]
        elif isinstance(error, ValueError):
            reason = "closed"
        super().__init__(f"cannot write to {where}: {reason}")
        self.where = where


class Writer:
    """Whole answers to a text stream, each flushed; a failure is an :class:`OutputError`.

    ``held=True``: answers are held until :meth:`flush` (the batch layer's ``idle``
    hook: before it waits for anything), and written at most :data:`PIECE` characters
    at a time, whole answers only, so that each write to a pipe is atomic."""

    def __init__(
        self,
        stream: TextIO | None,
        where: str,
        signals: Signals | None = None,
        *,
        held: bool = False,
    ) -> None:
        self.stream = stream
        self.where = where
        self.signals = signals
        self.held = held
        self._pending: list[str] = []
        self._size = 0
        self._regular = False
        self._encoding = "utf-8"
        self._fd = self._descriptor()

    def write(self, text: str) -> None:
        """Write ``text`` and flush it (a signal meanwhile waits for the end); when held,
        keep it for the next :meth:`flush` (or write what is held when it is full)."""
        if not self.held:
            self._write(text)
            return
        if self._size + len(text) > PIECE:
            self.flush()
        self._pending.append(text)
        self._size += len(text)

    def flush(self) -> None:
        """Write and flush the answers held."""
        if self._pending:
            text = "".join(self._pending)
            self._pending.clear()
            self._size = 0
            self._write(text)

    def _write(self, text: str) -> None:
        """Write ``text`` out now: to the descriptor itself when the stream has one (every
        byte, or an :class:`OutputError`: a short write is not taken for a whole one, as
        an unbuffered text stream would), else through the stream."""
        if self.stream is None:
            raise OutputError(self.where)
        fd = self._fd
        guard = self.signals.critical() if self.signals is not None else contextlib.nullcontext()
        with guard:
            start = None
            try:
                if fd is None:
                    self.stream.write(text)
                    self.stream.flush()
                    return
                self.stream.flush()  # whatever was written to the stream before
                if self._regular:
                    start = os.lseek(fd, 0, os.SEEK_CUR)
                data = memoryview(text.encode(self._encoding, "replace"))
                while data:
                    data = data[os.write(fd, data) :]
            except (OSError, ValueError) as error:
                if start is not None and fd is not None:  # no half answer left in the file
                    with contextlib.suppress(OSError):
                        os.ftruncate(fd, start)
                raise OutputError(self.where, error) from None

    def _descriptor(self) -> int | None:
        """The stream's file descriptor, or None (a stream in memory); notes whether it
        is a regular file (a write that fails part way is cut back to the last whole
        answer) and the stream's encoding."""
        try:
            fd = self.stream.fileno()  # type: ignore[union-attr]
            self._regular = stat.S_ISREG(os.fstat(fd).st_mode)
        except (AttributeError, OSError, ValueError):
            return None
        self._encoding = getattr(self.stream, "encoding", None) or "utf-8"
        return fd


PIECE = 4096
"""The most a held :class:`Writer` writes at once (``PIPE_BUF`` on Linux: a write of at
most this many bytes to a pipe is never interleaved or cut; answers are ASCII)."""


def stderr(signals: Signals | None = None) -> Writer:
    """A :class:`Writer` of standard error, as it is now."""
    return Writer(sys.stderr, "standard error", signals)


def silence(stream: TextIO | None) -> None:
    """Point a standard stream that failed at ``/dev/null``, so that nothing at exit
    (Python's last flush) fails on it again. Only in the program itself.
    """
    if not PROGRAM or stream is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = stream.fileno()
        if fd in (1, 2):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
