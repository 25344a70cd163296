"""The size of the progress bar on a terminal that reports none (0 rows, 0 columns:
``script``, CI); test_robustness.py draws it on one."""

from __future__ import annotations

import fcntl
import os
import struct
import sys
import termios
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from fsudoku.app.progress import screen

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="a Linux pty")


@contextmanager
def terminal(rows: int, columns: int) -> Iterator[tuple[int, int]]:
    """A pseudo-terminal that reports ``rows`` by ``columns``: its master and its slave."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    try:
        yield master, slave
    finally:
        os.close(slave)
        os.close(master)


@pytest.mark.parametrize(
    ("size", "environment", "expected"),
    [
        ((0, 0), {}, (79, 23)),
        ((0, 0), {"COLUMNS": "120", "LINES": "40"}, (119, 39)),
        ((30, 100), {"COLUMNS": "120"}, (99, 29)),
        ((0, 0), {"COLUMNS": "wide"}, (79, 23)),
    ],
)
def test_a_terminal_of_no_size_is_80_columns_unless_the_environment_says(
    monkeypatch: pytest.MonkeyPatch,
    size: tuple[int, int],
    environment: dict[str, str],
    expected: tuple[int, int],
) -> None:
    for name in ("COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)
    for name, value in environment.items():
        monkeypatch.setenv(name, value)
    with terminal(*size) as (_, slave), os.fdopen(os.dup(slave), "w") as stream:
        assert screen(stream) == expected
