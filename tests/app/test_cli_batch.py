"""Batch use of ``fsudoku``: bad input, workers, node bounds, Ctrl-C, and a fuzz test."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import run_cli as run

from fsudoku.testing.strategies import SAMPLE_PUZZLE, SAMPLE_SOLUTION

SOLVED = SAMPLE_SOLUTION + "\n"


def haskell_lines(data: bytes) -> list[bytes]:
    """The lines Haskell's ``lines`` sees (split on \\n; no empty last line)."""
    if not data:
        return []
    return data.removesuffix(b"\n").split(b"\n")


def expected_results(data: bytes) -> int | None:
    """One result per line but comments (``#``, after a byte-order mark on the first
    line); None for Euler-format input."""
    lines = haskell_lines(data)
    if lines:
        lines[0] = lines[0].removeprefix(b"\xef\xbb\xbf")
    lines = [line for line in lines if not line.startswith(b"#")]
    if lines and lines[0].startswith(b"Grid"):
        return None
    return len(lines)


LINE = ["solve", "--format", "line", "--engine", "reference"]


@pytest.mark.parametrize(
    ("data", "expected"),
    [
        (SAMPLE_PUZZLE.encode() + b"\n", [SAMPLE_SOLUTION]),
        (SAMPLE_PUZZLE.encode(), [SAMPLE_SOLUTION]),  # no final newline
        (SAMPLE_PUZZLE.encode() + b"\r\n", [SAMPLE_SOLUTION]),  # Windows line ending
        (b"", []),  # an empty file: no line, no result
        (b"\n", ["Invalid input"]),  # one empty line
        (b"\xff\xfe" + SAMPLE_PUZZLE.encode()[2:] + b"\n", ["Invalid input"]),  # not UTF-8
        (SAMPLE_PUZZLE.encode()[:-1] + b"\x00\n", ["Invalid input"]),  # a NUL byte
        (SAMPLE_PUZZLE.encode()[:-1] + b"\t\n", ["Invalid input"]),  # a tab
        (SAMPLE_PUZZLE.encode() + b" \n", ["Invalid input"]),  # a trailing space
        ("５".encode() + SAMPLE_PUZZLE.encode()[1:] + b"\n", ["Invalid input"]),  # fullwidth
    ],
)
def test_bad_lines_get_a_clear_result_and_the_others_are_solved(
    data: bytes, expected: list[str]
) -> None:
    code, out = run(LINE, SAMPLE_PUZZLE.encode() + b"\n" + data)
    assert out.splitlines() == [SAMPLE_SOLUTION, *expected]
    assert code == (0 if all(e == SAMPLE_SOLUTION for e in expected) else 1)


def test_a_10_mb_line_is_invalid_input() -> None:
    code, out = run(LINE, b"." * 10_000_000 + b"\n" + SAMPLE_PUZZLE.encode())
    assert out.splitlines() == ["Invalid input", SAMPLE_SOLUTION]
    assert code == 1


@pytest.mark.parametrize("solver", ["exclusives", "simple"])
def test_max_nodes_gives_up_and_goes_on(solver: str) -> None:
    code, out = run(
        [*LINE, "--solver", solver, "--max-nodes", "2"], b"." * 81 + b"\n" + SAMPLE_PUZZLE.encode()
    )
    lines = out.splitlines()
    assert lines[0] == "Gave up after 2 nodes"
    assert len(lines) == 2
    assert code == 1


def test_jobs_give_the_same_output_in_the_same_order(tmp_path: Path) -> None:
    data = "\n".join(
        [SAMPLE_PUZZLE, "bad", SAMPLE_PUZZLE.replace(".", "0"), "11" + "." * 79] * 6
    ).encode()
    one = run([*LINE, "--jobs", "1"], data)
    two = run([*LINE, "--jobs", "2"], data)
    assert one == two
    assert len(one[1].splitlines()) == 24


def test_ctrl_c_exits_130_with_one_line_and_no_half_grid(tmp_path: Path) -> None:
    puzzles = tmp_path / "many.txt"
    puzzles.write_text((SAMPLE_PUZZLE + "\n") * 2000)
    process = subprocess.Popen(
        [sys.executable, "-m", "fsudoku", "solve", "--engine", "reference", str(puzzles)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert process.stdout is not None
    first = process.stdout.readline()  # wait until it is solving
    assert first.strip()
    time.sleep(0.3)
    process.send_signal(signal.SIGINT)
    rest = process.stdout.read()  # to the end: the process exits on SIGINT
    assert process.stderr is not None
    err = process.stderr.read()
    process.wait(timeout=60)
    out = first + rest
    assert process.returncode == 130, err
    assert err.decode().strip().splitlines() == ["fsudoku: interrupted"], err
    blocks = out.decode().split("\n\n")
    assert blocks[-1] == ""  # the output ends right after a complete grid and its blank line
    assert all(block.count("\n") == 8 for block in blocks[:-1]), out[-300:]


@settings(
    max_examples=30,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)
@given(
    data=st.one_of(
        st.binary(max_size=300),
        st.text(max_size=300).map(lambda t: t.encode("utf-8", "surrogatepass")),
        st.lists(
            st.sampled_from([SAMPLE_PUZZLE, "." * 81, "0" * 81, "", "\r", "abc"]), max_size=5
        ).map(lambda xs: "\n".join(xs).encode()),
    ),
    fmt=st.sampled_from(["line", "grid"]),
)
def test_fuzz_main_never_raises_and_answers_every_line(data: bytes, fmt: str) -> None:
    code, out = run(["solve", "--format", fmt, "--engine", "reference", "--max-nodes", "50"], data)
    assert code in (0, 1, 2)
    expected = expected_results(data)
    if fmt == "line" and expected is not None:
        assert len(out.splitlines()) == expected, (data, out)


@settings(max_examples=40)
@given(
    argv=st.lists(
        st.sampled_from(
            [
                "solve",
                "check",
                "bench",
                "demo",
                "explain",
                "--solver",
                "--jobs",
                "-1",
                "0",
                "x",
                "--format",
                "euler",
                "--limit",
                "--max-nodes",
                "--engine",
                "fast",
                "bird",
                "/nonexistent",
            ]
        ),
        max_size=5,
    )
)
def test_fuzz_arguments_never_raise(argv: list[str]) -> None:
    if "demo" in argv or "bench" in argv or "explain" in argv:
        argv = [a for a in argv if a not in ("demo", "bench", "explain")] or ["solve"]
    code, _ = run(argv, b"abc\n")
    assert code in (0, 1, 2)


def test_exit_2_for_a_directory_and_the_other_files_still_solved(tmp_path: Path) -> None:
    good = tmp_path / "good.txt"
    good.write_text(SAMPLE_PUZZLE)
    code, out = run([*LINE, str(tmp_path), str(good)])
    assert (code, out) == (2, SOLVED)


@pytest.mark.skipif(os.name != "posix", reason="POSIX pipes")
def test_a_closed_pipe_is_not_a_traceback() -> None:
    command = f"{sys.executable} -m fsudoku solve --engine reference | head -c 10"
    done = subprocess.run(
        ["sh", "-c", command], input=(SAMPLE_PUZZLE + "\n") * 50, capture_output=True, text=True
    )
    assert "Traceback" not in done.stderr, done.stderr


def test_strict_input_reads_lines_as_the_haskell_main() -> None:
    # the Haskell main: no 0 blanks, '#' and a trailing CR are just invalid characters
    data = "\n".join(
        [SAMPLE_PUZZLE.replace(".", "0"), "# a comment", SAMPLE_PUZZLE + "\r", SAMPLE_PUZZLE]
    ).encode()
    code, out = run([*LINE, "--strict-input"], data)
    assert out.splitlines() == ["Invalid input"] * 3 + [SAMPLE_SOLUTION]
    assert code == 1
    code, out = run(LINE, data)
    assert out.splitlines() == [SAMPLE_SOLUTION] * 3
    assert code == 0


@pytest.mark.parametrize("options", [[], ["--jobs", "2"], ["--engine", "reference"]])
def test_a_terminal_gets_each_answer_before_the_next_line(options: list[str]) -> None:
    import pty
    import select

    master, slave = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "fsudoku", "solve", "--format", "line", *options],
        stdin=slave,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        os.write(master, SAMPLE_PUZZLE.encode() + b"\n")
        assert process.stdout is not None
        ready, _, _ = select.select([process.stdout], [], [], 60)
        assert ready, "no answer before the end of the input"
        assert process.stdout.readline().decode().strip() == SAMPLE_SOLUTION
        os.write(master, b"\x04")
        assert process.wait(timeout=60) == 0
    finally:
        process.kill()
        os.close(master)
        os.close(slave)


def test_progress_on_a_terminal_stderr_and_silence_when_quiet(tmp_path: Path) -> None:
    import pty

    puzzles = tmp_path / "many.txt"
    puzzles.write_text((SAMPLE_PUZZLE + "\n") * 60)
    import fcntl
    import struct
    import termios

    for quiet, expect_bar in (([], True), (["--quiet"], False)):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 100, 0, 0))  # 100 columns
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "fsudoku",
                "solve",
                "--format",
                "line",
                str(puzzles),
                *quiet,
            ],
            stdout=subprocess.PIPE,
            stderr=slave,
            stdin=subprocess.DEVNULL,
            timeout=120,
            check=False,
        )
        os.close(slave)
        chunks = []
        while True:
            try:
                data = os.read(master, 65536)
            except OSError:
                break
            if not data:
                break
            chunks.append(data)
        os.close(master)
        err = b"".join(chunks).decode(errors="replace")
        assert done.returncode == 0
        assert done.stdout.decode().splitlines() == [SAMPLE_SOLUTION] * 60  # stdout untouched
        # tqdm's bar: count of total, elapsed<remaining (the ETA), rate
        assert ("/60 [" in err and "puzzle/s" in err) == expect_bar, err


def test_bird_naive_refuses_many_blanks_unless_forced() -> None:
    near_full = SAMPLE_SOLUTION[:77] + "...."
    data = f"{near_full}\n{SAMPLE_PUZZLE}\n".encode()
    code, out = run(["solve", "--solver", "bird-naive", "--format", "line"], data)
    first, second = out.splitlines()
    assert first == SAMPLE_SOLUTION
    assert second.startswith("Refused: 64 blanks") and "--force" in second
    assert code == 1
    code, out = run(
        ["solve", "--solver", "bird-naive", "--format", "line", "--force", "--max-nodes", "7000"],
        data,
    )
    assert out.splitlines() == [SAMPLE_SOLUTION, "Gave up after 7000 nodes"]


def test_a_held_writer_writes_whole_answers_in_atomic_pieces() -> None:
    import io

    from fsudoku.app.output import PIECE, Writer

    class Recorder(io.StringIO):
        def __init__(self) -> None:
            super().__init__()
            self.pieces: list[str] = []

        def write(self, text: str) -> int:
            self.pieces.append(text)
            return super().write(text)

    answer = (" ".join("123456789") + "\n") * 9 + "\n"  # 171 characters
    out = Recorder()
    writer = Writer(out, "standard output", held=True)
    for _ in range(100):
        writer.write(answer)
    assert out.pieces and all(len(p) <= PIECE and len(p) % len(answer) == 0 for p in out.pieces)
    held = 100 * len(answer) - len(out.getvalue())
    assert 0 < held <= PIECE  # the rest waits for flush
    writer.flush()
    assert out.getvalue() == answer * 100
    plain = Recorder()
    Writer(plain, "standard output").write(answer)
    assert plain.pieces == [answer]  # not held: written at once
