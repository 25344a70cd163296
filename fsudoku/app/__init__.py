"""The application: the ``fsudoku`` command line, rendering, ``explain``, ``bench``, SVG.

Nothing in the library imports this package; it only parses arguments and renders
what the library computes.
"""
