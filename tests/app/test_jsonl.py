"""``--format jsonl``: one JSON object a puzzle, the text format's answers in other clothes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from support import run_cli

from fsudoku.app.records import KEYS
from fsudoku.testing.strategies import SAMPLE_PUZZLE

TWO = "693784..2487512936125963874932651487568247391741398625319475268856129743274836..9"
NO_SOLUTION = "11" + "." * 79
INPUT = "\n".join(
    [SAMPLE_PUZZLE, "# a comment", "not a puzzle", "", NO_SOLUTION, "." * 81, TWO, "x\x1b[2J"]
)
"""Every status but a refusal; a comment, so that line numbers and labels are tested."""


def objects(out: str) -> list[dict[str, Any]]:
    """The objects of JSON lines output, each line checked to be one ASCII object."""
    assert out.endswith("\n") and out.isascii(), out
    found = [json.loads(line) for line in out.splitlines()]
    assert all(list(o) == list(KEYS) for o in found), found
    return found


def stats(err: str) -> list[tuple[str, str, int]]:
    """The ``--stats`` lines: label, status, nodes."""
    rows = [line.split("\t") for line in err.splitlines() if "\tnodes=" in line]
    return [(label, status, int(nodes.removeprefix("nodes="))) for label, status, nodes in rows]


@pytest.mark.parametrize("engine", ["reference", "fast"])
def test_solve_jsonl_says_what_the_text_format_and_stats_say(
    capsys: pytest.CaptureFixture[str], engine: str
) -> None:
    common = ["solve", "--max-nodes", "20", "--engine", engine, "--stats"]
    code, text = run_cli([*common, "--format", "line"], INPUT.encode())
    text_stats = stats(capsys.readouterr().err)
    json_code, out = run_cli([*common, "--format", "jsonl"], INPUT.encode())
    assert stats(capsys.readouterr().err) == text_stats
    found = objects(out)
    assert json_code == code == 1
    assert len(found) == len(text.splitlines()) == 7
    for o, line, (label, status, nodes) in zip(found, text.splitlines(), text_stats, strict=True):
        assert (o["label"], o["status"], o["nodes"], o["engine"]) == (label, status, nodes, engine)
        assert o["line"] == int(label)
        if status == "solved":
            assert (o["solution"], o["message"]) == (line, None), o
        else:
            assert (o["solution"], o["message"]) == (None, line), o
    assert [o["status"] for o in found] == [
        "solved",
        "invalid",
        "invalid",
        "no_solution",
        "gave_up",
        "solved",
        "invalid",
    ]
    assert [o["line"] for o in found] == [1, 3, 4, 5, 6, 7, 8]  # the comment is line 2


def test_the_engine_is_the_one_the_run_chose() -> None:
    _, out = run_cli(["solve", "--format", "jsonl", "--solver", "dlx"], f"{TWO}\n".encode())
    (found,) = objects(out)
    assert found["engine"] == "reference" and found["status"] == "solved"


def test_a_refusal_has_its_message() -> None:
    code, out = run_cli(["solve", "--format", "jsonl", "--solver", "bird-naive"], b"." * 81)
    (found,) = objects(out)
    assert code == 1 and found["status"] == "refused" and found["solution"] is None
    assert found["message"].startswith("Refused: 81 blanks"), found


def test_check_jsonl_says_what_the_text_format_says() -> None:
    code, text = run_cli(["check", "--limit", "3"], INPUT.encode())
    json_code, out = run_cli(["check", "--limit", "3", "--format", "jsonl"], INPUT.encode())
    found = objects(out)
    assert json_code == code == 1
    assert [o["message"] for o in found] == text.splitlines()
    assert [o["status"] for o in found] == [
        "unique",
        "invalid",
        "invalid",
        "none",
        "multiple",
        "multiple",
        "invalid",
    ]
    assert [o["line"] for o in found] == [1, 3, 4, 5, 6, 7, 8]
    assert all(o["solution"] is o["nodes"] is o["engine"] is None for o in found)


def test_a_project_euler_grid_is_named_by_its_label(tmp_path: Path) -> None:
    rows = [SAMPLE_PUZZLE[i : i + 9].replace(".", "0") for i in range(0, 81, 9)]
    grids = tmp_path / "grids.txt"
    grids.write_bytes("\n".join(["Grid 01", *rows, "Grid \x1b[2J\xe9", *rows]).encode())
    _, out = run_cli(["solve", "--format", "jsonl", str(grids)])
    first, second = objects(out)
    assert (first["label"], first["line"], first["status"]) == ("Grid 01", None, "solved")
    assert second["label"] == "Grid \x1b[2J\xe9" and "\\u001b" in out  # escaped by JSON
    _, out = run_cli(["check", "--format", "jsonl", str(grids)])
    assert [(o["label"], o["line"]) for o in objects(out)] == [
        ("Grid 01", None),
        ("Grid \x1b[2J\xe9", None),
    ]


def test_bytes_that_are_not_utf8_in_a_label_are_replaced(tmp_path: Path) -> None:
    rows = [SAMPLE_PUZZLE[i : i + 9].replace(".", "0") for i in range(0, 81, 9)]
    grids = tmp_path / "grids.txt"
    grids.write_bytes(b"\n".join([b"Grid \xff", *(r.encode() for r in rows)]))
    _, out = run_cli(["solve", "--format", "jsonl", str(grids)])
    (found,) = objects(out)
    assert found["label"] == "Grid \ufffd", found
