"""The program's output: whole answers to standard output.

It also says what a write that fails means.

Each answer is written whole and flushed (an answer is shorter than ``PIPE_BUF``, so a
pipe gets all of it or none). Standard output or error that cannot be written (a full
disk, a closed pipe, a closed descriptor) is an :class:`OutputError`: the run stops,
one line says so on stderr when it can, and the status is ``EX_IOERR`` (74).
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import select
import stat
import sys
from typing import TextIO

from fsudoku.app.process import PROGRAM, Signals

__all__ = ["PIECE", "OutputError", "Writer", "silence", "stderr"]


class OutputError(Exception):
    """Standard output or error could not be written (``errno``: why, when the system said)."""

    def __init__(self, where: str, error: BaseException | None = None) -> None:
        reason = "closed"
        if isinstance(error, OSError) and error.strerror:
            reason = error.strerror[:1].lower() + error.strerror[1:]
        super().__init__(f"cannot write to {where}: {reason}")
        self.where = where
        self.errno = error.errno if isinstance(error, OSError) else None

    @property
    def broken_pipe(self) -> bool:
        """Whether the reader went away (``EPIPE``), which a Unix filter takes quietly."""
        return self.errno == errno.EPIPE


class Writer:
    """Whole answers to a text stream, each flushed; a failure is an :class:`OutputError`.

    ``held=True``: answers are held until :meth:`flush` (the batch layer's ``idle``
    hook: before it waits for anything), and written at most :data:`PIECE` characters
    at a time, whole answers only, so that each write to a pipe is atomic.
    """

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
        self._append = False
        self._floor = 0
        self._encoding = "utf-8"
        self._fd = self._descriptor()

    def write(self, text: str) -> None:
        """Write ``text`` and flush it, or hold it when held.

        A signal meanwhile waits for the end. When held, ``text`` is kept for the next
        :meth:`flush` (or what is held is written when it is full).
        """
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
        """Write ``text`` out now.

        To the descriptor itself when the stream has one (every byte, or an
        :class:`OutputError`: a short write is not taken for a whole one, as an unbuffered
        text stream would), else through the stream.
        """
        if self.stream is None:
            raise OutputError(self.where)
        guard = self.signals.critical() if self.signals is not None else contextlib.nullcontext()
        with guard:
            if self._fd is None:
                try:
                    self.stream.write(text)
                    self.stream.flush()
                except (OSError, ValueError) as error:
                    raise OutputError(self.where, error) from None
                return
            self._write_fd(self._fd, text.encode(self._encoding, "replace"))

    def _write_fd(self, fd: int, data: bytes) -> None:
        """Write every byte to the descriptor.

        A regular file that a write fails on is cut back to where this write began, and
        never below its size when the run began (an appended file, ``>>``, keeps every byte
        it had).
        """
        start = None
        try:
            self.stream.flush()  # type: ignore[union-attr]  # what was written to it before
            if self._regular:
                start = os.fstat(fd).st_size if self._append else os.lseek(fd, 0, os.SEEK_CUR)
            view = memoryview(data)
            while view:
                view = view[self._write_some(fd, view) :]
        except (OSError, ValueError) as error:
            if start is not None:  # no half answer left in the file
                with contextlib.suppress(OSError):
                    os.ftruncate(fd, max(start, self._floor))
            raise OutputError(self.where, error) from None

    def _write_some(self, fd: int, view: memoryview) -> int:
        """One write to the descriptor, waiting while it is full.

        A descriptor that does not block (``O_NONBLOCK``) and is full is waited for
        (``EAGAIN`` is not a failure).
        """
        try:
            with self._blocking():
                return os.write(fd, view)
        except BlockingIOError:
            with self._blocking():
                _wait_writable(fd)
            return 0

    def _blocking(self) -> contextlib.AbstractContextManager[None]:
        """A system call that may block: a signal meanwhile ends the run at once."""
        return self.signals.blocking() if self.signals is not None else contextlib.nullcontext()

    def _descriptor(self) -> int | None:
        """The stream's file descriptor, or None (a stream in memory).

        Notes whether it is a regular file (a write that fails part way is cut back to the
        last whole answer) and the stream's encoding.
        """
        try:
            fd = self.stream.fileno()  # type: ignore[union-attr]
            info = os.fstat(fd)
            self._regular = stat.S_ISREG(info.st_mode)
            self._floor = info.st_size  # what the file held before this run wrote to it
            self._append = bool(fcntl.fcntl(fd, fcntl.F_GETFL) & os.O_APPEND)
        except (AttributeError, OSError, ValueError):
            return None
        self._encoding = getattr(self.stream, "encoding", None) or "utf-8"
        return fd


PIECE = 4096
"""The most a held :class:`Writer` writes at once (``PIPE_BUF`` on Linux: a write of at
most this many bytes to a pipe is never interleaved or cut; answers are ASCII)."""


def _wait_writable(fd: int) -> None:
    """Wait until a descriptor can be written (or has failed: the write then says why)."""
    poller = select.poll()
    poller.register(fd, select.POLLOUT)
    poller.poll()


def stderr(signals: Signals | None = None) -> Writer:
    """A :class:`Writer` of standard error, as it is now."""
    return Writer(sys.stderr, "standard error", signals)


def silence(stream: TextIO | None) -> None:
    """Point a standard stream that failed at ``/dev/null``.

    Then nothing at exit (Python's last flush) fails on it again. Only in the program
    itself.
    """
    if not PROGRAM or stream is None:
        return
    with contextlib.suppress(OSError, ValueError, AttributeError):
        fd = stream.fileno()
        if fd in (1, 2):
            null = os.open(os.devnull, os.O_WRONLY)
            os.dup2(null, fd)
            os.close(null)
