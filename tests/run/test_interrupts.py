"""Two Ctrl-Cs a few milliseconds apart while ``solve_many(..., jobs=2)`` runs leave no
worker behind: none alive and none dead but unreaped (a zombie), whatever instant each
signal lands on (the first cleanup, the second one, a fork).

A child Python process runs many rounds, each a ``solve_many`` over more lines than it
finishes, on either engine; it survives the two ``KeyboardInterrupt`` s of a round (as a
program that catches Ctrl-C does), and then lists its own children from ``/proc``. The
test sends SIGINT twice, 0 to 20 ms apart, at a random instant of each round."""

from __future__ import annotations

import json
import os
import queue
import random
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")

CHILD = r"""
import json, os, signal, sys
import fsudoku
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

LINES = [SAMPLE_PUZZLE, SAMPLE_SOLUTION[:60] + "." * 21, "11" + "." * 79] * 20_000


def children():
    # (pid, state) of each process whose parent is this one: state Z is a zombie
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/stat") as stat:
                    fields = stat.read().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid():
                found.append((int(name), fields[0]))
    return found


for round in range(int(sys.argv[1])):
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        try:
            engine = "fast" if round % 4 == 3 else "reference"
            for n, _ in enumerate(fsudoku.solve_many(iter(LINES), engine=engine, jobs=2)):
                if n == 0:
                    print("running", flush=True)
            print("finished", flush=True)
        except KeyboardInterrupt:
            pass
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the round's signals are spent
    except KeyboardInterrupt:  # the second one came after the first was handled
        signal.signal(signal.SIGINT, signal.SIG_IGN)
    print(json.dumps(children()), flush=True)
    sys.stdin.readline()  # the next round once both signals were sent
"""


def rounds_of_two_signals(rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(rounds)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
    )
    assert child.stdin is not None and child.stdout is not None
    lines: queue.SimpleQueue[str] = queue.SimpleQueue()
    out = child.stdout

    def read() -> None:
        for line in out:
            lines.put(line)

    threading.Thread(target=read, daemon=True).start()
    try:
        for number in range(rounds):
            assert lines.get(timeout=60) == "running\n", number
            time.sleep(rng.uniform(0, 0.03))  # somewhere in the solving
            os.kill(child.pid, signal.SIGINT)
            time.sleep(rng.uniform(0, 0.02))
            os.kill(child.pid, signal.SIGINT)
            left = json.loads(lines.get(timeout=60))
            assert left == [], f"round {number}: workers left behind (pid, state): {left}"
            child.stdin.write("go\n")
            child.stdin.flush()
        assert child.wait(timeout=60) == 0
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()


def test_two_interrupts_a_few_milliseconds_apart_leave_no_worker() -> None:
    rounds_of_two_signals(8, seed=1)


@pytest.mark.slow
def test_two_interrupts_many_rounds() -> None:
    rounds_of_two_signals(300, seed=int(time.time()))


AT_THE_CLEANUP = r"""
import json, os
import fsudoku
from fsudoku.run import pool
from fsudoku.testing.strategies import SAMPLE_PUZZLE

kill = pool.Pool.kill
calls = []

def kill_after_an_interrupt(self):
    calls.append(self)
    if len(calls) == 1:
        raise KeyboardInterrupt  # as a Ctrl-C that lands as kill is called, before its guard
    kill(self)

pool.Pool.kill = kill_after_an_interrupt
outcomes = fsudoku.solve_many(iter([SAMPLE_PUZZLE] * 20_000), engine="reference", jobs=2)
next(outcomes)  # the workers are solving
try:
    outcomes.close()
except KeyboardInterrupt:
    pass
left = [name for name in os.listdir("/proc") if name.isdigit() and os.path.exists(f"/proc/{name}/stat")
        and int(open(f"/proc/{name}/stat").read().rpartition(")")[2].split()[1]) == os.getpid()]
print(json.dumps({"kill calls": len(calls), "children": left}))
"""


def test_an_interrupt_as_the_cleanup_starts_still_reaps_every_worker() -> None:
    done = subprocess.run(
        [sys.executable, "-c", AT_THE_CLEANUP],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "PYTHONWARNINGS": "ignore"},
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    seen = json.loads(done.stdout.splitlines()[-1])
    assert seen["children"] == [], seen
    assert seen["kill calls"] >= 2, seen  # interrupted, then run again
