"""Batch order and worker loss: ``fsudoku solve`` answers every line in input order, with
workers, when one of them is killed, and one line at a time through a pipe.

The input mixes hard and easy lines of the main golden set so that the workers finish
their batches out of order (the reference engine sends 8 lines at a time, and the
first batch holds a hard line, the second only easy ones). The expected output is what
the reference answers on each line (GHC's outputs, ``tests/golden/main``), which is
what ``--jobs 1`` prints (checked here too).
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from functools import cache
from pathlib import Path

import pytest
from recorded_outputs import expected, lines
from support import ROOT, run_cli

from fsudoku.base.names import SolverName
from fsudoku.base.outcome import Outcome
from fsudoku.run.batch import chunk_size
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

SOLVER: SolverName = "simple"
HARD = (40, 70)
"""The node counts of a hard line (Sarkar #1's reference, a fifth of a second or so)."""


def answer(outcome: Outcome) -> str:
    """The line ``--format line`` prints for an outcome."""
    return outcome.solution if outcome.solution is not None else outcome.message()


@cache
def mixed() -> tuple[list[str], list[str]]:
    """The input lines and their expected answers: eight batches of 8 lines, every other
    one starting with a hard line, the rest easy (decided at their first node)."""
    outcomes = expected(SOLVER)
    hard = [i for i, o in enumerate(outcomes) if HARD[0] <= o.nodes <= HARD[1]][:4]
    easy = [i for i, o in enumerate(outcomes) if o.nodes == 1]  # puzzles: read as they are
    assert len(hard) == 4 and len(easy) >= 60
    size = chunk_size("reference")
    picked: list[int] = []
    rest = iter(easy)
    for batch in range(8):
        if batch % 2 == 0:
            picked.append(hard[batch // 2])
        while len(picked) < (batch + 1) * size:
            picked.append(next(rest))
    return [lines()[i] for i in picked], [answer(outcomes[i]) for i in picked]


def args(jobs: int) -> list[str]:
    options = ["--solver", SOLVER, "--engine", "reference", "--format", "line"]
    return ["solve", "-q", *options, "--jobs", str(jobs)]


@cache
def one_job() -> tuple[int, list[str]]:
    """``--jobs 1`` on the mixed input: its exit status and output lines."""
    data = "".join(line + "\n" for line in mixed()[0]).encode()
    code, out = run_cli(args(1), data)
    return code, out.splitlines()


def test_mixed_hard_and_easy_lines_come_out_in_input_order_with_two_workers() -> None:
    # fsudoku solve --jobs 2 = fsudoku solve --jobs 1 = the reference's answers, in order
    data = "".join(line + "\n" for line in mixed()[0]).encode()
    code, out = run_cli(args(2), data)
    assert one_job()[1] == mixed()[1]
    assert out.splitlines() == mixed()[1]
    assert code == one_job()[0]


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux ``/proc``)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        if int(stat.rpartition(")")[2].split()[1]) == pid:
            found.append(int(entry.name))
    return found


def cpu_ticks(pid: int) -> int:
    """The CPU time a process has used, in clock ticks (0 when it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


@pytest.mark.skipif(not Path("/proc/self/stat").is_file(), reason="needs Linux /proc")
def test_a_worker_killed_mid_run_does_not_hang_it_and_every_line_is_answered(
    tmp_path: Path,
) -> None:
    # kill -9 one worker of fsudoku solve --jobs 2 after its first answer: the run ends,
    # with the output of --jobs 1
    source = tmp_path / "mixed.txt"
    source.write_text("".join(line + "\n" for line in mixed()[0]), encoding="utf-8")
    process = subprocess.Popen(
        [sys.executable, "-m", "fsudoku", *args(2), str(source)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
        bufsize=0,  # unbuffered: readline takes no more than the line from the pipe
    )
    try:
        assert process.stdout is not None
        first = process.stdout.readline().decode()  # the first batches are answered
        workers = children(process.pid)
        assert len(workers) == 2, workers
        victim = max(workers, key=cpu_ticks)  # the one with the hard lines
        assert process.poll() is None, "the run ended before a worker could be killed"
        os.kill(victim, signal.SIGKILL)  # ProcessLookupError if it had ended already
        rest, err = process.communicate(timeout=45)
    finally:
        process.kill()
        process.wait()
    got = [first.rstrip("\n"), *rest.decode().splitlines()]
    assert got == one_job()[1], err.decode()
    assert process.returncode == one_job()[0], err.decode()


def test_the_mixed_input_is_split_into_batches_that_finish_out_of_order() -> None:
    # the input is what the tests above need: more than two batches, hard ones first
    inputs, _ = mixed()
    size = chunk_size("reference")
    assert len(inputs) == 8 * size
    nodes = {line: o.nodes for line, o in zip(lines(), expected(SOLVER), strict=True)}
    firsts = [nodes[inputs[b * size]] for b in range(8)]
    assert all(n >= HARD[0] for n in firsts[0::2]) and all(n == 1 for n in firsts[1::2])


# --- one line at a time through a pipe ---------------------------------------------------

PIPED = [
    (SAMPLE_PUZZLE, SAMPLE_SOLUTION),
    ("not a puzzle", "Invalid input"),
    ("11" + "." * 79, "No solution found"),
    (SAMPLE_PUZZLE.replace(".", "0"), SAMPLE_SOLUTION),
]


@pytest.mark.parametrize(
    "options",
    [
        ["--engine", "fast"],
        ["--engine", "fast", "--jobs", "2"],
        ["--engine", "reference"],
        ["--engine", "reference", "--jobs", "2"],
    ],
    ids=["fast", "fast-jobs-2", "reference", "reference-jobs-2"],
)
def test_each_answer_is_written_before_the_next_line_is_read(options: list[str]) -> None:
    # a coprocess: write one line, read its answer, and only then write the next
    process = subprocess.Popen(
        [sys.executable, "-m", "fsudoku", "solve", "-q", "--format", "line", *options],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        assert process.stdin is not None and process.stdout is not None
        for line, wanted in PIPED:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
            start = time.monotonic()
            ready, _, _ = select.select([process.stdout], [], [], 30)
            assert ready, f"no answer to {line!r} within 30 s while the next line waits"
            got = process.stdout.readline().decode().rstrip("\n")
            assert got == wanted, (line, got)
            assert time.monotonic() - start < 30
        process.stdin.close()
        assert process.stdout.read() == b""
        assert process.wait(timeout=30) == 1  # one line invalid, one with no solution
    finally:
        process.kill()
        process.wait()
