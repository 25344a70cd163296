# Local type stub for the C module under ``signal``: fsudoku.app.process installs its
# start-up guard with it before ``signal`` (which loads ``enum``) is imported.
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

SIGINT: int
SIGTERM: int
SIGHUP: int
SIG_DFL: int
SIG_BLOCK: int

def default_int_handler(signum: int, frame: FrameType | None, /) -> None: ...
def getsignal(signum: int, /) -> Any: ...
def signal(signum: int, handler: Callable[[int, FrameType | None], Any] | int, /) -> Any: ...
def pthread_sigmask(how: int, mask: Iterable[int], /) -> set[int]: ...
