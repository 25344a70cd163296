"""The library's batch: outcomes in input order, the progress hooks, streaming, and the
bounded line reader."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from fsudoku.base.names import Engine
from fsudoku.pe96.formats import MAX_LINE, Entry
from fsudoku.run import batch
from fsudoku.run.sources import Lines
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION


def haskell_lines(data: bytes) -> list[bytes]:
    """The lines Haskell's ``lines`` sees (split on \\n; no empty last line)."""
    if not data:
        return []
    return data.removesuffix(b"\n").split(b"\n")


def test_progress_is_told_by_the_engine_when_the_engine_can_tell(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # a batch engine decides puzzles out of order and yields them in order: the bar
    # follows what it decides (an ``on_decided`` hook), not what it has yielded so far
    from collections.abc import Callable, Iterable

    from fsudoku import fast
    from fsudoku.base.outcome import Found

    told: list[tuple[str, int]] = []

    def engine(
        puzzles: Iterable[str],
        solver: str = "exclusives",
        *,
        max_nodes: int | None = None,
        chunk_size: int = fast.DEFAULT_CHUNK,
        on_decided: Callable[[int], object] | None = None,
        on_idle: Callable[[], object] | None = None,
    ) -> Iterator[Found | None]:
        lines = list(puzzles)
        assert on_decided is not None
        on_decided(len(lines))  # all decided at once, before the first is yielded
        told.append(("decided", len(lines)))
        for _ in lines:
            told.append(("yield", 1))
            yield Found(None, 1)

    monkeypatch.setattr(fast, "solve_lines", engine)
    entries = [Entry(SAMPLE_PUZZLE, str(n)) for n in range(3)]
    seen: list[int] = []
    results = list(batch.outcomes(entries, "exclusives", engine="fast", on_decided=seen.append))
    assert [o.status for _, o in results] == ["no_solution"] * 3
    assert seen == [3]  # from the engine, once, not once per yielded outcome
    assert told[0] == ("decided", 3)
    # the reference engine has no such hook: one call per outcome, as it is yielded
    seen.clear()
    list(batch.outcomes(entries[:2], "exclusives", engine="reference", on_decided=seen.append))
    assert seen == [1, 1]


def test_the_fast_engine_tells_what_it_decides_ahead_of_what_it_yields() -> None:
    # a puzzle with a long search first, then easy ones: they are decided (and the bar
    # told) while the first still searches; every puzzle is told of exactly once
    from fsudoku import fast

    long_search = (
        ".......1...39.7....7.8....6......1782.4....3.....7..4.....4..8..67..2........83.1"
    )
    lines = [long_search] + [SAMPLE_SOLUTION[:70] + "." * 11] * 300 + ["bad"]
    told: list[int] = []
    at_yield = [sum(told) for _ in fast.solve_lines(lines, chunk_size=64, on_decided=told.append)]
    assert sum(told) == len(lines) and all(n > 0 for n in told)
    assert at_yield[0] > 64, at_yield[:3]  # more than a batch decided before the first yield
    assert at_yield == sorted(at_yield)
    few: list[int] = []
    assert len(list(fast.solve_lines(lines[:3], on_decided=few.append))) == 3
    assert few == [1, 1, 1]


@pytest.mark.parametrize(("engine", "jobs"), [("fast", 1), ("reference", 1), ("fast", 2)])
def test_idle_is_called_before_every_wait_after_an_answer(engine: Engine, jobs: int) -> None:
    # a caller that holds its output flushes it in ``idle``: no answer yielded may wait
    # behind a read that blocks (nothing is waiting here, as at a terminal)
    log: list[str] = []
    lines = [SAMPLE_PUZZLE, "bad", SAMPLE_SOLUTION[:75] + "." * 6]

    class Stream(Iterator[Entry]):  # nothing is ever waiting, as at a terminal
        def __init__(self) -> None:
            self.entries = (Entry(line, str(n)) for n, line in enumerate(lines))

        def __next__(self) -> Entry:
            entry = next(self.entries)
            log.append("read")
            return entry

        def waiting(self) -> bool:
            return False

    for _ in batch.outcomes(
        Stream(), "exclusives", engine=engine, jobs=jobs, on_idle=lambda: log.append("idle")
    ):
        log.append("answer")
    assert log.count("answer") == 3 and log.count("read") == 3
    for at, event in enumerate(log):
        if event == "read" and "answer" in log[:at]:
            last = max(i for i in range(at) if log[i] == "answer")
            assert "idle" in log[last:at], log


class _Chunks:
    """A binary stream that gives its data in the chunk sizes it is told."""

    def __init__(self, data: bytes, sizes: list[int]) -> None:
        self.data, self.sizes = data, sizes

    def fileno(self) -> int:
        raise OSError("no descriptor: a stream in memory")

    def read1(self, size: int = -1) -> bytes:
        take = self.sizes.pop() if self.sizes else len(self.data)
        out, self.data = self.data[:take], self.data[take:]
        return out


@settings(max_examples=200)
@given(
    lines=st.lists(
        st.one_of(
            st.binary(max_size=20),
            st.integers(1018, 1030).map(lambda n: b"a" * n),  # around MAX_LINE
            st.integers(2000, 5000).map(lambda n: b"\0" * n),
        ),
        max_size=6,
    ),
    newline_at_end=st.booleans(),
    sizes=st.lists(st.integers(1, 3000), max_size=40),
)
def test_lines_are_read_in_bounded_memory_whatever_the_chunks(
    lines: list[bytes], newline_at_end: bool, sizes: list[int]
) -> None:
    # the reader gives Haskell's `lines`, each line cut to MAX_LINE bytes and marked

    lines = [line.replace(b"\n", b"") for line in lines]
    data = b"\n".join(lines) + (b"\n" if newline_at_end and lines else b"")
    expected = [x if len(x) <= MAX_LINE else x[:MAX_LINE] + b"\xff" for x in haskell_lines(data)]
    assert list(Lines(_Chunks(data, sizes))) == expected  # type: ignore[arg-type]
