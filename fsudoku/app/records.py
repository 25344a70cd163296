r"""JSON lines (``--format jsonl``): one object per puzzle, for ``jq`` and other programs.

Every object has the keys of :data:`KEYS`, in that order, ``null`` where a puzzle has no
such value; ``docs/cli.md`` ("JSON lines") says what each one holds. Strings are escaped
as JSON escapes them, bytes that were not UTF-8 are U+FFFD, and every line is ASCII.
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


def _record(entry: Entry, *values: object) -> dict[str, Any]:
    """One entry's object: its label and line number, then the values of the other keys."""
    return dict(zip(KEYS, (_text(entry.label), _line_number(entry.label), *values), strict=True))


def solve_record(entry: Entry, outcome: Outcome) -> dict[str, Any]:
    """``solve``'s object for one puzzle.

    >>> solve_record(Entry("x", "3"), Outcome.invalid())["message"]
    'Invalid input'
    """
    solved = outcome.status == "solved" and outcome.solution is not None
    solution, said = (outcome.solution, None) if solved else (None, message(outcome))
    return _record(entry, outcome.status, solution, outcome.nodes, outcome.engine, said)


def check_record(entry: Entry, verdict: str) -> dict[str, Any]:
    """``check``'s object for one puzzle, from its verdict line.

    >>> check_record(Entry("x", "7"), "multiple 2+")["status"]
    'multiple'
    """
    status = "invalid" if verdict == INVALID_INPUT else verdict.split()[0]
    return _record(entry, status, None, None, None, verdict)
