"""fsudoku's benchmarks: the targets the project measures itself against, the harness
that measures them (``python3 benchmarks/run.py``, see ``benchmarks/README.md``), and
dated results (``benchmarks/results/``). Not part of the package: it imports fsudoku
and ``fsudoku.app.bench`` (whose rows, whole processes, it times).
"""
