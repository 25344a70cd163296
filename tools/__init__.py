"""Development tools of fsudoku (not part of the package)."""
