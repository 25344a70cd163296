"""Worker processes that solve batches of lines, their answers in input order.

Each worker is a forked process with two pipes: batches go in, answers come out. A
batch is a list of lines; the parent sends each batch to the worker with the fewest in
hand, at most :data:`IN_FLIGHT` per worker (memory stays bounded), and yields the
answers in input order as they come. A worker streams the batches it is sent through
one run of its engine until the parent says ``flush`` (the engine then answers
everything it holds, and the next batch starts a new run): the parent says it before
it waits, so every batch is answered without more input.

A worker that dies has its batches solved by the parent. Workers ignore Ctrl-C (the
parent decides), and end on their own when the parent goes away (their pipe reaches
its end). The signals are held back while workers are started and while they are
killed and reaped, so that a Ctrl-C cannot come between a fork and its record, nor
stop a cleanup half-way (:meth:`Pool.kill`).

>>> usable_cores() >= 1, worker_count(1)
(True, 1)
"""

from __future__ import annotations

import contextlib
import errno
import multiprocessing
import os
import queue
import signal
import sys
import threading
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any, NoReturn, TypeAlias

from fsudoku.base.outcome import Outcome

__all__ = [
    "IN_FLIGHT",
    "Pool",
    "block_signals",
    "kill_workers",
    "usable_cores",
    "worker_count",
]

IN_FLIGHT = 8
"""Batches each worker may have in hand (sent, not answered)."""

BatchSolver: TypeAlias = Callable[[Iterable[str], Callable[[int], object]], Iterator[Outcome]]
"""What a worker runs: the outcomes of a stream of lines, in order, telling a callback
how many more it has decided as it decides them."""

Task: TypeAlias = "tuple[str, int, list[str]] | None"
"""A message to a worker: ``("batch", number, lines)``, ``("flush", 0, [])`` (answer
everything sent so far before expecting more) or ``None`` (stop)."""

_LIVE: set[int] = set()
"""The pids of this process's workers that are running."""

HELD = frozenset({signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)})
"""The signals held back while workers are started and reaped."""


def usable_cores() -> int:
    """The number of cores this process may run on.

    Its CPU affinity where the system has one: a ``taskset`` or a container's cpuset counts,
    not the machine's cores.
    """
    try:
        return max(len(os.sched_getaffinity(0)), 1)
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def worker_count(jobs: int) -> int:
    """The number of worker processes ``jobs`` asks for.

    ``0`` is one per usable core (:func:`usable_cores`), and more than those cores is
    refused (more workers than cores are never faster, and each one costs a process). The
    one answer to "how many workers", for the library and the command line alike.

    Raises ``ValueError`` for a ``jobs`` above the cores; ``jobs`` itself, an ``int`` >= 0,
    is not checked (:func:`fsudoku.base.validate.options` does).

    >>> worker_count(0) == usable_cores()
    True
    """
    cores = usable_cores()
    if jobs == 0:
        return cores
    if jobs > cores:
        raise ValueError(
            f"jobs must be at most {cores}, the cores this process may use "
            f"(0 means all of them), not {jobs}"
        )
    return jobs


def kill_workers() -> None:
    """Kill (SIGKILL) every worker process this process has running, without waiting.

    The last resort of a program that must exit at once.
    """
    for pid in list(_LIVE):
        with contextlib.suppress(OSError):
            os.kill(pid, signal.SIGKILL)


def _ignore(count: int) -> None:
    """A progress callback that does nothing."""


def block_signals() -> set[int] | None:
    """Block :data:`HELD` in this thread; the mask before (``None`` where there are no masks).

    A helper thread blocks them for good, so that they go to the thread that decides.
    """
    try:
        return signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    except (AttributeError, OSError, ValueError):
        return None


@contextlib.contextmanager
def _signals_held() -> Iterator[set[int] | None]:
    """Hold back :data:`HELD` (they stay pending, and take effect after); the mask before."""
    previous = block_signals()
    try:
        yield previous
    finally:
        if previous is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, previous)


# ---------------------------------------------------------------------------
# A worker's life


def _work(
    tasks: Connection,
    results: Connection,
    inherited: list[Connection],
    solve: BatchSolver,
    setup: Callable[[], object] | None,
    mask: set[int] | None,
) -> NoReturn:
    """A worker: deaf to Ctrl-C, solving the batches it is sent.

    ``mask`` is the parent's signal mask before it held the signals back for the fork. It
    never returns (``os._exit``: nothing of the parent's, such as its buffered output, is
    flushed twice).
    """
    status = 0
    try:
        for connection in inherited:
            connection.close()
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        for signum in HELD - {signal.SIGINT}:
            signal.signal(signum, signal.SIG_DFL)
        if mask is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, mask)
        if setup is not None:
            setup()
        _serve(tasks, results, solve)
    except BaseException:  # the parent solves this worker's batches itself
        status = 1
    finally:
        os._exit(status)


class _Progress:
    """A worker's count of the lines it has decided, reported at most every 0.1 s."""

    def __init__(self, results: Connection) -> None:
        self.results = results
        self.count = 0
        self.reported = time.monotonic()

    def __call__(self, count: int) -> None:
        self.count += count
        now = time.monotonic()
        if now - self.reported >= 0.1:
            self.reported = now
            self.results.send(("progress", -1, None, self.count))


def _serve(tasks: Connection, results: Connection, solve: BatchSolver) -> None:
    """Solve the batches as they come.

    All of them go through one run of the engine until the parent says ``flush``. A thread
    drains the task pipe into an inbox (so the parent's sends never wait on this worker),
    and ends the process when the parent is gone (its end of the pipe closed).
    """
    inbox: queue.SimpleQueue[Task] = queue.SimpleQueue()

    def receive() -> None:
        try:
            while True:
                message = tasks.recv()
                inbox.put(message)
                if message is None:
                    return
        except (EOFError, OSError):
            os._exit(0)  # the parent is gone

    threading.Thread(target=receive, name="fsudoku-inbox", daemon=True).start()
    progress = _Progress(results)
    while True:
        first = inbox.get()
        if first is None:
            return
        if first[0] != "batch":
            continue
        held: deque[tuple[int, list[str]]] = deque([(first[1], first[2])])
        stop = [False]
        done: list[tuple[str, str | None, int, int | None, str]] = []  # cheap to pickle
        for outcome in solve(_run_lines(inbox, held, stop), progress):
            done.append(
                (outcome.status, outcome.solution, outcome.nodes, outcome.blanks, outcome.engine)
            )
            number, batch = held[0]
            if len(done) == len(batch):
                results.send(("done", number, done, progress.count))
                held.popleft()
                done = []
        if stop[0]:
            return


def _run_lines(
    inbox: queue.SimpleQueue[Task], held: deque[tuple[int, list[str]]], stop: list[bool]
) -> Iterator[str]:
    """The lines of one run of the engine in a worker.

    The batch in ``held``, then each batch that comes after it, until ``flush`` (or
    ``None``: ``stop``).
    """
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


# ---------------------------------------------------------------------------
# The parent's side


class _Child:
    """A forked process, as its parent kills and reaps it."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.reaped = False

    def kill(self) -> None:
        """SIGKILL it (nothing if it is gone already)."""
        if not self.reaped:
            with contextlib.suppress(OSError):
                os.kill(self.pid, signal.SIGKILL)

    def reap(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for it to end, and collect its status."""
        deadline = time.monotonic() + timeout
        while not self.reaped:
            try:
                done, _ = os.waitpid(self.pid, os.WNOHANG)
            except ChildProcessError:  # reaped already, by someone else
                done = self.pid
            if done:
                self.reaped = True
            elif time.monotonic() >= deadline:
                return False
            else:
                time.sleep(0.005)
        return True


@dataclass(eq=False)
class _Worker:
    """A worker process, as its parent sees it."""

    process: _Child
    tasks: Connection
    results: Connection
    batches: list[int] = field(default_factory=list)  # sent, not answered
    flushed: bool = True  # nothing sent since the last flush
    solved: int = 0  # lines it said it has decided
    stopped: bool = False  # told there is no more

    def send(self, message: Task) -> None:
        """Send a message to the worker (``OSError``/``ValueError`` when it is gone)."""
        self.tasks.send(message)
        if message is None:
            self.stopped = self.flushed = True
        else:
            self.flushed = message[0] == "flush"


class Pool:
    """Worker processes (:meth:`start`), each running ``solve`` on the batches it is sent.

    ``setup`` runs first in each worker (the command line ties its workers to their
    parent there); ``on_decided`` is told of the lines the workers decide, as they
    decide them. Whoever starts the workers kills them (:meth:`kill`), however it ends.
    """

    def __init__(
        self,
        solve: BatchSolver,
        setup: Callable[[], object] | None = None,
        on_decided: Callable[[int], object] | None = None,
    ) -> None:
        self.solve = solve
        self.setup = setup
        self.on_decided = on_decided
        self.workers: list[_Worker] = []
        self.alive: list[_Worker] = []
        self.order: deque[int] = deque()  # the batches in flight, in input order
        self.batches: dict[int, list[str]] = {}
        self.answers: dict[int, list[Outcome]] = {}
        self._numbers = iter(range(1 << 62))

    def start(self, jobs: int) -> None:
        """Start ``jobs`` workers, the signals held back meanwhile.

        Raises ``OSError`` when one cannot be started (no process, no descriptor left): the
        workers started so far are reaped first.
        """
        with _signals_held() as mask:
            try:
                for _ in range(jobs):
                    self.workers.append(self._start(mask))
            except BaseException:
                self.kill()
                raise
        self.alive = list(self.workers)

    def _start(self, mask: set[int] | None) -> _Worker:
        """Start one worker, a fork of this process.

        ``OSError`` when it cannot be (no process or no descriptor left: its pipes are
        closed then).

        A plain ``fork``, not :mod:`multiprocessing`'s ``Process``: that one closes the
        child's ``sys.stdin`` as it starts, which hangs for ever if a thread of the parent
        (a read-ahead of the input) held the stream's lock at the fork.
        """
        if not hasattr(os, "fork"):
            raise OSError(errno.ENOSYS, "no fork on this system")
        made: list[Connection] = []
        try:
            their_tasks, our_tasks = multiprocessing.Pipe(duplex=False)
            made += [their_tasks, our_tasks]
            our_results, their_results = multiprocessing.Pipe(duplex=False)
            made += [our_results, their_results]
            inherited = [our_tasks, our_results]
            for worker in self.workers:
                inherited += [worker.tasks, worker.results]
            with warnings.catch_warnings():  # 3.12+ warns of fork with threads running
                warnings.filterwarnings("ignore", ".*fork", DeprecationWarning)
                pid = os.fork()
            if pid == 0:
                _work(their_tasks, their_results, inherited, self.solve, self.setup, mask)
        except BaseException:
            for connection in made:
                with contextlib.suppress(OSError):
                    connection.close()
            raise
        their_tasks.close()
        their_results.close()
        _LIVE.add(pid)
        return _Worker(_Child(pid), our_tasks, our_results)

    # -- sending ----------------------------------------------------------

    def submit(self, batch: list[str]) -> None:
        """Send a batch to the worker with the fewest in hand (solved here if none is left)."""
        number = next(self._numbers)
        self.order.append(number)
        self.batches[number] = batch
        while self.alive:
            worker = min(self.alive, key=lambda w: len(w.batches))
            try:
                worker.send(("batch", number, batch))
            except (OSError, ValueError):
                self._lost(worker)
                continue
            worker.batches.append(number)
            return
        self._solve_here(number)

    def flush(self, final: bool) -> None:
        """Have every worker with unanswered batches answer them (``final``: and stop)."""
        for worker in list(self.alive):
            if worker.stopped or (worker.flushed and not final):
                continue
            try:
                worker.send(None if final else ("flush", 0, []))
            except (OSError, ValueError):
                self._lost(worker)

    # -- receiving --------------------------------------------------------

    def receive(self, block: bool) -> None:
        """Handle what the workers sent (waiting for a first message when ``block``).

        A worker that died has its batches solved here, after its last words.
        """
        handles = {worker.results: worker for worker in self.alive}
        if not handles:
            return
        ready: list[Any] = wait(list(handles), None if block else 0)
        for item in ready:
            worker = handles[item]
            if worker in self.alive and not self._handle(worker):
                self._lost(worker)  # its end of the pipe closed: it died

    def _handle(self, worker: _Worker) -> bool:
        """Read one message of a worker; ``False`` when the worker is gone."""
        try:
            kind, number, payload, solved = worker.results.recv()
        except (EOFError, OSError):
            return False
        if kind == "done":
            self.answers[number] = [Outcome(*fields) for fields in payload]
            if number in worker.batches:
                worker.batches.remove(number)
        if self.on_decided is not None and solved > worker.solved:
            self.on_decided(solved - worker.solved)
        worker.solved = max(solved, worker.solved)
        return True

    def _lost(self, worker: _Worker) -> None:
        """A worker that died or cannot be reached: its batches are solved here."""
        if worker in self.alive:
            self.alive.remove(worker)
        worker.process.kill()
        for number in worker.batches:
            if number not in self.answers:
                self._solve_here(number)
        worker.batches.clear()

    def _solve_here(self, number: int) -> None:
        self.answers[number] = list(self.solve(self.batches[number], self.on_decided or _ignore))

    def next_answers(self) -> tuple[list[str], list[Outcome]] | None:
        """The oldest batch in flight and its outcomes, when they have come (else ``None``)."""
        if not self.order or self.order[0] not in self.answers:
            return None
        number = self.order.popleft()
        return self.batches.pop(number), self.answers.pop(number)

    # -- ending -----------------------------------------------------------

    def close(self) -> None:
        """Tell every worker to stop, and reap them (killing the slow ones)."""
        for worker in self.alive:
            if not worker.stopped:
                with contextlib.suppress(OSError, ValueError):
                    worker.send(None)
        deadline = time.monotonic() + 5.0
        for worker in self.workers:
            worker.process.reap(max(deadline - time.monotonic(), 0.0))
        self.kill()

    def kill(self) -> None:
        """Kill every worker at once, then reap them and close their pipes.

        The signals are held back meanwhile; a Ctrl-C that came before is raised once every
        worker is reaped (unless one is on its way already: it stands for both).
        """
        interrupted: KeyboardInterrupt | None = None
        while True:
            try:
                self._kill()
                break
            except KeyboardInterrupt as again:
                interrupted = again
        if interrupted is not None and not isinstance(sys.exc_info()[1], KeyboardInterrupt):
            raise interrupted

    def _kill(self) -> None:
        with _signals_held():
            for worker in self.workers:
                worker.process.kill()
            for worker in self.workers:
                worker.process.reap(2.0)
                _LIVE.discard(worker.process.pid)
                for connection in (worker.tasks, worker.results):
                    with contextlib.suppress(OSError):
                        connection.close()
