"""The ``fsudoku`` process: its signals, its exit statuses and its output failures.

The articles' ``main`` is killed by the runtime on Ctrl-C; this
is what makes ``fsudoku`` end a run cleanly whatever happens to it.

- **Signals.** SIGINT, SIGTERM and SIGHUP end a run with one line on stderr and the
  status 130, 143 or 129. The first one stops the run where it is (after the answer
  being written, if one is); any further one, or one that arrives while an answer has
  been blocked for a second in a full pipe, ends the process at once, workers
  included. A signal that arrives while the program is still loading its modules ends
  it the same way: the console script's first module (``_fsudoku_entry``, beside the
  package) notes the signals before any of fsudoku loads and hands them to this
  module's guard (:func:`take_over`); this module is the program's first otherwise
  (``python -m fsudoku``), and installs that guard when the process is the ``fsudoku``
  program.
- **Output** that cannot be written is :mod:`fsudoku.app.output`'s, with the status
  :data:`EXIT_OUTPUT`.
"""

from __future__ import annotations

# Until the guard below is installed, this module loads nothing that Python has not
# loaded at start-up (``signal`` would load ``enum``, ``typing`` a dozen modules): a
# signal that lands while the program loads ends it quietly, not with a traceback.
import _signal
import os
import sys

TYPE_CHECKING = False
if TYPE_CHECKING:
    from collections.abc import Iterator
    from types import FrameType
    from typing import NoReturn

EXIT_OK = 0
"""Every puzzle was solved (``check``: every one has exactly one solution)."""
EXIT_UNSOLVED = 1
"""Some line was invalid, unsolvable, given up or refused."""
EXIT_USAGE = 2
"""A usage error, or an input that cannot be read (the others are still read)."""
EXIT_INTERNAL = 70
"""An error fsudoku did not expect (``EX_SOFTWARE``): a bug, reported in one line."""
EXIT_OUTPUT = 74
"""Standard output or error could not be written (``EX_IOERR``): a full disk, a
closed pipe, a closed descriptor. The run stopped there."""
EXIT_BROKEN_PIPE = 141
"""The reader of standard output went away (128 + SIGPIPE): the status of a filter that
SIGPIPE ended, as ``yes | head -1`` shows it; nothing is said."""
EXIT_HANGUP = 129
"""SIGHUP (128 + 1)."""
EXIT_INTERRUPTED = 130
"""SIGINT, Ctrl-C (128 + 2)."""
EXIT_TERMINATED = 143
"""SIGTERM (128 + 15)."""

SIGNALS: dict[int, tuple[int, str]] = {
    _signal.SIGINT: (EXIT_INTERRUPTED, "interrupted"),
    _signal.SIGTERM: (EXIT_TERMINATED, "terminated"),
}
if hasattr(_signal, "SIGHUP"):
    SIGNALS[_signal.SIGHUP] = (EXIT_HANGUP, "hung up")

LAST_WORDS = 1.0
"""Seconds a run that a signal stopped may spend writing the answers it had found,
before it ends at once (a reader that reads nothing must not keep it alive)."""

_said: list[bool] = [False]  # the line of the signal that ends the run was written


def _write_fd(fd: int, text: str) -> None:
    """Write to a file descriptor, ignoring failure (the last words of a process)."""
    try:  # noqa: SIM105 (the guard runs this before ``contextlib`` may be imported)
        os.write(fd, text.encode(errors="replace"))
    except OSError:
        pass


def _block_signals() -> set[int] | None:
    """Hold back SIGINT, SIGTERM and SIGHUP; return the mask before.

    The signals stay pending; the result is None where the mask cannot be set. A handler
    already due runs at the call's return, so once this returns no signal can cut what
    follows.
    """
    try:
        return _signal.pthread_sigmask(_signal.SIG_BLOCK, list(SIGNALS))
    except (AttributeError, OSError, ValueError):
        return None


def _exit_now(signum: int) -> None:
    """End the process at once: workers killed, the signal's line, its status."""
    _block_signals()
    status, name = SIGNALS.get(signum, (128 + signum, "stopped"))
    pool = sys.modules.get("fsudoku.run.pool")  # no worker was started if it never loaded
    if pool is not None:
        try:  # noqa: SIM105 (the guard runs this before ``contextlib`` may be imported)
            pool.kill_workers()
        except Exception:
            pass
    if not _said[0]:
        _said[0] = True
        _write_fd(2, f"fsudoku: {name}\n")
    os._exit(status)


def _quit_while_loading(signum: int, frame: FrameType | None) -> None:
    """The guard of the program's start-up (and of its shutdown): end at once."""
    _exit_now(signum)


def _started_as_program() -> bool:
    """Whether this process is the ``fsudoku`` program, rather than one that imports fsudoku.

    The program is its console script or ``python -m fsudoku``.
    """
    if "_fsudoku_entry" in sys.modules:  # the console script's first module
        return True
    main = sys.modules.get("__main__")
    spec = getattr(main, "__spec__", None)
    if getattr(spec, "name", None) in ("fsudoku.__main__", "fsudoku.app.cli"):
        return True
    return os.path.basename(getattr(main, "__file__", "") or "") == "fsudoku"


def install_guard(early: object = None) -> None:
    """Make a signal end the process at once, quietly (start-up and shutdown).

    It replaces Python's own handlers, and ``early``, the handler of the program's first
    module; a handler someone else set, and a signal ignored, are left as they are.
    """
    for signum in SIGNALS:
        try:
            handler = _signal.getsignal(signum)
            if handler in (_signal.SIG_DFL, _signal.default_int_handler) or (
                early is not None and handler is early
            ):
                _signal.signal(signum, _quit_while_loading)
        except (OSError, ValueError):  # not the main thread, or no such signal here
            pass


def take_over(early: object, noted: list[int]) -> None:
    """Put the guard in place of ``early``, which only noted signals; end now if one came.

    The program's first module (``_fsudoku_entry``) installs ``early`` before any of
    fsudoku loads, and calls this once this module is loaded.
    """
    install_guard(early)
    if noted:
        _exit_now(noted[0])


PROGRAM = _started_as_program()
"""Whether this process is the ``fsudoku`` program (set once, at import)."""

if PROGRAM:
    install_guard()

# isort: split
import contextlib  # noqa: E402
import signal  # noqa: E402
import threading  # noqa: E402

STATUSES: dict[int, str] = {
    EXIT_OK: "success",
    EXIT_UNSOLVED: "some puzzle was not solved",
    EXIT_USAGE: "a usage error, or an input that cannot be read (the others are still read)",
    EXIT_INTERNAL: "an internal error: a bug, reported in one line",
    EXIT_OUTPUT: "the output cannot be written (a full disk, a closed descriptor)",
    EXIT_HANGUP: "SIGHUP",
    EXIT_INTERRUPTED: "SIGINT (Ctrl-C)",
    EXIT_BROKEN_PIPE: "the reader of the output went away (SIGPIPE), quietly, as a filter",
    EXIT_TERMINATED: "SIGTERM",
}
"""Every exit status of the program and what it means, in order (``--help`` lists them;
what 0 and 1 mean depends on the command)."""


def say_once(name: str) -> None:
    """Write ``fsudoku: NAME`` for the signal that ends the run, once per process.

    The signals are held back meanwhile (a burst of them can neither cut the line nor make
    it twice). In the program the signals stay held: it is ending. Python's own stderr is
    flushed first (a progress bar's last bytes), then the line is one ``write``.
    """
    previous = _block_signals()
    try:
        if _said[0]:
            return
        line = f"fsudoku: {name}\n"
        with contextlib.suppress(OSError, ValueError, AttributeError):
            if sys.stderr is not None:
                sys.stderr.flush()
                if not PROGRAM:  # a caller's stderr, which may not be descriptor 2
                    sys.stderr.write(line)
                    sys.stderr.flush()
        if PROGRAM:
            _write_fd(2, line)
        _said[0] = True
    finally:
        if previous is not None and not PROGRAM:
            with contextlib.suppress(OSError, ValueError):
                signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class Stopped(BaseException):
    """SIGTERM or SIGHUP stopped the run.

    A ``BaseException``, as ``KeyboardInterrupt`` is, so that no ``except Exception``
    swallows it.
    """

    def __init__(self, signum: int) -> None:
        status, name = SIGNALS.get(signum, (128 + signum, "stopped"))
        super().__init__(name)
        self.signum, self.status, self.name = signum, status, name


class Signals:
    """SIGINT, SIGTERM and SIGHUP for the length of a run (see the module docstring).

    Used as a context manager by ``main``. :meth:`critical` marks the writing of one
    piece of answers, which a signal does not cut; :meth:`blocking` marks the system
    call inside it, which a signal interrupts at once (a write that is interrupted has
    written nothing, so no half answer is left).
    """

    def __init__(self) -> None:
        self.pid = os.getpid()
        self.received: int | None = None
        self.raised = False
        self.in_piece = False
        self.in_call = False
        self.previous: dict[int, object] = {}

    def __enter__(self) -> Signals:
        if threading.current_thread() is threading.main_thread():
            for signum in SIGNALS:
                with contextlib.suppress(OSError, ValueError):
                    if signal.getsignal(signum) is signal.SIG_IGN:
                        continue  # ignored by whoever started us (nohup, a background job)
                    self.previous[signum] = signal.signal(signum, self._handle)
        return self

    def __exit__(self, *exc: object) -> None:
        for signum, handler in self.previous.items():
            with contextlib.suppress(OSError, ValueError, TypeError):
                signal.signal(signum, handler)  # type: ignore[arg-type]
        self.previous.clear()

    def _handle(self, signum: int, frame: FrameType | None) -> None:
        if os.getpid() != self.pid:  # a forked child that kept this handler: quietly out
            os._exit(SIGNALS.get(signum, (128 + signum, ""))[0])
        if self.received is not None:  # a second signal: now
            _exit_now(self.received)
        self.received = signum
        if self.in_piece and not self.in_call:
            return  # between two steps of one piece: raised once the piece is written
        self._raise()

    def _raise(self) -> None:
        assert self.received is not None
        self.raised = True
        if self.received == signal.SIGINT:
            raise KeyboardInterrupt
        raise Stopped(self.received)

    @contextlib.contextmanager
    def critical(self) -> Iterator[None]:
        """Write one piece of answers: a signal that arrives meanwhile takes effect after it."""
        self.in_piece = True
        try:
            yield
        finally:
            self.in_piece = False
        if self.received is not None and not self.raised:
            self._raise()

    @contextlib.contextmanager
    def blocking(self) -> Iterator[None]:
        """A system call that may block (a write to a full pipe): a signal ends it at once."""
        self.in_call = True
        try:
            yield
        finally:
            self.in_call = False

    def last_words(self) -> None:
        """Bound the time a stopped run takes to end.

        Once a signal has stopped the run: end the process at once if what is left to do
        (writing the answers found) takes longer than :data:`LAST_WORDS` seconds.
        """
        if self.received is None or threading.current_thread() is not threading.main_thread():
            return
        received = self.received
        with contextlib.suppress(OSError, ValueError, AttributeError):
            signal.signal(signal.SIGALRM, lambda signum, frame: _exit_now(received))
            signal.setitimer(signal.ITIMER_REAL, LAST_WORDS)


def die_of_broken_pipe() -> None:
    """End as a Unix filter does when its reader goes away.

    No word, workers killed, and killed by SIGPIPE (the shell's status 141), which Python
    ignores by default. Only in the program itself (a caller of ``main`` gets
    :data:`EXIT_BROKEN_PIPE`).
    """
    if not PROGRAM:
        return
    _block_signals()
    with contextlib.suppress(Exception):
        from fsudoku.run.pool import kill_workers

        kill_workers()
    with contextlib.suppress(OSError, ValueError, AttributeError):
        signal.signal(signal.SIGPIPE, signal.SIG_DFL)
        signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGPIPE])
        os.kill(os.getpid(), signal.SIGPIPE)
    os._exit(128 + 13)


def occupy_standard_fds() -> None:
    """Give a closed descriptor 0, 1 or 2 ``/dev/null``.

    Then no file the program opens takes its number (``sys.stdin``/``stdout``/``stderr``
    stay ``None``).
    """
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            with contextlib.suppress(OSError):
                opened = os.open(os.devnull, os.O_RDWR)
                if opened != fd:
                    os.dup2(opened, fd)
                    os.close(opened)


def end(status: int) -> NoReturn:
    """End the program with ``status``, at once.

    The standard streams are flushed, then the process ends (``os._exit``), with no
    interpreter shutdown for a late signal to land in. Every worker has been reaped and
    every answer flushed by then.
    """
    install_guard()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except (OSError, ValueError):
            if stream is sys.stdout and status == EXIT_OK:
                status = EXIT_OUTPUT
    os._exit(status)
