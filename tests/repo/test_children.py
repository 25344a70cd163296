"""The suite's list of the processes a test started (``tests/conftest.py``): the quick
way (each thread's ``children`` file) finds what reading every process's ``stat`` finds."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import _children, _children_by_stat

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/task").is_dir(), reason="the children of a process as Linux lists them"
)


def test_both_ways_find_the_same_children() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", "import sys; sys.stdin.read()"], stdin=subprocess.PIPE
    )
    try:
        assert process.pid in _children()
        assert _children() == _children_by_stat()
    finally:
        process.communicate(timeout=60)
    assert process.pid not in _children()
