"""The error of a bad command line or an unreadable input (exit status 2)."""

from __future__ import annotations


class UsageError(Exception):
    """A bad command line or an unreadable file: one line on stderr, exit status 2."""
