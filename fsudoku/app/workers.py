"""What the program adds to its worker processes: they end when their parent does.

They end even when the parent is killed with SIGKILL.

The library's workers (:mod:`fsudoku.run.pool`) already end when their parent's pipe
closes; the program also asks the kernel to kill them with their parent, at once, and
checks the parent from a thread of their own (:func:`tie_to_parent`, run first in
each worker).
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import signal
import sys
import threading
import time

__all__ = ["tie_to_parent"]

_TIED: list[int] = []  # the pid of the process tied to its parent (one watchdog each)

PARENT_POLL = 0.25
"""Seconds between two checks, in a worker, that its parent is still there."""


def tie_to_parent(parent: int | None = None) -> None:
    """Make this process end when its parent does, even when the parent is killed with SIGKILL.

    ``parent``: its pid; by default the current parent.

    Two mechanisms: a daemon thread that checks ``os.getppid()`` every
    :data:`PARENT_POLL` seconds (portable), and on Linux ``prctl(PR_SET_PDEATHSIG,
    SIGKILL)``, which the kernel applies at once.
    """
    expected = os.getppid() if parent is None else parent
    if _TIED and _TIED[0] == os.getpid():
        return
    _TIED[:] = [os.getpid()]
    if sys.platform.startswith("linux"):
        with contextlib.suppress(OSError, AttributeError, TypeError):
            libc = ctypes.CDLL(None, use_errno=True)
            pr_set_pdeathsig = 1
            libc.prctl(pr_set_pdeathsig, signal.SIGKILL, 0, 0, 0)
    if os.getppid() != expected:  # the parent went before the tie was made
        os._exit(1)

    def watch() -> None:
        while True:
            time.sleep(PARENT_POLL)
            if os.getppid() != expected:
                os._exit(1)

    threading.Thread(target=watch, name="fsudoku-parent-watch", daemon=True).start()
