"""The repository reproduces no code listing or proof hint of the source documents."""

from __future__ import annotations

import subprocess
import sys

import pytest
from support import ROOT

SHARED = ROOT.parent / "shared"
CHECKER = SHARED / "hooks" / "provenance.py"
SEEDS = SHARED / "seeds"


def test_no_line_of_the_source_documents_is_reproduced() -> None:
    # The checker prints each offending line, then their count on the last line.
    if not CHECKER.is_file() or not SEEDS.is_dir():
        pytest.skip(f"no provenance checker or seeds under {SHARED}")
    run = subprocess.run(
        [sys.executable, str(CHECKER), str(SEEDS), str(ROOT), "-v"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert run.returncode == 0, run.stderr
    lines = run.stdout.strip().splitlines()
    assert lines, "the checker printed nothing"
    *hits, count = lines
    assert count.strip().isdigit(), run.stdout
    assert int(count) == 0, "reproduced lines:\n" + "\n".join(hits)
