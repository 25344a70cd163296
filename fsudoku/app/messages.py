"""The program's words for an input that cannot be read, and how it shows names and content.

Every byte of a file name or of a file's content that reaches a terminal goes through
:func:`shown`: control characters (a newline, a terminal escape) and bytes that are not
UTF-8 are escaped, so a downloaded puzzle file cannot rewrite the terminal's title.
"""

from __future__ import annotations

__all__ = ["os_error_message", "shown"]


def shown(text: str) -> str:
    r"""Text as one safe line of a message.

    Bytes that are not UTF-8 (read as surrogate escapes) as ``\xNN``, control characters
    escaped, the rest as it is.

    >>> import os
    >>> print(shown("a b.txt"), shown("x\x1b[2J"), shown(os.fsdecode(b"\xff.txt")), shown("Grid\t03"))
    a b.txt x\x1b[2J \xff.txt Grid\t03
    """
    if text.isprintable():
        return text
    raw = text.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")
    return "".join(
        c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in raw
    )


def os_error_message(path: str, error: OSError) -> str:
    r"""The one message for an input that cannot be opened or read.

    ``PATH: reason``, the same words in every subcommand.

    >>> os_error_message("a.txt", FileNotFoundError(2, "No such file or directory"))
    'a.txt: no such file'
    >>> import errno
    >>> os_error_message("loop", OSError(errno.ELOOP, "Too many levels of symbolic links"))
    'loop: too many levels of symbolic links'
    >>> os_error_message("no\nsuch", FileNotFoundError(2, "No such file or directory"))
    'no\\nsuch: no such file'
    """
    if isinstance(error, FileNotFoundError):
        reason = "no such file"
    elif isinstance(error, IsADirectoryError):
        reason = "is a directory"
    else:
        text = error.strerror or str(error) or type(error).__name__
        reason = text[:1].lower() + text[1:]
    return f"{shown(path)}: {reason}"
