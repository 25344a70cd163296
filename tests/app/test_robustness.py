"""The batch contract under hostile conditions: real processes, real signals, real pipes.

One test (or a few) per class of failure of the batch contract (docs/cli.md): signals with
workers, inputs that are not regular files, unbounded lines, streams, output failures,
resource requests and the small ones. Every wait is bounded by a timeout.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import threading
import time
from pathlib import Path

import pytest
from support import QUICK

from fsudoku.run.pool import usable_cores
from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="signals, /proc and FIFOs as on Linux"
)

FSUDOKU = [sys.executable, "-m", "fsudoku"]
TIMEOUT = 60
"""Seconds any one process of these tests may take."""

UNSOLVABLE = "11" + "." * 79


def command(*args: str) -> list[str]:
    return [*FSUDOKU, *args]


def many(
    tmp_path: Path, count: int = 3000, name: str = "many.txt", puzzle: str = SAMPLE_PUZZLE
) -> Path:
    """A file of ``count`` copies of a puzzle, the articles' sample unless told (slow
    enough with the reference engine to be caught mid-run)."""
    path = tmp_path / name
    path.write_text((puzzle + "\n") * count)
    return path


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (from /proc)."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                fields = handle.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(entry))
    return found


def running(pid: int) -> bool:
    """Whether a process exists and is not a zombie."""
    try:
        with open(f"/proc/{pid}/stat") as handle:
            state = handle.read().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state != "Z"


def wait_gone(pids: list[int], seconds: float = 10.0) -> list[int]:
    """The pids still running after up to ``seconds``."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        left = [pid for pid in pids if running(pid)]
        if not left:
            return []
        time.sleep(0.05)
    return [pid for pid in pids if running(pid)]


def wait_for_children(pid: int, count: int, seconds: float = 30.0) -> list[int]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = children(pid)
        if len(found) >= count:
            return found
        time.sleep(0.05)
    return children(pid)


def read_line(stream: object, seconds: float = TIMEOUT) -> bytes:
    """One line of a child's output, or fail after ``seconds``."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    data = b""
    deadline = time.monotonic() + seconds
    while not data.endswith(b"\n"):
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(left, 0))
        assert ready, f"no line within {seconds} s (so far {data!r})"
        byte = os.read(fd, 1)
        assert byte, f"end of output before a line (so far {data!r})"
        data += byte
    return data


def read_lines(stream: object, count: int, seconds: float = TIMEOUT) -> list[bytes]:
    """A child's output, read in blocks until ``count`` lines have come, as lines (more if
    more came in the last block), or fail after ``seconds``."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    data = b""
    deadline = time.monotonic() + seconds
    while (lines := data.count(b"\n")) < count:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(left, 0))
        assert ready, f"{lines} lines of {count} within {seconds} s"
        block = os.read(fd, 65536)
        assert block, f"end of output after {lines} lines of {count}"
        data += block
    return data.splitlines(keepends=True)


def no_traceback(err: bytes) -> None:
    assert b"Traceback" not in err, err.decode(errors="replace")


def with_pty_stderr(
    argv: list[str],
    stdin: bytes | None = None,
    size: tuple[int, int] = (24, 100),
    env: dict[str, str] | None = None,
) -> tuple[int, bytes, str]:
    """Run with stderr on a terminal of ``size`` (rows, columns; 100 columns unless told):
    the status, stdout, what the terminal got."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", *size, 0, 0))
    chunks: list[bytes] = []

    def drain() -> None:
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
            argv,
            input=stdin,
            stdin=None if stdin is not None else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=slave,
            env=env,
            timeout=TIMEOUT,
            check=False,
        )
    finally:
        os.close(slave)
        reader.join(10)
        os.close(master)
    return done.returncode, done.stdout, b"".join(chunks).decode(errors="replace")


# --------------------------------------------------------------------------------------
# Signals with workers


def solving_in_workers(tmp_path: Path) -> tuple[subprocess.Popen[bytes], list[int]]:
    """``fsudoku solve --jobs 2`` on a long input, once it has answered a line: the
    process and its workers' pids."""
    process = subprocess.Popen(
        command("solve", "--engine", "reference", "--jobs", "2", str(many(tmp_path))),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    read_line(process.stdout)
    return process, wait_for_children(process.pid, 2)


@pytest.mark.parametrize("count", [1, 2, 10])
def test_any_number_of_ctrl_c_with_workers_ends_130_with_one_line(
    tmp_path: Path, count: int
) -> None:
    process, workers = solving_in_workers(tmp_path)  # solving, in the workers
    assert len(workers) >= 2, workers
    for _ in range(count):  # a burst, as a key held down
        process.send_signal(signal.SIGINT)
        time.sleep(0.002)
    out, err = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 130, err
    assert err.decode().splitlines() == ["fsudoku: interrupted"], err
    blocks = out.decode().split("\n\n")
    assert blocks[-1] == ""  # every grid printed is whole
    assert all(block.count("\n") == 8 for block in blocks[1:-1]), out[-400:]
    assert wait_gone(workers) == []


@pytest.mark.parametrize(
    ("signum", "status", "line"),
    [
        (signal.SIGINT, 130, "fsudoku: interrupted"),
        (signal.SIGTERM, 143, "fsudoku: terminated"),
        (signal.SIGHUP, 129, "fsudoku: hung up"),
    ],
)
def test_a_burst_of_signals_back_to_back_still_says_its_line_once(
    tmp_path: Path, signum: int, status: int, line: str
) -> None:
    # four signals with no pause between them: the second may land while the first's
    # line is being written, which must neither lose that line nor write it twice; QUICK:
    # a first answer at once, and minutes of work behind it
    path = many(tmp_path, puzzle=QUICK)
    for _ in range(3):
        process = subprocess.Popen(
            command("solve", "--engine", "reference", "--solver", "simple", str(path)),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
        )
        assert process.stdout is not None
        read_line(process.stdout)
        for _ in range(4):
            os.kill(process.pid, signum)
        _, err = process.communicate(timeout=TIMEOUT)
        assert process.returncode == status, err
        assert err.decode().splitlines() == [line], err


def test_ctrl_c_while_shutting_down_workers_does_not_hang(tmp_path: Path) -> None:
    # a second and third SIGINT spread over the shutdown of the pool
    process, workers = solving_in_workers(tmp_path)
    for delay in (0, 0.01, 0.05, 0.1):
        time.sleep(delay)
        if process.poll() is not None:
            break
        process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 130
    assert err.decode().splitlines() == ["fsudoku: interrupted"]
    assert wait_gone(workers) == []


@pytest.mark.parametrize(
    ("signum", "status", "line"),
    [(signal.SIGTERM, 143, "fsudoku: terminated"), (signal.SIGHUP, 129, "fsudoku: hung up")],
)
def test_sigterm_and_sighup_take_the_workers_down(
    tmp_path: Path, signum: int, status: int, line: str
) -> None:
    process, workers = solving_in_workers(tmp_path)
    assert len(workers) >= 2
    process.send_signal(signum)
    _, err = process.communicate(timeout=TIMEOUT)
    assert process.returncode == status, err
    assert err.decode().splitlines() == [line]
    assert wait_gone(workers) == []


def test_workers_end_when_their_parent_is_killed(tmp_path: Path) -> None:
    process, workers = solving_in_workers(tmp_path)
    assert len(workers) >= 2
    process.kill()  # SIGKILL: the parent cannot clean up; the workers notice
    process.communicate(timeout=TIMEOUT)
    assert wait_gone(workers) == []


def test_ctrl_c_during_the_imports_is_one_line(tmp_path: Path) -> None:
    # -X importtime reports each module as it is loaded: the signal is sent once the
    # program's guard is in, while the solvers, the batch layer and tqdm still load
    puzzles = many(tmp_path, 10)
    process = subprocess.Popen(
        [sys.executable, "-X", "importtime", "-m", "fsudoku", "solve", str(puzzles)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    seen = b""
    while b"fsudoku.app.process" not in seen:
        line = read_line(process.stderr)
        seen += line
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=TIMEOUT)
    lines = [x for x in err.decode().splitlines() if not x.startswith("import time:")]
    no_traceback(err)
    assert process.returncode == 130, err[-500:]
    assert lines == ["fsudoku: interrupted"]
    assert out == b""


@pytest.mark.slow
def test_ctrl_c_during_bench_is_one_line_and_no_child_is_left(tmp_path: Path) -> None:
    puzzles = many(tmp_path, 400)
    process = subprocess.Popen(
        command("bench", str(puzzles), "--engine", "reference"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group, as a terminal's foreground job
    )
    rows = wait_for_children(process.pid, 1)
    assert rows, "bench started no row"
    time.sleep(0.5)
    os.killpg(process.pid, signal.SIGINT)  # Ctrl-C: the whole group gets it
    _, err = process.communicate(timeout=TIMEOUT)
    no_traceback(err)
    assert process.returncode == 130, err
    assert err.decode().splitlines()[-1] == "fsudoku: interrupted"
    assert wait_gone(rows) == []


# --------------------------------------------------------------------------------------
# Inputs that are not regular files


@pytest.fixture
def fifo(tmp_path: Path) -> Path:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    return path


def feed_fifo(path: Path, data: bytes) -> threading.Thread:
    def write() -> None:
        with open(path, "wb") as handle:
            handle.write(data)

    thread = threading.Thread(target=write, daemon=True)
    thread.start()
    return thread


def test_a_named_fifo_is_solved_not_swallowed_by_the_progress_bar(fifo: Path) -> None:
    # with stderr on a terminal the bar is on: sizing it must not read the FIFO
    writer = feed_fifo(fifo, (SAMPLE_PUZZLE + "\n").encode() * 40)
    code, out, err = with_pty_stderr(command("solve", "--format", "line", str(fifo)))
    writer.join(10)
    assert out.decode().splitlines() == [SAMPLE_SOLUTION] * 40
    assert code == 0
    assert "40 puzzles: 40 solved, 0 invalid, 0 without solution" in err  # the summary


def test_dev_stdin_and_a_pipe_are_read_once() -> None:
    data = (SAMPLE_PUZZLE + "\n").encode() * 30
    code, out, err = with_pty_stderr(command("solve", "--format", "line", "/dev/stdin"), data)
    assert (code, out.decode().splitlines()) == (0, [SAMPLE_SOLUTION] * 30), err
    code, out, _ = with_pty_stderr(command("check", "/dev/stdin", "-"), data)
    assert out.decode().splitlines() == ["unique"] * 30


def test_the_bar_of_regular_files_has_their_exact_total(tmp_path: Path) -> None:
    lines = tmp_path / "lines.txt"
    lines.write_text("# a comment\n" + (SAMPLE_PUZZLE + "\n") * 50 + "bad\n")
    grids = tmp_path / "grids.txt"
    rows = [SAMPLE_PUZZLE.replace(".", "0")[i : i + 9] for i in range(0, 81, 9)]
    grids.write_text("".join(f"Grid {n:02}\n" + "\n".join(rows) + "\n" for n in range(30)))
    code, out, err = with_pty_stderr(command("solve", str(lines), str(grids), "--format", "line"))
    assert len(out.decode().splitlines()) == 81
    assert "/81 [" in err, err  # 50 + 1 (bad) + 30 grids, the comment not counted
    assert "81 puzzles: 80 solved, 1 invalid, 0 without solution" in err
    assert code == 1


def test_a_terminal_that_reports_no_size_gets_a_bar_80_columns_wide(tmp_path: Path) -> None:
    # script(1) and many CI terminals report 0 rows and 0 columns
    puzzles = many(tmp_path, 40, puzzle=QUICK)  # more than the fewest that get a bar
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    argv = command("solve", "--format", "line", str(puzzles))
    code, out, drawn = with_pty_stderr(argv, size=(0, 0), env=env)
    assert code == 0 and len(out.splitlines()) == 40
    bars = [part for part in re.split(r"[\r\n]", drawn) if re.search(r"\d+%\|", part)]
    assert bars, f"no bar was drawn: {drawn!r}"
    assert all(len(bar.rstrip()) <= 80 for bar in bars), bars
    assert any(len(bar.rstrip()) >= 60 for bar in bars), bars  # a terminal's width


# --------------------------------------------------------------------------------------
# Unbounded lines


def peak_kib(pid: int) -> int:
    """The peak resident memory of a running process since its ``exec`` (KiB)."""
    with open(f"/proc/{pid}/status") as handle:
        return next(int(line.split()[1]) for line in handle if line.startswith("VmHWM"))


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_a_300_mb_line_is_invalid_input_in_bounded_memory(engine: str) -> None:
    process = subprocess.Popen(
        command("solve", "--format", "line", "--engine", engine),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        block = b"\0" * (1 << 20)

        def feed() -> None:
            assert process.stdin is not None
            for _ in range(300):
                process.stdin.write(block)
            process.stdin.write(b"\n" + SAMPLE_PUZZLE.encode() + b"\n")
            process.stdin.flush()

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        assert read_line(process.stdout, TIMEOUT * 2) == b"Invalid input\n"
        assert read_line(process.stdout) == SAMPLE_SOLUTION.encode() + b"\n"
        writer.join(TIMEOUT)
        peak = peak_kib(process.pid)  # still running: stdin is open
        process.stdin.close()
        assert process.wait(timeout=TIMEOUT) == 1
        assert peak < 250 * 1024, f"peak {peak} KiB for a 300 MB line"
    finally:
        process.kill()
        process.wait(timeout=TIMEOUT)


@pytest.mark.slow
def test_dev_zero_is_answered_at_once_and_read_in_bounded_memory() -> None:
    process = subprocess.Popen(
        command("solve", "--format", "line", "/dev/zero"),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    assert read_line(process.stdout) == b"Invalid input\n"  # before the line's end
    time.sleep(1.0)  # reading (and dropping) NULs meanwhile
    rss_kib = peak_kib(process.pid)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=TIMEOUT)
    assert process.returncode == 130
    assert err.decode().splitlines() == ["fsudoku: interrupted"]
    assert rss_kib < 250 * 1024


# --------------------------------------------------------------------------------------
# Streams


@pytest.mark.parametrize("options", [[], ["--jobs", "2"], ["--engine", "reference"]])
def test_a_coprocess_gets_each_answer_before_it_sends_the_next_line(
    options: list[str],
) -> None:
    # the default fast engine batches 4,096 lines: on a pipe with nothing more waiting,
    # it must answer what it has (tail -f | fsudoku solve, or a program waiting for each)
    process = subprocess.Popen(
        command("solve", "--format", "line", *options),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        for line, answer in [
            (SAMPLE_PUZZLE, SAMPLE_SOLUTION),
            ("bad", "Invalid input"),
            (UNSOLVABLE, "No solution found"),
            (SAMPLE_PUZZLE.replace(".", "0"), SAMPLE_SOLUTION),
        ]:
            process.stdin.write(line.encode() + b"\n")
            process.stdin.flush()
            assert read_line(process.stdout).decode().rstrip("\n") == answer
        process.stdin.close()
        assert process.wait(timeout=TIMEOUT) == 1
    finally:
        process.kill()
        process.wait(timeout=TIMEOUT)


@pytest.mark.slow
def test_a_burst_then_a_pause_is_answered_whole_then_line_by_line(tmp_path: Path) -> None:
    # 10,000 lines at once (the batch path, workers included), then one more line
    process = subprocess.Popen(
        command("solve", "--format", "line", "--jobs", "2"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdin is not None and process.stdout is not None
    try:
        burst = (SAMPLE_PUZZLE + "\n") * 10_000
        writer = threading.Thread(target=process.stdin.write, args=(burst.encode(),))
        writer.start()
        answers = read_lines(process.stdout, 10_000)
        assert answers == [SAMPLE_SOLUTION.encode() + b"\n"] * 10_000
        writer.join(TIMEOUT)
        process.stdin.write(UNSOLVABLE.encode() + b"\n")
        process.stdin.flush()
        assert read_line(process.stdout) == b"No solution found\n"
        process.stdin.close()
        assert process.wait(timeout=TIMEOUT) == 1
    finally:
        process.kill()
        process.wait(timeout=TIMEOUT)


# --------------------------------------------------------------------------------------
# Output failures


def test_a_full_disk_is_one_line_and_status_74(tmp_path: Path) -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            command("solve", "-q", str(many(tmp_path, 100))),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=TIMEOUT,
            check=False,
        )
    assert done.returncode == 74
    assert done.stderr.decode().splitlines() == [
        "fsudoku: cannot write to standard output: no space left on device"
    ]


def test_a_closed_stdout_is_one_line_and_status_74(tmp_path: Path) -> None:
    puzzles = many(tmp_path, 5)
    done = subprocess.run(
        ["sh", "-c", '"$@" >&-', "sh", *command("solve", str(puzzles))],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 74
    assert done.stderr.decode().splitlines() == ["fsudoku: cannot write to standard output: closed"]


def redirected(redirect: str, *argv: str) -> subprocess.CompletedProcess[bytes]:
    """Run fsudoku with a shell redirection (``>&-``, ``2>/dev/full``, ...) applied."""
    return subprocess.run(
        ["sh", "-c", f'"$@" {redirect}', "sh", *command(*argv)],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )


@pytest.mark.parametrize("argv", [["--version"], ["--help"], ["solve", "--help"]])
@pytest.mark.parametrize(
    ("redirect", "reason"), [(">/dev/full", "no space left on device"), (">&-", "closed")]
)
def test_help_and_version_that_cannot_be_written_are_status_74(
    argv: list[str], redirect: str, reason: str
) -> None:
    done = redirected(redirect, *argv)
    assert done.returncode == 74, done
    assert done.stderr.decode().splitlines() == [
        f"fsudoku: cannot write to standard output: {reason}"
    ]


@pytest.mark.parametrize(
    "argv", [["solve", "--jobs", "99", "x"], ["solve", "--max-nodes", "-1"], ["bogus"], []]
)
@pytest.mark.parametrize("redirect", ["2>&-", "2>/dev/full"])
def test_a_usage_error_with_no_stderr_is_still_status_2_and_nothing_on_stdout(
    argv: list[str], redirect: str
) -> None:
    done = redirected(redirect, *argv)
    assert done.returncode == 2, done
    assert done.stdout == b""


def test_euler96_reads_standard_input_from_a_dash(tmp_path: Path) -> None:
    from fsudoku.pe96.formats import format_euler

    grid = format_euler("Grid 01", SAMPLE_SOLUTION[:80] + ".") + "\n"
    done = subprocess.run(
        command("euler96", "-"), input=grid.encode(), capture_output=True, timeout=TIMEOUT
    )
    assert (done.returncode, done.stdout) == (0, SAMPLE_SOLUTION[:3].encode() + b"\n"), done
    closed = subprocess.run(
        ["sh", "-c", '"$@" <&-', "sh", *command("euler96", "-")],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert closed.returncode == 2
    assert closed.stderr.decode().splitlines() == ["fsudoku: -: standard input is closed"]


@pytest.mark.parametrize("options", [["--jobs", "1"], ["--jobs", "2"]])
def test_a_reader_that_goes_away_ends_the_run_quietly_by_sigpipe(
    tmp_path: Path, options: list[str]
) -> None:
    # as a Unix filter does (`yes | head -1`): no word, killed by SIGPIPE (141 in the shell)
    process = subprocess.Popen(
        command("solve", "-q", "--format", "line", *options, str(many(tmp_path, 20_000))),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stderr is not None
    read_line(process.stdout)
    workers = children(process.pid)
    process.stdout.close()  # as `| head -1` does
    err = process.stderr.read()
    assert process.wait(timeout=TIMEOUT) == -signal.SIGPIPE
    assert err == b""
    assert wait_gone(workers) == []


@pytest.mark.slow
def test_a_stats_pipe_that_closes_ends_the_run_quietly_and_no_hang(tmp_path: Path) -> None:
    process = subprocess.Popen(
        command("solve", "-q", "--stats", str(many(tmp_path, 20_000))),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    assert process.stderr is not None
    read_line(process.stderr)
    process.stderr.close()
    assert process.wait(timeout=TIMEOUT) == -signal.SIGPIPE


def test_a_closed_stderr_is_no_failure_when_nothing_is_said(tmp_path: Path) -> None:
    puzzles = many(tmp_path, 3)
    done = subprocess.run(
        ["sh", "-c", '"$@" 2>&-', "sh", *command("solve", "--format", "line", str(puzzles))],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (done.returncode, done.stdout.decode().splitlines()) == (0, [SAMPLE_SOLUTION] * 3)


# --------------------------------------------------------------------------------------
# Resource requests


@pytest.mark.slow
def test_jobs_is_bounded_by_the_cores_in_every_subcommand(tmp_path: Path) -> None:
    puzzles = many(tmp_path, 3)
    too_many = str(usable_cores() + 1)
    for argv in (["solve", str(puzzles)], ["bench", str(puzzles)]):
        done = subprocess.run(
            command(*argv, "--jobs", too_many), capture_output=True, timeout=TIMEOUT, check=False
        )
        assert done.returncode == 2, done.stderr
        assert f"at most {usable_cores()}" in done.stderr.decode()
        no_traceback(done.stderr)
    done = subprocess.run(
        command("solve", "--jobs", "0", "--format", "line", str(puzzles)),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (done.returncode, done.stdout.decode().splitlines()) == (0, [SAMPLE_SOLUTION] * 3)


def test_bench_jobs_0_means_what_solve_jobs_0_means(tmp_path: Path) -> None:
    done = subprocess.run(
        command("bench", str(many(tmp_path, 3)), "--jobs", "0", "--quiet"),
        capture_output=True,
        timeout=TIMEOUT * 2,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.decode().splitlines() if line.startswith("| exclusives")]
    assert [row.split("|")[3].strip() for row in rows] == [str(usable_cores())]


@pytest.mark.parametrize(
    "argv",
    [["euler96"], ["bench", "--engine", "reference", "--solver", "bird-naive"], ["solve"]],
)
def test_bird_naive_is_bounded_in_every_subcommand(tmp_path: Path, argv: list[str]) -> None:
    grids = tmp_path / "grids.txt"
    rows = [SAMPLE_PUZZLE.replace(".", "0")[i : i + 9] for i in range(0, 81, 9)]
    grids.write_text("Grid 01\n" + "\n".join(rows) + "\n")
    solver = [] if "--solver" in argv else ["--solver", "bird-naive"]
    done = subprocess.run(
        command(argv[0], str(grids), *argv[1:], *solver),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    no_traceback(done.stderr)
    text = done.stdout.decode() + done.stderr.decode()
    assert "refused" in text.lower() or "does not try" in text, text
    assert done.returncode in (0, 1), text


# --------------------------------------------------------------------------------------
# The small ones


def test_euler96_on_a_file_without_a_grid_is_an_error(tmp_path: Path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_text("# nothing here\n")
    done = subprocess.run(
        command("euler96", str(empty)), capture_output=True, timeout=TIMEOUT, check=False
    )
    assert done.returncode == 1
    assert done.stdout == b""
    assert done.stderr.decode().splitlines() == [
        f"fsudoku: euler96: {empty}: no puzzle in the input"
    ]


@pytest.mark.slow
def test_the_same_os_error_reads_the_same_in_every_subcommand(tmp_path: Path) -> None:
    loop = tmp_path / "loop"
    loop.symlink_to(tmp_path / "loop")
    expected = f"fsudoku: {loop}: too many levels of symbolic links"
    for argv in (["solve", str(loop)], ["check", str(loop)], ["euler96", str(loop)]):
        done = subprocess.run(command(*argv), capture_output=True, timeout=TIMEOUT, check=False)
        assert done.returncode == 2
        assert done.stderr.decode().splitlines() == [expected], argv
    missing = tmp_path / "absent"
    for argv in (["solve", str(missing)], ["euler96", str(missing)], ["bench", str(missing)]):
        done = subprocess.run(command(*argv), capture_output=True, timeout=TIMEOUT, check=False)
        assert done.returncode == 2
        assert done.stderr.decode().splitlines()[-1] == f"fsudoku: {missing}: no such file"


def test_max_nodes_0_means_in_the_command_line_what_it_means_in_the_library(
    tmp_path: Path,
) -> None:
    # max_nodes is None or an int >= 0 everywhere: 0 gives up before the first node
    from fsudoku.run.registry import solve_line

    puzzles = many(tmp_path, 2)
    done = subprocess.run(
        command("solve", "--max-nodes", "0", "--format", "line", str(puzzles)),
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    expected = solve_line("exclusives", SAMPLE_PUZZLE, max_nodes=0).message()
    assert done.stdout.decode().splitlines() == [expected] * 2, done
    assert done.returncode == 1


def test_a_file_size_limit_leaves_only_whole_answers(tmp_path: Path) -> None:
    # the write that crosses the limit is cut back, so the file ends with a whole grid
    puzzles = many(tmp_path, 200)
    out = tmp_path / "out.txt"
    done = subprocess.run(
        ["sh", "-c", 'ulimit -f 8 && exec "$@" > "$0"', str(out), *command("solve", str(puzzles))],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert done.returncode == 74, done
    assert done.stderr.decode().splitlines() == [
        "fsudoku: cannot write to standard output: file too large"
    ]
    answer = "".join(" ".join(SAMPLE_SOLUTION[r * 9 : r * 9 + 9]) + "\n" for r in range(9)) + "\n"
    text = out.read_text()
    assert 0 < len(text) <= 8192 and text == answer * (len(text) // len(answer)), len(text)


def test_bench_with_no_stderr_is_a_usage_error_not_an_internal_one(tmp_path: Path) -> None:
    done = subprocess.run(
        ["sh", "-c", '"$@" 2>&-', "sh", *command("bench", str(tmp_path / "missing.txt"))],
        capture_output=True,
        timeout=TIMEOUT,
        check=False,
    )
    assert (done.returncode, done.stdout) == (2, b""), done
