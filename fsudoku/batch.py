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
what a solver says of one entry (:class:`~fsudoku.outcome.Outcome`); an entry is
*waiting* when it can be read without blocking (a regular file always has one; a pipe
or a terminal only when its writer has written it).

Input rules: lines are split on ``\\n`` only, as Haskell's ``lines``; one trailing
``\\r`` is dropped (unless ``strict``), ``0`` blanks become ``.``, bytes that are not
UTF-8 make that line ``Invalid input``; the Euler format is detected per file
(:func:`fsudoku.pe96.formats.read_puzzles`). A line longer than :data:`MAX_LINE` bytes
is ``Invalid input`` as soon as that much of it is read; the rest of it is skipped
without being kept.

The contract of :func:`outcomes`: every entry gets exactly one outcome, in input order,
also with worker processes; an entry that is waiting is solved in a batch with the
others that are waiting, and when nothing more is waiting every entry read so far is
answered before the next read (so a pipe fed one line at a time gets each answer at
once); memory is bounded whatever the input; no worker outlives the process that
started it.
"""

from __future__ import annotations

import contextlib
import ctypes
import io
import multiprocessing
import os
import queue
import select
import signal
import stat
import sys
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import chain
from multiprocessing.connection import Connection, wait
from typing import IO, Any, NoReturn

from fsudoku import solvers, validate
from fsudoku.outcome import Outcome
from fsudoku.pe96.formats import Entry, read_puzzles
from fsudoku.solvers import ENGINES, Engine, SolverName, UnknownName, solve_many

__all__ = [
    "MAX_LINE",
    "Entry",
    "EntryStream",
    "Progress",
    "count_entries",
    "entries_of",
    "kill_workers",
    "os_error_message",
    "outcomes",
    "read_sources",
    "text_lines",
    "tie_to_parent",
    "usable_cores",
    "worker_count",
]

MAX_LINE = 1024
"""The bytes kept of one input line: a longer line is ``Invalid input`` (no puzzle, nor an
Euler row with its surrounding spaces, needs more), and the rest of it is skipped."""

READ_SIZE = 1 << 16
"""Bytes asked for by one read of an input."""

_OVERLONG = b"\xff"
"""Appended to the kept start of an overlong line: not UTF-8, so the line decodes with
U+FFFD, which no puzzle, row or header contains; the line can never be read as valid."""


# ---------------------------------------------------------------------------
# Lines of a stream, in bounded memory


class _Lines:
    """The lines of a binary stream (without their ``\\n``), and whether the next one is
    waiting.

    No Haskell counterpart: ``lines <$> getContents``, with bounded memory. At most
    :data:`MAX_LINE` bytes of a line are kept; a longer line is given as soon as that
    much is read (its start and :data:`_OVERLONG`), and its rest is skipped."""

    def __init__(self, stream: object) -> None:
        read = getattr(stream, "read1", None) or getattr(stream, "read", None)
        if not callable(read):
            raise TypeError(
                f"expected a binary stream (open(path, 'rb')), not {type(stream).__name__}"
            )
        self._read: Callable[[int], object] = read
        self._fd: int | None = None
        fileno = getattr(stream, "fileno", None)
        if callable(fileno):
            try:
                self._fd = int(fileno())
            except (OSError, ValueError, TypeError):
                self._fd = None
        self._ready: deque[bytes] = deque()  # complete lines, in order
        self._partial = bytearray()  # the start of the next line (at most MAX_LINE bytes)
        self._skipping = False  # the current line was too long: its rest is dropped
        self.at_end = False

    def __iter__(self) -> Iterator[bytes]:
        return self

    def __next__(self) -> bytes:
        while not self._ready:
            if self.at_end:
                raise StopIteration
            self._fill()
        return self._ready.popleft()

    def _fill(self) -> None:
        """One read of the stream: its complete lines to ``_ready``, the rest kept."""
        chunk = self._read(READ_SIZE)
        if chunk is None:  # a non-blocking stream with nothing to read: wait for it
            self._poll(None)
            return
        if not isinstance(chunk, (bytes, bytearray)):
            raise TypeError(
                f"expected a binary stream (open(path, 'rb')), it gave {type(chunk).__name__}"
            )
        if not chunk:
            self.at_end = True
            if self._partial and not self._skipping:
                self._ready.append(bytes(self._partial))
            self._partial.clear()
            self._skipping = False
            return
        parts: list[bytes] = bytes(chunk).split(b"\n")
        tail = parts.pop()  # the start of a line not ended yet (may be empty)
        if parts:
            if self._skipping:
                parts.pop(0)  # the end of an overlong line, given already
                self._skipping = False
            elif self._partial:
                parts[0] = bytes(self._partial) + parts[0]
            self._partial.clear()
            if len(chunk) > MAX_LINE:
                parts = [p if len(p) <= MAX_LINE else p[:MAX_LINE] + _OVERLONG for p in parts]
            elif parts and len(parts[0]) > MAX_LINE:
                parts[0] = parts[0][:MAX_LINE] + _OVERLONG
            self._ready.extend(parts)
        if tail and not self._skipping:
            self._partial += tail
            if len(self._partial) > MAX_LINE:  # too long: give it now, skip the rest
                self._ready.append(bytes(self._partial[:MAX_LINE]) + _OVERLONG)
                self._partial.clear()
                self._skipping = True

    def _poll(self, timeout: float | None) -> bool:
        """Whether the stream can be read without blocking (waiting up to ``timeout``)."""
        if self._fd is None:
            return True  # an in-memory stream
        try:
            poller = select.poll()
            poller.register(self._fd, select.POLLIN | select.POLLPRI)
            return bool(poller.poll(None if timeout is None else int(timeout * 1000)))
        except (OSError, ValueError, AttributeError):
            return True

    @property
    def ready(self) -> bool:
        """Whether a complete line has been read and not taken yet."""
        return bool(self._ready)

    def waiting(self) -> bool:
        """Whether the next line (or the end) can be read without blocking.

        A line being skipped is not waiting: its end may be far (``/dev/zero``), and what
        was read before it is answered first."""
        while True:
            if self._ready:
                return True
            if self.at_end:
                return True
            if self._skipping or not self._poll(0):
                return False
            self._fill()


def _decode(raw: bytes) -> str:
    """One raw line (its ``\\n`` already split off) to text; bad UTF-8 kept visible as
    U+FFFD, which no puzzle contains, so the line reads as ``Invalid input``.

    >>> _decode(b"12\\r"), _decode(b"\\xff1")
    ('12\\r', '\\ufffd1')
    """
    return raw.decode("utf-8", errors="replace")


def text_lines(stream: IO[bytes]) -> Iterator[str]:
    """The lines of an open binary stream as text (without their ``\\n``), in bounded
    memory: what :func:`fsudoku.pe96.formats.read_puzzles` is given.

    No Haskell counterpart: ``lines <$> getContents``. Raises ``TypeError`` for a stream
    that is not binary.

    >>> import io
    >>> list(text_lines(io.BytesIO(b"ab\\r\\ncd")))
    ['ab\\r', 'cd']
    """
    if isinstance(stream, io.TextIOBase):
        raise TypeError("expected a binary stream (open(path, 'rb')), not a text one")
    return map(_decode, _Lines(stream))


# ---------------------------------------------------------------------------
# Sources


class EntryStream(Iterator[Entry]):
    """Entries read from sources, one by one, with whether the next one is waiting.

    No Haskell counterpart. :func:`outcomes` uses :meth:`waiting` to batch what is
    already there and to answer everything read so far before it blocks on a read."""

    def __init__(
        self, entries: Iterator[Entry], waiting: Callable[[], bool], *, checked: bool = False
    ) -> None:
        self._entries = entries
        self._waiting = waiting
        self.checked = checked
        """Whether every entry is known to be an :class:`Entry` with a ``str`` text (the
        readers of this module say so; :func:`outcomes` checks the others)."""

    def __next__(self) -> Entry:
        return next(self._entries)

    def waiting(self) -> bool:
        """Whether the next entry (or the end) can be read without blocking."""
        return self._waiting()


def _entries(lines: Iterable[str], strict: bool = False) -> Iterator[Entry]:
    """Puzzles of one file, the format detected from it (lines, or Euler's grids).

    ``strict``: every line as it is, as the Haskell ``main`` reads it (no ``0`` blanks,
    no comments, no Euler grids, a ``\\r`` kept)."""
    if strict:
        for number, line in enumerate(lines, 1):
            yield Entry(line, str(number))
        return
    yield from read_puzzles(lines, checked=True)


def entries_of(stream: IO[bytes], strict: bool = False) -> EntryStream:
    """The puzzles of one open binary stream, read as a stream.

    No Haskell counterpart: the article's ``lines <$> getContents``, plus formats. Raises
    ``TypeError`` for a stream that is not binary (a text stream: pass its ``.buffer``).
    """
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be True or False, not {strict!r}")
    if isinstance(stream, io.TextIOBase):
        raise TypeError("expected a binary stream (open(path, 'rb')), not a text one")
    lines = _Lines(stream)
    return EntryStream(_entries(map(_decode, lines), strict), lines.waiting, checked=True)


def os_error_message(path: object, error: OSError) -> str:
    """The one message for an input that cannot be opened or read: ``PATH: reason``.

    No Haskell counterpart. The same wording in every subcommand. Raises ``TypeError``
    for an ``error`` that is not an ``OSError``.

    >>> os_error_message("a.txt", FileNotFoundError(2, "No such file or directory"))
    'a.txt: no such file'
    >>> import errno
    >>> os_error_message("loop", OSError(errno.ELOOP, "Too many levels of symbolic links"))
    'loop: too many levels of symbolic links'
    >>> os_error_message("no\\nsuch", FileNotFoundError(2, "No such file or directory"))
    'no\\\\nsuch: no such file'
    """
    if not isinstance(error, OSError):
        raise TypeError(f"error must be an OSError, not {type(error).__name__}")
    if isinstance(error, FileNotFoundError):
        reason = "no such file"
    elif isinstance(error, IsADirectoryError):
        reason = "is a directory"
    else:
        text = error.strerror or str(error) or type(error).__name__
        reason = text[:1].lower() + text[1:]
    name = os.fsdecode(path) if isinstance(path, (str, bytes, os.PathLike)) else str(path)
    return f"{shown_name(name)}: {reason}"


def shown_name(name: str) -> str:
    """A file name as one line of a message: bytes that are not UTF-8 as ``\\xNN``,
    control characters (a newline, a terminal escape) escaped, the rest as it is.

    No Haskell counterpart.

    >>> print(shown_name("a b.txt"), shown_name("x\\x1b[2J"), shown_name(os.fsdecode(b"\\xff.txt")))
    a b.txt x\\x1b[2J \\xff.txt
    """
    if name.isprintable():
        return name
    text = os.fsencode(name).decode("utf-8", "backslashreplace")
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in text
    )


def _open(path: str | os.PathLike[str]) -> IO[bytes]:
    """Open a source for reading; a directory is refused here (``open`` would not say)."""
    handle = open(path, "rb")
    try:
        if stat.S_ISDIR(os.fstat(handle.fileno()).st_mode):
            raise IsADirectoryError(21, "Is a directory", os.fspath(path))
    except BaseException:
        handle.close()
        raise
    return handle


def _stdin() -> IO[bytes] | None:
    """Standard input as a binary stream (``None`` when it is closed)."""
    stream = sys.stdin
    if stream is None:
        return None
    buffer: IO[bytes] | None = getattr(stream, "buffer", None)
    return buffer if buffer is not None else stream  # type: ignore[return-value]


def _stdin_fd() -> int | None:
    """The file descriptor under standard input (``None``: closed, or not a file)."""
    stream = _stdin()
    try:
        return None if stream is None else int(stream.fileno())
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


def _paths(paths: object) -> list[str]:
    """The source names, checked: a sequence of paths (``str`` or ``os.PathLike``)."""
    items = list(validate.iterable(paths, "paths", "file names"))
    named: list[str] = []
    for number, item in enumerate(items, 1):
        if not isinstance(item, (str, os.PathLike)):
            raise TypeError(
                f"paths item {number} must be a file name (str), not {type(item).__name__}"
            )
        named.append(os.fspath(item))
    return named


def read_sources(paths: Sequence[str], errors: list[str], strict: bool = False) -> EntryStream:
    """Every puzzle of the named files in order (``-`` or none: standard input).

    A file that cannot be read is reported in ``errors`` (``PATH: reason``, see
    :func:`os_error_message`) and skipped; the others are still read. Each source is
    read once, as a stream: a pipe, a FIFO or ``/dev/stdin`` works as a regular file
    does. Raises ``TypeError`` for ``paths`` that is a ``str`` (a list of names is
    expected) or ``errors`` that is not a list.
    """
    names = _paths(paths) or ["-"]
    if not isinstance(errors, list):
        raise TypeError(f"errors must be a list (the messages are appended), not {errors!r}")
    if not isinstance(strict, bool):
        raise TypeError(f"strict must be True or False, not {strict!r}")
    current: list[_Lines | None] = [None]
    position = [-1]  # the index of the source being read

    def entries() -> Iterator[Entry]:
        for index, path in enumerate(names):
            position[0] = index
            if path == "-":
                stream = _stdin()
                if stream is None:
                    errors.append("-: standard input is closed")
                    continue
                handle: IO[bytes] | None = None
            else:
                try:
                    handle = stream = _open(path)
                except OSError as error:
                    errors.append(os_error_message(path, error))
                    continue
            try:
                lines = _Lines(stream)
                current[0] = lines
                yield from _entries(map(_decode, lines), strict)
            except OSError as error:
                errors.append(os_error_message(path, error))
            finally:
                current[0] = None
                if handle is not None:
                    handle.close()

    def waiting() -> bool:
        lines = current[0]
        if lines is not None:
            if lines._ready:  # the common case: a line read and not taken yet
                return True
            if not lines.waiting():
                return False
            if lines.ready or not lines.at_end:
                return True
        following = position[0] + 1  # this source is read to its end: the next decides
        return following >= len(names) or _regular(names[following])

    return EntryStream(entries(), waiting, checked=True)


def count_entries(paths: Sequence[str], strict: bool = False) -> int | None:
    """The number of entries of the named sources, when it can be known without
    consuming them: every source is a regular file (standard input included) of at
    most :data:`COUNT_MAX` bytes in all; otherwise ``None`` (count as you go).

    No Haskell counterpart: the total of the progress bar. A file in the line format is
    counted by its newlines and comment lines (a pass at memory speed); one in the
    Euler format by the reader itself. A file that cannot be opened counts 0.
    """
    names = _paths(paths) or ["-"]
    sizes: list[tuple[str, int, int]] = []  # (path, offset, bytes to count)
    for path in names:
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
            if path == "-":
                return None
            continue
        if stat.S_ISDIR(info.st_mode):
            continue
        if not stat.S_ISREG(info.st_mode):
            return None
        sizes.append((path, offset, max(info.st_size - offset, 0)))
    if sum(size for _, _, size in sizes) > COUNT_MAX:
        return None
    total = 0
    for path, offset, _ in sizes:
        try:
            if path == "-":
                fd = _stdin_fd()
                total += 0 if fd is None else _count(fd, offset, strict)
            else:
                with open(path, "rb") as handle:
                    total += _count(handle.fileno(), 0, strict)
        except OSError:
            continue
    return total


COUNT_MAX = 1 << 28
"""Sources larger than this (256 MiB in all) are counted as they are read."""


class _Pread:
    """A read-only view of a file descriptor from an offset, that never moves the
    descriptor's own position (``os.pread``)."""

    def __init__(self, fd: int, offset: int) -> None:
        self.fd, self.offset = fd, offset

    def read(self, size: int = READ_SIZE) -> bytes:
        data = os.pread(self.fd, size, self.offset)
        self.offset += len(data)
        return data


def _count(fd: int, offset: int, strict: bool) -> int:
    """The entries of one regular file, from ``offset``, without moving its position."""
    if not strict:
        head = list(zip(range(64), _Lines(_Pread(fd, offset)), strict=False))
        first = next((line for _, line in head if not line.startswith(b"#")), b"")
        if first.removeprefix(b"\xef\xbb\xbf").startswith(b"Grid"):  # maybe Euler's format
            return sum(1 for _ in _entries(map(_decode, _Lines(_Pread(fd, offset)))))
    lines = comments = 0
    previous = b"\n"  # the byte before the chunk: a line starts after a newline
    reader = _Pread(fd, offset)
    while chunk := reader.read(1 << 20):
        lines += chunk.count(b"\n")
        if not strict:
            comments += (previous + chunk).count(b"\n#")
        previous = chunk[-1:]
    if previous != b"\n":
        lines += 1  # a last line without its newline
    if not strict:
        start = os.pread(fd, 4, offset)
        if start.startswith(b"\xef\xbb\xbf#"):  # a comment after a byte-order mark
            comments += 1
    return lines - comments


# ---------------------------------------------------------------------------
# Worker counts, and tying workers to their parent


def usable_cores() -> int:
    """The number of cores this process may run on.

    No Haskell counterpart.
    """
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(jobs: object) -> int:
    """The number of worker processes for ``jobs``: ``0`` is one per usable core, and no
    more than :func:`usable_cores` may be asked for (more workers than cores are never
    faster, and each one costs a process).

    No Haskell counterpart. Raises ``TypeError`` for a ``jobs`` that is not an ``int`` and
    ``ValueError`` for a negative one or one above the cores.
    """
    number = validate.jobs(jobs)
    cores = usable_cores()
    if number == 0:
        return cores
    if number > cores:
        raise ValueError(
            f"jobs must be at most {cores}, the cores this process may use "
            f"(0 means all of them), not {number}"
        )
    return number


_TIED: list[int] = []  # the pid of the process tied to its parent (one watchdog each)

PARENT_POLL = 0.25
"""Seconds between two checks, in a worker, that its parent is still there."""


def tie_to_parent(parent: int | None = None) -> None:
    """Make this process end when its parent does (``parent``: its pid; default the
    current parent), even when the parent is killed with SIGKILL.

    No Haskell counterpart. Two mechanisms: a daemon thread that checks
    ``os.getppid()`` every :data:`PARENT_POLL` seconds (portable), and on Linux
    ``prctl(PR_SET_PDEATHSIG, SIGKILL)``, which the kernel applies at once.
    """
    expected = os.getppid() if parent is None else parent
    if _TIED and _TIED[0] == os.getpid():
        return
    _TIED[:] = [os.getpid()]
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError, TypeError):
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != expected:  # the parent went before the tie was made
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL)
            if os.getppid() != expected:
                os._exit(1)

    threading.Thread(target=watch, name="fsudoku-parent-watch", daemon=True).start()


_LIVE: set[int] = set()
"""The pids of the workers of this process that are running."""


def kill_workers() -> None:
    """Kill (SIGKILL) every worker process this process has running; no wait.

    No Haskell counterpart: the last resort of a program that must exit at once.
    """
    for pid in list(_LIVE):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


# ---------------------------------------------------------------------------
# Outcomes, in input order, in this process or in workers


ProgressCallback = Callable[[int], object]
"""Told how many more puzzles have been solved (as the engine solves them)."""


def _check_entries(entries: Iterable[Entry]) -> Iterator[Entry]:
    """The entries, each checked to be an :class:`Entry` with a ``str`` text when it is
    reached (past this check, the texts go to the engines unchecked)."""
    for number, entry in enumerate(entries, 1):
        if not isinstance(entry, Entry):
            raise TypeError(f"entries item {number} must be an Entry, not {type(entry).__name__}")
        if not isinstance(entry.text, str):
            raise TypeError(
                f"entries item {number}: its text must be a str, not {type(entry.text).__name__}"
            )
        yield entry


def _in_process(
    entries: Iterator[Entry],
    waiting: Callable[[], bool],
    solver_name: SolverName,
    engine: Engine,
    max_nodes: int | None,
    progress: ProgressCallback | None,
    idle: Callable[[], object] | None = None,
) -> Iterator[tuple[Entry, Outcome]]:
    """Each entry with its outcome, solved here: the entries that are waiting go to the
    engine together, and when none is waiting the engine finishes what it has."""
    while True:
        if idle is not None and not waiting():
            idle()  # the next read may block
        first = next(entries, None)
        if first is None:
            return
        read: deque[Entry] = deque([first])
        texts = _group_texts(first, entries, waiting, read)
        for outcome in _solve(texts, solver_name, engine, max_nodes, progress, idle=idle):
            yield read.popleft(), outcome


def _solve(
    texts: Iterable[str],
    solver_name: SolverName,
    engine: Engine,
    max_nodes: int | None,
    progress: ProgressCallback | None,
    slots: int | None = None,
    idle: Callable[[], object] | None = None,
) -> Iterator[Outcome]:
    """The outcomes of ``texts``, ``progress`` told of each puzzle solved as the engine
    solves it: from the engine itself when it can tell (a batch engine decides puzzles
    out of order and yields them in order, so counting what it yields would jump),
    otherwise as each outcome is yielded. ``slots``: the fast engine's batch size
    (default its own). ``idle`` is called before the engine computes, when something
    was yielded since it was last called."""
    if engine == "fast":  # the texts and the bound were checked when they came in
        from fsudoku import fast

        yield from fast.solve_many(
            texts,
            solver_name,
            max_nodes=max_nodes,
            chunk_size=slots or fast.DEFAULT_CHUNK,
            on_decided=progress,
            on_idle=idle,
        )
        return
    if progress is None and idle is None:
        yield from solve_many(texts, solver_name, engine, max_nodes)
        return
    for outcome in solve_many(texts, solver_name, engine, max_nodes):
        if progress is not None:
            progress(1)
        yield outcome
        if idle is not None:
            idle()  # one puzzle at a time: the next one is computed now


def _group_texts(
    first: Entry, entries: Iterator[Entry], waiting: Callable[[], bool], read: deque[Entry]
) -> Iterator[str]:
    """The texts of ``first`` and of the entries after it that are waiting."""
    yield first.text
    while waiting():
        entry = next(entries, None)
        if entry is None:
            return
        read.append(entry)
        yield entry.text


def _take(entries: Iterator[Entry], size: int, waiting: Callable[[], bool]) -> list[Entry]:
    """Up to ``size`` entries: the first one (which may block), then those waiting."""
    chunk: list[Entry] = []
    for entry in entries:
        chunk.append(entry)
        if len(chunk) == size or not waiting():
            break
    return chunk


def chunk_size(engine: Engine) -> int:
    """How many puzzles go to a worker at a time (the fast engine gains on big batches).

    No Haskell counterpart.
    """
    return 4096 if engine == "fast" else 8


def outcomes(
    entries: Iterable[Entry],
    solver: SolverName,
    engine: Engine,
    max_nodes: int | None = None,
    jobs: int = 1,
    interactive: bool = False,
    progress: ProgressCallback | None = None,
    idle: Callable[[], object] | None = None,
) -> Iterator[tuple[Entry, Outcome]]:
    """Each entry with its outcome, in input order, with ``jobs`` worker processes.

    No Haskell counterpart: the article's ``main`` over a batch. ``entries`` may say
    which of them are waiting (an :class:`EntryStream`); otherwise all are. ``jobs=0``
    is one worker per core (:func:`worker_count`); an input too small to gain from
    workers (at most one batch of :func:`chunk_size` entries) is solved in this
    process. ``interactive``: answer each entry before the next is read. ``progress``
    is told of each puzzle solved, as it is solved (in the workers too). ``idle`` is
    called whenever what was yielded so far is all there is for now: before a read that
    may block, before a wait for the workers, and before the engine computes (a caller
    that buffers its output flushes it then, so every answer is out as soon as it is
    found).

    Raises :class:`~fsudoku.solvers.UnknownName` for an unknown solver or engine,
    ``TypeError``/``ValueError`` for a bad ``max_nodes`` or ``jobs`` (see
    :mod:`fsudoku.validate`), and ``TypeError`` for ``entries`` that are not an
    iterable of :class:`Entry` (an item is checked when it is reached).
    """
    record = solvers.solver(solver)
    if engine not in ENGINES:
        raise UnknownName(f"unknown engine {engine!r}; choose one of {', '.join(ENGINES)}")
    if engine not in record.engines:
        raise UnknownName(f"the {engine} engine does not cover {solver!r}")
    bound = validate.bound(max_nodes)
    workers = worker_count(jobs)
    if isinstance(entries, EntryStream) and entries.checked:
        items: Iterator[Entry] = entries
    else:
        items = _check_entries(validate.iterable(entries, "entries", "Entry"))  # type: ignore[arg-type]
    given = getattr(entries, "waiting", None)
    if interactive:
        waiting: Callable[[], bool] = lambda: False  # noqa: E731
    elif callable(given):
        waiting = given
    else:
        waiting = lambda: True  # noqa: E731
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be callable (told each count), not {progress!r}")
    if idle is not None and not callable(idle):
        raise TypeError(f"idle must be callable (with no argument), not {idle!r}")
    return _outcomes(items, waiting, record.name, engine, bound, workers, progress, idle)


def _outcomes(
    entries: Iterator[Entry],
    waiting: Callable[[], bool],
    solver_name: SolverName,
    engine: Engine,
    max_nodes: int | None,
    jobs: int,
    progress: ProgressCallback | None,
    idle: Callable[[], object] | None,
) -> Iterator[tuple[Entry, Outcome]]:
    if jobs <= 1:
        yield from _in_process(entries, waiting, solver_name, engine, max_nodes, progress, idle)
        return
    enough = 2 * chunk_size(engine)  # fewer entries are solved faster here than by workers
    while True:  # in this process until the input proves big enough
        if idle is not None and not waiting():
            idle()
        chunk = _take(entries, enough, waiting)
        if not chunk:
            return
        if len(chunk) == enough and waiting():
            more = next(entries, None)
            if more is not None:
                rest = chain([more], entries)
                yield from _in_workers(
                    chunk, rest, waiting, solver_name, engine, max_nodes, jobs, progress, idle
                )
                return
        yield from _in_process(
            iter(chunk), lambda: True, solver_name, engine, max_nodes, progress, idle
        )


# -- the workers ------------------------------------------------------------


def _work(
    tasks: Connection,
    results: Connection,
    close: list[Connection],
    solver_name: SolverName,
    engine: Engine,
    max_nodes: int | None,
    parent: int,
) -> NoReturn:
    """A worker's life: tied to its parent, deaf to Ctrl-C (the parent decides), solving
    the batches it is sent; it never returns (``os._exit``: nothing of the parent's,
    such as its buffered output, is flushed twice)."""
    status = 0
    try:
        for connection in close:
            connection.close()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for signum in (signal.SIGTERM, signal.SIGHUP):
            signal.signal(signum, signal.SIG_DFL)
        tie_to_parent(parent)
        _serve(tasks, results, solver_name, engine, max_nodes)
    except BaseException:  # the parent solves this worker's batches itself
        status = 1
    finally:
        os._exit(status)


Task = tuple[str, int, list[str]] | None
"""A message to a worker: ``("batch", number, texts)``, ``("flush", 0, [])`` (answer
everything sent so far before expecting more) or ``None`` (stop)."""


def _serve(
    tasks: Connection,
    results: Connection,
    solver_name: SolverName,
    engine: Engine,
    max_nodes: int | None,
) -> None:
    """Solve the batches as they come, all of them through one run of the engine until
    the parent says ``flush`` (the engine then answers everything it holds, and the
    next batch starts a new run); report progress at most every 0.1 s."""
    inbox: queue.SimpleQueue[Task] = queue.SimpleQueue()

    def receive() -> None:  # always draining: the parent's sends never wait on this one
        try:
            while True:
                message = tasks.recv()
                inbox.put(message)
                if message is None:
                    return
        except (EOFError, OSError):
            os._exit(0)  # the parent is gone

    threading.Thread(target=receive, name="fsudoku-inbox", daemon=True).start()
    solved = _Solved()

    def on_solved(count: int) -> None:  # told by the engine, between its yields too
        solved.add(count)
        if solved.due():
            results.send(("progress", -1, None, solved.count))

    while True:
        first = inbox.get()
        if first is None:
            return
        if first[0] != "batch":
            continue
        held: deque[tuple[int, list[str]]] = deque([(first[1], first[2])])
        stop = [False]
        done: list[tuple[str, str | None, int]] = []  # plain tuples: cheap to pickle
        texts = _run_texts(inbox, held, stop)
        for outcome in _solve(texts, solver_name, engine, max_nodes, on_solved, WORKER_SLOTS):
            done.append((outcome.status, outcome.solution, outcome.nodes))
            number, batch = held[0]
            if len(done) == len(batch):
                results.send(("done", number, done, solved.count))
                held.popleft()
                done = []
        if stop[0]:
            return


class _Solved:
    """A worker's count of the puzzles it has solved, and when to report it next."""

    def __init__(self) -> None:
        self.count = 0
        self.reported = time.monotonic()

    def add(self, count: int) -> None:
        self.count += count

    def due(self) -> bool:
        """Whether 0.1 s has passed since the last report (and it is reported now)."""
        now = time.monotonic()
        if now - self.reported < 0.1:
            return False
        self.reported = now
        return True


def _run_texts(
    inbox: queue.SimpleQueue[Task], held: deque[tuple[int, list[str]]], stop: list[bool]
) -> Iterator[str]:
    """The texts of one run of the engine in a worker: the batch in ``held``, then each
    batch that comes after it, until ``flush`` (or ``None``: ``stop``). It may wait for
    the next batch: the parent flushes every worker it is about to wait for."""
    current = held[0]
    while True:
        yield from current[1]
        message = inbox.get()
        if message is None:
            stop[0] = True
            return
        if message[0] != "batch":
            return
        current = (message[1], message[2])
        held.append(current)


@dataclass(eq=False)
class _Worker:
    """A worker process, as its parent sees it."""

    process: Any
    tasks: Connection
    results: Connection
    batches: list[int] = field(default_factory=list)  # sent, not answered
    flushed: bool = True  # nothing sent since the last flush
    solved: int = 0  # puzzles it said it has solved
    stopped: bool = False  # told there is no more

    def send(self, message: Task) -> None:
        """Send a message to the worker (``OSError``/``ValueError`` when it is gone)."""
        self.tasks.send(message)
        if message is None:
            self.stopped = self.flushed = True
        else:
            self.flushed = message[0] == "flush"


class _Pool:
    """Worker processes, each with a pipe for batches and one for results."""

    def __init__(
        self, jobs: int, solver_name: SolverName, engine: Engine, max_nodes: int | None
    ) -> None:
        methods = multiprocessing.get_all_start_methods()
        forking = "fork" in methods
        context: Any = multiprocessing.get_context("fork" if forking else "spawn")
        self.workers: list[_Worker] = []
        try:
            for _ in range(jobs):
                their_tasks, our_tasks = context.Pipe(duplex=False)
                our_results, their_results = context.Pipe(duplex=False)
                ours = [our_tasks, our_results]
                for worker in self.workers:
                    ours += [worker.tasks, worker.results]
                process = context.Process(
                    target=_work,
                    args=(
                        their_tasks,
                        their_results,
                        ours if forking else [],
                        solver_name,
                        engine,
                        max_nodes,
                        os.getpid(),
                    ),
                    name="fsudoku-worker",
                    daemon=True,
                )
                with warnings.catch_warnings():  # 3.12+ warns of fork with threads running
                    warnings.filterwarnings("ignore", ".*fork", DeprecationWarning)
                    process.start()
                if process.pid is not None:
                    _LIVE.add(process.pid)
                their_tasks.close()
                their_results.close()
                self.workers.append(_Worker(process, our_tasks, our_results))
        except BaseException:
            self.kill()
            raise

    def kill(self) -> None:
        """Kill every worker at once, then reap them."""
        for worker in self.workers:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                worker.process.kill()
        for worker in self.workers:
            self._reap(worker, 2.0)

    def close(self) -> None:
        """Tell every worker to stop, and reap them (killing the slow ones)."""
        for worker in self.workers:
            if not worker.stopped:
                with contextlib.suppress(OSError, ValueError):
                    worker.send(None)
        deadline = time.monotonic() + 5.0
        for worker in self.workers:
            worker.process.join(max(deadline - time.monotonic(), 0.0))
        self.kill()

    @staticmethod
    def _reap(worker: _Worker, timeout: float) -> None:
        with contextlib.suppress(OSError, ValueError, AssertionError):
            worker.process.join(timeout)
        _LIVE.discard(worker.process.pid)
        for connection in (worker.tasks, worker.results):
            with contextlib.suppress(OSError):
                connection.close()


def _in_workers(
    first: list[Entry],
    entries: Iterator[Entry],
    waiting: Callable[[], bool],
    solver_name: SolverName,
    engine: Engine,
    max_nodes: int | None,
    jobs: int,
    progress: ProgressCallback | None,
    idle: Callable[[], object] | None = None,
) -> Iterator[tuple[Entry, Outcome]]:
    """Each entry with its outcome, solved by ``jobs`` workers, in input order.

    Batches of :func:`chunk_size` entries go to the worker with the fewest in hand, at
    most :data:`IN_FLIGHT` per worker (memory stays bounded); each worker streams its
    batches through one run of the engine. Before the parent waits (for a result, or
    for input when none is waiting), it tells each worker that has unanswered batches
    to ``flush``, so every batch is answered without more input. Results are yielded
    in input order as they come. A worker that dies has its batches solved here."""
    size = chunk_size(engine)
    window = IN_FLIGHT * jobs
    if engine == "fast":  # loaded once here, shared by the workers (fork)
        from fsudoku import fast  # noqa: F401
    pool = _Pool(jobs, solver_name, engine, max_nodes)
    alive = list(pool.workers)
    order: deque[int] = deque()  # the batches in flight, in input order
    batches: dict[int, list[Entry]] = {}
    answers: dict[int, list[Outcome]] = {}
    numbers = iter(range(1 << 62))

    def tell(worker: _Worker, solved: int) -> None:
        """A worker's count of solved puzzles (cumulative) to the progress callback."""
        if progress is not None and solved > worker.solved:
            progress(solved - worker.solved)
        worker.solved = max(solved, worker.solved)

    def solve_here(number: int) -> None:
        texts = [e.text for e in batches[number]]
        answers[number] = list(_solve(texts, solver_name, engine, max_nodes, progress))

    def submit(chunk: list[Entry]) -> None:
        number = next(numbers)
        order.append(number)
        batches[number] = chunk
        while alive:
            worker = min(alive, key=lambda w: len(w.batches))
            try:
                worker.send(("batch", number, [e.text for e in chunk]))
            except (OSError, ValueError):
                lost(worker)
                continue
            worker.batches.append(number)
            return
        solve_here(number)

    def flush(final: bool) -> None:
        """Have every worker with unanswered batches answer them (``final``: and stop)."""
        for worker in list(alive):
            if worker.stopped or (worker.flushed and not final):
                continue
            try:
                worker.send(None if final else ("flush", 0, []))
            except (OSError, ValueError):
                lost(worker)

    def lost(worker: _Worker) -> None:
        if worker in alive:
            alive.remove(worker)
        with contextlib.suppress(OSError, ValueError, AttributeError):
            worker.process.kill()
        for number in worker.batches:
            if number not in answers:
                solve_here(number)
        worker.batches.clear()

    def handle(worker: _Worker) -> bool:
        """Read one message of a worker; False when the worker is gone."""
        try:
            kind, number, payload, solved = worker.results.recv()
        except (EOFError, OSError):
            return False
        if kind == "done":
            answers[number] = [Outcome(*fields) for fields in payload]
            if number in worker.batches:
                worker.batches.remove(number)
        tell(worker, solved)
        return True

    def receive(block: bool) -> None:
        """Handle what the workers sent (waiting for a first message when ``block``)."""
        by_handle: dict[object, tuple[_Worker, bool]] = {}
        for worker in alive:
            by_handle[worker.results] = (worker, True)
            by_handle[worker.process.sentinel] = (worker, False)
        if not by_handle:
            return
        ready: list[Any] = wait(list(by_handle), None if block else 0)  # type: ignore[arg-type]
        ready.sort(key=lambda h: not by_handle[h][1])  # messages before deaths
        for item in ready:
            worker, is_message = by_handle[item]
            if worker not in alive:
                continue
            if is_message:
                if not handle(worker):
                    lost(worker)
                continue
            with contextlib.suppress(OSError, EOFError):  # its last words, then its batches
                while worker.results.poll() and handle(worker):
                    pass
            lost(worker)

    try:
        exhausted = False
        for start in range(0, len(first), size):
            submit(first[start : start + size])
        while order or not exhausted:
            while not exhausted and len(order) < window and (not order or waiting()):
                if idle is not None and not order and not waiting():
                    idle()  # nothing in flight: this read may block
                chunk = _take(entries, size, waiting)
                if not chunk:
                    exhausted = True
                    break
                submit(chunk)
            if order and order[0] not in answers:
                if exhausted:
                    flush(final=True)
                    if idle is not None:
                        idle()
                    receive(block=True)
                elif len(order) >= window or not waiting():
                    flush(final=False)
                    if idle is not None:
                        idle()
                    receive(block=True)
                else:
                    receive(block=False)
            while order and order[0] in answers:
                number = order.popleft()
                found = answers.pop(number)
                chunk = batches.pop(number)
                yield from zip(chunk, found, strict=True)
        pool.close()
    finally:
        pool.kill()


IN_FLIGHT = 8
"""Batches each worker may have in hand (sent, not answered)."""

WORKER_SLOTS = 4096
"""The fast engine's batch size in a worker: half a lone process's, so that two workers
hold about as much as one process (the slots' search stacks are most of the engine's
memory), for a few per cent of each worker's speed."""


# ---------------------------------------------------------------------------
# Progress


class Progress:
    """Count, rate and ETA on a terminal's stderr (silent otherwise), and the counts of
    each status for the summary line.

    No Haskell counterpart. The ETA is the average rate over the whole run (tqdm's
    ``smoothing=0``), which settles after the first seconds rather than swinging with
    each batch."""

    def __init__(self, enabled: bool, total: int | None = None) -> None:
        self._bar: Any = None  # a tqdm bar (tqdm is not subscriptable at run time)
        self.started = time.monotonic()
        if total is not None:
            total = validate.whole(total, "total", 0)
        if enabled:
            from tqdm import tqdm  # loaded only for a bar that is drawn

            self._bar = tqdm(
                total=total,
                unit="puzzle",
                file=sys.stderr,
                leave=False,
                smoothing=0,
                dynamic_ncols=True,
                mininterval=0.2,
            )

    def update(self, count: int = 1) -> None:
        """``count`` more puzzles solved."""
        if self._bar is not None:
            self._bar.update(count)

    def close(self) -> None:
        """Remove the bar from the terminal."""
        if self._bar is not None:
            bar, self._bar = self._bar, None
            bar.close()

    def seconds(self) -> float:
        """Seconds since the bar was made."""
        return time.monotonic() - self.started


def summary(counts: dict[str, int], seconds: float) -> str:
    """The one-line summary of a run: ``49,151 puzzles: 49,151 solved, 0 invalid, 0
    without solution, 5.2 s`` (give-ups and refusals too, when there are some).

    No Haskell counterpart. Raises ``TypeError`` for counts that are not a mapping to
    ``int`` or seconds that are not a number.

    >>> summary({"solved": 3, "invalid": 1}, 0.25)
    '4 puzzles: 3 solved, 1 invalid, 0 without solution, 0.2 s'
    >>> summary({"solved": 1, "gave_up": 2}, 1.0)
    '3 puzzles: 1 solved, 0 invalid, 0 without solution, 2 given up, 1.0 s'
    """
    if not isinstance(counts, Mapping) or not all(
        isinstance(n, int) and not isinstance(n, bool) for n in counts.values()
    ):
        raise TypeError(f"counts must map statuses to whole numbers, not {counts!r}")
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)):
        raise TypeError(f"seconds must be a number, not {seconds!r}")
    total = sum(counts.values())
    parts = [
        f"{counts.get('solved', 0):,} solved",
        f"{counts.get('invalid', 0):,} invalid",
        f"{counts.get('no_solution', 0):,} without solution",
    ]
    if counts.get("gave_up"):
        parts.append(f"{counts['gave_up']:,} given up")
    if counts.get("refused"):
        parts.append(f"{counts['refused']:,} refused")
    noun = "puzzle" if total == 1 else "puzzles"
    return f"{total:,} {noun}: {', '.join(parts)}, {seconds:.1f} s"


count_lines = count_entries  # the former name
