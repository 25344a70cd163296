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
# Ten times the examples, for a local run: HYPOTHESIS_PROFILE=thorough, or the plugin's
# --hypothesis-profile=thorough (tests with their own max_examples get ten times theirs,
# see pytest_collection_modifyitems).
THOROUGH = 10
settings.register_profile(
    "thorough",
    settings.get_profile("dev"),
    max_examples=THOROUGH * settings.get_profile("default").max_examples,
)
settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") == "true" else "dev")
)

DATA = Path(__file__).resolve().parent.parent.parent / "shared" / "data"
SUDOKU17 = DATA / "sudoku17.txt"
P096 = DATA / "p096_sudoku.txt"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Under the ``thorough`` profile, a test that sets its own ``max_examples`` runs
    ``THOROUGH`` times as many (a test without one already gets the profile's)."""
    if settings.get_current_profile_name() != "thorough":
        return
    profile = settings.get_profile("thorough").max_examples
    seen: set[int] = set()
    for item in items:
        test = getattr(item, "obj", None)
        # where @settings and @given keep a test's settings (Hypothesis' own attribute)
        own = getattr(test, "_hypothesis_internal_use_settings", None)
        if not isinstance(own, settings) or id(test) in seen or own.max_examples == profile:
            continue
        seen.add(id(test))
        scaled = settings(own, max_examples=THOROUGH * own.max_examples)
        test._hypothesis_internal_use_settings = scaled  # type: ignore[union-attr]


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
