"""The port's seams: the open recursion and the record of functions a node calls, and nothing else.

The searches take their recursive call and a record of the functions they call
(``SolveParts``, ``SearchParts``), whose default is the article's; a planted bug or a
tracer replaces a function of that record, never a keyword parameter of the port. The
erratum's ``pruneCellsByExclusives`` is a function of its own.
"""

from __future__ import annotations

import ast
import inspect
from collections.abc import Callable, Iterator
from dataclasses import fields
from pathlib import Path
from typing import TypeVar

from returns.maybe import Nothing, Some

from fsudoku import bird, erratum, sarkar1, sarkar2
from fsudoku.cell import Fixed, Grid
from fsudoku.fp import fix
from fsudoku.grid_io import read_grid

QUICK = "6......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."
CLASH = "11" + "." * 79

T = TypeVar("T")


def parameters(f: Callable[..., object]) -> list[str]:
    return list(inspect.signature(f).parameters)


def test_the_searches_take_their_recursive_call_and_a_record_only() -> None:
    assert parameters(sarkar1.solve_with) == ["solve", "parts"]
    assert parameters(bird.search_with) == ["search", "n", "parts"]
    assert parameters(sarkar1.solve) == ["grid", "prune_cells"]
    assert parameters(bird.search) == ["m", "n"]


def test_the_exclusives_pruners_take_a_unit_only() -> None:
    assert parameters(sarkar2.prune_cells_by_exclusives) == ["cells"]
    assert parameters(erratum.prune_cells_by_exclusives_sets) == ["cells"]


def test_the_records_default_to_the_articles_functions() -> None:
    assert {f.name: getattr(sarkar1.SOLVE_PARTS, f.name) for f in fields(sarkar1.SolveParts)} == {
        "prune_grid": sarkar1.prune_grid,
        "is_grid_invalid": sarkar1.is_grid_invalid,
        "is_grid_filled": sarkar1.is_grid_filled,
        "next_grids": sarkar1.next_grids,
    }
    assert {f.name: getattr(bird.SEARCH_PARTS, f.name) for f in fields(bird.SearchParts)} == {
        "prune": bird.prune,
        "safe": bird.safe,
        "complete": bird.complete,
        "extract": bird.extract,
        "expand1": bird.expand1,
    }


def test_a_planted_bug_reaches_sarkars_node_through_the_record() -> None:
    clash = read_grid(CLASH).unwrap()
    assert sarkar1.solve(clash) == Nothing
    lenient = sarkar1.SolveParts(is_grid_invalid=lambda g: False)
    found = fix(lambda again: sarkar1.solve_with(again, lenient))(clash)
    assert found != Nothing and found.unwrap()[0][:2] == (Fixed(1), Fixed(1))
    assert sarkar1.solve(clash) == Nothing  # nothing was patched


def test_a_replaced_function_of_the_record_is_called_in_the_haskells_order() -> None:
    calls: list[str] = []

    def told(name: str, f: Callable[[Grid], T]) -> Callable[[Grid], T]:
        def call(g: Grid) -> T:
            calls.append(name)
            return f(g)

        return call

    parts = sarkar1.SolveParts(
        prune_grid=told("prune", sarkar1.prune_grid),
        is_grid_invalid=told("invalid", sarkar1.is_grid_invalid),
        is_grid_filled=told("filled", sarkar1.is_grid_filled),
        next_grids=told("next", sarkar1.next_grids),
    )
    grid = read_grid(QUICK).unwrap()
    assert fix(lambda again: sarkar1.solve_with(again, parts))(grid) == sarkar1.solve(grid)
    before = {"invalid": "prune", "filled": "invalid", "next": "filled"}
    assert all(calls[i - 1] == before[c] for i, c in enumerate(calls) if c in before), calls
    assert calls[:4] == ["prune", "invalid", "filled", "next"]
    assert calls[-3:] == ["prune", "invalid", "filled"]  # the node that found the solution


def test_a_planted_bug_reaches_birds_node_through_the_record() -> None:
    m = bird.choices(bird.s2g("0034341200434321", n=2), n=2)

    def reversed_expand1(pm: bird.Matrix[str]) -> list[bird.Matrix[str]]:
        return bird.expand1(pm)[::-1]

    parts = bird.SearchParts(expand1=reversed_expand1)
    search: Callable[[bird.Matrix[str]], Iterator[bird.Grid]] = fix(
        lambda again: bird.search_with(again, 2, parts)
    )
    assert list(search(m)) == list(bird.search(m, 2))[::-1]


def test_the_erratum_prunes_twins_that_the_published_code_keeps() -> None:
    twins = sarkar2.TWINS_ROW
    assert sarkar2.prune_cells_by_exclusives(twins) == Some(twins)
    pruned = erratum.prune_cells_by_exclusives_sets(twins).unwrap()
    assert [i for i, (a, b) in enumerate(zip(twins, pruned, strict=True)) if a != b] == [2, 8]


def test_the_erratum_does_not_call_the_published_pruner() -> None:
    tree = ast.parse(Path(erratum.__file__).read_text(encoding="utf-8"))
    used = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name)} | {
        a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names
    }
    assert "prune_cells_by_exclusives" not in used
