"""What real pipelines do to a filter: appended files, non-blocking descriptors, failed
forks, blocked writes, early signals, streaming library calls, hostile names and contents.

Black-box tests: the program runs as a process (``FSUDOKU_COMMAND`` may name another
build of it, to see these tests fail on a build that has the defect), and every wait is
bounded. Library cases run a small script in a fresh interpreter.
"""

from __future__ import annotations

import fcntl
import os
import random
import select
import shlex
import signal
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from fsudoku.grid_io import SAMPLE

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="descriptors, signals and /proc as on Linux"
)

FSUDOKU = shlex.split(os.environ.get("FSUDOKU_COMMAND", "")) or [sys.executable, "-m", "fsudoku"]
TIMEOUT = 60
SOLVED = "693784512487512936125963874932651487568247391741398625319475268856129743274836159"


def command(*args: str) -> list[str]:
    return [*FSUDOKU, *args]


def puzzles(tmp_path: Path, count: int, name: str = "p.txt") -> Path:
    path = tmp_path / name
    path.write_text((SAMPLE + "\n") * count)
    return path


def shell(script: str, cwd: Path) -> subprocess.CompletedProcess[bytes]:
    """A shell line, with ``$FSUDOKU`` the program."""
    env = {**os.environ, "FSUDOKU": shlex.join(FSUDOKU)}
    return subprocess.run(
        ["bash", "-c", script], cwd=cwd, capture_output=True, env=env, timeout=TIMEOUT, check=False
    )


def nonblocking(fd: int) -> None:
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) | os.O_NONBLOCK)


# --- data loss ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        "solve p.txt --format line",
        "solve p.txt --format line --engine reference --jobs 2",
        "check p.txt",
        "euler96 p.txt",
    ],
)
def test_appending_keeps_every_byte_the_file_had_when_the_first_write_fails(
    tmp_path: Path, argv: str
) -> None:
    # `>> r.txt` under a file size limit the file is already past: the write fails, and
    # the cut-back to the last whole answer may not remove what was there before
    puzzles(tmp_path, 40)
    before = b"x" * 70_000
    (tmp_path / "r.txt").write_bytes(before)
    done = shell(f"(ulimit -f 64; $FSUDOKU {argv} >> r.txt)", tmp_path)
    assert done.returncode == 74, done.stderr
    assert (tmp_path / "r.txt").read_bytes() == before


def test_a_non_blocking_stdin_is_read_to_its_end() -> None:
    # a producer that leaves O_NONBLOCK set on the pipe and waits for each answer before
    # it writes the next line: the program finds the pipe empty (EAGAIN) after each
    # line, and a pause is not the end of input
    read, write = os.pipe()
    nonblocking(read)
    process = subprocess.Popen(
        command("solve", "--format", "line", "--engine", "reference"),
        stdin=read,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    os.close(read)
    assert process.stdout is not None
    answers = []
    for _ in range(3):
        os.write(write, (SAMPLE + "\n").encode())
        answers.append(read_line(process.stdout))
    os.close(write)
    out, err = process.communicate(timeout=TIMEOUT)
    assert (process.returncode, err, out) == (0, b"", b"")
    assert answers == [SOLVED + "\n"] * 3


def read_line(stream: object) -> str:
    """One line of a child's output, or fail after :data:`TIMEOUT` seconds (a hang)."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    data = b""
    while not data.endswith(b"\n"):
        ready, _, _ = select.select([fd], [], [], TIMEOUT)
        assert ready, f"no line within {TIMEOUT} s (so far {data!r})"
        byte = os.read(fd, 1)
        assert byte, f"end of output before a line (so far {data!r})"
        data += byte
    return data.decode()


@pytest.mark.slow
def test_a_non_blocking_stdout_with_a_slow_reader_gets_every_answer(tmp_path: Path) -> None:
    source = puzzles(tmp_path, 20_000)
    read, write = os.pipe()
    nonblocking(write)
    process = subprocess.Popen(
        command("solve", "--format", "line", "-q", str(source)),
        stdout=write,
        stderr=subprocess.PIPE,
    )
    os.close(write)
    got = bytearray()
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        time.sleep(0.002)  # a slow reader: the pipe fills
        chunk = os.read(read, 1 << 12)
        if not chunk:
            break
        got += chunk
    os.close(read)
    assert process.wait(timeout=TIMEOUT) == 0, process.stderr.read() if process.stderr else ""
    assert got.decode().splitlines() == [SOLVED] * 20_000


@pytest.mark.slow
def test_workers_that_cannot_start_leave_the_work_to_this_process(tmp_path: Path) -> None:
    # too few descriptors for worker pipes: every answer still comes, with one warning
    puzzles(tmp_path, 60)
    alone = shell("$FSUDOKU solve p.txt --format line --engine reference", tmp_path)
    done = shell(
        "(ulimit -n 8; $FSUDOKU solve p.txt --format line --engine reference --jobs 2)", tmp_path
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == alone.stdout
    lines = done.stderr.decode().splitlines()
    assert len(lines) == 1 and lines[0].startswith("fsudoku: warning: cannot start worker"), lines


# --- hangs and signals ------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
@pytest.mark.parametrize("after", [0.3, 1.5])
def test_a_signal_during_a_blocked_write_ends_the_run(
    tmp_path: Path, signum: int, after: float
) -> None:
    # `fsudoku solve big | sleep 600`: the pipe is full and nobody reads it
    source = puzzles(tmp_path, 20_000)
    read, write = os.pipe()
    process = subprocess.Popen(
        command("solve", "-q", str(source)), stdout=write, stderr=subprocess.PIPE
    )
    os.close(write)
    try:
        time.sleep(after)
        process.send_signal(signum)
        sent = time.monotonic()
        status = process.wait(timeout=TIMEOUT)
        took = time.monotonic() - sent
    finally:
        os.close(read)
    assert status == 128 + signum
    # without its last-words timer (LAST_WORDS, a second) the program would wait on the
    # full pipe for ever: the bound catches that hang, not the timer's precision
    assert took < TIMEOUT / 2, took


def wait_for_the_guard(pid: int) -> None:
    """Wait until the program has installed its signal guard: SIGTERM caught (before
    that, Python is still starting, and a signal gets Python's default behaviour)."""
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        with open(f"/proc/{pid}/status") as status:
            caught = next(line for line in status if line.startswith("SigCgt:"))
        if int(caught.split()[1], 16) >> (signal.SIGTERM - 1) & 1:
            return
        time.sleep(0.001)
    raise AssertionError("the program never caught SIGTERM")


@pytest.mark.parametrize("after", [0.0, 0.005, 0.02, 0.05, 0.1, 0.2, 0.4])
def test_an_early_ctrl_c_is_status_130_and_one_line(tmp_path: Path, after: float) -> None:
    # during the imports, the parsing, the first reads: never a traceback, never swallowed
    source = puzzles(tmp_path, 3000)
    process = subprocess.Popen(
        command("solve", "--engine", "reference", "--solver", "simple", str(source)),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    wait_for_the_guard(process.pid)
    time.sleep(after)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=TIMEOUT)
    assert (process.returncode, err) == (130, b"fsudoku: interrupted\n")


@pytest.mark.slow
def test_a_hundred_early_ctrl_c_at_random_moments_are_each_130_and_one_line(
    tmp_path: Path,
) -> None:
    source = puzzles(tmp_path, 300)
    chances = random.Random(96)
    for _ in range(100):
        process = subprocess.Popen(
            command("solve", "--engine", "reference", "--solver", "simple", str(source)),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        wait_for_the_guard(process.pid)
        time.sleep(chances.uniform(0, 0.5))
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=TIMEOUT)
        assert (process.returncode, err) == (130, b"fsudoku: interrupted\n")


LIBRARY_STREAM = """
import sys, threading
import fsudoku
from fsudoku.grid_io import SAMPLE

LINES = 3
given = [threading.Event() for _ in range(LINES)]

def lines():
    for number in range(LINES):
        if number:
            # the next line only once the outcome of this one is out: a library that
            # waits for it first waits here until the hang limit, and says so
            if not given[number - 1].wait(float(sys.argv[3])):
                print("gave up waiting for outcome", number - 1, flush=True)
        print("line", number, flush=True)
        yield SAMPLE

for number, outcome in enumerate(fsudoku.solve_many(lines(), engine=sys.argv[1], jobs=int(sys.argv[2]))):
    print("outcome", number, outcome.status, flush=True)
    given[number].set()
"""

HANG = 20
"""Seconds the producer waits for an outcome before it gives up (only a library that
holds an outcome back until it has the next line waits this long)."""


@pytest.mark.parametrize(("engine", "jobs"), [("fast", 1), ("reference", 2), ("fast", 2)])
def test_the_library_yields_each_outcome_as_soon_as_it_is_known(engine: str, jobs: int) -> None:
    # order of events: a producer gives line n + 1 only after outcome n is out
    done = subprocess.run(
        [sys.executable, "-c", LIBRARY_STREAM, engine, str(jobs), str(HANG)],
        capture_output=True,
        text=True,
        timeout=TIMEOUT + 3 * HANG,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == [
        "line 0",
        "outcome 0 solved",
        "line 1",
        "outcome 1 solved",
        "line 2",
        "outcome 2 solved",
    ]


LIBRARY_INTERRUPTED = """
import os, signal, sys, time
import fsudoku
from fsudoku.grid_io import SAMPLE

def fds():
    return sorted(os.listdir("/proc/self/fd"))

def children():
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as handle:
                    fields = handle.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == os.getpid():
                found.append(entry)
    return found

before = fds()
started = time.monotonic()
try:
    for number, _ in enumerate(fsudoku.solve_many([SAMPLE] * 20_000, jobs=2)):
        if number == 0:
            print("started", flush=True)
except KeyboardInterrupt:
    pass
print("stopped", f"{time.monotonic() - started:.1f}", file=sys.stderr, flush=True)
try:
    time.sleep(0.5)  # a second Ctrl-C, held back during the cleanup, lands here
except KeyboardInterrupt:
    pass
print("children", len(children()), "fds", len(fds()) - len(before), flush=True)
"""


@pytest.mark.slow
def test_two_quick_ctrl_c_in_a_library_batch_leave_no_worker_and_no_pipe() -> None:
    process = subprocess.Popen(
        [sys.executable, "-c", LIBRARY_INTERRUPTED],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "started\n"
    time.sleep(0.3)  # the workers at work
    process.send_signal(signal.SIGINT)
    time.sleep(0.01)
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=TIMEOUT)
    assert out.split() == ["children", "0", "fds", "0"], (out, err)


AFFINITY = """
import os
os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
import fsudoku
print([o.status for o in fsudoku.solve_many(["1" * 81, "x"], jobs=0)])
"""


def test_jobs_0_under_a_restricted_affinity_in_the_library_and_the_command(
    tmp_path: Path,
) -> None:
    done = subprocess.run(
        [sys.executable, "-c", AFFINITY], capture_output=True, text=True, timeout=TIMEOUT
    )
    assert done.stdout.strip() == "['no_solution', 'invalid']", done.stderr
    puzzles(tmp_path, 3)
    one = min(os.sched_getaffinity(0))
    cli = subprocess.run(
        command("solve", "--jobs", "0", "--format", "line", "p.txt"),
        cwd=tmp_path,
        capture_output=True,
        timeout=TIMEOUT,
        preexec_fn=lambda: os.sched_setaffinity(0, {one}),
        check=False,
    )
    assert (cli.returncode, cli.stdout.decode().splitlines()) == (0, [SOLVED] * 3), cli.stderr


# --- explain ----------------------------------------------------------------------------


def test_explain_bounds_its_search_with_max_nodes() -> None:
    done = subprocess.run(
        command("explain", SAMPLE, "--solver", "simple", "--max-nodes", "5"),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 1
    assert done.stdout.rstrip().endswith("Gave up after 5 nodes")


def test_explain_stops_searching_when_it_stops_printing() -> None:
    # a search that went on past the last step printed would reach the node bound, and
    # say so; it stops where the trace does (node 3 of the sample's 1,457)
    done = subprocess.run(
        command("explain", SAMPLE, "--solver", "simple", "--max-steps", "30", "--max-nodes", "50"),
        capture_output=True,
        text=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 1, done.stderr
    last = done.stdout.rstrip().splitlines()[-1]
    assert last.startswith("... trace stopped after 30 steps") and "at node 3." in last, last
    assert "Solution" not in done.stdout and "Gave up" not in done.stdout


@pytest.mark.slow
def test_explain_svg_replaces_planted_links_and_stale_files_and_indexes_its_pictures(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "pictures"
    folder.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (folder / "step-0001.svg").symlink_to(victim)
    (folder / "step-9999.svg").write_text("a picture of an earlier, longer run")
    (folder / "notes.txt").write_text("not ours")
    done = subprocess.run(
        command("explain", SAMPLE, "--solver", "simple", "--svg", str(folder)),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 1, done.stderr  # the default cap stopped it
    assert victim.read_text() == "keep me"
    assert not (folder / "step-0001.svg").is_symlink()
    pictures = sorted(p.name for p in folder.glob("step-*.svg"))
    assert "step-9999.svg" not in pictures and 0 < len(pictures) <= 1000
    for name in (pictures[0], pictures[-1]):
        ET.fromstring((folder / name).read_text())  # whole pictures
    index = (folder / "index.html").read_text()
    assert all(name in index for name in pictures)
    assert (folder / "notes.txt").read_text() == "not ours"


def test_a_picture_that_cannot_be_written_is_named_with_status_74(tmp_path: Path) -> None:
    done = shell(f"(ulimit -f 1; $FSUDOKU explain {SAMPLE} --svg pictures)", tmp_path)
    assert done.returncode == 74, done.stderr
    err = done.stderr.decode()
    assert err.startswith("fsudoku: cannot write pictures/step-0001.svg: "), err
    assert "standard output" not in err
    assert not [p for p in (tmp_path / "pictures").iterdir() if p.suffix == ".svg"]


# --- hostile names and contents -----------------------------------------------------------

ESCAPE = "\x1b]0;owned\x07"


def test_terminal_escapes_in_names_and_contents_reach_stderr_escaped(tmp_path: Path) -> None:
    bad_name = tmp_path / f"grid{ESCAPE}.txt"
    bad_name.write_text(f"Grid 01{ESCAPE}\n" + "\n".join(["003020600"] * 8 + ["1234"]) + "\n")
    euler = subprocess.run(
        command("euler96", str(bad_name)), capture_output=True, timeout=TIMEOUT, check=False
    )
    stats = subprocess.run(
        command("solve", "--stats", "--format", "line", str(bad_name)),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    (tmp_path / "afile").write_text("x")
    svg = subprocess.run(
        command("explain", SAMPLE, "--svg", str(tmp_path / "afile" / ESCAPE)),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    for done in (euler, stats, svg):
        assert b"\x1b" not in done.stderr and b"\x07" not in done.stderr, done.stderr
        assert b"\\x1b" in done.stderr, done.stderr


# --- a broken pipe ----------------------------------------------------------------------


def test_a_broken_pipe_is_quiet_with_the_status_of_sigpipe(tmp_path: Path) -> None:
    puzzles(tmp_path, 20_000)
    done = shell("$FSUDOKU solve p.txt | head -1 > /dev/null; echo ${PIPESTATUS[0]}", tmp_path)
    assert done.stdout.decode().strip() == "141"
    assert done.stderr == b""


@pytest.mark.slow
def test_an_answer_is_never_half_written_to_a_full_pipe_that_a_signal_ends(
    tmp_path: Path,
) -> None:
    source = puzzles(tmp_path, 20_000)
    read, write = os.pipe()
    process = subprocess.Popen(command("solve", "-q", str(source)), stdout=write)
    os.close(write)
    time.sleep(0.5)
    process.send_signal(signal.SIGTERM)
    got = bytearray()
    while select.select([read], [], [], TIMEOUT)[0]:
        chunk = os.read(read, 1 << 16)
        if not chunk:
            break
        got += chunk
    os.close(read)
    assert process.wait(timeout=TIMEOUT) == 143
    answer = "\n".join(" ".join(SOLVED[r * 9 : r * 9 + 9]) for r in range(9)) + "\n\n"
    assert len(got) % len(answer) == 0 and got.decode() == answer * (len(got) // len(answer))


STDIN_WITH_WORKERS = """
import sys
import fsudoku
from fsudoku.run import sources

lines = (entry.text for entry in sources.entries_of(sys.stdin.buffer))
print(sum(o.status == "solved" for o in fsudoku.solve_many(lines, jobs=2)))
"""


def test_workers_forked_while_a_thread_reads_stdin_ahead_do_not_hang() -> None:
    # the read-ahead thread holds standard input's lock when the workers are forked: a
    # worker that touched the stream (as multiprocessing's start-up does) would wait for ever
    process = subprocess.Popen(
        [sys.executable, "-c", STDIN_WITH_WORKERS],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None
    for _ in range(4):
        process.stdin.write(((SAMPLE + "\n") * 50).encode())
        process.stdin.flush()
        time.sleep(0.2)
    out, err = process.communicate(timeout=TIMEOUT)  # closes its standard input
    assert (process.returncode, out.strip()) == (0, b"200"), err
