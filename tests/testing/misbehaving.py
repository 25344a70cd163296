"""Solvers that misbehave in the ways the kit must name, each planted for one test.

Correct where they do not misbehave (fsudoku's own solver answers), so that only the
planted fault can fail a kind. The command line imports them as ``misbehaving:NAME``
from this folder.
"""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

from fsudoku import count_solutions, solve
from fsudoku.grid_io import is_puzzle

PIDS = "FSUDOKU_TEST_PIDS"
"""The environment variable naming a file where the solvers that start processes write
their process ids, one a line."""


def correct(line: str) -> str | None:
    """fsudoku's answer on a line with ``.`` blanks: the solution, or ``None``."""
    return solve(line, solver="dlx").solution if is_puzzle(line) else None


def _note_pid(pid: int) -> None:
    """Write a process id to the file of :data:`PIDS` (when set)."""
    if PIDS in os.environ:
        with Path(os.environ[PIDS]).open("a", encoding="utf-8") as out:
            out.write(f"{pid}\n")


def spins(line: str) -> str | None:
    """Uses all the CPU it can, for ever, on puzzles with a blank."""
    while "." in line:
        pass
    return correct(line)


def sleeps(line: str) -> str | None:
    """Sleeps for an hour on puzzles with a blank (using no CPU time)."""
    if "." in line:
        _note_pid(os.getpid())
        time.sleep(3600)
    return correct(line)


def late(line: str) -> str | None:
    """Answers its first puzzle after 30 s; the others at once."""
    if line.startswith("1"):
        time.sleep(30)
        return "the answer to the first puzzle"
    return line


def dies(line: str) -> str | None:
    """Ends its process on puzzles with a blank."""
    if "." in line:
        os._exit(3)
    return correct(line)


def interrupts(line: str) -> str | None:
    """Raises KeyboardInterrupt on puzzles with a blank, deep in a recursion."""

    def deeper(n: int) -> None:
        if n == 0:
            raise KeyboardInterrupt
        deeper(n - 1)

    if "." in line:
        deeper(50)
    return correct(line)


def exits(line: str) -> str | None:
    """Calls ``sys.exit`` on puzzles with a blank."""
    if "." in line:
        sys.exit("bye")
    return correct(line)


def forks(line: str) -> str | None:
    """Starts a child that sleeps for an hour (holding the solver's descriptors), and answers."""
    child = os.fork()
    if child == 0:
        time.sleep(3600)
        os._exit(0)
    _note_pid(child)
    return correct(line)


def chatty(line: str) -> str | None:
    """Prints what it does on every call, and refuses puzzles with a blank."""
    print(f"solving {line[:9]}", flush=True)
    print("warning: this may take a while", file=sys.stderr)
    return None if "." in line else correct(line)


def raises_on_no_solution(line: str) -> str | None:
    """Raises ValueError on a puzzle with no solution."""
    found = correct(line)
    if found is None and is_puzzle(line):
        raise ValueError("no solution")
    return found


class NotAPuzzle(ValueError):
    """What :func:`refuses_invalid` raises."""


def refuses_invalid(line: str) -> str | None:
    """Raises :class:`NotAPuzzle` on what is not a puzzle."""
    if not is_puzzle(line):
        raise NotAPuzzle(f"not a puzzle: {line!r:.20}")
    return correct(line)


def raises_type_error_on_invalid(line: str) -> str | None:
    """Raises TypeError on what is not a puzzle."""
    if not is_puzzle(line):
        raise TypeError(f"not a puzzle: {line!r:.20}")
    return correct(line)


def reads_zeros_too(line: str) -> str | None:
    """Reads both ``0`` and ``.`` as blanks."""
    return correct(line.replace("0", "."))


def refuses_several(line: str) -> str | None:
    """Refuses a puzzle with more than one solution with ``None``."""
    if is_puzzle(line) and count_solutions(line, limit=2) > 1:
        return None
    return correct(line)


def returns_true(line: str) -> bool:
    """Says "solved in place" of a line, which cannot be changed."""
    return True


def scribbles(board: list[list[int]]) -> list[list[int]] | None:
    """Writes 9 into the first blank of the board it is given, and answers with a new one."""
    line = "".join(str(v) if v else "." for row in board for v in row)
    blank = line.find(".")
    if blank >= 0:
        board[blank // 9][blank % 9] = 9
    found = correct(line)
    return None if found is None else [[int(found[r * 9 + c]) for c in range(9)] for r in range(9)]


_SEEN: set[str] = set()


def remembers(line: str) -> str | None:
    """Answers a puzzle the first time it sees it, and ``None`` after."""
    if line in _SEEN:
        return None
    _SEEN.add(line)
    return correct(line)


def dawdles(line: str) -> str | None:
    """Answers after half a second."""
    time.sleep(0.5)
    return correct(line)


def wrong_when_limited(line: str) -> str | None:
    """Answers ``None`` when its CPU time is limited (a profiling timer is set)."""
    if signal.getitimer(signal.ITIMER_PROF)[0] > 0:
        return None
    return correct(line)
