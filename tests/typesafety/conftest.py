"""The cases are files for the type checkers to read, not modules to import."""

collect_ignore_glob = ["cases/*.py"]
