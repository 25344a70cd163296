"""Calls of a user's solver in a worker process, each stopped after a time limit.

:class:`Caller` starts one worker process (forked where the system can, so any function,
a lambda or a closure included, runs there; spawned otherwise, then the function must be
importable) and sends it one board a call; the answer comes back read as a line
(:func:`fsudoku.testing.adapters.read_answer`). A call that runs past the limit, or a
worker that dies (a crash in C code, ``os._exit``), ends the worker, which is started
again for the next call. No signal is used: an infinite loop in C code is stopped too.
With ``timeout=None`` the solver is called in this process, without a limit.

>>> with Caller(lambda line: line.upper(), timeout=60) as call:
...     call("abc").answer
'ABC'
>>> import time
>>> with Caller(lambda line: time.sleep(60), timeout=0.2) as call:  # limit under test: a minute's sleep
...     call("x").status, call("x").status
('timed_out', 'timed_out')
"""

from __future__ import annotations

import multiprocessing
import signal
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from types import TracebackType
from typing import Any, Literal, TypeAlias

from fsudoku.testing.adapters import read_answer

__all__ = ["Called", "Caller", "Reader", "Status", "run_once"]

Status = Literal["answered", "raised", "unreadable", "timed_out", "died"]
"""How a call ended: an answer, an exception, an answer of no known shape, past the
limit, or the worker process gone."""


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
    matched: tuple[bool, ...] = field(default=())
    """For each exception type the caller was told to look for, whether it was one."""
    elapsed: float = 0.0
    problem: str = ""
    """For ``unreadable``: what was returned."""


def _type_name(exc: BaseException) -> str:
    """``module.Name`` of an exception's class, builtins by name only."""
    kind = type(exc)
    return (
        kind.__qualname__
        if kind.__module__ == "builtins"
        else f"{kind.__module__}.{kind.__qualname__}"
    )


def _where(exc: BaseException) -> str:
    """The innermost frame of an exception's traceback, ``file:line in function``."""
    frames = traceback.extract_tb(exc.__traceback__)
    if not frames:
        return ""
    last = frames[-1]
    return f"{last.filename}:{last.lineno} in {last.name}"


Reader: TypeAlias = Callable[[object, object], tuple[Any, str]]
"""Reads a raw answer, given the board: ``(answer, problem)``, ``problem`` '' if it read."""


def run_once(
    solve: Callable[[Any], object],
    board: object,
    catch: tuple[type[BaseException], ...],
    read: Reader = read_answer,
) -> Called:
    """Call the solver once, in this process: its answer, or the exception it raised."""
    started = time.perf_counter()
    try:
        raw = solve(board)
    except Exception as exc:  # the solver's own error: reported, not raised
        where = _where(exc)
        return Called(
            "raised",
            error_type=_type_name(exc),
            error=f"{exc}" + (f" (at {where})" if where else ""),
            matched=tuple(isinstance(exc, kind) for kind in catch),
            elapsed=time.perf_counter() - started,
        )
    elapsed = time.perf_counter() - started
    answer, problem = read(raw, board)
    if problem:
        return Called("unreadable", elapsed=elapsed, problem=problem)
    return Called("answered", answer, elapsed=elapsed)


def _serve(
    conn: Connection,
    solve: Callable[[Any], object],
    catch: tuple[type[BaseException], ...],
    read: Reader,
) -> None:
    """The worker's loop: a board in, a :class:`Called` out, until the pipe closes.

    Interrupts are the parent's to handle; a terminate ends the worker at once.
    """
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    while True:
        try:
            board = conn.recv()
        except (EOFError, OSError):
            return
        conn.send(run_once(solve, board, catch, read))


def _context() -> Any:
    """Fork where the system has it (any function runs), spawn otherwise."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class Caller:
    """The solver, called in a reused worker process with a time limit per call.

    ``timeout`` seconds; ``None``: in this process, without a limit.
    """

    def __init__(
        self,
        solve: Callable[[Any], object],
        timeout: float | None,
        catch: tuple[type[BaseException], ...] = (),
        read: Reader = read_answer,
    ) -> None:
        self.solve = solve
        self.read = read
        self.timeout = timeout
        self.catch = catch
        self._process: Any = None
        self._conn: Connection | None = None

    def _start(self) -> Connection:
        """The pipe to a running worker (one is started if there is none)."""
        if self._conn is None:
            context = _context()
            parent, child = context.Pipe()
            self._process = context.Process(
                target=_serve, args=(child, self.solve, self.catch, self.read), daemon=True
            )
            self._process.start()
            child.close()
            self._conn = parent
        return self._conn

    def close(self) -> None:
        """End the worker (if one runs)."""
        if self._conn is not None:
            self._conn.close()
            self._conn = None
        if self._process is not None:
            self._process.terminate()
            self._process.join(1)
            if self._process.is_alive():
                self._process.kill()
                self._process.join()
            self._process = None

    def __call__(self, board: object) -> Called:
        """One call: the answer, the exception, or how the limit ended it."""
        if self.timeout is None:
            return run_once(self.solve, board, self.catch, self.read)
        conn = self._start()
        started = time.perf_counter()
        try:
            conn.send(board)
            if conn.poll(self.timeout):
                called: Called = conn.recv()
                return called
        except (EOFError, OSError, BrokenPipeError):
            code = self._process.exitcode if self._process is not None else None
            self.close()
            return Called("died", error=f"exit code {code}", elapsed=time.perf_counter() - started)
        self.close()
        return Called("timed_out", elapsed=time.perf_counter() - started)

    def __enter__(self) -> Caller:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        value: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()
