"""Hostile library calls: every public function that checks its arguments (the top level,
and the entry points below it that :mod:`fsudoku.base.validate` lists), called with
arbitrary Python values, returns or raises one of its documented exceptions, and never
hangs (each call is bounded by a timer).

The values are a mix of anything (``None``, numbers, floats, bytes, text, containers,
objects) and near-valid ones (puzzles, small bounds, solver names), so that calls get
past the first check too. Valid requests that are costly by nature (counting all the
solutions of an empty grid, 9^64 completions with a huge bound) are not drawn: the
puzzles drawn have at most two solutions, and positive numbers are small.
"""

from __future__ import annotations

import io
import os
import signal
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import islice
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fsudoku
from fsudoku import fast
from fsudoku.base import names
from fsudoku.base.outcome import GaveUp
from fsudoku.pe96 import counting, dlx, euler, formats, mrv, norvig
from fsudoku.pe96.formats import Entry
from fsudoku.run import batch, pool, registry, sources, trace
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

TWO = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"
UNSOLVABLE = "11" + "." * 79
NEAR_FULL = SAMPLE_SOLUTION[:78] + "..."

PUZZLES = st.sampled_from(
    [SAMPLE_PUZZLE, SAMPLE_SOLUTION, TWO, UNSOLVABLE, NEAR_FULL, "0" * 81, "x", "", TWO + "\r"]
)

ANYTHING: st.SearchStrategy[Any] = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(2**70), 300),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=90),
    st.binary(max_size=90),
    st.lists(st.one_of(st.none(), st.integers(), st.text(max_size=3)), max_size=4),
    st.tuples(st.integers(), st.text(max_size=3)),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=3),
    st.sampled_from([object(), int, print, io.StringIO("x"), b"", bytearray(b"12")]),
)

SMALL = st.one_of(st.none(), st.integers(-3, 300))
NAMES = st.sampled_from([*names.SOLVERS, "bogus", "", "DLX"])
ENGINES = st.sampled_from(["auto", "reference", "fast", "bogus"])
LINES = st.lists(st.one_of(PUZZLES, ANYTHING), max_size=4)
PUZZLE_LINES = st.lists(PUZZLES, max_size=4)
ENTRIES = st.lists(st.builds(Entry, PUZZLES, st.just("1")), max_size=4)


def of(*strategies: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Anything, or one of the near-valid values."""
    return st.one_of(ANYTHING, *strategies)


@dataclass(frozen=True)
class Case:
    """A public function, a strategy for each of its arguments, what it may raise."""

    name: str
    function: Callable[..., Any]
    arguments: tuple[st.SearchStrategy[Any], ...]
    raises: tuple[type[BaseException], ...] = (TypeError, ValueError)


def streams() -> st.SearchStrategy[Any]:
    return st.one_of(
        st.binary(max_size=300).map(io.BytesIO),
        st.text(max_size=30).map(io.StringIO),
        PUZZLE_LINES.map(lambda xs: io.BytesIO("\n".join(xs).encode())),
    )


def solvers_for_euler() -> st.SearchStrategy[Any]:
    return st.sampled_from(
        [
            lambda p: dlx.solve(p).value_or(None),
            lambda p: None,
            lambda p: 3,
            lambda p: "1" * 81,
            lambda p: p,
            lambda p: SAMPLE_SOLUTION,
        ]
    )


BOUNDS = st.one_of(st.integers(-3, 300), ANYTHING.filter(lambda v: v is not None))
"""Node bounds for counting: anything but ``None`` (no bound), which would count the empty
grid's solutions (6.7 x 10^21) for as long as it takes."""

CASES = [
    Case(
        "fsudoku.solve",
        lambda p, s, e, m: fsudoku.solve(p, s, engine=e, max_nodes=m),
        (of(PUZZLES), of(NAMES), of(ENGINES), of(SMALL)),
    ),
    Case(
        "fsudoku.solve_many",
        lambda ls, s, j, m: fsudoku.solve_many(ls, s, jobs=j, max_nodes=m),
        (of(LINES), of(NAMES), of(st.integers(-1, 2)), of(SMALL)),
    ),
    Case(
        "fsudoku.count_solutions",
        lambda p, limit, m: fsudoku.count_solutions(p, limit, max_nodes=m),
        (of(PUZZLES), of(SMALL), BOUNDS),
        (TypeError, ValueError, GaveUp),
    ),
    Case(
        "fsudoku.count_solutions default",
        fsudoku.count_solutions,
        (of(PUZZLES),),
        (TypeError, ValueError, GaveUp),
    ),
    Case("fsudoku.read_grid", fsudoku.read_grid, (of(PUZZLES),)),
    Case("registry.record", registry.record, (of(NAMES),)),
    Case("registry.solve_line", registry.solve_line, (of(NAMES), of(PUZZLES), of(SMALL))),
    Case("registry.all_solutions", registry.all_solutions, (of(PUZZLES),)),
    Case("counting.check_line", counting.check_line, (of(PUZZLES), of(st.integers(-1, 5)))),
    Case("formats.read_puzzles", formats.read_puzzles, (of(LINES, PUZZLE_LINES, PUZZLES),)),
    Case(
        "euler.euler96_sum", euler.euler96_sum, (of(PUZZLE_LINES, LINES), of(solvers_for_euler()))
    ),
    Case("sources.entries_of", sources.entries_of, (of(streams()), of(st.booleans()))),
    Case("sources.text_lines", sources.text_lines, (of(streams()),)),
    Case(
        "sources.read_sources",
        sources.read_sources,
        (of(st.lists(st.text(max_size=8), max_size=3)), of(st.booleans())),
    ),
    Case(
        "batch.outcomes",
        lambda es, s, e, m, j: batch.outcomes(es, s, engine=e, max_nodes=m, jobs=j),
        (of(ENTRIES, LINES), of(NAMES), of(ENGINES), of(SMALL), of(st.integers(0, 2))),
    ),
    Case("trace.recursion_limit", trace.recursion_limit, (of(st.integers(-1, 30_000)),)),
]


class Hang(BaseException):
    """A call ran past its time."""


def _alarm(signum: int, frame: object) -> None:
    raise Hang


def call(case: Case, args: list[Any]) -> None:
    """Call the function (and consume a little of what it returns) within 20 seconds."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, 20)
    try:
        result = case.function(*args)
        if case.name == "trace.recursion_limit":
            with result:
                pass
        elif isinstance(result, Iterator):
            list(islice(result, 50))
    except case.raises:
        pass
    except Hang:
        pytest.fail(f"{case.name}{tuple(args)!r} did not return within 20 s")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="module", autouse=True)
def in_an_empty_directory() -> Iterator[None]:
    """File names drawn at random are looked up in an empty directory."""
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as empty:
        os.chdir(empty)
        try:
            yield
        finally:
            os.chdir(here)


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
@settings(max_examples=40)
@given(data=st.data())
def test_public_functions_raise_only_what_they_document(case: Case, data: st.DataObject) -> None:
    args = [data.draw(strategy, label=f"argument {i}") for i, strategy in enumerate(case.arguments)]
    call(case, args)


def test_the_hostile_values_of_the_issues() -> None:
    # the examples that hung, returned nonsense or failed deep inside
    with pytest.raises(TypeError, match="whole number"):
        fsudoku.count_solutions("." * 81, 2.5, max_nodes=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=">= 1"):
        fsudoku.count_solutions("." * 81, limit=-1)
    with pytest.raises(TypeError, match="not one str"):
        list(fsudoku.solve_many(SAMPLE_PUZZLE))
    with pytest.raises(TypeError, match="decode it first"):
        registry.solve_line("exclusives", SAMPLE_PUZZLE.encode())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match=">= 0"):
        registry.solve_line("exclusives", SAMPLE_PUZZLE, -1)
    with pytest.raises(TypeError):
        registry.solve_line("exclusives", None)  # type: ignore[arg-type]
    with pytest.raises(registry.UnknownName, match="choose one of simple"):
        registry.solve_line("no-such", SAMPLE_PUZZLE)  # type: ignore[arg-type]
    assert registry.solve_line("bird", "x").status == "invalid"
    with pytest.raises(TypeError, match="iterable of"):
        formats.read_puzzles(SAMPLE_PUZZLE)
    with pytest.raises(ValueError, match="no puzzle"):
        euler.euler96_sum([], lambda p: None)
    with pytest.raises(ValueError, match="at most"):
        pool.worker_count(pool.usable_cores() + 1)
    assert registry.solve_line("bird-naive", "." * 81).status == "refused"
    # the top level checks bounds for every engine; the engines below take any line
    with pytest.raises(ValueError, match="max_nodes"):
        fsudoku.solve("." * 81, "norvig", max_nodes=-1)
    with pytest.raises(ValueError, match="max_nodes"):
        list(fsudoku.solve_many(["." * 81] * 6, engine="fast", max_nodes=-1))
    with pytest.raises(ValueError, match="not a puzzle"):
        list(registry.all_solutions("５" + SAMPLE_PUZZLE[1:]))
    for length in (80, 82):
        for search in (mrv.first_solution, dlx.first_solution, norvig.first_solution):
            assert search("." * length) is None  # not a puzzle: no search, no error
        assert fast.solve_one("." * length) is None and fast.settle("." * length) is None
    # the empty grid has about 6.7 x 10^21 solutions: counting them is bounded by default
    with pytest.raises(GaveUp, match="max_nodes=None"):
        fsudoku.count_solutions("0" * 81)
