"""fsudoku: a typed, faithful Python port of functional Haskell Sudoku solvers."""

__version__ = "0.1.0"
