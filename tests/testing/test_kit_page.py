"""docs/testing-kit.md: every ``>>>`` example of the page runs and prints what the page
shows, the worked example's failure text included (so it cannot go stale), with no option
but those the page itself gives (as any doctest runner of the docs reads it)."""

from __future__ import annotations

import doctest

from support import ROOT

PAGE = ROOT / "docs" / "testing-kit.md"


def test_the_pages_examples_print_what_it_shows() -> None:
    result = doctest.testfile(str(PAGE), module_relative=False, verbose=False)
    assert result.attempted >= 15
    assert result.failed == 0


def test_the_page_describes_every_kind_and_declaration() -> None:
    from fsudoku.testing.kinds import KINDS

    text = PAGE.read_text(encoding="utf-8")
    assert text.startswith("# Test your own solver")
    assert text.index("fsudoku check-solver") < text.index("solver_tests(")
    for kind in KINDS:
        assert f"| `{kind}` |" in text, kind
    for declaration in ("invalid", "several", "blanks", "shape"):
        assert f"| `{declaration}` |" in text, declaration
