r"""JSON lines (``--format jsonl``): one object per puzzle, for ``jq`` and other programs.

Each object has the same keys, in this order (:data:`KEYS`), ``null`` where a puzzle has
no such value:

- ``label``: the entry's label, as ``--stats`` shows it: its line number, or its
  ``Grid NN`` header in a file of Project Euler grids;
- ``line``: the line number of the entry in its source (a number; ``null`` for a grid
  of a Project Euler file, which spans ten lines: its label names it);
- ``status``: ``solve``'s ``solved``, ``no_solution``, ``invalid``, ``gave_up`` or
  ``refused``; ``check``'s ``unique``, ``multiple``, ``none`` or ``invalid``;
- ``solution``: the 81 digits of the solution (``solve``, when solved);
- ``nodes``: the search nodes the solver visited, as ``--stats`` counts them (``solve``);
- ``engine``: the engine that answered, ``reference`` or ``fast`` (``solve``);
- ``message``: the line the text format prints when it prints no grid (``Invalid
  input``, ``No solution found``, ``Gave up after N nodes``, ``Refused: ...``; each of
  ``check``'s verdicts, such as ``multiple 2+``); ``null`` for a solution.

Strings are escaped as JSON escapes them (``\u001b`` for a terminal escape), bytes that
are not UTF-8 are U+FFFD, and every line is ASCII.
"""

from __future__ import annotations

import json
from typing import Any

from fsudoku.app.render import message
from fsudoku.base.outcome import INVALID_INPUT, Outcome
from fsudoku.pe96.formats import Entry

__all__ = ["KEYS", "check_record", "json_line", "solve_record"]

KEYS = ("label", "line", "status", "solution", "nodes", "engine", "message")
"""The keys of every object, in order."""


def _text(value: str) -> str:
    r"""A string as JSON can carry it: bytes that were not UTF-8 (surrogate escapes) as U+FFFD.

    >>> _text("Grid\udcff 01") == "Grid\ufffd 01"
    True
    """
    return value.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _line_number(label: str) -> int | None:
    """The line number a label is, or ``None`` (a ``Grid NN`` header).

    >>> _line_number("12"), _line_number("Grid 01")
    (12, None)
    """
    return int(label) if label.isascii() and label.isdigit() else None


def json_line(record: dict[str, Any]) -> str:
    r"""One object as one line of JSON (ASCII, compact), ending with a newline.

    >>> json_line({"label": "1", "line": 1, "status": "x"})
    '{"label":"1","line":1,"status":"x"}\n'
    """
    return json.dumps(record, ensure_ascii=True, separators=(",", ":")) + "\n"


def solve_record(entry: Entry, outcome: Outcome) -> dict[str, Any]:
    """``solve``'s object for one puzzle.

    >>> solve_record(Entry("x", "3"), Outcome.invalid())["message"]
    'Invalid input'
    """
    solved = outcome.status == "solved" and outcome.solution is not None
    return {
        "label": _text(entry.label),
        "line": _line_number(entry.label),
        "status": outcome.status,
        "solution": outcome.solution if solved else None,
        "nodes": outcome.nodes,
        "engine": outcome.engine,
        "message": None if solved else message(outcome),
    }


def check_record(entry: Entry, verdict: str) -> dict[str, Any]:
    """``check``'s object for one puzzle, from its verdict line.

    >>> check_record(Entry("x", "7"), "multiple 2+")["status"]
    'multiple'
    """
    status = "invalid" if verdict == INVALID_INPUT else verdict.split()[0]
    return {
        "label": _text(entry.label),
        "line": _line_number(entry.label),
        "status": status,
        "solution": None,
        "nodes": None,
        "engine": None,
        "message": verdict,
    }
