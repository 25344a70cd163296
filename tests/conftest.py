"""Shared test settings: the Hypothesis profiles and the data-file fixtures."""

from __future__ import annotations

import io
import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# Extend Hypothesis' own ``ci`` profile (derandomized, no deadline) rather than replace it.
settings.register_profile(
    "ci",
    settings.get_profile("ci"),
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") == "true" else "dev")

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SUDOKU17 = DATA / "sudoku17.txt"
P096 = DATA / "p096_sudoku.txt"


def first_lines(path: Path, n: int) -> list[str]:
    """The first ``n`` lines of a data file, or skip the test when it is absent."""
    if not path.is_file():
        pytest.skip(f"{path} is absent")
    with path.open(encoding="utf-8") as handle:
        return [line.rstrip("\n") for _, line in zip(range(n), handle, strict=False)]


def run_cli(argv: list[str], stdin: bytes = b"") -> tuple[int, str]:
    """``fsudoku`` through ``main(argv)``, with ``stdin`` as its standard input: the exit
    status and what it printed."""
    from fsudoku.app.cli import main

    out = io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin))
    try:
        code = main(argv, out)
    finally:
        sys.stdin = old
    return code, out.getvalue()
