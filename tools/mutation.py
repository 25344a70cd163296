"""Mutation testing of one module at a time: plant small bugs, run the module's own tests.

A development tool, not a test: ``python tools/mutation.py MODULE [options]``, for
example ``python tools/mutation.py fsudoku/sarkar1.py``. The repository is copied to
a temporary directory once; each mutant is written into that copy only (the working
tree is never touched) and the module's own tests (:data:`OWN_TESTS`, or
``--tests``) run there with ``pytest -x`` under a timeout, with ``CI=true``
(Hypothesis' derandomized ``ci`` profile). A mutant is *killed* when the tests fail
(or time out), and *survives* when they pass. The report gives the counts and, for
each survivor, its diff.

Operators (each applied at one place of the module's code, docstrings and annotations
left alone): ``cmp`` (``<`` and ``<=``, ``>`` and ``>=``, ``==`` and ``!=``, ``in`` and
``not in``, ``is`` and ``is not`` exchanged), ``const`` (an integer plus or minus one,
``True`` and ``False`` exchanged), ``boolop`` (``and``/``or``), ``not`` (a ``not``
dropped), ``negate`` (the condition of an ``if``, ``while``, conditional expression or
comprehension filter negated), ``binop`` (``+``/``-``, ``*``/``//``, ``&``/``|``,
``<<``/``>>``, ...; augmented assignments too), ``name`` (``min``/``max``,
``any``/``all``), ``return`` (a returned value replaced by ``None``), ``delete`` (a
statement replaced by ``pass``), ``swap-args`` (two neighbouring positional arguments
of a call exchanged), ``swap-stmts`` (two neighbouring simple statements exchanged),
``loop`` (``break``/``continue``).
"""

from __future__ import annotations

import argparse
import ast
import difflib
import itertools
import json
import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PORT_TESTS = (
    "tests/port/test_golden.py",
    "--deselect",
    "tests/port/test_golden.py::test_fast_engine_matches_ghc",
)
FAST_TESTS = ("tests/port/test_golden.py::test_fast_engine_matches_ghc", "tests/fast/test_fast.py")
PE96_TESTS = ("tests/pe96/test_counting.py",)

OWN_TESTS: dict[str, tuple[str, ...]] = {
    "fsudoku/cell.py": (*PORT_TESTS, "tests/port/test_sarkar.py"),
    "fsudoku/fp.py": (*PORT_TESTS, "tests/port/test_sarkar.py", "tests/port/test_bird.py"),
    "fsudoku/grid_io.py": (*PORT_TESTS, "tests/port/test_sarkar.py"),
    "fsudoku/sarkar1.py": (*PORT_TESTS, "tests/port/test_sarkar.py", "tests/port/test_laws.py"),
    "fsudoku/sarkar2.py": (*PORT_TESTS, "tests/port/test_sarkar.py", "tests/port/test_laws.py"),
    "fsudoku/erratum.py": ("tests/port/test_sarkar.py",),
    "fsudoku/bird.py": (*PORT_TESTS, "tests/port/test_bird.py", "tests/port/test_laws.py"),
    "fsudoku/fast/scalar.py": FAST_TESTS,
    "fsudoku/fast/vector.py": FAST_TESTS,
    "fsudoku/fast/driver.py": FAST_TESTS,
    "fsudoku/pe96/mrv.py": ("tests/pe96/test_mrv.py", *PE96_TESTS),
    "fsudoku/pe96/dlx.py": ("tests/pe96/test_dlx.py", *PE96_TESTS),
    "fsudoku/pe96/norvig.py": ("tests/pe96/test_norvig.py", *PE96_TESTS),
}
"""Each module's own tests (pytest arguments), after the module's doctests: for the
port, its test files and the golden tests of the reference (not the fast engine's
agreement tests); for the fast engine, its test file and the golden fast test."""

COMPARE_SWAP: dict[type[ast.cmpop], type[ast.cmpop]] = {
    ast.Lt: ast.LtE,
    ast.LtE: ast.Lt,
    ast.Gt: ast.GtE,
    ast.GtE: ast.Gt,
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
BINOP_SWAP: dict[type[ast.operator], type[ast.operator]] = {
    ast.Add: ast.Sub,
    ast.Sub: ast.Add,
    ast.Mult: ast.FloorDiv,
    ast.FloorDiv: ast.Mult,
    ast.Div: ast.Mult,
    ast.Mod: ast.FloorDiv,
    ast.BitAnd: ast.BitOr,
    ast.BitOr: ast.BitAnd,
    ast.BitXor: ast.BitOr,
    ast.LShift: ast.RShift,
    ast.RShift: ast.LShift,
}
NAME_SWAP = {"min": "max", "max": "min", "any": "all", "all": "any"}
DELETABLE = (
    ast.Expr,
    ast.Assign,
    ast.AugAssign,
    ast.AnnAssign,
    ast.Raise,
    ast.If,
    ast.For,
    ast.While,
)
SIMPLE = (ast.Expr, ast.Assign, ast.AugAssign, ast.AnnAssign)


@dataclass(frozen=True)
class Mutant:
    """One planted bug: bytes ``start:end`` of the module replaced by ``text``."""

    number: int
    operator: str
    line: int
    start: int
    end: int
    text: str
    description: str

    def apply(self, source: bytes) -> bytes:
        """The module's source with this mutation."""
        return source[: self.start] + self.text.encode() + source[self.end :]


def _is_docstring(node: ast.stmt) -> bool:
    return (
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Constant)
        and isinstance(node.value.value, str)
    )


def _skipped(tree: ast.Module) -> set[int]:
    """The ids of the nodes no operator touches: annotations, f-strings, ``__all__``,
    ``TYPE_CHECKING`` blocks, module-level assertions, and everything under them."""
    out: set[int] = set()

    def skip(node: ast.AST | None) -> None:
        if node is not None:
            out.update(id(n) for n in ast.walk(node))

    for node in ast.walk(tree):
        if isinstance(node, ast.arg):
            skip(node.annotation)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            skip(node.returns)
        elif isinstance(node, ast.AnnAssign):
            skip(node.annotation)
            if isinstance(node.target, ast.Name) and node.target.id.endswith("TypeAlias"):
                skip(node)
        elif isinstance(node, ast.JoinedStr):
            skip(node)
        elif isinstance(node, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets
        ):
            skip(node)
        elif isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip(node)
    for node in tree.body:
        if isinstance(node, ast.Assert) or _is_docstring(node):
            skip(node)
        if isinstance(node, ast.AnnAssign) and "TypeAlias" in ast.unparse(node.annotation):
            skip(node)
    return out


class _Source:
    """A module's source with byte offsets for AST positions (``col_offset`` counts bytes)."""

    def __init__(self, source: bytes) -> None:
        self.source = source
        self.starts = [0]
        for i, b in enumerate(source):
            if b == 0x0A:
                self.starts.append(i + 1)

    def offset(self, line: int, col: int) -> int:
        return self.starts[line - 1] + col

    def span(self, node: ast.AST) -> tuple[int, int]:
        start = self.offset(node.lineno, node.col_offset)  # type: ignore[attr-defined]
        end = self.offset(node.end_lineno, node.end_col_offset)  # type: ignore[attr-defined]
        return start, end

    def text(self, node: ast.AST) -> str:
        start, end = self.span(node)
        return self.source[start:end].decode()


def mutants(source: bytes) -> list[Mutant]:
    """Every mutant of a module, in a fixed order (by position, then operator)."""
    tree = ast.parse(source)
    skipped = _skipped(tree)
    src = _Source(source)
    found: list[tuple[int, str, int, int, str, str]] = []

    def add(
        op: str, node: ast.AST, text: str, what: str, span: tuple[int, int] | None = None
    ) -> None:
        start, end = span or src.span(node)
        found.append((start, op, end, node.lineno, text, what))  # type: ignore[attr-defined]

    def expr(node: ast.expr) -> str:
        return "(" + ast.unparse(node) + ")"

    docstrings = {id(n) for n in ast.walk(tree) if isinstance(n, ast.stmt) and _is_docstring(n)}
    for node in ast.walk(tree):
        if id(node) in skipped or id(node) in docstrings:
            continue
        if isinstance(node, ast.Compare):
            for i, op in enumerate(node.ops):
                new = COMPARE_SWAP.get(type(op))
                if new is not None:
                    ops = [*node.ops[:i], new(), *node.ops[i + 1 :]]
                    compare = ast.Compare(node.left, ops, node.comparators)
                    add("cmp", node, expr(compare), f"{type(op).__name__} -> {new.__name__}")
        elif isinstance(node, ast.Constant) and not isinstance(node.value, str | bytes):
            if isinstance(node.value, bool):
                add("const", node, repr(not node.value), f"{node.value} -> {not node.value}")
            elif isinstance(node.value, int):
                for k in (node.value + 1, node.value - 1):
                    add("const", node, f"({k})", f"{node.value} -> {k}")
        elif isinstance(node, ast.BoolOp):
            new_op: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
            add("boolop", node, expr(ast.BoolOp(new_op, node.values)), "and <-> or")
        elif isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
            add("not", node, "(" + src.text(node.operand) + ")", "not dropped")
        elif isinstance(node, ast.BinOp) and type(node.op) in BINOP_SWAP:
            new_bin = BINOP_SWAP[type(node.op)]()
            mutated_bin = ast.BinOp(node.left, new_bin, node.right)
            add(
                "binop",
                node,
                expr(mutated_bin),
                f"{type(node.op).__name__} -> {type(new_bin).__name__}",
            )
        elif isinstance(node, ast.AugAssign) and type(node.op) in BINOP_SWAP:
            new_aug = BINOP_SWAP[type(node.op)]()
            mutated_aug = ast.AugAssign(node.target, new_aug, node.value)
            text = ast.unparse(mutated_aug)
            add("binop", node, text, f"{type(node.op).__name__}= -> {type(new_aug).__name__}=")
        elif isinstance(node, ast.Name) and node.id in NAME_SWAP and isinstance(node.ctx, ast.Load):
            add("name", node, NAME_SWAP[node.id], f"{node.id} -> {NAME_SWAP[node.id]}")
        elif isinstance(node, ast.Call):
            args = node.args
            for i in range(len(args) - 1):
                a, b = args[i], args[i + 1]
                if isinstance(a, ast.Starred) or isinstance(b, ast.Starred):
                    continue
                if ast.dump(a) == ast.dump(b):
                    continue
                span = (src.span(a)[0], src.span(b)[1])
                between = src.source[src.span(a)[1] : src.span(b)[0]].decode()
                add(
                    "swap-args",
                    node,
                    src.text(b) + between + src.text(a),
                    f"arguments {i + 1} and {i + 2} swapped",
                    span,
                )
        if isinstance(node, ast.If | ast.While | ast.IfExp):
            add("negate", node.test, "not (" + src.text(node.test) + ")", "condition negated")
        elif isinstance(node, ast.comprehension):
            for cond in node.ifs:
                add("negate", cond, "not (" + src.text(cond) + ")", "filter negated")
        elif isinstance(node, ast.Return) and node.value is not None:
            if not (isinstance(node.value, ast.Constant) and node.value.value is None):
                add("return", node, "return None", "returns None")
        elif isinstance(node, ast.Break):
            add("loop", node, "continue", "break -> continue")
        elif isinstance(node, ast.Continue):
            add("loop", node, "break", "continue -> break")
        for body in ("body", "orelse", "finalbody"):
            stmts = getattr(node, body, None)
            if not isinstance(stmts, list) or isinstance(node, ast.Module):
                continue
            live = [s for s in stmts if isinstance(s, ast.stmt) and not _is_docstring(s)]
            for s in live:
                if isinstance(s, DELETABLE) and id(s) not in skipped:
                    add("delete", s, "pass", f"{type(s).__name__} deleted")
            for s, t in itertools.pairwise(live):
                if isinstance(s, SIMPLE) and isinstance(t, SIMPLE) and id(s) not in skipped:
                    span = (src.span(s)[0], src.span(t)[1])
                    between = src.source[src.span(s)[1] : src.span(t)[0]].decode()
                    add(
                        "swap-stmts",
                        s,
                        src.text(t) + between + src.text(s),
                        "statements swapped",
                        span,
                    )
    found.sort(key=lambda f: (f[0], f[2], f[1], f[4]))
    out: list[Mutant] = []
    original = ast.dump(tree)
    for start, name, end, line, text, what in found:
        planted = source[:start] + text.encode() + source[end:]
        try:
            same = ast.dump(ast.parse(planted)) == original
        except SyntaxError:
            continue
        if not same:
            out.append(Mutant(len(out), name, line, start, end, text, what))
    return out


def diff(source: bytes, mutant: Mutant, path: str) -> str:
    """The unified diff of a mutant against the module (one line of context)."""
    before = source.decode().splitlines(keepends=True)
    after = mutant.apply(source).decode().splitlines(keepends=True)
    return "".join(difflib.unified_diff(before, after, path, path + " (mutant)", n=1))


@dataclass
class Result:
    """What the tests said about one mutant: ``killed``, ``timeout`` or ``survived``."""

    number: int
    operator: str
    line: int
    description: str
    verdict: str
    seconds: float
    diff: str


def copy_tree(into: Path) -> Path:
    """A copy of the repository (sources, tests, configuration) in ``into``, next to a
    link to the shared data directory the tests look for, beside the checkout."""
    ignore = shutil.ignore_patterns(
        ".git", "__pycache__", "*.pyc", ".mypy_cache", ".ruff_cache", ".hypothesis",
        ".pytest_cache", "dist", "build", "*.egg-info",
    )  # fmt: skip
    repo = into / ROOT.name
    shutil.copytree(ROOT, repo, ignore=ignore)
    shared = ROOT.parent / "shared"
    if shared.is_dir():
        (into / "shared").symlink_to(shared)
    return repo


def run_tests(repo: Path, module: str, tests: Sequence[str], timeout: float) -> tuple[str, float]:
    """Run the module's doctests and its own tests in the copy: the verdict and the time."""
    env = dict(os.environ, CI="true", PYTHONPATH=str(repo), PYTHONDONTWRITEBYTECODE="1")
    argv = [sys.executable, "-B", "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider"]
    argv += ["--no-header", "--tb=no", module, *tests]
    start = time.perf_counter()
    with subprocess.Popen(
        argv, cwd=repo, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        start_new_session=True,
    ) as proc:  # fmt: skip
        try:
            code = proc.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return "timeout", time.perf_counter() - start
    seconds = time.perf_counter() - start
    if code == 0:
        return "survived", seconds
    if code == 5:  # no tests collected: the selection is wrong, not the mutant
        raise SystemExit(f"no tests collected for {module} {' '.join(tests)}")
    return "killed", seconds


def sample(items: list[Mutant], size: int | None, seed: int) -> list[Mutant]:
    """``size`` mutants drawn at random with ``seed`` (all of them when ``size`` is None),
    in their order in the module."""
    if size is None or size >= len(items):
        return items
    return sorted(random.Random(seed).sample(items, size), key=lambda m: m.number)


def report(module: str, results: Sequence[Result], total: int) -> Iterator[str]:
    """The summary of a run, then every survivor with its diff."""
    killed = sum(r.verdict in {"killed", "timeout"} for r in results)
    timeouts = sum(r.verdict == "timeout" for r in results)
    rate = 100 * killed / len(results) if results else 100.0
    yield (
        f"{module}: {len(results)} of {total} mutants run, {killed} killed "
        f"({timeouts} by timeout), {len(results) - killed} survived: {rate:.1f}% killed"
    )
    for r in results:
        if r.verdict == "survived":
            yield f"\n# survivor {r.number} ({r.operator}, line {r.line}: {r.description})\n{r.diff}"


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: mutate MODULE, run its own tests on each mutant, report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("module", help="the module's path, e.g. fsudoku/sarkar1.py")
    parser.add_argument("--tests", nargs="+", help="pytest arguments (default: OWN_TESTS)")
    parser.add_argument(
        "--timeout", type=float, help="seconds per mutant (default: 3x baseline + 20)"
    )
    parser.add_argument("--sample", type=int, help="run this many mutants, drawn at random")
    parser.add_argument("--seed", type=int, default=0, help="seed of --sample (default 0)")
    parser.add_argument("--only", type=int, nargs="+", help="run only these mutant numbers")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--json", type=Path, help="also write the results to this file")
    args = parser.parse_args(argv)
    module = Path(args.module).as_posix()
    if not (ROOT / module).is_file():
        parser.error(f"{module}: no such module under {ROOT}")
    tests = tuple(args.tests) if args.tests else OWN_TESTS.get(module)
    if tests is None:
        parser.error(f"{module}: no own tests known; give --tests")
    source = (ROOT / module).read_bytes()
    every = mutants(source)
    chosen = [m for m in every if m.number in set(args.only)] if args.only else every
    chosen = sample(chosen, args.sample, args.seed)
    if args.list:
        for m in chosen:
            print(f"{m.number:4d} {m.operator:10s} line {m.line:4d}: {m.description}")
        print(f"{len(chosen)} of {len(every)} mutants")
        return 0
    with tempfile.TemporaryDirectory(prefix="fsudoku-mutation-") as tmp:
        repo = copy_tree(Path(tmp))
        verdict, baseline = run_tests(repo, module, tests, args.timeout or 3600)
        if verdict != "survived":
            print(f"{module}: the tests fail on the unmutated copy ({verdict}); fix them first")
            return 2
        timeout = args.timeout or 3 * baseline + 20
        print(
            f"{module}: {len(chosen)} of {len(every)} mutants; baseline {baseline:.1f}s, timeout {timeout:.0f}s",
            flush=True,
        )
        results: list[Result] = []
        target = repo / module
        try:
            for m in chosen:
                target.write_bytes(m.apply(source))
                verdict, seconds = run_tests(repo, module, tests, timeout)
                results.append(
                    Result(
                        m.number,
                        m.operator,
                        m.line,
                        m.description,
                        verdict,
                        seconds,
                        diff(source, m, module),
                    )
                )
                print(
                    f"{m.number:4d} {verdict:8s} {seconds:6.1f}s {m.operator} line {m.line}: {m.description}",
                    flush=True,
                )
        finally:
            target.write_bytes(source)
    print("\n".join(report(module, results, len(every))))
    if args.json:
        args.json.write_text(json.dumps([asdict(r) for r in results], indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
