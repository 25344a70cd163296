"""The checks of public arguments: one rule, and one message, per kind of argument.

Haskell's types turn these mistakes away when the program is compiled; here a function
that a program calls with what it was handed checks it once, where it is called, and
raises ``TypeError`` (the wrong kind of value) or ``ValueError`` (the right kind, out of
range) before any work.

Where the checks are: the top level checks every argument of every call; below it, only
the entry points the pages show a program calling with outside values
(:func:`fsudoku.run.batch.outcomes`, the registry's ``record``, ``solve_line`` and
``all_solutions``, :mod:`fsudoku.run.sources`, :mod:`fsudoku.run.generate`,
:func:`fsudoku.pe96.formats.read_puzzles`, :func:`fsudoku.pe96.counting.check_line`, the
testing kit). Everything else takes what its signature says, unchecked: a value of the
wrong type there is for the type checker, and a line that is not a puzzle is an answer
(``None``, ``Invalid input``), not an error. So one ``fsudoku.solve`` makes two calls
here, :func:`line` and :func:`options`.

The rules:

- a *line* is a ``str`` (``bytes`` are refused: decode them first);
- *lines* are an iterable of lines, not a ``str`` or ``bytes`` itself (iterating a
  ``str`` gives its characters); the items are checked as they are reached;
- ``max_nodes`` is ``None`` (no bound) or an ``int`` >= 0: at most that many nodes are
  visited, and the search gives up when it would need one more;
- ``limit`` is ``None`` (no limit) or an ``int`` >= 1: counting stops once that many
  solutions are found;
- ``jobs`` is an ``int`` >= 0 (``0``: one worker per usable core);
- a name (of a solver, a rule, an engine) is one of its ``Literal``'s values: another
  ``str`` is an :class:`UnknownName`, whose message lists the valid ones;
- a ``bool`` is never taken for a number.

>>> bound(3), bound(None), limit(2), line("x")
(3, None, 2, 'x')
>>> bound(-1)
Traceback (most recent call last):
...
ValueError: max_nodes must be None or a whole number >= 0, not -1
>>> limit(2.5)
Traceback (most recent call last):
...
TypeError: limit must be None or a whole number >= 1, not a float (2.5)
>>> list(lines(["a", "b"]))
['a', 'b']
>>> lines("abc")
Traceback (most recent call last):
...
TypeError: lines must be an iterable of lines (str), not one str: wrap it in a list
"""

import operator
from collections.abc import Callable, Iterator, Sequence
from typing import NamedTuple, TypeVar

from fsudoku.base.names import ENGINE_CHOICES, SOLVERS, EngineChoice, SolverName

__all__ = [
    "Options",
    "UnknownName",
    "bound",
    "flag",
    "iterable",
    "limit",
    "line",
    "lines",
    "name",
    "optional",
    "options",
    "puzzle",
    "whole",
]

N = TypeVar("N", bound=str)


class UnknownName(ValueError):
    """A solver, rule or engine name that fsudoku does not know (the message lists the valid ones)."""


def _kind(value: object) -> str:
    """A short description of a value for an error message.

    >>> _kind(2.5), _kind(None), _kind(3)
    ('a float (2.5)', 'None', 'an int (3)')
    """
    if value is None:
        return "None"
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"{_a(type(value).__name__)} ({shown})"


def _a(noun: str) -> str:
    """A noun with its indefinite article (by its first letter).

    >>> _a("engine"), _a("solver")
    ('an engine', 'a solver')
    """
    return f"{'an' if noun[:1].lower() in 'aeiou' else 'a'} {noun}"


def whole(value: object, what: str, minimum: int = 0) -> int:
    """``value`` as an ``int`` >= ``minimum`` (NumPy's integers too, through ``operator.index``).

    >>> whole(5, "n")
    5
    >>> whole(True, "n")
    Traceback (most recent call last):
    ...
    TypeError: n must be a whole number >= 0, not a bool (True)
    """
    return _whole(value, what, minimum, f"a whole number >= {minimum}")


def optional(value: object, what: str, minimum: int = 0) -> int | None:
    """``None``, or ``value`` as an ``int`` >= ``minimum``.

    >>> optional(None, "n"), optional(3, "n")
    (None, 3)
    """
    if value is None:
        return None
    return _whole(value, what, minimum, f"None or a whole number >= {minimum}")


def _whole(value: object, what: str, minimum: int, wanted: str) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{what} must be {wanted}, not {_kind(value)}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{what} must be {wanted}, not {_kind(value)}") from None
    if number < minimum:
        raise ValueError(f"{what} must be {wanted}, not {number}")
    return number


def bound(value: object, what: str = "max_nodes") -> int | None:
    """A node bound: ``None`` (none) or an ``int`` >= 0.

    >>> bound(0)
    0
    """
    return optional(value, what, 0)


def limit(value: object, what: str = "limit", minimum: int = 1) -> int | None:
    """A count limit: ``None`` (none) or an ``int`` >= ``minimum`` (1 unless told).

    >>> limit(None), limit(7)
    (None, 7)
    """
    return optional(value, what, minimum)


def flag(value: object, what: str) -> bool:
    """A ``bool`` (not merely something true or false).

    >>> flag(True, "strict")
    True
    >>> flag(1, "strict")
    Traceback (most recent call last):
    ...
    TypeError: strict must be True or False, not 1
    """
    if not isinstance(value, bool):
        raise TypeError(f"{what} must be True or False, not {value!r}")
    return value


def line(value: object, what: str = "puzzle") -> str:
    """A line of text: a ``str`` (``bytes`` must be decoded first).

    >>> line(b"12")
    Traceback (most recent call last):
    ...
    TypeError: puzzle must be a str, not a bytes (b'12'): decode it first
    """
    if isinstance(value, str):
        return value
    hint = ": decode it first" if isinstance(value, (bytes, bytearray, memoryview)) else ""
    raise TypeError(f"{what} must be a str, not {_kind(value)}{hint}")


def puzzle(text: str, is_puzzle: Callable[[str], bool]) -> str:
    """A ``str`` checked by the puzzle rule ``is_puzzle`` to be a puzzle line (``ValueError`` otherwise).

    For a caller that has checked it is a ``str``; the rule is the port's
    (:func:`fsudoku.grid_io.is_puzzle`), given by the caller: ``base`` imports no port.

    >>> puzzle("1" * 81, lambda text: len(text) == 81) == "1" * 81
    True
    >>> puzzle("0" * 81, lambda text: False)
    Traceback (most recent call last):
    ...
    ValueError: not a puzzle line (81 characters, each . or 1-9): '000000000000000000000000000000000...'
    """
    if not is_puzzle(text):
        shown = repr(text) if len(text) <= 36 else repr(text[:33] + "...")
        raise ValueError(f"not a puzzle line (81 characters, each . or 1-9): {shown}")
    return text


def name(value: object, choices: Sequence[N], what: str = "solver") -> N:
    """``value`` checked to be one of ``choices``.

    A ``TypeError`` for a value that is not a ``str``, an :class:`UnknownName` (a
    ``ValueError``) listing the choices for any other ``str``.

    >>> name("dlx", ("mrv", "dlx"))
    'dlx'
    >>> name("bogo", ("mrv", "dlx"))
    Traceback (most recent call last):
    ...
    fsudoku.base.validate.UnknownName: unknown solver 'bogo'; choose one of mrv, dlx
    >>> name(3, ("reference", "fast"), "engine")
    Traceback (most recent call last):
    ...
    TypeError: an engine name is a str (one of reference, fast), not an int (3)
    """
    if not isinstance(value, str):
        raise TypeError(
            f"{_a(what)} name is a str (one of {', '.join(choices)}), not {_kind(value)}"
        )
    for choice in choices:
        if value == choice:
            return choice
    raise UnknownName(f"unknown {what} {value!r}; choose one of {', '.join(choices)}")


def iterable(value: object, what: str = "lines", of: str = "lines (str)") -> Iterator[object]:
    """An iterator over ``value``, which must be an iterable and not a ``str``/``bytes``.

    >>> iterable(3)
    Traceback (most recent call last):
    ...
    TypeError: lines must be an iterable of lines (str), not an int (3)
    """
    if isinstance(value, (str, bytes, bytearray)):
        one = "one str" if isinstance(value, str) else "bytes"
        raise TypeError(f"{what} must be an iterable of {of}, not {one}: wrap it in a list")
    try:
        return iter(value)  # type: ignore[call-overload, no-any-return]
    except TypeError:
        raise TypeError(f"{what} must be an iterable of {of}, not {_kind(value)}") from None


def lines(value: object, what: str = "lines") -> Iterator[str]:
    """The lines of an iterable, each checked to be a ``str`` when it is reached.

    The iterable itself is checked at once: a ``str`` passed for its lines is refused here.
    """
    items = iterable(value, what)

    def checked() -> Iterator[str]:
        for number, item in enumerate(items, 1):
            yield line(item, f"{what} item {number}")

    return checked()


class Options(NamedTuple):
    """The options of a solve, checked: solver, engine asked for, node bound, workers, strict reading."""

    solver: SolverName
    engine: EngineChoice
    max_nodes: int | None
    jobs: int
    strict: bool


def options(
    solver: object,
    engine: object = "auto",
    max_nodes: object = None,
    *,
    jobs: object = 1,
    strict: object = False,
) -> Options:
    """The options of a solve, each checked by its rule (one call for all of them).

    >>> options("dlx", max_nodes=5)
    Options(solver='dlx', engine='auto', max_nodes=5, jobs=1, strict=False)
    >>> options("dlx", engine="quick")
    Traceback (most recent call last):
    ...
    fsudoku.base.validate.UnknownName: unknown engine 'quick'; choose one of auto, reference, fast
    """
    return Options(
        name(solver, SOLVERS, "solver"),
        name(engine, ENGINE_CHOICES, "engine"),
        bound(max_nodes),
        whole(jobs, "jobs"),
        flag(strict, "strict"),
    )
