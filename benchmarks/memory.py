"""The peak memory of a row, from its processes' proportional set sizes.

The sizes are sampled in a run of the row's own (sampling slows a process down, so it is
never the timed run).

A page that forked workers share with their parent is counted once, split between them
(``Pss`` in ``/proc/PID/smaps_rollup``). Reading that walks the processes' page tables,
so it is read only when their resident sizes have grown by :data:`PSS_GROWTH` or every
tenth sample; a lone process's peak is its resident size. Linux only.
"""

from __future__ import annotations

import contextlib
import os
import subprocess
import threading
from collections.abc import Sequence

from fsudoku.app.bench import kill_group

SAMPLE_EVERY = 0.02
"""Seconds between two samples."""

PSS_GROWTH = 1 << 21
"""Resident bytes a tree of processes must gain before their proportional sizes are read
again."""


def tree_memory(pid: int, proportional: bool = True) -> tuple[int, int]:
    """The memory (bytes) of a process and all its descendants, and how many processes that is.

    It is the sum of their proportional set sizes, or of their resident sizes
    (``proportional=False``, cheap to read; also where ``smaps_rollup`` cannot be read).
    """
    total, count = 0, 0
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            total += own_memory(p) if proportional else resident(p)
            count += 1
            with open(f"/proc/{p}/task/{p}/children") as handle:
                todo.extend(int(c) for c in handle.read().split())
        except (OSError, ValueError):
            continue
    return total, count


def own_memory(pid: int) -> int:
    """One process's proportional set size (bytes), or its resident size."""
    with contextlib.suppress(OSError), open(f"/proc/{pid}/smaps_rollup") as handle:
        for line in handle:
            if line.startswith("Pss:"):
                return int(line.split()[1]) * 1024
    return resident(pid)


def resident(pid: int) -> int:
    """One process's resident size (bytes)."""
    with open(f"/proc/{pid}/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def sample_peak(pid: int, stop: threading.Event) -> int:
    """The peak memory (bytes) of a process tree, sampled until ``stop`` is set."""
    peak, highest, count = 0, 0, 0
    while not stop.is_set():
        size, processes = tree_memory(pid, proportional=False)
        count += 1
        if processes == 1:  # nothing shared to split: its resident size
            peak = max(peak, size)
        elif size > highest + PSS_GROWTH or count % 10 == 0:
            highest = max(highest, size)
            peak = max(peak, tree_memory(pid)[0])
        stop.wait(SAMPLE_EVERY)
    return peak


def peak_memory(argv: Sequence[str] | str, path: str) -> float:
    """The peak memory in MB of one run of a command line on the file ``path``.

    The command (a shell command if a ``str``) runs once, in a process group of its own, its
    output discarded.
    """
    stop, peak = threading.Event(), [0]
    with open(path, "rb") as stdin:
        process = subprocess.Popen(
            argv,
            shell=isinstance(argv, str),
            stdin=stdin,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            start_new_session=True,
        )

    def sample() -> None:
        peak[0] = sample_peak(process.pid, stop)

    sampler = threading.Thread(target=sample, daemon=True)
    sampler.start()
    try:
        process.wait()
    finally:
        stop.set()
        kill_group(process.pid)
        process.wait()
    sampler.join(5)
    return peak[0] / 2**20
