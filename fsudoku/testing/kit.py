"""Check the laws of :mod:`fsudoku.testing.laws` for a record of functions, with Hypothesis.

The functions under test are a :class:`~fsudoku.testing.laws.Parts`: fsudoku's own
(``FSUDOKU``), with the ones you wrote in their place. In a pytest module, one line
makes one test per law (``test_laws[boxs_involution]``, ...)::

    from dataclasses import replace

    from fsudoku.testing.kit import law_tests
    from fsudoku.testing.laws import FSUDOKU
    from my_sudoku import my_boxs, my_prune_row

    MINE = replace(FSUDOKU, boxs=my_boxs, prune_row=my_prune_row)

    test_laws = law_tests(MINE)

To check only some laws: ``law_tests(MINE, laws=[law for law in LAWS if "boxs" in
law.uses])``. Elsewhere, ``check_laws(MINE)`` checks them all and raises one
:class:`LawsFailed` listing every failing law, and ``check_law(law, MINE)`` checks one,
raising :class:`LawFailure`. Both are ``AssertionError`` subclasses whose message
names the law, its equation and its equality, and shows the shrunk counterexample
with both sides. The settings are those of the current Hypothesis profile, except:
each law's own number of examples (or ``max_examples``), no deadline, no example
database, and Hypothesis itself quiet (the failure says everything).

A whole solver, ``str -> str | None`` (or ``Maybe[str]``), is checked against fsudoku's
reference on generated puzzles by :func:`check_solver`, which raises
:class:`SolverDisagrees` with the shrunk puzzle and both answers::

    def test_my_solver() -> None:
        check_solver(my_solve, order="any")

Needs the ``hypothesis`` extra, and pytest for :func:`law_tests` only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, Literal, TypeAlias, get_args

from hypothesis import HealthCheck, Phase, Verbosity, given, reject, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from returns.maybe import Maybe

from fsudoku.base.names import SolverName
from fsudoku.base.oracle import is_solution
from fsudoku.base.outcome import Outcome
from fsudoku.run.registry import solve_line
from fsudoku.testing.laws import FSUDOKU, LAWS, Law, Parts
from fsudoku.testing.strategies import (
    ambiguous_puzzles,
    contradictory_puzzles,
    empty_grid,
    invalid_lines,
    law_arguments,
    near_full_grids,
    puzzles,
    unique_puzzles,
    unsolvable_puzzles,
)

__all__ = [
    "KINDS",
    "ORDERS",
    "RULES",
    "Kind",
    "LawFailure",
    "LawsFailed",
    "LineSolver",
    "Order",
    "Rule",
    "SolverDisagrees",
    "check_law",
    "check_laws",
    "check_solver",
    "law_tests",
    "solver_lines",
]


def show(value: object, limit: int = 400) -> str:
    """A readable, bounded rendering of a value."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 5] + " ...)"


class LawFailure(AssertionError):
    """A law does not hold for a record of parts: the shrunk counterexample and both sides."""

    def __init__(
        self,
        law: Law,
        parts: Parts,
        arguments: Mapping[str, Any] | None = None,
        left: object = None,
        right: object = None,
        error: BaseException | None = None,
    ) -> None:
        self.law = law
        self.parts = parts
        self.arguments = dict(arguments) if arguments is not None else None
        self.left = left
        self.right = right
        self.error = error
        super().__init__(self.describe())

    def describe(self) -> str:
        """The message: the law, its equation and equality, the counterexample, both sides."""
        law = self.law
        head = f"law {law.name} does not hold: {law.statement}"
        if self.arguments is None:
            return (
                f"{head}\n  no arguments satisfy its condition ({law.condition})\n"
                f"  with  {self.parts!r}"
            )
        given_ = ", ".join(f"{k} = {show(v, 200)}" for k, v in self.arguments.items())
        lines = [head, f"  for   {given_}"]
        if self.error is not None:
            lines.append(f"  raised {type(self.error).__name__}: {self.error}")
        else:
            lines.append(f"  left  = {show(self.left)}")
            lines.append(f"  right = {show(self.right)}")
        lines.append(f"  with  {self.parts!r}")
        return "\n".join(lines)


class LawsFailed(AssertionError):
    """Some laws do not hold for a record of parts: one :class:`LawFailure` each."""

    def __init__(self, parts: Parts, failures: tuple[LawFailure, ...], checked: int) -> None:
        self.parts = parts
        self.failures = failures
        self.checked = checked
        names = ", ".join(f.law.name for f in failures)
        super().__init__(
            f"{len(failures)} of {checked} laws fail for {parts!r}: {names}\n\n"
            + "\n\n".join(f.describe() for f in failures)
        )


class _Counterexample(Exception):
    """Raised in Hypothesis' test when a law fails, so that Hypothesis shrinks its arguments."""

    def __init__(
        self,
        arguments: Mapping[str, Any],
        left: object = None,
        right: object = None,
        error: BaseException | None = None,
    ) -> None:
        super().__init__(arguments)
        self.arguments = arguments
        self.left = left
        self.right = right
        self.error = error


def check_law(
    law: Law,
    parts: Parts = FSUDOKU,
    *,
    max_examples: int | None = None,
    shrink: bool = True,
    derandomize: bool | None = None,
) -> None:
    """Check one law for ``parts`` with Hypothesis; raise :class:`LawFailure` if it fails.

    ``max_examples`` overrides the law's own number; ``shrink=False`` reports the first
    counterexample found (faster); ``derandomize`` overrides the profile's.
    """

    def body(arguments: dict[str, Any]) -> None:
        try:
            applies = law.applies(parts, **arguments)
        except Exception as exc:  # a wrong part may crash the condition
            raise _Counterexample(arguments, error=exc) from exc
        if not applies:
            reject()
        try:
            left, right = law(parts, **arguments)
            same = law.equality.same(left, right)
        except Exception as exc:  # a wrong part may crash the law, or loop (Diverged)
            raise _Counterexample(arguments, error=exc) from exc
        if not same:
            raise _Counterexample(arguments, left, right)

    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    options: dict[str, Any] = {} if derandomize is None else {"derandomize": derandomize}
    run = settings(
        max_examples=max_examples or law.examples,
        deadline=None,
        database=None,
        phases=phases if shrink else phases[:2],
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        **options,
    )(given(law_arguments(law))(body))
    try:
        run()
    except _Counterexample as found:
        raise LawFailure(
            law, parts, found.arguments, found.left, found.right, found.error
        ) from found.error
    except Unsatisfiable:
        raise LawFailure(law, parts) from None


def check_laws(
    parts: Parts = FSUDOKU, *, laws: Iterable[Law] | None = None, max_examples: int | None = None
) -> None:
    """Check every law (or ``laws``) for ``parts``; raise :class:`LawsFailed` if any fails."""
    selected = tuple(LAWS if laws is None else laws)
    failures: list[LawFailure] = []
    for law in selected:
        try:
            check_law(law, parts, max_examples=max_examples)
        except LawFailure as failure:
            failures.append(failure)
    if failures:
        raise LawsFailed(parts, tuple(failures), len(selected))


def law_tests(
    parts: Parts = FSUDOKU, *, laws: Iterable[Law] | None = None, max_examples: int | None = None
) -> Callable[[Law], None]:
    """A pytest test of ``parts``, parametrized by law: assign it to ``test_...`` in a module."""
    import pytest

    selected = tuple(LAWS if laws is None else laws)

    @pytest.mark.parametrize("law", selected, ids=[law.name for law in selected])
    def test_law(law: Law) -> None:
        """The law holds for the parts."""
        check_law(law, parts, max_examples=max_examples)

    return test_law


# ------------------------------------------------------------------ check_solver

Order: TypeAlias = Literal["any", "sarkar", "bird"]
"""Which answer :func:`check_solver` expects where a puzzle has a solution: any valid
one, the first of Sarkar's search, or the first of Bird's."""

Rule: TypeAlias = Literal["simple", "exclusives", "exclusives-sets"]
"""The cell pruner of Sarkar's search, as the registry names it: #1's, #2's as
published, #2's as its prose intends. It decides which cell the search splits, and so
which solution it finds first."""

Kind: TypeAlias = Literal[
    "near_full", "unique", "several", "no_solution", "repeated_clue", "invalid", "empty", "sparse"
]
"""The kinds of lines :func:`check_solver` tries (see :data:`KINDS`)."""

ORDERS: tuple[Order, ...] = get_args(Order)
RULES: tuple[Rule, ...] = get_args(Rule)
KINDS: Mapping[Kind, str] = {
    "near_full": "a near-full grid (at most 8 blanks)",
    "unique": "a puzzle with one solution",
    "several": "a puzzle with several solutions",
    "no_solution": "a puzzle with no solution, found only by pruning or searching",
    "repeated_clue": "a puzzle with no solution: a unit repeats a clue",
    "invalid": "a line that is not a puzzle",
    "empty": "the empty grid",
    "sparse": "a sparse puzzle (it has a solution)",
}
"""Each kind of line, as failure messages describe it, in the order tried."""

REFERENCE_NODES = 1_000
"""The node bound of the reference's search; a line it gives up on is skipped (the
bounds of :func:`solver_lines` keep that rare)."""

SEARCH_MAX_BLANKS = 55
"""The blanks of a puzzle with one solution, and (5 fewer) of one with none, when the
reference is a search (``order="sarkar"`` or ``"bird"``): sparser ones can take it
seconds. The Dancing Links reference of ``order="any"`` takes any."""

SEARCH_SPARSE_BLANKS = 65
"""The fewest blanks of a sparse puzzle when the reference is a search: between 45 and
65 blanks, some puzzles take Sarkar #1 thousands of nodes; sparser ones have so many
solutions that a search finds one at once."""


def solver_lines(kind: Kind, *, order: Order = "any") -> st.SearchStrategy[str]:
    """The lines of one kind (see :data:`KINDS`) that :func:`check_solver` tries, drawn
    from :mod:`fsudoku.testing.strategies` with the bounds that keep the reference of
    ``order`` quick.

    >>> @settings(max_examples=10)
    ... @given(solver_lines("unique", order="bird"))
    ... def test_few_blanks(line):
    ...     assert line.count(".") <= SEARCH_MAX_BLANKS
    >>> test_few_blanks()
    >>> solver_lines("hard")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown kinds of puzzles ['hard']; choose among near_full, unique, ...
    """
    (kind,) = _kinds([kind])
    search = _reference_name(order, None) != "dlx"
    if kind == "near_full":
        return near_full_grids(8)
    if kind == "unique":
        return unique_puzzles(max_blanks=SEARCH_MAX_BLANKS if search else 64)
    if kind == "several":
        return ambiguous_puzzles()
    if kind == "no_solution":
        return unsolvable_puzzles(max_blanks=SEARCH_MAX_BLANKS - 5 if search else 63)
    if kind == "repeated_clue":
        return contradictory_puzzles()
    if kind == "invalid":
        return invalid_lines()
    if kind == "empty":
        return st.just(empty_grid())
    return puzzles(SEARCH_SPARSE_BLANKS if search else 45, 81)


def _kinds(kinds: Iterable[Kind] | None) -> tuple[Kind, ...]:
    """The kinds asked for, in :data:`KINDS` order; ``ValueError`` for an unknown one."""
    if kinds is None:
        return tuple(KINDS)
    asked = [kinds] if isinstance(kinds, str) else list(kinds)
    unknown = [k for k in asked if k not in KINDS]
    if unknown or not asked:
        raise ValueError(
            f"unknown kinds of puzzles {unknown}; choose among {', '.join(KINDS)}"
            if unknown
            else "kinds is empty; choose among " + ", ".join(KINDS)
        )
    return tuple(k for k in KINDS if k in asked)


def _reference_name(order: Order, rule: Rule | None) -> SolverName:
    """The registry's solver whose answers ``order`` (and ``rule``) expects."""
    if order not in ORDERS:
        raise ValueError(f"unknown order {order!r}; choose one of {', '.join(map(repr, ORDERS))}")
    if rule is not None and order != "sarkar":
        raise ValueError(f"rule={rule!r} applies to order='sarkar' only, not {order!r}")
    if order == "sarkar":
        chosen = "simple" if rule is None else rule
        if chosen not in RULES:
            raise ValueError(f"unknown rule {rule!r}; choose one of {', '.join(map(repr, RULES))}")
        return chosen
    return "bird" if order == "bird" else "dlx"


def _expected(order: Order, rule: Rule | None) -> str:
    """What ``order`` expects, in words."""
    if order == "any":
        return 'any solution when there is one (order="any")'
    if order == "bird":
        return "the first solution of Bird's search, solve''' (order=\"bird\")"
    return (
        "the first solution of Sarkar's search with this pruneCells "
        f'(order="sarkar", rule="{_reference_name(order, rule)}")'
    )


class SolverDisagrees(AssertionError):
    """A solver gave another answer than the reference on a (shrunk) line."""

    def __init__(
        self,
        solve: Callable[[str], object],
        expected: str,
        kind: Kind,
        line: str,
        reference: Outcome,
        reference_name: SolverName,
        answer: str | None = None,
        problem: str = "",
        error: BaseException | None = None,
    ) -> None:
        self.solve = solve
        self.expected = expected
        self.kind: Kind = kind
        self.line = line
        self.reference = reference
        self.reference_name = reference_name
        self.answer = answer
        self.problem = problem
        self.error = error
        super().__init__(self.describe())

    @property
    def blanks(self) -> int:
        """The blanks (``.``) of the line."""
        return self.line.count(".")

    @property
    def clues(self) -> int:
        """The clues (``1``-``9``) of the line."""
        return sum(c in "123456789" for c in self.line)

    def describe(self) -> str:
        """The message: the line and its kind, the answer, the reference's, what is wrong."""
        name = _function_name(self.solve)
        if self.error is not None:
            said = f"raised {type(self.error).__name__}: {self.error}"
        else:
            said = repr(self.answer)
        if self.reference.status == "invalid":
            ref = "None (not a puzzle)"
        elif self.reference.solution is None:
            ref = "None (no solution)"
        else:
            ref = repr(self.reference.solution)
        return (
            f"solver {name} disagrees with fsudoku's reference, {self.reference_name!r}\n"
            f"  expected  {self.expected}\n"
            f"  line      {self.line!r}\n"
            f"            {KINDS[self.kind]}; {self.blanks} blanks, {self.clues} clues, "
            f"{len(self.line)} characters\n"
            f"  answered  {said}\n"
            f"  reference {ref}\n"
            f"  wrong     {self.problem}"
        )


def _function_name(f: object) -> str:
    """``module.name`` of a function, else its ``repr``."""
    module, name = getattr(f, "__module__", None), getattr(f, "__qualname__", None)
    return f"{module}.{name}" if module and name else repr(f)


def _answer(raw: object) -> str | None:
    """A solver's answer as ``str | None``, from ``str | None`` or ``Maybe[str]``."""
    if isinstance(raw, Maybe):
        raw = raw.value_or(None)
    if raw is None or isinstance(raw, str):
        return raw
    raise TypeError(f"returned {raw!r}: not a str, None or a Maybe of a str")


def _problem(order: Order, line: str, answer: str | None, reference: Outcome) -> str:
    """What is wrong with the answer, or ``""`` when it is right."""
    if reference.status == "invalid":
        return "" if answer is None else "answered a line that is not a puzzle (expected None)"
    if reference.solution is None:
        return "" if answer is None else "answered a puzzle that has no solution (expected None)"
    if answer is None:
        return "found no solution, but the puzzle has one"
    if not is_solution(answer, line):
        return "answered something that is not a solution of the puzzle"
    if order != "any" and answer != reference.solution:
        return "a solution, but not the first one in this order"
    return ""


class _Disagreement(Exception):
    """Raised in Hypothesis' test when the solver is wrong, so that Hypothesis shrinks the line."""

    def __init__(
        self,
        kind: Kind,
        line: str,
        reference: Outcome,
        answer: str | None,
        problem: str,
        error: BaseException | None = None,
    ) -> None:
        super().__init__(line)
        self.kind: Kind = kind
        self.line = line
        self.reference = reference
        self.answer = answer
        self.problem = problem
        self.error = error


LineSolver: TypeAlias = Callable[[str], str | None] | Callable[[str], Maybe[str]]
"""A solver of input lines: the solution as 81 digits, or ``None`` (or a ``Maybe``)."""


def check_solver(
    solve: LineSolver,
    *,
    order: Order = "any",
    rule: Rule | None = None,
    kinds: Iterable[Kind] | None = None,
    max_examples: int | None = None,
    shrink: bool = True,
    derandomize: bool | None = None,
) -> None:
    """Check a solver of lines against fsudoku's reference on generated lines; raise
    :class:`SolverDisagrees` with the shrunk line and both answers if they differ.

    A differential property test. ``solve`` takes an input line
    and returns the solution as 81 digits, or ``None`` for no solution and for a line
    that is not a puzzle (``Maybe[str]``: ``Some`` and ``Nothing``, told apart by the
    value returned). Where the reference finds a solution, ``order="any"`` accepts any
    valid solution (the oracle), ``"sarkar"`` the first of Sarkar's search with the
    cell pruner ``rule`` (``"simple"``, #1's, by default), ``"bird"`` the first of
    Bird's ``solve'''``; where it finds none, or the line is not a puzzle, the answer must
    be ``None``. An exception raised by ``solve`` is a disagreement too.

    The lines are of the ``kinds`` of :data:`KINDS` (all by default; see
    :func:`solver_lines`), checked one kind after the other in that order, the first to
    show a disagreement reported with its line shrunk. ``max_examples`` is the number of
    lines in all (by default the current Hypothesis profile's), shared evenly by the
    kinds, each tried at least once; ``shrink=False`` reports the first disagreement
    found; ``derandomize`` overrides the profile's.

    ``None`` is the right answer for lines that are not puzzles, and for repeated clues:

    >>> check_solver(lambda line: None, kinds=["invalid", "repeated_clue"], max_examples=5)
    >>> check_solver(lambda line: None, kinds=["empty"], max_examples=1)
    Traceback (most recent call last):
    ...
    fsudoku.testing.kit.SolverDisagrees: solver fsudoku.testing.kit.<lambda> disagrees with fsudoku's reference, 'dlx'
      expected  any solution when there is one (order="any")
      line      '.................................................................................'
                the empty grid; 81 blanks, 0 clues, 81 characters
      answered  None
      reference '123456789789123456456789123312845967697312845845697312231574698968231574574968231'
      wrong     found no solution, but the puzzle has one
    """
    if not callable(solve):
        raise TypeError(f"check_solver needs a function of a line, not {solve!r}")
    name = _reference_name(order, rule)
    expected = _expected(order, rule)
    wanted = _kinds(kinds)
    each = max(1, -(-(max_examples or settings().max_examples) // len(wanted)))

    def check(kind: Kind) -> Callable[[str], None]:
        def body(line: str) -> None:
            reference = solve_line(name, line, max_nodes=REFERENCE_NODES)
            if reference.status == "gave_up":
                reject()
            try:
                answer = _answer(solve(line))
            except Exception as exc:  # a wrong solver may crash, or return a wrong type
                raise _Disagreement(
                    kind, line, reference, None, "raised an exception", exc
                ) from exc
            problem = _problem(order, line, answer, reference)
            if problem:
                raise _Disagreement(kind, line, reference, answer, problem)

        return body

    phases = (Phase.explicit, Phase.generate, Phase.shrink)
    options: dict[str, Any] = {} if derandomize is None else {"derandomize": derandomize}
    run = settings(
        max_examples=each,
        deadline=None,
        database=None,
        phases=phases if shrink else phases[:2],
        report_multiple_bugs=False,
        print_blob=False,
        verbosity=Verbosity.quiet,
        suppress_health_check=list(HealthCheck),
        **options,
    )
    try:
        for kind in wanted:
            run(given(solver_lines(kind, order=order))(check(kind)))()
    except _Disagreement as found:
        raise SolverDisagrees(
            solve,
            expected,
            found.kind,
            found.line,
            found.reference,
            name,
            found.answer,
            found.problem,
            found.error,
        ) from found.error
