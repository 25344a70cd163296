"""Mutation testing of one module at a time: plant small bugs, run the module's own tests.

A development tool, not a test: ``python tools/mutation.py MODULE [options]``, for
example ``python tools/mutation.py fsudoku/sarkar1.py``. The repository is copied to
a temporary directory once; each mutant is written into that copy only (the working
tree is never touched) and the module's own tests (:func:`own_tests`, or
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
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def own_tests(module: str) -> tuple[str, ...]:
    """A module's own tests (pytest arguments), after its doctests.

    The test folder of its layer (``fsudoku/sarkar1.py``: ``tests/port``;
    ``fsudoku/fast/driver.py``: ``tests/fast``), and for the fast engine the golden test of
    it too.

    >>> own_tests("fsudoku/pe96/dlx.py")
    ('tests/pe96',)
    """
    parts = Path(module).parts
    layer = parts[1] if len(parts) > 2 else "port"
    if layer == "base":  # what every engine shares: tested where the registry uses it
        return ("tests/run",)
    if layer == "fast":
        return ("tests/fast", "tests/port/test_golden.py::test_fast_engine_matches_ghc")
    return (f"tests/{layer}",)


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
    """The ids of the nodes no operator touches.

    Annotations, f-strings, ``__all__``, ``TYPE_CHECKING`` blocks, module-level assertions,
    and everything under them.
    """
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
        elif (
            isinstance(node, ast.JoinedStr)
            or (
                isinstance(node, ast.Assign)
                and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            )
            or (isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test))
        ):
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


Planted = tuple[int, str, int, int, str, str]
"""A mutant found: start, operator, end, line, replacement text, description."""


class _Planter:
    """The mutants of one module's nodes, one method per kind of node (see :func:`mutants`)."""

    def __init__(self, source: bytes, skipped: set[int]) -> None:
        self.src = _Source(source)
        self.skipped = skipped
        self.found: list[Planted] = []

    def add(
        self, op: str, node: ast.AST, text: str, what: str, span: tuple[int, int] | None = None
    ) -> None:
        """Record one mutant: ``text`` in place of ``span`` (by default the node's)."""
        start, end = span or self.src.span(node)
        self.found.append((start, op, end, node.lineno, text, what))  # type: ignore[attr-defined]

    def plant(self, node: ast.AST) -> None:
        """Every mutant of one node: by its kind, then by the statements it holds."""
        by_kind = _BY_KIND.get(type(node))
        if by_kind is not None:
            by_kind(self, node)
        self.bodies(node)

    # -- expressions ---------------------------------------------------------

    def compare(self, node: ast.Compare) -> None:
        """``cmp``: each comparison operator exchanged with its partner."""
        for i, op in enumerate(node.ops):
            new = COMPARE_SWAP.get(type(op))
            if new is not None:
                ops = [*node.ops[:i], new(), *node.ops[i + 1 :]]
                compare = ast.Compare(node.left, ops, node.comparators)
                self.add(
                    "cmp", node, _parenthesized(compare), f"{type(op).__name__} -> {new.__name__}"
                )

    def constant(self, node: ast.Constant) -> None:
        """``const``: ``True`` and ``False`` exchanged, an integer plus or minus one."""
        if isinstance(node.value, str | bytes):
            return
        if isinstance(node.value, bool):
            self.add("const", node, repr(not node.value), f"{node.value} -> {not node.value}")
        elif isinstance(node.value, int):
            for k in (node.value + 1, node.value - 1):
                self.add("const", node, f"({k})", f"{node.value} -> {k}")

    def boolop(self, node: ast.BoolOp) -> None:
        """``boolop``: ``and`` and ``or`` exchanged."""
        new_op: ast.boolop = ast.Or() if isinstance(node.op, ast.And) else ast.And()
        self.add("boolop", node, _parenthesized(ast.BoolOp(new_op, node.values)), "and <-> or")

    def unaryop(self, node: ast.UnaryOp) -> None:
        """``not``: a ``not`` dropped."""
        if isinstance(node.op, ast.Not):
            self.add("not", node, "(" + self.src.text(node.operand) + ")", "not dropped")

    def binop(self, node: ast.BinOp) -> None:
        """``binop``: an arithmetic or bitwise operator exchanged."""
        if type(node.op) in BINOP_SWAP:
            new_bin = BINOP_SWAP[type(node.op)]()
            mutated = ast.BinOp(node.left, new_bin, node.right)
            what = f"{type(node.op).__name__} -> {type(new_bin).__name__}"
            self.add("binop", node, _parenthesized(mutated), what)

    def augassign(self, node: ast.AugAssign) -> None:
        """``binop`` of an augmented assignment."""
        if type(node.op) in BINOP_SWAP:
            new_aug = BINOP_SWAP[type(node.op)]()
            text = ast.unparse(ast.AugAssign(node.target, new_aug, node.value))
            what = f"{type(node.op).__name__}= -> {type(new_aug).__name__}="
            self.add("binop", node, text, what)

    def name(self, node: ast.Name) -> None:
        """``name``: ``min``/``max`` and ``any``/``all`` exchanged where they are read."""
        if node.id in NAME_SWAP and isinstance(node.ctx, ast.Load):
            self.add("name", node, NAME_SWAP[node.id], f"{node.id} -> {NAME_SWAP[node.id]}")

    def call(self, node: ast.Call) -> None:
        """``swap-args``: two neighbouring positional arguments exchanged (when they differ)."""
        src = self.src
        for i, (a, b) in enumerate(itertools.pairwise(node.args)):
            if isinstance(a, ast.Starred) or isinstance(b, ast.Starred):
                continue
            if ast.dump(a) == ast.dump(b):
                continue
            span = (src.span(a)[0], src.span(b)[1])
            between = src.source[src.span(a)[1] : src.span(b)[0]].decode()
            text = src.text(b) + between + src.text(a)
            self.add("swap-args", node, text, f"arguments {i + 1} and {i + 2} swapped", span)

    # -- conditions, returns, loops ------------------------------------------

    def condition(self, node: ast.If | ast.While | ast.IfExp) -> None:
        """``negate``: the condition of an ``if``, ``while`` or conditional expression."""
        self.add("negate", node.test, "not (" + self.src.text(node.test) + ")", "condition negated")

    def comprehension(self, node: ast.comprehension) -> None:
        """``negate``: each filter of a comprehension."""
        for cond in node.ifs:
            self.add("negate", cond, "not (" + self.src.text(cond) + ")", "filter negated")

    def return_(self, node: ast.Return) -> None:
        """``return``: a returned value (other than ``None``) replaced by ``None``."""
        if node.value is None:
            return
        if not (isinstance(node.value, ast.Constant) and node.value.value is None):
            self.add("return", node, "return None", "returns None")

    def break_(self, node: ast.Break) -> None:
        """``loop``: ``break`` becomes ``continue``."""
        self.add("loop", node, "continue", "break -> continue")

    def continue_(self, node: ast.Continue) -> None:
        """``loop``: ``continue`` becomes ``break``."""
        self.add("loop", node, "break", "continue -> break")

    # -- statements ----------------------------------------------------------

    def bodies(self, node: ast.AST) -> None:
        """``delete`` and ``swap-stmts`` in each statement list the node holds (not the module's)."""
        if isinstance(node, ast.Module):
            return
        for body in ("body", "orelse", "finalbody"):
            stmts = getattr(node, body, None)
            if isinstance(stmts, list):
                live = [s for s in stmts if isinstance(s, ast.stmt) and not _is_docstring(s)]
                self.delete(live)
                self.swap_stmts(live)

    def delete(self, live: list[ast.stmt]) -> None:
        """``delete``: a statement replaced by ``pass``."""
        for s in live:
            if isinstance(s, DELETABLE) and id(s) not in self.skipped:
                self.add("delete", s, "pass", f"{type(s).__name__} deleted")

    def swap_stmts(self, live: list[ast.stmt]) -> None:
        """``swap-stmts``: two neighbouring simple statements exchanged."""
        src = self.src
        for s, t in itertools.pairwise(live):
            if isinstance(s, SIMPLE) and isinstance(t, SIMPLE) and id(s) not in self.skipped:
                span = (src.span(s)[0], src.span(t)[1])
                between = src.source[src.span(s)[1] : src.span(t)[0]].decode()
                self.add(
                    "swap-stmts", s, src.text(t) + between + src.text(s), "statements swapped", span
                )


_BY_KIND: dict[type[ast.AST], Callable[[_Planter, Any], None]] = {
    ast.Compare: _Planter.compare,
    ast.Constant: _Planter.constant,
    ast.BoolOp: _Planter.boolop,
    ast.UnaryOp: _Planter.unaryop,
    ast.BinOp: _Planter.binop,
    ast.AugAssign: _Planter.augassign,
    ast.Name: _Planter.name,
    ast.Call: _Planter.call,
    ast.If: _Planter.condition,
    ast.While: _Planter.condition,
    ast.IfExp: _Planter.condition,
    ast.comprehension: _Planter.comprehension,
    ast.Return: _Planter.return_,
    ast.Break: _Planter.break_,
    ast.Continue: _Planter.continue_,
}
"""The operators of each kind of node (the operators of a statement list aside)."""


def _parenthesized(node: ast.expr) -> str:
    return "(" + ast.unparse(node) + ")"


def mutants(source: bytes) -> list[Mutant]:
    """Every mutant of a module, in a fixed order (by position, then operator)."""
    tree = ast.parse(source)
    planter = _Planter(source, _skipped(tree))
    docstrings = {id(n) for n in ast.walk(tree) if isinstance(n, ast.stmt) and _is_docstring(n)}
    for node in ast.walk(tree):
        if id(node) not in planter.skipped and id(node) not in docstrings:
            planter.plant(node)
    return _numbered(source, tree, planter.found)


def _numbered(source: bytes, tree: ast.Module, found: list[Planted]) -> list[Mutant]:
    """The mutants that parse and change the tree, sorted and numbered."""
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
    """A copy of the repository (sources, tests, configuration) in ``into``.

    Next to it, a link to the shared data directory the tests look for, beside the checkout.
    """
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
    """``size`` mutants drawn at random with ``seed``, in their order in the module.

    All of them when ``size`` is None.
    """
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
    parser.add_argument("--tests", nargs="+", help="pytest arguments (default: own_tests)")
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
    tests = tuple(args.tests) if args.tests else own_tests(module)
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
