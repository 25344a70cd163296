"""When the lines given to the library fail part-way (a file that goes away, a line that
does not decode), nothing read before is lost: the outcome of every line read before the
failure is yielded, in order, and then the failure itself, the same exception object,
goes on. For each engine and worker count, and however the input says what is waiting:
a plain generator (read ahead by a thread) or an iterator with ``waiting()``, which
keeps the workers and the fast engine's batches full."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from support import QUICK

import fsudoku
from fsudoku.base.names import Engine
from fsudoku.base.outcome import Outcome
from fsudoku.pe96.formats import Entry
from fsudoku.run import batch, registry
from fsudoku.testing.strategies import SAMPLE_SOLUTION

KINDS = [QUICK, SAMPLE_SOLUTION, "not a puzzle", "11" + SAMPLE_SOLUTION[2:]]
"""Lines that cost little on any engine: solved, already solved, invalid, a clash."""

COUNT: dict[tuple[Engine, int], int] = {
    ("reference", 1): 60,
    ("reference", 2): 60,
    ("fast", 1): 300,
    ("fast", 2): 8_400,
}
"""Lines before the failure: with ``jobs=2``, more than two of the workers' batches
(``batch.chunk_size``: 8 and 4,096), so that the workers solve them; in one process,
fewer than the fast engine's batch, which it reads before it answers."""


class Gone(Exception):
    """The input's failure."""


class Waiting(Iterator[str]):
    """Lines that are all waiting (``waiting()``), then a failure."""

    def __init__(self, lines: list[str], error: BaseException) -> None:
        self.lines, self.error = iter(lines), error

    def __next__(self) -> str:
        for line in self.lines:
            return line
        raise self.error

    def waiting(self) -> bool:
        return True


def generator(lines: list[str], error: BaseException) -> Iterator[str]:
    yield from lines
    raise error


ANSWERS = [registry.solve_line("exclusives", line) for line in KINDS]


def expected(count: int) -> list[Outcome]:
    return [ANSWERS[n % len(KINDS)] for n in range(count)]


@pytest.mark.parametrize("kind", ["generator", "waiting"])
@pytest.mark.parametrize("jobs", [1, 2])
@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_every_outcome_before_the_failure_then_the_failure(
    engine: Engine, jobs: int, kind: str
) -> None:
    lines = [KINDS[n % len(KINDS)] for n in range(COUNT[engine, jobs])]
    error = Gone("the disk went away")
    source = generator(lines, error) if kind == "generator" else Waiting(lines, error)
    got: list[Outcome] = []
    with pytest.raises(Gone) as raised:
        got.extend(fsudoku.solve_many(source, engine=engine, jobs=jobs))
    assert raised.value is error
    assert len(got) == len(lines)
    assert got == expected(len(lines))
    assert {o.engine for o in got} == {engine}


@pytest.mark.parametrize("jobs", [1, 2])
def test_the_default_engine_and_the_batch_lose_nothing_either(jobs: int) -> None:
    error = Gone("a line that does not decode")
    lines = [KINDS[n % len(KINDS)] for n in range(40)]
    got: list[Outcome] = []
    with pytest.raises(Gone) as raised:
        got.extend(fsudoku.solve_many(generator(lines, error), "dlx", jobs=jobs))
    assert raised.value is error and len(got) == len(lines)
    entries = (Entry(line, str(n)) for n, line in enumerate(generator(lines, error)))
    pairs: list[tuple[Entry, Outcome]] = []
    with pytest.raises(Gone) as raised:
        pairs.extend(batch.outcomes(entries, jobs=jobs))
    assert raised.value is error
    assert [int(e.label) for e, _ in pairs] == list(range(len(lines)))
    assert [o for _, o in pairs] == expected(len(lines))


def test_a_line_that_is_not_a_str_fails_after_the_lines_before_it() -> None:
    got: list[Outcome] = []
    with pytest.raises(TypeError, match="lines item 4 must be a str"):
        got.extend(fsudoku.solve_many([*KINDS[:3], b"bytes"], engine="fast"))  # type: ignore[list-item]
    assert got == expected(3)


def test_an_interrupt_is_not_held_back() -> None:
    # Ctrl-C in the caller's iterable goes on at once: it is not an error of the input
    stop = KeyboardInterrupt()
    got: list[Outcome] = []
    with pytest.raises(KeyboardInterrupt) as raised:
        got.extend(fsudoku.solve_many(generator(KINDS * 3, stop), engine="reference"))
    assert raised.value is stop and len(got) == len(KINDS) * 3
