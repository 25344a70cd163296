"""The outcomes of many puzzles, in input order, in this process or in worker processes.

:func:`outcomes` is the library's batch: every entry gets exactly one outcome, in input
order, with any number of workers; memory is bounded whatever the input; and it
streams with bounded latency: the entries that are *waiting* (can be had without
blocking) are solved together, and when none is waiting every entry taken so far is
answered before the next one is asked for, so a pipe fed one line at a time gets each
answer at once. An iterable says what is waiting with a ``waiting()`` method (the
command line's reader does); a list or a tuple is all waiting; any other iterable is
read ahead by a thread that keeps what it has read, so its ``waiting()`` is known.
Nothing read is lost: when the entries' iterator raises, the outcome of every entry
read before it is yielded first (from this process and from the workers), then the
exception, the same object, goes on.

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
from functools import partial
from itertools import islice
from queue import SimpleQueue
from typing import Protocol, TypeVar, runtime_checkable

from fsudoku.base import validate
from fsudoku.base.names import Engine, EngineChoice, SolverName, is_sarkar_rule
from fsudoku.base.outcome import Outcome
from fsudoku.pe96.formats import Entry
from fsudoku.run import pool, registry

__all__ = ["Batch", "Entry", "ReadAhead", "Waiting", "chunk_size", "outcomes"]

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
    engine: EngineChoice = "auto",
    jobs: int = 1,
    max_nodes: int | None = None,
    on_decided: Callable[[int], object] | None = None,
    on_idle: Callable[[], object] | None = None,
    worker_setup: Callable[[], object] | None = None,
    on_fallback: Callable[[OSError], object] | None = None,
) -> Generator[tuple[Entry, Outcome], None, None]:
    """Each entry with its outcome, in input order, with ``jobs`` worker processes.

    The article's ``main`` over a batch. ``engine="auto"`` is the solver's fastest engine
    (:meth:`~fsudoku.run.registry.SolverRecord.choose`). ``jobs=0`` is one worker per
    usable core (:func:`fsudoku.run.pool.worker_count`); an input too small to gain
    from workers (at most two batches of :func:`chunk_size` entries) is solved in this
    process. ``on_decided`` is told how many more entries are decided, as they are (in
    the workers too: a progress bar's count). ``on_idle`` is called whenever what was
    yielded so far is all there is for now: before a read that may block, a wait for
    the workers, and the engine's computing (a caller that buffers its output flushes
    it then). ``worker_setup`` runs first in each worker. When the workers cannot be
    started (no process or descriptor left), the entries are solved here and
    ``on_fallback`` is told why (by default, a ``RuntimeWarning``).

    Raises :class:`~fsudoku.base.validate.UnknownName` for an unknown solver or engine,
    ``TypeError``/``ValueError`` for a bad ``max_nodes`` or ``jobs``, and ``TypeError``
    for ``entries`` that are not an iterable of :class:`Entry` (an item when it is
    reached, after the outcomes of the items before it).
    """
    checked = validate.options(solver, engine, max_nodes, jobs=jobs)
    run = Batch.of(checked, on_decided, on_idle, worker_setup, on_fallback)
    workers = pool.worker_count(checked.jobs)
    items = _checked(validate.iterable(entries, "entries", "Entry"))
    return run.outcomes(items, workers, source=entries)


def _always() -> bool:
    return True


def _checked(items: Iterator[object]) -> Iterator[Entry]:
    """The items, each checked to be an :class:`Entry` with a ``str`` text when reached."""
    for number, item in enumerate(items, 1):
        if not isinstance(item, Entry):
            raise TypeError(f"entries item {number} must be an Entry, not {type(item).__name__}")
        validate.line(item.text, f"entries item {number}'s text")
        yield item


def _until_error(items: Iterator[T], error: list[Exception]) -> Iterator[T]:
    """The items, ended by the exception of the iterator, which goes into ``error``.

    An interrupt (``KeyboardInterrupt``, ``SystemExit``) is not held.
    """
    try:
        yield from items
    except Exception as failed:  # raised once what was read before it is answered
        error.append(failed)


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
        pool.block_signals()  # Ctrl-C goes to the thread that decides, not to this one
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


@dataclass(frozen=True)
class Batch:
    """How the lines of a batch are solved: the solver, the engine that answers, the bound, the hooks.

    The hooks are :func:`outcomes`' own. Nothing is checked: :func:`outcomes` and the
    top level check what they are given, then make a ``Batch`` of it (:meth:`of`).

    >>> [o.nodes for o in Batch("simple", "reference").solve(["1" * 81, "x"])]
    [1, 0]
    """

    solver: SolverName
    engine: Engine = "reference"
    max_nodes: int | None = None
    on_decided: Callable[[int], object] | None = None
    on_idle: Callable[[], object] | None = None
    worker_setup: Callable[[], object] | None = None
    on_fallback: Callable[[OSError], object] | None = None

    @classmethod
    def of(cls, options: validate.Options, *hooks: Callable[..., object] | None) -> Batch:
        """The batch of checked options (``auto``: the solver's fastest engine), and these hooks."""
        chosen = registry.REGISTRY[options.solver].choose(options.engine)
        return cls(options.solver, chosen, options.max_nodes, *hooks)

    def idle(self) -> None:
        """Tell the caller that what was yielded is all there is for now (``on_idle``)."""
        if self.on_idle is not None:
            self.on_idle()

    def solve(
        self,
        texts: Iterable[str],
        on_decided: Callable[[int], object] | None = None,
        slots: int = 0,
    ) -> Iterator[Outcome]:
        """The outcomes of lines, in order, in this process, on this batch's engine.

        The fast engine runs ``slots`` searches at a time (by default its own number).
        """
        solver = self.solver
        if self.engine == "fast" and is_sarkar_rule(solver):
            from fsudoku import fast  # NumPy is loaded only when the fast engine is asked for

            found = fast.solve_lines(
                texts,
                solver,
                max_nodes=self.max_nodes,
                chunk_size=slots or fast.DEFAULT_CHUNK,
                on_decided=on_decided,
                on_idle=self.on_idle,
            )
            return map(partial(registry.outcome_of, engine="fast"), found)
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
        self, entries: Iterable[Entry], jobs: int = 1, source: object = None
    ) -> Generator[tuple[Entry, Outcome], None, None]:
        """Each entry with its outcome, in input order, with ``jobs`` workers (``1``: none).

        ``source`` is the iterable the entries are read from when it is not ``entries``
        itself: what says whether more is waiting (:class:`Waiting`, a sequence). When the
        entries' iterator raises, every entry read before is answered first.
        """
        items: Iterator[Entry] = iter(entries)
        source = entries if source is None else source
        ahead: ReadAhead[Entry] | None = None
        if isinstance(source, Waiting):
            waiting = source.waiting
        elif isinstance(source, Sequence) or (self.engine == "reference" and jobs <= 1):
            waiting = _always  # one line at a time, or all there: nothing to wait for
        else:
            items = ahead = ReadAhead(items)
            waiting = ahead.waiting
        error: list[Exception] = []
        try:
            yield from self._outcomes(
                _until_error(items, error), lambda: bool(error) or waiting(), jobs
            )
        finally:
            if ahead is not None:
                ahead.close()
        if error:
            raise error[0]

    def _outcomes(
        self, entries: Iterator[Entry], waiting: Callable[[], bool], jobs: int
    ) -> Iterator[tuple[Entry, Outcome]]:
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

        Solved here if the workers cannot be started. However this ends (a Ctrl-C in the
        cleanup included), every worker is killed and reaped.
        """
        workers = pool.Pool(self.worker_solve, self.worker_setup, self.on_decided)
        try:
            try:
                workers.start(jobs)
            except OSError as error:
                self._fall_back(error)
                yield from self.in_process(iter(first), _always)
                yield from self.in_process(entries, waiting)
                return
            yield from _ordered(
                workers, first, entries, waiting, chunk_size(self.engine), self.idle
            )
            workers.close()
        finally:
            try:
                workers.kill()
            except KeyboardInterrupt:  # one that landed before kill's own guard: again
                workers.kill()
                raise

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
