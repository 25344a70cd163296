"""What every engine shares.

The names of solvers, rules and engines, the outcome of a line, the board's index tables,
the test oracle, and the checks of public arguments. It imports nothing of fsudoku but
itself: with the port beside it, it is the lowest layer.

Modules: :mod:`~fsudoku.base.names`, :mod:`~fsudoku.base.outcome`,
:mod:`~fsudoku.base.units`, :mod:`~fsudoku.base.oracle`, :mod:`~fsudoku.base.validate`.
"""
