"""The three solvers of the Project Euler 96 notes, counting, and the reader of puzzle input.

Modules: :mod:`~fsudoku.pe96.mrv` (backtracking with MRV and forward checking),
:mod:`~fsudoku.pe96.dlx` (exact cover by Dancing Links), :mod:`~fsudoku.pe96.norvig`
(constraint propagation, then search), :mod:`~fsudoku.pe96.counting` (counting
solutions), :mod:`~fsudoku.pe96.formats` (the one reader of puzzle input, the ``Grid NN``
blocks among its formats) and :mod:`~fsudoku.pe96.euler` (the problem's sum).
"""
