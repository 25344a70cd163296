"""fsudoku's benchmarks: its targets, the harness that measures them, and dated results.

The harness is ``python3 benchmarks/run.py`` (see ``benchmarks/README.md``); the results are
in ``benchmarks/results/``. Not part of the package: it imports fsudoku and
``fsudoku.app.bench`` (whose rows, whole processes, it times).
"""
