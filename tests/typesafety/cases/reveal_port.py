"""A downstream module of the port, as README, docs/names.md and the modules' examples show it."""

from typing import reveal_type

from fsudoku import bird, erratum, fp, sarkar1, sarkar2
from fsudoku.cell import Fixed, Grid, Possible
from fsudoku.fp import bind
from fsudoku.grid_io import read_grid, show_grid, show_line

grid = read_grid(
    "...89.5129.27.5....4.......7..2....452..73....3...9.67.6..2.7...8..56.4.3..9....."
)
reveal_type(grid)
# mypy reveals: returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(bind(grid, sarkar2.solve))
# mypy reveals: returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(bind(grid, sarkar2.solve).map(show_grid).value_or("No solution found"))
# mypy reveals: str
# pyright reveals: str
reveal_type(bind(read_grid("not a puzzle"), sarkar1.solve).map(show_line).value_or(None))
# mypy reveals: str | None
# pyright reveals: str | None
reveal_type(sarkar1.solve)
# mypy reveals: def (grid: tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...], prune_cells: def (tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]) -> returns.maybe.Maybe[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]] =) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: (grid: tuple[tuple[Fixed | Possible, ...], ...], prune_cells: (tuple[Fixed | Possible, ...]) -> Maybe[tuple[Fixed | Possible, ...]] = prune_cells) -> Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(sarkar2.solve)
# mypy reveals: def (grid: tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: (grid: tuple[tuple[Fixed | Possible, ...], ...]) -> Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(erratum.solve_sets)
# mypy reveals: def (grid: tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: (grid: tuple[tuple[Fixed | Possible, ...], ...]) -> Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(sarkar1.prune_cells)
# mypy reveals: def (cells: tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]) -> returns.maybe.Maybe[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]]
# pyright reveals: (cells: tuple[Fixed | Possible, ...]) -> Maybe[tuple[Fixed | Possible, ...]]
reveal_type(sarkar2.prune_cells_by_exclusives)
# mypy reveals: def (cells: tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]) -> returns.maybe.Maybe[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]]
# pyright reveals: (cells: tuple[Fixed | Possible, ...]) -> Maybe[tuple[Fixed | Possible, ...]]
reveal_type(erratum.prune_cells_by_exclusives_sets)
# mypy reveals: def (cells: tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]) -> returns.maybe.Maybe[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]]
# pyright reveals: (cells: tuple[Fixed | Possible, ...]) -> Maybe[tuple[Fixed | Possible, ...]]
reveal_type(sarkar2.exclusive_possibilities(sarkar2.SAMPLE_ROW))
# mypy reveals: list[list[int]]
# pyright reveals: list[list[int]]
reveal_type(sarkar1.next_grids)
# mypy reveals: def (grid: tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> tuple[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...], tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: (grid: tuple[tuple[Fixed | Possible, ...], ...]) -> tuple[tuple[tuple[Fixed | Possible, ...], ...], tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(sarkar1.pivot)
# mypy reveals: def (grid: tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> tuple[int, fsudoku.cell.Fixed | fsudoku.cell.Possible, fsudoku.cell.Fixed | fsudoku.cell.Possible]
# pyright reveals: (grid: tuple[tuple[Fixed | Possible, ...], ...]) -> tuple[int, Fixed | Possible, Fixed | Possible]
reveal_type(Fixed(4).value)
# mypy reveals: int
# pyright reveals: int
reveal_type(Possible((1, 2)).values)
# mypy reveals: tuple[int, ...]
# pyright reveals: tuple[int, ...]

settled: Grid = sarkar1.prune_grid(grid.unwrap()).unwrap()
reveal_type(fp.traverse(sarkar2.prune_cells, settled))
# mypy reveals: returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(fp.fix_m(sarkar2.prune_cells_by_fixed, settled[0]))
# mypy reveals: returns.maybe.Maybe[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...]]
# pyright reveals: Maybe[tuple[Fixed | Possible, ...]]
reveal_type(fp.alt(sarkar1.solve(settled), lambda: sarkar2.solve(settled)))
# mypy reveals: returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: Maybe[tuple[tuple[Fixed | Possible, ...], ...]]

parts = sarkar1.SolveParts(is_grid_invalid=lambda g: False)
reveal_type(parts)
# mypy reveals: fsudoku.sarkar1.SolveParts
# pyright reveals: SolveParts
reveal_type(sarkar1.solve_with)
# mypy reveals: def (solve: def (tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]], parts: fsudoku.sarkar1.SolveParts =) -> def (tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: (solve: (tuple[tuple[Fixed | Possible, ...], ...]) -> Maybe[tuple[tuple[Fixed | Possible, ...], ...]], parts: SolveParts = SOLVE_PARTS) -> ((tuple[tuple[Fixed | Possible, ...], ...]) -> Maybe[tuple[tuple[Fixed | Possible, ...], ...]])
reveal_type(fp.fix(lambda again: sarkar1.solve_with(again, parts)))
# mypy reveals: def (tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]) -> returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: (tuple[tuple[Fixed | Possible, ...], ...]) -> Maybe[tuple[tuple[Fixed | Possible, ...], ...]]

m = bird.choices(bird.s2g("0034341200434321", n=2), n=2)
reveal_type(m)
# mypy reveals: tuple[tuple[str, ...], ...]
# pyright reveals: tuple[tuple[str, ...], ...]
reveal_type(bird.search(m, 2))
# mypy reveals: typing.Iterator[tuple[tuple[str, ...], ...]]
# pyright reveals: Iterator[tuple[tuple[str, ...], ...]]
reveal_type(bird.solve_search(bird.s2g("0" * 81)))
# mypy reveals: typing.Iterator[tuple[tuple[str, ...], ...]]
# pyright reveals: Iterator[tuple[tuple[str, ...], ...]]
reveal_type(bird.boxs(((1, 2), (3, 4)), n=1))
# mypy reveals: tuple[tuple[int, ...], ...]
# pyright reveals: tuple[tuple[int, ...], ...]
reveal_type(bird.cp([[1, 2], [3]]))
# mypy reveals: typing.Iterator[tuple[int, ...]]
# pyright reveals: Iterator[tuple[int, ...]]
reveal_type(bird.expand1(m))
# mypy reveals: list[tuple[tuple[str, ...], ...]]
# pyright reveals: list[tuple[tuple[str, ...], ...]]
reveal_type(bird.SearchParts(expand1=lambda pm: bird.expand1(pm)[::-1]))
# mypy reveals: fsudoku.bird.SearchParts
# pyright reveals: SearchParts
reveal_type(bird.search_with)
# mypy reveals: def (search: def (tuple[tuple[str, ...], ...]) -> typing.Iterator[tuple[tuple[str, ...], ...]], n: int =, parts: fsudoku.bird.SearchParts =) -> def (tuple[tuple[str, ...], ...]) -> typing.Iterator[tuple[tuple[str, ...], ...]]
# pyright reveals: (search: (tuple[tuple[str, ...], ...]) -> Iterator[tuple[tuple[str, ...], ...]], n: int = 3, parts: SearchParts = SEARCH_PARTS) -> ((tuple[tuple[str, ...], ...]) -> Iterator[tuple[tuple[str, ...], ...]])

wrong: int = read_grid("x")  # type: ignore[assignment]  # pyright: ignore[reportAssignmentType]
