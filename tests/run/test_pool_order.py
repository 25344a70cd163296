"""The worker pool (:class:`fsudoku.run.pool.Pool`): answers in input order, and the
batches of a worker that dies solved by the parent.

The workers run a solver of this file, which answers a line at once, except the line
``WAIT`` (it waits for a byte on a pipe the test holds) and, in a worker, the line
``DIE`` (the worker ends at once, as a crash would). So the order of events is the
test's to choose, with no timing: a later batch is answered while an earlier one waits,
and a worker dies with batches in hand.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator

import pytest

import fsudoku
from fsudoku.base.outcome import Outcome
from fsudoku.run.pool import Pool
from fsudoku.testing.strategies import SAMPLE_PUZZLE

pytestmark = pytest.mark.skipif(not hasattr(os, "fork"), reason="the workers are forked")

WAIT, DIE = "WAIT", "DIE"
PARENT = os.getpid()
MOST_MESSAGES = 50
"""More replies than any of these tests needs: a test that has not seen its answers by
then fails instead of waiting for ever."""


def batch_solver(
    gate: int,
) -> Callable[[Iterable[str], Callable[[int], object]], Iterator[Outcome]]:
    """The workers' solver: ``WAIT`` reads a byte from ``gate`` first, ``DIE`` ends a
    worker (in the parent it is a line like any other)."""

    def solve(lines: Iterable[str], on_decided: Callable[[int], object]) -> Iterator[Outcome]:
        for line in lines:
            if line == WAIT:
                os.read(gate, 1)
            if line == DIE and os.getpid() != PARENT:
                os._exit(1)
            yield fsudoku.solve(line)

    return solve


def expected(batch: list[str]) -> list[Outcome]:
    return [fsudoku.solve(line) for line in batch]


def answers(pool: Pool, count: int) -> list[tuple[list[str], list[Outcome]]]:
    """The next ``count`` batches the pool gives, waiting for the workers as needed."""
    got: list[tuple[list[str], list[Outcome]]] = []
    for _ in range(MOST_MESSAGES):
        while len(got) < count and (answered := pool.next_answers()) is not None:
            got.append(answered)
        if len(got) == count:
            return got
        pool.receive(block=True)
    raise AssertionError(f"{len(got)} batches of {count} after {MOST_MESSAGES} replies")


@pytest.fixture
def gate() -> Iterator[tuple[int, int]]:
    read, write = os.pipe()
    yield read, write
    os.close(read)
    os.close(write)


def test_a_later_batch_answered_first_waits_for_the_earlier_one(gate: tuple[int, int]) -> None:
    read, write = gate
    first, second = [WAIT, SAMPLE_PUZZLE], ["not a puzzle", "1" * 81]
    pool = Pool(batch_solver(read))
    pool.start(2)
    try:
        pool.submit(first)  # to one worker, which waits
        pool.submit(second)  # to the other
        pool.flush(final=False)
        pool.receive(block=True)  # the second batch's answers: the first is waiting
        assert pool.next_answers() is None, "a later batch was given before an earlier one"
        os.write(write, b"x")
        got = answers(pool, 2)
        pool.close()
    finally:
        pool.kill()
    assert got == [(first, expected(first)), (second, expected(second))]


def test_the_batches_of_a_worker_that_dies_are_solved_by_the_parent(gate: tuple[int, int]) -> None:
    read, _ = gate
    batches = [[SAMPLE_PUZZLE, DIE], ["x"], ["1" * 81, DIE, SAMPLE_PUZZLE], [SAMPLE_PUZZLE]]
    pool = Pool(batch_solver(read))
    pool.start(2)
    try:
        for batch in batches:
            pool.submit(batch)
        pool.flush(final=True)
        got = answers(pool, len(batches))
    finally:
        pool.kill()
    assert got == [(batch, expected(batch)) for batch in batches]


def test_a_worker_that_dies_while_another_waits_loses_nothing(gate: tuple[int, int]) -> None:
    # the dying worker's batch comes after the waiting one's: both come, in order
    read, write = gate
    batches = [[WAIT, "1" * 81], [DIE, SAMPLE_PUZZLE], ["y"]]
    pool = Pool(batch_solver(read))
    pool.start(2)
    try:
        for batch in batches:
            pool.submit(batch)
        pool.flush(final=False)
        pool.receive(block=True)  # the death: its batch is solved here
        assert pool.next_answers() is None, "a later batch was given before an earlier one"
        os.write(write, b"x")
        pool.flush(final=True)
        got = answers(pool, len(batches))
    finally:
        pool.kill()
    assert got == [(batch, expected(batch)) for batch in batches]
