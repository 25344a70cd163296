"""The application: the ``fsudoku`` command line, rendering, ``explain``, ``bench``, SVG.

Nothing in the library imports this package; it only parses arguments and renders
what the library computes.
"""

# First, before any module of the program loads: when this process is the ``fsudoku``
# program, a signal from now on ends it quietly with its status (not a traceback).
from fsudoku.app import process as _process  # noqa: F401
