"""The settings of the benchmarks' own rows.

The interpreter tuning of the published figures, and modules compiled before any row starts.

The program does none of this; a benchmark row does it when it is not ``--plain``. The
figures of the earlier README were measured with the program doing both.
"""

from __future__ import annotations

import compileall
import gc
import os

YOUNG_OBJECTS = 10_000
"""Container objects allocated between two collections of the youngest generation of
Python's cycle collector, in a tuned row (Python's default: 700, or 2000 since 3.13)."""


def no_blas_threads() -> None:
    """Ask NumPy's OpenBLAS for no thread pool, before NumPy loads.

    Unless ``OPENBLAS_NUM_THREADS`` is set: fsudoku calls no BLAS routine, and the pool's
    threads take CPU time from the import on (about 0.1 s a run, measured earlier).
    """
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")


def collect_less() -> None:
    """Run Python's cycle collector less often.

    A batch allocates a few small objects a puzzle, nearly all freed by reference counting,
    and every collection of the older generations walks the objects the imports made. Cyclic
    garbage is still collected.
    """
    _, older, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_OBJECTS, older, oldest)


def settle_run() -> None:
    """A tuned row's settings, before fsudoku (and NumPy) load: both of the above."""
    no_blas_threads()
    collect_less()


def compile_package(directory: str | None = None) -> bool:
    """Byte-compile the modules of ``directory`` as an install does; whether it worked.

    ``directory`` is fsudoku's by default; the files go where Python keeps them
    (``__pycache__``).

    Python writes these files itself on a first import, unless ``PYTHONDONTWRITEBYTECODE``
    is set: then every row would spend its start-up compiling fsudoku again, which an
    installed program does not do. Files already up to date are left alone, and a
    directory that cannot be written is not an error.
    """
    if directory is None:
        import fsudoku

        directory = os.path.dirname(os.path.abspath(fsudoku.__file__))
    try:
        return bool(compileall.compile_dir(directory, quiet=2))
    except OSError:
        return False
