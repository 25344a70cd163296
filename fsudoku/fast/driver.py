"""The batch search driver: many depth-first searches advanced together.

Each *slot* of the batch runs one *job*: a depth-first search of Sarkar's ``solve``
with its own stack of pending ``grid2``s (the second branch of each ``nextGrids``)
in a ``(B, D, 81) uint16`` array. A step prunes one stage (the dirty units of its
next stage) of every busy slot's current grid, all at once
(:func:`fsudoku.fast.vector.prune_grid_once`). A slot whose grid settled or failed
has finished a node (a call of ``solve``): a failure pops its stack, a filled grid
is a solution, any other grid is split by ``nextGrids``: ``grid2`` is pushed and the
slot goes on with ``grid1``, whose only dirty units are the pivot's three. Slots do
not wait for each other: each one is at its own node and stage.

Work splitting. Search effort is heavy-tailed, so a batch soon holds a few long
searches and many idle slots. When no new puzzle may start, an idle slot takes the
*bottom* entry of a busy slot's stack as a new job. The bottom entry is the part of
that search the depth-first order reaches last, so a puzzle's jobs stay in a chain
in depth-first order (a new job goes right after the job it came from), and:

* the puzzle's answer is that of its first job (in that order) that finds a solution,
  or ``No solution found`` when all fail; jobs after a solving job are dropped;
* its node count is the sum of its failed jobs' counts before that job, plus that
  job's count: exactly the calls of ``solve`` the one depth-first search makes;
* with ``max_nodes``, each job stops after ``max_nodes`` nodes of its own, and the
  puzzle gives up when that sum would pass ``max_nodes`` (as the reference does when
  node ``max_nodes + 1`` would start), reporting ``max_nodes`` nodes.

Streaming: lines are read ``chunk_size`` at a time, and at most ``WINDOW * chunk_size``
puzzles are between being read and being yielded, so memory does not grow with the
input; results come out in input order.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import compress, islice, pairwise

import numpy as np
import numpy.typing as npt

from fsudoku.base.names import SarkarRule
from fsudoku.base.outcome import Found
from fsudoku.fast.dirty import ALL_DIRTY, DIRTY, PIVOT_DIRTY
from fsudoku.fast.vector import U16, next_grids, prune_grid_once

__all__ = ["Batch", "parse_lines", "resume", "solve_stream"]

Ints = npt.NDArray[np.intp]

_TABLE = np.zeros(256, dtype=np.uint16)  # byte -> mask; 0 for a byte that is no cell
_TABLE[ord(".")] = 0x1FF
for _d in range(1, 10):
    _TABLE[ord(str(_d))] = 1 << (_d - 1)
_DIGIT_CHAR = np.zeros(512, dtype=np.uint8)  # (512,) uint8: fixed cell's mask -> its digit
for _d in range(1, 10):
    _DIGIT_CHAR[1 << (_d - 1)] = ord(str(_d))


def parse_lines(lines: list[str]) -> tuple[npt.NDArray[np.bool_], U16]:
    """Read many lines at once: which are puzzles, and their grids ``(n, 81)``.

    The rows of the lines that are not puzzles are left zero.

    Haskell: ``readGrid :: String -> Maybe Grid`` (Sarkar #1, "Setting up"), per line.

    >>> valid, grids = parse_lines(["1" + "." * 80, "0" * 81, "12"])
    >>> valid.tolist(), grids[0, :2].tolist()
    ([True, False, False], [1, 511])
    """
    n = len(lines)
    grids = np.zeros((n, 81), dtype=np.uint16)  # (n, 81) uint16
    valid = np.zeros(n, dtype=np.bool_)  # (n,) bool
    sized = [i for i, s in enumerate(lines) if len(s) == 81 and s.isascii()]
    if sized:
        raw = np.frombuffer(
            "".join(lines[i] for i in sized).encode("ascii"), dtype=np.uint8
        )  # (k*81,)
        masks = _TABLE[raw.reshape(-1, 81)]  # (k, 81) uint16
        good = (masks != 0).all(axis=1)  # (k,) bool
        rows = np.array(sized, dtype=np.intp)  # (k,) intp
        grids[rows] = masks
        valid[rows] = good
    return valid, grids


def solution_strings(grids: U16) -> list[str]:
    """The 81-digit line of each filled grid."""
    text = _DIGIT_CHAR[grids].tobytes().decode("ascii")  # n*81 ASCII digits
    return [text[i : i + 81] for i in range(0, len(text), 81)]


@dataclass(slots=True, eq=False)
class _Puzzle:
    """A puzzle being solved: the chain of its jobs in depth-first order.

    The chain starts at ``head``, the first job not known to have failed.
    """

    index: int
    head: _Job | None = None
    failed_nodes: int = 0  # nodes of the failed jobs before head


@dataclass(slots=True, eq=False)
class _Job:
    """One depth-first search: a puzzle's whole search, or a part split off."""

    puzzle: _Puzzle
    slot: int = -1
    nodes: int = 0
    state: str = "running"  # running, failed, solved, exceeded
    solution: str | None = None
    next: _Job | None = None  # the job after it in depth-first order


class Batch:
    """A fixed number of slots running jobs (see the module docstring)."""

    def __init__(self, rule: SarkarRule, slots: int, max_nodes: int | None) -> None:
        self.rule = rule
        self.max_nodes = max_nodes
        self.size = slots
        self.cur = np.zeros((slots, 81), dtype=np.uint16)  # (B, 81) uint16: grid to solve next
        self.dirty = np.zeros(slots, dtype=DIRTY)  # (B,) <u8: dirty units (fsudoku.fast.dirty)
        self.stage = np.zeros(slots, dtype=np.intp)  # (B,) intp: 8 * the next stage to prune
        self.depth = 16
        self.stack = np.zeros((slots, self.depth, 81), dtype=np.uint16)  # (B, D, 81) uint16
        self.stack_pivot = np.zeros((slots, self.depth), dtype=np.intp)  # (B, D) intp
        self.base = np.zeros(slots, dtype=np.intp)  # (B,) intp: bottom of each stack
        self.top = np.zeros(slots, dtype=np.intp)  # (B,) intp: one past its top
        self.nodes = np.zeros(slots, dtype=np.int64)  # (B,) int64: nodes of the slot's job
        self.jobs: list[_Job | None] = [None] * slots
        self.free: list[int] = list(range(slots - 1, -1, -1))
        self.busy = np.zeros(slots, dtype=np.bool_)  # (B,) bool
        self.owner = np.zeros(slots, dtype=np.int64)  # (B,) int64: the job's puzzle index
        self.split_job = np.zeros(slots, dtype=np.bool_)  # (B,) bool: a job split off
        self.donated = np.zeros(slots, dtype=np.bool_)  # (B,) bool: a job that was split

    # -- slots -------------------------------------------------------------

    def start(self, owners: Ints, grids: U16, pivots: Ints, jobs: list[_Job] | None) -> None:
        """Put jobs of the puzzles ``owners`` (``(k,)``) into free slots.

        Each job gets its first grid (``(k, 81)``) and the pivot that made it (``(k,)``;
        ``-1``: a new puzzle, every unit dirty). ``jobs``: the jobs split off; ``None``:
        new puzzles, whose jobs are made when first needed (most are only ever solved).
        """
        k = owners.size
        slots = np.array(self.free[-k:], dtype=np.intp)  # (k,) intp
        del self.free[-k:]
        if jobs is not None:
            for job, slot in zip(jobs, slots.tolist(), strict=True):
                job.slot = slot
                self.jobs[slot] = job
        self.owner[slots] = owners
        self.split_job[slots] = jobs is not None
        self.donated[slots] = False
        self.cur[slots] = grids
        dirty = PIVOT_DIRTY[np.maximum(pivots, 0)]  # (k,) <u8
        dirty[pivots < 0] = ALL_DIRTY
        self.dirty[slots] = dirty
        self.stage[slots] = 0
        self.base[slots] = 0
        self.top[slots] = 0
        self.nodes[slots] = 0
        self.busy[slots] = True

    def stop(self, job: _Job) -> None:
        """Free a job's slot, keeping its node count on the job."""
        slot = job.slot
        if slot < 0:
            return
        job.nodes = int(self.nodes[slot])
        job.slot = -1
        self.jobs[slot] = None
        self.busy[slot] = False
        self.free.append(slot)

    def split(self, donors: Ints) -> tuple[U16, Ints]:
        """Take the bottom entry of each donor slot's stack: grids ``(k, 81)``, pivots."""
        b = self.base[donors]  # (k,) intp
        grids = self.stack[donors, b]  # (k, 81) uint16
        pivots = self.stack_pivot[donors, b]  # (k,) intp
        self.base[donors] = b + 1
        self.donated[donors] = True
        return grids, pivots

    def _make_room(self, slots: Ints) -> None:
        """Make room for one more entry on each of these slots' stacks.

        A stack is shifted down over the entries taken by splits, or the depth doubled.
        """
        for slot in slots[self.top[slots] >= self.depth].tolist():
            b, t = int(self.base[slot]), int(self.top[slot])
            if b:
                self.stack[slot, : t - b] = self.stack[slot, b:t]
                self.stack_pivot[slot, : t - b] = self.stack_pivot[slot, b:t]
                self.base[slot], self.top[slot] = 0, t - b
        if self.top[slots].max() >= self.depth:
            self._grow()

    def _grow(self) -> None:
        """Double the stack depth."""
        depth = self.depth * 2
        stack = np.zeros((self.size, depth, 81), dtype=np.uint16)  # (B, 2D, 81) uint16
        stack[:, : self.depth] = self.stack
        pivots = np.zeros((self.size, depth), dtype=np.intp)  # (B, 2D) intp
        pivots[:, : self.depth] = self.stack_pivot
        self.stack, self.stack_pivot, self.depth = stack, pivots, depth

    # -- one stage per busy slot -------------------------------------------

    def step(self) -> tuple[list[tuple[_Job, str, str | None]], list[tuple[int, Found]]]:
        """Advance every busy slot by one stage of pruning; finish the nodes that settled or failed.

        Returns the jobs that ended, how, and their solution; and the puzzles a solution
        of their only job decided (no split, no node bound), with their outcomes (those
        slots are free again).
        """
        ended: list[tuple[_Job, str, str | None]] = []
        lone: list[tuple[int, Found]] = []
        act = self.busy.nonzero()[0]  # (n,) intp: busy slots
        if not act.size:
            return ended, lone
        fail = prune_grid_once(
            self.cur, self.dirty, self.stage, act, self.rule, strict=False
        )  # (n,) bool
        done = fail | (self.dirty[act] == 0)  # (n,) bool: node finished
        if not done.any():
            return ended, lone
        finished = act[done]  # (f,) intp
        self.nodes[finished] += 1
        dead = finished[fail[done]]  # (x,) intp: pruning failed
        settled = finished[~fail[done]]  # (y,) intp
        pivot, first, rest = next_grids(self.cur[settled])  # (y,) intp, uint16, uint16
        filled = pivot < 0  # (y,) bool
        if filled.any():
            won = settled[filled]  # (w,) intp
            lines = solution_strings(self.cur[won])
            if self.max_nodes is None:
                only = ~(self.split_job[won] | self.donated[won])  # (w,) bool: a lone job
                alone = won[only]  # (a,) intp
                for index, line, nodes in zip(
                    self.owner[alone].tolist(),
                    compress(lines, only.tolist()),
                    self.nodes[alone].tolist(),
                    strict=True,
                ):
                    lone.append((index, Found(line, nodes)))
                # no job object was made for them (only splits and failures make one)
                self.busy[alone] = False
                self.free.extend(alone.tolist())
                won, lines = won[~only], list(compress(lines, (~only).tolist()))
            for slot, line in zip(won.tolist(), lines, strict=True):
                ended.append((self._job(slot), "solved", line))
        going = ~filled  # (y,) bool
        branch, p = settled[going], pivot[going]  # (b,) intp each
        first, rest = first[going], rest[going]  # (b,) uint16 each
        if self.max_nodes is not None:
            # a job that has had max_nodes nodes may not start another one
            out = self.nodes[branch] >= self.max_nodes  # (b,) bool
            late = (self.nodes[dead] >= self.max_nodes) & (self.top[dead] > self.base[dead])  # (x,)
            for slot in (*branch[out].tolist(), *dead[late].tolist()):
                ended.append((self._job(slot), "exceeded", None))
            branch, p, first, rest = branch[~out], p[~out], first[~out], rest[~out]  # (b',)
            dead = dead[~late]  # (x',) intp
        if branch.size:
            if self.top[branch].max() >= self.depth:
                self._make_room(branch)
            top = self.top[branch]  # (b,) intp
            self.cur[branch, p] = rest
            self.stack[branch, top] = self.cur[branch]
            self.stack_pivot[branch, top] = p
            self.top[branch] = top + 1
            self.cur[branch, p] = first
            self.dirty[branch] = PIVOT_DIRTY[p]
            self.stage[branch] = 0
        if dead.size:
            more = self.top[dead] > self.base[dead]  # (x,) bool
            pop = dead[more]  # (q,) intp
            if pop.size:
                top = self.top[pop] - 1  # (q,) intp
                self.top[pop] = top
                self.cur[pop] = self.stack[pop, top]
                self.dirty[pop] = PIVOT_DIRTY[self.stack_pivot[pop, top]]
                self.stage[pop] = 0
                empty = pop[top == self.base[pop]]  # (e,) intp
                self.top[empty] = 0
                self.base[empty] = 0
            for slot in dead[~more].tolist():
                ended.append((self._job(slot), "failed", None))
        return ended, lone

    def _job(self, slot: int) -> _Job:
        """The job running in a slot (a new puzzle's first job is made here)."""
        job = self.jobs[slot]
        if job is None:
            puzzle = _Puzzle(int(self.owner[slot]))
            job = puzzle.head = self.jobs[slot] = _Job(puzzle, slot)
        return job


SPLIT_MIN = 2
"""A search splits only once it has run this many nodes: most puzzles need fewer.

Splitting starts when at least half the slots are idle and no puzzle waits.
"""


def _resolve(puzzle: _Puzzle, max_nodes: int | None) -> Found | None:
    """What the puzzle's jobs found, once they decide it (``None``: not yet)."""
    job = puzzle.head
    while job is not None and job.state == "failed":
        puzzle.failed_nodes += job.nodes
        job = puzzle.head = job.next
    total = puzzle.failed_nodes
    if max_nodes is not None and total > max_nodes:
        return Found(None, max_nodes, True)
    if job is None:
        return Found(None, total)
    if job.state == "running":
        return None
    total += job.nodes
    if job.state == "exceeded" or (max_nodes is not None and total > max_nodes):
        assert max_nodes is not None
        return Found(None, max_nodes, True)
    assert job.state == "solved" and job.solution is not None
    return Found(job.solution, total)


def solve_stream(
    lines: Iterable[str],
    rule: SarkarRule,
    max_nodes: int | None,
    chunk_size: int,
    on_decided: Callable[[int], object] | None = None,
    on_idle: Callable[[], object] | None = None,
) -> Iterator[Found | None]:
    """What the search found for each line, in order (``None``: not a puzzle), by a :class:`Batch`.

    The batch has ``chunk_size`` slots. ``on_decided`` is told how many more puzzles are
    decided after each step (in any order: a puzzle is decided before the ones ahead of
    it can be yielded). ``on_idle`` is called before a step or a read, when something
    was yielded since its last call.
    """
    if chunk_size < 1:
        raise ValueError("chunk_size must be positive")
    stream = _Stream(lines, rule, max_nodes, chunk_size, on_decided, on_idle)
    while True:
        if stream.may_read():
            stream.read()
        stream.start()
        stream.split()
        stream.tell()
        yield from stream.decided()
        if stream.batch.busy.any():
            stream.step()
        elif stream.exhausted and not stream.pending:
            break
    yield from stream.decided()


def resume(grids: U16, nodes: int, rule: SarkarRule, max_nodes: int | None, slots: int) -> Found:
    """The rest of one puzzle's depth-first search, by a :class:`Batch`: what it finds.

    ``grids`` (``(k, 81)``) are the grids the search has still to go through, the next
    one first; ``nodes``, the nodes it has had. Each becomes a job, in that order (the
    order of a split puzzle's jobs), so that the answer and the node count are the
    search's; the batch has at least ``slots`` slots.
    """
    k = grids.shape[0]
    stream = _Stream(iter(()), rule, max_nodes, max(slots, k), None, None)
    stream.exhausted, stream.lines_read = True, 1
    puzzle = _Puzzle(0, failed_nodes=nodes)
    jobs = [_Job(puzzle) for _ in range(k)]
    for job, after in pairwise(jobs):
        job.next = after
    puzzle.head = jobs[0]
    stream.batch.start(np.zeros(k, dtype=np.intp), grids, np.full(k, -1, dtype=np.intp), jobs)
    while 0 not in stream.done:
        stream.split()
        stream.step()
    found = stream.done[0]
    assert found is not None  # a puzzle
    return found


WINDOW = 8
"""At most ``WINDOW * chunk_size`` puzzles are between being read and being yielded."""


class _Stream:
    """The state of one :func:`solve_stream`: the puzzles read, waiting, decided and yielded."""

    def __init__(
        self,
        lines: Iterable[str],
        rule: SarkarRule,
        max_nodes: int | None,
        chunk_size: int,
        on_decided: Callable[[int], object] | None,
        on_idle: Callable[[], object] | None,
    ) -> None:
        self.batch = Batch(rule, chunk_size, max_nodes)
        self.source = iter(lines)
        self.max_nodes = max_nodes
        self.chunk_size = chunk_size
        self.window = WINDOW * chunk_size
        self.on_decided = on_decided
        self.on_idle = on_idle
        self.pending: deque[tuple[Ints, U16]] = deque()  # read puzzles not started yet, by chunk
        self.waiting = 0  # puzzles in pending
        self.done: dict[int, Found | None] = {}
        self.lines_read = 0
        self.emit = 0  # next index to yield
        self.told = 0  # puzzles on_decided was told of
        self.fresh = False  # something was yielded since on_idle was last called
        self.exhausted = False

    def may_read(self) -> bool:
        """Whether to read a chunk: the queue runs low and the window has room."""
        return (
            not self.exhausted
            and self.waiting < self.chunk_size
            and self.lines_read - self.emit < self.window
        )

    def idle(self) -> None:
        """Call ``on_idle`` if something was yielded since its last call."""
        if self.fresh and self.on_idle is not None:
            self.on_idle()
            self.fresh = False

    def read(self) -> None:
        """Read a chunk of lines: the lines that are not puzzles are decided at once."""
        self.idle()
        chunk = list(islice(self.source, self.chunk_size))
        if not chunk:
            self.exhausted = True
        valid, grids = parse_lines(chunk)  # (k,) bool, (k, 81) uint16
        for i in np.flatnonzero(~valid).tolist():
            self.done[self.lines_read + i] = None
        good = np.flatnonzero(valid)  # (g,) intp
        if good.size:
            self.pending.append((good + self.lines_read, grids[good]))
            self.waiting += good.size
        self.lines_read += len(chunk)

    def start(self) -> None:
        """Start waiting puzzles in the free slots, in input order."""
        batch, pending = self.batch, self.pending
        while batch.free and pending:
            indexes, grids = pending.popleft()
            k = min(len(batch.free), indexes.size)
            if k < indexes.size:
                pending.appendleft((indexes[k:], grids[k:]))
            self.waiting -= k
            batch.start(indexes[:k], grids[:k], np.full(k, -1, dtype=np.intp), None)

    def split(self) -> None:
        """With no new puzzle to start, split the oldest long searches into the free slots."""
        if 2 * len(self.batch.free) >= self.batch.size and not self.pending:
            _split(self.batch)

    def tell(self) -> None:
        """Tell ``on_decided`` how many more puzzles are decided."""
        decided = self.emit + len(self.done)
        if self.on_decided is not None and decided > self.told:
            self.on_decided(decided - self.told)
            self.told = decided

    def decided(self) -> Iterator[Found | None]:
        """Yield what is decided, in input order, up to the first puzzle still open."""
        while self.emit in self.done:
            yield self.done.pop(self.emit)
            self.emit += 1
            self.fresh = True

    def step(self) -> None:
        """Advance the batch by one stage, and settle the jobs that ended."""
        self.idle()
        ended, lone = self.batch.step()
        self.done.update(lone)
        for job, state, solution in ended:
            self.end(job, state, solution)

    def end(self, job: _Job, state: str, solution: str | None) -> None:
        """Record how a job ended, and decide its puzzle when its jobs now can."""
        self.batch.stop(job)
        puzzle = job.puzzle
        if job.state != "running" or puzzle.index in self.done:
            return  # its puzzle was decided already
        if state == "solved" and job.next is None and puzzle.head is job and self.max_nodes is None:
            job.state = "dropped"  # the common case: the puzzle's only job left solved it
            self.done[puzzle.index] = Found(solution, puzzle.failed_nodes + job.nodes)
            return
        job.state = state
        job.solution = solution
        if state == "solved":  # jobs after it cannot matter any more
            later, job.next = job.next, None
            self.drop(later)
        outcome = _resolve(puzzle, self.max_nodes)
        if outcome is not None:
            self.drop(puzzle.head)
            self.done[puzzle.index] = outcome

    def drop(self, job: _Job | None) -> None:
        """Stop a job and the jobs after it in its chain: they cannot matter any more."""
        while job is not None:
            self.batch.stop(job)
            job.state = "dropped"
            job = job.next


def _split(batch: Batch) -> None:
    """Move the bottom stack entries of the oldest long searches into free slots."""
    slots = np.flatnonzero(
        batch.busy & (batch.top > batch.base) & (batch.split_job | (batch.nodes >= SPLIT_MIN))
    )  # (d,) intp: possible donors
    if not slots.size:
        return
    order = np.lexsort((batch.base[slots] - batch.top[slots], batch.owner[slots]))  # (d,) intp
    donors = slots[order[: len(batch.free)]]  # (k,) intp: oldest puzzles, deepest stacks first
    grids, pivots = batch.split(donors)  # (k, 81) uint16, (k,) intp
    jobs = []
    for slot in donors.tolist():
        donor = batch._job(slot)
        job = _Job(donor.puzzle, next=donor.next)
        donor.next = job
        jobs.append(job)
    batch.start(batch.owner[donors], grids, pivots, jobs)
