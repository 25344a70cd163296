"""The first module of the ``fsudoku`` command: from its first line on, a signal ends it quietly.

The console script imports this module before any of the ``fsudoku`` package, whose top
module Python runs before the program's own code could guard it. Its first statement
takes SIGINT, SIGTERM and SIGHUP (each unless ignored, or taken by another handler),
only noting them; once :mod:`fsudoku.app.process` is loaded, that module's guard takes
over, and a signal noted meanwhile ends the process quietly with its status (130, 143
or 129). Nothing is imported before the signals are taken but ``_signal``, which Python
has loaded at start-up.
"""

import _signal

_noted: list[int] = []


def _note(signum: int, frame: object) -> None:
    """Note a signal that arrives while the program loads; it takes effect once loaded."""
    _noted.append(signum)


# the handler first, then a look at what it replaced: no signal can land between the two;
# a handler that is not Python's own (SIG_IGN: ignored by whoever started us) is put back
_previous = _signal.signal(_signal.SIGINT, _note)
if _previous is not _signal.default_int_handler:
    _signal.signal(_signal.SIGINT, _previous)
for _signum in (_signal.SIGTERM, getattr(_signal, "SIGHUP", _signal.SIGTERM)):
    if _signal.getsignal(_signum) == _signal.SIG_DFL:
        _signal.signal(_signum, _note)

from fsudoku.app import process  # noqa: E402

process.take_over(_note, _noted)

from fsudoku.app.cli import run  # noqa: E402

__all__ = ["run"]
