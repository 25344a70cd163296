"""Output to a stream with no file descriptor (a ``StringIO``, a wrapper a caller of
``main(argv, out)`` passes) that cannot be written is the output error, status 74,
as it is for a descriptor: never dropped in silence.
"""

from __future__ import annotations

import errno
import io

import pytest

from fsudoku.app.cli import main
from fsudoku.app.output import OutputError, Writer
from fsudoku.app.process import EXIT_OUTPUT
from fsudoku.grid_io import SAMPLE


class Full(io.StringIO):
    """A text stream in memory that fails every write after ``room`` characters."""

    def __init__(self, room: int = 0, error: Exception | None = None) -> None:
        super().__init__()
        self.room = room
        self.error = error or OSError(errno.ENOSPC, "No space left on device")

    def write(self, text: str) -> int:
        if self.tell() + len(text) > self.room:
            raise self.error
        return super().write(text)


@pytest.mark.parametrize(
    ("error", "reason"),
    [
        (OSError(errno.ENOSPC, "No space left on device"), "no space left on device"),
        (ValueError("I/O operation on closed file."), "closed"),
    ],
)
def test_a_writer_of_a_stream_without_a_descriptor_raises_the_output_error(
    error: Exception, reason: str
) -> None:
    stream = Full(error=error)
    with pytest.raises(OutputError, match=f"cannot write to standard output: {reason}"):
        Writer(stream, "standard output").write("an answer\n")


def test_a_held_writer_raises_it_when_it_flushes() -> None:
    writer = Writer(Full(), "standard output", held=True)
    writer.write("an answer\n")  # held: nothing written yet
    with pytest.raises(OutputError):
        writer.flush()


@pytest.mark.parametrize("argv", [["solve", "-q", "-"], ["check", "-"]])
def test_the_command_line_ends_with_74_and_says_so(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(f"{SAMPLE}\n".encode() * 3)))
    out = Full(room=10)
    assert main(argv, out) == EXIT_OUTPUT == 74
    err = capsys.readouterr().err
    assert err == "fsudoku: cannot write to standard output: no space left on device\n", err
    written = out.getvalue()
    assert written == "" or written.endswith("\n"), written  # whole answers only
