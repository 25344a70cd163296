"""The top level, ``import fsudoku``: its names, what importing costs, the input
convention it shares with the command line, and its errors."""

from __future__ import annotations

import importlib.metadata
import pydoc
import subprocess
import sys
import tomllib

import pytest
from support import QUICK, ROOT, run_cli

import fsudoku
from fsudoku import grid_io
from fsudoku.base import names, outcome
from fsudoku.pe96 import counting
from fsudoku.run import registry

SAMPLE = grid_io.SAMPLE
NO_SOLUTION = "11" + "." * 79

PORT = {
    "fsudoku",
    "fsudoku.cell",
    "fsudoku.fp",
    "fsudoku.tz",
    "fsudoku.grid_io",
    "fsudoku.sarkar1",
    "fsudoku.sarkar2",
    "fsudoku.erratum",
    "fsudoku.bird",
}


def loaded_after(statement: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr
    return set(done.stdout.split())


def test_import_fsudoku_loads_nothing_of_the_package() -> None:
    # the version comes from the distribution's metadata
    loaded = loaded_after("import fsudoku")
    assert {m for m in loaded if m.startswith("fsudoku")} == {"fsudoku"}
    assert not {"numpy", "tqdm", "hypothesis", "argparse"} & loaded


def test_importing_a_port_module_loads_only_the_port() -> None:
    loaded = loaded_after("import fsudoku.sarkar1")
    ours = {m for m in loaded if m.startswith("fsudoku")}
    assert ours <= PORT, sorted(ours - PORT)
    assert "fsudoku.sarkar1" in ours
    assert not {"numpy", "tqdm", "hypothesis"} & loaded


def test_solving_with_the_reference_engine_loads_neither_numpy_nor_the_command_line() -> None:
    # asked for, or chosen by ``auto`` (the solvers the fast engine does not cover)
    loaded = loaded_after(
        f"import fsudoku\nassert fsudoku.solve({SAMPLE!r}, 'simple', engine='reference').nodes\n"
        f"assert fsudoku.solve({SAMPLE!r}, solver='dlx').engine == 'reference'"
    )
    assert "numpy" not in loaded and "fsudoku.fast" not in loaded
    assert not {m for m in loaded if m.startswith("fsudoku.app")}


def test_all_lists_the_api_and_every_public_module() -> None:
    all_: list[str] = getattr(fsudoku, "__all__")  # noqa: B009 (made on first use)
    api = {"solve", "solve_many", "count_solutions", "read_grid", "Outcome", "SolverName"}
    assert api <= set(all_)
    modules = {p.stem for p in (ROOT / "fsudoku").iterdir() if not p.name.startswith("_")}
    modules = {m.removesuffix(".py") for m in modules} - {"py", "app"}
    assert modules - {"py"} <= set(all_), sorted(modules - set(all_))
    assert "app" not in all_  # the command line is not a library API
    for name in all_:
        assert getattr(fsudoku, name) is not None, name
    assert set(all_) <= set(dir(fsudoku))
    assert fsudoku.Outcome is outcome.Outcome
    assert fsudoku.SolverName is names.SolverName
    assert fsudoku.read_grid(SAMPLE) == grid_io.read_grid(SAMPLE)  # the article's, checked
    for value in (None, 3, SAMPLE.encode(), list(SAMPLE)):
        with pytest.raises(TypeError, match="puzzle must be a str"):
            fsudoku.read_grid(value)  # type: ignore[arg-type]
    with pytest.raises(AttributeError, match="no_such_name"):
        fsudoku.no_such_name  # type: ignore[attr-defined]  # noqa: B018


def test_the_version_is_the_distributions() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    assert fsudoku.__version__ == project["version"] == importlib.metadata.version("fsudoku")


def test_help_shows_the_api_and_the_input_convention() -> None:
    text = pydoc.plain(pydoc.render_doc(fsudoku))
    for word in ("solve(", "solve_many(", "count_solutions(", "read_grid(", "class Outcome"):
        assert word in text, word
    assert "SolverName = typing.Literal['simple', 'exclusives'" in text
    assert "strict=True" in text and "``0`` for a blank" in text


@pytest.mark.parametrize("solver", names.SOLVERS)
def test_solve_is_the_registrys_solver(solver: names.SolverName) -> None:
    near_full = "693784512487512936125963874932651487568247391741398625319475268856129743274836.5."
    puzzle = near_full if solver == "bird-naive" else QUICK
    for line in (puzzle, NO_SOLUTION, "not a puzzle"):
        expected = registry.solve_line(solver, line, 200_000)
        assert fsudoku.solve(line, solver, max_nodes=200_000) == expected


TRICKY = [
    SAMPLE,
    SAMPLE.replace(".", "0"),  # 0 blanks
    SAMPLE[:40] + "0" + SAMPLE[41:],  # a mix of 0 and .
    SAMPLE + "\r",  # a Windows line ending
    SAMPLE + " ",  # a trailing space
    " " + SAMPLE,
    SAMPLE[:80],  # one short
    SAMPLE + ".",  # one long
    "\t" + SAMPLE[1:],
    NO_SOLUTION,
    NO_SOLUTION.replace(".", "0") + "\r",
    "",
    "not a puzzle",
    "５" + SAMPLE[1:],  # a digit that is not ASCII
]


def library_line(line: str, strict: bool) -> str:
    found = fsudoku.solve(line, strict=strict)
    return found.solution if found.solution is not None else found.message()


@pytest.mark.parametrize("strict", [False, True])
def test_the_library_reads_a_line_as_the_command_line_does(strict: bool) -> None:
    data = "".join(line + "\n" for line in TRICKY).encode()
    argv = ["solve", "--format", "line", "--engine", "reference"]
    _, out = run_cli([*argv, "--strict-input"] if strict else argv, data)
    assert out.splitlines() == [library_line(line, strict) for line in TRICKY]


def test_one_trailing_line_ending_is_dropped_unless_strict() -> None:
    for ending in ("\n", "\r\n", "\r"):
        assert fsudoku.solve(SAMPLE + ending).status == "solved"
        assert fsudoku.solve(SAMPLE + ending, strict=True).status == "invalid"
    assert fsudoku.solve(SAMPLE + "\n\n").status == "invalid"  # one ending, not two
    assert fsudoku.read_grid(SAMPLE.replace(".", "0")).value_or(None) is None


def test_solve_many_is_in_order_with_or_without_workers() -> None:
    lines = [SAMPLE, "bad", NO_SOLUTION, SAMPLE.replace(".", "0") + "\r\n"] * 3
    one = list(fsudoku.solve_many(lines, solver="norvig"))
    assert [o.status for o in one[:4]] == ["solved", "invalid", "no_solution", "solved"]
    assert list(fsudoku.solve_many(iter(lines), solver="norvig", jobs=2)) == one
    assert list(fsudoku.solve_many(lines, solver="norvig", jobs=0)) == one
    assert list(fsudoku.solve_many(lines, strict=True))[3].status == "invalid"


def test_count_solutions_reads_lines_as_solve_does() -> None:
    assert fsudoku.count_solutions(SAMPLE.replace(".", "0") + "\n") == 1
    two = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"
    assert fsudoku.count_solutions(two) == counting.count_solutions(two, max_nodes=None) == 2
    assert fsudoku.count_solutions("." * 81, limit=5) == 5
    with pytest.raises(ValueError, match="not a puzzle"):
        fsudoku.count_solutions(SAMPLE.replace(".", "0"), strict=True)


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: fsudoku.solve(123), TypeError, "str"),  # type: ignore[arg-type]
        (lambda: fsudoku.solve(SAMPLE, "no-such"), ValueError, "exclusives"),  # type: ignore[arg-type]
        (lambda: fsudoku.solve(SAMPLE, engine="quick"), ValueError, "reference"),  # type: ignore[arg-type]
        (lambda: fsudoku.solve(SAMPLE, strict="yes"), TypeError, "strict"),  # type: ignore[arg-type]
        (lambda: fsudoku.solve_many([SAMPLE], "no-such"), ValueError, "norvig"),  # type: ignore[arg-type]
        (lambda: fsudoku.solve_many([SAMPLE], jobs=-1), ValueError, "jobs"),
        (lambda: fsudoku.solve_many([SAMPLE], jobs="2"), TypeError, "jobs"),  # type: ignore[arg-type]
        (lambda: fsudoku.solve_many([SAMPLE], jobs=True), TypeError, "jobs"),
        (lambda: fsudoku.count_solutions(SAMPLE, limit=0), ValueError, "limit"),
        (lambda: fsudoku.count_solutions(None), TypeError, "str"),  # type: ignore[arg-type]
    ],
)
def test_bad_arguments_raise_one_clear_error(call: object, error: type, words: str) -> None:
    assert callable(call)
    with pytest.raises(error, match=words):
        call()


def test_solve_many_checks_its_arguments_when_called_not_when_iterated() -> None:
    with pytest.raises(registry.UnknownName):
        fsudoku.solve_many(iter([]), "no-such")  # type: ignore[arg-type]
    lazy = fsudoku.solve_many([SAMPLE, 7])  # type: ignore[list-item]
    assert next(lazy).status == "solved"
    with pytest.raises(TypeError, match="str"):
        next(lazy)


def test_a_bad_engine_fails_at_the_call_even_with_workers() -> None:
    with pytest.raises(registry.UnknownName, match="fast engine covers"):
        fsudoku.solve_many([SAMPLE], "norvig", engine="fast", jobs=2)
    with pytest.raises(ValueError, match="max_nodes"):
        fsudoku.solve_many([SAMPLE], jobs=2, max_nodes=-1)
