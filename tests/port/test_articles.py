"""Every printed output of the seed documents, replayed by the port and compared with their text.

The documents are Sarkar's "Writing a Fast Sudoku Solver in Haskell" #1 and #2 and Bird's
solver as taught in Portier's lecture, read from ``../shared/seeds`` at run time: each test
slices the text it expects out of the seed (a GHCi session by its prompt, a figure, a
table or a listing's comment by its position), so none of it is copied here. When the
seeds are absent, the tests skip. ``docs/articles.md`` lists every output and the test
that replays it.

Lines are compared character for character with their trailing whitespace stripped:
Haskell's ``showGridWithPossibilities`` pads a fixed cell with ten spaces, which the
pages trim at the end of a line. Where a document prints something its own code does
not, the test checks what the code prints (the port is the published code;
:mod:`fsudoku.erratum` is the intended behaviour) and states the difference from the
document's text in an assertion.
"""

from __future__ import annotations

import ast
import re
import string
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache

import pytest
from hypothesis import given, settings
from returns.maybe import Maybe, Nothing
from support import SEEDS, SUDOKU17, first_lines, run_cli, sarkar1_on_the_sample

from fsudoku import bird, erratum, sarkar1, sarkar2
from fsudoku.app.explain import RULER, boxed_possibilities
from fsudoku.cell import Cell, Fixed, Grid, Possible, Row
from fsudoku.fp import traverse
from fsudoku.grid_io import SAMPLE, read_grid, show_grid, show_grid_with_possibilities, show_line
from fsudoku.pe96.formats import format_boxed
from fsudoku.testing.strategies import rows_of_cells
from fsudoku.tz import transpose

SARKAR_SEED = "000_31e6888853710671.txt"
BIRD_SEED = "003_60df0a837a6007d2.txt"
TITLE = "Writing a Fast Sudoku Solver in Haskell"
"""How both of Sarkar's titles start (each article starts at its title's line)."""

PROMPT = "*Main> "

# ---------------------------------------------------------------------------
# Haskell's show


def show(value: object, prec: int = 0) -> str:
    """A value as Haskell's ``show`` prints it (``showsPrec prec``), for the types the articles print.

    A ``list`` is a Haskell list, a ``tuple`` a tuple, a ``dict`` a ``Data.Map`` (its keys
    must be in order, as a ``Map``'s are; a tuple key stands for a list key, which Python
    cannot hash), a :class:`returns.maybe.Maybe` a ``Maybe``; cells print as they do.

    >>> show([(1, Possible((4, 6, 9))), (2, Fixed(1))])
    '[(1,Possible [4,6,9]),(2,Fixed 1)]'
    >>> show({2: [9, 8, 6], 4: [1]}), show({(1,): [4], (9, 8, 6): [8, 3, 2]})
    ('fromList [(2,[9,8,6]),(4,[1])]', 'fromList [([1],[4]),([9,8,6],[8,3,2])]')
    >>> from returns.maybe import Some
    >>> show(Some(Fixed(3))), show(Nothing), show([Some([1]), Nothing]), show(True)
    ('Just (Fixed 3)', 'Nothing', '[Just [1],Nothing]', 'True')
    """
    if isinstance(value, bool | int):
        text = str(value)
        return f"({text})" if prec > 6 and isinstance(value, int) and value < 0 else text
    if isinstance(value, Fixed | Possible):
        return f"({value!r})" if prec > 10 else repr(value)
    if isinstance(value, list):
        return "[" + ",".join(show(x) for x in value) + "]"
    if isinstance(value, tuple):
        return "(" + ",".join(show(x) for x in value) + ")"
    if isinstance(value, Mapping):
        keys = list(value)
        if keys != sorted(keys):
            raise ValueError(f"a Data.Map's keys are in order, not {keys}")
        pairs = [(list(k) if isinstance(k, tuple) else k, v) for k, v in value.items()]
        text = "fromList " + show(pairs)
        return f"({text})" if prec > 10 else text
    if isinstance(value, Maybe):
        if value == Nothing:
            return "Nothing"
        text = "Just " + show(value.unwrap(), 11)
        return f"({text})" if prec > 10 else text
    raise TypeError(f"no Haskell show for {type(value).__name__}")


# ---------------------------------------------------------------------------
# Reading the documents


@dataclass(frozen=True)
class Prompt:
    """One ``*Main>`` prompt of a GHCi session: its expression (comment dropped) and the lines it printed."""

    expression: str
    printed: list[str]


@dataclass(frozen=True)
class Session:
    """The prompts from one ``readGrid`` of a GHCi session to the next, and the puzzle it read."""

    puzzle: str
    prompts: list[Prompt]

    def printed(self, expression: str, nth: int = 0) -> list[str]:
        """What the ``nth`` prompt of this expression printed."""
        found = [p.printed for p in self.prompts if p.expression == expression]
        assert len(found) > nth, f"no prompt #{nth} {expression!r} after readGrid {self.puzzle!r}"
        return found[nth]


class Article:
    """The lines of one document, and the pieces of it that the tests compare with."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines

    def prompts(self) -> list[Prompt]:
        """Every GHCi prompt (continuation lines joined), with what it printed up to a prompt or blank line."""
        found, i = [], 0
        while i < len(self.lines):
            if not self.lines[i].startswith(PROMPT):
                i += 1
                continue
            expression = [self.lines[i].removeprefix(PROMPT)]
            i += 1
            while i < len(self.lines) and self.lines[i].startswith(" "):
                expression.append(self.lines[i].strip())
                i += 1
            printed = []
            while i < len(self.lines) and self.lines[i] and not self.lines[i].startswith(PROMPT):
                printed.append(self.lines[i])
                i += 1
            joined = " ".join(expression)
            found.append(Prompt(re.sub(r"(^| )-- .*$", "", joined).strip(), printed))
        return found

    def sessions(self) -> list[Session]:
        """The GHCi sessions, each from a prompt that reads a grid."""
        found: list[Session] = []
        for prompt in self.prompts():
            read = re.search(r'readGrid "([^"]*)"', prompt.expression)
            if read:
                found.append(Session(read[1], []))
            elif found:
                found[-1].prompts.append(prompt)
        return found

    def session(self, expression: str, nth: int = 0) -> Session:
        """The ``nth`` session with a prompt of this expression."""
        found = [s for s in self.sessions() if any(p.expression == expression for p in s.prompts)]
        assert len(found) > nth, f"no session #{nth} with the prompt {expression!r}"
        return found[nth]

    def blocks(
        self, starts: Callable[[str], bool], goes_on: Callable[[str], bool]
    ) -> list[list[str]]:
        """The runs of consecutive lines, each from a line that ``starts`` one, while lines ``go on``."""
        found: list[list[str]] = []
        inside = False
        for line in self.lines:
            if inside and goes_on(line):
                found[-1].append(line)
            elif starts(line):
                found.append([line])
                inside = True
            else:
                inside = False
        return found

    def figures(self) -> list[list[str]]:
        """The grids drawn between ``+---+`` rulers, in order."""
        return self.blocks(lambda s: s.startswith("+"), lambda s: s.startswith(("+", "|")))

    def tables(self) -> list[list[str]]:
        """The tab-separated tables, in order (each a header line, then its rows)."""
        return self.blocks(lambda s: "\t" in s, lambda s: "\t" in s)

    def command(self, pattern: str) -> tuple[str, list[str]]:
        """The first shell command line matching ``pattern``, and the lines it printed up to a blank line."""
        for i, line in enumerate(self.lines):
            if re.search(pattern, line):
                printed = []
                for after in self.lines[i + 1 :]:
                    if not after:
                        break
                    printed.append(after)
                return line, printed
        raise AssertionError(f"no command line {pattern!r}")

    def listing_values(self) -> dict[str, str]:
        """The values a listing shows in comments after its ``-- input`` and ``-- step N`` markers, unwrapped."""
        values: dict[str, str] = {}
        marker: str | None = None
        for line in self.lines:
            text = line.strip()
            found = re.fullmatch(r"-- (input|step \d+)", text)
            if found:
                marker = found[1]
                values[marker] = ""
            elif not text:
                marker = None
            elif marker is not None and text.startswith("-- "):
                values[marker] += text.removeprefix("-- ")
        return values


@cache
def seed(name: str) -> tuple[str, ...]:
    """The lines of a seed document."""
    return tuple((SEEDS / name).read_text(encoding="utf-8").splitlines())


def seed_lines(name: str) -> list[str]:
    """The lines of a seed document, or skip the test when the seeds are absent."""
    if not (SEEDS / name).is_file():
        pytest.skip(f"the seed documents are absent ({SEEDS.resolve() / name})")
    return list(seed(name))


def sarkar_article(number: int) -> Article:
    """Sarkar's article #1 or #2, from its title's line to the next title's (or the end)."""
    lines = seed_lines(SARKAR_SEED)
    starts = [i for i, line in enumerate(lines) if line.startswith(TITLE)]
    assert len(starts) == 2, starts
    return Article(lines[starts[0] : starts[1]] if number == 1 else lines[starts[1] :])


@pytest.fixture(scope="module")
def sarkar1_article() -> Article:
    """Sarkar's #1."""
    return sarkar_article(1)


@pytest.fixture(scope="module")
def sarkar2_article() -> Article:
    """Sarkar's #2."""
    return sarkar_article(2)


@pytest.fixture(scope="module")
def bird_lecture() -> Article:
    """Bird's solver, Portier's lecture."""
    return Article(seed_lines(BIRD_SEED))


# ---------------------------------------------------------------------------
# Comparing


def lines_of(text: str) -> list[str]:
    """The lines of a text, trailing whitespace stripped."""
    return [line.rstrip() for line in text.splitlines()]


def assert_printed(printed: list[str], output: str) -> None:
    """The document's printed lines are the lines of the code's output."""
    assert [line.rstrip() for line in printed] == lines_of(output)


def assert_printed_by_put_str_ln(printed: list[str], shown: str) -> None:
    """``putStrLn shown`` prints the document's lines, and then the empty line it leaves out.

    ``showGrid`` ends with a newline and ``putStrLn`` adds one: an empty line that the
    page does not show before the next prompt (nor, at a paragraph's end, can show).
    """
    output = shown + "\n"
    assert output.endswith("\n\n")
    assert_printed([*printed, ""], output)


def sample() -> Grid:
    """The articles' sample puzzle, read."""
    return read_grid(SAMPLE).unwrap()


@cache
def sample_solution() -> Grid:
    """The sample puzzle solved by #1's ``solve`` (once: it takes about a second)."""
    return sarkar1_on_the_sample()[0].unwrap()


def boxed_row(row: Row) -> str:
    """One row with its possibilities between the articles' rulers."""
    return boxed_possibilities((row,)) + RULER + "\n"


CELL = re.compile(r"\[([1-9 ]*)\]|([1-9])")


def read_shown_row(line: str) -> Row:
    """The cells of a row shown with possibilities, however spaced: ``[1  4]`` a non-fixed cell, a digit a fixed one."""
    return tuple(
        Fixed(int(m[2])) if m[1] is None else Possible(tuple(int(d) for d in m[1] if d != " "))
        for m in CELL.finditer(line)
    )


def collapsed(line: str) -> str:
    """A line with each run of spaces made one, and none inside a cell's brackets."""
    return re.sub(" +", " ", line).replace("[ ", "[").replace(" ]", "]")


# ---------------------------------------------------------------------------
# Sarkar #1: the figures of the algorithm


def without_digit_around(grid: Grid, r: int, c: int) -> Grid:
    """The grid with the digit of the fixed cell at (r, c) removed from its row, column and sub-grid."""
    digit = grid[r][c]
    assert isinstance(digit, Fixed)

    def pruned(i: int, j: int, cell: Cell) -> Cell:
        peer = i == r or j == c or (i // 3, j // 3) == (r // 3, c // 3)
        if peer and isinstance(cell, Possible):
            return Possible(tuple(x for x in cell.values if x != digit.value))
        return cell

    return tuple(
        tuple(pruned(i, j, cell) for j, cell in enumerate(row)) for i, row in enumerate(grid)
    )


SARKAR1_FIGURES: dict[str, Callable[[], str]] = {
    "puzzle": lambda: format_boxed(SAMPLE),
    "solution": lambda: format_boxed(show_line(sample_solution())),
    "possibilities": lambda: boxed_possibilities(sample()),
    # step 2 of the algorithm: the 4 of the row-2-column-1 cell removed around it (by hand:
    # no function of the article does one cell)
    "one-digit-removed": lambda: boxed_possibilities(without_digit_around(sample(), 1, 0)),
    "pruned-once": lambda: boxed_possibilities(sarkar1.prune_grid_once(sample()).unwrap()),
    "settled": lambda: boxed_possibilities(sarkar1.prune_grid(sample()).unwrap()),
}
"""The figures of #1's first section, in order, as the port draws them."""


@pytest.mark.parametrize("figure", list(SARKAR1_FIGURES))
def test_the_algorithm_figures_of_article_1_are_the_ports_grids(
    sarkar1_article: Article, figure: str
) -> None:
    figures = sarkar1_article.figures()
    assert len(figures) == len(SARKAR1_FIGURES)
    assert_printed(figures[list(SARKAR1_FIGURES).index(figure)], SARKAR1_FIGURES[figure]())


# ---------------------------------------------------------------------------
# Sarkar #1: the GHCi sessions


def test_read_grid_session_prints_the_rows_as_haskell_shows_them(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("mapM_ print grid")
    grid = read_grid(session.puzzle).unwrap()
    assert_printed(
        session.printed("mapM_ print grid"), "".join(show(list(row)) + "\n" for row in grid)
    )


def test_show_grid_sessions_print_the_puzzle_and_its_possibilities(
    sarkar1_article: Article,
) -> None:
    session = sarkar1_article.session("putStrLn $ showGrid grid")
    grid = read_grid(session.puzzle).unwrap()
    assert_printed_by_put_str_ln(session.printed("putStrLn $ showGrid grid"), show_grid(grid))
    assert_printed_by_put_str_ln(
        session.printed("putStrLn $ showGridWithPossibilities grid"),
        show_grid_with_possibilities(grid),
    )


def test_prune_cells_session_prints_the_first_row_before_and_after(
    sarkar1_article: Article,
) -> None:
    session = sarkar1_article.session("putStr $ showGridWithPossibilities $ [head grid]")
    row = read_grid(session.puzzle).unwrap()[0]
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities $ [head grid]"),
        show_grid_with_possibilities((row,)),
    )
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities [fromJust $ pruneCells $ head grid]"),
        show_grid_with_possibilities((sarkar1.prune_cells(row).unwrap(),)),
    )


def test_pruning_the_rows_replays_the_article_session(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("Just grid' = traverse pruneCells grid")
    pruned = traverse(sarkar1.prune_cells, read_grid(session.puzzle).unwrap()).unwrap()
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid'"),
        show_grid_with_possibilities(pruned),
    )


def test_transpose_session_prints_the_solution_and_its_columns(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("putStr $ showGrid $ Data.List.transpose grid")
    grid = read_grid(session.puzzle).unwrap()
    assert_printed(session.printed("putStr $ showGrid grid"), show_grid(grid))
    assert_printed(
        session.printed("putStr $ showGrid $ Data.List.transpose grid"), show_grid(transpose(grid))
    )


def test_pruning_the_columns_replays_the_article_session(sarkar1_article: Article) -> None:
    expression = (
        "Just grid' = fmap Data.List.transpose . traverse pruneCells . Data.List.transpose $ grid"
    )
    session = sarkar1_article.session(expression)
    columns = traverse(sarkar1.prune_cells, transpose(read_grid(session.puzzle).unwrap()))
    pruned = columns.map(transpose).unwrap()
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid'"),
        show_grid_with_possibilities(pruned),
    )


def test_sub_grids_to_rows_session_prints_the_sub_grids_as_rows(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("putStr $ showGrid $ subGridsToRows grid")
    grid = read_grid(session.puzzle).unwrap()
    assert_printed(session.printed("putStr $ showGrid grid"), show_grid(grid))
    assert_printed(
        session.printed("putStr $ showGrid $ subGridsToRows grid"),
        show_grid(sarkar1.sub_grids_to_rows(grid)),
    )


def test_sub_grids_to_rows_twice_session_prints_the_grid_back(sarkar1_article: Article) -> None:
    twice = "putStr $ showGrid $ subGridsToRows $ subGridsToRows $ grid"
    session = sarkar1_article.session(twice)
    grid = read_grid(session.puzzle).unwrap()
    assert_printed(session.printed("putStr $ showGrid grid", nth=1), show_grid(grid))
    assert_printed(
        session.printed(twice),
        show_grid(sarkar1.sub_grids_to_rows(sarkar1.sub_grids_to_rows(grid))),
    )


def test_pruning_the_sub_grids_replays_the_article_session(sarkar1_article: Article) -> None:
    session = sarkar1_article.session(
        "Just grid' = fmap subGridsToRows . traverse pruneCells . subGridsToRows $ grid"
    )
    sub_grids = traverse(
        sarkar1.prune_cells, sarkar1.sub_grids_to_rows(read_grid(session.puzzle).unwrap())
    )
    pruned = sub_grids.map(sarkar1.sub_grids_to_rows).unwrap()
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid'"),
        show_grid_with_possibilities(pruned),
    )


def test_prune_grid_once_replays_the_article_session(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("Just grid' = pruneGrid' grid")
    grid = read_grid(session.puzzle).unwrap()
    pruned = sarkar1.prune_grid_once(grid).unwrap()
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid'"),
        show_grid_with_possibilities(pruned),
    )
    assert_printed(session.printed("putStr $ showGrid grid"), show_grid(grid))
    assert_printed(session.printed("putStr $ showGrid grid'"), show_grid(pruned))


@pytest.mark.parametrize("nth", [0, 1])
def test_prune_grid_replays_the_article_sessions(sarkar1_article: Article, nth: int) -> None:
    session = sarkar1_article.session("Just grid' = pruneGrid grid", nth)
    settled = sarkar1.prune_grid(read_grid(session.puzzle).unwrap()).unwrap()
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid'"),
        show_grid_with_possibilities(settled),
    )


def test_next_grids_replays_the_article_session(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("(grid1, grid2) = nextGrids grid'")
    settled = sarkar1.prune_grid(read_grid(session.puzzle).unwrap()).unwrap()
    # the session's comment: the pivot is the row-4-column-1 cell, [2, 9]
    assert sarkar1.pivot(settled) == (27, Fixed(2), Fixed(9))
    grid1, grid2 = sarkar1.next_grids(settled)
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid1"),
        show_grid_with_possibilities(grid1),
    )
    assert_printed(
        session.printed("putStr $ showGridWithPossibilities grid2"),
        show_grid_with_possibilities(grid2),
    )


def test_solve_replays_the_article_session(sarkar1_article: Article) -> None:
    session = sarkar1_article.session("Just grid' = solve grid")
    grid = read_grid(session.puzzle).unwrap()
    assert_printed(session.printed("putStr $ showGrid grid"), show_grid(grid))
    assert_printed(
        session.printed("putStr $ showGrid grid'"), show_grid(sarkar1.solve(grid).unwrap())
    )


def test_main_replays_the_article_command_line_run(sarkar1_article: Article) -> None:
    command, printed = sarkar1_article.command(r'^\$ echo "')
    puzzle = re.search(r'echo "([^"]*)"', command)
    assert puzzle is not None
    # #1's main is fsudoku solve with #1's solver, reading lines as the Haskell does (its
    # default engine, the fast one, returns what the reference returns: tests/test_fast.py)
    argv = ["solve", "--strict-input", "--quiet", "--solver", "simple"]
    code, output = run_cli(argv, (puzzle[1] + "\n").encode())  # echo ends the line
    assert code == 0
    assert_printed_by_put_str_ln(printed, output.removesuffix("\n"))


# ---------------------------------------------------------------------------
# Sarkar #2: the recap's figures and the rows


SARKAR2_FIGURES: dict[str, Callable[[], str]] = {
    "puzzle": SARKAR1_FIGURES["puzzle"],
    "solution": SARKAR1_FIGURES["solution"],
    "possibilities": SARKAR1_FIGURES["possibilities"],
    "settled": SARKAR1_FIGURES["settled"],  # #1's pruning, which the recap describes
}
"""The figures of #2's recap, in order, as the port draws them."""


@pytest.mark.parametrize("figure", list(SARKAR2_FIGURES))
def test_the_recap_figures_of_article_2_are_the_ports_grids(
    sarkar2_article: Article, figure: str
) -> None:
    figures = sarkar2_article.figures()
    assert len(figures) == len(SARKAR2_FIGURES) + 6  # then six one-row figures
    assert_printed(figures[list(SARKAR2_FIGURES).index(figure)], SARKAR2_FIGURES[figure]())


def row_figure(article: Article, n: int) -> list[str]:
    """The ``n``-th of #2's one-row figures (after the recap's four grids)."""
    figure = article.figures()[len(SARKAR2_FIGURES) + n]
    assert len(figure) == 3, figure
    return figure


def test_singles_row_is_the_sixth_sub_grid_of_the_settled_grid(sarkar2_article: Article) -> None:
    row = sarkar1.sub_grids_to_rows(sarkar1.prune_grid(sample()).unwrap())[5]
    assert_printed(row_figure(sarkar2_article, 0), boxed_row(row))
    # the prose: only the sixth cell may hold a 1, and the published code fixes it
    assert sarkar2.prune_cells(row).unwrap()[5] == Fixed(1)


def test_twins_row_is_the_ports_twins_row(sarkar2_article: Article) -> None:
    figure = row_figure(sarkar2_article, 1)
    assert read_shown_row(figure[1]) == sarkar2.TWINS_ROW
    assert_printed(figure, boxed_row(sarkar2.TWINS_ROW))


def test_twins_row_after_pruning_is_what_only_the_erratum_prints(sarkar2_article: Article) -> None:
    before, after = row_figure(sarkar2_article, 1), row_figure(sarkar2_article, 2)
    published = sarkar2.prune_cells(sarkar2.TWINS_ROW).unwrap()
    assert_printed(before, boxed_row(published))  # the published code leaves the row as it is
    assert lines_of(boxed_row(published)) != [line.rstrip() for line in after]
    assert_printed(after, boxed_row(erratum.prune_cells_sets(sarkar2.TWINS_ROW).unwrap()))


def test_triplets_row_is_printed_with_its_spacing_collapsed(sarkar2_article: Article) -> None:
    figure = row_figure(sarkar2_article, 3)
    row = read_shown_row(figure[1])
    shown = lines_of(boxed_row(row))
    assert figure[0] == shown[0] and figure[2] == shown[2]  # the rulers are full width
    assert figure[1] != shown[1]
    assert figure[1] == collapsed(shown[1])  # one space between cells, none inside brackets


def test_triplets_row_after_pruning_is_what_only_the_erratum_prints(
    sarkar2_article: Article,
) -> None:
    row = read_shown_row(row_figure(sarkar2_article, 3)[1])
    after = row_figure(sarkar2_article, 4)
    published = sarkar2.prune_cells(row).unwrap()
    assert published == row  # the published code leaves the row as it is
    assert lines_of(boxed_row(published)) != [line.rstrip() for line in after]
    assert_printed(after, boxed_row(erratum.prune_cells_sets(row).unwrap()))


def test_sample_row_is_the_ports_sample_row(sarkar2_article: Article) -> None:
    figure = row_figure(sarkar2_article, 5)
    assert read_shown_row(figure[1]) == sarkar2.SAMPLE_ROW
    assert_printed(figure, boxed_row(sarkar2.SAMPLE_ROW))


# ---------------------------------------------------------------------------
# Sarkar #2: the tables and the steps of exclusivePossibilities


def steps(row: Row) -> dict[str, object]:
    """The input and the value of each of the seven steps of ``exclusivePossibilities``, by the listing's markers."""
    numbered = sarkar2.number_cells(row)
    possibles = sarkar2.non_fixed_cells(numbered)
    cells = sarkar2.cells_of_digits(possibles)
    few = sarkar2.digits_in_fewer_than_four_cells(cells)
    digits = sarkar2.digits_of_cells(few)
    groups = sarkar2.groups_with_as_many_digits_as_cells(digits)
    values: list[object] = [list(row), numbered, possibles, cells, few, digits, groups]
    values.append(sarkar2.exclusive_groups(groups))
    return dict(zip(["input", *(f"step {n}" for n in range(1, 8))], values, strict=True))


def table_rows(table: Mapping[int, list[int]] | Mapping[tuple[int, ...], list[int]]) -> list[str]:
    """A map's entries as the article's table rows: key, tab, value, each list ascending and comma-separated."""

    def listed(xs: object) -> str:
        return ", ".join(map(str, sorted(xs))) if isinstance(xs, tuple | list) else str(xs)

    return [f"{listed(k)}\t{listed(v)}" for k, v in table.items()]


def digit_tables(article: Article) -> list[list[str]]:
    """The three tables of "A Little Forward, a Little Backward" (the fourth is a profile)."""
    tables = article.tables()
    assert len(tables) == 4, tables
    headers = [table[0].split("\t") for table in tables[:3]]
    # the second table is the first turned around (its key column is the first's values)
    assert len(headers[0]) == len(headers[1]) == 2 and headers[1][0] == headers[0][1]
    assert headers[2] == headers[1]
    return tables[:3]


def test_digit_table_lists_the_cells_of_each_digit(sarkar2_article: Article) -> None:
    table = digit_tables(sarkar2_article)[0]
    cells = sarkar2.cells_of_digits(
        sarkar2.non_fixed_cells(sarkar2.number_cells(sarkar2.SAMPLE_ROW))
    )
    assert table[1:] == table_rows(cells)


def test_flipped_table_is_step_5_without_step_4(sarkar2_article: Article) -> None:
    table = digit_tables(sarkar2_article)[1]
    cells = sarkar2.cells_of_digits(
        sarkar2.non_fixed_cells(sarkar2.number_cells(sarkar2.SAMPLE_ROW))
    )
    assert table[1:] == table_rows(sarkar2.digits_of_cells(cells))
    # the code flips the map after step 4: the digits in four cells or more are gone
    code = table_rows(sarkar2.digits_of_cells(sarkar2.digits_in_fewer_than_four_cells(cells)))
    assert code == [row for row in table[1:] if row.split("\t")[0].count(",") < 3]
    assert code != table[1:]


def test_final_table_lists_the_exclusives(sarkar2_article: Article) -> None:
    table = digit_tables(sarkar2_article)[2]
    groups = steps(sarkar2.SAMPLE_ROW)["step 6"]
    assert isinstance(groups, dict)
    assert table[1:] == table_rows(groups)


SPACED_IN_THE_LISTING = {"input", "step 2"}
"""The values the listing writes with a space after some commas (``show`` writes none)."""


@pytest.mark.parametrize("step", ["input", *(f"step {n}" for n in range(1, 8))])
def test_exclusive_possibilities_steps_replay_the_listings_values(
    sarkar2_article: Article, step: str
) -> None:
    printed = sarkar2_article.listing_values()[step]  # its lines joined: the listing wraps them
    shown = show(steps(sarkar2.SAMPLE_ROW)[step])
    if step in SPACED_IN_THE_LISTING:
        assert printed != shown
        printed = printed.replace(", ", ",")
    assert printed == shown


@settings(max_examples=200)
@given(rows_of_cells())
def test_exclusive_possibilities_is_its_seven_steps_composed(row: Row) -> None:
    assert sarkar2.exclusive_possibilities(row) == steps(row)["step 7"]


# ---------------------------------------------------------------------------
# Bird's lecture


def test_cp_examples_replay_the_lecture(bird_lecture: Article) -> None:
    lines = bird_lecture.lines
    examples = [
        i for i, line in enumerate(lines) if line.startswith("cp [") and line.endswith(" ===")
    ]
    assert len(examples) == 2
    for i in examples:
        argument = ast.literal_eval(lines[i].removeprefix("cp ").removesuffix(" ==="))
        end = lines.index("", i)
        printed = "".join(line.strip() for line in lines[i + 1 : end])  # the value, unwrapped
        assert printed == show([list(ys) for ys in bird.cp(argument)])


def frame(lines: list[str]) -> list[str]:
    """Lines drawn inside the lecture's matrix brackets: ``/ \\`` above, ``| |`` beside, ``\\ /`` below."""
    width = len(lines[0])
    return ["/" + " " * width + "\\", *(f"|{line}|" for line in lines), "\\" + " " * width + "/"]


def draw(m: bird.Matrix[str] | bird.Matrix[tuple[str, ...]]) -> list[str]:
    """A matrix as the lecture draws it: a row's elements spaced, a group's letters together."""
    return frame([" ".join("".join(cell) for cell in row) for row in m])


def draw_all(ms: list[bird.Matrix[tuple[str, ...]]]) -> list[str]:
    """A list of matrices drawn one under the other, inside brackets."""
    return frame([line for m in ms for line in draw(m)])


def test_boxs_picture_replays_each_stage(bird_lecture: Article) -> None:
    # the picture: the lines around its first label, between blank lines; its matrices
    # are cut out of two columns (the arrows and their labels are not compared)
    lines = bird_lecture.lines
    anchor = next(i for i, line in enumerate(lines) if "group . map group" in line)
    start = max(i for i in range(anchor) if not lines[i]) + 1
    picture = lines[start : lines.index("", anchor)]
    right = picture[0].index("/")  # the picture starts with its right-hand matrix

    def drawn(line: str) -> bool:
        return line.startswith(("/", "|", "\\"))

    def drawings(column: int, width: int) -> list[list[str]]:
        cut = Article([line[column : column + width].rstrip() for line in picture])
        return cut.blocks(drawn, drawn)

    m = bird.group(4, string.ascii_lowercase[:16])
    grouped = list(bird.group(2, [bird.group(2, row) for row in m]))  # group . map group
    columns = [bird.cols(band) for band in grouped]  # map cols
    boxes = bird.boxs(m, n=2)
    assert boxes == tuple(bird.ungroup(c) for c in bird.ungroup(columns))  # map ungroup . ungroup
    assert drawings(0, len(draw(m)[0])) == [draw(m), draw(boxes)]
    assert drawings(right, len(draw_all(grouped)[0])) == [draw_all(grouped), draw_all(columns)]


def test_the_lectures_data_line_is_the_first_sudoku17_puzzle(bird_lecture: Article) -> None:
    shown = [line for line in bird_lecture.lines if re.fullmatch(r"[0-9]{81}", line)]
    assert len(shown) == 1
    assert shown[0] == first_lines(SUDOKU17, 1)[0].replace(".", "0")


def test_expand1_answers_the_lectures_two_questions(bird_lecture: Article) -> None:
    # (R1) a choice matrix with an empty choice expands to no matrix; (R2) a matrix of
    # singletons only fails, as minimum [] does
    line = next(line for line in bird_lecture.lines if re.fullmatch(r"[0-9]{81}", line))
    m = bird.choices(bird.s2g(line))
    assert bird.expand1((("", *m[0][1:]), *m[1:])) == []
    solution = next(bird.solve_search(bird.s2g(line)))
    with pytest.raises(ValueError, match="minimum"):
        bird.expand1(bird.choices(solution))


@pytest.mark.corpus
def test_main_prints_true_for_the_first_twenty_puzzles(bird_lecture: Article) -> None:
    # Bird's search on the first 20 sudoku17 puzzles: every one has a single solution
    # (about 30 s of CPU on this port: a corpus test)
    _, printed = bird_lecture.command(r"^\S+ \$ \./sudoku ")
    grids = [bird.s2g(line.replace(".", "0")) for line in first_lines(SUDOKU17, 20)]
    assert printed[0] == show(
        len([g for g in grids if bird.single(list(bird.solve_search(g)))]) == 20
    )
