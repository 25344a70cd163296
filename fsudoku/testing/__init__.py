"""The testing kit: Hypothesis strategies, the laws of Bird's lecture, and the oracle.

Modules: :mod:`~fsudoku.testing.strategies` (puzzles and matrices built from known
solutions; needs the ``hypothesis`` extra), :mod:`~fsudoku.testing.laws` (each law
once, with its equation and its equality) and :mod:`~fsudoku.testing.oracle`
(``is_solution``, defined once).
"""
