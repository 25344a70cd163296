"""The Hypothesis strategies, under their earlier import path: see :mod:`fsudoku.testing.strategies`."""

from fsudoku.testing.strategies import *  # noqa: F403
from fsudoku.testing.strategies import __all__ as __all__
