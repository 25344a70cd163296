"""The progress bar on a terminal that reports no size (0 rows, 0 columns: ``script``, CI)."""

from __future__ import annotations

import fcntl
import os
import re
import struct
import subprocess
import sys
import termios
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from support import QUICK

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


def test_the_bar_is_drawn_80_columns_wide_on_a_terminal_of_no_size(tmp_path: Path) -> None:
    puzzles = tmp_path / "puzzles.txt"
    puzzles.write_text((QUICK + "\n") * 40)  # more than the fewest that get a bar
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 0, 0, 0, 0))
    chunks: list[bytes] = []

    def drain() -> None:  # until the terminal is closed (EIO once every byte is read)
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        done = subprocess.run(
            [sys.executable, "-m", "fsudoku", "solve", "--format", "line", str(puzzles)],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=slave,
            env=env,
            timeout=60,
            check=False,
        )
    finally:
        os.close(slave)
        reader.join(10)
        os.close(master)
    drawn = b"".join(chunks).decode(errors="replace")
    assert done.returncode == 0 and len(done.stdout.splitlines()) == 40
    bars = [part for part in re.split(r"[\r\n]", drawn) if re.search(r"\d+%\|", part)]
    assert bars, f"no bar was drawn: {drawn!r}"
    assert all(len(bar.rstrip()) <= 80 for bar in bars), bars
    assert any(len(bar.rstrip()) >= 60 for bar in bars), bars  # the width of a terminal
