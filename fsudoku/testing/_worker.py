r"""Calls of a user's solver in a worker process: a limit on its CPU time, a wall-clock backstop.

:class:`Caller` forks one worker process, in a process group of its own, and sends it one
board a call; the answer comes back read as a line
(:func:`fsudoku.testing._adapters.read_answer`). The worker's standard input is
``/dev/null`` and its standard output and error a file of the caller's, emptied before
each call: what the solver prints is the call's :attr:`Called.output`, never the
caller's. A call may use ``timeout`` seconds of CPU time (the kernel's profiling timer
ends the worker past it: the call is ``slow``) and wait ``backstop`` seconds of wall-clock
time (past it the call is ``hung``: it sleeps, waits or blocks). After a call past
either limit, or a worker that died, and when the caller is closed, the worker's whole
process group is killed, the solver's own children with it; the next call starts a new
worker, so no late answer reaches it. Needs a POSIX system (``fork``, process groups).

>>> with Caller(lambda line: line.upper(), timeout=60) as call:
...     call("abc").answer
'ABC'
>>> import time
>>> with Caller(lambda line: time.sleep(60), timeout=60, backstop=0.2) as call:  # limit under test: a minute's sleep
...     call("x").status, call("x").status
('hung', 'hung')
>>> with Caller(lambda line: print("hello") or line, timeout=60) as call:
...     call("abc").output
'hello\n'
"""

from __future__ import annotations

import contextlib
import copy
import os
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, replace
from multiprocessing import Pipe
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Literal, TypeAlias

from fsudoku.testing._adapters import read_answer

Status = Literal["answered", "raised", "unreadable", "slow", "hung", "cut", "died"]
"""How a call ended: an answer, an exception, an answer of no known shape, past the CPU
limit, past the wall-clock backstop, cut short for want of time (the caller's), or the
worker process gone."""

OUTPUT_LIMIT = 4000
"""The characters of a call's output that are kept."""


def backstop(timeout: float | None) -> float:
    """The default backstop of a CPU limit: ten times it, at least a minute.

    A call that takes its whole CPU limit on a machine kept busy by others still
    finishes within it.
    """
    return max(60.0, 10 * (timeout or 0.0))


TRACE_FRAMES = 3
"""The innermost frames of a solver's exception that are shown."""


@dataclass(frozen=True)
class Called:
    """The end of one call: its status, the answer read as a line, the exception."""

    status: Status
    answer: Any = None
    """The answer as the reader read it (a line or ``None`` for a solver)."""
    error_type: str = ""
    """The exception's class, ``module.Name`` (builtins without their module)."""
    error: str = ""
    """The exception's message, and where it was raised (the innermost frame)."""
    trace: str = ""
    """The innermost frames of the exception's traceback."""
    matched: tuple[bool, ...] = ()
    """For each exception type the caller was told to look for, whether it was one."""
    cpu: float = 0.0
    """The CPU seconds the call took."""
    elapsed: float = 0.0
    """The wall-clock seconds the call took."""
    problem: str = ""
    """For ``unreadable``: what was returned."""
    changed: str = ""
    """How the call changed the board it was given ('' when it did not)."""
    output: str = ""
    """What the solver wrote on its standard output and error during the call."""


def _type_name(exc: BaseException) -> str:
    """``module.Name`` of an exception's class, builtins by name only."""
    kind = type(exc)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )


def _raised(exc: BaseException, catch: tuple[type[BaseException], ...]) -> Called:
    """A call that raised: the class, the message and where, a short traceback."""
    frames = traceback.extract_tb(exc.__traceback__)[1:]  # not run_once's own frame
    where = (
        f" (at {frames[-1].filename}:{frames[-1].lineno} in {frames[-1].name})" if frames else ""
    )
    return Called(
        "raised",
        error_type=_type_name(exc),
        error=f"{exc}{where}".strip(),
        trace="".join(traceback.format_list(frames[-TRACE_FRAMES:])).rstrip(),
        matched=tuple(isinstance(exc, kind) for kind in catch),
    )


def changes(before: object, after: object, answer: object) -> str:
    """How a solver changed the board it was given ('' if not, or if it solved it in place).

    >>> changes([[0, 1]], [[5, 1]], None)
    'changed the board it was given'
    >>> rows = [[0] * 9 for _ in range(9)]
    >>> changes(rows, [[5] + [0] * 8] + rows[1:], None)
    'changed the board it was given (r1c1 from 0 to 5)'
    """
    if after == before:
        return ""
    was, now = read_answer(before, None)[0] or "", read_answer(after, None)[0] or ""
    if now and now == answer:  # solved in place
        return ""
    if len(was) != 81 or len(now) != 81:
        return "changed the board it was given"
    cells = [
        f"r{i // 9 + 1}c{i % 9 + 1} from {was[i]} to {now[i]}"
        for i in range(81)
        if was[i] != now[i]
    ]
    more = f" and {len(cells) - 3} more cells" if len(cells) > 3 else ""
    return f"changed the board it was given ({', '.join(cells[:3])}{more})"


Reader: TypeAlias = Callable[[object, object], tuple[Any, str]]
"""Reads a raw answer, given the board: ``(answer, problem)``, ``problem`` '' if it read."""


def run_once(
    solve: Callable[[Any], object],
    board: object,
    catch: tuple[type[BaseException], ...],
    read: Reader = read_answer,
    cpu_limit: float | None = None,
) -> Called:
    """Call the solver once, in this process: its answer, or the exception it raised.

    With ``cpu_limit``, the profiling timer (``SIGPROF``) is set for the length of the call:
    in a worker, whose ``SIGPROF`` ends it, past that many seconds of CPU time.
    """
    before = copy.deepcopy(board)
    wall, cpu = time.perf_counter(), time.process_time()
    try:
        if cpu_limit:
            signal.setitimer(signal.ITIMER_PROF, cpu_limit)
        raw = solve(board)
    except BaseException as exc:  # KeyboardInterrupt and SystemExit too: the solver's, a verdict
        called = _raised(exc, catch)
    else:
        answer, problem = read(raw, board)
        status: Status = "unreadable" if problem else "answered"
        called = Called(status, answer, problem=problem, changed=changes(before, board, answer))
    finally:
        if cpu_limit:
            signal.setitimer(signal.ITIMER_PROF, 0)
    return replace(called, cpu=time.process_time() - cpu, elapsed=time.perf_counter() - wall)


def _printed(output: int) -> str:
    """What was written to the output file (its first :data:`OUTPUT_LIMIT` characters)."""
    text = os.pread(output, OUTPUT_LIMIT + 1, 0).decode("utf-8", "backslashreplace")
    return text if len(text) <= OUTPUT_LIMIT else text[:OUTPUT_LIMIT] + "..."


def _serve(conn: Connection, solve: Callable[[Any], object], caller: Caller) -> None:
    """The worker: a board in, a :class:`Called` out, until the pipe closes."""
    for signum in (signal.SIGTERM, signal.SIGHUP, signal.SIGPROF, signal.SIGALRM):
        signal.signal(signum, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    null = os.open(os.devnull, os.O_RDONLY)
    os.dup2(null, 0)
    for fd in (1, 2):
        os.dup2(caller.output, fd)
    sys.stdout = open(1, "w", buffering=1, closefd=False, errors="backslashreplace")  # noqa: SIM115
    sys.stderr = open(2, "w", buffering=1, closefd=False, errors="backslashreplace")  # noqa: SIM115
    while True:
        try:
            board = conn.recv()
        except (EOFError, OSError):
            return
        os.ftruncate(caller.output, 0)
        called = run_once(solve, board, caller.catch, caller.read, caller.timeout)
        for stream in (sys.stdout, sys.stderr):
            with contextlib.suppress(Exception):
                stream.flush()
        conn.send(replace(called, output=_printed(caller.output)))


class Caller:
    """The solver, called in a reused worker process with a CPU-time limit per call.

    ``timeout``: CPU seconds a call may take (``None``: no limit); ``backstop``: wall-clock
    seconds a call may take (``None``: no limit).
    """

    def __init__(
        self,
        solve: Callable[[Any], object],
        timeout: float | None,
        catch: tuple[type[BaseException], ...] = (),
        read: Reader = read_answer,
        backstop: float | None = None,
    ) -> None:
        self.solve, self.timeout, self.backstop = solve, timeout, backstop
        self.catch, self.read = catch, read
        self.output = -1
        self._pid: int | None = None
        self._conn: Connection | None = None

    def _start(self) -> Connection:
        """The pipe to a running worker (one is started if there is none)."""
        if self._conn is not None:
            return self._conn
        if self.output < 0:  # appended to, so that emptying it between calls leaves no hole
            made, path = tempfile.mkstemp(prefix="fsudoku-output-")
            self.output = os.open(path, os.O_RDWR | os.O_APPEND)
            os.close(made)
            os.unlink(path)
        parent, child = Pipe()
        for stream in (sys.stdout, sys.stderr):  # nothing of ours is written twice
            with contextlib.suppress(Exception):
                stream.flush()
        pid = os.fork()
        if pid == 0:  # the worker: it never returns to the caller's code
            status = 0
            try:
                os.setpgid(0, 0)
                parent.close()
                _serve(child, self.solve, self)
            except BaseException:
                status = 70
            finally:
                os._exit(status)
        child.close()
        with contextlib.suppress(OSError):  # the worker may have done it first
            os.setpgid(pid, pid)
        self._pid, self._conn = pid, parent
        return parent

    def _end(self) -> int:
        """Kill the worker's process group; the worker's wait status (0 when none ran)."""
        if self._pid is None or self._conn is None:
            return 0
        with contextlib.suppress(OSError):
            os.killpg(self._pid, signal.SIGKILL)
        _, status = os.waitpid(self._pid, 0)
        self._conn.close()
        self._pid = self._conn = None
        return status

    def close(self) -> None:
        """End the worker and its process group (if one runs)."""
        self._end()
        if self.output >= 0:
            os.close(self.output)
            self.output = -1

    def __call__(self, board: object, left: float | None = None) -> Called:
        """One call: the answer, the exception, or how a limit ended it.

        ``left``: the wall-clock seconds the caller has left; a call still running then is
        ``cut`` (when they are fewer than the backstop's).
        """
        conn = self._start()
        started = time.perf_counter()
        cut = left is not None and (self.backstop is None or left < self.backstop)
        try:
            conn.send(board)
            if conn.poll(left if cut else self.backstop):
                called: Called = conn.recv()
                return called
            status: Status = "cut" if cut else "hung"
        except (EOFError, OSError):  # the worker ended: past the CPU limit, or it died
            status = "died"
        elapsed, output = time.perf_counter() - started, _printed(self.output)
        ended = self._end()
        if status in ("hung", "cut"):
            return Called(status, elapsed=elapsed, output=output)
        if os.WIFSIGNALED(ended) and os.WTERMSIG(ended) == signal.SIGPROF:
            return Called("slow", cpu=self.timeout or 0.0, elapsed=elapsed, output=output)
        how = (
            f"killed by {signal.Signals(os.WTERMSIG(ended)).name}"
            if os.WIFSIGNALED(ended)
            else f"exit status {os.waitstatus_to_exitcode(ended)}"
        )
        return Called("died", error=how, elapsed=elapsed, output=output)

    def __enter__(self) -> Caller:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
