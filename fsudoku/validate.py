"""Checks of the arguments of the public functions: one rule, and one message, per kind
of argument, the same in every module.

No Haskell counterpart: Haskell's types turn these mistakes away when the program is
compiled; here a public function checks what it is given and raises ``TypeError`` (the
wrong kind of value) or ``ValueError`` (the right kind, out of range) at once, before
any work, rather than hang or fail deep inside.

The rules:

- a *line* is a ``str`` (``bytes`` are refused: decode them first);
- *lines* are an iterable of lines, not a ``str`` or ``bytes`` itself (iterating a
  ``str`` gives its characters); the items are checked as they are reached;
- ``max_nodes`` is ``None`` (no bound) or an ``int`` >= 0: at most that many nodes are
  visited, and the search gives up when it would need one more;
- ``limit`` is ``None`` (no limit) or an ``int`` >= 1: counting stops once that many
  solutions are found;
- ``jobs`` is an ``int`` >= 0 (``0``: one worker per usable core);
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

from __future__ import annotations

import operator
from collections.abc import Iterable, Iterator

__all__ = [
    "bound",
    "each",
    "iterable",
    "jobs",
    "limit",
    "line",
    "lines",
    "optional",
    "puzzle_line",
    "whole",
]


def _kind(value: object) -> str:
    """A short description of a value for an error message.

    >>> _kind(2.5), _kind(None)
    ('a float (2.5)', 'None')
    """
    if value is None:
        return "None"
    shown = repr(value)
    if len(shown) > 40:
        shown = shown[:37] + "..."
    return f"a {type(value).__name__} ({shown})"


def whole(value: object, name: str, minimum: int = 0) -> int:
    """``value`` as an ``int`` >= ``minimum``.

    No Haskell counterpart. Integers of other types (NumPy's) are accepted through
    ``operator.index``; a ``bool``, a ``float`` or a ``str`` is a ``TypeError``.

    >>> whole(5, "n")
    5
    >>> whole(True, "n")
    Traceback (most recent call last):
    ...
    TypeError: n must be a whole number >= 0, not a bool (True)
    """
    return _whole(value, name, minimum, f"a whole number >= {minimum}")


def optional(value: object, name: str, minimum: int = 0) -> int | None:
    """``None``, or ``value`` as an ``int`` >= ``minimum``.

    No Haskell counterpart.

    >>> optional(None, "n"), optional(3, "n")
    (None, 3)
    """
    if value is None:
        return None
    return _whole(value, name, minimum, f"None or a whole number >= {minimum}")


def _whole(value: object, name: str, minimum: int, wanted: str) -> int:
    if isinstance(value, bool):
        raise TypeError(f"{name} must be {wanted}, not {_kind(value)}")
    try:
        number = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(f"{name} must be {wanted}, not {_kind(value)}") from None
    if number < minimum:
        raise ValueError(f"{name} must be {wanted}, not {number}")
    return number


def bound(value: object, name: str = "max_nodes") -> int | None:
    """A node bound: ``None`` (none) or an ``int`` >= 0.

    No Haskell counterpart.

    >>> bound(0)
    0
    """
    return optional(value, name, 0)


def limit(value: object, name: str = "limit", minimum: int = 1) -> int | None:
    """A count limit: ``None`` (none) or an ``int`` >= ``minimum`` (1 unless told).

    No Haskell counterpart.

    >>> limit(None), limit(7)
    (None, 7)
    """
    return optional(value, name, minimum)


def jobs(value: object, name: str = "jobs") -> int:
    """A number of worker processes: an ``int`` >= 0 (``0``: one per core).

    No Haskell counterpart.

    >>> jobs(0)
    0
    """
    return whole(value, name, 0)


def line(value: object, name: str = "puzzle") -> str:
    """A line of text: a ``str`` (``bytes`` must be decoded first).

    No Haskell counterpart.

    >>> line(b"12")
    Traceback (most recent call last):
    ...
    TypeError: puzzle must be a str, not a bytes (b'12'): decode it first
    """
    if isinstance(value, str):
        return value
    hint = ": decode it first" if isinstance(value, (bytes, bytearray, memoryview)) else ""
    raise TypeError(f"{name} must be a str, not {_kind(value)}{hint}")


def puzzle_line(value: object, name: str = "puzzle") -> str:
    """A puzzle line: a ``str`` of 81 characters, each ``.`` or ``1``-``9``.

    No Haskell counterpart: ``readGrid``'s rule (:func:`fsudoku.grid_io.is_puzzle`), for
    the functions that are given only puzzles.

    >>> puzzle_line("0" * 81)
    Traceback (most recent call last):
    ...
    ValueError: not a puzzle line (81 characters, each . or 1-9): '000000000000000000000000000000000...'
    """
    from fsudoku.grid_io import is_puzzle

    text = line(value, name)
    if not is_puzzle(text):
        shown = repr(text) if len(text) <= 36 else repr(text[:33] + "...")
        raise ValueError(f"not a puzzle line (81 characters, each . or 1-9): {shown}")
    return text


def iterable(value: object, name: str = "lines", what: str = "lines (str)") -> Iterator[object]:
    """An iterator over ``value``, which must be an iterable and not a ``str``/``bytes``.

    No Haskell counterpart.

    >>> iterable(3)
    Traceback (most recent call last):
    ...
    TypeError: lines must be an iterable of lines (str), not a int (3)
    """
    if isinstance(value, (str, bytes, bytearray)):
        one = "one str" if isinstance(value, str) else "bytes"
        raise TypeError(f"{name} must be an iterable of {what}, not {one}: wrap it in a list")
    try:
        return iter(value)  # type: ignore[call-overload, no-any-return]
    except TypeError:
        raise TypeError(f"{name} must be an iterable of {what}, not {_kind(value)}") from None


def lines(value: object, name: str = "lines") -> Iterator[str]:
    """The lines of an iterable, each checked to be a ``str`` when it is reached.

    No Haskell counterpart. The iterable itself is checked at once: a ``str`` passed
    for its lines is a ``TypeError`` here, not 81 one-character lines later.
    """
    items = iterable(value, name)

    def checked() -> Iterator[str]:
        number = 0
        for item in items:
            number += 1
            if not isinstance(item, str):
                line(item, f"{name} item {number}")  # raises
            yield item  # type: ignore[misc]

    return checked()


def each(values: Iterable[object], check: type, name: str) -> Iterator[object]:
    """The items of an iterable, each checked to be a ``check`` when it is reached.

    No Haskell counterpart.
    """
    for number, item in enumerate(values, 1):
        if not isinstance(item, check):
            raise TypeError(f"{name} item {number} must be a {check.__name__}, not {_kind(item)}")
        yield item
