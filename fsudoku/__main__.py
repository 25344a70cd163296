"""``python -m fsudoku``: the command line."""

from fsudoku.app.cli import run

if __name__ == "__main__":
    run()
