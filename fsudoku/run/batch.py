"""The outcomes of many puzzles, in input order, in this process or in worker processes.

:func:`outcomes` is the library's batch: every entry gets exactly one outcome, in input
order, with any number of workers; memory is bounded whatever the input; and it
streams with bounded latency: the entries that are *waiting* (can be had without
blocking) are solved together, and when none is waiting every entry taken so far is
answered before the next one is asked for, so a pipe fed one line at a time gets each
answer at once. An iterable says what is waiting with a ``waiting()`` method (the
command line's reader does); a list or a tuple is all waiting; any other iterable is
read ahead by a thread that keeps what it has read, so its ``waiting()`` is known.

>>> from fsudoku.grid_io import SAMPLE
>>> from fsudoku.pe96.formats import Entry
>>> entries = [Entry(SAMPLE, "1"), Entry("abc", "2")]
>>> [(e.label, o.status) for e, o in outcomes(entries, "exclusives")]
[('1', 'solved'), ('2', 'invalid')]
"""

from __future__ import annotations

import threading
from collections import deque
from collections.abc import Callable, Generator, Iterable, Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import islice
from queue import SimpleQueue
from typing import Protocol, TypeVar, runtime_checkable

from fsudoku.base import validate
from fsudoku.base.names import Engine, SolverName
from fsudoku.base.outcome import Outcome
from fsudoku.pe96.formats import Entry
from fsudoku.run import pool, registry

__all__ = ["Entry", "Waiting", "chunk_size", "outcomes"]

T = TypeVar("T")

READ_AHEAD = 1 << 14
"""Items a read-ahead thread may hold that have not been taken yet."""


@runtime_checkable
class Waiting(Protocol):
    """An iterable that can say whether its next item (or its end) is there already."""

    def waiting(self) -> bool:
        """Whether the next item, or the end, can be had without blocking."""
        ...


def chunk_size(engine: Engine) -> int:
    """How many lines go to a worker at a time (the fast engine gains on big batches).

    >>> chunk_size("fast"), chunk_size("reference")
    (4096, 8)
    """
    return 4096 if engine == "fast" else 8


WORKER_SLOTS = 4096
"""The fast engine's batch size in a worker: half a lone process's, so that two workers
hold about as much as one process (the slots' search stacks are most of the engine's
memory), for a few per cent of each worker's speed."""


def outcomes(
    entries: Iterable[Entry],
    solver: SolverName = "exclusives",
    *,
    engine: Engine = "reference",
    jobs: int = 1,
    max_nodes: int | None = None,
    on_decided: Callable[[int], object] | None = None,
    on_idle: Callable[[], object] | None = None,
    worker_setup: Callable[[], object] | None = None,
    on_fallback: Callable[[OSError], object] | None = None,
) -> Generator[tuple[Entry, Outcome], None, None]:
    """Each entry with its outcome, in input order, with ``jobs`` worker processes.

    The article's ``main`` over a batch. ``jobs=0`` is one worker per usable core
    (:func:`fsudoku.run.pool.worker_count`); an input too small to gain from workers
    (at most two batches of :func:`chunk_size` entries) is solved in this process.
    ``on_decided`` is told how many more entries are decided, as they are (in the
    workers too: a progress bar's count). ``on_idle`` is called whenever what was
    yielded so far is all there is for now: before a read that may block, a wait for
    the workers, and the engine's computing (a caller that buffers its output flushes
    it then). ``worker_setup`` runs first in each worker. When the workers cannot be
    started (no process or descriptor left), the entries are solved here and
    ``on_fallback`` is told why (by default, a ``RuntimeWarning``).

    Raises :class:`~fsudoku.base.validate.UnknownName` for an unknown solver or engine,
    ``TypeError``/``ValueError`` for a bad ``max_nodes`` or ``jobs``, and ``TypeError``
    for ``entries`` that are not an iterable of :class:`Entry` (an item when it is
    reached).
    """
    record = registry.record(solver)
    chosen = registry.check_engine(engine, record.solver)
    bound = validate.bound(max_nodes)
    workers = pool.worker_count(jobs)
    items = _checked(validate.iterable(entries, "entries", "Entry"))
    hooks = (on_decided, on_idle, worker_setup, on_fallback)
    return _outcomes(items, entries, record.solver, chosen, bound, workers, *hooks)


def _outcomes(
    items: Iterator[Entry],
    source: object,
    solver: SolverName,
    engine: Engine,
    max_nodes: int | None,
    jobs: int,
    on_decided: Callable[[int], object] | None = None,
    on_idle: Callable[[], object] | None = None,
    worker_setup: Callable[[], object] | None = None,
    on_fallback: Callable[[OSError], object] | None = None,
) -> Generator[tuple[Entry, Outcome], None, None]:
    """:func:`outcomes`, its arguments trusted.

    ``items`` are the entries, ``source`` the iterable they come from (which may say what is
    waiting).
    """
    run = _Run(solver, engine, max_nodes, on_decided, on_idle, worker_setup, on_fallback)
    if isinstance(source, Waiting):
        return run.outcomes(items, source.waiting, jobs)
    if isinstance(source, Sequence) or (engine == "reference" and jobs == 1):
        return run.outcomes(items, _always, jobs)  # one line at a time: nothing to wait for
    ahead = ReadAhead(items)
    return ahead.closing(run.outcomes(ahead, ahead.waiting, jobs))


def _always() -> bool:
    return True


def _checked(items: Iterator[object]) -> Iterator[Entry]:
    """The items, each checked to be an :class:`Entry` with a ``str`` text when reached."""
    for number, item in enumerate(items, 1):
        if not isinstance(item, Entry):
            raise TypeError(f"entries item {number} must be an Entry, not {type(item).__name__}")
        validate.line(item.text, f"entries item {number}'s text")
        yield item


class ReadAhead(Iterator[T]):
    """The items of an iterator, read ahead by a thread.

    Whether the next one is there already is then known (:meth:`waiting`); at most
    :data:`READ_AHEAD` are held. An exception of the iterator is raised where its item would
    have been.
    """

    def __init__(self, items: Iterator[T]) -> None:
        self._items = items
        self._queue: SimpleQueue[tuple[bool, object]] = SimpleQueue()
        self._room = threading.BoundedSemaphore(READ_AHEAD)
        self._stop = threading.Event()
        self._ended = False
        self._thread = threading.Thread(target=self._read, name="fsudoku-read-ahead", daemon=True)
        self._thread.start()

    def _read(self) -> None:
        try:
            for item in self._items:
                while not self._room.acquire(timeout=0.1):
                    if self._stop.is_set():
                        return
                if self._stop.is_set():
                    return
                self._queue.put((True, item))
        except BaseException as error:  # given to the reader in the item's place
            self._queue.put((False, error))
            return
        self._queue.put((False, None))

    def __next__(self) -> T:
        if self._ended:
            raise StopIteration
        ok, value = self._queue.get()
        if ok:
            self._room.release()
            return value  # type: ignore[return-value]
        self._ended = True
        if value is None:
            raise StopIteration
        raise value  # type: ignore[misc]

    def waiting(self) -> bool:
        """Whether the next item (or the end) has been read already."""
        return self._ended or not self._queue.empty()

    def close(self) -> None:
        """Stop reading ahead (the thread ends at its next item)."""
        self._stop.set()

    def closing(
        self, results: Iterator[tuple[Entry, Outcome]]
    ) -> Generator[tuple[Entry, Outcome], None, None]:
        """``results``, with the reading stopped when they end or are closed."""
        try:
            yield from results
        finally:
            self.close()


@dataclass(frozen=True)
class _Run:
    """How the outcomes of one call of :func:`outcomes` are made."""

    solver: SolverName
    engine: Engine
    max_nodes: int | None
    on_decided: Callable[[int], object] | None
    on_idle: Callable[[], object] | None
    worker_setup: Callable[[], object] | None
    on_fallback: Callable[[OSError], object] | None

    def idle(self) -> None:
        if self.on_idle is not None:
            self.on_idle()

    def solve(
        self, texts: Iterable[str], on_decided: Callable[[int], object] | None, slots: int = 0
    ) -> Iterator[Outcome]:
        """The outcomes of lines, in order, on this run's engine.

        By default the fast engine's batch of ``slots``, its own.
        """
        if self.engine == "fast":
            from fsudoku import fast  # NumPy is loaded only when the fast engine is asked for

            found = fast._solve_lines(
                texts,
                self.solver,  # type: ignore[arg-type]  # a Sarkar rule: check_engine said so
                self.max_nodes,
                slots or fast.DEFAULT_CHUNK,
                on_decided,
                self.on_idle,
            )
            return map(registry.outcome_of, found)
        return self._reference(texts, on_decided)

    def _reference(
        self, texts: Iterable[str], on_decided: Callable[[int], object] | None
    ) -> Iterator[Outcome]:
        run = registry.REGISTRY[self.solver].run
        for text in texts:
            outcome = run(text, self.max_nodes)
            if on_decided is not None:
                on_decided(1)
            yield outcome
            self.idle()  # one line at a time: the next one is computed now

    def worker_solve(
        self, texts: Iterable[str], on_decided: Callable[[int], object]
    ) -> Iterator[Outcome]:
        """What a worker runs on its lines.

        The fast engine with :data:`WORKER_SLOTS`, and none of the parent's hooks (a worker
        has no output of its own to flush).
        """
        return replace(self, on_idle=None).solve(texts, on_decided, WORKER_SLOTS)

    def outcomes(
        self, entries: Iterator[Entry], waiting: Callable[[], bool], jobs: int
    ) -> Generator[tuple[Entry, Outcome], None, None]:
        """Each entry with its outcome.

        Solved here until the input proves big enough for the workers, then in them.
        """
        if jobs <= 1:
            yield from self.in_process(entries, waiting)
            return
        enough = 2 * chunk_size(self.engine)
        while True:
            if not waiting():
                self.idle()
            chunk = _take(entries, enough, waiting)
            if not chunk:
                return
            if len(chunk) == enough and waiting():
                more = next(entries, None)
                if more is not None:
                    chunk.append(more)
                    yield from self.in_workers(chunk, entries, waiting, jobs)
                    return
            yield from self.in_process(iter(chunk), _always)

    def in_process(
        self, entries: Iterator[Entry], waiting: Callable[[], bool]
    ) -> Iterator[tuple[Entry, Outcome]]:
        """Each entry with its outcome, solved here.

        The entries that are waiting go to the engine together, and when none is waiting the
        engine finishes what it has.
        """
        while True:
            if not waiting():
                self.idle()  # the next read may block
            first = next(entries, None)
            if first is None:
                return
            read: deque[Entry] = deque([first])
            texts = _texts(first, entries, waiting, read)
            for outcome in self.solve(texts, self.on_decided):
                yield read.popleft(), outcome

    def in_workers(
        self, first: list[Entry], entries: Iterator[Entry], waiting: Callable[[], bool], jobs: int
    ) -> Iterator[tuple[Entry, Outcome]]:
        """Each entry with its outcome, solved by ``jobs`` workers, in input order.

        Solved here if the workers cannot be started.
        """
        try:
            workers = pool.Pool(jobs, self.worker_solve, self.worker_setup, self.on_decided)
        except OSError as error:
            self._fall_back(error)
            yield from self.in_process(iter(first), _always)
            yield from self.in_process(entries, waiting)
            return
        try:
            yield from _ordered(
                workers, first, entries, waiting, chunk_size(self.engine), self.idle
            )
            workers.close()
        finally:
            workers.kill()

    def _fall_back(self, error: OSError) -> None:
        if self.on_fallback is not None:
            self.on_fallback(error)
            return
        import warnings

        warnings.warn(
            f"fsudoku: worker processes could not be started ({error}); solving in this process",
            RuntimeWarning,
            stacklevel=4,
        )


def _ordered(
    workers: pool.Pool,
    first: list[Entry],
    entries: Iterator[Entry],
    waiting: Callable[[], bool],
    size: int,
    idle: Callable[[], None],
) -> Iterator[tuple[Entry, Outcome]]:
    """The workers' outcomes of the entries, in input order.

    Batches are sent while there is room (at most :data:`~fsudoku.run.pool.IN_FLIGHT` per
    worker) and input waiting; before the parent waits, every worker is told to flush.
    """
    window = pool.IN_FLIGHT * len(workers.workers)
    sent: deque[list[Entry]] = deque()

    def submit(chunk: list[Entry]) -> None:
        sent.append(chunk)
        workers.submit([e.text for e in chunk])

    for start in range(0, len(first), size):
        submit(first[start : start + size])
    exhausted = False
    while sent or not exhausted:
        while not exhausted and len(sent) < window and (not sent or waiting()):
            if not sent and not waiting():
                idle()  # nothing in flight: this read may block
            chunk = _take(entries, size, waiting)
            if not chunk:
                exhausted = True
                break
            submit(chunk)
        _wait_for_answers(workers, exhausted, len(sent) >= window or not waiting(), idle)
        while (answered := workers.next_answers()) is not None:
            yield from zip(sent.popleft(), answered[1], strict=True)


def _wait_for_answers(
    workers: pool.Pool, exhausted: bool, must_wait: bool, idle: Callable[[], None]
) -> None:
    """Take in what the workers sent.

    Waiting for it (after a flush) when the input is over or nothing more may be read now,
    else only what is there already.
    """
    if not workers.order or workers.order[0] in workers.answers:
        return
    if exhausted or must_wait:
        workers.flush(final=exhausted)
        idle()
        workers.receive(block=True)
    else:
        workers.receive(block=False)


def _texts(
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
    for entry in islice(entries, size):
        chunk.append(entry)
        if len(chunk) == size or not waiting():
            break
    return chunk
