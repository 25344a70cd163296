"""The run-time layer: the solver registry, node counts and traces, and batches.

Modules: :mod:`~fsudoku.run.registry` (every solver, one record each, and
``solve_line``), :mod:`~fsudoku.run.trace` (node counts, node bounds and the events of
``fsudoku explain``, as wrappers around the port's recursive calls),
:mod:`~fsudoku.run.sources` (puzzles read from files and streams in bounded memory),
:mod:`~fsudoku.run.batch` (the outcomes of many puzzles, in order, streamed) and
:mod:`~fsudoku.run.pool` (the worker processes behind ``jobs``).
"""
