"""A downstream module of the top level, as README and docs/library.md show it."""

from typing import reveal_type

import fsudoku

puzzle = ".......1.4.........2...........5.4.7..8...3....1.9....3..4..2...5.1........8.6..."

outcome = fsudoku.solve(puzzle, solver="simple")
reveal_type(outcome)
# mypy reveals: fsudoku.base.outcome.Outcome
# pyright reveals: Outcome
reveal_type(outcome.status)
# mypy reveals: Literal['solved'] | Literal['no_solution'] | Literal['invalid'] | Literal['gave_up'] | Literal['refused']
# pyright reveals: Literal['solved', 'no_solution', 'invalid', 'gave_up', 'refused']
reveal_type(outcome.solution)
# mypy reveals: str | None
# pyright reveals: str | None
reveal_type(outcome.nodes)
# mypy reveals: int
# pyright reveals: int
reveal_type(fsudoku.solve_many([puzzle, "a line"], jobs=2))
# mypy reveals: typing.Iterator[fsudoku.base.outcome.Outcome]
# pyright reveals: Iterator[Outcome]
reveal_type(fsudoku.count_solutions(puzzle, limit=2))
# mypy reveals: int
# pyright reveals: int
reveal_type(fsudoku.generate(2, seed=1))
# mypy reveals: list[str]
# pyright reveals: list[str]
reveal_type(fsudoku.read_grid(puzzle))
# mypy reveals: returns.maybe.Maybe[tuple[tuple[fsudoku.cell.Fixed | fsudoku.cell.Possible, ...], ...]]
# pyright reveals: Maybe[tuple[tuple[Fixed | Possible, ...], ...]]
reveal_type(fsudoku.__version__)
# mypy reveals: str
# pyright reveals: str

name: fsudoku.SolverName = "dlx"
answered: fsudoku.Outcome = fsudoku.solve(puzzle, name, max_nodes=1000, strict=True)

fsudoku.solve(puzzle, solver="quick")  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
fsudoku.solve(puzzle.encode())  # type: ignore[arg-type]  # pyright: ignore[reportArgumentType]
