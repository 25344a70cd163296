"""No test of the default run depends on something taking less than ten seconds.

A busy machine (a laptop compiling, a CI runner shared with other jobs) stretches every
duration: a test that fails when a step takes a second longer fails newcomers at random.
Streaming, "answered before the next read" and "no hang" are tested by the order of
events, or by a bound that only a hang can pass (tens of seconds).

:func:`short_limits` reads Python source and reports each of these, where ``n`` is a
number (a literal, a module-level constant, or arithmetic of them) with ``0 < n < 10``:

``compared``
    an ordering comparison (``<``, ``<=``, ``>``, ``>=``) of a time with ``n``. A time is
    a clock's reading (a call of ``time.monotonic``, ``perf_counter``, ``time``,
    ``process_time``, ``thread_time`` or their ``_ns`` forms); a name the same function
    assigned from a clock, directly or through other such names; a name, an item of a
    name or an attribute that says it holds a time (``took``, ``elapsed``, ``times``,
    ``seconds``, ``duration``, ``wall``, ``latency``, ``delay``, alone or as a word of a
    snake_case name); or arithmetic, ``float``, ``round``, ``abs``, ``max``, ``min`` of
    these;
``waits``
    a call given ``timeout=n`` or ``seconds=n``, ``x.wait(n)``, ``x.join(n)``, ``x.poll(n)``
    or ``select.select(r, w, x, n)``;
``defaults``
    a function whose parameter ``timeout`` or ``seconds`` (or ``*_timeout``,
    ``*_seconds``) defaults to ``n``;
``marked``
    ``pytest.mark.timeout(n)``.

A limit whose lines (or the line just above them) carry the comment
``# limit under test: <why>`` is left out: it is
for a test of a time limit itself, where what is limited never ends (or sleeps for a
minute), so the limit fires whatever the machine's speed.

It reads every ``.py`` file under ``tests/``, and the ``>>>`` examples of the docstrings
of ``fsudoku/`` and ``proofs/`` and of README.md and ``docs/*.md`` (the default run
runs them all). A test function (or class, or module) marked ``slow``, ``corpus`` or
``network`` is not in the default run and is not read; every other function is (a helper
may serve a default test). Code inside a string (a script a test runs in another
process) is not read: what such a script prints is caught where the test compares it,
if the name it is read into says it is a time.

What it cannot see: a time that reaches a comparison through a name that does not say so,
and a limit that a called function applies by default (``fsudoku.testing``'s calls of
the solver under test have one of 5 s unless told otherwise).
"""

from __future__ import annotations

import ast
import doctest
import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass

from support import ROOT

LIMIT = 10.0
"""The shortest bound a default-run test may place on a duration (seconds)."""

CLOCKS = frozenset(
    {"monotonic", "perf_counter", "time", "process_time", "thread_time"}
    | {f"{name}_ns" for name in ("monotonic", "perf_counter", "time", "process_time")}
)
"""The functions of :mod:`time` that read a clock."""

TIME_WORDS = re.compile(
    r"(?:^|_)(took|elapsed|times?|seconds|secs|duration|wall|latency|delay)(?:_|$)"
)
"""A name that says it holds a time."""

WAIT_KEYWORDS = frozenset({"timeout", "seconds"})
WAIT_METHODS = frozenset({"wait", "join", "poll"})
LIMIT_PARAMETER = re.compile(r"^(?:\w+_)?(?:timeout|seconds)$")
LONG_MARKS = frozenset({"slow", "corpus", "network"})
NUMBERS = frozenset({"float", "int", "round", "abs", "max", "min"})
ORDER = (ast.Lt, ast.LtE, ast.Gt, ast.GtE)
EXEMPT = "# limit under test:"
"""The comment that exempts a limit (see the module's docstring)."""


@dataclass(frozen=True)
class Finding:
    """One short limit: where, of which kind, and the source of the expression."""

    where: str
    line: int
    kind: str
    code: str

    def __str__(self) -> str:
        return f"{self.where}:{self.line}: {self.kind}: {self.code}"


# ------------------------------------------------------------------ numbers and clocks


def constants(tree: ast.Module) -> dict[str, float]:
    """The module's names bound at its top level to a number."""
    found: dict[str, float] = {}
    for statement in tree.body:
        target, value = None, None
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        if isinstance(target, ast.Name) and value is not None:
            number = numeric(value, found)
            if number is not None:
                found[target.id] = number
    return found


def numeric(node: ast.expr, known: dict[str, float]) -> float | None:
    """The value of a number written as a literal, a known name or arithmetic of them.

    >>> numeric(ast.parse("2 * T + 0.5", mode="eval").body, {"T": 3})
    6.5
    """
    if isinstance(node, ast.Constant):
        value = node.value
        return (
            float(value) if isinstance(value, int | float) and not isinstance(value, bool) else None
        )
    if isinstance(node, ast.Name):
        return known.get(node.id)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = numeric(node.operand, known)
        return None if inner is None else -inner
    if isinstance(node, ast.BinOp):
        left, right = numeric(node.left, known), numeric(node.right, known)
        if left is None or right is None:
            return None
        operations = {ast.Add: float.__add__, ast.Sub: float.__sub__, ast.Mult: float.__mul__}
        if isinstance(node.op, ast.Div) and right:
            return left / right
        operation = operations.get(type(node.op))
        return operation(left, right) if operation else None
    return None


def short(node: ast.expr, known: dict[str, float]) -> bool:
    """Whether ``node`` is a number above 0 and under :data:`LIMIT`."""
    number = numeric(node, known)
    return number is not None and 0 < number < LIMIT


def is_clock(call: ast.Call) -> bool:
    """Whether ``call`` reads one of :data:`CLOCKS` (``time.monotonic()``, ``perf_counter()``)."""
    function = call.func
    if isinstance(function, ast.Attribute) and function.attr in CLOCKS:
        return isinstance(function.value, ast.Name) and function.value.id == "time"
    return isinstance(function, ast.Name) and function.id in CLOCKS - {"time"}


def reads_a_clock(node: ast.AST) -> bool:
    """Whether ``node`` reads a clock anywhere inside it."""
    return any(isinstance(call, ast.Call) and is_clock(call) for call in ast.walk(node))


def assignments(scope: ast.AST) -> Iterator[tuple[str, ast.expr]]:
    """Each name ``scope`` binds with its value (``=``, ``: T =``, ``+=``, ``:=``)."""
    for node in ast.walk(scope):
        if isinstance(node, ast.Assign):
            for target in node.targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        yield name.id, node.value
        elif (
            isinstance(node, ast.AnnAssign | ast.AugAssign | ast.NamedExpr)
            and node.value
            and isinstance(node.target, ast.Name)
        ):
            yield node.target.id, node.value


def clock_names(scope: ast.AST) -> frozenset[str]:
    """The names ``scope`` assigns from a clock, directly or through other such names."""
    bound = list(assignments(scope))
    timed: set[str] = set()
    while True:
        more = {
            name
            for name, value in bound
            if name not in timed
            and (
                reads_a_clock(value)
                or any(isinstance(n, ast.Name) and n.id in timed for n in ast.walk(value))
            )
        }
        if not more:
            return frozenset(timed)
        timed |= more


def is_time(node: ast.expr, timed: frozenset[str]) -> bool:
    """Whether an operand of a comparison is a time: a clock's reading, a name that holds
    one or says it does (or an item or attribute of it), a number made of them
    (arithmetic, ``float``, ``round``, ``abs``, ``max``, ``min``)."""
    if isinstance(node, ast.Name):
        return node.id in timed or bool(TIME_WORDS.search(node.id))
    if isinstance(node, ast.Subscript):
        return is_time(node.value, timed)
    if isinstance(node, ast.Attribute):
        return bool(TIME_WORDS.search(node.attr))
    if isinstance(node, ast.BinOp):
        return is_time(node.left, timed) or is_time(node.right, timed)
    if isinstance(node, ast.UnaryOp):
        return is_time(node.operand, timed)
    if isinstance(node, ast.Call):
        function = node.func
        if isinstance(function, ast.Name) and function.id in NUMBERS:
            return any(is_time(argument, timed) for argument in node.args)
        return is_clock(node)
    return False


# ------------------------------------------------------------------ what is read


def mark_names(decorators: Iterable[ast.expr]) -> set[str]:
    """The ``pytest.mark.NAME`` of a list of decorators (or of a ``pytestmark``)."""
    names = set()
    for decorator in decorators:
        for node in ast.walk(decorator):
            if (
                isinstance(node, ast.Attribute)
                and isinstance(node.value, ast.Attribute)
                and node.value.attr == "mark"
            ):
                names.add(node.attr)
    return names


def module_marks(tree: ast.Module) -> set[str]:
    """The marks of a module's ``pytestmark``."""
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and any(
            isinstance(t, ast.Name) and t.id == "pytestmark" for t in statement.targets
        ):
            return mark_names([statement.value])
    return set()


def default_run_code(tree: ast.Module) -> list[ast.AST]:
    """The parts of a module the default run may run: all of it but what is marked
    ``slow``, ``corpus`` or ``network`` (a ``pytest.param``'s marks are not looked at)."""
    if module_marks(tree) & LONG_MARKS:
        return []
    kept: list[ast.AST] = []
    for statement in tree.body:
        if not (
            isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
            and mark_names(statement.decorator_list) & LONG_MARKS
        ):
            kept.append(statement)
    return kept


def scopes(parts: Sequence[ast.AST]) -> Iterator[ast.AST]:
    """Each function of ``parts`` (with what it nests), and the rest as one scope."""
    rest = []
    for part in parts:
        if isinstance(part, ast.FunctionDef | ast.AsyncFunctionDef):
            yield part
        elif isinstance(part, ast.ClassDef):
            yield from scopes(part.body)
        else:
            rest.append(part)
    yield ast.Module(body=rest, type_ignores=[])  # type: ignore[arg-type]


# ------------------------------------------------------------------ the four kinds


def findings_in(scope: ast.AST, known: dict[str, float]) -> Iterator[tuple[ast.AST, str]]:
    """The short limits of one scope, each with its kind."""
    timed = clock_names(scope)
    for node in ast.walk(scope):
        if isinstance(node, ast.Compare) and all(isinstance(o, ORDER) for o in node.ops):
            operands = [node.left, *node.comparators]
            if any(short(o, known) for o in operands) and any(
                is_time(o, timed) for o in operands if not short(o, known)
            ):
                yield node, "compared"
        elif isinstance(node, ast.Call):
            yield from call_findings(node, known)
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            arguments = node.args
            positional = [*arguments.posonlyargs, *arguments.args]
            pairs = list(
                zip(
                    positional[len(positional) - len(arguments.defaults) :],
                    arguments.defaults,
                    strict=True,
                )
            )
            pairs += [
                (a, d)
                for a, d in zip(arguments.kwonlyargs, arguments.kw_defaults, strict=True)
                if d
            ]
            for argument, default in pairs:
                if LIMIT_PARAMETER.match(argument.arg) and short(default, known):
                    yield default, "defaults"


def call_findings(call: ast.Call, known: dict[str, float]) -> Iterator[tuple[ast.AST, str]]:
    """A call's short waits, or a short ``pytest.mark.timeout``."""
    function = call.func
    name = function.attr if isinstance(function, ast.Attribute) else getattr(function, "id", "")
    if name == "timeout" and mark_names([function]) and call.args and short(call.args[0], known):
        yield call, "marked"
        return
    for keyword in call.keywords:
        if keyword.arg in WAIT_KEYWORDS and short(keyword.value, known):
            yield call, "waits"
            return
    if name in WAIT_METHODS and isinstance(function, ast.Attribute) and len(call.args) == 1:
        if short(call.args[0], known):
            yield call, "waits"
    elif name == "select" and len(call.args) == 4 and short(call.args[3], known):
        yield call, "waits"


def short_limits(source: str, where: str = "<source>") -> list[Finding]:
    """Every short limit of the default run in ``source`` (see the module's docstring)."""
    tree = ast.parse(source)
    known = constants(tree)
    lines = source.splitlines()
    found = set()
    for scope in scopes(default_run_code(tree)):
        for node, kind in findings_in(scope, known):
            line = getattr(node, "lineno", 0)
            end = getattr(node, "end_lineno", None) or line
            if any(EXEMPT in text for text in lines[max(line - 2, 0) : end]):
                continue
            code = ast.get_source_segment(source, node) or lines[line - 1]
            found.add(Finding(where, line, kind, " ".join(code.split())))
    return sorted(found, key=lambda f: (f.line, f.kind, f.code))


def doctest_source(text: str) -> str:
    """The ``>>>`` examples of a docstring or a page, as one program."""
    return "\n".join(e.source for e in doctest.DocTestParser().get_examples(text))


def docstrings(source: str) -> Iterator[tuple[int, str]]:
    """Each docstring of a module, with its line."""
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            text = ast.get_docstring(node, clean=False)
            if text and ">>>" in text:
                yield getattr(node, "lineno", 1), text


def everything() -> Iterator[Finding]:
    """The short limits of the default run: tests, doctests and the pages' examples."""
    for path in sorted((ROOT / "tests").rglob("*.py")):
        yield from short_limits(path.read_text(encoding="utf-8"), str(path.relative_to(ROOT)))
    for path in sorted([*(ROOT / "fsudoku").rglob("*.py"), *(ROOT / "proofs").rglob("*.py")]):
        for line, text in docstrings(path.read_text(encoding="utf-8")):
            where = f"{path.relative_to(ROOT)} (the docstring at line {line})"
            yield from short_limits(doctest_source(text), where)
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        yield from short_limits(doctest_source(page.read_text(encoding="utf-8")), page.name)


def test_no_default_run_test_bounds_a_duration_under_ten_seconds() -> None:
    found = [str(f) for f in everything()]
    assert not found, "limits under 10 s in the default run:\n" + "\n".join(found)


# ------------------------------------------------------------------ the check can fail

PLANTED = """
import select, subprocess, time
import pytest
from time import perf_counter

TIMEOUT = 60
QUICK = TIMEOUT / 20

def gone(pid, seconds=3.0):
    return True

def test_streams():
    started = time.monotonic()
    first = next(iter([1]))
    took = time.monotonic() - started
    assert took < 0.9
    assert perf_counter() - started <= 2
    times = [float(x) for x in "0.5 1.2".split()]
    assert times[0] < 0.9, times
    while time.monotonic() - started < QUICK:
        pass
    subprocess.run(["true"], timeout=5)
    process.wait(2)
    select.select([0], [], [], 0.5)

@pytest.mark.timeout(2)
def test_marked(timeout=1):
    pass
"""

PLANTED_KINDS = [
    (9, "defaults"),
    (16, "compared"),
    (17, "compared"),
    (19, "compared"),
    (20, "compared"),
    (22, "waits"),
    (23, "waits"),
    (24, "waits"),
    (26, "marked"),
    (27, "defaults"),
]

CLEAN = """
import subprocess, time
import pytest

TIMEOUT = 60

pytestmark = pytest.mark.skipif(False, reason="")

def read_line(stream, seconds=TIMEOUT):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = deadline - time.monotonic()
        if left <= 0:
            break
    return b""

def test_order_of_events():
    taken = []
    def producer():
        for line in ["a", "b"]:
            taken.append(line)
            yield line
    for count, line in enumerate(producer(), 1):
        assert len(taken) == count  # answered before the next line is taken
    subprocess.run(["true"], timeout=TIMEOUT)
    assert time.monotonic() - 0 < 30 * TIMEOUT
    assert len(taken) < 3

@pytest.mark.slow
def test_slow_one():
    assert time.monotonic() - 1.0 < 1.5

@pytest.mark.network
class TestNetwork:
    def test_one(self):
        subprocess.run(["true"], timeout=1)

def test_a_limit_that_is_the_point(call):
    # limit under test: what is called sleeps a minute
    assert call(timeout=0.5).timed_out

SCRIPT = "import time; assert time.monotonic() < 1"
"""


def test_the_check_finds_each_kind_of_short_limit_in_a_planted_module() -> None:
    found = short_limits(PLANTED, "planted.py")
    assert [(f.line, f.kind) for f in found] == PLANTED_KINDS, "\n".join(map(str, found))
    assert str(found[1]) == "planted.py:16: compared: took < 0.9"


def test_the_check_leaves_order_of_events_long_bounds_and_slow_tests_alone() -> None:
    assert short_limits(CLEAN, "clean.py") == []


def test_the_exemption_is_the_comment_and_nothing_else() -> None:
    without = CLEAN.replace("# limit under test: what is called sleeps a minute", "# a comment")
    assert [f.kind for f in short_limits(without)] == ["waits"]


def test_a_whole_module_marked_slow_is_not_read() -> None:
    assert short_limits("import pytest\npytestmark = [pytest.mark.slow]\n" + PLANTED) == []


def test_the_check_reads_doctests_and_pages() -> None:
    page = (
        "Text.\n\n```python\n>>> import subprocess\n>>> subprocess.run(['true'], timeout=1)\n```\n"
    )
    assert [f.kind for f in short_limits(doctest_source(page))] == ["waits"]
